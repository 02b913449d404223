"""A Marriage ruling for people: who saw (and how), maal (as shown → as it
counts, when the mode changed it), fees and payments (the shell prints the
explanation below it: T + w − n·S, and pair by pair)."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from scorekeeper.games.marriage.engine import MarriageResult
from scorekeeper.screen.style import arrow, colour, table_box, title


def ruling(con: Console, result: MarriageResult, hand_number: int | None,
           dealer: str) -> None:
    table = Table(title=title(hand_number, dealer), box=table_box(con))
    for col in ("Player", "Saw tiplu", "Maal", "Fee w", "Pays finisher", "Net"):
        table.add_column(col, justify="left" if col == "Player" else "right",
                         overflow="fold" if col == "Player" else "ellipsis")
    payments = {p.rival: p for p in result.settlement.payments}
    maal, shown = dict(result.maal_totals()), dict(result.maal_shown())
    for name, net in result.scores:
        pay = payments.get(name)
        table.add_row(
            escape(name) + (" (finished)" if name == result.finisher else ""),
            "yes" if name in result.seen else
            "7 dublees" if name in result.seen_dublees else "no",
            str(maal[name]) if maal[name] == shown[name]
            else f"{shown[name]} {arrow(con)} {maal[name]}",
            str(pay.fee) if pay else "—",
            str(pay.amount) if pay else "—",
            colour(net))
    con.print(table)
