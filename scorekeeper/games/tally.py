"""What a game's statistics count, as data (`scorekeeper stats`).

Every game counts, per player, its own facts of a hand (Dhumbal: calls,
caught calls, shows; Marriage: finishes, seen, maal, …): `Game.tally` folds
one hand's facts into counters and `Game.tallies` declares how each counter
reads for a person. A named tuple, like the other declarations: immutable
and cheap to define.
"""

from __future__ import annotations

from typing import NamedTuple


class Tally(NamedTuple):
    """One counter of a game's statistics and how it reads.

    * `count` — a number of hands ("calls 11");
    * `rate`  — `key` out of the counter `of` ("caught 3 of 11 = 27%");
      `of` may be a counter of the game or `hands`;
    * `mean`  — `key` is a sum, averaged over the counter `of`
      ("average maal 7.4 over 18 hands").
    """

    key: str                 # the counter: a JSON key of `stats --json`
    label: str               # how a person reads it
    kind: str = "count"      # count, rate or mean
    of: str | None = None    # the counter a rate or a mean is taken over
