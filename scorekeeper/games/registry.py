"""The games scorekeeper knows: a name → its package, imported when needed.

This is the only place that lists games. Adding a game is one folder under
`scorekeeper/games/` and one line in `GAMES` (docs/ARCHITECTURE.md has the
checklist). Each package holds

* `flags.py` — `HAND_FLAGS`: the options of a hand, as data, the lightest
  of all (`record` and `settle` load it for every game);
* `commands.py` — `PROFILES`, `HAND_FLAGS` and `CHECKS`: what the game
  brings to the command line, as data, light to import;
* `game.py` — `GAME`, the `Game` the ledger and the shell use, with the
  engine behind it.

Each is imported only when a command needs it: a `check` loads one game's
declarations and nothing of any engine, a Dhumbal ledger never loads
Marriage. The line also names the game's checks, so that `scorekeeper
check meld` finds its game without importing the others (a test keeps
these names equal to the game's `CHECKS`).
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any, Iterator, NamedTuple

from scorekeeper.core.errors import Impossible, nearest_word
from scorekeeper.core.language import Said
from scorekeeper.core.options import Profile, find_profile

if TYPE_CHECKING:
    from scorekeeper.games.declare import CheckSpec, Flag
    from scorekeeper.games.interface import AnyGame


class Entry(NamedTuple):
    package: str
    checks: tuple[str, ...]


GAMES: dict[str, Entry] = {
    "dhumbal": Entry("scorekeeper.games.dhumbal", ("call", "discard", "draw")),
    "marriage": Entry("scorekeeper.games.marriage", ("meld", "finish", "maal")),
    "callbreak": Entry("scorekeeper.games.callbreak", ("play", "deal")),
    "kitti": Entry("scorekeeper.games.kitti", ("kitti",)),
}


def names() -> tuple[str, ...]:
    return tuple(GAMES)


def _entry(name: str) -> Entry:
    try:
        return GAMES[name.lower()]
    except KeyError:
        near = nearest_word(name, list(GAMES))
        games = ", ".join(GAMES)
        raise Impossible(
            Said("unknown game {name} (did you mean {near}?); games: {games}",
                 name=repr(name.lower()), near=near, games=games) if near else
            Said("unknown game {name}; games: {games}", name=repr(name.lower()),
                 games=games)) from None


def _commands(name: str) -> ModuleType:
    return import_module(_entry(name).package + ".commands")


def game(name: str) -> AnyGame:
    """The game called `name` (case-insensitive), imported on first use."""
    found: AnyGame = import_module(_entry(name).package + ".game").GAME
    return found


def games() -> Iterator[AnyGame]:
    for name in GAMES:
        yield game(name)


def checks(name: str) -> tuple[CheckSpec, ...]:
    """The `check` commands of one game (a light import: no engine)."""
    specs: tuple[CheckSpec, ...] = _commands(name).CHECKS
    return specs


def owner_of_check(check: str) -> str | None:
    """The game whose `check` this is, without importing any game."""
    return next((name for name, entry in GAMES.items() if check in entry.checks),
                None)


def hand_flags(name: str) -> tuple[Flag, ...]:
    """The options of one game's hand (a light import: no engine)."""
    flags: tuple[Flag, ...] = import_module(_entry(name).package
                                            + ".flags").HAND_FLAGS
    return flags


def profile(game_name: str, profile_name: str | None = None) -> Profile[Any]:
    """A game's profile by name (the default when None); light to import."""
    return find_profile(game_name.lower(), _commands(game_name).PROFILES,
                        profile_name)


def profiles() -> Iterator[Profile[Any]]:
    for name in GAMES:
        yield from _commands(name).PROFILES
