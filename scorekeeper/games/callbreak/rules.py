"""Call Break's rule set and profile: data that drives the one engine.

`CallBreakRules` holds every number and switch the engine and the table's
rulings read: the range of a call, whether a follower must head the trick,
the direction of the deal, the score of a made call of 8 or more, whether
overtricks count a tenth, the number of rounds and when a deal may be
thrown in. Scores are kept in tenths of a point (3.1 is 31), higher is
better, and they are not transfers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from scorekeeper.core.options import Profile, RuleSet, frozen_mapping
from scorekeeper.core.scores import ScoreKind

NAME = "callbreak"
# Every player takes 13 cards of one 52-card deck: a deal holds 13 tricks.
TRICKS = 13
# The range a table may set `bonus_8` to (CB-11): above a call of 8, and
# at most a call of 13 doubled.
BONUS_RANGE = (9, 26)
# CB-10, CB-12: tenths of a point (3.1 is kept as 31), the highest total
# wins, and a score is nobody's loss (not transfers).
TENTHS = ScoreKind(scale=10, higher_is_better=True, transfers=False)


class Overtricks(StrEnum):
    """What a trick taken beyond the call adds (CB-11)."""

    TENTH = "tenth"      # 0.1 each: called 3, took 5 scores 3.2
    NONE = "none"        # nothing: called 3, took 5 scores 3


@dataclass(frozen=True)
class CallBreakRules(RuleSet):
    """Everything the Call Break engine needs (CB-1 … CB-13)."""

    min_players: int = 4
    max_players: int = 4
    min_bid: int = 1
    max_bid: int = 8
    must_head: bool = True
    clockwise: bool = False
    bonus_8: int | None = None
    overtricks: Overtricks = Overtricks.TENTH
    rounds: int = 5
    redeal_no_honour: bool = False

    length_option: ClassVar[str] = "rounds"

    def problems(self) -> list[tuple[str, str]]:
        problems = super().problems()
        if self.min_players != 4 or self.max_players != 4:
            problems.append(("max_players", "4: a deal is 13 cards to each of 4"))
        if not 1 <= self.min_bid <= 2:
            problems.append(("min_bid", "1 or 2"))
        if not max(self.min_bid, 8) <= self.max_bid <= TRICKS:
            problems.append(("max_bid", f"a whole number from 8 to {TRICKS}"))
        low, high = BONUS_RANGE
        if self.bonus_8 is not None and not low <= self.bonus_8 <= high:
            problems.append(("bonus_8", f"a whole number from {low} to {high}, "
                                        "or none"))
        if self.overtricks not in tuple(Overtricks):
            problems.append(("overtricks", "one of " + ", ".join(Overtricks)))
        if self.rounds <= 0:
            problems.append(("rounds", "a whole number of 1 or more"))
        return problems

    @property
    def score_kind(self) -> ScoreKind:
        return TENTHS

    def planned_hands(self, player_count: int) -> int:
        return self.rounds

    def made_points(self, call: int) -> int:
        """The whole points a made call scores before its overtricks
        (CB-10; with `bonus_8`, a call of 8 or more scores at least it)."""
        if self.bonus_8 is not None and call >= 8:
            return max(self.bonus_8, call)
        return call

    def score_tenths(self, call: int, took: int) -> int:
        """CB-10 / CB-11: the score of one player's deal in tenths: a made
        call is 10·call (or the bonus) plus one per trick over it; a missed
        call is minus ten times the call."""
        if took < call:
            return -10 * call
        extra = took - call if self.overtricks == Overtricks.TENTH else 0
        return 10 * self.made_points(call) + extra


IDS = {
    "table": "CB-1", "deal": "CB-2", "redeal": "CB-3", "call": "CB-4",
    "lead": "CB-5", "follow": "CB-6", "trump": "CB-7", "trick": "CB-8",
    "tricks": "CB-9", "score": "CB-10", "house": "CB-11", "session": "CB-12",
    "money": "CB-13", "ledger": "CB-10", "seats": "CB-14",
}

CLASSIC: Profile[CallBreakRules] = Profile(
    game=NAME,
    name="classic",
    summary="4 players, spades trump, call 1–8, made call + 0.1 per extra "
            "trick, missed call minus the call, 5 rounds",
    rules=CallBreakRules(rule_ids=frozen_mapping(IDS)),
    options=("min_bid", "max_bid", "must_head", "clockwise", "bonus_8",
             "overtricks", "rounds", "redeal_no_honour"),
    choices=frozen_mapping({"min_bid": (1, 2), "overtricks": tuple(Overtricks)}),
    rules_section="Call Break, profile `classic`",
    ranges=frozen_mapping({"max_bid": (8, TRICKS)}),
    topics=frozen_mapping({"min_bid": "call", "max_bid": "call",
                           "must_head": "follow", "clockwise": "deal",
                           "bonus_8": "house", "overtricks": "house",
                           "rounds": "session", "redeal_no_honour": "redeal"}),
)
PROFILES: tuple[Profile[CallBreakRules], ...] = (CLASSIC,)
