"""`Seats` (core/seats.py): a session's seats as a value, hand by hand —
who sits (DH-13's joins and leaves), who is out (DC-9) and to whom the
deal passes (DH-3) — worked out from the hands played alone."""

from __future__ import annotations

from typing import Mapping, NamedTuple

from scorekeeper.core.seats import SeatChange, Seats, seat_order, seat_problems
from scorekeeper.games import registry


class Hand(NamedTuple):
    dealer: str
    scores: Mapping[str, int]


def test_dh3_the_deal_passes_left_and_skips_who_sits_out():
    seats = Seats(("A", "B", "C"), "A", (), [Hand("A", {"A": 0, "B": 0, "C": 0})], None)
    assert seats.dealer_for(0) == "A"             # the first dealer deals hand 1
    assert seats.dealer_for(1) == "B"
    assert seats.dealer_for(1, ["B"]) == "C"      # B sits hand 2 out: C deals
    assert seats.seated_for(1, ["B"]) == ("A", "C")


def test_dh13_a_newcomer_sits_left_of_the_one_named_and_deals_in_turn():
    changes = (SeatChange(2, "D", True, "A"), SeatChange(2, "C", False))
    players = seat_order(("A", "B", "C"), changes)
    assert players == ("A", "D", "B", "C")
    seats = Seats(players, "A", changes, [Hand("A", {"A": 1, "B": -1, "C": 0})], None)
    assert seats.present(0) == ("A", "B", "C")
    assert seats.present(1) == ("A", "D", "B")     # from hand 2 on
    assert seats.changes_at(2) == (["D"], ["C"])
    assert seats.dealer_for(1) == "D"             # on the dealer's left
    assert seats.at_new == 3
    assert seats.totals == {"A": 1, "D": 0, "B": -1, "C": 0}


def test_dh13_a_newcomer_is_not_yet_seated_before_the_hand_they_join():
    changes = (SeatChange(2, "E", True), SeatChange(3, "D", True, "A"), SeatChange(3, "C", False))
    seats = Seats(("A", "D", "B", "C", "E"), "A", changes, [], None)
    assert seats.joined_at == {"E": 2, "D": 3}      # the players of `new` are not in it
    assert seats.not_yet_seated(1) == ["D", "E"]    # in seat order
    assert seats.not_yet_seated(2) == ["D"]         # E sits from hand 2 on
    assert seats.not_yet_seated(3) == []            # C left: gone, not waiting


def test_dc9_a_total_at_the_limit_is_out_from_the_next_hand():
    hands = [Hand("A", {"A": 40, "B": 10, "C": 5}), Hand("B", {"A": 0, "B": 95, "C": 5})]
    seats = Seats(("A", "B", "C"), "A", (), hands, 100)
    assert seats.eliminated(1) == ()
    assert seats.eliminated() == ("B",)
    assert seats.seated_for(2) == ("A", "C")
    assert seats.dealer_for(2) == "C"             # B is passed over
    assert not seats.ended_by_elimination
    assert seats.totals_before[1] == {"A": 40, "B": 10, "C": 5}


def test_dh3_a_stored_hand_dealt_out_of_turn_is_named_unless_a_correction():
    rules = registry.profile("dhumbal", "nepali-games").rules
    seats = Seats(("A", "B", "C"), "A", (), [Hand("A", {})], None)
    assert seats.problems(1, ("A", "B", "C"), "B", {}, rules) == []
    assert seats.problems(1, ("A", "B", "C"), "C", {"dealer_corrected": True}, rules) == []
    found = seats.problems(1, ("A", "B", "C"), "C", {}, rules)
    assert [f.english for f in found] == ["dealer C but the deal passes to B (DH-3)"]
    found = seats.problems(1, ("A", "C"), "C", {"out": ["B"]}, rules)
    assert [f.english for f in found] == []
    found = seats.problems(1, ("A", "B", "C"), "C", {"out": ["B"]}, rules)
    assert [f.english for f in found] == ["B has a score but sits this hand out (`out`, DH-1)"]


# -- `seat_problems`: a ledger's joins and leaves, each refusal word for word (DH-13) ----

def _rules(name="nepali-games"):
    return registry.profile("dhumbal", name).rules


def test_dh13_joins_and_leaves_out_of_hand_order_are_refused():
    changes = [SeatChange(3, "D", True), SeatChange(2, "A", False)]
    assert [p.english for p in seat_problems(changes, ("A", "B", "C"), _rules())] == [
        "`seats`: hand 2 after hand 3: the joins and leaves are kept in order (DH-13)"]


def test_dh13_a_newcomer_named_as_a_player_in_any_case_is_refused():
    changes = [SeatChange(2, "b", True)]
    assert [p.english for p in seat_problems(changes, ("A", "B", "C"), _rules())] == [
        "`seats`: b joins but is a player already (DH-13)"]


def test_dh13_a_newcomer_after_someone_not_seated_then_is_refused():
    changes = [SeatChange(2, "C", False), SeatChange(3, "D", True, "C")]
    assert [p.english for p in seat_problems(changes, ("A", "B", "C"), _rules())] == [
        "`seats`: D joins after C, who is not seated then (DH-13)"]


def test_dh13_a_newcomer_whose_name_no_player_may_have_is_refused_with_the_table_rule():
    changes = [SeatChange(2, "D", True), SeatChange(2, "   ", True)]
    assert [p.english for p in seat_problems(changes, ("A", "B", "C"), _rules())] == [
        "`seats`: a player's name is empty"]


def test_dh13_a_leaver_not_seated_then_is_refused_and_a_rejoin_is_not():
    rules = _rules("yaniv")
    gone = [SeatChange(2, "C", False), SeatChange(3, "C", False)]
    assert [p.english for p in seat_problems(gone, ("A", "B", "C"), rules)] == [
        "`seats`: C leaves but is not seated then (YA-12)"]
    fine = [SeatChange(1, "D", True, "A"), SeatChange(2, "D", False), SeatChange(2, "A", False)]
    assert seat_problems(fine, ("A", "B", "C"), rules) == []


# -- `Seats.problems`: who has a score but should not, each reason whole (DH-13, DC-9) ----

def test_dh13_a_score_of_someone_not_seated_and_none_of_someone_seated_are_both_named():
    changes = (SeatChange(2, "C", False), SeatChange(2, "D", True))
    seats = Seats(seat_order(("A", "B", "C"), changes), "A", changes,
                  [Hand("A", {"A": 0, "B": 0, "C": 0})], None)
    found = seats.problems(1, ("A", "B", "C"), "B", {}, _rules())
    assert [f.english for f in found] == [
        "C has a score but is not seated at this hand (`seats`, DH-13); "
        "D plays this hand but has no score (DH-1)"]


def test_dc9_a_score_of_someone_eliminated_before_the_hand_is_named():
    seats = Seats(("A", "B", "C"), "A", (), [Hand("A", {"A": 100, "B": 0, "C": 0})], 100)
    found = seats.problems(1, ("A", "B", "C"), "B", {}, _rules("cardrulesplus"))
    assert [f.english for f in found] == [
        "A has a score but was eliminated before this hand (DC-9)"]


def test_dh1_the_players_of_a_hand_out_of_seat_order_are_named():
    seats = Seats(("A", "B", "C"), "A", (), [], None)
    found = seats.problems(0, ("B", "A", "C"), "A", {}, _rules())
    assert [f.english for f in found] == ["players B, A, C are not in seat order (DH-1)"]


def test_dh13_newcomers_with_no_one_named_sit_at_the_end_in_the_order_they_join():
    changes = (SeatChange(2, "D", True), SeatChange(3, "E", True), SeatChange(3, "F", True, "A"))
    assert seat_order(("A", "B", "C"), changes) == ("A", "F", "B", "C", "D", "E")


def test_dh13_a_newcomers_name_is_taken_for_good_even_after_they_leave():
    changes = [SeatChange(2, "D", True), SeatChange(3, "D", False), SeatChange(4, "d", True)]
    assert [p.english for p in seat_problems(changes, ("A", "B", "C"), _rules())] == [
        "`seats`: d joins but is a player already (DH-13)"]
