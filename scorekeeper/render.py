"""Rich rendering for people. Imported only when a human reads the output.

The session views (standings, history), the profiles table, the verdict of
a `check`, and the pieces every game's ruling uses (title, colours, the
explanation lines). Each game renders its own ruling table in its folder.
"""

from __future__ import annotations

import io
import os
import sys
from typing import (TYPE_CHECKING, AbstractSet as Set, Any, Callable, Mapping,
                    NamedTuple, Sequence, TextIO, TypeVar, cast)

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.highlighter import RegexHighlighter
from rich.markup import escape
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from rich.theme import Theme

from scorekeeper.errors import cite
from scorekeeper.streams import asciify, closed
from scorekeeper.words import plural

if TYPE_CHECKING:
    from scorekeeper.ruling import Ruling
    from scorekeeper.session import AnyGame, Ruled, Session

T = TypeVar("T")
SPARKS = "▁▂▃▄▅▆▇█"
ASCII_SPARKS = "_.-:=+*#"


class _AsciiWriter(io.TextIOBase):
    """A text stream writing what it is given in ASCII (`--ascii`)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(asciify(text))

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()


class _Suits(RegexHighlighter):
    """Hearts and diamonds red; spades and clubs as the text is."""

    base_style = "suit."
    highlights = [r"(?P<red>[♥♦♡♢])"]


SUITS = _Suits()
_THEME = Theme({"suit.red": "red"})


def cards(text: str) -> Text:
    """Card text for a table cell, with red hearts and diamonds."""
    return SUITS(Text(text))


def make_console(ascii: bool = False, stderr: bool = False) -> Console:
    stream: TextIO = sys.stderr if stderr else sys.stdout
    con = Console(file=cast(TextIO, _AsciiWriter(stream)) if ascii else stream,
                  highlight=False, emoji=False, safe_box=ascii, theme=_THEME,
                  # NO_COLOR: no colour and no other styling either (rich
                  # alone keeps bold).
                  color_system=None if os.environ.get("NO_COLOR") else "auto")
    setattr(con, "ascii_mode", ascii)
    con.on_broken_pipe = _broken_pipe  # type: ignore[method-assign]
    return con


def _broken_pipe() -> None:
    # rich's own answer ends the process with exit 1; a closed pipe is the
    # reader's choice (see scorekeeper.streams)
    raise closed()


def ascii_mode(con: Console) -> bool:
    return bool(getattr(con, "ascii_mode", False))


def arrow(con: Console) -> str:
    """"→" inside a table cell: in ASCII mode "->" already, because rich
    measures a cell before the output is made ASCII ("→" is one column,
    "->" two)."""
    return "->" if ascii_mode(con) else "→"


def table_box(con: Console) -> box.Box:
    return box.ASCII if ascii_mode(con) else box.SIMPLE_HEAVY


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def colour(n: int, lower_is_better: bool = False) -> str:
    good = n < 0 if lower_is_better else n > 0
    bad = n > 0 if lower_is_better else n < 0
    text = _signed(n)
    return f"[green]{text}[/]" if good else f"[red]{text}[/]" if bad else text


# -- the pieces of every game's ruling -------------------------------------------

def title(hand_number: int | None, dealer: str) -> str:
    """A ruling's title; names are escaped wherever rich reads markup."""
    return (f"Hand {hand_number}" if hand_number else "Ruling") + \
        f" — dealer {escape(dealer)}"


def wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    """`text` in lines of at most `width` terminal columns (a wide
    character, an emoji or a CJK letter, takes two), broken at spaces, a
    word longer than a line cut; `first` starts the first line, `rest` the
    others."""
    lines: list[str] = []
    line, used, empty = first, cell_len(first), True
    for word in text.split():
        size = cell_len(word)
        if not empty and used + 1 + size <= width:
            line, used = f"{line} {word}", used + 1 + size
            continue
        if not empty:
            lines.append(line)
            line, used = rest, cell_len(rest)
        while used + size > width and len(word) > 1:   # too long for any line
            cut = _fitting_prefix(word, width - used)
            lines.append(line + cut)
            word = word[len(cut):]
            line, used, size = rest, cell_len(rest), cell_len(word)
        line, used, empty = line + word, used + size, False
    lines.append(line)
    return lines


def _fitting_prefix(word: str, room: int) -> str:
    """The longest start of `word` within `room` columns (one character at
    least)."""
    taken = 0
    for i, ch in enumerate(word):
        taken += cell_len(ch)
        if taken > room:
            return word[:max(1, i)]
    return word


def hanging(con: Console, line: str, first: str = "  ", rest: str = "      ",
            style: str = "") -> None:
    """One line of text wrapped to the terminal with a hanging indent."""
    for piece in wrap(line, max(20, con.width), first, rest):
        con.print(SUITS(Text(piece, style=style)), soft_wrap=True)


def explanation(con: Console, lines: Sequence[str], rules: Sequence[str]) -> None:
    for line in lines:
        hanging(con, line)
    hanging(con, f"Rules: {', '.join(rules)}")


def ruling(con: Console, game: AnyGame, result: Any, hand_number: int | None,
           dealer: str, lines: Sequence[str], rules: Sequence[str]) -> None:
    """A ruling as every command shows it: the game's table, then why."""
    game.render_ruling(con, result, hand_number, dealer)
    explanation(con, lines, rules)


def ruled(con: Console, session: Session, hand: Ruled) -> None:
    ruling(con, session.game, hand.result, hand.number, hand.table.dealer,
           hand.explanation, hand.rules)


# -- session views -------------------------------------------------------------

def not_as_stored(con: Console, session: Session, stored: Any) -> None:
    """Above the ruling of a hand that does not verify: what it stores."""
    scores = ", ".join(f"{p} {_signed(v)}" for p, v in stored.scores.items())
    hanging(con, f"Hand {stored.number} does not verify: the ledger stores "
                 f"{session.score_key} {scores}. Below is the ruling its stored "
                 f"inputs give now; `scorekeeper amend {session.label} "
                 f"{stored.number}` or `verify --fix` stores it.", "  ", "  ", "red")


def standings(con: Console, session: Session, stale: bool = False) -> None:
    """Places and totals; `stale`: the ledger does not verify (the totals
    are shown as stored, and marked)."""
    data = session.standings_json()
    lower = session.rules.lower_is_better
    played, planned = data["hands_played"], data["hands_planned"]
    heading = (f"{session.game.title} ({session.profile.name}) — "
               + (f"{played}/{plural(planned, 'hand')}" if planned
                  and played <= planned else plural(played, "hand")
                  + (f" ({planned} planned)" if planned else "")))
    table = Table(title=heading, box=table_box(con), min_width=len(heading) + 4)
    table.add_column("Place", justify="right")
    table.add_column("Player", overflow="fold")
    table.add_column("Points" if lower else "Total", justify="right")
    eliminated = set(data.get("eliminated", []))
    for name in sorted(session.players, key=lambda p: (data["places"][p],
                                                         session.players.index(p))):
        label = escape(name) + ("  (out)" if name in eliminated else "")
        table.add_row(str(data["places"][name]), label,
                      str(data["totals"][name]) if lower
                      else colour(data["totals"][name]))
    con.print(table)
    if stale:
        con.print("  [red]Totals as stored[/]: see the warnings.")
    if data.get("unbalanced_hands"):
        unbalanced = data["unbalanced_hands"]
        con.print(f"  [red]Warning[/]: {'hand' if len(unbalanced) == 1 else 'hands'} "
                  f"{', '.join(map(str, unbalanced))} "
                  f"{'does' if len(unbalanced) == 1 else 'do'} not sum to 0; run "
                  "`scorekeeper verify`.")
    if data["complete"]:
        winners = [p for p, pl in data["places"].items() if pl == 1]
        con.print(f"  Session complete. Winner: {' and '.join(winners)}.",
                  markup=False)
    else:
        con.print(f"  Next dealer: {data['next_dealer']}", markup=False)


def totals_moved(con: Console, players: Sequence[str], before: Mapping[str, int],
                 after: Mapping[str, int]) -> None:
    """Each player's total before → after a change (amend)."""
    con.print("  Totals:", markup=False)
    width = max(len(p) for p in players)
    for p in players:
        change = after[p] - before[p]
        con.print(f"  {p:<{width}}  {before[p]:>5} → {after[p]:<5}"
                  + (f" ({change:+d})" if change else ""), markup=False)


def sparkline(values: list[int], ascii: bool = False, width: int = 60,
              lo: int | None = None, hi: int | None = None) -> str:
    chars = ASCII_SPARKS if ascii else SPARKS
    if not values:
        return ""
    lo = min(values) if lo is None else lo
    hi = max(values) if hi is None else hi
    if len(values) > width:
        # One character per bucket of hands: the running total at its end.
        values = [values[min(len(values) - 1, (i + 1) * len(values) // width - 1)]
                  for i in range(width)]
    if hi == lo:
        return chars[len(chars) // 2] * len(values)
    step = (hi - lo) / (len(chars) - 1)
    return "".join(chars[round((v - lo) / step)] for v in values)


def abbreviations(names: Sequence[str], longest: int = 6) -> dict[str, str]:
    """Each name cut to its shortest prefix (3 letters at least, `longest`
    at most) that no other name shares, case aside; a name that fits stays."""
    out: dict[str, str] = {}
    for name in names:
        if len(name) <= longest:
            out[name] = name
            continue
        size = 3
        while size < min(longest, len(name)) and any(
                other != name and other.casefold().startswith(name[:size].casefold())
                for other in names):
            size += 1
        out[name] = name[:size]
    if len(set(a.casefold() for a in out.values())) < len(out):
        out = {name: f"P{i + 1}" for i, name in enumerate(names)}   # a last resort
    return out


class _Layout(NamedTuple):
    story_in_table: bool             # "What happened" as a column
    names: Mapping[str, str] | None  # abbreviated names (a legend below)
    stacked: bool                    # each total under its change
    seats: bool                      # the Dealer and Winner columns


def fits(con: Console, renderable: Any) -> bool:
    """Whether `renderable` (a table) fits the terminal uncut."""
    wide = con.options.update(max_width=10_000)
    return Measurement.get(con, wide, renderable).maximum <= con.width


def split_to_fit(items: Sequence[T], fit: Callable[[list[T]], bool]) -> list[list[T]]:
    """`items` in order, in as few groups as `fit` allows (one item alone
    is a group even if it does not fit)."""
    groups: list[list[T]] = [[]]
    for item in items:
        if groups[-1] and not fit([*groups[-1], item]):
            groups.append([])
        groups[-1].append(item)
    return groups


def legend(con: Console, names: Mapping[str, str]) -> None:
    """Which abbreviation is who, for the names that are abbreviated."""
    said = [f"{a} = {p}" for p, a in names.items() if a != p]
    if said:
        hanging(con, "Names: " + ", ".join(said), "  ", "    ")


def history(con: Console, session: Session, last: int | None = None,
            stale: Set[int | None] = frozenset()) -> None:
    """Every hand (the last `last`); hands in `stale` disagree with their
    inputs and are marked `!`. Where the table would not fit the terminal,
    names are abbreviated (a legend says which is who), what happened is
    told below it, and at last the players are split over several tables."""
    data = session.history_json()
    rows = data["hands"]
    shown = rows if last is None or len(rows) <= last else rows[-last:]
    short = abbreviations(session.players)
    # The first layout that fits, from everything in one table on.
    layouts = (_Layout(True, None, False, True), _Layout(False, None, False, True),
               _Layout(False, short, False, True), _Layout(False, short, True, True),
               _Layout(False, short, True, False))
    for layout in layouts:
        tables = _history_tables(con, session, data, shown, stale, layout)
        if tables:
            break
    for table in tables:
        con.print(table)
    _history_notes(con, session, shown, layout)
    if len(shown) < len(rows):
        con.print(f"  (the last {len(shown)} of {len(rows)} hands; --all shows "
                  "every hand, --json gives them all)", markup=False)
    if data["hands"]:
        _sparklines(con, session, data, layout.names is not None)
    else:
        con.print("  No hands recorded yet.", markup=False)


def _history_tables(con: Console, session: Session, data: Mapping[str, Any],
                    shown: Sequence[Mapping[str, Any]], stale: Set[int | None],
                    layout: _Layout) -> list[Table]:
    """The history in `layout`: one table if it fits; in the last layout,
    as many tables as the players need; else none."""
    def table(players: Sequence[str]) -> Table:
        return _history_table(con, session, data, shown, stale, layout, players)

    whole = table(session.players)
    if fits(con, whole):
        return [whole]
    if layout.seats:
        return []
    return [table(group) for group in
            split_to_fit(session.players, lambda group: fits(con, table(group)))]


def _history_notes(con: Console, session: Session,
                   shown: Sequence[Mapping[str, Any]], layout: _Layout) -> None:
    """What the table left out: the story of each hand, the legend."""
    names = layout.names or {}
    if not layout.story_in_table:
        for row in shown:
            seats = "" if layout.seats else (
                f"dealer {names.get(row['dealer'], row['dealer'])}, won by "
                f"{names.get(row['winner'], row['winner']) or 'nobody'}; ")
            hanging(con, f"{row['hand']}: {seats}{session.story(row)}", "  ", "     ")
    legend(con, names)
    if layout.stacked:
        hanging(con, "Each cell: the hand's score over the running total.")


def _history_table(con: Console, session: Session, data: Mapping[str, Any],
                   shown: Sequence[Mapping[str, Any]], stale: Set[int | None],
                   layout: _Layout, players: Sequence[str]) -> Table:
    key, lower = data["score"], session.rules.lower_is_better
    names = layout.names or {p: p for p in session.players}
    table = Table(title=f"History — {escape(session.label)}", box=table_box(con))
    table.add_column("Hand", justify="right", no_wrap=True)
    if layout.seats:
        table.add_column("Dealer")
        table.add_column("Winner")
    if layout.story_in_table:
        table.add_column("What happened")
    for p in players:
        table.add_column(escape(names[p]), justify="right", no_wrap=True)
    between = "\n" if layout.stacked else f" {arrow(con)} "
    for row in shown:
        cells = [f"{colour(row[key][p], lower)}{between}{row['totals'][p]}"
                 if p in row[key] else "out" for p in players]
        winner = names.get(row["winner"], row["winner"]) if row["winner"] else "—"
        seats = [escape(names.get(row["dealer"], row["dealer"])), escape(winner)] \
            if layout.seats else []
        story = [escape(session.story(row))] if layout.story_in_table else []
        table.add_row(str(row["hand"]) + ("!" if row["hand"] in stale else ""),
                      *seats, *story, *cells)
    return table


def _sparklines(con: Console, session: Session, data: Mapping[str, Any],
                named: bool) -> None:
    """A line per player; names too long for the terminal abbreviated (with
    a legend unless the table above gave one: `named`)."""
    con.print("  How the totals moved:", markup=False)
    label = {p: p for p in session.players}
    if max(map(len, label.values())) + 24 > con.width:
        label = abbreviations(session.players)
        if not named:
            legend(con, label)
    width = max(len(p) for p in label.values())
    series = {p: [0] + [row["totals"][p] for row in data["hands"]]
              for p in session.players}
    # One scale for everyone, so that the lines compare.
    lo = min(min(s) for s in series.values())
    hi = max(max(s) for s in series.values())
    spark_width = max(10, min(60, con.width - width - 14))
    for p in session.players:
        con.print(f"  {label[p]:<{width}}  "
                  f"{sparkline(series[p], ascii_mode(con), spark_width, lo, hi)}  "
                  f"{series[p][-1]:>+5d}", markup=False)


# -- checks ---------------------------------------------------------------------

def verdict(con: Console, ruling: Ruling, head: str, lines: Sequence[str]) -> None:
    """A `check`'s answer: the verdict, the reason and rule, then details,
    each wrapped to the terminal with a hanging indent."""
    said = f"{head}: " + cite(ruling.reason, ruling.rule)
    for i, piece in enumerate(wrap(said, max(20, con.width), "", "    ")):
        text = SUITS(Text(piece))
        if i == 0:
            text.stylize("green" if ruling.valid else "red", 0, len(head))
        con.print(text, soft_wrap=True)
    for line in lines:
        indent = line[:len(line) - len(line.lstrip())]
        hanging(con, line.lstrip(), indent, indent + "    ")


def profiles(con: Console, data: list[dict[str, Any]], fmt: Callable[[Any], str]) -> None:
    table = Table(title="Profiles", box=table_box(con))
    table.add_column("Game")
    table.add_column("Profile")
    table.add_column("Options (default)")
    table.add_column("About")
    for p in data:
        opts = []
        for k, v in p["options"].items():
            choice = p["choices"].get(k)
            span = p.get("ranges", {}).get(k)
            opts.append(f"{k} = {fmt(v)}"
                        + (f"  ({'|'.join(fmt(c) for c in choice)})" if choice else "")
                        + (f"  ({span[0]}–{span[1]})" if span else ""))
        table.add_row(p["game"], p["profile"], "\n".join(opts), p["summary"])
    con.print(table)
