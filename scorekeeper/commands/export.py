"""`export`: a session, or the night's several, as CSV, JSON, Markdown or
the board's HTML page (docs/CLI.md). The formats are `reports.export`'s;
the page is `screen.board`'s (pygal and rich loaded only for it)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator, Sequence

from scorekeeper.commands.common import (
    guarded,
    ledger_path,
    say,
    session_money,
    warn_stale,
    write_text,
)
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said

NIGHT_FORMATS = ("md", "markdown", "html")   # the formats that hold several ledgers


def export(ledgers: Sequence[Path], fmt: str, output: Path | None, force: bool,
           rate: str | None, currency: str | None) -> None:
    """The body of `export` (its options are in cli.py)."""
    from scorekeeper.files import storage  # start-up: see module doc

    def body() -> None:
        paths = list(ledgers) or [ledger_path(None)]
        if len(paths) > 1 and fmt.lower() not in NIGHT_FORMATS:
            raise Impossible(Said("--format {fmt} exports one ledger; md and html export "
                                  "the night's several as one file", fmt=fmt))
        pieces = _pieces(paths, fmt.lower(), rate, currency)
        if output is None:
            for piece in pieces:
                write_text(piece)
            return
        for other in paths[1:]:         # never over any of them (by path)
            storage.check_export_target(output, other, True)
        storage.write_output(output, paths[0], pieces, force)
        say(Said("Wrote {output}.", output=output))

    guarded(body)


def _pieces(paths: Sequence[Path], fmt: str, rate: str | None,
            currency: str | None) -> Iterator[str]:
    from scorekeeper.files import ledger_file  # start-up: see module doc
    from scorekeeper.reports.export import Played, export_pieces, night_markdown

    if len(paths) != len({p.resolve() for p in paths}):
        raise Impossible(Said("a ledger is given twice: each session is exported once"))
    played = []
    for path in paths:
        checked = ledger_file.read_checked(path)
        warn_stale(checked)
        played.append(Played(checked.session, os.stat(path).st_mtime,
                             session_money(checked.session, rate, currency)))
    if fmt == "html":
        from scorekeeper.screen.board import html_pieces  # the board's page

        return html_pieces(played)
    if len(played) > 1:
        return iter([night_markdown(played)])
    return export_pieces(played[0].session, fmt, played[0].money, left_out=say)
