"""The ledger: a TOML file of one session, read → validated → computed.

Stages, each a plain function:

* `parse(text, label)`   — TOML text to a `Session` value, checking the shape
  (every problem collected with `FILE:LINE`, raised together as one
  `LedgerError`, exit 2);
* `Session` methods      — totals, places, who deals next, completion;
* `verify(session)`      — recompute every hand from its stored inputs;
* `header_text` / `hand_text` — the TOML a new ledger or one more hand is.

No file is opened here: `scorekeeper.storage` does that.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from scorekeeper.errors import Impossible, Refused
from scorekeeper.profiles import Profile, Rules, get_profile, stored_option

FORMAT_VERSION = 1
_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_TOML_LINE = re.compile(r"^(?P<msg>.*?)\s*\(at line (?P<line>\d+), column (?P<col>\d+)\)$")


class LedgerError(Impossible):
    """A ledger that cannot be read: every problem, each with its line."""

    def __init__(self, label: str, problems: Sequence[tuple[int | None, str]]):
        self.label = label
        self.problems = tuple(problems)
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        return [f"{self.label}:{line}: {msg}" if line else f"{self.label}: {msg}"
                for line, msg in self.problems]


@dataclass(frozen=True)
class StoredHand:
    number: int
    line: int | None
    data: Mapping[str, Any]
    seated: tuple[str, ...]
    dealer: str
    scores: Mapping[str, int]


@dataclass(frozen=True)
class Session:
    label: str
    game: str
    profile: Profile
    rules: Rules
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
        limit = self.rules.eliminate_at
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

    @property
    def planned(self) -> int | None:
        return self.rules.planned_hands(len(self.players))

    @property
    def complete(self) -> bool:
        if self.planned is not None and len(self.hands) >= self.planned:
            return True
        return self.rules.eliminate_at is not None and \
            len(self.seated_for(len(self.hands))) <= 1

    @property
    def next_dealer(self) -> str | None:
        return None if self.complete else self.dealer_for(len(self.hands))

    def places(self) -> dict[str, int]:
        """Standard competition ranking (1, 1, 3); best first. Penalty points
        rank lowest first, eliminated players after those still in."""
        totals = self.totals()
        out = set(self.eliminated())
        sign = 1 if self.rules.lower_is_better else -1

        def key(p: str) -> tuple[int, int]:
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

    def standings_json(self) -> dict:
        data = {
            "totals": self.totals(),
            "places": self.places(),
            "hands_played": len(self.hands),
            "hands_planned": self.planned,
            "complete": self.complete,
            "next_dealer": self.next_dealer,
            "game": self.game,
            "profile": self.profile.name,
        }
        if self.rules.lower_is_better:
            data["eliminated"] = list(self.eliminated())
        else:
            data["unbalanced_hands"] = self.unbalanced()
        return data

    def history_json(self) -> dict:
        rows = []
        running = {p: 0 for p in self.players}
        for h in self.hands:
            for name, value in h.scores.items():
                running[name] += value
            row = {"hand": h.number, "dealer": h.dealer,
                   self.score_key: dict(h.scores), "totals": dict(running),
                   "winner": h.data.get("winner") or h.data.get("finisher"),
                   "rules": list(h.data.get("rules", []))}
            if isinstance(h.data.get("maal"), dict):
                row["maal"] = dict(h.data["maal"])
            rows.append(row)
        return {"hands": rows, "players": list(self.players),
                "score": self.score_key}

    def check_open(self) -> None:
        if self.complete:
            planned = self.planned
            unit = "hands" if "hands" in self.profile.options else "rotations"
            how = f"scorekeeper extend {self.label} --{unit} N"
            if planned is not None and len(self.hands) >= planned:
                raise Refused(f"the session is complete: all {planned} planned "
                              f"hands are played. To play on, extend it: {how} "
                              "(the new total)", self.rules.rule("session"))
            left = ", ".join(self.seated_for(len(self.hands))) or "nobody"
            raise Refused(f"the session is complete: only {left} is left after "
                          "eliminations; start a new session with "
                          "`scorekeeper new`", self.rules.rule("session"))


def resolve_name(name: str, players: Sequence[str]) -> str:
    """Match a player's name case-insensitively; unknown names list the known."""
    wanted = name.strip().casefold()
    for p in players:
        if p.casefold() == wanted:
            return p
    raise Impossible(f"unknown player {name.strip()!r}; players: "
                     + ", ".join(players))


def check_player_names(names: Sequence[str], rules: Rules) -> tuple[str, ...]:
    cleaned = tuple(n.strip() for n in names)
    table = rules.rule("table")
    for n in cleaned:
        if not n:
            raise Impossible("a player's name is empty", table)
        if any(ch in n for ch in "=,|") or any(ord(ch) < 32 or ord(ch) == 127
                                               for ch in n):
            raise Impossible(f"the name {n!r} may not contain '=', ',', '|' or "
                             "control characters", table)
    if len({n.casefold() for n in cleaned}) != len(cleaned):
        raise Impossible("player names must be distinct: "
                         + ", ".join(cleaned), table)
    if not rules.min_players <= len(cleaned) <= rules.max_players:
        raise Impossible(f"{len(cleaned)} player{'s' * (len(cleaned) != 1)}: "
                         "this profile seats "
                         f"{rules.min_players}–{rules.max_players}", table)
    return cleaned


# -- TOML writing -------------------------------------------------------------

def toml_string(text: str) -> str:
    # A JSON string is a TOML basic string once DEL is escaped too.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else toml_string(key)


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}"
                               for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} to the ledger")


def header_text(game: str, profile: Profile, rules: Rules,
                players: Sequence[str], first_dealer: str) -> str:
    import tomli_w

    header: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "game": game,
        "profile": profile.name,
        "players": list(players),
        "first_dealer": first_dealer,
    }
    header["options"] = {key: stored_option(value) for key, value
                         in profile.option_values(rules).items()}
    return ("# scorekeeper ledger: one [[hands]] table per hand, in order.\n"
            "# Check it with: scorekeeper verify FILE\n" + tomli_w.dumps(header))


def hand_text(data: Mapping[str, Any]) -> str:
    """One hand as a `[[hands]]` table, appended to the ledger as it is."""
    lines = ["", "[[hands]]"]
    lines += [f"{toml_key(k)} = {toml_value(v)}" for k, v in data.items()]
    return "\n".join(lines) + "\n"


def replace_option(text: str, key: str, value: Any) -> str:
    """The ledger text with one `[options]` value replaced."""
    lines = text.splitlines(keepends=True)
    new_line = f"{toml_key(key)} = {toml_value(stored_option(value))}\n"
    section = None
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("["):
            if section == "[options]":
                lines.insert(i, new_line)
                return "".join(lines)
            section = stripped
        elif section == "[options]" and "=" in stripped and \
                stripped.split("=", 1)[0].strip().strip('"') == key:
            lines[i] = new_line
            return "".join(lines)
    raise Impossible("the ledger has no [options] table to change")


def split_last_hand(text: str) -> str | None:
    """The ledger text without its last `[[hands]]` table (for undo)."""
    lines = text.splitlines(keepends=True)
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].strip() == "[[hands]]":
            head = "".join(lines[:i])
            return head.rstrip("\n") + "\n"
    return None


# -- TOML reading -------------------------------------------------------------

def parse(text: str, label: str,
          document: Mapping[str, Any] | None = None) -> Session:
    """Read and shape-check a ledger. Raises LedgerError listing every problem.

    `document` is the already-parsed TOML of exactly this text, when a cache
    (see `scorekeeper.storage.read_cached_document`) vouches for it."""
    doc = document if document is not None else load_toml(text, label)
    return from_document(doc, label, _line_index(text))


def load_toml(text: str, label: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        m = _TOML_LINE.match(str(err))
        if m:
            raise LedgerError(label, [(int(m["line"]), f"not valid TOML: {m['msg']} "
                                                      f"(column {m['col']})")]) from None
        # "(at end of document)": a truncated file; point at its last line.
        last = len(text.rstrip("\n").splitlines()) or 1
        message = str(err).replace(" (at end of document)", "")
        raise LedgerError(label, [(last, f"not valid TOML at the end of the file "
                                         f"(truncated?): {message}")]) from None


def append_hand(session: Session, text: str, stored: Mapping[str, Any]
                ) -> tuple[str, dict[str, Any], Session]:
    """The ledger text and document with one more hand, and its session.

    Only the new `[[hands]]` table is parsed back (and must read back as
    exactly what was stored); the rest of the document is reused."""
    fragment = hand_text(stored)
    read_back = load_toml(fragment, session.label).get("hands", [None])
    if read_back != [dict(stored)]:  # pragma: no cover - a writer bug
        raise Impossible("internal: the new hand does not read back as written")
    new_text = text.rstrip("\n") + "\n" + fragment
    document = dict(session.document)
    document["hands"] = [*document.get("hands", []), read_back[0]]
    return new_text, document, from_document(document, session.label,
                                             _line_index(new_text))


def _line_index(text: str) -> dict[str, Any]:
    """Line numbers of top-level keys and of each `[[hands]]` header."""
    keys: dict[str, int] = {}
    hands: list[int] = []
    prefix = ""
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped == "[[hands]]":
            hands.append(number)
        elif stripped == "[options]":
            prefix = "options."
            keys.setdefault("options", number)
        elif not hands and "=" in stripped and not stripped.startswith("#"):
            key = stripped.split("=", 1)[0].strip().strip('"')
            keys.setdefault(prefix + key, number)
    return {"keys": keys, "hands": hands}


def from_document(doc: Mapping[str, Any], label: str,
                  line_of: Mapping[str, Any] | None = None) -> Session:
    from scorekeeper.games import adapter_for

    line_of = line_of or {"keys": {}, "hands": []}
    key_line = line_of["keys"].get
    problems: list[tuple[int | None, str]] = []

    def fail() -> LedgerError:
        return LedgerError(label, problems)

    game = doc.get("game")
    profile_name = doc.get("profile")
    if not isinstance(game, str) or not isinstance(profile_name, str):
        problems.append((None, "missing `game` or `profile` (strings): is this a "
                               "scorekeeper ledger?"))
        raise fail()
    try:
        profile = get_profile(game, profile_name)
    except Impossible as err:
        problems.append((key_line("profile") or key_line("game"), err.message))
        raise fail() from None
    if doc.get("format", FORMAT_VERSION) != FORMAT_VERSION:
        problems.append((key_line("format"), f"ledger format {doc.get('format')!r}: "
                         f"this scorekeeper reads format {FORMAT_VERSION}"))
        raise fail()
    known = {"format", "game", "profile", "players", "first_dealer", "hands",
             "options"}
    for key in doc:
        if key not in known:
            problems.append((key_line(key), f"unknown top-level key `{key}`"))
    stored = doc.get("options", {})
    if not isinstance(stored, dict):
        problems.append((key_line("options"), "`options` must be a table"))
        raise fail()
    for key in stored:
        if key not in profile.options:
            problems.append((key_line(f"options.{key}"),
                             f"unknown option `{key}` for {profile.name} "
                             f"(options: {', '.join(profile.options)})"))
    if problems:
        raise fail()
    try:
        rules = profile.from_stored(stored)
    except Impossible as err:
        problems.append((key_line("options"), f"session options: {err.message}"))
        raise fail() from None
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
    if first_dealer not in players_t:
        problems.append((key_line("first_dealer"),
                         f"`first_dealer` must be one of the players, not "
                         f"{first_dealer!r}"))
        raise fail()
    raw_hands = doc.get("hands", [])
    if not isinstance(raw_hands, list) or not all(isinstance(h, dict) for h in raw_hands):
        problems.append((key_line("hands"), "`hands` must be [[hands]] tables"))
        raise fail()

    adapter = adapter_for(game)
    hands: list[StoredHand] = []
    hand_lines = line_of["hands"]
    score_key = "net" if rules.zero_sum else "points"
    for i, data in enumerate(raw_hands):
        line = hand_lines[i] if i < len(hand_lines) else None
        where_problems = _hand_shape(data, i + 1, players_t, score_key,
                                     adapter.required_keys, adapter.key_types)
        if where_problems:
            problems += [(line, m) for m in where_problems]
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


def _hand_shape(data: Mapping[str, Any], number: int, players: Sequence[str],
                score_key: str, required: Sequence[str],
                key_types: Mapping[str, tuple[type, str]]) -> list[str]:
    out = []
    where = f"hand {number}"
    for key, (kind, what) in {**_COMMON_TYPES, **key_types}.items():
        value = data.get(key)
        if value is not None and (not isinstance(value, kind)
                                  or (kind is int and isinstance(value, bool))):
            out.append(f"{where}: `{key}` must be {what}, not {value!r}")
        elif kind is list and value is not None and \
                not all(isinstance(v, str) for v in value):
            out.append(f"{where}: `{key}` must be {what}")
        elif kind is dict and value is not None and \
                not all(isinstance(v, (str, int, list)) and not isinstance(v, bool)
                        for v in value.values()):
            out.append(f"{where}: `{key}` values must be card lists or numbers")
    if data.get("hand") != number:
        out.append(f"{where}: `hand = {number}` expected (hands are numbered in "
                   f"order), found {data.get('hand')!r}")
    for key in ("dealer", score_key, *required):
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

    def as_json(self) -> dict:
        return {"hand": self.hand, "line": self.line, "message": self.message}


def verify(session: Session) -> list[Problem]:
    """Recompute every hand from its stored inputs; report each disagreement,
    each wrong dealer or table, and each zero-sum hand that does not sum to 0."""
    from scorekeeper.games import adapter_for

    adapter = adapter_for(session.game)
    rules = session.rules
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
            inputs = adapter.from_stored(h.data, h.seated, h.dealer, rules)
            result = adapter.resolve(inputs, rules)
            found += adapter.compare(h.data, result, session.score_key)
        except Impossible as err:
            found.append(f"its inputs cannot be replayed: {err}")
        except Refused as err:
            found.append(f"its inputs are ruled against: {err}")
        problems += [Problem(h.number, h.line, f"hand {h.number}: {m}") for m in found]
    return problems
