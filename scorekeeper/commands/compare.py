"""`check compare HAND HAND`: which of two 3-card hands wins (RULES.md
KI-1 … KI-5), each hand's kind and the card that decides.

No game owns it yet: the ranking is the core's (`core.threecard`), shared
by the games that show 3-card hands, so the check is declared here as a
`CheckSpec` and `commands/check.py` builds it like every game's check,
with `--set a23=…`, `--set top_235=…`, `--json` and `--ascii`.
"""

from __future__ import annotations

from scorekeeper.core import cards as cardtext
from scorekeeper.core.language import N_, Said
from scorekeeper.core.plain import PlainMap
from scorekeeper.core.threecard import (
    KIND_NAMES,
    ThreeCardRules,
    cited,
    compare,
)
from scorekeeper.core.typed import to_latin
from scorekeeper.core.verdict import Verdict
from scorekeeper.games.declare import CheckSpec, Flag

HEADS = {"first": N_("first wins"), "second": N_("second wins"), "tie": N_("tie")}


def _hand(values: PlainMap, which: str) -> tuple[cardtext.Card, ...]:
    """One hand as typed (a rank in Devanagari digits reads as Latin)."""
    return cardtext.cards(to_latin(values[which]))


def _compare(rules: ThreeCardRules, values: PlainMap) -> Verdict:
    result = compare(_hand(values, "first"), _hand(values, "second"), rules)
    winner, loser = (result.second, result.first) if result.winner == "second" \
        else (result.first, result.second)
    kind = Said(KIND_NAMES[winner.kind_name])
    if result.winner == "tie":
        reason = Said("{first} and {second} tie, both a {kind} of the same "
                      "ranks: suits never break a tie",
                      first=cardtext.format_cards(winner.cards),
                      second=cardtext.format_cards(loser.cards), kind=kind)
    elif result.deciding is None:
        reason = Said("{winner}, a {kind}, beats {loser}, a {other}",
                      winner=cardtext.format_cards(winner.cards), kind=kind,
                      loser=cardtext.format_cards(loser.cards),
                      other=Said(KIND_NAMES[loser.kind_name]))
    else:
        reason = Said("{winner} beats {loser}, both a {kind}: {card} over "
                      "{beaten}", winner=cardtext.format_cards(winner.cards),
                      loser=cardtext.format_cards(loser.cards), kind=kind,
                      card=str(result.deciding), beaten=str(result.beaten))
    return Verdict(True, reason, cited(result, rules), winner.kind_name, {
        "winner": result.winner,
        "kinds": [result.first.kind_name, result.second.kind_name],
        "hands": [result.first.cards, result.second.cards],
        "deciding": result.deciding, "beaten": result.beaten})


def _head(ruling: Verdict) -> str:
    return HEADS[ruling.details["winner"]]


def _lines(ruling: Verdict) -> list[Said]:
    """Each hand, its cards in the order compared, and its kind."""
    return [Said("  {which}: {cards} — {kind}", which=Said(label),
                 cards=cardtext.format_cards(hand), kind=Said(KIND_NAMES[kind]))
            for label, hand, kind in zip((N_("first"), N_("second")),
                                         ruling.details["hands"],
                                         ruling.details["kinds"])]


COMPARE = CheckSpec(
    "compare", N_("Which of two 3-card hands wins (KI-1 … KI-5), each hand's kind "
                  "and the card that decides."),
    (Flag("first", argument=True, required=True, metavar="HAND",
          help=N_('The first hand: three cards, e.g. "s7h7d7".')),
     Flag("second", argument=True, required=True, metavar="HAND",
          help=N_('The second hand: three cards, e.g. "hAKQ".'))),
    _compare, _head, "", frozenset({"settings"}), _lines)
