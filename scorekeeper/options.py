"""Rule sets and profiles: the data every game's engine reads.

A *rule set* is a frozen dataclass, validated when built, holding every
number and switch one game's engine needs. Each game defines its own
(`DhumbalRules`, `MarriageRules`) on top of `RuleSet`, which holds what the
session needs of any game: the player range, the rule ids it cites, how a
hand is scored (zero-sum or penalty points), how long a session lasts and
whether players are eliminated.

A `Profile` names a default rule set and the house options a table may
change with `--set KEY=VALUE`; options are typed by the rule set's fields.
The engines never ask a profile for its name: they read its fields.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Mapping, NamedTuple, Sequence, TypeVar

from scorekeeper.errors import Impossible

# A whole number as people type it: ASCII digits, maybe a minus ("²" and
# "--5" are not numbers, though str.isdigit() would take "²").
_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


def is_whole_number(text: str) -> bool:
    return _WHOLE_NUMBER.fullmatch(text) is not None


def frozen_mapping(data: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(data))


def _no_ids() -> Mapping[str, str]:
    return MappingProxyType({})


@dataclass(frozen=True)
class RuleSet:
    """What the session needs of every game's rules.

    `rule_ids` maps a topic ("table", "deal", "ledger", "session", …) to the
    rule id a ruling cites; every game cites its rules through it.
    """

    min_players: int = 2
    max_players: int = 6
    rule_ids: Mapping[str, str] = field(default_factory=_no_ids)

    # The option that sets how long a session lasts (`new --hands N` or
    # `new --rotations N`, `extend` likewise).
    length_option: ClassVar[str] = "hands"

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise Impossible("; ".join(problems))

    def problems(self) -> list[str]:
        """Every inconsistency of these values (empty when valid)."""
        if not 2 <= self.min_players <= self.max_players:
            return ["players: need 2 ≤ min_players ≤ max_players"]
        return []

    def rule(self, topic: str) -> str:
        return self.rule_ids[topic]

    def rule_or(self, topic: str, fallback: str) -> str:
        """The id for `topic`, or for `fallback` where this game has none."""
        return self.rule_ids.get(topic) or self.rule_ids[fallback]

    @property
    def zero_sum(self) -> bool:
        """Every hand's results sum to 0 (transfers between players)."""
        return True

    @property
    def lower_is_better(self) -> bool:
        """Penalty points: the lowest total wins."""
        return False

    @property
    def elimination_limit(self) -> int | None:
        """A total at or past which a player is out; None: nobody is."""
        return None

    def planned_hands(self, player_count: int) -> int | None:
        """How many hands the session plans; None: no limit."""
        return None


R = TypeVar("R", bound=RuleSet)


class Profile(NamedTuple, Generic[R]):
    """A named rule set and the house options a table may change.

    A named tuple, not a dataclass: as immutable, and cheaper to define on
    the path of every command (the rule sets themselves are dataclasses:
    `replace` and `fields` type their options)."""

    game: str
    name: str
    summary: str
    rules: R
    options: tuple[str, ...]
    choices: Mapping[str, tuple[Any, ...]] = MappingProxyType({})
    rules_section: str = ""

    def option_values(self, rules: R) -> dict[str, Any]:
        return {name: getattr(rules, name) for name in self.options}

    def _known(self, key: str) -> None:
        if key not in self.options:
            raise Impossible(
                f"unknown option {key!r} for profile {self.name}; options: "
                + ", ".join(self.options))

    def build(self, settings: Mapping[str, Any] | None = None) -> R:
        """Apply already-typed option values, validating each."""
        settings = dict(settings or {})
        for key, value in settings.items():
            self._known(key)
            allowed = self.choices.get(key)
            if allowed is not None and value not in allowed:
                raise Impossible(
                    f"option {key} must be one of "
                    + ", ".join(format_option(v) for v in allowed)
                    + f", not {format_option(value)}")
        return replace(self.rules, **settings)

    def parse_settings(self, assignments: Sequence[str]) -> R:
        """Parse `KEY=VALUE` strings (the `--set` option) and build."""
        typed: dict[str, Any] = {}
        for text in assignments:
            key, sep, raw = text.partition("=")
            key = key.strip().replace("-", "_")
            if not sep or not key:
                raise Impossible(f"--set expects KEY=VALUE, got {text!r}")
            self._known(key)
            if key in typed:
                raise Impossible(f"option {key} is given twice")
            typed[key] = parse_option_value(self.rules, key, raw.strip())
        return self.build(typed)

    def from_stored(self, stored: Mapping[str, Any]) -> R:
        """Rebuild rules from the option values a ledger stores."""
        typed: dict[str, Any] = {}
        for key, value in stored.items():
            if key not in self.options:
                raise Impossible(f"unknown option {key!r} for profile {self.name}")
            text = value if isinstance(value, str) else format_option(value)
            typed[key] = parse_option_value(self.rules, key, text)
        return self.build(typed)


def find_profile(game: str, profiles: Sequence[Profile[R]], name: str | None
                 ) -> Profile[R]:
    """The profile called `name` (any case) of a game; the first if None."""
    if name is None:
        return profiles[0]
    wanted = name.lower()
    for profile in profiles:
        if profile.name == wanted:
            return profile
    known = ", ".join(p.name for p in profiles)
    raise Impossible(f"unknown profile {wanted!r} for {game}; profiles: {known}")


def _field_type(rules: RuleSet, key: str) -> str:
    for f in fields(rules):
        if f.name == key:
            return str(f.type)
    raise Impossible(f"unknown option {key!r}")


def parse_option_value(rules: RuleSet, key: str, raw: str) -> Any:
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
        if "None" in kind and lowered in ("none", "off"):
            return None
        if not is_whole_number(raw.strip()) or len(raw.strip()) > 7:
            extra = " or none" if "None" in kind else ""
            raise Impossible(f"option {key} takes a whole number{extra} (at most "
                             f"6 digits), not {raw!r}")
        return int(raw)
    if not raw:
        raise Impossible(f"option {key} needs a value")
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
