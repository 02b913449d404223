"""A session checked: every hand ruled again from its stored inputs
(`verify`), what disagrees as `Problem`s, and the checks of a change to
a session that does not verify — refused (`refuse_stale`) unless it is a
repair that leaves it no worse (`amend_sound`, `fixed`, `undo_sound`,
`extend_mends`). Pure: the ledger file's transaction calls them.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple, Sequence

from scorekeeper.core.errors import Impossible, Refused, ScorekeeperError
from scorekeeper.core.language import Said
from scorekeeper.core.numbers import Figure
from scorekeeper.core.plain import PlainDict
from scorekeeper.session.pending import pending_problems
from scorekeeper.session.session import Session, SessionHand, StoredHand


class Problem(NamedTuple):
    hand: int | None
    line: int | None
    message: Said

    def as_json(self) -> PlainDict:
        return {"hand": self.hand, "line": self.line, "message": self.message.english}


def verify(session: Session) -> list[Problem]:
    """Recompute every hand from its stored inputs; report each
    disagreement, each wrong dealer or table, and each zero-sum hand that
    does not sum to 0."""
    problems: list[Problem] = []
    planned, played = session.planned, len(session.hands)
    if planned is not None and played > planned:
        unit = session.rules.length_option
        values = dict(planned=planned, unit=unit, played=played, label=session.label,
                      rule=session.rules.rule("session"))
        problems.append(Problem(None, None, Said.ngettext(
            "the session plans {planned} hand ([options] {unit}) but {played} are "
            "recorded: raise it with `scorekeeper extend {label} --{unit} N` ({rule})",
            "the session plans {planned} hands ([options] {unit}) but {played} are "
            "recorded: raise it with `scorekeeper extend {label} --{unit} N` ({rule})",
            count=planned, **values)))
    for h in session.hands:
        found = _sequence_problems(session, h) + _replay_problems(session, h)
        problems += [Problem(h.number, h.line, Said("hand {number}: {problem}",
                                                    number=h.number, problem=m))
                     for m in found]
    if session.pending is not None:
        h = session.pending
        problems += [Problem(h.number, h.line, Said("hand {number}: {problem}",
                                                    number=h.number, problem=m))
                     for m in pending_problems(session)]
    return problems + [Problem(None, None, m) for m in _paid_problems(session)]


def _paid_problems(session: Session) -> list[Said]:
    """What is wrong with the ledger's record of payments (`paid`)."""
    stored = session.document.get("paid")
    if stored is None:
        return []
    from scorekeeper.core.money import paid_problems  # start-up: only with payments

    return paid_problems(stored, len(session.hands), session.rules.rule("ledger"))


def _sequence_problems(session: Session, h: StoredHand) -> list[Said]:
    """Who sat and who dealt (`Seats.problems`), each zero-sum hand's
    balance, and what it takes over from the hand before it."""
    found = session.seats.problems(h.number - 1, h.seated, h.dealer, h.data, session.rules)
    kind = session.score_kind
    if kind.transfers and sum(h.scores.values()) != 0:
        found.append(Said("{key} sums to {sum}, not 0 ({rule})", key=kind.key,
                          sum=Figure(kind.display(sum(h.scores.values()))),
                          rule=session.rules.rule("ledger")))
    return found + _carried_problems(session, h)


def _carried_problems(session: Session, h: StoredHand) -> list[Said]:
    """What the hand takes over from the hand before it (Marriage: the
    refused shows due, MA-20), against what that hand leaves: a hand edited
    before it must not leave this one paying for what is no longer so."""
    due, differ = session.carried_mismatches(h)
    rule = session.rules.rule(session.game.carried_rule)
    return [Said("`{key}` as stored names {stored}, but the hands before it leave {due} "
                 "({rule}; amend this hand to take it over again)", key=key,
                 stored=_names_or_nobody(h.data.get(key, ())),
                 due=_names_or_nobody(due.get(key, ())), rule=rule)
            for key in differ]


def _names_or_nobody(names: Sequence[str]) -> Said:
    """"Asha, Bikash", or the word for nobody."""
    return Said("{item}", item=", ".join(names)) if names else Said("nobody")


def _replay_problems(session: Session, h: StoredHand) -> list[Said]:
    """The hand ruled again from its stored inputs, against what it stores."""
    try:
        result = session.replay(h)[2]
        found = session.game.compare(h.data, result, session.score_kind)
        stored = list(h.data.get("unverified", ()))
        if (stored or result.unverified) and sorted(stored) != sorted(result.unverified):
            found.append(Said("`unverified` as stored names {stored}, but the hands given "
                              "as agreed totals are {given}",
                              stored=_names_or_nobody(stored),
                              given=", ".join(result.unverified) or Said("none")))
        return found
    except Impossible as err:
        return [Said("its inputs cannot be replayed: {reason}", reason=err.cited())]
    except Refused as err:
        return [Said("its inputs are ruled against: {reason}", reason=err.cited())]


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


def new_problems(before: Checked, found: Sequence[Problem]) -> list[Problem]:
    """What a change to a ledger that does not verify added of its own."""
    known = {(p.hand, p.message) for p in before.problems}
    return [p for p in found if (p.hand, p.message) not in known]


def session_fixes(session: Session, problems: Sequence[Problem]) -> list[SessionHand]:
    """The hands whose stored result disagrees with their inputs (as
    `problems`, what `verify` found, says), each ruled again; hands
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


def amend_sound(before: Checked, after: Session, path: Path,
                number: int) -> list[Problem]:
    """Amending is how a ledger that does not verify is mended, one hand
    at a time: refused (exit 1) only if it adds a problem of its own."""
    found = verify(after)
    new = new_problems(before, found)
    if new:
        raise Refused(Said("amending hand {number} would leave {path} not verifying; "
                           "nothing written:\n{problems}",
                           number=number, path=path, problems=listed(new)),
                      after.rules.rule("ledger"))
    return found


def fixed(after: Session, path: Path, planned: Sequence[int]) -> list[Problem]:
    """What still does not verify after `fix` (a dealer out of turn, inputs
    that cannot be replayed); refused if a re-ruled hand still disagrees."""
    left = verify(after)
    if {p.hand for p in left} & set(planned):
        raise Impossible(Said("{path}: re-ruled hands still disagree; nothing written",
                              path=path))
    return left


def undo_sound(before: Checked, after: Session) -> list[Problem]:
    """On a ledger that does not verify, `undo` is allowed when what is
    left verifies."""
    if before.problems:
        refuse_stale(Checked(after, tuple(verify(after))))
    return []


def extend_mends(before: Checked, after: Session) -> list[Problem]:
    """On a ledger that does not verify, extending is refused like any
    write, unless it is the mend of a plan shorter than the hands played:
    it must remove a problem and add none."""
    if not before.problems:
        return []
    left = verify(after)
    if new_problems(before, left) or len(left) >= len(before.problems):
        refuse_stale(before)
    return left
