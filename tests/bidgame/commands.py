"""The fake game on the command line: no checks."""

from __future__ import annotations

from bidgame.flags import HAND_FLAGS as HAND_FLAGS
from bidgame.rules import PROFILES as PROFILES

CHECKS = ()
