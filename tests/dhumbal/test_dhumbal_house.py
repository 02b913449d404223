"""Dhumbal house options (RULES.md DO-1 …, issue 15): each rule's worked
example is a test here, named after the rule. Expected numbers are worked
out from the rule text, not read back from the engine."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import examples

from scorekeeper.core.cards import card, cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.seating import Shown
from scorekeeper.games.dhumbal.engine import DhumbalHand, resolve
from scorekeeper.games.dhumbal.turns import (
    call_ruling,
    check_call,
    check_discard,
    check_draw,
)
from scorekeeper.games.registry import profile as get_profile


def rules_of(profile: str, *sets: str):
    return get_profile("dhumbal", profile).parse_settings(list(sets))


# -- DO-1 call limit by player count ----------------------------------------

def test_do1_worked_example_call_limit_by_player_count():
    rules = rules_of("nepali-games", "call_limit=2:5,3:10,4:15")
    hand = cards("A♠ 2♦ 3♣ 4♥")
    assert check_call(hand, rules, 3) == 10
    assert check_call(hand, rules, 4) == 10
    with pytest.raises(Refused) as refused:
        check_call(hand, rules, 2)
    assert refused.value.rule == "DO-1"
    assert "the call limit is 5 with 2 players" in refused.value.message.english


def test_do1_check_call_needs_players_exit_2(cli):
    args = ["check", "call", "A♠ 2♦ 3♣ 4♥", "--set", "call_limit=2:5,3:10,4:15"]
    missing = cli(*args)
    assert missing.exit_code == 2 and "--players N" in missing.stderr
    assert "DO-1" in missing.stderr
    yes = cli(*args, "--players", "3", "--json")
    assert yes.exit_code == 0, yes.stderr
    data = json.loads(yes.stdout)
    assert data["valid"] is True and data["limit"] == 10 and data["rule"] == "DO-1"
    no = cli(*args, "--players", "2")
    assert no.exit_code == 1 and "DO-1" in no.stdout
    assert cli(*args, "--players", "9").exit_code == 2


def test_do1_a_recorded_call_uses_the_players_dealt_in(cli, tmp_path):
    path = tmp_path / "s.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash",
               "--set", "call_limit=2:5,3:10").exit_code == 0
    refused = cli("record", path, "--call", "Asha", "--hand", "Asha=A♠ 2♦ 3♣",
                  "--hand", "Bikash=K♠")
    assert refused.exit_code == 1 and "limit is 5 with 2 players" in refused.stderr


@pytest.mark.parametrize("text", ["3:5,2:10", "2:5,2:10", "4:15", "2:-1",
                                  "2:5,x:7", "2:", "2:5;3:10"])
def test_do1_a_table_the_option_does_not_take_is_exit_2(text):
    with pytest.raises(Impossible) as refused:
        rules_of("nepali-games", f"call_limit={text}")
    assert "call_limit takes" in refused.value.message.english
    assert "2:5,3:10,4:15" in refused.value.message.english
    assert refused.value.rule == "DH-4"


def test_do1_a_plain_number_still_cites_the_profile_rule():
    rules = rules_of("cardrulesplus", "call_limit=7")
    assert call_ruling(cards("A♠ 6♦"), rules).rule == "DC-4"


# -- DO-2 ties, DO-3 caught pays (worked examples) -----------------------------

def _hand(rules, a: str, b: str, c: str):
    shown = tuple((p, Shown(cards=cards(t))) for p, t in
                  (("A", a), ("B", b), ("C", c)))
    return resolve(DhumbalHand(("A", "B", "C"), "C", "A", shown), rules)


def test_do2_worked_example_tie_catches_the_caller_by_default():
    result = _hand(rules_of("nepali-games"), "A♠ 4♦", "2♣ 3♥", "Q♠ 2♦")
    assert result.caught is True and result.winner == "B"
    assert dict(result.scores) == {"A": -25, "B": 37, "C": -12}
    assert "DO-2" not in result.rules


def test_do2_worked_example_ties_caller_wins():
    result = _hand(rules_of("nepali-games", "ties=caller_wins"),
                   "A♠ 4♦", "2♣ 3♥", "Q♠ 2♦")
    assert result.caught is False and result.winner == "A"
    assert dict(result.scores) == {"A": 17, "B": -5, "C": -12}
    assert "DO-2" in result.rules
    assert any("a tie goes to the caller" in line.english for line in result.explanation)


def test_do2_caller_wins_ties_only_a_strictly_lower_hand_catches():
    result = _hand(rules_of("cardrulesplus", "ties=caller_wins"),
                   "A♠ 4♦", "A♣ 3♥", "5♣ 2♦")
    assert result.caught is True and dict(result.scores) == {"A": 25, "B": 0, "C": 0}


def test_do3_worked_example_caught_pays_instead_by_default():
    result = _hand(rules_of("nepali-games"), "A♠ 4♦", "A♣ 2♥", "Q♠ 2♦")
    assert dict(result.scores) == {"A": -25, "B": 37, "C": -12}


def test_do3_worked_example_caught_pays_plus_nepali():
    result = _hand(rules_of("nepali-games", "caught_pays=plus"),
                   "A♠ 4♦", "A♣ 2♥", "Q♠ 2♦")
    assert dict(result.scores) == {"A": -30, "B": 42, "C": -12}
    assert "DO-3" in result.rules
    assert any("25 + 5 = 30" in line.english for line in result.explanation)


def test_do3_worked_example_caught_pays_plus_cardrulesplus():
    result = _hand(rules_of("cardrulesplus", "caught_pays=plus"),
                   "A♠ 4♦", "A♣ 2♥", "Q♠ 2♦")
    assert dict(result.scores) == {"A": 30, "B": 0, "C": 0}


def test_do3_plus_with_the_double_penalty_adds_the_hand_to_50():
    result = _hand(rules_of("cardrulesplus", "caught_pays=plus",
                            "double_penalty=true"), "5♠ 4♦", "A♣ 2♥", "Q♠ 2♦")
    # 9 − 3 = 6 > 5: the penalty is 50, plus the hand's 9
    assert dict(result.scores) == {"A": 59, "B": 0, "C": 0}


def test_do2_do3_recorded_stored_and_verified(cli, tmp_path):
    path = tmp_path / "s.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "A,B,C",
               "--set", "ties=caller_wins", "--set", "caught_pays=plus").exit_code == 0
    text = path.read_text(encoding="utf-8")
    assert 'ties = "caller_wins"' in text and 'caught_pays = "plus"' in text
    done = cli("record", path, "--call", "B", "--hand", "A=A♠ 4♦",
               "--hand", "B=2♣ 3♥", "--hand", "C=Q♠ 2♦", "--json")
    assert done.exit_code == 0, done.stderr
    # A deals the first hand; B's 5 ties A's 5 and wins the call
    assert json.loads(done.stdout)["net"] == {"A": -5, "B": 17, "C": -12}
    assert cli("verify", path).exit_code == 0
    header = cli("standings", path).stdout.splitlines()[0]
    assert "ties = caller_wins (DO-2), caught_pays = plus (DO-3)" in header


@pytest.mark.parametrize("setting, takes", [
    ("ties=sometimes", "one of caught, caller_wins"),
    ("caught_pays=both", "one of instead, plus")])
def test_do2_do3_a_value_they_do_not_take_is_exit_2(cli, setting, takes):
    result = cli("check", "call", "A♠", "--set", setting)
    assert result.exit_code == 2
    assert takes in result.stderr and setting.split("=")[0] in result.stderr
    assert ("DO-2" if "ties" in setting else "DO-3") in result.stderr


# -- DO-4 … DO-8 discards and draws ------------------------------------------

CRP = "cardrulesplus"


def discard(text: str, *sets: str):
    return check_discard(cards(text), rules_of(CRP, "jokers=2", *sets))


def draw(card_text: str, group: str, *sets: str):
    return check_draw(card(card_text), cards(group), rules_of(CRP, "jokers=2", *sets))


@pytest.mark.parametrize("text", ["Q♠ K♠ A♠", "J♥ Q♥ K♥ A♥", "K♦ A♦ JK", "A♣ 2♣ 3♣"])
def test_do4_worked_example_ace_high_runs(text):
    ruling = discard(text, "ace_high=true")
    assert ruling.valid and ruling.kind == "run"


@pytest.mark.parametrize("text", ["Q♠ K♠ A♠", "J♥ Q♥ K♥ A♥"])
def test_do4_without_ace_high_q_k_a_is_no_run(text):
    with pytest.raises(Refused) as refused:
        discard(text)
    assert refused.value.rule == "DC-5"


@pytest.mark.parametrize("sets", [(), ("ace_high=true",)])
def test_do4_k_a_2_never_a_run(sets):
    with pytest.raises(Refused, match="K A 2 (is|are) not"):
        discard("K♠ A♠ 2♠", *sets)


def test_do4_check_discard_cli_cites_do4(cli):
    result = cli("check", "discard", "Q♠ K♠ A♠", "--profile", CRP,
                 "--set", "ace_high=true", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["rule"] == "DO-4"
    ace_low = cli("check", "discard", "Q♠ K♠ A♠", "--profile", CRP)
    assert ace_low.exit_code == 1
    assert ace_low.stdout.startswith("not legal: Q♠ K♠ A♠ is neither one card")
    assert "Q K A and K A 2 are not runs" in ace_low.stdout
    assert ace_low.stdout.rstrip().endswith("(DC-5)") and ace_low.stderr == ""


def test_do5_worked_example_joker_pair():
    ruling = discard("JK JK", "joker_pair=true")
    assert ruling.valid and ruling.kind == "set" and ruling.rule == "DO-5"
    with pytest.raises(Refused, match="jokers alone are no set"):
        discard("JK JK")


def test_do6_worked_example_set_of_five_with_a_joker():
    ruling = discard("7♠ 7♥ 7♦ 7♣ JK", "max_set=5")
    assert ruling.valid and ruling.kind == "set" and ruling.rule == "DO-6"
    with pytest.raises(Refused, match="at most 4"):
        discard("7♠ 7♥ 7♦ 7♣ JK")


def test_do6_max_set_5_without_jokers_is_exit_2():
    with pytest.raises(Impossible) as refused:
        rules_of(CRP, "max_set=5")
    assert "jokers = 2" in refused.value.message.english and refused.value.rule == "DO-6"
    with pytest.raises(Impossible, match="one of 4, 5"):
        rules_of(CRP, "jokers=2", "max_set=6")


@pytest.mark.parametrize("taken, group", [("5♠", "5♠ 6♠ 7♠"), ("7♠", "5♠ 6♠ 7♠"),
                                          ("JK", "JK 6♠ 7♠"), ("7♠", "JK 6♠ 7♠"),
                                          ("5♠", "7♠ 6♠ 5♠"), ("5♠", "7♠ 5♠ 6♠"),
                                          ("A♠", "Q♠ K♠ A♠"), ("A♠", "2♠ 3♠ A♠"),
                                          ("3♠", "2♠ 3♠ A♠")])
def test_do7_worked_example_an_end_of_a_run_may_be_taken(taken, group):
    ruling = draw(taken, group, "pick_run_ends=true", "ace_high=true")
    assert ruling.valid and ruling.rule == "DO-7"


@pytest.mark.parametrize("taken, group", [("6♠", "5♠ 6♠ 7♠"), ("6♠", "JK 6♠ 7♠"),
                                          ("6♠", "7♠ 5♠ 6♠"), ("K♠", "Q♠ K♠ A♠"),
                                          ("2♠", "2♠ 3♠ A♠")])
def test_do7_a_card_inside_a_run_may_not(taken, group):
    with pytest.raises(Refused) as refused:
        draw(taken, group, "pick_run_ends=true", "ace_high=true")
    assert refused.value.rule == "DO-7"


def test_do7_without_the_option_no_card_of_a_run():
    with pytest.raises(Refused) as refused:
        draw("5♠", "5♠ 6♠ 7♠")
    assert refused.value.rule == "DC-6"


@pytest.mark.parametrize("taken", ["JK", "A♣"])
def test_do8_worked_example_jk_ace_jk_is_a_set(taken):
    ruling = draw(taken, "JK A♣ JK", "pick_from_set=true")
    assert ruling.valid and ruling.kind == "set"
    assert "DO-8" in ruling.reason.english and "not a run" in ruling.reason.english
    with pytest.raises(Refused, match="discarded set cannot be picked up"):
        draw(taken, "JK A♣ JK", "pick_run_ends=true")


def test_do8_check_draw_cli_follows(cli):
    args = ["check", "draw", "JK", "--discarded", "JK A♣ JK", "--profile", CRP,
            "--set", "jokers=2"]
    yes = cli(*args, "--set", "pick_from_set=true", "--json")
    assert yes.exit_code == 0 and json.loads(yes.stdout)["kind"] == "set"
    assert "DO-8" in json.loads(yes.stdout)["reason"]
    assert cli(*args, "--set", "pick_run_ends=true").exit_code == 1


@pytest.mark.parametrize("option", ["ace_high=true", "joker_pair=true",
                                    "max_set=5", "pick_run_ends=true"])
def test_do4_to_do7_not_options_of_nepali_games(option):
    with pytest.raises(Impossible, match="unknown option"):
        rules_of("nepali-games", option)


@pytest.mark.parametrize("profile, setting, takes, rule", [
    ("nepali-games", "ties=x", "one of caught, caller_wins", "DO-2"),
    ("cardrulesplus", "caught_pays=both", "one of instead, plus", "DO-3"),
    ("cardrulesplus", "ace_high=maybe", "true or false", "DO-4"),
    ("yaniv", "joker_pair=2", "true or false", "DO-5"),
    ("yaniv", "max_set=6", "one of 4, 5", "DO-6"),
    ("yaniv", "pick_run_ends=x", "true or false", "DO-7"),
    ("yaniv", "reset=sometimes", "true or false", "YA-9"),
    ("yaniv", "call_limit=3:5,2:7", "2:5,3:10,4:15", "YA-4"),
    ("cardrulesplus", "call_limit=2:x", "2:5,3:10,4:15", "DC-4"),
])
def test_do_every_option_refuses_a_value_it_does_not_take_exit_2(
        cli, profile, setting, takes, rule):
    result = cli("check", "call", "A♠", "--profile", profile, "--set", setting)
    assert result.exit_code == 2 and result.stdout == ""
    key = setting.split("=")[0]
    assert f"option {key} takes" in result.stderr
    assert takes in result.stderr and f"({rule})" in result.stderr


@pytest.mark.parametrize("profile", ["nepali-games", "cardrulesplus", "yaniv"])
def test_do_every_option_of_every_profile_is_listed_by_rules_with_its_rule(
        cli, profile):
    data = json.loads(cli("rules", "dhumbal", profile, "--json").stdout)
    rows = {row["option"]: row for row in data["options"]}
    assert list(rows) == list(get_profile("dhumbal", profile).options)
    assert all(row["rule"] in data["rules"] for row in rows.values())


# -- properties -------------------------------------------------------------------

_DECK = [f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                             "J", "Q", "K") for s in "♠♥♦♣"]


@st.composite
def _table(draw):
    """3–4 players, each dealt 1–3 distinct cards; the first calls."""
    n = draw(st.integers(3, 4))
    picked = draw(st.lists(st.sampled_from(_DECK), min_size=3 * n, max_size=3 * n,
                           unique=True))
    sizes = draw(st.lists(st.integers(1, 3), min_size=n, max_size=n))
    names = ("A", "B", "C", "D")[:n]
    return {p: " ".join(picked[3 * i:3 * i + sizes[i]]) for i, p in enumerate(names)}


def _resolve(profile: str, shown: dict[str, str], *sets: str):
    rules = rules_of(profile, "call_limit=none" if profile != "nepali-games"
                     else "call_limit=50", *sets)
    hand = DhumbalHand(tuple(shown), tuple(shown)[-1], "A",
                       tuple((p, Shown(cards=cards(t))) for p, t in shown.items()))
    return resolve(hand, rules)


@given(_table(), st.sampled_from(["nepali-games", "cardrulesplus", "yaniv"]))
@settings(max_examples=examples(60), deadline=None)
def test_do3_plus_charges_a_caught_caller_exactly_their_hand_more(shown, profile):
    instead = _resolve(profile, shown, "caught_pays=instead")
    plus = _resolve(profile, shown, "caught_pays=plus")
    assert instead.caught == plus.caught and instead.winner == plus.winner
    extra = dict(instead.values)["A"] if instead.caught else 0
    assert dict(plus.charges)["A"] == dict(instead.charges)["A"] + extra
    others = [p for p in shown if p != "A"]
    assert all(dict(plus.charges)[p] == dict(instead.charges)[p] for p in others)


@given(_table(), st.sampled_from(["nepali-games", "cardrulesplus", "yaniv"]))
@settings(max_examples=examples(60), deadline=None)
def test_do2_caller_wins_differs_from_caught_only_on_a_tie(shown, profile):
    caught = _resolve(profile, shown)
    wins = _resolve(profile, shown, "ties=caller_wins")
    values = dict(caught.values)
    lowest_other = min(v for p, v in values.items() if p != "A")
    assert caught.caught is (lowest_other <= values["A"])
    assert wins.caught is (lowest_other < values["A"])
    if lowest_other != values["A"]:
        assert dict(wins.scores) == dict(caught.scores)
