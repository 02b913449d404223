"""Adapters between the ledger / command line and each game's engine.

An adapter knows how one game's hand is entered, stored in a `[[hands]]`
table and replayed; the ledger and the CLI talk to every game the same way.
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Protocol, Sequence

from scorekeeper import cards as cardtext
from scorekeeper.errors import Impossible


class GameAdapter(Protocol):
    """What the ledger and the CLI ask of each game (DhumbalGame, MarriageGame)."""

    required_keys: tuple[str, ...]
    key_types: Mapping[str, tuple[type, str]]

    def from_options(self, opts: Any, seated: tuple[str, ...], dealer: str,
                     rules: Any, players: Sequence[str] | None = None) -> Any: ...

    def from_stored(self, data: Mapping[str, Any], seated: tuple[str, ...],
                    dealer: str, rules: Any) -> Any: ...

    def resolve(self, inputs: Any, rules: Any) -> Any: ...

    def to_stored(self, number: int, inputs: Any, result: Any) -> dict: ...

    def compare(self, data: Mapping[str, Any], result: Any,
                score_key: str) -> list[str]: ...


def parse_shown_value(text: str | int, rules: Any) -> Any:
    """`--hand NAME=VALUE`: a card list, or a whole number (an agreed total)."""
    from scorekeeper.dhumbal import Shown

    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise Impossible(f"a hand is a card list or a whole number, not {text!r}")
    if isinstance(text, int):
        return Shown(total=text)
    stripped = text.strip()
    if stripped.lstrip("-").isdigit() and stripped != "-":
        return Shown(total=int(stripped))
    return Shown(cards=cardtext.cards(stripped))


def parse_hand_options(values: Sequence[str], players: Sequence[str]
                       ) -> dict[str, str]:
    """`--hand NAME=VALUE` options into {player: raw text}, names resolved."""
    from scorekeeper.ledger import resolve_name

    out: dict[str, str] = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep:
            raise Impossible(f"--hand expects NAME=CARDS, got {item!r}")
        player = resolve_name(name, players)
        if player in out:
            raise Impossible(f"two hands given for {player}")
        out[player] = value
    return out


def compare_scalar(data: Mapping[str, Any], key: str, value: Any,
                    out: list[str]) -> None:
    stored = data.get(key)
    if stored != value:
        out.append(f"stored {key} {json.dumps(stored, ensure_ascii=False)} but "
                   f"the rules give {json.dumps(value, ensure_ascii=False)}")


def compare_scores(data: Mapping[str, Any], key: str,
                    computed: Mapping[str, int], out: list[str]) -> None:
    stored = dict(data.get(key, {}))
    if stored != dict(computed):
        diffs = [f"{p} {stored.get(p)} → {v}" for p, v in computed.items()
                 if stored.get(p) != v]
        out.append(f"stored {key} disagrees with the rules: " + ", ".join(diffs))


class DhumbalGame:
    required_keys = ("cards",)
    key_types: Mapping[str, tuple[type, str]] = {
        "call": (str, "a name"), "show": (bool, "true or false"),
        "caught": (bool, "true or false"), "cards": (dict, "a table NAME = CARDS"),
    }

    def inputs(self, seated: Sequence[str], dealer: str, caller: str | None,
               raw_hands: Mapping[str, str | int], rules: Any) -> Any:
        from scorekeeper.dhumbal import DhumbalHand

        shown = tuple((p, parse_shown_value(raw_hands[p], rules))
                      for p in seated if p in raw_hands)
        extra = [p for p in raw_hands if p not in seated]
        if extra:
            why = (" (eliminated players do not play)" if rules.eliminate_at
                   is not None else "")
            raise Impossible(", ".join(extra) + " is not seated in this hand" + why,
                             rules.rule_ids.get("eliminate", rules.rule("table")))
        return DhumbalHand(tuple(seated), dealer, caller, shown)

    def from_options(self, opts: Any, seated: tuple[str, ...], dealer: str,
                     rules: Any, players: Sequence[str] | None = None) -> Any:
        from scorekeeper.ledger import resolve_name

        foreign = [flag for flag, value in (
            ("--finish", opts.finish), ("--by", opts.by),
            ("--no-finisher", opts.no_finisher), ("--tiplu", opts.tiplu),
            ("--seen", opts.seen), ("--tunnela", opts.tunnela),
            ("--invalid-show", opts.invalid_show)) if value]
        if foreign:
            raise Impossible(", ".join(foreign) + ": Marriage options; a Dhumbal "
                             "hand takes --call NAME or --show, and --hand "
                             "NAME=CARDS for every player")
        if bool(opts.call) == bool(opts.show):
            raise Impossible("give exactly one of --call NAME or --show",
                             rules.rule("resolve"))
        everyone = players or seated
        caller = resolve_name(opts.call, everyone) if opts.call else None
        if caller is not None and caller not in seated:
            raise Impossible(f"{caller} is eliminated and does not play",
                             rules.rule("eliminate") if "eliminate" in
                             rules.rule_ids else rules.rule("table"))
        raw = parse_hand_options(opts.hands, everyone)
        return self.inputs(seated, dealer, caller, raw, rules)

    def from_stored(self, data, seated, dealer, rules):
        raw = data.get("cards")
        if not isinstance(raw, dict):
            raise Impossible("`cards` must be a table NAME = \"CARDS\" or total")
        if data.get("show") is True and "call" in data:
            raise Impossible("a hand has `call = NAME` or `show = true`, not both")
        if data.get("show") is True:
            caller = None
        elif isinstance(data.get("call"), str):
            caller = data["call"]
        else:
            raise Impossible("a hand needs `call = NAME` or `show = true`")
        return self.inputs(seated, dealer, caller, raw, rules)

    def resolve(self, inputs, rules):
        from scorekeeper.dhumbal import resolve

        return resolve(inputs, rules)

    def to_stored(self, number, inputs, result) -> dict:
        data: dict[str, Any] = {"hand": number, "dealer": inputs.dealer}
        if inputs.caller is None:
            data["show"] = True
        else:
            data["call"] = inputs.caller
        data["cards"] = {p: (s.total if s.cards is None else s.text())
                         for p, s in inputs.shown}
        if result.unverified:
            data["unverified"] = list(result.unverified)
        data["winner"] = result.winner
        if result.caught is not None:
            data["caught"] = result.caught
        data["net" if result.zero_sum else "points"] = dict(result.scores)
        data["rules"] = list(result.rules)
        return data

    def compare(self, data, result, score_key) -> list[str]:
        out: list[str] = []
        compare_scalar(data, "winner", result.winner, out)
        if result.caught is not None or "caught" in data:
            compare_scalar(data, "caught", result.caught, out)
        compare_scores(data, score_key, dict(result.scores), out)
        return out


def adapter_for(game: str) -> Any:
    if game == "dhumbal":
        return DhumbalGame()
    if game == "marriage":
        from scorekeeper.marriage_game import MarriageGame

        return MarriageGame()
    raise Impossible(f"unknown game {game!r}")
