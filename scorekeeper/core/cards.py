"""Cards: parsing and formatting the notation of CLI.md.

A card is a frozen value `Card(rank, suit)`: rank 1 (ace) … 13 (king),
suit 0..3 for ♠ ♥ ♦ ♣. A joker (only in profiles that use jokers) is
`Card(0, -1)`, written `JK` or 🃏.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import chain
from typing import Callable, Iterable, NamedTuple, NoReturn, Sequence

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said

SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
SUIT_LETTERS = ("s", "h", "d", "c")
RANK_NAMES = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8",
              9: "9", 10: "10", 11: "J", 12: "Q", 13: "K"}

_SUIT_INPUT = {
    "♠": 0, "♤": 0, "s": 0,
    "♥": 1, "♡": 1, "h": 1,
    "♦": 2, "♢": 2, "d": 2,
    "♣": 3, "♧": 3, "c": 3,
}
# a number rank in Latin or Devanagari digits (५♠, १०♦: CLI.md, typed numbers)
_RANK_INPUT = {"a": 1, "t": 10, "j": 11, "q": 12, "k": 13,
               **{str(n): n for n in range(2, 11)},
               **{str(n).translate(str.maketrans("0123456789", "०१२३४५६७८९")): n
                  for n in range(2, 11)}}
_JOKER_INPUT = {"jk", "🃏", "joker"}
# Spaces and commas separate cards; `|` separates melds (CLI.md), so a meld
# list such as "3♠ 4♠ 5♠ | 6♥ 6♥ 6♥" reads as the cards it holds.
_SEPARATORS = re.compile(r"[\s,|]+")
_KNOWN: dict[str, "Card"] = {}       # token → card, as read before


class Card(NamedTuple):
    """A named tuple (rank, suit): immutable, ordered by rank then suit, and
    cheap to define and to make, which the finish search and every `check`
    feel."""

    rank: int
    suit: int

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    def text(self) -> str:
        """The card as written: `A♠`, `10♦`, `JK` (the shell writes the
        suits as letters where asked, `suits_as_letters`)."""
        if self.is_joker:
            return "JK"
        return RANK_NAMES[self.rank] + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Card({suits_as_letters(self.text())})"


JOKER = Card(0, -1)

# The card a token was read as before, or None: a ledger's tokens, replayed
# hand after hand, are looked up, not read again (`seating.shown_hands`).
known_card: Callable[[str], Card | None] = _KNOWN.get


def card(token: str) -> Card:
    """Parse one card token (`A♠`, `as`, `10♦`, `Td`, `QH`, `JK`, or suit
    first: `d8`, `♠A`)."""
    known = _KNOWN.get(token)        # a ledger repeats the same few tokens
    if known is not None:
        return known
    raw = token.strip()
    lowered = raw.lower()
    if lowered in _JOKER_INPUT:
        return JOKER
    # Unicode suit symbols may carry a variation selector (U+FE0F / U+FE0E).
    cleaned = lowered.replace("\ufe0f", "").replace("\ufe0e", "")
    if len(cleaned) >= 2:
        rank = _RANK_INPUT.get(cleaned[:-1])
        suit = _SUIT_INPUT.get(cleaned[-1])
        if rank is not None and suit is not None:
            found = Card(rank, suit)
            if len(_KNOWN) < 4096:
                _KNOWN[token] = found
            return found
        if cleaned[0] in _SUIT_INPUT:
            grouped = _grouped(raw)
            if len(grouped) == 1:
                return grouped[0]
    raise Impossible(Said(
        "cannot read the card {card}: write a suit s h d c (or ♠ ♥ ♦ ♣) "
        "followed by its ranks A 2 … 9 T (or 10) J Q K, e.g. 's345h666', "
        "'dAc3'", card=repr(raw)))


def _grouped(token: str, at: int = 0) -> list[Card]:
    """A suit-grouped token (CLI.md): a suit, then ranks of that suit, as
    often as wanted: `s345` = 3♠ 4♠ 5♠, `h666d89t` = 6♥ 6♥ 6♥ 8♦ 9♦ 10♦.
    A bad character is named with its place in the card text (the token
    begins at character `at` + 1)."""
    out: list[Card] = []
    suit, i, since = -1, 0, 0      # since: the ranks read after the suit
    suit_at = 0
    while i < len(token):
        ch = token[i].lower()
        if ch in "\ufe0f\ufe0e":
            i += 1
            continue
        rank = 10 if token[i:i + 2] in ("10", "१०") else _RANK_INPUT.get(ch)
        if ch in _SUIT_INPUT:
            if suit >= 0 and since == 0:
                _bad(token, suit_at, at, Said("a suit without ranks after it"))
            suit, since, suit_at = _SUIT_INPUT[ch], 0, i
        elif rank is None:
            _bad(token, i, at, Said("not a rank: after a suit come ranks A 2 … 9 "
                                    "T (or 10) J Q K, e.g. 's345', 'hjqk'"))
        else:
            out.append(Card(rank, suit))
            since += 1
            i += 1 if rank != 10 or ch == "t" else 2
            continue
        i += 1
    if since == 0:
        _bad(token, suit_at, at, Said("a suit without ranks after it"))
    return out


def _bad(token: str, i: int, at: int, why: Said) -> NoReturn:
    where = Said("character {place} of the card text", place=at + i + 1) if at \
        else Said("character {place}", place=i + 1)
    raise Impossible(Said("cannot read {token}: {char} ({where}) is {why}",
                          token=repr(token), char=repr(token[i]), where=where,
                          why=why))


def _token_cards(token: str, text: str) -> tuple[Card, ...] | list[Card]:
    """One token of a card list: one card, or a suit-grouped run of them."""
    known = _KNOWN.get(token)
    if known is not None:
        return (known,)
    first = token[:1].lower()
    if first in _SUIT_INPUT:
        return _grouped(token, max(text.find(token), 0))
    return (card(token),)


def cards(text: str) -> tuple[Card, ...]:
    """Parse a card list separated by spaces, commas or `|`; `-` is empty.
    A token beginning with a suit is suit-grouped (`s345`, `h666d89t`).

    Blank text is refused rather than read as an empty hand: a forgotten
    hand must not silently decide a ruling."""
    stripped = text.strip()
    tokens = stripped.split() if "," not in stripped and "|" not in stripped \
        else _SEPARATORS.split(stripped)      # as ledgers store them: at once
    known = tuple(map(_KNOWN.get, tokens))    # a ledger's cards, read before
    if all(known) and known:                  # (neither "-" nor blank, then)
        return known                           # type: ignore[return-value]
    if stripped == "-":
        return ()
    if not stripped.strip("|, \t"):
        raise Impossible(Said("no cards given: write '-' for an empty hand"))
    return tuple(c for token in tokens if token
                 for c in _token_cards(token, stripped))


def format_cards(hand: Iterable[Card]) -> str:
    items = [c.text() for c in hand]
    return " ".join(items) if items else "-"


_LETTERS = str.maketrans(dict(zip(SUIT_SYMBOLS, SUIT_LETTERS)))


def suits_as_letters(text: str) -> str:
    """Any text with its suits written as letters (`--ascii`): A♠ → As."""
    return text.translate(_LETTERS)


def count_copies(hands: Iterable[Iterable[Card]]) -> dict[Card, int]:
    return Counter(chain.from_iterable(hands))


def check_copies(hands: Iterable[Iterable[Card]], decks: int, jokers: int,
                 rule: str, also: Card | None = None, also_is: Said | None = None,
                 holders: Sequence[str] = ()) -> None:
    """Refuse a card seen more often than the shoe holds it (exit 2).
    `also` is one more card of the shoe, face up (the tiplu): counted, and
    the message says so (`also_is`: what it is) when it is the card over.
    `holders`, when given, names whose each of `hands` is: the message
    says who holds the card ("with Asha ×2 and Bikash"). Every shoe holds
    at least one deck (`decks` ≥ 1)."""
    given = [tuple(h) for h in hands]
    seen = list(chain.from_iterable(given))
    if also is not None:
        seen.append(also)
    distinct = set(seen)
    if len(distinct) == len(seen) and JOKER not in distinct:
        return             # no card twice, no joker: any shoe holds them, at once
    counts = count_copies([seen])
    if JOKER not in counts and max(counts.values()) <= decks:
        return                                  # within a shoe of decks
    for c, n in sorted(counts.items()):
        if c.is_joker:
            if jokers == 0:
                # also said by `check`, where there is no session
                raise Impossible(Said("JK was given, but these rules play "
                                      "without jokers"), rule)
            if n > jokers:
                raise Impossible(Said("JK appears {count} times{holders} but the "
                                      "deck has only {jokers} jokers", count=n,
                                      holders=_with(c, given, holders),
                                      jokers=jokers), rule)
        elif n > decks:
            also_said = Said("the {what} {card}", what=also_is, card=str(c)) \
                if c == also and also_is else None
            counted = _with(c, given, holders, also_said) or (
                Said(" ({shown} shown and {also})", shown=n - 1, also=also_said)
                if also_said else "")
            raise Impossible(
                Said.ngettext("{card} appears {times} times{holders}, but the deck holds "
                             "it once",
                             "{card} appears {times} times{holders}, but the deck holds "
                             "it {count} times", count=decks, card=str(c), times=n,
                             holders=counted), rule)


def _with(card: Card, hands: Sequence[tuple[Card, ...]], holders: Sequence[str],
          also_said: Said | None = None) -> Said | str:
    """" (with Asha ×2, Bikash and the tiplu J♣)": who holds `card`, when
    `holders` names the hands; "" when it does not."""
    if not holders:
        return ""
    from scorekeeper.core.numbers import listed  # noqa: PLC0415 - a refusal only

    said = [name if k == 1 else Said("{name} ×{count}", name=name, count=k)
            for name, k in ((h, cs.count(card)) for h, cs in zip(holders, hands)) if k]
    said += [also_said] if also_said else []
    return Said(" (with {names})", names=listed(said, " and "))
