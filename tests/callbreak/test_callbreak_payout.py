"""Call Break's place money read whole (CB-14 … CB-16): every payment,
every line said, the rule cited and the deals counted, each worked out by
hand here; amounts that are not whole units rounded as `payout` says (down,
the units left over to the largest remainders, then by name)."""

from __future__ import annotations

from scorekeeper.games.callbreak.payout import Paid, instant_winners, payout, perfect_callers
from scorekeeper.games.callbreak.rules import CLASSIC

FOUR = ("A", "B", "C", "D")
FIVE = ("A", "B", "C", "D", "E")


def house(*sets: str):
    return CLASSIC.parse_settings(list(sets))


def deal(calls, tricks, players=FOUR) -> dict:
    return {"calls": dict(zip(players, calls)), "tricks": dict(zip(players, tricks))}


# -- CB-14 payout by place ---------------------------------------------------------------

def test_cb14_the_worked_example_read_whole_and_every_deal_counted():
    paid = payout(house("payout=places"), FOUR, {"A": 161, "B": 40, "C": 40, "D": -30},
                  [deal((1, 1, 1, 1), (4, 4, 4, 1))] * 3)
    # B and C share the 2nd and 3rd places (1 + 2 stakes), D is 4th (3) and
    # below 0: 6; A receives 1.5 + 1.5 + 6 = 9 stakes, 90 tenths
    assert paid == Paid({"A": 90, "B": -15, "C": -15, "D": -60}, (
        "payout = places (CB-14), stakes to A: B pays 1.5, C pays 1.5, D pays 6",
        "B and C tie for places 2–3: they share 1 + 2 stakes, 1.5 each",
        "D's total -3.0 is below 0 (low_double): pays double"), ("CB-14",), 3)


def test_cb14_winners_who_tie_with_both_doubles_read_whole():
    paid = payout(house("payout=places"), FOUR, {"A": 200, "B": 200, "C": 40, "D": -30}, [])
    # A and B share places 1–2 (0 + 1): 0.5 each; all doubled (20 ≥ 20): C
    # pays 2 × 2 = 4, D 3 × 2 × 2 = 12; the pool 16 + the winners' own 1 + 1
    # = 18 is split, 9 each, less their own 1: 8 stakes each
    assert paid == Paid({"A": 80, "B": 80, "C": -40, "D": -120}, (
        "payout = places (CB-14), stakes to A and B: C pays 4, D pays 12",
        "A and B tie for places 1–2: they share 0 + 1 stakes, 0.5 each",
        "the winner's total 20.0 is at least 20 (high_double): every payment is doubled",
        "D's total -3.0 is below 0 (low_double): pays double"), ("CB-14",), 0)


def test_cb14_everyone_tied_nobody_pays():
    paid = payout(house("payout=places"), FOUR, dict.fromkeys(FOUR, 30), [])
    assert paid == Paid(dict.fromkeys(FOUR, 0), (
        "payout = places (CB-14), stakes to A, B, C and D: nobody pays",
        "A, B, C and D tie for places 1–4: they share 0 + 1 + 2 + 3 stakes, 1.5 each"),
        ("CB-14",), 0)


def test_cb14_thirds_of_a_stake_round_down_the_units_left_to_the_first_by_name():
    paid = payout(house("payout=places", "place_pay=1/1/2"), FOUR,
                  {"A": 100, "B": 10, "C": 10, "D": 10}, [])
    # B, C, D share 1 + 1 + 2 = 4 stakes: 40/3 tenths each, -13.3: rounded
    # down -14 each, the 2 tenths left over to B and C (equal remainders)
    assert paid == Paid({"A": 40, "B": -13, "C": -13, "D": -14}, (
        "payout = places (CB-14), stakes to A: B pays 1.33333, C pays 1.33333, "
        "D pays 1.33333",
        "B, C and D tie for places 2–4: they share 1 + 1 + 2 stakes, 1.33333 each"),
        ("CB-14",), 0)


def test_cb14_the_units_left_over_go_to_the_largest_remainders_not_the_first_names():
    paid = payout(house("payout=places", "place_pay=1/1/1/2"), FIVE,
                  {"A": 100, "B": 10, "C": 10, "D": 10, "E": 10}, [])
    # 4 share 5 stakes: -12.5 tenths each, down to -13; A's 50 is whole (no
    # remainder), so the 2 tenths left go to B and C, not to A
    assert paid is not None
    assert paid.balances == {"A": 50, "B": -12, "C": -12, "D": -13, "E": -13}


def test_cb14_places_are_by_total_not_by_name_and_a_total_of_0_pays_single():
    paid = payout(house("payout=places"), FOUR, {"A": -30, "B": 0, "C": 40, "D": 161}, [])
    # D 1st; C 2nd pays 1; B 3rd, at 0 (not below it), pays 2; A 4th, below
    # 0, pays 3 × 2
    assert paid == Paid({"A": -60, "B": -20, "C": -10, "D": 90}, (
        "payout = places (CB-14), stakes to D: C pays 1, B pays 2, A pays 6",
        "A's total -3.0 is below 0 (low_double): pays double"), ("CB-14",), 0)


def test_cb14_three_winners_split_a_pool_that_is_not_whole_units():
    paid = payout(house("payout=places", "place_pay=1/1/2"), FOUR,
                  {"A": 50, "B": 50, "C": 50, "D": 10}, [])
    # D pays 2 stakes, 20 tenths, to three: 6.67 each, down to 6, the 2
    # tenths left to A and B
    assert paid == Paid({"A": 7, "B": 7, "C": 6, "D": -20}, (
        "payout = places (CB-14), stakes to A, B and C: D pays 2",
        "A, B and C tie for places 1–3: they share 0 + 1 + 1 stakes, 0.666667 each"),
        ("CB-14",), 0)


# -- CB-15 instant win -------------------------------------------------------------------

def test_cb15_an_instant_win_read_whole_in_thirds_of_a_stake():
    rules = house("payout=places", "place_pay=1/1/2", "instant_win=4:8,5:6")
    hands = [deal((2, 2, 2, 2), (2, 3, 4, 4)), deal((8, 1, 1, 1), (8, 2, 2, 1)),
             deal((1, 1, 1, 1), (10, 1, 1, 1)), deal((1, 1, 1, 1), (1, 1, 1, 10))]
    paid = payout(rules, FOUR, {"A": 100, "B": 0, "C": 0, "D": 0}, hands)
    # the losing places pay 1 + 1 + 2 = 4 stakes, 40 tenths: 40/3 each
    assert paid == Paid({"A": 40, "B": -13, "C": -13, "D": -14}, (
        "A called exactly 8 and made it in deal 2: the match ends there (CB-15)",
        "every opponent pays an equal share of what the losing places pay together "
        "(1 + 1 + 2 = 4 stakes): 1.33333 stakes each",
        "deals 3–4 were recorded after the match ended: they are not paid"),
        ("CB-15",), 2)


def test_cb15_ended_by_the_last_deal_recorded_no_deal_goes_unpaid():
    rules = house("payout=places", "instant_win=4:8")
    hands = [deal((1, 1, 1, 1), (4, 4, 4, 1)), deal((1, 8, 1, 1), (1, 8, 2, 2))]
    paid = payout(rules, FOUR, {"A": 90, "B": 30, "C": 30, "D": 20}, hands)
    assert paid == Paid({"A": -20, "B": 60, "C": -20, "D": -20}, (
        "B called exactly 8 and made it in deal 2: the match ends there (CB-15)",
        "every opponent pays an equal share of what the losing places pay together "
        "(1 + 2 + 3 = 6 stakes): 2 stakes each"), ("CB-15",), 2)


def test_cb15_everyone_made_the_call_nobody_pays():
    # five seats, 10 tricks: each called 2 and took 2, under instant_win = 2
    rules = house("payout=places", "instant_win=2")
    paid = payout(rules, FIVE, dict.fromkeys(FIVE, 20), [deal((2,) * 5, (2,) * 5, FIVE)])
    assert paid == Paid(dict.fromkeys(FIVE, 0), (
        "A, B, C, D and E called exactly 2 and made it in deal 1: the match ends there "
        "(CB-15)",
        "every opponent pays an equal share of what the losing places pay together "
        "(1 + 2 + 3 + 4 = 10 stakes): 0 stakes each"), ("CB-15",), 1)


def test_cb15_instant_winners_name_the_deal_and_who_ended_it():
    rules = house("instant_win=8")
    hands = [deal((2, 2, 2, 2), (2, 3, 4, 4)), deal((1, 8, 1, 1), (1, 8, 2, 2))]
    assert instant_winners(rules, 4, hands) == (2, ("B",))
    assert instant_winners(rules, 4, hands[:1]) == (0, ())
    assert instant_winners(CLASSIC.rules, 4, hands) == (0, ())      # no instant_win


# -- CB-16 perfect call every deal ---------------------------------------------------------

def test_cb16_joint_winners_and_a_tie_below_them_read_whole():
    rules = house("payout=places", "perfect_call=1", "rounds=3")
    hands = [deal((1, 1, 3, 2), (1, 1, 6, 5))] * 3
    paid = payout(rules, FOUR, {"A": 30, "B": 30, "C": 50, "D": 50}, hands)
    # A and B hold places 1–2; C and D tie for 3–4: 2 + 3 stakes, 2.5 each;
    # A and B split the 5 stakes
    assert paid == Paid({"A": 25, "B": 25, "C": -25, "D": -25}, (
        "A and B called exactly 1 and took exactly 1 in every deal: joint winners (CB-16)",
        "C and D tie: they share 2 + 3 stakes, 2.5 each",
        "C pays 2.5, D pays 2.5; A and B share it"), ("CB-16",), 3)


def test_cb16_a_single_winner_in_thirds_of_a_stake_read_whole():
    rules = house("payout=places", "place_pay=1/1/2", "perfect_call=2", "rounds=2")
    hands = [deal((2, 3, 3, 3), (2, 4, 3, 4)), deal((2, 3, 3, 3), (2, 3, 4, 4))]
    paid = payout(rules, FOUR, {"A": 40, "B": 63, "C": 63, "D": 63}, hands)
    assert paid == Paid({"A": 40, "B": -13, "C": -13, "D": -14}, (
        "A called exactly 2 and took exactly 2 in every deal: the winner (CB-16)",
        "B, C and D tie: they share 1 + 1 + 2 stakes, 1.33333 each",
        "B pays 1.33333, C pays 1.33333, D pays 1.33333; A receives it"), ("CB-16",), 2)
    assert perfect_callers(rules, FOUR, hands) == ("A",)
    assert perfect_callers(rules, FOUR, hands[:1]) == ()           # 1 deal of 2


def test_cb16_a_single_winner_above_places_that_do_not_tie_read_whole():
    rules = house("payout=places", "perfect_call=1", "rounds=2")
    hands = [deal((1, 4, 3, 2), (1, 5, 4, 3))] * 2
    paid = payout(rules, FOUR, {"A": 20, "B": 82, "C": 62, "D": 42}, hands)
    assert paid == Paid({"A": 60, "B": -10, "C": -20, "D": -30}, (
        "A called exactly 1 and took exactly 1 in every deal: the winner (CB-16)",
        "B pays 1, C pays 2, D pays 3; A receives it"), ("CB-16",), 2)


def test_cb16_everyone_a_perfect_caller_nobody_pays():
    # five seats, 10 tricks: each called 2 and took 2 in the one deal
    rules = house("payout=places", "perfect_call=2", "rounds=1")
    paid = payout(rules, FIVE, dict.fromkeys(FIVE, 20), [deal((2,) * 5, (2,) * 5, FIVE)])
    assert paid is not None
    assert (paid.balances, paid.rules, paid.counted) == (dict.fromkeys(FIVE, 0),
                                                         ("CB-16",), 1)


# -- CB-14 place_ties = void: nobody pays, every deal still counted -----------------------

def test_cb14_place_ties_void_read_whole_and_every_deal_counted():
    rules = house("payout=places", "place_ties=void")
    paid = payout(rules, FOUR, {"A": 161, "B": 40, "C": 40, "D": -30},
                  [deal((1, 1, 1, 1), (4, 4, 4, 1))] * 3)
    assert paid == Paid(dict.fromkeys(FOUR, 0), (
        "B and C tie (place_ties = void): nobody pays (CB-14)",), ("CB-14",), 3)


def test_cb16_place_ties_void_below_the_winners_read_whole_and_every_deal_counted():
    rules = house("payout=places", "perfect_call=1", "rounds=3", "place_ties=void")
    hands = [deal((1, 1, 3, 2), (1, 1, 6, 5))] * 3
    paid = payout(rules, FOUR, {"A": 30, "B": 30, "C": 50, "D": 50}, hands)
    assert paid == Paid(dict.fromkeys(FOUR, 0), (
        "A and B called exactly 1 and took exactly 1 in every deal: joint winners (CB-16)",
        "C and D tie (place_ties = void): nobody pays (CB-14)"), ("CB-16",), 3)
