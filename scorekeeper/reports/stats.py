"""Statistics over many sessions: per game and player, what the evenings add
up to (`scorekeeper stats`).

A pure fold of immutable `Session` values into frozen `GameStats` (no
files, no printing). What is common to every game (sessions, hands, hands
won, total, best and worst hand, places) is counted here from the stored
scores; what is a game's own (calls, finishes, maal, …) is counted by the
game itself (`Game.tally`, declared by `Game.tallies`).

Sessions whose points are not transfers (penalty points, or points each
player scores for themself) are counted apart from zero-sum ones of the
same game (group `GAME/points`): their points are not a net. Best and
worst follow the game's `ScoreKind` (lower is better for penalty points);
JSON gives each figure stored and as people read it (`total_display`…). Players are matched by name case-insensitively across sessions.
A session's places are its standings after its last recorded hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping, Sequence

from scorekeeper.core.language import Said
from scorekeeper.core.plain import PlainDict
from scorekeeper.core.scores import NET, ScoreKind
from scorekeeper.games.tally import Tally
from scorekeeper.reports.documents import places
from scorekeeper.reports.roster import Roster

if TYPE_CHECKING:
    from scorekeeper.session.session import Session


@dataclass(frozen=True)
class PlayerStats:
    name: str
    sessions: int
    hands: int
    won: int
    total: int
    best: int | None            # the best single hand (lowest in points)
    worst: int | None
    places: tuple[tuple[int, int], ...]      # (place, how many sessions)
    counters: Mapping[str, int]              # the game's own (Game.tally)

    @property
    def first(self) -> int:
        return dict(self.places).get(1, 0)

    @property
    def average(self) -> float | None:
        return self.total / self.hands if self.hands else None

    def as_json(self, tallies: Sequence[Tally], kind: ScoreKind = NET
                ) -> PlainDict:
        shown = kind.display
        data: PlainDict = {
            "sessions": self.sessions, "hands": self.hands, "won": self.won,
            "total": self.total, "total_display": shown(self.total),
            "average": None if self.average is None else round(self.average, 2),
            "average_display": None if self.average is None
            else kind.mean(self.average),
            "best": self.best,
            "best_display": None if self.best is None else shown(self.best),
            "worst": self.worst,
            "worst_display": None if self.worst is None else shown(self.worst),
            "first": self.first,
            "places": {str(place): n for place, n in self.places}}
        data.update(self.counters)
        for t in tallies:
            if t.kind == "mean":
                of = self.counters.get(t.of or "", 0)
                data[f"average_{t.key}"] = \
                    round(self.counters.get(t.key, 0) / of, 2) if of else None
        return data


@dataclass(frozen=True)
class GameStats:
    """The players of one game, scored one way (net or penalty points)."""

    key: str                 # "GAME" or "GAME/points"
    game: str                # the game's name
    title: Said
    score: str               # "net" or "points"
    lower_is_better: bool
    tallies: tuple[Tally, ...]
    sessions: int
    players: tuple[PlayerStats, ...]
    kind: ScoreKind = NET    # how the game keeps its scores

    def as_json(self) -> PlainDict:
        return {p.name: p.as_json(self.tallies, self.kind) for p in self.players}


class _Player:
    """A player's counters while the sessions are folded (never leaves).
    This and `_Group` are plain classes: a dataclass compiles its methods
    when it is defined (start-up), and these need none of them."""

    __slots__ = ("sessions", "hands", "won", "total", "best", "worst", "places",
                 "counters")

    def __init__(self) -> None:
        self.sessions = 0
        self.hands = 0
        self.won = 0
        self.total = 0
        self.best: int | None = None
        self.worst: int | None = None
        self.places: dict[int, int] = {}
        self.counters: dict[str, int] = {}


class _Group:
    __slots__ = ("first", "sessions", "players")

    def __init__(self, first: Session) -> None:
        self.first = first
        self.sessions = 0
        self.players: dict[str, _Player] = {}


def group_key(session: Session) -> str:
    return session.game.name + ("" if session.score_kind.transfers else "/points")


def _fold_hands(session: Session, group: _Group, roster: Roster) -> None:
    game, lower = session.game, not session.score_kind.higher_is_better
    for hand in session.hands:
        facts = game.history_facts(hand.data)
        winner = facts.get("winner")
        for name, value in hand.scores.items():
            acc = group.players.setdefault(roster.shown(name), _Player())
            acc.hands += 1
            acc.won += winner == name
            acc.total += value
            better, worse = (min, max) if lower else (max, min)
            acc.best = value if acc.best is None else better(acc.best, value)
            acc.worst = value if acc.worst is None else worse(acc.worst, value)
            for key, n in game.tally(facts, name).items():
                acc.counters[key] = acc.counters.get(key, 0) + n


def _fold(session: Session, group: _Group, roster: Roster) -> None:
    group.sessions += 1
    _fold_hands(session, group, roster)
    for name, place in places(session).items():
        acc = group.players.setdefault(roster.shown(name), _Player())
        acc.sessions += 1
        acc.places[place] = acc.places.get(place, 0) + 1


def _frozen(key: str, group: _Group, order: Sequence[str],
            only: str | None) -> GameStats:
    s = group.first
    tallies = tuple(s.game.tallies)
    keys = [t.key for t in tallies] + [t.of for t in tallies
                                       if t.of and t.of != "hands"]
    players = tuple(
        PlayerStats(name, acc.sessions, acc.hands, acc.won, acc.total, acc.best,
                    acc.worst, tuple(sorted(acc.places.items())),
                    {k: acc.counters.get(k, 0) for k in dict.fromkeys(keys)})
        for name in order if (acc := group.players.get(name)) is not None
        and (only is None or name == only))
    return GameStats(key, s.game.name, s.game.title, s.score_key,
                     not s.score_kind.higher_is_better, tallies, group.sessions,
                     players, s.score_kind)


def statistics(sessions: Sequence[Session], game: str | None = None,
               player: str | None = None) -> tuple[GameStats, ...]:
    """Per game (and way of scoring) and player, over the sessions that have
    at least one hand; `game` (a game's name) and `player` (any case;
    unknown: exit 2 listing the players) filter."""
    played = [s for s in sessions if s.hands
              and (game is None or s.game.name == game)]
    roster = Roster(p for s in played for p in s.players)
    only = roster.find(player) if player is not None else None
    if only is not None:
        played = [s for s in played
                  if any(roster.shown(p) == only for p in s.players)]
    groups: dict[str, _Group] = {}
    for s in played:
        _fold(s, groups.setdefault(group_key(s), _Group(s)), roster)
    return tuple(_frozen(key, groups[key], roster.names(), only)
                 for key in sorted(groups))


def statistics_json(stats: Sequence[GameStats]) -> PlainDict:
    return {"games": {g.key: g.as_json() for g in stats},
            "scores": {g.key: g.score for g in stats},
            "score_kinds": {g.key: g.kind.as_json() for g in stats},
            "sessions": {g.key: g.sessions for g in stats}}


# -- reading a counter for a person ----------------------------------------------

# Each a `Said`: its English as it was, the reader's language where the
# screen says it (`say`).

def percent(part: int, whole: int) -> Said:
    """`part` of `whole` as a whole percentage (halves round up)."""
    return Said("{percent}%", percent=(200 * part + whole) // (2 * whole))


def rate(part: int, whole: int, compact: bool = False) -> Said:
    """"3 of 11 = 27%" (no percentage of nothing: "0 of 0"); compact:
    "3/11 27%"."""
    if compact:
        return Said("{part}/{whole} {percent}", part=part, whole=whole,
                    percent=percent(part, whole)) if whole else \
            Said("{part}/0", part=part)
    return Said("{part} of {whole} = {percent}", part=part, whole=whole,
                percent=percent(part, whole)) if whole else \
        Said("{part} of 0", part=part)


def reading(tally: Tally, p: PlayerStats, compact: bool = False) -> Said:
    """One of the game's own counters as a person reads it (compact: the
    count an average is over in brackets, "9.0 (3)")."""
    value = p.counters.get(tally.key, 0)
    of = p.hands if tally.of == "hands" else p.counters.get(tally.of or "", 0)
    if tally.kind == "rate":
        return rate(value, of, compact)
    if tally.kind == "mean":
        if not of:
            return Said("{item}", item="—")
        if compact:
            return Said("{mean:.1f} ({count})", mean=value / of, count=of)
        return Said.ngettext("{mean:.1f} ({count} hand)", "{mean:.1f} ({count} hands)",
                            count=of, mean=value / of)
    return Said("{count}", count=value)
