"""The ledger's text: TOML read with a line for every error, and written
one `[[hands]]` table at a time so that a person's layout and comments stay.

TOML is parsed whole with `rtoml` (compiled; why it and not the standard
library's `tomllib` is in docs/DEPENDENCIES.md); `tomllib` words the error
when a text is refused (its messages name the line and column).

Pure functions on strings and plain data; no files.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said, say
from scorekeeper.core.plain import PlainDict, PlainMap

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_TOML_LINE = re.compile(r"^(?P<msg>.*?)\s*\(at line (?P<line>\d+), column (?P<col>\d+)\)$")
_RTOML_LINE = re.compile(r"^(?P<msg>.*?)\s*at line (?P<line>\d+) column (?P<col>\d+)")


class LedgerError(Impossible):
    """A ledger that cannot be read: every problem, each with its line."""

    def __init__(self, label: str, problems: list[tuple[int | None, Said]]):
        self.label = label
        self.problems = tuple(problems)
        # the problems one a line (`lines` says each in the reader's
        # language when it is shown)
        said = self.said_lines()
        message = said[-1]
        for line in reversed(said[:-1]):
            message = Said("{line}\n{rest}", line=line, rest=message)
        super().__init__(message)

    def said_lines(self) -> list[Said]:
        """FILE:LINE: problem, one `Said` a problem."""
        return [Said("{ledger}:{line}: {problem}", ledger=self.label, line=str(line),
                     problem=msg) if line else
                Said("{ledger}: {problem}", ledger=self.label, problem=msg)
                for line, msg in self.problems]

    def lines(self) -> list[str]:
        """The problems as people read them, one a line."""
        return [say(line) for line in self.said_lines()]


# -- reading ------------------------------------------------------------------

def load_toml(text: str, label: str) -> PlainDict:
    """Parse TOML; a syntax error becomes a LedgerError with its line."""
    import rtoml  # start-up: a compiled parser, loaded only to read a ledger

    try:
        document: PlainDict = rtoml.loads(text)
        return document
    except RecursionError:
        raise _too_deep(label) from None
    except ValueError as err:          # rtoml's refusal: tomllib words it
        refusal = str(err)
    import tomllib  # start-up: only a refused text needs its words

    try:
        tomllib.loads(text)
    except RecursionError:
        raise _too_deep(label) from None
    except tomllib.TOMLDecodeError as err:
        m = _TOML_LINE.match(str(err))
        if m:
            raise LedgerError(label, [(int(m["line"]), Said(
                "not valid TOML: {reason} (column {column})", reason=m["msg"],
                column=int(m["col"])))]) from None
        # "(at end of document)": a truncated file; point at its last line.
        last = len(text.rstrip("\n").splitlines()) or 1
        message = str(err).replace(" (at end of document)", "")
        raise LedgerError(label, [(last, Said("not valid TOML at the end of the file "
                                              "(truncated?): {reason}",
                                              reason=message))]) from None
    m = _RTOML_LINE.match(refusal)     # accepted by tomllib alone: still refused
    raise LedgerError(label, [(int(m["line"]) if m else None,
                               Said("not valid TOML: {reason}",
                                    reason=m["msg"] if m else refusal))])


def _too_deep(label: str) -> LedgerError:
    return LedgerError(label, [(None, Said("not a ledger: values nested too deeply"))])


# A `[[hands]]` header as TOML allows it to be written: spaces inside the
# brackets, the key quoted, a comment after it.
_HANDS_HEADER = re.compile(
    r"""^[ \t]*\[\[[ \t]*(?:hands|"hands"|'hands')[ \t]*\]\][ \t]*(?:#[^\n]*)?\r?$""",
    re.MULTILINE)
_TABLE_HEADER = re.compile(r"^\[\s*([A-Za-z0-9_-]+)\s*\]$")


def ending_in_one_newline(text: str) -> str:
    """`text` with its last line breaks made one."""
    return text.rstrip("\n") + "\n"


def hand_headers(text: str) -> list[int]:
    """Where each `[[hands]]` header line begins."""
    return [m.start() for m in _HANDS_HEADER.finditer(text)]


def line_index(text: str) -> PlainDict:
    """Line numbers of top-level keys and of each `[[hands]]` header."""
    starts = hand_headers(text)
    head = text[:starts[0]] if starts else text
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
    for start in starts:
        at_line += text.count("\n", pos, start)
        pos = start
        hands.append(at_line)
    return {"keys": keys, "hands": hands}


# -- writing ------------------------------------------------------------------

def toml_string(text: str) -> str:
    # A JSON string is a TOML basic string once DEL is escaped too.
    import json  # start-up: only a command that writes TOML text loads it

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


def header_text(header: PlainMap) -> str:
    """A new ledger: the top-level keys, then the `[options]` table."""
    import tomli_w  # noqa: PLC0415 - only `new` writes a header; start-up

    return HEADER_COMMENT + tomli_w.dumps(dict(header))


def ledger_text(document: PlainMap) -> str:
    """A whole ledger written anew in scorekeeper's own layout (`rename`):
    the header, then one `[[hands]]` table per hand."""
    header = {k: v for k, v in document.items() if k not in ("hands", *ONE_LINE)}
    text = header_text(header)
    for key in ONE_LINE:        # as `join`, `leave` and `undo` write them
        if key in document:
            text = with_header_key(text, key, document[key])
    return text + "".join(hand_text(h) for h in document.get("hands", []))


# Top-level keys written on one line before the first table, so that they
# are found and replaced by `with_header_key`.
ONE_LINE = ("seats", "paid", "undone")


def hand_text(data: PlainMap) -> str:
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
    raise Impossible(Said("the ledger has no [options] table to change"))


_TABLE_LINE = re.compile(r"^[ \t]*\[", re.MULTILINE)
_HANDS_PART = re.compile(r"""^[ \t]*\[\[?[ \t]*(?:hands|"hands"|'hands')[ \t]*\.""")


def hand_tables(text: str) -> list[tuple[int, int]]:
    """Where each `[[hands]]` table's text begins (its header line) and
    ends (the next line opening a table that is not one of its own, or the
    end of the text). Found by regular expression, not by parsing: what a
    splice at these places makes is parsed whole before it is written."""
    spans: list[tuple[int, int]] = []
    begin = -1
    for m in _TABLE_LINE.finditer(text):
        if _HANDS_HEADER.match(text, m.start()):
            if begin >= 0:
                spans.append((begin, m.start()))
            begin = m.start()
        elif begin >= 0 and not _HANDS_PART.match(text, m.start()):
            spans.append((begin, m.start()))
            begin = -1
    if begin >= 0:
        spans.append((begin, len(text)))
    return spans


def replace_hands(text: str, tables: Mapping[int, PlainMap]) -> str | None:
    """The ledger text with each `number`-th `[[hands]]` table written anew
    (amend, verify --fix); None if it has no such table."""
    spans = hand_tables(text)
    if not all(1 <= n <= len(spans) for n in tables):
        return None
    parts, at = [], 0
    for number in sorted(tables):
        begin, end = spans[number - 1]
        parts += [text[at:begin],
                  hand_text(tables[number]).lstrip("\n") + "\n" * (end < len(text))]
        at = end
    return "".join([*parts, text[at:]])


def _last_hand(text: str) -> tuple[int, int] | None:
    """Where the last `[[hands]]` table's text begins, the blank lines
    before it included, and where it ends; None if there is none."""
    spans = hand_tables(text)
    if not spans:
        return None
    begin, end = spans[-1]
    while begin > 0 and text[begin - 1] == "\n":
        begin -= 1
    return begin, end


def split_last_hand(text: str) -> tuple[str, str] | None:
    """The ledger text without its last `[[hands]]` table, and that
    table's text (the blank lines before it included), when the table ends
    the text: what `undo` keeps for `redo`. `kept + "\\n"` is what
    `without_last_hand` gives, and `kept + removed` the text as it was.
    None when there is no hand, or something follows the last one."""
    last = _last_hand(text)
    if last is None or last[1] != len(text):
        return None
    return text[:last[0]], text[last[0]:]


def _header_end(text: str) -> int:
    """Where the top-level keys end: the first line opening a table."""
    m = _TABLE_LINE.search(text)
    return m.start() if m else len(text)


def _key_line(key: str) -> re.Pattern[str]:
    return re.compile(rf"^{re.escape(toml_key(key))}[ \t]*=[^\n]*\n", re.MULTILINE)


def with_header_key(text: str, key: str, value: Any) -> str:
    """The ledger text with a top-level `key = value` line, in place of the
    one there, else just before the first table (a one-line value: what
    the full parse of the new text checks)."""
    line = f"{toml_key(key)} = {toml_value(value)}\n"
    end = _header_end(text)
    found = _key_line(key).search(text, 0, end)
    if found:
        return text[:found.start()] + line + text[found.end():]
    while text.endswith("\n\n", 0, end):  # before the blank lines above the table
        end -= 1
    return text[:end] + line + text[end:]


def without_header_key(text: str, key: str) -> str:
    """The ledger text without its top-level `key = …` line (one line, as
    `with_header_key` writes it); the text as it is if there is none."""
    found = _key_line(key).search(text, 0, _header_end(text))
    return text if found is None else text[:found.start()] + text[found.end():]


def without_last_hand(text: str) -> str | None:
    """The ledger text without its last `[[hands]]` table (for undo), the
    blank lines before it gone; None if it has none."""
    last = _last_hand(text)
    if last is None:
        return None
    begin, end = last
    return text[:begin] + "\n" + "\n" * (end < len(text)) + text[end:]
