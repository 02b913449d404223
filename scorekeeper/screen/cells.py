"""How many columns a terminal gives a character, where rich counts less.

rich measures a spacing vowel sign of the Indic scripts (Unicode's `Mc`,
"spacing combining mark": Devanagari's ा ि ी ो, Bengali's, Tamil's …) as 0
columns wide, where terminals draw it 1 wide (glibc's `wcwidth`, and the
`wcwidth` package from 0.9 on, give 1 after a letter): `माल` is 2 columns
to rich and 3 on the screen, so every table with a Nepali name was out of
line. `use_terminal_widths` makes rich count such a mark 1 column (the
rest as rich counts it); it is called once, when the screen layer first
imports rich (`screen.style`). Every measure of rich — a cell, a wrapped
line, a table's column — goes through the one function replaced here.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import rich.cells
import rich.segment

_rich_size = rich.cells.get_character_cell_size


@lru_cache(maxsize=4096)
def character_cells(character: str, *version: str) -> int:
    """The columns a terminal gives `character`: a spacing mark 1 (2 if
    rich already makes it wide), anything else as rich says (`version`:
    the Unicode version rich from 14 passes, as it is)."""
    size: int = _rich_size(character, *version)
    if unicodedata.category(character) == "Mc":
        return max(1, size)
    return size


def use_terminal_widths() -> None:
    """Make rich measure with `character_cells` (once; idempotent)."""
    if rich.cells.get_character_cell_size is not character_cells:
        for module in (rich.cells, rich.segment):   # segment holds it by name
            setattr(module, "get_character_cell_size", character_cells)
        rich.cells.cached_cell_len.cache_clear()   # measured the old way
