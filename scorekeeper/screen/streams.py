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

_ASCII = str.maketrans({"→": "->", "≤": "<=", "≥": ">=", "−": "-", "·": "*",
                        "…": "...", "–": "-", "—": "-", "✓": "ok", "✗": "x",
                        "×": "x"})


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


def stderr_width() -> int | None:
    """How wide the messages on stderr may be: `COLUMNS` if set, else the
    terminal's width when stderr is one; None (no wrapping) for a file or
    a pipe, so that a log keeps each message on one line."""
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    with contextlib.suppress(AttributeError, ValueError, OSError):
        if sys.stderr.isatty():
            return os.get_terminal_size(sys.stderr.fileno()).columns
    return None


def wrapped(text: str, rest: str = "    ", width: int | None = None) -> str:
    """`text` (one message, without its newline) in lines of at most
    `width` columns (`stderr_width()`), broken at spaces only, every line
    after the first indented by `rest` (a hanging indent): a name or a
    word is never split."""
    width = stderr_width() if width is None else width
    if width is None or len(text) <= width:
        return text
    import textwrap  # start-up: only for a message wider than the terminal

    lead = text[:len(text) - len(text.lstrip())]
    return "\n".join(textwrap.wrap(
        text, max(20, width), initial_indent="", subsequent_indent=lead + rest,
        break_long_words=False, break_on_hyphens=False)) or text


def flush_out() -> None:
    """Flush stdout at the end of a command, quietly if the reader has gone."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        stop_output()
    except (OSError, ValueError):
        pass


__all__ = ["asciify", "OutputClosed", "stop_output", "closed", "write_out", "flush_out",
           "stderr_width", "wrapped"]
