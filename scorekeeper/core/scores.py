"""How a game keeps its scores: a `ScoreKind`, declared by its rule set
(`RuleSet.score_kind`) and read by the ledger, verify, standings, history,
stats, settle-up, chart and export instead of assuming.

* `scale` — how many stored units make one point people read: 1 for whole
  points (Dhumbal, Marriage), 10 for tenths (a Call Break 3.1 is stored as
  31). The ledger stores integers only; people see `display(stored)`. A
  scale from 11 to 99 that is not a power of ten is a count that rolls
  over into a point (Call Break's `bonus_scale = 13`: 13 tricks over the
  call make a point): the two digits after the point count the units,
  "3.02" is 3 points and 2 units, stored as 41.
* `higher_is_better` — whether the highest total ranks first (a net, or
  bid-and-tricks points) or the lowest does (penalty points).
* `transfers` — whether a hand's scores are points passed between players
  (zero-sum: every hand sums to 0, and its scores are called `net`) or
  points each player scores for themself (called `points`).

A frozen value, validated when built; pure (no printing, no files). A
plain class with slots: immutable, and cheaper to define than a dataclass
or a named tuple on the path of every command (a `check` loads it).
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.typed import to_latin

# A score as people type it: "3.1", "-3", "+12" (compiled when first used).
_DECIMAL = r"([+-]?)([0-9]+)(?:\.([0-9]+))?"


class ScoreKind:
    """How one game (or one profile of it) keeps its scores."""

    __slots__ = ("scale", "higher_is_better", "transfers")
    scale: int                  # stored units per point: 1, 10, 100… (or 11–99)
    higher_is_better: bool
    transfers: bool             # zero-sum: points passed between players

    def __init__(self, scale: int = 1, higher_is_better: bool = True,
                 transfers: bool = True) -> None:
        if isinstance(scale, bool) or not isinstance(scale, int) or scale < 1 \
                or not (str(scale).rstrip("0") == "1" or 11 <= scale <= 99):
            raise ValueError(f"a score's scale is 1, 10, 100…, or a count from 11 to "
                             f"99, not {scale!r}")
        for name, value in (("scale", scale), ("higher_is_better", bool(higher_is_better)),
                            ("transfers", bool(transfers))):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a ScoreKind is frozen: {name} cannot change")

    def _fields(self) -> tuple[int, bool, bool]:
        return (self.scale, self.higher_is_better, self.transfers)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ScoreKind) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"ScoreKind(scale={self.scale}, higher_is_better="
                f"{self.higher_is_better}, transfers={self.transfers})")

    # -- what it is called ---------------------------------------------------
    @property
    def key(self) -> str:
        """What a hand's scores are called in the ledger and in JSON."""
        return "net" if self.transfers else "points"

    @property
    def digits(self) -> int:
        """Digits after the point people read: 0 for whole points, 1 for
        tenths, 2 for a count of 11–99 units (13ths: "3.12")."""
        return 0 if self.scale == 1 else len(str(self.scale - 1))

    @property
    def owed_to_nobody(self) -> bool:
        """Penalty points: not passed between players and lower is better,
        so there is nothing to settle or to turn into money."""
        return not self.transfers and not self.higher_is_better

    def words(self) -> Said:
        """How the scores read, in a few words ("net", "penalty points,
        lower is better", "points, higher is better")."""
        if self.transfers:
            return Said("net")
        return Said("points, higher is better") if self.higher_is_better \
            else Said("penalty points, lower is better")

    def as_json(self) -> PlainDict:
        return {"key": self.key, "scale": self.scale,
                "higher_is_better": self.higher_is_better,
                "transfers": self.transfers}

    # -- reading a stored score -------------------------------------------------
    def display(self, stored: int) -> str:
        """A stored score as people read it: "12", "-3"; in tenths "3.1",
        "-3.0", "0.0" (as many decimals as the scale has zeros); in 13ths
        "3.02" (3 points and 2 units)."""
        if self.scale == 1:
            return str(stored)
        whole, part = divmod(abs(stored), self.scale)
        sign = "-" if stored < 0 else ""
        return f"{sign}{whole}.{part:0{self.digits}d}"

    def signed(self, stored: int, plus_zero: bool = False) -> str:
        """`display` with a plus on a gain: "+12", "-3", "+3.1"; 0 without
        a sign unless `plus_zero`."""
        text = self.display(stored)
        return "+" + text if stored > 0 or (plus_zero and stored == 0) else text

    def mean(self, stored: float) -> str:
        """An average of stored scores as people read it, one decimal more
        than the scores have ("2.5"; in tenths "0.25"); a count that rolls
        over reads as its scores do, to the nearest unit (13ths: "3.02")."""
        if 10 ** self.digits != self.scale:
            return self.display(round(stored))
        return f"{stored / self.scale:.{self.digits + 1}f}"

    def points(self, stored: int) -> float | int:
        """A stored score as a number of points (for a chart's axis)."""
        return stored if self.scale == 1 else stored / self.scale

    def displayed(self, scores: Mapping[str, int]) -> dict[str, str]:
        """Each player's stored score as people read it (whole points
        without a call each: history gives two of these a hand)."""
        if self.scale == 1:
            return {name: str(value) for name, value in scores.items()}
        return {name: self.display(value) for name, value in scores.items()}

    def with_display(self, data: PlainMap, *keys: str) -> PlainDict:
        """`data` with `KEY_display` added after each of `keys` that holds
        NAME → stored score (JSON gives both what people read and what the
        ledger stores); a key absent or not a table is left alone."""
        out: PlainDict = {}
        for key, value in data.items():
            out[key] = value
            if key in keys and isinstance(value, Mapping):
                out[f"{key}_display"] = self.displayed(value)
        return out

    def better(self, stored: int) -> int:
        """A sort key: ascending puts the best score first."""
        return -stored if self.higher_is_better else stored

    def tone(self, stored: int) -> int:
        """+1 for a good score, -1 for a bad one, 0 for neither (colour)."""
        if stored == 0:
            return 0
        return 1 if (stored > 0) == self.higher_is_better else -1

    # -- typing a score -----------------------------------------------------------
    def parse(self, text: str) -> int:
        """A score typed as people read it ("3.1", "-3", "+12") → stored
        units; more decimals than the scale holds, or a count after the
        point of a whole point or more ("3.13" in 13ths), is refused
        (exit 2)."""
        found = re.fullmatch(_DECIMAL, to_latin(text.strip()))  # ३.१ as 3.1
        part = (found.group(3) or "") if found else ""
        if found is None or len(part) > self.digits:
            raise Impossible(
                Said("a score is a whole number, not {typed!r}", typed=text)
                if self.scale == 1 else
                Said.ngettext("a score is a number with at most {places} decimal, not "
                             "{typed!r}",
                             "a score is a number with at most {places} decimals, not "
                             "{typed!r}", count=self.digits, places=self.digits,
                             typed=text))
        units = int(part.ljust(self.digits, "0")) if part else 0
        if units >= self.scale:
            raise Impossible(Said("a score counts 0 to {most} after the point, not "
                                  "{typed!r}", most=self.scale - 1, typed=text))
        value = int(found.group(2)) * self.scale + units
        return -value if found.group(1) == "-" else value


# The two kinds of the games before scores were declared.
NET = ScoreKind()
PENALTY_POINTS = ScoreKind(higher_is_better=False, transfers=False)
