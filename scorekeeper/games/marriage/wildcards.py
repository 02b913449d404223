"""Wildcards of Marriage (MA-7), derived from the tiplu.

With tiplu X the wildcards are: every card of X's rank (the other copies of
X and the same rank in the other suits), the **jhiplu** (X's suit, one rank
lower) and the **poplu** (X's suit, one rank higher). For the two neighbours
only, ranks wrap: tiplu K → poplu A, tiplu A → jhiplu K. Sequences never
wrap (MA-4); that is a different rule.

The **alter** (MA-17) is the card of the tiplu's rank in the other suit of
the same colour (♠ and ♣ are black, ♥ and ♦ red): an ordinary wildcard,
and a maal item only where the house option `alter` says so.
"""

from __future__ import annotations

from typing import NamedTuple

from scorekeeper.core.cards import RANK_NAMES, Card
from scorekeeper.core.language import Said


class Wildcards(NamedTuple):
    tiplu: Card
    jhiplu: Card
    poplu: Card

    @classmethod
    def from_tiplu(cls, tiplu: Card) -> "Wildcards":
        """The wildcards of a tiplu from the shoe (`MarriageRules.check_shoe`
        refuses a joker before any wildcard is asked for)."""
        assert not tiplu.is_joker, "the shoe has no jokers"
        rank, suit = tiplu.rank, tiplu.suit
        jhiplu = Card(13 if rank == 1 else rank - 1, suit)
        poplu = Card(1 if rank == 13 else rank + 1, suit)
        return cls(tiplu, jhiplu, poplu)

    def is_wild(self, card: Card) -> bool:
        """Every card of the tiplu's rank, plus the jhiplu and the poplu;
        and a printed joker, where the shoe holds them (MA-18)."""
        return card.is_joker or card.rank == self.tiplu.rank \
            or card == self.jhiplu or card == self.poplu

    @property
    def alter(self) -> Card:
        """The tiplu's rank in the other suit of its colour (MA-17): suits
        are numbered ♠ ♥ ♦ ♣, so the partner of suit s is 3 − s."""
        return Card(self.tiplu.rank, 3 - self.tiplu.suit)

    def is_ordinary_wild(self, card: Card) -> bool:
        """A card of the tiplu's rank in another suit (MA-11: worth 0 alone)."""
        return card.rank == self.tiplu.rank and card.suit != self.tiplu.suit

    def describe(self) -> Said:
        return Said("tiplu {tiplu} → wild: every {rank}, jhiplu {jhiplu}, "
                    "poplu {poplu}", tiplu=str(self.tiplu),
                    rank=RANK_NAMES[self.tiplu.rank], jhiplu=str(self.jhiplu),
                    poplu=str(self.poplu))
