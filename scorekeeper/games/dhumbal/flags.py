"""The options of a Dhumbal hand (`record`, `settle`), declared as data.

The lightest module of the game: `record` and `settle` take the options of
every game's hand (and refuse another game's by name), so they load this
module of every game and nothing else of it.
"""

from __future__ import annotations

from scorekeeper.core.language import N_
from scorekeeper.games.declare import Flag

# The options of a hand (`record`, `settle`).
HAND_FLAGS = (
    Flag("call", ("--call",), str, None, N_("Dhumbal: the caller."), "NAME"),
    Flag("show", ("--show",), bool, False, N_("Dhumbal: a show at the turn cap.")),
    Flag("hand", ("--hand",), list, [], N_("NAME=CARDS or NAME=TOTAL (repeat)."),
         "NAME=CARDS"),
)
