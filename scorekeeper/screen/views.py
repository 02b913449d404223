"""Rich views of a session for people: the ruling of a hand, standings,
history, the verdict of a `check`, the profiles table. Imported only when
a human reads the output."""


from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Iterator,
    Mapping,
    NamedTuple,
    Sequence,
    cast,
)
from typing import AbstractSet as Set

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.control import strip_control_codes
from rich.markup import escape
from rich.padding import Padding
from rich.segment import Segment, Segments
from rich.style import Style
from rich.table import Table
from rich.text import Text

from scorekeeper.core.errors import cite
from scorekeeper.core.language import Said, _, date, digits, ngettext, profile_title, say
from scorekeeper.core.numbers import listed
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.scores import NET, ScoreKind
from scorekeeper.reports.documents import (
    NOT_YET_SEATED,
    history_json,
    pending_said,
    standings_json,
    story_of,
)

if TYPE_CHECKING:
    from scorekeeper.core.verdict import Verdict
    from scorekeeper.games.interface import AnyGame
    from scorekeeper.reports.money import Money
    from scorekeeper.session.session import Session, SessionHand

from scorekeeper.screen import rulings
from scorekeeper.screen.style import (
    SUITS,
    abbreviations,
    arrow,
    ascii_mode,
    colour,
    explanation,
    first_fitting,
    fits,
    fitted_names,
    game_title,
    hanging,
    hanging_lines,
    legend,
    sparkline,
    split_to_fit,
    table_box,
    title,
    tone_style,
    wrap,
)


def ruling(con: Console, game: AnyGame, result: Any, hand_number: int | None,
           dealer: str, lines: Sequence[Said], rules: Sequence[str],
           kind: ScoreKind) -> None:
    """A ruling as every command shows it: why, then the game's table, so
    that the screen ends on each player's score (with the totals below it,
    where a command shows them): a Marriage explanation, pair by pair, is
    longer than a terminal of 24 lines leaves room for above a table."""
    explanation(con, lines, rules)
    ruling_table(con, game, result, hand_number, dealer, kind)


def ruling_table(con: Console, game: AnyGame, result: Any,
                 hand_number: int | None, dealer: str, kind: ScoreKind) -> None:
    """The table of a ruling: the game's own, `screen/rulings/<name>.py`
    (found by the game's name: the game never imports the screen), else
    each player's score as the game's kind shows it (a new game starts
    with this one)."""
    own = f"{rulings.__name__}.{game.name}"
    if find_spec(own) is not None:
        import_module(own).ruling(con, result, hand_number, dealer)
        return
    star = " *" if ascii_mode(con) else " ★"
    heading = _("Net") if kind.transfers else _("Points")

    def build(names: Mapping[str, str]) -> Table:
        table = Table(title=title(hand_number, names.get(dealer, dealer)),
                      box=table_box(con))
        table.add_column(_("Player"), no_wrap=True)
        table.add_column(heading, justify="right", no_wrap=True)
        for name, score in result.scores:
            mark = star if name == result.winner else ""
            table.add_row(escape(names[name]) + mark, colour(score, kind))
        return table

    table, _built, names = first_fitting(con, [p for p, _n in result.scores], [build])
    con.print(table)
    legend(con, names)


def ruled(con: Console, session: Session, hand: SessionHand) -> None:
    ruling(con, session.game, hand.result, hand.number, hand.table.dealer,
           hand.explanation, hand.rules, session.rules.score_kind)


# -- session views -------------------------------------------------------------

def not_as_stored(con: Console, session: Session, stored: Any) -> None:
    """Above the ruling of a hand that does not verify: what it stores."""
    signed = session.score_kind.signed
    scores = ", ".join(f"{p} {digits(signed(v))}" for p, v in stored.scores.items())
    said = _("Hand {number} does not verify: the ledger stores net {scores}. Below is "
             "the ruling its stored inputs give now; `scorekeeper amend {ledger} {hand}` "
             "or `verify --fix` stores it.") if session.score_key == "net" else \
        _("Hand {number} does not verify: the ledger stores points {scores}. Below is "
          "the ruling its stored inputs give now; `scorekeeper amend {ledger} {hand}` "
          "or `verify --fix` stores it.") if session.score_key == "points" else \
        _("Hand {number} does not verify: the ledger stores {key} {scores}. Below is "
          "the ruling its stored inputs give now; `scorekeeper amend {ledger} {hand}` "
          "or `verify --fix` stores it.")
    hanging(con, said.format(number=digits(stored.number), key=session.score_key,
                             scores=scores, ledger=session.label, hand=stored.number),
            "  ", "  ", "bad")


def house_options(con: Console, session: Session) -> None:
    """The line above a session's table naming the options it sets away
    from its profile's defaults, each with its rule; nothing if none."""
    said = session.profile.changed_text(session.rules)
    if said:
        hanging(con, _("House options: {options}").format(options=said), "  ", "    ")


def told(con: Console, data: PlainMap) -> None:
    """Under a stored hand's ruling (`show`): the date it was recorded on
    and its note, where it has them."""
    if data.get("recorded"):
        hanging(con, _("Recorded on {date}.").format(date=date(data["recorded"])))
    if data.get("note"):
        hanging(con, _("Note: {note}").format(note=data["note"]))


def _recorded_dates(con: Console, shown: Sequence[PlainMap]) -> None:
    """Above a history: the dates its hands were recorded on, the first
    and the last (nothing where no hand shown holds one)."""
    stamps = (row["recorded"] for row in shown if row["recorded"])
    earliest = next(stamps, None)
    if earliest is None:
        return
    latest = next(row["recorded"] for row in reversed(shown) if row["recorded"])
    first, last = date(earliest), date(latest)
    hanging(con, _("Recorded on {date}.").format(date=first) if first == last else
            _("Recorded from {first} to {last}.").format(first=first, last=last))


def _settled(con: Console, session: Session, data: PlainMap) -> None:
    """What `settle-up --paid` recorded, if anything."""
    if data.get("paid"):
        from scorekeeper.reports.export import settled_said  # only once a payment is

        hanging(con, settled_said(session), "  ", "    ")


def _standings_heading(session: Session, played: int, planned: int | None) -> str:
    """`Dhumbal (nepali-games) — 3/5 hands` and the like."""
    said = {"title": game_title(session.game.title), "profile": profile_title(session.profile.name),
            "played": digits(played), "planned": digits(planned or 0)}
    if planned and played <= planned:
        return ngettext("{title} ({profile}) — {played}/{planned} hand",
                        "{title} ({profile}) — {played}/{planned} hands",
                        planned).format(**said)
    if planned:
        return ngettext("{title} ({profile}) — {played} hand ({planned} planned)",
                        "{title} ({profile}) — {played} hands ({planned} planned)",
                        played).format(**said)
    return ngettext("{title} ({profile}) — {played} hand",
                    "{title} ({profile}) — {played} hands", played).format(**said)


def _names_and(names: Sequence[str]) -> str:
    """`A`, `A and B`, `A and B and C`, as a sentence lists winners."""
    return say(listed(names, " and ", each=True))


def standings(con: Console, session: Session, stale: bool = False,
              money: Money | None = None) -> None:
    """Places and totals (and each balance in `money`); `stale`: the
    ledger does not verify (the totals are shown as stored, and marked)."""
    data, kind = standings_json(session), session.score_kind
    if money:
        from scorekeeper.screen import money as paid  # start-up: only with money
    heading = _standings_heading(session, data["hands_played"], data["hands_planned"])
    house_options(con, session)
    eliminated = set(data.get("eliminated", []))
    waiting = set(session.seats.not_yet_seated(len(session.hands) + 1))   # show N
    order = sorted(session.players, key=lambda p: (data["places"][p],
                                                    session.players.index(p)))

    def table(names: Mapping[str, str]) -> Table:
        table = Table(title=heading, box=table_box(con),
                      min_width=min(cell_len(heading) + 4, con.width))
        table.add_column(_("Place"), justify="right", no_wrap=True)
        table.add_column(_("Player"), no_wrap=True)
        table.add_column(_("Total") if kind.transfers else _("Points"), justify="right",
                         no_wrap=True)
        if money:
            table.add_column(_("Money"), justify="right", no_wrap=True)
        for name in order:
            label = escape(_("{name}  (out)").format(name=names[name])
                           if name in eliminated else names[name])
            total = data["totals"][name]
            # penalty points read plainly: any total is bad, the lowest least
            table.add_row(*(NOT_YET_SEATED, label, NOT_YET_SEATED) if name in waiting
                          else (digits(data["places"][name]), label,
                                colour(total, kind) if kind.higher_is_better
                                else digits(kind.display(total))),
                          *([paid.money_cell(money, name)] if money else []))
        return table

    shown, _fitted, names = first_fitting(con, session.players, [table])
    con.print(shown)
    legend(con, names)
    if money:
        hanging(con, _("Money at {rate}; `settle-up` says who gives whom.").format(
            rate=paid.money_rate(money)), "  ", "    ")
        from scorekeeper.reports.export import why_money  # with money only

        for line in why_money(session, money):      # Call Break: not the points
            hanging(con, line, "  ", "    ")
        paid.money_notes(con, money)
    if stale:
        con.print("  " + _("[red]Totals as stored[/]: see the warnings."))
    _settled(con, session, data)
    if data.get("unbalanced_hands"):
        unbalanced = data["unbalanced_hands"]
        con.print("  " + ngettext(
            "[bad]Warning[/]: hand {hands} does not sum to {zero}; run "
            "`scorekeeper verify`.",
            "[bad]Warning[/]: hands {hands} do not sum to {zero}; run `scorekeeper verify`.",
            len(unbalanced)).format(hands=", ".join(map(digits, unbalanced)),
                                    zero=digits(0)))
    _what_next(con, session, data)


def _what_next(con: Console, session: Session, data: PlainMap) -> None:
    """Who won a complete session; the calls of a deal being played
    (CB-18); else who deals next."""
    if data["complete"]:
        winners = [p for p, pl in data["places"].items() if pl == 1]
        con.print("  " + _("Session complete. Winner: {winners}.").format(
            winners=_names_and(winners)), markup=False)
    elif session.pending is not None:
        pending(con, session)
    else:
        con.print("  " + _("Next dealer: {name}").format(name=data["next_dealer"]),
                  markup=False)


def pending(con: Console, session: Session) -> None:
    """The hand waiting for its play, if one does (CB-18): its calls."""
    said = pending_said(session)
    if said is not None:
        hanging(con, say(said), "  ", "    ")


def totals_moved(con: Console, players: Sequence[str], before: Mapping[str, int],
                 after: Mapping[str, int], kind: ScoreKind = NET,
                 heading: str | None = None) -> None:
    """Each player's total before → after a change (amend): in columns
    where they fit the terminal, else a wrapped line each; `heading`
    other than "Totals:" (a hand's scores, before amend asks)."""
    con.print("  " + (heading or _("Totals:")), markup=False)
    width = max(cell_len(p) for p in players)
    # signed as standings signs them (+69 → +66); penalty points plainly
    shown = kind.signed if kind.higher_is_better else kind.display
    for p in players:
        change = after[p] - before[p]
        moved = digits(f"{shown(before[p]):>5} → {shown(after[p]):<5}" + (
            f" ({kind.signed(change)})" if change else ""))
        if width + 4 + len(moved) <= con.width:
            con.print(f"  {p}{' ' * (width - cell_len(p))}  {moved}", markup=False)
        else:
            hanging(con, f"{p}: {' '.join(moved.split())}", "  ", "      ")


def inputs_moved(con: Console, changed: Sequence[Mapping[str, str]]) -> None:
    """The inputs an amend changed, before → after."""
    if not changed:
        con.print("  " + _("Inputs: as stored (nothing changed)"), markup=False)
        return
    con.print("  " + _("Inputs changed:"), markup=False)
    for c in changed:
        before, after = (_counts_said(c[k]) for k in ("before", "after"))
        hanging(con, f"{c['input']}: {before} → {after}")


def _counts_said(text: str) -> str:
    """An input as people read it: a count ("3", "Asha=4, Ram=2") in the
    reader's digits; cards ("10♦") and `shown:12` as typed."""
    import re  # start-up: only an amend that changed something

    return re.sub(r"(?:(?<==)|^)[+-]?\d+(?=,|$)", lambda m: digits(m.group()), text)


class _Layout(NamedTuple):
    story_in_table: bool             # "What happened" as a column
    names: Mapping[str, str] | None  # abbreviated names (a legend below)
    stacked: bool                    # each total under its change
    seats: bool                      # the Dealer and Winner columns


HISTORY_PAGE = 1000          # hands in one table of `history --all`


def history(con: Console, session: Session, last: int | None = None,
            stale: Set[int | None] = frozenset()) -> None:
    """Every hand (the last `last`); hands in `stale` disagree with their
    inputs and are marked `!`. Where the table would not fit the terminal,
    names are abbreviated (a legend says which is who), what happened is
    told below it, and at last the players are split over several tables."""
    count = len(session.hands)
    data = history_json(session, skip=0 if last is None else max(0, count - last))
    shown = data["hands"]
    # The first layout that fits, from everything in one table on: what
    # happened told below, then each total under its change; names are
    # shortened (as little as fits) only once the whole names do not.
    layouts = (_Layout(True, None, False, True), _Layout(False, None, False, True),
               _Layout(False, None, True, True), _Layout(False, {}, False, True),
               _Layout(False, {}, True, True), _Layout(False, {}, True, False))
    # Whether a layout fits is measured on the few rows that hold each
    # column's widest cell (a table is as wide as those): the same answer
    # as all the rows give, at a fraction of the cost.
    told = [say(story_of(session, row)) for row in shown]     # each hand's story, once
    probe = _widest_rows(session, data, shown, stale, told)
    for layout in layouts:
        if layout.names == {}:       # to be shortened as little as fits
            layout = _shortened(con, session, data, probe, stale, layout)
        groups = _player_groups(con, session, data, probe, stale, layout)
        if groups:
            break
    house_options(con, session)
    _recorded_dates(con, shown)
    # a long history (`--all`) a page of hands at a time: rich holds a whole
    # table while it draws it (its memory: benchmarks/README.md)
    pages = [shown[at:at + HISTORY_PAGE] for at in range(0, len(shown), HISTORY_PAGE)]
    for page in pages or [shown]:
        part = " " + _("(hands {first}–{last})").format(
            first=digits(page[0]["hand"]), last=digits(page[-1]["hand"])) \
            if len(pages) > 1 else ""
        for group in groups:
            _print_table(con, _history_table(con, session, data, page, stale, layout,
                                             group, part))
    _history_notes(con, shown, told, layout)
    if len(shown) < count:
        con.print("  " + _("(the last {shown} of {all} hands; --all shows every hand, "
                           "--json gives them all)").format(
            shown=digits(len(shown)), all=digits(count)), markup=False)
    if count:
        _sparklines(con, session, layout.names)
    else:
        con.print("  " + _("No hands recorded yet."), markup=False)
    pending(con, session)


def _widest_rows(session: Session, data: PlainMap,
                 shown: Sequence[PlainMap], stale: Set[int | None],
                 told: Sequence[str]) -> list[PlainMap]:
    """The rows of `shown` that hold the widest cell of some column in some
    layout: the longest hand label and story (`told`, each row's), a row
    for each player as dealer and as winner, and each player's widest
    score and total, side by side and stacked, and a hand they sat out."""
    if not shown:
        return []
    key, kind = data["score"], session.score_kind

    def cell(row: PlainMap, p: str) -> tuple[int, int]:
        if p not in row[key]:
            return 3, 3                                   # "out"
        score, total = len(kind.signed(row[key][p])), len(kind.display(row["totals"][p]))
        return score + 3 + total, max(score, total)

    longest = max(range(len(shown)), key=lambda i: cell_len(told[i]))
    picks = [max(shown, key=lambda r: len(str(r["hand"])) + (r["hand"] in stale)),
             shown[longest]]
    for p in session.players:
        picks += [r for r in shown if r["dealer"] == p][:1]
        picks += [r for r in shown if r["winner"] == p][:1]
        sizes = [cell(r, p) for r in shown]
        picks += [shown[max(range(len(shown)), key=lambda i: sizes[i][0])],
                  shown[max(range(len(shown)), key=lambda i: sizes[i][1])]]
        picks += [r for r in shown if p not in r[key]][:1]
    return list({id(r): r for r in picks}.values())


def _shortened(con: Console, session: Session, data: PlainMap,
               shown: Sequence[PlainMap], stale: Set[int | None],
               layout: _Layout) -> _Layout:
    """`layout` with the names shortened as little as makes it one table;
    in the last layout, where the players are split over several tables
    rather than shortened below 6 letters, as little as keeps the fewest
    tables names of 6 letters need."""
    def count(names: Mapping[str, str]) -> int:
        return len(_player_groups(con, session, data, shown, stale,
                                  layout._replace(names=names)))

    if layout.seats:
        return layout._replace(names=fitted_names(
            session.players, lambda names: count(names) == 1))
    fewest = count(abbreviations(session.players, 6))
    return layout._replace(names=fitted_names(
        session.players, lambda names: count(names) <= fewest, 6))


def _player_groups(con: Console, session: Session, data: PlainMap,
                   shown: Sequence[PlainMap], stale: Set[int | None],
                   layout: _Layout) -> list[list[str]]:
    """The players of each table of the history in `layout`: all in one if
    it fits; in the last layout, as many tables as the players need; else
    none. (Measured on `shown`: the widest rows are enough.)"""
    def fit(players: Sequence[str]) -> bool:
        return fits(con, _history_table(con, session, data, shown, stale, layout,
                                        players))

    if fit(session.players):
        return [list(session.players)]
    if layout.seats:
        return []
    return split_to_fit(session.players, fit)


def _history_notes(con: Console, shown: Sequence[PlainMap], told: Sequence[str],
                   layout: _Layout) -> None:
    """What the table left out: the story of each hand (`told`; names
    whole, as in every sentence), the legend of the names the table
    shortened."""
    names = layout.names or {}
    if not layout.story_in_table:
        def seats(row: PlainMap) -> str:
            if layout.seats:
                return ""
            return _("dealer {dealer}, won by {winner}; ").format(
                dealer=row["dealer"], winner=row["winner"]) if row["winner"] else \
                _("dealer {dealer}, won by nobody; ").format(dealer=row["dealer"])
        hanging_lines(con, (f"{digits(row['hand'])}: {seats(row)}{story}"
                            for row, story in zip(shown, told)), "  ", "     ")
    legend(con, names)
    if layout.stacked:
        hanging(con, _("Each cell: the hand's score over the running total."))


def _history_table(con: Console, session: Session, data: PlainMap,
                   shown: Sequence[PlainMap], stale: Set[int | None],
                   layout: _Layout, players: Sequence[str], part: str = "") -> Table:
    """The history's table, its cells plain `Text` (no markup to parse) and
    each column as wide as its widest line, given to rich (which then
    measures no cell: a table that fits is never wrapped, `fits`)."""
    key, kind = data["score"], session.score_kind
    names = layout.names or {p: p for p in session.players}
    between = "\n" if layout.stacked else f" {arrow(con)} "
    story_head = _("What happened")
    header = [_("Hand"), *([_("Dealer"), _("Winner")] if layout.seats else []),
              *([story_head] if layout.story_in_table else []),
              *(names[p] for p in players)]
    score_style = {tone: con.get_style(tone) for tone in ("green", "red", "")}
    rows = []
    for row in shown:
        waiting = row.get("not_yet_seated", ())
        cells = [_score_cell(digits(kind.signed(row[key][p])),
                             score_style[tone_style(row[key][p], kind)], between,
                             digits(kind.display(row["totals"][p])))
                 if p in row[key] else
                 _text_cell(NOT_YET_SEATED if p in waiting else _("out")) for p in players]
        winner = names.get(row["winner"], row["winner"]) if row["winner"] else "—"
        seats = [_text_cell(names.get(row["dealer"], row["dealer"])),
                 _text_cell(winner)] if layout.seats else []
        story = [_text_cell(say(story_of(session, row)))] if layout.story_in_table else []
        rows.append([_text_cell(digits(row["hand"]) + ("!" if row["hand"] in stale else "")),
                     *seats, *story, *cells])
    # no padding of rich's: a cell's space either side is in its lines (the
    # header's in a Padding, as rich pads it), so rich goes over each line
    # of a long history twice, not three times
    table = Table(title=_("History — {ledger}").format(ledger=escape(session.label)) + part,
                  box=table_box(con), padding=0)
    rights = [i == 0 or i >= len(header) - len(players) for i in range(len(header))]
    for i, (head, right) in enumerate(zip(header, rights)):
        width = max([cell_len(head), *(used for r in rows for used, _line in r[i])])
        table.add_column(Padding(Text(head), (0, 1)), justify="right" if right else "left",
                         no_wrap=not (layout.story_in_table and head == story_head),
                         width=width + 2)
    if rows:     # each column one renderable, its cells a line (or two) each:
        table.add_row(*_columns(rows, rights))   # rich draws it at a fraction of the cost
    return table


def _print_table(con: Console, table: Table) -> None:
    """The history's table as rich draws it, each line of its one row of
    columns put together here when the table fits: rich would go over
    every line of every column twice more (its cost at 20,000 hands). Its
    title, header and edges are rich's own (a table without the row)."""
    if not table.rows or not fits(con, table):
        con.print(table)
        return
    columns = [cell for column in table.columns for cell in column.cells]
    bare = Table(title=table.title, box=table.box, padding=0)
    bare.columns = [column.copy() for column in table.columns]
    for column in bare.columns:
        column._cells = []
    lines = con.render_lines(bare, con.options, pad=False)
    box = table.box.substitute(con.options, safe=con.safe_box) if table.box else None
    edge = ((Segment(box.foot_left), Segment(box.foot_vertical), Segment(box.foot_right))
            if box else (Segment(""),) * 3)
    new_line = Segment.line()
    segments = [piece for line in lines[:-1] for piece in (*line, new_line)]
    drawn = [list(column.lines_of(cast(int, c.width))) for c, column
             in zip(table.columns, cast(list[_Column], columns))]
    for row in zip(*drawn):
        segments.append(edge[0])
        for i, pieces in enumerate(row):
            segments += pieces if i == 0 else [edge[1], *pieces]
        segments += [edge[2], new_line]
    segments += [*lines[-1], new_line]
    con.print(Segments(segments), crop=False)


_Line = tuple[int, list[Segment]]         # a line of a cell: its width, its pieces


def _text_cell(text: str) -> list[_Line]:
    """A cell of plain text, its lines (as rich's `Text` would keep it:
    without control codes)."""
    return [(cell_len(line), [Segment(line)])
            for line in strip_control_codes(text).split("\n")]


def _score_cell(score: str, style: Style, between: str, total: str) -> list[_Line]:
    """A player's cell: the hand's score in its colour, then the total
    beside it (`between` an arrow) or below it (a line break)."""
    if between == "\n":
        return [(cell_len(score), [Segment(score, style)]), (cell_len(total), [Segment(total)])]
    return [(cell_len(score) + cell_len(between) + cell_len(total),
             [Segment(score, style), Segment(between + total)])]


def _columns(rows: Sequence[Sequence[list[_Line]]], rights: Sequence[bool]
             ) -> list[_Column]:
    """The rows' cells as one renderable a column (`rights`: which are
    justified right), each row as many lines as its tallest cell (a
    shorter cell padded with blank lines below, as rich pads it): drawn
    line for line as rich draws the cells one by one."""
    heights = [max(len(cell) for cell in row) for row in rows]
    columns = []
    for i, right in enumerate(rights):
        lines: list[_Line] = []
        for row, height in zip(rows, heights):
            lines += row[i]
            lines += [(0, [])] * (height - len(row[i]))
        columns.append(_Column(lines, right))
    return columns


class _Column:
    """A column of the history's table as rich draws a cell that does not
    wrap: each line justified to the column's width (cut if wider), but
    without rich's work for a text of many lines (split, justify, join and
    render again)."""

    def __init__(self, lines: Sequence[_Line], right: bool) -> None:
        self.lines = lines
        self.right = right

    def __rich_console__(self, console: Console, options: ConsoleOptions
                         ) -> Iterator[Segment]:
        new_line = Segment.line()
        for pieces in self.lines_of(options.max_width):
            yield from pieces
            yield new_line

    def lines_of(self, width: int) -> Iterator[list[Segment]]:
        """Each line as rich draws it `width` wide: a space either side
        (rich's padding of a cell), justified between them."""
        width, right, space = width - 2, self.right, Segment(" ")
        for used, pieces in self.lines:
            pad = " " * max(0, width - used)
            if len(pieces) == 1 and not pieces[0].style:     # plain: one piece,
                text = pieces[0].text                       # as rich's text makes it
                yield [Segment(f" {pad}{text} " if right else f" {text}{pad} ")]
            else:
                yield [Segment(f" {pad}") if right else space, *pieces,
                       space if right else Segment(f"{pad} ")]


def _sparklines(con: Console, session: Session,
                named: Mapping[str, str] | None) -> None:
    """A line per player; names too long for the terminal shortened as
    the table above shortened them (`named`: its legend said so), else as
    little as fits, with a legend."""
    con.print("  " + _("How the totals moved:"), markup=False)
    room = con.width                # rich asks the terminal each time
    label = fitted_names(session.players, lambda names: max(
        map(len, names.values())) + 24 <= room)
    if label != {p: p for p in session.players}:
        if named:
            label = dict(named)
        else:
            legend(con, label)
    width = max(len(p) for p in label.values())
    kind = session.score_kind
    totals = session.seats.totals_before
    series = {p: [t[p] for t in totals] for p in session.players}
    # One scale for everyone, so that the lines compare.
    lo = min(min(s) for s in series.values())
    hi = max(max(s) for s in series.values())
    spark_width = max(10, min(60, room - width - 14))
    # a newcomer's line starts at their 0 before the hand they joined
    start = {p: session.seats.joined_at.get(p, 1) - 1 for p in session.players}
    # one print for all the lines (each print costs rich a setting up)
    con.print("\n".join(f"  {label[p]:<{width}}  "
                        f"{sparkline(series[p], ascii_mode(con), spark_width, lo, hi, start[p])}  "
                        f"{digits(kind.signed(series[p][-1], plus_zero=True)):>5}"
                        for p in session.players), markup=False)


# -- checks ---------------------------------------------------------------------

def verdict(con: Console, ruling: Verdict, head: str, lines: Sequence[str]) -> None:
    """A `check`'s answer: the verdict, the reason and rule, then details,
    each wrapped to the terminal with a hanging indent."""
    said = f"{head}: " + cite(say(ruling.reason), ruling.rule)
    for i, piece in enumerate(wrap(said, max(20, con.width), "", "    ")):
        text = SUITS(Text(piece))
        if i == 0:
            text.stylize("good" if ruling.valid else "bad", 0, len(head))
        con.print(text, soft_wrap=True)
    for line in lines:
        indent = line[:len(line) - len(line.lstrip())]
        hanging(con, line.lstrip(), indent, indent + "    ")


def profiles(con: Console, data: list[PlainDict], fmt: Callable[[Any], str]) -> None:
    table = Table(title=_("Profiles"), box=table_box(con))
    table.add_column(_("Game"))
    table.add_column(_("Profile"))
    table.add_column(_("Options (default)"))
    table.add_column(_("About"))
    rows: list[tuple[str, str, list[str], list[str], str]] = []
    for p in data:
        opts = []
        for k, v in p["options"].items():
            choice = p["choices"].get(k)
            span = p.get("ranges", {}).get(k)
            opts.append(f"{k} = {fmt(v)}"
                        + (f"  ({'|'.join(fmt(c) for c in choice)})" if choice else "")
                        + (f"  ({span[0]}–{span[1]})" if span else ""))
        also = [_("(also {alias})").format(alias=a) for a in p.get("aliases", [])]
        rows.append((p["game"], p["profile"], also, opts, _(p["summary"])))
        table.add_row(p["game"], "\n".join([p["profile"], *also]), "\n".join(opts),
                      rows[-1][-1])
    # rich ends a cell it cannot fit with "…": the table only when none is
    shown = "".join(piece.text for line in con.render_lines(table, pad=False)
                    for piece in line)
    if shown.count("…") == sum(cell.count("…") for row in rows
                               for cell in (*row[2], *row[3], row[4])):
        con.print(table)
        return
    # too narrow for the table without cutting an option's name short (what
    # people type with --set): each profile as a block of lines instead
    con.print(escape(_("Profiles")), style="bold")
    for game, name, also, opts, summary in rows:
        con.print()
        hanging(con, " ".join([game, name, *also]), "", "    ")
        hanging(con, summary, "  ", "  ")
        hanging_lines(con, opts, "    ", "      ")
