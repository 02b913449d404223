"""Plain data: what TOML and JSON hold — text, whole numbers, true/false,
and lists and tables of those. A ledger's document, a hand's stored table,
a `--json` document and a command's flags are tables of plain data; their
values are checked where they are read (`ledger.document`), so the types
name what a table is rather than spell out every value's type."""

from __future__ import annotations

from typing import Any, Mapping

PlainDict = dict[str, Any]
"""A table of plain data that its maker may still fill in."""

PlainMap = Mapping[str, Any]
"""A table of plain data only read."""

INT64 = (-(2 ** 63), 2 ** 63 - 1)
"""The whole numbers TOML promises to hold: every integer a ledger stores
is one of them (a rate, an amount paid, a score)."""
