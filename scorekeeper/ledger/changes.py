"""Every change to a ledger's hands, as a pure function of the session
read and its text: the domain's checks and ruling first (a call into
`scorekeeper.session.hand_checks`: the session open, the hand not
settled, nobody else writing meanwhile), then the new text, the
document it must read back as, and what the change made (a `Change`).
`scorekeeper.files.ledger_file` runs each in one transaction; the
header's changes (seats, a rename, a payment, the length) are in
`scorekeeper.ledger.header`.

`amend`, `fix` and `undo` splice the text of the hands they change, so
that a person's comments and layout survive; the transaction's full
parse checks what the splice made. A change to a ledger that does not
verify is refused, unless it is a repair (`amend`, `fix`, `undo`,
`extend`) whose check (`session.verify.amend_sound`, …) finds it leaves
the ledger no worse.
"""

from __future__ import annotations

from pathlib import Path
from typing import Generic, Mapping, NamedTuple, Sequence, TypeVar

from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.language import Said, file_name
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.ledger import tomltext
from scorekeeper.ledger.document import from_document
from scorekeeper.session.hand_checks import (
    amended,
    before_play_only,
    later_rerules,
    planned_fixes,
    unchanged,
    undoing,
)
from scorekeeper.session.pending import amend_pending
from scorekeeper.session.session import Session, SessionHand, StoredHand
from scorekeeper.session.verify import listed, verify

UNDONE = "undone"     # the top-level key holding the hand `undo` removed

Made = TypeVar("Made")


class Change(NamedTuple, Generic[Made]):
    """The new text of a ledger, the document it must read back as, and
    what the change made (the hand ruled, the hand removed …)."""

    text: str
    document: PlainDict
    made: Made


def forget_undone(new: Change[Made]) -> Change[Made]:
    """The change without the hand kept for `redo`: once another hand is
    written (or the ledger rewritten), it is no longer the one to put back."""
    if UNDONE not in new.document:
        return new
    document = {k: v for k, v in new.document.items() if k != UNDONE}
    return Change(tomltext.without_header_key(new.text, UNDONE), document, new.made)


# -- record --------------------------------------------------------------------

def record(session: Session, text: str, path: Path, flags: PlainMap,
           expect_hands: int | None,
           recorded: str | None = None) -> Change[SessionHand | None]:
    """The next hand ruled from its flags and appended, with when it was
    `recorded`. `expect_hands`:
    the number of hands the ledger had when the hand was typed
    (interactive entry); refused if another writer added one since. Only
    the inputs given before play (Call Break's calls, CB-18): they are
    appended alone, the hand waiting for the rest (nothing ruled: None);
    the rest of a waiting hand: the hand ruled in its place."""
    session.check_open()
    unchanged(path, session, expect_hands, "record")
    if before_play_only(session, flags):
        return _appended(text, session, session.before_play(flags), None)
    ruled = session.rule_next(flags, recorded)
    if session.pending is not None:
        return _spliced(path, text, session, {ruled.number: ruled.stored}, ruled)
    return _appended(text, session, ruled.stored, ruled)


def _appended(text: str, session: Session, stored: PlainMap,
              made: Made) -> Change[Made]:
    document = dict(session.document)
    document["hands"] = [*document.get("hands", []), dict(stored)]
    return forget_undone(Change(tomltext.ending_in_one_newline(text)
                                + tomltext.hand_text(stored), document, made))


# -- amend ---------------------------------------------------------------------

def _spliced(path: Path, text: str, session: Session,
             tables: Mapping[int, PlainMap], made: Made) -> Change[Made]:
    """The ledger with each numbered hand's table written anew in place."""
    replaced = tomltext.replace_hands(text, tables)
    if replaced is None:
        raise Impossible(Said("{path}: could not find the [[hands]] tables of hands "
                              "{hands}; edit the file by hand",
                              path=path, hands=", ".join(map(str, sorted(tables)))))
    document = dict(session.document)
    document["hands"] = [dict(tables.get(i, h))
                         for i, h in enumerate(document["hands"], start=1)]
    return forget_undone(Change(replaced, document, made))


# the hand ruled (None: a hand waiting for its play, CB-18), the session
# before, the later hands ruled again with it
Amending = tuple[SessionHand | None, Session, tuple[int, ...]]


def amend(session: Session, text: str, path: Path, number: int, flags: PlainMap,
          expect_hands: int | None, keep: bool) -> Change[Amending]:
    """Hand `number` ruled anew from its flags and written in its place,
    with the later hands whose result it changes ruled again
    (`later_rerules`); the hand ruled, the session before, and those later
    hands' numbers. `keep`: the inputs not in `flags` stay as stored
    (false: `flags` is the whole hand)."""
    unchanged(path, session, expect_hands, "amend")
    if session.pending is not None and number == session.pending.number:
        return _spliced(path, text, session, {number: amend_pending(session, flags)},
                        (None, session, ()))
    ruled = amended(session, path, number, flags, keep)
    tables = {number: dict(ruled.stored), **later_rerules(session, number, ruled.stored)}
    rerules = tuple(sorted(set(tables) - {number}))
    return _spliced(path, text, session, tables, (ruled, session, rerules))


# -- verify --fix ----------------------------------------------------------------

def fix(session: Session, text: str, path: Path, planned: Sequence[int]) -> Change[None]:
    """The hands numbered `planned` re-ruled from their stored inputs and
    written (`verify --fix`); refused if another writer changed which
    hands disagree meanwhile."""
    fixes = planned_fixes(session, path, planned)
    return _spliced(path, text, session, {ruled.number: ruled.stored for ruled in fixes},
                    None)


# -- undo and redo ------------------------------------------------------------------

Undoing = tuple[StoredHand, Session, bool]


def undo(session: Session, text: str, path: Path,
         expect_hands: int | None) -> Change[Undoing]:
    """The ledger without its last hand (`expect_hands`: the hands there
    were when the person confirmed; refused if another writer changed
    that), its exact text kept for `redo` where the layout allows: the
    hand removed, the session before, and whether it is kept."""
    last = undoing(session, path, expect_hands)
    kept = _kept_for_redo(session, text, file_name(path))
    if kept is not None:
        return Change(kept.text, kept.document, (last, session, True))
    cut = tomltext.without_last_hand(text)
    if cut is None:
        raise Impossible(Said("{path}: could not find the last [[hands]] table to remove; "
                              "edit the file by hand",
                              path=path))
    return forget_undone(Change(cut, _without_last(session.document),
                                (last, session, False)))


def _kept_for_redo(session: Session, text: str, label: str) -> Change[bool] | None:
    """The ledger without its last hand, that hand's exact text kept in the
    top-level `undone` (replacing any kept before); None when the layout
    does not allow it (something after the last hand, or a header the
    key cannot be written into as it reads back)."""
    split = tomltext.split_last_hand(text)
    if split is None:
        return None
    kept, removed = split
    document = {k: v for k, v in session.document.items() if k != "hands"}
    document[UNDONE] = removed
    if session.document["hands"][:-1]:
        document["hands"] = list(session.document["hands"][:-1])
    new = tomltext.with_header_key(kept + "\n", UNDONE, removed)
    try:
        if tomltext.load_toml(new, label) != document:
            return None
    except tomltext.LedgerError:
        return None
    return Change(new, document, True)


def _without_last(document: PlainMap) -> PlainDict:
    out = dict(document)
    out["hands"] = list(out["hands"][:-1])
    if not out["hands"]:
        del out["hands"]
    return out


def redo(session: Session, text: str, path: Path,
         expect: str | None = None) -> Change[SessionHand | None]:
    """The hand `undo` removed put back, byte for byte (its text kept in
    `undone`), after ruling it again on the session as it is now: refused
    (exit 2) when nothing is kept, or (`expect`: the text a person was
    asked about) another is kept now, and (exit 1) when it no longer
    agrees."""
    kept, after = redone(session, path)
    if expect is not None and kept != expect:
        raise Impossible(Said("{path} changed while you were asked: nothing put back; "
                              "run redo again", path=path), session.rules.rule("ledger"))
    base = tomltext.without_header_key(text, UNDONE)
    return Change(base[:-1] + kept if base.endswith("\n") else base + kept,
                  dict(after.document),
                  None if after.pending is not None else after.rule_stored(len(after.hands)))


def redone(session: Session, path: Path) -> tuple[str, Session]:
    """The text `undone` keeps, and the session with its hand put back and
    verified (refused as `redo` is): what a person is asked about."""
    kept = session.document.get(UNDONE)
    if not isinstance(kept, str):
        raise Impossible(Said("{path}: nothing to redo: no hand was undone since the last "
                              "hand was written",
                              path=path), session.rules.rule("ledger"))
    session.check_open()
    table = _undone_table(path, session, kept)
    document = {k: v for k, v in session.document.items() if k != UNDONE}
    document["hands"] = [*document.get("hands", []), table]
    return kept, _ruled_again(path, session, document)


def _undone_table(path: Path, session: Session, kept: str) -> PlainDict:
    """The one `[[hands]]` table `undone` holds, numbered next (exit 2 if not)."""
    try:
        parsed = tomltext.load_toml(kept, f"{path}: undone")
    except tomltext.LedgerError as err:
        parsed = {"error": err.problems[0][1]}
    hands = parsed.get("hands")
    if set(parsed) != {"hands"} or not isinstance(hands, list) or len(hands) != 1 \
            or hands[0].get("hand") != len(session.hands) + 1:
        raise Impossible(Said("{path}: `undone` does not hold hand {number} as one "
                              "[[hands]] table: nothing to redo; remove the `undone` line "
                              "by hand", path=path, number=len(session.hands) + 1),
                         session.rules.rule("ledger"))
    return dict(hands[0])


def _ruled_again(path: Path, session: Session, document: PlainMap) -> Session:
    """The session with the hand put back, ruled again as it stands:
    refused (exit 1) if the ledger would then not verify."""
    label = file_name(path)
    after = from_document(document, label)
    found = verify(after)
    if found:
        raise Refused(Said("the hand undone no longer agrees with {label}; nothing "
                           "written:\n{problems}", label=label, problems=listed(found)),
                      session.rules.rule("ledger"))
    return after
