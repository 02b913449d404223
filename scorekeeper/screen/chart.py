"""A picture of the evening: every player's running total, hand by hand.

`terminal(...)` draws it for a terminal with plotext; `svg(...)` draws the
same chart as an SVG file with pygal. Each library is imported by the
function that draws with it (a terminal's chart never loads pygal, the
board's never plotext), and this module only by `chart` and the board: no
other command loads them (start-up stays as it was).

* colour (one per player, Okabe and Ito's palette, which the colour-blind
  tell apart: `palette`) only where the caller says so (a terminal,
  without NO_COLOR); with colour or without, each player's line is drawn
  with their initial (or a symbol when two initials clash), which the
  legend repeats, so that no one needs the colours to tell the lines
  apart; in the SVG each line has its own dash pattern and marker shape
  too (`palette.MARKERS`, in the legend as well);
* `--ascii`: the frame is drawn with `+ - |` and nothing else outside
  ASCII is written;
* the SVG loads no script from anywhere (pygal's tooltips would): a family
  can open it offline, and it shows nothing but the chart.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, Sequence

from rich.cells import cell_len

from scorekeeper.core.language import Said, _, digits, ngettext, profile_title, say
from scorekeeper.core.numbers import listed
from scorekeeper.core.scores import NET, ScoreKind
from scorekeeper.reports.documents import history_json, history_rows
from scorekeeper.screen import palette
from scorekeeper.screen.cells import use_terminal_widths

use_terminal_widths()    # the legend's Devanagari names measured as a terminal shows them

if TYPE_CHECKING:
    from scorekeeper.session.session import Session

SVG_NS = "http://www.w3.org/2000/svg"
COLOURS = palette.PLAYERS_256
SYMBOLS = "*+ox#@%="
_FRAME = str.maketrans({"┌": "+", "┐": "+", "└": "+", "┘": "+", "├": "+",
                        "┤": "+", "┬": "+", "┴": "+", "┼": "+", "─": "-",
                        "│": "|"})


@dataclass(frozen=True)
class Line:
    player: str
    totals: tuple[int, ...]      # after hand 0 (the start: 0), 1, 2, …
    marker: str                  # drawn without colour (and in the legend)
    start: int = 0               # drawn from here: a newcomer's 0 before the hand joined


@dataclass(frozen=True)
class Picture:
    title: str
    score: str                   # "net" or "points"
    hands: int
    lines: tuple[Line, ...]
    limit: int | None            # penalty points: out at this total
    kind: ScoreKind = NET        # how the game keeps its scores
    breaks: tuple[int, ...] = ()  # sessions together: the hands each ended after

    def end(self, line: Line) -> str:
        """Where a line ended, as the game displays it (a net signed)."""
        end = line.totals[-1]
        return digits(self.kind.signed(end, plus_zero=True) if self.kind.transfers
                      else self.kind.display(end))

    def scored(self) -> str:
        """What the totals are, for an axis: "" for a net."""
        if self.kind.transfers:
            return ""
        return _("points: higher is better") if self.kind.higher_is_better \
            else _("points: lower is better")


def markers(players: Sequence[str]) -> list[str]:
    """Each player's initial, or symbols for all if two initials clash (or
    one is not an ASCII letter or digit)."""
    initials = [p.strip()[:1].upper() for p in players]
    if len(set(initials)) == len(initials) and \
            all(c.isascii() and c.isalnum() for c in initials):
        return initials
    return [SYMBOLS[i % len(SYMBOLS)] for i in range(len(players))]


def picture(session: Session) -> Picture:
    """The running totals of a session. A player eliminated from a
    penalty-point session is drawn up to the last hand they played, a
    newcomer from their 0 before the hand they joined."""
    rows = history_json(session)["hands"]
    last = {p: 0 for p in session.players}
    for row in rows:
        for p in row[session.score_key]:
            last[p] = row["hand"]
    lines = tuple(
        Line(p, (0, *(row["totals"][p] for row in rows[:last[p]])), m,
             session.seats.joined_at.get(p, 1) - 1)
        for p, m in zip(session.players, markers(session.players)))
    # the game's title in the reader's language (marked in screen.style)
    title = _("{title} ({profile}) — {file}").format(
        title=say(session.game.title), profile=profile_title(session.profile.name),
        file=PurePath(session.label).name)
    return Picture(title, session.score_key, len(rows), lines,
                   session.rules.elimination_limit, session.score_kind)


def together(sessions: Sequence[Session]) -> Picture:
    """The totals over `sessions` of one game, one after another: each
    player's line carries their total from a session into the next (flat
    through a session they did not play), starting where they first sat
    down. A limit of a penalty-point session is the session's own, and is
    not drawn."""
    first = sessions[0]
    players = list(dict.fromkeys(p for s in sessions for p in s.players))
    series = {p: [0] for p in players}
    breaks: list[int] = []
    start: dict[str, int] = {}
    for session in sessions:
        for p in session.players:
            start.setdefault(p, (breaks[-1] if breaks else 0)
                             + session.seats.joined_at.get(p, 1) - 1)
        carry = {p: series[p][-1] for p in players}
        for row in history_rows(session):
            for p in players:
                series[p].append(carry[p] + row["totals"].get(p, 0))
        breaks.append(len(series[players[0]]) - 1)
    lines = tuple(Line(p, tuple(series[p]), m, start[p])
                  for p, m in zip(players, markers(players)))
    title = ngettext("{title} — {count} session together",
                     "{title} — {count} sessions together", len(sessions)).format(
        title=say(first.game.title), count=digits(len(sessions)))
    return Picture(title, first.score_key, breaks[-1], lines, None,
                   first.score_kind, tuple(breaks[:-1]))


def mixed(sessions: Sequence[Session]) -> Said | None:
    """Why `sessions` cannot be added together (games or scores that differ),
    or None."""
    games = list(dict.fromkeys(s.game.title for s in sessions))
    if len(games) > 1:
        return Said("the sessions are of different games ({games})",
                    games=listed(games))
    if len({s.score_kind for s in sessions}) > 1:
        return Said("the sessions keep their scores differently (net and points)")
    return None


def nice_ticks(lo: int, hi: int, most: int = 9) -> list[int]:
    """Round whole numbers from at or below `lo` to at or above `hi`, in
    steps of 1, 2 or 5 times a power of ten: the finest with at most `most`
    ticks."""
    if hi <= lo:
        lo, hi = lo - 1, hi + 1
    power = 1
    while True:
        for s in (1, 2, 5):
            step = s * power
            first, last = (lo // step) * step, -(-hi // step) * step
            if (last - first) // step + 1 <= most:
                return list(range(first, last + 1, step))
        power *= 10


def _x_ticks(hands: int) -> list[int]:
    return list(range(hands + 1)) if hands <= 20 else nice_ticks(0, hands)


_FRAME_ROWS = 5        # of the height plotext is given: the title, the frame, x's ticks and label
SVG_POINTS = 800         # pygal's default width in pixels: no more points than that


def sampled(hands: int, most: int) -> list[int]:
    """The hands drawn (0 = the start): every one up to `most`, else `most`
    evenly spread, the first, the last and every tick among them — a chart
    need not draw more points than it has pixels."""
    if hands + 1 <= most:
        return list(range(hands + 1))
    spread = {round(k * hands / (most - 1)) for k in range(most)}
    return sorted(spread | set(_x_ticks(hands)))


def _at(line: Line, xs: Sequence[int]) -> list[int | None]:
    """A line's totals at the hands drawn while the player played (None
    before the line starts)."""
    return [line.totals[x] if x >= line.start else None
            for x in xs if x < len(line.totals)]


def terminal(pic: Picture, width: int, height: int, colour: bool,
             ascii: bool) -> str:
    """The chart as terminal text, its legend below it."""
    import plotext  # start-up: see the module doc

    plotext.clear_figure()
    plotext.plotsize(width, height)
    plotext.theme("clear")
    values = [v for line in pic.lines for v in line.totals]
    if pic.limit is not None:
        values.append(pic.limit)
    # no more ticks than rows: plotext drops a label that shares a row
    # with another (at 40 columns and 12 rows, 8 ticks on 7 rows: one lost)
    ticks = nice_ticks(min(values), max(values),
                       max(2, min(9, height - _FRAME_ROWS)))
    plotext.hline(0, "gray")
    if pic.limit is not None:
        plotext.hline(pic.limit, "red")
    for hand in pic.breaks:            # where one session ended and the next began
        plotext.vline(hand, "gray")
    xs = sampled(pic.hands, 4 * width)
    for i, line in enumerate(pic.lines):
        drawn = [(x, y) for x, y in zip(xs, _at(line, xs)) if y is not None]
        plotext.plot([x for x, _y in drawn], [y for _x, y in drawn], marker=line.marker,
                     color=COLOURS[i % len(COLOURS)])
    # the ticks written in the reader's digits (stored tenths drawn, points written)
    plotext.xticks(_x_ticks(pic.hands), [digits(x) for x in _x_ticks(pic.hands)])
    plotext.yticks(ticks, [digits(pic.kind.display(t)) for t in ticks])
    plotext.ylim(ticks[0], ticks[-1])
    said = [pic.scored()] + ([_("a line: the next session")] if pic.breaks else [])
    plotext.xlabel(_("hand ({notes})").format(notes="; ".join(filter(None, said)))
                   if any(said) else _("hand"))
    plotext.title(pic.title)
    text = str(plotext.build())
    if not colour:
        text = str(plotext.uncolorize(text))
    first, _newline, rest = text.partition("\n")
    if pic.title not in str(plotext.uncolorize(first)):
        # wider than the plot, plotext draws no title at all: ours, wrapped
        from scorekeeper.screen.streams import fold

        text = "\n".join(fold(pic.title.split(" "), width, "  ", "  ")) + "\n" + rest
    if ascii:
        text = text.translate(_FRAME)
    return text.rstrip() + "\n" + legend(pic, colour, width) + "\n"


def legend(pic: Picture, colour: bool, width: int) -> str:
    """Who is which line and where they ended, as many to a line as fit."""
    import plotext  # start-up: see the module doc

    rows: list[str] = []
    row, used = "", 0
    for i, line in enumerate(pic.lines):
        item = f"{line.marker} {line.player} {pic.end(line)}"
        size = cell_len(item)
        if used and used + 3 + size > width:
            rows.append(row)
            row, used = "", 0
        shown = str(plotext.colorize(item, COLOURS[i % len(COLOURS)])) \
            if colour else item
        row, used = (row + "   " + shown, used + 3 + size) if used \
            else ("  " + shown, 2 + size)
    rows.append(row)
    if pic.limit is not None:
        rows.append("  " + _("out at {limit} points: the line across").format(
            limit=digits(pic.kind.display(pic.limit))))
    return "\n".join(rows)


def terminal_panels(pics: Sequence[Picture], width: int, height: int,
                    colour: bool, ascii: bool) -> str:
    """A chart a session, one under another, a blank line between."""
    return "\n".join(terminal(pic, width, height, colour, ascii) for pic in pics)


def svg_panels(pics: Sequence[Picture]) -> str:
    """A chart a session in one SVG document, one under another (each
    pygal's own, at its default size)."""
    from xml.etree import ElementTree  # the SVG only (start-up)

    if len(pics) == 1:
        return svg(pics[0])
    outer = ElementTree.Element(f"{{{SVG_NS}}}svg", {
        "width": str(_SVG_SIZE[0]), "height": str(_SVG_SIZE[1] * len(pics)),
        "viewBox": f"0 0 {_SVG_SIZE[0]} {_SVG_SIZE[1] * len(pics)}"})
    for i, pic in enumerate(pics):
        panel = ElementTree.fromstring(svg(pic).encode("utf-8"))
        panel.attrib.update({"x": "0", "y": str(_SVG_SIZE[1] * i),
                             "width": str(_SVG_SIZE[0]), "height": str(_SVG_SIZE[1])})
        outer.append(panel)
    return ElementTree.tostring(outer, encoding="unicode", xml_declaration=True) + "\n"


_SVG_SIZE = (800, 600)      # pygal's default: each panel's
# the board's chart, for a phone: 400 wide, so that at 360 px (about 328 px
# for the picture) it is drawn at 0.82 and a 15-unit label is 12 px or more
PHONE_SIZE = (400, 420)
PHONE_FONTS = {"label_font_size": 15, "major_label_font_size": 15,
               "legend_font_size": 15, "title_font_size": 16}
MARKS = 10                  # each line's markers: about this many, and its end


def svg(pic: Picture, phone: bool = False) -> str:
    """The same chart as an SVG document (text); `phone`: the board's, small
    and with large type."""
    import pygal  # start-up: see the module doc

    xs = sampled(pic.hands, SVG_POINTS)
    width, height = PHONE_SIZE if phone else _SVG_SIZE
    chart = pygal.Line(
        width=width, height=height,
        # a colour a player, then black for the line of the limit
        style=pygal.style.Style(colors=tuple(
            palette.PLAYERS[i % len(palette.PLAYERS)] for i in range(len(pic.lines))
        ) + ("#000000",), **(PHONE_FONTS if phone else {})),
        title=pic.title, x_title=_("hand"),
        y_title=_("running total") if not pic.scored() else
        _("points (higher is better)") if pic.kind.higher_is_better else
        _("points (lower is better)"),
        js=[],                    # no script fetched from anywhere
        legend_at_bottom=True, truncate_legend=-1, truncate_label=-1,
        show_minor_x_labels=False, dots_size=2,
        # the axis's numbers in the reader's digits
        value_formatter=lambda value: digits(pygal.formatters.default(value)),
        x_labels=[digits(h) for h in xs],
        x_labels_major=[digits(h) for h in _x_ticks(pic.hands)])
    points = pic.kind.points
    for i, line in enumerate(pic.lines):
        drawn = [None if v is None else points(v) for v in _at(line, xs)]
        chart.add(f"{line.player} ({pic.end(line)})",
                  drawn + [None] * (len(xs) - len(drawn)),
                  stroke_style={"width": 3 if phone else 2,
                                "dasharray": palette.DASHES[i % len(palette.DASHES)]})
    if pic.limit is not None:
        chart.add(_("out at {limit}").format(limit=digits(pic.kind.display(pic.limit))),
                  [points(pic.limit)] * len(xs),
                  show_dots=False, stroke_style={"dasharray": "1, 6", "width": 3})
    return _without_scripts(str(chart.render(is_unicode=True)), len(pic.lines),
                            6 if phone else 5)


def _without_scripts(document: str, players: int, size: float) -> str:
    """pygal writes its configuration into a <script> even with no
    tooltips: a chart to share should hold none (mail and chat apps refuse
    SVGs with scripts), so they are taken out of the document tree. Each
    of the first `players` lines gets its own marker shape (`_mark`), on
    the line and in the legend, so that no one needs its colour."""
    from xml.etree import ElementTree  # the SVG only (start-up)

    ElementTree.register_namespace("", SVG_NS)
    ElementTree.register_namespace("xlink", "http://www.w3.org/1999/xlink")
    root = ElementTree.fromstring(document.encode("utf-8"))
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag == f"{{{SVG_NS}}}script":
                parent.remove(child)
    for group in root.iter(f"{{{SVG_NS}}}g"):
        classes = group.get("class", "").split()
        for i in range(players):
            if f"serie-{i}" in classes:
                _mark_line(group, i, size)
            elif group.get("id") == f"activate-serie-{i}":
                box = group.find(f"{{{SVG_NS}}}rect")
                if box is not None:
                    group.remove(box)
                    group.insert(0, _mark(i, float(box.get("x", 0)) + 6,
                                          float(box.get("y", 0)) + 6, 6))
    return ElementTree.tostring(root, encoding="unicode",
                                xml_declaration=True) + "\n"


def _mark_line(group: Any, index: int, size: float) -> None:
    """About `MARKS` markers along a line of pygal's (its path's points),
    and one at its end."""
    line = group.find(f"{{{SVG_NS}}}path")
    if line is None:
        return
    numbers = [float(n) for n in line.get("d", "").replace("M", " ").replace("L", " ").split()]
    points = list(zip(numbers[::2], numbers[1::2]))
    step = max(1, len(points) // MARKS)
    for x, y in points[step - 1::step] + ([points[-1]] if len(points) % step else []):
        group.append(_mark(index, x, y, size))


def _mark(index: int, x: float, y: float, r: float) -> Any:
    """Player `index`'s marker at (x, y), `r` across half: a circle, a
    square, triangles, a diamond, a cross, a bar…, in the player's colour,
    edged in white."""
    from xml.etree import ElementTree  # the SVG only (start-up)

    colour = palette.PLAYERS[index % len(palette.PLAYERS)]
    look = {"fill": colour, "stroke": "#ffffff", "stroke-width": "1"}
    shape = palette.MARKERS[index % len(palette.MARKERS)]
    if isinstance(shape, str):      # "circle"
        return ElementTree.Element(f"{{{SVG_NS}}}circle", {
            "cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": f"{r:.1f}", **look})
    corners = " ".join(f"{x + dx * r:.1f},{y + dy * r:.1f}" for dx, dy in shape)
    return ElementTree.Element(f"{{{SVG_NS}}}polygon", {"points": corners, **look})
