"""The template's rule set and its one profile: the rule ids by topic (the
rule book's, under the heading the profile names), its scores' kind, its
house option (`hands`)."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core.options import Profile, RuleSet, frozen_mapping
from scorekeeper.core.scores import ScoreKind

NAME = "bidtricks"
TENTHS = ScoreKind(scale=10, higher_is_better=True, transfers=False)
IDS = {"table": "BT-1", "deal": "BT-2", "score": "BT-3", "ledger": "BT-4",
       "session": "BT-5"}


@dataclass(frozen=True)
class BidRules(RuleSet):
    max_players: int = 4
    hands: int | None = 3

    @property
    def score_kind(self) -> ScoreKind:
        return TENTHS

    def planned_hands(self, player_count: int) -> int | None:
        return self.hands


PROFILES = (
    Profile(game=NAME, name="standard", summary="bids and tricks, in tenths",
            rules=BidRules(rule_ids=frozen_mapping(IDS)), options=("hands",)),
)
