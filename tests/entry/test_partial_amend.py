"""Partial amend (issue 16, item 4): `amend N` with some hand options keeps
every other stored input of hand N, says what changed before → after, and
refuses as before when the result is impossible. Totals are signed as in
standings (`+69 → +66`)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

HAND = ["--call", "Asha", "--hand", "Asha=A♦", "--hand", "Bikash=2♠ 3♣",
        "--hand", "Chandra=9♥"]


@pytest.fixture
def three(cli, tmp_path: Path) -> Path:
    path = tmp_path / "three.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash,Chandra",
               "--hands", "5").exit_code == 0
    assert cli("record", path, *HAND).exit_code == 0
    assert cli("record", path, *HAND).exit_code == 0
    return path


def stored(path: Path, number: int) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))["hands"][number - 1]


def test_dh8_amend_one_players_cards_keeps_the_call_and_the_others(cli, three):
    result = cli("amend", three, "1", "--hand", "Chandra=kd 3d", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["changed"] == [{"input": "--hand Chandra", "before": "9♥",
                                "after": "K♦ 3♦"}]
    hand = stored(three, 1)
    assert hand["call"] == "Asha"
    assert hand["cards"] == {"Asha": "A♦", "Bikash": "2♠ 3♣", "Chandra": "K♦ 3♦"}
    assert hand["net"] == {"Asha": 18, "Bikash": -5, "Chandra": -13}
    assert stored(three, 2)["net"] == {"Asha": 14, "Bikash": -5, "Chandra": -9}


def test_dh8_amend_a_changed_call_keeps_the_cards(cli, three):
    result = cli("amend", three, "2", "--call", "bik", "--json")
    assert result.exit_code == 0, result.stderr
    hand = stored(three, 2)
    assert hand["call"] == "Bikash" and hand["caught"] is True
    assert hand["cards"] == {"Asha": "A♦", "Bikash": "2♠ 3♣", "Chandra": "9♥"}


def test_dh10_amend_show_drops_the_stored_call(cli, three):
    assert cli("amend", three, "1", "--show").exit_code == 0
    hand = stored(three, 1)
    assert hand.get("show") is True and "call" not in hand
    assert cli("amend", three, "1", "--call", "a").exit_code == 0
    assert stored(three, 1)["call"] == "Asha" and "show" not in stored(three, 1)


def test_dh4_amend_still_refuses_an_impossible_result_and_writes_nothing(cli, three):
    before = three.read_bytes()
    result = cli("amend", three, "1", "--hand", "Bikash=A♦")   # Asha holds A♦
    assert result.exit_code == 2
    assert "A♦" in result.stderr
    assert three.read_bytes() == before


def test_amend_human_shows_inputs_and_signed_totals_before_and_after(cli, three):
    result = cli("amend", three, "1", "--hand", "Chandra=kd 3d",
                 env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.stderr
    assert "--hand Chandra: 9♥ → K♦ 3♦" in result.stdout
    assert "+28 → +32" in result.stdout and "-18 → -22" in result.stdout


def test_ma12_amend_marriage_a_new_finisher_keeps_the_cards(cli, tmp_path):
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C").exit_code == 0
    assert cli("record", path, "--finish", "A", "--seen", "B", "--hand",
               "A=shown:10", "--hand", "B=2", "--hand", "C=0").exit_code == 0
    changed = cli("amend", path, "1", "--hand", "C=1", "--seen", "B,C", "--json")
    assert changed.exit_code == 0, changed.stderr
    # S = 10, 2, 1; T = 13: B pays 13 + 3 − 6 = 10, C pays 13 + 3 − 3 = 13
    assert json.loads(changed.stdout)["net"] == {"A": 23, "B": -10, "C": -13}
    # the numbers stay each player's maal: B's is now B's show agreed
    again = cli("amend", path, "1", "--finish", "B", "--json")
    assert again.exit_code == 0, again.stderr
    hand = stored(path, 1)
    assert hand["finisher"] == "B" and hand["seen"] == ["A", "B", "C"]
    assert hand["cards"] == {"A": 10, "B": 2, "C": 1} and hand["by"] == "melds"
    # a card list for the new finisher that is no show: refused, nothing written
    before = path.read_bytes()
    refused = cli("amend", path, "1", "--finish", "C", "--tiplu", "J♣",
                  "--hand", "C=K♦")
    assert refused.exit_code == 2 and "finishing show is 21 cards" in refused.stderr
    assert path.read_bytes() == before


def test_ma8_amend_no_finisher_drops_by_and_finisher(cli, tmp_path):
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C").exit_code == 0
    assert cli("record", path, "--finish", "A", "--by", "dublees", "--seen", "B",
               "--hand", "A=shown:6", "--hand", "B=2", "--hand", "C=0").exit_code == 0
    result = cli("amend", path, "1", "--no-finisher", "--hand", "A=6")
    assert result.exit_code == 0, result.stderr
    hand = stored(path, 1)
    assert hand.get("no_finisher") is True and "by" not in hand
    assert "finisher" not in hand


def test_amend_seen_dash_means_nobody(cli, tmp_path):
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C").exit_code == 0
    assert cli("record", path, "--finish", "A", "--seen", "B", "--hand",
               "A=shown:10", "--hand", "B=2", "--hand", "C=0").exit_code == 0
    assert cli("amend", path, "1", "--seen", "-").exit_code == 0
    assert stored(path, 1)["seen"] == ["A"]


def test_dh3_amend_says_who_sat_out_and_who_dealt_when_they_change(cli, tmp_path):
    # hand 2: B sat out, so the deal passed from A over B to C (DH-3); B
    # plays it after all: B deals it, and amend says both changes
    path = tmp_path / "four.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "A,B,C,D", "--dealer", "A",
               "--hands", "6").exit_code == 0
    assert cli("record", path, "--call", "a", "--hand", "a=sA", "--hand", "b=s2",
               "--hand", "c=s3", "--hand", "d=s4").exit_code == 0
    assert cli("record", path, "--out", "b", "--call", "a", "--hand", "a=sA",
               "--hand", "c=s3", "--hand", "d=s4").exit_code == 0
    result = cli("amend", path, "2", "--out", "-", "--hand", "b=s5", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["changed"] == [
        {"input": "--hand B", "before": "—", "after": "5♠"},
        {"input": "--out", "before": "B", "after": "—"},
        {"input": "--dealer", "before": "C", "after": "B"}]
    assert stored(path, 2)["dealer"] == "B"
    again = cli("amend", path, "2", "--hand", "b=s6", env={"COLUMNS": "80"})
    assert again.exit_code == 0 and "--dealer" not in again.stdout + again.stderr
