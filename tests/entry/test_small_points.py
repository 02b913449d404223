"""The smaller points of issue 16 (item 8), each with a test: a ruling
says who sat out and a dealer out of turn; `verify` says ok on stdout;
exports carry the cards shown; `rename` onto a player's name; alters cite
MA-17; `--set jokers=bogus` cites DC-1. (Signed amend totals: see
test_partial_amend; no "else" without a finisher: test_entry_says; the
34/64 cap and MA-11's text: test_agreed_show and tests/reports/test_cli_rules;
a refused show at penalty 0: tests/cli/test_cli_marriage.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

HAND = ["--call", "a", "--hand", "a=ad", "--hand", "b=2s 3c", "--hand", "d=9h"]


@pytest.fixture
def four(cli, tmp_path: Path) -> Path:
    path = tmp_path / "four.toml"
    assert cli("new", path, "--game", "dhumbal", "--players",
               "Asha,Bikash,Chandra,Dipesh", "--hands", "5").exit_code == 0
    return path


def test_dh3_a_ruling_says_who_sat_out_and_a_dealer_out_of_turn(cli, four):
    result = cli("record", four, "--out", "c", "--dealer", "b", *HAND, "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    said = data["explanation"]
    assert "Chandra sits this hand out: not dealt, no score for it (DH-3)" in said
    assert any(line.startswith("Bikash dealt out of turn (the rotation had Asha)")
               for line in said)
    assert "DH-3" in data["rules"]
    shown = cli("show", four, "1", env={"COLUMNS": "120"})
    assert "Chandra sits this hand out" in shown.stdout
    assert "Bikash dealt out of turn" in shown.stdout


def test_dh3_a_usual_table_says_nothing_of_seating(cli, four):
    result = cli("record", four, "--hand", "c=kd", *HAND, "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert not any("out of turn" in s or "sits" in s for s in data["explanation"])
    assert "DH-3" not in data["rules"]


def test_verify_says_ok_on_stdout_and_keeps_json_and_exit_codes(cli, four):
    assert cli("record", four, "--hand", "c=kd", *HAND).exit_code == 0
    result = cli("verify", four)
    assert result.exit_code == 0
    # one message, wrapped to the terminal (COLUMNS) where the path is long
    assert " ".join(result.stdout.split()) == f"{four}: ok, 1 hand recomputed, all agree."
    data = json.loads(cli("verify", four, "--json").stdout)
    assert data["ok"] is True and data["hands"] == 1
    four.write_text(four.read_text(encoding="utf-8").replace(
        "Asha = 24", "Asha = 42"), encoding="utf-8")
    bad = cli("verify", four)
    assert bad.exit_code == 1
    assert "does not verify: 2 problems (listed on stderr)" in bad.stdout
    assert "disagrees" in bad.stderr
    assert json.loads(cli("verify", four, "--json").stdout)["ok"] is False


def test_export_csv_and_markdown_carry_the_cards_shown(cli, four):
    assert cli("record", four, "--out", "c", *HAND).exit_code == 0
    csv_text = cli("export", four, "--format", "csv").stdout
    header, row = csv_text.splitlines()[:2]
    assert header.endswith("shown:Asha,shown:Bikash,shown:Chandra,shown:Dipesh")
    assert row.endswith("A♦,2♠ 3♣,,9♥")
    md = cli("export", four, "--format", "md").stdout
    assert "| 1 | A♦ | 2♠ 3♣ | out | 9♥ |" in md


def test_ma11_export_markdown_shows_an_agreed_number_as_a_number(cli, tmp_path):
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C").exit_code == 0
    assert cli("record", path, "--finish", "A", "--seen", "B", "--hand", "A=shown:10",
               "--hand", "B=2", "--hand", "C=-").exit_code == 0
    assert "| 1 | 10 | 2 | - |" in cli("export", path, "--format", "md").stdout


def test_dh1_rename_onto_a_players_name_says_so(cli, four):
    before = four.read_bytes()
    result = cli("rename", four, "Asha", "bikash")
    assert result.exit_code == 2
    assert "Bikash is already a player" in result.stderr
    assert "must be distinct" not in result.stderr
    assert four.read_bytes() == before


def test_ma17_check_maal_of_alters_cites_ma17(cli):
    data = json.loads(cli("check", "maal", "J♠ J♠", "--tiplu", "J♣", "--set",
                          "alter=true", "--json").stdout)
    assert data["rule"] == "MA-17" and data["maal"] == 15
    mixed = json.loads(cli("check", "maal", "J♠ J♠ 10♣", "--tiplu", "J♣", "--set",
                           "alter=true", "--json").stdout)
    assert mixed["rule"] == "MA-11" and "2 alters 15 (MA-17)" in mixed["reason"]
    plain = json.loads(cli("check", "maal", "10♣", "--tiplu", "J♣", "--json").stdout)
    assert plain["rule"] == "MA-11"


@pytest.mark.parametrize("value", ["bogus", "3"])
def test_dc1_set_jokers_bogus_cites_dc1_where_jokers_are_defined(cli, value):
    result = cli("check", "call", "as", "--profile", "cardrulesplus", "--set",
                 f"jokers={value}", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["rule"] == "DC-1"
