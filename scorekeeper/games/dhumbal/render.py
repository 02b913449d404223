"""A Dhumbal ruling for people: the table of hands (the shell prints the
explanation below it)."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from scorekeeper.games.dhumbal.engine import DhumbalResult
from scorekeeper.screen.style import ascii_mode, cards, colour, table_box, title


def ruling(con: Console, result: DhumbalResult, hand_number: int | None,
           dealer: str) -> None:
    key = "Net" if result.zero_sum else "Points"
    table = Table(title=title(hand_number, dealer), box=table_box(con))
    table.add_column("Player", overflow="fold")
    table.add_column("Shown")
    table.add_column("Value", justify="right")
    table.add_column("Charged", justify="right")
    table.add_column(key, justify="right")
    values = dict(result.values)
    charges = dict(result.charges)
    shown = {name: s.text() for name, s in result.shown}
    star = " *" if ascii_mode(con) else " ★"
    for name, score in result.scores:
        mark = ""
        if name == result.caller:
            mark += " (called)"
        if name == result.winner:
            mark += star
        charged = "—" if name == result.winner and result.zero_sum \
            else str(charges[name])
        table.add_row(escape(name) + mark, cards(shown.get(name, "")),
                      str(values[name]),
                      charged, colour(score, result.score_kind))
    con.print(table)
