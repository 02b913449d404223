"""Interactive entry of a Call Break deal: every player's call first, from
the player after the dealer (CB-4) — saved alone if the table says so, for
the board to show while the deal is played (CB-18) — then, once the 13
tricks are played, the tricks each took (CB-9), each answer checked as soon as it is typed —
a call out of range, a count of tricks that cannot be; the last player's
tricks are offered as what is left of 13. Returns the flags the answers
amount to."""

from __future__ import annotations

from typing import Callable

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, NO, YES, Said, _, digits, pgettext
from scorekeeper.core.options import is_whole_number
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.seating import Seating, clockwise_from_left_of
from scorekeeper.core.typed import to_latin
from scorekeeper.games.callbreak.rules import CallBreakRules
from scorekeeper.games.interface import SAVED, Asker


def _number(low: int, high: int, call: bool, rule: str) -> Callable[[str], int]:
    """A call (`call`) or a count of tricks taken, from `low` to `high`,
    typed in Latin or Devanagari digits."""
    def check(text: str) -> int:
        raw = to_latin(text.strip())
        if not is_whole_number(raw) or not low <= int(raw) <= high:
            raise Impossible(Said("a call is a whole number from {low} to {high}, "
                                  "not {typed!r}", low=low, high=high,
                                  typed=text.strip())
                             if call else
                             Said("tricks taken is a whole number from {low} to "
                                  "{high}, not {typed!r}", low=low, high=high,
                                  typed=text.strip()), rule)
        return int(raw)
    return check


def ask_hand(ask: Asker, table: Seating, rules: CallBreakRules,
             previous: PlainMap) -> PlainDict:
    order = clockwise_from_left_of(table.dealer, table.seated)
    called = dict(item.split("=", 1) for item in previous.get("bid", []))
    took = dict(item.split("=", 1) for item in previous.get("won", []))
    tricks = rules.tricks(len(order))                  # CB-1: 13, 10 at five
    high = rules.highest_call(len(order))
    call = _number(rules.min_bid, high, True, rules.rule("call"))
    low, top = digits(rules.min_bid), digits(high)

    def question(i: int, p: str) -> str:
        if i:
            return _("{name}'s call ({low}–{high})").format(name=p, low=low, high=top)
        if rules.clockwise:                            # CB-2: who calls first
            return _("{name}'s call ({low}–{high}; on the dealer's left, calls "
                     "first)").format(name=p, low=low, high=top)
        return _("{name}'s call ({low}–{high}; on the dealer's right, calls "
                 "first)").format(name=p, low=low, high=top)

    if previous.get(SAVED):             # CB-18: the calls are saved, the tricks now
        bids = called
    else:
        bids = {p: ask.ask(question(i, p), call, default=_shown(called.get(p)))
                for i, p in enumerate(order)}
        if "won" not in previous and _save_calls(ask):
            return {"bid": [f"{p}={to_latin(bids[p].strip())}" for p in order]}
    won = _tricks(ask, order, took, rules, tricks)
    return {"bid": [f"{p}={to_latin(bids[p].strip())}" for p in order],
            "won": [f"{p}={to_latin(won[p].strip())}" for p in order]}


def _yes_or_no(text: str) -> None:
    if text.strip().lower() not in (*YES, *NO):
        raise Impossible(Said("{answer}: answer y or n", answer=repr(text.strip())))


def _save_calls(ask: Asker) -> bool:
    """CB-18: whether to save the calls alone first, so that the board
    shows them while the tricks are played (Enter: yes)."""
    answer = ask.ask(_("Save the calls now, for the board, and type the tricks once "
                       "they are played? (y or n)"), _yes_or_no,
                     default=pgettext("answer", "y"))
    return answer.strip().lower() in YES


def _shown(default: str | None) -> str | None:
    """A count offered (Enter takes it) in the reader's digits."""
    return None if default is None else digits(default)


AGAIN = "again"


def _again(text: str) -> bool:
    """`again`, in English or in the reader's language, asks every count
    again."""
    return text.strip().lower() in (AGAIN, _(N_("again")))


def _tricks(ask: Asker, order: list[str], took: dict[str, str],
            rules: CallBreakRules, tricks: int) -> dict[str, str]:
    """The tricks each took; the last player's are what is left of the
    deal's `tricks` (13, or 10 at five), and
    `again` there asks every count again (the earlier ones filled in), so
    a slip earlier never traps the entry."""
    while True:
        won: dict[str, str] = {}
        for i, p in enumerate(order):
            left = tricks - sum(int(to_latin(n)) for n in won.values())
            last = i == len(order) - 1
            check = _last(left, tricks, p, rules) if last else \
                _number(0, left, False, rules.rule("tricks"))
            if last:
                question = _("{name} took ({left}: what is left of {tricks})").format(
                    name=p, left=digits(left), tricks=digits(tricks))
            elif i == 0:
                question = _("After the {tricks} tricks: {name} took ({none}–{left})"
                             ).format(tricks=digits(tricks), name=p, none=digits(0),
                                      left=digits(left))
            else:
                question = _("{name} took ({none}–{left})").format(
                    name=p, none=digits(0), left=digits(left))
            won[p] = ask.ask(question, check,
                             default=_shown(took.get(p) if not last else str(left)))
        if not _again(won[order[-1]]):
            return won
        took = {p: n for p, n in won.items() if p != order[-1]}


def _last(left: int, tricks: int, player: str, rules: CallBreakRules
          ) -> Callable[[str], object]:
    def check(text: str) -> object:
        if _again(text):
            return AGAIN
        if to_latin(text.strip()) != str(left):
            raise Impossible(Said("the tricks typed leave {left} of {tricks} for "
                                  "{name}, not {typed!r}: Enter for {left}, or "
                                  "'{again}' to type every count again", left=left,
                                  tricks=tricks, name=player, typed=text.strip(),
                                  again=Said("again")), rules.rule("tricks"))
        return left
    return check
