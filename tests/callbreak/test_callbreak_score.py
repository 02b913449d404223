"""The Call Break engine: one deal's score (RULES.md CB-4, CB-9 … CB-12)
and the house options of profile `classic`."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.errors import Impossible
from scorekeeper.games.callbreak.engine import CallBreakHand, resolve
from scorekeeper.games.callbreak.rules import CLASSIC, TENTHS, CallBreakRules, Overtricks

RULES = CLASSIC.rules
PLAYERS = ("Asha", "Bikash", "Chandra", "Dipak")


def deal(calls, tricks, dealer="Asha", players=PLAYERS) -> CallBreakHand:
    return CallBreakHand(tuple(players), dealer, tuple(zip(players, calls)),
                         tuple(zip(players, tricks)))


def house(**options) -> CallBreakRules:
    return CLASSIC.build(options)


def scores(result) -> dict[str, int]:
    return dict(result.scores)


# -- CB-10 the score -------------------------------------------------------------

def test_cb10_worked_example_made_calls_score_the_call_and_a_tenth_per_extra():
    result = resolve(deal((3, 2, 4, 2), (4, 2, 5, 2)), RULES)
    assert scores(result) == {"Asha": 31, "Bikash": 20, "Chandra": 41, "Dipak": 20}
    assert result.explanation[0] == "Asha called 3, took 4: 3.1 (CB-10)"
    assert result.made == PLAYERS


def test_cb10_worked_example_a_missed_call_scores_minus_the_call():
    result = resolve(deal((3, 2, 4, 2), (4, 2, 3, 4)), RULES)
    assert scores(result) == {"Asha": 31, "Bikash": 20, "Chandra": -40, "Dipak": 22}
    assert result.explanation[2] == "Chandra called 4, took 3: missed, -4.0 (CB-10)"
    assert result.made == ("Asha", "Bikash", "Dipak")



def test_cb10_the_json_of_a_deal_gives_calls_tricks_made_and_points_in_tenths():
    """`record --json` of a deal (docs/CLI.md): the result's own document,
    the scores in tenths under `points` (a Call Break score is no transfer)."""
    result = resolve(deal((3, 2, 4, 2), (4, 2, 3, 4)), RULES)
    assert result.as_json(2) == {
        "hand": 2, "winner": "Asha",
        "calls": {"Asha": 3, "Bikash": 2, "Chandra": 4, "Dipak": 2},
        "tricks": {"Asha": 4, "Bikash": 2, "Chandra": 3, "Dipak": 4},
        "made": ["Asha", "Bikash", "Dipak"],
        "points": {"Asha": 31, "Bikash": 20, "Chandra": -40, "Dipak": 22},
        "rules": ["CB-9", "CB-10"],
        "explanation": ["Asha called 3, took 4: 3.1 (CB-10)",
                        "Bikash called 2, took 2: 2.0 (CB-10)",
                        "Chandra called 4, took 3: missed, -4.0 (CB-10)",
                        "Dipak called 2, took 4: 2.2 (CB-10)"]}
    assert result.as_json()["hand"] is None        # `settle`: no ledger, no number

def test_cb10_missing_by_one_trick_or_by_all_scores_the_same():
    one_short = resolve(deal((5, 1, 1, 1), (4, 3, 3, 3)), RULES)
    none_taken = resolve(deal((5, 1, 1, 1), (0, 5, 4, 4)), RULES)
    assert scores(one_short)["Asha"] == scores(none_taken)["Asha"] == -50


def test_cb10_every_extra_trick_is_a_tenth_even_past_nine():
    # called 1, took 13: twelve over, 1 + 1.2
    result = resolve(deal((1, 1, 1, 1), (13, 0, 0, 0)), RULES)
    assert scores(result) == {"Asha": 22, "Bikash": -10, "Chandra": -10,
                              "Dipak": -10}


def test_cb10_scores_are_not_transfers_they_need_not_sum_to_zero():
    assert not RULES.zero_sum
    assert sum(scores(resolve(deal((3, 2, 4, 2), (4, 2, 5, 2)), RULES)).values()) == 112


@given(st.integers(1, 8), st.integers(0, 13))
def test_cb10_score_in_tenths_is_10c_plus_extra_or_minus_10c(call, took):
    tenths = RULES.score_units(call, took)
    assert tenths == (10 * call + took - call if took >= call else -10 * call)


@pytest.mark.parametrize("tenths, text", [
    (31, "3.1"), (20, "2.0"), (-40, "-4.0"), (0, "0.0"), (131, "13.1"),
    (-123, "-12.3"), (22, "2.2")])
def test_cb10_tenths_read_as_points(tenths, text):
    assert TENTHS.display(tenths) == text
    assert TENTHS.parse(text) == tenths


def test_cb10_cb12_scores_are_tenths_higher_is_better_not_transfers():
    kind = RULES.score_kind
    assert (kind.scale, kind.higher_is_better, kind.transfers) == (10, True, False)
    assert RULES.score_key == "points" and not RULES.lower_is_better


# -- CB-11 house scoring --------------------------------------------------------

def test_cb11_worked_example_bonus_8_a_made_call_of_8_scores_13():
    rules = house(bonus_8=13)
    result = resolve(deal((8, 1, 2, 1), (9, 1, 2, 1)), rules)
    assert scores(result) == {"Asha": 131, "Bikash": 10, "Chandra": 20, "Dipak": 10}
    assert result.explanation[0] == ("Asha called 8, took 9: 13.1; bonus_8 = 13: "
                                     "a call of 8 made scores 13 (CB-11)")
    assert "CB-11" in result.rules


def test_cb11_bonus_8_without_the_option_a_call_of_8_scores_8():
    result = resolve(deal((8, 1, 2, 1), (9, 1, 2, 1)), RULES)
    assert scores(result)["Asha"] == 81
    assert "CB-11" not in result.rules


def test_cb11_bonus_8_a_missed_call_of_8_still_scores_minus_8():
    result = resolve(deal((8, 1, 2, 1), (7, 3, 2, 1)), house(bonus_8=13))
    assert scores(result)["Asha"] == -80


def test_cb11_bonus_8_counts_for_calls_above_8_never_below_the_call():
    rules = house(bonus_8=10, max_bid=13)
    assert rules.score_units(9, 9) == 100      # 9 made, the bonus 10
    assert rules.score_units(12, 13) == 121    # 12 made: more than the bonus
    assert rules.score_units(7, 7) == 70       # below 8: no bonus


def test_cb11_overtricks_none_a_trick_over_the_call_adds_nothing():
    rules = house(overtricks=Overtricks.NONE)
    result = resolve(deal((3, 2, 4, 2), (5, 2, 4, 2)), rules)
    assert scores(result)["Asha"] == 30
    assert result.explanation[0] == ("Asha called 3, took 5: 3.0; overtricks = "
                                     "none: a trick over the call adds nothing (CB-11)")
    # exactly made: nothing of the option to say
    assert result.explanation[1] == "Bikash called 2, took 2: 2.0 (CB-10)"


@pytest.mark.parametrize("value", [8, 27, 0, -13])
def test_cb11_bonus_8_takes_9_to_26_or_none(value):
    with pytest.raises(Impossible) as err:
        house(bonus_8=value)
    assert err.value.rule == "CB-11"
    assert "from 9 to 26, or none" in err.value.message.english


def test_cb11_house_options_are_typed_from_set():
    rules = CLASSIC.parse_settings(["bonus_8=13", "overtricks=none"])
    assert rules.bonus_8 == 13 and rules.overtricks is Overtricks.NONE
    assert CLASSIC.parse_settings(["bonus_8=none"]).bonus_8 is None


# -- CB-4 calls, CB-9 recording --------------------------------------------------

@pytest.mark.parametrize("call", [0, 9, -1])
def test_cb4_worked_example_a_call_out_of_range_is_impossible(call):
    with pytest.raises(Impossible) as err:
        resolve(deal((call, 2, 4, 2), (4, 2, 5, 2)), RULES)
    assert err.value.rule == "CB-4"
    assert f"Asha {call}" in err.value.message.english and "1–8" in err.value.message.english


def test_cb4_min_bid_2_refuses_a_call_of_1():
    with pytest.raises(Impossible) as err:
        resolve(deal((1, 2, 4, 2), (4, 2, 5, 2)), house(min_bid=2))
    assert err.value.rule == "CB-4"
    assert "2–8" in err.value.message.english


def test_cb4_max_bid_13_allows_a_call_of_9():
    result = resolve(deal((9, 1, 1, 1), (10, 1, 1, 1)), house(max_bid=13))
    assert scores(result)["Asha"] == 91


def test_cb4_the_calls_need_not_add_up_to_13():
    result = resolve(deal((8, 8, 8, 8), (4, 3, 3, 3)), RULES)
    assert set(scores(result).values()) == {-80}
    assert result.made == ()


@pytest.mark.parametrize("options, rule", [
    ({"min_bid": 3}, "CB-4"), ({"max_bid": 7}, "CB-4"), ({"max_bid": 14}, "CB-4"),
    ({"rounds": 0}, "CB-12")])
def test_options_out_of_range_cite_the_rule_defining_them(options, rule):
    with pytest.raises(Impossible) as err:
        house(**options)
    assert err.value.rule == rule


def test_cb9_worked_example_tricks_must_add_up_to_13():
    with pytest.raises(Impossible) as err:
        resolve(deal((3, 2, 4, 2), (4, 2, 5, 1)), RULES)
    assert err.value.rule == "CB-9"
    assert "4 + 2 + 5 + 1 = 12, not 13" in err.value.message.english


def test_cb9_tricks_above_13_in_all_are_impossible_too():
    with pytest.raises(Impossible) as err:
        resolve(deal((3, 2, 4, 2), (4, 2, 5, 3)), RULES)
    assert err.value.rule == "CB-9"


def test_cb9_negative_tricks_are_impossible_even_if_the_sum_is_13():
    with pytest.raises(Impossible) as err:
        resolve(deal((3, 2, 4, 2), (6, -1, 5, 3)), RULES)
    assert err.value.rule == "CB-9"
    assert "Bikash -1" in err.value.message.english


def test_cb9_every_player_calls():
    hand = CallBreakHand(PLAYERS, "Asha", tuple(zip(PLAYERS[:3], (3, 2, 4))),
                         tuple(zip(PLAYERS, (4, 2, 5, 2))))
    with pytest.raises(Impossible) as err:
        resolve(hand, RULES)
    assert err.value.rule == "CB-4"
    assert "no call given for Dipak" in err.value.message.english


def test_cb9_every_player_takes_some_number_of_tricks():
    hand = CallBreakHand(PLAYERS, "Asha", tuple(zip(PLAYERS, (3, 2, 4, 2))),
                         tuple(zip(PLAYERS[1:], (6, 5, 2))))
    with pytest.raises(Impossible) as err:
        resolve(hand, RULES)
    assert err.value.rule == "CB-9"
    assert "no tricks given for Asha" in err.value.message.english


def test_cb9_a_call_for_someone_not_seated_is_impossible():
    hand = deal((3, 2, 4, 2), (4, 2, 5, 2))
    hand = hand._replace(calls=hand.calls + (("Ekta", 2),))
    with pytest.raises(Impossible) as err:
        resolve(hand, RULES)
    assert err.value.rule == "CB-4"
    assert "Ekta" in err.value.message.english


def test_cb9_a_count_that_is_not_a_whole_number_is_impossible():
    hand = deal((3, 2, 4, 2), (4, 2, 5, 2))
    hand = hand._replace(tricks=(("Asha", True), *hand.tricks[1:]))
    with pytest.raises(Impossible) as err:
        resolve(hand, RULES)
    assert err.value.rule == "CB-9"


# -- CB-1 the table, CB-2 the dealer ------------------------------------------------

def test_cb1_a_deal_is_played_by_four():
    three = PLAYERS[:3]
    with pytest.raises(Impossible) as err:
        resolve(deal((3, 2, 4), (4, 4, 5), players=three), RULES)
    assert err.value.rule == "CB-1"


def test_cb2_the_dealer_sits_at_the_table():
    with pytest.raises(Impossible) as err:
        resolve(deal((3, 2, 4, 2), (4, 2, 5, 2), dealer="Ekta"), RULES)
    assert err.value.rule == "CB-2"


# -- CB-12 the deal's winner, the game ---------------------------------------------

def test_cb12_the_best_score_of_a_deal_wins_it():
    assert resolve(deal((3, 2, 4, 2), (4, 2, 5, 2)), RULES).winner == "Chandra"


def test_cb12_a_shared_best_score_has_no_winner():
    assert resolve(deal((3, 3, 3, 3), (4, 3, 3, 3)), RULES).winner == "Asha"
    assert resolve(deal((3, 3, 3, 3), (4, 4, 3, 2)), RULES).winner is None


def test_cb12_a_game_is_rounds_deals_highest_wins():
    assert RULES.planned_hands(4) == 5
    assert house(rounds=7).planned_hands(4) == 7
    assert not RULES.lower_is_better
    assert RULES.length_option == "rounds"


@given(st.lists(st.integers(1, 8), min_size=4, max_size=4),
       st.lists(st.integers(0, 13), min_size=3, max_size=3))
def test_cb9_cb10_any_recorded_deal_scores_every_player_once(calls, some):
    if sum(some) > 13:
        some = [0, 0, 0]
    tricks = [*some, 13 - sum(some)]
    result = resolve(deal(calls, tricks), RULES)
    assert [p for p, _ in result.scores] == list(PLAYERS)
    for (p, tenths), c, t in zip(result.scores, calls, tricks):
        assert (tenths > 0) == (t >= c) == (p in result.made)


def test_cb4_a_stored_call_that_is_text_is_impossible():
    hand = deal((3, 2, 4, 2), (4, 2, 5, 2))
    hand = hand._replace(calls=(("Asha", "3"), *hand.calls[1:]))
    with pytest.raises(Impossible) as err:
        resolve(hand, RULES)
    assert err.value.rule == "CB-4"
    assert err.value.message == "not a whole number of tricks called: Asha='3'"


@given(st.integers(1, 13), st.integers(0, 13), st.sampled_from([None, 9, 13, 26]),
       st.sampled_from(list(Overtricks)))
def test_cb10_cb11_a_made_call_scores_at_least_the_call_a_missed_one_minus_it(
        call, took, bonus, overtricks):
    rules = house(max_bid=13, bonus_8=bonus, overtricks=overtricks)
    tenths = rules.score_units(call, took)
    if took < call:
        assert tenths == -10 * call
        return
    assert tenths >= 10 * call
    extra = took - call if overtricks is Overtricks.TENTH else 0
    assert tenths - extra == 10 * rules.made_points(call)
    assert rules.made_points(call) == (max(bonus, call) if bonus and call >= 8
                                       else call)


# -- the refusals, word for word ------------------------------------------------------

def refusal(hand, rules=RULES) -> Impossible:
    with pytest.raises(Impossible) as err:
        resolve(hand, rules)
    return err.value


def test_cb1_player_names_are_distinct_in_any_case():
    hand = deal((3, 2, 4, 2), (4, 2, 5, 2), players=("Asha", "asha", "Chandra", "Dipak"))
    err = refusal(hand)
    assert (err.message, err.rule) == ("player names must be distinct", "CB-1")


def test_cb2_the_dealer_refusal_names_the_dealer():
    err = refusal(deal((3, 2, 4, 2), (4, 2, 5, 2), dealer="Ekta"))
    assert err.message == "the dealer Ekta is not at the table"


def test_cb4_every_call_out_of_range_is_listed():
    err = refusal(deal((0, 9, 4, 2), (4, 2, 5, 2)))
    assert err.message == "a call is 1–8 tricks, not: Asha 0, Bikash 9"


def test_cb4_every_missing_call_is_listed_with_the_flag():
    hand = deal((3, 2, 4, 2), (4, 2, 5, 2))
    err = refusal(hand._replace(calls=hand.calls[:2]))
    assert err.message == ("no call given for Chandra, Dipak: every player needs "
                           "one (--bid NAME=N)")


def test_cb9_every_missing_count_of_tricks_is_listed_with_the_flag():
    hand = deal((3, 2, 4, 2), (4, 2, 5, 2))
    err = refusal(hand._replace(tricks=hand.tricks[2:]))
    assert err.message == ("no tricks given for Asha, Bikash: every player needs "
                           "one (--won NAME=N)")
    assert err.rule == "CB-9"


def test_cb9_counts_given_for_strangers_are_listed():
    hand = deal((3, 2, 4, 2), (4, 2, 5, 2))
    err = refusal(hand._replace(calls=(*hand.calls, ("Ekta", 1), ("Firoz", 2))))
    assert err.message == "call given twice or for someone not seated: Ekta, Firoz"


def test_cb9_a_count_given_twice_lists_every_name_given():
    hand = deal((3, 2, 4, 2), (4, 2, 5, 2))
    err = refusal(hand._replace(tricks=(*hand.tricks, ("Asha", 4))))
    assert err.message == ("tricks given twice or for someone not seated: Asha, "
                           "Bikash, Chandra, Dipak, Asha")


def test_cb9_counts_that_are_not_whole_numbers_are_listed():
    hand = deal((3, 2, 4, 2), (4, 2, 5, 2))
    err = refusal(hand._replace(tricks=(("Asha", "4"), ("Bikash", 2.0),
                                        *hand.tricks[2:])))
    assert err.message == "not a whole number of tricks taken: Asha='4', Bikash=2.0"


def test_cb9_every_negative_count_is_listed():
    err = refusal(deal((3, 2, 4, 2), (8, -1, 8, -2)))
    assert err.message == "tricks taken are 0 or more, not: Bikash -1, Dipak -2"


def test_cb9_cb10_the_result_keeps_the_calls_and_tricks_in_seat_order():
    hand = deal((3, 2, 4, 2), (4, 2, 5, 2))
    result = resolve(hand._replace(calls=hand.calls[::-1]), RULES)
    assert result.calls == (("Asha", 3), ("Bikash", 2), ("Chandra", 4), ("Dipak", 2))
    assert result.tricks == (("Asha", 4), ("Bikash", 2), ("Chandra", 5), ("Dipak", 2))
    assert result.rules == ("CB-9", "CB-10")
