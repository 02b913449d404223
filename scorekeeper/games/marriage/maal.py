"""Maal (MA-11): the bonus value of a player's cards once the tiplu is known.

Items, each physical card used at most once, best total chosen:

| item                                         | value        |
|----------------------------------------------|--------------|
| 1 / 2 / 3 jhiplu                             | 2 / 5 / 10   |
| 1 / 2 / 3 poplu                              | 2 / 5 / 10   |
| 1 / 2 copies of the tiplu (3rd = indicator)  | 3 / 7        |
| 1 / 2 marriages (jhiplu + tiplu + poplu)     | 10 / 30      |
| dealt tunnela of ordinary cards              | 5            |
| dealt tunnela of ordinary wildcards          | 10           |
| dealt tunnela of jhiplu or of poplu          | 20 (instead of their 10) |

An ordinary wildcard (tiplu's rank, another suit) alone is worth nothing.
The dealt-tunnela bonus needs a natural qualification (MA-5).

With the house option `alter` (MA-17), 1 / 2 / 3 alters (the tiplu's rank
in the other suit of its colour) are worth 5 / 15 / 30. The shoe holds 3
of them, so the only item they can share cards with is a dealt tunnela of
alters: the grouping takes the better of the two, never both.

Interpretation: a marriage is the three cards jhiplu, tiplu, poplu whatever
their ranks, so with tiplu A♠ it is K♠ A♠ 2♠ — a maal item, not a meld.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import NamedTuple, Sequence

from scorekeeper.core.cards import JOKER, Card, format_cards
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, Said
from scorekeeper.core.options import Tiers
from scorekeeper.games.marriage.rules import DEFAULT_RULES, MAAL_ITEMS, MarriageRules
from scorekeeper.games.marriage.wildcards import Wildcards

# The values of MA-11 and MA-17 are data of the rule set (MA-19): the
# `maal_*` options, a `Tiers` each (the value for holding 1, 2, 3 … of the
# item). The default table, kept by name for the tests and the docs:
ALTER_VALUES = (0, *DEFAULT_RULES.maal_alter.values)     # 0..3 alters (MA-17)


class MaalItem(NamedTuple):
    name: Said
    cards: tuple[Card, ...]
    value: int

    def __str__(self) -> str:
        return f"{self.name.english} {format_cards(self.cards)} = {self.value}"


class Maal(NamedTuple):
    total: int
    items: tuple[MaalItem, ...]

    def __str__(self) -> str:
        if not self.items:
            return "0"
        return " + ".join(str(i.value) for i in self.items) + f" = {self.total}"


def maal(cards: Sequence[Card], tiplu: Card,
         dealt_tunnelas: Sequence[Card] = (), natural_qualified: bool = True,
         seen: bool = True, rules: MarriageRules = DEFAULT_RULES) -> Maal:
    """The best maal of `cards` under `tiplu` (MA-11), valued by the rules'
    maal table (MA-19).

    `dealt_tunnelas` names one card per tunnela exposed at the deal (MA-3);
    the hand must hold 3 copies of each. With `seen=False` the player
    counts nothing. Alters count when `rules.alter` (MA-17), printed jokers
    by `joker_maal` (MA-18).
    """
    cs = tuple(cards)
    rules.check_shoe(cs, tiplu=tiplu)
    wc = Wildcards.from_tiplu(tiplu)
    have = Counter(cs)
    wanted = Counter(dealt_tunnelas)
    for c, k in sorted(wanted.items()):
        if c.is_joker or have[c] < 3 * k:
            values = {"card": str(c), "times": k, "held": have[c],
                      "rule": rules.rule("jokers")}
            if c.is_joker:
                said = Said.ngettext("a tunnela of {card} was exposed at the deal, but "
                                    "the hand holds {held} {card} (a JK never makes a "
                                    "tunnela, {rule})",
                                    "a tunnela of {card} was exposed at the deal {times} "
                                    "times, but the hand holds {held} {card} (a JK never "
                                    "makes a tunnela, {rule})", count=k, **values)
            else:
                said = Said.ngettext("a tunnela of {card} was exposed at the deal, but "
                                    "the hand holds {held} {card}",
                                    "a tunnela of {card} was exposed at the deal {times} "
                                    "times, but the hand holds {held} {card}",
                                    count=k, **values)
            raise Impossible(said, rules.rule("tunnela"))
    if not seen:
        return Maal(0, ())

    alter = wc.alter if rules.alter else None
    items = _dealt_items(wc, wanted, alter, rules) if natural_qualified else []
    items.extend(_neighbour_items(wc, have, wanted, natural_qualified, rules))
    if alter is not None:
        items.extend(_alter_items(alter, have[alter],
                                  natural_qualified and wanted[alter] > 0, rules))
    jokers = claimed(rules.joker_maal, have[JOKER])
    if jokers:
        items.append(MaalItem(Said.ngettext("{count} printed joker",
                                           "{count} printed jokers", count=jokers),
                              (JOKER,) * jokers, rules.joker_maal.value(jokers)))
    return Maal(sum(i.value for i in items), tuple(items))


@lru_cache(maxsize=256)
def _named(template: str, count: int | None = None) -> Said:
    """An item's name (`N_`-marked where named), made once: the best
    grouping builds the items of every grouping it weighs."""
    return Said(template) if count is None else Said(template, count=count)


def claimed(tiers: Tiers, held: int) -> int:
    """How many of the `held` items of one kind the best grouping counts
    (MA-11: maal is never a penalty): all of them, unless the table pays
    less for more (`maal_tunnela_wild = 50/10`: one tunnela of two is 50,
    MA-19); on equal values the most."""
    return max(range(held, -1, -1), key=tiers.value)


def _marginal(name: Said, tiers: Tiers, cards: Sequence[Card], held: int
              ) -> MaalItem:
    """The `held`-th item of a kind, worth what it adds to the table's value
    for `held − 1` of them (so the items of a kind sum to its tier)."""
    return MaalItem(name, tuple(cards), tiers.value(held) - tiers.value(held - 1))


def _dealt_items(wc: Wildcards, wanted: Counter[Card], alter: Card | None,
                 rules: MarriageRules) -> list[MaalItem]:
    """Dealt tunnelas of ordinary cards and of ordinary wildcards (MA-11):
    the first, second … of each kind by the table, as many of each kind as
    the table pays best for (`claimed`)."""
    items: list[MaalItem] = []
    for wild, kind, tiers in ((False, _named(N_("dealt tunnela of ordinary cards")),
                               rules.maal_tunnela),
                              (True, _named(N_("dealt tunnela of ordinary wildcards")),
                               rules.maal_tunnela_wild)):
        tunnelas = [c for c in sorted(wanted) for _ in range(wanted[c])
                    if c not in (wc.jhiplu, wc.poplu, alter)   # decided below
                    and wc.is_wild(c) == wild]
        for held, c in enumerate(tunnelas[:claimed(tiers, len(tunnelas))], 1):
            items.append(_marginal(kind, tiers, (c, c, c), held))
    return items


def _neighbour_items(wc: Wildcards, have: Counter[Card], wanted: Counter[Card],
                     natural_qualified: bool, rules: MarriageRules
                     ) -> list[MaalItem]:
    """The best grouping of the jhiplus, tiplu copies and poplus: marriages,
    the rest alone, a dealt tunnela of jhiplu or poplu or its cards alone."""
    j, t, p = have[wc.jhiplu], have[wc.tiplu], have[wc.poplu]
    best: tuple[int, list[MaalItem]] | None = None
    for m in range(min(j, t, p, 2), -1, -1):    # more marriages first on ties
        for as_tunnela in ((True, True), (True, False), (False, True),
                           (False, False)):     # tunnelas first on ties
            chosen = _grouping(wc, (j, t, p), m, as_tunnela, wanted,
                               natural_qualified, rules)
            if chosen is None:
                continue
            total = sum(i.value for i in chosen)
            if best is None or total > best[0]:
                best = (total, chosen)
    assert best is not None
    return best[1]


def _grouping(wc: Wildcards, held: tuple[int, int, int], m: int,
              as_tunnela: tuple[bool, bool], wanted: Counter[Card],
              natural_qualified: bool, rules: MarriageRules
              ) -> list[MaalItem] | None:
    """One grouping: m marriages; the jhiplu and the poplu each as a dealt
    tunnela (if asked and possible; None if not) or alone."""
    j, t, p = held
    chosen: list[MaalItem] = []
    if m:
        chosen.append(MaalItem(Said.ngettext("marriage", "{count} marriages", count=m),
                               (wc.jhiplu, wc.tiplu, wc.poplu) * m,
                               rules.maal_marriage.value(m)))
    tunnelas = 0
    for name, card, count, tunnela in (("jhiplu", wc.jhiplu, j - m, as_tunnela[0]),
                                       ("poplu", wc.poplu, p - m, as_tunnela[1])):
        if tunnela:
            if not (count == 3 and natural_qualified and wanted[card]):
                return None
            tunnelas += 1
            chosen.append(_marginal(_named(N_("dealt tunnela of jhiplu"))
                                    if name == "jhiplu" else
                                    _named(N_("dealt tunnela of poplu")),
                                    rules.maal_tunnela_neighbour, (card,) * 3,
                                    tunnelas))
        else:
            tiers = rules.maal_jhiplu if name == "jhiplu" else rules.maal_poplu
            count = claimed(tiers, count)
            if count:
                chosen.append(MaalItem(_named(N_("{count} jhiplu"), count)
                                       if name == "jhiplu" else
                                       _named(N_("{count} poplu"), count),
                                       (card,) * count,
                                       tiers.value(count)))
    copies = claimed(rules.maal_tiplu, t - m)
    if copies:
        chosen.append(MaalItem(
            Said.ngettext("{count} tiplu", "{count} tiplu copies", count=copies),
            (wc.tiplu,) * copies, rules.maal_tiplu.value(copies)))
    return chosen


def _alter_items(alter: Card, count: int, dealt: bool, rules: MarriageRules
                 ) -> list[MaalItem]:
    """MA-17: the alters held, or — when they were a tunnela exposed at the
    deal — the better of that tunnela's bonus and the alters, never both."""
    # the shoe holds 3 of each card (MA-1, checked above): count ≤ 3
    count = claimed(rules.maal_alter, count)
    as_alters = [MaalItem(Said.ngettext("{count} alter", "{count} alters", count=count),
                          (alter,) * count, rules.maal_alter.value(count))
                 ] if count else []
    if not dealt:
        return as_alters
    as_tunnela = [MaalItem(_named(N_("dealt tunnela of alters")), (alter,) * 3,
                           rules.maal_tunnela_alter.value(1))]
    return max(as_alters, as_tunnela, key=lambda xs: sum(i.value for i in xs))


def max_maal(rules: MarriageRules = DEFAULT_RULES, natural: bool = True) -> int:
    """The most maal three decks can put in one hand of 21 cards: what an
    agreed maal number may not pass (82 under MA-11; 102 with alters).
    Without a natural qualification (`natural` false: never seen, or seen
    through dublees) no dealt-tunnela bonus: 34 (two marriages, a jhiplu
    and a poplu), 64 with alters.

    The densest hands are built and valued by `maal` itself, so the bound
    follows the options and the maal table (MA-19): three jhiplus and three
    poplus (as dealt tunnelas, marriages or alone, whichever the table
    pays best), two tiplu copies, then dealt tunnelas — of ordinary
    wildcards and of ordinary cards in every mix the 21 cards allow — and
    the printed jokers (MA-18) in place of the last cards."""
    return _max_maal(_table_key(rules), rules, natural)


def _table_key(rules: MarriageRules) -> tuple[object, ...]:
    return (rules.alter, rules.printed_jokers,
            *(getattr(rules, item) for item in MAAL_ITEMS))


_MOST: dict[tuple[object, ...], int] = {}


def _max_maal(key: tuple[object, ...], rules: MarriageRules, natural: bool) -> int:
    found = _MOST.get((*key, natural))
    if found is not None:
        return found
    tiplu = Card(7, 0)
    wild = Wildcards.from_tiplu(tiplu)
    ordinary = [Card(7, suit) for suit in range(1, 4)]    # the tiplu's rank
    plains = [Card(r, s) for r in (2, 3, 4, 9, 10) for s in (1, 2, 3)]
    best = 0
    for wilds in range(4):
        for jokers in range(rules.printed_jokers + 1):
            core = [wild.jhiplu] * 3 + [wild.poplu] * 3 + [tiplu] * 2 \
                + [c for c in ordinary[:wilds] for _ in range(3)]
            room = 21 - len(core) - jokers
            if room < 0:
                continue
            tunnelas = plains[:room // 3]
            hand = core + [c for c in tunnelas for _ in range(3)] \
                + [Card(5, 1)] * (room % 3) + [JOKER] * jokers
            dealt = [wild.jhiplu, wild.poplu, *ordinary[:wilds], *tunnelas]
            best = max(best, maal(hand, tiplu, dealt, natural_qualified=natural,
                                  rules=rules).total)
    _MOST[(*key, natural)] = best
    return best


__all__ = ["Maal", "MaalItem", "maal", "max_maal"]
