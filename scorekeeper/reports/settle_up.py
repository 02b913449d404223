"""Settling up after the night: the fewest transfers that square everyone.

Pure functions on immutable values (no files, no printing):

* `balances(sessions, mix)` — each player's balance over one or several
  sessions, players matched by name case-insensitively: in a game whose
  points are transfers (zero-sum), the player's total; in one whose points
  are not transfers but where higher is better, every pair of players
  settles the difference of their totals (12 and 5: the one with 5 gives
  7), so a player's balance is n × their total − the sum of the n totals.
  Refused: penalty-point sessions (lower is better: their points are not
  owed to anyone), sessions of different games unless `mix`, sessions
  whose scores are kept in different units (whole points and tenths) even
  with `mix`, and zero-sum sessions whose hands do not sum to 0;
* `kind_of(sessions)` — how the balances read (the sessions' scale);
* `fewest_transfers(balances)` — an exact minimum set of transfers.

Why an exact search and not the usual greedy ("the biggest debtor pays the
biggest creditor"): the fewest transfers for n players with a balance is
n − g, where g is the largest number of groups the players can be split
into such that each group's balances sum to 0 (each group settles within
itself with one transfer fewer than it has members, and no set of transfers
does better: the players joined by transfers form groups that sum to 0).
Greedy does not look for such groups. With balances +10, +9, +3, +1, −11,
−12 it makes 5 transfers, while {+9, +3, −12} and {+10, +1, −11} settle
with 2 each: 4. Finding the best split is a search over subsets, 2ⁿ·n
steps: nothing for the handful of players of a table or an evening
(8 players: 2,048 steps, a fraction of a millisecond), too slow past
`MAX_EXACT` players, where the answer is refused rather than guessed.

Ties are broken by name, so the same balances always give the same
transfers, whatever order the ledgers were given in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping, Sequence

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Named, Number, Said
from scorekeeper.core.numbers import listed
from scorekeeper.core.scores import NET, ScoreKind
from scorekeeper.reports.documents import unbalanced_hands
from scorekeeper.reports.roster import Roster, merged, name_key

if TYPE_CHECKING:
    from scorekeeper.session.session import Session

# The most players with a balance the exact search takes (its time grows
# fast with them: benchmarks/README.md); every table of the rule book
# seats at most 6.
MAX_EXACT = 18


@dataclass(frozen=True)
class Transfer:
    giver: str
    receiver: str
    points: int

    def as_json(self) -> dict[str, object]:
        return {"from": self.giver, "to": self.receiver, "points": self.points}

    def display_json(self, kind: ScoreKind) -> dict[str, object]:
        """The transfer as people read it (`points` as the game displays
        it: "3.1")."""
        return {"from": self.giver, "to": self.receiver,
                "points": kind.display(self.points)}


# -- balances over sessions --------------------------------------------------------

def balances(sessions: Sequence[Session], mix: bool = False) -> dict[str, int]:
    """Each player's balance over `sessions` (names as first written)."""
    settleable(sessions, mix)
    scales = {s.score_kind.scale for s in sessions}
    if len(scales) > 1:
        raise Impossible(Said("these sessions keep their scores in different units "
                              "(whole points and fractions of one): they cannot be "
                              "added up"))
    roster = Roster(p for s in sessions for p in s.players)
    return merged((owed(s) for s in sessions), roster)


def settleable(sessions: Sequence[Session], mix: bool = False) -> None:
    """Refuse (exit 2) sessions that cannot be settled together: none,
    penalty points, hands that do not sum to 0, different games without
    `mix`."""
    if not sessions:
        raise Impossible(Said("no session to settle"))
    for s in sessions:
        if s.score_kind.owed_to_nobody:
            raise Impossible(Said(
                "{ledger}: a {profile} session scores penalty points (lower is "
                "better), not points owed from one player to another: there is "
                "nothing to settle; `scorekeeper standings` ranks it",
                ledger=s.label, profile=Named(s.profile.name)), s.rules.rule("ledger"))
        unbalanced = unbalanced_hands(s)
        if unbalanced:
            hands = Number(", ".join(map(str, unbalanced)))
            raise Impossible(Said.ngettext(
                "{ledger}: hand {hands} does not sum to 0, so nobody can be squared; "
                "run `scorekeeper verify {ledger}`",
                "{ledger}: hands {hands} do not sum to 0, so nobody can be squared; "
                "run `scorekeeper verify {ledger}`",
                count=len(unbalanced), ledger=s.label, hands=hands),
                s.rules.rule("ledger"))
    titles = list(dict.fromkeys(s.game.title for s in sessions))
    if len(titles) > 1 and not mix:
        raise Impossible(Said(
            "these sessions are of different games ({games}): their points are of "
            "different kinds; --mix adds them up anyway", games=listed(titles)))


def owed(session: Session) -> dict[str, int]:
    """One session's balances: the totals of points passed between players;
    for points each scores for themself (higher is better), every pair
    settles the difference of their totals: n × total − the sum of all."""
    totals = session.totals()
    paid = paid_otherwise(session)
    if paid is not None:
        return paid[0]
    if session.score_kind.transfers:
        return totals
    everyone = sum(totals.values())
    return {p: len(totals) * t - everyone for p, t in totals.items()}


def paid_otherwise(session: Session) -> tuple[dict[str, int], tuple[Said, ...]] | None:
    """A session paid otherwise than by its scores (by place, CB-14): the
    balances and the lines saying how; None for one paid by its scores."""
    return session.game.paid(session.rules, session.players, session.totals(),
                             [h.data for h in session.hands])


def how_paid(sessions: Sequence[Session]) -> list[Said]:
    """What `settle-up` says of a session paid otherwise than its scores
    (by place, CB-14): one line each, the session named."""
    out: list[Said] = []
    for s in sessions:
        paid = paid_otherwise(s)
        out += [Said("{ledger}: {line}", ledger=s.label, line=line)
                for line in (paid[1] if paid else ())]
    return out


def kind_of(sessions: Sequence[Session]) -> ScoreKind:
    """How balances over `sessions` read: points passed between players,
    in the sessions' unit (`balances` refuses units that differ)."""
    return ScoreKind(scale=sessions[0].score_kind.scale) if sessions else NET


# -- the fewest transfers ----------------------------------------------------------

def _ordered(balances: Mapping[str, int]) -> list[tuple[str, int]]:
    """Players with a balance, by name (case-insensitively, then as written)."""
    return sorted(((p, v) for p, v in balances.items() if v),
                  key=lambda pv: (name_key(pv[0]), pv[0]))


def _cancel_pairs(items: list[tuple[str, int]]
                  ) -> tuple[list[tuple[str, int]], list[Transfer]]:
    """Take out every pair owed exactly what the other owes: one transfer
    each. Always part of some best answer: if the two sat in different
    groups, their union splits into the pair and a rest that sums to 0."""
    rest = list(items)
    done: list[Transfer] = []
    i = 0
    while i < len(rest):
        name, value = rest[i]
        j = next((k for k in range(i + 1, len(rest)) if rest[k][1] == -value),
                 None)
        if j is None:
            i += 1
            continue
        other = rest.pop(j)[0]
        rest.pop(i)
        giver, receiver = (name, other) if value < 0 else (other, name)
        done.append(Transfer(giver, receiver, abs(value)))
    return rest, done


def _best_groups(values: Sequence[int]) -> list[list[int]]:
    """Indices of `values` split into the most groups that each sum to 0.

    most[m] is the largest number of such groups among the members of the
    set m (a bit mask) taken one by one, counting each time the members
    taken so far sum to 0; walking back from the whole set recovers an
    order whose zero-sum prefixes cut it into the groups."""
    n = len(values)
    total = [0] * (1 << n)
    most = [0] * (1 << n)
    for m in range(1, 1 << n):
        low = m & -m
        total[m] = total[m ^ low] + values[low.bit_length() - 1]
        best, rest = 0, m
        while rest:
            bit = rest & -rest
            best = max(best, most[m ^ bit])
            rest ^= bit
        most[m] = best + (total[m] == 0)
    order: list[int] = []
    m = (1 << n) - 1
    while m:
        # the lowest index that keeps the count: deterministic
        i = next(i for i in range(n) if m >> i & 1 and
                 most[m ^ (1 << i)] + (total[m] == 0) == most[m])
        order.append(i)
        m ^= 1 << i
    order.reverse()
    groups: list[list[int]] = []
    start, running = 0, 0
    for k, i in enumerate(order):
        running += values[i]
        if running == 0:
            groups.append(order[start:k + 1])
            start = k + 1
    return groups


def _settle_group(members: list[tuple[str, int]]) -> list[Transfer]:
    """One group that sums to 0 and holds no smaller such group: the
    biggest debtor pays the biggest creditor (ties by name) until all are
    square. Each transfer squares at least one of the two and the last
    squares both, so k members take k − 1 transfers, the fewest possible."""
    left = dict(members)
    rank = {p: i for i, (p, _) in enumerate(members)}
    out: list[Transfer] = []
    while any(left.values()):
        giver = min((p for p in left if left[p] < 0),
                    key=lambda p: (left[p], rank[p]))
        receiver = max((p for p in left if left[p] > 0),
                       key=lambda p: (left[p], -rank[p]))
        amount = min(-left[giver], left[receiver])
        out.append(Transfer(giver, receiver, amount))
        left[giver] += amount
        left[receiver] -= amount
    return out


def fewest_transfers(balances: Mapping[str, int]) -> tuple[Transfer, ...]:
    """The fewest transfers that bring every balance to 0 (a positive
    balance receives), in a fixed order: by giver, then receiver."""
    if sum(balances.values()) != 0:
        raise Impossible(Said("the balances do not sum to 0 ({total:+d}): nobody can be "
                              "squared", total=sum(balances.values())))
    items, transfers = _cancel_pairs(_ordered(balances))
    if len(items) > MAX_EXACT:
        raise Impossible(Said("{count} players with a balance: the exact fewest "
                              "transfers are searched for at most {most}",
                              count=len(items), most=MAX_EXACT))
    for group in _best_groups([v for _, v in items]):
        transfers += _settle_group([items[i] for i in sorted(group)])
    return tuple(sorted(transfers, key=lambda t: (name_key(t.giver), t.giver,
                                                 name_key(t.receiver), t.receiver)))
