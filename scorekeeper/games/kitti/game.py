"""Kitti as the ledger sees it: `GAME`. Its deal declared once (`fields`):
each player's three hands as shown (`cards`), or a `winner` typed alone
(unverified, KI-16); the deals nobody won whose stakes it pays
(`carried`, KI-14); its rules are `engine.py`'s `resolve`."""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Mapping

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, Said
from scorekeeper.core.plain import PlainMap
from scorekeeper.core.seating import Seating, check_seated, parse_hand_values
from scorekeeper.games.fields import UNVERIFIED, Field
from scorekeeper.games.interface import Game
from scorekeeper.games.kitti.arrange import parse, stored
from scorekeeper.games.kitti.engine import KittiHand, KittiResult
from scorekeeper.games.kitti.rules import KittiRules


def _hand(table: Seating, raw: Any, winner: Any, carried: Any,
          rules: KittiRules) -> KittiHand:
    if not isinstance(raw, Mapping) or not all(isinstance(v, str) for v in raw.values()):
        raise Impossible(Said("`cards` must be a table NAME = \"CARDS\""))
    check_seated(table.seated, list(raw), rules.rule("table"), "a hand is given, but ")
    if winner is not None:
        winner = table.name(str(winner))
        table.check_seated([winner], rules.rule("table"), "the winner ")
    shown = tuple((p, parse(raw[p])) for p in table.seated if p in raw)
    return KittiHand(table.seated, table.dealer, shown, winner,
                     tuple(int(n) for n in carried or ()))


class KittiGame(Game[KittiRules, KittiHand, KittiResult]):
    title = Said("Kitti")         # said "किट्टी" where a screen says it
    fields = (Field("cards", dict, N_("a table NAME = CARDS"), "hand", group="shown",
                    column="shown", caption=N_("Hands shown"),
                    stored=lambda args, _: {p: stored(h) for p, h in args.shown} or None),
              Field("carried", list, N_("a list of deal numbers"), carried="carry",
                    stored=lambda args, _: [str(n) for n in args.carried] or None),
              Field("rounds", list, N_("a list of names"),
                    ruled=lambda r: [p or "" for p in r.rounds] or None),
              Field("redeal", bool, N_("true or false"), ruled=lambda r: r.redeal or None),
              Field("winner", str, N_("a name"), "winner", group="shown",
                    ruled=attrgetter("winner")),
              UNVERIFIED)

    def args_from_flags(self, flags: PlainMap, table: Seating,
                        rules: KittiRules) -> KittiHand:
        raw = parse_hand_values(flags.get("hand", []), table.players)
        return _hand(table, raw, flags.get("winner"), flags.get("carried"), rules)

    def story(self, facts: PlainMap) -> Said:
        if facts.get("winner"):
            said = Said("won by {name}", name=str(facts["winner"]))
            return Said("{story}; unverified", story=said) \
                if facts.get("unverified") else said
        return Said("kitti: nobody won, dealt again")


GAME = KittiGame()
