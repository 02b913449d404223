"""`join` and `leave`: a seat taken or given up from the next hand (DH-13,
DC-11, YA-12, MA-23; Call Break's seats are fixed for a game, CB-17).
Registered on the app by `cli.build`.

Imports inside functions keep start-up fast: a command loads only what it
uses.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from scorekeeper.commands.common import (
    JSON_OPT,
    LEDGER_ARG,
    after_write,
    emit_json,
    guarded,
    help_of,
    say,
    stdin_is_tty,
    waiting,
)
from scorekeeper.core.language import N_, Said, _
from scorekeeper.core.language import say as told

if TYPE_CHECKING:
    from scorekeeper.files.ledger_file import Seated

NAME_ARG = typer.Argument(..., metavar="NAME", help=_("The player."))

# each command's help (`help_of`), in the language chosen
HELP = {"join": N_("Seat a newcomer from the next hand; their total starts at 0."),
        "leave": N_("A player is gone from the next hand; their total stays and "
                    "settles up.")}


def join(ledger: Path = LEDGER_ARG, name: str = NAME_ARG,
         after: Optional[str] = typer.Option(
             None, "--after", metavar="NAME",
             help=_("Seat them to this player's left (default: the last seat).")),
         extend: bool = typer.Option(
             False, "--extend",
             help=_("A complete session: play on one more hand (or rotation) "
                    "with them, without asking.")),
         as_json: bool = JSON_OPT) -> None:
    """Seat a newcomer from the next hand; their total starts at 0."""
    from scorekeeper.files import ledger_file  # start-up: see module doc

    def body() -> None:
        grow = extend or _offered(ledger, name)
        if grow is None:
            say(_("Nothing written."))
            return
        done = ledger_file.join(ledger, name, after, on_wait=waiting(ledger),
                                extend=grow)
        _show(ledger, done, "joins", as_json)

    guarded(body, as_json)


def _offered(ledger: Path, typed: str) -> bool | None:
    """At a terminal, on a session whose planned hands are all played: may
    it be extended by one of its units for the newcomer? (None: no.)
    Elsewhere, or on an open session, False: the join as it comes."""
    if not stdin_is_tty():
        return False
    from scorekeeper.core.seating import new_name  # start-up: see module doc
    from scorekeeper.files import ledger_file
    from scorekeeper.session.header_checks import planned_out

    session = ledger_file.read(ledger)
    grown = planned_out(session)
    if grown is None or session.rules.seats_fixed:
        return False
    from scorekeeper.screen.entry import yes_no  # start-up: a terminal

    say(Said.ngettext("{ledger}: its {planned} planned hand is played. Yes plays on to "
                      "{grown} hands.",
                      "{ledger}: all {planned} planned hands are played. Yes plays on "
                      "to {grown} hands.", count=session.planned or 0,
                      ledger=ledger, planned=session.planned, grown=grown))
    return yes_no(told(Said("Play on with {name}?", name=new_name(typed))), True) or None


def leave(ledger: Path = LEDGER_ARG, name: str = NAME_ARG,
          as_json: bool = JSON_OPT) -> None:
    """A player is gone from the next hand; their total stays and settles up."""
    from scorekeeper.files import ledger_file  # start-up: see module doc

    def body() -> None:
        done = ledger_file.leave(ledger, name, on_wait=waiting(ledger))
        _show(ledger, done, "leaves", as_json)

    guarded(body, as_json)


def _show(ledger: Path, done: Seated, verb: str, as_json: bool) -> None:
    after = done.after
    seated = list(after.seats.seated_for(len(after.hands)))
    rule = after.rules.rule_or("seats", "table")

    def show() -> None:
        if as_json:
            grown = {"extended": done.extended, "hands_planned": after.planned} \
                if verb == "joins" else {}
            emit_json({"player": done.name, "change": verb.rstrip("s"),
                       "from_hand": done.hand, "seated": seated,
                       "total": after.totals()[done.name],
                       "next_dealer": after.next_dealer, "rule": rule, **grown})
            return
        if done.extended:       # one more unit: 2 hands planned or more
            say(Said.ngettext("{ledger}: {planned} hand planned, {played} played.",
                              "{ledger}: {planned} hands planned, {played} played.",
                              count=after.planned or 0, ledger=ledger,
                              planned=after.planned, played=len(after.hands)))
        values = dict(name=done.name, ledger=ledger, hand=done.hand, rule=rule,
                      seated=", ".join(seated), dealer=after.next_dealer)
        if verb == "joins":
            say(Said("{name} joins {ledger} from hand {hand} ({rule}); seated "
                     "then: {seated}; {dealer} deals next.", **values)
                if after.next_dealer else
                Said("{name} joins {ledger} from hand {hand} ({rule}); seated "
                     "then: {seated}; nobody deals next.", **values))
        else:
            say(Said("{name} leaves {ledger} from hand {hand} ({rule}); seated "
                     "then: {seated}; {dealer} deals next.", **values)
                if after.next_dealer else
                Said("{name} leaves {ledger} from hand {hand} ({rule}); seated "
                     "then: {seated}; nobody deals next.", **values))

    after_write(Said("{name} joins {ledger}", name=done.name, ledger=ledger)
                if verb == "joins" else
                Said("{name} leaves {ledger}", name=done.name, ledger=ledger), show)


def register(app: typer.Typer) -> None:
    for command in (join, leave):
        app.command(help=help_of(command))(command)
