"""Interactive entry of a Marriage hand: the finisher (or none), how, the
tiplu, the finisher's show (a number alone: the show agreed, `shown:N`)
and the melds exposed, who else saw the tiplu (by qualifying, or through
7 dublees), every other player's cards, tunnelas exposed at the deal and
refused shows. Each answer is
checked as soon as it is typed: a card more often than the three decks
(and the tiplu) hold it, naming who holds it; the finisher's 21 or 22
cards; an agreed maal three decks cannot give; a tunnela its player does
not hold. Returns the flags the answers amount to."""

from __future__ import annotations

from typing import Callable

from scorekeeper.core import cards as cardtext
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import NO, YES, Said, _, current, pgettext
from scorekeeper.core.options import is_whole_number
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.seating import Holdings, Seating, parse_shown_value, shortest_prefix
from scorekeeper.core.typed import to_latin
from scorekeeper.games.interface import Asker
from scorekeeper.games.marriage.commands import split_melds
from scorekeeper.games.marriage.engine import check_agreed_maal
from scorekeeper.games.marriage.game import SHOWN, agreed_shows
from scorekeeper.games.marriage.rules import FinishKind, MarriageRules

# the keyword for no finisher: the first that is nobody's name
NONE_WORDS = ("none", "no finisher", "nobody finished")


# nobody finished, in Nepali words too (the Nepali question names the first)
NONE_WORDS_NE = ("कोही होइन", *NONE_WORDS)
_BY_WORDS = {"सेट": FinishKind.MELDS, "डबली": FinishKind.DUBLEES}


def _yes_or_no(text: str) -> None:
    if text.strip().lower() not in (*YES, *NO):
        raise Impossible(Said("{answer}: answer y or n", answer=repr(text.strip())))


def _by(text: str) -> None:
    if text.strip().lower() not in (*FinishKind, *_BY_WORDS):
        raise Impossible(Said("answer one of: {words}", words=", ".join(FinishKind)))


def _finish_kind(text: str) -> str:
    """`melds` or `dublees`, from either word (सेट, डबली)."""
    said = text.strip().lower()
    return str(_BY_WORDS.get(said, said))


def _none_words() -> tuple[str, ...]:
    """Nobody finished, the reader's word first (the question names it)."""
    return NONE_WORDS_NE if current() == "ne" else NONE_WORDS


def ask_hand(ask: Asker, table: Seating, rules: MarriageRules,
             previous: PlainMap) -> PlainDict:
    finisher = ask.player_or(_("Who finished? (a name, or '{word}': stock ran "
                               "out)"), table, _none_words(), rules.rule("finish"),
                             previous.get("finish"), bool(previous.get("no_finisher")))
    flags: PlainDict = {}
    if finisher is None:
        flags["no_finisher"] = True
    else:
        flags["finish"] = finisher
        # not asked where no finish by dublees may be (dublee_min_players)
        flags["by"] = _finish_kind(ask.ask(
            _("Finished by melds or dublees?"), _by,
            default=previous.get("by") or FinishKind.MELDS)) \
            if len(table.seated) >= rules.dublee_min_players else FinishKind.MELDS
    def tiplu_ok(text: str) -> None:
        if text.strip() != "-":
            rules.check_tiplu(cardtext.card(to_latin(text)))

    tiplu = to_latin(ask.ask(_("The tiplu (e.g. 'cj'; '-': every maal a number)"),
                             tiplu_ok, default=previous.get("tiplu") or "-")).strip()
    if tiplu != "-":
        flags["tiplu"] = tiplu
    earlier = dict(h.split("=", 1) for h in previous.get("hand", []))
    holdings = Holdings(rules.decks, rules.printed_jokers, rules.rule("table"),
                        {"the tiplu": [cardtext.card(tiplu)]} if tiplu != "-"
                        else {})
    shows: dict[str, str] = {}
    if finisher is not None:        # the finisher's show first: 21 or 22 cards
        shows[finisher] = _ask_show(ask, finisher, flags, tiplu, rules, holdings,
                                    earlier)
        _ask_exposed(ask, flags, holdings, rules, previous)
    flags["seen"] = ask.names(_("Who else saw the tiplu by qualifying? (or '-')")
                              if finisher is not None else
                              _("Who saw the tiplu by qualifying? (or '-')"),
                              table.seated, previous.get("seen", []))
    flags["seen_dublees"] = ask.names(
        _("Who saw it by 7 dublees instead? (or '-')"),
        table.seated, previous.get("seen_dublees", []))
    for p in (p for p in table.seated if p != finisher):
        shows[p] = _ask_show(ask, p, flags, tiplu, rules, holdings, earlier)
    flags["hand"] = [f"{p}={shows[p]}" for p in table.seated]
    example = shortest_prefix(table.seated[-1], table.players)
    tunnelas = ask.ask(
        _("Tunnelas exposed at the deal (e.g. '{example}=dk') or '-'").format(
            example=example), _tunnelas_check(table, holdings, rules),
        default=",".join(previous.get("tunnela", [])) or "-")
    # a card typed with Devanagari digits (१०d) stored as typed in Latin
    flags["tunnela"] = [_latin_card(t.strip()) for t in tunnelas.split(",")
                        if t.strip() not in ("", "-")]
    _ask_doubled(ask, flags, rules, previous)
    # asked when they cost something; at 0 `--invalid-show` still counts one
    # (MA-13) without a question more for every hand
    if rules.invalid_show_penalty or previous.get("invalid_show"):
        flags["invalid_show"] = ask.names(_("Refused shows this hand (names) or '-'"),
                                          table.seated,
                                          previous.get("invalid_show", []))
    return flags


def _ask_show(ask: Asker, p: str, flags: PlainMap, tiplu: str, rules: MarriageRules,
              holdings: Holdings, earlier: dict[str, str]) -> str:
    """One player's cards: the finisher's show (a number alone: the show
    agreed at the table, `shown:MAAL`), or another's maal."""
    finishes = p == flags.get("finish")
    question = _("{name}'s show (e.g. 's345 h666…', or its maal)") \
        if finishes else _("{name}'s maal cards (e.g. 'cjj') or a number")
    natural = p in flags.get("seen", ()) or \
        (finishes and flags["by"] != FinishKind.DUBLEES)
    check = _shown_check(p, finishes, natural, tiplu != "-", rules, holdings)
    answer = ask.ask(question.format(name=p),
                     lambda text: check(_agreed(text, finishes)),
                     default=earlier.get(p, "-"))
    return _agreed(to_latin(answer), finishes)


def _agreed(text: str, finisher: bool) -> str:
    """The finisher's show typed as a number: `shown:NUMBER`."""
    number = to_latin(text.strip())
    return f"{SHOWN}{number}" if finisher and is_whole_number(number) else text


def _ask_doubled(ask: Asker, flags: PlainDict, rules: MarriageRules,
                 previous: PlainMap) -> None:
    """Asked where the house plays doubled hands (`doubles`, MA-22), or
    when amending a doubled hand."""
    if rules.doubles or previous.get("double"):
        doubled = ask.ask(_("Doubled hand? (y or n)"), _yes_or_no,
                          default=pgettext("answer", "y") if previous.get("double")
                          else pgettext("answer", "n"))      # Nepali: हो, होइन
        flags["double"] = True if doubled.strip().lower() in YES else None


def _shown_check(player: str, finisher: bool, natural: bool, tiplu: bool,
                 rules: MarriageRules, holdings: Holdings) -> Callable[[str], None]:
    """The check of one player's answer; keeps the cards once accepted. The
    finisher's `shown:MAAL` is the show accepted without its cards."""
    def check(text: str) -> None:
        text = to_latin(text)
        agreed = agreed_shows({player: text}, player if finisher else None, rules,
                              named=False)
        value = agreed[player]
        shown = parse_shown_value(value)
        if shown.cards is None:
            assert shown.total is not None
            check_agreed_maal(player, shown.total, natural, rules)
        elif shown.cards and not tiplu:
            raise Impossible(Said("cards need the tiplu, which was left out: give "
                                  "the maal as a number (or enter the hand again "
                                  "with the tiplu)"), rules.rule("wild"))
        elif finisher and len(shown.cards) not in (21, 22):
            raise Impossible(Said("{count} cards: a finishing show is 21 cards (or "
                                  "22 with the discard)", count=len(shown.cards)),
                             rules.rule("finish"))
        elif not finisher and len(shown.cards) > rules.hand_size:
            raise Impossible(Said("{count} cards: a hand holds {size}",
                                  count=len(shown.cards), size=rules.hand_size),
                             rules.rule("deal"))
        else:
            holdings.check(player, shown.cards)
        holdings.keep(player, shown.cards or ())
    return check


def _ask_exposed(ask: Asker, flags: PlainDict, holdings: Holdings,
                 rules: MarriageRules, previous: PlainMap) -> None:
    """The melds a finisher by melds exposed to see the tiplu (MA-5)."""
    finisher = flags.get("finish")
    if finisher is None or flags.get("by") != FinishKind.MELDS \
            or not holdings.held.get(finisher):   # an agreed show: no cards
        return
    exposed = to_latin(ask.ask(
        _("Melds {name} exposed to see the tiplu (MELD | MELD | MELD) or "
          "'-'").format(name=finisher), _exposed_check(finisher, holdings, rules),
        default=previous.get("exposed") or "-"))
    if exposed.strip() != "-":
        flags["exposed"] = exposed


def _exposed_check(finisher: str, holdings: Holdings, rules: MarriageRules
                   ) -> Callable[[str], None]:
    """Qualifying melds (MA-5), all among the finisher's cards."""
    def check(text: str) -> None:
        # imported here: the meld rules load only when a finisher exposed
        from scorekeeper.games.marriage.finish import exposed_melds

        melds = [cardtext.cards(t) for t in split_melds(to_latin(text), rules)]
        exposed_melds(melds, None, rules)
        left = list(holdings.held.get(finisher, ()))
        for c in (c for meld in melds for c in meld):
            if c not in left:
                raise Impossible(Said("{name} does not show {card} for the "
                                      "exposed melds", name=finisher, card=str(c)),
                                 rules.rule("qualify"))
            left.remove(c)
    return check


def _tunnelas_check(table: Seating, holdings: Holdings, rules: MarriageRules
                    ) -> Callable[[str], None]:
    """Each NAME=CARD names a player who holds that card three times."""
    def check(text: str) -> None:
        for item in (t.strip() for t in text.split(",")):
            if item in ("", "-"):
                continue
            name, sep, typed = item.partition("=")
            if not sep:
                raise Impossible(Said("write NAME=CARD, not {item}", item=repr(item)),
                                 rules.rule("tunnela"))
            player, card = table.name(name), cardtext.card(to_latin(typed))
            if holdings.held.get(player, ()).count(card) < 3:
                raise Impossible(Said("{name} does not show three {card}: a "
                                      "tunnela is 3 identical cards", name=player,
                                      card=str(card)), rules.rule("tunnela"))
    return check


def _latin_card(item: str) -> str:
    """`NAME=CARD` with the card's digits Latin (the name as typed)."""
    name, sep, typed = item.partition("=")
    return f"{name}{sep}{to_latin(typed)}"
