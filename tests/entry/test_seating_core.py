"""What the interactive entry reads from the table (core/seating.py): the
example a question shows (the shortest prefix that names a player), the
keyword no player's name hides, and the cards typed so far, a card more
often than the shoe holds it refused as it is typed, naming who holds it
(MA-1, DH-1)."""

from __future__ import annotations

import pytest

from scorekeeper.core.cards import cards
from scorekeeper.core.errors import Impossible
from scorekeeper.core.seating import Holdings, Seating, shortest_prefix


@pytest.mark.parametrize("player, players, example", [
    ("Bikash", ("Asha", "Bikash", "Chandra"), "b"),
    ("Asha", ("Asha", "Ashok"), "asha"),          # "ash" is both; the whole name is hers
    ("Ashok", ("Asha", "Ashok"), "asho"),
    ("Ram", ("Ram", "Ramesh"), "ram"), ("Ramesh", ("Ram", "Ramesh"), "rame"),
])
def test_names_a_question_shows_the_shortest_prefix_that_names_the_player(
        player, players, example):
    assert shortest_prefix(player, players) == example


def test_names_a_keyword_is_the_first_word_that_is_nobodys_name():
    table = Seating.of(("Show", "Asha"), "Asha")
    assert table.keyword("show", "shown") == "shown"         # any case
    assert table.keyword("asha", "SHOW") == "SHOW"           # all taken: the last
    assert Seating.of(("A", "B"), "A").keyword("show", "s") == "show"


def _refused(holdings: Holdings, player: str, text: str) -> tuple[str | None, str]:
    with pytest.raises(Impossible) as err:
        holdings.check(player, cards(text))
    return err.value.rule, err.value.message


def test_ma1_a_card_typed_more_often_than_three_decks_hold_names_its_holders():
    held = Holdings(3, 2, "MA-1")
    held.keep("A", cards("5♠ 5♠"))
    held.keep("B", cards("5♠ JK"))
    held.keep("C", cards("JK"))
    assert _refused(held, "D", "5♠") == (
        "MA-1", "5♠ is already with A and B: the deck holds it 3 times")
    assert _refused(held, "D", "JK") == (
        "MA-1", "JK is already with B and C: the deck holds it 2 times")
    held.check("A", cards("5♠ 5♠"))          # A typing their own hand again
    held.check("B", cards("JK"))
    held.keep("C", cards("5♠"))              # C's hand typed again: no joker now
    assert _refused(held, "D", "5♠") == (
        "MA-1", "5♠ is already with A and B and C: the deck holds it 3 times")
    held.check("D", cards("JK"))


def test_dh1_one_deck_holds_a_card_once_and_no_joker():
    held = Holdings(1, 0, "DH-1", also={"the tiplu": cards("7♥")})
    assert _refused(held, "A", "7♥") == (
        "DH-1", "7♥ is already with the tiplu: the deck holds it once")
    assert _refused(held, "A", "JK") == ("DH-1", "JK is already with A: the deck has no jokers")
    assert _refused(held, "A", "5♠ 5♠") == (
        "DH-1", "5♠ is already with A: the deck holds it once")
    held.keep("A", cards("5♠"))
    assert _refused(held, "B", "5♠") == ("DH-1", "5♠ is already with A: the deck holds it once")


def test_ma1_two_decks_hold_a_card_twice():
    held = Holdings(2, 1, "MA-1")
    held.keep("A", cards("5♠"))
    held.check("B", cards("5♠"))
    assert _refused(held, "B", "5♠ 5♠") == (
        "MA-1", "5♠ is already with A: the deck holds it 2 times")
