"""A ledger file: read it, or change it in one transaction.

Reading is one plain way (`read_checked`): the bytes, parsed whole, every
hand ruled again from its stored inputs, in this process, unless the
cache (`files/verified.py`) holds that these very bytes verify. What
disagrees comes back as `problems`, for the commands that show a session
to warn of.

Every change (`create`, `record`, `amend`, `undo`, `redo`, `join`,
`leave`, `extend`, `rename`, `fix`) is one transaction (`_transaction`): take the ledger's lock, read
and check it as above, make the change as a pure function of the session
and its text, parse the new text whole and compare it with the document
meant, then write it atomically — all under the lock. A change is refused
(exit 1) on a ledger that does not verify, unless it is a repair (amend,
fix, undo, extend) that leaves it no worse. `amend`, `fix` and `undo`
splice the text of the hands they change, so that a person's comments and
layout survive; the full parse checks what the splice made.

This is the only module that combines the ledger model
(`scorekeeper.ledger`) with the files (`files.storage`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Generic, Mapping, NamedTuple, Sequence, TypeVar

from scorekeeper.core.errors import Impossible, Refused, ScorekeeperError
from scorekeeper.core.language import Said, file_name
from scorekeeper.core.options import stored_option
from scorekeeper.core.plain import INT64, PlainDict, PlainMap
from scorekeeper.core.seating import (
    check_new_names,
    check_player_names,
    name_key,
    new_name,
    resolve_name,
)
from scorekeeper.files import storage, verified
from scorekeeper.ledger import document as ledger
from scorekeeper.ledger import tomltext
from scorekeeper.ledger.document import Session, SessionHand, StoredHand

Waiting = Callable[[], None] | None


class Checked(NamedTuple):
    """A session read and checked (every hand ruled again, or the cache
    holding that these bytes verify): `problems` lists each hand
    whose stored result disagrees with its inputs (none: it verifies)."""

    session: Session
    problems: tuple[ledger.Problem, ...] = ()


Made = TypeVar("Made")


class Change(NamedTuple, Generic[Made]):
    """The new text of a ledger, the document it must read back as, and
    what the change made (the hand ruled, the hand removed …)."""

    text: str
    document: PlainDict
    made: Made


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
    return Checked(session, tuple(ledger.verify(session)))


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


def _listed(problems: Sequence[ledger.Problem]) -> Said:
    """The problems a refusal names, ten at the most, one a line (a `Said`
    of `Said` lines: each problem is said in the reader's language)."""
    more = len(problems) - 10
    lines = [Said("  {problem}", problem=p.message) for p in problems[:10]]
    if more > 0:
        lines.append(Said("  … and {more} more", more=more))
    listed = lines[-1]
    for line in reversed(lines[:-1]):
        listed = Said("{line}\n{rest}", line=line, rest=listed)
    return listed


def refuse_stale(checked: Checked) -> None:
    """No change is written onto a ledger that does not verify."""
    if checked.problems:
        label = checked.session.label
        raise Refused(
            Said("{label} does not verify (changed outside scorekeeper?); nothing "
                 "written:\n{problems}\nCorrect a hand with `scorekeeper amend {label} N`, or "
                 "re-rule every hand whose stored result disagrees with `scorekeeper verify "
                 "{label} --fix`.",
                 label=label, problems=_listed(checked.problems)))


def _read_back(change: Change[Any], label: str) -> Session:
    """The session the new text holds, parsed whole; refused unless it is
    exactly the document meant."""
    try:
        same = tomltext.load_toml(change.text, label) == change.document
    except tomltext.LedgerError as err:
        raise _unreadable(label, err.problems[0][1]) from None
    if not same:
        raise _unreadable(label, "its tables would change")
    try:
        return ledger.from_document(change.document, label,
                                    tomltext.line_index(change.text), checked=True)
    except tomltext.LedgerError as err:      # a value no ledger holds, say
        raise Impossible(Said("{label}: nothing written: {problem}", label=label,
                              problem=err.problems[0][1])) from None


def _unreadable(label: str, why: str) -> Impossible:
    return Impossible(Said("{label}: nothing written: the changed ledger would not read back "
                           "as meant ({why}); its layout is unusual (e.g. `hands = []`, or a "
                           "table after the hands): tidy it by hand, then try again",
                           label=label, why=why))


# A repair refuses (raises) or returns what still does not verify after it.
Repair = Callable[[Checked, Session], Sequence[ledger.Problem]]


UNDONE = "undone"     # the top-level key holding the hand `undo` removed


def _forget_undone(new: Change[Made]) -> Change[Made]:
    """The change without the hand kept for `redo`: once another hand is
    written (or the ledger rewritten), it is no longer the one to put back."""
    if UNDONE not in new.document:
        return new
    document = {k: v for k, v in new.document.items() if k != UNDONE}
    return Change(tomltext.without_header_key(new.text, UNDONE), document, new.made)


def _transaction(path: Path, change: Callable[[Session, str], Change[Made]],
                 on_wait: Waiting = None, repair: Repair | None = None,
                 keeps_undone: bool = False) -> tuple[Checked, Made]:
    """Lock, read and check, change, read back, write; the session after,
    with what still does not verify, and what the change made. A change is
    refused on a ledger that does not verify, unless it is a `repair`: then
    the session after must pass `repair(before, after)`. Unless the change
    `keeps_undone` (undo, redo, extend), the hand kept for `redo` is
    dropped with it. The ledger read may be found in the cache to verify
    (`verify --fix`'s change rules every hand itself)."""
    label = file_name(path)
    with storage.locked(path, on_wait) as real:
        text = storage.read_text(real, path)
        before = _trusted(text, label) if verified.holds(real, text) \
            else _checked(text, label)
        if repair is None:
            refuse_stale(before)
        new = change(before.session, text)
        if not keeps_undone:
            new = _forget_undone(new)
        after = _read_back(new, label)
        left = repair(before, after) if repair is not None else ()
        storage.check_writable(real, path)
        storage.write_atomic(real, new.text)
    return Checked(after, tuple(left)), new.made


def create(path: Path, header: PlainMap, force: bool = False,
           on_wait: Waiting = None) -> Session:
    """A new ledger holding `header` (refused if the file exists, unless
    `force`)."""
    storage.check_ledger_path(path)
    label = file_name(path)
    text = tomltext.header_text(header)
    created = _read_back(Change(text, dict(header), None), label)
    if not os.path.exists(path) and storage.create_exclusive(storage.real_path(path), text):
        return created
    if not force:
        raise Impossible(Said("{path} exists; use --force to overwrite it", path=path))
    with storage.locked(path, on_wait) as real:
        storage.check_writable(real, path)
        storage.write_atomic(real, text)
    return created


def _hands(count: int) -> Said:
    """"1 hand", "3 hands": a count of hands, said in the reader's words."""
    return Said("{count} hand", count=count) if count == 1 else \
        Said("{count} hands", count=count)


def _changed_meanwhile(doing: str, values: dict[str, Any]) -> Said:
    """Another writer changed the ledger while a person was `doing` it
    (record, amend, pay, undo): a whole sentence for each."""
    if doing == "record":
        return Said("{path} changed while the hand was being typed (now {now}, not "
                    "{then}): nothing recorded; run record again", **values)
    if doing == "amend":
        return Said("{path} changed while the hand was being typed (now {now}, not "
                    "{then}): nothing amended; run amend again", **values)
    if doing == "pay":
        return Said("{path} changed while the settlement was worked out (now {now}, "
                    "not {then}): nothing recorded as paid; run settle-up --paid again",
                    **values)
    return Said("{path} changed while you were asked (now {now}, not {then}): "
                "nothing removed; run undo again", **values)


def _unchanged(path: Path, session: Session, expect_hands: int | None,
               doing: str) -> None:
    """Refuse if another writer changed the number of hands since a person
    began (`expect_hands`: the hands there were then; None: nobody asked)."""
    if expect_hands is not None and expect_hands != len(session.hands):
        raise Impossible(_changed_meanwhile(doing, dict(
            path=path, now=_hands(len(session.hands)), then=expect_hands)))


class Recorded(NamedTuple):
    ruled: SessionHand
    after: Session


def record(path: Path, flags: PlainMap, expect_hands: int | None = None,
           on_wait: Waiting = None) -> Recorded:
    """Rule on the next hand from its flags and append it.

    `expect_hands`: the number of hands the ledger had when the hand was
    typed (interactive entry); refused if another writer added one since."""
    def append(session: Session, text: str) -> Change[SessionHand]:
        session.check_open()
        _unchanged(path, session, expect_hands, "record")
        return appended(session, text, session.rule_next(flags))

    checked, ruled = _transaction(path, append, on_wait)
    return Recorded(ruled, checked.session)


def appended(session: Session, text: str, ruled: SessionHand) -> Change[SessionHand]:
    """The ledger with one more `[[hands]]` table at its end."""
    document = dict(session.document)
    document["hands"] = [*document.get("hands", []), dict(ruled.stored)]
    return Change(tomltext.ending_in_one_newline(text) + tomltext.hand_text(ruled.stored),
                  document, ruled)


class Amended(NamedTuple):
    ruled: SessionHand
    before: Session
    after: Session
    problems: tuple[ledger.Problem, ...] = ()   # what still does not verify
    rerules: tuple[int, ...] = ()   # later hands ruled again with it (YA-9, MA-20)

    @property
    def checked(self) -> Checked:
        """The session after, with what still does not verify."""
        return Checked(self.after, self.problems)


def _new_problems(before: Checked, found: Sequence[ledger.Problem]
                  ) -> list[ledger.Problem]:
    """What a change to a ledger that does not verify added of its own."""
    known = {(p.hand, p.message) for p in before.problems}
    return [p for p in found if (p.hand, p.message) not in known]


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
    return Change(replaced, document, made)


def amend(path: Path, number: int, flags: PlainMap,
          expect_hands: int | None = None, on_wait: Waiting = None,
          keep: bool = True) -> Amended:
    """Rule on hand `number` anew from its flags and write it in its place.

    Later hands stay as recorded, but for those whose result it changes,
    ruled again (`rerules`, `Session.later_rerules`): where the rules read
    the totals before a hand (YA-9), or a hand takes over what the one
    before leaves (MA-20's refused shows due); if the change makes one of
    them impossible (an elimination now earlier, a dealer out of turn),
    nothing is written (exit 1, naming the hand and why). `keep`: the
    inputs not in `flags` stay as stored (false: `flags` is the whole
    hand). Amending is how a ledger that does not verify is mended, one
    hand at a time: it is refused only if it adds a problem of its own."""
    def rewrite(session: Session, text: str
                ) -> Change[tuple[SessionHand, Session, tuple[int, ...]]]:
        _unchanged(path, session, expect_hands, "amend")
        if 1 <= number <= session.paid_hands:
            raise Impossible(Said("{path}: hand {number} is settled (paid {at}): "
                                  "`scorekeeper undo {path} --paid` takes the payment back "
                                  "first", path=path, number=number,
                                  at=session.payments[-1].get("at")),
                             session.rules.rule("ledger"))
        ruled = session.rule_amended(number, flags, keep)
        tables = {number: dict(ruled.stored),
                  **session.later_rerules(number, ruled.stored)}
        rerules = tuple(sorted(set(tables) - {number}))
        return _spliced(path, text, session, tables, (ruled, session, rerules))

    def still_sound(before: Checked, after: Session) -> list[ledger.Problem]:
        found = ledger.verify(after)
        new = _new_problems(before, found)
        if new:
            raise Refused(Said("amending hand {number} would leave {path} not verifying; "
                               "nothing written:\n{problems}",
                               number=number, path=path, problems=_listed(new)),
                          after.rules.rule("ledger"))
        return found

    written, (ruled, before, rerules) = _transaction(path, rewrite, on_wait,
                                                     repair=still_sound)
    return Amended(ruled, before, written.session, written.problems, rerules)


def rename(path: Path, old: str, new: str,
           on_wait: Waiting = None) -> tuple[Session, str]:
    """Call a player by another name everywhere in the ledger (written anew
    in scorekeeper's own layout: comments a person added are not kept).
    Returns the session written and the player's name before (`old` as
    resolved: "Bikash" for "bik")."""
    def change(session: Session, text: str) -> Change[str]:
        was = resolve_name(old, session.players)
        wanted = new_name(new)
        if wanted == was:
            raise Impossible(Said("{was} is already called {wanted}: nothing to rename",
                                  was=was, wanted=wanted))
        taken = [p for p in session.players
                 if p != was and name_key(p) == name_key(wanted)]
        if taken:
            raise Impossible(Said("{name} is already a player: give {was} a name nobody has",
                                  name=taken[0], was=was), session.rules.rule("table"))
        check_player_names([wanted if p == was else p for p in session.players],
                           session.rules)
        check_new_names([wanted], session.rules)
        document = session.renamed(was, wanted)
        return Change(tomltext.ledger_text(document), document, was)

    checked, was = _transaction(path, change, on_wait)
    return checked.session, was


class Seated(NamedTuple):
    """A seat changed: who, from which hand, and the session after."""
    name: str
    hand: int
    after: Session


def join(path: Path, name: str, after: str | None = None,
         on_wait: Waiting = None) -> Seated:
    """Seat `name` from the next hand (to the left of `after`), at 0."""
    return _seat(path, lambda session: session.joined(name, after), on_wait)


def leave(path: Path, name: str, on_wait: Waiting = None) -> Seated:
    """`name` is gone from the next hand; their total stays."""
    return _seat(path, lambda session: session.left(name), on_wait)


def _seat(path: Path, changed: Callable[[Session], PlainDict],
          on_wait: Waiting) -> Seated:
    """The ledger with one more entry in its top-level `seats` (one line,
    written before the first table), the hands as they are."""
    def change(session: Session, text: str) -> Change[None]:
        document = changed(session)
        return Change(tomltext.with_header_key(text, "seats", document["seats"]),
                      document, None)

    after = _transaction(path, change, on_wait)[0].session
    last = after.changes[-1]
    return Seated(last.name, last.hand, after)


def pay(path: Path, record: PlainMap, expect_hands: int,
        on_wait: Waiting = None) -> Session:
    """Record that a settlement of this ledger's first `record["hands"]`
    hands was paid (one more entry in the top-level `paid`). Refused (exit
    2) if they are paid already, or another writer changed the hands since
    the settlement was worked out."""
    def change(session: Session, text: str) -> Change[None]:
        _unchanged(path, session, expect_hands, "pay")
        if not session.hands:
            raise Impossible(Said("{path} has no hands yet: nothing to record as paid",
                                  path=path), session.rules.rule("ledger"))
        _storable_amounts(path, record, session.rules.rule("ledger"))
        if session.paid_hands >= len(session.hands):
            values = dict(path=path, paid=session.paid_hands,
                          at=session.payments[-1].get("at"))
            raise Impossible(Said("{path}: its hands are paid already ({paid} hand, {at}): "
                                  "the same settlement is not paid twice", **values)
                             if session.paid_hands == 1 else
                             Said("{path}: its hands are paid already ({paid} hands, {at}): "
                                  "the same settlement is not paid twice", **values),
                             session.rules.rule("ledger"))
        return _with_paid(session, text, [*session.payments, dict(record)], None)

    return _transaction(path, change, on_wait, keeps_undone=True)[0].session


def _storable_amounts(path: Path, record: PlainMap, rule: str) -> None:
    """Refuse (exit 2) a payment with an amount beyond what a ledger's whole
    numbers hold: written, it would leave a ledger nothing reads."""
    for transfer in record["transfers"]:
        if not INT64[0] <= transfer["amount"] <= INT64[1]:
            raise Impossible(Said("{path}: {giver} gives {receiver} {amount}, more than a "
                                  "ledger can hold (at most {most}): nothing recorded as "
                                  "paid", path=path, giver=transfer["from"],
                                  receiver=transfer["to"], amount=transfer["amount"],
                                  most=INT64[1]), rule)


def unpay(path: Path, on_wait: Waiting = None) -> tuple[PlainDict, Session]:
    """Take back the last payment recorded (`undo --paid`): the record
    removed and the session after. Exit 2 if none is recorded."""
    def change(session: Session, text: str) -> Change[PlainDict]:
        if not session.payments:
            raise Impossible(Said("{path}: no payment is recorded: nothing to take back",
                                  path=path),
                             session.rules.rule("ledger"))
        return _with_paid(session, text, session.payments[:-1], session.payments[-1])

    checked, removed = _transaction(path, change, on_wait, keeps_undone=True)
    return removed, checked.session


def _with_paid(session: Session, text: str, records: list[PlainDict],
               made: Made) -> Change[Made]:
    document = {k: v for k, v in session.document.items() if k != "paid"}
    if not records:
        return Change(tomltext.without_header_key(text, "paid"), document, made)
    document["paid"] = records
    return Change(tomltext.with_header_key(text, "paid", records), document, made)


def session_fixes(session: Session,
                  problems: Sequence[ledger.Problem]) -> list[SessionHand]:
    """The hands whose stored result disagrees with their inputs (as
    `problems`, what `ledger.verify` found, says), each ruled again; hands
    whose inputs cannot be replayed are left out."""
    out: list[SessionHand] = []
    for problem in problems:
        if problem.hand is None or out and out[-1].number == problem.hand:
            continue
        try:
            ruled = session.rerule(problem.hand)
        except ScorekeeperError:
            continue
        if ruled.stored != dict(session.hands[problem.hand - 1].data):
            out.append(ruled)
    return out


def fix(path: Path, planned: Sequence[int], on_wait: Waiting = None
        ) -> tuple[Session, list[ledger.Problem]]:
    """Re-rule the hands numbered `planned` from their stored inputs and
    write them (`verify --fix`); refused if another writer changed which
    hands disagree meanwhile. The session after, and what still does not
    verify (a dealer out of turn, inputs that cannot be replayed)."""
    def change(session: Session, text: str) -> Change[None]:
        fixes = session_fixes(session, ledger.verify(session))
        if list(planned) != [ruled.number for ruled in fixes]:
            raise Impossible(Said("{path} changed since its hands were checked: nothing "
                                  "written; run verify --fix again",
                                  path=path))
        return _spliced(path, text, session,
                        {ruled.number: ruled.stored for ruled in fixes}, None)

    def fixed(before: Checked, after: Session) -> list[ledger.Problem]:
        left = ledger.verify(after)
        if {p.hand for p in left} & set(planned):
            raise Impossible(Said("{path}: re-ruled hands still disagree; nothing written",
                                  path=path))
        return left

    written, _ = _transaction(path, change, on_wait, repair=fixed)
    return written.session, list(written.problems)


class Undone(NamedTuple):
    removed: StoredHand
    before: Session
    after: Session
    kept: bool = True       # its text is kept for `redo`


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


def undo(path: Path, expect_hands: int | None = None,
         on_wait: Waiting = None) -> Undone:
    """Remove the last hand (`expect_hands`: the hands there were when the
    person confirmed; refused if another writer changed that), keeping its
    exact text for `redo` where the layout allows. On a ledger that does
    not verify, allowed when what is left verifies."""
    def drop_last(session: Session, text: str) -> Change[tuple[StoredHand, Session, bool]]:
        if not session.hands:
            raise Impossible(Said("{path} has no hands to undo", path=path))
        if session.paid_hands >= len(session.hands):
            raise Impossible(Said("{path}: hand {number} is settled (paid {at}): "
                                  "`scorekeeper undo {path} --paid` takes the payment back "
                                  "first", path=path, number=len(session.hands),
                                  at=session.payments[-1].get("at")),
                             session.rules.rule("ledger"))
        _unchanged(path, session, expect_hands, "undo")
        kept = _kept_for_redo(session, text, file_name(path))
        if kept is not None:
            return Change(kept.text, kept.document, (session.hands[-1], session, True))
        cut = tomltext.without_last_hand(text)
        if cut is None:
            raise Impossible(Said("{path}: could not find the last [[hands]] table to remove; "
                                  "edit the file by hand",
                                  path=path))
        return _forget_undone(Change(cut, _without_last(session.document),
                                     (session.hands[-1], session, False)))

    def still_sound(before: Checked, after: Session) -> list[ledger.Problem]:
        if before.problems:
            refuse_stale(Checked(after, tuple(ledger.verify(after))))
        return []

    checked, (hand, before, kept) = _transaction(path, drop_last, on_wait,
                                                 repair=still_sound, keeps_undone=True)
    return Undone(hand, before, checked.session, kept)


def _without_last(document: PlainMap) -> PlainDict:
    out = dict(document)
    out["hands"] = list(out["hands"][:-1])
    if not out["hands"]:
        del out["hands"]
    return out


class Redone(NamedTuple):
    ruled: SessionHand
    after: Session


def redo(path: Path, on_wait: Waiting = None) -> Redone:
    """Put back the hand `undo` removed, byte for byte (its text kept in
    `undone`), after ruling it again on the session as it is now: refused
    (exit 2) when nothing is kept, and (exit 1) when it no longer agrees."""
    def put_back(session: Session, text: str) -> Change[SessionHand]:
        kept = session.document.get(UNDONE)
        if not isinstance(kept, str):
            raise Impossible(Said("{path}: nothing to redo: no hand was undone since the last "
                                  "hand was written",
                                  path=path), session.rules.rule("ledger"))
        session.check_open()
        table = _undone_table(path, session, kept)
        base = tomltext.without_header_key(text, UNDONE)
        document = {k: v for k, v in session.document.items() if k != UNDONE}
        document["hands"] = [*document.get("hands", []), table]
        return Change(base[:-1] + kept if base.endswith("\n") else base + kept,
                      document, _ruled_again(path, session, document))

    checked, ruled = _transaction(path, put_back, on_wait, keeps_undone=True)
    return Redone(ruled, checked.session)


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


def _ruled_again(path: Path, session: Session,
                 document: PlainMap) -> SessionHand:
    """The hand put back, ruled again on the session as it stands: refused
    (exit 1) if the ledger would then not verify."""
    label = file_name(path)
    after = ledger.from_document(document, label)
    found = ledger.verify(after)
    if found:
        raise Refused(Said("the hand undone no longer agrees with {label}; nothing "
                           "written:\n{problems}", label=label, problems=_listed(found)),
                      session.rules.rule("ledger"))
    return after.rule_stored(len(after.hands))


def extend(path: Path, unit: str, value: int, on_wait: Waiting = None
           ) -> Checked:
    """Set how many hands (or rotations) the session plans; the session
    after, with what still does not verify."""
    def set_length(session: Session, text: str) -> Change[None]:
        session.extended_rules(unit, value)
        document = dict(session.document)
        document["options"] = {**document.get("options", {}),
                               unit: stored_option(value)}
        return Change(tomltext.replace_option(text, unit, stored_option(value)),
                      document, None)

    def mends(before: Checked, after: Session) -> list[ledger.Problem]:
        # On a ledger that does not verify, extending is refused like any
        # write, unless it is the mend of a plan shorter than the hands
        # played: it must remove a problem and add none.
        if not before.problems:
            return []
        left = ledger.verify(after)
        if _new_problems(before, left) or len(left) >= len(before.problems):
            refuse_stale(before)
        return left

    return _transaction(path, set_length, on_wait, repair=mends,
                        keeps_undone=True)[0]
