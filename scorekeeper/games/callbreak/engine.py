"""The Call Break engine: one deal's score from the calls and the tricks.

Pure functions of immutable values and a `CallBreakRules`. A score is kept
in tenths of a point (CB-10): a made call of 3 with one trick over it is
3.1, stored as 31; a missed call of 4 is -4.0, stored as -40 (`TENTHS`). The rules
decide the range of a call and the house scoring (`overtricks`,
`bonus_8`); the engine never asks which profile it is playing.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple

from scorekeeper.core.errors import Impossible
from scorekeeper.core.scores import ScoreKind
from scorekeeper.games.callbreak.rules import TENTHS, CallBreakRules, Overtricks


class CallBreakHand(NamedTuple):
    """The inputs of one deal: who sat (in seat order), who dealt, what each
    player called and how many tricks each took."""

    players: tuple[str, ...]
    dealer: str
    calls: tuple[tuple[str, int], ...]
    tricks: tuple[tuple[str, int], ...]


class CallBreakResult(NamedTuple):
    """A deal ruled: each player's score in tenths, in seat order."""

    calls: tuple[tuple[str, int], ...]
    tricks: tuple[tuple[str, int], ...]
    scores: tuple[tuple[str, int], ...]       # tenths of a point
    made: tuple[str, ...]                     # who took at least the call
    winner: str | None                        # the one best score, if one
    rules: tuple[str, ...]
    explanation: tuple[str, ...]
    unverified: tuple[str, ...] = ()
    kind: ScoreKind = TENTHS                  # the units of `scores`


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _every_player(given: tuple[tuple[str, int], ...], hand: CallBreakHand,
                  what: str, flag: str, rule: str, verb: str) -> dict[str, int]:
    names = [name for name, _ in given]
    extra = [n for n in names if n not in hand.players]
    if extra or len(names) != len(set(names)):
        raise Impossible(f"{what} given twice or for someone not seated: "
                         + ", ".join(extra or names), rule)
    missing = [p for p in hand.players if p not in names]
    if missing:
        raise Impossible(f"no {what} given for " + ", ".join(missing) + ": "
                         f"every player needs one ({flag} NAME=N)", rule)
    bad = [f"{n}={v!r}" for n, v in given if not _count(v)]
    if bad:
        raise Impossible(f"not a whole number of tricks {verb}: "
                         + ", ".join(bad), rule)
    return dict(given)


def validate_hand(hand: CallBreakHand, rules: CallBreakRules) -> None:
    """Refuse impossible input (exit 2) before any ruling: the table (CB-1),
    the dealer (CB-2), a call out of range (CB-4), tricks that are not 13
    (10 at five) in all (CB-9)."""
    rules.check_player_count(len(hand.players))
    if len({p.casefold() for p in hand.players}) != len(hand.players):
        raise Impossible("player names must be distinct", rules.rule("table"))
    if hand.dealer not in hand.players:
        raise Impossible(f"the dealer {hand.dealer} is not at the table",
                         rules.rule("deal"))
    calls = _every_player(hand.calls, hand, "call", "--bid", rules.rule("call"),
                          "called")
    low, high = rules.min_bid, rules.highest_call(len(hand.players))
    wrong = [f"{p} {c}" for p, c in calls.items() if not low <= c <= high]
    if wrong:
        raise Impossible(f"a call is {low}–{high} tricks, not: " + ", ".join(wrong),
                         rules.rule("call"))
    tricks = _every_player(hand.tricks, hand, "tricks", "--won",
                           rules.rule("tricks"), "taken")
    negative = [f"{p} {t}" for p, t in tricks.items() if t < 0]
    if negative:
        raise Impossible("tricks taken are 0 or more, not: " + ", ".join(negative),
                         rules.rule("tricks"))
    total, deal = sum(tricks.values()), rules.tricks(len(hand.players))
    if total != deal:
        said = " + ".join(str(tricks[p]) for p in hand.players)
        raise Impossible(f"the tricks add up to {said} = {total}, not "
                         f"{deal}: every deal at {len(hand.players)} is "
                         f"{deal} tricks",
                         rules.rule("tricks"))


def _ruling(name: str, call: int, took: int, rules: CallBreakRules
            ) -> tuple[int, str, str]:
    """One player's score in tenths, the line explaining it, its rule."""
    tenths = rules.score_units(call, took)
    shown = rules.score_kind.display
    said = f"{name} called {call}, took {took}: "
    if took < call:
        return tenths, f"{said}missed, {shown(tenths)}", rules.rule("score")
    said += shown(tenths)
    house = []
    if rules.made_points(call) != call:
        house.append(f"bonus_8 = {rules.bonus_8}: a call of {call} made scores "
                     f"{rules.made_points(call)}")
    if took > call and rules.overtricks == Overtricks.NONE:
        house.append("overtricks = none: a trick over the call adds nothing")
    elif took > call and rules.bonus_scale != 10:
        house.append(f"bonus_scale = {rules.bonus_scale}: a trick over the call "
                     f"adds 1/{rules.bonus_scale} point")
    if house:
        return tenths, "; ".join([said, *house]), rules.rule("house")
    return tenths, said, rules.rule("score")


def resolve(hand: CallBreakHand, rules: CallBreakRules) -> CallBreakResult:
    """CB-9 … CB-11: every player's score of one deal, in tenths."""
    validate_hand(hand, rules)
    calls: Mapping[str, int] = dict(hand.calls)
    tricks: Mapping[str, int] = dict(hand.tricks)
    scores, lines, cited = [], [], []
    for p in hand.players:
        tenths, line, rule = _ruling(p, calls[p], tricks[p], rules)
        scores.append((p, tenths))
        lines.append(f"{line} ({rule})")
        cited.append(rule)
    best = max(t for _, t in scores)
    top = [p for p, t in scores if t == best]
    return CallBreakResult(
        calls=tuple((p, calls[p]) for p in hand.players),
        tricks=tuple((p, tricks[p]) for p in hand.players),
        scores=tuple(scores),
        made=tuple(p for p in hand.players if tricks[p] >= calls[p]),
        winner=top[0] if len(top) == 1 else None,
        rules=(rules.rule("tricks"), *dict.fromkeys(cited)),
        explanation=tuple(lines), kind=rules.score_kind)
