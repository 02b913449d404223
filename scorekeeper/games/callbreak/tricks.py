"""The rulings of a Call Break table, one card at a time: may this card be
played to this trick (CB-5 … CB-8), and may this hand demand a redeal
(CB-3). Pure functions of cards and a `CallBreakRules`; light enough for
`check` (no engine, no ledger).

A card's power in its suit is its rank with the ace high (A above K).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple, Sequence

from scorekeeper.core.cards import SUIT_SYMBOLS, Card, check_copies, format_cards
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import NOTHING, Said
from scorekeeper.core.numbers import listed
from scorekeeper.core.verdict import Verdict
from scorekeeper.games.callbreak.rules import CallBreakRules, RedealWeak, TrumpVoid

SPADES = 0
# The seats of a table unless a check is told otherwise (`--seats`, CB-1).
PLAYERS = 4
# Kinds of a legal play, for `check play --json`.
LEAD, FOLLOW, HEAD, TRUMP, ANY = "lead", "follow", "head", "trump", "any"


def power(card: Card) -> int:
    """A high: 2 … 10 J Q K A are 2 … 14."""
    return 14 if card.rank == 1 else card.rank


def by_power(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (power(c), c.suit)))


def either(cards: Sequence[Card], word: str = "or") -> Said:
    """"A♥", "Q♥ or A♥", "J♥, Q♥ or A♥": the cards one of which will do
    (`word` "and": all of them), lowest first."""
    return listed([c.text() for c in by_power(cards)], f" {word} ")


def winning_card(trick: Sequence[Card]) -> Card:
    """CB-8: the highest spade, else the highest card of the suit led."""
    led = trick[0].suit
    spades = [c for c in trick if c.suit == SPADES]
    pool = spades or [c for c in trick if c.suit == led]
    return max(pool, key=power)


class Demand(NamedTuple):
    """What the rules ask of the next card: the cards that satisfy them,
    the rule, the kind of play, and the demand in words (for a refusal)."""

    legal: tuple[Card, ...]
    rule: str
    kind: str
    demand: Said
    reason: Said


def _follow(hand: Sequence[Card], trick: Sequence[Card], rules: CallBreakRules
            ) -> Demand:
    """CB-6: follow the suit led; with `must_head`, beat the card winning
    the trick when it is of the suit led and the hand can."""
    rule, suit = rules.rule("follow"), SUIT_SYMBOLS[trick[0].suit]
    held = by_power([c for c in hand if c.suit == trick[0].suit])
    top = winning_card(trick)
    higher = tuple(c for c in held if top.suit == trick[0].suit
                   and power(c) > power(top))
    if rules.must_head and higher:
        return Demand(higher, rule, HEAD,
                      Said("must beat {top} with {cards}", top=top.text(),
                           cards=either(higher)),
                      Said("follows {suit} and beats {top}", suit=suit, top=top.text()))
    if top.suit != trick[0].suit:
        why = Said("the trick is trumped with {top}: any {suit} follows",
                   top=top.text(), suit=suit)
    elif rules.must_head:
        why = Said("nothing in the hand beats {top}: any {suit} follows",
                   top=top.text(), suit=suit)
    else:
        why = Said("any {suit} follows (must_head is off)", suit=suit)
    return Demand(held, rule, FOLLOW,
                  Said("must follow {suit} with {cards}", suit=suit, cards=either(held)),
                  Said("follows {suit}; {why}", suit=suit, why=why))


def _void(hand: Sequence[Card], trick: Sequence[Card], rules: CallBreakRules
          ) -> Demand:
    """CB-7: void in the suit led, trump with a spade that beats every spade
    in the trick if the hand holds one (`trump_void = winning`), with any
    spade (`any`), or not at all (`none`); otherwise any card."""
    rule, suit = rules.rule("trump"), SUIT_SYMBOLS[trick[0].suit]
    if rules.trump_void == TrumpVoid.NONE:
        return Demand(tuple(hand), rule, ANY, NOTHING,
                      Said("no {suit} in the hand and trump_void = none: any card",
                           suit=suit))
    in_trick = [c for c in trick if c.suit == SPADES]
    top = max(in_trick, key=power) if in_trick else None
    if rules.trump_void == TrumpVoid.ANY:
        top = None                      # any spade trumps, beating or not
    spades = by_power([c for c in hand if c.suit == SPADES])
    beating = tuple(c for c in spades if top is None or power(c) > power(top))
    if beating and top is not None:
        return Demand(beating, rule, TRUMP,
                      Said("no {suit} in the hand: must trump with a spade that "
                           "beats {top}, {cards}", suit=suit, top=top.text(),
                           cards=either(beating)),
                      Said("no {suit} in the hand: trumps over {top}", suit=suit,
                           top=top.text()))
    if beating:
        return Demand(beating, rule, TRUMP,
                      Said("no {suit} in the hand: must trump with a spade, {cards}",
                           suit=suit, cards=either(beating)),
                      Said("no {suit} in the hand: trumps", suit=suit))
    why = Said("no spade in the hand beats {top}", top=str(top)) if spades \
        else Said("no spade in the hand")
    return Demand(tuple(hand), rule, ANY, NOTHING,
                  Said("no {suit} and {why}: any card", suit=suit, why=why))


def demand(hand: Sequence[Card], trick: Sequence[Card], rules: CallBreakRules
           ) -> Demand:
    """What the next card of `trick` (in the order played) must be, from
    `hand`: CB-5 for a lead, CB-6 when the hand can follow, CB-7 when not."""
    if not trick:
        return Demand(tuple(hand), rules.rule("lead"), LEAD, NOTHING,
                      Said("leads the trick: any card may lead"))
    if any(c.suit == trick[0].suit for c in hand):
        return _follow(hand, trick, rules)
    return _void(hand, trick, rules)


def check_cards(hand: Sequence[Card], trick: Sequence[Card],
                rules: CallBreakRules, seats: int = PLAYERS) -> None:
    """Refuse what cannot be at a Call Break table (exit 2, CB-1): a joker,
    a card twice, more cards in a hand than are dealt (13 at four, 10 at
    five), or a trick already played by every seat."""
    rule = rules.rule("table")
    rules.check_player_count(seats)
    check_copies([hand, trick], 1, 0, rule)
    dealt = rules.tricks(seats)
    if len(hand) > dealt:
        raise Impossible(Said("{count} cards: at {seats} a hand holds at most "
                              "{dealt}", count=len(hand), seats=seats, dealt=dealt),
                         rule)
    if len(trick) >= seats:
        raise Impossible(Said("the trick {cards} is complete: {seats} players play "
                              "one card each", cards=format_cards(trick), seats=seats),
                         rule)


def check_play(card: Card, hand: Sequence[Card], trick: Sequence[Card],
               rules: CallBreakRules, seats: int = PLAYERS) -> Verdict:
    """May `card`, from `hand` (the cards held, `card` among them), be played
    to `trick` (the cards played before it, in order)?"""
    if card not in hand:
        raise Impossible(Said("{card} is not in the hand {cards}: give the cards "
                              "held, the card played among them", card=card.text(),
                              cards=format_cards(hand)), rules.rule("table"))
    check_cards(hand, trick, rules, seats)
    asked = demand(hand, trick, rules)
    after = winning_card((*trick, card))
    details = MappingProxyType({"legal": asked.legal, "winning": after})
    if card in asked.legal:
        return Verdict(True, Said("{card} {reason}", card=card.text(),
                                  reason=asked.reason), asked.rule, asked.kind, details)
    return Verdict(False, asked.demand, asked.rule, asked.kind, details)


def check_deal(hand: Sequence[Card], rules: CallBreakRules,
               seats: int = PLAYERS) -> Verdict:
    """CB-3: may the player dealt `hand` (13 cards, 10 at five) demand a
    redeal? With no spade, when `redeal_no_spade`; with no card above the
    `redeal_weak` threshold (10, J or Q), when it is not off. A hand that
    is both is of the kind "no-spade", its message naming both."""
    rule = rules.rule("redeal")
    check_cards(hand, (), rules, seats)
    dealt = rules.tricks(seats)
    if len(hand) != dealt:
        raise Impossible(Said("{count} cards: a deal at {seats} gives each player "
                              "{dealt}", count=len(hand), seats=seats, dealt=dealt),
                         rules.rule("table"))
    weak = rules.redeal_weak
    spades = [c for c in hand if c.suit == SPADES]
    above = 10 if weak == RedealWeak.OFF else weak.power
    high = [c for c in hand if power(c) > above]
    limit = {"10": "10", "j": "J", "q": "Q"}.get(weak.value, "10")
    details = MappingProxyType({"spades": by_power(spades),
                                "honours": by_power(high)})
    no_spade = not spades and rules.redeal_no_spade
    is_weak = not high and weak != RedealWeak.OFF
    weak_words = Said("no card above {limit} (redeal_weak = {limit})", limit=limit)
    if no_spade:
        said = Said("no spade among the {dealt} cards, and {weak}: a redeal may be "
                    "demanded", dealt=dealt, weak=weak_words) if is_weak else \
            Said("no spade among the {dealt} cards: a redeal may be demanded",
                 dealt=dealt)
        return Verdict(True, said, rule, "no-spade", details)
    if is_weak:
        return Verdict(True, Said("{weak}: a redeal may be demanded", weak=weak_words),
                       rule, "no-honour" if weak == RedealWeak.TEN else "weak", details)
    reasons: list[Said] = []
    if not spades:                       # so redeal_no_spade is false
        reasons.append(Said("holds no spade, but redeal_no_spade = false"))
    elif rules.redeal_no_spade:
        reasons.append(Said("holds {cards}", cards=either(spades, "and")))
    if weak != RedealWeak.OFF:
        reasons.append(Said("{cards} above {limit}", cards=either(high, "and"),
                            limit=limit))
    reason = Said("{first}, and {second}", first=reasons[0], second=reasons[1]) \
        if len(reasons) == 2 else reasons[0] if reasons else \
        Said("no redeal is allowed (redeal_no_spade = false, redeal_weak = off)")
    return Verdict(False, Said("{reason}: the deal stands", reason=reason), rule,
                   None, details)
