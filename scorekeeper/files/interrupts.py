"""Ctrl-C at the commit point (docs/CLI.md, exit codes).

An interrupt (SIGINT) is exit 130 with "interrupted; nothing written" only
while nothing is written. From just before a file is renamed into place
until the steps that follow it (the folder's fsync, the cache) are done,
SIGINT waits: a Python handler that only notes it is installed, so the
rename and what follows run to their end. Then

* if the file was put in place, the note stays the handler for the rest of
  the command: the command finishes, shows what it did and exits 0 (a
  script that retried on a non-zero exit would write twice);
* if it was not (the rename failed), an interrupt that came meanwhile is
  raised then, as KeyboardInterrupt: nothing written, exit 130.

`cli.main` asks `written()` when an interrupt reaches it and calls
`reset()` when the command ends (the handler of before, for a caller that
runs many commands in one process). Only the main thread can set signal
handlers; elsewhere the window is not guarded (Python delivers SIGINT to
the main thread only).
"""

from __future__ import annotations

import contextlib
import signal
import threading
from pathlib import Path
from typing import Any, Callable, Iterator

_state: dict[str, Any] = {"depth": 0, "noted": False, "saved": None,
                          "written": []}


def _note(signum: int, frame: Any) -> None:
    _state["noted"] = True


def written() -> list[Path]:
    """The files this command has put in place."""
    return list(_state["written"])


def reset() -> None:
    """Back to how it was before the command (its handler, nothing written)."""
    saved = _state["saved"]
    if saved is not None and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, saved)
    _state.update(depth=0, noted=False, saved=None, written=[])


@contextlib.contextmanager
def commit_point(path: Path) -> Iterator[Callable[[], None]]:
    """Hold SIGINT while the body renames `path` into place and finishes
    after it; the body calls the yielded `done()` the moment the file is in
    place. An interrupt raised after `done()` (by the steps that follow) is
    noted, never passed on."""
    guarded = threading.current_thread() is threading.main_thread()
    if guarded and _state["saved"] is None:
        _state["saved"] = signal.signal(signal.SIGINT, _note)
    elif guarded and signal.getsignal(signal.SIGINT) is not _note:
        signal.signal(signal.SIGINT, _note)
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
        _state["noted"] = True
    finally:
        _state["depth"] -= 1
        if _state["depth"] == 0 and not _state["written"]:
            _release()


def _release() -> None:
    """Nothing was written: the handler of before, and a noted interrupt
    delivered now."""
    saved, noted = _state["saved"], _state["noted"]
    _state.update(saved=None, noted=False)
    if saved is not None:
        signal.signal(signal.SIGINT, saved)
    if noted and saved is signal.default_int_handler:
        raise KeyboardInterrupt
    if noted and callable(saved):
        saved(signal.SIGINT, None)
