"""The ledger: one session as a value, read → validated → computed → verified.

Stages, each a plain function of immutable values (no files: see
`scorekeeper.storage` and `scorekeeper.book`):

* `parse(text, label)` — TOML text to a `Session`, checking the shape (every
  problem collected with `FILE:LINE`, raised together as one `LedgerError`);
* `Session` — totals, places, who is seated and deals each hand, whether
  the session is complete, and the next hand ruled from typed flags;
* `verify(session)` — recompute every hand from its stored inputs.

Every game is reached through `scorekeeper.registry` and the `Game`
interface; nothing here knows a game by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from scorekeeper import registry
from scorekeeper.errors import Impossible, Refused
from scorekeeper.game import Game
from scorekeeper.hands import Table, check_player_names
from scorekeeper.options import Profile, RuleSet, stored_option
from scorekeeper.tomltext import LedgerError, line_index, load_toml

FORMAT_VERSION = 1
AnyGame = Game[Any, Any, Any]


@dataclass(frozen=True)
class StoredHand:
    number: int
    line: int | None
    data: Mapping[str, Any]
    seated: tuple[str, ...]
    dealer: str
    scores: Mapping[str, int]


@dataclass(frozen=True)
class Ruled:
    """One hand ruled for a session: where it sat, the game's result, and
    the `[[hands]]` table that stores it."""

    number: int
    table: Table
    result: Any
    stored: dict[str, Any]


@dataclass(frozen=True)
class Session:
    label: str
    game: AnyGame
    profile: Profile[Any]
    rules: RuleSet             # the game's own RuleSet subclass
    players: tuple[str, ...]
    first_dealer: str
    hands: tuple[StoredHand, ...] = ()
    document: Mapping[str, Any] = field(default_factory=dict, repr=False)

    @property
    def score_key(self) -> str:
        return "net" if self.rules.zero_sum else "points"

    # -- derived state ----------------------------------------------------
    def totals(self, upto: int | None = None) -> dict[str, int]:
        totals = {p: 0 for p in self.players}
        for h in self.hands[:upto]:
            for name, value in h.scores.items():
                totals[name] += value
        return totals

    def eliminated(self, upto: int | None = None) -> tuple[str, ...]:
        limit = self.rules.elimination_limit
        if limit is None:
            return ()
        totals = self.totals(upto)
        return tuple(p for p in self.players if totals[p] >= limit)

    def seated_for(self, index: int) -> tuple[str, ...]:
        """Players in hand number index+1 (0-based index)."""
        out = set(self.eliminated(index))
        return tuple(p for p in self.players if p not in out)

    def dealer_for(self, index: int) -> str | None:
        """DH-3 / MA-2: the deal passes to the next seat clockwise each hand,
        skipping eliminated players."""
        seated = self.seated_for(index)
        if not seated:
            return None
        if index == 0:
            previous = self.first_dealer
            if previous in seated:
                return previous
        else:
            previous = self.hands[index - 1].dealer
        i = self.players.index(previous)
        for k in range(1, len(self.players) + 1):
            candidate = self.players[(i + k) % len(self.players)]
            if candidate in seated:
                return candidate
        return None

    def table_for(self, index: int) -> Table:
        dealer = self.dealer_for(index)
        assert dealer is not None, "a hand of a complete session"
        return Table(self.players, self.seated_for(index), dealer)

    @property
    def planned(self) -> int | None:
        return self.rules.planned_hands(len(self.players))

    @property
    def ended_by_elimination(self) -> bool:
        return self.rules.elimination_limit is not None and \
            len(self.seated_for(len(self.hands))) <= 1

    @property
    def complete(self) -> bool:
        if self.planned is not None and len(self.hands) >= self.planned:
            return True
        return self.ended_by_elimination

    @property
    def next_dealer(self) -> str | None:
        return None if self.complete else self.dealer_for(len(self.hands))

    def places(self) -> dict[str, int]:
        """Standard competition ranking (1, 1, 3); best first. Penalty points
        rank lowest first, eliminated players after those still in."""
        totals = self.totals()
        out = set(self.eliminated())
        sign = 1 if self.rules.lower_is_better else -1

        def key(p: str) -> tuple[bool, int]:
            return (p in out, sign * totals[p])

        ordered = sorted(self.players, key=key)
        places: dict[str, int] = {}
        for i, p in enumerate(ordered):
            prev = ordered[i - 1] if i else None
            places[p] = places[prev] if prev is not None and key(prev) == key(p) \
                else i + 1
        return {p: places[p] for p in self.players}

    def unbalanced(self) -> list[int]:
        """Hands of a zero-sum game whose stored net does not sum to 0 (DH-11,
        MA-12): cheap enough to re-check on every read, unlike `verify`."""
        if not self.rules.zero_sum:
            return []
        return [h.number for h in self.hands if sum(h.scores.values()) != 0]

    def standings_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "totals": self.totals(),
            "places": self.places(),
            "hands_played": len(self.hands),
            "hands_planned": self.planned,
            "complete": self.complete,
            "next_dealer": self.next_dealer,
            "game": self.game.name,
            "profile": self.profile.name,
        }
        if self.rules.lower_is_better:
            data["eliminated"] = list(self.eliminated())
        else:
            data["unbalanced_hands"] = self.unbalanced()
        return data

    def history_json(self) -> dict[str, Any]:
        """Every hand: its scores, the running totals, and what happened —
        the game's facts, who did not play (`out`) and who was eliminated
        by it (`eliminated`)."""
        rows = []
        running = {p: 0 for p in self.players}
        out_before: set[str] = set()
        limit = self.rules.elimination_limit
        for h in self.hands:
            for name, value in h.scores.items():
                running[name] += value
            facts = self.game.history_facts(h.data)
            out_now = {p for p in self.players
                       if limit is not None and running[p] >= limit}
            row = {"hand": h.number, "dealer": h.dealer,
                   self.score_key: dict(h.scores), "totals": dict(running),
                   "winner": facts.pop("winner", None),
                   "rules": list(h.data.get("rules", []))}
            row.update(facts)
            row["out"] = [p for p in self.players if p not in h.seated]
            row["eliminated"] = [p for p in self.players
                                 if p in out_now and p not in out_before]
            out_before = out_now
            rows.append(row)
        return {"hands": rows, "players": list(self.players),
                "score": self.score_key}

    def story(self, row: Mapping[str, Any]) -> str:
        """A history row in a few words: the game's story, then who was
        eliminated by the hand."""
        said = self.game.story(row)
        if row.get("eliminated"):
            said += "; eliminated: " + ", ".join(row["eliminated"]) + \
                f" ({self.rules.rule_or('eliminate', 'session')})"
        return said

    # -- changes ------------------------------------------------------------
    def check_open(self) -> None:
        """Refuse a hand past the session's end (exit 1)."""
        if not self.complete:
            return
        planned = self.planned
        unit = self.rules.length_option
        how = f"scorekeeper extend {self.label} --{unit} N"
        if planned is not None and len(self.hands) >= planned:
            raise Refused(f"the session is complete: all {planned} planned "
                          f"hands are played. To play on, extend it: {how} "
                          "(the new total)", self.rules.rule("session"))
        left = ", ".join(self.seated_for(len(self.hands))) or "nobody"
        raise Refused(f"the session is complete: only {left} is left after "
                      "eliminations; start a new session with "
                      "`scorekeeper new`", self.rules.rule("session"))

    def rule_next(self, flags: Mapping[str, Any]) -> Ruled:
        """Rule on the next hand from the flags typed for it."""
        self.check_open()
        index = len(self.hands)
        table = self.table_for(index)
        args = self.game.args_from_flags(flags, table, self.rules)
        result = self.game.resolve(args, self.rules)
        return Ruled(index + 1, table, result,
                     self.game.to_stored(index + 1, args, result))

    def extended_rules(self, unit: str, value: int) -> Any:
        """The rules with the session's length set to `value` (`extend`)."""
        if unit != self.rules.length_option:
            raise Impossible(f"--{unit} is not an option of {self.profile.name}")
        if self.ended_by_elimination:
            raise Refused("the session ended by elimination: only "
                          + ", ".join(self.seated_for(len(self.hands)))
                          + " is left; more hands cannot change that",
                          self.rules.rule("session"))
        rules = self.profile.parse_settings([f"{unit}={value}"])
        planned = rules.planned_hands(len(self.players))
        if planned is not None and planned < len(self.hands):
            raise Impossible(f"{len(self.hands)} hands are already played")
        return rules


def session_rules(game: AnyGame, profile: Profile[Any], settings: Sequence[str],
                  lengths: Mapping[str, int | None]) -> Any:
    """The rules of a new session: `--set` options, and its length given as
    `--hands N` or `--rotations N` (whichever the game's sessions use)."""
    extra = list(settings)
    for unit, value in lengths.items():
        if value is None:
            continue
        if unit != profile.rules.length_option:
            raise Impossible(f"--{unit} is not an option of {profile.name}; "
                             f"{game.title} sessions use "
                             f"--{profile.rules.length_option}")
        extra.append(f"{unit}={value}")
    return profile.parse_settings(extra)


def header_document(game: AnyGame, profile: Profile[Any], rules: RuleSet,
                    players: Sequence[str], first_dealer: str) -> dict[str, Any]:
    """The top of a new ledger: what `new` writes."""
    return {
        "format": FORMAT_VERSION,
        "game": game.name,
        "profile": profile.name,
        "players": list(players),
        "first_dealer": first_dealer,
        "options": {key: stored_option(value) for key, value
                    in profile.option_values(rules).items()},
    }


# -- reading ------------------------------------------------------------------

def parse(text: str, label: str,
          document: Mapping[str, Any] | None = None) -> Session:
    """Read and shape-check a ledger. Raises LedgerError listing every problem.

    `document` is the already-parsed TOML of exactly this text, when a cache
    (see `scorekeeper.storage.read_cached_document`) vouches for it."""
    doc = document if document is not None else load_toml(text, label)
    return from_document(doc, label, line_index(text))


def _header(doc: Mapping[str, Any], key_line: Any,
            problems: list[tuple[int | None, str]]
            ) -> tuple[AnyGame, Profile[Any], Any] | None:
    """The game, profile and rules a ledger declares, or None (problems)."""
    game_name = doc.get("game")
    profile_name = doc.get("profile")
    if not isinstance(game_name, str) or not isinstance(profile_name, str):
        problems.append((None, "missing `game` or `profile` (strings): is this a "
                               "scorekeeper ledger?"))
        return None
    try:
        game = registry.game(game_name)
        profile = game.profile(profile_name)
    except Impossible as err:
        problems.append((key_line("profile") or key_line("game"), err.message))
        return None
    if doc.get("format", FORMAT_VERSION) != FORMAT_VERSION:
        problems.append((key_line("format"), f"ledger format {doc.get('format')!r}: "
                         f"this scorekeeper reads format {FORMAT_VERSION}"))
        return None
    known = {"format", "game", "profile", "players", "first_dealer", "hands",
             "options"}
    for key in doc:
        if key not in known:
            problems.append((key_line(key), f"unknown top-level key `{key}`"))
    stored = doc.get("options", {})
    if not isinstance(stored, dict):
        problems.append((key_line("options"), "`options` must be a table"))
        return None
    for key in stored:
        if not profile.accepts(key):    # a renamed option still reads
            problems.append((key_line(f"options.{key}"),
                             f"unknown option `{key}` for {profile.name} "
                             f"(options: {', '.join(profile.options)})"))
    if problems:
        return None
    try:
        rules = profile.from_stored(stored)
    except Impossible as err:
        problems.append((key_line("options"), f"session options: {err.message}"))
        return None
    return game, profile, rules


def from_document(doc: Mapping[str, Any], label: str,
                  line_of: Mapping[str, Any] | None = None) -> Session:
    line_of = line_of or {"keys": {}, "hands": []}
    key_line = line_of["keys"].get
    problems: list[tuple[int | None, str]] = []

    def fail() -> LedgerError:
        return LedgerError(label, problems)

    header = _header(doc, key_line, problems)
    if header is None:
        raise fail()
    game, profile, rules = header
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        problems.append((key_line("players"), "`players` must be a list of names"))
        raise fail()
    try:
        players_t = check_player_names(players, rules)
    except Impossible as err:
        problems.append((key_line("players"), err.message))
        raise fail() from None
    first_dealer = doc.get("first_dealer")
    if not isinstance(first_dealer, str) or first_dealer not in players_t:
        problems.append((key_line("first_dealer"),
                         f"`first_dealer` must be one of the players, not "
                         f"{first_dealer!r}"))
        raise fail()
    raw_hands = doc.get("hands", [])
    if not isinstance(raw_hands, list) or not all(isinstance(h, dict) for h in raw_hands):
        problems.append((key_line("hands"), "`hands` must be [[hands]] tables"))
        raise fail()

    hands: list[StoredHand] = []
    hand_lines = line_of["hands"]
    score_key = "net" if rules.zero_sum else "points"
    for i, data in enumerate(raw_hands):
        line = hand_lines[i] if i < len(hand_lines) else None
        found = _hand_shape(data, i + 1, players_t, score_key, game)
        if found:
            problems += [(line, m) for m in found]
            continue
        seated = tuple(p for p in players_t if p in data[score_key])
        hands.append(StoredHand(i + 1, line, data, seated, data["dealer"],
                                dict(data[score_key])))
    if problems:
        raise fail()
    return Session(label, game, profile, rules, players_t, first_dealer,
                   tuple(hands), doc)


_COMMON_TYPES: Mapping[str, tuple[type, str]] = {
    "dealer": (str, "a name"),
    "winner": (str, "a name"),
    "rules": (list, "a list of rule ids"),
    "unverified": (list, "a list of names"),
}


def _type_problems(data: Mapping[str, Any], where: str,
                   types: Mapping[str, tuple[type, str]]) -> list[str]:
    out = []
    for key, (kind, what) in types.items():
        value: Any = data.get(key)
        if value is None:
            continue
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            out.append(f"{where}: `{key}` must be {what}, not {value!r}")
        elif kind is list and not all(isinstance(v, str) for v in data[key]):
            out.append(f"{where}: `{key}` must be {what}")
        elif kind is dict and not all(
                isinstance(v, (str, int, list)) and not isinstance(v, bool)
                for v in data[key].values()):
            out.append(f"{where}: `{key}` values must be card lists or numbers")
    return out


def _hand_shape(data: Mapping[str, Any], number: int, players: Sequence[str],
                score_key: str, game: AnyGame) -> list[str]:
    where = f"hand {number}"
    out = _type_problems(data, where, {**_COMMON_TYPES, **game.stored_types})
    if data.get("hand") != number:
        out.append(f"{where}: `hand = {number}` expected (hands are numbered in "
                   f"order), found {data.get('hand')!r}")
    for key in ("dealer", score_key, *game.stored_required):
        if key not in data:
            out.append(f"{where}: missing `{key}`")
    if out:
        return out
    if data["dealer"] not in players:
        out.append(f"{where}: dealer {data['dealer']!r} is not a player")
    scores = data[score_key]
    if not isinstance(scores, dict) or not scores:
        out.append(f"{where}: `{score_key}` must be a table NAME = integer")
        return out
    for name, value in scores.items():
        if name not in players:
            out.append(f"{where}: `{score_key}.{name}`: not a player")
        if not isinstance(value, int) or isinstance(value, bool):
            out.append(f"{where}: `{score_key}.{name}` must be a whole number, "
                       f"not {value!r}")
    return out


# -- verify -------------------------------------------------------------------

@dataclass(frozen=True)
class Problem:
    hand: int | None
    line: int | None
    message: str

    def as_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "line": self.line, "message": self.message}


def verify(session: Session) -> list[Problem]:
    """Recompute every hand from its stored inputs; report each disagreement,
    each wrong dealer or table, and each zero-sum hand that does not sum to 0."""
    game, rules = session.game, session.rules
    problems: list[Problem] = []
    for h in session.hands:
        index = h.number - 1
        expected_seated = session.seated_for(index)
        expected_dealer = session.dealer_for(index)
        found: list[str] = []
        if h.seated != expected_seated:
            found.append(f"players {', '.join(h.seated)} but the seated players "
                         f"were {', '.join(expected_seated)} ({rules.rule('table')})")
        if h.dealer != expected_dealer:
            found.append(f"dealer {h.dealer} but the deal passes to "
                         f"{expected_dealer} ({rules.rule('deal')})")
        if rules.zero_sum and sum(h.scores.values()) != 0:
            found.append(f"{session.score_key} sums to {sum(h.scores.values())}, "
                         f"not 0 ({rules.rule('ledger')})")
        try:
            table = Table(session.players, h.seated, h.dealer)
            args = game.args_from_stored(h.data, table, rules)
            result = game.resolve(args, rules)
            found += game.compare(h.data, result, session.score_key)
        except Impossible as err:
            found.append(f"its inputs cannot be replayed: {err}")
        except Refused as err:
            found.append(f"its inputs are ruled against: {err}")
        problems += [Problem(h.number, h.line, f"hand {h.number}: {m}") for m in found]
    return problems
