"""A Dhumbal ruling for people: the table of hands (the shell prints the
explanation below it).

The table fits the terminal from 40 columns up (docs/CLI.md, "Narrow
terminals"): first with every mark beside the name ("Chandra (called) ★"),
then with the marks short ("Chandra (c)★", a key below the table: a mark
on a line of its own read as another row) and a narrower frame, and at
last with the names shortened as little as fits, a legend below saying who
is who. A name is never broken across lines."""

from __future__ import annotations

from typing import Callable, Mapping

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from scorekeeper.core.language import N_, _, digits
from scorekeeper.games.dhumbal.engine import DhumbalResult
from scorekeeper.screen.style import (
    ascii_mode,
    cards,
    colour,
    first_fitting,
    hanging,
    legend,
    table_box,
    title,
)


def ruling(con: Console, result: DhumbalResult, hand_number: int | None,
           dealer: str) -> None:
    players = [name for name, _ in result.scores]
    layouts = [_layout(con, result, hand_number, dealer, short, narrow)
               for short, narrow in ((False, False), (True, False), (True, True))]
    table, layout, names = first_fitting(con, players, layouts)
    con.print(table)
    key = [text for text, on in (
        (_("{mark} called").format(mark=_(CALLED_SHORT)), result.caller),
        (_("{mark} won the hand").format(mark=_star(con)), result.winner)) if on]
    if layout > 0 and key:
        hanging(con, ", ".join(key))
    legend(con, names)


CALLED_SHORT = N_("(c)")
CALLED = N_("(called)")
# the heading of the scores' column, by the score kind's key
SCORE_HEADINGS = {"net": N_("Net"), "points": N_("Points")}


def _star(con: Console) -> str:
    return "*" if ascii_mode(con) else "★"


def _layout(con: Console, result: DhumbalResult, hand_number: int | None,
            dealer: str, short: bool, narrow: bool
            ) -> Callable[[Mapping[str, str]], Table]:
    """The table with `names`: marks short (`short`), no outer frame
    (`narrow`)."""
    kind = result.score_kind.key
    key = _(SCORE_HEADINGS[kind]) if kind in SCORE_HEADINGS else kind.capitalize()
    values = dict(result.values)
    charges = dict(result.charges)
    # card text as it is; an agreed total is a number, in the reader's digits
    shown = {name: s.text() if s.cards is not None else digits(s.text())
             for name, s in result.shown}
    star = _star(con)

    def build(names: Mapping[str, str]) -> Table:
        table = Table(title=title(hand_number, names.get(dealer, dealer)),
                      box=table_box(con), show_edge=not narrow, pad_edge=not narrow,
                      collapse_padding=narrow)
        table.add_column(_("Player"), no_wrap=True)
        table.add_column(_("Shown"))
        for head in (_("Value"), _("Charged"), key):
            table.add_column(head, justify="right", no_wrap=True)
        for name, score in result.scores:
            marks = [m for m, on in ((_(CALLED_SHORT) if short else _(CALLED),
                                      name == result.caller),
                                     (star, name == result.winner)) if on]
            label = escape(names[name]) + (
                " " + ("" if short else " ").join(marks) if marks else "")
            charged = "—" if name == result.winner and result.zero_sum \
                else digits(charges[name])
            table.add_row(label, cards(shown.get(name, "")), digits(values[name]),
                          charged, colour(score, result.score_kind))
        return table

    return build
