"""`stats`: what many sessions add up to, per game and player (docs/CLI.md).
The core is `reports.stats`; the view `screen.summaries`."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from scorekeeper.commands.common import (
    ASCII_OPT,
    GAME_NAMES,
    JSON_OPT,
    console,
    emit_json,
    guarded,
    say,
    warn_stale,
)
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, Said, _, file_name
from scorekeeper.games import registry

# the command's help (`help_of`), in the language chosen
HELP = {"stats": N_("Per game and player: sessions, hands, wins, totals, places and the "
                    "game's own counts.")}


def stats(
    paths: List[Path] = typer.Argument(
        ..., metavar="PATH...",
        help=_("Ledgers, or folders searched (with their subfolders) for *.toml ledgers.")),
    game: Optional[str] = typer.Option(None, "--game", metavar="GAME", help=GAME_NAMES),
    player: Optional[str] = typer.Option(None, "--player", metavar="NAME",
                                         help=_("Only this player (any case).")),
    as_json: bool = JSON_OPT, ascii: bool = ASCII_OPT,
) -> None:
    """Per game and player: sessions, hands, wins, totals, places and the game's own counts."""
    def body() -> None:
        from scorekeeper.files import find  # start-up: see module doc
        from scorekeeper.reports.stats import statistics, statistics_json

        name = registry.game(game).name if game is not None else None
        found = find.read_all(paths)
        for skipped in found.skipped:
            say(Said("warning: skipped {reason}", reason=skipped.reason))
        for checked in found.stale:
            warn_stale(checked)
        if not found.sessions:
            raise Impossible(Said("no ledger found in {paths}",
                                  paths=", ".join(map(file_name, paths))))
        groups = statistics(found.sessions, name, player)
        if as_json:
            emit_json({**statistics_json(groups), "skipped": [
                {"path": str(k.path), "reason": k.reason.english} for k in found.skipped]},
                ascii)
            return
        if not groups:
            say(Said("No hands recorded in these sessions for {game}.",
                     game=registry.game(name).title)
                if name else Said("No hands recorded in these sessions."))
            return
        from scorekeeper.screen import summaries  # rich: only when a person reads

        summaries.stats(console(ascii), groups)

    guarded(body, as_json)
