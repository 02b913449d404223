"""What the hands of every game share: the table, player names, and what a
player shows (cards, or an agreed whole number).

Plain functions on frozen values, no printing, no files. The values are
named tuples, not dataclasses: as immutable, and cheaper to define on the
path of `settle` and `record`.
"""

from __future__ import annotations

import unicodedata
from typing import Mapping, NamedTuple, Sequence

from scorekeeper.core import cards as cardtext
from scorekeeper.core.cards import Card, format_cards
from scorekeeper.core.errors import Impossible, nearest_word
from scorekeeper.core.language import JOINERS, Said
from scorekeeper.core.numbers import listed
from scorekeeper.core.options import RuleSet, is_whole_number

# Characters a name may not hold: the separators of the command line, and
# anything that breaks a line or is invisible control (FILE:LINE must stay
# one line; U+2028, U+0085 and friends would break it).
_NAME_SEPARATORS = "=,|"
MAX_NAME = 64          # characters in a player's name (docs/CLI.md)
_FORBIDDEN_CATEGORIES = {"Cc", "Zl", "Zp"}


class Seating(NamedTuple):
    """Who plays one hand: everyone of the session in seat order, those
    seated this hand (not eliminated), and the dealer."""

    players: tuple[str, ...]
    seated: tuple[str, ...]
    dealer: str
    # Each player's total before this hand, for rules that read it (a
    # total's reset, YA-9); None where the rules do not, or no session.
    totals: Mapping[str, int] | None = None

    @classmethod
    def of(cls, players: Sequence[str], dealer: str) -> "Seating":
        """A table where everyone plays (a `settle` without a ledger)."""
        return cls(tuple(players), tuple(players), dealer)

    def name(self, typed: str) -> str:
        """A player of the session named case-insensitively."""
        return resolve_name(typed, self.players)

    def check_seated(self, names: Sequence[str], rule: str | None = None,
                     what: str = "") -> None:
        check_seated(self.seated, names, rule, what)

    def keyword(self, *candidates: str) -> str:
        """The first word of `candidates` that is nobody's name (case
        aside): a prompt's keyword never hides a player called "Show"."""
        taken = {p.casefold() for p in self.players}
        return next((w for w in candidates if w.casefold() not in taken),
                    candidates[-1])

    def names(self, items: Sequence[str]) -> list[str]:
        """Repeatable or comma-separated names, resolved; `-` is nobody."""
        return [self.name(n) for item in items for n in item.split(",")
                if n.strip() and n.strip() != "-"]


class Shown(NamedTuple):
    """What one player showed: the cards, or an agreed total (unverified)."""

    cards: tuple[Card, ...] | None = None
    total: int | None = None

    @property
    def verified(self) -> bool:
        return self.cards is not None

    def text(self) -> str:
        if self.cards is None:
            return str(self.total)
        return format_cards(self.cards)

    def stored(self) -> str | int:
        """As the ledger keeps it: card text, or the agreed number."""
        if self.cards is None:
            assert self.total is not None
            return self.total
        return self.text()


def check_seated(seated: Sequence[str], names: Sequence[str],
                 rule: str | None = None, what: str = "") -> None:
    """Refuse anyone named who does not play this hand (sitting out, or
    eliminated), saying who does."""
    away = [n for n in names if n not in seated]
    if away:
        away = list(dict.fromkeys(away))
        names, playing = ", ".join(away), ", ".join(seated)
        said = Said.ngettext("{names} does not play this hand (sitting out or eliminated; "
                            "playing: {playing})",
                            "{names} do not play this hand (sitting out or eliminated; "
                            "playing: {playing})", count=len(away), names=names,
                            playing=playing)
        if what == "a hand is given, but ":
            said = Said("a hand is given, but {said}", said=said)
        elif what == "the caller ":
            said = Said("the caller {said}", said=said)
        elif what:
            said = Said("{what}{said}", what=what, said=said)
        raise Impossible(said, rule)


def new_name(typed: str) -> str:
    """A name as a new player gets it (`new`, `join`, `rename`): trimmed,
    and in one spelling (NFC) of those that show alike, so that two
    keyboards' ड़ (one code point or two) are one name."""
    return unicodedata.normalize("NFC", typed.strip())


def name_key(name: str) -> str:
    """What two names compare by: any case, any spelling that shows alike."""
    return unicodedata.normalize("NFC", name).casefold()


def resolve_name(name: str, players: Sequence[str]) -> str:
    """The player `name` means, as people say names at the table: the whole
    name, a unique prefix, or the initials of a name of several words, any
    case, any spelling that shows alike (`bik`, `B`, `rb` for "Ram
    Bahadur"). An ambiguous one lists the candidates; an unknown one
    suggests the nearest name (exit 2 both)."""
    typed = name.strip()
    wanted = name_key(typed)
    for p in players:
        if name_key(p) == wanted:
            return p
    if not wanted:
        raise Impossible(Said("a player's name is empty; players: {players}",
                              players=", ".join(players)))
    matches = [p for p in players if name_key(p).startswith(wanted)
               or (len(p.split()) > 1 and _initials(p) == wanted)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise Impossible(Said("{typed!r} could be {names}: type more of the name",
                              typed=typed, names=listed(matches, " or ", each=True)))
    nearest = nearest_word(wanted, players)
    if nearest:
        raise Impossible(Said("unknown player {typed!r}; did you mean {name}? "
                              "(players: {players})", typed=typed, name=nearest,
                              players=", ".join(players)))
    raise Impossible(Said("unknown player {typed!r} (players: {players})",
                          typed=typed, players=", ".join(players)))


def shortest_prefix(player: str, players: Sequence[str]) -> str:
    """The fewest letters that name `player` at this table (`resolve_name`
    reads them back as `player`), in lower case: what a question's example
    shows."""
    for size in range(1, len(player) + 1):
        try:
            if resolve_name(player[:size], players) == player:
                return player[:size].casefold()
        except Impossible:
            continue
    return player.casefold()


def _initials(player: str) -> str:
    return "".join(word[0] for word in name_key(player).split())


# Letters and marks Unicode draws as nothing: the Hangul fillers and the
# combining grapheme joiner (a name "Asha" + one of them looks like "Asha")
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u034f")


def _hidden(ch: str) -> bool:
    """A character a name may not hold: control characters, line breaks,
    and formatting characters that are invisible or turn the text around
    (zero-width space, right-to-left override, …), joiners aside."""
    category = unicodedata.category(ch)
    return category in _FORBIDDEN_CATEGORIES or (category == "Cf"
                                                 and ch not in JOINERS)


def _idle_joiner(name: str) -> bool:
    """A joiner that shapes nothing: at either end of the name, or beside
    a space or an ASCII letter (it joins Devanagari's letters and emoji,
    and between those only it is allowed): "A‍B" shows as "AB"."""
    return any(ch in JOINERS and not (
        0 < i < len(name) - 1 and all(not c.isascii() and not c.isspace()
                                      for c in (name[i - 1], name[i + 1])))
        for i, ch in enumerate(name))


def check_new_names(names: Sequence[str], rules: RuleSet) -> None:
    """What a name given now (`new`, `join`, `rename`) may not hold besides
    (`check_names`): a character that draws as nothing, or a joiner that
    joins nothing. A ledger an earlier version wrote is read as it is."""
    for n in names:
        if any(ch in _BLANK for ch in n) or _idle_joiner(n):
            raise _unshowable(n, rules.rule("table"))


def _unshowable(name: str, rule: str) -> Impossible:
    """The refusal of a name holding what a table cannot show or tell apart."""
    return Impossible(Said("the name {name!r} may not contain '=', ',', '|', control "
                           "characters, line breaks or invisible formatting characters",
                           name=name), rule)


def check_player_names(names: Sequence[str], rules: RuleSet,
                       new: bool = False) -> tuple[str, ...]:
    """The names of a table (`new`: given now, `check_new_names` too)."""
    cleaned = check_names(names, rules)
    if new:
        check_new_names(cleaned, rules)
    rules.check_player_count(len(cleaned))
    return cleaned


def check_names(names: Sequence[str], rules: RuleSet) -> tuple[str, ...]:
    """Names a player may have, none twice in any case (exit 2, the table
    rule); how many of them is the caller's to check."""
    cleaned = tuple(n.strip() for n in names)
    table = rules.rule("table")
    for n in cleaned:
        if not n:
            raise Impossible(Said("a player's name is empty"), table)
        if len(n) > MAX_NAME:
            raise Impossible(Said("the name {name!r}… is {length} characters long: "
                                  "a player's name has at most {most}", name=n[:20],
                                  length=len(n), most=MAX_NAME), table)
        if any("\ud800" <= ch <= "\udfff" for ch in n):     # a byte that was not UTF-8
            # the bytes as typed: 'A\xff', not Python's 'A\udcff'
            typed = n.encode("utf-8", "surrogateescape").decode("ascii", "backslashreplace")
            raise Impossible(Said("the name '{name}' is not UTF-8 text: retype it, or set "
                                  "the terminal to UTF-8", name=typed), table)
        if any(ch in _NAME_SEPARATORS or _hidden(ch) for ch in n):
            raise _unshowable(n, table)

    if len({n.casefold() for n in cleaned}) != len(cleaned):
        raise Impossible(Said("player names must be distinct: {names}",
                              names=", ".join(cleaned)), table)
    return cleaned


def parse_shown_value(text: str | int) -> Shown:
    """`--hand NAME=VALUE`: a card list, or a whole number (an agreed total)."""
    if isinstance(text, str):
        stripped = text.strip()
        # a whole number ends with a digit; card text seldom does
        if stripped[-1:].isdigit() and is_whole_number(stripped):
            if len(stripped) > 9:
                raise Impossible(Said("{typed}… is no hand's total",
                                      typed=stripped[:12]))
            return Shown(total=int(stripped))
        return Shown(cardtext.cards(stripped))
    if isinstance(text, int) and not isinstance(text, bool):
        return Shown(total=text)
    raise Impossible(Said("a hand is a card list or a whole number, not {value!r}",
                          value=text))


def parse_hand_values(values: Sequence[str], players: Sequence[str]
                      ) -> dict[str, str]:
    """`--hand NAME=VALUE` options into {player: raw text}, names resolved."""
    out: dict[str, str] = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep:
            raise Impossible(Said("--hand expects NAME=CARDS, got {item!r}", item=item))
        player = resolve_name(name, players)
        if player in out:
            raise Impossible(Said("two hands given for {name}", name=player))
        out[player] = value
    return out


def shown_hands(seated: Sequence[str], raw: Mapping[str, str | int],
                rule: str | None = None) -> tuple[tuple[str, Shown], ...]:
    """What each seated player showed, in seat order (missing ones left out:
    each engine says who it needs). A hand for someone not seated is
    refused (citing `rule`) rather than dropped."""
    if not all(map(seated.__contains__, raw)):
        check_seated(seated, [str(p) for p in raw], rule, "a hand is given, but ")
    shown = []
    known = cardtext.known_card
    for p in seated:
        if p in raw:
            value = raw[p]
            if type(value) is str:          # a ledger's cards, read before: at once
                cards = tuple(map(known, value.split()))
                if cards and all(cards):
                    shown.append((p, Shown(cards)))  # type: ignore[arg-type] # all(): no None
                    continue
            try:
                shown.append((p, parse_shown_value(value)))
            except Impossible as err:
                # whose hand it is: of four `--hand` flags, which one holds
                # the card that cannot be read
                raise Impossible(Said("{name}'s hand: {problem}", name=p,
                                      problem=err.message), err.rule) from None
    return tuple(shown)


def clockwise_from_left_of(dealer: str, players: Sequence[str]) -> list[str]:
    """Seats in play order starting at the dealer's left neighbour."""
    left = players.index(dealer) + 1
    return [*players[left:], *players[:left]]


class Holdings:
    """The cards typed so far, player by player, for interactive entry: a
    card more often than the shoe holds it is refused as soon as it is
    typed, naming who holds it already."""

    def __init__(self, decks: int, jokers: int, rule: str,
                 also: Mapping[str, Sequence[Card]] | None = None) -> None:
        self.decks, self.jokers, self.rule = decks, jokers, rule
        # cards not in anyone's hand that count all the same (the tiplu)
        self.held: dict[str, tuple[Card, ...]] = {k: tuple(v)
                                                 for k, v in (also or {}).items()}

    def check(self, player: str, cards: Sequence[Card]) -> None:
        """Refuse `cards` for `player` if the shoe cannot hold them too."""
        others = {p: cs for p, cs in self.held.items() if p != player}
        for c in dict.fromkeys(cards):
            limit = self.jokers if c.is_joker else self.decks
            seen = sum(cs.count(c) for cs in others.values()) + cards.count(c)
            if seen > limit:
                holders = [p for p, cs in others.items() if c in cs]
                where = listed(holders, " and ", each=True) if holders else player
                raise Impossible(
                    Said("{card} is already with {names}: the deck has no jokers",
                         card=c.text(), names=where) if limit == 0 else
                    Said.ngettext("{card} is already with {names}: the deck holds it once",
                                 "{card} is already with {names}: the deck holds it "
                                 "{count} times", card=c.text(), names=where, count=limit),
                    self.rule)

    def keep(self, player: str, cards: Sequence[Card]) -> None:
        self.held[player] = tuple(cards)
