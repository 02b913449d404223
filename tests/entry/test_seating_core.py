"""What the interactive entry reads from the table (core/seating.py): the
example a question shows (the shortest prefix that names a player), the
keyword no player's name hides, and the cards typed so far, a card more
often than the shoe holds it refused as it is typed, naming who holds it
(MA-1, DH-1)."""

from __future__ import annotations

import pytest

from scorekeeper.core import language
from scorekeeper.core.cards import cards
from scorekeeper.core.errors import Impossible
from scorekeeper.core.seating import (
    Holdings,
    Seating,
    Shown,
    check_names,
    check_new_names,
    check_player_names,
    check_seated,
    parse_hand_values,
    parse_shown_value,
    resolve_name,
    shortest_prefix,
)
from scorekeeper.games.registry import profile

DHUMBAL = profile("dhumbal").rules


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
    everyone = Seating.of(("a", "b", "c"), "a")
    assert everyone.keyword("a", "b", "c") == "c"


def test_names_a_table_where_everyone_plays():
    assert Seating.of(("A", "B"), "B") == Seating(("A", "B"), ("A", "B"), "B", None)


def test_names_repeated_or_comma_separated_and_a_dash_for_nobody():
    table = Seating.of(("Asha", "Bikash", "Ram Bahadur"), "Asha")
    assert table.names(["asha, ram bahadur", "b"]) == ["Asha", "Ram Bahadur", "Bikash"]
    assert table.names(["-", " ", "a,,-"]) == ["Asha"]


def _seated_refusal(table: Seating, *args) -> tuple[str | None, str]:
    with pytest.raises(Impossible) as err:
        table.check_seated(*args)
    return err.value.rule, err.value.message


def test_dh13_someone_named_who_does_not_play_this_hand_is_refused_with_who_does():
    table = Seating(("A", "B", "C", "D"), ("A", "B"), "A")
    table.check_seated(["B", "A"])
    assert _seated_refusal(table, ["C"], "DH-13", "the caller ") == (
        "DH-13", "the caller C does not play this hand (sitting out or eliminated; "
                 "playing: A, B)")
    assert _seated_refusal(table, ["C", "D", "C"]) == (
        None, "C, D do not play this hand (sitting out or eliminated; playing: A, B)")
    assert _seated_refusal(table, ["D"], "DH-1", "a hand is given, but ") == (
        "DH-1", "a hand is given, but D does not play this hand (sitting out or "
                "eliminated; playing: A, B)")
    assert _seated_refusal(table, ["D"], None, "the winner ") == (
        None, "the winner D does not play this hand (sitting out or eliminated; "
              "playing: A, B)")


@pytest.mark.parametrize("name", ["Asha\u3164", "A,B", "A=B", "A|B", "A\u200bB"])
def test_dh1_a_name_a_table_cannot_show_is_refused_with_the_characters_it_may_not_hold(name):
    with pytest.raises(Impossible) as err:
        check_new_names([name], DHUMBAL)
        check_names([name], DHUMBAL)
    assert (err.value.rule, err.value.message) == (
        "DH-1", f"the name {name!r} may not contain '=', ',', '|', control characters, "
                "line breaks or invisible formatting characters")


@pytest.mark.parametrize("typed, shown", [
    ("-5", Shown(total=-5)), (" 12 ", Shown(total=12)), ("123456789", Shown(total=123456789)),
    (7, Shown(total=7)), ("5♠ JK", Shown(cards=cards("5♠ JK"))),
])
def test_a_hand_is_a_card_list_or_an_agreed_whole_number(typed, shown):
    assert parse_shown_value(typed) == shown


@pytest.mark.parametrize("typed, message", [
    ("1234567890", "1234567890… is no hand's total"),
    ("1234567890123", "123456789012… is no hand's total"),
    (True, "a hand is a card list or a whole number, not True"),
])
def test_a_hand_neither_cards_nor_a_total_is_refused(typed, message):
    with pytest.raises(Impossible) as err:
        parse_shown_value(typed)
    assert (err.value.rule, err.value.message) == (None, message)


def test_hand_flags_are_name_then_value_at_the_first_equals_sign():
    assert parse_hand_values(["Asha=5s", "b=JK"], ("Asha", "Bikash")) == {
        "Asha": "5s", "Bikash": "JK"}
    assert parse_hand_values(["Asha=1=2"], ("Asha", "Bikash")) == {"Asha": "1=2"}
    for items, message in ((["Asha"], "--hand expects NAME=CARDS, got 'Asha'"),
                           (["a=1", "A=2"], "two hands given for Asha")):
        with pytest.raises(Impossible) as err:
            parse_hand_values(items, ("Asha", "Bikash"))
        assert (err.value.rule, err.value.message) == (None, message)


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


@pytest.mark.parametrize("typed, players, message", [
    ("", ("Asha", "Anil"), "a player's name is empty; players: Asha, Anil"),
    ("a", ("Asha", "Anil", "Arun", "Bikash"),
     "'a' could be Asha or Anil or Arun: type more of the name"),
    ("Ashaa", ("Asha", "Bikash"), "unknown player 'Ashaa'; did you mean Asha? (players: "
                                  "Asha, Bikash)"),
    ("Zed", ("Asha", "Bikash"), "unknown player 'Zed' (players: Asha, Bikash)"),
])
def test_names_a_name_that_names_nobody_or_several_is_refused_saying_who_plays(
        typed, players, message):
    with pytest.raises(Impossible) as err:
        resolve_name(typed, players)
    assert (err.value.rule, err.value.message) == (None, message)


@pytest.mark.parametrize("name", ["क\u200dष", "👨\u200d👩", "क\u200cष", "क\u200dषa"])
def test_dh1_a_joiner_between_two_letters_that_join_is_kept(name):
    check_new_names([name], DHUMBAL)


@pytest.mark.parametrize("name", ["A\u200dB", "\u200dक", "क\u200d", "क \u200dष",
                                  "क\u200d ष", "कa\u200dष"])
def test_dh1_a_joiner_that_joins_nothing_is_refused(name):
    with pytest.raises(Impossible) as err:
        check_new_names([name], DHUMBAL)
    assert (err.value.rule, err.value.message) == (
        "DH-1", f"the name {name!r} may not contain '=', ',', '|', control characters, "
                "line breaks or invisible formatting characters")


def test_an_agreed_total_reads_as_its_number():
    assert (Shown(total=5).text(), Shown(total=5).stored()) == ("5", 5)


def test_dh13_who_does_not_play_said_whole_in_nepali_too():
    table = Seating(("A", "B", "C"), ("A", "B"), "A")
    language.use("ne")               # English again after the test (tests/conftest.py)
    said = []
    for what in ("a hand is given, but ", "the caller "):
        with pytest.raises(Impossible) as err:
            table.check_seated(["C"], "DH-1", what)
        said.append(language.say(err.value.message))
    assert said == ["पत्ती दिइयो, तर C यो डिल खेल्नुहुन्न (बाहिर बस्नुभएको वा हट्नुभएको; खेल्ने: A, B)",
                    "कल गर्ने C यो डिल खेल्नुहुन्न (बाहिर बस्नुभएको वा हट्नुभएको; खेल्ने: A, B)"]


def test_ma1_who_does_not_play_is_said_alone_when_nothing_comes_before():
    with pytest.raises(Impossible) as err:
        check_seated(("A", "B"), ["C"], "MA-1")
    assert (err.value.rule, err.value.message) == (
        "MA-1", "C does not play this hand (sitting out or eliminated; playing: A, B)")


@pytest.mark.parametrize("names, message", [
    (["Asha", " "], "a player's name is empty"),
    (["A" * 65], "the name 'AAAAAAAAAAAAAAAAAAAA'… is 65 characters long: a player's name "
                 "has at most 64"),
])
def test_dh1_an_empty_or_too_long_name_is_refused(names, message):
    with pytest.raises(Impossible) as err:
        check_names(names, DHUMBAL)
    assert (err.value.rule, err.value.message) == ("DH-1", message)


def test_dh1_a_blank_character_is_refused_in_a_new_name_only():
    name = "Asha\u3164"
    assert check_player_names([name, "Bikash"], DHUMBAL) == (name, "Bikash")   # as stored
    with pytest.raises(Impossible) as err:
        check_player_names([name, "Bikash"], DHUMBAL, new=True)
    assert err.value.rule == "DH-1"
