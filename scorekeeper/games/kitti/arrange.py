"""One player's 9 cards as shown: three 3-card hands, typed and stored as
`s7h7d7/hAKQ/d9c3d2` (KI-6, KI-7). Light: `check kitti` loads it, and
nothing of the engine."""

from __future__ import annotations

from scorekeeper.core import cards as cardtext
from scorekeeper.core.cards import Card, format_cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.language import Said
from scorekeeper.core.threecard import KIND_NAMES, check_hand, check_one_deck, strength
from scorekeeper.core.typed import to_latin
from scorekeeper.games.kitti.rules import KittiRules

Hands = tuple[tuple[Card, ...], ...]      # one player's three hands, as shown


def parse(text: str) -> Hands:
    """Three hands as typed, `/` between them (a Devanagari digit reads as
    Latin)."""
    return tuple(cardtext.cards(part) for part in to_latin(text).split("/"))


def stored(hands: Hands) -> str:
    return " / ".join(format_cards(h) for h in hands)


def check_arrangement(hands: Hands, rules: KittiRules) -> None:
    """KI-6, KI-1, KI-7: 9 cards of one deck in three hands of 3, each
    hand no stronger than the one shown before it."""
    count = sum(len(h) for h in hands)
    if count != 9 or len(hands) != 3:
        raise Impossible(Said("a player shows 9 cards in three hands of 3, not "
                              "{count} cards in {groups}", count=count,
                              groups=len(hands)), rules.rule("table"))
    for hand in hands:
        check_hand(hand, rules)
    check_one_deck([c for h in hands for c in h], rules)
    keys = [strength(h, rules) for h in hands]
    for i in (1, 2):
        if keys[i].key > keys[i - 1].key:
            raise Refused(Said(
                "hand {later} ({cards}, a {kind}) is stronger than hand {earlier} "
                "({before}, a {other}): the hands are shown strongest first",
                later=i + 1, cards=format_cards(hands[i]),
                kind=Said(KIND_NAMES[keys[i].kind_name]), earlier=i,
                before=format_cards(hands[i - 1]),
                other=Said(KIND_NAMES[keys[i - 1].kind_name])), rules.rule("order"))


