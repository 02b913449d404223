"""The questions of one hand of the template's game (`record` and `amend`
without the hand's options): each seated player's bid, then their tricks,
answered into the hand's flags. Asked through `games.interface.Asker`
(the screen layer's), so the folder imports nothing of the screen."""

from __future__ import annotations

from bidtricks.rules import BidRules
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.seating import Seating
from scorekeeper.core.typed import to_latin
from scorekeeper.games.interface import Asker


def _count(text: str) -> int:
    typed = to_latin(text.strip())
    if not typed.isdigit():
        raise Impossible(Said("a whole number, not {typed!r}", typed=text.strip()))
    return int(typed)


def ask_hand(ask: Asker, table: Seating, rules: BidRules,
             previous: PlainMap) -> PlainDict:
    flags: PlainDict = {}
    for key, question in (("bid", "{name}'s bid"), ("tricks", "{name} took")):
        before = dict(item.split("=", 1) for item in previous.get(key, []))
        flags[key] = [f"{p}={_count(ask.ask(question.format(name=p), _count, before.get(p)))}"
                      for p in table.seated]
    return flags
