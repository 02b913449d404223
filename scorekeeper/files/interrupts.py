"""Ctrl-C, SIGTERM and SIGHUP around the commit point (docs/CLI.md, exit codes).

While nothing is written, each of the three stops the command: exit 130,
143 or 129, "nothing written" (`Stopped`, a KeyboardInterrupt, is raised
in the main thread; SIGINT raises KeyboardInterrupt itself). From just
before a file is renamed into place, the signal is only noted, so the
rename and what follows run to their end. Then

* if the file was put in place, the note stays the answer for the rest of
  the process: the command finishes, shows what it did and exits 0 (a
  script that retried on a non-zero exit would write twice);
* if it was not (the rename failed), the signal noted meanwhile is raised
  then: nothing written, exit 128 + its number.

`guard()` installs the one handler, once, when a command may write
(`cli.main`); `written()` tells what is in place, `reset()` forgets it at
the start of the next command (a caller that runs many in one process).
Only the main thread can set signal handlers; elsewhere nothing is guarded.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from pathlib import Path
from typing import Any, Callable, Iterator

from scorekeeper.core.plain import PlainDict

SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                if hasattr(signal, name))

_state: PlainDict = {"depth": 0, "noted": None, "written": [], "saved": {},
                     "stopped": None}


class Stopped(KeyboardInterrupt):
    """A signal stopped the command before anything was written."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _handle(signum: int, frame: Any) -> None:
    if _state["depth"] or _state["written"]:
        _state["noted"] = _state["noted"] or signum     # told after the commit
        return
    _state["stopped"] = signum
    raise Stopped(signum)


def guard() -> None:
    """Install the handler for the three signals (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in SIGNALS:
        if signal.getsignal(signum) is not _handle:
            _state["saved"].setdefault(signum, signal.signal(signum, _handle))


def hold_to_the_end() -> None:
    """Once a file is in place, the three signals are ignored to the end of
    the process: Python's shutdown puts a signal a Python function handled
    back to its default, and a signal then would end the process with its
    number after the command had written (and said so)."""
    if _state["written"] and threading.current_thread() is threading.main_thread():
        for signum in SIGNALS:
            signal.signal(signum, signal.SIG_IGN)


def unguard() -> None:
    """The handlers of before (a caller that runs commands in-process)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum, saved in _state["saved"].items():
        signal.signal(signum, saved)
    _state["saved"] = {}


def written() -> list[Path]:
    """The files this command has put in place."""
    return list(_state["written"])


def reset() -> None:
    """A new command: nothing written, nothing noted."""
    _state.update(depth=0, noted=None, written=[], stopped=None)


def unreported() -> Stopped | None:
    """The signal that stopped the command, if no exit code was made of it
    yet: typer makes exit 130, without a word, of an interrupt raised
    outside the command's own guard (an import before it, say)."""
    return None if _state["stopped"] is None else Stopped(_state["stopped"])


def exit_code(err: KeyboardInterrupt) -> int:
    """128 + the signal's number (130 for Ctrl-C)."""
    _state["stopped"] = None                    # reported
    return 128 + (err.signum if isinstance(err, Stopped) else signal.SIGINT)


@contextlib.contextmanager
def commit_point(path: Path) -> Iterator[Callable[[], None]]:
    """Hold the signals while the body renames `path` into place and
    finishes after it; the body calls the yielded `done()` the moment the
    file is in place. An interrupt raised after `done()` is noted, never
    passed on; one noted before it, with nothing put in place, is raised
    once the body ends."""
    _state["depth"] += 1
    committed = [False]

    def done() -> None:
        committed[0] = True
        _state["written"].append(path)

    try:
        yield done
    except KeyboardInterrupt:
        if not committed[0]:
            raise
    finally:
        _state["depth"] -= 1
    noted = _state["noted"]
    if noted and not _state["written"] and not _state["depth"]:
        _state["noted"] = None
        raise Stopped(noted)
