"""The options of a Dhumbal hand (`record`, `settle`), declared as data.

The lightest module of the game: `record` and `settle` take the options of
every game's hand (and refuse another game's by name), so they load this
module of every game and nothing else of it.
"""

from __future__ import annotations

from scorekeeper.games.declare import Flag

# The options of a hand (`record`, `settle`).
HAND_FLAGS = (
    Flag("call", ("--call",), str, None, "Dhumbal: the caller.", "NAME"),
    Flag("show", ("--show",), bool, False, "Dhumbal: a show at the turn cap."),
    Flag("hand", ("--hand",), list, [], "NAME=CARDS or NAME=TOTAL (repeat).",
         "NAME=CARDS"),
)
