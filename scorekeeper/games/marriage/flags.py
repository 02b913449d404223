"""The options of a Marriage hand (`record`, `settle`), declared as data.

The lightest module of the game: `record` and `settle` take the options of
every game's hand (and refuse another game's by name), so they load this
module of every game and nothing else of it.
"""

from __future__ import annotations

from scorekeeper.core.language import N_
from scorekeeper.games.declare import Flag

# The options of a hand (`record`, `settle`).
HAND_FLAGS = (
    Flag("finish", ("--finish",), str, None, N_("Marriage: the finisher."), "NAME"),
    Flag("by", ("--by",), str, None, N_("Marriage: melds (default) or dublees."),
         "melds|dublees"),
    Flag("no_finisher", ("--no-finisher",), bool, False,
         N_("Marriage: the stock ran out (MA-8).")),
    Flag("tiplu", ("--tiplu",), str, None, N_("Marriage: the tiplu card."), "CARD"),
    Flag("seen", ("--seen",), list, [], N_("Marriage: a player who saw the tiplu."),
         "NAME"),
    Flag("seen_dublees", ("--seen-dublees",), list, [],
         N_("Marriage: a rival who saw the tiplu through 7 dublees (MA-9); pays "
            "dublee_seen_fee (MA-16)."), "NAME"),
    Flag("hand", ("--hand",), list, [], "NAME=CARDS or NAME=TOTAL (repeat).",
         "NAME=CARDS"),
    Flag("tunnela", ("--tunnela",), list, [],
         N_("Marriage: NAME=CARD, a tunnela exposed at the deal."), "NAME=CARD"),
    Flag("exposed", ("--exposed",), str, None,
         N_("Marriage: 'MELD | MELD | MELD', the finisher's exposed melds (MA-5)."),
         "MELDS"),
    Flag("double", ("--double",), bool, False,
         N_("Marriage: a doubled hand, every payment ×2 (MA-22).")),
    Flag("invalid_show", ("--invalid-show",), list, [],
         N_("Marriage: a player whose show was refused this hand (MA-13): pays "
            "invalid_show_penalty to every other (at 0 only counted)."), "NAME"),
)
