"""Each single ruling of a Dhumbal turn says why, with its rule id: the call
(DH-4 / DC-4), the discard (DH-5 / DC-5: one card, a set, a run, jokers
standing in, the most a set holds, the card just taken, DH-6) and the
draw (DH-6 / DC-6: a single card, the top of a group, a set under
pick_from_set)."""

from __future__ import annotations

import pytest

from scorekeeper.core.cards import card, cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.games.dhumbal.turns import call_ruling, check_discard, check_draw
from scorekeeper.games.registry import profile

NEPALI = profile("dhumbal").rules
CRP = profile("dhumbal", "cardrulesplus")
JOKERS = CRP.parse_settings(["jokers=2"])


def test_dh4_check_call_says_the_value_and_the_limit():
    ruling = call_ruling(cards("A♠ 2♥"), NEPALI)
    assert (ruling.kind, ruling.rule, ruling.reason) == (
        "call", "DH-4", "A♠ 2♥ is worth 3 ≤ 5: may call")
    assert ruling.details == {"cards": cards("A♠ 2♥")}


def test_dc4_check_call_without_a_limit_says_any_value_may_call():
    ruling = call_ruling(cards("K♠ Q♥"), CRP.rules)
    assert (ruling.rule, ruling.reason) == (
        "DC-4", "K♠ Q♥ is worth 20: any value may call in this profile")


@pytest.mark.parametrize("text, rules, kind, rule, reason", [
    ("K♠", NEPALI, "single", "DH-5", "one card may always be discarded"),
    ("5♠ 5♥", NEPALI, "set", "DH-5", "2 cards of one rank"),
    ("5♠ JK", JOKERS, "set", "DC-5", "2 cards of one rank (1 joker standing in)"),
    ("5♠ JK JK", JOKERS, "set", "DC-5", "3 cards of one rank (2 jokers standing in)"),
    ("3♠ 4♠ 5♠", CRP.rules, "run", "DC-5", "a run of 3 in one suit, ace low"),
    ("3♠ JK 5♠", JOKERS, "run", "DC-5", "a run of 3 in one suit, ace low"),
])
def test_dh5_dc5_a_legal_discard_says_what_it_is(text, rules, kind, rule, reason):
    ruling = check_discard(cards(text), rules)
    assert (ruling.valid, ruling.kind, ruling.rule, ruling.reason) == (
        True, kind, rule, reason)


@pytest.mark.parametrize("text, rules, rule, reason", [
    ("10♠ K♠", NEPALI, "DH-5", "10♠ K♠ is not one rank (same value is not enough: 10 and "
                               "K are no group): discard one card, or two or more of the "
                               "same rank"),
    ("Q♠ K♠ A♠", CRP.rules, "DC-5", "Q♠ K♠ A♠ is neither one card, a set of one rank, nor "
                                    "a run of 3+ consecutive cards of one suit (ace low "
                                    "only: Q K A and K A 2 are not runs)"),
    ("3♠ 5♠", CRP.rules, "DC-5", "3♠ 5♠ is neither one card, a set of one rank, nor a run "
                                 "of 3+ consecutive cards of one suit (ace low only: Q K A "
                                 "and K A 2 are not runs)"),
    ("5♠ 5♥ 5♦ 5♣ JK", JOKERS, "DC-5", "a set has at most 4 cards (max_set = 5 allows "
                                       "five, one a joker)"),
    ("JK JK", JOKERS, "DC-5", "JK JK: jokers alone are no set or run (a set or run holds "
                              "at least one natural card for them to stand in with); a "
                              "single joker may be discarded alone"),
])
def test_dh5_dc5_a_refused_discard_says_why(text, rules, rule, reason):
    with pytest.raises(Refused) as err:
        check_discard(cards(text), rules)
    assert (err.value.rule, err.value.message) == (rule, reason)


def test_dh5_no_cards_to_discard_is_impossible():
    with pytest.raises(Impossible) as err:
        check_discard((), NEPALI)
    assert (err.value.rule, err.value.message) == ("DH-5", "no cards to discard")


def test_dc5_taken_does_not_apply_where_the_discard_comes_first():
    with pytest.raises(Impossible) as err:
        check_discard(cards("7♠"), CRP.rules, taken=card("7♥"))
    assert err.value.rule == "DC-5"
    assert err.value.message == (
        "in this profile the discard comes before the draw (DC-5): no card has been "
        "taken from the pile yet this turn, so --taken does not apply")


def test_dh6_a_single_discard_may_be_taken_and_the_top_of_a_group():
    single = check_draw(card("5s"), cards("5s"), NEPALI)
    assert (single.kind, single.rule, single.reason) == (
        "single", "DH-6", "a single discarded card may be taken")
    top = check_draw(card("5h"), cards("5s 5h"), NEPALI)
    assert (top.kind, top.rule, top.reason) == (
        "set", "DH-6", "5♥, the last card of the group, lies on top and may be taken")
    assert top.details == {"cards": (card("5h"),)}


def test_dh6_only_the_top_card_of_a_group_may_be_taken():
    with pytest.raises(Refused) as err:
        check_draw(card("5s"), cards("5s 5h"), NEPALI)
    assert (err.value.rule, err.value.message) == (
        "DH-6", "only the top card may be taken: the last card of the group, 5♥, lies "
                "on top")


def test_dc6_a_set_is_taken_from_only_under_pick_from_set():
    with pytest.raises(Refused) as err:
        check_draw(card("5h"), cards("5s 5h"), CRP.rules)
    assert (err.value.rule, err.value.message) == (
        "DC-6", "a discarded set cannot be picked up: only a single discarded card may "
                "be taken (pick_from_set is off)")
    ruling = check_draw(card("5s"), cards("5s 5h 5d"), CRP.parse_settings(["pick_from_set=true"]))
    assert (ruling.kind, ruling.reason) == (
        "set", "any one card of a just-discarded set may be taken (pick_from_set)")


ENDS = CRP.parse_settings(["pick_run_ends=true"])
ENDS_HIGH = CRP.parse_settings(["pick_run_ends=true", "ace_high=true"])
ENDS_JOKERS = CRP.parse_settings(["pick_run_ends=true", "ace_high=true", "jokers=2"])


@pytest.mark.parametrize("taken, run, rules", [
    ("3s", "3s 4s 5s", ENDS), ("5s", "5s 4s 3s", ENDS),
    ("3s", "4s 3s 5s", ENDS),                 # not laid in order: lowest or highest
    ("As", "Qs Ks As", ENDS_HIGH), ("Qs", "As Ks Qs", ENDS_HIGH),
    ("As", "Ks As Qs", ENDS_HIGH), ("Qs", "Ks As Qs", ENDS_HIGH),
    ("As", "2s As 3s", ENDS_HIGH),            # ace low, out of order
    ("JK", "JK 4s 5s", ENDS_JOKERS),
])
def test_do7_an_end_card_of_a_run_may_be_taken(taken, run, rules):
    _taken_as_an_end(taken, run, rules)


def _taken_as_an_end(taken: str, run: str, rules) -> None:
    ruling = check_draw(card(taken), cards(run), rules)
    assert (ruling.kind, ruling.rule, ruling.reason) == (
        "run", "DO-7", f"{card(taken)} is an end of the run {' '.join(map(str, cards(run)))} "
                       "(pick_run_ends)")


def _only_an_end_may_be_taken(taken: str, run: str, rules, ends: str) -> None:
    """DO-7's refusal of `taken` from `run`, naming the ends that may be."""
    with pytest.raises(Refused) as err:
        check_draw(card(taken), cards(run), rules)
    assert (err.value.rule, err.value.message) == (
        "DO-7", f"only an end card of the run {' '.join(map(str, cards(run)))} may be "
                f"taken: {ends}")


@pytest.mark.parametrize("taken, run, rules, ends", [
    ("4s", "3s 4s 5s", ENDS, "3♠ or 5♠"), ("4s", "4s 3s 5s", ENDS, "3♠ or 5♠"),
    ("Ks", "Ks As Qs", ENDS_HIGH, "Q♠ or A♠"), ("JK", "3s JK 5s", ENDS_JOKERS, "3♠ or 5♠"),
    ("4s", "JK 4s 5s JK", ENDS_JOKERS, "JK"),   # a joker at each end: both ends are JK
])
def test_do7_a_middle_card_of_a_run_may_not_be_taken(taken, run, rules, ends):
    _only_an_end_may_be_taken(taken, run, rules, ends)


def test_do4_ace_high_run_and_never_k_a_2():
    rules = CRP.parse_settings(["ace_high=true"])
    ruling = check_discard(cards("Qs Ks As"), rules)
    assert (ruling.kind, ruling.rule, ruling.reason) == (
        "run", "DO-4", "a run of 3 in one suit, ace high (ace_high = true)")
    with pytest.raises(Refused) as err:
        check_discard(cards("Ks As 2s"), rules)
    assert (err.value.rule, err.value.message) == (
        "DC-5", "K♠ A♠ 2♠ is neither one card, a set of one rank, nor a run of 3+ "
                "consecutive cards of one suit (an ace ends a run low or high, ace_high "
                "= true: K A 2 is not a run)")


def test_do6_five_of_a_rank_with_a_joker_under_max_set_5():
    ruling = check_discard(cards("5s 5h 5d 5c JK"), CRP.parse_settings(["jokers=2",
                                                                         "max_set=5"]))
    assert (ruling.kind, ruling.rule, ruling.reason) == (
        "set", "DO-6", "5 cards of one rank (1 joker standing in)")


@pytest.mark.parametrize("text, taken, rules, error, rule, message", [
    ("3♠ 4♠ 5♠", None, NEPALI, Refused, "DH-5",
     "3♠ 4♠ 5♠ is a sequence, never a legal discard: discard one card, or two or more "
     "of the same rank"),
    ("5♠ 5♥ 6♦", None, NEPALI, Refused, "DH-5",
     "5♠ 5♥ 6♦ is mixed ranks: discard one card, or two or more of the same rank"),
    ("7♥", "7♥", NEPALI, Refused, "DH-6",
     "7♥ was just taken from the discard pile and may not be discarded in the same "
     "turn, alone or in a group"),
    # draw first: a discard comes from the 5 held and the card drawn (DH-3)
    ("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠", None, NEPALI, Impossible, "DH-3",
     "7 cards: a hand holds 0–6 after the draw"),
    ("5♠", "JK", NEPALI, Impossible, "DH-1",
     "JK was given, but these rules play without jokers"),
])
def test_dh3_dh5_dh6_a_refused_discard_says_exactly_why(text, taken, rules, error, rule,
                                                        message):
    with pytest.raises(error) as err:
        check_discard(cards(text), rules, taken=card(taken) if taken else None)
    assert (err.value.rule, err.value.message) == (rule, message)


def test_do5_two_jokers_alone_under_joker_pair():
    ruling = check_discard(cards("JK JK"), CRP.parse_settings(["jokers=2", "joker_pair=true"]))
    assert (ruling.kind, ruling.rule, ruling.reason) == (
        "set", "DO-5", "JK JK: jokers alone are a legal discard (joker_pair = true)")


# -- the survivors of mutation testing (docs/TESTING.md) -----------------------

BY_COUNT = profile("dhumbal").parse_settings(["call_limit=2:5,3:10,4:15"])


def test_do1_check_call_at_a_table_says_the_count_and_the_table():
    ruling = call_ruling(cards("A♠ 2♦ 3♣ 4♥"), BY_COUNT, 3)
    assert (ruling.rule, ruling.reason) == (
        "DO-1", "A♠ 2♦ 3♣ 4♥ is worth 10 ≤ 10 with 3 players (call_limit = "
                "2:5,3:10,4:15): may call")


def test_dh4_a_plain_limit_says_no_player_count_even_when_given():
    ruling = call_ruling(cards("A♠ 2♥"), NEPALI, 3)
    assert (ruling.rule, ruling.reason) == ("DH-4", "A♠ 2♥ is worth 3 ≤ 5: may call")
    with pytest.raises(Refused) as err:
        call_ruling(cards("A♠ 5♥"), NEPALI, 3)
    assert (err.value.rule, err.value.message) == (
        "DH-4", "a hand worth 6 may not call: the call limit is 5")


@pytest.mark.parametrize("taken, allowed", [("5d", True), ("5h", False), ("5s", False)])
def test_dh6_of_three_cards_only_the_last_lies_on_top(taken, allowed):
    group = cards("5s 5h 5d")
    if allowed:
        ruling = check_draw(card(taken), group, NEPALI)
        assert (ruling.kind, ruling.rule, ruling.reason) == (
            "set", "DH-6", "5♦, the last card of the group, lies on top and may be taken")
        return
    with pytest.raises(Refused) as err:
        check_draw(card(taken), group, NEPALI)
    assert (err.value.rule, err.value.message) == (
        "DH-6", "only the top card may be taken: the last card of the group, 5♦, lies "
                "on top")


def test_do8_a_set_taken_from_that_jokers_could_make_a_run_says_it_is_a_set():
    ruling = check_draw(card("5s"), cards("JK 5s JK"),
                        CRP.parse_settings(["jokers=2", "pick_from_set=true"]))
    assert (ruling.kind, ruling.rule, ruling.reason) == (
        "set", "DC-6", "any one card of a just-discarded set may be taken (pick_from_set); "
                       "JK 5♠ JK is a set of one rank, not a run, though its jokers could "
                       "make one (DO-8)")


def test_dc6_pick_from_set_cites_the_draw_rule():
    ruling = check_draw(card("5h"), cards("5s 5h 5d"),
                        CRP.parse_settings(["pick_from_set=true"]))
    assert (ruling.valid, ruling.kind, ruling.rule) == (True, "set", "DC-6")
    assert ruling.details == {"cards": (card("5h"),)}


JOKERS_ENDS = CRP.parse_settings(["pick_run_ends=true", "jokers=2"])


@pytest.mark.parametrize("taken, run, rules", [
    ("JK", "JK Ks As", ENDS_JOKERS),          # ace high, laid rising: the joker an end
    ("JK", "As Ks JK", ENDS_JOKERS),          # and falling
    ("JK", "As 2s JK", ENDS_JOKERS),          # ace low, laid rising, under ace_high
    ("JK", "JK 4s 5s", JOKERS_ENDS),          # without ace_high
    ("JK", "5s 4s JK", JOKERS_ENDS),          # laid falling
    ("JK", "As 2s JK", JOKERS_ENDS),          # the ace low, ace_high off
    ("10s", "Ks Qs Js 10s As", ENDS_HIGH),    # ace high out of order: 10 and A
    ("5s", "2s 3s 4s 5s As", ENDS_HIGH),      # ace low out of order: A and 5
    ("4s", "2s 3s 4s JK As", ENDS_JOKERS),    # A 2 3 4 and a joker, out of order
    ("3s", "2s As 3s", ENDS_HIGH),            # ace low out of order: A and 3 the ends
    ("3s", "2s 3s As", ENDS_HIGH),            # 2 3 A is in order only were A high
    ("3s", "2s 3s As", ENDS),
])
def test_do7_the_ends_of_a_run_as_the_run_counts_the_ace(taken, run, rules):
    _taken_as_an_end(taken, run, rules)


@pytest.mark.parametrize("taken, run, rules, ends", [
    ("4s", "5s 4s 3s", ENDS, "5♠ or 3♠"),               # laid falling: first, then last
    ("Ks", "JK Ks As", ENDS_JOKERS, "JK or A♠"),
    ("2s", "As 2s JK", ENDS_JOKERS, "A♠ or JK"),
    ("4s", "JK 4s 5s", JOKERS_ENDS, "JK or 5♠"),
    ("2s", "2s As 3s", ENDS_HIGH, "A♠ or 3♠"),
    # the bug mutation testing found: 2 3 A was taken as laid in order (the
    # ace high), so the 2 inside the run A 2 3 was an end and the 3 was not
    ("2s", "2s 3s As", ENDS_HIGH, "A♠ or 3♠"),
    ("2s", "2s 3s As", ENDS, "A♠ or 3♠"),
    ("Ks", "Ks Qs Js 10s As", ENDS_HIGH, "10♠ or A♠"),
    ("2s", "2s 3s 4s 5s As", ENDS_HIGH, "A♠ or 5♠"),
    ("JK", "2s 3s 4s JK As", ENDS_JOKERS, "A♠ or 4♠"),
])
def test_do7_a_card_inside_the_run_as_the_run_counts_the_ace(taken, run, rules, ends):
    _only_an_end_may_be_taken(taken, run, rules, ends)
