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

* closes every file it inherits but its end of the pipe, first of all:
  the ledger's lock stays this process's alone (closing a copy of the
  descriptor releases nothing; holding it would hold the lock a moment
  after this process let it go);
* writes nothing but its answer, after its length, and leaves with
  `os._exit` (no buffered output of ours written twice, no exit handler
  run twice);
* dies at Ctrl-C, and is killed and waited for when this process stops
  waiting for it, for any reason. Once its whole answer is in, it is not
  waited for while the system takes back its memory: the next `at_once`
  waits for it once its own copy has answered (no copy lingers, and none
  delays the next: a long ledger is parsed, then checked, on two cores).
"""

from __future__ import annotations

import contextlib
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
    numbers, text, bytes, and lists, tuples and dicts of them; it uses no
    file (the copy keeps none open but its pipe)."""
    if not possible():
        return here(), there()
    _reap(block=False)
    read_end, write_end = os.pipe()
    _widened(write_end)
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


# Bytes the pipe holds, where the system lets it be widened: the copy's
# answer (a long ledger's later pieces, parsed: a few hundred kilobytes)
# is written whole while this process is still busy with its own part,
# not a 64 KiB window at a time as this process reads it.
PIPE_BYTES = 1 << 20


def _widened(fd: int) -> None:
    """The pipe made to hold PIPE_BYTES (Linux; elsewhere, or above the
    system's bound, it stays as it is: only slower)."""
    import fcntl  # noqa: PLC0415 - only once a copy is to be made

    setting = getattr(fcntl, "F_SETPIPE_SZ", None)
    if setting is None:                             # pragma: no cover - not Linux
        return
    with contextlib.suppress(OSError):             # above the system's bound
        fcntl.fcntl(fd, setting, PIPE_BYTES)


# Copies that had sent their whole answer and were still leaving (the
# system unmapping their memory: a few milliseconds not waited for); each
# is waited for by the next `at_once` once that one's copy has answered,
# so that none lingers as a zombie.
_LEAVING: list[int] = []


def _reap(block: bool) -> None:
    """Wait for the copies still leaving (`block`), or take those gone."""
    for pid in list(_LEAVING):
        try:
            gone, _ = os.waitpid(pid, 0 if block else os.WNOHANG)
        except ChildProcessError:                   # pragma: no cover - reaped elsewhere
            gone = pid
        if gone:
            _LEAVING.remove(pid)


_LENGTH = 8                  # bytes of the answer's length, before it


def _answer(read_end: int, write_end: int, there: Callable[[], Any]) -> None:  # pragma: no cover
    """The copy's whole life: run `there`, write its result after its
    length, close the pipe (the answer is whole: this process need not
    wait for the copy to be gone), leave. Every other file it holds open
    is closed first: the ledger's lock, above all, is this process's alone."""
    import marshal  # here and below: only once a copy is made
    import signal

    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.closerange(3, write_end)
        os.closerange(write_end + 1, _open_max())
        body = marshal.dumps((there(),))
        data = memoryview(len(body).to_bytes(_LENGTH, "big") + body)
        while data:
            data = data[os.write(write_end, data):]
        os.close(write_end)
    finally:
        os._exit(0)


def _open_max() -> int:  # pragma: no cover - run by the copy
    try:
        return max(os.sysconf("SC_OPEN_MAX"), 1024)
    except (OSError, ValueError):
        return 1 << 16


def _received(read_end: int, pid: int) -> tuple[Any] | None:
    """The copy's answer when it came whole, else None (the copy then
    waited for: it failed, or was killed)."""
    import marshal  # as in _answer

    chunks = []
    while chunk := os.read(read_end, 1 << 20):
        chunks.append(chunk)
    data = b"".join(chunks)
    whole = len(data) >= _LENGTH and \
        int.from_bytes(data[:_LENGTH], "big") == len(data) - _LENGTH
    answer = None
    if whole:
        try:
            answer = marshal.loads(data[_LENGTH:])
        except (EOFError, ValueError, TypeError):
            answer = None
    if not isinstance(answer, tuple) or len(answer) != 1:
        os.waitpid(pid, 0)
        return None
    _reap(block=True)           # the copies before it: long gone by now
    _LEAVING.append(pid)
    _reap(block=False)
    return answer


def _stop(pid: int) -> None:
    """The copy killed and waited for (this process stops waiting for it),
    and any copy still leaving."""
    import signal  # as in _answer

    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except OSError:                                 # pragma: no cover - gone already
        pass
    _reap(block=True)
