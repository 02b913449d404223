"""The commands that edit a whole ledger: `undo`, `extend` and `rename`.
Registered on the app by `cli.build`.

Imports inside functions keep start-up fast: a command loads only what it
uses.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from scorekeeper.commands.common import (
    JSON_OPT,
    LEDGER_ARG,
    after_write,
    emit_json,
    guarded,
    say,
    stdin_is_tty,
    waiting,
    warn_stale,
)
from scorekeeper.commands.verify import YES_OPT
from scorekeeper.core.errors import Impossible
from scorekeeper.core.numbers import plural


def undo(ledger: Path = LEDGER_ARG, as_json: bool = JSON_OPT,
         yes: bool = YES_OPT) -> None:
    """Remove the last hand (on a terminal, after saying which and asking)."""
    from scorekeeper.files import ledger_file  # start-up: see module doc

    def body() -> None:
        expect = None
        if not yes and stdin_is_tty():
            session = ledger_file.read(ledger)
            if session.hands:
                last = session.history_json()["hands"][-1]
                question = (f"Remove hand {last['hand']} (dealer {last['dealer']}: "
                            f"{session.story(last)})?")
                from scorekeeper.screen.entry import yes_no  # start-up: a terminal

                if not yes_no(question, False):
                    say("Nothing removed.")
                    return
                expect = len(session.hands)
        done = ledger_file.undo(ledger, expect, on_wait=waiting(ledger))
        removed, left = done.removed, len(done.after.hands)

        def show() -> None:
            if as_json:
                kind = done.after.score_kind
                emit_json(kind.with_display(
                    {"removed": removed.number, "hands_played": left,
                     kind.key: dict(removed.scores)}, kind.key))
            else:
                say(f"Removed hand {removed.number} from {ledger}; {left} "
                    f"hand{'s' * (left != 1)} remain{'s' * (left == 1)}.")
        after_write(f"Removed hand {removed.number} from {ledger}", show)

    guarded(body, as_json)


def extend(
    ledger: Path = LEDGER_ARG,
    hands: Optional[int] = typer.Option(None, "--hands", metavar="N",
                                        help="New total of hands."),
    rotations: Optional[int] = typer.Option(None, "--rotations", metavar="N",
                                            help="New total of rotations."),
    rounds: Optional[int] = typer.Option(None, "--rounds", metavar="N",
                                         help="New total of rounds."),
) -> None:
    """Change how many hands (or rotations, or rounds) the session plans."""
    from scorekeeper.files import ledger_file  # start-up: see module doc

    def body() -> None:
        given = [(unit, value) for unit, value in (
            ("hands", hands), ("rotations", rotations), ("rounds", rounds))
            if value is not None]
        if len(given) != 1:
            raise Impossible("give exactly one of --hands N, --rotations N or "
                             "--rounds N")
        unit, value = given[0]
        checked = ledger_file.extend(ledger, unit, value, on_wait=waiting(ledger))
        after = checked.session

        def show() -> None:
            say(f"{ledger}: {plural(after.planned or 0, 'hand')} planned, "
                f"{len(after.hands)} played.")
            warn_stale(checked)

        after_write(f"Extended {ledger}", show)

    guarded(body)


def rename(ledger: Path = LEDGER_ARG,
           old: str = typer.Argument(..., metavar="OLD", help="The name now."),
           new: str = typer.Argument(..., metavar="NEW", help="The name to use.")
           ) -> None:
    """Call a player by another name everywhere in the ledger."""
    from scorekeeper.files import ledger_file  # start-up: see module doc

    def body() -> None:
        after, was = ledger_file.rename(ledger, old, new, on_wait=waiting(ledger))
        after_write(f"Renamed {was} in {ledger}", lambda: say(
            f"{ledger}: {was} is now {new.strip()} in every hand "
            f"({', '.join(after.players)}); the file was written anew in "
            "scorekeeper's layout."))

    guarded(body)


def register(app: typer.Typer) -> None:
    for command in (undo, extend, rename):
        app.command()(command)
