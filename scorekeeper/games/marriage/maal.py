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
from typing import NamedTuple, Sequence

from scorekeeper.core.cards import Card, format_cards
from scorekeeper.core.errors import Impossible
from scorekeeper.games.marriage.rules import DEFAULT_RULES, MarriageRules
from scorekeeper.games.marriage.wildcards import Wildcards

NEIGHBOUR_VALUES = (0, 2, 5, 10)      # 0..3 jhiplu (or poplu)
TIPLU_VALUES = (0, 3, 7)              # 0..2 copies of the tiplu
MARRIAGE_VALUES = (0, 10, 30)         # 0..2 marriages
TUNNELA_ORDINARY = 5
TUNNELA_ORDINARY_WILD = 10
TUNNELA_NEIGHBOUR = 20
ALTER_VALUES = (0, 5, 15, 30)         # 0..3 alters (MA-17)


class MaalItem(NamedTuple):
    name: str
    cards: tuple[Card, ...]
    value: int

    def __str__(self) -> str:
        return f"{self.name} {format_cards(self.cards)} = {self.value}"


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
    """The best maal of `cards` under `tiplu` (MA-11).

    `dealt_tunnelas` names one card per tunnela exposed at the deal (MA-3);
    the hand must hold 3 copies of each. With `seen=False` the player
    counts nothing. Alters count when `rules.alter` (MA-17).
    """
    cs = tuple(cards)
    rules.check_shoe(cs, [tiplu])
    wc = Wildcards.from_tiplu(tiplu)
    have = Counter(cs)
    wanted = Counter(dealt_tunnelas)
    for c, k in sorted(wanted.items()):
        if have[c] < 3 * k:
            raise Impossible(
                f"a tunnela of {c} was exposed at the deal"
                + (f" {k} times" if k > 1 else "")
                + f", but the hand holds {have[c]} {c}", rules.rule("tunnela"))
    if not seen:
        return Maal(0, ())

    items: list[MaalItem] = []
    alter = wc.alter if rules.alter else None
    for c in sorted(wanted) if natural_qualified else ():
        if c in (wc.jhiplu, wc.poplu, alter):
            continue                 # decided below, with marriages or alters
        value = TUNNELA_ORDINARY_WILD if wc.is_wild(c) else TUNNELA_ORDINARY
        kind = "ordinary wildcards" if wc.is_wild(c) else "ordinary cards"
        items.append(MaalItem(f"dealt tunnela of {kind}", (c, c, c), value))

    items.extend(_neighbour_items(wc, have, wanted, natural_qualified))
    if alter is not None:
        items.extend(_alter_items(alter, have[alter],
                                  natural_qualified and wanted[alter] > 0))
    return Maal(sum(i.value for i in items), tuple(items))


def _neighbour_items(wc: Wildcards, have: Counter[Card], wanted: Counter[Card],
                     natural_qualified: bool) -> list[MaalItem]:
    """The best grouping of the jhiplus, tiplu copies and poplus: marriages,
    the rest alone, a dealt tunnela of jhiplu or poplu instead of its 10."""
    j, t, p = have[wc.jhiplu], have[wc.tiplu], have[wc.poplu]
    best: tuple[int, list[MaalItem]] | None = None
    for m in range(min(j, t, p, 2), -1, -1):    # more marriages first on ties
        chosen: list[MaalItem] = []
        if m:
            chosen.append(MaalItem("marriage" if m == 1 else "2 marriages",
                                   (wc.jhiplu, wc.tiplu, wc.poplu) * m,
                                   MARRIAGE_VALUES[m]))
        for name, card, count in (("jhiplu", wc.jhiplu, j - m),
                                  ("poplu", wc.poplu, p - m)):
            if count == 3 and natural_qualified and wanted[card]:
                chosen.append(MaalItem(f"dealt tunnela of {name}",
                                       (card,) * 3, TUNNELA_NEIGHBOUR))
            elif count:
                chosen.append(MaalItem(f"{count} {name}", (card,) * count,
                                       NEIGHBOUR_VALUES[count]))
        if t - m:
            chosen.append(MaalItem(
                f"{t - m} tiplu" + ("" if t - m == 1 else " copies"),
                (wc.tiplu,) * (t - m), TIPLU_VALUES[t - m]))
        total = sum(i.value for i in chosen)
        if best is None or total > best[0]:
            best = (total, chosen)
    assert best is not None
    return best[1]


def _alter_items(alter: Card, count: int, dealt: bool) -> list[MaalItem]:
    """MA-17: the alters held, or — when they were a tunnela exposed at the
    deal — the better of that tunnela's bonus and the alters, never both."""
    # the shoe holds 3 of each card (MA-1, checked above): count ≤ 3
    as_alters = [MaalItem(f"{count} alter" + "s" * (count != 1),
                          (alter,) * count, ALTER_VALUES[count])
                 ] if count else []
    if not dealt:
        return as_alters
    as_tunnela = [MaalItem("dealt tunnela of ordinary wildcards", (alter,) * 3,
                           TUNNELA_ORDINARY_WILD)]
    return max(as_alters, as_tunnela, key=lambda xs: sum(i.value for i in xs))



def max_maal(rules: MarriageRules = DEFAULT_RULES, natural: bool = True) -> int:
    """The most maal three decks can put in one hand of 21 cards: what an
    agreed maal number may not pass (82 under MA-11; 102 with alters).
    Without a natural qualification (`natural` false: never seen, or seen
    through dublees) no dealt-tunnela bonus: 34 (two marriages, a jhiplu
    and a poplu), 64 with alters.

    Per card, items are worth: a dealt tunnela of jhiplu or poplu 20/3, two
    tiplu copies 7/2, a dealt tunnela of ordinary wildcards 10/3 (30/3 of
    alters, MA-17), a dealt tunnela of ordinary cards 5/3; marriages are
    worth less per card (30 for 6). Taking them densest first fills 20
    cards; that hand is built here and valued by `maal` itself, so the bound
    follows the options."""
    tiplu = Card(7, 0)
    wild = Wildcards.from_tiplu(tiplu)
    ordinary = [Card(7, suit) for suit in range(1, 4)]    # the tiplu's rank
    plain, spare = Card(2, 1), Card(3, 2)
    hand = [wild.jhiplu] * 3 + [wild.poplu] * 3 + [tiplu] * 2 \
        + [c for c in ordinary for _ in range(3)] + [plain] * 3 + [spare]
    dealt = [wild.jhiplu, wild.poplu, *ordinary, plain]
    return maal(hand, tiplu, dealt, natural_qualified=natural, rules=rules).total

__all__ = ["Maal", "MaalItem", "maal", "max_maal"]
