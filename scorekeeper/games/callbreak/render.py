"""A Call Break deal for people: each player's call, tricks and points (the
shell prints the explanation below it)."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from scorekeeper.games.callbreak.engine import CallBreakResult
from scorekeeper.games.callbreak.rules import TENTHS
from scorekeeper.screen.style import ascii_mode, colour, table_box, title


def ruling(con: Console, result: CallBreakResult, hand_number: int | None,
           dealer: str) -> None:
    table = Table(title=title(hand_number, dealer), box=table_box(con))
    table.add_column("Player", overflow="fold")
    table.add_column("Call", justify="right")
    table.add_column("Took", justify="right")
    table.add_column("Points", justify="right")
    calls, tricks = dict(result.calls), dict(result.tricks)
    star = " *" if ascii_mode(con) else " ★"
    for name, tenths in result.scores:
        mark = star if name == result.winner else ""
        table.add_row(escape(name) + mark, str(calls[name]), str(tricks[name]),
                      colour(tenths, TENTHS))
    con.print(table)
