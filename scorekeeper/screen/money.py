"""Money for people (rich): a balance's cell, the rate, and the note of
what was rounded — shared by `settle-up` and `standings`."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from scorekeeper.core.language import _, digits, say
from scorekeeper.reports.money import Money
from scorekeeper.screen.style import hanging


def money_cell(money: Money, name: str) -> str:
    units = money.balances[name]
    text = escape(digits(money.display(units, signed=True)))
    return f"[good]{text}[/]" if units > 0 else f"[bad]{text}[/]" if units < 0 \
        else text


def money_rate(money: Money) -> str:
    """"Rs 10 a point (NPR)" (the code too where the symbol is not it)."""
    return say(money.rate_said())


def money_notes(con: Console, money: Money) -> None:
    """What the money rounded, and how it still adds up."""
    if not money.rounded:
        return
    unit = digits(money.display(1))
    hanging(con, _("Rounded to {unit}: {rounded} (the largest fractions rounded up: the "
                   "money still adds up to {zero}, each within {unit} of the exact "
                   "amount).").format(unit=unit, rounded=say(money.rounded_said()),
                                      zero=digits(0)), "  ", "    ")
