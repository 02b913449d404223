"""Interactive entry of a Dhumbal hand: the caller (or a show), then every
seated player's cards. Returns the flags the answers amount to."""

from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.game import Asker
from scorekeeper.games.dhumbal.rules import DhumbalRules
from scorekeeper.hands import Table, parse_shown_value

SHOW_WORD = "show"


def ask_hand(ask: Asker, table: Table, rules: DhumbalRules,
             previous: Mapping[str, Any]) -> dict[str, Any]:
    def caller_ok(text: str) -> None:
        if text.strip().lower() != SHOW_WORD:
            table.name(text)

    question = (f"Who called? (a name, or '{SHOW_WORD}' for the "
                f"{rules.turn_cap}-turn show)" if rules.turn_cap else "Who called?")
    default = SHOW_WORD if previous.get("show") else previous.get("call")
    who = ask.ask(question, caller_ok, default=default)
    flags: dict[str, Any] = {}
    if who.strip().lower() == SHOW_WORD:
        flags["show"] = True
    else:
        flags["call"] = table.name(who)
    earlier = dict(h.split("=", 1) for h in previous.get("hand", []))
    flags["hand"] = [
        f"{p}=" + ask.ask(f"{p}'s cards (e.g. 'A♠ 2♦', '-' for none, or a total)",
                          parse_shown_value, default=earlier.get(p))
        for p in table.seated]
    return flags
