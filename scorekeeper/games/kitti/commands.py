"""Kitti on the command line, declared as data: the options of a deal
(`--hand`, `--winner`: `HAND_FLAGS`, from `flags`) and `check kitti`: is
this arrangement of 9 cards allowed, and what each hand is (KI-6, KI-7)."""

from __future__ import annotations

from scorekeeper.core.cards import format_cards
from scorekeeper.core.language import N_, Said
from scorekeeper.core.plain import PlainMap
from scorekeeper.core.threecard import KIND_NAMES, strength
from scorekeeper.core.verdict import Verdict
from scorekeeper.games.declare import CheckSpec, Flag
from scorekeeper.games.kitti.arrange import check_arrangement, parse
from scorekeeper.games.kitti.flags import HAND_FLAGS as HAND_FLAGS
from scorekeeper.games.kitti.rules import PROFILES as PROFILES
from scorekeeper.games.kitti.rules import KittiRules


def _kitti(rules: KittiRules, values: PlainMap) -> Verdict:
    hands = parse(values["cards"])
    check_arrangement(hands, rules)
    kinds = [strength(h, rules) for h in hands]
    return Verdict(True, Said("three hands of 3, shown strongest first"),
                   rules.rule("order"), None,
                   {"kinds": [s.kind_name for s in kinds],
                    "hands": [format_cards(h) for h in hands]})


def _lines(ruling: Verdict) -> list[Said]:
    return [Said("  {number}: {cards} — {kind}", number=i + 1, cards=cards,
                 kind=Said(KIND_NAMES[kind]))
            for i, (cards, kind) in enumerate(zip(ruling.details["hands"],
                                                  ruling.details["kinds"]))]


CHECKS = (
    CheckSpec(
        "kitti", N_("Are these 9 cards, as three hands, shown in an allowed "
                    "order (KI-6, KI-7)? What each hand is."),
        (Flag("cards", argument=True, required=True, metavar="CARDS",
              help=N_('The three hands in the order shown, e.g. '
                      '"s7h7d7/hAKQ/d9c3d2".')),),
        _kitti, N_("allowed"), N_("not allowed"),
        frozenset({"game", "profile", "settings"}), _lines),
)
