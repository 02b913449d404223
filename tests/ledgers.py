"""Ledgers made for the tests of `stats`, `settle-up` and `chart`: each hand
ruled by the session model exactly as `record` rules it (seating, dealer,
elimination), the text written as `new` and `record` write it, no CLI."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Sequence

from helpers import append, header_text
from scorekeeper.core.cards import Card, format_cards
from scorekeeper.games import registry
from scorekeeper.ledger import document

EVENING = ("Asha", "Bikash", "Chandra", "Dipesh")
MELDS = "3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ 7♠ 7♦ 7♣ K♦ K♦ K♦"
DUBLEES = "2♠ 2♠ 3♦ 3♦ 7♣ 7♣ 9♥ 9♥ J♠ J♠ Q♦ Q♦ K♣ K♣ A♥ A♥ 8♠ 10♦ 4♣ 6♠ 2♥"


def ledger_text(game: str, players: Sequence[str], hands: Sequence[dict[str, Any]],
                profile: str | None = None, settings: Sequence[str] = ()) -> str:
    """A ledger holding `hands` (each the flags `record` would be given)."""
    chosen = registry.game(game)
    prof = chosen.profile(profile)
    rules = prof.parse_settings(list(settings))
    text = header_text(game, prof, rules, players, players[0])
    for flags in hands:
        ruled = document.parse(text, "made").rule_next(flags)
        text = append(text, ruled.stored)
    return text


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def dhumbal_hand(rng: random.Random, players: Sequence[str], limit: int = 5
                 ) -> dict[str, Any]:
    """A random legal hand: 1–5 cards each, the first who may call calls
    (values as DH-2; under cardrulesplus any value may call)."""
    deck = [Card(rank, suit) for rank in range(1, 14) for suit in range(4)]
    while True:
        rng.shuffle(deck)
        dealt = {p: deck[i * 5:i * 5 + rng.randint(1, 5)]
                 for i, p in enumerate(players)}
        value = {p: sum(min(c.rank, 10) for c in cs) for p, cs in dealt.items()}
        caller = next((p for p in players if value[p] <= limit), None)
        if caller is not None:
            return {"call": caller,
                    "hand": [f"{p}={format_cards(cs)}" for p, cs in dealt.items()]}


def dhumbal_evening(seed: int, hands: int, players: Sequence[str] = EVENING) -> str:
    rng = random.Random(seed)
    return ledger_text("dhumbal", players,
                       [dhumbal_hand(rng, players) for _ in range(hands)],
                       settings=[f"hands={hands}"])


def marriage_hand(finisher: str, players: Sequence[str], by: str = "melds",
                  seen: Sequence[str] = (), maal: int = 3) -> dict[str, Any]:
    """The rule book's finishing hands (tiplu J♣ by melds, 5♥ by dublees),
    every other player an agreed maal."""
    cards = MELDS if by == "melds" else DUBLEES
    others = [f"{p}={maal}" for p in players if p != finisher]
    return {"finish": finisher, "by": by, "tiplu": "J♣" if by == "melds" else "5♥",
            "seen": list(seen), "hand": [f"{finisher}={cards}", *others]}
