"""The colours of every screen and chart: Okabe and Ito's palette, which
people with any of the common colour blindnesses tell apart (Okabe & Ito,
"Color Universal Design", 2002). Plain values, no imports: the rich
screens (`style`) and the charts (`chart`) both take them from here.

A colour never carries a meaning alone: a score has its sign, a player's
line its own marker (terminal) or dash pattern and marker shape (SVG).
"""

from __future__ import annotations

# good and bad for the player: bluish green and vermillion
GOOD, BAD = "#009E73", "#D55E00"

# one a player, in this order (Okabe-Ito's black left out: dark terminals)
PLAYERS = ("#E69F00", "#56B4E9", "#009E73", "#D55E00", "#0072B2", "#CC79A7",
           "#F0E442", "#999999")

# the same, as the nearest of the 256 terminal colours (a chart in a
# terminal: plotext writes them as they are, whatever the terminal holds)
PLAYERS_256 = (178, 74, 36, 166, 25, 175, 185, 246)

# the SVG's lines, told apart without colour: solid, dashed, dotted, …
DASHES = ("none", "12, 5", "3, 4", "12, 4, 3, 4", "20, 6", "6, 3, 3, 3, 3, 3",
          "3, 8", "16, 4, 8, 4")

# and each line's marker (the board's chart, the SVG), its corners around
# the point, half its size a unit: a circle, a square, a triangle, a
# diamond, a triangle down, a cross, a bar, an hourglass
MARKERS: tuple[str | tuple[tuple[float, float], ...], ...] = (
    "circle",
    ((-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9)),
    ((0, -1.1), (1.1, 0.9), (-1.1, 0.9)),
    ((0, -1.2), (1.2, 0), (0, 1.2), (-1.2, 0)),
    ((-1.1, -0.9), (1.1, -0.9), (0, 1.1)),
    ((-0.35, -1.1), (0.35, -1.1), (0.35, -0.35), (1.1, -0.35), (1.1, 0.35), (0.35, 0.35),
     (0.35, 1.1), (-0.35, 1.1), (-0.35, 0.35), (-1.1, 0.35), (-1.1, -0.35), (-0.35, -0.35)),
    ((-1.2, -0.5), (1.2, -0.5), (1.2, 0.5), (-1.2, 0.5)),
    ((-1, -1), (1, -1), (-1, 1), (1, 1)),
)
