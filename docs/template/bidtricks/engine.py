"""The template's rules of one hand: the hand as entered, its ruling, and
`resolve` (`Game.resolve` calls it: the game's rules, pure)."""

from __future__ import annotations

from typing import NamedTuple

from bidtricks.rules import TENTHS, BidRules
from scorekeeper.core.language import Said
from scorekeeper.core.plain import PlainDict
from scorekeeper.games.interface import ruling_json


class BidHand(NamedTuple):
    seated: tuple[str, ...]
    dealer: str
    bid: tuple[tuple[str, int], ...]
    tricks: tuple[tuple[str, int], ...]


class BidResult(NamedTuple):
    bid: tuple[tuple[str, int], ...]
    tricks: tuple[tuple[str, int], ...]
    scores: tuple[tuple[str, int], ...]
    winner: str | None
    rules: tuple[str, ...]
    explanation: tuple[Said, ...]
    unverified: tuple[str, ...] = ()

    def as_json(self, hand: int | None) -> PlainDict:
        """`record --json`: the keys every game's ruling has."""
        return ruling_json(self, hand, TENTHS.key)


def resolve(args: BidHand, rules: BidRules) -> BidResult:
    """BT-3: a bid made scores the bid and a tenth a trick over; one missed
    loses the bid. The best score wins the hand."""
    bids, tricks = dict(args.bid), dict(args.tricks)
    scores = tuple((p, 10 * bids[p] + tricks[p] - bids[p]
                    if tricks[p] >= bids[p] else -10 * bids[p])
                   for p in args.seated)
    best = max(v for _, v in scores)
    winner = next(p for p, v in scores if v == best)
    return BidResult(args.bid, args.tricks, scores, winner,
                     (rules.rule("score"),),
                     (Said("made bids score bid.extra"),))
