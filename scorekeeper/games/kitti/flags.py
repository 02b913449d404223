"""Kitti's deal options (`record`, `settle`), declared as data: the
lightest module of the game (every game's is loaded by `record`)."""

from __future__ import annotations

from scorekeeper.core.language import N_
from scorekeeper.games.declare import Flag

HAND_FLAGS = (
    Flag("hand", ("--hand",), list, [], N_("NAME=CARDS or NAME=TOTAL (repeat)."),
         "NAME=CARDS"),
    Flag("winner", ("--winner",), str, None,
         N_("Kitti: the deal's winner, when no cards are typed (KI-16)."), "NAME"),
)
