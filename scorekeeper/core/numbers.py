"""Words for people: a count with its noun in the right number, and a
number written as people read it (`Figure`)."""

from __future__ import annotations

from typing import Sequence

from scorekeeper.core.language import Listed, Said


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """`1 hand`, `2 hands`, `0 hands` (`nouns` when not noun + s)."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


class Figure(float):
    """A number kept as it is written ("3.1", "-4.0", "+14.2", "0.5"): its
    text is what it formats as, so a `Said` holding it reads exactly that
    in English, and in the reader's digits when said (`say`: ३.१). The
    float is its value, for a comparison; the text is never recomputed.

    >>> f"{Figure('-4.0')}", Figure("+3.1") > 3
    ('-4.0', True)
    """

    __slots__ = ("text",)
    text: str

    def __new__(cls, text: str, value: float | None = None) -> "Figure":
        figure = super().__new__(cls, text if value is None else value)
        figure.text = text
        return figure

    def __format__(self, spec: str) -> str:
        return format(self.text, spec) if not spec or not spec[-1:].isalpha() \
            else super().__format__(spec)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Figure({self.text!r})"

    def __reduce__(self) -> tuple[object, ...]:     # copies keep the text
        return (Figure, (self.text,))


def listed(items: Sequence[object], last: str = ", ", each: bool = False) -> Said:
    """`items` as one message, a `Listed` (`last` " and " or " or ": the
    last two joined by that word; " + ": a sum; `each`: every two by
    `last`): the English text is the plain join; in the reader's language
    its list words join the items, each said in turn."""
    if len(items) < 2:
        return Said("{item}", item=items[0] if items else "")
    return Said("{item}", item=Listed(items, last.strip(" ,") or None, each))
