"""`settle-up`: the fewest transfers that square everyone after one or
several sessions (docs/CLI.md). The core is `reports.settle_up`; the view
`screen.summaries`. Nothing heavy is imported until the command runs."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional, Sequence

import typer

from scorekeeper.commands.common import (
    ASCII_OPT,
    CURRENCY_OPT,
    JSON_OPT,
    RATE_OPT,
    console,
    emit_json,
    guarded,
    say,
    warn_stale,
)
from scorekeeper.core.errors import Impossible
from scorekeeper.core.numbers import plural


def settle_up(
    ledgers: List[Path] = typer.Argument(..., metavar="LEDGER...",
                                         help="One or more session ledgers."),
    mix: bool = typer.Option(False, "--mix",
                             help="Add up sessions of different games."),
    rate: Optional[str] = RATE_OPT, currency: Optional[str] = CURRENCY_OPT,
    as_json: bool = JSON_OPT, ascii: bool = ASCII_OPT,
) -> None:
    """The fewest transfers that square everyone after one or several sessions."""
    def body() -> None:
        from scorekeeper.files import book  # start-up: see module doc
        from scorekeeper.reports import money as money_  # start-up: see module doc
        from scorekeeper.reports import settle_up as settleup  # start-up: see module doc

        _refuse_twice(ledgers)
        readings = [book.load(path) for path in ledgers]
        for reading in readings:
            warn_stale(reading)
        sessions = [reading.session for reading in readings]
        balances = settleup.balances(sessions, mix)
        transfers = settleup.fewest_transfers(balances)
        kind = settleup.kind_of(sessions)
        option = money_.agreed(sessions, rate, currency)
        money = None if option is None else money_.money(balances, kind.scale, option)
        for s in sessions:      # once nothing is refused: a note, not a refusal
            if not s.complete:
                planned = f"/{s.planned}" if s.planned else ""
                say(f"note: {s.label} is not complete ({len(s.hands)}{planned} "
                    "hands): settling what is recorded")
        hands = sum(len(s.hands) for s in sessions)
        paid = settleup.how_paid(sessions)      # CB-14: never silently
        for line in paid:
            say(f"note: {line}")
        if as_json:
            emit_json({"balances": balances,
                       **({"payout": paid} if paid else {}),
                       "balances_display": kind.displayed(balances),
                       "transfers": [t.as_json() for t in transfers],
                       "transfers_display": [t.display_json(kind)
                                             for t in transfers],
                       "sessions": [s.label for s in sessions],
                       "hands": hands,
                       **({"money": money.as_json()} if money else {})}, ascii)
            return
        from scorekeeper.screen import summaries  # rich: only when a person reads

        titles = ", ".join(dict.fromkeys(s.game.title for s in sessions))
        heading = (f"Settle-up — {titles}, {plural(len(sessions), 'session')}, "
                   f"{plural(hands, 'hand')}")
        summaries.settle_up(console(ascii), heading, balances, transfers, kind, money)

    guarded(body, as_json)


def _refuse_twice(paths: Sequence[Path]) -> None:
    seen: dict[Path, Path] = {}
    for path in paths:
        key = path.resolve()
        if key in seen:
            raise Impossible(f"{path} is given twice (as {seen[key]}): each "
                             "session is settled once")
        seen[key] = path
