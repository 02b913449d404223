"""The board: one ledger, or the night's several, as one HTML page for the
whole table (`serve` keeps it live; `export --format html` writes it once).

Nothing here is written anew: the standings and history are the
documents of `standings --json` and `history --json`, the last hand's
ruling is the game's own table (its `render` module, as `show` draws it
at 40 columns) with the explanation lines and rule ids in `show`'s words,
the chart is `chart --svg`'s picture (`screen.chart`, pygal; drawn for
a phone), the night's settle-up `reports.export.night`'s (in money, each
session at its own stake). Every text from a ledger is
HTML-escaped here, once, as it is put in the page; the chart's SVG is
made by ElementTree, which escapes its texts (and holds no script).

Phone first: one column at 360 px with large type, two on a laptop;
light and dark follow the phone. Nothing is loaded from elsewhere: the
style is in the page, and the live page's one script is served by the
board (`LIVE_SCRIPT`); the exported page has none at all.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from collections import Counter
from dataclasses import dataclass, replace
from html import escape
from pathlib import PurePath
from typing import TYPE_CHECKING, Iterator, Sequence

from scorekeeper.core.errors import ScorekeeperError
from scorekeeper.core.language import _, current, date, digits, ngettext, say
from scorekeeper.core.numbers import listed
from scorekeeper.core.scores import NET
from scorekeeper.reports.documents import (
    history_rows,
    pending_said,
    standings_json,
    story_of,
)
from scorekeeper.reports.export import Played, settled_said, subtitle

if TYPE_CHECKING:
    from scorekeeper.core.plain import PlainDict, PlainMap
    from scorekeeper.core.scores import ScoreKind
    from scorekeeper.reports.money import Money
    from scorekeeper.session.session import Session

RULING_COLUMNS = 40          # the ruling's table as `show` draws it in 40 columns (a phone)
RULING_COLUMNS_WIDE = 60     # and in a laptop's half of the page


@dataclass(frozen=True)
class Sheet:
    """One ledger as the board shows it: its last good reading (None if it
    has never read well) and, when that is not what the file holds now,
    why (`notice`)."""

    label: str
    session: Session | None
    money: Money | None = None
    notice: str = ""
    written: float | None = None   # when the file was last written (its mtime)
    index: int = 0                 # its place among the ledgers given (`#game-N`)
    named: bool = False            # its file in its title (`told_apart`)


def e(text: object) -> str:
    """Any text from a ledger or a person, as HTML text or attribute."""
    return escape(str(text), quote=True)


# -- the parts of one ledger's section ----------------------------------------

def _title(sheet: Sheet) -> str:
    """What a section is called: its game and when its ledger was last
    written ("Marriage · 21:40"), or its file name if it never read."""
    return played(sheet).title if sheet.session else PurePath(sheet.label).name


def _tone(value: int, kind: ScoreKind) -> str:
    """"up", "down" or "" for a score, as `screen.style.colour` colours it."""
    if not kind.higher_is_better:
        return ""
    return "up" if value > 0 else "down" if value < 0 else ""


def _shown(value: int, kind: ScoreKind) -> str:
    return digits(kind.signed(value) if kind.transfers else kind.display(value))


def standings(session: Session, money: Money | None) -> str:
    """Places, totals, money, and who deals next (or who won)."""
    data = standings_json(session)
    kind = session.score_kind
    out = set(data.get("eliminated", []))
    order = sorted(session.players, key=lambda p: (data["places"][p],
                                                    session.players.index(p)))
    rows = []
    for name in order:
        total = data["totals"][name]
        cells = [f'<td class="num place">{digits(data["places"][name])}</td>',
                 f'<td class="name">{e(name)}'
                 + (' <span class="out">(' + e(_("out")) + ")</span>" if name in out else "")
                 + "</td>",
                 f'<td class="num {_tone(total, kind)}">{e(_shown(total, kind))}</td>']
        if money:
            units = money.balances[name]
            cells.append(f'<td class="num {"up" if units > 0 else "down" if units < 0 else ""}">'
                         f"{e(digits(money.display(units, signed=True)))}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    head = ("<tr><th>" + e(_("Place")) + "</th><th>" + e(_("Player")) + '</th><th class="num">'
            + e(_("Total") if kind.transfers else _("Points")) + "</th>"
            + ('<th class="num">' + e(_("Money")) + "</th>" if money else "") + "</tr>")
    said = [f'<table class="standings"><thead>{head}</thead><tbody>'
            + "".join(rows) + "</tbody></table>"]
    if money:
        said.append('<p class="small">' + e(_("Money at {rate}.").format(
            rate=say(money.rate_said()))) + "</p>" + why_money(session, money))
    if data["complete"]:
        winners = [p for p, pl in data["places"].items() if pl == 1]
        named = say(listed(winners, " and ", each=True))
        said.append('<p class="next">' + e(_("Session complete. Winner: {winners}.").format(
            winners=named)) + "</p>")
    elif (waiting := pending_said(session)) is not None:   # calls; tricks being played
        said.append('<p class="next pending">' + e(say(waiting)) + "</p>")
    else:
        said.append('<p class="next">' + _("Next dealer: {name}").format(
            name="<b>" + e(data["next_dealer"]) + "</b>") + "</p>")
    return "".join(said)


def why_money(session: Session, money: Money) -> str:
    """Why the money is not the points (`reports.export.why_money`), if it
    is not: the first line, then how it is worked out or paid."""
    from scorekeeper.reports.export import why_money as said  # with money only

    lines = said(session, money)
    if not lines:
        return ""
    more = "".join(f"<li>{e(line)}</li>" for line in lines[1:])
    return (f'<p class="small why-money">{e(lines[0])}</p>'
            + (f'<ul class="why">{more}</ul>' if more else ""))


def ruling(session: Session) -> str:
    """The last hand's ruling as `show` tells it: the game's table, its
    explanation lines, its rules."""
    if not session.hands:
        return '<p class="small">' + e(_("No hand yet.")) + "</p>"
    number = len(session.hands)
    try:
        ruled = session.rule_stored(number)
    except ScorekeeperError as err:
        return '<p class="notice">' + e(_("Hand {number} cannot be ruled: {why}").format(
            number=digits(number), why=say(err.message))) + "</p>"
    from rich.console import Console  # rich: the game's table, as `show` draws it

    from scorekeeper.screen import views  # rich, as above

    tables = []
    for width, fits in ((RULING_COLUMNS, "narrow"), (RULING_COLUMNS_WIDE, "wide")):
        con = Console(file=io.StringIO(), width=width, record=True,
                      color_system=None, highlight=False, emoji=False)
        views.ruling_table(con, session.game, ruled.result, ruled.number,
                           ruled.table.dealer, session.rules.score_kind)
        tables.append(f'<pre class="ruling {fits}">{e(con.export_text().rstrip())}</pre>')
    lines = "".join(f"<li>{e(say(line))}</li>" for line in ruled.explanation)
    return ("".join(tables) + f'<ul class="why">{lines}</ul>'
            '<p class="rules">' + e(_("Rules: {rules}").format(rules=", ".join(ruled.rules)))
            + "</p>")


@dataclass(frozen=True)
class History:
    """A ledger's history as drawn: each hand's row (`history --json`'s)
    and its item, in hand order; `drawn_as` is what else an item depends
    on (the game and its scores)."""

    drawn_as: tuple[object, ...] = ()
    rows: tuple[PlainDict, ...] = ()
    items: tuple[str, ...] = ()


def history(session: Session, before: History = History()) -> History:
    """Every hand's item (who dealt, what happened, each score and total),
    in hand order. An item of `before` (the same ledger drawn earlier)
    whose row is the same is taken as it is, not drawn again (the live
    board draws, and sends, only what changed)."""
    drawn_as = (session.game.package, session.score_kind, session.score_key)
    same = before.drawn_as == drawn_as
    rows, items = [], []
    for index, row in enumerate(history_rows(session)):
        if same and index < len(before.rows) and before.rows[index] == row:
            row, item = before.rows[index], before.items[index]
        else:
            item = _item(session, row)
        rows.append(row)
        items.append(item)
    return History(drawn_as, tuple(rows), tuple(items))


def _item(session: Session, row: PlainMap) -> str:
    kind = session.score_kind
    scores = "".join(
        f'<span class="cell"><span class="who">{e(p)}</span> '
        f'<span class="{_tone(v, kind)}">{e(_shown(v, kind))}</span> '
        f'<span class="small">→ {e(_shown(row["totals"][p], kind))}</span></span>'
        for p, v in row[session.score_key].items())
    dealt = _("{name} dealt").format(name=row["dealer"])
    dated = f' · <span class="small">{e(date(row["recorded"]))}</span>' \
        if row["recorded"] else ""
    return ("<li><p><b>" + e(_("Hand {number}").format(number=digits(row["hand"])))
            + f"</b> · {e(dealt)}{dated} · {e(say(story_of(session, row)))}</p>"
            f'<p class="scores">{scores}</p></li>')


def chart_svg(session: Session) -> str:
    """`chart --svg`'s picture, to put in the page (no XML declaration)."""
    if not session.hands:
        return ""
    from scorekeeper.screen import chart  # pygal: loaded by the board and `chart` only

    document = chart.svg(chart.picture(session), phone=True)
    # pygal names each chart by a random id; named by its ledger instead, a
    # board drawn again from the same ledger is the same text
    name = hashlib.sha256(session.label.encode()).hexdigest()[:16]
    return _CHART_ID.sub(f"chart-{name}", document[document.index("<svg"):].strip())


_CHART_ID = re.compile(r"chart-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def chart_link(session: Session, index: int) -> str:
    """The live page's chart: an image the board serves (`chart/N.svg`),
    named by the totals it draws, so that the page's text is drawn without
    waiting for pygal and a phone fetches the picture only when it changed
    (an image runs no script, whatever its text)."""
    if not session.hands:
        return ""
    drawn = hashlib.sha256(repr([session.label, session.players,
                                 [h.scores for h in session.hands]]).encode())
    from scorekeeper.screen.chart import PHONE_SIZE  # its size (pygal is not loaded)

    return (f'<img src="chart/{index}.svg?v={drawn.hexdigest()[:16]}" '
            f'width="{PHONE_SIZE[0]}" height="{PHONE_SIZE[1]}" alt="'
            + e(_("The running totals, hand by hand")) + '">')


def section(sheet: Sheet) -> str:
    """One ledger's part of the exported board (its chart drawn in it)."""
    items = history(sheet.session).items if sheet.session else ()
    head, tail = around(sheet, None, bool(items))
    return head + "".join(reversed(items)) + tail


def around(sheet: Sheet, index: int | None, hands: bool) -> tuple[str, str]:
    """One ledger's part of the board, but its history's items (newest
    first), which go between the two texts (with `hands`: it has some);
    with `index`, its chart linked (the live page) rather than drawn in
    the page (the exported file)."""
    parts = [f'<section class="sheet" id="game-{sheet.index}" aria-label="{e(sheet.label)}">']
    session = sheet.session
    parts.append(f"<h2>{e(_title(sheet))}</h2>")
    if session:
        parts.append(f'<p class="small file">{e(subtitle(session))}</p>')
    if sheet.notice:
        parts.append(f'<p class="notice" role="status">{e(sheet.notice)}</p>')
    if session is None:
        return "".join(parts) + "</section>", ""
    said = session.profile.changed_text(session.rules)
    if said:
        parts.append('<p class="small">'
                     + e(_("House options: {options}").format(options=said)) + "</p>")
    if session.paid_hands:
        parts.append(f'<p class="small">{e(settled_said(session))}</p>')
    parts.append('<div class="now">' + standings(session, sheet.money)
                 + ("<h3>" + e(_("The last hand")) + "</h3>" if session.hands else "")
                 + ruling(session) + "</div>")
    picture = chart_svg(session) if index is None else chart_link(session, index)
    parts.append('<div class="then">'
                 + (f'<figure class="chart">{picture}</figure>' if picture else ""))
    if not hands:
        return "".join(parts) + "</div></section>", ""
    parts.append("<h3>" + e(_("History")) + '</h3><ol class="history">')
    return "".join(parts), "</ol></div></section>"


def night(sheets: Sequence[Sheet]) -> str:
    """The night's settle-up over several ledgers (`reports.export.night`):
    in money, each session at its own stake; a game left out said in words."""
    from scorekeeper.reports.export import night as settled  # several ledgers only

    done = settled([played(sheet) for sheet in sheets if sheet.session])
    heading = ngettext("The night: {count} game", "The night: {count} games",
                       len(sheets)).format(count=digits(len(sheets)))
    parts = [f'<section class="night"><h2>{e(heading)}</h2>']
    if done.refused:
        parts.append(f"<p>{e(done.refused)}</p>")
    if done.column:
        rows = "".join(f'<tr><td class="name">{e(name)}</td><td class="num '
                       f'{_tone(sign, NET)}">{e(said)}</td></tr>'
                       for name, sign, said in done.balances)
        parts.append('<table class="standings"><thead><tr><th>' + e(_("Player")) + "</th>"
                     f'<th class="num">{e(done.column)}</th></tr></thead>'
                     f"<tbody>{rows}</tbody></table>")
        given = "".join("<li>" + e(_("{giver} gives {receiver} {amount}").format(
            giver=giver, receiver=receiver, amount=amount)) + "</li>"
            for giver, receiver, amount in done.transfers)
        parts.append(f'<ul class="gives">{given}</ul><p class="small">{e(done.fewest)}</p>'
                     if given else
                     "<p>" + e(_("Everyone is square: nobody gives anything.")) + "</p>")
    parts += [f'<p class="small">{e(line)}</p>' for line in (done.stakes, *done.notes) if line]
    return "".join(parts) + "</section>"


def played(sheet: Sheet) -> Played:
    """A sheet as one of the night's sessions."""
    assert sheet.session is not None
    return Played(sheet.session, sheet.written, sheet.money, sheet.named)


def told_apart(sheets: Sequence[Sheet]) -> list[Sheet]:
    """The sheets, each whose title another's is too `named` (as
    `reports.export.told_apart`: its file in its title)."""
    counts = Counter(_title(sheet) for sheet in sheets)
    return [replace(sheet, named=counts[_title(sheet)] > 1) for sheet in sheets]


def ordered(sheets: Sequence[Sheet]) -> list[Sheet]:
    """The sheets as the board shows them: the ledger written most recently
    first (one never read last, in the order given)."""
    return sorted(sheets, key=lambda s: -(s.written or 0.0))


def tabs(sheets: Sequence[Sheet]) -> str:
    """A link to each game's section, in the board's order."""
    links = "".join(f'<li><a href="#game-{sheet.index}">{e(_title(sheet))}</a></li>'
                    for sheet in sheets)
    return '<nav class="tabs" aria-label="' + e(_("Games")) + f'"><ul>{links}</ul></nav>'


def top(sheets: Sequence[Sheet]) -> str:
    """Above the sections, when the board has several ledgers: a link to
    each, then the night's settle-up (`sheets` in the board's order)."""
    if len(sheets) < 2:
        return ""
    return f'<div class="top">{tabs(sheets)}{night(sheets)}</div>'


def body(sheets: Sequence[Sheet]) -> str:
    """The board as exported: the links and the night's settle-up first,
    then every section, the newest first (the live board's is
    `commands.board_server.Drawn`'s)."""
    shown = ordered(sheets)
    return top(shown) + "".join(section(sheet) for sheet in shown)


# -- the page -------------------------------------------------------------------

STYLE = """
:root{color-scheme:light dark;--bg:#fafafa;--fg:#151515;--muted:#555;--card:#ececec;
--up:#0a6b2a;--down:#b3261e;--edge:#c8c8c8;--warn:#fff3cd;--warnfg:#5c4400}
@media (prefers-color-scheme:dark){:root{--bg:#121212;--fg:#ededed;--muted:#b0b0b0;
--card:#1f1f1f;--up:#6fdc8c;--down:#ff8a80;--edge:#3a3a3a;--warn:#4a3b00;--warnfg:#ffe9a8}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);
font:18px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Devanagari",sans-serif;
overflow-wrap:anywhere}
main{max-width:72rem;margin:0 auto;padding:10px 12px 40px}
h1{font-size:1.15rem;margin:.3rem 0;color:var(--muted);font-weight:600}
h2{font-size:1.3rem;margin:1.2rem 0 .4rem}
h3{font-size:1.1rem;margin:1rem 0 .3rem}
p{margin:.35rem 0}
.small,.why,.rules{font-size:.9rem;color:var(--muted)}
.why{padding-left:1.1rem;margin:.3rem 0}
.notice{background:var(--warn);color:var(--warnfg);padding:8px 10px;border-radius:8px;font-weight:600}
.standings{width:100%;border-collapse:collapse;font-size:1.3rem}
.standings th{font-size:.85rem;color:var(--muted);text-align:left;font-weight:600;
white-space:nowrap;overflow-wrap:normal}
.standings td,.standings th{padding:6px 4px;border-bottom:1px solid var(--edge)}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.standings th.num{text-align:right}
.place{color:var(--muted);width:1%}
.up{color:var(--up)}.down{color:var(--down)}.out{font-size:.8rem;color:var(--muted)}
.next{font-size:1.2rem}
pre.ruling{font:clamp(10px,3.4vw,15px)/1.3 ui-monospace,Menlo,Consolas,"DejaVu Sans Mono",monospace;
background:var(--card);padding:8px;border-radius:8px;overflow-x:auto;max-width:100%}
.history{list-style:none;padding:0;margin:0}
.history li{background:var(--card);border-radius:8px;padding:6px 10px;margin:8px 0}
.scores{display:flex;flex-wrap:wrap;gap:2px 16px}
.who{color:var(--muted)}
.chart{margin:8px 0;background:#fff;border-radius:8px;padding:4px}
.chart svg,.chart img{display:block;width:100%;height:auto}
.gives{font-size:1.15rem}
.tabs ul{list-style:none;padding:0;margin:.5rem 0;display:flex;flex-wrap:wrap;gap:6px}
.tabs a{display:block;padding:6px 10px;border-radius:16px;background:var(--card);font-size:.9rem;
color:var(--fg);border:1px solid var(--edge);text-decoration:none;white-space:nowrap}
.file{margin-top:-.2rem}
.night{max-width:36rem}
#live{font-size:.85rem;color:var(--muted)}
.ruling.wide{display:none}
@media (min-width:900px){.ruling.wide{display:block}.ruling.narrow{display:none}
.sheet{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);
gap:0 28px}.sheet h2,.sheet>.notice,.sheet>.small{grid-column:1/-1}}
"""

LIVE_SCRIPT = """(function () {
  'use strict';
  var board = document.getElementById('board');
  var live = document.getElementById('live');
  var version = board.getAttribute('data-version');
  var busy = false;
  function show(j) {
    if (typeof j.html === 'string') { board.innerHTML = j.html; return; }
    var top = board.querySelector('div.top');
    if (top) { top.remove(); }
    board.insertAdjacentHTML('afterbegin', j.night);
    j.sheets.forEach(function (s, i) {
      if (!s) { return; }
      var section = document.getElementById('game-' + j.order[i]);
      var made = document.createElement('template');
      made.innerHTML = s.html;
      if (s.keep > 0) {
        keep(section, made.content.firstElementChild, s.keep);
      } else {
        section.replaceWith(made.content.firstElementChild);
      }
    });
    // the game written last first: a section moves only when it must
    var before = board.querySelector('div.top');
    j.order.forEach(function (n) {
      var section = document.getElementById('game-' + n);
      var want = before ? before.nextElementSibling : board.firstElementChild;
      if (section !== want) { board.insertBefore(section, want); }
      before = section;
    });
  }
  // The section's history list stays in the page (20,000 items taken out
  // and put back take seconds): its newest items go but the `count`
  // oldest, the new ones go above them, and everything around the list,
  // from it up to the section, is replaced by the fresh section's.
  function keep(section, fresh, count) {
    var mine = section.querySelector('ol.history');
    var theirs = fresh.querySelector('ol.history');
    while (mine.children.length > count) { mine.firstElementChild.remove(); }
    while (theirs.lastElementChild) {
      mine.insertBefore(theirs.lastElementChild, mine.firstElementChild);
    }
    while (mine !== section) {
      var at = mine;
      while (mine.previousSibling) { mine.previousSibling.remove(); }
      while (mine.nextSibling) { mine.nextSibling.remove(); }
      while (theirs.previousSibling) {
        at = mine.parentNode.insertBefore(theirs.previousSibling, at);
      }
      while (theirs.nextSibling) { mine.parentNode.appendChild(theirs.nextSibling); }
      mine = mine.parentNode;
      theirs = theirs.parentNode;
    }
  }
  function tick() {
    if (busy) { return; }
    busy = true;
    fetch('board.json?v=' + encodeURIComponent(version), {cache: 'no-store'})
      .then(function (r) {
        if (r.status === 204) { return null; }
        if (!r.ok) { throw new Error(String(r.status)); }
        return r.json();
      })
      .then(function (j) {
        if (j && j.version !== version) {
          show(j);
          version = j.version;
          board.setAttribute('data-version', version);
        }
        live.textContent = %(live)s;
      })
      .catch(function () {
        live.textContent = %(lost)s;
      })
      .then(function () { busy = false; });
  }
  setInterval(tick, %(every)d);
  document.addEventListener('visibilitychange', tick);
  document.addEventListener('resume', tick);
  window.addEventListener('pageshow', tick);
  window.addEventListener('online', tick);
}());
"""

POLL_MS = 400                # each open page asks whether the board changed
LIVE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; "
               "img-src 'self' data:; connect-src 'self'; base-uri 'none'; "
               "form-action 'none'; frame-ancestors 'none'")
STATIC_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                 "base-uri 'none'; form-action 'none'")


def script() -> str:
    """The live page's script, its words in the reader's language (JSON
    strings, which a script reads as they are)."""
    return LIVE_SCRIPT % {"every": POLL_MS, "live": _js(_("Live: this page follows the "
                                                          "ledger by itself.")),
                          "lost": _js(_("Cannot reach the board: trying again…"))}


def _js(text: str) -> str:
    """`text` as a script's string literal: JSON, with `<` `>` `&` escaped
    (nothing in it can close a script)."""
    return json.dumps(text).replace("<", "\\u003c").replace(">", "\\u003e") \
        .replace("&", "\\u0026")


def page(sheets: Sequence[Sheet], inner: str, version: str = "", live: bool = False,
         dated: str = "") -> str:
    """The whole page around `inner` (`body(sheets)`): live (its script
    asks the board for changes) or a file to share (no script at all), of
    the night of `dated`."""
    names = ", ".join(PurePath(s.label).name for s in sheets)
    status = '<p id="live">' + e(
        _("Live: this page follows the ledger by itself.") if live
        else _("A copy of the board, as it was when exported.")) + "</p>"
    board_said = _("Scorekeeper board") if not dated else \
        _("Scorekeeper board: the night of {date}").format(date=dated)
    return (f"<!DOCTYPE html>\n<html lang=\"{current()}\"><head><meta charset=\"utf-8\">"
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f'<meta http-equiv="Content-Security-Policy" '
            f'content="{LIVE_POLICY if live else STATIC_POLICY}">'
            '<meta name="referrer" content="no-referrer">'
            f"<title>{e(board_said)} — {e(names)}</title><style>{STYLE}</style></head>"
            f"<body><main><h1>{e(board_said)}</h1>{status}"
            f'<div id="board" data-version="{e(version)}">{inner}</div></main>'
            + ('<script src="board.js"></script>' if live else "")
            + "</body></html>\n")


def html_pieces(played: Sequence[Played]) -> Iterator[str]:
    """`export --format html`: the board of one session or the night's
    several as one file to share, dated (its charts inline, no script);
    the other formats are `reports.export`'s."""
    from scorekeeper.reports.export import night_date  # the exported page only

    sheets = told_apart([Sheet(p.session.label, p.session, p.money, written=p.written,
                               index=i) for i, p in enumerate(played)])
    return iter([page(sheets, body(sheets), dated=night_date(played))])
