"""Card notation (CLI.md, Conventions) and the one-deck rule (DH-1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import examples

from scorekeeper.core import cards as cards_module
from scorekeeper.core.cards import Card, card, cards, check_copies, format_cards, suits_as_letters
from scorekeeper.core.errors import Impossible

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
DECK = [Card(rank, suit) for suit in range(4) for rank in range(1, 14)]


@pytest.fixture(autouse=True)
def cold_memo(monkeypatch):
    """Every test here reads its cards cold: `card` remembers the tokens it
    has read, and a token an earlier test (or any earlier run) read would
    skip the parsing these tests are about. Each test runs on an empty
    memo, whatever order the tests run in."""
    monkeypatch.setattr(cards_module, "_KNOWN", {})


@pytest.mark.parametrize("text, expected", [
    ("A♠", Card(1, SPADES)),
    ("K♥", Card(13, HEARTS)),
    ("10♦", Card(10, DIAMONDS)),
    ("7♣", Card(7, CLUBS)),
    ("J♣", Card(11, CLUBS)),
    ("Q♦", Card(12, DIAMONDS)),
])
def test_cards_unicode_suits(text, expected):
    assert card(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("A♤", Card(1, SPADES)),
    ("2♡", Card(2, HEARTS)),
    ("3♢", Card(3, DIAMONDS)),
    ("4♧", Card(4, CLUBS)),
])
def test_cards_outline_suit_symbols_are_the_same_suits(text, expected):
    assert card(text) == expected


@pytest.mark.parametrize("text", ["as", "AS", "aS", "As", "a♠", "A♠️"])
def test_cards_any_case_and_letter_suits_read_ace_of_spades(text):
    assert card(text) == Card(1, SPADES)


@pytest.mark.parametrize("text, expected", [
    ("QH", Card(12, HEARTS)), ("qh", Card(12, HEARTS)), ("Kc", Card(13, CLUBS)),
    ("jd", Card(11, DIAMONDS)), ("9S", Card(9, SPADES)),
])
def test_cards_ascii_letters_for_ranks_and_suits(text, expected):
    assert card(text) == expected


@pytest.mark.parametrize("text", ["Td", "td", "TD", "10d", "10D", "10♦", "t♢"])
def test_cards_ten_is_written_T_or_10(text):
    assert card(text) == Card(10, DIAMONDS)


@pytest.mark.parametrize("text", [
    "K♠ K♥, A♦", "K♠,K♥,A♦", "K♠ ,  K♥ ,A♦", "  K♠\tK♥ A♦  ", "ks,kh ad",
])
def test_cards_list_separated_by_spaces_and_or_commas(text):
    assert cards(text) == (Card(13, SPADES), Card(13, HEARTS), Card(1, DIAMONDS))


@pytest.mark.parametrize("text", ["-", " - "])
def test_cards_dash_is_an_empty_hand(text):
    assert cards(text) == ()


@pytest.mark.parametrize("text", ["", "   ", " | ", ","])
def test_blank_text_is_not_an_empty_hand_but_refused(text):
    # CLI.md: `-` is an empty hand; a forgotten hand must not decide a ruling.
    with pytest.raises(Impossible) as err:
        cards(text)
    assert "'-'" in err.value.message.english and err.value.rule is None   # no rule: notation


def test_meld_separator_reads_as_the_cards_of_the_melds():
    assert cards("3♠ 4♠ 5♠ | 6♥ 6♥ 6♥") == cards("3♠ 4♠ 5♠ 6♥ 6♥ 6♥")


@pytest.mark.parametrize("bad", ["1x", "11s", "Ax", "K", "♠", "10", "AA", "Kss",
                                 "1♠", "0h", "Z♥"])
def test_cards_bad_token_is_impossible_and_quoted(bad):
    with pytest.raises(Impossible) as info:
        cards(f"A♠ {bad} K♥")
    err = info.value
    assert err.exit_code == 2 and err.rule is None
    assert repr(bad) in err.message.english or f"'{bad}'" in err.message.english


def test_cards_error_names_only_the_bad_token_not_the_good_ones():
    with pytest.raises(Impossible) as info:
        cards("7♣, 5x, K♥")
    assert "'5x'" in info.value.message.english and info.value.rule is None
    assert "7♣" not in info.value.message.english and "K♥" not in info.value.message.english


def test_cards_output_uses_suit_symbols():
    hand = (Card(1, SPADES), Card(13, HEARTS), Card(10, DIAMONDS), Card(12, CLUBS))
    assert format_cards(hand) == "A♠ K♥ 10♦ Q♣"


def test_cards_ascii_output_uses_letters_and_10():
    hand = (Card(1, SPADES), Card(13, HEARTS), Card(10, DIAMONDS))
    assert suits_as_letters(format_cards(hand)) == "As Kh 10d"


def test_cards_empty_hand_is_written_as_dash():
    assert format_cards(()) == "-"
    assert suits_as_letters(format_cards(())) == "-"


@settings(max_examples=examples(200), deadline=None)
@given(hand=st.lists(st.sampled_from(DECK), max_size=8, unique=True),
       ascii=st.booleans(),
       seps=st.lists(st.sampled_from([" ", ",", ", ", " ,", "  ", "\t"]),
                     min_size=8, max_size=8),
       upper=st.booleans())
def test_cards_written_then_read_back_are_the_same(hand, ascii, seps, upper):
    tokens = [suits_as_letters(c.text()) if ascii else c.text() for c in hand]
    if upper:
        tokens = [t.upper() for t in tokens]
    text = "".join(t + s for t, s in zip(tokens, seps)) if tokens else "-"
    assert cards(text) == tuple(hand)
    written = format_cards(hand)
    assert cards(suits_as_letters(written) if ascii else written) == tuple(hand)


def test_dh1_a_card_in_two_hands_is_impossible():
    with pytest.raises(Impossible) as info:
        check_copies([cards("A♠ 2♦"), cards("as 3c")], decks=1, jokers=0,
                     rule="DH-1")
    assert info.value.rule == "DH-1"
    assert "A♠" in info.value.message.english


def test_dh1_distinct_cards_pass_the_one_deck_check():
    check_copies([cards("A♠ 2♦"), cards("A♥ 2♣")], decks=1, jokers=0, rule="DH-1")


def test_dh1_no_jokers_in_a_52_card_deck():
    assert cards("JK") == (Card(0, -1),)
    with pytest.raises(Impossible) as info:
        check_copies([cards("JK 2♦")], decks=1, jokers=0, rule="DH-1")
    assert info.value.rule == "DH-1"


@pytest.mark.parametrize("text, expected", [
    ("A♠", Card(1, SPADES)), ("qh", Card(12, HEARTS)), ("Td", Card(10, DIAMONDS)),
    ("10♣", Card(10, CLUBS)), ("A♠️", Card(1, SPADES)), ("JK", Card(0, -1)),
])
def test_cards_read_again_are_the_same_card(text, expected):
    # the second reading comes from the memo, the first from the parser
    assert card(text) == expected
    assert card(text) == expected
    assert cards(f"{text} {text}") == (expected, expected)


def test_cards_memo_of_tokens_read_stays_bounded():
    spellings = ["A♠" + " " * n for n in range(5000)]
    assert all(card(t) == Card(1, SPADES) for t in spellings)
    assert len(cards_module._KNOWN) == 4096


def test_cards_bad_token_is_refused_every_time_not_remembered():
    for _ in range(2):
        with pytest.raises(Impossible) as info:
            card("Zx")
        assert info.value.rule is None and "'Zx'" in info.value.message.english


def test_cards_text_variation_selector_either_kind_is_ignored():
    assert card("A♠\ufe0e") == card("A♠\ufe0f") == Card(1, SPADES)


def test_cards_joker_is_written_JK():
    assert Card(0, -1).text() == "JK" and str(Card(0, -1)) == "JK"
    assert format_cards([card("joker"), card("🃏")]) == "JK JK"


def test_cards_bad_token_message_says_how_to_write_a_card():
    with pytest.raises(Impossible) as info:
        cards("X")
    assert info.value.rule is None
    assert info.value.message == (
        "cannot read the card 'X': write a suit s h d c (or ♠ ♥ ♦ ♣) followed "
        "by its ranks A 2 … 9 T (or 10) J Q K, e.g. 's345h666', 'dAc3'")


def test_cards_blank_text_message_says_write_a_dash():
    with pytest.raises(Impossible) as info:
        cards(" , ")
    assert info.value.rule is None
    assert info.value.message == "no cards given: write '-' for an empty hand"


# -- the shoe: how often a card may appear (DH-1, DC-1, MA-1) -------------------------

def test_dh1_two_decks_hold_each_card_twice_not_three_times():
    check_copies([cards("A♠ A♠")], decks=2, jokers=0, rule="MA-1")
    with pytest.raises(Impossible) as info:
        check_copies([cards("A♠ A♠"), cards("A♠")], decks=2, jokers=0, rule="MA-1")
    assert info.value.rule == "MA-1"
    assert info.value.message == "A♠ appears 3 times, but the deck holds it 2 times"


def test_dh1_one_deck_holds_each_card_once():
    with pytest.raises(Impossible) as info:
        check_copies([cards("K♥ 2♣"), cards("K♥")], decks=1, jokers=0, rule="DH-1")
    assert info.value.message == "K♥ appears 2 times, but the deck holds it once"
    assert info.value.rule == "DH-1"


@pytest.mark.parametrize("jokers, shown", [(1, "JK"), (2, "JK JK"), (2, "JK 3♦")])
def test_dc1_jokers_up_to_the_number_in_the_deck_pass(jokers, shown):
    check_copies([cards(shown)], decks=1, jokers=jokers, rule="DC-1")


def test_dc1_more_jokers_than_the_deck_holds_is_impossible():
    with pytest.raises(Impossible) as info:
        check_copies([cards("JK 2♦"), cards("JK JK")], decks=1, jokers=2, rule="DC-1")
    assert info.value.rule == "DC-1"
    assert info.value.message == "JK appears 3 times but the deck has only 2 jokers"


def test_dh1_no_jokers_message_says_the_rules_have_none_not_a_session():
    with pytest.raises(Impossible) as info:
        check_copies([cards("JK")], decks=1, jokers=0, rule="DH-1")
    assert info.value.rule == "DH-1"
    assert info.value.message == "JK was given, but these rules play without jokers"


def test_cards_repr_writes_the_suit_as_a_letter():
    assert repr(card("10♦")) == "Card(10d)" and repr(Card(0, -1)) == "Card(JK)"


NOT_A_RANK = ("is not a rank: after a suit come ranks A 2 … 9 T (or 10) J Q K, "
              "e.g. 's345', 'hjqk'")


@pytest.mark.parametrize("text, message", [
    ("s", "cannot read 's': 's' (character 1) is a suit without ranks after it"),
    ("sh5", "cannot read 'sh5': 's' (character 1) is a suit without ranks after it"),
    ("A♠ sh5", "cannot read 'sh5': 's' (character 4 of the card text) is a suit "
               "without ranks after it"),
    ("K♥ h5s", "cannot read 'h5s': 's' (character 6 of the card text) is a suit "
               "without ranks after it"),
    ("s3x", f"cannot read 's3x': 'x' (character 3) {NOT_A_RANK}"),
    ("A♠ s3x", f"cannot read 's3x': 'x' (character 6 of the card text) {NOT_A_RANK}"),
    # the same bad token twice: the first is the one refused
    ("s3x s3x", f"cannot read 's3x': 'x' (character 3) {NOT_A_RANK}"),
    ("h5 s3x s3x", f"cannot read 's3x': 'x' (character 6 of the card text) {NOT_A_RANK}"),
])
def test_cards_suit_grouped_refusal_says_which_character_and_why(text, message):
    with pytest.raises(Impossible) as info:
        cards(text)
    assert info.value.message == message and info.value.rule is None


def test_cards_one_suit_first_card_reads_alone_and_is_refused_alone():
    assert card("h5") == Card(5, HEARTS) and card("♠A") == Card(1, SPADES)
    with pytest.raises(Impossible) as info:
        card("s3x")
    assert info.value.message == f"cannot read 's3x': 'x' (character 3) {NOT_A_RANK}"


# -- the tiplu counted among the shoe's copies (MA-1) ---------------------------------

def _over(hands: list[str], **also) -> Impossible:
    with pytest.raises(Impossible) as info:
        check_copies([cards(h) for h in hands], 3, 0, "MA-1", **also)
    return info.value


def test_ma1_a_card_over_because_of_the_tiplu_says_the_tiplu_was_counted():
    said = _over(["J♣ J♣", "J♣"], also=card("J♣"), also_is="tiplu")
    assert (said.message, said.rule) == (
        "J♣ appears 4 times (3 shown and the tiplu J♣), but the deck holds it "
        "3 times", "MA-1")


def test_ma1_the_card_counted_but_not_named_says_only_the_count():
    said = _over(["J♣ J♣ J♣"], also=card("J♣"))
    assert said.message == "J♣ appears 4 times, but the deck holds it 3 times"


def test_ma1_another_card_over_is_not_said_to_be_the_tiplu():
    said = _over(["5♠ 5♠ 5♠ 5♠"], also=card("J♣"), also_is="tiplu")
    assert said.message == "5♠ appears 4 times, but the deck holds it 3 times"


def test_ma1_a_card_over_names_who_holds_it_and_how_many():
    said = _over(["J♣ J♣", "5♠", "J♣"], also=card("J♣"), also_is="tiplu",
                 holders=["Asha", "Bikash", "Chandra"])
    assert (said.message, said.rule) == (
        "J♣ appears 4 times (with Asha ×2, Chandra and the tiplu J♣), but the "
        "deck holds it 3 times", "MA-1")


def test_a_joker_over_names_who_holds_it():
    with pytest.raises(Impossible) as info:
        check_copies([cards("JK"), cards("JK JK")], 1, 2, "MA-18",
                     holders=["आशा", "बिकाश"])
    assert info.value.message == ("JK appears 3 times (with आशा and बिकाश ×2) but the "
                                  "deck has only 2 jokers")


@pytest.mark.parametrize(("hands", "said"), [
    (["A♠ A♠ 2♦", "3♣"], "A♠ appears 2 times (with Asha ×2)"),   # one holder: no "and"
    (["A♠ A♠", "A♠"], "A♠ appears 3 times (with Asha ×2 and Bikash)"),
    (["A♠ 2♦", "A♠", "A♠"], "A♠ appears 3 times (with Asha, Bikash and Chandra)"),
])
def test_dh1_a_card_given_too_often_names_who_holds_it(hands, said):
    names = ["Asha", "Bikash", "Chandra"][:len(hands)]
    with pytest.raises(Impossible) as err:
        check_copies([cards(h) for h in hands], decks=1, jokers=0, rule="DH-1",
                     holders=names)
    assert err.value.rule == "DH-1"
    assert err.value.message == f"{said}, but the deck holds it once"


@pytest.mark.parametrize("devanagari, latin", [("s२१०", "s2t"), ("१०♦ ५♠", "10♦ 5♠"),
                                               ("d१०२", "dt2")])
def test_cards_in_devanagari_digits_read_as_in_latin_ones(devanagari, latin):
    # issue 28: a number is typed in either digits; a Devanagari ten (१०) is
    # one rank in suit-grouped text too, never a १ and a ०
    assert cards(devanagari) == cards(latin)
    assert len(cards(devanagari)) == 2
