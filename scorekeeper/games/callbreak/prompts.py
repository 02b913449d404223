"""Interactive entry of a Call Break deal: every player's call first, from
the player after the dealer (CB-4), then, once the 13 tricks are played,
the tricks each took (CB-9), each answer checked as soon as it is typed —
a call out of range, a count of tricks that cannot be; the last player's
tricks are offered as what is left of 13. Returns the flags the answers
amount to."""

from __future__ import annotations

from typing import Callable

from scorekeeper.core.errors import Impossible
from scorekeeper.core.options import is_whole_number
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.seating import Seating, clockwise_from_left_of
from scorekeeper.games.callbreak.rules import CallBreakRules
from scorekeeper.games.interface import Asker


def _number(low: int, high: int, what: str, rule: str) -> Callable[[str], int]:
    def check(text: str) -> int:
        raw = text.strip()
        if not is_whole_number(raw) or not low <= int(raw) <= high:
            raise Impossible(f"{what} is a whole number from {low} to {high}, "
                             f"not {raw!r}", rule)
        return int(raw)
    return check


def ask_hand(ask: Asker, table: Seating, rules: CallBreakRules,
             previous: PlainMap) -> PlainDict:
    order = clockwise_from_left_of(table.dealer, table.seated)
    called = dict(item.split("=", 1) for item in previous.get("bid", []))
    took = dict(item.split("=", 1) for item in previous.get("won", []))
    tricks = rules.tricks(len(order))                  # CB-1: 13, 10 at five
    high = rules.highest_call(len(order))
    call = _number(rules.min_bid, high, "a call", rules.rule("call"))
    side = "left" if rules.clockwise else "right"      # CB-2
    span = f"{rules.min_bid}–{high}"
    bids = {p: ask.ask(f"{p}'s call ({span}" + (f"; on the dealer's {side}, "
                                                 "calls first)" if i == 0 else ")"),
                       call, default=called.get(p)) for i, p in enumerate(order)}
    won = _tricks(ask, order, took, rules, tricks)
    return {"bid": [f"{p}={bids[p].strip()}" for p in order],
            "won": [f"{p}={won[p].strip()}" for p in order]}


AGAIN = "again"


def _tricks(ask: Asker, order: list[str], took: dict[str, str],
            rules: CallBreakRules, tricks: int) -> dict[str, str]:
    """The tricks each took; the last player's are what is left of the
    deal's `tricks` (13, or 10 at five), and
    `again` there asks every count again (the earlier ones filled in), so
    a slip earlier never traps the entry."""
    while True:
        won: dict[str, str] = {}
        for i, p in enumerate(order):
            left = tricks - sum(int(n) for n in won.values())
            last = i == len(order) - 1
            check = _last(left, tricks, p, rules) if last else \
                _number(0, left, "tricks taken", rules.rule("tricks"))
            question = (f"After the {tricks} tricks: {p} took" if i == 0
                        else f"{p} took")
            span = f"{left}: what is left of {tricks}" if last else f"0–{left}"
            won[p] = ask.ask(f"{question} ({span})", check,
                             default=took.get(p) if not last else str(left))
        if won[order[-1]].strip().lower() != AGAIN:
            return won
        took = {p: n for p, n in won.items() if p != order[-1]}


def _last(left: int, tricks: int, player: str, rules: CallBreakRules
          ) -> Callable[[str], object]:
    def check(text: str) -> object:
        if text.strip().lower() == AGAIN:
            return AGAIN
        if text.strip() != str(left):
            raise Impossible(f"the tricks typed leave {left} of {tricks} for "
                             f"{player}, not {text.strip()!r}: Enter for {left}, "
                             f"or '{AGAIN}' to type every count again",
                             rules.rule("tricks"))
        return left
    return check
