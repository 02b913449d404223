"""The program: `scorekeeper` (its console script) and `python -m
scorekeeper`.

Its first lines put a handler for Ctrl-C, SIGTERM and SIGHUP in place,
before anything else of scorekeeper is imported: a signal from then until
a command runs (the command line is imported in the first tenth of a
second) ends the process at once, 128 + the signal's number, saying so —
nothing can be written yet. `cli.main` puts the handlers of
`files.interrupts` in place before any command runs. What comes before
these lines is not scorekeeper's: Python's own start (the interpreter,
`site` and the environment's `.pth` files, `runpy` for `-m`) and the two
lines of the console script pip writes (docs/CLI.md, exit codes).
"""

from __future__ import annotations

import os
import signal


def _stopped_early(signum: int, frame: object) -> None:
    """A signal before any command ran: nothing written, said in English
    (no language is chosen yet)."""
    os.write(2, b"\ninterrupted; nothing written\n")
    os._exit(128 + signum)


# the first thing the program does: importing this module is starting it
for _name in ("SIGINT", "SIGTERM", "SIGHUP"):
    if hasattr(signal, _name):
        signal.signal(getattr(signal, _name), _stopped_early)


def run() -> None:
    from scorekeeper.cli import main  # after the handlers: it imports typer and rich

    main()


if __name__ == "__main__":
    run()
