"""Call Break as the ledger and the shell see it: `GAME`.

How one deal is entered (`--bid NAME=N` and `--won NAME=N` for every
player), stored in a `[[hands]]` table (`calls`, `tricks`, the `points` in
tenths; the calls alone while the deal is played, CB-18), replayed by
`verify`, shown, asked for and counted by `stats`.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Mapping, Sequence

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, Said
from scorekeeper.core.numbers import listed
from scorekeeper.core.options import is_whole_number
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.seating import Seating, resolve_name
from scorekeeper.games.callbreak.engine import (
    CallBreakHand,
    CallBreakResult,
    validate_calls,
)
from scorekeeper.games.callbreak.rules import CallBreakRules
from scorekeeper.games.fields import Field
from scorekeeper.games.interface import Game
from scorekeeper.games.tally import Tally


def counts(items: Sequence[str], table: Seating, flag: str, rule: str) -> tuple[tuple[str, int], ...]:
    """`--bid NAME=N` / `--won NAME=N` typed (several in one, commas
    between: `--bid a=3,b=4`): (player, N), names resolved; a count that is
    no whole number, or given twice, is refused (exit 2)."""
    out: dict[str, int] = {}
    for item in (piece for typed in items for piece in typed.split(",")):
        name, sep, raw = item.partition("=")
        calls = flag == "--bid"
        if not sep or not is_whole_number(raw.strip()) or len(raw.strip()) > 3:
            raise Impossible(Said("--bid expects NAME=N, call as a whole number, "
                                  "got {item!r}", item=item) if calls else
                             Said("--won expects NAME=N, tricks count as a whole "
                                  "number, got {item!r}", item=item), rule)
        player = table.name(name)
        if player in out:
            raise Impossible(Said("two calls given for {name}", name=player) if calls
                             else Said("two tricks counts given for {name}",
                                       name=player), rule)
        out[player] = int(raw)
    return tuple(out.items())


def calls_first(flags: PlainMap, table: Seating, rules: CallBreakRules
                ) -> dict[str, int]:
    """CB-18: the calls alone (`--bid`), checked as a deal's are (CB-1,
    CB-4), in the order of play: the deal waits for its tricks."""
    calls = dict(counts(flags.get("bid", []), table, "--bid", rules.rule("call")))
    rules.check_table(table.seated, table.players)
    validate_calls(CallBreakHand(table.seated, table.dealer, tuple(calls.items()), ()),
                   rules)
    return {p: calls[p] for p in table.seated}


class CallBreakGame(Game[CallBreakRules, CallBreakHand, CallBreakResult]):
    """The name, profiles, hand flags, names to rename and the comparison
    of `verify` are the defaults (`Game`); a deal is stored as `calls` and
    `tricks`, given by `--bid` and `--won`."""

    title = Said("Call Break")      # said "कल ब्रेक" where a screen says it
    fields = (Field("calls", dict, "a table NAME = CALL", "bid", required=True,
                    column="called", caption=N_("Calls"), before_play=calls_first,
                    values=int, stored=lambda _, result: dict(result.calls)),
              Field("tricks", dict, "a table NAME = TRICKS", "won", required=True,
                    column="took", caption=N_("Tricks taken"), values=int,
                    stored=lambda _, result: dict(result.tricks)),
              Field("winner", str, "a name", ruled=attrgetter("winner")))
    tallies = (Tally("made", N_("calls made"), "rate", "hands"),
               Tally("missed", N_("calls missed"), "rate", "hands"),
               Tally("called", N_("average call"), "mean", "deals"),
               Tally("took", N_("average tricks"), "mean", "deals"))

    def args(self, table: Seating, calls: tuple[tuple[str, int], ...],
             tricks: tuple[tuple[str, int], ...], rules: CallBreakRules
             ) -> CallBreakHand:
        rules.check_table(table.seated, table.players)
        return CallBreakHand(table.seated, table.dealer, calls, tricks)

    def args_from_flags(self, flags: PlainMap, table: Seating,
                        rules: CallBreakRules) -> CallBreakHand:
        calls = counts(flags.get("bid", []), table, "--bid", rules.rule("call"))
        tricks = counts(flags.get("won", []), table, "--won", rules.rule("tricks"))
        return self.args(table, calls, tricks, rules)

    def amended_flags(self, stored: PlainMap, typed: PlainMap,
                      players: Sequence[str]) -> PlainDict:
        """`amend N --won Chandra=3 --won Dipak=4` (or `--won
        Chandra=3,Dipak=4`, as `record` takes it): only the players typed
        change; every other stored call and count stays. A player typed
        twice stays twice, for `counts` to refuse as `record` does."""
        merged = self.flags_from_stored(stored)
        for key in ("bid", "won"):
            counted = {resolve_name(item.partition("=")[0], players): [item]
                       for item in merged.get(key, [])}
            typed_for: set[str] = set()
            for item in (piece for text in typed.get(key, []) for piece in text.split(",")):
                name, sep, _ = item.partition("=")
                if not sep:
                    raise Impossible(Said("{flag} expects NAME=N, got {item!r}",
                                          flag="--" + key, item=item))
                player = resolve_name(name, players)
                counted[player] = [*counted[player], item] if player in typed_for else [item]
                typed_for.add(player)
            merged[key] = [item for items in counted.values() for item in items]
        return merged

    def history_facts(self, data: PlainMap) -> PlainDict:
        calls = dict(data.get("calls", {}))
        tricks = dict(data.get("tricks", {}))
        points = dict(data.get("points", {}))
        # a missed call scores below 0; so does one taken twice over (CB-11)
        return {"winner": data.get("winner"), "calls": calls, "tricks": tricks,
                "missed": [p for p in calls if tricks.get(p, 0) < calls[p]
                           or points.get(p, 0) < 0],
                "unverified": []}

    def story(self, facts: PlainMap) -> Said:
        calls, tricks = facts.get("calls", {}), facts.get("tricks", {})
        names = facts.get("missed", [])
        missed = listed([Said("{name} ({call}, took {took})", name=p, call=calls[p],
                              took=tricks.get(p)) for p in names])
        return Said("missed: {players}", players=missed) if names else \
            Said("every call made")

    def paid(self, rules: CallBreakRules, players: Sequence[str],
             totals: Mapping[str, int], hands: Sequence[PlainMap]
             ) -> tuple[dict[str, int], tuple[Said, ...]] | None:
        """CB-14, CB-15: paid by place or by an instant win (`payout`)."""
        from scorekeeper.games.callbreak.payout import payout  # noqa: PLC0415 - settle only

        found = payout(rules, players, totals, hands)
        return None if found is None else (found.balances, found.lines)

    def tally(self, facts: PlainMap, player: str) -> dict[str, int]:
        call = facts.get("calls", {}).get(player)
        took = facts.get("tricks", {}).get(player)
        if not isinstance(call, int) or not isinstance(took, int):
            return {}
        missed = player in facts.get("missed", ())
        return {"made": int(not missed), "missed": int(missed),
                "called": call, "took": took, "deals": 1}


GAME = CallBreakGame()
