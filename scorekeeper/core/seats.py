"""The seats of a session, hand by hand: who sits (the players of `new`
and the joins and leaves of `seats`), whose total has put them out, and
to whom the deal passes.

A value, pure: `Seats` is made from the players, the first dealer, the
seat changes and the hands played (each hand's dealer and scores), and
works out each thing once, when first asked. `Session`
(`scorekeeper.session.session`) holds one; nothing here knows a game or a
ledger.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cached_property
from itertools import groupby
from operator import attrgetter
from typing import Any, Collection, Mapping, NamedTuple, Protocol, Sequence

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said
from scorekeeper.core.options import RuleSet
from scorekeeper.core.plain import PlainDict
from scorekeeper.core.seating import check_names


class SeatChange(NamedTuple):
    """One entry of a ledger's `seats`: from hand `hand` on, `name` is
    seated (`join`, to the left of `after`; none: at the end of the seat
    order) or gone (not `join`)."""

    hand: int
    name: str
    join: bool
    after: str | None = None

    def stored(self) -> PlainDict:
        if not self.join:
            return {"hand": self.hand, "leave": self.name}
        return {"hand": self.hand, "join": self.name,
                **({"after": self.after} if self.after is not None else {})}


class Played(Protocol):
    """What the seats read of a hand played: who dealt it, and the scores."""

    @property
    def dealer(self) -> str: ...

    @property
    def scores(self) -> Mapping[str, int]: ...


def seat_order(players: Sequence[str], seats: Sequence[SeatChange]) -> tuple[str, ...]:
    """Everyone who sits in the session, in seat order: the players of
    `new`, each newcomer to the left of the one they joined after."""
    if not seats:
        return tuple(players)
    # the order as a ring of "who sits to the left of whom": each join is
    # one step however long `seats` is (a list's insert is not)
    left_of = dict(zip(players, [*players[1:], players[0]]))
    last = players[-1]
    for change in seats:
        if change.join:
            after = change.after if change.after in left_of else last
            left_of[change.name], left_of[after] = left_of[after], change.name
            last = change.name if after == last else last
    order, seat = [players[0]], left_of[players[0]]
    while seat != players[0]:
        order.append(seat)
        seat = left_of[seat]
    return tuple(order)


def seat_problems(seats: Sequence[SeatChange], players: Sequence[str],
                  rules: RuleSet) -> list[Said]:
    """What is wrong with the joins and leaves in order (nothing: [])."""
    rule = rules.rule_or("seats", "table")
    # each newcomer checked alone against the names known so far (a set):
    # a long hand-edited `seats` is read in linear time
    seated, known, last = set(players), {p.strip().casefold() for p in players}, 0
    for change in seats:
        if change.hand < last:
            return [Said("`seats`: hand {hand} after hand {last}: the joins and leaves "
                         "are kept in order ({rule})", hand=change.hand, last=last, rule=rule)]
        last = change.hand
        if change.join:
            if change.name.strip().casefold() in known:
                return [Said("`seats`: {name} joins but is a player already ({rule})",
                             name=change.name, rule=rule)]
            if change.after is not None and change.after not in seated:
                return [Said("`seats`: {name} joins after {after}, who is not seated then "
                             "({rule})", name=change.name, after=change.after, rule=rule)]
            try:
                check_names([change.name], rules)
            except Impossible as err:
                return [Said("`seats`: {message}", message=err.message)]
            known.add(change.name.strip().casefold())
            seated.add(change.name)
        elif change.name not in seated:
            return [Said("`seats`: {name} leaves but is not seated then ({rule})",
                         name=change.name, rule=rule)]
        else:
            seated.discard(change.name)
    return []


class Seats:
    """Who sits at each hand of a session, who is out, who deals. A plain
    class, never changed once made: a dataclass compiles its methods at
    start-up. `players`: everyone who sits, in seat order (newcomers too);
    `limit`: the total that puts a player out (None: nobody is)."""

    def __init__(self, players: tuple[str, ...], first_dealer: str,
                 changes: tuple[SeatChange, ...], hands: Sequence[Played],
                 limit: int | None) -> None:
        self.players = players
        self.first_dealer = first_dealer
        self.changes = changes        # joins and leaves, in order
        self.hands = hands
        self.limit = limit

    @cached_property
    def _tables(self) -> tuple[list[int], list[tuple[str, ...]]]:
        """The hands from which the seated players change (up to the next
        hand), and who is seated from each, in seat order: the joins and
        leaves replayed once, so a long `seats` costs a hand a look-up,
        not a pass over everyone who ever sat."""
        rank = self.seat
        joining = {c.name for c in self.changes if c.join}
        seated = {p for p in self.players if p not in joining}
        starts, tables = [1], [tuple(p for p in self.players if p in seated)]
        next_hand = len(self.hands) + 1
        for hand, changes in groupby(self.changes, key=attrgetter("hand")):
            if hand > next_hand:
                break
            for change in changes:
                (seated.add if change.join else seated.discard)(change.name)
            if hand == starts[-1]:
                del starts[-1], tables[-1]
            starts.append(hand)
            tables.append(tuple(sorted(seated, key=rank.__getitem__)))
        return starts, tables

    def present(self, index: int) -> tuple[str, ...]:
        """Players seated at hand index+1 (joined, not left), before
        elimination and sitting out."""
        if not self.changes:
            return self.players
        starts, tables = self._tables
        return tables[bisect_right(starts, index + 1) - 1]

    def changes_at(self, number: int) -> tuple[list[str], list[str]]:
        """Who joins and who leaves from hand `number` on."""
        here = [c for c in self.changes if c.hand == number]
        return [c.name for c in here if c.join], [c.name for c in here if not c.join]

    @cached_property
    def joined_at(self) -> dict[str, int]:
        """The hand each newcomer is first seated at (a name joins once:
        `seat_problems`); the players of `new` are not in it."""
        return {c.name: c.hand for c in self.changes if c.join}

    def not_yet_seated(self, number: int) -> list[str]:
        """Who joins only after hand `number`, in seat order: not yet at
        the table then (neither out nor gone)."""
        return [p for p in self.players if self.joined_at.get(p, 0) > number]

    @property
    def at_new(self) -> int:
        """How many players `new` seated (newcomers not counted)."""
        return len(self.players) - sum(1 for c in self.changes if c.join)

    @cached_property
    def seat(self) -> dict[str, int]:
        """Each player's place in the seat order (0 for the first)."""
        return {p: i for i, p in enumerate(self.players)}

    @cached_property
    def _left_of(self) -> dict[str, str]:
        """Each player's left-hand neighbour, to whom the deal passes."""
        return dict(zip(self.players, self.players[1:] + self.players[:1]))

    @cached_property
    def totals_before(self) -> tuple[dict[str, int], ...]:
        """For each hand index, and one past the last, every total before
        it (one pass)."""
        running = {p: 0 for p in self.players}
        found = [dict(running)]
        for h in self.hands:
            for name, value in h.scores.items():
                running[name] += value
            found.append(dict(running))
        return tuple(found)

    @cached_property
    def totals(self) -> dict[str, int]:
        """Each player's total after the last hand."""
        totals = {p: 0 for p in self.players}
        for h in self.hands:
            for name, value in h.scores.items():
                totals[name] += value
        return totals

    @cached_property
    def out_before(self) -> tuple[frozenset[str], ...]:
        """For each hand index, and one past the last, the players whose
        total had reached the elimination limit before it (one pass)."""
        limit = self.limit
        if limit is None:                   # nobody is ever out
            return (frozenset(),) * (len(self.hands) + 1)
        running = {p: 0 for p in self.players}
        out: list[frozenset[str]] = [frozenset()]
        for h in self.hands:
            for name, value in h.scores.items():
                running[name] += value
            out.append(frozenset(p for p in self.players if running[p] >= limit))
        return tuple(out)

    def eliminated(self, upto: int | None = None) -> tuple[str, ...]:
        """Who is out after hand `upto` (all of them: after the last)."""
        out = self.out_before[len(self.hands) if upto is None else upto]
        return tuple(p for p in self.players if p in out)

    def seated_for(self, index: int, sitting_out: Collection[str] = ()
                   ) -> tuple[str, ...]:
        """Players dealt in hand index+1: not eliminated, not sitting out."""
        out = self.out_before[index]
        if not out and not sitting_out and not self.changes:  # most hands: everyone
            return self.players
        return tuple(p for p in self.present(index)
                     if p not in out and p not in sitting_out)

    @property
    def ended_by_elimination(self) -> bool:
        return self.limit is not None and len(self.seated_for(len(self.hands))) <= 1

    def dealer_for(self, index: int, sitting_out: Collection[str] = ()
                   ) -> str | None:
        """DH-3 / MA-2: the deal passes to the next seat clockwise each hand,
        skipping players who are eliminated or sit this hand out."""
        return self.dealer_among(index, self.seated_for(index, sitting_out))

    def dealer_among(self, index: int, seated: Sequence[str]) -> str | None:
        """`dealer_for` when who is dealt in hand index+1 is known already."""
        if not seated:
            return None
        if index == 0:
            previous = self.first_dealer
            if previous in seated:
                return previous
        else:
            previous = self.hands[index - 1].dealer
        left = self._left_of.get(previous)
        if left in seated:                  # most hands: the next seat
            return left
        # the first seated after `previous` clockwise (itself last): a look
        # at those seated, not a walk round everyone who ever sat
        seat, at = self.seat, self.seat[previous]
        return min((p for p in seated if p in seat),
                   key=lambda p: (seat[p] <= at, seat[p]), default=None)

    def problems(self, index: int, seated: Sequence[str], dealer: str,
                 stored: Mapping[str, Any], rules: RuleSet) -> list[Said]:
        """What is wrong with who has a score in hand index+1 (`seated`) and
        who dealt it, against elimination, sitting out (the hand's `out`)
        and the deal passing left (a dealer `stored` as a correction,
        `dealer_corrected`, is accepted)."""
        out = stored.get("out", ())
        expected = self.seated_for(index, out)
        found: list[Said] = []
        if seated != expected:
            found.append(self._seating_problem(index, seated, expected, out, rules))
        if stored.get("dealer_corrected") is True:
            if dealer not in expected:
                found.append(Said("dealer {dealer} was not dealt in ({rule})",
                                  dealer=dealer, rule=rules.rule("deal")))
        elif dealer != (usual := self.dealer_among(index, expected)):
            found.append(Said("dealer {dealer} but the deal passes to {usual} ({rule})",
                              dealer=dealer, usual=usual, rule=rules.rule("deal")))
        return found

    def _seating_problem(self, index: int, seated: Sequence[str],
                         expected: Sequence[str], out: Collection[str],
                         rules: RuleSet) -> Said:
        """Who has a score this hand but should not, and who should but has
        none, each with the reason."""
        said = []
        table, gone = rules.rule("table"), self.eliminated(index)
        present = self.present(index)
        for p in seated:
            if p not in present:
                said.append(Said("{name} has a score but is not seated at this hand "
                                 "(`seats`, {rule})", name=p,
                                 rule=rules.rule_or("seats", "table")))
            elif p in out:
                said.append(Said("{name} has a score but sits this hand out (`out`, {rule})",
                                 name=p, rule=table))
            elif p in gone:
                said.append(Said("{name} has a score but was eliminated before this hand "
                                 "({rule})", name=p, rule=rules.rule_or("eliminate", "table")))
        for p in expected:
            if p not in seated:
                said.append(Said("{name} plays this hand but has no score ({rule})", name=p,
                                 rule=table))
        if not said:
            return Said("players {names} are not in seat order ({rule})",
                        names=", ".join(seated), rule=table)
        joined = said[-1]
        for one in reversed(said[:-1]):     # "A …; B …", each said in turn
            joined = Said("{one}; {rest}", one=one, rest=joined)
        return joined
