"""Standard output that may close under us, or cannot take Unicode.

A reader that stops reading (`scorekeeper history | head`) closes the pipe:
that is the reader's choice, not a failure of the command, so what is left
to print is dropped and the command ends as it would have (exit 0 after a
write above all: a script that retried would write twice). Every write to
stdout goes through here or through a console whose broken pipe lands here.
"""

from __future__ import annotations

import contextlib
import os
import sys

from scorekeeper.core.cards import suits_as_letters
from scorekeeper.core.errors import visible

_ASCII = str.maketrans({"→": "->", "≤": "<=", "≥": ">=", "−": "-", "·": "*",
                        "…": "...", "–": "-", "—": "-", "✓": "ok", "✗": "x",
                        "×": "x", "≈": "~"})


def asciify(text: str) -> str:
    """Text for a terminal without Unicode: suits as letters, arrows and
    dashes spelled out, anything else left as '?'."""
    return suits_as_letters(text).translate(_ASCII).encode(
        "ascii", "replace").decode("ascii")


class OutputClosed(Exception):
    """The reader of stdout has gone; nothing more is shown."""


def stop_output() -> None:
    """Point stdout at the null device, so that no later flush (at exit
    above all) meets the closed pipe again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def closed() -> OutputClosed:
    """On a broken pipe: stop the output, and the exception to raise."""
    stop_output()
    return OutputClosed("the reader of the output has gone")


def write_out(text: str) -> None:
    """Write and flush `text` to stdout; a closed pipe is `OutputClosed`."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise closed() from None


def _stderr_is_terminal() -> bool:
    with contextlib.suppress(AttributeError, ValueError, OSError):
        return bool(sys.stderr.isatty())
    return False


def usable_streams() -> None:
    """A closed stdout or stderr (Python makes it None) is the null device,
    a reader who does not read; a COLUMNS that is no width (0, text) is as
    if unset (rich would draw in 0 columns: nothing). Once, at start-up."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))
    columns = os.environ.get("COLUMNS", "1").strip()
    if not columns.isdigit() or int(columns) == 0:
        del os.environ["COLUMNS"]


def stderr_width() -> int | None:
    """How wide the messages on stderr may be when a person reads them (a
    terminal): `COLUMNS` if set, else the terminal's width. None (no
    wrapping) for a terminal that reports 0 columns (its size never set),
    and for a file or a pipe, so that a log or a script reading the
    messages gets each on one line."""
    if not _stderr_is_terminal():
        return None
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    with contextlib.suppress(AttributeError, ValueError, OSError):
        # a terminal whose size was never set reports 0: an unknown width
        return os.get_terminal_size(sys.stderr.fileno()).columns or None
    return None


def stdout_width() -> int | None:
    """How wide a message on stdout may be (`verify`'s verdict, `config`,
    the rule book as text): `COLUMNS` if set, as rich takes it for every
    screen drawn on stdout, else the terminal's width; None (no wrapping)
    for a file or a pipe without `COLUMNS`, and for a terminal of 0
    columns."""
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    with contextlib.suppress(AttributeError, ValueError, OSError):
        if sys.stdout.isatty():
            return os.get_terminal_size(sys.stdout.fileno()).columns or None
    return None


def cells(text: str) -> int:
    """The terminal columns `text` takes (a Devanagari vowel sign 1, a
    virama 0, a wide character 2: `screen.cells`)."""
    from rich.cells import cell_len  # start-up: only for a line that may not fit

    from scorekeeper.screen.cells import use_terminal_widths  # rich's, as above

    use_terminal_widths()
    return cell_len(text)


def fold(words: list[str], width: int, first: str = "", rest: str = "") -> list[str]:
    """`words` joined by spaces in lines of at most `width` terminal
    columns, `first` starting the first line and `rest` the others; a word
    that fits a line only without `rest` is written without it, and one
    wider than a line stays whole on a line of its own (never cut)."""
    lines: list[str] = []
    line, used, empty = first, cells(first), True
    for word in words:
        size = cells(word)
        if not empty and used + 1 + size > width:
            lines.append(line)
            line, used, empty = rest, cells(rest), True
        if empty and lines and used + size > width >= size:
            line, used = "", 0          # fits only without the indent
        line, used = (line + word, used + size) if empty else \
            (f"{line} {word}", used + 1 + size)
        empty = False
    lines.append(line)
    return lines


def wrapped(text: str, rest: str = "    ", width: int | None = None) -> str:
    """`text` (a message, without its last newline) with each of its lines
    in lines of at most `width` terminal columns (`stderr_width()`), broken
    at spaces only, every line after the first of each indented by `rest`
    more than it (a hanging indent): a name or a word is never split."""
    text = visible(text)            # a file name never drives the terminal
    width = stderr_width() if width is None else width
    # a character takes 2 columns at most: a short line fits unmeasured
    if width is None or all(2 * len(line) <= width or cells(line) <= width
                            for line in text.split("\n")):
        return text
    out: list[str] = []
    for line in text.split("\n"):
        lead = line[:len(line) - len(line.lstrip())]
        out += fold(line.split(), max(20, width), lead, lead + rest) \
            if cells(line) > width else [line]
    return "\n".join(out)


def flush_out() -> None:
    """Flush stdout at the end of a command, quietly if the reader has gone."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        stop_output()
    except (OSError, ValueError):
        pass


__all__ = ["usable_streams", "asciify", "OutputClosed", "stop_output", "closed", "write_out", "flush_out",
           "stderr_width", "stdout_width", "cells", "fold", "wrapped"]
