"""settle-up's core: the fewest transfers, checked against a brute force
that knows nothing of zero-sum groups (it tries every set of k pairs)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import examples

from scorekeeper.core.errors import Impossible
from scorekeeper.ledger.document import parse
from scorekeeper.reports.documents import unbalanced_hands
from scorekeeper.reports.settle_up import (
    MAX_EXACT,
    Transfer,
    fewest_transfers,
    how_paid,
    kind_of,
    owed,
    settleable,
)
from scorekeeper.reports.settle_up import balances as balances_over
from scorekeeper.session.session import Session

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


def _refused(b: dict[str, int]) -> tuple[str | None, str]:
    with pytest.raises(Impossible) as err:
        fewest_transfers(b)
    return err.value.rule, err.value.message


def test_balances_that_do_not_sum_to_zero_are_refused():
    assert _refused({"Asha": 5, "Bikash": -3}) == (
        None, "the balances do not sum to 0 (+2): nobody can be squared")


def test_more_players_than_the_exact_search_takes_is_refused_not_guessed():
    n = MAX_EXACT + 1
    b = {f"P{i}": 1 + i * 2 for i in range(n - 1)}
    b["Last"] = -sum(b.values())
    assert _refused(b) == (
        None, f"{n} players with a balance: the exact fewest transfers are searched "
              f"for at most {MAX_EXACT}")


def test_exactly_as_many_players_as_the_exact_search_takes_are_settled(monkeypatch):
    # the limit lowered to 3 (18 players take a second): 3 with a balance
    # are searched, 4 refused; a pair owed each other's amount is not counted
    monkeypatch.setattr("scorekeeper.reports.settle_up.MAX_EXACT", 3)
    three = (Transfer("Asha", "Bikash", 1), Transfer("Asha", "Chandra", 2))
    assert fewest_transfers({"Asha": -3, "Bikash": 1, "Chandra": 2}) == three
    assert fewest_transfers({"Asha": -3, "Bikash": 1, "Chandra": 2, "Dipesh": -7,
                             "Esha": 7}) == (*three, Transfer("Dipesh", "Esha", 7))
    assert _refused({"Asha": -3, "Bikash": 1, "Chandra": 1, "Dipesh": 1}) == (
        None, "4 players with a balance: the exact fewest transfers are searched "
              "for at most 3")


# -- pairs owed each other's amount, taken out first in name order ----------------------

@pytest.mark.parametrize("b, paid", [
    # each player by name pairs with the first after them owed the opposite
    ({"Asha": -5, "Bikash": 5, "Chandra": -5, "Dipesh": 5},
     [("Asha", "Bikash", 5), ("Chandra", "Dipesh", 5)]),
    # Asha has no pair; Bikash pairs with Chandra (not Gopal), Hari with Gopal
    ({"Asha": 2, "Bikash": -5, "Chandra": 5, "Dipesh": -1, "Esha": -1, "Gopal": 5,
      "Hari": -5},
     [("Bikash", "Chandra", 5), ("Dipesh", "Asha", 1), ("Esha", "Asha", 1),
      ("Hari", "Gopal", 5)]),
    # Bikash and Chandra pair (not Chandra and Dipesh); Asha pays the other two
    ({"Asha": -5, "Bikash": 1, "Chandra": -1, "Dipesh": 1, "Esha": 4},
     [("Asha", "Dipesh", 1), ("Asha", "Esha", 4), ("Chandra", "Bikash", 1)]),
    # after Asha, who has no pair, Bikash pairs with Dipesh; Chandra pays the rest
    ({"Asha": 2, "Bikash": -3, "Chandra": -3, "Dipesh": 3, "Esha": 1},
     [("Bikash", "Dipesh", 3), ("Chandra", "Asha", 2), ("Chandra", "Esha", 1)]),
    # names in order case-insensitively: asha before Bikash
    ({"Chandra": -5, "Dipesh": 5, "asha": -5, "Bikash": 5},
     [("asha", "Bikash", 5), ("Chandra", "Dipesh", 5)]),
    # two spellings of one name (only the caller can pass them): as written, A before a
    ({"asha": -5, "Asha": -5, "Bikash": 5, "Chandra": 5},
     [("Asha", "Bikash", 5), ("asha", "Chandra", 5)]),
])
def test_dh11_pairs_owed_each_others_amount_pair_off_first_in_name_order(b, paid):
    assert fewest_transfers(b) == tuple(Transfer(*t) for t in paid)
    assert fewest_transfers(dict(reversed(b.items()))) == tuple(Transfer(*t) for t in paid)


# -- balances over sessions, read whole (issue 40: payments' mutation run) --------------

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"


def sample(name: str, edit=lambda text: text, label: str = "") -> Session:
    return parse(edit((SAMPLES / name).read_text("utf-8")), label or name)


def _by_place(text: str) -> str:
    return text.replace("[options]\n", '[options]\npayout = "places"\n')


def test_cb13_points_each_scores_for_themself_are_settled_pair_by_pair():
    session = sample("callbreak-dashain.toml")
    # totals 11.2, 10.1, 8.4, 14.2 (tenths): each 4 × total − 43.9
    assert owed(session) == {"Asha": 9, "Bikash": -35, "Chandra": -103, "Dipak": 129}
    assert balances_over([session]) == owed(session)
    assert how_paid([session]) == []
    assert kind_of([session]).scale == 10 and kind_of([]).scale == 1


def test_cb14_a_session_paid_by_place_owes_its_places_and_says_so():
    session = sample("callbreak-dashain.toml", _by_place, "by-place.toml")
    # Dipak 1st (14.2), Asha 2nd pays 1, Bikash 3rd 2, Chandra 4th 3
    assert owed(session) == {"Asha": -10, "Bikash": -20, "Chandra": -30, "Dipak": 60}
    assert how_paid([sample("dhumbal-evening.toml"), session]) == [
        "by-place.toml: payout = places (CB-14), stakes to Dipak: Asha pays 1, "
        "Bikash pays 2, Chandra pays 3"]
    again = sample("callbreak-dashain.toml", _by_place, "again.toml")
    assert how_paid([session, again]) == [
        f"{label}: payout = places (CB-14), stakes to Dipak: Asha pays 1, Bikash pays 2, "
        "Chandra pays 3" for label in ("by-place.toml", "again.toml")]


def test_dh11_points_passed_between_players_are_the_totals():
    session = sample("dhumbal-evening.toml")
    assert owed(session) == {"Asha": 32, "Bikash": -56, "Chandra": -4, "Dipesh": 28}
    assert kind_of([session]).scale == 1


def _refusal(sessions, mix: bool = False) -> tuple[str | None, str]:
    with pytest.raises(Impossible) as err:
        balances_over(sessions, mix)
    return err.value.rule, err.value.message


def test_dh11_no_session_is_nothing_to_settle():
    assert _refusal([]) == (None, "no session to settle")


@pytest.mark.parametrize("name, rule", [("dhumbal-cardrulesplus.toml", "DC-8"),
                                        ("dhumbal-yaniv.toml", "YA-8")])
def test_dc8_ya8_penalty_points_are_owed_to_nobody(name, rule):
    profile = "cardrulesplus" if rule == "DC-8" else "yaniv"
    assert _refusal([sample("dhumbal-evening.toml"), sample(name)]) == (
        rule, f"{name}: a {profile} session scores penalty points (lower is better), not "
              "points owed from one player to another: there is nothing to settle; "
              "`scorekeeper standings` ranks it")


def _unbalanced(text: str) -> str:
    return text.replace("Dipesh = -4 }", "Dipesh = -5 }", 1).replace(
        "Dipesh = -7 }", "Dipesh = -8 }", 1)


def test_dh11_hands_that_do_not_sum_to_0_are_named():
    one = sample("dhumbal-evening.toml", lambda t: t.replace("Dipesh = -4 }", "Dipesh = -5 }"),
                 "one.toml")
    assert _refusal([one]) == (
        "DH-11", "one.toml: hand 1 does not sum to 0, so nobody can be squared; run "
                 "`scorekeeper verify one.toml`")
    two = sample("dhumbal-evening.toml", _unbalanced, "two.toml")
    assert unbalanced_hands(two) == [1, 2]
    assert _refusal([two]) == (
        "DH-11", "two.toml: hands 1, 2 do not sum to 0, so nobody can be squared; run "
                 "`scorekeeper verify two.toml`")


def test_dh11_different_games_only_with_mix_and_never_in_different_units():
    dhumbal, marriage = sample("dhumbal-evening.toml"), sample("marriage-rotation.toml")
    with pytest.raises(Impossible):
        balances_over([dhumbal, marriage])              # not mixed unless asked
    with pytest.raises(Impossible):
        settleable([dhumbal, marriage])
    assert _refusal([dhumbal, marriage]) == (
        None, "these sessions are of different games (Dhumbal, Marriage): their points "
              "are of different kinds; --mix adds them up anyway")
    assert balances_over([dhumbal, marriage], mix=True) == {
        "Asha": 32, "Bikash": -56, "Chandra": -4, "Dipesh": 28, "A": 49, "B": 13, "C": -62}
    assert _refusal([dhumbal, sample("callbreak-dashain.toml")], mix=True) == (
        None, "these sessions keep their scores in different units (whole points and "
              "fractions of one): they cannot be added up")


def test_a_transfer_as_json_in_points_and_as_people_read_them():
    transfer = Transfer("Asha", "Bikash", 31)
    assert transfer.as_json() == {"from": "Asha", "to": "Bikash", "points": 31}
    assert transfer.display_json(kind_of([sample("callbreak-dashain.toml")])) == {
        "from": "Asha", "to": "Bikash", "points": "3.1"}


def test_within_a_group_the_biggest_debtor_pays_first_ties_to_the_first_by_name():
    # one group (no part sums to 0): Bikash (-5) pays Dipesh (4) first; then
    # Asha and Bikash owe 1 each, Asha first by name, to Chandra
    assert fewest_transfers({"Asha": -1, "Bikash": -5, "Chandra": 2, "Dipesh": 4}) == (
        Transfer("Asha", "Chandra", 1), Transfer("Bikash", "Chandra", 1),
        Transfer("Bikash", "Dipesh", 4))


def test_within_a_group_the_biggest_creditor_is_paid_first_ties_to_the_first_by_name():
    # Asha (-4) pays Chandra, first of the two owed 3; Bikash (-2) then
    # Dipesh, and Asha's last 1 too
    assert fewest_transfers({"Asha": -4, "Bikash": -2, "Chandra": 3, "Dipesh": 3}) == (
        Transfer("Asha", "Chandra", 3), Transfer("Asha", "Dipesh", 1),
        Transfer("Bikash", "Dipesh", 2))
