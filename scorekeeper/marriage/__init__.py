"""Marriage (Nepali three-deck rummy), profile `three-deck`: the pure core.

* `wildcards` — the tiplu and its wildcards (MA-7);
* `melds`     — classifying a 3-card meld (MA-4, MA-5);
* `finish`    — finding a finish by melds or dublees (MA-9, MA-10);
* `maal`      — the maal of a hand (MA-11);
* `settlement`— paying out a hand (MA-12).

Plain functions on frozen values; nothing here prints or touches files.
"""

from scorekeeper.marriage.finish import Finish, arrange, find_finish, max_qualifying
from scorekeeper.marriage.maal import Maal, MaalItem, maal
from scorekeeper.marriage.melds import Meld, classify_meld, is_meld
from scorekeeper.marriage.settlement import (PairLine, Payment, SeatMap,
                                             Settlement, settle)
from scorekeeper.marriage.wildcards import Wildcards

__all__ = [
    "Wildcards", "Meld", "classify_meld", "is_meld", "Finish", "find_finish",
    "arrange", "max_qualifying", "Maal", "MaalItem", "maal", "Settlement",
    "Payment", "PairLine", "SeatMap", "settle",
]
