"""How many columns a terminal gives a character, where rich counts less.

rich measures a spacing vowel sign of the Indic scripts (Unicode's `Mc`,
"spacing combining mark": Devanagari's ा ि ी ो, Bengali's, Tamil's …) as 0
columns wide, where terminals draw it 1 wide (glibc's `wcwidth`, and the
`wcwidth` package from 0.9 on, give 1 after a letter): `माल` is 2 columns
to rich and 3 on the screen, so every table with a Nepali name was out of
line. `use_terminal_widths` makes rich count such a mark 1 column (the
rest as rich counts it); it is called once, when the screen layer first
imports rich (`screen.style`). Every measure of rich — a cell, a wrapped
line, a table's column — goes through the functions replaced here.

rich from 15 also takes a zero-width joiner (ZWJ) as joining the next
character into one cluster that takes no column of its own, as an emoji
sequence is drawn. Between letters — Devanagari's eyelash ra, `र्‍य` in
आर्‍यन or हेर्‍यो — terminals draw that next letter (`wcwidth`: the ZWJ 0,
य 1), so such a ZWJ is measured as the zero-width non-joiner it is to a
terminal.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Callable, TypeVar

import rich.cells
import rich.segment

_rich_size = rich.cells.get_character_cell_size
_T = TypeVar("_T")


@lru_cache(maxsize=4096)
def character_cells(character: str, *version: str) -> int:
    """The columns a terminal gives `character`: a spacing mark 1 (2 if
    rich already makes it wide), anything else as rich says (`version`:
    the Unicode version rich from 14 passes, as it is)."""
    size: int = _rich_size(character, *version)
    if unicodedata.category(character) == "Mc":
        return max(1, size)
    return size


_ZWJ, _ZWNJ = "\u200d", "\u200c"


def _letters_apart(text: str) -> str:
    """`text` as a terminal measures it: a ZWJ after a letter or a mark (not
    after a symbol such as an emoji) as a ZWNJ, which joins nothing."""
    if _ZWJ not in text:
        return text
    chars = list(text)
    for i in range(1, len(chars)):
        if chars[i] == _ZWJ and unicodedata.category(chars[i - 1])[0] in "LM":
            chars[i] = _ZWNJ
    return "".join(chars)


def _measured_apart(measure: Callable[..., _T]) -> Callable[..., _T]:
    """rich's `measure` of a text, with its letters' joiners apart."""
    def measured(text: str, *version: str) -> _T:
        return measure(_letters_apart(text), *version)
    return measured


def use_terminal_widths() -> None:
    """Make rich measure with `character_cells`, and a letters' ZWJ as a
    terminal does (once; idempotent)."""
    if rich.cells.get_character_cell_size is not character_cells:
        for module in (rich.cells, rich.segment):   # segment holds it by name
            setattr(module, "get_character_cell_size", character_cells)
        for name in ("_cell_len", "split_graphemes"):     # rich 15 on
            if hasattr(rich.cells, name):
                setattr(rich.cells, name, _measured_apart(getattr(rich.cells, name)))
        rich.cells.cached_cell_len.cache_clear()   # measured the old way
