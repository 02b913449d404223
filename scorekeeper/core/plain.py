"""Plain data: what TOML and JSON hold — text, whole numbers, true/false,
and lists and tables of those. A ledger's document, a hand's stored table,
a `--json` document and a command's flags are tables of plain data; their
values are checked where they are read (`ledger.document`, with
`plain_problems`), so the types name what a table is rather than spell out
every value's type."""

from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.core.language import Said

PlainDict = dict[str, Any]
"""A table of plain data that its maker may still fill in."""

PlainMap = Mapping[str, Any]
"""A table of plain data only read."""

INT64 = (-(2 ** 63), 2 ** 63 - 1)
"""The whole numbers TOML promises to hold: every integer a ledger stores
is one of them (a rate, an amount paid, a score)."""


def in_range(value: Any) -> bool:
    """Not a whole number, or one of `INT64`."""
    return not isinstance(value, int) or INT64[0] <= value <= INT64[1]


_PLAIN = (str, bool, int, list, dict)


def plain_problems(value: Any, where: str, out: list[Said], depth: int = 0) -> None:
    """Values a ledger may hold: text, true/false, whole numbers within 64
    bits, arrays and tables of those — no floats, no dates, nothing deeper
    than a ledger ever is."""
    if len(out) >= 20:
        return
    if not isinstance(value, _PLAIN) or depth > 6:
        out.append(Said("`{where}` is nested too deeply", where=where) if depth > 6 else
                   Said("`{where}` is a {type} ({value}), which no ledger holds",
                        where=where, type=type(value).__name__, value=repr(value)))
    elif not in_range(value):
        out.append(Said("`{where}` is beyond the 64-bit whole numbers TOML holds", where=where))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            plain_problems(item, f"{where}[{i}]", out, depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            plain_problems(item, f"{where}.{key}" if where else str(key), out,
                            depth + 1)
