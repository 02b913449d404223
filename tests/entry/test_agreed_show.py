"""A Marriage hand from numbers (issue 16, item 3): the finisher's show
accepted without its cards (`--hand A=shown:10`), unverified like an agreed
maal, everything else ruled as usual; the tiplu may then be left out. And
the most an agreed maal may be for a player without a natural
qualification (MA-11: 34, or 64 with alters)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

import scorekeeper.commands.record

NUMBERS = ["--finish", "A", "--seen", "B", "--hand", "A=shown:10", "--hand", "B=2",
           "--hand", "C=0"]


@pytest.fixture
def marriage(tmp_path: Path, cli) -> Path:
    path = tmp_path / "marriage.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C").exit_code == 0
    return path


def test_ma10_worked_example_from_numbers_rules_as_with_the_cards(cli, marriage):
    # RULES.md, MA-10/MA-12 worked example, entered as agreed at the table
    result = cli("record", marriage, *NUMBERS, "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["net"] == {"A": 31, "B": -9, "C": -22}
    assert data["fees"] == {"B": 3, "C": 10}
    assert data["unverified"] == ["A", "B"]
    assert data["tiplu"] is None and data["arrangement"] == []
    assert any("accepted at the table" in line for line in data["explanation"])
    stored = tomllib.loads(marriage.read_text(encoding="utf-8"))["hands"][0]
    assert stored["cards"]["A"] == 10 and stored["unverified"] == ["A", "B"]
    assert "tiplu" not in stored
    assert cli("verify", marriage).exit_code == 0


def test_ma16_agreed_show_by_dublees_pays_the_dublee_bonus(cli):
    result = cli("settle", "marriage", "--players", "A,B,C", "--finish", "A",
                 "--by", "dublees", "--seen", "B", "--hand", "A=shown:6",
                 "--hand", "B=4", "--hand", "C=0", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["fees"] == {"B": 8, "C": 15}


def test_ma15_agreed_show_under_kidnap_takes_the_unseen_maal(cli):
    result = cli("settle", "marriage", "--players", "A,B,C", "--set", "mode=kidnap",
                 "--finish", "A", "--seen", "B", "--hand", "A=shown:10",
                 "--hand", "B=2", "--hand", "C=4", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["net"] == {"A": 39, "B": -13, "C": -26}


def test_ma10_a_bare_number_for_the_finisher_says_how_to_agree_the_show(cli):
    result = cli("settle", "marriage", "--players", "A,B,C", "--finish", "A",
                 "--hand", "A=10", "--hand", "B=2", "--hand", "C=0")
    assert result.exit_code == 2
    assert "write A=shown:10" in result.stderr and "(MA-10)" in result.stderr


def test_ma10_shown_is_only_for_the_finisher(cli):
    result = cli("settle", "marriage", "--players", "A,B,C", "--finish", "A",
                 "--hand", "A=shown:10", "--hand", "B=shown:2", "--hand", "C=0")
    assert result.exit_code == 2
    assert "an agreed maal is B=MAAL" in result.stderr


def test_ma7_cards_shown_still_need_the_tiplu(cli):
    result = cli("settle", "marriage", "--players", "A,B,C", "--finish", "A",
                 "--hand", "A=shown:10", "--hand", "B=K♦", "--hand", "C=0")
    assert result.exit_code == 2
    assert "--tiplu CARD is needed" in result.stderr and "(MA-7)" in result.stderr


@pytest.mark.parametrize("extra, hand, most", [
    ([], "C=35", 34),                               # C did not see
    (["--seen-dublees", "C"], "C=35", 34),          # C saw through dublees
    (["--set", "alter=true"], "C=65", 64),
])
def test_ma11_agreed_maal_without_natural_qualification_at_most_34(
        cli, extra, hand, most):
    result = cli("settle", "marriage", "--players", "A,B,C", "--finish", "A",
                 "--seen", "B", "--hand", "A=shown:10", "--hand", "B=2",
                 "--hand", hand, *extra)
    assert result.exit_code == 2
    assert f"at most {most} without the dealt-tunnela bonus" in result.stderr
    assert "(MA-11)" in result.stderr


def test_ma11_agreed_maal_of_34_for_anyone_and_65_for_a_natural_seer(cli):
    ok = cli("settle", "marriage", "--players", "A,B,C", "--finish", "A",
             "--seen", "B", "--hand", "A=shown:10", "--hand", "B=65",
             "--hand", "C=34", "--json")
    assert ok.exit_code == 0, ok.stderr
    finisher_by_dublees = cli("settle", "marriage", "--players", "A,B,C",
                              "--finish", "A", "--by", "dublees", "--hand",
                              "A=shown:35", "--hand", "B=0", "--hand", "C=0")
    assert finisher_by_dublees.exit_code == 2
    assert "at most 34" in finisher_by_dublees.stderr


def test_ma10_amend_of_an_agreed_show_keeps_it(cli, marriage):
    assert cli("record", marriage, *NUMBERS).exit_code == 0
    changed = [*NUMBERS[:7], "B=3", *NUMBERS[-2:]]
    result = cli("amend", marriage, "1", *changed, "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["net"] == {"A": 30, "B": -7, "C": -23}


def test_item5_ma10_interactive_entry_takes_the_finishers_maal_as_the_agreed_show(
        cli, marriage, monkeypatch):
    # issue 38, item 5: fewer keystrokes; the finisher's show is asked first
    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)
    answers = ["A", "melds", "-",     # no tiplu: every maal a number
               "१०",                  # the finisher's maal alone: the show agreed
               "B", "-", "2", "0", "-", "y"]
    result = cli("record", marriage, input="\n" + "\n".join(answers) + "\n",
                 env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert "try again" not in result.stderr
    assert "A's show (e.g. 's345 h666…', or its maal)" in result.stderr
    assert result.stderr.index("A's show") < result.stderr.index("Who else saw")
    stored = tomllib.loads(marriage.read_text(encoding="utf-8"))["hands"][0]
    assert stored["cards"]["A"] == 10 and "A" in stored["unverified"]
    assert stored["net"] == {"A": 31, "B": -9, "C": -22}
