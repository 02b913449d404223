"""The book: every change to a session file, each one transaction.

`create`, `record`, `undo` and `extend` each take the ledger's lock, read
it, parse it (through the cache when its bytes match), make one change as a
pure function of the session, check the new text reads back as the
document meant, write it atomically and refresh the cache — all under the
lock. `read` is the same first half for the commands that only look.

This is the only module that combines the ledger model (`ledger`,
`tomltext`) with the files (`storage`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from scorekeeper import ledger, storage, tomltext
from scorekeeper.errors import Impossible
from scorekeeper.ledger import Ruled, Session, StoredHand


@dataclass(frozen=True)
class Change:
    """The new text of a ledger and the document it must read back as."""

    text: str
    document: dict[str, Any]


def read(path: Path, use_cache: bool = True) -> Session:
    """The session as it is on disk (no lock: a reader never writes)."""
    text = storage.read_text(path)
    cached = storage.read_cached_document(path, text) if use_cache else None
    return ledger.parse(text, str(path), cached)


def _transaction(path: Path, change: Callable[[Session, str], Change]) -> Session:
    """Lock, read, change, check, write, cache; the session after."""
    with storage.locked(path):
        text = storage.read_text(path)
        before = ledger.parse(text, str(path),
                              storage.read_cached_document(path, text))
        new = change(before, text)
        after = ledger.from_document(new.document, str(path),
                                     tomltext.line_index(new.text))
        storage.write_atomic(path, new.text)
        storage.write_cache(path, new.text, new.document)
    return after


def create(path: Path, header: Mapping[str, Any], force: bool = False) -> Session:
    """A new ledger holding `header` (refused if the file exists, unless
    `force`)."""
    text = tomltext.header_text(header)
    created = ledger.parse(text, str(path))
    with storage.locked(path, must_exist=False):
        if path.exists() and not force:
            raise Impossible(f"{path} exists; use --force to overwrite it")
        if path.is_dir():
            raise Impossible(f"{path} is a folder")
        storage.write_atomic(path, text)
        storage.write_cache(path, text, dict(created.document))
    return created


@dataclass(frozen=True)
class Recorded:
    ruled: Ruled
    after: Session


def record(path: Path, flags: Mapping[str, Any],
           expect_hands: int | None = None) -> Recorded:
    """Rule on the next hand from its flags and append it.

    `expect_hands`: the number of hands the ledger had when the hand was
    typed (interactive entry); refused if another writer added one since."""
    ruled: list[Ruled] = []

    def append(session: Session, text: str) -> Change:
        index = len(session.hands)
        session.check_open()
        if expect_hands is not None and expect_hands != index:
            raise Impossible(f"{path} changed while the hand was being typed "
                             f"(now {index} hands, not {expect_hands}): nothing "
                             "recorded; run record again")
        ruled.append(session.rule_next(flags))
        return _appended(session, text, ruled[0].stored)

    after = _transaction(path, append)
    return Recorded(ruled[0], after)


def _appended(session: Session, text: str, stored: Mapping[str, Any]) -> Change:
    """The ledger with one more hand. Only the new `[[hands]]` table is parsed
    back (it must read as exactly what was stored); the rest of the document
    is reused."""
    fragment = tomltext.hand_text(stored)
    read_back = tomltext.load_toml(fragment, session.label).get("hands", [None])
    if read_back != [dict(stored)]:  # pragma: no cover - a writer bug
        raise Impossible("internal: the new hand does not read back as written")
    document = dict(session.document)
    document["hands"] = [*document.get("hands", []), read_back[0]]
    return Change(text.rstrip("\n") + "\n" + fragment, document)


@dataclass(frozen=True)
class Undone:
    removed: StoredHand
    after: Session


def undo(path: Path) -> Undone:
    """Remove the last hand."""
    removed: list[StoredHand] = []

    def drop_last(session: Session, text: str) -> Change:
        if not session.hands:
            raise Impossible(f"{path} has no hands to undo")
        head = tomltext.split_last_hand(text)
        after = ledger.parse(head, str(path)) if head is not None else None
        if head is None or after is None or \
                len(after.hands) != len(session.hands) - 1:
            raise Impossible(f"{path}: could not find the last [[hands]] "
                             "table to remove; edit the file by hand")
        removed.append(session.hands[-1])
        return Change(head, dict(after.document))

    after = _transaction(path, drop_last)
    return Undone(removed[0], after)


def extend(path: Path, unit: str, value: int) -> Session:
    """Set how many hands (or rotations) the session plans."""
    def set_length(session: Session, text: str) -> Change:
        session.extended_rules(unit, value)
        new_text = tomltext.replace_option(text, unit, value)
        return Change(new_text, dict(ledger.parse(new_text, str(path)).document))

    return _transaction(path, set_length)
