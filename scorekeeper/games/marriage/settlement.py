"""Settlement of a Marriage hand (MA-12).

n players with maal S₁…Sₙ, T = ΣS. Each rival j of the finisher has a fee
w_j = `fee_seen` (3) if j saw the tiplu, else `fee_unseen` (10), plus
`dublee_extra` (5) when the finish was by dublees. Rival j pays the finisher
T + w_j − n·S_j (negative: the finisher pays j). Equivalently, every rival
pays the finisher w_j and every pair of players settles the difference of
their maal — `pairwise` lists exactly those lines. Without a finisher
nobody pays a fee and player i gets n·S_i − T. Every hand sums to 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Iterator, Mapping, Sequence

from scorekeeper.errors import Impossible
from scorekeeper.games.marriage.rules import (DEFAULT_RULES, FinishKind,
                                              MarriageRules)


class SeatMap(Mapping[str, int]):
    """A read-only name → int mapping that keeps seat order (hashable)."""

    __slots__ = ("_items", "_index")

    def __init__(self, items: Sequence[tuple[str, int]]) -> None:
        self._items = tuple(items)
        self._index = dict(self._items)

    def __getitem__(self, name: str) -> int:
        return self._index[name]

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SeatMap):
            return self._items == other._items
        return isinstance(other, Mapping) and dict(self._items) == dict(other)

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{k!r}: {v}" for k, v in self._items) + "}"


@dataclass(frozen=True)
class Payment:
    """What `rival` pays the finisher: T + fee − n·S_rival (may be < 0)."""
    rival: str
    fee: int
    amount: int


@dataclass(frozen=True)
class PairLine:
    payer: str
    payee: str
    amount: int
    reason: str


@dataclass(frozen=True)
class Settlement:
    net: SeatMap
    total_maal: int
    payments: tuple[Payment, ...]
    pairwise: tuple[PairLine, ...]

    def pairwise_net(self) -> SeatMap:
        """Sum of the pairwise lines per player (always equals `net`)."""
        sums = {name: 0 for name in self.net}
        for line in self.pairwise:
            sums[line.payer] -= line.amount
            sums[line.payee] += line.amount
        return SeatMap(tuple(sums.items()))


def settle(players: Sequence[str], maal: Mapping[str, int],
           finisher: str | None, seen: Collection[str],
           by: FinishKind = FinishKind.MELDS,
           rules: MarriageRules = DEFAULT_RULES) -> Settlement:
    """Settle one hand (MA-12); `players` in seat order."""
    names = tuple(players)
    values = _checked_maal(names, maal, finisher, seen, rules)
    n = len(names)
    total = sum(values.values())

    pairwise: list[PairLine] = []
    payments: list[Payment] = []
    if finisher is None:
        net = {name: n * values[name] - total for name in names}
    else:
        net = {name: 0 for name in names}
        for rival in names:
            if rival == finisher:
                continue
            saw = rival in seen
            dublees = by == FinishKind.DUBLEES
            fee = (rules.fee_seen if saw else rules.fee_unseen) + \
                (rules.dublee_extra if dublees else 0)
            amount = total + fee - n * values[rival]
            payments.append(Payment(rival, fee, amount))
            net[rival] -= amount
            net[finisher] += amount
            if fee:
                reason = (f"finish fee ({'saw' if saw else 'did not see'} "
                          f"the tiplu{', finish by dublees' if dublees else ''})")
                pairwise.append(PairLine(rival, finisher, fee, reason))
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            diff = values[a] - values[b]
            if diff:
                payer, payee = (b, a) if diff > 0 else (a, b)
                pairwise.append(PairLine(
                    payer, payee, abs(diff),
                    f"maal {values[payee]} vs {values[payer]}"))
    result = Settlement(SeatMap(tuple(net.items())), total, tuple(payments),
                        tuple(pairwise))
    assert sum(net.values()) == 0 and result.pairwise_net() == result.net
    return result


def _checked_maal(names: tuple[str, ...], maal: Mapping[str, int],
                  finisher: str | None, seen: Collection[str],
                  rules: MarriageRules) -> dict[str, int]:
    """Each player's maal, in seat order, once the table is known sound."""
    settle_rule = rules.rule("settle")
    if not rules.min_players <= len(names) <= rules.max_players:
        raise Impossible(f"Marriage is for {rules.min_players} to "
                         f"{rules.max_players} players, not {len(names)}",
                         rules.rule("table"))
    if len(set(names)) != len(names):
        raise Impossible("a player is named twice", settle_rule)
    for name in [*maal, *seen]:
        if name not in names:
            raise Impossible(f"{name!r} is not at the table", settle_rule)
    values = {}
    for name in names:
        if name not in maal:
            raise Impossible(f"no maal given for {name!r}", settle_rule)
        value = maal[name]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise Impossible(f"maal of {name!r} must be a whole number ≥ 0, "
                             f"not {value!r}", rules.rule("maal"))
        values[name] = value
    if finisher is not None and finisher not in names:
        raise Impossible(f"the finisher {finisher!r} is not at the table",
                         settle_rule)
    return values


__all__ = ["Settlement", "Payment", "PairLine", "SeatMap", "settle"]
