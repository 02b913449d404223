"""The one interface every game implements.

A game is a package under `scorekeeper/games/` (see docs/ARCHITECTURE.md)
with a `game.py` exposing `GAME`, an instance of a `Game` subclass; its
`rules.py` (`PROFILES`), `flags.py` (`HAND_FLAGS`) and `commands.py`
(`CHECKS`) declare the rest as data (`scorekeeper.games.declare`), its
`engine.py` rules on a hand (`resolve`), and its `prompts.py` asks a
hand's questions through an `Asker`. The ledger, the book and the CLI
know games only through this module and `scorekeeper.games.registry`.

`Game` is generic in three types of the game's own:

* the rule set (a frozen `RuleSet` subclass, built from a `Profile`);
* the hand arguments (a frozen value: everything entered for one hand);
* the result (a frozen value satisfying `HandResult`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from functools import cached_property
from importlib import import_module
from types import MappingProxyType, ModuleType
from typing import (
    Any,
    Callable,
    ClassVar,
    Generic,
    Mapping,
    Protocol,
    Sequence,
    TypeVar,
    final,
)

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said
from scorekeeper.core.numbers import Figure, listed
from scorekeeper.core.options import Profile, RuleSet, find_profile
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.scores import ScoreKind
from scorekeeper.core.seating import Seating, resolve_name
from scorekeeper.games.declare import Exported, Flag
from scorekeeper.games.fields import Field
from scorekeeper.games.tally import Tally


class HandResult(Protocol):
    """What the session and the shell read of any game's ruling on a hand."""

    @property
    def winner(self) -> str | None: ...

    @property
    def scores(self) -> tuple[tuple[str, int], ...]: ...
    # in stored units: integers, `RuleSet.score_kind.scale` to a point
    # (tenths: 3.1 is 31); people read `score_kind.display(score)`

    @property
    def rules(self) -> tuple[str, ...]: ...

    @property
    def explanation(self) -> tuple[Said, ...]: ...

    @property
    def unverified(self) -> tuple[str, ...]: ...   # agreed totals that counted

    def as_json(self, hand: int | None) -> PlainDict: ...
    # the `record --json` / `settle --json` document (docs/CLI.md): at least
    # the keys every game's has (`ruling_json`)


class HandArgs(Protocol):
    """What the ledger reads of any game's hand arguments."""

    @property
    def dealer(self) -> str: ...


def ruling_json(result: HandResult, hand: int | None, key: str) -> PlainDict:
    """The keys every game's ruling document has: the hand, the winner,
    `caught`, the scores under `key`, the rules, the explanation, who gave
    agreed totals (a result's `as_json` adds its own)."""
    return {"hand": hand, "winner": result.winner, "caught": None,
            key: dict(result.scores), "rules": list(result.rules),
            "explanation": [line.english for line in result.explanation],
            "unverified": list(result.unverified)}


class Asker(Protocol):
    """The interactive prompts a game's `prompts.ask_hand` may use
    (`screen.entry`'s)."""

    def ask(self, question: str, check: Callable[[str], object],
            default: str | None = None) -> str: ...

    def names(self, question: str, choices: Sequence[str],
              current: Sequence[str]) -> list[str]: ...

    def player_or(self, question: str, table: Seating, words: Sequence[str],
                  rule: str, current: str | None, chose_word: bool
                  ) -> str | None: ...


# The key of a hand's flags, as the entry hands them to a game's
# `prompts.ask_hand`, saying that the inputs given before play are saved
# (the hand waits for the rest, CB-18): ask only the rest.
SAVED = "saved"

RulesT = TypeVar("RulesT", bound=RuleSet)
ArgsT = TypeVar("ArgsT", bound="HandArgs")
ResultT = TypeVar("ResultT", bound=HandResult)
StoredTypes = Mapping[str, tuple[type, str]]


class Game(ABC, Generic[RulesT, ArgsT, ResultT]):
    """One game: its profiles, its hand options and how one hand is entered,
    ruled on, stored, replayed, shown and asked for.

    A game defines at most twelve members. It states its `title` (a
    `Said`: "Call Break") and its hand's stored keys, `fields` (each a
    `fields.Field`, in the order a hand's table stores them), and
    implements one method: `args_from_flags`. Where it does more than a
    simple game (bids and tricks,
    no cards), it overrides `args_from_stored` (the stored hand read as
    the flags that would record it again), `flags_from_stored`
    and `amended_flags` (each option from its field), `history_facts`
    and `story` (the winner, who gave agreed totals), `tallies` and
    `tally` (no counters of its own in `stats`), `paid` (as the scores
    say).

    The rest is derived, final: `name` (the folder), `profiles` and
    `hand_flags` (its `rules` and `flags` modules), `resolve` (its
    `engine` module's), `result_json` (the result's `as_json`), `carried`
    (`RuleSet.carried`), `compare` (the fields the rules give, the winner
    first, then the scores), and what the fields declare: `to_stored` (a
    hand's table), `stored_types`,
    `stored_required`, `name_keys` (the keys typed "a name" or "a list of
    names"), `exported`, `exclusive`, `carried_keys`, `carried_rule`,
    `carried_stored`, `pending_flags` and `before_play` (the inputs given
    before play, Call Break's calls).
    """

    # the game's name as people read it, a `Said` written where the game
    # is ("Call Break"; a screen in Nepali says कल ब्रेक)
    title: ClassVar[Said]
    # the keys of a stored `[[hands]]` table of the game's own (the common
    # ones are the ledger's), each declared once: `fields.Field`
    fields: ClassVar[tuple[Field, ...]] = ()
    # the game's own counters in `stats`, in the order shown (see `tally`)
    tallies: ClassVar[tuple[Tally, ...]] = ()

    # -- what the game is called, and what it declares -----------------------------
    @final
    @property
    def package(self) -> str:
        """The game's folder as a package (`scorekeeper.games.<name>`)."""
        return type(self).__module__.rpartition(".")[0]

    @final
    @property
    def name(self) -> str:
        """As typed: `--game dhumbal` (the folder's name)."""
        return self.package.rpartition(".")[2]

    @final
    @property
    def profiles(self) -> tuple[Profile[Any], ...]:
        """The game's profiles, the first the default: `rules.PROFILES`."""
        found: tuple[Profile[Any], ...] = import_module(
            self.package + ".rules").PROFILES
        return found

    @final
    @property
    def hand_flags(self) -> tuple[Flag, ...]:
        """The options of a hand: `flags.HAND_FLAGS`."""
        found: tuple[Flag, ...] = import_module(self.package + ".flags").HAND_FLAGS
        return found

    # -- what the fields declare ------------------------------------------------
    @final
    @cached_property
    def stored_types(self) -> StoredTypes:
        """Each stored key of the game's own, typed: its TOML type and how a
        person reads it (`document` checks a hand's table with them)."""
        return MappingProxyType({f.key: (f.type, f.what) for f in self.fields})

    @final
    @cached_property
    def stored_required(self) -> tuple[str, ...]:
        """The keys of the game's own every stored hand has."""
        return tuple(f.key for f in self.fields if f.required)

    @final
    @cached_property
    def name_keys(self) -> frozenset[str]:
        """Stored keys whose value is a player's name or a list of names
        (every table of a stored hand is keyed by names): what `rename`
        changes."""
        return frozenset(f.key for f in self.fields
                         if f.what in ("a name", "a list of names"))

    @final
    @cached_property
    def exported(self) -> tuple[Exported, ...]:
        """The inputs the CSV and Markdown exports show beside the scores."""
        return tuple(Exported(f.key, f.column, f.caption, f.each)
                     for f in self.fields if f.column)

    @final
    @cached_property
    def carried_keys(self) -> tuple[str, ...]:
        """The stored keys `carried` gives a hand (lists of names): `verify`
        checks each hand's against the hand before it, and `amend` rules
        again the hands whose change they follow."""
        return tuple(f.key for f in self.fields if f.carried)

    @final
    @cached_property
    def pending_flags(self) -> frozenset[str]:
        """The hand options given before the hand is played (`Field.before_play`:
        Call Break's `--bid`): typed alone, `record` keeps them as a hand
        waiting for the rest; none: every hand is recorded whole."""
        return frozenset(f.flag for f in self.fields if f.before_play and f.flag)

    @final
    @cached_property
    def carried_rule(self) -> str:
        """The topic of the rule that carries them (`verify` cites it)."""
        return next((f.carried for f in self.fields if f.carried), "ledger")

    @final
    @cached_property
    def _ruled_fields(self) -> tuple[Field, ...]:
        """The fields the rules give, as `compare` checks them: the winner
        first."""
        return tuple(sorted((f for f in self.fields if f.ruled),
                            key=lambda f: f.key != "winner"))

    @final
    @cached_property
    def exclusive(self) -> tuple[dict[str, tuple[str, ...]], ...]:
        """The groups of hand options of which a hand takes one (`--call`
        or `--show`), each with the options that go with it: typing one on
        `amend` drops the stored others and what went with them."""
        groups = dict.fromkeys(f.group for f in self.fields if f.group)
        return tuple({f.flag: f.with_flags for f in self.fields
                      if f.group == group and f.flag} for group in groups)

    @final
    def profile(self, name: str | None = None) -> Profile[RulesT]:
        return find_profile(self.name, self.profiles, name)

    @final
    def refuse_foreign_flags(self, given: PlainMap) -> None:
        """Exit 2 for a hand option this game does not take (`given`: the
        flags typed, by parameter name)."""
        own = {f.param for f in self.hand_flags}
        foreign = ["--" + p.replace("_", "-") for p in given if p not in own]
        if foreign:
            takes = ", ".join(dict.fromkeys(f.shown_as for f in self.hand_flags))
            raise Impossible(Said("{options}: not an option of a {game} hand; a "
                                  "{game} hand takes {takes}",
                                  options=", ".join(foreign), game=self.title,
                                  takes=takes))

    # -- one hand: what every game implements ------------------------------------------
    @abstractmethod
    def args_from_flags(self, flags: PlainMap, table: Seating,
                        rules: RulesT) -> ArgsT:
        """The hand as typed on the command line (only the flags given)."""

    def args_from_stored(self, data: PlainMap, table: Seating,
                         rules: RulesT) -> ArgsT:
        """The hand as a ledger's `[[hands]]` table stores its inputs: as
        the flags that would record it again (`flags_from_stored`) give it,
        with what it took over from the hand before (`carried_stored`),
        once each table holds values of its `Field.values` type (a flag
        is text)."""
        for field in self.fields:
            table_of = data.get(field.key)
            if field.values and isinstance(table_of, Mapping) and not all(
                    isinstance(v, field.values) for v in table_of.values()):
                raise Impossible(Said("`{key}` must be {what}", key=field.key,
                                      what=field.what))
        flags = {**self.flags_from_stored(data), **self.carried_stored(data)}
        return self.args_from_flags(flags, table, rules)

    @final
    def before_play(self, flags: PlainMap, table: Seating, rules: RulesT
                    ) -> PlainDict:
        """The inputs given before the hand is played (its `pending_flags`
        typed), checked, as a `[[hands]]` table stores them while the hand
        waits for the rest (Call Break's `calls`, CB-18): each
        `Field.before_play`'s."""
        return {f.key: f.before_play(flags, table, rules)
                for f in self.fields if f.before_play is not None}

    @final
    def resolve(self, args: ArgsT, rules: RulesT) -> ResultT:
        """Rule on the hand (raises Refused / Impossible): the folder's
        `engine.resolve`, the game's rules."""
        ruled: ResultT = self._engine.resolve(args, rules)
        return ruled

    @cached_property
    def _engine(self) -> ModuleType:
        return import_module(self.package + ".engine")

    @final
    def to_stored(self, number: int, args: ArgsT, result: ResultT,
                  rules: RulesT) -> PlainDict:
        """The `[[hands]]` table, ready for TOML: `hand`, `dealer`, each
        field's value as stored (`Field.stored`, else `Field.ruled`; None:
        not stored) in the order declared, the scores under the rules'
        `score_key`, `rules`."""
        data: PlainDict = {"hand": number, "dealer": args.dealer}
        for field in self.fields:
            value = field.stored(args, result) if field.stored else \
                field.ruled(result) if field.ruled else None
            if value is not None:
                data[field.key] = value
        return {**data, rules.score_key: dict(result.scores),
                "rules": list(result.rules)}

    # -- one hand: defaults -----------------------------------------------------------
    @final
    def carried(self, previous: PlainMap | None, rules: RulesT
                ) -> PlainDict:
        """What a hand takes over from the stored hand before it (None for
        the first), added to its flags and stored with it: as the rules say
        (`RuleSet.carried`; Marriage: refused shows due, `foul = next`)."""
        return rules.carried(previous)

    def paid(self, rules: RulesT, players: Sequence[str], totals: Mapping[str, int],
             hands: Sequence[PlainMap]) -> tuple[dict[str, int], tuple[Said, ...]] | None:
        """How a session's totals are paid, if not as its scores say (points
        passed, or every pair settling the difference): each player's balance
        in score units and the lines saying how (Call Break's `payout =
        places`, CB-14). None: as the scores say."""
        return None

    @final
    def carried_stored(self, data: PlainMap) -> PlainDict:
        """What a stored hand took over from the one before, in the form
        `carried` gives it (`verify` compares the two): its `carried_keys`'
        lists as one, under the first (a hand may keep part of what it took
        over under another key: Marriage's refused shows waiting for a
        fouler who sat the hand out); nothing when they are empty."""
        taken = [p for key in self.carried_keys for p in data.get(key, [])]
        return {self.carried_keys[0]: taken} if taken else {}

    def flags_from_stored(self, data: PlainMap) -> PlainDict:
        """The flags that would record this stored hand again (`amend`
        pre-fills its questions with them): each field's hand option from
        its stored value, a table NAME = V as NAME=V items; a value the
        rules give (`Field.ruled`) only where no other option of its group
        is stored (Kitti's winner typed alone, not the one its cards give,
        KI-16)."""
        flags: PlainDict = {}
        for field in self.fields:
            value = data.get(field.key)
            if field.ruled and field.group and any(
                    f.key in data for f in self.fields
                    if f.group == field.group and f is not field):
                continue
            if isinstance(value, Mapping):
                value = [f"{k}={v}" for k, v in value.items()]
            if value is not None and field.flag:
                flags[field.flag] = list(value) if isinstance(value, list) else value
        return flags

    def amended_flags(self, stored: PlainMap, typed: PlainMap,
                      players: Sequence[str]) -> PlainDict:
        """`amend N` with some hand options: hand N's stored flags with only
        the typed ones changed. A typed `--hand X=…` replaces X's hand
        alone; any other typed flag replaces the stored one; one flag of an
        `exclusive` group drops the stored others (and what goes with them)."""
        merged = dict(self.flags_from_stored(stored))
        for group in self.exclusive:
            chosen = [flag for flag in group if flag in typed]
            for other in group:
                if chosen and other not in chosen:
                    for gone in (other, *group[other]):
                        if gone not in typed:
                            merged.pop(gone, None)
        for key, value in typed.items():
            if key != "hand":
                merged[key] = value
        hands = {resolve_name(item.partition("=")[0], players): item
                 for item in merged.get("hand", [])}
        for item in typed.get("hand", []):
            name, sep, _ = item.partition("=")
            if not sep:
                raise Impossible(Said("--hand expects NAME=CARDS, got {item}",
                                      item=repr(item)))
            hands[resolve_name(name, players)] = item
        if hands:
            merged["hand"] = list(hands.values())
        return merged

    @final
    def compare(self, data: PlainMap, result: ResultT,
                kind: ScoreKind) -> list[Said]:
        """How a stored hand's results disagree with a fresh ruling: each
        field the rules give (`Field.ruled`: where one is stored or ruled;
        a table as scores), the winner first, then the scores (under
        `kind.key`, said as `kind` displays them)."""
        out: list[Said] = []
        for field in self._ruled_fields:
            assert field.ruled is not None
            value = field.ruled(result)
            if field.type is dict:
                compare_scores(data, field.key, value, out)
            elif value is not None or field.key in data:
                compare_value(data, field.key, value, out)
        compare_scores(data, kind.key, dict(result.scores), out, kind.display)
        return out

    @final
    def result_json(self, result: ResultT, hand: int | None) -> PlainDict:
        """The `record --json` / `settle --json` document (docs/CLI.md): the
        result's own (`HandResult.as_json`)."""
        return result.as_json(hand)

    def history_facts(self, data: PlainMap) -> PlainDict:
        """What a history row shows of a stored hand besides its scores:
        `winner`, `unverified`, and the facts of the game's own (who called,
        who finished and how, …), as JSON-ready values."""
        return {"winner": data.get("winner"),
                "unverified": list(data.get("unverified", []))}

    def story(self, facts: PlainMap) -> Said:
        """A history row's facts in a few words for a person."""
        said = Said("won by {name}", name=str(facts["winner"])) \
            if facts.get("winner") else Said("no winner")
        if facts.get("unverified"):
            said = Said("{story}; agreed: {names}", story=said,
                        names=", ".join(facts["unverified"]))
        return said

    def tally(self, facts: PlainMap, player: str) -> dict[str, int]:
        """What one hand adds to a seated player's counters in `stats`
        (`facts` as `history_facts` gives them; the keys of `tallies`)."""
        return {}

    # -- people ------------------------------------------------------------------
    # A game asks a hand's questions in `prompts.py`, found by name (the
    # screen layer imports it): `ask_hand(ask, table, rules, previous) ->
    # flags`. The table of its ruling is the screen layer's
    # (`screen/rulings/<name>.py`, where a game has one of its own).


# A game whatever its rules, hands and results (the session's view of it)
AnyGame = Game[Any, Any, Any]


def changed_inputs(game: Game[Any, Any, Any], before: PlainMap,
                   after: PlainMap) -> list[dict[str, str]]:
    """What `amend` changed of a stored hand's inputs, input by input
    (`--hand Chandra`, `--call`, …), and of who sat out and who dealt
    (`--out`, `--dealer`: the deal follows the seats) and of its note
    (`--note`): each as text before and after ("—" for none)."""
    def text(value: Any) -> str:
        if value is None or value == [] or value is False:
            return "—"
        if value is True:
            return "yes"
        return ", ".join(map(str, value)) if isinstance(value, list) else str(value)

    was, now = game.flags_from_stored(before), game.flags_from_stored(after)
    out = []
    for key in dict.fromkeys([*now, *was]):
        if key == "hand":
            old = dict(h.split("=", 1) for h in was.get(key, []))
            new = dict(h.split("=", 1) for h in now.get(key, []))
            out += [{"input": f"--hand {p}", "before": text(old.get(p)),
                     "after": text(new.get(p))}
                    for p in dict.fromkeys([*old, *new]) if old.get(p) != new.get(p)]
        elif text(was.get(key)) != text(now.get(key)):
            out.append({"input": "--" + key.replace("_", "-"),
                        "before": text(was.get(key)), "after": text(now.get(key))})
    for key in ("out", "dealer", "note"):
        if text(before.get(key)) != text(after.get(key)):
            out.append({"input": "--" + key, "before": text(before.get(key)),
                        "after": text(after.get(key))})
    return out


# -- comparing a stored hand with a fresh ruling (verify) -----------------------

def compare_value(data: PlainMap, key: str, value: Any,
                  out: list[Said]) -> None:
    stored = data.get(key)
    if stored != value:
        import json  # noqa: PLC0415 - only a disagreement; keeps start-up light

        out.append(Said("stored {key} {stored} but the rules give {ruled}", key=key,
                        stored=json.dumps(stored, ensure_ascii=False),
                        ruled=json.dumps(value, ensure_ascii=False)))


def compare_scores(data: PlainMap, key: str,
                   computed: Mapping[str, int], out: list[Said],
                   shown: Callable[[int], str] = str) -> None:
    """Stored scores against a fresh ruling's, each disagreement `shown` as
    people read it (Call Break's 31 tenths: 3.1)."""
    stored = dict(data.get(key, {}))
    if stored != dict(computed):
        out.append(Said("`{key}` as stored disagrees with the rules: {changes}",
                        key=key, changes=score_changes(stored, computed, shown)))


def score_changes(stored: PlainMap, computed: Mapping[str, int],
                  shown: Callable[[int], str] = str) -> Said:
    """Each player whose score `computed` is not the one `stored`, "Asha
    3.0 → 3.1, Bikash …" ("" for none), the scores `shown` as people read
    them, in the reader's digits (`verify`, and what `verify --fix` would
    store)."""
    def figure(value: Any) -> object:
        """A stored score as people read it; anything else (none stored, a
        value of the wrong type) as it is."""
        return Figure(shown(value)) if isinstance(value, int) and \
            not isinstance(value, bool) else str(value)

    return listed([Said("{name} {stored} → {ruled}", name=p,
                        stored=figure(stored.get(p)), ruled=figure(v))
                   for p, v in computed.items() if stored.get(p) != v])
