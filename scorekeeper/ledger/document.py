"""The ledger: a session file's document, read → validated → verified.

Stages, each a plain function of immutable values (no files: see
`scorekeeper.files.storage` and `scorekeeper.files.ledger_file`):

* `parse(text, label)` — TOML text to a `Session` (`scorekeeper.ledger.session`),
  checking the shape: every problem collected with `FILE:LINE`, raised
  together as one `LedgerError`;
* `verify(session)` — recompute every hand from its stored inputs.
"""

from __future__ import annotations

from itertools import repeat
from typing import Any, Callable, Collection, Iterable, Mapping, NamedTuple, Sequence

from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.language import Said
from scorekeeper.core.numbers import Figure
from scorekeeper.core.options import Profile, RuleSet
from scorekeeper.core.plain import PlainDict, PlainMap, in_range, plain_problems
from scorekeeper.core.scores import ScoreKind
from scorekeeper.core.seating import check_player_names
from scorekeeper.core.seats import SeatChange, seat_order, seat_problems
from scorekeeper.games import registry
from scorekeeper.games.interface import AnyGame
from scorekeeper.ledger.pending import pending_problems
from scorekeeper.ledger.session import (
    FORMAT_VERSION,
    Session,
    SessionHand,
    StoredHand,
    header_document,
    note_problem,
    recorded_problem,
    session_rules,
)
from scorekeeper.ledger.tomltext import LedgerError, line_index, load_toml

__all__ = ["FORMAT_VERSION", "Problem", "SessionHand", "Session", "StoredHand",
           "from_document", "header_document", "parse", "session_rules", "verify"]


# -- reading ------------------------------------------------------------------

# The line a top-level key is on (None: not known)
KeyLine = Callable[[str], "int | None"]

def parse(text: str, label: str) -> Session:
    """Read and shape-check a ledger. Raises LedgerError listing every problem."""
    return from_document(load_toml(text, label), label, line_index(text))


def _header(doc: PlainMap, key_line: KeyLine,
            problems: list[tuple[int | None, Said]]
            ) -> tuple[AnyGame, Profile[Any], RuleSet] | None:
    """The game, profile and rules a ledger declares, or None (problems)."""
    game_name = doc.get("game")
    profile_name = doc.get("profile")
    if not isinstance(game_name, str) or not isinstance(profile_name, str):
        problems.append((None, Said("missing `game` or `profile` (strings): is this a "
                                    "scorekeeper ledger?")))
        return None
    where = "game"                      # the line a problem is reported at
    try:
        game = registry.game(game_name)
        where = "profile"
        profile = game.profile(profile_name)
    except Impossible as err:
        problems.append((key_line(where), err.message))
        return None
    if doc.get("format", FORMAT_VERSION) != FORMAT_VERSION:
        problems.append((key_line("format"), Said("ledger format {found}: this scorekeeper "
                                                  "reads format {format}",
                                                  found=repr(doc.get("format")),
                                                  format=FORMAT_VERSION)))
        return None
    known = {"format", "game", "profile", "players", "first_dealer", "hands",
             "options", "money", "undone", "seats", "paid"}
    for key in doc:
        if key not in known:
            problems.append((key_line(key), Said("unknown top-level key `{key}`", key=key)))
    if not isinstance(doc.get("undone", ""), str):
        problems.append((key_line("undone"), Said("`undone` must be text: the [[hands]] table "
                                                  "`undo` removed, kept for `redo`")))
    if "money" in doc:
        from scorekeeper.core.money import stored_problems  # start-up: only with money

        problems += [(key_line("money"), m) for m in stored_problems(doc["money"])]
    stored = doc.get("options", {})
    if not isinstance(stored, dict):
        problems.append((key_line("options"), Said("`options` must be a table")))
        return None
    for key in stored:
        if not profile.accepts(key):    # a renamed option still reads
            problems.append((key_line(f"options.{key}"),
                             Said("unknown option `{key}` for {profile} (options: {options})",
                                  key=key, profile=profile.name,
                                  options=", ".join(profile.options))))
    if problems:
        return None
    try:
        rules = profile.from_stored(stored)
    except Impossible as err:
        problems.append((key_line("options"), Said("session options: {message}",
                                                   message=err.message)))
        return None
    return game, profile, rules


def from_document(doc: PlainMap, label: str,
                  line_of: PlainMap | None = None,
                  checked: bool = False) -> Session:
    """The session a parsed ledger holds, every problem of its shape raised
    together. `checked`: its hands passed these checks already (a text just
    parsed back to exactly the document a change meant), so they are not
    checked one by one again; its header is, whatever the change wrote in
    it (a payment, a seat)."""
    line_of = line_of or {"keys": {}, "hands": []}
    key_line = line_of["keys"].get
    problems: list[tuple[int | None, Said]] = []

    def fail() -> LedgerError:
        return LedgerError(label, problems)

    _walk_plain(doc, line_of, problems)
    if problems:
        raise fail()

    header = _header(doc, key_line, problems)
    if header is None:
        raise fail()
    game, profile, rules = header
    seating = _seating(doc, rules, key_line, problems)
    if seating is None:
        raise fail()
    header_players, first_dealer = seating
    seats = _seats(doc, header_players, rules, key_line, problems)
    if seats is None:
        raise fail()
    players_t = seat_order(header_players, seats)
    raw_hands = doc.get("hands", [])
    if not isinstance(raw_hands, list) or not all(isinstance(h, dict) for h in raw_hands):
        problems.append((key_line("hands"), Said("`hands` must be [[hands]] tables")))
        raise fail()

    hands, pending = _hands(raw_hands, line_of["hands"], game, rules, players_t,
                            checked, problems)
    if problems:
        raise fail()
    return Session(label, game, profile, rules, players_t, first_dealer,
                   tuple(hands), doc, seats, pending)


def _hands(raw_hands: Sequence[PlainMap], hand_lines: Sequence[int | None],
           game: AnyGame, rules: RuleSet, players_t: tuple[str, ...], checked: bool,
           problems: list[tuple[int | None, Said]]
           ) -> tuple[list[StoredHand], StoredHand | None]:
    """The hands of a ledger, shape-checked (unless `checked`), and the
    last one if it waits for its play (CB-18); each problem added."""
    hands: list[StoredHand] = []
    kind = rules.score_kind
    score_key = kind.key
    shape = _Shape.of(game, score_key)
    seat = {p: i for i, p in enumerate(players_t)}     # a look-up, however many sat
    pending: StoredHand | None = None
    for i, data in enumerate(raw_hands):
        line = hand_lines[i] if i < len(hand_lines) else None
        waiting = _waiting(data, game, score_key)
        if waiting:
            found = _pending_shape(data, i + 1, len(raw_hands), seat, shape, rules)
        else:
            found = _hand_shape(data, i + 1, seat, kind, shape) if not checked else []
        if found:
            problems += [(line, m) for m in found]
        elif waiting:       # who called, in the order stored
            pending = StoredHand(i + 1, line, data, tuple(data[shape.pending[0]]),
                                 data["dealer"], {})
        else:
            hands.append(StoredHand.of(i + 1, line, data, players_t, score_key, seat))
    return hands, pending


def _seats(doc: PlainMap, players: Sequence[str], rules: RuleSet,
           key_line: KeyLine, problems: list[tuple[int | None, Said]]
           ) -> tuple[SeatChange, ...] | None:
    """The joins and leaves a ledger's `seats` holds, in order, or None
    (problems): each `{hand = N, join = NAME[, after = NAME]}` or `{hand =
    N, leave = NAME}`, hands in order, a newcomer's name nobody has had, a
    leaver seated then."""
    stored = doc.get("seats", [])
    line = key_line("seats")
    if not isinstance(stored, list) or not all(isinstance(c, dict) for c in stored):
        problems.append((line, Said("`seats` must be a list of tables {hand = N, join = "
                                    "NAME} or {hand = N, leave = NAME}")))
        return None
    seats: list[SeatChange] = []
    found: list[Said] = []
    for i, entry in enumerate(stored):
        change = _seat_change(entry, f"seats[{i}]", found)
        if change is not None:
            seats.append(change)
    if not found:
        found += seat_problems(seats, players, rules)
    problems += [(line, m) for m in found]
    return None if found else tuple(seats)


def _seat_change(entry: PlainMap, where: str,
                 found: list[Said]) -> SeatChange | None:
    """One `seats` entry as a value (None: its problem added to `found`)."""
    hand: Any = entry.get("hand")
    join, leave, after = (entry.get(k) for k in ("join", "leave", "after"))
    shape_ok = set(entry) <= {"hand", "join", "leave", "after"} and \
        type(hand) is int and hand >= 1 and (join is None) != (leave is None) and \
        isinstance(join or leave, str) and (after is None or isinstance(after, str)
                                            and join is not None)
    if not shape_ok:
        found.append(Said("`{where}` must be {{hand = N, join = NAME}} (with `after = NAME` if "
                          "given) or {{hand = N, leave = NAME}}, not {value}",
                          where=where, value=repr(dict(entry))))
        return None
    return SeatChange(hand, str(join if join is not None else leave),
                      join is not None, after)


def _seating(doc: PlainMap, rules: RuleSet, key_line: KeyLine,
             problems: list[tuple[int | None, Said]]
             ) -> tuple[tuple[str, ...], str] | None:
    """The players in seat order and the first dealer, or None (problems)."""
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        problems.append((key_line("players"), Said("`players` must be a list of names")))
        return None
    try:
        players_t = check_player_names(players, rules)
    except Impossible as err:
        problems.append((key_line("players"), err.message))
        return None
    first_dealer = doc.get("first_dealer")
    if not isinstance(first_dealer, str) or first_dealer not in players_t:
        problems.append((key_line("first_dealer"),
                         Said("`first_dealer` must be one of the players, not {first_dealer}",
                              first_dealer=repr(first_dealer))))
        return None
    return players_t, first_dealer


_COMMON_TYPES: Mapping[str, tuple[type, str]] = {
    "dealer": (str, "a name"),
    "dealer_corrected": (bool, "true or false"),
    "out": (list, "a list of names"),
    "winner": (str, "a name"),
    "rules": (list, "a list of rule ids"),
    "unverified": (list, "a list of names"),
    # every game's hand: when it was recorded, and a person's note
    "recorded": (str, "a time with its UTC offset"),
    "note": (str, "text"),
}


def _type_problems(data: PlainMap, where: str,
                   types: Mapping[str, tuple[type, str]]) -> list[Said]:
    out: list[Said] = []
    for key, (kind, what) in types.items():
        value: Any = data.get(key)
        if value is None:
            continue
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            out.append(Said("{where}: `{key}` must be {what}, not {value}",
                            where=where, key=key, what=what, value=repr(value)))
        elif kind is list and not _all_text(data[key]):
            out.append(Said("{where}: `{key}` must be {what}", where=where, key=key, what=what))
        elif kind is dict and not all(map(_card_list_or_number, data[key].values())):
            out.append(Said("{where}: `{key}` values must be card lists or numbers",
                            where=where, key=key))
        elif kind is dict and not all(map(in_range, data[key].values())):
            out.append(Said("{where}: `{key}` holds a number beyond the 64-bit whole numbers "
                            "TOML holds", where=where, key=key))
    return out


_STR = repeat(str)


def _all_text(values: Iterable[Any]) -> bool:
    """Every value is text (isinstance, without a Python call for each)."""
    return all(map(isinstance, values, _STR))


def _card_list_or_number(value: Any) -> bool:
    """Text, a whole number, or a list of texts (not true/false)."""
    if type(value) is str or type(value) is int:      # nearly always
        return True
    return (isinstance(value, (str, int)) and not isinstance(value, bool)) \
        or (isinstance(value, list) and _all_text(value))


def _walk_plain(doc: PlainMap, line_of: PlainMap,
                problems: list[tuple[int | None, Said]]) -> None:
    """The header's values walked; a hand's are checked key by key by
    `_hand_shape` (every key known, every value of its type and range)."""
    for key, value in doc.items():
        if key == "hands" and isinstance(value, list):
            continue
        found: list[Said] = []
        plain_problems(value, str(key), found)
        problems += [(line_of["keys"].get(str(key)), m) for m in found]


class _Shape(NamedTuple):
    """What a game's `[[hands]]` table holds: worked out once a ledger, not
    once a hand."""

    title: Said
    known: frozenset[str]
    types: Mapping[str, tuple[type, str]]
    required: tuple[str, ...]
    pending: tuple[str, ...]        # the keys given before play (CB-18)

    @classmethod
    def of(cls, game: AnyGame, score_key: str) -> "_Shape":
        return cls(game.title,
                   frozenset({"hand", score_key, *_COMMON_TYPES, *game.stored_types}),
                   {**_COMMON_TYPES, **game.stored_types},
                   ("dealer", score_key, *game.stored_required),
                   tuple(f.key for f in game.fields if f.before_play))


def _hand_shape(data: PlainMap, number: int, players: Collection[str],
                kind: ScoreKind, shape: _Shape) -> list[Said]:
    where, score_key, known = f"hand {number}", kind.key, shape.known
    out = [] if known.issuperset(data) else [
        Said("{where}: unknown key `{key}` (a {game} hand holds {keys})", where=where,
             key=key, game=shape.title, keys=", ".join(sorted(known)))
        for key in data if key not in known]
    out += _type_problems(data, where, shape.types)
    number_found = data.get("hand")
    if type(number_found) is not int or number_found != number:
        out.append(Said("{where}: `hand = {number}` expected (hands are numbered in order), "
                        "found {number_found}",
                        where=where, number=number, number_found=repr(number_found)))
    for key in shape.required:
        if key not in data:
            out.append(Said("{where}: missing `{key}`", where=where, key=key))
    if out:
        return out
    out += _told_problems(data, where)
    if data["dealer"] not in players:
        out.append(Said("{where}: dealer {dealer} is not a player",
                        where=where, dealer=repr(data["dealer"])))
    scores = data[score_key]
    if not isinstance(scores, dict) or not scores:
        out.append(Said("{where}: `{score_key}` must be a table NAME = integer",
                        where=where, score_key=score_key))
        return out
    for name, value in scores.items():
        if name not in players:
            out.append(Said("{where}: `{score_key}.{name}`: not a player",
                            where=where, score_key=score_key, name=name))
        if not isinstance(value, int) or isinstance(value, bool):
            out.append(_not_whole(f"{where}: `{score_key}.{name}`", value, kind))
        elif not in_range(value):
            out.append(Said("{where}: `{score_key}.{name}` is beyond the 64-bit whole numbers "
                            "TOML holds",
                            where=where, score_key=score_key, name=name))
    for key in ("out", "unverified"):
        if not data.get(key):               # most hands: nobody
            continue
        names = list(data[key])
        strangers = list(dict.fromkeys(n for n in names if n not in players))
        if strangers:
            out.append(Said("{where}: `{key}` names {names}, not a player",
                            where=where, key=key, names=", ".join(strangers)))
        if len(set(names)) < len(names):
            out.append(Said("{where}: `{key}` names a player twice", where=where, key=key))
    return out


def _waiting(data: PlainMap, game: AnyGame, score_key: str) -> bool:
    """A hand table waiting for its play (CB-18): no scores, and only
    inputs given before play (`Game.pending_flags`: Call Break's calls)."""
    return score_key not in data and bool(game.pending_flags) and \
        all(f.key in data for f in game.fields if f.before_play)


def _pending_shape(data: PlainMap, number: int, count: int,
                   players: Collection[str], shape: _Shape,
                   rules: RuleSet) -> list[Said]:
    """What is wrong with the shape of a hand waiting for its play: only
    the last may (CB-18), and it holds its number, its dealer and what was
    given before play, nothing ruled."""
    where, rule = f"hand {number}", rules.rule_or("pending", "ledger")
    if number != count:
        return [Said("{where}: no tricks or scores: only the last deal may wait for its "
                     "tricks ({rule})", where=where, rule=rule)]
    known = {"hand", "dealer", "dealer_corrected", "note", *shape.pending}
    out: list[Said] = [Said("{where}: `{key}` has no place in a deal waiting for its tricks "
                "({rule})", where=where, key=key, rule=rule)
           for key in data if key not in known]
    out += _type_problems(data, where, shape.types)
    out += _told_problems(data, where)
    if data.get("hand") != number:
        out.append(Said("{where}: `hand = {number}` expected (hands are numbered in order), "
                        "found {number_found}", where=where, number=number,
                        number_found=repr(data.get("hand"))))
    if "dealer" not in data:
        out.append(Said("{where}: missing `{key}`", where=where, key="dealer"))
    elif data["dealer"] not in players:
        out.append(Said("{where}: dealer {dealer} is not a player",
                        where=where, dealer=repr(data["dealer"])))
    return out


def _not_whole(what: str, value: Any, kind: ScoreKind) -> Said:
    """A stored score that is not a whole number (in tenths: how one is stored)."""
    if kind.scale != 1:
        return Said("{what} must be a whole number (of 1/{scale} points: {example} is "
                    "stored as 31), not {value}", what=what, scale=kind.scale,
                    example=Figure(kind.display(31)), value=repr(value))
    return Said("{what} must be a whole number, not {value}", what=what, value=repr(value))


def _told_problems(data: PlainMap, where: str) -> list[Said]:
    """What is wrong with a hand's `recorded` and `note`, where it has them."""
    found: list[Said] = []
    if "recorded" in data and (problem := recorded_problem(data["recorded"])):
        found.append(Said("{where}: {problem}", where=where, problem=problem))
    if "note" in data and (problem := note_problem(data["note"])):
        found.append(Said("{where}: `note`: {problem}", where=where, problem=problem))
    return found


# -- verify -------------------------------------------------------------------

class Problem(NamedTuple):
    hand: int | None
    line: int | None
    message: Said

    def as_json(self) -> PlainDict:
        return {"hand": self.hand, "line": self.line, "message": self.message.english}


def verify(session: Session) -> list[Problem]:
    """Recompute every hand from its stored inputs; report each
    disagreement, each wrong dealer or table, and each zero-sum hand that
    does not sum to 0."""
    problems: list[Problem] = []
    planned, played = session.planned, len(session.hands)
    if planned is not None and played > planned:
        unit = session.rules.length_option
        values = dict(planned=planned, unit=unit, played=played, label=session.label,
                      rule=session.rules.rule("session"))
        problems.append(Problem(None, None, Said.ngettext(
            "the session plans {planned} hand ([options] {unit}) but {played} are "
            "recorded: raise it with `scorekeeper extend {label} --{unit} N` ({rule})",
            "the session plans {planned} hands ([options] {unit}) but {played} are "
            "recorded: raise it with `scorekeeper extend {label} --{unit} N` ({rule})",
            count=planned, **values)))
    for h in session.hands:
        found = _sequence_problems(session, h) + _replay_problems(session, h)
        problems += [Problem(h.number, h.line, Said("hand {number}: {problem}",
                                                    number=h.number, problem=m))
                     for m in found]
    if session.pending is not None:
        h = session.pending
        problems += [Problem(h.number, h.line, Said("hand {number}: {problem}",
                                                    number=h.number, problem=m))
                     for m in pending_problems(session)]
    return problems + [Problem(None, None, m) for m in _paid_problems(session)]


def _paid_problems(session: Session) -> list[Said]:
    """What is wrong with the ledger's record of payments (`paid`)."""
    stored = session.document.get("paid")
    if stored is None:
        return []
    from scorekeeper.core.money import paid_problems  # start-up: only with payments

    return paid_problems(stored, len(session.hands), session.rules.rule("ledger"))


def _sequence_problems(session: Session, h: StoredHand) -> list[Said]:
    """Who sat and who dealt (`Seats.problems`), each zero-sum hand's
    balance, and what it takes over from the hand before it."""
    found = session.seats.problems(h.number - 1, h.seated, h.dealer, h.data, session.rules)
    kind = session.score_kind
    if kind.transfers and sum(h.scores.values()) != 0:
        found.append(Said("{key} sums to {sum}, not 0 ({rule})", key=kind.key,
                          sum=Figure(kind.display(sum(h.scores.values()))),
                          rule=session.rules.rule("ledger")))
    return found + _carried_problems(session, h)


def _carried_problems(session: Session, h: StoredHand) -> list[Said]:
    """What the hand takes over from the hand before it (Marriage: the
    refused shows due, MA-20), against what that hand leaves: a hand edited
    before it must not leave this one paying for what is no longer so."""
    due, differ = session.carried_mismatches(h)
    rule = session.rules.rule(session.game.carried_rule)
    return [Said("`{key}` as stored names {stored}, but the hands before it leave {due} "
                 "({rule}; amend this hand to take it over again)", key=key,
                 stored=_names_or_nobody(h.data.get(key, ())),
                 due=_names_or_nobody(due.get(key, ())), rule=rule)
            for key in differ]


def _names_or_nobody(names: Sequence[str]) -> Said:
    """"Asha, Bikash", or the word for nobody."""
    return Said("{item}", item=", ".join(names)) if names else Said("nobody")


def _replay_problems(session: Session, h: StoredHand) -> list[Said]:
    """The hand ruled again from its stored inputs, against what it stores."""
    try:
        result = session.replay(h)[2]
        found = session.game.compare(h.data, result, session.score_kind)
        stored = list(h.data.get("unverified", ()))
        if (stored or result.unverified) and sorted(stored) != sorted(result.unverified):
            found.append(Said("`unverified` as stored names {stored}, but the hands given "
                              "as agreed totals are {given}",
                              stored=_names_or_nobody(stored),
                              given=", ".join(result.unverified) or Said("none")))
        return found
    except Impossible as err:
        return [Said("its inputs cannot be replayed: {reason}", reason=_cited(err))]
    except Refused as err:
        return [Said("its inputs are ruled against: {reason}", reason=_cited(err))]


def _cited(err: Impossible | Refused) -> Said:
    """`str(err)` (its message citing its rule), kept a `Said` where it is
    the message and its rule in brackets."""
    if err.rule and str(err) == f"{err.message.english} ({err.rule})":
        return Said("{message} ({rule})", message=err.message, rule=err.rule)
    return Said("{item}", item=str(err)) if str(err) != err.message.english else err.message
