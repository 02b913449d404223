"""A Call Break deal for people: each player's call, tricks and points (the
shell prints the explanation below it)."""

from __future__ import annotations

from typing import Mapping

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from scorekeeper.core.language import _, digits
from scorekeeper.games.callbreak.engine import CallBreakResult
from scorekeeper.screen.style import (
    ascii_mode,
    colour,
    first_fitting,
    legend,
    table_box,
    title,
)


def ruling(con: Console, result: CallBreakResult, hand_number: int | None,
           dealer: str) -> None:
    """The table fits the terminal from 40 columns up: a name is never
    broken; where the whole names do not fit they are shortened as little
    as fits, a legend below saying who is who (docs/CLI.md)."""
    calls, tricks = dict(result.calls), dict(result.tricks)
    star = " *" if ascii_mode(con) else " ★"

    def build(names: Mapping[str, str]) -> Table:
        table = Table(title=title(hand_number, names.get(dealer, dealer)),
                      box=table_box(con))
        table.add_column(_("Player"), no_wrap=True)
        for head in (_("Call"), _("Took"), _("Points")):
            table.add_column(head, justify="right", no_wrap=True)
        for name, tenths in result.scores:
            mark = star if name == result.winner else ""
            table.add_row(escape(names[name]) + mark, digits(calls[name]),
                          digits(tricks[name]), colour(tenths, result.kind))
        return table

    table, _built, names = first_fitting(con, list(dict(result.scores)), [build])
    con.print(table)
    legend(con, names)
