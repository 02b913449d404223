"""`settle-up`: the fewest transfers that square everyone after one or
several sessions (docs/CLI.md). The core is `reports.settle_up`; the view
`screen.summaries`. Nothing heavy is imported until the command runs."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, List, Optional, Sequence

import typer

from scorekeeper.commands import completion
from scorekeeper.commands.common import (
    ASCII_OPT,
    CURRENCY_OPT,
    JSON_OPT,
    RATE_OPT,
    console,
    emit_json,
    guarded,
    ledger_path,
    say,
    stdin_is_tty,
    waiting,
    warn_stale,
)
from scorekeeper.commands.verify import YES_OPT
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, Said, _, date, digits, ngettext
from scorekeeper.core.language import say as told
from scorekeeper.core.plain import PlainDict

if TYPE_CHECKING:
    from scorekeeper.reports.money import Money
    from scorekeeper.reports.settle_up import Transfer
    from scorekeeper.session.session import Session


# the command's help (`help_of`), in the language chosen
HELP = {"settle_up": N_("The fewest transfers that square everyone after one or several "
                        "sessions.")}


def settle_up(
    ledgers: List[Path] = typer.Argument(
        None, metavar="[LEDGER]...", show_default=False,
        autocompletion=completion.ledgers,
        help=_("One or more session ledgers (none: the one found, as LEDGER).")),
    mix: bool = typer.Option(False, "--mix",
                             help=_("Add up sessions of different games.")),
    rate: Optional[str] = RATE_OPT, currency: Optional[str] = CURRENCY_OPT,
    paid: bool = typer.Option(False, "--paid",
                              help=_("Record in each ledger that this settlement was paid "
                                     "(on a terminal, after showing it and asking).")),
    as_json: bool = JSON_OPT, ascii: bool = ASCII_OPT, yes: bool = YES_OPT,
) -> None:
    """The fewest transfers that square everyone after one or several sessions."""
    def body() -> None:
        from scorekeeper.files import ledger_file  # start-up: see module doc
        from scorekeeper.reports import money as money_  # start-up: see module doc
        paths = list(ledgers or ()) or [ledger_path(None)]
        asking = paid and not yes and stdin_is_tty()
        _refuse_twice(paths)
        checked_all = [ledger_file.read_checked(path) for path in paths]
        for checked in checked_all:
            warn_stale(checked)
        whole = [checked.session for checked in checked_all]
        left_out = _left_out(whole, paid)
        gone = {id(s) for s in left_out}
        kept = [(path, s) for path, s in zip(paths, whole) if id(s) not in gone]
        if not kept:
            _nothing_unpaid(left_out, as_json)
            return
        sessions = [s.unpaid() for _, s in kept]
        if money_.in_money_only(sessions, rate):
            at_rates = money_.own_rates(sessions, currency, mix, rate)
            _notes([s for _, s in kept])
            if paid:
                _record_paid(kept, at_rates.transfers, at_rates.currency.code,
                             at_rates.display if asking else None)
            _own_rates(sessions, at_rates, as_json, ascii, _extra(left_out, kept, paid))
            return
        _in_points(kept, sessions, mix, (rate, currency), (paid, asking),
                   _extra(left_out, kept, paid), (as_json, ascii))

    guarded(body, as_json)


def _in_points(kept: Sequence[tuple[Path, Session]], sessions: Sequence[Session],
               mix: bool, money_given: tuple[str | None, str | None],
               paying: tuple[bool, bool], extra: PlainDict,
               output: tuple[bool, bool]) -> None:
    """Sessions added up in points (and in money at one rate, if any);
    `paying`: whether --paid records it, and asks first."""
    from scorekeeper.reports import money as money_  # start-up: see module doc
    from scorekeeper.reports import settle_up as settleup  # start-up: see module doc

    as_json, ascii = output
    balances = settleup.balances(sessions, mix)
    transfers = settleup.fewest_transfers(balances)
    kind = settleup.kind_of(sessions)
    option = money_.agreed(sessions, *money_given)
    money = None if option is None else money_.money(balances, kind.scale, option)
    _notes([s for _, s in kept])
    by_place = settleup.how_paid(sessions)      # CB-14: never silently
    for line in by_place:
        say(_("note: {note}").format(note=told(line)))
    if paying[0]:
        amount = money.display if money else kind.display
        _record_paid(kept, money.transfers if money else transfers,
                     money.currency.code if money else "points",
                     amount if paying[1] else None)
    if as_json:
        emit_json({"balances": balances,
                   **({"payout": [line.english for line in by_place]} if by_place else {}),
                   "balances_display": kind.displayed(balances),
                   "transfers": [t.as_json() for t in transfers],
                   "transfers_display": [t.display_json(kind) for t in transfers],
                   "sessions": [str(path) for path, _ in kept],   # the names as given
                   "hands": sum(len(s.hands) for s in sessions),
                   **({"money": money.as_json()} if money else {}), **extra}, ascii)
        return
    from scorekeeper.screen import summaries  # rich: only when a person reads

    summaries.settle_up(console(ascii), _heading(sessions), balances, transfers,
                        kind, money)


def _left_out(sessions: Sequence[Session], paying: bool) -> list[Session]:
    """The sessions whose every hand is paid (`settle-up --paid` before),
    each said on stderr; a session partly paid is settled from the first
    hand not paid, and said so too."""
    out = []
    for s in sessions:
        if not s.paid_hands:
            continue
        at = date(s.payments[-1]["at"])
        if s.paid_hands >= len(s.hands):
            out.append(s)
            say(ngettext("left out: {ledger}: its {count} hand was paid {at}",
                         "left out: {ledger}: its {count} hands were paid {at}",
                         len(s.hands)).format(ledger=s.label, count=digits(len(s.hands)),
                                              at=at))
        else:
            say(_paid_note(s.label, s.paid_hands, len(s.hands), at))
    if paying and out and len(out) == len(sessions):
        raise Impossible(Said("nothing here is unpaid: {ledgers} paid already; the same "
                              "settlement is not paid twice (`undo LEDGER --paid` takes a "
                              "payment back)", ledgers=", ".join(s.label for s in out)),
                         out[0].rules.rule("ledger"))
    return out


def _nothing_unpaid(left_out: Sequence[Session], as_json: bool) -> None:
    if as_json:
        emit_json({"balances": {}, "transfers": [], "sessions": [], "hands": 0,
                   "left_out": [s.label for s in left_out]})
        return
    say(_("Everything here is paid: nothing to settle."))


def _extra(left_out: Sequence[Session], kept: Sequence[tuple[Path, Session]],
           paying: bool) -> PlainDict:
    """What `--json` adds: the sessions left out as paid, those recorded
    as paid now."""
    extra: PlainDict = {}
    if left_out:
        extra["left_out"] = [s.label for s in left_out]
    if paying:
        extra["recorded_paid"] = [str(path) for path, _ in kept]
    return extra


def _record_paid(kept: Sequence[tuple[Path, Session]],
                 transfers: Sequence[Transfer], unit: str,
                 asking: Callable[[int], str] | None) -> None:
    """Each ledger's record that this settlement was paid: when, of which
    sessions, its hands, and the transfers (in money units, or points).
    `asking`: at a terminal, without --yes, how an amount reads: the
    payment is shown and asked about first, as `undo` asks; declined,
    nothing is written (exit 0)."""
    from datetime import datetime, timezone  # start-up: only with --paid

    if asking is not None and not _paid_agreed(kept, transfers, asking):
        say(_("Nothing recorded as paid."))
        raise typer.Exit(0)

    from scorekeeper.files import ledger_file  # start-up: see module doc

    record = {"at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
              "hands": 0, "sessions": [str(path) for path, _ in kept],   # as named
              "transfers": [{"from": t.giver, "to": t.receiver, "amount": t.points}
                            for t in transfers], "unit": unit}
    for path, s in kept:
        ledger_file.pay(path, {**record, "hands": len(s.hands)}, len(s.hands),
                        on_wait=waiting(path))
    say(_("Recorded as paid in {ledgers}.").format(
        ledgers=", ".join(s.label for _path, s in kept)))


def _paid_agreed(kept: Sequence[tuple[Path, Session]],
                 transfers: Sequence[Transfer], amount: Callable[[int], str]) -> bool:
    """The payment `--paid` would record, said (stderr), and asked."""
    from scorekeeper.screen.entry import yes_no  # start-up: only at a terminal

    say(_("To be recorded as paid:"))
    for t in transfers:
        say("  " + _("{giver} gives {receiver} {amount}").format(
            giver=t.giver, receiver=t.receiver, amount=digits(amount(t.points))))
    if not transfers:
        say("  " + _("Everyone is square: nobody gives anything."))
    hands = [ngettext("{ledger}, {count} hand", "{ledger}, {count} hands",
                      len(s.hands) - s.paid_hands).format(
        ledger=s.label, count=digits(len(s.hands) - s.paid_hands)) for _path, s in kept]
    return yes_no(_("Record this as paid in {ledgers}?").format(ledgers="; ".join(hands)),
                  False)


def _notes(sessions: Sequence[Session]) -> None:
    """Once nothing is refused: a note, not a refusal, of each session not
    yet complete."""
    for s in sessions:
        if not s.complete:
            said = _("note: {ledger} is not complete ({played}/{planned} hands): settling "
                     "what is recorded") if s.planned else \
                ngettext("note: {ledger} is not complete ({played} hand): settling what "
                         "is recorded",
                         "note: {ledger} is not complete ({played} hands): settling what "
                         "is recorded", len(s.hands))
            say(said.format(ledger=s.label, played=digits(len(s.hands)),
                            planned=digits(s.planned or 0)))
        if s.pending is not None:       # CB-18: its calls alone score nothing
            say(_("note: hand {number} of {ledger} is being played: it counts once its "
                  "tricks are recorded").format(number=digits(s.pending.number),
                                                ledger=s.label))


def _heading(sessions: Sequence[Session]) -> str:
    hands = sum(len(s.hands) for s in sessions)
    titles = ", ".join(dict.fromkeys(told(s.game.title) for s in sessions))
    said = ngettext("Settle-up — {games}, {sessions} session, {hands} hands",
                    "Settle-up — {games}, {sessions} sessions, {hands} hands",
                    len(sessions)) if hands != 1 else \
        ngettext("Settle-up — {games}, {sessions} session, {hands} hand",
                 "Settle-up — {games}, {sessions} sessions, {hands} hand", len(sessions))
    return said.format(games=titles, sessions=digits(len(sessions)), hands=digits(hands))


def _own_rates(sessions: Sequence[Session], money: Money, as_json: bool,
               ascii: bool, extra: PlainDict) -> None:
    """Sessions that agreed different rates, settled in money only (their
    points, at different stakes, are not added up: `balances` and
    `transfers` are null in JSON)."""
    if as_json:
        from scorekeeper.reports.settle_up import owed  # start-up: see module doc

        emit_json({"balances": None, "balances_display": None,
                   "transfers": None, "transfers_display": None,
                   "sessions": [s.label for s in sessions],
                   "hands": sum(len(s.hands) for s in sessions),
                   "by_session": [{"session": s.label, "balances": owed(s),
                                   **s.money} for s in sessions],
                   "money": money.as_json(), **extra}, ascii)
        return
    from scorekeeper.screen import summaries  # rich: only when a person reads

    summaries.settle_up_money(console(ascii), _heading(sessions), money)


def _refuse_twice(paths: Sequence[Path]) -> None:
    seen: dict[Path, Path] = {}
    for path in paths:
        key = path.resolve()
        if key in seen:
            raise Impossible(Said("{path} is given twice (as {first}): each session is "
                                  "settled once", path=path, first=seen[key]))
        seen[key] = path


def _paid_note(ledger: str, paid: int, last: int, at: object) -> str:
    """"hands 1–5 were paid …; settling hands 6–9", a range of one said as
    one hand ("hand 1", "hand 6"), each a whole sentence."""
    values = dict(ledger=ledger, first=digits(1), paid=digits(paid), at=at,
                  next=digits(paid + 1), last=digits(last))
    if paid == 1:
        return (_("note: {ledger}: hand {first} was paid {at}; settling hand {last}")
                if last == 2 else
                _("note: {ledger}: hand {first} was paid {at}; settling hands "
                  "{next}–{last}")).format(**values)
    return (_("note: {ledger}: hands {first}–{paid} were paid {at}; settling hand {last}")
            if last == paid + 1 else
            _("note: {ledger}: hands {first}–{paid} were paid {at}; settling hands "
              "{next}–{last}")).format(**values)
