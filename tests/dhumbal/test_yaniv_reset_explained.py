"""YA-9 (`reset`) explained: a total rising onto 50 or 100 drops by 50, and
the ruling says so with the numbers — for a rise of 1 as for any other,
and for a player whose total before the hand was not given (0)."""

from __future__ import annotations

from test_yaniv import one_hand, yaniv


def test_ya9_the_reset_is_explained_with_the_totals():
    result = one_hand(yaniv(), "C", {"A": "A♠", "B": "K♠", "C": "JK"},
                      totals={"A": 0, "B": 90, "C": 0})
    assert result.explanation[-1] == ("B 90 + 10 = 100 lands on 100 → reset to 50 "
                                      "(YA-9): -40 this hand")
    assert dict(result.scores)["B"] == -40


def test_ya9_a_rise_of_one_onto_50_resets_too():
    result = one_hand(yaniv(), "C", {"A": "A♠", "B": "K♠", "C": "JK"},
                      totals={"A": 49, "B": 0, "C": 0})
    assert dict(result.scores)["A"] == 1 - 50 and result.reset == ("A",)
    assert result.explanation[-1] == ("A 49 + 1 = 50 lands on 50 → reset to 0 (YA-9): "
                                      "-49 this hand")


def test_ya9_a_total_not_given_counts_from_0():
    # B's total before the hand is not given: 0 + 50 lands on 50
    result = one_hand(yaniv(), "C", {"A": "A♠", "B": "K♠ K♥ K♦ K♣ 10♠", "C": "JK"},
                      totals={"A": 0, "C": 0})
    assert dict(result.scores)["B"] == 0 and result.reset == ("B",)
