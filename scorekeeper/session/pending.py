"""The hand waiting for its play (CB-18: a Call Break deal whose calls
are saved and whose tricks are still being played): its inputs given
before play changed (`amend N --bid`, `--note`), and checked again
(`verify`). Pure, as `session.session`; the waiting hand is recorded and
completed by `Session.before_play` and `Session.rule_next`."""

from __future__ import annotations

from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.language import Said
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.session.session import NOTE, Session, hand_told, typed_note


def amend_pending(session: Session, flags: PlainMap) -> PlainDict:
    """The waiting hand's table with its inputs given before play
    (`amend N --bid`) or its note changed; anything else typed is refused
    (exit 2, CB-18): the hand is completed by `record`."""
    pending = session.pending
    assert pending is not None
    game, game_flags = session.game, {k: v for k, v in flags.items() if k != NOTE.param}
    if set(game_flags) - game.pending_flags or not flags:
        raise Impossible(Said("hand {number} waits for its tricks: only its calls "
                              "change (`--bid`); `scorekeeper record {label} --won "
                              "…` completes it", number=pending.number,
                              label=session.label),
                         session.rules.rule_or("pending", "ledger"))
    merged = game.amended_flags(pending.data, game_flags, session.players)
    table, corrected = session.pending_seating()
    given = {k: merged[k] for k in game.pending_flags if k in merged}
    table_now = {**pending.data, **session.pending_table(table, corrected, given)}
    if NOTE.param in flags:         # a new note, or "" for none
        table_now.pop("note", None)
        table_now.update(hand_told(None, typed_note(flags[NOTE.param] or "")))
    return table_now


def pending_problems(session: Session) -> list[Said]:
    """What is wrong with the waiting hand (`verify`): its table as the
    session would give it now, its inputs checked again."""
    pending = session.pending
    if pending is None:
        return []
    try:
        session.check_open()
        table, corrected = session.pending_seating()
        stored = session.game.flags_from_stored(pending.data)
        again = session.pending_table(table, corrected, stored)
    except (Impossible, Refused) as err:
        return [err.cited()]
    return [Said("stored {key} {stored} but the session gives {ruled}", key=key,
                 stored=repr(pending.data.get(key)), ruled=repr(value))
            for key, value in again.items() if pending.data.get(key) != value]
