"""The ledger's format: a session file's document, read and shape-checked.

Stages, each a plain function of immutable values (no files: see
`scorekeeper.files.storage` and `scorekeeper.files.ledger_file`):

* `parse(text, label)` — TOML text to a `Session` (`scorekeeper.session.session`),
  checking the shape (each hand's by `games.stored`, from its game's
  declared fields): every problem collected with `FILE:LINE`, raised
  together as one `LedgerError`;
* `header_document` — the top of a new ledger.

Verifying a session (every hand ruled again) is `scorekeeper.session.verify`.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said
from scorekeeper.core.options import Profile, RuleSet, stored_option
from scorekeeper.core.plain import PlainDict, PlainMap, plain_problems
from scorekeeper.core.seating import check_player_names
from scorekeeper.core.seats import SeatChange, seat_order, seat_problems
from scorekeeper.games import registry
from scorekeeper.games.interface import AnyGame
from scorekeeper.games.stored import Shape, hand_shape, pending_shape, waiting
from scorekeeper.ledger.tomltext import LedgerError, line_index, load_toml
from scorekeeper.session.session import Session, StoredHand

FORMAT_VERSION = 1


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
    shape = Shape.of(game, score_key)
    seat = {p: i for i, p in enumerate(players_t)}     # a look-up, however many sat
    pending: StoredHand | None = None
    for i, data in enumerate(raw_hands):
        line = hand_lines[i] if i < len(hand_lines) else None
        waits = waiting(data, game, score_key)
        if waits:
            found = pending_shape(data, i + 1, len(raw_hands), seat, shape, rules)
        else:
            found = hand_shape(data, i + 1, seat, kind, shape) if not checked else []
        if found:
            problems += [(line, m) for m in found]
        elif waits:         # who called, in the order stored
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


def header_document(game: AnyGame, profile: Profile[Any], rules: RuleSet,
                    players: Sequence[str], first_dealer: str,
                    money: Mapping[str, str] | None = None) -> PlainDict:
    """The top of a new ledger: what `new` writes (`money`: the agreed
    rate and currency, a `[money]` table after `[options]`)."""
    header: PlainDict = {
        "format": FORMAT_VERSION,
        "game": game.name,
        "profile": profile.name,
        "players": list(players),
        "first_dealer": first_dealer,
        "options": {key: stored_option(value) for key, value
                    in profile.option_values(rules).items()},
    }
    if money:
        header["money"] = dict(money)
    return header
