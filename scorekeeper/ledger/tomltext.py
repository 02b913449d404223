"""The ledger's text: TOML read with a line for every error, and written
one `[[hands]]` table at a time so that a person's layout and comments stay.

TOML is parsed with `rtoml` (compiled: a 2,000-hand ledger in about 13 ms,
where the standard library's pure-Python `tomllib` takes about 100 ms);
`tomllib` words the error when a text is refused (its messages name the
line and column), and parses everything where `rtoml` is not installed.

Pure functions on strings and plain data; no files.
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any, Callable, Mapping

from scorekeeper.core.errors import Impossible

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_TOML_LINE = re.compile(r"^(?P<msg>.*?)\s*\(at line (?P<line>\d+), column (?P<col>\d+)\)$")
_RTOML_LINE = re.compile(r"^(?P<msg>.*?)\s*at line (?P<line>\d+) column (?P<col>\d+)")


class LedgerError(Impossible):
    """A ledger that cannot be read: every problem, each with its line."""

    def __init__(self, label: str, problems: list[tuple[int | None, str]]):
        self.label = label
        self.problems = tuple(problems)
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        return [f"{self.label}:{line}: {msg}" if line else f"{self.label}: {msg}"
                for line, msg in self.problems]


# -- reading ------------------------------------------------------------------

def _fast_loads() -> Callable[[str], dict[str, Any]]:
    try:
        # imported here: a compiled parser, loaded only to read a ledger
        import rtoml
    except ImportError:
        return tomllib.loads
    loads: Callable[[str], dict[str, Any]] = rtoml.loads
    return loads


CHUNK = 2000               # [[hands]] tables parsed at a time (see _chunked)


def _chunked(text: str, loads: Callable[[str], dict[str, Any]]
             ) -> dict[str, Any] | None:
    """A long ledger parsed a few thousand `[[hands]]` tables at a time
    (the parser's own working memory grows with what it parses at once),
    its strings shared (a name, a card, a rule id is kept once, not once a
    hand). None when the pieces cannot be shown to be the whole: a piece
    that does not parse, or a key other than `hands` given by two pieces
    (the whole text is then parsed, and its errors told as they are)."""
    starts = [m.start() for m in _HANDS_HEADER.finditer(text)]
    if len(starts) <= CHUNK:
        return None
    cuts = [0, *starts[::CHUNK], len(text)]
    document: dict[str, Any] = {}
    hands: list[Any] = []
    memo: dict[str, str] = {}
    for i, (begin, end) in enumerate(zip(cuts, cuts[1:])):
        try:
            part = loads(text[begin:end])
        except Exception:  # noqa: BLE001 - any refusal: the whole text decides
            return None
        if i == 0 and "hands" in part:      # the header's own `hands = [...]`
            return None
        hands += _shared(part.pop("hands", []), memo)
        if set(part) & set(document):
            return None
        document.update(part)
    document["hands"] = hands
    return document


def shared(value: Any) -> Any:
    """`value` with equal short strings one object (a long ledger's memory)."""
    return _shared(value, {})


def _shared(value: Any, memo: dict[str, str]) -> Any:
    """`value` with equal short strings (keys and values) one object."""
    if isinstance(value, str):
        return memo.setdefault(value, value) if len(value) <= 64 else value
    if isinstance(value, list):
        return [_shared(v, memo) for v in value]
    if isinstance(value, dict):
        return {memo.setdefault(k, k): _shared(v, memo) for k, v in value.items()}
    return value


def load_toml(text: str, label: str) -> dict[str, Any]:
    """Parse TOML; a syntax error becomes a LedgerError with its line."""
    try:
        loads = _fast_loads()
        return _chunked(text, loads) or loads(text)
    except RecursionError:
        raise _too_deep(label) from None
    except ValueError as err:          # rtoml's refusal: tomllib words it
        refusal = str(err)
    try:
        tomllib.loads(text)
    except RecursionError:
        raise _too_deep(label) from None
    except tomllib.TOMLDecodeError as err:
        m = _TOML_LINE.match(str(err))
        if m:
            raise LedgerError(label, [(int(m["line"]), f"not valid TOML: {m['msg']} "
                                                      f"(column {m['col']})")]) from None
        # "(at end of document)": a truncated file; point at its last line.
        last = len(text.rstrip("\n").splitlines()) or 1
        message = str(err).replace(" (at end of document)", "")
        raise LedgerError(label, [(last, f"not valid TOML at the end of the file "
                                         f"(truncated?): {message}")]) from None
    m = _RTOML_LINE.match(refusal)     # accepted by tomllib alone: still refused
    raise LedgerError(label, [(int(m["line"]) if m else None,
                               f"not valid TOML: {m['msg'] if m else refusal}")])


def _too_deep(label: str) -> LedgerError:
    return LedgerError(label, [(None, "not a ledger: values nested too deeply")])


_HANDS_HEADER = re.compile(r"^[ \t]*\[\[hands\]\][ \t]*\r?$", re.MULTILINE)
_TABLE_HEADER = re.compile(r"^\[\s*([A-Za-z0-9_-]+)\s*\]$")


def line_index(text: str) -> dict[str, Any]:
    """Line numbers of top-level keys and of each `[[hands]]` header (found
    with a regular expression: a 50,000-hand ledger is 15 MB)."""
    first = _HANDS_HEADER.search(text)
    head = text[:first.start()] if first else text
    keys: dict[str, int] = {}
    prefix = ""
    for number, line in enumerate(head.splitlines(), start=1):
        stripped = line.strip()
        table = _TABLE_HEADER.match(stripped)
        if table:                       # [options], [money]: keys inside it
            prefix = table[1] + "."
            keys.setdefault(table[1], number)
        elif "=" in stripped and not stripped.startswith("#"):
            key = stripped.split("=", 1)[0].strip().strip('"')
            keys.setdefault(prefix + key, number)
    hands: list[int] = []
    at_line, pos = 1, 0
    for match in _HANDS_HEADER.finditer(text):
        at_line += text.count("\n", pos, match.start())
        pos = match.start()
        hands.append(at_line)
    return {"keys": keys, "hands": hands}


# -- writing ------------------------------------------------------------------

def toml_string(text: str) -> str:
    # A JSON string is a TOML basic string once DEL is escaped too.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else toml_string(key)


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}"
                               for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} to the ledger")


HEADER_COMMENT = ("# scorekeeper ledger: one [[hands]] table per hand, in order.\n"
                  "# Check it with: scorekeeper verify FILE\n")


def header_text(header: Mapping[str, Any]) -> str:
    """A new ledger: the top-level keys, then the `[options]` table."""
    import tomli_w  # noqa: PLC0415 - only `new` writes a header; start-up

    return HEADER_COMMENT + tomli_w.dumps(dict(header))


def ledger_text(document: Mapping[str, Any]) -> str:
    """A whole ledger written anew in scorekeeper's own layout (`rename`):
    the header, then one `[[hands]]` table per hand."""
    header = {k: v for k, v in document.items() if k != "hands"}
    return header_text(header) + "".join(hand_text(h)
                                         for h in document.get("hands", []))


def hand_text(data: Mapping[str, Any]) -> str:
    """One hand as a `[[hands]]` table, appended to the ledger as it is."""
    lines = ["", "[[hands]]"]
    lines += [f"{toml_key(k)} = {toml_value(v)}" for k, v in data.items()]
    return "\n".join(lines) + "\n"


def replace_option(text: str, key: str, value: Any) -> str:
    """The ledger text with one `[options]` value replaced."""
    lines = text.splitlines(keepends=True)
    new_line = f"{toml_key(key)} = {toml_value(value)}\n"
    section = None
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("["):
            if section == "[options]":
                lines.insert(i, new_line)
                return "".join(lines)
            section = stripped
        elif section == "[options]" and "=" in stripped and \
                stripped.split("=", 1)[0].strip().strip('"') == key:
            lines[i] = new_line
            return "".join(lines)
    if section == "[options]":              # the last table: add at the end
        return "".join(lines).rstrip("\n") + "\n" + new_line
    raise Impossible("the ledger has no [options] table to change")


def _hand_span(lines: list[str], start: int) -> int:
    """The end (exclusive) of the `[[hands]]` table whose header is at
    `start`: the next table that is not part of it, or the end."""
    return next((j for j in range(start + 1, len(lines))
                 if lines[j].lstrip().startswith("[")
                 and not lines[j].lstrip().startswith(("[hands.", "[[hands."))),
                len(lines))


def split_last_hand(text: str) -> str | None:
    """The ledger text without its last `[[hands]]` table (for undo)."""
    lines = text.splitlines(keepends=True)
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].strip() == "[[hands]]":
            head = "".join(lines[:i]).rstrip("\n") + "\n"
            tail = "".join(lines[_hand_span(lines, i):])
            return head + ("\n" + tail if tail else "")
    return None


def replace_hand(text: str, number: int, data: Mapping[str, Any]) -> str | None:
    """The ledger text with its `number`-th `[[hands]]` table written anew
    (for amend); None if it has no such table."""
    lines = text.splitlines(keepends=True)
    headers = [i for i, line in enumerate(lines) if line.strip() == "[[hands]]"]
    if not 1 <= number <= len(headers):
        return None
    start = headers[number - 1]
    end = _hand_span(lines, start)
    table = hand_text(data).lstrip("\n")
    if end < len(lines):
        table += "\n"
    return "".join(lines[:start]) + table + "".join(lines[end:])
