"""The fake game's hand options."""

from __future__ import annotations

from scorekeeper.games.declare import Flag

HAND_FLAGS = (
    Flag("bid", ("--bid",), list, [], "NAME=BID (repeat).", "NAME=N"),
    Flag("tricks", ("--tricks",), list, [], "NAME=TRICKS (repeat).", "NAME=N"),
)
