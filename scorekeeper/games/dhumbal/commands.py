"""Dhumbal on the command line, declared as data: the options of a hand
(`--call`, `--show`, `--hand`: `HAND_FLAGS`, from `flags`) and `check
call|discard|draw`.

Each check reads its card text, asks `turns` for the ruling and returns a
`Verdict`; the shell builds the command, the JSON and the human verdict.
"""

from __future__ import annotations

from types import MappingProxyType

from scorekeeper.core import cards as cardtext
from scorekeeper.core.language import N_
from scorekeeper.core.plain import PlainMap
from scorekeeper.core.verdict import Verdict, rule_on
from scorekeeper.games.declare import CheckSpec, Flag
from scorekeeper.games.dhumbal import turns
from scorekeeper.games.dhumbal.flags import HAND_FLAGS as HAND_FLAGS
from scorekeeper.games.dhumbal.rules import PROFILES as PROFILES
from scorekeeper.games.dhumbal.rules import DhumbalRules

COMMON = frozenset({"game", "profile", "settings"})


def _call(rules: DhumbalRules, values: PlainMap) -> Verdict:
    hand = cardtext.cards(values["cards"])
    players = values.get("players")
    if players is not None:
        rules.check_player_count(players)
    ruling = rule_on(lambda: turns.call_ruling(hand, rules, players))
    return ruling._replace(details=MappingProxyType({
        **ruling.details, "value": turns.hand_value(hand, rules),
        "limit": rules.limit_for(players)}))


def _discard(rules: DhumbalRules, values: PlainMap) -> Verdict:
    hand = cardtext.cards(values["cards"])
    taken = values.get("taken")
    taken_card = cardtext.card(taken) if taken is not None else None
    return rule_on(lambda: turns.check_discard(hand, rules, taken_card))


def _draw(rules: DhumbalRules, values: PlainMap) -> Verdict:
    taken = cardtext.card(values["card"])
    group = cardtext.cards(values["discarded"])
    return rule_on(lambda: turns.check_draw(taken, group, rules))


CHECKS = (
    CheckSpec(
        "call", N_("May these cards call Dhumbal?"),
        (Flag("cards", argument=True, required=True, metavar="CARDS",
              help=N_('The hand, e.g. "A♠ 2♦"')),
         Flag("players", ("--players",), int, None,
              N_("How many play (for a call limit by player count)."), "N")),
        _call, N_("yes"), N_("no"), COMMON),
    CheckSpec(
        "discard", N_("Is this Dhumbal discard legal?"),
        (Flag("cards", argument=True, required=True, metavar="CARDS",
              help=N_("The cards discarded together.")),
         Flag("taken", ("--taken",), str, None,
              N_("The card just taken from the pile."), "CARD")),
        _discard, N_("legal"), N_("not legal"), COMMON),
    CheckSpec(
        "draw", N_("May this card be taken from the previous player's discard?"),
        (Flag("card", argument=True, required=True, metavar="CARD",
              help=N_("The card taken from the pile.")),
         Flag("discarded", ("--discarded",), str, None,
              N_("The previous player's discard, in order."), "CARDS",
              required=True)),
        _draw, N_("may take"), N_("may not take"), COMMON),
)
