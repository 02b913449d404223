"""Export a session as CSV, JSON or Markdown (pure: returns text).

Scores are written as the game displays them (`ScoreKind.display`: whole
points as they are, tenths as 3.1); the JSON export gives the stored
integers too (its history and standings are those of `history --json` and
`standings --json`). The CSV is one table, its first line the header, so
that a spreadsheet opens it as one: the house options and the money are
in the JSON and Markdown exports (`csv_left_out` says what the CSV
leaves to them). Names and text come from people: in CSV a text cell that
a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`,
their full-width forms `＝ ＋ － ＠`, which spreadsheets read alike, a tab
or a carriage return) gets a leading `'`, as OWASP advises; in Markdown,
HTML is escaped and `|` cannot break a table. Numbers stay numbers.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import PurePath
from typing import TYPE_CHECKING, Callable, Iterator, Optional, Sequence

from scorekeeper.core.errors import Impossible, ScorekeeperError
from scorekeeper.core.language import Said, _, date, digits, ngettext, profile_title, say
from scorekeeper.core.money import money_option
from scorekeeper.core.options import json_options
from scorekeeper.core.plain import PlainDict
from scorekeeper.games.declare import Exported
from scorekeeper.reports.documents import (
    NOT_YET_SEATED,
    history_rows,
    pending_json,
    pending_said,
    standings_json,
    story_of,
)

if TYPE_CHECKING:
    from scorekeeper.reports.money import Money
    from scorekeeper.reports.settle_up import Transfer
    from scorekeeper.session.session import Session

# html is the board's page (`screen.board.page_pieces`, chosen by `export`)
FORMATS = ("csv", "json", "md", "html")


def export(session: Session, fmt: str, money: Optional[Money] = None) -> str:
    """The session in `fmt`; with `money`, each balance in money too (and,
    in JSON and Markdown, the transfers that pay them)."""
    return "".join(export_pieces(session, fmt, money))


def export_pieces(session: Session, fmt: str, money: Optional[Money] = None,
                  left_out: Callable[[str], None] | None = None) -> Iterator[str]:
    """`export`, a piece at a time: JSON is made a few hundred hands at a
    time, so that a long session is never held whole as text (a format
    not known is refused before the first piece). `left_out` is told what
    a CSV leaves to the other formats (`csv_left_out`), if anything."""
    if fmt == "csv":
        if left_out is not None and (note := csv_left_out(session, money)):
            left_out(note)
        return iter([_csv(session, money)])
    if fmt == "json":
        return _json(session, money)
    if fmt in ("md", "markdown"):
        return iter([_markdown(session, money)])
    raise Impossible(Said("unknown export format {fmt}; formats: {formats}",
                          fmt=repr(fmt), formats=", ".join(FORMATS)))


_FORMULA_START = ("=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20", "\t", "\r")


def csv_text(text: str) -> str:
    """A text cell no spreadsheet runs as a formula."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def md_text(text: str) -> str:
    """Text for a Markdown table cell: no HTML, no cell break, one line,
    and no Markdown of its own: a name like `![x](http://…)` is shown as
    typed, never an image or a link (each character that makes markup in
    a line, backslash-escaped)."""
    import html  # start-up: only Markdown needs it (html.entities is large)

    return _MD_SPECIAL.sub(r"\\\g<0>", html.escape(text, quote=False)
                           ).replace("\n", " ")


# Every link and image needs a bracket (the `<` of an autolink is
# HTML-escaped already); a backslash would undo an escape, a backtick start
# code, a bar end the cell. Emphasis is left alone: it cannot fetch
# anything, and option names like call_limit stay readable.
_MD_SPECIAL = re.compile(r"[\\`\[\]|]")


def _rows(session: Session) -> Iterator[PlainDict]:
    return history_rows(session)


def _money_said(money: Money) -> str:
    """"Rs 10 a point: Asha -Rs 400, …" (and what was rounded), in the
    reader's language."""
    said = f"{say(money.rate_said())}: " + ", ".join(
        f"{p} {digits(money.display(v, signed=True))}" for p, v in money.balances.items())
    if not money.rounded:
        return said
    return _("{balances} (rounded to {unit}, adding up to {zero}: {rounded})").format(
        balances=said, unit=digits(money.display(1)), zero=digits(0),
        rounded=say(money.rounded_said()))


def _inputs(session: Session) -> list[tuple[Exported, list[dict[str, str]]]]:
    """Each input the game exports one value a player of (`Game.exported`:
    the cards shown, the calls and tricks), hand by hand as the ledger
    stores it (a card list or an agreed number, a call); those no hand
    holds left out."""
    out = []
    for given in session.game.exported:
        if not given.each:
            continue
        held = [{p: str(v) for p, v in dict(h.data.get(given.key) or {}).items()}
                for h in session.hands]
        if any(held):
            out.append((given, held))
    return out


def _hand_inputs(session: Session) -> list[tuple[Exported, list[str]]]:
    """Each input the game exports one value a hand of (Marriage's tiplu),
    hand by hand ("" where a hand has none); those no hand holds left out."""
    out = []
    for given in session.game.exported:
        held = [str(h.data.get(given.key) or "") for h in session.hands]
        if not given.each and any(held):
            out.append((given, held))
    return out


def _dated(session: Session) -> bool:
    """Whether a hand of the session stores when it was recorded (a ledger
    written before times were kept has none: its exports are as they were)."""
    return any("recorded" in h.data for h in session.hands)


def csv_left_out(session: Session, money: Optional[Money] = None) -> str | None:
    """What the CSV (one table) leaves to the JSON and Markdown exports:
    the session's house options, the money; None when nothing is."""
    options = bool(session.profile.changed_text(session.rules))
    if options and money:
        return _("The CSV holds the hands only: the house options and the money are in "
                 "--format json and --format md.")
    if options:
        return _("The CSV holds the hands only: the house options are in "
                 "--format json and --format md.")
    if money:
        return _("The CSV holds the hands only: the money is in "
                 "--format json and --format md.")
    return None


def _csv(session: Session, money: Optional[Money] = None) -> str:
    kind = session.score_kind
    key, shown = kind.key, kind.display
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    inputs, per_hand = _inputs(session), _hand_inputs(session)
    dated = _dated(session)
    writer.writerow(["hand", "dealer", "winner"]
                    + [given.column for given, _ in per_hand]
                    + [csv_text(f"{key}:{p}") for p in session.players]
                    + [csv_text(f"total:{p}") for p in session.players]
                    + ["what happened"] + (["recorded"] if dated else [])
                    + [csv_text(f"{given.column}:{p}") for given, _ in inputs
                       for p in session.players])
    for row in _rows(session):
        index = row["hand"] - 1
        writer.writerow([row["hand"], csv_text(row["dealer"]),
                         csv_text(row["winner"] or "")]
                        + [csv_text(held[index]) for _, held in per_hand]
                        + [shown(row[key][p]) if p in row[key] else ""
                           for p in session.players]
                        + [shown(row["totals"][p]) for p in session.players]
                        # what happened, in the reader's language (the
                        # header and the numbers stay as a spreadsheet reads them)
                        + [csv_text(say(story_of(session, row)))]
                        + ([csv_text(row["recorded"] or "")] if dated else [])
                        + [csv_text(held[index].get(p, ""))
                           for _, held in inputs for p in session.players])
    return out.getvalue()


def _json(session: Session, money: Optional[Money] = None) -> Iterator[str]:
    data = {
        "game": session.game.name,
        "profile": session.profile.name,
        "players": list(session.players),
        "first_dealer": session.first_dealer,
        "options": json_options(session.profile.option_values(session.rules)),
        "house_options": session.house_options,
        "hands": (dict(h.data) for h in session.hands),
        "history": history_rows(session),
        "standings": standings_json(session),
        **({"pending": pending_json(session)} if session.pending else {}),
        **({"money": money.as_json()} if money else {}),
    }
    from scorekeeper.core.jsontext import json_pieces  # start-up: only JSON loads json

    return json_pieces(data, indent=True)


def _markdown(session: Session, money: Optional[Money] = None,
              heading: str | None = None) -> str:
    """The session for people, in their language (headings, column heads,
    what happened, numbers in their digits); `heading`: its first line, as
    one of the night's sessions."""
    kind = session.score_kind
    key = kind.key

    def shown(value: int) -> str:
        return digits(kind.display(value))

    players = list(session.players)
    names = {p: md_text(p) for p in players}
    standing = standings_json(session)
    lines = [heading or "# " + _("{title} session ({profile})").format(
                 title=say(session.game.title), profile=profile_title(session.profile.name)), "",
             _("Players (seat order): {players}; first dealer {dealer}.").format(
                 players=", ".join(names.values()), dealer=names[session.first_dealer]),
             ""]
    said = session.profile.changed_text(session.rules)
    if said:
        lines += [_("House options (not the profile's defaults): {options}.").format(
            options=md_text(said)), ""]
    out = _("out")
    dated = _dated(session)
    lines += ["| " + " | ".join([_("Hand"), *([_("Date")] if dated else []), _("Dealer"),
                                 _("Winner"), _("What happened"), *names.values()]) + " |",
              "|---:|" + "---|" * (dated + 3) + "---:|" * len(players)]
    for row in _rows(session):
        waiting = row.get("not_yet_seated", ())
        cells = [f"{digits(kind.signed(row[key][p], plus_zero=True))} "
                 f"({shown(row['totals'][p])})" if p in row[key]
                 else NOT_YET_SEATED if p in waiting else out for p in players]
        when = f" {md_text(date(row['recorded']) if row['recorded'] else '—')} |" \
            if dated else ""
        lines.append(f"| {digits(row['hand'])} |{when} {md_text(row['dealer'])} | "
                     f"{md_text(row['winner'] or '—')} | "
                     f"{md_text(say(story_of(session, row)))} | " + " | ".join(cells) + " |")
    lines += ["", "| " + " | ".join([_("Place"), _("Player"), _("Total")]) + " |",
              "|---:|---|---:|"]
    for p in sorted(players, key=lambda p: standing["places"][p]):
        lines.append(f"| {digits(standing['places'][p])} | {names[p]} | "
                     f"{shown(standing['totals'][p])} |")
    lines += _markdown_shown(session, names)
    lines.append("")
    lines.append(_played(standing))
    if session.paid_hands:
        lines += ["", md_text(settled_said(session))]
    waiting = pending_said(session)
    if waiting is not None:         # calls saved, the tricks being played (CB-18)
        lines += ["", md_text(say(waiting))]
    if money:
        lines += ["", _("Money: {said}.").format(said=md_text(_money_said(money))), ""]
        why = why_money(session, money)
        if why:
            lines += [md_text(why[0]), *("- " + md_text(line) for line in why[1:]), ""]
        lines += ["- " + _("{giver} gives {receiver} {amount}").format(
            giver=names[t.giver], receiver=names[t.receiver],
            amount=md_text(digits(money.display(t.points)))) for t in unpaid_transfers(session, money)]
    return "\n".join(lines) + "\n"


def settled_said(session: Session) -> str:
    """What `settle-up --paid` recorded, as `standings` says it: "Settled:
    hands 1–3 paid 2026-12-07 (settle-up --paid)." (or "Partly settled")."""
    said = _("Settled: hands {first}–{last} paid {at} (settle-up --paid).") \
        if all_paid(session) else \
        _("Partly settled: hands {first}–{last} paid {at} (settle-up --paid).")
    return said.format(first=digits(1), last=digits(session.paid_hands),
                       at=date(session.payments[-1]["at"]))


def all_paid(session: Session) -> bool:
    """Whether `settle-up --paid` settled every hand of the session."""
    return bool(session.paid_hands) and session.paid_hands >= len(session.hands)


def unpaid_transfers(session: Session, money: Money) -> list[Transfer]:
    """The transfers that pay what `settle-up --paid` has not settled yet
    (as a later `settle-up` counts it): none when every hand is paid."""
    if not session.paid_hands:
        return list(money.transfers)
    if all_paid(session):
        return []
    from scorekeeper.reports.money import money as in_money  # with a payment only
    from scorekeeper.reports.settle_up import balances

    rest = session.unpaid()
    return list(in_money(balances([rest]), session.score_kind.scale, money.option).transfers)


def why_money(session: Session, money: Money) -> list[str]:
    """Why a game whose points are not transfers pays other money than its
    points show, in the reader's language: each pair settles the difference
    of their points (CB-13), worked out for the first player; or the match
    is paid by place, an instant win or perfect calls, and how (the lines
    `settle-up` notes). Nothing for points passed between players."""
    if session.score_kind.transfers:
        return []
    from scorekeeper.reports.settle_up import paid_otherwise  # with money only

    paid = paid_otherwise(session)
    if paid is not None:
        return [_("Money is not points: this match is paid by place, not by the "
                  "difference of points:"), *map(say, paid[1])]
    totals, kind = session.totals(), session.score_kind
    first = session.players[0]
    exact = money.exact[first]
    return [_("Money is not points: each pair of players settles the difference of "
              "their points, so a player gets (their points × {count} − everyone's "
              "points together) × the stake.").format(count=digits(len(totals))),
            _("{name}: ({points} × {count} − {all}) × {stake} = {money}").format(
                name=first, points=digits(kind.display(totals[first])),
                count=digits(len(totals)), all=digits(kind.display(sum(totals.values()))),
                stake=say(money.option.said()),
                money=digits(money.display(int(exact), signed=True)
                             if exact == int(exact) else money.exact_display(exact)))]


def _played(standing: PlainDict) -> str:
    """"Hands played: 3 of 5." and the like."""
    said = {"played": digits(standing["hands_played"]),
            "planned": digits(standing["hands_planned"] or 0)}
    if standing["hands_planned"]:
        return (_("Hands played: {played} of {planned} — complete.") if standing["complete"]
                else _("Hands played: {played} of {planned}.")).format(**said)
    return (_("Hands played: {played} — complete.") if standing["complete"]
            else _("Hands played: {played}.")).format(**said)


def _number(text: str) -> str:
    """A number (a call, an agreed count) in the reader's digits; cards as
    they are."""
    return digits(text) if re.fullmatch(r"-?[0-9]+", text) else text


def _markdown_shown(session: Session, names: dict[str, str]) -> list[str]:
    """Each input the game exports, a table of it hand by hand (the cards
    each player showed, a number: agreed; the calls; the tricks)."""
    lines: list[str] = []
    out = _("out")
    for given, held in _inputs(session):
        # the caption marked where the game names it
        lines += ["", f"{_(given.caption)}:", "",
                  "| " + _("Hand") + " | " + " | ".join(names.values()) + " |",
                  "|---:|" + "---|" * len(names)]
        for number, by_player in enumerate(held, start=1):
            waiting = session.seats.not_yet_seated(number)
            lines.append(f"| {digits(number)} | " + " | ".join(
                md_text(_number(by_player[p])) if p in by_player
                else NOT_YET_SEATED if p in waiting else out for p in names) + " |")
    return lines


# -- the night: several ledgers as one ------------------------------------------


@dataclass(frozen=True)
class Played:
    """A session of the night: when its ledger was last written (the file's
    time; the ledger stores no start time) and its money, if it agreed a
    rate."""

    session: Session
    written: float | None = None
    money: Optional[Money] = None
    named: bool = False     # its file named in its title (`told_apart`)

    @property
    def title(self) -> str:
        """Its game and the time its ledger was last written: "Marriage ·
        21:40" (and, `named`, its file: "Marriage · 21:40 · m.toml")."""
        game = say(self.session.game.title)
        title = game if self.written is None else \
            _("{game} · {time}").format(game=game, time=when(self.written))
        if not self.named:
            return title
        return _("{title} · {file}").format(title=title, file=self.file)

    @property
    def file(self) -> str:
        """Its ledger's file name ("dh.toml")."""
        return PurePath(self.session.label).name


def told_apart(played: Sequence[Played]) -> list[Played]:
    """The sessions, each whose title another's is too `named`: its file
    in its title, so that no two are called the same."""
    counts = Counter(p.title for p in played)
    return [replace(p, named=counts[p.title] > 1) for p in played]


def subtitle(session: Session) -> str:
    """The small line under a session's title: the file, the profile, the
    hands played (and planned): "dh.toml · nepali-games · 3/3 hands"."""
    played, planned = len(session.hands), session.planned
    said = {"profile": profile_title(session.profile.name), "file": PurePath(session.label).name,
            "played": digits(played), "planned": digits(planned or 0)}
    if planned and played <= planned:
        return ngettext("{file} · {profile} · {played}/{planned} hand",
                        "{file} · {profile} · {played}/{planned} hands",
                        planned).format(**said)
    if planned:
        return ngettext("{file} · {profile} · {played} hand ({planned} planned)",
                        "{file} · {profile} · {played} hands ({planned} planned)",
                        played).format(**said)
    return ngettext("{file} · {profile} · {played} hand",
                    "{file} · {profile} · {played} hands", played).format(**said)


def when(seconds: float, now: float | None = None) -> str:
    """A local time as people read it: "21:40" the same day as `now` (this
    moment), else with the date ("2026-12-06 21:40"), in the reader's
    digits."""
    import datetime  # here, not above: the playthroughs fix its clock

    at = datetime.datetime.fromtimestamp(seconds)
    today = datetime.datetime.now() if now is None else datetime.datetime.fromtimestamp(now)
    return digits(at.strftime("%H:%M" if at.date() == today.date() else "%Y-%m-%d %H:%M"))


def night_date(played: Sequence[Played]) -> str:
    """The night's date: the day its latest ledger was last written (today
    if no time is known), as the reader reads a date (`language.date`: in
    Nepali, Bikram Sambat)."""
    import datetime  # here, not above: the playthroughs fix its clock

    latest = max((p.written for p in played if p.written is not None), default=None)
    day = datetime.datetime.now() if latest is None else \
        datetime.datetime.fromtimestamp(latest)
    return date(day.isoformat())


def newest_first(played: Sequence[Played]) -> list[Played]:
    """The sessions the most recently written first (the order given kept
    among those written at the same time, or at no time known: last)."""
    return sorted(played, key=lambda p: -(p.written or 0.0))


@dataclass(frozen=True)
class Night:
    """The night's settle-up as people read it: each player's balance
    (`column`: money, or points), the fewest transfers, each game's stake,
    and a note for each game left out (and why, `refused`, nothing could
    be settled)."""

    column: str = ""
    balances: tuple[tuple[str, int, str], ...] = ()     # name, sign, as shown
    transfers: tuple[tuple[str, str, str], ...] = ()    # giver, receiver, amount
    stakes: str = ""
    notes: tuple[str, ...] = ()
    refused: str = ""

    @property
    def fewest(self) -> str:
        return ngettext("{count} transfer squares everyone (the fewest possible).",
                        "{count} transfers square everyone (the fewest possible).",
                        len(self.transfers)).format(count=digits(len(self.transfers)))


def night(played: Sequence[Played]) -> Night:
    """Several sessions settled as one night, in money: each session that
    agreed a stake at its own (as `settle-up --mix`), the hands `settle-up
    --paid` settled left out (and said); one without a stake, or scoring
    penalty points, said in words and left out. When none agreed a stake,
    sessions of one game are settled in points."""
    paid = [_("{game}: hands {first}–{last} paid {at} (settle-up --paid).").format(
        game=p.title, first=digits(1), last=digits(p.session.paid_hands),
        at=date(p.session.payments[-1]["at"])) for p in played if p.session.paid_hands]
    unpaid = [replace(p, session=p.session.unpaid()) for p in played
              if not all_paid(p.session)]
    if played and not unpaid:
        return Night(notes=tuple(paid), refused=_("Everything here is paid: nothing to settle."))
    owing = [p for p in unpaid if not p.session.score_kind.owed_to_nobody]
    rated = [p for p in owing if money_option(None, None, p.session.money)]
    notes = paid + [_("{game} scores penalty points: nobody owes anybody for it.").format(
        game=p.title) for p in unpaid if p.session.score_kind.owed_to_nobody]
    notes += [_("{game} has no stake agreed, so it is not in the money: agree one when "
                "you start the next game.").format(game=p.title)
              for p in owing if not any(p is r for r in rated)]
    try:
        if rated:
            return _in_money(rated, tuple(notes))
        if len({p.session.game.title for p in owing}) == 1:
            return _in_points([p.session for p in owing], tuple(notes))
    except ScorekeeperError as err:
        return Night(notes=tuple(notes), refused=_("No settle-up: {why}").format(
            why=say(err.message)))
    return Night(notes=tuple(notes))


def _in_money(rated: Sequence[Played], notes: tuple[str, ...]) -> Night:
    from scorekeeper.reports.money import own_rates  # the night's settle-up only

    options = [money_option(None, None, p.session.money) for p in rated]
    codes = list(dict.fromkeys(o.currency.code for o in options if o))
    if len(codes) > 1:
        return Night(notes=notes, refused=_(
            "These games were played for different currencies ({codes}): their money "
            "cannot be added up.").format(codes=", ".join(codes)))
    paid = own_rates([p.session for p in rated], None, mix=True)
    stakes = "; ".join(_("{game} at {rate}").format(game=p.title, rate=say(o.said()))
                       for p, o in zip(rated, options) if o)
    return Night(_("Money"), tuple((name, units, digits(paid.display(units, signed=True)))
                                   for name, units in paid.balances.items()),
                 tuple((t.giver, t.receiver, digits(paid.display(t.points)))
                       for t in paid.transfers),
                 _("Each game at its own stake: {stakes}.").format(stakes=stakes), notes)


def _in_points(sessions: Sequence[Session], notes: tuple[str, ...]) -> Night:
    from scorekeeper.reports import settle_up  # the night's settle-up only

    balances = settle_up.balances(sessions)
    kind = settle_up.kind_of(sessions)
    return Night(_("Points"), tuple((name, value, digits(kind.signed(value)))
                                    for name, value in balances.items()),
                 tuple((t.giver, t.receiver, digits(kind.display(t.points)))
                       for t in settle_up.fewest_transfers(balances)), "", notes)


def night_markdown(played: Sequence[Played]) -> str:
    """`export --format md` of several ledgers: the night's date and its
    settle-up, then each session's Markdown, the most recently written
    first."""
    shown = told_apart(newest_first(played))
    settled = night(shown)
    lines = ["# " + md_text(_("The night of {date}").format(date=night_date(shown))), ""]
    lines += ["- " + md_text(p.title) for p in shown] + [""]
    if settled.refused:
        lines += [md_text(settled.refused), ""]
    if settled.column:
        lines += ["| " + _("Player") + " | " + md_text(settled.column) + " |", "|---|---:|"]
        lines += [f"| {md_text(name)} | {md_text(said)} |"
                  for name, _sign, said in settled.balances] + [""]
        lines += ["- " + md_text(_("{giver} gives {receiver} {amount}").format(
            giver=giver, receiver=receiver, amount=amount))
            for giver, receiver, amount in settled.transfers]
        lines += ["", md_text(settled.fewest if settled.transfers else
                              _("Everyone is square: nobody gives anything.")), ""]
    lines += [md_text(line) for line in (settled.stakes, *settled.notes) if line]
    text = "\n".join(lines).rstrip("\n") + "\n"
    for p in shown:
        heading = "## " + md_text(_("{title} ({profile})").format(
            title=p.title, profile=profile_title(p.session.profile.name)))
        heading += "\n\n" + md_text(subtitle(p.session))
        text += "\n---\n\n" + _markdown(p.session, p.money, heading)
    return text
