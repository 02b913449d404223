"""Dhumbal house options (RULES.md DO-1 …, issue 15): each rule's worked
example is a test here, named after the rule. Expected numbers are worked
out from the rule text, not read back from the engine."""

from __future__ import annotations

import json

import pytest

from scorekeeper.core.cards import cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.games.dhumbal.turns import call_ruling, check_call
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
    assert "the call limit is 5 with 2 players" in refused.value.message


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
    assert "call_limit takes" in refused.value.message
    assert "2:5,3:10,4:15" in refused.value.message
    assert refused.value.rule == "DH-4"


def test_do1_a_plain_number_still_cites_the_profile_rule():
    rules = rules_of("cardrulesplus", "call_limit=7")
    assert call_ruling(cards("A♠ 6♦"), rules).rule == "DC-4"
