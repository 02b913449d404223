"""The fake game's ruling for people."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from bidtricks.game import BidResult
from bidtricks.rules import TENTHS
from scorekeeper.screen.style import colour, table_box, title


def ruling(con: Console, result: BidResult, hand_number: int | None,
           dealer: str) -> None:
    table = Table(title=title(hand_number, dealer), box=table_box(con))
    for column in ("Player", "Bid", "Tricks", "Points"):
        table.add_column(column)
    for name, score in result.scores:
        table.add_row(name, str(dict(result.bid)[name]),
                      str(dict(result.tricks)[name]), colour(score, TENTHS))
    con.print(table)
