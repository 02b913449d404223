"""Exports people open (issue 27, item 7; issue 29): a CSV a spreadsheet
reads as one table, header first; every Marriage hand's tiplu in
`history` and in each export; no cell a spreadsheet would run as a
formula, full-width signs included."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from scorekeeper.reports.export import csv_text

WORKED = "3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ 7♠ 7♦ 7♣ K♦ K♦ K♦"


def marriage(cli, tmp_path: Path, *settings: str) -> Path:
    path = tmp_path / "m.toml"
    sets = [a for s in settings for a in ("--set", s)]
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C",
               *sets).exit_code == 0
    for tiplu in ("J♣", "5♦"):
        result = cli("record", path, "--finish", "A", "--tiplu", tiplu, "--seen", "B",
                     "--hand", f"A={WORKED}", "--hand", "B=4", "--hand", "C=2")
        assert result.exit_code == 0, result.stderr
    return path


def test_the_csv_is_one_table_its_header_first_the_options_and_money_elsewhere(
        cli, tmp_path):
    path = marriage(cli, tmp_path, "seen_fee=4")
    result = cli("export", path, "--format", "csv", "--rate", "10")
    assert result.exit_code == 0, result.stderr
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0][:4] == ["hand", "dealer", "winner", "tiplu"]
    assert [len(row) for row in rows] == [len(rows[0])] * 3     # the header, 2 hands
    assert "seen_fee" not in result.stdout and "#" not in result.stdout
    said = " ".join(result.stderr.split())
    assert "the house options and the money are in --format json and --format md" in said
    data = json.loads(cli("export", path, "--format", "json", "--rate", "10").stdout)
    assert data["house_options"] == {"seen_fee": 4} and "money" in data
    md = cli("export", path, "--format", "md", "--rate", "10").stdout
    assert "House options (not the profile's defaults): seen_fee = 4" in md
    assert "Money: " in md


def test_a_csv_of_a_session_at_its_defaults_says_nothing_on_stderr(cli, tmp_path):
    result = cli("export", marriage(cli, tmp_path), "--format", "csv")
    assert result.exit_code == 0
    assert result.stderr == ""
    assert result.stdout.startswith("hand,dealer,winner,tiplu,net:A,")


def test_each_marriage_hands_tiplu_is_in_history_and_every_export(cli, tmp_path):
    path = marriage(cli, tmp_path)
    hands = json.loads(cli("history", path, "--json").stdout)["hands"]
    assert [h["tiplu"] for h in hands] == ["J♣", "5♦"]
    human = cli("history", path, env={"COLUMNS": "120"})
    assert human.exit_code == 0 and human.stderr == ""
    assert "tiplu J♣" in human.stdout and "tiplu 5♦" in human.stdout
    rows = list(csv.DictReader(io.StringIO(cli("export", path, "--format", "csv").stdout)))
    assert [row["tiplu"] for row in rows] == ["J♣", "5♦"]
    md = cli("export", path, "--format", "md").stdout
    assert "tiplu J♣ |" in md and "tiplu 5♦ |" in md
    exported = json.loads(cli("export", path, "--format", "json").stdout)
    assert [h["tiplu"] for h in exported["history"]] == ["J♣", "5♦"]


def test_a_dhumbal_csv_has_no_tiplu_column(cli, tmp_path):
    path = tmp_path / "d.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "A,B").exit_code == 0
    assert cli("record", path, "--call", "A", "--hand", "A=A♠",
               "--hand", "B=K♠").exit_code == 0
    result = cli("export", path, "--format", "csv")
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.startswith("hand,dealer,winner,points:A,") or \
        result.stdout.startswith("hand,dealer,winner,net:A,")
    assert "tiplu" not in result.stdout


@pytest.mark.parametrize("text", ["=1+1", "+1", "-1", "@SUM(A1)", "＝1+1", "＋1",
                                  "－1", "＠SUM(A1)", "\t=1", "\r=1"])
def test_a_csv_cell_starting_like_a_formula_is_neutralised(text):
    assert csv_text(text) == "'" + text


@pytest.mark.parametrize("text", ["Asha", "1+1", "आशा", "a=b", "~x", " =1"])
def test_a_csv_cell_not_starting_like_a_formula_is_written_as_it_is(text):
    assert csv_text(text) == text


def test_full_width_formula_names_are_neutralised_in_the_csv(cli, tmp_path):
    path = tmp_path / "evil.toml"
    names = ["＝HYPERLINK(x)", "＋1", "－1", "＠cmd"]
    assert cli("new", path, "--game", "dhumbal", "--players", ",".join(names)
               ).exit_code == 0
    result = cli("record", path, "--call", "＠cmd", "--hand", "＝HYPERLINK(x)=K♠",
                 "--hand", "＠cmd=A♠", "--hand", "＋1=Q♦", "--hand", "－1=J♥")
    assert result.exit_code == 0, result.stderr
    exported = cli("export", path, "--format", "csv")
    assert exported.exit_code == 0 and exported.stderr == ""
    cells = [cell for row in csv.reader(io.StringIO(exported.stdout)) for cell in row]
    assert not [c for c in cells if c[:1] in "＝＋－＠=+@" or
                (c[:1] == "-" and not c[1:].isdigit())], cells
    assert "'＝HYPERLINK(x)" in cells and "'＠cmd" in cells


@pytest.mark.parametrize("seen, said", [
    ([], "dealt tunnela: C 9♣ not counted (not seen, MA-11)"),
    (["--seen", "C"], "dealt tunnela: C 9♣"),
])
def test_ma11_a_dealt_tunnela_is_in_history_and_every_export_said_not_counted_unseen(
        cli, tmp_path, seen, said):
    path = tmp_path / "t.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C").exit_code == 0
    result = cli("record", path, "--finish", "A", "--tiplu", "J♣", *seen,
                 "--tunnela", "C=9♣", "--hand", f"A={WORKED}", "--hand", "B=4",
                 "--hand", "C=9♣ 9♣ 9♣ 2♦")
    assert result.exit_code == 0, result.stderr
    assert json.loads(cli("history", path, "--json").stdout)["hands"][0]["tunnelas"] == \
        {"C": ["9♣"]}
    human = cli("history", path, env={"COLUMNS": "120"})
    assert human.exit_code == 0 and human.stderr == ""
    row = next(csv.DictReader(io.StringIO(cli("export", path, "--format", "csv").stdout)))
    md = cli("export", path, "--format", "md").stdout
    for text in (" ".join(human.stdout.split()), row["what happened"], md):
        assert said in text
        assert ("not counted" in text) == (not seen)
