"""The book: every change to a session file, each one transaction.

`create`, `record`, `amend`, `undo`, `extend`, `rename` and `fix` each take
the ledger's lock, read it, parse it (through the cache when its bytes
match), make one change as a pure function of the session, and write — all
under the lock. No text is
written that has not been parsed back to exactly the document meant (a
hand appended by `record`: its table parsed, with a proof that the rest of
the new text is the old text byte for byte — see `_read_back_appended`;
hands replaced or removed by `amend`, `verify --fix` and `undo`: those
tables, with a proof of the rest — `_read_back_spliced`; a text written
anew: a couple of hundred hands at a time): a ledger whose layout would not
survive the change (say `hands = []`, or a table after the hands) is
refused with exit 2 and left as it was.

Never stale totals: bytes that are not the ones scorekeeper last wrote (a
hand edit, a merge, a copy from elsewhere: the cache does not know them)
are re-checked — every hand recomputed that the document last trusted does
not hold as it is (`_vouched`) — before use. `load` returns the
problems found with the session, for the commands that show it; a change
is refused (exit 1) on a ledger that fails the re-check. A ledger that
passes is trusted from then on (its bytes go to the cache).

This is the only module that combines the ledger model
(`scorekeeper.ledger`: `document`, `session`, `tomltext`) with the files
(`files.storage`).
"""

from __future__ import annotations

import gc
import os
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

from scorekeeper.core.errors import Impossible, Refused, ScorekeeperError, visible
from scorekeeper.core.numbers import plural
from scorekeeper.core.options import stored_option
from scorekeeper.core.seating import check_player_names, resolve_name
from scorekeeper.files import split, storage
from scorekeeper.ledger import document as ledger
from scorekeeper.ledger import tomltext
from scorekeeper.ledger.document import Session, SessionHand, StoredHand
from scorekeeper.ledger.tomltext import LedgerError

Waiting = Callable[[], None] | None


@dataclass(frozen=True)
class Change:
    """The new text of a ledger and the document it must read back as."""

    text: str
    document: dict[str, Any]
    # set when `text` is the old text (its last newlines aside), a newline,
    # then this one `[[hands]]` table: read back by parsing only it
    tail: str | None = None
    # set when `text` is the old text with these hands' tables replaced or
    # removed: read back by parsing only them (`tomltext.splices_proven`)
    splices: tuple[tomltext.Splice, ...] = ()


def read(path: Path, use_cache: bool = True) -> Session:
    """The session as it is on disk, not re-checked (no lock: a reader never
    writes). The prompts of `record` and `undo` read this way."""
    text = _text(path)
    cached = storage.read_cached_document(path, text) if use_cache else None
    return ledger.parse(text, visible(str(path)), cached)


def _text(path: Path) -> str:
    """The ledger's text, once its path is one a ledger may have."""
    storage.check_ledger_path(path)
    return storage.read_text(path)


@dataclass(frozen=True)
class Reading:
    """A session as the commands that show it use it: re-checked when its
    bytes are not the ones scorekeeper last wrote (`problems`: each hand
    whose stored result disagrees with its inputs)."""

    session: Session
    problems: tuple[ledger.Problem, ...] = ()


def _checked(path: Path, real: Path, text: str) -> Reading:
    with _collector_paused():
        return _checked_now(path, real, text)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while a ledger is read and
    checked: the documents and sessions made hold no cycles (reference
    counting frees them), yet the collector would walk them again and again
    while they are made — a 2,000-hand ledger's are some 80,000 tables
    and lists. What the pause leaves is collected once it ends."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _checked_now(path: Path, real: Path, text: str) -> Reading:
    entry = storage.read_cache_entry(real, text)
    label = visible(str(path))
    if entry is not None and entry[1]:
        try:
            return Reading(ledger.parse(text, label, entry[0]))
        except Exception:  # noqa: BLE001 - a cache mangled by hand: not trusted
            storage.forget_cache(real)
            entry = None
    before = entry[0] if entry is not None else None
    reading, body = _checked_on_two_cores(text, label, real, before) \
        or (_checked_plainly(text, label, before), None)
    if not reading.problems:               # trusted from now on
        storage.write_cache(real, text, dict(reading.session.document), body)
    return reading


def _checked_plainly(text: str, label: str,
                     before: Mapping[str, Any] | None) -> Reading:
    """Every hand checked in this process, but those `before` vouches for
    ruled again (`_vouched`)."""
    session = ledger.parse(text, label)
    kept = _vouched(session, before) if before is not None else set()
    return Reading(session, tuple(ledger.verify(session, replay={
        h.number for h in session.hands if h.number not in kept})))


# From how many hands a ledger is re-checked on two cores at once
# (`_checked_on_two_cores`), and the share of its hands checked on the other.
TWO_CORES_FROM = 1000
THERE = 0.5
# the share of its text parsed on the other (`_parsed_on_two_cores`)
PARSED_THERE = 0.46

Found = list[tuple[int | None, int | None, str]]


def _checked_on_two_cores(text: str, label: str, real: Path,
                          before: Mapping[str, Any] | None
                          ) -> tuple[Reading, bytes | None] | None:
    """A long ledger re-checked as `_checked` checks it — the shape of its
    hands, who sat and dealt, their rulings — the later hands on another
    core (`split.at_once`) while this one checks the rest and makes the
    cache's entry, in case all holds. None when a hand is not of the shape
    a ledger's are, or anything fails (a copy that dies included): then
    `_checked` checks the ledger the plain way, which tells a shape's
    problems together, as the ledger's. Otherwise each hand is checked by
    one part exactly as the plain way checks it, and the problems of the
    two parts, in order, are the plain way's."""
    if text.count("[[hands]]") < TWO_CORES_FROM or not split.possible():
        return None
    try:
        session = _parsed_on_two_cores(text, label)
        if session is None:
            return None
        kept = _vouched(session, before) if before is not None else set()
    except Exception:  # noqa: BLE001 - told as it is by the plain way
        return None
    chosen = {h.number for h in session.hands if h.number not in kept}
    cut = len(session.hands) - int(len(session.hands) * THERE)

    def check(start: int, stop: int | None) -> Found | None:
        try:
            if ledger.shape_problems(session, start, stop):
                return None
            return [(p.hand, p.line, p.message)
                    for p in ledger.verify(session, start, chosen, stop)]
        except Exception:  # noqa: BLE001 - a hand of the wrong shape, ruled
            return None

    def here() -> tuple[Found | None, bytes | None]:
        found = check(1, cut)
        if found != []:
            return found, None
        try:                               # its strings shared as parsed
            return found, storage.cache_body(real, session.document, shared=True)
        except (TypeError, ValueError, RecursionError):
            return found, None             # `write_cache` tries again, and tells

    (mine, body), theirs = split.at_once(here, lambda: check(cut + 1, None))
    if mine is None or not isinstance(theirs, list):
        return None
    problems = tuple(ledger.Problem(*p) for p in [*mine, *theirs])
    return Reading(session, problems), body


def _parsed_on_two_cores(text: str, label: str) -> Session | None:
    """`ledger.parse(text, label, check_hands=False)`, the text's later
    pieces (`tomltext.pieces_parsed`) parsed on another core while this one
    parses the rest; the hands' equal strings one object, as the cache's
    entry keeps them. None when the pieces cannot be shown to be the
    whole: the plain way parses the text whole, and tells its errors as
    they are."""
    bounds = tomltext.piece_bounds(text)
    if bounds is None:                     # too few headers to cut it at
        return ledger.parse(text, label, check_hands=False)
    starts = tomltext.hand_headers(text)
    cut = starts[len(starts) - int(len(starts) * PARSED_THERE)]
    mine, theirs = split.at_once(
        lambda: tomltext.pieces_parsed(text, [b for b in bounds if b < cut] + [cut]),
        lambda: tomltext.pieces_parsed(text, [cut] + [b for b in bounds if b > cut]))
    document = tomltext.joined([*mine, *theirs]) \
        if mine is not None and theirs is not None else None
    if document is None:
        return None
    return ledger.from_document(document, label, tomltext.line_index(text),
                                check_hands=False)


def _vouched(session: Session, before: Mapping[str, Any]) -> set[int]:
    """The hands a hand edit left as they were: the numbers of the hands
    `session` holds exactly as `before` does — the document of the bytes
    this ledger had when scorekeeper last wrote or checked it (read from
    the cache, its HMAC checked) — at the same place, under the same
    header, and, where the rules read the totals before a hand, after
    only such hands. Each rules as it did then (a replay is a pure
    function of these), so it is not ruled again; who sat and dealt is
    checked for every hand all the same."""
    old = before.get("hands")
    if not isinstance(old, list) or {k: v for k, v in before.items() if k != "hands"} \
            != {k: v for k, v in session.document.items() if k != "hands"}:
        return set()
    kept = set()
    for h, was in zip(session.hands, old):
        if h.data == was:
            kept.add(h.number)
        elif session.rules.uses_totals:
            break
    return kept


def load(path: Path) -> Reading:
    """The session, re-checked unless its bytes are the ones last written."""
    return _checked(path, path, _text(path))


def _listed(problems: Sequence[ledger.Problem]) -> str:
    """The problems a refusal names, ten at the most."""
    more = len(problems) - 10
    return "\n".join(f"  {p.message}" for p in problems[:10]) \
        + (f"\n  … and {more} more" if more > 0 else "")


def refuse_stale(reading: Reading) -> None:
    """No change is written onto a ledger that fails the re-check."""
    if reading.problems:
        label = reading.session.label
        raise Refused(
            f"{label} does not verify (changed outside scorekeeper?); nothing "
            f"written:\n{_listed(reading.problems)}"
            + f"\nCorrect a hand with `scorekeeper amend {label} N`, or re-rule "
            "every hand whose stored result disagrees with "
            f"`scorekeeper verify {label} --fix`.")


def _read_back(change: Change, label: str, before: Session | None = None,
               old_text: str = "") -> Session:
    """The session the new text holds, refused unless it is the one meant."""
    if change.tail is not None and before is not None:
        after = _read_back_appended(change, label, before, old_text)
        if after is not None:
            return after
    if change.splices and before is not None:
        after = _read_back_spliced(change, label, before, old_text)
        if after is not None:
            return after
    def refuse(why: str) -> Impossible:
        return Impossible(f"{label}: nothing written: the changed ledger would "
                          f"not read back as meant ({why}); its layout is "
                          "unusual (e.g. `hands = []`, or a table after the "
                          "hands): tidy it by hand, then try again")
    try:
        if not tomltext.parses_to(change.text, change.document, label):
            raise refuse("its tables would change")
    except LedgerError as err:
        raise refuse(err.problems[0][1]) from None
    # the document meant: a checked ledger and hands this program made
    return ledger.from_document(change.document, label,
                                tomltext.line_index(change.text), checked=True)


def _read_back_appended(change: Change, label: str, before: Session,
                        old_text: str) -> Session | None:
    """The session after one `[[hands]]` table appended, read back without
    parsing the whole new text; None (parse it all) when this cannot be
    proven. The proof: (1) the new text is, byte for byte, the old text
    (its last newlines aside), a newline and the tail — so everything
    before the tail is the text `before` was read from; (2) the old text
    from its last `[[hands]]` header on, with the tail, parses (TOML) to
    that last hand, the new one and the tables after them as `before`
    holds them — so the headers are an array of tables the tail appends
    to (not a static array `hands = [...]`, which TOML would refuse); (3)
    the document meant is `before`'s with exactly that hand added."""
    assert change.tail is not None
    head = tomltext.ending_in_one_newline(old_text)
    if len(change.text) != len(head) + len(change.tail) \
            or not change.text.startswith(head) or not change.text.endswith(change.tail):
        return None
    had = "hands" in before.document        # then only as [[hands]] tables
    hands = list(before.document.get("hands", []))
    start = 0 if head.startswith("[[hands]]\n") else head.rfind("\n[[hands]]\n") + 1
    if had and (not hands or start == 0 and not head.startswith("[[hands]]\n")):
        return None                        # `hands = []`, or no header found
    try:
        part = tomltext.load_toml(head[start:] + change.tail if had
                                  else change.tail, label)
    except LedgerError:
        return None
    new_hand = change.document.get("hands", [None])[-1]
    expected = {k: before.document[k] for k in part if k != "hands"
                and k in before.document}
    if part.get("hands") != [*hands[-1:], new_hand] \
            or {k: v for k, v in part.items() if k != "hands"} != expected \
            or change.document != {**before.document, "hands": [*hands, new_hand]}:
        return None
    line = head.count("\n") + 2            # the tail starts with a blank line
    stored = StoredHand.of(len(hands) + 1, line, new_hand, before.players,
                           before.score_key)
    return replace(before, hands=(*before.hands, stored), document=change.document)


def _read_back_spliced(change: Change, label: str, before: Session,
                       old_text: str) -> Session | None:
    """The session after hands' tables replaced or removed (amend, verify
    --fix, undo), read back by parsing only the tables changed, once the
    splice is proven (`tomltext.splices_proven`) and the document meant is
    `before`'s with exactly those hands changed; None (parse it all) when
    this cannot be shown."""
    hands = before.document.get("hands", [])
    if not isinstance(hands, list) or not tomltext.splices_proven(
            old_text, change.text, change.splices, hands, label):
        return None
    meant = list(hands)
    for s in reversed(change.splices):
        if s.data is None:
            del meant[s.number - 1]
        else:
            meant[s.number - 1] = s.data
    rest = {k: v for k, v in before.document.items() if k != "hands"}
    if change.document != ({**rest, "hands": meant} if meant else rest):
        return None
    return ledger.from_document(change.document, label,
                                tomltext.line_index(change.text), checked=True)


# A repair refuses (raises) or returns what still does not verify after it.
Repair = Callable[[Reading, Session], Sequence[ledger.Problem]]


def _transaction(path: Path, change: Callable[[Session, str], Change],
                 on_wait: Waiting = None, repair: Repair | None = None,
                 known: tuple[str, Reading] | None = None) -> Reading:
    """Lock, read, change, read back, write, cache; the session after, with
    what still does not verify.

    A change is refused on a ledger that does not verify, unless it is a
    `repair`: then the session after must pass `repair(reading, after)`.
    Only a ledger that verifies is cached as trusted."""
    label = visible(str(path))
    with storage.locked(path, on_wait) as real:
        text = storage.read_text(real, path)
        # `known`: these very bytes were read and re-checked just before
        # (verify --fix): not parsed and re-ruled twice, nor held twice
        if known is not None and known[0] == text:
            text, reading = known
        else:
            reading = _checked(path, real, text)
        if repair is None:
            refuse_stale(reading)
        new = change(reading.session, text)
        after = _read_back(new, label, reading.session, text)
        left = repair(reading, after) if repair is not None else ()
        storage.check_writable(real, path)

        def cache() -> None:
            if left:
                storage.forget_cache(real)    # re-checked (and warned of) next time
            else:
                storage.write_cache(real, new.text, dict(after.document))
        storage.write_atomic(real, new.text, then=cache)
    return Reading(after, tuple(left))


def create(path: Path, header: Mapping[str, Any], force: bool = False,
           on_wait: Waiting = None) -> Session:
    """A new ledger holding `header` (refused if the file exists, unless
    `force`)."""
    storage.check_ledger_path(path)
    label = visible(str(path))
    text = tomltext.header_text(header)
    created = _read_back(Change(text, dict(header)), label)
    if not os.path.exists(path):
        real = storage.real_path(path)
        if storage.create_exclusive(real, text, then=lambda: storage.write_cache(
                real, text, dict(created.document))):
            return created
    if not force:
        raise Impossible(f"{path} exists; use --force to overwrite it")
    with storage.locked(path, on_wait) as real:
        storage.check_writable(real, path)
        storage.write_atomic(real, text, then=lambda: storage.write_cache(
            real, text, dict(created.document)))
    return created


@dataclass(frozen=True)
class Recorded:
    ruled: SessionHand
    after: Session


def _unchanged(path: Path, session: Session, expect_hands: int | None,
               meanwhile: str, nothing: str, command: str) -> None:
    """Refuse if another writer changed the number of hands since a person
    began (`expect_hands`: the hands there were then; None: nobody asked)."""
    if expect_hands is not None and expect_hands != len(session.hands):
        raise Impossible(f"{path} changed while {meanwhile} (now "
                         f"{plural(len(session.hands), 'hand')}, not "
                         f"{expect_hands}): nothing {nothing}; run {command} again")


def record(path: Path, flags: Mapping[str, Any], expect_hands: int | None = None,
           on_wait: Waiting = None) -> Recorded:
    """Rule on the next hand from its flags and append it.

    `expect_hands`: the number of hands the ledger had when the hand was
    typed (interactive entry); refused if another writer added one since."""
    ruled: list[SessionHand] = []

    def append(session: Session, text: str) -> Change:
        session.check_open()
        _unchanged(path, session, expect_hands, "the hand was being typed",
                   "recorded", "record")
        ruled.append(session.rule_next(flags))
        return appended(session, text, ruled[0].stored)

    after = _transaction(path, append, on_wait).session
    return Recorded(ruled[0], after)


def appended(session: Session, text: str, stored: Mapping[str, Any]) -> Change:
    """The ledger with one more `[[hands]]` table at its end."""
    document = dict(session.document)
    document["hands"] = [*document.get("hands", []), dict(stored)]
    tail = tomltext.hand_text(stored)
    return Change(tomltext.ending_in_one_newline(text) + tail, document, tail)


@dataclass(frozen=True)
class Amended:
    ruled: SessionHand
    before: Session
    after: Session
    problems: tuple[ledger.Problem, ...] = ()   # what still does not verify
    rerules: tuple[int, ...] = ()   # later hands ruled again with it (YA-9, MA-20)

    @property
    def reading(self) -> Reading:
        """The session after, with what still does not verify."""
        return Reading(self.after, self.problems)


def _new_problems(reading: Reading, found: Sequence[ledger.Problem]
                  ) -> list[ledger.Problem]:
    """What a change to a ledger that does not verify added of its own."""
    known = {(p.hand, p.message) for p in reading.problems}
    return [p for p in found if (p.hand, p.message) not in known]


def amend(path: Path, number: int, flags: Mapping[str, Any],
          expect_hands: int | None = None, on_wait: Waiting = None,
          keep: bool = True) -> Amended:
    """Rule on hand `number` anew from its flags and write it in its place.

    Later hands stay as recorded, but for those whose result it changes,
    ruled again (`rerules`, `Session.later_rerules`): where the rules read
    the totals before a hand (YA-9), or a hand takes over what the one
    before leaves (MA-20's refused shows due); if the change makes one of them
    impossible (an elimination now earlier, a dealer out of turn), nothing
    is written (exit 1, naming the hand and why). `keep`: the inputs not
    in `flags` stay as stored (false: `flags` is the whole hand). Amending is how a ledger
    that does not verify is mended, one hand at a time: it is refused only
    if it adds a problem of its own."""
    done: list[tuple[SessionHand, Session]] = []
    rerules: list[int] = []

    def rewrite(session: Session, text: str) -> Change:
        _unchanged(path, session, expect_hands, "the hand was being typed",
                   "amended", "amend")
        ruled = session.rule_amended(number, flags, keep)
        done.append((ruled, session))
        # the later hands whose result it changes (the totals they read,
        # YA-9; what they take over, MA-20) are ruled again with it
        tables = {number: dict(ruled.stored),
                  **session.later_rerules(number, ruled.stored)}
        rerules[:] = sorted(set(tables) - {number})
        replaced = tomltext.replace_hands(text, tables)
        if replaced is None:
            raise Impossible(f"{path}: could not find the [[hands]] table of hand "
                             f"{number}; edit the file by hand")
        document = dict(session.document)
        document["hands"] = [tables.get(i, h)
                             for i, h in enumerate(document["hands"], start=1)]
        return Change(replaced[0], document, splices=replaced[1])

    def still_sound(reading: Reading, after: Session) -> list[ledger.Problem]:
        # A trusted ledger: only who sat and dealt later can have changed,
        # and, where the rules read the totals, the later hands' results
        # (ruled again above: checked here). One that does not verify:
        # the amend may mend one hand of several, but must not add a
        # problem of its own.
        whole = bool(reading.problems)
        replay = whole or _replayed_after(reading, after, [number]) is True
        found = ledger.verify(after, start=1 if whole else number + 1,
                              replay=replay)
        new = _new_problems(reading, found)
        if new:
            raise Refused(f"amending hand {number} would leave {path} not "
                          f"verifying; nothing written:\n{_listed(new)}",
                          after.rules.rule("ledger"))
        return found

    written = _transaction(path, rewrite, on_wait, repair=still_sound)
    ruled, before = done[0]
    return Amended(ruled, before, written.session, written.problems, tuple(rerules))


def rename(path: Path, old: str, new: str,
           on_wait: Waiting = None) -> tuple[Session, str]:
    """Call a player by another name everywhere in the ledger (written anew
    in scorekeeper's own layout: comments a person added are not kept).
    Returns the session written and the player's name before (`old` as
    resolved: "Bikash" for "bik")."""
    renamed: list[str] = []

    def change(session: Session, text: str) -> Change:
        was = resolve_name(old, session.players)
        renamed[:] = [was]
        wanted = new.strip()
        if wanted == was:
            raise Impossible(f"{was} is already called {wanted}: nothing to rename")
        taken = [p for p in session.players
                 if p != was and p.casefold() == wanted.casefold()]
        if taken:
            raise Impossible(f"{taken[0]} is already a player: give {was} a name "
                             "nobody has", session.rules.rule("table"))
        check_player_names([wanted if p == was else p for p in session.players],
                           session.rules)
        document = session.renamed(was, wanted)
        return Change(tomltext.ledger_text(document), document)

    after = _transaction(path, change, on_wait).session
    return after, renamed[0]


def read_checked(path: Path) -> tuple[str, Reading]:
    """The ledger's text and its session, parsed and every hand re-ruled
    (never through the cache): what `verify` answers for."""
    text = _text(path)
    session = ledger.parse(text, visible(str(path)))
    return text, Reading(session, tuple(ledger.verify(session)))


def fix(path: Path, planned: Sequence[int], on_wait: Waiting = None,
        known: tuple[str, Reading] | None = None
        ) -> tuple[Session, list[ledger.Problem]]:
    """Re-rule the hands numbered `planned` from their stored inputs and
    write them (`verify --fix`); refused if another writer changed which
    hands disagree meanwhile. The session after, and what still does not
    verify (a dealer out of turn, inputs that cannot be replayed)."""
    def change(session: Session, text: str) -> Change:
        found = known[1].problems if known is not None and known[0] == text \
            and known[1].session is session else None
        if list(planned) != [ruled.number for ruled in session_fixes(session, found)]:
            raise Impossible(f"{path} changed since its hands were checked: "
                             "nothing written; run verify --fix again")
        document = dict(session.document)
        hands = list(document.get("hands", []))
        for number in planned:
            hands[number - 1] = dict(session.rerule(number).stored)
        document["hands"] = hands
        replaced = tomltext.replace_hands(text, {n: hands[n - 1] for n in planned})
        if replaced is None:             # the full read back refuses it
            return Change(text, document)
        return Change(replaced[0], document, splices=replaced[1])

    def fixed(reading: Reading, after: Session) -> list[ledger.Problem]:
        # the hands before the first re-ruled one are as they were, and so
        # is all that comes before them: what they had, they still have
        first = min(planned, default=1)
        replay = _replayed_after(reading, after, planned)
        left = [p for p in reading.problems if p.hand is None or p.hand < first] \
            + ledger.verify(after, start=first, replay=replay) \
            if reading.problems and first > 1 else ledger.verify(after, replay=replay)
        if {p.hand for p in left} & set(planned):
            raise Impossible(f"{path}: re-ruled hands still disagree; nothing "
                             "written")
        return left

    written = _transaction(path, change, on_wait, repair=fixed, known=known)
    return written.session, list(written.problems)


def _replayed_after(reading: Reading, after: Session,
                    rewritten: Sequence[int]) -> bool | set[int]:
    """The hands whose result may differ once hands `rewritten` are ruled
    anew: those, and the hands that did not verify before; every one when
    the rules read the totals before a hand and a rewritten hand's scores
    changed them. Any other hand keeps its inputs and its table, so it
    rules as it did (a replay is a pure function of them)."""
    before = reading.session.hands
    if after.rules.uses_totals and any(before[n - 1].scores != after.hands[n - 1].scores
                                       for n in rewritten):
        return True
    return {*rewritten, *(p.hand for p in reading.problems if p.hand is not None)}


def session_fixes(session: Session,
                  problems: Sequence[ledger.Problem] | None = None) -> list[SessionHand]:
    """The hands whose stored result disagrees with their inputs, each ruled
    again (hands whose inputs cannot be replayed are left out); `problems`:
    what `ledger.verify` found, when known already."""
    out: list[SessionHand] = []
    found = ledger.verify(session) if problems is None else problems
    for problem in found:
        if problem.hand is None or out and out[-1].number == problem.hand:
            continue
        try:
            ruled = session.rerule(problem.hand)
        except ScorekeeperError:
            continue
        if ruled.stored != dict(session.hands[problem.hand - 1].data):
            out.append(ruled)
    return out


@dataclass(frozen=True)
class Undone:
    removed: StoredHand
    after: Session


def undo(path: Path, expect_hands: int | None = None,
         on_wait: Waiting = None) -> Undone:
    """Remove the last hand (`expect_hands`: the hands there were when the
    person confirmed; refused if another writer changed that). On a ledger
    that does not verify, allowed when what is left verifies."""
    removed: list[StoredHand] = []

    def drop_last(session: Session, text: str) -> Change:
        if not session.hands:
            raise Impossible(f"{path} has no hands to undo")
        _unchanged(path, session, expect_hands, "you were asked", "removed",
                   "undo")
        split = tomltext.split_last_hand(text)
        if split is None:
            raise Impossible(f"{path}: could not find the last [[hands]] "
                             "table to remove; edit the file by hand")
        removed.append(session.hands[-1])
        document = dict(session.document)
        document["hands"] = list(document["hands"][:-1])
        if not document["hands"]:
            del document["hands"]
        return Change(split[0], document, splices=(split[1],))

    def still_sound(reading: Reading, after: Session) -> list[ledger.Problem]:
        if reading.problems:
            refuse_stale(Reading(after, tuple(ledger.verify(after))))
        return []

    after = _transaction(path, drop_last, on_wait, repair=still_sound).session
    return Undone(removed[0], after)


def extend(path: Path, unit: str, value: int, on_wait: Waiting = None
           ) -> Reading:
    """Set how many hands (or rotations) the session plans; the session
    after, with what still does not verify."""
    def set_length(session: Session, text: str) -> Change:
        session.extended_rules(unit, value)
        document = dict(session.document)
        document["options"] = {**document.get("options", {}),
                               unit: stored_option(value)}
        return Change(tomltext.replace_option(text, unit, stored_option(value)),
                      document)

    def mends(reading: Reading, after: Session) -> list[ledger.Problem]:
        # On a ledger that does not verify, extending is refused like any
        # write, unless it is the mend of a plan shorter than the hands
        # played: it must remove a problem and add none.
        if not reading.problems:
            return []
        left = ledger.verify(after)
        if _new_problems(reading, left) or len(left) >= len(reading.problems):
            refuse_stale(reading)
        return left

    return _transaction(path, set_length, on_wait, repair=mends)
