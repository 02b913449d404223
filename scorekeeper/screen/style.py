"""The pieces every screen is made of (rich): the console, colours, suits,
the arrow, the table box, wrapping with a hanging indent, fitting tables to
the terminal, abbreviations with a legend, sparklines. Imported only when a
person reads the output; each game's ruling table is built from these."""


from __future__ import annotations

import io
import os
import sys
import unicodedata
from typing import (
    Any,
    Callable,
    Iterable,
    Mapping,
    Sequence,
    TextIO,
    TypeVar,
    cast,
)

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.highlighter import RegexHighlighter
from rich.markup import escape
from rich.measure import Measurement
from rich.text import Text
from rich.theme import Theme

from scorekeeper.core.language import Said, _, digits, say
from scorekeeper.core.scores import NET, PENALTY_POINTS, ScoreKind
from scorekeeper.screen import palette
from scorekeeper.screen.cells import use_terminal_widths
from scorekeeper.screen.streams import asciify, closed

use_terminal_widths()    # before rich measures anything (Devanagari names)

T = TypeVar("T")
SPARKS = "▁▂▃▄▅▆▇█"
ASCII_SPARKS = "_.-:=+*#"


class _AsciiWriter(io.TextIOBase):
    """A text stream writing what it is given in ASCII (`--ascii`)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(asciify(text))

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()


class _Suits(RegexHighlighter):
    """Hearts and diamonds red; spades and clubs as the text is."""

    base_style = "suit."
    highlights = [r"(?P<red>[♥♦♡♢])"]


SUITS = _Suits()
# good and bad in colours the colour-blind tell apart (Okabe-Ito, `palette`);
# a terminal of 16 colours would turn them into green and yellow, which they
# do not: there, cyan and red
_THEME = Theme({"suit.red": "red", "good": palette.GOOD, "bad": palette.BAD})
_THEME_16 = Theme({"good": "cyan", "bad": "red"})


def cards(text: str) -> Text:
    """Card text for a table cell, with red hearts and diamonds."""
    return SUITS(Text(text))


def make_console(ascii: bool = False, stderr: bool = False) -> Console:
    stream: TextIO = sys.stderr if stderr else sys.stdout
    con = Console(file=cast(TextIO, _AsciiWriter(stream)) if ascii else stream,
                  highlight=False, emoji=False, safe_box=ascii, theme=_THEME,
                  # NO_COLOR: no colour and no other styling either (rich
                  # alone keeps bold).
                  color_system=None if os.environ.get("NO_COLOR") else "auto")
    if con.color_system in ("standard", "windows"):
        con.push_theme(_THEME_16)
    setattr(con, "ascii_mode", ascii)
    con.on_broken_pipe = _broken_pipe  # type: ignore[method-assign]
    return con


def _broken_pipe() -> None:
    # rich's own answer ends the process with exit 1; a closed pipe is the
    # reader's choice (see scorekeeper.screen.streams)
    raise closed()


def ascii_mode(con: Console) -> bool:
    return bool(getattr(con, "ascii_mode", False))


def arrow(con: Console) -> str:
    """"→" inside a table cell: in ASCII mode "->" already, because rich
    measures a cell before the output is made ASCII ("→" is one column,
    "->" two)."""
    return "->" if ascii_mode(con) else "→"


def table_box(con: Console) -> box.Box:
    return box.ASCII if ascii_mode(con) else box.SIMPLE_HEAVY


def tone_style(n: int, kind: ScoreKind) -> str:
    """The style `colour` gives a stored score: green good, red bad."""
    tone = kind.tone(n)
    return "green" if tone > 0 else "red" if tone < 0 else ""


def colour(n: int, kind: ScoreKind | bool = NET) -> str:
    """A stored score as its game displays it, with a plus on a gain, green
    when it is good for the player and vermillion when bad (`good`, `bad`:
    Okabe-Ito's, told apart by the colour-blind), as the game's
    `ScoreKind` says (a bool: lower is better, as before kinds were
    declared)."""
    if isinstance(kind, bool):
        kind = PENALTY_POINTS if kind else NET
    text, tone = digits(kind.signed(n)), kind.tone(n)
    return f"[good]{text}[/]" if tone > 0 else f"[bad]{text}[/]" if tone < 0 \
        else text


# -- the pieces of every game's ruling -------------------------------------------

def title(hand_number: int | None, dealer: str) -> str:
    """A ruling's title; names are escaped wherever rich reads markup."""
    if hand_number:
        return _("Hand {number} — dealer {dealer}").format(number=digits(hand_number),
                                                          dealer=escape(dealer))
    return _("Verdict — dealer {dealer}").format(dealer=escape(dealer))


def game_title(title: Said) -> str:
    """A game's title (`Game.title`) in the reader's language."""
    return say(title)


def wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    """`text` in lines of at most `width` terminal columns (a wide
    character, an emoji or a CJK letter, takes two), broken at spaces, a
    word longer than a line cut; `first` starts the first line, `rest` the
    others."""
    lines: list[str] = []
    line, used, empty = first, cell_len(first), True
    for word in text.split():
        size = cell_len(word)
        if not empty and used + 1 + size <= width:
            line, used = f"{line} {word}", used + 1 + size
            continue
        if not empty:
            lines.append(line)
            line, used = rest, cell_len(rest)
        while used + size > width and len(word) > 1:   # too long for any line
            cut = _fitting_prefix(word, width - used)
            lines.append(line + cut)
            word = word[len(cut):]
            line, used, size = rest, cell_len(rest), cell_len(word)
        line, used, empty = line + word, used + size, False
    lines.append(line)
    return lines


def _fitting_prefix(word: str, room: int) -> str:
    """The longest start of `word` within `room` columns (one character at
    least)."""
    taken = 0
    for i, ch in enumerate(word):
        taken += cell_len(ch)
        if taken > room:
            return word[:max(1, i)]
    return word


def hanging(con: Console, line: str, first: str = "  ", rest: str = "      ",
            style: str = "") -> None:
    """One line of text wrapped to the terminal with a hanging indent."""
    hanging_lines(con, [line], first, rest, style=style)


def hanging_lines(con: Console, lines: Iterable[str], first: str = "  ",
                  rest: str = "      ", batch: int = 500, style: str = "") -> None:
    """Lines, each wrapped to the terminal with a hanging indent, `batch` of
    them printed at once: a long history's notes are a few prints, not one
    per hand (each costs rich a millisecond), and never one text of every
    hand (its memory)."""
    pieces: list[str] = []
    width = max(20, con.width)      # rich asks the terminal each time
    for count, line in enumerate(lines, start=1):
        pieces += wrap(line, width, first, rest)
        if count % batch == 0:
            con.print(SUITS(Text("\n".join(pieces), style=style)), soft_wrap=True)
            pieces = []
    if pieces:
        con.print(SUITS(Text("\n".join(pieces), style=style)), soft_wrap=True)


def explanation(con: Console, lines: Sequence[Said], rules: Sequence[str]) -> None:
    for line in lines:
        hanging(con, say(line))
    hanging(con, _("Rules: {rules}").format(rules=", ".join(rules)))


def sparkline(values: list[int], ascii: bool = False, width: int = 60,
              lo: int | None = None, hi: int | None = None, start: int = 0) -> str:
    """A character a value (a bucket of them, past `width`); blank before
    `start`, the value's index where the line starts (a newcomer's)."""
    chars = ASCII_SPARKS if ascii else SPARKS
    if not values:
        return ""
    lo = min(values) if lo is None else lo
    hi = max(values) if hi is None else hi
    indexes: Sequence[int] = range(len(values))
    if len(values) > width:
        # One character per bucket of hands: the running total at its end.
        indexes = [min(len(values) - 1, (i + 1) * len(values) // width - 1)
                   for i in range(width)]
    step = (hi - lo) / (len(chars) - 1) if hi != lo else 0
    return "".join(" " if i < start else chars[len(chars) // 2] if not step
                   else chars[round((values[i] - lo) / step)] for i in indexes)


def abbreviations(names: Sequence[str], longest: int = 6) -> dict[str, str]:
    """Each name cut to its shortest prefix (3 letters at least, `longest`
    at most) that no other name shares, case aside; a name that fits stays."""
    out: dict[str, str] = {}
    for name in names:
        if len(name) <= longest:
            out[name] = name
            continue
        size = 3
        while size < min(longest, len(name)) and any(
                other != name and other.casefold().startswith(name[:size].casefold())
                for other in names):
            size += 1
        out[name] = name[:_whole_letters(name, size)]
    if len(set(a.casefold() for a in out.values())) < len(out):
        out = {name: f"P{i + 1}" for i, name in enumerate(names)}   # a last resort
    return out


def _whole_letters(name: str, size: int) -> int:
    """`size`, or more: a cut never parts a letter from its marks (a
    Devanagari vowel sign, a virama, an accent written apart)."""
    while size < len(name) and unicodedata.category(name[size])[0] == "M":
        size += 1
    return size


def fitted_names(names: Sequence[str], fit: Callable[[Mapping[str, str]], bool],
                 shortest: int = 3) -> dict[str, str]:
    """The names as `fit` takes them: every name whole if that fits; else
    the names longer than some length cut (`abbreviations`), for the
    greatest length that fits, so that a name is shortened only when it
    does not fit; else as short as `abbreviations` makes them with names
    of `shortest` letters at most."""
    whole = {name: name for name in names}
    if not names or fit(whole):
        return whole
    for longest in range(max(map(len, names)) - 1, shortest - 1, -1):
        short = abbreviations(names, longest)
        if fit(short):
            return short
    return abbreviations(names, shortest)


def first_fitting(con: Console, names: Sequence[str],
                  layouts: Sequence[Callable[[Mapping[str, str]], T]]
                  ) -> tuple[T, int, dict[str, str]]:
    """The first of `layouts` (each builds a table from names) that fits
    the terminal with every name whole; else the last with the names
    shortened as little as fits (`fitted_names`). The table, which layout
    it is, and the names it shows (for a legend)."""
    whole = {name: name for name in names}
    for i, layout in enumerate(layouts):
        table = layout(whole)
        if fits(con, table):
            return table, i, whole
    last = layouts[-1]
    short = fitted_names(names, lambda given: fits(con, last(given)))
    return last(short), len(layouts) - 1, short


def fits(con: Console, renderable: Any) -> bool:
    """Whether `renderable` (a table) fits the terminal uncut."""
    wide = con.options.update(max_width=10_000)
    return Measurement.get(con, wide, renderable).maximum <= con.width


def split_to_fit(items: Sequence[T], fit: Callable[[list[T]], bool]) -> list[list[T]]:
    """`items` in order, in as few groups as `fit` allows (one item alone
    is a group even if it does not fit)."""
    groups: list[list[T]] = [[]]
    for item in items:
        if groups[-1] and not fit([*groups[-1], item]):
            groups.append([])
        groups[-1].append(item)
    return groups


def legend(con: Console, names: Mapping[str, str]) -> None:
    """Which abbreviation is who, for the names that are abbreviated."""
    said = [f"{a} = {p}" for p, a in names.items() if a != p]
    if said:
        hanging(con, _("Names: {legend}").format(legend=", ".join(said)), "  ", "    ")
