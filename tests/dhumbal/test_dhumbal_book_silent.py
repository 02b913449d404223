"""Issue #30: the Interpretations written where the Dhumbal rule book was
silent or read two ways — DH-3 against DH-5's draw first, DC-5's one
rank, DC-8's 50 with DO-3, YA-5/DO-6's set of five with two jokers, YA-8's
several lowest — each its RULES.md example."""

from __future__ import annotations

import json

import pytest

from scorekeeper.core.cards import cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.games.dhumbal.turns import check_discard
from scorekeeper.games.registry import profile

NEPALI = profile("dhumbal").rules
CRP = profile("dhumbal", "cardrulesplus")


def points(cli, *args):
    result = cli("settle", "dhumbal", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)["points"]


def test_dh3_a_discard_after_the_draw_may_come_from_six_cards(cli):
    with pytest.raises(Refused) as err:
        check_discard(cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠"), NEPALI)
    assert err.value.rule == "DH-5"
    six = cli("check", "discard", "A♠ 2♠ 3♠ 4♠ 5♠ 6♠")
    assert six.exit_code == 1 and "(DH-5)" in six.stdout and six.stderr == ""
    seven = cli("check", "discard", "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠")
    assert seven.exit_code == 2
    assert "7 cards: a hand holds 0–6 after the draw (DH-3)" in seven.stderr
    with pytest.raises(Impossible) as first:
        check_discard(cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠"), CRP.rules)      # discard first
    assert first.value.rule == "DC-3"
    assert first.value.message == "6 cards: a hand holds 0–5"


def test_dh3_a_hand_called_still_holds_at_most_five(cli):
    result = cli("check", "call", "A♠ A♥ A♦ A♣ 2♠ 2♥")
    assert result.exit_code == 2 and "(DH-3)" in result.stderr


def test_dc5_one_rank_not_one_value(cli):
    result = cli("check", "discard", "Q♠ K♥", "--profile", "cardrulesplus")
    assert result.exit_code == 1 and "(DC-5)" in result.stdout
    assert cli("check", "discard", "Q♠ Q♥", "--profile",
               "cardrulesplus").exit_code == 0


def test_dc8_fifty_replaces_the_penalty_and_plus_adds_the_hand(cli):
    game = ["--profile", "cardrulesplus", "--players", "A,B,C", "--call", "A",
            "--hand", "A=K♠ 2♠", "--hand", "B=A♠", "--hand", "C=5♦"]
    assert points(cli, *game, "--set", "double_penalty=true") == \
        {"A": 50, "B": 0, "C": 0}
    assert points(cli, *game, "--set", "double_penalty=true", "--set",
                  "caught_pays=plus") == {"A": 62, "B": 0, "C": 0}
    assert points(cli, *game) == {"A": 25, "B": 0, "C": 0}


def test_ya5_do6_a_set_of_five_with_two_jokers(cli):
    legal = cli("check", "discard", "7♠ 7♥ 7♦ JK JK", "--profile", "yaniv")
    assert legal.exit_code == 0 and "(DO-6)" in legal.stdout
    four = cli("check", "discard", "7♠ 7♥ 7♦ JK JK", "--profile", "yaniv",
               "--set", "max_set=4")
    assert four.exit_code == 1


def test_ya8_several_lowest_against_a_caught_caller_all_score_zero(cli):
    game = ["--profile", "yaniv", "--players", "A,B,C,D", "--call", "C",
            "--hand", "C=5♣", "--hand", "A=5♠", "--hand", "B=2♦ 3♣",
            "--hand", "D=9♥"]
    assert points(cli, *game) == {"A": 0, "B": 0, "C": 35, "D": 9}
    assert points(cli, *game, "--set", "ties=caller_wins") == \
        {"A": 5, "B": 5, "C": 0, "D": 9}


def test_nepali_games_numbers_name_the_options_they_are_defaults_of():
    from scorekeeper.reports.rulebook import section

    games = profile("dhumbal")
    text = " ".join(section(games).split())
    for option in games.options:
        assert f"`{option}" in text, option
    assert "**at most 5** (option `call_limit = 5`, DO-1)" in text
    assert "DH-8's 25 is `penalty = 25`, its \"instead\" `caught_pays = " \
        "instead` (DO-3)" in text
