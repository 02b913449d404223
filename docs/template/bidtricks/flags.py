"""The template's hand options (`record`, `settle`), declared as data: the
lightest module of the game (every game's is loaded by `record`)."""

from __future__ import annotations

from scorekeeper.games.declare import Flag

HAND_FLAGS = (
    Flag("bid", ("--bid",), list, [], "NAME=BID (repeat).", "NAME=N"),
    Flag("tricks", ("--tricks",), list, [], "NAME=TRICKS (repeat).", "NAME=N"),
)
