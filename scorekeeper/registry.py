"""The games scorekeeper knows: a name → its package, imported when needed.

This is the only place that lists games. Adding a game is one folder under
`scorekeeper/games/` and one line in `GAMES` (docs/ARCHITECTURE.md has the
checklist). Each package holds `commands.py` (its hand options and checks,
as data: light) and `game.py` (`GAME`, with the engine behind it); each is
imported only when a command needs it, so a `check` never loads an engine
and a Dhumbal ledger never loads Marriage's.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any, Iterator

from scorekeeper.errors import Impossible

if TYPE_CHECKING:
    from scorekeeper.declare import CheckSpec, Flag
    from scorekeeper.game import Game
    from scorekeeper.options import Profile

# name → package (with game.py holding GAME, commands.py holding HAND_FLAGS
# and CHECKS)
GAMES: dict[str, str] = {
    "dhumbal": "scorekeeper.games.dhumbal",
    "marriage": "scorekeeper.games.marriage",
}

def names() -> tuple[str, ...]:
    return tuple(GAMES)


def _package(name: str) -> str:
    try:
        return GAMES[name.lower()]
    except KeyError:
        raise Impossible(f"unknown game {name.lower()!r}; games: "
                         + ", ".join(GAMES)) from None


def game(name: str) -> Game[Any, Any, Any]:
    """The game called `name` (case-insensitive), imported on first use."""
    found: Game[Any, Any, Any] = import_module(_package(name) + ".game").GAME
    return found


def games() -> Iterator[Game[Any, Any, Any]]:
    for name in GAMES:
        yield game(name)


def checks(name: str) -> tuple[CheckSpec, ...]:
    """The `check` commands of one game (a light import: no engine)."""
    specs: tuple[CheckSpec, ...] = import_module(_package(name) + ".commands").CHECKS
    return specs


def hand_flags(name: str) -> tuple[Flag, ...]:
    """The options of one game's hand (a light import: no engine)."""
    flags: tuple[Flag, ...] = import_module(_package(name) + ".commands").HAND_FLAGS
    return flags


def profile(game_name: str, profile_name: str | None = None) -> Profile[Any]:
    return game(game_name).profile(profile_name)


def profiles() -> Iterator[Profile[Any]]:
    for each in games():
        yield from each.profiles
