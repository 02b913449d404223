"""Rich rendering for people. Imported only when a human reads the output."""

from __future__ import annotations

import os
import sys
from typing import Any, Callable

from rich import box
from rich.console import Console
from rich.table import Table

_ASCII = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c", "→": "->",
                        "≤": "<=", "≥": ">=", "−": "-", "·": "*", "…": "...",
                        "–": "-", "—": "-", "✓": "ok", "✗": "x", "×": "x"})
SPARKS = "▁▂▃▄▅▆▇█"
ASCII_SPARKS = "_.-:=+*#"


def asciify(text: str) -> str:
    return text.translate(_ASCII)


class _AsciiWriter:
    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(asciify(text).encode("ascii", "replace")
                                 .decode("ascii"))

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()


def make_console(ascii: bool = False, stderr: bool = False) -> Console:
    # NO_COLOR: no colour and no other styling either (rich alone keeps bold).
    plain = {"color_system": None} if os.environ.get("NO_COLOR") else {}
    stream = sys.stderr if stderr else sys.stdout
    if ascii:
        con = Console(file=_AsciiWriter(stream), highlight=False,
                      safe_box=True, emoji=False, **plain)
    else:
        con = Console(file=stream, highlight=False, emoji=False, **plain)
    con.ascii_mode = ascii  # type: ignore[attr-defined]
    return con


def _box(con: Console) -> box.Box:
    return box.ASCII if getattr(con, "ascii_mode", False) else box.SIMPLE_HEAVY


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _colour(n: int, lower_is_better: bool = False) -> str:
    good = n < 0 if lower_is_better else n > 0
    bad = n > 0 if lower_is_better else n < 0
    text = _signed(n)
    return f"[green]{text}[/]" if good else f"[red]{text}[/]" if bad else text


# -- rulings ------------------------------------------------------------------

def ruling(con: Console, game: str, result: Any, hand_number: int | None,
           dealer: str, ascii: bool = False) -> None:
    if game == "dhumbal":
        _dhumbal_ruling(con, result, hand_number, dealer, ascii)
    else:
        _marriage_ruling(con, result, hand_number, dealer, ascii)


def _dhumbal_ruling(con: Console, result: Any, hand_number: int | None,
                    dealer: str, ascii: bool) -> None:
    title = (f"Hand {hand_number}" if hand_number else "Ruling") + f" — dealer {dealer}"
    key = "Net" if result.zero_sum else "Points"
    table = Table(title=title, box=_box(con))
    table.add_column("Player")
    table.add_column("Shown")
    table.add_column("Value", justify="right")
    table.add_column("Charged", justify="right")
    table.add_column(key, justify="right")
    values = dict(result.values)
    charges = dict(result.charges)
    shown = dict(getattr(result, "shown", ()) or ())
    for name, score in result.scores:
        mark = ""
        if name == result.caller:
            mark += " (called)"
        if name == result.winner:
            mark += " ★" if not ascii else " *"
        table.add_row(name + mark, shown.get(name, ""), str(values[name]),
                      str(charges[name]) if name != result.winner or not result.zero_sum
                      else "—",
                      _colour(score, not result.zero_sum))
    con.print(table)
    for line in result.explanation:
        con.print("  " + line, markup=False)
    con.print(f"  Rules: {', '.join(result.rules)}", markup=False)


def _marriage_ruling(con: Console, result: Any, hand_number: int | None,
                     dealer: str, ascii: bool) -> None:
    title = (f"Hand {hand_number}" if hand_number else "Ruling") + f" — dealer {dealer}"
    table = Table(title=title, box=_box(con))
    for col in ("Player", "Saw tiplu", "Maal", "Fee w", "Pays finisher", "Net"):
        table.add_column(col, justify="left" if col == "Player" else "right")
    payments = {p["rival"]: p for p in result.payments_json()}
    for name, net in result.net_items():
        pay = payments.get(name)
        table.add_row(
            name + (" (finished)" if name == result.finisher else ""),
            "yes" if name in result.seen else "no",
            str(dict(result.maal_totals())[name]),
            str(pay["fee"]) if pay else "—",
            str(pay["amount"]) if pay else "—",
            _colour(net))
    con.print(table)
    for line in result.explanation:
        con.print("  " + line, markup=False)
    con.print(f"  Rules: {', '.join(result.rules)}", markup=False)


# -- session views -------------------------------------------------------------

def standings(con: Console, session: Any) -> None:
    data = session.standings_json()
    lower = session.rules.lower_is_better
    title = (f"{session.game.capitalize()} ({session.profile.name}) — "
             f"{data['hands_played']}"
             + (f"/{data['hands_planned']}" if data["hands_planned"] else "")
             + " hands")
    table = Table(title=title, box=_box(con), min_width=len(title) + 4)
    table.add_column("Place", justify="right")
    table.add_column("Player")
    table.add_column("Points" if lower else "Total", justify="right")
    eliminated = set(data.get("eliminated", []))
    for name in sorted(session.players, key=lambda p: (data["places"][p],
                                                         session.players.index(p))):
        label = name + ("  (out)" if name in eliminated else "")
        table.add_row(str(data["places"][name]), label,
                      str(data["totals"][name]) if lower
                      else _colour(data["totals"][name]))
    con.print(table)
    if data.get("unbalanced_hands"):
        con.print(f"  [red]Warning[/]: hand(s) {', '.join(map(str, data['unbalanced_hands']))} "
                  "do not sum to 0; run `scorekeeper verify`.")
    if data["complete"]:
        winners = [p for p, pl in data["places"].items() if pl == 1]
        con.print(f"  Session complete. Winner: {' and '.join(winners)}.",
                  markup=False)
    else:
        con.print(f"  Next dealer: {data['next_dealer']}", markup=False)


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


def history(con: Console, session: Any, last: int | None = None) -> None:
    data = session.history_json()
    key = data["score"]
    lower = session.rules.lower_is_better
    table = Table(title=f"History — {session.label}", box=_box(con))
    table.add_column("Hand", justify="right")
    table.add_column("Dealer")
    table.add_column("Winner")
    for p in session.players:
        table.add_column(p, justify="right")
    rows = data["hands"]
    shown = rows if last is None or len(rows) <= last else rows[-last:]
    # In ASCII mode write "->" here: rich measures the cell before the
    # output is made ASCII, and "→" is one column where "->" is two.
    arrow = "->" if getattr(con, "ascii_mode", False) else "→"
    for row in shown:
        cells = []
        for p in session.players:
            if p in row[key]:
                cells.append(f"{_colour(row[key][p], lower)} {arrow} {row['totals'][p]}")
            else:
                cells.append("out")
        table.add_row(str(row["hand"]), row["dealer"], row["winner"] or "—", *cells)
    con.print(table)
    if len(shown) < len(rows):
        con.print(f"  (the last {len(shown)} of {len(rows)} hands; --all shows "
                  "every hand, --json gives them all)", markup=False)
    ascii = getattr(con, "ascii_mode", False)
    if data["hands"]:
        con.print("  How the totals moved:", markup=False)
        width = max(len(p) for p in session.players)
        series = {p: [0] + [row["totals"][p] for row in data["hands"]]
                  for p in session.players}
        # One scale for everyone, so that the lines compare.
        lo = min(min(s) for s in series.values())
        hi = max(max(s) for s in series.values())
        for p in session.players:
            con.print(f"  {p:<{width}}  {sparkline(series[p], ascii, lo=lo, hi=hi)}  "
                      f"{series[p][-1]:>+5d}", markup=False)
    else:
        con.print("  No hands recorded yet.", markup=False)


# -- checks -------------------------------------------------------------------

def _verdict(con: Console, data: dict, yes: str, no: str) -> None:
    head = f"[green]{yes}[/]" if data["valid"] else f"[red]{no}[/]"
    con.print(head + ": ", end="")
    con.print(data["reason"] + (f" ({data['rule']})" if data.get("rule") else ""),
              markup=False)


def check_meld(con: Console, data: dict) -> None:
    _verdict(con, data, data.get("kind") or "meld", "not a meld")
    if data.get("wildcards"):
        con.print("  " + data["wildcards"], markup=False)


def check_finish(con: Console, data: dict) -> None:
    _verdict(con, data, "can finish", "cannot finish")
    if data.get("wildcards"):
        con.print("  " + data["wildcards"], markup=False)
    if data["valid"]:
        if data.get("discard"):
            con.print(f"  Discard {data['discard']}", markup=False)
        for i, group in enumerate(data["arrangement"], start=1):
            kind = (data.get("kinds") or [""] * 99)[i - 1]
            con.print(f"  {i}. {' '.join(group)}" + (f"  — {kind}" if kind else ""),
                      markup=False)


def check_maal(con: Console, data: dict) -> None:
    con.print(f"Maal [bold]{data['maal']}[/]", end="")
    con.print(f": {data['reason']} ({data['rule']})", markup=False)
    if data.get("wildcards"):
        con.print("  " + data["wildcards"], markup=False)
    for item in data["items"]:
        con.print(f"  {item['value']:>3}  {item['name']}: {' '.join(item['cards'])}",
                  markup=False)


def profiles(con: Console, data: list[dict], fmt: Callable[[Any], str]) -> None:
    table = Table(title="Profiles", box=_box(con))
    table.add_column("Game")
    table.add_column("Profile")
    table.add_column("Options (default)")
    table.add_column("About")
    for p in data:
        opts = []
        for k, v in p["options"].items():
            choice = p["choices"].get(k)
            opts.append(f"{k} = {fmt(v)}"
                        + (f"  ({'|'.join(fmt(c) for c in choice)})" if choice else ""))
        table.add_row(p["game"], p["profile"], "\n".join(opts), p["summary"])
    con.print(table)
