"""A ledger file: read it, or change it in one transaction.

Reading is one plain way (`read_checked`): the bytes, parsed whole, every
hand ruled again from its stored inputs, in this process, unless the
cache (`files/verified.py`) holds that these very bytes verify. What
disagrees comes back as `problems`, for the commands that show a session
to warn of.

Every change (`record`, `amend`, `undo`, `redo`, `fix`, `join`, `leave`,
`rename`, `pay`, `unpay`, `extend`) is a plain function that runs one
`transaction`: take the ledger's lock, read and check it as above, make
the change (a pure function of the session and its text:
`scorekeeper.ledger.changes` for the hands, `scorekeeper.ledger.header`
for the header, each calling the domain's checks in
`scorekeeper.session` first), parse the new text whole and
compare it with the document meant, then write it atomically
(`storage.write_atomic`) — all under the lock. A change is refused (exit
1) on a ledger that does not verify, unless it is a repair (amend, fix,
undo, extend) whose check finds it leaves the ledger no worse.

This is the only module that combines the ledger's format
(`scorekeeper.ledger`) with the files (`files.storage`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, NamedTuple, Sequence

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said, file_name
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.files import storage, verified
from scorekeeper.ledger import changes, header, tomltext
from scorekeeper.ledger import document as ledger
from scorekeeper.ledger.changes import Change, Made
from scorekeeper.session import verify as checks
from scorekeeper.session.session import Session, SessionHand, StoredHand
from scorekeeper.session.verify import Checked, Problem, refuse_stale

Waiting = Callable[[], None] | None


def _text(path: Path) -> str:
    storage.check_ledger_path(path)
    return storage.read_text(path)


def read(path: Path) -> Session:
    """The session as it is on disk, its shape checked but its hands not
    ruled again (no lock: a reader never writes). The prompts of `record`
    and `undo` read this way, before the transaction that checks."""
    return ledger.parse(_text(path), file_name(path))


def _checked(text: str, label: str) -> Checked:
    session = ledger.parse(text, label)
    return Checked(session, tuple(checks.verify(session)))


def _trusted(text: str, label: str) -> Checked:
    """The session of a text the cache holds to verify: parsed, its hands
    neither shape-checked one by one nor ruled again."""
    return Checked(ledger.from_document(tomltext.load_toml(text, label), label,
                                        tomltext.line_index(text), checked=True))


def read_checked(path: Path, cached: bool = True) -> Checked:
    """The session, parsed and every hand ruled again, unless the cache
    holds that these very bytes verify (`cached`; `verify` never asks it).
    A text that verifies is noted there."""
    text, real, label = _text(path), storage.real_path(path), file_name(path)
    if cached and verified.holds(real, text):
        return _trusted(text, label)
    checked = _checked(text, label)
    if not checked.problems:
        verified.remember(real, text)
    return checked


def _read_back(change: Change[Any], label: str) -> Session:
    """The session the new text holds, parsed whole; refused unless it is
    exactly the document meant."""
    try:
        same = tomltext.load_toml(change.text, label) == change.document
    except tomltext.LedgerError as err:
        raise _unreadable(label, err.problems[0][1]) from None
    if not same:
        raise _unreadable(label, Said("its tables would change"))
    try:
        return ledger.from_document(change.document, label,
                                    tomltext.line_index(change.text), checked=True)
    except tomltext.LedgerError as err:      # a value no ledger holds, say
        raise Impossible(Said("{label}: nothing written: {problem}", label=label,
                              problem=err.problems[0][1])) from None


def _unreadable(label: str, why: Said) -> Impossible:
    return Impossible(Said("{label}: nothing written: the changed ledger would not read back "
                           "as meant ({why}); its layout is unusual (e.g. `hands = []`, or a "
                           "table after the hands): tidy it by hand, then try again",
                           label=label, why=why))


# A repair refuses (raises) or returns what still does not verify after it.
Repair = Callable[[Checked, Session], Sequence[Problem]]


def transaction(path: Path, change: Callable[[Session, str], Change[Made]],
                on_wait: Waiting = None, repair: Repair | None = None
                ) -> tuple[Checked, Made]:
    """Lock, read and check, change, read back, write; the session after,
    with what still does not verify, and what the change made. A change is
    refused on a ledger that does not verify, unless it is a `repair`: then
    the session after must pass `repair(before, after)`. The ledger read
    may be found in the cache to verify (`verify --fix`'s change rules
    every hand itself)."""
    label = file_name(path)
    with storage.locked(path, on_wait) as real:
        text = storage.read_text(real, path)
        before = _trusted(text, label) if verified.holds(real, text) \
            else _checked(text, label)
        if repair is None:
            refuse_stale(before)
        new = change(before.session, text)
        after = _read_back(new, label)
        left = repair(before, after) if repair is not None else ()
        storage.check_writable(real, path)
        storage.write_atomic(real, new.text)
    return Checked(after, tuple(left)), new.made


def create(path: Path, top: PlainMap, force: bool = False,
           on_wait: Waiting = None) -> Session:
    """A new ledger holding the header `top` (refused if the file exists,
    unless `force`)."""
    storage.check_ledger_path(path)
    label = file_name(path)
    text = tomltext.header_text(top)
    created = _read_back(Change(text, dict(top), None), label)
    if not os.path.exists(path) and storage.write_atomic(
            storage.real_path(path), text, exclusive=True):
        return created
    if not force:
        raise Impossible(Said("{path} exists; use --force to overwrite it", path=path))
    with storage.locked(path, on_wait) as real:
        storage.check_writable(real, path)
        storage.write_atomic(real, text)
    return created


# -- the hands (scorekeeper.ledger.changes) ------------------------------------------

class Recorded(NamedTuple):
    ruled: SessionHand | None      # None: calls saved, the deal waits (CB-18)
    after: Session


def record(path: Path, flags: PlainMap, expect_hands: int | None = None,
           on_wait: Waiting = None, recorded: str | None = None) -> Recorded:
    """Rule on the next hand from its flags and append it, with when it
    was `recorded` (`expect_hands`: the hands there were when it was
    typed; refused if another writer added one since)."""
    checked, ruled = transaction(path, lambda session, text: changes.record(
        session, text, path, flags, expect_hands, recorded), on_wait)
    return Recorded(ruled, checked.session)


class Amended(NamedTuple):
    ruled: SessionHand | None      # None: a waiting deal's calls (CB-18)
    before: Session
    after: Session
    problems: tuple[Problem, ...] = ()   # what still does not verify
    rerules: tuple[int, ...] = ()   # later hands ruled again with it (YA-9, MA-20)

    @property
    def checked(self) -> Checked:
        """The session after, with what still does not verify."""
        return Checked(self.after, self.problems)


def amend(path: Path, number: int, flags: PlainMap,
          expect_hands: int | None = None, on_wait: Waiting = None,
          keep: bool = True) -> Amended:
    """Rule on hand `number` anew from its flags and write it in its place,
    with the later hands whose result it changes ruled again (YA-9, MA-20);
    if that makes one of them impossible, nothing is written. `keep`: the
    inputs not in `flags` stay as stored. On a ledger that does not
    verify, refused only if it adds a problem of its own."""
    written, (ruled, before, rerules) = transaction(
        path, lambda session, text: changes.amend(session, text, path, number, flags,
                                                  expect_hands, keep),
        on_wait, repair=lambda before, after: checks.amend_sound(before, after, path,
                                                                 number))
    return Amended(ruled, before, written.session, written.problems, rerules)


def fix(path: Path, planned: Sequence[int], on_wait: Waiting = None
        ) -> tuple[Session, list[Problem]]:
    """Re-rule the hands numbered `planned` from their stored inputs and
    write them (`verify --fix`): the session after, and what still does
    not verify."""
    written, _ = transaction(
        path, lambda session, text: changes.fix(session, text, path, planned), on_wait,
        repair=lambda before, after: checks.fixed(after, path, planned))
    return written.session, list(written.problems)


class Undone(NamedTuple):
    removed: StoredHand
    before: Session
    after: Session
    kept: bool = True       # its text is kept for `redo`


def undo(path: Path, expect_hands: int | None = None,
         on_wait: Waiting = None) -> Undone:
    """Remove the last hand, keeping its exact text for `redo` where the
    layout allows. On a ledger that does not verify, allowed when what is
    left verifies."""
    checked, (hand, before, kept) = transaction(
        path, lambda session, text: changes.undo(session, text, path, expect_hands),
        on_wait, repair=checks.undo_sound)
    return Undone(hand, before, checked.session, kept)


class Redone(NamedTuple):
    ruled: SessionHand | None      # None: calls put back, waiting (CB-18)
    after: Session


def redo(path: Path, on_wait: Waiting = None, expect: str | None = None) -> Redone:
    """Put back the hand `undo` removed, byte for byte, ruled again
    (`expect`: the kept text a person agreed to put back; refused if
    another is kept now)."""
    checked, ruled = transaction(
        path, lambda session, text: changes.redo(session, text, path, expect), on_wait)
    return Redone(ruled, checked.session)


# -- the header (scorekeeper.ledger.header) ------------------------------------------

class Seated(NamedTuple):
    """A seat changed: who, from which hand, the session after, and
    whether the session was extended for it (`join --extend`)."""
    name: str
    hand: int
    after: Session
    extended: bool = False


def join(path: Path, name: str, after: str | None = None,
         on_wait: Waiting = None, extend: bool = False) -> Seated:
    """Seat `name` from the next hand (to the left of `after`), at 0;
    `extend`: a session whose planned hands are all played one unit longer
    first."""
    written, extended = transaction(
        path, lambda session, text: header.join(session, text, name, after, extend),
        on_wait)
    return _seated(written.session, extended)


def leave(path: Path, name: str, on_wait: Waiting = None) -> Seated:
    """`name` is gone from the next hand; their total stays."""
    return _seated(transaction(
        path, lambda session, text: header.leave(session, text, name), on_wait)[0].session)


def _seated(after: Session, extended: bool = False) -> Seated:
    last = after.changes[-1]
    return Seated(last.name, last.hand, after, extended)


def rename(path: Path, old: str, new: str,
           on_wait: Waiting = None) -> tuple[Session, str]:
    """Call a player by another name everywhere in the ledger (written anew
    in scorekeeper's own layout: comments a person added are not kept):
    the session written and the player's name before."""
    checked, was = transaction(
        path, lambda session, text: header.rename(session, old, new), on_wait)
    return checked.session, was


def pay(path: Path, record: PlainMap, expect_hands: int,
        on_wait: Waiting = None) -> Session:
    """Record that a settlement of this ledger's first `record["hands"]`
    hands was paid (refused if they are, or the hands changed since)."""
    return transaction(path, lambda session, text: header.pay(
        session, text, path, record, expect_hands), on_wait)[0].session


def unpay(path: Path, on_wait: Waiting = None) -> tuple[PlainDict, Session]:
    """Take back the last payment recorded (`undo --paid`): the record
    removed and the session after."""
    checked, removed = transaction(
        path, lambda session, text: header.unpay(session, text, path), on_wait)
    return removed, checked.session


def extend(path: Path, unit: str, value: int, on_wait: Waiting = None
           ) -> Checked:
    """Set how many hands (or rotations) the session plans; the session
    after, with what still does not verify."""
    return transaction(path, lambda session, text: header.extend(session, text, unit, value),
                       on_wait, repair=checks.extend_mends)[0]
