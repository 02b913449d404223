"""The questions of one Kitti deal (`record` and `amend` without the
deal's options): each seated player's three hands in the order shown,
each answer checked as soon as it is typed (KI-6, KI-7). Asked through
`games.interface.Asker` (the screen layer's)."""

from __future__ import annotations

from scorekeeper.core.language import _
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.seating import Seating
from scorekeeper.games.interface import Asker
from scorekeeper.games.kitti.arrange import check_arrangement, parse
from scorekeeper.games.kitti.rules import KittiRules


def ask_hand(ask: Asker, table: Seating, rules: KittiRules,
             previous: PlainMap) -> PlainDict:
    earlier = dict(h.split("=", 1) for h in previous.get("hand", []))
    hands = []
    for p in table.seated:
        answer = ask.ask(_("{name}'s three hands, strongest first "
                           "(e.g. 's7h7d7/hAKQ/d9c3d2')").format(name=p),
                         lambda text: check_arrangement(parse(text), rules),
                         default=earlier.get(p))
        hands.append(f"{p}={answer}")
    return {"hand": hands}
