"""The ruling explained line by line, with its numbers and rule ids (the
developers' guide: "Bikash 4 ≤ Asha 5 → Asha is caught (DH-8)"), for each
way a Dhumbal hand ends: DH-8 / DC-8 (a call won or caught, the double
penalty, a caught caller alone scoring), DH-10 (a show, ties), DH-11
(who collects, unverified totals). Each figure was worked by hand."""

from __future__ import annotations

import pytest
from test_dhumbal_rules import RULES, deal

from scorekeeper.core.errors import Impossible
from scorekeeper.games.dhumbal.engine import resolve
from scorekeeper.games.registry import profile

CRP = profile("dhumbal", "cardrulesplus")


def test_dh8_caught_caller_explained_pays_25_winner_collects():
    result = resolve(deal("Asha", "Asha", Asha="5♠", Bikash="4♥", Chandra="9♣"), RULES)
    assert result.explanation == (
        "Bikash 4 ≤ Asha 5 → Asha is caught (DH-8) and pays 25 instead of 5",
        "Bikash has the lowest hand, 4, and wins",
        "Bikash collects 34: Asha pays 25, Chandra pays 9 (DH-11)")
    assert dict(result.charges) == {"Asha": 25, "Bikash": 0, "Chandra": 9}


def test_dh8_call_won_explained_the_caller_is_charged_nothing():
    result = resolve(deal("Asha", "Asha", Asha="A♠", Bikash="2♠"), RULES)
    assert result.explanation == (
        "Asha 1 < every other hand (lowest 2) → Asha wins the call (DH-8) and is "
        "charged nothing",
        "Asha collects 2: Bikash pays 2 (DH-11)")
    assert result.caught is False and result.winner == "Asha"


def test_dh10_show_tie_explained_first_clockwise_from_the_dealers_left():
    # clockwise from Asha's left: Bikash, Chandra, Dipak, Asha
    result = resolve(deal("Asha", None, Asha="6♠", Bikash="6♥", Chandra="2♣ 4♣",
                          Dipak="9♦"), RULES)
    assert result.explanation == (
        "Show after 200 turns (DH-10): no call penalty; the lowest hand wins",
        "Bikash, Chandra and Asha tie at 6: Bikash wins as the first clockwise from "
        "the dealer Asha's left (DH-8)",
        "Bikash collects 21: Asha pays 6, Chandra pays 6, Dipak pays 9 (DH-11)")
    assert result.rules == ("DH-2", "DH-10", "DH-11")


def test_dh11_unverified_totals_are_named_last():
    result = resolve(deal("Asha", "Asha", Asha="A♠", Bikash=17, Chandra=0), RULES)
    assert result.explanation[-1] == ("Unverified totals (not shown card by card): "
                                      "Bikash, Chandra")
    assert result.explanation[0] == ("Chandra 0 ≤ Asha 1 → Asha is caught (DH-8) and "
                                     "pays 25 instead of 1")


def test_dc8_double_penalty_explained_with_its_margin():
    rules = CRP.parse_settings(["double_penalty=true"])
    result = resolve(deal("Asha", "Asha", Asha="K♠ Q♠ J♠", Bikash="A♥", Chandra="5♦"),
                     rules)
    assert result.explanation == (
        "Asha 20 − lowest 1 > 5 → double penalty 50 (DC-8)",
        "Bikash 1 ≤ Asha 20 → Asha is caught (DC-8) and adds 50 penalty points",
        "Bikash has the lowest hand, 1, and wins",
        "Everyone but the caller scores 0 (DC-8)",
        "Points added: Asha +50, Bikash +0, Chandra +0")
    assert result.points == {"Asha": 50, "Bikash": 0, "Chandra": 0}
    assert result.rules == ("DC-2", "DC-4", "DC-8")


def test_dc8_double_penalty_needs_more_than_the_margin():
    # 6 − 1 = 5 is not more than 5: the single penalty
    rules = CRP.parse_settings(["double_penalty=true"])
    result = resolve(deal("Asha", "Asha", Asha="6♠", Bikash="A♥"), rules)
    assert result.points == {"Asha": 25, "Bikash": 0}
    assert "double penalty" not in " ".join(line.english for line in result.explanation)


def test_dc8_call_won_adds_every_other_hand_as_points():
    result = resolve(deal("Asha", "Asha", Asha="2♠", Bikash="3♥", Chandra="5♦"),
                     CRP.rules)
    assert result.explanation == (
        "Asha 2 < every other hand (lowest 3) → Asha wins the call (DC-8) and is "
        "charged nothing",
        "Points added: Asha +0, Bikash +3, Chandra +5")
    assert result.net is None and result.points == {"Asha": 0, "Bikash": 3, "Chandra": 5}


def test_dh11_ruling_as_json_carries_every_key_of_the_contract():
    result = resolve(deal("Asha", "Asha", Asha="A♠", Bikash=17, Chandra="K♣"), RULES)
    assert result.as_json(3) == {
        "hand": 3, "winner": "Asha", "caught": False,
        "net": {"Asha": 27, "Bikash": -17, "Chandra": -10},
        "rules": ["DH-2", "DH-4", "DH-8", "DH-11"], "caller": "Asha",
        "values": {"Asha": 1, "Bikash": 17, "Chandra": 10},
        "charges": {"Asha": 0, "Bikash": 17, "Chandra": 10},
        "unverified": ["Bikash"], "explanation": list(result.explanation), "reset": []}
    assert result.points is None


def test_dc8_penalty_points_as_json_say_points_not_net():
    data = resolve(deal("Asha", "Asha", Asha="2♠", Bikash="3♥"), CRP.rules).as_json()
    assert data["points"] == {"Asha": 0, "Bikash": 3} and "net" not in data
    assert data["hand"] is None


NEPALI = profile("dhumbal")
YANIV = profile("dhumbal", "yaniv")


def test_do3_caught_pays_plus_explained_zero_sum_and_in_points():
    hand = deal("Asha", "Asha", Asha="5♠", Bikash="3♥", Chandra="9♣")
    paid = resolve(hand, NEPALI.parse_settings(["caught_pays=plus"]))
    assert paid.explanation[0] == (
        "Bikash 3 ≤ Asha 5 → Asha is caught (DH-8) and pays 25 + 5 = 30 (penalty plus the "
        "hand: caught_pays = plus, DO-3)")
    assert paid.rules == ("DH-2", "DH-4", "DH-8", "DO-3", "DH-11")
    added = resolve(hand, CRP.parse_settings(["caught_pays=plus"]))
    assert added.explanation[0] == (
        "Bikash 3 ≤ Asha 5 → Asha is caught (DC-8) and adds 25 + 5 = 30 points (penalty "
        "plus the hand: caught_pays = plus, DO-3)")


def test_do2_under_caller_wins_only_a_strictly_lower_hand_catches():
    result = resolve(deal("Asha", "Asha", Asha="5♠", Bikash="3♥", Chandra="9♣"),
                     NEPALI.parse_settings(["ties=caller_wins"]))
    assert result.explanation[0] == ("Bikash 3 < Asha 5 → Asha is caught (DH-8) and pays "
                                     "25 instead of 5")


def test_ya8_a_caught_callers_rivals_tied_lowest_both_score_0_explained():
    result = resolve(deal("Asha", "Asha", Asha="7♠", Bikash="3♥", Chandra="3♣", Dipak="K♦"),
                     YANIV.rules)
    assert result.explanation[1:] == (
        "Bikash and Chandra tie at 3: Bikash wins as the first clockwise from the dealer "
        "Asha's left (YA-8)",
        "Chandra also has the lowest hand, 3, and scores 0 too (YA-8)",
        "Points added: Asha +37, Bikash +0, Chandra +0, Dipak +10")


def test_ya8_two_rivals_sharing_the_lowest_hand_both_score_0():
    result = resolve(deal("Asha", "Asha", Asha="7♠", Bikash="3♥", Chandra="3♣", Dipak="3♦"),
                     YANIV.rules)
    assert result.explanation[2] == ("Chandra, Dipak also have the lowest hand, 3, and "
                                     "score 0 too (YA-8)")


def test_dh8_without_share_lowest_a_tied_rival_pays_its_hand():
    result = resolve(deal("Asha", "Asha", Asha="5♠", Bikash="3♥", Chandra="3♣", Dipak="K♦"),
                     RULES)
    assert result.explanation[1:] == (
        "Bikash and Chandra tie at 3: Bikash wins as the first clockwise from the dealer "
        "Asha's left (DH-8)",
        "Bikash collects 38: Asha pays 25, Chandra pays 3, Dipak pays 10 (DH-11)")
    assert dict(result.charges) == {"Asha": 25, "Bikash": 0, "Chandra": 3, "Dipak": 10}


def test_dh10_a_show_where_nobody_pays_says_the_winner_collects_0():
    result = resolve(deal("Asha", None, Asha="-", Bikash="-"), RULES)
    assert result.explanation[-1] == "Bikash collects 0 (DH-11)"
    assert result.shown == deal("Asha", None, Asha="-", Bikash="-").shown


def test_do1_do2_the_house_options_that_shaped_a_call_are_cited():
    table = resolve(deal("Asha", "Asha", Asha="2♠", Bikash="3♥", Chandra="5♦"),
                    NEPALI.parse_settings(["call_limit=2:5,3:10"]))
    assert table.rules == ("DH-2", "DH-4", "DH-8", "DO-1", "DH-11")
    tie = resolve(deal("Asha", "Asha", Asha="3♠", Bikash="3♥", Chandra="5♦"),
                  NEPALI.parse_settings(["ties=caller_wins"]))
    assert tie.rules == ("DH-2", "DH-4", "DH-8", "DO-2", "DH-11")
    assert tie.explanation[0] == (
        "Asha 3 = lowest other 3: a tie goes to the caller (ties = caller_wins, DO-2) → "
        "Asha wins the call (DH-8) and is charged nothing")
    plain = resolve(deal("Asha", "Asha", Asha="2♠", Bikash="3♥", Chandra="5♦"),
                    NEPALI.parse_settings(["ties=caller_wins"]))
    assert "DO-2" not in plain.rules             # no tie: the option did not matter


def test_dh1_dh8_dc8_impossible_hands_say_why():
    with pytest.raises(Impossible) as err:
        resolve(deal("Asha", None, Asha="3♠", Bikash="3♥"), CRP.rules)
    assert (err.value.rule, err.value.message) == (
        "DC-8", "these rules have no turn cap (turn_cap = none): a hand ends only with a "
        "call (--call NAME)")
    # DH-10 defines the turn cap; `--set turn_cap=none` takes it away
    with pytest.raises(Impossible) as err:
        resolve(deal("Asha", None, Asha="3♠", Bikash="3♥"),
                NEPALI.parse_settings(["turn_cap=none"]))
    assert err.value.rule == "DH-10"
    with pytest.raises(Impossible) as err:
        resolve(deal("Asha", "Asha", players=("Asha", "Bikash", "Chandra"), Asha="A♠"), RULES)
    assert err.value.message == ("no hand given for Bikash, Chandra: every player shows "
                                 "(--hand NAME=CARDS)")
