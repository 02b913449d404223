"""Every change to a ledger's header, as a pure function of the session
read and its text, as in `scorekeeper.ledger.changes`: a player seated
or gone from the next hand (`join`, `leave`: one line of the top-level
`seats`), a player renamed (the ledger written anew), a payment recorded
or taken back (`pay`, `unpay`: one line of `paid`), the session's length
(`extend`: one option). The domain's checks come first, a call into
`scorekeeper.session.header_checks`: a name nobody at the table has, a
table the game seats, a hand not paid twice, an amount a ledger holds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorekeeper.core.options import stored_option
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.seats import SeatChange
from scorekeeper.ledger import tomltext
from scorekeeper.ledger.changes import Change, Made, forget_undone
from scorekeeper.ledger.document import from_document
from scorekeeper.session.header_checks import (
    extending,
    joined_seat,
    joining,
    leaving,
    paying,
    renaming,
    unpaying,
)
from scorekeeper.session.session import Session

# -- join and leave ------------------------------------------------------------------

def join(session: Session, text: str, typed: str, after: str | None,
         extend: bool) -> Change[bool]:
    """`typed` seated from the next hand, to the left of `after` (none: at
    the end of the seat order), as `header_checks.joining` and
    `joined_seat` rule; `extend`: a session whose planned hands are all
    played is first extended by one of its units (a hand, a rotation), in
    the same write. Made: whether the session was extended."""
    name, grown = joining(session, typed, extend)
    if grown:
        longer = extend_by_one(session, text)
        session = from_document(longer.document, session.label,
                                tomltext.line_index(longer.text), checked=True)
        text = longer.text
    change = _with_seat(session, text, joined_seat(session, name, after))
    return Change(change.text, change.document, bool(grown))


def leave(session: Session, text: str, typed: str) -> Change[None]:
    """`typed` gone from the next hand (`header_checks.leaving`): their
    total stays and settles up."""
    return _with_seat(session, text, leaving(session, typed))


def _with_seat(session: Session, text: str, change: SeatChange) -> Change[None]:
    """The ledger with one more entry in its top-level `seats` (one line,
    written before the first table), the hands as they are."""
    seats = [*(c.stored() for c in session.changes), change.stored()]
    document = {**session.document, "seats": seats}
    return forget_undone(Change(tomltext.with_header_key(text, "seats", seats),
                                document, None))


# -- rename --------------------------------------------------------------------------

def rename(session: Session, old: str, new: str) -> Change[str]:
    """Player `old` called `new` everywhere (`header_checks.renaming`), the
    ledger written anew in scorekeeper's own layout; the player's name
    before (`old` as resolved: "Bikash" for "bik")."""
    was, wanted = renaming(session, old, new)
    document = _renamed(session, was, wanted)
    return forget_undone(Change(tomltext.ledger_text(document), document, was))


def _renamed(session: Session, old: str, new: str) -> PlainDict:
    """The document with player `old` called `new` everywhere."""
    def swap(value: Any) -> Any:
        if isinstance(value, list):
            return [new if v == old else v for v in value]
        return new if value == old else value
    names = {"dealer", "winner", "out", "unverified", *session.game.name_keys}
    hands = [{key: ({swap(k): v for k, v in value.items()}
                    if isinstance(value, dict) else
                    swap(value) if key in names else value)
              for key, value in hand.items()}
             for hand in session.document.get("hands", [])]
    header = [p for p in session.players
              if p not in {c.name for c in session.changes if c.join}]
    document = {**session.document, "players": swap(header),
                "first_dealer": swap(session.first_dealer)}
    if session.changes:
        document["seats"] = [{k: swap(v) if k != "hand" else v
                              for k, v in c.stored().items()} for c in session.changes]
    if session.payments:
        document["paid"] = [{**p, "transfers": [
            {k: swap(v) if k in ("from", "to") else v for k, v in t.items()}
            for t in p["transfers"]]}
            for p in session.payments]
    if hands:
        document["hands"] = hands
    return document


# -- settle-up --paid and undo --paid ------------------------------------------------

def pay(session: Session, text: str, path: Path, record: PlainMap,
        expect_hands: int) -> Change[None]:
    """A settlement of the ledger's first `record["hands"]` hands recorded
    as paid (one more entry in the top-level `paid`), as
    `header_checks.paying` allows."""
    paying(session, path, record, expect_hands)
    return _with_paid(session, text, [*session.payments, dict(record)], None)


def unpay(session: Session, text: str, path: Path) -> Change[PlainDict]:
    """The last payment recorded taken back (`undo --paid`): the record
    removed. Exit 2 if none is recorded."""
    unpaying(session, path)
    return _with_paid(session, text, session.payments[:-1], session.payments[-1])


def _with_paid(session: Session, text: str, records: list[PlainDict],
               made: Made) -> Change[Made]:
    document = {k: v for k, v in session.document.items() if k != "paid"}
    if not records:
        return Change(tomltext.without_header_key(text, "paid"), document, made)
    document["paid"] = records
    return Change(tomltext.with_header_key(text, "paid", records), document, made)


# -- extend --------------------------------------------------------------------------

def extend(session: Session, text: str, unit: str, value: int) -> Change[None]:
    """The hands (or rotations, rounds) the session plans set to `value`;
    `hands` in every game, as whole units of the game's length (MA-14,
    CB-12)."""
    unit, value = extending(session, unit, value)
    document = dict(session.document)
    document["options"] = {**document.get("options", {}), unit: stored_option(value)}
    return Change(tomltext.replace_option(text, unit, stored_option(value)), document, None)


def extend_by_one(session: Session, text: str) -> Change[None]:
    """The session's length one unit longer (a hand, a rotation, a round)."""
    own = session.rules.length_option
    return extend(session, text, own, getattr(session.rules, own) + 1)


