"""Dhumbal's rule set and profiles: data that drives the one engine.

`DhumbalRules` holds every number and switch the engine reads (values, call
limit, penalty, how a hand is scored, which discards are legal, elimination,
session length). Rule ids differ between profiles (DH-8 and DC-8 both
resolve a call), so each profile carries its table of ids by topic.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType
from typing import Mapping

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, NP_, Said
from scorekeeper.core.options import ByPlayers, Profile, RuleSet, frozen_mapping
from scorekeeper.core.scores import NET, PENALTY_POINTS, ScoreKind

NAME = "dhumbal"

# Values of J, Q, K under each face scheme (A = 1 and 2–10 face value always).
FACE_SCHEMES: Mapping[str, tuple[int, int, int]] = MappingProxyType({
    "ten": (10, 10, 10),      # DH-2: J = Q = K = 10
    "nepali": (0, 10, 10),    # DC-2 default: J = 0, Q = K = 10
    "full": (11, 12, 13),     # DC-2 option: J = 11, Q = 12, K = 13
})


class Scoring(StrEnum):
    WINNER_COLLECTS = "winner-collects"   # zero-sum transfers (DH-8, DH-11)
    PENALTY_POINTS = "penalty-points"     # points added, lower is better (DC-8)


class Ties(StrEnum):
    """DO-2: another hand equal to the caller's."""

    CAUGHT = "caught"              # the caller is caught (DH-8, DC-8)
    CALLER_WINS = "caller_wins"    # the caller wins the tie


class CaughtPays(StrEnum):
    """DO-3: what a caught caller is charged."""

    INSTEAD = "instead"    # the penalty instead of the hand (DH-8, DC-8)
    PLUS = "plus"          # the penalty plus the hand


class Pickup(StrEnum):
    """Taking from a just-discarded group (DH-5/DH-6, DC-6)."""

    TOP = "top"        # its last card ends on top and may be taken
    NONE = "none"      # only a single discarded card may be picked up


@dataclass(frozen=True)
class DhumbalRules(RuleSet):
    """Everything the Dhumbal engine needs to referee one session."""

    max_players: int = 6
    decks: int = 1
    jokers: int = 0
    faces: str = "ten"
    # A number, a table by player count (DO-1), or None: any value calls.
    call_limit: int | ByPlayers | None = 5
    penalty: int = 25
    double_penalty: bool = False
    double_penalty_margin: int = 5
    double_penalty_amount: int = 50
    scoring: Scoring = Scoring.WINNER_COLLECTS
    # When the caller is caught, are the other players charged their hands
    # (DH-8: yes, the winner collects them) or do they score nothing (DC-8)?
    caught_others_charged: bool = True
    ties: Ties = Ties.CAUGHT
    caught_pays: CaughtPays = CaughtPays.INSTEAD
    discard_before_draw: bool = False
    runs_discardable: bool = False
    ace_high: bool = False          # DO-4: Q K A ends a run
    joker_pair: bool = False        # DO-5: JK JK alone is a discard
    max_set: int = 4                # DO-6: 5 with a joker
    pick_run_ends: bool = False     # DO-7: an end card of a run may be taken
    # Unless pick_from_set lets any card of a set be taken.
    group_pickup: Pickup = Pickup.TOP
    pick_from_set: bool = False
    # Penalty points: every other hand tied at the lowest scores 0 with the
    # winner when the caller is caught (YA-8), not only the winner.
    share_lowest: bool = False
    # YA-9: a total that rose this hand and lands exactly on one of these
    # drops by `reset_by` (jdross/yaniv: 50 → 0, 100 → 50).
    reset: bool = False
    reset_totals: tuple[int, ...] = (50, 100)
    reset_by: int = 50
    eliminate_at: int | None = None
    hands: int | None = 3
    turn_cap: int | None = 200
    hand_size: int = 5

    def problems(self) -> list[tuple[str, Said]]:
        problems = super().problems()
        positive = Said("a whole number of 1 or more")
        or_none = Said("a whole number of 1 or more, or none")
        checks = [
            ("jokers", self.jokers in (0, 2), Said("0 or 2")),
            ("faces", self.faces in FACE_SCHEMES,
             Said("one of {values}", values=", ".join(FACE_SCHEMES))),
            ("call_limit", self._call_limit_ok(),
             Said("a whole number of 0 or more, a table by player count such as "
                  "2:5,3:10,4:15 starting at {fewest} or fewer, or none",
                  fewest=self.min_players)),
            ("penalty", self.penalty > 0, positive),
            ("double_penalty_amount", self.double_penalty_amount > 0, positive),
            ("double_penalty_margin", self.double_penalty_margin >= 0,
             Said("a whole number of 0 or more")),
            ("eliminate_at", self.eliminate_at is None or self.eliminate_at > 0,
             or_none),
            ("hands", self.hands is None or self.hands > 0, or_none),
            ("turn_cap", self.turn_cap is None or self.turn_cap > 0, or_none),
            ("max_set", 2 <= self.max_set <= 4 or (self.max_set == 5
                                                    and self.jokers > 0),
             Said("2, 3 or 4, or 5 with jokers = 2 (the fifth card of a rank is "
                  "a joker)")),
        ]
        return problems + [(key, takes) for key, ok, takes in checks if not ok]

    def _call_limit_ok(self) -> bool:
        limit = self.call_limit
        if isinstance(limit, ByPlayers):
            return limit.problem(self.min_players) is None
        return limit is None or limit >= 0

    def limit_for(self, players: int | None) -> int | None:
        """DH-4 / DC-4 / DO-1: the call limit at a table of `players` (None:
        any value calls). A limit by player count needs the count."""
        limit = self.call_limit
        if not isinstance(limit, ByPlayers):
            return limit
        if players is None:
            raise Impossible(Said("the call limit depends on how many play "
                                  "(call_limit = {limit}): give --players N",
                                  limit=str(limit)),
                             self.rule_or("call_table", "call"))
        return limit.at(players)

    def card_value(self, rank: int) -> int:
        """DH-2 / DC-2: A = 1, 2–10 face value, faces per scheme, joker 0."""
        return self.rank_values[rank]

    @cached_property
    def rank_values(self) -> tuple[int, ...]:
        """The value of each rank, joker (0) to K (13): looked up, not
        worked out, for every card `verify` values."""
        return (0, *range(1, 11), *FACE_SCHEMES[self.faces])

    @cached_property
    def max_hand_value(self) -> int:
        """The most a hand can be worth: its size in the deck's dearest cards
        (K K K K Q = 64 with full faces, not 5 × 13); worked out once, not
        for every agreed total `verify` reads."""
        values = sorted((self.card_value(rank) for rank in range(1, 14)
                         for _ in range(4 * self.decks)), reverse=True)
        return sum(values[:self.hand_size])

    @cached_property
    def score_kind(self) -> ScoreKind:
        """Whole points: a net passed to the winner (DH-11), or penalty
        points each player adds, lower is better (DC-8). Looked up, not
        worked out, for every hand `verify` rules again."""
        return NET if self.scoring == Scoring.WINNER_COLLECTS else PENALTY_POINTS

    @property
    def elimination_limit(self) -> int | None:
        return self.eliminate_at

    @property
    def uses_totals(self) -> bool:
        return self.reset

    def planned_hands(self, player_count: int) -> int | None:
        return self.hands


# The house options every profile shares (RULES.md "Dhumbal house options").
HOUSE_IDS = {"call_table": "DO-1", "ties": "DO-2", "caught_pays": "DO-3",
             "ace_high": "DO-4", "joker_pair": "DO-5", "max_set": "DO-6",
             "pick_run_ends": "DO-7", "set_or_run": "DO-8"}
HOUSE_SECTIONS = ("Dhumbal house options",)

NEPALI_IDS = {
    "table": "DH-1", "values": "DH-2", "deal": "DH-3", "call": "DH-4",
    "turn": "DH-5", "taken": "DH-6", "resolve": "DH-8", "empty": "DH-9",
    "show": "DH-10", "ledger": "DH-11", "session": "DH-12", "seats": "DH-13",
    **HOUSE_IDS,
}
YANIV_IDS = {
    "table": "YA-1", "values": "YA-2", "deal": "YA-3", "call": "YA-4",
    "turn": "YA-5", "taken": "YA-6", "resolve": "YA-8", "empty": "YA-8",
    "show": "YA-8", "ledger": "YA-8", "reset": "YA-9", "eliminate": "YA-10",
    "session": "YA-11", "seats": "YA-12", **HOUSE_IDS,
}
CARDRULESPLUS_IDS = {
    "table": "DC-1", "values": "DC-2", "deal": "DC-3", "call": "DC-4",
    "turn": "DC-5", "taken": "DC-6", "resolve": "DC-8", "empty": "DC-8",
    "show": "DC-8", "ledger": "DC-8", "eliminate": "DC-9", "session": "DC-10",
    "seats": "DC-11",
    **HOUSE_IDS,
}

# The rule that defines each option (cited when a value is refused).
TOPICS = {"jokers": "table", "faces": "values", "call_limit": "call",
          "penalty": "resolve", "double_penalty": "resolve",
          "pick_from_set": "taken", "eliminate_at": "eliminate",
          "hands": "session", "turn_cap": "show", "ties": "ties",
          "caught_pays": "caught_pays", "ace_high": "ace_high",
          "joker_pair": "joker_pair", "max_set": "max_set",
          "pick_run_ends": "pick_run_ends", "reset": "reset"}

PROFILES: tuple[Profile[DhumbalRules], ...] = (
    Profile(
        game=NAME,
        name=NP_("profile", "nepali-games"),
        summary=N_("house profile: draw first, faces 10, no sequences, winner "
                "collects, caught caller pays 25 instead of the hand"),
        rules=DhumbalRules(rule_ids=frozen_mapping(NEPALI_IDS)),
        options=("call_limit", "penalty", "ties", "caught_pays", "hands",
                 "turn_cap"),
        aliases=("jhyap",),
        rules_section="Dhumbal, profile `nepali-games`",
        also_sections=HOUSE_SECTIONS,
        topics=frozen_mapping(TOPICS),
    ),
    Profile(
        game=NAME,
        name=NP_("profile", "cardrulesplus"),
        summary=N_("published variant: J = 0, discard first, runs, penalty "
                "points (lower is better), elimination at 100"),
        rules=DhumbalRules(
            max_players=5, faces="nepali", call_limit=None, penalty=25,
            scoring=Scoring.PENALTY_POINTS, caught_others_charged=False,
            discard_before_draw=True, runs_discardable=True,
            group_pickup=Pickup.NONE, eliminate_at=100, hands=None,
            turn_cap=None, rule_ids=frozen_mapping(CARDRULESPLUS_IDS)),
        options=("jokers", "faces", "call_limit", "penalty", "double_penalty",
                 "ties", "caught_pays", "ace_high", "joker_pair", "max_set",
                 "pick_from_set", "pick_run_ends", "eliminate_at", "hands"),
        choices=MappingProxyType({"jokers": (0, 2), "faces": ("nepali", "full"),
                                  "penalty": (25, 30), "max_set": (4, 5)}),
        rules_section="Dhumbal, profile `cardrulesplus`",
        also_sections=HOUSE_SECTIONS,
        topics=frozen_mapping(TOPICS),
    ),
    Profile(
        game=NAME,
        name=NP_("profile", "yaniv"),
        summary=N_("Yaniv as its rule pages play it: call at 7 or less, J Q K 10, "
                "two jokers at 0, discard first, runs, caught caller adds 30 "
                "plus the hand, penalty points, a total landing on 50 or 100 "
                "drops by 50, out past 100"),
        rules=DhumbalRules(
            max_players=5, jokers=2, faces="ten", call_limit=7, penalty=30,
            scoring=Scoring.PENALTY_POINTS, caught_pays=CaughtPays.PLUS,
            share_lowest=True, discard_before_draw=True, runs_discardable=True,
            joker_pair=True, max_set=5, group_pickup=Pickup.NONE,
            pick_from_set=True, pick_run_ends=True, reset=True,
            eliminate_at=100, hands=None, turn_cap=None,
            rule_ids=frozen_mapping(YANIV_IDS)),
        options=("call_limit", "penalty", "ties", "caught_pays", "ace_high",
                 "joker_pair", "max_set", "pick_from_set", "pick_run_ends",
                 "reset", "eliminate_at", "hands"),
        choices=MappingProxyType({"max_set": (4, 5)}),
        rules_section="Dhumbal, profile `yaniv`",
        also_sections=HOUSE_SECTIONS,
        topics=frozen_mapping(TOPICS),
    ),
)
