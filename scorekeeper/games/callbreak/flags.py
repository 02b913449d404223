"""The options of a Call Break deal (`record`, `settle`), declared as data.

The lightest module of the game: `record` and `settle` take the options of
every game's hand (and refuse another game's by name), so they load this
module of every game and nothing else of it.
"""

from __future__ import annotations

from scorekeeper.core.language import N_
from scorekeeper.games.declare import Flag

HAND_FLAGS = (
    Flag("bid", ("--bid",), list, [], N_("Call Break: a player's call (repeat: "
                                         "everyone's; or commas: a=3,b=4,c=2,d=4)."),
         "NAME=N"),
    Flag("won", ("--won",), list, [], N_("Call Break: the tricks a player took "
                                         "(as --bid)."), "NAME=N"),
)
