"""`check compare HAND HAND` (RULES.md KI-1 … KI-5): which 3-card hand
wins, each hand's kind and the deciding card, through the command as
installed (`main`), in English and Nepali."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from tests.conftest import invoke

from helpers import fits, run_main

NARROW = {"COLUMNS": "40"}


@pytest.fixture
def cli(capsys, monkeypatch):
    def run(*args: object, env: dict[str, str] | None = None) -> SimpleNamespace:
        for key, value in (env or {}).items():
            monkeypatch.setenv(key, value)
        code, stdout, stderr = run_main(["check", "compare", *args], capsys)
        return SimpleNamespace(exit_code=code, stdout=stdout, stderr=stderr)
    return run


def test_ki2_worked_example_a_trial_beats_a_pure_run(cli):
    result = cli("s7h7d7", "hAKQ", "--json")
    assert result.exit_code == 0 and result.stderr == ""
    assert json.loads(result.stdout) == {
        "valid": True, "reason": "7♠ 7♥ 7♦, a trial, beats A♥ K♥ Q♥, a pure run",
        "rule": "KI-2", "kind": "trial", "winner": "first",
        "kinds": ["trial", "pure-run"],
        "hands": [["7♠", "7♥", "7♦"], ["A♥", "K♥", "Q♥"]],
        "deciding": None, "beaten": None}


def test_ki3_check_compare_names_the_deciding_card(cli):
    result = cli("sK hK d9", "dK,cK,s8")
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.splitlines() == [
        "first wins: K♠ K♥ 9♦ beats K♦ K♣ 8♠, both a pair: 9♦ over 8♠ (KI-3)",
        "  first: K♠ K♥ 9♦ — pair",
        "  second: K♦ K♣ 8♠ — pair"]
    data = json.loads(cli("sK hK d9", "dK,cK,s8", "--json").stdout)
    assert (data["winner"], data["deciding"], data["beaten"]) == ("first", "9♦", "8♠")


def test_ki3_suits_never_break_a_tie(cli):
    data = json.loads(cli("K♠ 9♥ 4♦", "K♥ 9♣ 4♠", "--json").stdout)
    assert (data["winner"], data["kinds"], data["rule"]) == \
        ("tie", ["high-card", "high-card"], "KI-3")
    assert data["deciding"] is None
    result = cli("K♠ 9♥ 4♦", "K♥ 9♣ 4♠")
    assert result.stdout.startswith("tie: K♠ 9♥ 4♦ and K♥ 9♣ 4♠ tie")


@pytest.mark.parametrize("options, winner, deciding", [
    ([], "second", "K♥"), (["--set", "a23=top"], "first", "A♠"),
])
def test_ki4_a23_moves_a_2_3_from_second_to_top(cli, options, winner, deciding):
    data = json.loads(cli("sA h2 d3", "cA hK dQ", *options, "--json").stdout)
    assert (data["winner"], data["deciding"], data["rule"]) == (winner, deciding, "KI-4")
    assert data["kinds"] == ["run", "run"]


def test_ki5_top_235_set_on_the_command_line(cli):
    data = json.loads(cli("s2h3d5", "sA hA dA", "--set", "top_235=true",
                          "--json").stdout)
    assert (data["winner"], data["kinds"], data["rule"]) == \
        ("first", ["2-3-5", "trial"], "KI-5")
    assert json.loads(cli("s2h3d5", "sA hA dA", "--json").stdout)["winner"] == "second"


@pytest.mark.parametrize("hands, rule, words", [
    (["s7h7", "hAKQ"], "KI-1", "a hand is 3 cards, not 2: 7♠ 7♥"),
    (["sAKQJ", "h789"], "KI-1", "a hand is 3 cards, not 4: A♠ K♠ Q♠ J♠"),
    (["s7h7d7", "JK hA hK"], "KI-1",
     "JK was given, but a 3-card hand is of one deck without jokers"),
    (["sAKQ", "hA sK dQ"], "KI-1", "K♠ is given twice, but the deck holds it once"),
    (["s7h7d7", "hAKQ", "--set", "a23=middle"], "KI-4",
     "option a23 takes one of second, top, low, none, not 'middle'"),
    (["s7h7d7", "hAKQ", "--set", "top_235=maybe"], "KI-5",
     "option top_235 takes true or false, not 'maybe'"),
    (["s7h7d7", "hAKQ", "--set", "a32=top"], None,
     "unknown option 'a32' for profile three-card (did you mean a23?); options: "
     "a23, top_235"),
    (["s7h7d7", "hAXQ"], None, "cannot read 'hAXQ'"),
])
def test_ki1_what_cannot_be_compared_is_exit_2_with_nothing_on_stdout(
        cli, hands, rule, words):
    result = cli(*hands)
    assert result.exit_code == 2 and result.stdout == ""
    assert words in result.stderr
    assert result.stderr.rstrip().endswith(f"({rule})") == (rule is not None)
    data = json.loads(cli(*hands, "--json").stdout)
    assert data["rule"] == rule and words in data["error"]
    assert data["exit_code"] == 2


def test_ki2_check_compare_in_nepali_fits_40_columns_and_keeps_its_json(cli):
    nepali = cli("s7h7d7", "hAKQ", "--lang", "ne", env=NARROW)
    assert nepali.exit_code == 0 and nepali.stderr == ""
    assert nepali.stdout.splitlines()[-2:] == ["  पहिलो: 7♠ 7♥ 7♦ — ट्रायल",
                                               "  दोस्रो: A♥ K♥ Q♥ — प्योर रन"]
    assert nepali.stdout.startswith("पहिलो जित्छ: ")
    fits(nepali.stdout)
    assert cli("sA h2 d3", "cA hK dQ", "--lang", "ne", "--json").stdout == \
        cli("sA h2 d3", "cA hK dQ", "--json").stdout
    fits(cli("K♠ 9♥ 4♦", "K♥ 9♣ 4♠", env=NARROW).stdout)


def test_ki2_check_compare_is_built_with_the_whole_app_too():
    result = invoke("check", "compare", "s7h7d7", "hAKQ", "--ascii")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == \
        "first wins: 7s 7h 7d, a trial, beats Ah Kh Qh, a pure run (KI-2)"


def test_ki1_ranks_typed_in_devanagari_digits_read_as_latin(cli):
    assert cli("s७h७d७", "hAKQ", "--json").stdout == cli("s7h7d7", "hAKQ", "--json").stdout
