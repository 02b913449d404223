"""Interactive entry of a Call Break deal: every player's call first, from
the player after the dealer (CB-4; the first question also takes every
call at once) — saved alone if the table says so, for the board to show
while the deal is played (CB-18) — then, once the 13 tricks are played,
the tricks each took (CB-9; Enter: as called), each answer checked as
soon as it is typed — a call out of range, a count of tricks that cannot
be; the last player's tricks are what is left of 13, not asked. Returns
the flags the answers
amount to."""

from __future__ import annotations

from typing import Callable

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import NO, YES, Said, _, digits, pgettext
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
        every = _example(len(order), high)
        if rules.clockwise:                            # CB-2: who calls first
            return _("{name}'s call ({low}–{high}; on the dealer's left, calls "
                     "first), or every call ('{every}')").format(
                         name=p, low=low, high=top, every=every)
        return _("{name}'s call ({low}–{high}; on the dealer's right, calls "
                 "first), or every call ('{every}')").format(
                     name=p, low=low, high=top, every=every)

    if previous.get(SAVED):             # CB-18: the calls are saved, the tricks now
        bids = called
    else:
        first = ask.ask(question(0, order[0]), _first_call(call, len(order), high),
                        default=_shown(called.get(order[0])))
        every = _every_call(first, len(order), high)
        bids = dict(zip(order, every)) if every else \
            {p: first if not i else ask.ask(question(i, p), call,
                                            default=_shown(called.get(p)))
             for i, p in enumerate(order)}
        if "won" not in previous and _save_calls(ask):
            return {"bid": [f"{p}={to_latin(bids[p].strip())}" for p in order]}
    took = {**{p: to_latin(bids[p].strip()) for p in order}, **took}   # Enter: as called
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


def _example(count: int, high: int) -> str:
    """Every call typed at once, as the first call's question shows it:
    digits run together where no call has two."""
    calls = "3423"[:count] + "2" * (count - 4)
    return calls if high <= 9 else " ".join(calls)


def _every_call(text: str, count: int, high: int) -> list[str] | None:
    """The `count` calls typed at once (separated by spaces or commas, or,
    where no call has two digits, run together), or None: one call."""
    said = to_latin(text.strip()).replace(",", " ").split()
    if len(said) == count:
        return said
    if len(said) == 1 and high <= 9 and len(said[0]) == count and said[0].isdigit():
        return list(said[0])
    return None


def _first_call(call: Callable[[str], int], count: int, high: int
                ) -> Callable[[str], object]:
    """The first call's check: one call, or every call at once."""
    def check(text: str) -> object:
        every = _every_call(text, count, high)
        return [call(c) for c in every] if every else call(text)
    return check


def _shown(default: str | None) -> str | None:
    """A count offered (Enter takes it) in the reader's digits."""
    return None if default is None else digits(default)


def _tricks(ask: Asker, order: list[str], took: dict[str, str],
            rules: CallBreakRules, tricks: int) -> dict[str, str]:
    """The tricks each took but the last player, whose are what is left of
    the deal's `tricks` (13, or 10 at five): the only count CB-9 allows,
    so not asked (a slip earlier: `<` at the confirmation goes back)."""
    won: dict[str, str] = {}
    for i, p in enumerate(order[:-1]):
        left = tricks - sum(int(to_latin(n)) for n in won.values())
        if i == 0:
            question = _("After the {tricks} tricks: {name} took ({none}–{left})"
                         ).format(tricks=digits(tricks), name=p, none=digits(0),
                                  left=digits(left))
        else:
            question = _("{name} took ({none}–{left})").format(
                name=p, none=digits(0), left=digits(left))
        won[p] = ask.ask(question, _number(0, left, False, rules.rule("tricks")),
                         default=_shown(took.get(p)))
    won[order[-1]] = str(tricks - sum(int(to_latin(n)) for n in won.values()))
    return won
