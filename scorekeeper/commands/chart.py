"""`chart`: every player's running total, hand by hand, in the terminal
or as SVG (docs/CLI.md). plotext and pygal are loaded only here, by
`screen.chart`."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any, List, Optional

import typer

from scorekeeper.commands import completion
from scorekeeper.commands.common import (
    ASCII_OPT,
    guarded,
    ledger_path,
    say,
    stdout_is_terminal,
    use_ascii,
    warn_stale,
    write_text,
)
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, Said, _, file_name, ngettext

HELP = {"chart": N_("Every player's running total, hand by hand, as a chart (a panel a "
                    "session, or with --total the sessions' totals together).")}


def _wants_colour() -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return stdout_is_terminal()


def chart(
    ledgers: List[Path] = typer.Argument(
        None, metavar="[LEDGER]...", show_default=False,
        autocompletion=completion.ledgers,
        help=_("Session ledgers, one chart each (none: the one found, as LEDGER).")),
    total: bool = typer.Option(False, "--total",
                               help=_("One chart of the totals over the sessions "
                                    "(of one game), in the order given.")),
    svg: Optional[Path] = typer.Option(None, "--svg", metavar="FILE",
                                       help=_("Write the chart as an SVG file instead.")),
    force: bool = typer.Option(False, "--force", help=_("Overwrite an existing FILE.")),
    ascii: bool = ASCII_OPT,
) -> None:
    """Every player's running total, hand by hand, as a chart (a panel a
    session, or with --total the sessions' totals together)."""
    def body() -> None:
        from scorekeeper.files import ledger_file, storage  # start-up: see module doc

        paths = list(ledgers or ()) or [ledger_path(None)]
        sessions = []
        for ledger in paths:
            checked = ledger_file.read_checked(ledger)
            warn_stale(checked)
            sessions.append(checked.session)
        if svg is not None:
            for ledger in paths:
                storage.check_export_target(svg, ledger, force, Said("the chart"))
        drawn = _drawn(paths, sessions, total, svg)
        if not drawn:
            return
        # plotext and pygal: loaded by this command only
        from scorekeeper.screen import chart as drawing

        if total:
            if (why := drawing.mixed(drawn)) is not None:
                raise Impossible(Said("--total adds up sessions of one game: {why}",
                                      why=why))
            pictures = [drawing.together(drawn)]
        else:
            pictures = [drawing.picture(session) for session in drawn]
        if svg is not None:
            storage.write_output(svg, paths[0], drawing.svg_panels(pictures), force,
                                 Said("the chart"))
            say(_("Wrote {file}.").format(file=file_name(svg)))
            return
        plain = use_ascii(ascii)
        size = shutil.get_terminal_size((80, 24))
        height = max(12, min((size.lines - 4) // len(pictures), 30))
        text = drawing.terminal_panels(pictures, min(size.columns, 120), height,
                                       _wants_colour(), plain)
        write_text(text, ascii)

    guarded(body)


def _drawn(ledgers: List[Path], sessions: list[Any], total: bool,
           svg: Optional[Path]) -> list[Any]:
    """The sessions with hands to draw (each without says so on stderr);
    with --total, all of them as soon as one has hands."""
    empty = [ledger for ledger, s in zip(ledgers, sessions) if not s.hands]
    drawn = [s for s in sessions if s.hands]
    if not drawn:
        ledgers_said = ", ".join(map(file_name, empty))
        if svg is not None:
            say(ngettext("{ledgers} has no hands yet: nothing to draw; {file} not written.",
                         "{ledgers} have no hands yet: nothing to draw; {file} not written.",
                         len(empty)).format(ledgers=ledgers_said, file=file_name(svg)))
        else:
            say(ngettext("{ledgers} has no hands yet: nothing to draw.",
                         "{ledgers} have no hands yet: nothing to draw.",
                         len(empty)).format(ledgers=ledgers_said))
        return []
    for ledger in empty:
        say(_("{ledger} has no hands yet: nothing of it to add.").format(ledger=file_name(ledger))
            if total else
            _("{ledger} has no hands yet: no chart of it.").format(ledger=file_name(ledger)))
    return sessions if total else drawn
