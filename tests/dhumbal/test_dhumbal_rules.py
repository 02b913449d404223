"""The Dhumbal engine under profile `nepali-games` (RULES.md, DH-1 … DH-10)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import examples

from scorekeeper.core.cards import Card, card, cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.seating import Shown
from scorekeeper.games.dhumbal.engine import DhumbalHand, resolve
from scorekeeper.games.dhumbal.turns import check_call, check_call_value, check_discard, hand_value
from scorekeeper.games.registry import profile as get_profile

RULES = get_profile("dhumbal", "nepali-games").rules
DECK = [Card(rank, suit) for suit in range(4) for rank in range(1, 14)]
NAMES = ("Asha", "Bikash", "Chandra", "Dipak", "Ekta", "Firoz")


def deal(dealer: str, caller: str | None, players=None, **shown) -> DhumbalHand:
    """A hand: keyword NAME="CARDS" (a card list) or NAME=int (a total)."""
    players = tuple(players or shown)
    items = tuple((name, Shown(total=v) if isinstance(v, int) else Shown(cards=cards(v)))
                  for name, v in shown.items())
    return DhumbalHand(players, dealer, caller, items)


# -- DH-2 values --------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("A♠", 1), ("2♥", 2), ("5♦", 5), ("9♣", 9), ("10♠", 10),
    ("J♥", 10), ("Q♦", 10), ("K♣", 10),
])
def test_dh2_card_values_ace_1_faces_10(text, value):
    assert hand_value(cards(text), RULES) == value


def test_dh2_hand_value_is_the_sum_of_its_cards():
    assert hand_value(cards("K♠ K♥ A♦ A♣ A♥"), RULES) == 23
    assert hand_value(cards("A♦ A♣ A♥ 2♦"), RULES) == 5


def test_dh2_empty_hand_is_worth_0():
    assert hand_value(cards("-"), RULES) == 0


def test_dh2_suits_do_not_matter():
    values = {hand_value([Card(7, suit)], RULES) for suit in range(4)}
    assert values == {7}


# -- DH-4 the call ------------------------------------------------------------

@pytest.mark.parametrize("text", ["A♦ A♣ A♥ 2♦", "5♠", "A♠ 4♥", "-", "A♠ A♥"])
def test_dh4_hand_worth_at_most_5_may_call(text):
    assert check_call(cards(text), RULES) == hand_value(cards(text), RULES)


@pytest.mark.parametrize("text", ["6♠", "A♠ 5♥", "K♠", "K♠ K♥ A♦ A♣ A♥"])
def test_dh4_hand_above_limit_5_is_refused(text):
    with pytest.raises(Refused) as info:
        check_call(cards(text), RULES)
    assert info.value.rule == "DH-4"
    assert info.value.exit_code == 1
    assert "5" in info.value.message.english


def test_dh4_call_limit_is_the_profile_option():
    seven = get_profile("dhumbal").parse_settings(["call_limit=7"])
    assert check_call(cards("3♠ 4♥"), seven) == 7
    with pytest.raises(Refused) as info:
        check_call(cards("3♠ 4♥"), RULES)
    assert info.value.rule == "DH-4" and "7" in info.value.message.english


def test_dh4_unverified_total_above_limit_is_refused():
    with pytest.raises(Refused) as info:
        check_call_value(6, RULES)
    assert info.value.rule == "DH-4"
    assert info.value.message == "a hand worth 6 may not call: the call limit is 5"
    assert check_call_value(5, RULES) == 5


# -- DH-5 / DH-6 discards -------------------------------------------------------

def test_dh5_one_card_is_always_a_legal_discard():
    ruling = check_discard(cards("K♠"), RULES)
    assert ruling.kind == "single"
    assert ruling.rule == "DH-5"


@pytest.mark.parametrize("text", ["5♠ 5♥", "5♠ 5♥ 5♦", "Q♠ Q♥ Q♦ Q♣", "10♠ 10♥"])
def test_dh5_two_or_more_of_one_rank_are_a_legal_group(text):
    ruling = check_discard(cards(text), RULES)
    assert ruling.kind == "set"
    assert ruling.details["cards"] == cards(text)


def test_dh5_part_of_a_same_rank_group_may_be_discarded():
    # Holding three kings, throwing two of them is fine: a group is 2+ of a rank.
    assert check_discard(cards("K♠ K♥"), RULES).kind == "set"


@pytest.mark.parametrize("text", ["10♠ K♠", "10♠ K♥", "J♦ Q♦", "J♣ Q♥ K♠"])
def test_dh5_10_and_K_are_not_a_group_same_value_is_not_same_rank(text):
    with pytest.raises(Refused) as info:
        check_discard(cards(text), RULES)
    assert info.value.rule == "DH-5"
    assert info.value.exit_code == 1


@pytest.mark.parametrize("text", ["3♠ 4♠ 5♠", "A♥ 2♥ 3♥ 4♥", "9♦ 10♦ J♦", "5♣ 6♣"])
def test_dh5_sequences_are_never_a_legal_discard(text):
    with pytest.raises(Refused) as info:
        check_discard(cards(text), RULES)
    assert info.value.rule == "DH-5"


@pytest.mark.parametrize("text", ["5♠ 5♥ 6♦", "A♠ K♥", "2♣ 9♦"])
def test_dh5_mixed_ranks_are_refused(text):
    with pytest.raises(Refused) as info:
        check_discard(cards(text), RULES)
    assert info.value.rule == "DH-5" and "mixed ranks" in info.value.message.english


def test_dh6_card_taken_from_pile_not_discarded_same_turn():
    with pytest.raises(Refused) as info:
        check_discard(cards("7♥"), RULES, taken=card("7♥"))
    assert info.value.rule == "DH-6"
    assert info.value.exit_code == 1


def test_dh6_card_taken_from_pile_not_discarded_inside_a_group():
    with pytest.raises(Refused) as info:
        check_discard(cards("7♠ 7♥ 7♦"), RULES, taken=card("7h"))
    assert info.value.rule == "DH-6"


def test_dh6_other_cards_may_be_discarded_after_taking_from_the_pile():
    assert check_discard(cards("7♠ 7♦"), RULES, taken=card("7♥")).kind == "set"
    assert check_discard(cards("K♣"), RULES, taken=card("7♥")).kind == "single"


def test_dh6_card_drawn_from_the_stock_may_be_discarded():
    # No --taken: the card came from the stock and may go straight back out.
    assert check_discard(cards("7♥"), RULES).kind == "single"


def test_dh1_discarding_the_same_card_twice_is_impossible():
    with pytest.raises(Impossible) as info:
        check_discard(cards("7♥ 7♥"), RULES)
    assert info.value.rule == "DH-1" and "7♥ appears 2 times" in info.value.message.english


def test_dh1_a_card_shown_twice_names_both_who_hold_it():
    hand = deal("Asha", "Asha", Asha="A♠", Bikash="5♦ A♠", Chandra="7♥ 7♥", Dipak=9)
    with pytest.raises(Impossible) as info:
        resolve(hand, RULES)
    assert info.value.rule == "DH-1"
    assert info.value.message == ("A♠ appears 2 times (with Asha and Bikash), but the "
                                  "deck holds it once")


# -- DH-8 resolving a call -------------------------------------------------------

def test_dh8_seed_worked_example_caught_caller_pays_25_not_30():
    # RULES.md, worked example: A calls with A♦ A♣ A♥ 2♦ = 5, the only
    # opponent also holds 5: A is caught, A −25, opponent +25.
    result = resolve(deal("B", "A", A="A♦ A♣ A♥ 2♦", B="2♠ 3♣"), RULES)
    assert dict(result.values) == {"A": 5, "B": 5}
    assert result.caught is True
    assert result.winner == "B"
    assert result.net == {"A": -25, "B": 25}


def test_dh8_caller_strictly_lowest_wins_and_is_charged_nothing():
    result = resolve(deal("Asha", "Bikash", Asha="K♠ 9♥", Bikash="A♠ 2♥",
                          Chandra="4♣"), RULES)
    assert result.caught is False
    assert result.winner == "Bikash"
    assert dict(result.charges) == {"Asha": 19, "Bikash": 0, "Chandra": 4}
    assert result.net == {"Asha": -19, "Bikash": 23, "Chandra": -4}


def test_dh8_caught_caller_pays_25_not_hand():
    result = resolve(deal("Asha", "Asha", Asha="A♠ 3♥", Bikash="3♣",
                          Chandra="K♠ Q♥"), RULES)
    assert result.caught is True
    assert result.winner == "Bikash"
    assert dict(result.charges)["Asha"] == 25          # not 4, not 29
    assert result.net == {"Asha": -25, "Bikash": 45, "Chandra": -20}


def test_dh8_equal_hand_catches_the_caller():
    result = resolve(deal("Asha", "Asha", Asha="4♠", Bikash="4♥", Chandra="9♣"),
                     RULES)
    assert result.caught is True
    assert result.winner == "Bikash"
    assert result.net == {"Asha": -25, "Bikash": 34, "Chandra": -9}


def test_dh8_caught_winner_is_the_lowest_other_not_the_first_catcher():
    # Bikash (5) and Chandra (2) both catch Asha (5); Chandra is lowest.
    result = resolve(deal("Asha", "Asha", Asha="5♠", Bikash="5♥", Chandra="2♣"),
                     RULES)
    assert result.winner == "Chandra"
    assert result.net == {"Asha": -25, "Bikash": -5, "Chandra": 30}


@pytest.mark.parametrize("dealer, winner", [
    # Seats clockwise: Asha, Bikash, Chandra, Dipak. Asha calls with 5 and is
    # caught by Bikash and Dipak, both 3. Play order from the dealer's left
    # decides who of the two is first.
    ("Asha", "Bikash"),      # order Bikash, Chandra, Dipak, Asha
    ("Bikash", "Dipak"),     # order Chandra, Dipak, Asha, Bikash
    ("Chandra", "Dipak"),    # order Dipak, Asha, Bikash, Chandra
    ("Dipak", "Bikash"),     # order Asha, Bikash, Chandra, Dipak
])
def test_dh8_tie_goes_first_clockwise_from_dealers_left(dealer, winner):
    hand = deal(dealer, "Asha", Asha="A♠ 4♠", Bikash="3♥", Chandra="9♣",
                Dipak="A♦ 2♦")
    result = resolve(hand, RULES)
    assert result.caught is True
    assert result.winner == winner
    loser = "Dipak" if winner == "Bikash" else "Bikash"
    assert result.net[winner] == 25 + 9 + 3
    assert result.net[loser] == -3
    assert result.net["Asha"] == -25


def test_dh8_tie_explanation_names_the_dealer_and_the_rule():
    result = resolve(deal("Bikash", "Asha", Asha="5♠", Bikash="3♥", Chandra="3♣"),
                     RULES)
    assert result.winner == "Chandra"
    text = "\n".join(line.english for line in result.explanation)
    assert "Bikash" in text and "DH-8" in text and "tie" in text


def test_dh8_ruling_explained_with_numbers_and_rule_ids():
    result = resolve(deal("Asha", "Asha", Asha="5♠", Bikash="4♥", Chandra="9♣"),
                     RULES)
    text = "\n".join(line.english for line in result.explanation)
    assert "Bikash 4 ≤ Asha 5" in text
    assert "caught (DH-8)" in text
    assert "25 instead of 5" in text
    assert {"DH-2", "DH-4", "DH-8", "DH-11"} <= set(result.rules)


def test_dh8_penalty_is_the_profile_option():
    thirty = get_profile("dhumbal").parse_settings(["penalty=30"])
    result = resolve(deal("A", "A", A="A♦ A♣ A♥ 2♦", B="5♠"), thirty)
    assert result.net == {"A": -30, "B": 30}


def test_dh8_call_above_limit_is_refused_before_any_ruling():
    with pytest.raises(Refused) as info:
        resolve(deal("Asha", "Asha", Asha="6♠", Bikash="K♥"), RULES)
    assert info.value.rule == "DH-4"


def test_dh9_empty_hand_is_worth_0_and_catches_a_caller():
    # A player who went out does not win by itself (DH-9); the empty hand is
    # simply valued 0 when someone else calls.
    result = resolve(deal("Asha", "Bikash", Asha="-", Bikash="A♠", Chandra="7♣"),
                     RULES)
    assert result.caught is True
    assert result.winner == "Asha"
    assert result.net == {"Asha": 32, "Bikash": -25, "Chandra": -7}


def test_dh9_empty_hand_may_call_and_win():
    result = resolve(deal("Asha", "Bikash", Asha="2♠", Bikash="-", Chandra="7♣"),
                     RULES)
    assert result.caught is False and result.winner == "Bikash"
    assert result.net == {"Asha": -2, "Bikash": 9, "Chandra": -7}


# -- DH-10 the show at the turn cap -------------------------------------------------

def test_dh10_show_lowest_wins_nobody_pays_a_call_penalty():
    result = resolve(deal("Asha", None, Asha="K♠ 9♥", Bikash="6♣", Chandra="8♦"),
                     RULES)
    assert result.caller is None and result.caught is None
    assert result.winner == "Bikash"
    assert result.net == {"Asha": -19, "Bikash": 27, "Chandra": -8}
    assert "DH-10" in result.rules
    assert 25 not in dict(result.charges).values()


@pytest.mark.parametrize("dealer, winner", [
    ("Asha", "Chandra"),   # order Bikash, Chandra, Dipak, Asha (Bikash is 9)
    ("Chandra", "Dipak"),  # order Dipak, Asha, Bikash, Chandra
    ("Dipak", "Asha"),     # order Asha, Bikash, Chandra, Dipak
])
def test_dh10_show_tie_goes_first_clockwise_from_dealers_left(dealer, winner):
    hand = deal(dealer, None, Asha="6♠", Bikash="9♥", Chandra="2♣ 4♣", Dipak="6♦")
    assert resolve(hand, RULES).winner == winner


# -- DH-11 zero sum, unverified totals --------------------------------------------

def test_dh11_every_ruling_sums_to_zero():
    result = resolve(deal("Asha", "Asha", Asha="5♠", Bikash="5♥", Chandra="K♣ K♦ 9♦",
                          Dipak="7♦"), RULES)
    assert sum(result.net.values()) == 0


def test_dh11_whole_number_total_is_accepted_and_marked_unverified():
    result = resolve(deal("Asha", "Asha", Asha="A♠ 2♠", Bikash=17, Chandra=0),
                     RULES)
    assert result.unverified == ("Bikash", "Chandra")
    assert dict(result.values)["Bikash"] == 17
    assert result.winner == "Chandra" and result.caught is True
    assert result.net == {"Asha": -25, "Bikash": -17, "Chandra": 42}


@pytest.mark.parametrize("total", [0, 50])
def test_dh2_total_at_the_ends_of_0_to_50_is_possible(total):
    result = resolve(deal("Asha", "Asha", Asha="A♠", Bikash=total), RULES)
    assert dict(result.values)["Bikash"] == total


# -- impossible input (exit 2) ---------------------------------------------------------

@pytest.mark.parametrize("total", [-1, 51, 100])
def test_dh2_total_outside_0_to_50_is_impossible(total):
    with pytest.raises(Impossible) as info:
        resolve(deal("Asha", "Asha", Asha="A♠", Bikash=total), RULES)
    assert info.value.rule == "DH-2"
    assert info.value.message == \
        f"Bikash's total {total} is impossible: a hand is worth 0–50"


@pytest.mark.parametrize("dealer, caller, said, rule", [
    ("Zed", "Asha", "the dealer Zed is not at the table", "DH-3"),
    ("Asha", "Zed", "the caller Zed is not at the table", "DH-4")])
def test_dh3_dh4_a_dealer_or_caller_not_at_the_table_is_impossible(dealer, caller,
                                                                   said, rule):
    with pytest.raises(Impossible) as info:
        resolve(deal(dealer, caller, players=("Asha", "Bikash"), Asha="A♠",
                     Bikash="K♠"), RULES)
    assert (info.value.message, info.value.rule) == (said, rule)


@pytest.mark.parametrize("count", [1, 7])
def test_dh1_table_seats_2_to_6_players(count):
    names = NAMES[:count] if count <= 6 else NAMES + ("Gita",)
    shown = {n: str(Card(i + 1, 0)) for i, n in enumerate(names)}
    with pytest.raises(Impossible) as info:
        resolve(deal(names[0], names[0], **shown), RULES)
    assert info.value.rule == "DH-1"
    assert info.value.exit_code == 2


@pytest.mark.parametrize("count", [2, 6])
def test_dh1_two_and_six_players_are_seated(count):
    names = NAMES[:count]
    shown = {n: str(Card(i + 1, 0)) for i, n in enumerate(names)}
    assert resolve(deal(names[0], names[0], **shown), RULES).winner == names[0]


def test_dh1_player_names_must_be_distinct():
    hand = DhumbalHand(("Asha", "asha"), "Asha", "Asha",
                       (("Asha", Shown(cards=cards("A♠"))),
                        ("asha", Shown(cards=cards("K♠")))))
    with pytest.raises(Impossible) as info:
        resolve(hand, RULES)
    assert (info.value.rule, info.value.message) == ("DH-1", "player names must be distinct")


def test_dh8_every_player_must_show_a_hand():
    hand = deal("Asha", "Asha", players=("Asha", "Bikash", "Chandra"),
                Asha="A♠", Bikash="K♠")
    with pytest.raises(Impossible) as info:
        resolve(hand, RULES)
    assert info.value.rule == "DH-8"
    assert info.value.message.english.startswith("no hand given for Chandra:")


def test_dh3_a_hand_holds_at_most_5_cards():
    with pytest.raises(Impossible) as info:
        resolve(deal("Asha", "Asha", Asha="A♠", Bikash="2♥ 3♥ 4♥ 5♥ 6♥ 7♥"), RULES)
    assert "Bikash shows 6 cards; a hand holds 0–5" in info.value.message.english
    assert info.value.rule == "DH-3" and info.value.exit_code == 2


def test_dh1_a_card_shown_twice_is_impossible():
    with pytest.raises(Impossible) as info:
        resolve(deal("Asha", "Asha", Asha="A♠ 2♦", Bikash="K♥ a♠"), RULES)
    assert info.value.rule == "DH-1"
    assert "A♠" in info.value.message.english


def test_dh1_caller_must_be_at_the_table():
    with pytest.raises(Impossible) as info:
        resolve(deal("Asha", "Zara", Asha="A♠", Bikash="K♥"), RULES)
    assert info.value.rule == "DH-4" and "the caller Zara" in info.value.message.english


def test_dh3_dealer_must_be_at_the_table():
    with pytest.raises(Impossible) as info:
        resolve(deal("Zara", "Asha", Asha="A♠", Bikash="K♥"), RULES)
    assert info.value.rule == "DH-3" and "the dealer Zara" in info.value.message.english


def test_dh1_a_hand_for_someone_not_seated_is_impossible():
    hand = deal("Asha", "Asha", players=("Asha", "Bikash"),
                Asha="A♠", Bikash="K♥", Zara="2♣")
    with pytest.raises(Impossible) as info:
        resolve(hand, RULES)
    assert info.value.rule == "DH-1"
    assert info.value.message.english.endswith("someone not seated: Zara")


def test_dh1_a_hand_given_twice_for_one_player_is_impossible():
    hand = DhumbalHand(("Asha", "Bikash"), "Asha", "Asha",
                       (("Asha", Shown(cards=cards("A♠"))),
                        ("Bikash", Shown(cards=cards("K♥"))),
                        ("Bikash", Shown(cards=cards("2♣")))))
    with pytest.raises(Impossible) as info:
        resolve(hand, RULES)
    assert info.value.rule == "DH-1"
    assert info.value.message.english.endswith("not seated: Asha, Bikash, Bikash")


def test_dh1_hands_shown_out_of_seat_order_are_each_players_own():
    # the engine reads who showed what by name, not by place
    in_seat_order = deal("Asha", "Bikash", Asha="K♠ 9♥", Bikash="A♣", Chandra="8♦")
    shuffled = in_seat_order._replace(shown=in_seat_order.shown[::-1])
    result = resolve(shuffled, RULES)
    assert result.values == (("Asha", 19), ("Bikash", 1), ("Chandra", 8))
    assert result.scores == (("Asha", -19), ("Bikash", 27), ("Chandra", -8))
    assert result == resolve(in_seat_order, RULES)._replace(shown=shuffled.shown)


def test_dh2_a_hand_with_neither_cards_nor_a_total_is_impossible():
    hand = DhumbalHand(("Asha", "Bikash"), "Asha", "Asha",
                       (("Asha", Shown(cards=cards("A♠"))), ("Bikash", Shown())))
    with pytest.raises(Impossible) as info:
        resolve(hand, RULES)
    assert info.value.rule == "DH-2" and "Bikash's total None" in info.value.message.english


def test_dh10_show_winner_is_charged_nothing():
    # the net hides a charge on the winner (the winner collects the others'
    # charges less their own), so the charges are checked themselves
    result = resolve(deal("Asha", None, Asha="K♠ 9♥", Bikash="6♣", Chandra="8♦"),
                     RULES)
    assert dict(result.charges) == {"Asha": 19, "Bikash": 0, "Chandra": 8}
    assert result.explanation[-1] == ("Bikash collects 27: Asha pays 19, "
                                      "Chandra pays 8 (DH-11)")


def test_dh8_caller_who_wins_is_charged_nothing():
    result = resolve(deal("Asha", "Bikash", Asha="2♠", Bikash="-", Chandra="7♣"),
                     RULES)
    assert dict(result.charges) == {"Asha": 2, "Bikash": 0, "Chandra": 7}
    assert result.rules == ("DH-2", "DH-4", "DH-8", "DH-11")


# -- properties over random legal hands -------------------------------------------------

@st.composite
def legal_hands(draw):
    n = draw(st.integers(2, 6))
    players = NAMES[:n]
    deck = draw(st.permutations(DECK))
    sizes = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    shown, start = [], 0
    for name, size in zip(players, sizes):
        shown.append((name, Shown(cards=tuple(deck[start:start + size]))))
        start += size
    dealer = draw(st.sampled_from(players))
    may_call = [p for p, s in shown if hand_value(s.cards, RULES) <= 5]
    caller = draw(st.sampled_from([None, *may_call]))
    return DhumbalHand(players, dealer, caller, tuple(shown))


def _play_order(hand: DhumbalHand) -> list[str]:
    i = hand.players.index(hand.dealer)
    n = len(hand.players)
    return [hand.players[(i + 1 + k) % n] for k in range(n)]


@settings(max_examples=examples(200), deadline=None)
@given(hand=legal_hands())
def test_dh11_property_every_ruling_sums_to_zero(hand):
    assert sum(resolve(hand, RULES).net.values()) == 0


@settings(max_examples=examples(200), deadline=None)
@given(hand=legal_hands())
def test_dh8_property_exactly_one_winner_with_the_max_net(hand):
    result = resolve(hand, RULES)
    net = result.net
    assert result.winner in hand.players
    assert net[result.winner] == max(net.values())
    assert net[result.winner] >= 0
    assert all(net[p] <= 0 for p in hand.players if p != result.winner)
    # The winner collects exactly what everybody else is charged.
    assert net[result.winner] == sum(-net[p] for p in hand.players
                                     if p != result.winner)


@settings(max_examples=examples(200), deadline=None)
@given(hand=legal_hands())
def test_dh8_property_caught_caller_pays_exactly_the_penalty(hand):
    result = resolve(hand, RULES)
    values = dict(result.values)
    if hand.caller is None:
        assert result.caught is None
        return
    others = [p for p in hand.players if p != hand.caller]
    caught = any(values[p] <= values[hand.caller] for p in others)
    assert result.caught is caught
    if caught:
        assert result.net[hand.caller] == -RULES.penalty == -25
        assert result.winner != hand.caller
    else:
        assert result.winner == hand.caller
        assert all(values[hand.caller] < values[p] for p in others)


@settings(max_examples=examples(200), deadline=None)
@given(hand=legal_hands())
def test_dh8_property_winner_is_lowest_and_first_clockwise_among_ties(hand):
    result = resolve(hand, RULES)
    values = dict(result.values)
    candidates = [p for p in _play_order(hand)
                  if not (result.caught and p == hand.caller)]
    best = min(values[p] for p in candidates)
    assert result.winner == next(p for p in candidates if values[p] == best)
    # Everyone else pays their own hand value (the caught caller: 25).
    for p in hand.players:
        if p == result.winner:
            continue
        expected = 25 if (result.caught and p == hand.caller) else values[p]
        assert result.net[p] == -expected


@settings(max_examples=examples(200), deadline=None)
@given(hand=legal_hands(), data=st.data())
def test_dh4_property_caller_above_limit_is_refused(hand, data):
    over = [name for name, s in hand.shown if hand_value(s.cards, RULES) > 5]
    if not over:
        return
    caller = data.draw(st.sampled_from(over))
    bad = DhumbalHand(hand.players, hand.dealer, caller, hand.shown)
    with pytest.raises(Refused) as info:
        resolve(bad, RULES)
    assert info.value.rule == "DH-4"
