"""settle-up's core: the fewest transfers, checked against a brute force
that knows nothing of zero-sum groups (it tries every set of k pairs)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import examples

from scorekeeper.core.errors import Impossible
from scorekeeper.reports.settle_up import MAX_EXACT, Transfer, fewest_transfers

NAMES = ("Asha", "Bikash", "Chandra", "Dipesh", "Esha", "Gopal", "Hari", "Indra")


def squares_everyone(balances: dict[str, int], transfers) -> bool:
    left = dict(balances)
    for t in transfers:
        assert t.points > 0 and t.giver != t.receiver
        left[t.giver] += t.points
        left[t.receiver] -= t.points
    return all(v == 0 for v in left.values())


def brute_force_minimum(values: list[int]) -> int:
    """The smallest k such that some k pairs of players can carry money
    (any amount, either way) squaring everyone: possible exactly when every
    player with a balance is joined to others whose balances, with theirs,
    sum to 0 — tried over every set of k pairs."""
    n = len(values)
    pairs = list(itertools.combinations(range(n), 2))
    for k in range(n):
        for chosen in itertools.combinations(pairs, k):
            parent = list(range(n))

            def root(i: int, parent: list[int] = parent) -> int:
                while parent[i] != i:
                    i = parent[i]
                return i

            for a, b in chosen:
                parent[root(a)] = root(b)
            sums: dict[int, int] = {}
            for i, v in enumerate(values):
                sums[root(i)] = sums.get(root(i), 0) + v
            if all(s == 0 for s in sums.values()):
                return k
    raise AssertionError("balances that sum to 0 always settle")


@st.composite
def balances(draw, most: int = 6):
    n = draw(st.integers(min_value=2, max_value=most))
    values = draw(st.lists(st.integers(-12, 12), min_size=n - 1, max_size=n - 1))
    values.append(-sum(values))
    return dict(zip(NAMES, values))


@settings(max_examples=examples(150), deadline=None)
@given(balances())
def test_fewest_transfers_equals_a_brute_force_and_squares_everyone(b):
    transfers = fewest_transfers(b)
    assert squares_everyone(b, transfers)
    assert len(transfers) == brute_force_minimum(list(b.values()))


@settings(max_examples=examples(60), deadline=None)
@given(balances(most=8), st.randoms(use_true_random=False))
def test_the_answer_does_not_depend_on_the_order_of_the_players(b, rng):
    items = list(b.items())
    rng.shuffle(items)
    assert fewest_transfers(dict(items)) == fewest_transfers(b)


def test_greedy_is_not_enough_two_groups_of_three_settle_in_four():
    # biggest debtor to biggest creditor would take 5 transfers here
    b = {"Asha": 10, "Bikash": 9, "Chandra": 3, "Dipesh": 1, "Esha": -11,
         "Gopal": -12}
    transfers = fewest_transfers(b)
    assert len(transfers) == 4
    assert squares_everyone(b, transfers)


def test_a_pair_owed_exactly_each_others_amount_is_one_transfer():
    assert fewest_transfers({"Asha": 42, "Bikash": -42, "Chandra": 0}) == \
        (Transfer("Bikash", "Asha", 42),)


def test_ties_are_broken_by_name_whatever_the_order():
    a = fewest_transfers({"Chandra": -5, "Bikash": -5, "Asha": 10})
    b = fewest_transfers({"Asha": 10, "Bikash": -5, "Chandra": -5})
    assert a == b == (Transfer("Bikash", "Asha", 5), Transfer("Chandra", "Asha", 5))


def test_everyone_square_means_no_transfer():
    assert fewest_transfers({"Asha": 0, "Bikash": 0}) == ()


def test_balances_that_do_not_sum_to_zero_are_refused():
    with pytest.raises(Impossible, match="do not sum to 0"):
        fewest_transfers({"Asha": 5, "Bikash": -3})


def test_more_players_than_the_exact_search_takes_is_refused_not_guessed():
    n = MAX_EXACT + 1
    b = {f"P{i}": 1 + i * 2 for i in range(n - 1)}
    b["Last"] = -sum(b.values())
    with pytest.raises(Impossible, match="at most"):
        fewest_transfers(b)
