"""Rule profiles: frozen, validated dataclasses that drive one engine per game.

A profile is *data*. `DhumbalRules` holds every number and switch the
Dhumbal engine reads (values, call limit, penalty, how a hand is scored,
which discards are legal, elimination, session length); `MarriageRules` does
the same for Marriage. A `Profile` names a default rule set and the house
options a table may change with `--set KEY=VALUE`. The engines never ask a
profile for its name: they read its fields.

Rule ids differ between profiles (DH-8 and DC-8 both resolve a call), so
each rule set carries a `rule_ids` table from a topic to the id it cites.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, Mapping

from scorekeeper.errors import Impossible

# Values of J, Q, K under each face scheme (A = 1 and 2–10 face value always).
FACE_SCHEMES: Mapping[str, tuple[int, int, int]] = MappingProxyType({
    "ten": (10, 10, 10),      # DH-2: J = Q = K = 10
    "nepali": (0, 10, 10),    # DC-2 default: J = 0, Q = K = 10
    "full": (11, 12, 13),     # DC-2 option: J = 11, Q = 12, K = 13
})

WINNER_COLLECTS = "winner-collects"   # zero-sum transfers (DH-8, DH-11)
PENALTY_POINTS = "penalty-points"     # points added, lower is better (DC-8)
SCORING_MODES = (WINNER_COLLECTS, PENALTY_POINTS)


def _mapping(data: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(data))


@dataclass(frozen=True)
class DhumbalRules:
    """Everything the Dhumbal engine needs to referee one session."""

    min_players: int = 2
    max_players: int = 6
    decks: int = 1
    jokers: int = 0
    faces: str = "ten"
    call_limit: int | None = 5
    penalty: int = 25
    double_penalty: bool = False
    double_penalty_margin: int = 5
    double_penalty_amount: int = 50
    scoring: str = WINNER_COLLECTS
    # When the caller is caught, are the other players charged their hands
    # (DH-8: yes, the winner collects them) or do they score nothing (DC-8)?
    caught_others_charged: bool = True
    discard_before_draw: bool = False
    runs_discardable: bool = False
    max_set: int = 4
    # Taking from a just-discarded group: "top" (DH-5/DH-6: its last card
    # ends on top and may be taken) or "none" (DC-6: only a single card may
    # be picked up) — unless pick_from_set lets any card of a set be taken.
    group_pickup: str = "top"
    pick_from_set: bool = False
    eliminate_at: int | None = None
    hands: int | None = 3
    turn_cap: int | None = 200
    hand_size: int = 5
    rule_ids: Mapping[str, str] = field(default_factory=lambda: _mapping({}))

    game = "dhumbal"

    def __post_init__(self) -> None:
        problems = []
        if not 2 <= self.min_players <= self.max_players:
            problems.append("players: need 2 ≤ min_players ≤ max_players")
        if self.jokers not in (0, 2):
            problems.append(f"jokers must be 0 or 2, not {self.jokers}")
        if self.faces not in FACE_SCHEMES:
            problems.append(f"faces must be one of {', '.join(FACE_SCHEMES)}, "
                            f"not {self.faces!r}")
        if self.call_limit is not None and self.call_limit < 0:
            problems.append("call_limit must be 0 or more, or none")
        if self.penalty <= 0:
            problems.append("penalty must be a positive whole number")
        if self.double_penalty_amount <= 0 or self.double_penalty_margin < 0:
            problems.append("the double penalty must be positive")
        if self.scoring not in SCORING_MODES:
            problems.append(f"scoring must be one of {SCORING_MODES}")
        if self.eliminate_at is not None and self.eliminate_at <= 0:
            problems.append("eliminate_at must be a positive whole number or none")
        if self.hands is not None and self.hands <= 0:
            problems.append("hands must be a positive whole number or none")
        if self.turn_cap is not None and self.turn_cap <= 0:
            problems.append("turn_cap must be a positive whole number or none")
        if self.group_pickup not in ("top", "none"):
            problems.append("group_pickup must be top or none")
        if not 2 <= self.max_set <= 4:
            problems.append("max_set must be 2 to 4")
        if problems:
            raise Impossible("; ".join(problems))

    def rule(self, topic: str) -> str:
        return self.rule_ids[topic]

    def card_value(self, rank: int) -> int:
        """DH-2 / DC-2: A = 1, 2–10 face value, faces per scheme, joker 0."""
        if rank == 0:
            return 0
        if rank <= 10:
            return rank
        return FACE_SCHEMES[self.faces][rank - 11]

    @property
    def max_hand_value(self) -> int:
        """The most a hand can be worth: its size in the deck's dearest cards
        (K K K K Q = 64 with full faces, not 5 × 13)."""
        values = sorted((self.card_value(rank) for rank in range(1, 14)
                         for _ in range(4 * self.decks)), reverse=True)
        return sum(values[:self.hand_size])

    @property
    def zero_sum(self) -> bool:
        return self.scoring == WINNER_COLLECTS

    @property
    def lower_is_better(self) -> bool:
        return self.scoring == PENALTY_POINTS

    def planned_hands(self, player_count: int) -> int | None:
        return self.hands


@dataclass(frozen=True)
class MarriageRules:
    """Everything the Marriage engine needs (MA-1 … MA-14)."""

    min_players: int = 2
    max_players: int = 5
    decks: int = 3
    hand_size: int = 21
    fee_seen: int = 3
    fee_unseen: int = 10
    dublee_extra: int = 5
    maal_needs_seen: bool = True
    invalid_show_penalty: int = 0
    rotations: int = 1
    rule_ids: Mapping[str, str] = field(default_factory=lambda: _mapping({}))

    game = "marriage"
    jokers = 0
    eliminate_at = None
    zero_sum = True
    lower_is_better = False
    scoring = WINNER_COLLECTS

    def __post_init__(self) -> None:
        problems = []
        if not 2 <= self.min_players <= self.max_players:
            problems.append("players: need 2 ≤ min_players ≤ max_players")
        if min(self.fee_seen, self.fee_unseen, self.dublee_extra) < 0:
            problems.append("fees must be 0 or more")
        if self.invalid_show_penalty < 0:
            problems.append("invalid_show_penalty must be 0 or more")
        if self.rotations <= 0:
            problems.append("rotations must be a positive whole number")
        if problems:
            raise Impossible("; ".join(problems))

    def rule(self, topic: str) -> str:
        return self.rule_ids[topic]

    def planned_hands(self, player_count: int) -> int:
        return self.rotations * player_count


Rules = DhumbalRules | MarriageRules


@dataclass(frozen=True)
class Profile:
    """A named rule set and the house options a table may change."""

    game: str
    name: str
    summary: str
    rules: Rules
    options: tuple[str, ...]
    choices: Mapping[str, tuple[Any, ...]] = field(
        default_factory=lambda: MappingProxyType({}))
    rules_section: str = ""

    def option_values(self, rules: Rules) -> dict[str, Any]:
        return {name: getattr(rules, name) for name in self.options}

    def build(self, settings: Mapping[str, Any] | None = None) -> Rules:
        """Apply already-typed option values, validating each."""
        settings = dict(settings or {})
        for key, value in settings.items():
            if key not in self.options:
                raise Impossible(
                    f"unknown option {key!r} for profile {self.name}; options: "
                    + ", ".join(self.options))
            allowed = self.choices.get(key)
            if allowed is not None and value not in allowed:
                raise Impossible(
                    f"option {key} must be one of "
                    + ", ".join(format_option(v) for v in allowed)
                    + f", not {format_option(value)}")
        return replace(self.rules, **settings)

    def parse_settings(self, assignments: list[str] | tuple[str, ...]) -> Rules:
        """Parse `KEY=VALUE` strings (the `--set` option) and build."""
        typed: dict[str, Any] = {}
        for text in assignments:
            key, sep, raw = text.partition("=")
            key = key.strip().replace("-", "_")
            if not sep or not key:
                raise Impossible(f"--set expects KEY=VALUE, got {text!r}")
            if key not in self.options:
                raise Impossible(
                    f"unknown option {key!r} for profile {self.name}; options: "
                    + ", ".join(self.options))
            if key in typed:
                raise Impossible(f"option {key} is given twice")
            typed[key] = parse_option_value(self.rules, key, raw.strip())
        return self.build(typed)

    def from_stored(self, stored: Mapping[str, Any]) -> Rules:
        """Rebuild rules from the option values a ledger stores."""
        typed: dict[str, Any] = {}
        for key, value in stored.items():
            if key not in self.options:
                raise Impossible(f"unknown option {key!r} for profile {self.name}")
            text = value if isinstance(value, str) else format_option(value)
            typed[key] = parse_option_value(self.rules, key, text)
        return self.build(typed)


def _field_type(rules: Rules, key: str) -> str:
    for f in fields(rules):
        if f.name == key:
            return str(f.type)
    raise Impossible(f"unknown option {key!r}")


def parse_option_value(rules: Rules, key: str, raw: str) -> Any:
    """Typed parsing of one option value, by the field's declared type."""
    kind = _field_type(rules, key)
    lowered = raw.lower()
    if kind == "bool":
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise Impossible(f"option {key} takes true or false, not {raw!r}")
    if kind.startswith("int"):
        if "None" in kind and lowered in ("none", "off", ""):
            return None
        try:
            return int(raw)
        except ValueError:
            extra = " or none" if "None" in kind else ""
            raise Impossible(
                f"option {key} takes a whole number{extra}, not {raw!r}") from None
    return raw


def format_option(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def stored_option(value: Any) -> Any:
    """How an option value is written into the TOML ledger (no nulls)."""
    return "none" if value is None else value


DHUMBAL_NEPALI_IDS = {
    "table": "DH-1", "values": "DH-2", "deal": "DH-3", "call": "DH-4",
    "turn": "DH-5", "taken": "DH-6", "resolve": "DH-8", "empty": "DH-9",
    "show": "DH-10", "ledger": "DH-11", "session": "DH-12",
}
DHUMBAL_CRP_IDS = {
    "table": "DC-1", "values": "DC-2", "deal": "DC-3", "call": "DC-4",
    "turn": "DC-5", "taken": "DC-6", "resolve": "DC-8", "empty": "DC-8",
    "show": "DC-8", "ledger": "DC-8", "eliminate": "DC-9", "session": "DC-10",
}
MARRIAGE_IDS = {
    "table": "MA-1", "deal": "MA-2", "tunnela": "MA-3", "meld": "MA-4",
    "qualify": "MA-5", "tiplu": "MA-6", "wild": "MA-7", "turn": "MA-8",
    "dublee": "MA-9", "finish": "MA-10", "maal": "MA-11", "settle": "MA-12",
    "invalid": "MA-13", "session": "MA-14", "ledger": "MA-12",
}

PROFILES: tuple[Profile, ...] = (
    Profile(
        game="dhumbal",
        name="nepali-games",
        summary="house profile: draw first, faces 10, no sequences, winner "
                "collects, caught caller pays 25 instead of the hand",
        rules=DhumbalRules(rule_ids=_mapping(DHUMBAL_NEPALI_IDS)),
        options=("call_limit", "penalty", "hands", "turn_cap"),
        rules_section="Dhumbal, profile `nepali-games`",
    ),
    Profile(
        game="dhumbal",
        name="cardrulesplus",
        summary="published variant: J = 0, discard first, runs, penalty "
                "points (lower is better), elimination at 100",
        rules=DhumbalRules(
            max_players=5, faces="nepali", call_limit=None, penalty=25,
            scoring=PENALTY_POINTS, caught_others_charged=False,
            discard_before_draw=True, runs_discardable=True, group_pickup="none",
            eliminate_at=100, hands=None, turn_cap=None,
            rule_ids=_mapping(DHUMBAL_CRP_IDS)),
        options=("jokers", "faces", "call_limit", "penalty", "double_penalty",
                 "pick_from_set", "eliminate_at", "hands"),
        choices=MappingProxyType({"jokers": (0, 2), "faces": ("nepali", "full"),
                                  "penalty": (25, 30)}),
        rules_section="Dhumbal, profile `cardrulesplus`",
    ),
    Profile(
        game="marriage",
        name="three-deck",
        summary="three decks, secret tiplu, maal paid apart from the finish "
                "fee, T + w − n·S settlement",
        rules=MarriageRules(rule_ids=_mapping(MARRIAGE_IDS)),
        options=("maal_needs_seen", "invalid_show_penalty", "rotations"),
        rules_section="Marriage, profile `three-deck`",
    ),
)

GAMES = ("dhumbal", "marriage")
DEFAULT_PROFILE = {"dhumbal": "nepali-games", "marriage": "three-deck"}


def get_profile(game: str, name: str | None = None) -> Profile:
    game = game.lower()
    if game not in GAMES:
        raise Impossible(f"unknown game {game!r}; games: {', '.join(GAMES)}")
    name = (name or DEFAULT_PROFILE[game]).lower()
    for profile in PROFILES:
        if profile.game == game and profile.name == name:
            return profile
    known = ", ".join(p.name for p in PROFILES if p.game == game)
    raise Impossible(f"unknown profile {name!r} for {game}; profiles: {known}")
