"""Rule sets and profiles: the data every game's engine reads.

A *rule set* is a frozen dataclass, validated when built, holding every
number and switch one game's engine needs. Each game defines its own
(`DhumbalRules`, `MarriageRules`) on top of `RuleSet`, which holds what the
session needs of any game: the player range, the rule ids it cites, how a
hand is scored (its `ScoreKind`: whole points or tenths, higher or lower
better, transfers or not), how long a session lasts and
whether players are eliminated.

A `Profile` names a default rule set and the house options a table may
change with `--set KEY=VALUE`; options are typed by the rule set's fields.
The engines never ask a profile for its name: they read its fields.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from types import MappingProxyType
from typing import Any, Callable, ClassVar, Generic, Mapping, NamedTuple, Sequence, TypeVar

from scorekeeper.core.errors import Impossible, nearest_word
from scorekeeper.core.language import Named, Said
from scorekeeper.core.numbers import listed
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.scores import NET, ScoreKind
from scorekeeper.core.typed import to_latin

# A whole number as people type it: Latin digits or Devanagari ones (१२,
# which int() reads as 12), maybe a minus ("²" and "--5" are not numbers,
# though str.isdigit() would take "²"); mixed (२2) is refused (`to_latin`).
# A pattern, compiled by re when first used, not on import (start-up).
_WHOLE_NUMBER = r"-?[0-9]+"


def is_whole_number(text: str) -> bool:
    return re.fullmatch(_WHOLE_NUMBER, to_latin(text)) is not None


def frozen_mapping(data: PlainMap) -> PlainMap:
    return MappingProxyType(dict(data))


def _no_ids() -> Mapping[str, str]:
    return MappingProxyType({})


class _OneValue:
    """A frozen value of one field, compared and hashed by it: what a frozen
    dataclass gives, without the code a dataclass writes and compiles when
    its module is imported (this module is on the path of every command)."""

    __slots__ = ()
    _field: ClassVar[str]

    def __init__(self, value: Any) -> None:
        object.__setattr__(self, self._field, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def _value(self) -> Any:
        return getattr(self, self._field)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _OneValue) and type(other) is type(self) \
            and self._value() == other._value()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._value()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._field}={self._value()!r})"


class ByPlayers(_OneValue):
    """A whole number that depends on how many play, written
    `2:5,3:10,4:15`: each count's number holds from that many players up to
    the next count (here 2 → 5, 3 → 10, 4 or more → 15)."""

    __slots__ = ("steps",)
    _field = "steps"
    steps: tuple[tuple[int, int], ...]

    @classmethod
    def parse(cls, text: str) -> ByPlayers:
        """`COUNT:NUMBER,…`; ValueError when it is not that."""
        steps = []
        for piece in text.split(","):
            count, sep, number = (part.strip() for part in piece.partition(":"))
            if not sep or not (is_whole_number(count) and is_whole_number(number)) \
                    or len(count) > 3 or len(number) > 6:
                raise ValueError(piece)
            steps.append((int(count), int(number)))
        return cls(tuple(steps))

    def at(self, players: int) -> int:
        """The number for a table of `players` (the first step's below it)."""
        found = self.steps[0][1]
        for count, number in self.steps:
            if count <= players:
                found = number
        return found

    def problem(self, fewest: int) -> Said | None:
        """Why these steps are no table for `fewest` players and up."""
        counts = [count for count, _ in self.steps]
        if counts != sorted(set(counts)):
            return Said("player counts in rising order, each once")
        if counts[0] > fewest:
            return Said("a first player count of at most {fewest}", fewest=fewest)
        if any(number < 0 for _, number in self.steps):
            return Said("numbers of 0 or more")
        return None

    def __str__(self) -> str:
        return ",".join(f"{count}:{number}" for count, number in self.steps)


BY_PLAYERS_HINT = "a table by player count such as 2:5,3:10,4:15"


class Tiers(_OneValue):
    """Values for holding 1, 2, 3 … of something, written `2/5/10`: the
    value for holding n is the n-th (the last one for more than listed;
    0 for none). A Marriage maal table is made of these (MA-19)."""

    __slots__ = ("values",)
    _field = "values"
    values: tuple[int, ...]

    @classmethod
    def of(cls, *values: int) -> Tiers:
        return cls(tuple(values))

    @classmethod
    def parse(cls, text: str) -> Tiers:
        """`V1/V2/…` (or commas); ValueError when it is not that."""
        pieces = [p.strip() for p in re.split(r"[/,]", text)]
        if not pieces or len(pieces) > 9 or any(
                not is_whole_number(p) or len(p) > 4 for p in pieces):
            raise ValueError(text)
        return cls(tuple(int(p) for p in pieces))

    def value(self, held: int) -> int:
        if held <= 0:
            return 0
        return self.values[min(held, len(self.values)) - 1]

    def problem(self) -> Said | None:
        if not self.values or any(v < 0 or v > 999 for v in self.values):
            return Said("values for holding 1, 2, … separated by '/' (such as "
                        "2/5/10; more than listed counts as the last), 1 to 9 "
                        "whole numbers from 0 to 999")
        return None

    def __str__(self) -> str:
        return "/".join(str(v) for v in self.values)


TIERS_HINT = ("values for holding 1, 2, … separated by '/' (such as 2/5/10; "
              "more than listed counts as the last)")


class OptionRefused(Impossible):
    """A rule set built with a value an option does not take."""

    def __init__(self, key: str, takes: Said, value: Any) -> None:
        super().__init__(Said("option {key} takes {takes}, not {value}", key=key,
                              takes=takes, value=format_option(value)))
        self.key = key


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
    # Whether the same players play a session from its first hand to its
    # last (`join` and `leave` refused): Call Break's game (CB-17).
    seats_fixed: ClassVar[bool] = False

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            key, takes = problems[0]
            raise OptionRefused(key, takes, getattr(self, key, None))

    def problems(self) -> list[tuple[str, Said]]:
        """Every inconsistency of these values, each as (the field, what it
        takes); empty when valid."""
        if not 2 <= self.min_players <= self.max_players:
            return [("max_players", Said("a number from {fewest} up, the most "
                                         "players seated", fewest=self.min_players))]
        return []

    def rule(self, topic: str) -> str:
        return self.rule_ids[topic]

    def carried(self, previous: PlainMap | None) -> PlainDict:
        """What a hand takes over from the stored hand before it (None for
        the first), under the keys its game declares `carried`: nothing,
        unless the rules say (Marriage's refused shows due, MA-20)."""
        return {}

    def check_table(self, seated: Sequence[str], players: Sequence[str]) -> None:
        """Refuse a hand's table (who of the session's `players` is
        `seated`) that these rules cannot play, before anything else of the
        hand is asked: the player count, unless the game says more (Call
        Break: nobody sits a deal out)."""
        self.check_player_count(len(seated))

    def check_player_count(self, count: int) -> None:
        """Refuse a table this profile does not seat (exit 2)."""
        if not self.min_players <= count <= self.max_players:
            if self.min_players == self.max_players:
                said = Said.ngettext("{count} player: this profile seats {fewest}",
                                    "{count} players: this profile seats {fewest}",
                                    count=count, fewest=self.min_players)
            else:
                said = Said.ngettext("{count} player: this profile seats {fewest}–{most}",
                                    "{count} players: this profile seats {fewest}–{most}",
                                    count=count, fewest=self.min_players,
                                    most=self.max_players)
            raise Impossible(said, self.rule("table"))

    def rule_or(self, topic: str, fallback: str) -> str:
        """The id for `topic`, or for `fallback` where this game has none."""
        return self.rule_ids.get(topic) or self.rule_ids[fallback]

    @property
    def score_kind(self) -> ScoreKind:
        """How this game keeps its scores (`scorekeeper.core.scores`): whole
        points or tenths, higher or lower better, transfers or not. A game
        whose profiles score differently overrides it."""
        return NET

    @property
    def zero_sum(self) -> bool:
        """Every hand's results sum to 0 (transfers between players)."""
        return self.score_kind.transfers

    @property
    def score_key(self) -> str:
        """What a hand's scores are called in the ledger and in JSON."""
        return self.score_kind.key

    @property
    def lower_is_better(self) -> bool:
        """The lowest total wins (penalty points)."""
        return not self.score_kind.higher_is_better

    @property
    def elimination_limit(self) -> int | None:
        """A total at or past which a player is out; None: nobody is."""
        return None

    @property
    def uses_totals(self) -> bool:
        """A hand's ruling reads the players' totals before it (the session
        gives them in the hand's `Seating.totals`)."""
        return False

    def planned_hands(self, player_count: int) -> int | None:
        """How many hands the session plans; None: no limit."""
        return None


R = TypeVar("R", bound=RuleSet)


class Renamed(NamedTuple):
    """An option's old name, still read (a ledger written before the rename,
    or `--set OLD=VALUE`): the old value is parsed like `sample` and
    `convert` gives the new option's value."""

    new: str                         # the option's name now
    sample: Any                      # a value of the old option's type
    convert: Callable[[Any], Any]    # old value → new value

    def note(self, old: str, value: Any) -> Said:
        return Said("{old} is now called {new}: {old}={value} is {new}={now}",
                    old=old, new=self.new, value=format_option(value),
                    now=format_option(self.convert(value)))


class Profile(NamedTuple, Generic[R]):
    """A named rule set and the house options a table may change.

    A named tuple, not a dataclass: as immutable, and cheaper to define on
    the path of every command (the rule sets themselves are dataclasses:
    `replace` and `fields` type their options).

    `choices` lists the values an option allows, `ranges` the whole numbers
    (lowest, highest) it allows; `renamed` maps an option's old name to its
    new one (still read everywhere, with a note); `topics` maps an option
    to the topic of the rule that defines it (its id is cited when a value
    is refused)."""

    game: str
    name: str
    summary: str
    rules: R
    options: tuple[str, ...]
    choices: Mapping[str, tuple[Any, ...]] = MappingProxyType({})
    rules_section: str = ""
    ranges: Mapping[str, tuple[int, int]] = MappingProxyType({})
    renamed: Mapping[str, Renamed] = MappingProxyType({})
    topics: Mapping[str, str] = MappingProxyType({})
    # Other names of the profile (`--profile jhyap`, and in ledgers).
    aliases: tuple[str, ...] = ()
    # Sections of the rule book every profile of the game shares (its
    # house options), printed after the profile's own.
    also_sections: tuple[str, ...] = ()
    # Options that name a preset of other options' values: option → value →
    # {option: value}. Setting the option sets those values, unless they are
    # set too (`maal_table = calculator`, MA-19).
    presets: Mapping[str, Mapping[Any, PlainMap]] = MappingProxyType({})

    def option_values(self, rules: R) -> PlainDict:
        return {name: getattr(rules, name) for name in self.options}

    def changed(self, rules: R) -> PlainDict:
        """The options whose value differs from this profile's default (the
        house rules a table set), in the profile's order. The session's
        length (`hands`, `rotations`) is left out: every view shows it as
        the hands planned."""
        base = self.rules         # the defaults under the presets chosen
        for key, table in self.presets.items():
            chosen = table.get(getattr(rules, key))
            if chosen:
                base = replace(base, **chosen)
        return {key: value for key, value in self.option_values(rules).items()
                if key != rules.length_option and value != getattr(
                    self.rules if key in self.presets else base, key)}

    def changed_text(self, rules: R) -> str:
        """`changed` in words, each with the rule defining it:
        "call_limit = 7 (DC-4), ties = caller_wins (DH-8)"; "" if none."""
        return ", ".join(
            f"{key} = {format_option(value)}"
            + (f" ({self.rule_of(key)})" if self.rule_of(key) else "")
            for key, value in self.changed(rules).items())

    def rule_of(self, key: str) -> str | None:
        """The id of the rule that defines an option, if the profile says."""
        topic = self.topics.get(key)
        return self.rules.rule_ids.get(topic) if topic else None

    def accepts(self, key: str) -> bool:
        """An option of this profile, by its name or an old one."""
        return key in self.options or key in self.renamed

    def allowed(self, key: str) -> Said:
        """What an option takes, in words: "one of a, b", "a whole number
        from 0 to 100", "true or false"…"""
        values = self.choices.get(key)
        if values is None and isinstance(getattr(self.rules, key), Enum):
            values = tuple(type(getattr(self.rules, key)).__members__.values())
        if values is not None:
            # a number is said in the reader's digits, as a range is
            return Said("one of {values}", values=listed(
                [v if type(v) is int else format_option(v) for v in values]))
        if key in self.ranges:
            low, high = self.ranges[key]
            return Said("a whole number from {low} to {high}", low=low, high=high)
        if isinstance(getattr(self.rules, key), Tiers):
            return _tiers_hint()
        kind = _field_type(self.rules, key)
        if kind == "bool":
            return Said("true or false")
        if kind.startswith("int"):
            return _whole_number(kind)
        return Said("text")

    def _known(self, key: str) -> None:
        if not self.accepts(key):
            near = nearest_word(key, self.options)
            options = ", ".join(self.options)
            raise Impossible(
                Said("unknown option {key} for profile {profile} (did you mean "
                     "{near}?); options: {options}", key=repr(key),
                     profile=Named(self.name), near=near, options=options) if near else
                Said("unknown option {key} for profile {profile}; options: "
                     "{options}", key=repr(key), profile=Named(self.name),
                     options=options))

    def build(self, settings: PlainMap | None = None) -> R:
        """Apply already-typed option values, validating each."""
        settings = dict(settings or {})
        for key, value in settings.items():
            self._known(key)
            allowed = self.choices.get(key)
            low, high = self.ranges.get(key, (value, value))
            if (allowed is not None and value not in allowed) or \
                    (key in self.ranges and not low <= value <= high):
                raise Impossible(Said("option {key} takes {takes}, not {value}",
                                      key=key, takes=self.allowed(key),
                                      value=format_option(value)), self.rule_of(key))
        for key, table in self.presets.items():
            for option, preset in table.get(settings.get(key), {}).items():
                settings.setdefault(option, preset)
        try:
            return replace(self.rules, **settings)
        except OptionRefused as err:     # cited by the rule defining the option
            raise Impossible(err.message, self.rule_of(err.key)) from None

    def typed(self, key: str, raw: str) -> tuple[str, Any]:
        """One `KEY=VALUE` typed by the option's type: (the option's current
        name, its value). An old name gives the new option's value."""
        old = self.renamed.get(key)
        if old is not None:
            return old.new, old.convert(_parse(key, raw, old.sample, None, self))
        self._known(key)
        return key, _parse(key, raw, getattr(self.rules, key),
                           _field_type(self.rules, key), self)

    def _collect(self, pairs: Sequence[tuple[str, str]]) -> R:
        typed: PlainDict = {}
        named: dict[str, str] = {}
        for key, raw in pairs:
            new, value = self.typed(key, raw)
            if new in typed:
                also = [k for k in (named[new], key) if k != new]
                raise Impossible(
                    Said("option {key} is given twice ({old} is its old name)",
                         key=new, old=also[0]) if also else
                    Said("option {key} is given twice", key=new))
            typed[new], named[new] = value, key
        return self.build(typed)

    def parse_settings(self, assignments: Sequence[str]) -> R:
        """Parse `KEY=VALUE` strings (the `--set` option) and build."""
        return self._collect([_assignment(text) for text in assignments])

    def notes(self, assignments: Sequence[str]) -> list[Said]:
        """One line for each option given by an old name (`--set`)."""
        out = []
        for text in assignments:
            key, raw = _assignment(text)
            old = self.renamed.get(key)
            if old is not None:
                out.append(old.note(key, _parse(key, raw, old.sample, None, self)))
        return out

    def from_stored(self, stored: PlainMap) -> R:
        """Rebuild rules from the option values a ledger stores (an option
        stored under an old name reads as it always did)."""
        for key in stored:
            if not self.accepts(key):
                raise Impossible(Said("unknown option {key} for profile {profile}",
                                      key=repr(key), profile=Named(self.name)))
        return self._collect([(key, value if isinstance(value, str)
                               else format_option(value))
                              for key, value in stored.items()])


def _tiers_hint() -> Said:
    """TIERS_HINT as said to people."""
    return Said("values for holding 1, 2, … separated by '/' (such as 2/5/10; "
                "more than listed counts as the last)")


def _whole_number(kind: str) -> Said:
    """What an `int` option takes (`kind`: its field type), in words."""
    if "ByPlayers" in kind:
        return Said("a whole number, a table by player count such as "
                    "2:5,3:10,4:15, or none") if "None" in kind else \
            Said("a whole number, a table by player count such as 2:5,3:10,4:15,")
    return Said("a whole number or none") if "None" in kind else Said("a whole number")


def _assignment(text: str) -> tuple[str, str]:
    key, sep, raw = text.partition("=")
    key = key.strip().replace("-", "_")
    if not sep or not key:
        raise Impossible(Said("--set expects KEY=VALUE, got {text}", text=repr(text)))
    return key, raw.strip()


def find_profile(game: str, profiles: Sequence[Profile[R]], name: str | None
                 ) -> Profile[R]:
    """The profile called `name` (any case) of a game; the first if None."""
    if name is None:
        return profiles[0]
    wanted = name.lower()
    for profile in profiles:
        if profile.name == wanted or wanted in profile.aliases:
            return profile
    names = [p.name for p in profiles]
    near = nearest_word(wanted, names)
    raise Impossible(
        Said("unknown profile {name} for {game} (did you mean {near}?); "
             "profiles: {profiles}", name=repr(wanted), game=game, near=near,
             profiles=", ".join(names)) if near else
        Said("unknown profile {name} for {game}; profiles: {profiles}",
             name=repr(wanted), game=game, profiles=", ".join(names)))


def _field_type(rules: RuleSet, key: str) -> str:
    for f in fields(rules):
        if f.name == key:
            return str(f.type)
    raise Impossible(Said("unknown option {key}", key=repr(key)))


def parse_option_value(rules: RuleSet, key: str, raw: str) -> Any:
    """Typed parsing of one option value, by the field's declared type."""
    return _parse(key, raw, getattr(rules, key), _field_type(rules, key), None)


def _parse(key: str, raw: str, current: Any, kind: str | None,
           profile: Profile[Any] | None) -> Any:
    """`raw` typed like `current` (the option's value now; `kind` its field
    type, for `int | None`). A bad value names what the option takes."""
    lowered = raw.lower()
    rule = profile.rule_of(key) if profile is not None else None
    if isinstance(current, Enum):
        try:
            return type(current)(lowered)
        except ValueError:
            what: Said = Said("one of {values}",
                             values=", ".join(str(v) for v in type(current)))
            raise Impossible(Said("option {key} takes {takes}, not {value}",
                                  key=key, takes=what, value=repr(raw)),
                             rule) from None
    kind = kind or type(current).__name__
    if isinstance(current, Tiers):
        try:
            return Tiers.parse(raw)
        except ValueError:
            raise Impossible(Said("option {key} takes {takes}, not {value}",
                                  key=key, takes=_tiers_hint(), value=repr(raw)),
                             rule) from None
    if kind == "bool":
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise Impossible(Said("option {key} takes {takes}, not {value}", key=key,
                              takes=Said("true or false"), value=repr(raw)), rule)
    if kind.startswith("int"):
        if "None" in kind and lowered in ("none", "off"):
            return None
        if "ByPlayers" in kind and ":" in raw:
            try:
                return ByPlayers.parse(raw)
            except ValueError:
                what = profile.allowed(key) if profile is not None and \
                    key in profile.options else Said(
                        "a table by player count such as 2:5,3:10,4:15")
                raise Impossible(Said("option {key} takes {takes}, not {value}",
                                      key=key, takes=what, value=repr(raw)),
                                 rule) from None
        if not is_whole_number(raw.strip()) or len(raw.strip()) > 7:
            what = profile.allowed(key) if profile is not None and \
                key in profile.options else \
                (Said("a whole number or none") if "None" in kind
                 else Said("a whole number"))
            raise Impossible(Said("option {key} takes {takes} (at most 6 digits), "
                                  "not {value}", key=key, takes=what,
                                  value=repr(raw)), rule)
        return int(raw)
    if not raw:
        raise Impossible(Said("option {key} needs a value", key=key), rule)
    return raw


def format_option(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def json_option(value: Any) -> Any:
    """An option value as JSON holds it: numbers, true/false, null and
    text stay; any other value (a table by player count) as its text."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return format_option(value)


def json_options(values: PlainMap) -> PlainDict:
    return {key: json_option(value) for key, value in values.items()}


def stored_option(value: Any) -> Any:
    """How an option value is written into the TOML ledger (no nulls)."""
    if isinstance(value, Enum):
        return value.value
    if value is None:
        return "none"
    return value if isinstance(value, (bool, int, str)) else format_option(value)
