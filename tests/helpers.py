"""Helpers the tests share: a ledger's text built the way `new` and `record`
build it, without going through files."""

from __future__ import annotations

from typing import Any, Sequence

from scorekeeper.games import registry
from scorekeeper.ledger import document, tomltext


def header_text(game: str, profile: Any, rules: Any, players: Sequence[str],
                first_dealer: str) -> str:
    """The text `scorekeeper new` writes."""
    return tomltext.header_text(document.header_document(
        registry.game(game), profile, rules, players, first_dealer))


def append(text: str, stored: dict) -> str:
    """The text `scorekeeper record` writes for one more hand."""
    return text.rstrip("\n") + "\n" + tomltext.hand_text(stored)
