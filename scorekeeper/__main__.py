"""The program: `scorekeeper` (its console script) and `python -m
scorekeeper`.

Ctrl-C, SIGTERM or SIGHUP while the command line is still being imported
(the first tenth of a second) would otherwise print a traceback or end
the process without a word: nothing can be written yet, so the process
ends at once, 128 + the signal's number, saying so. `cli.main` puts the
handlers of `files.interrupts` in place before any command runs. (A
signal during Python's own start, before this module, is Python's.)
"""

from __future__ import annotations

import os
import signal


def _stopped_early(signum: int, frame: object) -> None:
    """A signal before any command ran: nothing written, said in English
    (no language is chosen yet)."""
    os.write(2, b"\ninterrupted; nothing written\n")
    os._exit(128 + signum)


def run() -> None:
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _stopped_early)
    from scorekeeper.cli import main  # after the handlers: it imports typer and rich

    main()


if __name__ == "__main__":
    run()
