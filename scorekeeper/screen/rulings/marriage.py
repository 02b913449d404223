"""A Marriage ruling for people: who saw (and how), maal (as shown → as it
counts, when the mode changed it), fees and payments (the shell prints the
explanation below it: T + w − n·S, and pair by pair).

The table fits the terminal from 40 columns up (docs/CLI.md, "Narrow
terminals"): first as it reads best; then with the headings over two lines
and "(finished)" under the name; then with short headings and a star for the finisher (a key below
says what they are) and no outer frame; at last with the names shortened
as little as fits, a legend below saying who is who. A name is never
broken across lines."""

from __future__ import annotations

from typing import Callable, Mapping

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from scorekeeper.core.language import N_, _, digits, pgettext
from scorekeeper.games.marriage.engine import MarriageResult
from scorekeeper.screen.style import (
    arrow,
    ascii_mode,
    colour,
    first_fitting,
    hanging,
    legend,
    table_box,
    title,
)

_HEADINGS = ((N_("Saw tiplu"), N_("Maal"), N_("Fee w"), N_("Pays finisher"), N_("Net")),
             (N_("Saw\ntiplu"), N_("Maal"), N_("Fee\nw"), N_("Pays\nfinisher"),
              N_("Net")),
             (N_("Saw"), N_("Maal"), N_("Fee"), N_("Pays"), N_("Net")))
_KEY = N_("{star} finished; Saw: saw the tiplu; Fee: the fee w; Pays: pays the "
          "finisher.")


def ruling(con: Console, result: MarriageResult, hand_number: int | None,
           dealer: str) -> None:
    players = [name for name, _ in result.scores]
    layouts = [_layout(con, result, hand_number, dealer, i) for i in range(3)]
    table, chosen, names = first_fitting(con, players, layouts)
    con.print(table)
    if chosen == 2:
        hanging(con, _(_KEY).format(star=_star(con)), "  ", "    ")
    legend(con, names)


def _star(con: Console) -> str:
    return "*" if ascii_mode(con) else "★"


def _layout(con: Console, result: MarriageResult, hand_number: int | None,
            dealer: str, step: int) -> Callable[[Mapping[str, str]], Table]:
    """The table with `names`, in the `step`-th layout (0: as it reads
    best; 1: headings over two lines, marks under the names; 2: short
    headings, no outer frame)."""
    payments = {p.rival: p for p in result.settlement.payments}
    maal, shown = dict(result.maal_totals()), dict(result.maal_shown())
    narrow = step == 2

    def build(names: Mapping[str, str]) -> Table:
        table = Table(title=title(hand_number, names.get(dealer, dealer)),
                      box=table_box(con), show_edge=not narrow, pad_edge=not narrow,
                      collapse_padding=narrow)
        table.add_column(_("Player"), no_wrap=True)
        for head in _HEADINGS[step]:
            table.add_column(_(head), justify="right", no_wrap=True)
        for name, net in result.scores:
            pay = payments.get(name)
            mark = "" if name != result.finisher else " " + _star(con) \
                if narrow else ("\n" if step else " ") + _("(finished)")
            table.add_row(
                escape(names[name]) + mark,
                # "yes": the tiplu seen (a check's "yes" is another word)
                pgettext("saw the tiplu", "yes") if name in result.seen else
                (_("dublees") if narrow else _("7 dublees"))
                if name in result.seen_dublees else pgettext("saw the tiplu", "no"),
                digits(maal[name]) if maal[name] == shown[name]
                else f"{digits(shown[name])} {arrow(con)} {digits(maal[name])}",
                digits(pay.fee) if pay else "—",
                digits(pay.amount) if pay else "—",
                colour(net))
        return table

    return build
