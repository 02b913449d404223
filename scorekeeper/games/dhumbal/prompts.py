"""Interactive entry of a Dhumbal hand: the caller (or a show), then every
seated player's cards, each answer checked as soon as it is typed — a card
already in another hand (naming whose), too many cards, an impossible
total, and the caller's hand above the call limit. Returns the flags the
answers amount to."""

from __future__ import annotations

from typing import Callable

from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.seating import Holdings, Seating, parse_shown_value
from scorekeeper.games.dhumbal.rules import DhumbalRules
from scorekeeper.games.dhumbal.turns import hand_value
from scorekeeper.games.interface import Asker

# the keyword for a show: the first that is nobody's name
SHOW_WORDS = ("show", "turn show", "the show")


def ask_hand(ask: Asker, table: Seating, rules: DhumbalRules,
             previous: PlainMap) -> PlainDict:
    question = ("Who called? (a name, or '{word}': "
                f"{rules.turn_cap}-turn show)" if rules.turn_cap else "Who called?")
    caller = ask.player_or(question, table, SHOW_WORDS, rules.rule("call"),
                           previous.get("call"), bool(previous.get("show")))
    flags: PlainDict = {"show": True} if caller is None else {"call": caller}
    earlier = dict(h.split("=", 1) for h in previous.get("hand", []))
    holdings = Holdings(rules.decks, rules.jokers, rules.rule("table"))
    flags["hand"] = []
    for p in table.seated:
        answer = ask.ask(f"{p}'s cards (e.g. 'as 2d', '-' or a total)",
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
                raise Impossible(f"a hand is worth 0–{rules.max_hand_value}, not "
                                 f"{shown.total}", rules.rule("values"))
            value = shown.total
        else:
            if len(shown.cards) > rules.hand_size:
                raise Impossible(f"{len(shown.cards)} cards: a hand holds "
                                 f"0–{rules.hand_size}", rules.rule("deal"))
            holdings.check(player, shown.cards)
            value = hand_value(shown.cards, rules)
        limit = rules.limit_for(seated)
        if player == caller and limit is not None and value > limit \
                and text.strip() not in warned:
            warned.append(text.strip())
            raise Refused(f"{player}'s hand is worth {value}, above the call limit "
                          f"{limit}, so {player} may not call: check the cards; "
                          "if they are right, type them once more — the hand "
                          "will be refused and you can enter it again with "
                          "who really called", rules.rule("call"))
        holdings.keep(player, shown.cards or ())
    return check
