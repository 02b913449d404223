"""What each change to a session's hands checks and rules, as pure
functions of the session read: someone else writing meanwhile
(`unchanged`), a hand a payment settled (`refuse_settled`), the inputs
given before play kept alone (`before_play_only`, CB-18), a hand amended
(`amended`) and the later hands it changes (`later_rerules`), the hands
`verify --fix` re-rules (`planned_fixes`), the hand `undo` removes
(`undoing`). `ledger.changes` writes what they rule as text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from scorekeeper.core.errors import Impossible, ScorekeeperError
from scorekeeper.core.language import Said, When
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.session.session import NOTE, SESSION_FLAGS, Session, SessionHand, StoredHand
from scorekeeper.session.verify import session_fixes, verify


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


def before_play_only(session: Session, flags: PlainMap) -> bool:
    """Only inputs given before play are typed (`--bid`, with or without
    a seat's option): `record` keeps them alone (CB-18)."""
    typed = {k for k in flags if k not in SESSION_FLAGS and k != NOTE.param}
    return bool(typed) and typed <= session.game.pending_flags


def amended(session: Session, path: Path, number: int, flags: PlainMap,
            keep: bool) -> SessionHand:
    """Hand `number` ruled anew from its flags as `amend` would write it,
    refused as it would be (a settled hand): what a person is asked
    about before it is written."""
    refuse_settled(path, session, number)
    return session.rule_amended(number, flags, keep)


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


def planned_fixes(session: Session, path: Path, planned: Sequence[int]) -> list[SessionHand]:
    """The hands numbered `planned` re-ruled from their stored inputs
    (`verify --fix`); refused if another writer changed which hands
    disagree meanwhile."""
    fixes = session_fixes(session, verify(session))
    if list(planned) != [ruled.number for ruled in fixes]:
        raise Impossible(Said("{path} changed since its hands were checked: nothing "
                              "written; run verify --fix again",
                              path=path))
    return fixes


def undoing(session: Session, path: Path, expect_hands: int | None) -> StoredHand:
    """The hand `undo` removes, the last (`expect_hands`: the hands there
    were when the person confirmed; refused if another writer changed
    that, or a payment settled it)."""
    last = session.pending or (session.hands[-1] if session.hands else None)
    if last is None:
        raise Impossible(Said("{path} has no hands to undo", path=path))
    refuse_settled(path, session, last.number)
    unchanged(path, session, expect_hands, "undo")
    return last
