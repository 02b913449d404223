"""Settlement of a hand (MA-12)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dataclasses import replace

from scorekeeper.errors import Impossible
from scorekeeper.games.marriage.rules import DEFAULT_RULES
from scorekeeper.games.marriage.settlement import settle


def test_ma12_worked_example_a_plus_31():
    result = settle(["A", "B", "C"], {"A": 10, "B": 2, "C": 0}, "A", {"B"})
    assert dict(result.net) == {"A": 31, "B": -9, "C": -22}
    assert list(result.net) == ["A", "B", "C"]          # seat order
    assert result.total_maal == 12
    assert [(p.rival, p.fee, p.amount) for p in result.payments] == \
        [("B", 3, 9), ("C", 10, 22)]
    assert result.pairwise_net() == result.net


def test_ma12_finisher_always_counts_as_seen():
    a = settle(["A", "B", "C"], {"A": 10, "B": 2, "C": 0}, "A", {"B"})
    b = settle(["A", "B", "C"], {"A": 10, "B": 2, "C": 0}, "A", {"A", "B"})
    assert a.net == b.net


def test_ma12_dublee_finish_adds_5_to_every_fee():
    result = settle(["A", "B", "C"], {"A": 10, "B": 2, "C": 0}, "A", {"B"},
                    by="dublees")
    assert dict(result.net) == {"A": 41, "B": -14, "C": -27}
    assert [p.fee for p in result.payments] == [8, 15]


def test_ma12_finisher_may_pay_a_rival_with_big_maal():
    result = settle(["A", "B"], {"A": 0, "B": 30}, "A", {"B"})
    # B pays 30 + 3 − 2·30 = −27: the finisher pays B 27
    assert result.payments[0].amount == -27
    assert dict(result.net) == {"A": -27, "B": 27}


def test_ma12_no_finisher_no_fees():
    result = settle(["A", "B", "C", "D"], {"A": 10, "B": 2, "C": 0, "D": 0},
                    None, {"A", "B"})
    assert dict(result.net) == {"A": 28, "B": -4, "C": -12, "D": -12}
    assert result.payments == ()
    assert all("fee" not in line.reason for line in result.pairwise)


def test_ma12_custom_fees():
    rules = replace(DEFAULT_RULES, fee_unseen=12)
    result = settle(["A", "B"], {"A": 0, "B": 0}, "A", set(), rules=rules)
    assert dict(result.net) == {"A": 12, "B": -12}


def test_ma12_unknown_names_are_impossible():
    with pytest.raises(Impossible):
        settle(["A", "B"], {"A": 0, "B": 0}, "Z", set())
    with pytest.raises(Impossible):
        settle(["A", "B"], {"A": 0}, "A", set())
    with pytest.raises(Impossible):
        settle(["A", "B"], {"A": 0, "B": 0}, "A", {"Q"})
    with pytest.raises(Impossible):
        settle(["A", "B"], {"A": 0, "B": -1}, "A", set())


@st.composite
def hands(draw):
    n = draw(st.integers(2, 5))
    players = [f"P{i}" for i in range(n)]
    maal = {p: draw(st.integers(0, 80)) for p in players}
    finisher = draw(st.one_of(st.none(), st.sampled_from(players)))
    seen = set(draw(st.lists(st.sampled_from(players))))
    by = draw(st.sampled_from(("melds", "dublees")))
    return players, maal, finisher, seen, by


@settings(max_examples=300, deadline=None)
@given(hands())
def test_ma12_every_hand_sums_to_zero_and_matches_pairwise(h):
    players, maal, finisher, seen, by = h
    result = settle(players, maal, finisher, seen, by)
    assert sum(result.net.values()) == 0
    assert result.pairwise_net() == result.net
    n, total = len(players), sum(maal.values())
    if finisher is None:
        assert all(result.net[p] == n * maal[p] - total for p in players)
    else:
        for pay in result.payments:
            fee = (3 if pay.rival in seen else 10) + (5 if by == "dublees" else 0)
            assert pay.fee == fee
            assert pay.amount == total + fee - n * maal[pay.rival]
            assert result.net[pay.rival] == -pay.amount
        assert result.net[finisher] == sum(p.amount for p in result.payments)
