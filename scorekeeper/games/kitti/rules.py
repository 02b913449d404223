"""Kitti's rule set and its one profile: the 3-card ranking's options
(`core.threecard`, KI-1 … KI-5) and Kitti's own (KI-6 …), the rule ids by
topic, its scores' kind (money, transfers)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Mapping

from scorekeeper.core.language import N_, NP_, Said
from scorekeeper.core.options import Profile, frozen_mapping
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.scores import ScoreKind
from scorekeeper.core.threecard import A23, ThreeCardRules
from scorekeeper.core.threecard import IDS as RANKING_IDS

NAME = "kitti"
MONEY = ScoreKind(scale=1, higher_is_better=True, transfers=True)
IDS = {**RANKING_IDS, "table": "KI-6", "order": "KI-7", "deal": "KI-8",
       "round_ties": "KI-9", "win": "KI-10", "four_kind": "KI-11",
       "four_pairs": "KI-12", "salami": "KI-13", "carry": "KI-14",
       "ledger": "KI-15", "unverified": "KI-16", "session": "KI-17"}


class Ties(StrEnum):
    """What a round's equal best hands do (KI-9)."""

    VOID = "void"        # nobody wins the round
    FIRST = "first"      # the first of them shown wins it


class Win(StrEnum):
    """What wins the deal (KI-10)."""

    TWO = "two"                  # any two rounds
    CONSECUTIVE = "consecutive"  # two rounds in a row


@dataclass(frozen=True)
class KittiRules(ThreeCardRules):
    min_players: int = 2
    max_players: int = 5
    ties: Ties = Ties.VOID
    win: Win = Win.TWO
    four_kind: bool = True
    four_pairs: bool = True
    salami: int = 2
    carry: bool = True
    stake: int = 1
    hands: int | None = None    # KI-17: open-ended, or N deals
    rule_ids: Mapping[str, str] = field(default_factory=lambda: frozen_mapping(IDS))

    @property
    def score_kind(self) -> ScoreKind:
        return MONEY

    def problems(self) -> list[tuple[str, Said]]:
        for key in ("four_kind", "four_pairs", "carry"):
            if getattr(self, key) not in (True, False):
                return [(key, Said("true or false"))]
        if self.hands is not None and self.hands <= 0:
            return [("hands", Said("a whole number of 1 or more, or none"))]
        return super().problems()

    def planned_hands(self, player_count: int) -> int | None:
        return self.hands

    def carried(self, previous: PlainMap | None) -> PlainDict:
        """KI-14, `carry = true`: the deals nobody won before this one, by
        number as text (a stored list holds text) (their stakes are paid with this one's); a redeal (KI-12)
        passes on what it held."""
        if previous is None or previous.get("winner") is not None or not self.carry:
            return {}
        held = [*previous.get("carried", []),
                *([] if previous.get("redeal") else [str(previous.get("hand"))])]
        return {"carried": held} if held else {}

PROFILES = (
    Profile(game=NAME, name=NP_("profile", "classic"),
            summary=N_("9 cards, three 3-card hands, best of three rounds"),
            rules=KittiRules(),
            options=("ties", "win", "four_kind", "four_pairs", "salami", "carry",
                     "stake", "hands", "a23", "top_235"),
            choices=frozen_mapping({"ties": tuple(Ties), "win": tuple(Win),
                                    "a23": tuple(A23)}),
            ranges=frozen_mapping({"salami": (1, 10), "stake": (1, 1_000_000)}),
            rules_section="Kitti, profile `classic`",
            also_sections=("Three-card hands",),
            topics=frozen_mapping({k: k for k in
                                   ("win", "four_kind", "four_pairs", "salami",
                                    "carry", "a23", "top_235")} | {"ties": "round_ties",
                                                                   "stake": "ledger",
                                                                   "hands": "session"})),
)
