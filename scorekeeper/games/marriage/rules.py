"""Marriage's rule set and profile: data that drives the one engine."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Iterable

from scorekeeper.cards import Card, check_copies
from scorekeeper.errors import Impossible
from scorekeeper.options import Profile, RuleSet, frozen_mapping

NAME = "marriage"


class FinishKind(StrEnum):
    """How a finisher shows 21 cards (MA-10)."""

    MELDS = "melds"
    DUBLEES = "dublees"

    @classmethod
    def read(cls, text: str, rule: str) -> "FinishKind":
        """`--by melds|dublees`, any case."""
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise Impossible(f"--by must be melds or dublees, not {text!r}",
                             rule) from None


@dataclass(frozen=True)
class MarriageRules(RuleSet):
    """Everything the Marriage engine needs (MA-1 … MA-14)."""

    max_players: int = 5
    decks: int = 3
    hand_size: int = 21
    fee_seen: int = 3
    fee_unseen: int = 10
    dublee_extra: int = 5
    maal_needs_seen: bool = True
    invalid_show_penalty: int = 0
    rotations: int = 1

    length_option: ClassVar[str] = "rotations"

    def problems(self) -> list[str]:
        problems = super().problems()
        if min(self.fee_seen, self.fee_unseen, self.dublee_extra) < 0:
            problems.append("fees must be 0 or more")
        if self.invalid_show_penalty < 0:
            problems.append("invalid_show_penalty must be 0 or more")
        if self.rotations <= 0:
            problems.append("rotations must be a positive whole number")
        return problems

    def planned_hands(self, player_count: int) -> int:
        return self.rotations * player_count

    def check_shoe(self, *groups: Iterable[Card]) -> None:
        """MA-1: the shoe has no jokers and holds every card `decks` times,
        across all the groups given (hands, the tiplu) together."""
        check_copies(groups, self.decks, 0, self.rule("table"))


IDS = {
    "table": "MA-1", "deal": "MA-2", "tunnela": "MA-3", "meld": "MA-4",
    "qualify": "MA-5", "tiplu": "MA-6", "wild": "MA-7", "turn": "MA-8",
    "dublee": "MA-9", "finish": "MA-10", "maal": "MA-11", "settle": "MA-12",
    "invalid": "MA-13", "session": "MA-14", "ledger": "MA-12",
}

THREE_DECK: Profile[MarriageRules] = Profile(
    game=NAME,
    name="three-deck",
    summary="three decks, secret tiplu, maal paid apart from the finish "
            "fee, T + w − n·S settlement",
    rules=MarriageRules(rule_ids=frozen_mapping(IDS)),
    options=("maal_needs_seen", "invalid_show_penalty", "rotations"),
    rules_section="Marriage, profile `three-deck`",
)
PROFILES: tuple[Profile[MarriageRules], ...] = (THREE_DECK,)
# The rules the pure functions cite when no session's rules are given.
DEFAULT_RULES = THREE_DECK.rules
