"""What each change to a session's header checks and rules, as pure
functions of the session read, as in `scorekeeper.session.hand_checks`:
who joins (`joining`, `joined_seat`: a name nobody at the table has, a
table the game seats) and who leaves (`leaving`), a new name nobody has
(`renaming`), a hand not paid twice and an amount a ledger holds
(`paying`, `unpaying`), the session's length in its own unit
(`extending`, `planned_out`); and what `new --like` takes from a
session (`like`). `ledger.header` writes what they rule as text.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, NamedTuple, Sequence

from scorekeeper.core import numbers
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.language import Said, When
from scorekeeper.core.options import Profile, format_option
from scorekeeper.core.plain import INT64, PlainMap
from scorekeeper.core.seating import (
    check_names,
    check_new_names,
    check_player_names,
    name_key,
    new_name,
    resolve_name,
)
from scorekeeper.core.seats import SeatChange
from scorekeeper.session.hand_checks import unchanged
from scorekeeper.session.session import Session, length_setting

# -- join and leave ------------------------------------------------------------------

def joining(session: Session, typed: str, extend: bool) -> tuple[str, int | None]:
    """The newcomer's name as typed, and the hands the session plans once
    extended where every planned hand is played (None: not so). Exit 2
    where the seats are fixed for the whole game (CB-17: before the
    session's end is said, since no `extend` could allow it); exit 1 for a
    session whose planned hands are all played, unless `extend`."""
    _check_fixed(session, "join", session.rules.rule_or("seats", "table"))
    name = new_name(typed)
    grown = planned_out(session)
    if grown and not extend:
        values = dict(planned=session.planned, name=name, grown=grown,
                      ledger=session.label)
        raise Refused(Said.ngettext(
            "the session is complete: its {planned} planned hand is played. To seat "
            "{name} and play on to {grown} hands: scorekeeper join {ledger} {name} "
            "--extend",
            "the session is complete: all {planned} planned hands are played. To seat "
            "{name} and play on to {grown} hands: scorekeeper join {ledger} {name} "
            "--extend", count=session.planned or 0, **values),
                      session.rules.rule("session"))
    return name, grown


def joined_seat(session: Session, name: str, after: str | None) -> SeatChange:
    """`name` seated from the next hand, to the left of `after`. Exit 2,
    citing the seats rule: a name seated already or once (in any case), a
    table fuller than the game seats."""
    rule, number = session.rules.rule_or("seats", "table"), len(session.hands) + 1
    session.check_open()
    known = [p for p in session.players if name_key(p) == name_key(name)]
    if known:
        if known[0] in session.seats.present(number - 1):
            raise Impossible(Said("{name} is seated: give the newcomer a name nobody "
                                  "at this table has", name=known[0]), rule)
        raise Impossible(Said("{name} has left this session (a seat once left is not "
                              "taken again): give the newcomer a name nobody at this "
                              "table has", name=known[0]), rule)
    check_names([*session.players, name], session.rules)
    check_new_names([name], session.rules)
    seated = session.seats.seated_for(number - 1)
    _check_count(session, len(seated) + 1, rule)
    beside = None if after is None else _seated_name(session, after, seated, rule)
    return SeatChange(number, name, True, beside)


def leaving(session: Session, typed: str) -> SeatChange:
    """`typed` gone from the next hand. Exit 2, citing the seats rule: a
    player not seated, fewer players left than the game needs, any leave
    where the seats are fixed for the whole game (CB-17, as for `join`)."""
    rule, number = session.rules.rule_or("seats", "table"), len(session.hands) + 1
    _check_fixed(session, "leave", rule)
    session.check_open()
    seated = session.seats.seated_for(number - 1)
    name = _seated_name(session, typed, seated, rule)
    _check_count(session, len(seated) - 1, rule)
    return SeatChange(number, name, False)


def _seated_name(session: Session, typed: str, seated: Sequence[str], rule: str) -> str:
    """A name as typed, among the players seated for the next hand (one
    who is not, named by a prefix too, is said to be gone)."""
    try:
        named: str | None = resolve_name(typed, session.players)
    except Impossible:          # unknown, or not one of the whole table
        named = None
    if named is not None and named not in seated:
        raise Impossible(Said("{name} is not seated at the next hand (gone, or out of the "
                              "session)", name=named), rule)
    try:
        return resolve_name(typed, seated)
    except Impossible as err:
        raise Impossible(err.message, rule) from None


def _check_fixed(session: Session, verb: str, rule: str) -> None:
    """Refuse any join or leave where the seats are fixed for a game."""
    if not session.rules.seats_fixed:
        return
    values: dict[str, Any] = dict(game=session.game.title)
    raise Impossible(Said("a {game} game seats the same players from its first deal "
                          "to its last: nobody can join; players change between "
                          "games, in a new session", **values) if verb == "join" else
                     Said("a {game} game seats the same players from its first deal "
                          "to its last: nobody can leave; players change between "
                          "games, in a new session", **values), rule)


def _check_count(session: Session, count: int, rule: str) -> None:
    low, high = session.rules.min_players, session.rules.max_players
    if low <= count <= high:
        return
    values = dict(profile=session.profile.name, low=low, high=high)
    raise Impossible(Said.ngettext("{count} player at the next hand: {profile} seats "
                                  "{low}–{high}",
                                  "{count} players at the next hand: {profile} seats "
                                  "{low}–{high}", count=count, **values), rule)


# -- new --like ----------------------------------------------------------------------

class Like(NamedTuple):
    """What `new --like OTHER` takes from OTHER's session: its game and
    profile, its house options and length as `--set` would give them, the
    players seated at its end in their seats, who would deal its next
    hand, and its rate and currency ({} if none)."""

    game: str
    profile: str
    settings: tuple[str, ...]
    players: tuple[str, ...]
    dealer: str | None
    money: dict[str, str]

    def settings_with(self, profile: Profile[Any], typed: Sequence[str],
                      length_typed: bool) -> list[str]:
        """The `--set` settings of the new session: OTHER's (where its
        profile is `profile`), each option typed instead (by its name or an
        old one, or set by a preset typed) left out, and the length where
        one is typed; then the typed ones."""
        if profile.name != self.profile:
            return list(typed)
        instead = {profile.rules.length_option} if length_typed else set()
        for text in typed:
            key = text.partition("=")[0].strip().replace("-", "_")
            key = profile.renamed[key].new if key in profile.renamed else key
            instead.add(key)
            for preset in profile.presets.get(key, {}).values():
                instead.update(preset)
        return [*(s for s in self.settings if s.partition("=")[0] not in instead),
                *typed]


def like(session: Session) -> Like:
    """The evening `session` was, for `new --like`: the players who had not
    left by its end (one eliminated plays again), the next dealer among
    them as the deal passes (`Seats.dealer_among`)."""
    played = len(session.hands)
    players = session.seats.present(played)
    values = session.profile.changed(session.rules)
    own = session.rules.length_option
    if own in session.profile.options:
        values[own] = getattr(session.rules, own)
    return Like(session.game.name, session.profile.name,
                tuple(f"{key}={format_option(value)}" for key, value in values.items()),
                players, session.seats.dealer_among(played, players), session.money)


# -- rename --------------------------------------------------------------------------

def renaming(session: Session, old: str, new: str) -> tuple[str, str]:
    """Player `old` as resolved ("Bikash" for "bik") and the new name,
    checked: not the same, nobody's already, a name the table takes."""
    was = resolve_name(old, session.players)
    wanted = new_name(new)
    if wanted == was:
        raise Impossible(Said("{was} is already called {wanted}: nothing to rename",
                              was=was, wanted=wanted))
    taken = [p for p in session.players if p != was and name_key(p) == name_key(wanted)]
    if taken:
        raise Impossible(Said("{name} is already a player: give {was} a name nobody has",
                              name=taken[0], was=was), session.rules.rule("table"))
    check_player_names([wanted if p == was else p for p in session.players], session.rules)
    check_new_names([wanted], session.rules)
    return was, wanted


# -- settle-up --paid and undo --paid ------------------------------------------------

def paying(session: Session, path: Path, record: PlainMap, expect_hands: int) -> None:
    """A settlement of the ledger's first `record["hands"]` hands, checked
    before it is recorded as paid. Refused (exit 2) if they are paid
    already, or another writer changed the hands since the settlement was
    worked out."""
    unchanged(path, session, expect_hands, "pay")
    if not session.hands:
        raise Impossible(Said("{path} has no hands yet: nothing to record as paid",
                              path=path), session.rules.rule("ledger"))
    storable_amounts(path, record, session.rules.rule("ledger"))
    if session.paid_hands >= len(session.hands):
        values = dict(path=path, paid=session.paid_hands,
                      at=When(session.payments[-1].get("at")))
        raise Impossible(Said.ngettext(
            "{path}: its hands are paid already ({paid} hand, {at}): "
            "the same settlement is not paid twice",
            "{path}: its hands are paid already ({paid} hands, {at}): "
            "the same settlement is not paid twice", count=session.paid_hands, **values),
                         session.rules.rule("ledger"))


def storable_amounts(path: Path, record: PlainMap, rule: str) -> None:
    """Refuse (exit 2) a payment with an amount beyond what a ledger's whole
    numbers hold: written, it would leave a ledger nothing reads. Every
    amount is above 0 (settle-up's transfers): only the top can be passed."""
    for transfer in record["transfers"]:
        if transfer["amount"] > INT64[1]:
            raise Impossible(Said("{path}: {giver} gives {receiver} {amount}, more than a "
                                  "ledger can hold (at most {most}): nothing recorded as "
                                  "paid", path=path, giver=transfer["from"],
                                  receiver=transfer["to"], amount=transfer["amount"],
                                  most=INT64[1]), rule)


def unpaying(session: Session, path: Path) -> None:
    """Exit 2 if no payment is recorded to take back (`undo --paid`)."""
    if not session.payments:
        raise Impossible(Said("{path}: no payment is recorded: nothing to take back",
                              path=path),
                         session.rules.rule("ledger"))


# -- extend --------------------------------------------------------------------------

def extending(session: Session, unit: str, value: int) -> tuple[str, int]:
    """The session's length as `extend` sets it, in its own unit
    (`_own_unit`), checked (`extended_rules`)."""
    unit, value = _own_unit(session, unit, value)
    extended_rules(session, unit, value)
    return unit, value


def _step(session: Session) -> int:
    """The hands one unit of the session's length plans (a rotation: one
    hand for each player of `new`)."""
    length: dict[str, Any] = {session.rules.length_option: 1}
    one = replace(session.rules, **length)
    return int(one.planned_hands(session.seats.at_new) or 1)


def _own_unit(session: Session, unit: str, value: int) -> tuple[str, int]:
    """`--hands N` as the session's own length: the whole number of its
    units that plans N hands (MA-14: rotations; CB-12: a deal is a hand);
    exit 2 where none does."""
    own = session.rules.length_option
    if unit != "hands" or own == "hands":
        return unit, value
    step = _step(session)
    if value % step:
        below = value - value % step
        near = [n for n in (below, below + step) if n > 0]
        raise Impossible(Said.ngettext(
            "{hands} hand is not a whole number of --{unit} at this table (one is {step} "
            "hands): give --hands {near}",
            "{hands} hands are not a whole number of --{unit} at this table (one is {step} "
            "hands): give --hands {near}",
            count=value, hands=value, unit=own, step=step, near=numbers.listed(near, " or ")),
                         session.rules.rule("session"))
    return own, value // step


def planned_out(session: Session) -> int | None:
    """Where every hand the session plans is played (not ended by
    elimination), the hands it plans once extended by one of its units;
    else None."""
    planned = session.planned
    if planned is None or len(session.hands) < planned:
        return None
    return planned + _step(session)


def extended_rules(session: Session, unit: str, value: int) -> Any:
    """The rules with the session's length set to `value`."""
    setting = length_setting(session.game, session.profile, unit, value)
    if session.seats.ended_by_elimination:
        raise Refused(Said("the session ended by elimination: only {left} is left; "
                           "more hands cannot change that",
                           left=", ".join(session.seats.seated_for(len(session.hands)))),
                      session.rules.rule("session"))
    rules = session.profile.parse_settings([setting])
    planned = rules.planned_hands(session.seats.at_new)
    played = len(session.hands) + (session.pending is not None)    # CB-18: called
    if planned is not None and planned < played:
        raise Impossible(Said.ngettext("{played} hand is already played",
                                       "{played} hands are already played",
                                       count=played, played=played),
                         session.rules.rule("session"))
    return rules
