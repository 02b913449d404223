"""`Seats` (core/seats.py): a session's seats as a value, hand by hand —
who sits (DH-13's joins and leaves), who is out (DC-9) and to whom the
deal passes (DH-3) — worked out from the hands played alone."""

from __future__ import annotations

from typing import Mapping, NamedTuple

from scorekeeper.core.seats import SeatChange, Seats, seat_order
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
    assert [str(f) for f in found] == ["dealer C but the deal passes to B (DH-3)"]
    found = seats.problems(1, ("A", "C"), "C", {"out": ["B"]}, rules)
    assert [str(f) for f in found] == []
    found = seats.problems(1, ("A", "B", "C"), "C", {"out": ["B"]}, rules)
    assert [str(f) for f in found] == ["B has a score but sits this hand out (`out`, DH-1)"]
