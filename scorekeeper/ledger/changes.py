"""Every change to a ledger's hands, as a pure function of the session
read and its text: the domain's checks first (the session open, the hand
not settled, nobody else writing meanwhile, the hand kept for `redo`),
then the new text, the document it must read back as, and what the
change made (a `Change`). `scorekeeper.files.ledger_file` runs each in one
transaction; the header's changes (seats, a rename, a payment, the
length) are in `scorekeeper.ledger.header`.

`amend`, `fix` and `undo` splice the text of the hands they change, so
that a person's comments and layout survive; the transaction's full
parse checks what the splice made. A change to a ledger that does not
verify is refused, unless it is a repair (`amend`, `fix`, `undo`,
`extend`) whose check (`amend_sound`, …) finds it leaves the ledger no
worse.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Generic, Mapping, NamedTuple, Sequence, TypeVar

from scorekeeper.core.errors import Impossible, Refused, ScorekeeperError
from scorekeeper.core.language import Said, When, file_name
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.ledger import document as ledger
from scorekeeper.ledger import tomltext
from scorekeeper.ledger.document import Problem, Session, SessionHand, StoredHand
from scorekeeper.ledger.pending import amend_pending
from scorekeeper.ledger.session import NOTE, SESSION_FLAGS

UNDONE = "undone"     # the top-level key holding the hand `undo` removed

Made = TypeVar("Made")


class Change(NamedTuple, Generic[Made]):
    """The new text of a ledger, the document it must read back as, and
    what the change made (the hand ruled, the hand removed …)."""

    text: str
    document: PlainDict
    made: Made


class Checked(NamedTuple):
    """A session read and checked (every hand ruled again, or the cache
    holding that these bytes verify): `problems` lists each hand
    whose stored result disagrees with its inputs (none: it verifies)."""

    session: Session
    problems: tuple[Problem, ...] = ()


def listed(problems: Sequence[Problem]) -> Said:
    """The problems a refusal names, ten at the most, one a line (a `Said`
    of `Said` lines: each problem is said in the reader's language)."""
    more = len(problems) - 10
    lines = [Said("  {problem}", problem=p.message) for p in problems[:10]]
    if more > 0:
        lines.append(Said("  … and {more} more", more=more))
    joined = lines[-1]
    for line in reversed(lines[:-1]):
        joined = Said("{line}\n{rest}", line=line, rest=joined)
    return joined


def refuse_stale(checked: Checked) -> None:
    """No change is written onto a ledger that does not verify."""
    if checked.problems:
        label = checked.session.label
        raise Refused(
            Said("{label} does not verify (changed outside scorekeeper?); nothing "
                 "written:\n{problems}\nCorrect a hand with `scorekeeper amend {label} N`, or "
                 "re-rule every hand whose stored result disagrees with `scorekeeper verify "
                 "{label} --fix`.",
                 label=label, problems=listed(checked.problems)))


def forget_undone(new: Change[Made]) -> Change[Made]:
    """The change without the hand kept for `redo`: once another hand is
    written (or the ledger rewritten), it is no longer the one to put back."""
    if UNDONE not in new.document:
        return new
    document = {k: v for k, v in new.document.items() if k != UNDONE}
    return Change(tomltext.without_header_key(new.text, UNDONE), document, new.made)


def new_problems(before: Checked, found: Sequence[Problem]) -> list[Problem]:
    """What a change to a ledger that does not verify added of its own."""
    known = {(p.hand, p.message) for p in before.problems}
    return [p for p in found if (p.hand, p.message) not in known]


# -- someone else writing meanwhile, a settled hand ---------------------------

def _hands(count: int) -> Said:
    """"1 hand", "3 hands": a count of hands, said in the reader's words."""
    return Said.ngettext("{count} hand", "{count} hands", count=count)


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


def unchanged(path: Path, session: Session, expect_hands: int | None,
              doing: str) -> None:
    """Refuse if another writer changed the number of hands since a person
    began (`expect_hands`: the hands there were then; None: nobody asked)."""
    if expect_hands is not None and expect_hands != len(session.hands):
        raise Impossible(_changed_meanwhile(doing, dict(
            path=path, now=_hands(len(session.hands)), then=expect_hands)))


def refuse_settled(path: Path, session: Session, number: int) -> None:
    """A hand a recorded payment settled is not changed (exit 2)."""
    if 1 <= number <= session.paid_hands:
        raise Impossible(Said("{path}: hand {number} is settled (paid {at}): "
                              "`scorekeeper undo {path} --paid` takes the payment back "
                              "first", path=path, number=number,
                              at=When(session.payments[-1].get("at"))),
                         session.rules.rule("ledger"))


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


def before_play_only(session: Session, flags: PlainMap) -> bool:
    """Only inputs given before play are typed (`--bid`, with or without
    a seat's option): `record` keeps them alone (CB-18)."""
    typed = {k for k in flags if k not in SESSION_FLAGS and k != NOTE.param}
    return bool(typed) and typed <= session.game.pending_flags


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


def amended(session: Session, path: Path, number: int, flags: PlainMap,
            keep: bool) -> SessionHand:
    """Hand `number` ruled anew from its flags as `amend` would write it,
    refused as it would be (a settled hand): what a person is asked
    about before it is written."""
    refuse_settled(path, session, number)
    return session.rule_amended(number, flags, keep)


def amend_sound(before: Checked, after: Session, path: Path,
                number: int) -> list[Problem]:
    """Amending is how a ledger that does not verify is mended, one hand
    at a time: refused (exit 1) only if it adds a problem of its own."""
    found = ledger.verify(after)
    new = new_problems(before, found)
    if new:
        raise Refused(Said("amending hand {number} would leave {path} not verifying; "
                           "nothing written:\n{problems}",
                           number=number, path=path, problems=listed(new)),
                      after.rules.rule("ledger"))
    return found


def later_rerules(session: Session, number: int, data: PlainMap) -> dict[int, PlainDict]:
    """With hand `number` stored anew as `data`, each later hand whose
    result that changes, ruled again in order: where the rules read
    the totals before a hand (a reset, YA-9), from its stored inputs on
    the totals the ones before now give; where a hand takes something
    over from the hand before it (`Game.carried`: Marriage's refused
    shows due, MA-20), with what that hand now leaves. None where
    neither changes. Only a hand that agreed with its inputs before is
    ruled again (one that did not is the person's to mend), and one
    that cannot be ruled is left for `verify` to name."""
    totals = session.rules.uses_totals and \
        dict(data[session.score_key]) != dict(session.hand(number).scores)
    out: dict[int, PlainDict] = {}
    current = session.with_stored(number, data)
    for h in session.hands[number:]:
        inputs = _carried_over(current, h)
        if not totals and inputs is None:
            break                       # nothing reaches this hand or later
        try:
            again = (current if inputs is None else
                     current.with_stored(h.number, inputs)).rerule(h.number)
            moved = again.stored != dict(h.data) and \
                session.rerule(h.number).stored == dict(h.data)
        except ScorekeeperError:
            continue
        if moved:
            out[h.number] = dict(again.stored)
            current = current.with_stored(h.number, again.stored)
    return out


def _carried_over(current: Session, h: StoredHand) -> PlainDict | None:
    """Hand `h`'s stored inputs with what the hand before it leaves in
    `current` (`Game.carried`), or None when that is what it holds."""
    due, differ = current.carried_mismatches(h)
    if not differ:
        return None
    keys = current.game.carried_keys
    inputs = {k: v for k, v in h.data.items() if k not in keys}
    return {**inputs, **{k: due[k] for k in keys if k in due}}


# -- verify --fix ----------------------------------------------------------------

def session_fixes(session: Session, problems: Sequence[Problem]) -> list[SessionHand]:
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


def fix(session: Session, text: str, path: Path, planned: Sequence[int]) -> Change[None]:
    """The hands numbered `planned` re-ruled from their stored inputs and
    written (`verify --fix`); refused if another writer changed which
    hands disagree meanwhile."""
    fixes = session_fixes(session, ledger.verify(session))
    if list(planned) != [ruled.number for ruled in fixes]:
        raise Impossible(Said("{path} changed since its hands were checked: nothing "
                              "written; run verify --fix again",
                              path=path))
    return _spliced(path, text, session, {ruled.number: ruled.stored for ruled in fixes},
                    None)


def fixed(after: Session, path: Path, planned: Sequence[int]) -> list[Problem]:
    """What still does not verify after `fix` (a dealer out of turn, inputs
    that cannot be replayed); refused if a re-ruled hand still disagrees."""
    left = ledger.verify(after)
    if {p.hand for p in left} & set(planned):
        raise Impossible(Said("{path}: re-ruled hands still disagree; nothing written",
                              path=path))
    return left


# -- undo and redo ------------------------------------------------------------------

Undoing = tuple[StoredHand, Session, bool]


def undo(session: Session, text: str, path: Path,
         expect_hands: int | None) -> Change[Undoing]:
    """The ledger without its last hand (`expect_hands`: the hands there
    were when the person confirmed; refused if another writer changed
    that), its exact text kept for `redo` where the layout allows: the
    hand removed, the session before, and whether it is kept."""
    last = session.pending or (session.hands[-1] if session.hands else None)
    if last is None:
        raise Impossible(Said("{path} has no hands to undo", path=path))
    refuse_settled(path, session, last.number)
    unchanged(path, session, expect_hands, "undo")
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


def undo_sound(before: Checked, after: Session) -> list[Problem]:
    """On a ledger that does not verify, `undo` is allowed when what is
    left verifies."""
    if before.problems:
        refuse_stale(Checked(after, tuple(ledger.verify(after))))
    return []


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
    after = ledger.from_document(document, label)
    found = ledger.verify(after)
    if found:
        raise Refused(Said("the hand undone no longer agrees with {label}; nothing "
                           "written:\n{problems}", label=label, problems=listed(found)),
                      session.rules.rule("ledger"))
    return after
