"""What is made of one session for reading: its standings (`standings
--json`, the exports, the board) and places, its history, every hand as a
row (`history --json`, the exports, the board, the chart) and a row told
in a few words (its story), and one ruled hand's document (`record
--json`, `show --json`). Pure: made of a `Session`, never of a file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from scorekeeper.core.language import Said
from scorekeeper.core.numbers import listed
from scorekeeper.core.plain import PlainDict, PlainMap

if TYPE_CHECKING:
    from scorekeeper.session.session import Session, SessionHand

# a player's cell at a hand before they joined (history, `show`'s
# standings, the Markdown export): not yet seated, which is not "out"
NOT_YET_SEATED = "—"


def places(session: Session) -> dict[str, int]:
    """Standard competition ranking (1, 1, 3); best first as the game's
    `ScoreKind` says (penalty points: lowest first), eliminated players
    after those still in, and last those not yet seated (a past hand's
    standings, `show N`, before a newcomer joined)."""
    totals = session.totals()
    out = set(session.seats.eliminated())
    waiting = set(session.seats.not_yet_seated(len(session.hands) + 1))
    better = session.score_kind.better

    def key(p: str) -> tuple[bool, bool, int]:
        return (p in waiting, p in out, better(totals[p]))

    ordered = sorted(session.players, key=key)
    found: dict[str, int] = {}
    for i, p in enumerate(ordered):
        prev = ordered[i - 1] if i else None
        found[p] = found[prev] if prev is not None and key(prev) == key(p) else i + 1
    return {p: found[p] for p in session.players}


def unbalanced_hands(session: Session) -> list[int]:
    """Hands of a zero-sum game whose stored net does not sum to 0 (DH-11,
    MA-12): cheap enough to re-check on every read, unlike `verify`."""
    if not session.score_kind.transfers:
        return []
    return [h.number for h in session.hands if sum(h.scores.values()) != 0]


def standings_json(session: Session) -> PlainDict:
    """Totals (stored, and as people read them), places, what is next.
    Points that are not transfers have no balance to check, and may
    eliminate: they list who is out instead."""
    kind = session.score_kind
    totals = session.totals()
    data: PlainDict = {
        "totals": totals,
        "totals_display": kind.displayed(totals),
        "score_kind": kind.as_json(),
        "places": places(session),
        "hands_played": len(session.hands),
        "hands_planned": session.planned,
        "complete": session.complete,
        "next_dealer": session.next_dealer,
        "game": session.game.name,
        "profile": session.profile.name,
        "house_options": session.house_options,
    }
    if kind.transfers:
        data["unbalanced_hands"] = unbalanced_hands(session)
    else:
        data["eliminated"] = list(session.seats.eliminated())
    if session.payments:
        data["paid"] = session.payments
        data["settled"] = bool(session.hands) and session.paid_hands >= len(session.hands)
    if session.changes:
        data["seated"] = list(session.seats.present(len(session.hands)))
        data["seats"] = [c.stored() for c in session.changes]
    if session.pending is not None:
        data["pending"] = pending_json(session)
    return data


def pending_json(session: Session) -> PlainDict | None:
    """The hand waiting for its play (CB-18): its number, its dealer and
    the inputs given before play (Call Break's `calls`); None when no hand
    waits. It scores nothing yet."""
    h = session.pending
    if h is None:
        return None
    given = {f.key: h.data[f.key] for f in session.game.fields if f.before_play}
    return {"hand": h.number, "dealer": h.dealer, **given}


def pending_said(session: Session) -> Said | None:
    """The hand waiting for its play in a few words (CB-18): "Calls:
    Asha 3, Bikash 4, Chandra 2, Dipak 4; hand 5 is being played"."""
    h = session.pending
    if h is None:
        return None
    return Said("{given}; hand {number} is being played", given=given_said(session),
                number=h.number)


def given_said(session: Session) -> Said:
    """What the waiting hand was given before play: "Calls: Asha 3, …"."""
    data = session.pending.data if session.pending is not None else {}
    field = next(f for f in session.game.fields if f.before_play)
    items = listed([Said("{name} {count}", name=p, count=n)
                    for p, n in data[field.key].items()])
    return Said("{caption}: {items}", caption=Said(field.caption), items=items)


def hand_json(session: Session, hand: SessionHand) -> PlainDict:
    """`record --json` / `show --json` of one of the session's hands: the
    game's document, with the session's notes, and the scores as people
    read them too (`net_display` / `points_display`)."""
    kind = session.score_kind
    data = session.game.result_json(hand.result, hand.number)
    data["rules"] = list(hand.rules)
    data["explanation"] = [line.english for line in hand.explanation]
    data["eliminated"] = list(hand.eliminated)
    data.update(told(hand.stored))
    return kind.with_display(data, kind.key)


def told(stored: PlainMap) -> PlainDict:
    """When a stored hand was recorded and its note (null where it has
    none: a hand recorded before times were kept, a hand without a note)."""
    return {"recorded": stored.get("recorded"), "note": stored.get("note")}


def history_json(session: Session, lazy: bool = False, skip: int = 0) -> PlainDict:
    """Every hand: its scores, the running totals, and what happened —
    the game's facts, who did not play (`out`) and who was eliminated
    by it (`eliminated`). `lazy`: the hands as an iterator of rows
    (`history --json` of a long session writes them as they come);
    `skip`: the first hands left out (`history_rows`)."""
    rows = history_rows(session, skip)
    data: PlainDict = {"hands": rows if lazy else list(rows),
                       "players": list(session.players),
            "score": session.score_key, "house_options": session.house_options,
            "score_kind": session.score_kind.as_json()}
    if session.pending is not None:
        data["pending"] = pending_json(session)
    return data


def history_rows(session: Session, skip: int = 0) -> Iterator[PlainDict]:
    """The rows of `history_json`, one at a time (an export of a long
    session never holds them all); none for the first `skip` hands,
    whose scores are only added to the totals (a screen shows the last
    hundred)."""
    kind, key, game = session.score_kind, session.score_key, session.game
    players, seats = session.players, session.seats
    running = {p: 0 for p in players}
    for index, h in enumerate(session.hands):
        for name, value in h.scores.items():
            running[name] += value
        if index < skip:
            continue
        facts = game.history_facts(h.data)
        out_before = seats.out_before[h.number - 1]
        out_now = seats.out_before[h.number]
        row = {"hand": h.number, "dealer": h.dealer,
               key: dict(h.scores),
               f"{key}_display": kind.displayed(h.scores),
               "totals": dict(running),
               "totals_display": kind.displayed(running),
               "winner": facts.pop("winner", None),
               "rules": list(h.data.get("rules", []))}
        row.update(facts)
        row["out"] = [p for p in players if p not in h.seated]
        row["sat_out"] = list(h.data.get("out", []))
        row["dealer_corrected"] = h.data.get("dealer_corrected") is True
        row["eliminated"] = [p for p in players if p in out_now and p not in out_before]
        row.update(told(h.data))
        if session.changes:
            row["joined"], row["left"] = seats.changes_at(h.number)
            row["not_yet_seated"] = seats.not_yet_seated(h.number)
        yield row


def story_of(session: Session, row: PlainMap) -> Said:
    """A history row in a few words: the game's story, then who sat it
    out, a dealer out of turn, who was eliminated by the hand, and its
    note."""
    # a Said: English where it is exported, the reader's language on a
    # screen (`say`)
    said = session.game.story(row)
    if row.get("joined"):
        said = Said("{story}; joined: {names}", story=said, names=", ".join(row["joined"]))
    if row.get("left"):
        said = Said("{story}; gone: {names}", story=said, names=", ".join(row["left"]))
    if row.get("sat_out"):
        said = Said("{story}; sat out: {names}", story=said, names=", ".join(row["sat_out"]))
    if row.get("dealer_corrected"):
        said = Said("{story}; {name} dealt out of turn", story=said, name=row["dealer"])
    if row.get("eliminated"):
        said = Said("{story}; eliminated: {names} ({rule})", story=said,
                    names=", ".join(row["eliminated"]),
                    rule=session.rules.rule_or("eliminate", "session"))
    if row.get("note"):
        said = Said("{story}; note: {note}", story=said, note=row["note"])
    return said
