"""The fake game on the command line: no checks."""

from __future__ import annotations

from bidtricks.flags import HAND_FLAGS as HAND_FLAGS
from bidtricks.rules import PROFILES as PROFILES

CHECKS = ()
