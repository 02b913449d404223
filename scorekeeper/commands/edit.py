"""The commands that edit a whole ledger: `undo`, `redo`, `extend` and
`rename`.
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
    number_parser,
    say,
    stdin_is_tty,
    waiting,
    warn_stale,
)
from scorekeeper.commands.verify import YES_OPT
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, Said, When, _
from scorekeeper.core.language import say as told
from scorekeeper.core.plain import PlainDict
from scorekeeper.reports.documents import given_said, hand_json, history_rows, story_of

if TYPE_CHECKING:
    from scorekeeper.session.session import Session


def _named(session: "Session", number: int) -> tuple[Said, PlainDict]:
    """Hand `number` of `session` in words ("hand 7 (dealer Asha: Bikash
    won)") and as JSON: its number, dealer, players and ruling; a hand
    waiting for its play, its calls (CB-18)."""
    waiting = session.pending
    if waiting is not None and waiting.number == number:
        said = Said("{given}; no tricks yet", given=given_said(session))
        return (Said("hand {number} (dealer {dealer}: {story})", number=number,
                     dealer=waiting.dealer, story=said),
                {"hand": number, "dealer": waiting.dealer,
                 "players": list(waiting.seated), "winner": None, "ruling": said.english})
    row = next(history_rows(session, skip=number - 1))
    story = story_of(session, row)
    hand = session.hand(number)
    return (Said("hand {number} (dealer {dealer}: {story})", number=number,
                 dealer=row["dealer"], story=story),
            {"hand": number, "dealer": row["dealer"], "players": list(hand.seated),
             "winner": row.get("winner"), "ruling": story.english})


# each command's help (`help_of`), in the language chosen
HELP = {
    "undo": N_("Remove the last hand (on a terminal, after saying which and asking); "
               "`redo` puts it back until another hand is written."),
    "redo": N_("Put back the hand `undo` removed, byte for byte, ruled again (on a "
               "terminal, after saying which and asking)."),
    "extend": N_("Change how many hands (or rotations, or rounds) the session plans."),
    "rename": N_("Call a player by another name everywhere in the ledger."),
}

PAID_OPT = typer.Option(False, "--paid",
                        help=_("Take back the last payment settle-up --paid recorded."))


def undo(ledger: Path = LEDGER_ARG, as_json: bool = JSON_OPT,
         yes: bool = YES_OPT, paid: bool = PAID_OPT) -> None:
    """Remove the last hand (on a terminal, after saying which and asking);
    `redo` puts it back until another hand is written."""
    from scorekeeper.files import ledger_file  # start-up: see module doc

    def body() -> None:
        if paid:
            _unpay(ledger, as_json)
            return
        expect = None
        if not yes and stdin_is_tty():
            session = ledger_file.read(ledger)
            if session.hands or session.pending:
                number = len(session.hands) + bool(session.pending)
                from scorekeeper.screen.entry import yes_no  # start-up: a terminal
                from scorekeeper.session.hand_checks import refuse_settled  # the same

                refuse_settled(ledger, session, number)   # before asking, not after
                said, _json = _named(session, number)

                if not yes_no(told(Said("Remove {hand}?", hand=said)), False):
                    say(_("Nothing removed."))
                    return
                expect = len(session.hands)
        done = ledger_file.undo(ledger, expect, on_wait=waiting(ledger))
        removed, left = done.removed, len(done.after.hands)
        said, named = _named(done.before, removed.number)

        def show() -> None:
            # which hand is gone is said in every mode (stderr)
            say(Said.ngettext("Removed {hand} from {ledger}; {left} hand remains.",
                             "Removed {hand} from {ledger}; {left} hands remain.",
                             count=left, hand=said, ledger=ledger, left=left))
            if as_json:
                kind = done.after.score_kind
                emit_json(kind.with_display(
                    {"removed": removed.number, "hands_played": left,
                     kind.key: dict(removed.scores), "removed_hand": named,
                     "redo": done.kept}, kind.key))
                return
            say(Said("`scorekeeper redo {ledger}` puts it back until another hand "
                     "is written.", ledger=ledger) if done.kept else
                Said("It cannot be redone: the ledger's layout has something "
                     "after its last hand."))
        after_write(Said("Removed hand {number} from {ledger}", number=removed.number,
                         ledger=ledger), show)

    guarded(body, as_json)


def _unpay(ledger: Path, as_json: bool) -> None:
    """`undo --paid`: the last payment recorded taken back."""
    from scorekeeper.files import ledger_file  # start-up: see module doc

    record, after = ledger_file.unpay(ledger, on_wait=waiting(ledger))

    def show() -> None:
        if as_json:
            emit_json({"unpaid": record, "paid_hands": after.paid_hands})
            return
        unpaid = len(after.hands) - after.paid_hands
        values = dict(ledger=ledger, first=1, last=record.get("hands"),
                      at=When(record.get("at")), unpaid=unpaid)
        say(Said.ngettext("Took back the payment of {ledger}'s hands {first}–{last} "
                         "({at}); {unpaid} hand unpaid now.",
                         "Took back the payment of {ledger}'s hands {first}–{last} "
                         "({at}); {unpaid} hands unpaid now.", count=unpaid, **values))
    after_write(Said("Took back a payment in {ledger}", ledger=ledger), show)


def redo(ledger: Path = LEDGER_ARG, as_json: bool = JSON_OPT,
         yes: bool = YES_OPT) -> None:
    """Put back the hand `undo` removed, byte for byte, ruled again (on a
    terminal, after saying which and asking)."""
    from scorekeeper.files import ledger_file  # start-up: see module doc

    def body() -> None:
        expect = None
        if not yes and stdin_is_tty():
            from scorekeeper.ledger.changes import redone  # start-up: a terminal
            from scorekeeper.screen.entry import yes_no  # the same

            expect, put_back = redone(ledger_file.read(ledger), ledger)
            said, _json = _named(put_back, len(put_back.hands))
            if not yes_no(told(Said("Put back {hand}?", hand=said)), False):
                say(_("Nothing put back."))
                return
        done = ledger_file.redo(ledger, on_wait=waiting(ledger), expect=expect)
        after = done.after
        number = len(after.hands) + bool(after.pending)
        said, named = _named(after, number)

        def show() -> None:
            if as_json:     # calls put back (CB-18): no ruling yet
                data = named if done.ruled is None else hand_json(after, done.ruled)
                data.update(dealer=named["dealer"], players=named["players"],
                            hands_played=len(after.hands))
                emit_json(data)
                return
            played = len(after.hands)
            say(Said.ngettext("Put back {hand} in {ledger}; {played} hand played.",
                             "Put back {hand} in {ledger}; {played} hands played.",
                             count=played, hand=said, ledger=ledger, played=played))
        after_write(Said("Put back hand {number} in {ledger}", number=number,
                         ledger=ledger), show)

    guarded(body, as_json)


def extend(
    ledger: Path = LEDGER_ARG,
    hands: Optional[int] = typer.Option(None, "--hands", metavar="N",
                                        parser=number_parser,
                                        help=_("New total of hands.")),
    rotations: Optional[int] = typer.Option(None, "--rotations", metavar="N",
                                            parser=number_parser,
                                            help=_("New total of rotations.")),
    rounds: Optional[int] = typer.Option(None, "--rounds", metavar="N",
                                         parser=number_parser,
                                         help=_("New total of rounds.")),
) -> None:
    """Change how many hands (or rotations, or rounds) the session plans."""
    from scorekeeper.files import ledger_file  # start-up: see module doc

    def body() -> None:
        given = [(unit, value) for unit, value in (
            ("hands", hands), ("rotations", rotations), ("rounds", rounds))
            if value is not None]
        if len(given) != 1:
            raise Impossible(Said("give exactly one of --hands N, --rotations N or "
                                  "--rounds N"))
        unit, value = given[0]
        checked = ledger_file.extend(ledger, unit, value, on_wait=waiting(ledger))
        after = checked.session

        def show() -> None:
            planned, played = after.planned or 0, len(after.hands)
            say(Said.ngettext("{ledger}: {planned} hand planned, {played} played.",
                             "{ledger}: {planned} hands planned, {played} played.",
                             count=planned, ledger=ledger, planned=planned,
                             played=played))
            warn_stale(checked)

        after_write(Said("Extended {ledger}", ledger=ledger), show)

    guarded(body)


def rename(ledger: Path = LEDGER_ARG,
           old: str = typer.Argument(..., metavar="OLD", help=_("The name now.")),
           new: str = typer.Argument(..., metavar="NEW", help=_("The name to use."))
           ) -> None:
    """Call a player by another name everywhere in the ledger."""
    from scorekeeper.files import ledger_file  # start-up: see module doc

    def body() -> None:
        after, was = ledger_file.rename(ledger, old, new, on_wait=waiting(ledger))
        after_write(Said("Renamed {was} in {ledger}", was=was, ledger=ledger), lambda: say(Said(
            "{ledger}: {was} is now {new} in every hand ({players}); the file "
            "was written anew in scorekeeper's layout.", ledger=ledger, was=was,
            new=new.strip(), players=", ".join(after.players))))

    guarded(body)


def register(app: typer.Typer) -> None:
    for command in (undo, redo, extend, rename):
        app.command(help=help_of(command))(command)
