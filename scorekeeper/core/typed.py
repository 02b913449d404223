"""Numbers as people type them: in Latin or Devanagari digits, one kind
in a number (`२2` is refused, exit 2, with the same message wherever a
number is read). Apart from `core/language.py` because the refusal is an
`Impossible`, and `core/errors.py` imports the language."""

from __future__ import annotations

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import _DEVANAGARI, _LATIN, _TO_LATIN, Said


def to_latin(text: str) -> str:
    """Typed text with Devanagari digits written as Latin ones (१२ → 12).
    A number typed in both kinds of digits (`२2`, `१.5`) is refused
    (exit 2), with the same message wherever a number is read."""
    latin = text.translate(_TO_LATIN)
    if latin != text:
        for number in _numbers_typed(text):
            if number.strip(_LATIN + ".") and number.strip(_DEVANAGARI + "."):
                raise Impossible(Said("a number is written in one kind of digits, "
                                      "0-9 or ०-९, not {typed!r}", typed=number))
    return latin


def _numbers_typed(text: str) -> list[str]:
    """The runs of digits (either kind) and decimal points in `text`."""
    marked = "".join(c if c in _LATIN or c in _DEVANAGARI or c == "." else " "
                     for c in text)
    return marked.split()
