"""Dhumbal as the ledger and the shell see it: `GAME`.

How one hand is entered (`--call NAME` or `--show`, `--hand NAME=CARDS`),
stored in a `[[hands]]` table, replayed by `verify`, shown and asked for.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Mapping

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, Said
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.seating import Seating, parse_hand_values, shown_hands
from scorekeeper.games.dhumbal.engine import DhumbalHand, DhumbalResult
from scorekeeper.games.dhumbal.rules import DhumbalRules
from scorekeeper.games.fields import CARDS_SHOWN, UNVERIFIED, Field
from scorekeeper.games.interface import Game
from scorekeeper.games.tally import Tally


class DhumbalGame(Game[DhumbalRules, DhumbalHand, DhumbalResult]):
    # name, profiles, hand flags and the keys naming players (`call`,
    # `reset`) are the defaults: the folder's name, `rules`, `flags`
    title = Said("Dhumbal")         # said "ढुम्बल" where a screen says it
    fields = (Field("call", str, N_("a name"), "call", group="turn",
                    stored=lambda args, _: args.caller),
              Field("show", bool, N_("true or false"), "show", group="turn",
                    stored=lambda args, _: args.caller is None or None),
              Field("cards", dict, N_("a table NAME = CARDS"), "hand", required=True,
                    column="shown", caption=CARDS_SHOWN,
                    stored=lambda args, _: {p: s.stored() for p, s in args.shown}),
              UNVERIFIED,
              Field("winner", str, N_("a name"), ruled=attrgetter("winner")),
              Field("caught", bool, N_("true or false"), ruled=attrgetter("caught")),
              Field("reset", list, N_("a list of names"),
                    stored=lambda _, result: list(result.reset) or None))
    tallies = (Tally("calls", N_("calls")),
               Tally("caught", N_("caught calls"), "rate", "calls"),
               Tally("shows", N_("shows")))

    def args(self, table: Seating, caller: str | None,
              raw: Mapping[str, str | int], rules: DhumbalRules) -> DhumbalHand:
        shown = shown_hands(table.seated, raw, rules.rule_or("eliminate", "table"))
        totals = () if table.totals is None else \
            tuple((p, table.totals.get(p, 0)) for p in table.seated)
        return DhumbalHand(table.seated, table.dealer, caller, shown, totals)

    def args_from_flags(self, flags: PlainMap, table: Seating,
                        rules: DhumbalRules) -> DhumbalHand:
        call, show = flags.get("call"), flags.get("show", False)
        if bool(call) == bool(show):
            raise Impossible(Said("give exactly one of --call NAME or --show"),
                             rules.rule("resolve"))
        caller = table.name(call) if call else None
        if caller is not None:
            table.check_seated([caller], rules.rule_or("eliminate", "table"),
                               "the caller ")
        raw = parse_hand_values(flags.get("hand", []), table.players)
        return self.args(table, caller, raw, rules)

    def history_facts(self, data: PlainMap) -> PlainDict:
        facts: PlainDict = {"winner": data.get("winner")}
        if data.get("show") is True:
            facts["show"] = True
        else:
            facts["call"] = data.get("call")
        facts["caught"] = data.get("caught") is True
        facts["unverified"] = list(data.get("unverified", []))
        if data.get("reset"):
            facts["reset"] = list(data["reset"])
        return facts

    def story(self, facts: PlainMap) -> Said:
        # a Said: English where it is stored or exported, the reader's
        # language on a screen (`say`)
        if facts.get("show"):
            said = Said("show")
        elif facts.get("caught"):
            said = Said("{name} called, caught", name=str(facts.get("call")))
        else:
            said = Said("{name} called", name=str(facts.get("call")))
        if facts.get("unverified"):
            said = Said("{story}; agreed: {names}", story=said,
                        names=", ".join(facts["unverified"]))
        if facts.get("reset"):
            said = Said("{story}; reset: {names}", story=said,
                        names=", ".join(facts["reset"]))
        return said

    def tally(self, facts: PlainMap, player: str) -> dict[str, int]:
        called = facts.get("call") == player
        return {"calls": int(called),
                "caught": int(called and facts.get("caught") is True),
                "shows": int(facts.get("show") is True)}


GAME = DhumbalGame()
