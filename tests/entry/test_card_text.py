"""Fast card text (issue 16, item 2): besides every form of before, a suit
letter or symbol followed by ranks (`s345`), groups written one after the
other (`s345h666`), and errors that point at the bad character."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import examples

from scorekeeper.core.cards import SUIT_LETTERS, SUIT_SYMBOLS, Card, card, cards
from scorekeeper.core.errors import Impossible

WORKED = "3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ 7♠ 7♦ 7♣ K♦ K♦ K♦"
SHORTEST = "s3457h234666d789tkkkc7tjq"     # CLI.md: the worked example, 25 characters


def test_ma10_worked_example_in_the_issues_suit_grouped_form():
    assert cards("s345 h666 d89t ctjq h234 7s 7d 7c dkkk") == cards(WORKED)


def test_ma10_worked_example_groups_run_together_in_at_most_42_characters():
    assert len(SHORTEST) <= 42
    assert sorted(cards(SHORTEST)) == sorted(cards(WORKED))


@pytest.mark.parametrize("text, meant", [
    ("d8", "8♦"), ("♠A", "A♠"), ("Hq", "Q♥"), ("c10jq", "10♣ J♣ Q♣"),
    ("♦️k", "K♦"), ("s3 | h4,d5", "3♠ 4♥ 5♦"), ("st 10s", "10♠ 10♠"),
])
def test_cards_suit_first_reads_the_ranks_after_it(text, meant):
    assert cards(text) == cards(meant)


def test_cards_suit_first_single_card_is_a_card_too():
    assert card("cj") == Card(11, 3) and card("d8") == card("8d")


@pytest.mark.parametrize("text, bad, where", [
    ("s345 h6x6", "'x'", "character 8 of the card text"),
    ("s1", "'1'", "character 2"),
    ("sd3", "'s'", "character 1"),
    ("h66 s", "'s'", "character 5 of the card text"),
    ("♠", "'♠'", "character 1"),
])
def test_cards_suit_grouped_error_points_at_the_bad_character(text, bad, where):
    with pytest.raises(Impossible) as info:
        cards(text)
    assert info.value.exit_code == 2
    assert f"{bad} ({where})" in info.value.message.english


@settings(max_examples=examples(150), deadline=None)
@given(hand=st.lists(st.tuples(st.integers(1, 13), st.integers(0, 3)),
                     max_size=22),
       symbols=st.booleans(), upper=st.booleans(), joined=st.booleans())
def test_cards_suit_grouped_written_then_read_back_are_the_same(
        hand, symbols, upper, joined):
    names = {1: "a", 10: "t", 11: "j", 12: "q", 13: "k"}
    groups = []
    for suit in range(4):
        ranks = [r for r, s in hand if s == suit]
        if ranks:
            head = (SUIT_SYMBOLS if symbols else SUIT_LETTERS)[suit]
            groups.append(head + "".join(names.get(r, str(r)) for r in ranks))
    text = ("" if joined else " ").join(groups) or "-"
    read = cards(text.upper() if upper else text)
    assert sorted(read) == sorted(Card(r, s) for r, s in hand)
