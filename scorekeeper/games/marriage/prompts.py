"""Interactive entry of a Marriage hand: the finisher (or none), how, the
tiplu, who saw it (by qualifying, or through 7 dublees), every player's
cards, tunnelas exposed at the deal and refused shows. Returns the flags
the answers amount to."""

from __future__ import annotations

from typing import Any, Mapping

from scorekeeper import cards as cardtext
from scorekeeper.errors import Impossible
from scorekeeper.game import Asker
from scorekeeper.games.marriage.rules import FinishKind, MarriageRules
from scorekeeper.hands import Table, parse_shown_value

NONE_WORD = "none"


def _by(text: str) -> None:
    if text.strip().lower() not in tuple(FinishKind):
        raise Impossible("answer one of: " + ", ".join(FinishKind))


def ask_hand(ask: Asker, table: Table, rules: MarriageRules,
             previous: Mapping[str, Any]) -> dict[str, Any]:
    def finisher_ok(text: str) -> None:
        if text.strip().lower() != NONE_WORD:
            table.name(text)

    default = NONE_WORD if previous.get("no_finisher") else previous.get("finish")
    who = ask.ask(f"Who finished? (a name, or '{NONE_WORD}' if the stock ran "
                  "out)", finisher_ok, default=default)
    flags: dict[str, Any] = {}
    if who.strip().lower() == NONE_WORD:
        flags["no_finisher"] = True
    else:
        flags["finish"] = table.name(who)
        flags["by"] = ask.ask("Finished by melds or dublees?", _by,
                              default=previous.get("by") or FinishKind.MELDS
                              ).strip().lower()
    flags["tiplu"] = ask.ask("The tiplu", cardtext.card,
                             default=previous.get("tiplu"))
    flags["seen"] = ask.names("Who else saw the tiplu by qualifying? (names "
                              "separated by commas, or '-')", table.seated,
                              previous.get("seen", []))
    flags["seen_dublees"] = ask.names(
        "Who saw it through 7 dublees instead? (names, commas, or '-')",
        table.seated, previous.get("seen_dublees", []))
    earlier = dict(h.split("=", 1) for h in previous.get("hand", []))
    flags["hand"] = []
    for p in table.seated:
        what = ("the 21 or 22 cards shown" if p == flags.get("finish")
                else "maal cards or an agreed maal number")
        shown = ask.ask(f"{p}: {what}", parse_shown_value,
                        default=earlier.get(p, "-"))
        flags["hand"].append(f"{p}={shown}")
    tunnelas = ask.ask("Tunnelas exposed at the deal (NAME=CARD, commas) or '-'",
                       lambda t: None,
                       default=",".join(previous.get("tunnela", [])) or "-")
    flags["tunnela"] = [t.strip() for t in tunnelas.split(",")
                        if t.strip() not in ("", "-")]
    if rules.invalid_show_penalty:
        flags["invalid_show"] = ask.names("Refused shows this hand (names, "
                                          "commas) or '-'", table.seated,
                                          previous.get("invalid_show", []))
    return flags
