"""Three-card hands, as Kitti shows them and Flush (Teen Patti) bets on
them: a hand's kind and its strength (RULES.md, KI-1 … KI-5).

A hand is three cards of one deck (`core.cards`), no joker. Its
`Strength` is its kind (trial > pure run > run > colour > pair > high
card; an off-suit 2-3-5 above them all under `top_235`) and the values
of its cards in the order they are compared: the highest first, a pair's
pair before its odd card, a run from its top. Suits never break a tie.
`ThreeCardRules` holds the options (`a23`, `top_235`): a rule set of its
own for `check compare`, and the base of a game's rule set that ranks
hands this way. Pure functions on immutable values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Mapping, NamedTuple, Sequence

from scorekeeper.core.cards import Card, format_cards
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, Said
from scorekeeper.core.options import Profile, RuleSet, frozen_mapping


class A23(StrEnum):
    """Where the run A-2-3 stands among the runs (KI-4)."""

    SECOND = "second"     # after A-K-Q, above K-Q-J: its cards from the ace
    TOP = "top"           # above A-K-Q: the highest run
    LOW = "low"           # below 2-3-4: the ace counted 1
    NONE = "none"         # no run: a colour or a high card, the ace high


# The kinds, weakest first: a kind's strength is its place here.
KINDS = ("high-card", "pair", "colour", "run", "pure-run", "trial", "2-3-5")
HIGH_CARD, PAIR, COLOUR, RUN, PURE_RUN, TRIAL, TOP_235 = range(7)
KIND_NAMES = {"high-card": N_("high card"), "pair": N_("pair"),
              "colour": N_("colour"), "run": N_("run"),
              "pure-run": N_("pure run"), "trial": N_("trial"),
              "2-3-5": N_("2-3-5")}

IDS = {"deck": "KI-1", "kinds": "KI-2", "ties": "KI-3", "a23": "KI-4",
       "top_235": "KI-5"}
ACE = 14          # the ace's value, above the king, but in A-2-3 (KI-4)


@dataclass(frozen=True)
class ThreeCardRules(RuleSet):
    """The options of the ranking; validated when built (`problems`)."""

    a23: A23 = A23.SECOND
    top_235: bool = False
    rule_ids: Mapping[str, str] = field(default_factory=lambda: frozen_mapping(IDS))

    def problems(self) -> list[tuple[str, Said]]:
        if self.a23 not in tuple(A23):
            return [("a23", Said("one of {values}", values=", ".join(A23)))]
        if self.top_235 not in (True, False):
            return [("top_235", Said("true or false"))]
        return super().problems()


DEFAULT = ThreeCardRules()
PROFILE: Profile[ThreeCardRules] = Profile(
    game="three-card", name="three-card",
    summary=N_("3-card hands: trial, pure run, run, colour, pair, high card"),
    rules=DEFAULT, options=("a23", "top_235"),
    rules_section="Three-card hands",
    topics=frozen_mapping({"a23": "a23", "top_235": "top_235"}))


class Strength(NamedTuple):
    """How strong a hand is: `key` orders hands (a greater key wins, equal
    keys tie); `cards` are the hand's cards in the order compared, each
    worth its `values` entry."""

    kind: int
    values: tuple[int, ...]
    cards: tuple[Card, ...]

    @property
    def key(self) -> tuple[int, tuple[int, ...]]:
        return self.kind, self.values

    @property
    def kind_name(self) -> str:
        return KINDS[self.kind]


class Comparison(NamedTuple):
    """Two hands compared: `winner` is "first", "second" or "tie";
    `deciding` the winner's card that decided within one kind (None when
    the kinds decide, or on a tie) and `beaten` the other hand's card at
    its place."""

    winner: str
    first: Strength
    second: Strength
    deciding: Card | None
    beaten: Card | None


def check_hand(hand: Sequence[Card], rules: ThreeCardRules) -> None:
    """Refuse what is no hand of one deck (exit 2, KI-1)."""
    if len(hand) != 3:
        raise Impossible(Said("a hand is 3 cards, not {count}: {cards}",
                              count=len(hand), cards=format_cards(hand)),
                         rules.rule("deck"))
    if any(c.is_joker for c in hand):
        raise Impossible(Said("JK was given, but a 3-card hand is of one deck "
                              "without jokers"), rules.rule("deck"))
    check_one_deck(hand, rules)


def check_one_deck(cards: Sequence[Card], rules: ThreeCardRules) -> None:
    """Refuse a card given twice: one deck holds each card once (KI-1)."""
    if len(set(cards)) == len(cards):
        return
    twice = next(c for i, c in enumerate(cards) if c in cards[:i])
    raise Impossible(Said("{card} is given twice, but the deck holds it once",
                          card=str(twice)), rules.rule("deck"))


# a card's value by its rank: the ace above the king (but in A-2-3, KI-4)
VALUES = (0, ACE, *range(2, ACE))


def _place(c: Card) -> int:
    """Where a card sorts: by value, the lower suit first among equals."""
    value: int = VALUES[c.rank]
    return value * 4 - c.suit


def strength(hand: Sequence[Card], rules: ThreeCardRules = DEFAULT) -> Strength:
    """The kind of a hand and the values it is compared by (KI-2 … KI-5)."""
    check_hand(hand, rules)
    cards = tuple(sorted(hand, key=_place, reverse=True))
    high, middle, low = values = (VALUES[cards[0].rank], VALUES[cards[1].rank],
                                  VALUES[cards[2].rank])
    suited = cards[0].suit == cards[1].suit == cards[2].suit
    if high == low:
        return Strength(TRIAL, values, cards)
    if high == middle or middle == low:
        odd = cards[2] if high == middle else cards[0]
        pair = tuple(c for c in cards if c != odd) + (odd,)
        return Strength(PAIR, (middle, middle, VALUES[odd.rank]), pair)
    if rules.top_235 and values == (5, 3, 2) and not suited:
        return Strength(TOP_235, values, cards)
    run = _run(cards, rules)
    if run is not None:
        return Strength(PURE_RUN if suited else RUN, run[0], run[1])
    return Strength(COLOUR if suited else HIGH_CARD, values, cards)


def _run(cards: tuple[Card, ...], rules: ThreeCardRules
         ) -> tuple[tuple[int, ...], tuple[Card, ...]] | None:
    """A run's values and cards from its top, or None when no run
    (`cards` of three ranks, highest first)."""
    values = tuple(VALUES[c.rank] for c in cards)
    if values[0] - values[2] == 2:
        return values, cards
    if values != (ACE, 3, 2) or rules.a23 == A23.NONE:
        return None
    if rules.a23 == A23.LOW:
        return (3, 2, 1), cards[1:] + cards[:1]
    return (ACE + 1 if rules.a23 == A23.TOP else ACE, 3, 2), cards


def compare(first: Sequence[Card], second: Sequence[Card],
            rules: ThreeCardRules = DEFAULT) -> Comparison:
    """Which of two hands of one deck wins (KI-1 … KI-5)."""
    a, b = strength(first, rules), strength(second, rules)
    check_one_deck((*first, *second), rules)
    if a.key == b.key:
        return Comparison("tie", a, b, None, None)
    winner, loser = (a, b) if a.key > b.key else (b, a)
    said = "first" if winner is a else "second"
    if a.kind != b.kind:
        return Comparison(said, a, b, None, None)
    place = next(i for i, (x, y) in enumerate(zip(winner.values, loser.values))
                 if x != y)
    return Comparison(said, a, b, winner.cards[place], loser.cards[place])


def cited(comparison: Comparison, rules: ThreeCardRules = DEFAULT) -> str:
    """The rule a comparison rests on: a 2-3-5 above all (KI-5), the kinds
    (KI-2), an A-2-3 run's place (KI-4), or the cards (KI-3)."""
    kinds = {comparison.first.kind, comparison.second.kind}
    if TOP_235 in kinds:
        return rules.rule("top_235")
    if len(kinds) == 2:
        return rules.rule("kinds")
    if any(s.kind in (RUN, PURE_RUN) and {c.rank for c in s.cards} == {1, 2, 3}
           for s in (comparison.first, comparison.second)):
        return rules.rule("a23")
    return rules.rule("ties")
