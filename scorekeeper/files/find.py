"""Many ledgers at once: the files `stats` and `settle-up` read.

A PATH is a ledger file, or a folder searched recursively for `*.toml`
files (hidden files and folders, such as `.git`, are left out; symbolic
links to folders are not followed). Each is read through
`ledger_file.read_checked`, as every other command reads a ledger: every
hand ruled again, and a ledger that does not verify kept with its problems
(`Gathered.stale`) for the shell to warn about. A file that is not a
ledger (not TOML, not ours, a broken shape, unreadable) is skipped with its reason; a PATH that does not exist is an
error (exit 2).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator, Sequence

from scorekeeper.core.errors import Impossible, ScorekeeperError
from scorekeeper.core.language import Said
from scorekeeper.files import ledger_file
from scorekeeper.ledger.tomltext import LedgerError
from scorekeeper.session.session import Session
from scorekeeper.session.verify import Checked


class Skipped:
    """A file that was not read as a ledger, and why. This and `Gathered`
    are plain classes: a dataclass compiles its methods when it is defined
    (start-up), and nothing compares or prints these."""

    __slots__ = ("path", "reason")

    def __init__(self, path: Path, reason: Said) -> None:
        self.path = path
        self.reason = reason


class Gathered:
    __slots__ = ("sessions", "skipped", "stale")

    def __init__(self, sessions: tuple[Session, ...], skipped: tuple[Skipped, ...],
                 stale: tuple[Checked, ...] = ()) -> None:
        self.sessions = sessions
        self.skipped = skipped
        self.stale = stale


def _walk(folder: Path) -> Iterator[Path]:
    for top, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.endswith(".toml") and not name.startswith("."):
                yield Path(top, name)


def ledger_paths(paths: Sequence[Path]) -> list[Path]:
    """Every candidate ledger under `paths`, in order, each once."""
    found: dict[Path, Path] = {}
    for path in paths:
        if path.is_dir():
            candidates = list(_walk(path))
        elif path.exists():
            candidates = [path]
        else:
            raise Impossible(Said("{path}: no such file or folder", path=path))
        for candidate in candidates:
            found.setdefault(candidate.resolve(), candidate)
    return list(found.values())


def _reason(err: ScorekeeperError) -> Said:
    """An error in one line: its first problem, and how many more."""
    lines: list[Said] = err.said_lines() if isinstance(err, LedgerError) else [err.cited()]
    first = lines[0]
    more = len(lines) - 1
    if not more:
        return first
    return Said.ngettext("{first} (and {more} more problem)",
                        "{first} (and {more} more problems)", count=more, first=first,
                        more=more)


def read_all(paths: Sequence[Path]) -> Gathered:
    """Every ledger under `paths`; the files that are not, with why."""
    sessions: list[Session] = []
    skipped: list[Skipped] = []
    stale: list[Checked] = []
    for path in ledger_paths(paths):
        try:
            checked = ledger_file.read_checked(path)
            sessions.append(checked.session)
            if checked.problems:
                stale.append(checked)
        except ScorekeeperError as err:
            skipped.append(Skipped(path, _reason(err)))
        except (RecursionError, ValueError, TypeError) as err:
            # a hand-made file deep or odd enough to trip the TOML reader
            skipped.append(Skipped(path, Said("{path}: not a ledger ({reason})", path=path,
                                              reason=str(err))))
    return Gathered(tuple(sessions), tuple(skipped), tuple(stale))
