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
    say,
    stdin_is_tty,
    waiting,
    warn_stale,
)
from scorekeeper.commands.verify import YES_OPT
from scorekeeper.core.errors import Impossible
from scorekeeper.core.numbers import plural
from scorekeeper.core.plain import PlainDict

if TYPE_CHECKING:
    from scorekeeper.ledger.session import Session


def _named(session: "Session", number: int) -> tuple[str, PlainDict]:
    """Hand `number` of `session` in words ("hand 7 (dealer Asha: Bikash
    won)") and as JSON: its number, dealer, players and ruling."""
    row = next(r for r in session.history_rows() if r["hand"] == number)
    story = session.story(row)
    hand = session.hand(number)
    return (f"hand {number} (dealer {row['dealer']}: {story})",
            {"hand": number, "dealer": row["dealer"], "players": list(hand.seated),
             "winner": row.get("winner"), "ruling": story})


PAID_OPT = typer.Option(False, "--paid",
                        help="Take back the last payment settle-up --paid recorded.")


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
            if session.hands:
                said, _ = _named(session, len(session.hands))
                from scorekeeper.screen.entry import yes_no  # start-up: a terminal

                if not yes_no(f"Remove {said}?", False):
                    say("Nothing removed.")
                    return
                expect = len(session.hands)
        done = ledger_file.undo(ledger, expect, on_wait=waiting(ledger))
        removed, left = done.removed, len(done.after.hands)
        said, named = _named(done.before, removed.number)

        def show() -> None:
            if as_json:
                kind = done.after.score_kind
                emit_json(kind.with_display(
                    {"removed": removed.number, "hands_played": left,
                     kind.key: dict(removed.scores), "removed_hand": named,
                     "redo": done.kept}, kind.key))
                return
            say(f"Removed {said} from {ledger}; {plural(left, 'hand')} "
                f"remain{'s' * (left == 1)}.")
            say(f"`scorekeeper redo {ledger}` puts it back until another hand "
                "is written." if done.kept else "It cannot be redone: the "
                "ledger's layout has something after its last hand.")
        after_write(f"Removed hand {removed.number} from {ledger}", show)

    guarded(body, as_json)


def _unpay(ledger: Path, as_json: bool) -> None:
    """`undo --paid`: the last payment recorded taken back."""
    from scorekeeper.files import ledger_file  # start-up: see module doc

    record, after = ledger_file.unpay(ledger, on_wait=waiting(ledger))

    def show() -> None:
        if as_json:
            emit_json({"unpaid": record, "paid_hands": after.paid_hands})
            return
        say(f"Took back the payment of {ledger}'s hands 1–{record.get('hands')} "
            f"({record.get('at')}); {plural(len(after.hands) - after.paid_hands, 'hand')} "
            "unpaid now.")
    after_write(f"Took back a payment in {ledger}", show)


def redo(ledger: Path = LEDGER_ARG, as_json: bool = JSON_OPT) -> None:
    """Put back the hand `undo` removed, byte for byte, ruled again."""
    from scorekeeper.files import ledger_file  # start-up: see module doc

    def body() -> None:
        done = ledger_file.redo(ledger, on_wait=waiting(ledger))
        after = done.after
        said, named = _named(after, done.ruled.number)

        def show() -> None:
            if as_json:
                data = after.hand_json(done.ruled)
                data.update(dealer=named["dealer"], players=named["players"],
                            hands_played=len(after.hands))
                emit_json(data)
                return
            say(f"Put back {said} in {ledger}; {plural(len(after.hands), 'hand')} "
                "played.")
        after_write(f"Put back hand {done.ruled.number} in {ledger}", show)

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
    for command in (undo, redo, extend, rename):
        app.command()(command)
