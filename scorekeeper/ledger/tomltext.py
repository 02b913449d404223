"""The ledger's text: TOML read with a line for every error, and written
one `[[hands]]` table at a time so that a person's layout and comments stay.

TOML is parsed with `rtoml` (compiled: a 2,000-hand ledger in about 13 ms,
where the standard library's pure-Python `tomllib` takes about 100 ms);
`tomllib` words the error when a text is refused (its messages name the
line and column), and parses everything where `rtoml` is not installed.

Pure functions on strings and plain data; no files.
"""

from __future__ import annotations

import functools
import json
import re
import tomllib
from typing import Any, Callable, Iterable, Iterator, Mapping, NamedTuple, Sequence, TypeVar

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


# [[hands]] tables parsed at a time (see _pieces): the parser's working
# memory, taken anew from the system for a whole long text (a 2,000-hand
# ledger's: 7,000 pages, each a page fault), is reused from piece to piece
# (1,700): 2,000 hands in 25 ms instead of 38
CHUNK = 200
# from how many hands a document's equal strings are made one object: a
# long ledger's memory (50,000 hands), not worth its time on a short one
SHARE_FROM = 10_000


class _NotWhole(Exception):
    """The pieces of a text cannot be shown to be the whole."""


def piece_bounds(text: str) -> list[int] | None:
    """Where a long ledger is cut to be parsed CHUNK `[[hands]]` tables at
    a time (the parser's own working memory grows with what it parses at
    once): 0, the start of every CHUNK-th header, the text's end; None
    when the text is short."""
    if text.count("[[hands]]") <= CHUNK:      # no more headers than that
        return None
    starts = hand_headers(text)
    if len(starts) <= CHUNK:
        return None
    return [0, *starts[::CHUNK], len(text)]


def _pieces(text: str, loads: Callable[[str], dict[str, Any]],
            bounds: Sequence[int] | None = None
            ) -> Iterator[tuple[list[Any], dict[str, Any]]]:
    """A long ledger parsed piece by piece, `text[bounds[i]:bounds[i+1]]`
    (`piece_bounds` by default): each piece's hands, and its other keys.
    `_NotWhole` when the pieces cannot be shown to be the whole: a piece
    that does not parse, or the header's own `hands = [...]` (the whole
    text is then parsed, and its errors told as they are); nothing when
    the text is short."""
    if bounds is None:
        bounds = piece_bounds(text) or []
    for begin, end in zip(bounds, bounds[1:]):
        try:
            part = loads(text[begin:end])
        except Exception:  # noqa: BLE001 - any refusal: the whole text decides
            raise _NotWhole() from None
        if begin == 0 and "hands" in part:
            raise _NotWhole()
        yield part.pop("hands", []), part


Pieces = list[tuple[list[Any], dict[str, Any]]]


def pieces_parsed(text: str, bounds: Sequence[int]) -> Pieces | None:
    """The pieces of `text` between `bounds` parsed (see `_pieces`), each
    its hands and its other keys, the hands' equal strings one object (as
    the cache's entry keeps them); None when they cannot be shown to be
    the whole. Two runs of consecutive bounds joined (`joined`) are the
    document the pieces of all their bounds make: a long ledger is parsed
    on two cores (`files.book`)."""
    memo: dict[str, str] = {}
    try:
        return [(_shared(found, memo), part)
                for found, part in _pieces(text, _fast_loads(), bounds)]
    except _NotWhole:
        return None


def joined(pieces: Iterable[tuple[list[Any], dict[str, Any]]]) -> dict[str, Any] | None:
    """The document of a text's pieces, in order; None when they cannot
    be shown to be the whole (a key other than `hands` given by two
    pieces), or hold nothing."""
    document: dict[str, Any] = {}
    hands: list[Any] = []
    for found, part in pieces:
        hands += found
        if set(part) & set(document):
            return None
        document.update(part)
    if not hands and not document:
        return None
    document["hands"] = hands
    return document


def _chunked(text: str, loads: Callable[[str], dict[str, Any]]
             ) -> dict[str, Any] | None:
    """A long ledger's document from its `_pieces`, from SHARE_FROM hands
    on its strings shared (a name, a card, a rule id is kept once, not
    once a hand); None for a short text, or pieces not shown to be the
    whole."""
    # (a count of the headers' text: it only decides what memory is spent)
    memo: dict[str, str] | None = {} if text.count("[[hands]]") >= SHARE_FROM else None
    try:
        return joined((found if memo is None else _shared(found, memo), part)
                      for found, part in _pieces(text, loads))
    except _NotWhole:
        return None


def parses_to(text: str, document: Mapping[str, Any], label: str) -> bool:
    """Whether `text` parses to exactly `document`; a long text a few
    thousand hands at a time, each piece compared and let go (the read
    back of a ledger written anew never holds a second whole document).
    LedgerError if it is not TOML."""
    hands, at = document.get("hands"), 0
    rest: dict[str, Any] = {}
    try:
        for found, part in _pieces(text, _fast_loads()):
            if not isinstance(hands, list) or found != hands[at:at + len(found)] \
                    or set(part) & set(rest):
                return False
            at += len(found)
            rest.update(part)
        if at:
            return hands is not None and at == len(hands) and \
                rest == {k: v for k, v in document.items() if k != "hands"}
    except _NotWhole:
        pass
    return load_toml(text, label) == document


def shared(value: Any) -> Any:
    """`value` with equal short strings one object (a long ledger's memory)."""
    return _shared(value, {})


def shared_like(value: Any, like: Any) -> Any:
    """`value` with its short strings those of `like` where equal (a new
    hand's names and rule ids those of the hand before it)."""
    memo: dict[str, str] = {}
    _shared(like, memo)
    return _shared(value, memo)


def _shared(value: Any, memo: dict[str, str]) -> Any:
    """`value` with equal short strings (keys and values) one object: a
    copy of its tables and arrays, the rest as it is. (The strings and
    numbers of a table or array are looked at in its own loop, not by a
    call each: a 2,000-hand document in 7 ms, not 9.)"""
    kind = type(value)
    share = memo.setdefault
    if kind is dict:
        return {share(k, k) if type(k) is str else k:
                share(v, v) if type(v) is str and len(v) <= 64 else
                v if type(v) is int or type(v) is bool else _shared(v, memo)
                for k, v in value.items()}
    if kind is list:
        return [share(v, v) if type(v) is str and len(v) <= 64 else
                v if type(v) is int or type(v) is bool else _shared(v, memo)
                for v in value]
    if kind is str and len(value) <= 64:
        return share(value, value)
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


def ending_in_one_newline(text: str) -> str:
    """`text` with its last line breaks made one: the text itself when it
    ends so already, as scorekeeper writes it (a long ledger is not copied
    to find that out)."""
    if text.endswith("\n") and not text.endswith("\n\n"):
        return text
    return text.rstrip("\n") + "\n"


Place = TypeVar("Place")


def _once_a_text(find: Callable[[str], list[Place]]) -> Callable[[str], list[Place]]:
    """`find`, run once for the text it was last given (kept with the very
    object: an `is`, never a comparison of megabytes): parsing a long text
    and numbering its lines, or a change and its proof, look at the same
    text. Each call gets a list of its own."""
    last: list[Any] = [None, ()]

    @functools.wraps(find)
    def found(text: str) -> list[Place]:
        if last[0] is not text:
            last[:] = [text, tuple(find(text))]
        return list(last[1])

    return found


@_once_a_text
def hand_headers(text: str) -> list[int]:
    """Where each line that `_HANDS_HEADER` matches begins, found with
    `str.find` (the regular expression tries every line of the text; a
    50,000-hand ledger has 450,000)."""
    starts, size = [], len(text)
    at = text.find("[[hands]]")
    while at >= 0:
        begin, end = at, at + 9
        while begin and text[begin - 1] in " \t":
            begin -= 1
        while end < size and text[end] in " \t":
            end += 1
        end += text.startswith("\r", end)
        if (not begin or text[begin - 1] == "\n") and (end == size or text[end] == "\n"):
            starts.append(begin)
        at = text.find("[[hands]]", at + 9)
    return starts


def line_index(text: str) -> dict[str, Any]:
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


_TABLE_LINE = re.compile(r"^[ \t]*(\[)", re.MULTILINE)
_ARRAY_LINE = re.compile(r"^[ \t]*\[\[", re.MULTILINE)


@_once_a_text
def hand_tables(text: str) -> list[tuple[int, int]]:
    """Where each `[[hands]]` table's text begins (its header line) and
    ends (the next line opening a table that is not one of its own, or the
    end of the text). Found by regular expression, not by parsing: a text
    spliced at these places is proven before it is believed
    (`splices_proven`)."""
    spans: list[tuple[int, int]] = []
    begin = -1
    for m in _TABLE_LINE.finditer(text):
        if _HANDS_HEADER.match(text, m.start()):
            if begin >= 0:
                spans.append((begin, m.start()))
            begin = m.start()
        elif begin >= 0 and not text.startswith(("[hands.", "[[hands."), m.start(1)):
            spans.append((begin, m.start()))
            begin = -1
    if begin >= 0:
        spans.append((begin, len(text)))
    return spans


class Splice(NamedTuple):
    """Hand `number`'s table, `old[begin:end]`, becomes `text`: one
    `[[hands]]` table holding `data`, or nothing (`data` None)."""

    number: int
    begin: int
    end: int
    text: str
    data: Mapping[str, Any] | None


def spliced(text: str, splices: Sequence[Splice]) -> str:
    """`text` with each splice made (in order, none overlapping)."""
    parts, at = [], 0
    for s in splices:
        parts += [text[at:s.begin], s.text]
        at = s.end
    return "".join([*parts, text[at:]])


def replace_hands(text: str, tables: Mapping[int, Mapping[str, Any]]
                  ) -> tuple[str, tuple[Splice, ...]] | None:
    """The ledger text with each `number`-th `[[hands]]` table written anew
    (amend, verify --fix), and the splices that made it; None if it has no
    such table."""
    spans = hand_tables(text)
    if not all(1 <= n <= len(spans) for n in tables):
        return None
    splices = []
    for number in sorted(tables):
        begin, end = spans[number - 1]
        table = hand_text(tables[number]).lstrip("\n") + "\n" * (end < len(text))
        splices.append(Splice(number, begin, end, table, tables[number]))
    return spliced(text, splices), tuple(splices)


def split_last_hand(text: str) -> tuple[str, Splice] | None:
    """The ledger text without its last `[[hands]]` table (for undo), the
    blank lines before it gone, and the splice that made it."""
    spans = hand_tables(text)
    if not spans:
        return None
    begin, end = spans[-1]
    while begin > 0 and text[begin - 1] == "\n":
        begin -= 1
    cut = Splice(len(spans), begin, end, "\n" + "\n" * (end < len(text)), None)
    return spliced(text, [cut]), cut


def splices_proven(old: str, new: str, splices: Sequence[Splice],
                   hands: Sequence[Mapping[str, Any]], label: str) -> bool:
    """Whether `new` is `old` (which parses to `hands`) with each splice's
    hand replaced by its data or removed, and nothing else changed, shown
    without parsing either text whole. The proof: (1) `new` is `old` with
    the splices made; (2) the text before the first `[[hands]]` header
    found parses alone: so that header is a real one, at the top level,
    and the hands (`old` parses) are `[[hands]]` tables, not a static
    `hands = [...]` that header-like lines in a string could mimic;
    every line of `old` that opens an array of tables is a `[[hands]]`
    header, and there are as many as hands: so each header found is the
    real one of its hand, in order, never text inside a string; (3) each
    old piece is its hand's span after blank lines, and
    parses, alone, to exactly its hand: so the span ends where that table
    ends; (4) each new piece parses alone to exactly its data (or is blank)
    and ends a line: so what follows it is read as before."""
    spans = hand_tables(old)
    ordered = all(a.end <= b.begin for a, b in zip(splices, splices[1:]))
    if not ordered or spliced(old, splices) != new or len(spans) != len(hands) \
            or not spans or not _header_alone(old[:spans[0][0]], label) \
            or len(_ARRAY_LINE.findall(old)) != len(hands):
        return False
    for s in splices:
        begin, end = spans[s.number - 1] if 1 <= s.number <= len(spans) else (-1, -1)
        if end != s.end or old[s.begin:begin].strip("\n") or s.begin > begin \
                or not _parses_to(old[s.begin:s.end], hands[s.number - 1], label):
            return False
        if s.data is None and s.text.strip("\n") or s.data is not None and \
                not (s.text.endswith("\n") and _parses_to(s.text, s.data, label)):
            return False
    return True


def _header_alone(text: str, label: str) -> bool:
    """Whether the text before the hands parses alone: then it ends at the
    top level, outside any string or array."""
    try:
        load_toml(text, label)
    except LedgerError:
        return False
    return True


def _parses_to(text: str, hand: Mapping[str, Any], label: str) -> bool:
    try:
        return load_toml(text, label) == {"hands": [hand]}
    except LedgerError:
        return False
