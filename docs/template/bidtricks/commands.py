"""The template's game on the command line: no `check` commands (a game's
`CHECKS` are `games.declare.CheckSpec`s; the registry line names them)."""

from __future__ import annotations

from bidtricks.flags import HAND_FLAGS as HAND_FLAGS
from bidtricks.rules import PROFILES as PROFILES

CHECKS = ()
