"""DH-5/DH-6 and DC-6: what may be taken from the previous player's discard."""

import json

import pytest
from typer.testing import CliRunner

from scorekeeper.cli import build
from scorekeeper.core.cards import card, cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.games.dhumbal.turns import check_draw
from scorekeeper.games.registry import profile as get_profile

NEPALI = get_profile("dhumbal", "nepali-games").rules
CRP = get_profile("dhumbal", "cardrulesplus")


def test_dh6_last_card_of_a_discarded_group_lies_on_top_and_may_be_taken():
    assert check_draw(card("5h"), cards("5s 5h"), NEPALI).rule == "DH-6"


def test_dh6_a_card_under_the_top_of_the_group_may_not_be_taken():
    with pytest.raises(Refused) as err:
        check_draw(card("5s"), cards("5s 5h"), NEPALI)
    assert "5♥" in err.value.message.english and err.value.rule == "DH-6"


def test_dc6_a_single_discard_may_be_picked_up():
    assert check_draw(card("9d"), cards("9d"), CRP.rules).kind == "single"


def test_dc6_a_discarded_set_cannot_be_picked_up_by_default():
    with pytest.raises(Refused) as err:
        check_draw(card("5h"), cards("5s 5h"), CRP.rules)
    assert err.value.rule == "DC-6"


def test_dc6_pick_from_set_lets_any_card_of_a_set_be_taken():
    rules = CRP.parse_settings(["pick_from_set=true"])
    assert check_draw(card("5s"), cards("5s 5h 5d"), rules).kind == "set"


def test_dc6_pick_from_set_never_opens_a_run():
    rules = CRP.parse_settings(["pick_from_set=true"])
    with pytest.raises(Refused) as err:
        check_draw(card("4s"), cards("3s 4s 5s"), rules)
    assert err.value.rule == "DC-6"
    assert err.value.message == ("a discarded run cannot be picked up: only a single "
                                 "discarded card may be taken")


def test_dc6_a_card_not_in_the_discard_is_impossible():
    with pytest.raises(Impossible) as err:
        check_draw(card("Kd"), cards("5s 5h"), CRP.rules)
    assert err.value.rule == "DC-6"
    assert err.value.message == "K♦ is not among the discarded cards 5♠ 5♥"


def test_check_draw_cli_exit_codes_and_json():
    runner = CliRunner()
    ok = runner.invoke(build(), ["check", "draw", "5h", "--discarded", "5s 5h", "--json"])
    assert ok.exit_code == 0 and json.loads(ok.stdout)["valid"] is True
    no = runner.invoke(build(), ["check", "draw", "5s", "--discarded", "5s 5h",
                             "--profile", "cardrulesplus", "--json"])
    assert no.exit_code == 1
    data = json.loads(no.stdout)
    assert (data["valid"], data["rule"]) == (False, "DC-6")
    assert "cannot be picked up" in data["reason"]
    bad = runner.invoke(build(), ["check", "draw", "5x", "--discarded", "5s"])
    assert bad.exit_code == 2 and "5x" in bad.stderr
