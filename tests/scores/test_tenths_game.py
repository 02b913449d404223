"""A game that scores tenths, is not zero-sum and where higher is better
(the template of a game, docs/template/bidtricks, shaped like Call Break), read by
every command that shows scores: the ledger keeps integers (31), people
read 3.1, JSON gives both, the best total ranks first and settle-up
settles the difference of totals pair by pair.

The ledgers are written here as text, by hand: never with the code under
test."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from scorekeeper.games import registry
from scorekeeper.ledger import document

HEADER = """format = 1
game = "bidtricks"
profile = "standard"
players = ["Asha", "Bikash", "Chandra"]
first_dealer = "Asha"

[options]
hands = 3
"""
# Hand 1: Asha bids 3 takes 4 (3.1), Bikash 2 of 2 (2.0), Chandra 4 takes 3
# (-4.0). Hand 2: Asha 2 takes 1 (-2.0), Bikash 3 takes 5 (3.2), Chandra 2
# of 2 (2.0). Totals: Asha 1.1, Bikash 5.2, Chandra -2.0.
HANDS = """
[[hands]]
hand = 1
dealer = "Asha"
bid = { Asha = 3, Bikash = 2, Chandra = 4 }
tricks = { Asha = 4, Bikash = 2, Chandra = 3 }
winner = "Asha"
points = { Asha = 31, Bikash = 20, Chandra = -40 }
rules = ["BT-3"]

[[hands]]
hand = 2
dealer = "Bikash"
bid = { Asha = 2, Bikash = 3, Chandra = 2 }
tricks = { Asha = 1, Bikash = 5, Chandra = 2 }
winner = "Bikash"
points = { Asha = -20, Bikash = 32, Chandra = 20 }
rules = ["BT-3"]
"""


@pytest.fixture(autouse=True)
def bidtricks(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "bidtricks", registry.Entry("bidtricks", ()))


@pytest.fixture
def evening(tmp_path):
    path = tmp_path / "tenths.toml"
    path.write_text(HEADER + HANDS, encoding="utf-8")
    return path


def _json(cli, *args):
    result = cli(*args, "--json")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "warning" not in result.stderr
    return json.loads(result.stdout)


def test_the_ledger_reads_and_verifies_with_integers_stored(cli, evening):
    data = _json(cli, "verify", evening)
    assert data["ok"] is True and data["problems"] == [] and data["hands"] == 2


def test_standings_rank_the_highest_total_first_and_show_tenths(cli, evening):
    data = _json(cli, "standings", evening)
    assert data["totals"] == {"Asha": 11, "Bikash": 52, "Chandra": -20}
    assert data["totals_display"] == {"Asha": "1.1", "Bikash": "5.2",
                                      "Chandra": "-2.0"}
    assert data["places"] == {"Bikash": 1, "Asha": 2, "Chandra": 3}
    assert data["score_kind"] == {"key": "points", "scale": 10,
                                  "higher_is_better": True, "transfers": False}
    assert data["eliminated"] == [] and "unbalanced_hands" not in data
    human = cli("standings", evening, env={"COLUMNS": "100"})
    assert human.exit_code == 0
    lines = [line.split() for line in human.stdout.splitlines()]
    assert ["1", "Bikash", "+5.2"] in lines and ["2", "Asha", "+1.1"] in lines
    assert ["3", "Chandra", "-2.0"] in lines


def test_standings_colour_follows_the_declaration(cli, evening):
    human = cli("standings", evening, env={"COLUMNS": "100", "FORCE_COLOR": "1",
                                           "COLORTERM": "truecolor"})
    assert human.exit_code == 0
    # higher is better: a gain is good (Okabe-Ito's bluish green), a loss bad
    # (its vermillion): colours the colour-blind tell apart (issue 27)
    assert "\x1b[38;2;0;158;115m+5.2" in human.stdout
    assert "\x1b[38;2;213;94;0m-2.0" in human.stdout


def test_on_16_colours_good_and_bad_are_cyan_and_red_not_green_and_yellow(cli, evening):
    human = cli("standings", evening, env={"COLUMNS": "100", "FORCE_COLOR": "1",
                                           "COLORTERM": "", "TERM": "xterm"})
    assert human.exit_code == 0 and human.stderr == ""
    assert "\x1b[36m+5.2" in human.stdout and "\x1b[31m-2.0" in human.stdout


def test_history_shows_each_hand_in_tenths_and_json_gives_both(cli, evening):
    data = _json(cli, "history", evening)
    first, second = data["hands"]
    assert first["points"] == {"Asha": 31, "Bikash": 20, "Chandra": -40}
    assert first["points_display"] == {"Asha": "3.1", "Bikash": "2.0",
                                       "Chandra": "-4.0"}
    assert second["totals"] == {"Asha": 11, "Bikash": 52, "Chandra": -20}
    assert second["totals_display"] == {"Asha": "1.1", "Bikash": "5.2",
                                        "Chandra": "-2.0"}
    assert data["score"] == "points" and data["score_kind"]["scale"] == 10
    human = cli("history", evening, env={"COLUMNS": "120"})
    assert human.exit_code == 0
    assert "+3.1 → 3.1" in human.stdout and "-2.0 → 1.1" in human.stdout
    # the stored tenths never show as a number (a temp folder's name may hold 31)
    numbers = re.findall(r"(?<![\w/.-])[+-]?\d+(?:\.\d+)?(?![\w/.])",
                         human.stdout.replace(str(evening.parent), ""))
    assert "+3.2 → 5.2" in human.stdout and not {"31", "+31"} & set(numbers)


def test_export_writes_tenths_in_csv_and_markdown_and_both_in_json(cli, evening):
    out = cli("export", evening, "--format", "csv")
    assert out.exit_code == 0
    rows = list(csv.reader(io.StringIO(out.stdout)))
    assert rows[0][3:9] == ["points:Asha", "points:Bikash", "points:Chandra",
                            "total:Asha", "total:Bikash", "total:Chandra"]
    assert rows[1][3:9] == ["3.1", "2.0", "-4.0", "3.1", "2.0", "-4.0"]
    assert rows[2][3:9] == ["-2.0", "3.2", "2.0", "1.1", "5.2", "-2.0"]
    md = cli("export", evening, "--format", "md").stdout
    assert "| +3.1 (3.1) | +2.0 (2.0) | -4.0 (-4.0) |" in md
    assert "| 1 | Bikash | 5.2 |" in md and "| 3 | Chandra | -2.0 |" in md
    data = json.loads(cli("export", evening, "--format", "json").stdout)
    assert data["hands"][0]["points"] == {"Asha": 31, "Bikash": 20, "Chandra": -40}
    assert data["history"][1]["totals_display"]["Bikash"] == "5.2"
    assert data["standings"]["totals_display"] == {"Asha": "1.1", "Bikash": "5.2",
                                                   "Chandra": "-2.0"}


def test_stats_take_the_highest_hand_as_best(cli, evening):
    data = _json(cli, "stats", evening)
    assert list(data["games"]) == ["bidtricks/points"]
    asha = data["games"]["bidtricks/points"]["Asha"]
    assert (asha["best"], asha["worst"], asha["total"]) == (31, -20, 11)
    assert (asha["best_display"], asha["worst_display"],
            asha["total_display"]) == ("3.1", "-2.0", "1.1")
    assert asha["average"] == 5.5 and asha["average_display"] == "0.55"
    assert data["games"]["bidtricks/points"]["Bikash"]["first"] == 1
    assert data["score_kinds"]["bidtricks/points"]["higher_is_better"] is True
    human = cli("stats", evening, env={"COLUMNS": "120"})
    assert "points, higher is better" in human.stdout
    assert "+3.1" in human.stdout and "+0.55" in human.stdout


def test_settle_up_settles_the_difference_of_totals_pair_by_pair(cli, evening):
    # Asha–Bikash 4.1 to Bikash, Chandra–Asha 3.1 to Asha, Chandra–Bikash
    # 7.2 to Bikash: balances Asha -1.0, Bikash +11.3, Chandra -10.3
    data = _json(cli, "settle-up", evening)
    assert data["balances"] == {"Asha": -10, "Bikash": 113, "Chandra": -103}
    assert data["balances_display"] == {"Asha": "-1.0", "Bikash": "11.3",
                                        "Chandra": "-10.3"}
    assert data["transfers"] == [{"from": "Asha", "to": "Bikash", "points": 10},
                                 {"from": "Chandra", "to": "Bikash", "points": 103}]
    assert data["transfers_display"] == [
        {"from": "Asha", "to": "Bikash", "points": "1.0"},
        {"from": "Chandra", "to": "Bikash", "points": "10.3"}]
    human = cli("settle-up", evening, env={"COLUMNS": "100"})
    assert "Chandra gives Bikash 10.3" in human.stdout


def test_settle_up_refuses_to_add_tenths_to_whole_points(cli, evening, tmp_path):
    other = tmp_path / "dhumbal.toml"
    assert cli("new", other, "--game", "dhumbal", "--players",
               "Asha,Bikash,Chandra").exit_code == 0
    refused = cli("settle-up", evening, other, "--mix", "--json")
    assert refused.exit_code == 2
    assert "different units" in json.loads(refused.stdout)["reason"]


def test_show_and_undo_give_tenths_beside_the_stored_points(cli, evening):
    shown = _json(cli, "show", evening, "1")
    assert shown["points"] == {"Asha": 31, "Bikash": 20, "Chandra": -40}
    assert shown["points_display"]["Asha"] == "3.1"
    undone = _json(cli, "undo", evening)
    assert undone["points"]["Bikash"] == 32
    assert undone["points_display"]["Bikash"] == "3.2"


def test_the_chart_writes_its_legend_and_axis_in_tenths(evening):
    from scorekeeper.screen import chart

    session = document.parse(evening.read_text(encoding="utf-8"), "tenths")
    pic = chart.picture(session)
    assert [pic.end(line) for line in pic.lines] == ["1.1", "5.2", "-2.0"]
    text = chart.terminal(pic, 80, 20, colour=False, ascii=True)
    assert "B Bikash 5.2" in text and "higher is better" in text
    svg = chart.svg(pic)
    assert "Bikash (5.2)" in svg


def test_a_stored_score_of_tenths_must_still_be_an_integer(cli, evening):
    evening.write_text(HEADER + HANDS.replace("Asha = 31", "Asha = 3.1"),
                       encoding="utf-8")
    refused = cli("standings", evening)
    assert refused.exit_code == 2
    assert "`points.Asha` must be a whole number (of 1/10 points: 3.1 is " \
           "stored as 31), not 3.1" in refused.stderr


def test_verify_reports_a_wrong_tenth(cli, evening):
    evening.write_text(HEADER + HANDS.replace("Asha = 31", "Asha = 30"),
                       encoding="utf-8")
    data = json.loads(cli("verify", evening, "--json").stdout)
    assert data["ok"] is False
    assert any("Asha 3.0 → 3.1" in p["message"] for p in data["problems"])
