"""Interactive entry of a Dhumbal hand: the caller (or a show), then every
seated player's cards, each answer checked as soon as it is typed — a card
already in another hand (naming whose), too many cards, an impossible
total, and the caller's hand above the call limit. Returns the flags the
answers amount to."""

from __future__ import annotations

from typing import Callable

from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.language import Said, _, current, digits
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.seating import Holdings, Seating, parse_shown_value
from scorekeeper.games.dhumbal.rules import DhumbalRules
from scorekeeper.games.dhumbal.turns import hand_value
from scorekeeper.games.interface import Asker

# the keyword for a show: the first that is nobody's name (in Nepali, शो first)
SHOW_WORDS = ("show", "turn show", "the show")
SHOW_WORDS_NE = ("शो", "show", "turn show", "the show")


def ask_hand(ask: Asker, table: Seating, rules: DhumbalRules,
             previous: PlainMap) -> PlainDict:
    # `{word}` is left for the asker to fill in (the keyword it chose)
    question = _("Who called? (a name, or '{word}': {turns}-turn show)").format(
        word="{word}", turns=digits(rules.turn_cap)) if rules.turn_cap \
        else _("Who called?")
    words = SHOW_WORDS_NE if current() == "ne" else SHOW_WORDS
    caller = ask.player_or(question, table, words, rules.rule("call"),
                           previous.get("call"), bool(previous.get("show")))
    flags: PlainDict = {"show": True} if caller is None else {"call": caller}
    earlier = dict(h.split("=", 1) for h in previous.get("hand", []))
    holdings = Holdings(rules.decks, rules.jokers, rules.rule("table"))
    flags["hand"] = []
    for p in table.seated:
        answer = ask.ask(_("{name}'s cards (e.g. 'dAc3', '-' or a total)").format(
                             name=p),
                         _shown_check(p, rules, holdings, flags.get("call"),
                                      len(table.seated)),
                         default=earlier.get(p))
        flags["hand"].append(f"{p}={answer}")
    return flags


def _shown_check(player: str, rules: DhumbalRules, holdings: Holdings,
                 caller: str | None, seated: int) -> Callable[[str], None]:
    """The check of one player's answer; keeps the cards once accepted. The
    caller's hand above the limit is refused once: typed the same again, it
    stands, and the whole hand is refused as with the flags (the entry then
    offers to enter it again, with the caller asked anew)."""
    warned: list[str] = []

    def check(text: str) -> None:
        shown = parse_shown_value(text)
        if shown.cards is None:
            assert shown.total is not None
            if not 0 <= shown.total <= rules.max_hand_value:
                raise Impossible(Said("a hand is worth 0–{most}, not {total}",
                                      most=rules.max_hand_value, total=shown.total),
                                 rules.rule("values"))
            value = shown.total
        else:
            if len(shown.cards) > rules.hand_size:
                raise Impossible(Said("{count} cards: a hand holds 0–{most}",
                                      count=len(shown.cards), most=rules.hand_size),
                                 rules.rule("deal"))
            holdings.check(player, shown.cards)
            value = hand_value(shown.cards, rules)
        limit = rules.limit_for(seated)
        if player == caller and limit is not None and value > limit \
                and text.strip() not in warned:
            warned.append(text.strip())
            raise Refused(Said("{name}'s hand is worth {value}, above the call "
                               "limit {limit}, so {name} may not call: check the "
                               "cards; if they are right, type them once more — "
                               "the hand will be refused and you can enter it "
                               "again with who really called", name=player,
                               value=value, limit=limit), rules.rule("call"))
        holdings.keep(player, shown.cards or ())
    return check
