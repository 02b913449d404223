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
from scorekeeper.core.language import Said
from scorekeeper.core.numbers import Figure, listed
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
    made: tuple[str, ...]                     # who made the call (CB-10)
    winner: str | None                        # the one best score, if one
    rules: tuple[str, ...]
    explanation: tuple[Said, ...]
    unverified: tuple[str, ...] = ()
    kind: ScoreKind = TENTHS                  # the units of `scores`

    def as_json(self, hand: int | None = None) -> dict[str, object]:
        return {"hand": hand, "winner": self.winner,
                "calls": dict(self.calls), "tricks": dict(self.tricks),
                "made": list(self.made),
                self.kind.key: dict(self.scores),
                "rules": list(self.rules),
                "explanation": [line.english for line in self.explanation]}


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _every_player(given: tuple[tuple[str, int], ...], hand: CallBreakHand,
                  calls: bool, rule: str) -> dict[str, int]:
    """The calls (`calls`), or the tricks taken, one for every player."""
    names = [name for name, _ in given]
    extra = [n for n in names if n not in hand.players]
    if extra or len(names) != len(set(names)):
        said = ", ".join(extra or names)
        raise Impossible(Said("call given twice or for someone not seated: {names}",
                              names=said) if calls else
                         Said("tricks given twice or for someone not seated: "
                              "{names}", names=said), rule)
    missing = [p for p in hand.players if p not in names]
    if missing:
        said = ", ".join(missing)
        raise Impossible(Said("no call given for {names}: every player needs one "
                              "(--bid NAME=N)", names=said) if calls else
                         Said("no tricks given for {names}: every player needs "
                              "one (--won NAME=N)", names=said), rule)
    bad = [f"{n}={v!r}" for n, v in given if not _count(v)]
    if bad:
        said = ", ".join(bad)
        raise Impossible(Said("not a whole number of tricks called: {items}",
                              items=said) if calls else
                         Said("not a whole number of tricks taken: {items}",
                              items=said), rule)
    return dict(given)


def validate_calls(hand: CallBreakHand, rules: CallBreakRules) -> None:
    """Refuse impossible calls (exit 2), the tricks not looked at: the
    table (CB-1), the dealer (CB-2), a call out of range (CB-4). Calls
    saved before the tricks are played (CB-18) are checked so too."""
    rules.check_player_count(len(hand.players))
    if len({p.casefold() for p in hand.players}) != len(hand.players):
        raise Impossible(Said("player names must be distinct"), rules.rule("table"))
    if hand.dealer not in hand.players:
        raise Impossible(Said("the dealer {name} is not at the table",
                              name=hand.dealer), rules.rule("deal"))
    calls = _every_player(hand.calls, hand, True, rules.rule("call"))
    low, high = rules.min_bid, rules.highest_call(len(hand.players))
    wrong = [Said("{name} {count}", name=p, count=c)
             for p, c in calls.items() if not low <= c <= high]
    if wrong:
        raise Impossible(Said("a call is {low}–{high} tricks, not: {calls}", low=low,
                              high=high, calls=listed(wrong)), rules.rule("call"))


def validate_hand(hand: CallBreakHand, rules: CallBreakRules) -> None:
    """Refuse impossible input (exit 2) before any ruling: the calls
    (`validate_calls`), tricks that are not 13 (10 at five) in all (CB-9)."""
    validate_calls(hand, rules)
    tricks = _every_player(hand.tricks, hand, False, rules.rule("tricks"))
    negative = [Said("{name} {count}", name=p, count=t)
                for p, t in tricks.items() if t < 0]
    if negative:
        raise Impossible(Said("tricks taken are 0 or more, not: {tricks}",
                              tricks=listed(negative)), rules.rule("tricks"))
    total, deal = sum(tricks.values()), rules.tricks(len(hand.players))
    if total != deal:
        raise Impossible(Said("the tricks add up to {sum} = {total}, not {deal}: "
                              "every deal at {seats} is {deal} tricks",
                              sum=listed([tricks[p] for p in hand.players], " + "),
                              total=total, deal=deal, seats=len(hand.players)),
                         rules.rule("tricks"))


def _ruling(name: str, call: int, took: int, rules: CallBreakRules
            ) -> tuple[int, Said, str]:
    """One player's score in tenths, the line explaining it, its rule."""
    tenths = rules.score_units(call, took)
    score = Figure(rules.score_kind.display(tenths))
    if took < call:
        return tenths, Said("{name} called {call}, took {took}: missed, {score}",
                            name=name, call=call, took=took, score=score), \
            rules.rule("score")
    if rules.taken_twice_over(call, took):
        return tenths, Said("{name} called {call}, took {took}: {score}; twice_over = "
                            "true: a call taken twice over or more scores minus the "
                            "call", name=name, call=call, took=took, score=score), \
            rules.rule("house")
    said = Said("{name} called {call}, took {took}: {score}", name=name,
                call=call, took=took, score=score)
    house: list[Said] = []
    if rules.made_points(call) != call:
        house.append(Said("bonus_8 = {bonus}: a call of {call} made scores "
                          "{points}", bonus=rules.bonus_8, call=call,
                          points=rules.made_points(call)))
    if took > call and rules.overtricks == Overtricks.NONE:
        house.append(Said("overtricks = none: a trick over the call adds nothing"))
    elif took > call and rules.bonus_scale != 10:
        house.append(Said("bonus_scale = {scale}: a trick over the call adds "
                          "1/{scale} point", scale=rules.bonus_scale))
    if house:
        for note in house:
            said = Said("{said}; {note}", said=said, note=note)
        return tenths, said, rules.rule("house")
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
        lines.append(Said("{line} ({rule})", line=line, rule=rule))
        cited.append(rule)
    best = max(t for _, t in scores)
    top = [p for p, t in scores if t == best]
    return CallBreakResult(
        calls=tuple((p, calls[p]) for p in hand.players),
        tricks=tuple((p, tricks[p]) for p in hand.players),
        scores=tuple(scores),
        made=tuple(p for p in hand.players if rules.made(calls[p], tricks[p])),
        winner=top[0] if len(top) == 1 else None,
        rules=(rules.rule("tricks"), *dict.fromkeys(cited)),
        explanation=tuple(lines), kind=rules.score_kind)
