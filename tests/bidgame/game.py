"""The fake game as the ledger sees it: `GAME`."""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from bidgame.flags import HAND_FLAGS
from bidgame.rules import NAME, PROFILES, BidRules
from scorekeeper.core.errors import Impossible
from scorekeeper.core.seating import Seating
from scorekeeper.games.interface import Game, compare_scores, compare_value


class BidHand(NamedTuple):
    seated: tuple[str, ...]
    dealer: str
    bids: tuple[tuple[str, int], ...]
    tricks: tuple[tuple[str, int], ...]


class BidResult(NamedTuple):
    bids: tuple[tuple[str, int], ...]
    tricks: tuple[tuple[str, int], ...]
    scores: tuple[tuple[str, int], ...]
    winner: str | None
    rules: tuple[str, ...]
    explanation: tuple[str, ...]
    unverified: tuple[str, ...] = ()


def _numbers(raw: Any, table: Seating, what: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, Mapping) or set(raw) != set(table.seated):
        raise Impossible(f"a {what} for each seated player")
    return tuple((p, int(raw[p])) for p in table.seated)


class BidGame(Game[BidRules, BidHand, BidResult]):
    name = NAME
    title = "Bid and tricks"
    profiles = PROFILES
    hand_flags = HAND_FLAGS
    stored_required = ("bids", "tricks")
    stored_types = {"bids": (dict, "a table NAME = BID"),
                    "tricks": (dict, "a table NAME = TRICKS")}
    name_keys = frozenset()
    tallies = ()

    def args_from_flags(self, flags: Mapping[str, Any], table: Seating,
                        rules: BidRules) -> BidHand:
        def pairs(items: list[str]) -> dict[str, int]:
            return {table.name(k): int(v) for k, _, v in
                    (item.partition("=") for item in items)}
        return BidHand(table.seated, table.dealer,
                       _numbers(pairs(flags.get("bid", [])), table, "bid"),
                       _numbers(pairs(flags.get("tricks", [])), table, "tricks"))

    def args_from_stored(self, data: Mapping[str, Any], table: Seating,
                         rules: BidRules) -> BidHand:
        return BidHand(table.seated, table.dealer,
                       _numbers(data.get("bids"), table, "bid"),
                       _numbers(data.get("tricks"), table, "tricks"))

    def flags_from_stored(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return {"bid": [f"{p}={v}" for p, v in data["bids"].items()],
                "tricks": [f"{p}={v}" for p, v in data["tricks"].items()]}

    def resolve(self, args: BidHand, rules: BidRules) -> BidResult:
        bids, tricks = dict(args.bids), dict(args.tricks)
        scores = tuple((p, 10 * bids[p] + tricks[p] - bids[p]
                        if tricks[p] >= bids[p] else -10 * bids[p])
                       for p in args.seated)
        best = max(v for _, v in scores)
        winner = next(p for p, v in scores if v == best)
        return BidResult(args.bids, args.tricks, scores, winner,
                         (rules.rule("score"),), ("made bids score bid.extra",))

    def to_stored(self, number: int, args: BidHand, result: BidResult
                  ) -> dict[str, Any]:
        return {"hand": number, "dealer": args.dealer, "bids": dict(args.bids),
                "tricks": dict(args.tricks), "winner": result.winner,
                "points": dict(result.scores), "rules": list(result.rules)}

    def compare(self, data: Mapping[str, Any], result: BidResult,
                score_key: str) -> list[str]:
        out: list[str] = []
        compare_value(data, "winner", result.winner, out)
        compare_scores(data, score_key, dict(result.scores), out)
        return out

    def result_json(self, result: BidResult, hand: int | None) -> dict[str, Any]:
        return {"hand": hand, "winner": result.winner, "caught": None,
                "points": dict(result.scores), "rules": list(result.rules),
                "explanation": list(result.explanation)}

    def history_facts(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return {"winner": data.get("winner"), "unverified": []}

    def story(self, facts: Mapping[str, Any]) -> str:
        return f"best: {facts.get('winner')}"

    def tally(self, facts: Mapping[str, Any], player: str) -> dict[str, int]:
        return {}


GAME = BidGame()
