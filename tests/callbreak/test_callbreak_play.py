"""The rulings of a Call Break table: a card played to a trick (RULES.md
CB-5 … CB-8) and a deal that may be thrown in (CB-3), as `check play` and
`check deal` give them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.cards import Card, card, cards
from scorekeeper.core.errors import Impossible
from scorekeeper.games.callbreak.rules import CLASSIC
from scorekeeper.games.callbreak.tricks import (
    check_deal,
    check_play,
    demand,
    power,
    winning_card,
)

RULES = CLASSIC.rules
NO_HEADING = CLASSIC.build({"must_head": False})
HONOURS = CLASSIC.parse_settings(["redeal_no_honour=true"])   # redeal_weak = 10
DECK = [Card(rank, suit) for suit in range(4) for rank in range(1, 14)]


def play(played: str, hand: str, trick: str = "-", rules=RULES):
    return check_play(card(played), cards(hand), cards(trick), rules)


# -- CB-5 the lead -------------------------------------------------------------------

def test_cb5_worked_example_any_card_may_lead_spades_too():
    ruling = play("2♠", "2♠ A♥ 3♦")
    assert ruling.valid and ruling.rule == "CB-5" and ruling.kind == "lead"
    assert ruling.details["legal"] == cards("2♠ A♥ 3♦")


# -- CB-6 following, heading -------------------------------------------------------

def test_cb6_worked_example_must_beat_k_with_a():
    assert play("A♥", "A♥ 5♥ 3♠", "K♥").valid
    low = play("5♥", "A♥ 5♥ 3♠", "K♥")
    assert not low.valid and low.rule == "CB-6"
    assert low.reason == "must beat K♥ with A♥"
    off = play("3♠", "A♥ 5♥ 3♠", "K♥")
    assert not off.valid and off.reason == "must beat K♥ with A♥"
    assert off.rule == "CB-6"


def test_cb6_worked_example_a_trumped_trick_is_followed_with_any_card_of_the_suit():
    ruling = play("3♥", "A♥ 3♥", "5♥ 2♠")
    assert ruling.valid and ruling.rule == "CB-6" and ruling.kind == "follow"
    assert "trumped with 2♠" in ruling.reason.english


def test_cb6_worked_example_must_head_false_any_card_of_the_suit():
    assert play("5♥", "A♥ 5♥ 3♠", "K♥", NO_HEADING).valid
    off = play("3♠", "A♥ 5♥ 3♠", "K♥", NO_HEADING)
    assert not off.valid and off.reason == "must follow ♥ with 5♥ or A♥"


def test_cb6_heading_beats_the_highest_card_of_the_suit_not_the_first():
    # Q♥ led, K♥ played on it: 5♥ and Q♥ do not head, A♥ does
    ruling = play("J♥", "J♥ A♥ 2♣", "Q♥ K♥")
    assert not ruling.valid and ruling.reason == "must beat K♥ with A♥"


def test_cb6_any_higher_card_heads_not_only_the_highest():
    assert play("Q♥", "Q♥ A♥", "J♥").valid
    assert play("5♥", "A♥ Q♥ 5♥", "10♥").reason == "must beat 10♥ with Q♥ or A♥"


def test_cb6_nothing_beats_the_top_card_any_card_of_the_suit_follows():
    ruling = play("2♥", "2♥ 3♥ A♠", "A♥")
    assert ruling.valid and "nothing in the hand beats A♥" in ruling.reason.english
    assert not play("A♠", "2♥ 3♥ A♠", "A♥").valid


def test_cb6_cb8_ace_is_high_when_heading():
    assert play("A♦", "A♦ 2♦", "K♦").valid
    assert not play("2♦", "A♦ 2♦", "K♦").valid


def test_cb6_spades_led_spades_follow_and_head():
    ruling = play("3♠", "3♠ K♠ A♥", "Q♠")
    assert not ruling.valid and ruling.reason == "must beat Q♠ with K♠"


def test_cb6_legal_cards_listed_lowest_first():
    ruling = play("2♣", "A♣ J♣ 2♣ 5♦", "10♣")
    assert ruling.details["legal"] == cards("J♣ A♣")
    assert ruling.reason == "must beat 10♣ with J♣ or A♣"


# -- CB-7 cannot follow ---------------------------------------------------------------

def test_cb7_worked_example_must_trump_over_the_spade_in_the_trick():
    assert play("A♠", "10♠ A♠ 5♦", "K♥ Q♠").valid
    for wrong in ("10♠", "5♦"):
        ruling = play(wrong, "10♠ A♠ 5♦", "K♥ Q♠")
        assert not ruling.valid and ruling.rule == "CB-7"
        assert ruling.reason == ("no ♥ in the hand: must trump with a spade "
                                 "that beats Q♠, A♠")


def test_cb7_worked_example_no_spade_high_enough_any_card():
    for either in ("10♠", "5♦"):
        ruling = play(either, "10♠ 5♦", "K♥ Q♠")
        assert ruling.valid and ruling.rule == "CB-7" and ruling.kind == "any"
        assert "no spade in the hand beats Q♠" in ruling.reason.english


def test_cb7_void_with_spades_and_no_spade_in_the_trick_must_trump():
    ruling = play("5♦", "2♠ 5♦", "K♥ A♥")
    assert not ruling.valid
    assert ruling.reason == "no ♥ in the hand: must trump with a spade, 2♠"
    trump = play("2♠", "2♠ 5♦", "K♥ A♥")
    assert trump.valid and trump.kind == "trump"
    assert trump.details["winning"] == card("2♠")


def test_cb7_void_without_spades_any_card():
    ruling = play("5♦", "5♦ 2♣", "K♥")
    assert ruling.valid and "no spade in the hand" in ruling.reason.english



def test_cb6_the_reasons_a_card_follows_word_for_word():
    trumped = play("3♥", "A♥ 3♥", "5♥ 2♠")
    assert trumped.reason == "3♥ follows ♥; the trick is trumped with 2♠: any ♥ follows"
    beaten = play("2♥", "2♥ 3♥ A♠", "A♥")
    assert beaten.reason == "2♥ follows ♥; nothing in the hand beats A♥: any ♥ follows"


def test_cb7_trumping_over_a_spade_or_first_cites_cb7_as_a_trump():
    over = play("A♠", "A♠ 5♦", "K♥ Q♠")
    assert (over.valid, over.rule, over.kind) == (True, "CB-7", "trump")
    first = play("2♠", "2♠ 5♦", "K♥")
    assert (first.valid, first.rule, first.kind) == (True, "CB-7", "trump")

# -- CB-8 winning a trick ---------------------------------------------------------------

def test_cb8_worked_example_the_highest_spade_else_the_highest_of_the_suit_led():
    assert winning_card(cards("10♥ A♥ 2♠ K♥")) == card("2♠")
    assert winning_card(cards("10♥ A♥ K♦ 3♥")) == card("A♥")


def test_cb8_a_higher_card_of_another_suit_never_wins():
    assert winning_card(cards("2♥ A♦ A♣")) == card("2♥")


def test_cb8_a_higher_spade_beats_a_lower_one():
    assert winning_card(cards("K♥ 3♠ 10♠ 4♠")) == card("10♠")
    assert winning_card(cards("K♥ 3♠ A♠ K♠")) == card("A♠")


def test_cb8_power_ace_high():
    assert [power(c) for c in cards("2♠ 10♠ J♠ K♠ A♠")] == [2, 10, 11, 13, 14]


# -- CB-1 impossible tables -------------------------------------------------------------

def test_cb1_worked_example_a_card_held_and_in_the_trick_is_impossible():
    with pytest.raises(Impossible) as err:
        play("K♥", "K♥ 2♠", "K♥")
    assert err.value.rule == "CB-1"
    assert "K♥ appears 2 times" in err.value.message.english


def test_cb1_the_card_played_is_in_the_hand():
    with pytest.raises(Impossible) as err:
        play("A♥", "K♥ 2♠", "Q♥")
    assert err.value.rule == "CB-1" and "A♥ is not in the hand" in err.value.message.english


def test_cb1_a_trick_of_four_is_complete():
    with pytest.raises(Impossible) as err:
        play("A♥", "A♥", "2♥ 3♥ 4♥ 5♥")
    assert err.value.rule == "CB-1"


def test_cb1_no_jokers():
    with pytest.raises(Impossible) as err:
        play("A♥", "A♥ JK", "2♥")
    assert err.value.rule == "CB-1"


def test_cb1_a_hand_holds_at_most_13():
    with pytest.raises(Impossible) as err:
        play("A♥", " ".join(str(c) for c in DECK[:14]))     # A♠ … K♠, A♥
    assert err.value.rule == "CB-1" and "14 cards" in err.value.message.english


# -- CB-3 redeal ----------------------------------------------------------------------

def test_cb3_worked_example_no_spade_may_demand_a_redeal():
    ruling = check_deal(cards("A♥ K♥ Q♥ J♥ 10♥ A♦ K♦ Q♦ J♦ A♣ K♣ Q♣ J♣"), RULES)
    assert ruling.valid and ruling.rule == "CB-3" and ruling.kind == "no-spade"


def test_cb3_worked_example_no_honour_only_with_the_option():
    low = cards("2♠ 3♠ 4♥ 5♥ 6♥ 7♥ 8♦ 9♦ 10♦ 2♣ 3♣ 4♣ 5♣")
    stands = check_deal(low, RULES)
    assert not stands.valid and stands.rule == "CB-3"
    assert stands.reason == "holds 2♠ and 3♠: the deal stands"
    ruling = check_deal(low, HONOURS)
    assert ruling.valid and ruling.kind == "no-honour"


def test_cb3_an_ace_is_above_10():
    hand = cards("2♠ 3♠ 4♥ 5♥ 6♥ 7♥ 8♦ 9♦ 10♦ 2♣ 3♣ 4♣ A♣")
    ruling = check_deal(hand, HONOURS)
    assert not ruling.valid
    assert ruling.reason == "holds 2♠ and 3♠, and A♣ above 10: the deal stands"


@pytest.mark.parametrize("count", [12, 14])
def test_cb3_cb1_a_deal_is_13_cards(count):
    with pytest.raises(Impossible) as err:
        check_deal(tuple(DECK[:count]), RULES)
    assert err.value.rule == "CB-1"


# -- properties -------------------------------------------------------------------------

@st.composite
def positions(draw):
    """A hand of 1–13 and a trick of 0–3 from one shuffled deck."""
    deck = draw(st.permutations(DECK))
    size = draw(st.integers(1, 13))
    before = draw(st.integers(0, 3))
    return tuple(deck[:size]), tuple(deck[size:size + before])


@given(positions())
def test_cb5_cb8_some_card_is_always_legal_and_legal_cards_are_held(position):
    hand, trick = position
    asked = demand(hand, trick, RULES)
    assert asked.legal and set(asked.legal) <= set(hand)
    for c in hand:
        assert check_play(c, hand, trick, RULES).valid == (c in asked.legal)


@given(positions())
def test_cb6_cb7_must_head_off_never_allows_less(position):
    hand, trick = position
    strict = set(demand(hand, trick, RULES).legal)
    assert strict <= set(demand(hand, trick, NO_HEADING).legal)


@given(positions())
def test_cb6_a_player_holding_the_suit_led_always_follows(position):
    hand, trick = position
    if trick and any(c.suit == trick[0].suit for c in hand):
        assert all(c.suit == trick[0].suit for c in demand(hand, trick, RULES).legal)


# -- the rulings, word for word (what the mutants showed) --------------------------------

def test_cb8_the_ace_of_spades_tops_the_spades_in_the_trick():
    # K♥ led, A♠ and 2♠ on it: nothing beats A♠, so any card is legal
    ruling = play("5♦", "3♠ 5♦", "K♥ A♠ 2♠")
    assert ruling.valid and ruling.kind == "any"
    assert ruling.reason == "5♦ no ♥ and no spade in the hand beats A♠: any card"


def test_cb7_trumping_over_a_spade_says_over_what():
    ruling = play("A♠", "A♠ 5♦", "K♥ Q♠")
    assert ruling.reason == "A♠ no ♥ in the hand: trumps over Q♠"
    assert play("2♠", "2♠ 5♦", "K♥").reason == "2♠ no ♥ in the hand: trumps"


def test_cb7_void_with_no_spade_at_all_says_so():
    assert play("5♦", "5♦ 2♣", "K♥").reason == \
        "5♦ no ♥ and no spade in the hand: any card"


def test_cb6_heading_kinds_and_reasons():
    head = play("A♥", "A♥ 5♥", "K♥")
    assert (head.kind, head.reason) == ("head", "A♥ follows ♥ and beats K♥")
    refused = play("5♥", "A♥ 5♥", "K♥")
    assert refused.kind == "head"
    off = play("5♥", "A♥ 5♥", "K♥", NO_HEADING)
    assert off.reason == "5♥ follows ♥; any ♥ follows (must_head is off)"
    assert off.kind == "follow"


def test_cb5_the_lead_reason():
    assert play("2♠", "2♠ A♥").reason == "2♠ leads the trick: any card may lead"


def test_cb6_three_cards_that_head_are_listed():
    ruling = play("2♥", "J♥ Q♥ A♥ 2♥", "10♥")
    assert ruling.reason == "must beat 10♥ with J♥, Q♥ or A♥"


def test_cb1_the_refusals_of_an_impossible_table_word_for_word():
    with pytest.raises(Impossible) as err:
        play("A♥", "A♥", "2♥ 3♥ 4♥ 5♥")
    assert err.value.message == ("the trick 2♥ 3♥ 4♥ 5♥ is complete: 4 players "
                                 "play one card each")
    with pytest.raises(Impossible) as err:
        play("A♥", "K♥ 2♠", "Q♥")
    assert err.value.message == ("A♥ is not in the hand K♥ 2♠: give the cards "
                                 "held, the card played among them")
    with pytest.raises(Impossible) as err:
        check_deal(tuple(DECK[:12]), RULES)
    assert err.value.message == "12 cards: a deal at 4 gives each player 13"


def test_cb3_a_jack_is_above_10():
    hand = cards("2♠ 3♠ 4♥ 5♥ 6♥ 7♥ 8♦ 9♦ 10♦ 2♣ 3♣ 4♣ J♣")
    ruling = check_deal(hand, HONOURS)
    assert not ruling.valid and ruling.kind is None
    assert ruling.details["honours"] == cards("J♣")


def test_cb3_the_verdicts_word_for_word_with_their_details():
    no_spade = check_deal(cards("A♥ K♥ Q♥ J♥ 10♥ A♦ K♦ Q♦ J♦ A♣ K♣ Q♣ J♣"), RULES)
    assert no_spade.reason == "no spade among the 13 cards: a redeal may be demanded"
    assert no_spade.details["spades"] == ()
    assert no_spade.as_json()["honours"][:2] == ["J♥", "J♦"]
    low = cards("2♠ 3♠ 4♥ 5♥ 6♥ 7♥ 8♦ 9♦ 10♦ 2♣ 3♣ 4♣ 5♣")
    honour = check_deal(low, HONOURS)
    assert honour.reason == ("no card above 10 (redeal_weak = 10): a redeal may "
                             "be demanded")
    assert honour.rule == "CB-3"
    assert honour.as_json()["spades"] == ["2♠", "3♠"]
    stands = check_deal(cards("2♠ 3♠ 4♥ 5♥ 6♥ 7♥ 8♦ 9♦ 10♦ 2♣ 3♣ Q♣ A♣"), HONOURS)
    assert stands.valid is False
    assert stands.reason == ("holds 2♠ and 3♠, and Q♣ and A♣ above 10: the deal "
                             "stands")
    assert stands.details["honours"] == cards("Q♣ A♣")
