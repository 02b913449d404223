"""Two parts of one long job run at once, the second on another core.

Re-checking a long ledger nobody vouches for (`book._checked`) rules every
hand again: a pure function of the parsed session, hand by hand, that
needs nothing but that session. `at_once(here, there)` runs `here` in this
process while a copy of it (`os.fork`: the session is shared, not sent)
runs `there` and sends back its result, `marshal`-ed, through a pipe.

It is only a speed-up, never a second way to be right: when the copy
cannot be made (no `fork` on this system, one core, other threads in this
process), fails, is killed or sends back anything but a whole answer,
`there` runs here, after `here`. The copy

* writes nothing but its answer to the pipe, and leaves with `os._exit`
  (no buffered output of ours written twice, no exit handler run twice);
* dies at Ctrl-C, and is killed and waited for when this process stops
  waiting for it, for any reason;
* holds the ledger's lock only as this process does (an inherited `flock`
  is the same lock, released when both have closed it).
"""

from __future__ import annotations

import os
from typing import Any, Callable, TypeVar

T = TypeVar("T")


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):            # pragma: no cover - not Linux
        return os.cpu_count() or 1


def possible() -> bool:
    """Whether `at_once` runs its two at once: a copy of this process is
    made only where it is safe and worth it."""
    import threading  # only for a long ledger: start-up does not pay for it

    return hasattr(os, "fork") and cores() >= 2 and threading.active_count() == 1


def at_once(here: Callable[[], T], there: Callable[[], Any]) -> tuple[T, Any]:
    """`(here(), there())`, the two run at the same time where they can be
    (see the module's doc). `there()` returns what `marshal` can write:
    numbers, text, bytes, and lists, tuples and dicts of them."""
    if not possible():
        return here(), there()
    read_end, write_end = os.pipe()
    try:
        pid = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        return here(), there()
    if pid == 0:                                    # pragma: no cover - the copy
        _answer(read_end, write_end, there)         # (coverage does not follow it)
    os.close(write_end)
    done = False
    try:
        mine = here()
        answer = _received(read_end, pid)
        done = True
    finally:
        os.close(read_end)
        if not done:
            _stop(pid)
    if answer is None:
        return mine, there()
    return mine, answer[0]


def _answer(read_end: int, write_end: int, there: Callable[[], Any]) -> None:  # pragma: no cover
    """The copy's whole life: run `there`, write its result, leave."""
    import marshal  # here and below: only once a copy is made
    import signal

    status = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.close(read_end)
        data = memoryview(marshal.dumps((there(),)))
        while data:
            data = data[os.write(write_end, data):]
        status = 0
    finally:
        os._exit(status)


def _received(read_end: int, pid: int) -> tuple[Any] | None:
    """The copy's answer once it has left having written it whole, else None."""
    import marshal  # as in _answer

    chunks = []
    while chunk := os.read(read_end, 1 << 20):
        chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    if status != 0:
        return None
    try:
        answer = marshal.loads(b"".join(chunks))
    except (EOFError, ValueError, TypeError):
        return None
    return answer if isinstance(answer, tuple) and len(answer) == 1 else None


def _stop(pid: int) -> None:
    """The copy killed and waited for (this process stops waiting for it)."""
    import signal  # as in _answer

    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except OSError:                                 # pragma: no cover - gone already
        pass
