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


def flush_out() -> None:
    """Flush stdout at the end of a command, quietly if the reader has gone."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        stop_output()
    except (OSError, ValueError):
        pass


__all__ = ["asciify", "OutputClosed", "stop_output", "closed", "write_out", "flush_out"]
