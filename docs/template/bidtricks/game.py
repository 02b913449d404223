"""The template's game as the ledger sees it: `GAME`. As small as a game
can be: its title, its hand's stored keys declared once (`fields`, in
the order its table stores them), and the one method every game
implements (its rules are `engine.py`'s `resolve`); the rest (its name,
profiles, hand options, the hand's table, a stored hand read back, JSON,
history, verify's comparison, amend's pre-filled
answers, rename, the exports, the ruling's table) are derived by `Game`
and the screen layer."""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Mapping

from bidtricks.engine import BidHand, BidResult
from bidtricks.rules import BidRules
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said
from scorekeeper.core.plain import PlainMap
from scorekeeper.core.seating import Seating
from scorekeeper.games.fields import Field
from scorekeeper.games.interface import Game


def _numbers(raw: Any, table: Seating, what: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, Mapping) or set(raw) != set(table.seated):
        raise Impossible(Said("a {what} for each seated player", what=what))
    return tuple((p, int(raw[p])) for p in table.seated)


class BidGame(Game[BidRules, BidHand, BidResult]):
    title = Said("Bidtricks")
    fields = (Field("bid", dict, "a table NAME = BID", "bid", required=True,
                    column="bid", caption="Bids", values=int,
                    stored=lambda args, _: dict(args.bid)),
              Field("tricks", dict, "a table NAME = TRICKS", "tricks", required=True,
                    column="took", caption="Tricks taken", values=int,
                    stored=lambda args, _: dict(args.tricks)),
              Field("winner", str, "a name", ruled=attrgetter("winner")))

    def args_from_flags(self, flags: PlainMap, table: Seating,
                        rules: BidRules) -> BidHand:
        def pairs(items: list[str]) -> dict[str, int]:
            return {table.name(k): int(v) for k, _, v in
                    (item.partition("=") for item in items)}
        return BidHand(table.seated, table.dealer,
                       _numbers(pairs(flags.get("bid", [])), table, "bid"),
                       _numbers(pairs(flags.get("tricks", [])), table, "tricks"))


GAME = BidGame()
