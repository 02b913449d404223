"""Settlement of a hand (MA-12)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import examples

from scorekeeper.core.errors import Impossible
from scorekeeper.games.marriage.rules import DEFAULT_RULES, Mode
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
    assert all("fee" not in line.reason.english for line in result.pairwise)


def test_ma16_custom_fees():
    rules = replace(DEFAULT_RULES, unseen_fee=12)
    result = settle(["A", "B"], {"A": 0, "B": 0}, "A", set(), rules=rules)
    assert dict(result.net) == {"A": 12, "B": -12}


def test_ma12_unknown_names_are_impossible():
    for args, rule, says in [
            ((["A", "B"], {"A": 0, "B": 0}, "Z", set()), "MA-12",
             "the finisher 'Z' is not at the table"),
            ((["A", "B"], {"A": 0}, "A", set()), "MA-12", "no maal given for 'B'"),
            ((["A", "B"], {"A": 0, "B": 0}, "A", {"Q"}), "MA-12", "'Q' is not at the table"),
            ((["A", "B"], {"A": 0, "B": -1}, "A", set()), "MA-11",
             "maal of 'B' must be a whole number ≥ 0, not -1")]:
        with pytest.raises(Impossible) as err:
            settle(*args)
        assert (err.value.rule, err.value.message) == (rule, says)


@st.composite
def hands(draw):
    """Any table: 2–5 players, any maal, a finisher or none, by melds or
    dublees, each rival seen by melds, through dublees or not at all, and
    any mode, unseen_pairs and fees."""
    n = draw(st.integers(2, 5))
    players = [f"P{i}" for i in range(n)]
    maal = {p: draw(st.integers(0, 80)) for p in players}
    finisher = draw(st.one_of(st.none(), st.sampled_from(players)))
    sight = {p: draw(st.sampled_from(("melds", "dublees", "unseen")))
             for p in players if p != finisher}
    seen = {p for p, how in sight.items() if how == "melds"}
    if finisher is not None and draw(st.booleans()):
        seen.add(finisher)               # naming the finisher changes nothing
    seen_dublees = {p for p, how in sight.items() if how == "dublees"}
    by = draw(st.sampled_from(("melds", "dublees")))
    fee = st.integers(0, 100)
    rules = replace(DEFAULT_RULES, mode=draw(st.sampled_from(tuple(Mode))),
                    unseen_pairs=draw(st.booleans()), seen_fee=draw(fee),
                    unseen_fee=draw(fee), dublee_finish_bonus=draw(fee),
                    dublee_seen_fee=draw(fee))
    return players, maal, finisher, seen, seen_dublees, by, rules


def _expected_counted(players, maal, finisher, unseen, mode):
    if mode == Mode.NORMAL:
        return dict(maal)
    counted = {p: 0 if p in unseen else maal[p] for p in players}
    if mode == Mode.KIDNAP and finisher is not None:
        counted[finisher] += sum(maal[p] for p in unseen)
    return counted


@settings(max_examples=examples(400), deadline=None)
@given(hands())
def test_ma12_ma15_ma16_every_hand_sums_to_zero_and_matches_pairwise(h):
    """For every mode and any fees: every hand sums to 0 and equals the
    pairwise view — each rival pays the finisher w, every pair settles the
    difference of counted maal (except two unseen players under
    `unseen_pairs = false` in mode normal)."""
    players, maal, finisher, seen, seen_dublees, by, rules = h
    result = settle(players, maal, finisher, seen, by, rules, seen_dublees)
    assert sum(result.net.values()) == 0
    assert result.pairwise_net() == result.net
    assert list(result.net) == players
    unseen = {p for p in players if p != finisher and p not in seen
              and p not in seen_dublees}
    counted = _expected_counted(players, maal, finisher, unseen, rules.mode)
    assert dict(result.counted) == counted and dict(result.shown) == maal
    assert result.total_maal == sum(counted.values())
    apart = rules.mode == Mode.NORMAL and not rules.unseen_pairs
    # the pairwise model, computed independently
    expected = {p: 0 for p in players}
    fees = {}
    if finisher is not None:
        for rival in players:
            if rival == finisher:
                continue
            base = rules.dublee_seen_fee if rival in seen_dublees else \
                rules.seen_fee if rival in seen else rules.unseen_fee
            fees[rival] = base + (rules.dublee_finish_bonus if by == "dublees" else 0)
            expected[rival] -= fees[rival]
            expected[finisher] += fees[rival]
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            if apart and a in unseen and b in unseen:
                continue
            expected[a] += counted[a] - counted[b]
            expected[b] -= counted[a] - counted[b]
    assert dict(result.net) == expected
    assert {pay.rival: pay.fee for pay in result.payments} == fees
    n, total = len(players), result.total_maal
    for pay in result.payments:
        assert pay.amount == -result.net[pay.rival]
        if not (apart and len(unseen) > 1):
            assert pay.amount == total + pay.fee - n * counted[pay.rival]
    if finisher is None:
        assert result.payments == ()
        if not (apart and len(unseen) > 1):
            assert all(result.net[p] == n * counted[p] - total for p in players)
    else:
        assert result.net[finisher] == sum(p.amount for p in result.payments)


@pytest.mark.parametrize("bad", [True, False, 2.5, 3.0, "3", None])
def test_ma11_a_maal_is_a_whole_number_not_a_bool_float_or_text(bad):
    with pytest.raises(Impossible) as err:
        settle(["A", "B"], {"A": 0, "B": bad}, "A", set())
    assert err.value.rule == "MA-11"
    assert err.value.message == f"maal of 'B' must be a whole number ≥ 0, not {bad!r}"


@pytest.mark.parametrize("players, maal, finisher, seen, dublees, rule, message", [
    (["A", "A"], {"A": 0}, "A", set(), (), "MA-12", "a player is named twice"),
    (["A", "B"], {"A": 0, "B": 0}, "A", set(), {"Z"}, "MA-12", "'Z' is not at the table"),
    (["A", "B"], {"A": 0, "B": 0}, "A", set(), {"A"}, "MA-9",
     "A is the finisher: a finisher is always seen and pays no fee; seeing through "
     "7 dublees is marked for a rival"),
    (["A", "B", "C"], {"A": 0, "B": 0, "C": 0}, "A", {"B"}, {"B"}, "MA-9",
     "B cannot have seen the tiplu both by qualifying and through 7 dublees: name "
     "them once"),
    (["A"], {"A": 0}, "A", set(), (), "MA-1", "1 player: this profile seats 2–5"),
])
def test_ma12_an_impossible_table_cites_its_rule(players, maal, finisher, seen, dublees,
                                                rule, message):
    with pytest.raises(Impossible) as err:
        settle(players, maal, finisher, seen, seen_dublees=dublees)
    assert (err.value.rule, err.value.message) == (rule, message)


def test_ma12_pairwise_lines_name_each_fee_and_each_maal_difference():
    result = settle(["A", "B", "C"], {"A": 10, "B": 2, "C": 0}, "A", {"B"})
    assert [tuple(line) for line in result.pairwise] == [
        ("B", "A", 3, "finish fee (saw the tiplu)"),
        ("C", "A", 10, "finish fee (did not see the tiplu)"),
        ("B", "A", 8, "maal 10 vs 2"), ("C", "A", 10, "maal 10 vs 0"),
        ("C", "B", 2, "maal 2 vs 0")]
    assert result.partners("B") == ("A", "B", "C") and result.apart == ()


def test_ma9_ma16_fees_by_dublees_name_how_each_rival_saw():
    result = settle(["A", "B", "C"], {"A": 10, "B": 2, "C": 0}, "A", {"B"},
                    by="dublees", seen_dublees={"C"})
    assert [tuple(line) for line in result.pairwise][:2] == [
        ("B", "A", 8, "finish fee (saw the tiplu, finish by dublees)"),
        ("C", "A", 8, "finish fee (saw the tiplu through 7 dublees, finish by dublees)")]
    assert [tuple(p) for p in result.payments] == [
        ("B", 8, 14, (("seen_fee", 3), ("dublee_finish_bonus", 5))),
        ("C", 8, 20, (("dublee_seen_fee", 3), ("dublee_finish_bonus", 5)))]


def test_ma12_a_settlement_keeps_seat_order_and_reads_as_a_mapping():
    result = settle(["C", "A", "B"], {"A": 10, "B": 2, "C": 0}, "A", {"B"})
    assert list(result.net) == ["C", "A", "B"] and len(result.net) == 3
    assert repr(result.net) == "{'C': -22, 'A': 31, 'B': -9}"
    assert result.net == {"A": 31, "B": -9, "C": -22} and result.net != {"A": 31}
    assert hash(result.net) == hash(settle(["C", "A", "B"], {"A": 10, "B": 2, "C": 0},
                                           "A", {"B"}).net)
    assert result.net != settle(["A", "B", "C"], {"A": 10, "B": 2, "C": 0}, "A",
                                {"B"}).net          # the same sums, another order
    assert result.net != 31
