"""Melds of Marriage (MA-4) and which of them qualify (MA-5).

A meld is exactly 3 cards. Each card either stands as itself or, if it is a
wildcard (MA-7), stands in for a missing card; at most 2 stand in. Read with
every card standing as itself, the three cards may be a

* *pure sequence* — 3 consecutive ranks of one suit, ace low (A 2 3) or high
  (Q K A; low only under `ace_high = false`, MA-24), never wrapping (K A 2
  is not one);
* *tunnela* — 3 truly identical cards;
* *trial* — one rank in 3 different suits.

With 1 or 2 stand-ins the meld is a *dirty sequence* or a *dirty trial*; a
tunnela never has a stand-in, so two identical cards plus a wildcard make
neither a tunnela nor a trial. A wildcard standing as itself is natural
(tiplu J♣: 10♣ J♣ Q♣ is a pure sequence). Only pure sequences and tunnelas
qualify (MA-5).

`classify_meld` prefers a natural reading (pure sequence, tunnela, trial);
otherwise the meld is dirty, and named as the rule book's naming
Interpretation under MA-4 says: a *dirty sequence* whenever some reading
with 1 or 2 stand-ins makes a sequence, else a *dirty trial*. Every reading
is tried, so the name never depends on the order the cards were typed in
(with tiplu K♥, K♣ A♣ A♥ and A♣ A♥ K♣ are both dirty sequences: K♣ stands
in for the Q of Q♣ K♣ A♣, or A♥ stands in). The kind never changes whether
the cards are a meld, nor any maal.
"""

from __future__ import annotations

from enum import StrEnum
from itertools import combinations
from typing import NamedTuple, Sequence

from scorekeeper.core.cards import Card, format_cards
from scorekeeper.core.errors import Refused
from scorekeeper.core.language import Said
from scorekeeper.games.marriage.rules import DEFAULT_RULES, KIND_NAMES, MarriageRules
from scorekeeper.games.marriage.wildcards import Wildcards


class MeldKind(StrEnum):
    PURE_SEQUENCE = "pure sequence"
    TUNNELA = "tunnela"
    TRIAL = "trial"
    DIRTY_SEQUENCE = "dirty sequence"
    DIRTY_TRIAL = "dirty trial"

    @property
    def qualifying(self) -> bool:
        """A pure sequence or a tunnela: natural, no stand-in (MA-5)."""
        return self in (MeldKind.PURE_SEQUENCE, MeldKind.TUNNELA)

    @property
    def dirty(self) -> bool:
        return self in (MeldKind.DIRTY_SEQUENCE, MeldKind.DIRTY_TRIAL)

    @property
    def said(self) -> Said:
        """The kind's name as a person reads it (its English is the value)."""
        return Said(KIND_NAMES[self.value])

    @property
    def rank(self) -> int:
        """Display order of an arrangement: qualifying, trials, dirty."""
        return 0 if self.qualifying else 2 if self.dirty else 1


PURE_SEQUENCE = MeldKind.PURE_SEQUENCE
TUNNELA = MeldKind.TUNNELA
TRIAL = MeldKind.TRIAL
DIRTY_SEQUENCE = MeldKind.DIRTY_SEQUENCE
DIRTY_TRIAL = MeldKind.DIRTY_TRIAL


class Meld(NamedTuple):
    cards: tuple[Card, ...]
    kind: MeldKind

    @property
    def qualifying(self) -> bool:
        return self.kind.qualifying

    @property
    def dirty(self) -> bool:
        return self.kind.dirty

    def text(self) -> str:
        return format_cards(self.cards)

    def __str__(self) -> str:
        return f"{self.text()} ({self.kind})"


# -- small geometric helpers, shared with the finish search ------------------

def _positions(rank: int, ace_high: bool) -> tuple[int, ...]:
    """Places of a rank on the line A 2 … K A (positions 1 … 14; the ace
    at 1 only when it is low only, MA-24)."""
    return (1, 14) if rank == 1 and ace_high else (rank,)


def sequence_fits(ranks: Sequence[int], ace_high: bool = True) -> bool:
    """Can these distinct ranks of one suit lie in one run of 3 (no wrap;
    Q K A only when `ace_high`, MA-24)?"""
    if len(set(ranks)) != len(ranks) or len(ranks) > 3:
        return False
    for start in range(1, 13):
        window = (start, start + 1, start + 2)
        if all(any(p in window for p in _positions(r, ace_high)) for r in ranks):
            return True
    return False


def _wraps(ranks: Sequence[int]) -> bool:
    """Would these ranks fit a run of 3 if K and A and 2 were allowed to touch?"""
    if len(set(ranks)) != len(ranks):
        return False
    for start in range(1, 14):
        window = {(start - 1 + i) % 13 + 1 for i in range(3)}
        if all(r in window for r in ranks):
            return True
    return False


def natural_kind(cs: Sequence[Card], ace_high: bool = True) -> MeldKind | None:
    """Kind of 1–3 cards all standing as themselves (None if no meld)."""
    ranks = [c.rank for c in cs]
    suits = [c.suit for c in cs]
    if any(c.is_joker for c in cs):
        return None               # a JK only ever stands in (MA-18)
    if len(cs) == 3 and len(set(cs)) == 1:
        return TUNNELA
    if len(set(suits)) == 1 and sequence_fits(ranks, ace_high):
        return PURE_SEQUENCE
    if len(set(ranks)) == 1 and len(set(suits)) == len(suits):
        return TRIAL
    return None


def _names(cs: Sequence[Card]) -> str:
    return format_cards(cs)


def _low_only_refuses(cs: Sequence[Card], rules: MarriageRules) -> bool:
    """Would these natural cards of one suit lie in a run with the ace
    high, where the house plays it low only (MA-24)? Then that rule, not
    MA-4's, refuses them."""
    return not rules.ace_high and len({c.suit for c in cs}) == 1 and \
        sequence_fits([c.rank for c in cs])


def _natural_reason(cs: Sequence[Card], rules: MarriageRules) -> Said:
    ranks = [c.rank for c in cs]
    suits = [c.suit for c in cs]
    cards = _names(cs)
    if len(set(ranks)) == 1:
        return Said("{cards}: two identical cards and a third of the same "
                    "rank form neither a tunnela (3 identical cards) nor a trial "
                    "(3 different suits)", cards=cards)
    if len(set(suits)) == 1:
        if len(set(ranks)) < 3:
            return Said("{cards}: a sequence needs 3 different ranks", cards=cards)
        if _low_only_refuses(cs, rules):
            return Said("{cards}: the ace is low only, so Q K A is not a "
                        "sequence (ace_high = false, {rule})", cards=cards,
                        rule=rules.rule("ace"))
        if _wraps(ranks):
            return Said("{cards}: K A 2 never: a sequence never wraps "
                        "(the ace is low, A 2 3, or high, Q K A)", cards=cards) \
                if rules.ace_high else \
                Said("{cards}: K A 2 never: a sequence never wraps (the ace is "
                     "low only, A 2 3: ace_high = false, {rule})", cards=cards,
                     rule=rules.rule("ace"))
        return Said("{cards}: the ranks are not consecutive", cards=cards)
    return Said("{cards}: neither one suit (a sequence) nor one rank "
                "(a trial)", cards=cards)


def _pair_reason(a: Card, b: Card, wild: Card, rules: MarriageRules) -> Said:
    """Why two natural cards plus one stand-in make no meld."""
    first, second, only = str(a), str(b), str(wild)
    if a == b:
        return Said("{first} and {second}: two identical cards plus a wildcard "
                    "form neither a tunnela nor a trial (a tunnela never has a "
                    "stand-in, a trial needs 3 different suits) ({only} is the "
                    "only wildcard)", first=first, second=second, only=only)
    if a.suit == b.suit:
        if _low_only_refuses((a, b), rules):
            return Said("{first} and {second} cannot share a sequence: the ace "
                        "is low only (ace_high = false, {rule}), Q K A is not a "
                        "sequence ({only} is the only wildcard)", first=first,
                        second=second, only=only, rule=rules.rule("ace"))
        if _wraps((a.rank, b.rank)):
            return Said("{first} and {second} cannot share a sequence: K A 2 "
                        "never, a sequence never wraps ({only} is the only "
                        "wildcard)", first=first, second=second, only=only)
        return Said("{first} and {second} are too far apart for one run of 3: "
                    "it would need more than two stand-ins, and only a wildcard "
                    "stands in ({only} is the only wildcard)",
                    first=first, second=second, only=only)
    return Said("{first} and {second} share neither a suit (sequence) nor a "
                "rank (trial), and only a wildcard may stand in for a card "
                "({only} is the only wildcard)", first=first, second=second,
                only=only)


def classify_meld(cards: Sequence[Card], tiplu: Card | None,
                  rules: MarriageRules = DEFAULT_RULES) -> Meld:
    """Classify 3 cards as a meld, or raise `Refused(reason)` citing MA-4
    (MA-24 when only the ace played low keeps them from a sequence).

    Without a tiplu nothing is wild (the player has not seen it).
    """
    cs = tuple(cards)
    rules.check_shoe(cs)          # no jokers (a meld alone never exceeds the shoe)
    meld_rule = rules.rule("meld")
    if len(cs) != 3:
        raise Refused(Said("a meld is exactly 3 cards, not {count} ({cards})",
                           count=len(cs), cards=_names(cs)) if cs else
                      Said("a meld is exactly 3 cards, not {count}", count=0),
                      meld_rule)
    kind = natural_kind(cs, rules.ace_high)
    if kind is not None:
        return Meld(cs, kind)
    wild = Wildcards.from_tiplu(tiplu) if tiplu is not None else None
    wild_at = [i for i, c in enumerate(cs) if wild is not None and wild.is_wild(c)]
    if not wild_at:
        reason = _natural_reason(cs, rules)
        raise Refused(Said("{reason} (nothing is wild before the tiplu is seen)",
                           reason=reason) if wild is None else
                      Said("{reason} and none of them is a wildcard ({wild})",
                           reason=reason, wild=wild.describe()),
                      rules.rule("ace") if _low_only_refuses(cs, rules) else meld_rule)
    # Every reading with 1 or 2 stand-ins (the other cards stand as
    # themselves); a sequence reading names the meld, in any order.
    # A JK never stands as itself (MA-18): in a reading it stands in too,
    # so three JK read as one stand-in for any card, a sequence.
    readings = [[c for i, c in enumerate(cs)
                 if i not in stand_ins and not c.is_joker]
                for n_in in (1, 2) for stand_ins in combinations(wild_at, n_in)]
    if any(len({c.suit for c in naturals}) <= 1 and
           sequence_fits([c.rank for c in naturals], rules.ace_high)
           for naturals in readings):
        return Meld(cs, DIRTY_SEQUENCE)
    if any(len({c.rank for c in naturals}) == 1 and
           len({c.suit for c in naturals}) == len(naturals)
           for naturals in readings):
        return Meld(cs, DIRTY_TRIAL)
    # Only one wildcard here (two or three always make a meld): the other
    # two cards are natural and do not go together.
    a, b = (c for i, c in enumerate(cs) if i != wild_at[0])
    raise Refused(_pair_reason(a, b, cs[wild_at[0]], rules),
                  rules.rule("ace") if _low_only_refuses((a, b), rules) else meld_rule)


def is_meld(cards: Sequence[Card], tiplu: Card | None,
            rules: MarriageRules = DEFAULT_RULES) -> bool:
    try:
        classify_meld(cards, tiplu, rules)
    except Refused:
        return False
    return True


__all__ = ["Meld", "MeldKind", "classify_meld", "is_meld", "sequence_fits",
           "natural_kind"]
