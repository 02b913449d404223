"""JSON made a piece at a time: the text `json.dumps` gives, byte for
byte, for a document whose long lists are iterators — a long export or
history never held whole as text (the standard library's indented JSON
is pure Python and holds every little piece of the whole text at once;
the memory it took is in benchmarks/README.md).

Pure functions on plain data; no files.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from scorekeeper.core.plain import PlainMap


def json_pieces(data: PlainMap, indent: bool = False,
                ensure_ascii: bool = False, batch: int = 500) -> Iterator[str]:
    """`json.dumps(data, ensure_ascii=…, indent=2 if indent else None)` and
    a newline, a piece at a time: a value that is an iterator is a list
    made `batch` items at a time. Indented, a newline inside a string is
    escaped in JSON, so each one in a dumped value breaks a line, and
    indenting it is adding spaces after it."""
    def dumped(value: Any, depth: int) -> str:
        if not indent:
            return json.dumps(value, ensure_ascii=ensure_ascii)
        return json.dumps(value, ensure_ascii=ensure_ascii, indent=2).replace(
            "\n", "\n" + "  " * depth)

    def line(depth: int) -> str:       # what goes before an item
        return "\n" + "  " * depth if indent else ""

    comma = "," if indent else ", "
    yield "{"
    for i, (key, value) in enumerate(data.items()):
        yield (comma if i else "") + line(1) + json.dumps(key, ensure_ascii=ensure_ascii) \
            + ": "
        if not isinstance(value, Iterator):
            yield dumped(value, 1)
            continue
        yield "["
        items: list[str] = []
        count = 0
        for count, item in enumerate(value, start=1):
            items.append((comma if count > 1 else "") + line(2) + dumped(item, 2))
            if len(items) == batch:
                yield "".join(items)
                items = []
        yield "".join(items) + (line(1) if count else "") + "]"
    yield (line(0) if data else "") + "}\n"
