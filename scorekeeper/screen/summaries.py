"""After the night, for people (rich): settle-up's transfers, the tables of
`stats`, and the rule book rendered from its Markdown (through a pager
when it is taller than the terminal).

Imported only when a person reads the output. Every name from a ledger is
printed as typed: escaped wherever it meets rich markup.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from typing import TYPE_CHECKING, Mapping, Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from scorekeeper.core.language import _, digits, ngettext, say
from scorekeeper.core.scores import NET, ScoreKind
from scorekeeper.reports.money import Money
from scorekeeper.reports.settle_up import Transfer
from scorekeeper.screen.money import money_cell, money_notes, money_rate
from scorekeeper.screen.style import (
    abbreviations,
    colour,
    first_fitting,
    fits,
    fitted_names,
    game_title,
    hanging,
    legend,
    split_to_fit,
    table_box,
)

if TYPE_CHECKING:
    from scorekeeper.reports.stats import GameStats, PlayerStats

# -- settle-up -------------------------------------------------------------------


def settle_up(con: Console, heading: str, balances: Mapping[str, int],
              transfers: Sequence[Transfer], kind: ScoreKind = NET,
              money: Money | None = None) -> None:
    """Each balance (and its money), the fewest transfers, and with money
    the transfers in money and what was rounded."""
    con.print(heading, markup=False)

    def table(names: Mapping[str, str]) -> Table:
        table = Table(box=table_box(con))
        table.add_column(_("Player"), no_wrap=True)
        table.add_column(_("Balance"), justify="right", no_wrap=True)
        if money:
            table.add_column(_("Money"), justify="right", no_wrap=True)
        for name, value in balances.items():
            table.add_row(escape(names[name]), colour(value, kind),
                          *([money_cell(money, name)] if money else []))
        return table

    shown, _fitted, names = first_fitting(con, list(balances), [table])
    con.print(shown)
    legend(con, names)
    if not transfers:
        con.print("  " + _("Everyone is square: nobody gives anything."), markup=False)
        return
    for t in transfers:
        hanging(con, _gives(t, digits(kind.display(t.points))), "  ", "      ")
    _fewest(con, len(transfers))
    if money:
        hanging(con, _("In money, at {rate}:").format(rate=money_rate(money)), "  ", "    ")
        for t in money.transfers:
            hanging(con, _gives(t, digits(money.display(t.points))), "  ", "      ")
        money_notes(con, money)


def _gives(t: Transfer, amount: str) -> str:
    return _("{giver} gives {receiver} {amount}").format(
        giver=t.giver, receiver=t.receiver, amount=amount)


def _fewest(con: Console, n: int) -> None:
    hanging(con, ngettext("{count} transfer squares everyone (the fewest possible).",
                          "{count} transfers square everyone (the fewest possible).",
                          n).format(count=digits(n)), "  ", "    ")


def settle_up_money(con: Console, heading: str, money: Money) -> None:
    """Sessions settled each at its own rate: each player's money and the
    fewest transfers in money (their points, at different stakes, are not
    added up)."""
    con.print(heading, markup=False)
    hanging(con, _("In money, {rates}:").format(rates=money_rate(money)), "", "  ")

    def table(names: Mapping[str, str]) -> Table:
        table = Table(box=table_box(con))
        table.add_column(_("Player"), no_wrap=True)
        table.add_column(_("Money"), justify="right", no_wrap=True)
        for name in money.balances:
            table.add_row(escape(names[name]), money_cell(money, name))
        return table

    shown, _fitted, names = first_fitting(con, list(money.balances), [table])
    con.print(shown)
    legend(con, names)
    if not money.transfers:
        con.print("  " + _("Everyone is square: nobody gives anything."), markup=False)
        return
    for t in money.transfers:
        hanging(con, _gives(t, digits(money.display(t.points))), "  ", "      ")
    _fewest(con, len(money.transfers))
    money_notes(con, money)


# -- stats -----------------------------------------------------------------------

def _rows(g: GameStats, players: Sequence[PlayerStats], compact: bool
          ) -> list[tuple[str, list[str]]]:
    # start-up: settle-up, which draws with this module too, never loads the stats
    from scorekeeper.reports.stats import rate, reading

    kind = g.kind

    def signed(v: int | None) -> str:
        if v is None:
            return "—"
        # penalty points read plainly: any is bad, the fewest least
        return colour(v, kind) if kind.higher_is_better else digits(kind.display(v))

    def average(p: PlayerStats) -> str:
        a = p.average
        if a is None:
            return "—"
        text = digits(kind.mean(a))
        return "+" + text if kind.higher_is_better and a >= 0 else text

    return [
        (_("sessions"), [digits(p.sessions) for p in players]),
        (_("hands"), [digits(p.hands) for p in players]),
        (_("hands won"), [say(rate(p.won, p.hands, compact)) for p in players]),
        (_("total"), [signed(p.total) for p in players]),
        (_("average a hand"), [average(p) for p in players]),
        (_("best hand"), [signed(p.best) for p in players]),
        (_("worst hand"), [signed(p.worst) for p in players]),
        (_("1st place"), [say(rate(p.first, p.sessions, compact)) for p in players]),
        # the game's own counters: their labels marked where the game names them
        *((escape(_(t.label)), [say(reading(t, p, compact)) for p in players])
          for t in g.tallies),
    ]


def _stats_table(con: Console, g: GameStats, players: Sequence[PlayerStats],
                 compact: bool, names: Mapping[str, str]) -> Table:
    table = Table(box=table_box(con), pad_edge=False)
    table.add_column("", no_wrap=True)
    for p in players:
        table.add_column(escape(names[p.name]), justify="right", no_wrap=True)
    for label, cells in _rows(g, players, compact):
        table.add_row(label, *cells)
    return table


def _fitting(con: Console, g: GameStats) -> tuple[list[Table], bool, dict[str, str]]:
    """The first layout that fits the terminal: rates in words; rates in
    figures; names abbreviated too; then the players split over several
    tables."""
    players = [p.name for p in g.players]
    full = {name: name for name in players}
    for compact in (False, True):
        table = _stats_table(con, g, g.players, compact, full)
        if fits(con, table):
            return [table], compact, full
    names = fitted_names(players, lambda names: fits(
        con, _stats_table(con, g, g.players, True, names)))
    table = _stats_table(con, g, g.players, True, names)
    if fits(con, table):
        return [table], True, names
    short = abbreviations(players, longest=8)
    groups = split_to_fit(g.players, lambda group: fits(
        con, _stats_table(con, g, group, True, short)))
    return [_stats_table(con, g, group, True, short) for group in groups], True, short


def stats(con: Console, groups: Sequence[GameStats]) -> None:
    """One table per game: a row per figure, a column per player (as many
    tables as the terminal's width needs)."""
    for g in groups:
        n = g.sessions
        said = {"title": game_title(g.title), "count": digits(n)}
        if g.kind.transfers:
            heading = ngettext("{title} — {count} session (net)",
                               "{title} — {count} sessions (net)", n)
        elif g.kind.higher_is_better:
            heading = ngettext("{title} — {count} session (points, higher is better)",
                               "{title} — {count} sessions (points, higher is better)", n)
        else:
            heading = ngettext(
                "{title} — {count} session (penalty points, lower is better)",
                "{title} — {count} sessions (penalty points, lower is better)", n)
        con.print(heading.format(**said), markup=False)
        tables, compact, names = _fitting(con, g)
        for table in tables:
            con.print(table)
        if compact:
            hanging(con, _("A rate is how many of how many, then the percentage; (N) is "
                           "how many hands an average is over.")
                    if any(t.kind == "mean" for t in g.tallies) else
                    _("A rate is how many of how many, then the percentage."),
                    "  ", "    ")
        legend(con, names)
        if compact or any(a != p for p, a in names.items()):
            con.print()         # a blank line after the notes


# -- the rule book ------------------------------------------------------------------

_BULLET = re.compile(r"^(\s*)[-*] ")


def strict_markdown(text: str) -> str:
    """The rule book as a Markdown renderer should read it: text written
    under a bullet less indented than the bullet's own text is a paragraph
    of the item above (or, at the margin, after the list), not more of the
    bullet (a blank line says so); a table ends before the text after it."""
    out: list[str] = []
    inner = 0         # where the text of the innermost bullet starts
    for line in text.splitlines():
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        bullet = _BULLET.match(line)
        previous = out[-1].strip() if out else ""
        if bullet:
            inner = len(bullet.group(1)) + 2
        elif stripped and not stripped.startswith("|"):
            if previous and (previous.startswith("|") or indent < inner):
                out.append("")
            inner = min(inner, indent)
        out.append(line)
    return "\n".join(out)


def markdown(con: Console, text: str) -> None:
    # start-up: only the rule book loads rich's Markdown (markdown-it, pygments)
    from rich.markdown import Markdown

    con.print(Markdown(strict_markdown(text)))


def should_page(is_terminal: bool, lines: int, height: int) -> bool:
    """A pager only on a terminal, and only for text taller than it."""
    return is_terminal and lines > height


def page(text: str) -> None:
    """Show `text` (with its colours) through $PAGER, or `less -R`; if no
    pager can run, write it out."""
    command = shlex.split(os.environ.get("PAGER") or "less")
    env = dict(os.environ)
    env.setdefault("LESS", "-R")       # keep the colours, as git does
    try:
        subprocess.run(command, input=text.encode("utf-8", "replace"),
                       env=env, check=False)
    except (OSError, ValueError):
        sys.stdout.write(text)


def rules(con: Console, text: str, is_terminal: bool) -> None:
    """Rendered Markdown; through a pager when taller than the terminal."""
    with con.capture() as captured:
        markdown(con, text)
    shown = captured.get()
    if should_page(is_terminal, shown.count("\n"), con.size.height):
        page(shown)
    else:
        con.file.write(shown)
        con.file.flush()

