"""`chart`: every player's running total, hand by hand, in the terminal
or as SVG (docs/CLI.md). plotext and pygal are loaded only here, by
`screen.chart`."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Optional

import typer

from scorekeeper.commands.common import (
    ASCII_OPT,
    LEDGER_ARG,
    guarded,
    say,
    stdout_is_terminal,
    use_ascii,
    warn_stale,
    write_text,
)


def _wants_colour() -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return stdout_is_terminal()


def chart(
    ledger: Path = LEDGER_ARG,
    svg: Optional[Path] = typer.Option(None, "--svg", metavar="FILE",
                                       help="Write the chart as an SVG file instead."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing FILE."),
    ascii: bool = ASCII_OPT,
) -> None:
    """Every player's running total, hand by hand, as a chart."""
    def body() -> None:
        from scorekeeper.files import ledger_file, storage  # start-up: see module doc

        checked = ledger_file.read_checked(ledger)
        warn_stale(checked)
        session = checked.session
        if svg is not None:
            storage.check_export_target(svg, ledger, force, "the chart")
        if not session.hands:
            say(f"{ledger} has no hands yet: nothing to draw"
                + (f"; {svg} not written." if svg is not None else "."))
            return
        # plotext and pygal: loaded by this command only
        from scorekeeper.screen import chart as drawing

        picture = drawing.picture(session)
        if svg is not None:
            storage.write_output(svg, ledger, drawing.svg(picture), force,
                                 "the chart")
            say(f"Wrote {svg}.")
            return
        plain = use_ascii(ascii)
        size = shutil.get_terminal_size((80, 24))
        text = drawing.terminal(picture, min(size.columns, 120),
                                max(12, min(size.lines - 4, 30)),
                                _wants_colour(), plain)
        write_text(text, ascii)

    guarded(body)
