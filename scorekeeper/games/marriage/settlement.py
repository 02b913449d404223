"""Settlement of a Marriage hand (MA-12), under the house options of MA-15
(the mode) and MA-16 (the fees).

n players, each with a maal *shown* (from their cards, or agreed). The mode
turns it into the maal that *counts*, S₁…Sₙ:

* `murder` — a player who has not seen the tiplu counts 0;
* `kidnap` — with a finisher, the finisher adds the maal of every rival
  who has not seen, and that rival counts 0; without a finisher, as murder;
* `normal` — every maal counts.

T = ΣS. Each rival j of the finisher has a fee w_j: `seen_fee` if j saw the
tiplu by qualifying, `dublee_seen_fee` if through 7 dublees (MA-9),
`unseen_fee` if not at all, plus `dublee_finish_bonus` when the finish was
by dublees. Rival j pays the finisher T + w_j − n·S_j (negative: the
finisher pays j). Equivalently, every rival pays the finisher w_j and every
pair of players settles the difference of their counted maal — `pairwise`
lists exactly those lines. Without a finisher nobody pays a fee and player
i gets n·S_i − T.

With `unseen_pairs = false` (mode `normal`), two players who have both not
seen never settle with each other; T and n in a player's formula then run
over the players they do settle with (themselves included), which is the
same, pair by pair. Every hand sums to 0 and its pairwise view equals the
net (both asserted).
"""

from __future__ import annotations

from typing import Collection, Iterator, Mapping, NamedTuple, Sequence

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, Said
from scorekeeper.games.marriage.rules import DEFAULT_RULES, FinishKind, MarriageRules, Mode

# How a rival saw the tiplu: the option that sets their fee (MA-16), and
# how a ruling says it.
SAW, SAW_DUBLEES, UNSEEN = "melds", "dublees", "unseen"
FEE_OPTION = {SAW: "seen_fee", SAW_DUBLEES: "dublee_seen_fee",
              UNSEEN: "unseen_fee"}
# a finish fee's reason, by how the rival saw (and by dublees: the finish)
FEE_REASON = {(SAW, False): N_("finish fee (saw the tiplu)"),
              (SAW_DUBLEES, False): N_("finish fee (saw the tiplu through 7 dublees)"),
              (UNSEEN, False): N_("finish fee (did not see the tiplu)"),
              (SAW, True): N_("finish fee (saw the tiplu, finish by dublees)"),
              (SAW_DUBLEES, True): N_("finish fee (saw the tiplu through 7 dublees, "
                                      "finish by dublees)"),
              (UNSEEN, True): N_("finish fee (did not see the tiplu, finish by "
                                 "dublees)")}


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


class Payment(NamedTuple):
    """What `rival` pays the finisher: T + fee − n·S_rival (may be < 0).
    `fee_parts` names the options the fee is made of, with their values."""

    rival: str
    fee: int
    amount: int
    fee_parts: tuple[tuple[str, int], ...] = ()


class PairLine(NamedTuple):
    payer: str
    payee: str
    amount: int
    reason: Said


class Settlement(NamedTuple):
    """A settled hand: the net, the payments to the finisher, the pairwise
    view; the maal as shown and as counted (MA-15), what the finisher
    kidnapped, and the pairs that do not settle (`unseen_pairs`)."""

    net: SeatMap
    total_maal: int
    payments: tuple[Payment, ...]
    pairwise: tuple[PairLine, ...]
    shown: SeatMap
    counted: SeatMap
    kidnapped: tuple[tuple[str, int], ...] = ()
    apart: tuple[tuple[str, str], ...] = ()

    def partners(self, name: str) -> tuple[str, ...]:
        """The players `name` settles with, themselves included."""
        return tuple(p for p in self.net
                     if (name, p) not in self.apart and (p, name) not in self.apart)

    def pairwise_net(self) -> SeatMap:
        """Sum of the pairwise lines per player (always equals `net`)."""
        sums = {name: 0 for name in self.net}
        for line in self.pairwise:
            sums[line.payer] -= line.amount
            sums[line.payee] += line.amount
        return SeatMap(tuple(sums.items()))


def fee_parts(saw: str, by: FinishKind, rules: MarriageRules
              ) -> tuple[tuple[str, int], ...]:
    """A rival's finish fee as (option, value) parts (MA-12, MA-16)."""
    option = FEE_OPTION[saw]
    parts: tuple[tuple[str, int], ...] = ((option, int(getattr(rules, option))),)
    if by == FinishKind.DUBLEES:
        parts += (("dublee_finish_bonus", rules.dublee_finish_bonus),)
    return parts


def counted_maal(names: Sequence[str], shown: Mapping[str, int],
                 finisher: str | None, unseen: Collection[str], mode: Mode
                 ) -> tuple[dict[str, int], tuple[tuple[str, int], ...]]:
    """The maal that counts under the mode (MA-15), and what the finisher
    kidnapped from whom."""
    counted = {p: shown[p] for p in names}
    if mode == Mode.NORMAL:
        return counted, ()
    kidnapped = []
    for p in names:
        if p not in unseen:
            continue
        if mode == Mode.KIDNAP and finisher is not None and shown[p]:
            kidnapped.append((p, shown[p]))
            counted[finisher] += shown[p]
        counted[p] = 0
    return counted, tuple(kidnapped)


def settle(players: Sequence[str], maal: Mapping[str, int],
           finisher: str | None, seen: Collection[str],
           by: FinishKind = FinishKind.MELDS,
           rules: MarriageRules = DEFAULT_RULES,
           seen_dublees: Collection[str] = ()) -> Settlement:
    """Settle one hand (MA-12, MA-15, MA-16); `players` in seat order,
    `maal` as shown (before the mode), `seen` who saw the tiplu by
    qualifying (the finisher always counts as seen), `seen_dublees` the
    rivals who saw it through 7 dublees."""
    names = tuple(players)
    shown = _checked_maal(names, maal, finisher, seen, seen_dublees, rules)
    unseen = tuple(p for p in names if p != finisher and p not in seen
                   and p not in seen_dublees)
    values, kidnapped = counted_maal(names, shown, finisher, unseen, rules.mode)
    apart = tuple((a, b) for i, a in enumerate(unseen) for b in unseen[i + 1:]) \
        if rules.mode == Mode.NORMAL and not rules.unseen_pairs else ()
    partners = {p: [q for q in names if (p, q) not in apart
                    and (q, p) not in apart] for p in names}
    # T and n over the players one settles with (everyone, unless apart)
    t_of = {p: sum(values[q] for q in partners[p]) for p in names}

    pairwise: list[PairLine] = []
    payments: list[Payment] = []
    if finisher is None:
        net = {p: len(partners[p]) * values[p] - t_of[p] for p in names}
    else:
        net = {name: 0 for name in names}
        for rival in names:
            if rival == finisher:
                continue
            saw = SAW_DUBLEES if rival in seen_dublees else \
                SAW if rival in seen else UNSEEN
            parts = fee_parts(saw, by, rules)
            fee = sum(value for _, value in parts)
            amount = t_of[rival] + fee - len(partners[rival]) * values[rival]
            payments.append(Payment(rival, fee, amount, parts))
            net[rival] -= amount
            net[finisher] += amount
            if fee:
                pairwise.append(PairLine(rival, finisher, fee, Said(
                    FEE_REASON[saw, by == FinishKind.DUBLEES])))
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            diff = values[a] - values[b]
            if diff and (a, b) not in apart:
                payer, payee = (b, a) if diff > 0 else (a, b)
                pairwise.append(PairLine(
                    payer, payee, abs(diff),
                    Said("maal {more} vs {less}", more=values[payee],
                         less=values[payer])))
    result = Settlement(SeatMap(tuple(net.items())), sum(values.values()),
                        tuple(payments), tuple(pairwise),
                        SeatMap(tuple(shown.items())),
                        SeatMap(tuple(values.items())), kidnapped, apart)
    assert sum(net.values()) == 0 and result.pairwise_net() == result.net
    return result


def _checked_maal(names: tuple[str, ...], maal: Mapping[str, int],
                  finisher: str | None, seen: Collection[str],
                  seen_dublees: Collection[str], rules: MarriageRules
                  ) -> dict[str, int]:
    """Each player's maal, in seat order, once the table is known sound."""
    settle_rule = rules.rule("settle")
    rules.check_player_count(len(names))
    if len(set(names)) != len(names):
        raise Impossible(Said("a player is named twice"), settle_rule)
    for name in [*maal, *seen, *seen_dublees]:
        if name not in names:
            raise Impossible(Said("{name} is not at the table", name=repr(name)),
                             settle_rule)
    check_sight(finisher, seen, seen_dublees, rules)
    values = {}
    for name in names:
        if name not in maal:
            raise Impossible(Said("no maal given for {name}", name=repr(name)),
                             settle_rule)
        value = maal[name]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise Impossible(Said("maal of {name} must be a whole number ≥ 0, "
                                  "not {value}", name=repr(name), value=repr(value)),
                             rules.rule("maal"))
        values[name] = value
    if finisher is not None and finisher not in names:
        raise Impossible(Said("the finisher {name} is not at the table",
                              name=repr(finisher)), settle_rule)
    return values


def check_sight(finisher: str | None, seen: Collection[str],
                seen_dublees: Collection[str], rules: MarriageRules) -> None:
    """A player saw the tiplu one way (MA-5 or MA-9); the finisher is always
    seen, as the finish showed (MA-10)."""
    if finisher is not None and finisher in seen_dublees:
        raise Impossible(Said("{name} is the finisher: a finisher is always "
                              "seen and pays no fee; seeing through 7 dublees is "
                              "marked for a rival", name=finisher),
                         rules.rule("dublee"))
    both = [p for p in seen_dublees if p in seen]
    if both:
        raise Impossible(Said("{name} cannot have seen the tiplu both by "
                              "qualifying and through 7 dublees: name them once",
                              name=both[0]), rules.rule("dublee"))


__all__ = ["Settlement", "Payment", "PairLine", "SeatMap", "settle",
           "counted_maal", "fee_parts", "check_sight"]
