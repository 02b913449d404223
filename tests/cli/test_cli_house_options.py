"""Issue 15, item 5: every house option that differs from the profile's
default is named in the header of `standings`, `history` and every
`export` format, and `rules GAME PROFILE` lists every option with its value
now (docs/CLI.md). Generic: driven here by options of both games."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from scorekeeper.core.options import ByPlayers
from scorekeeper.games import registry


def _new(cli, tmp_path: Path, profile: str, *sets: str,
         game: str = "dhumbal") -> Path:
    path = tmp_path / "night.toml"
    args = ["new", path, "--game", game, "--profile", profile,
            "--players", "Asha,Bikash,Chandra"]
    for s in sets:
        args += ["--set", s]
    result = cli(*args)
    assert result.exit_code == 0, result.stderr
    return path


def _record(cli, path: Path) -> None:
    result = cli("record", path, "--call", "Asha", "--hand", "Asha=A♠ 2♦",
                 "--hand", "Bikash=K♠", "--hand", "Chandra=Q♦ 3♣")
    assert result.exit_code == 0, result.stderr


def test_changed_lists_only_options_away_from_the_default():
    profile = registry.profile("dhumbal", "cardrulesplus")
    rules = profile.parse_settings(["call_limit=7", "penalty=25", "hands=5"])
    # penalty = 25 is the default, hands is the session length: not listed
    assert profile.changed(rules) == {"call_limit": 7}
    assert profile.changed_text(rules) == "call_limit = 7 (DC-4)"
    assert profile.changed(profile.rules) == {}


def test_standings_and_history_headers_name_the_changed_options(cli, tmp_path):
    path = _new(cli, tmp_path, "cardrulesplus", "call_limit=7", "penalty=30")
    _record(cli, path)
    for command in ("standings", "history"):
        shown = cli(command, path)
        assert shown.exit_code == 0, shown.stderr
        first = shown.stdout.splitlines()[0]
        assert "House options: call_limit = 7 (DC-4), penalty = 30 (DC-8)" in first
        data = json.loads(cli(command, path, "--json").stdout)
        assert data["house_options"] == {"call_limit": 7, "penalty": 30}


def test_no_header_line_when_every_option_is_the_default(cli, tmp_path):
    path = _new(cli, tmp_path, "cardrulesplus")
    _record(cli, path)
    for command in ("standings", "history"):
        assert "House options" not in cli(command, path).stdout
        assert json.loads(cli(command, path, "--json").stdout)["house_options"] == {}
    assert not cli("export", path, "--format", "csv").stdout.startswith("#")
    assert "House options" not in cli("export", path, "--format", "md").stdout


def test_every_export_format_names_the_changed_options(cli, tmp_path):
    path = _new(cli, tmp_path, "cardrulesplus", "call_limit=2:5,3:10,4:15")
    _record(cli, path)
    exported = cli("export", path, "--format", "csv")
    assert exported.exit_code == 0
    # the CSV is one table (issue 27): its header first; stderr says where
    # the house options went
    assert next(csv.reader(io.StringIO(exported.stdout)))[0] == "hand"
    assert "call_limit" not in exported.stdout
    assert "the house options are in --format json and --format md" in \
        " ".join(exported.stderr.split())
    data = json.loads(cli("export", path, "--format", "json").stdout)
    assert data["house_options"] == {"call_limit": "2:5,3:10,4:15"}
    assert data["options"]["call_limit"] == "2:5,3:10,4:15"
    md = cli("export", path, "--format", "md").stdout
    assert ("House options (not the profile's defaults): call_limit = "
            "2:5,3:10,4:15 (DC-4).") in md
    assert md.index("House options") < md.index("| Hand")


def test_marriage_headers_too(cli, tmp_path):
    path = _new(cli, tmp_path, "three-deck", "seen_fee=4", game="marriage")
    data = json.loads(cli("standings", path, "--json").stdout)
    assert data["house_options"] == {"seen_fee": 4}
    assert "seen_fee = 4" in cli("standings", path).stdout.splitlines()[0]


def test_rules_lists_every_option_with_its_value_now(cli):
    shown = cli("rules", "dhumbal", "cardrulesplus", "--set", "call_limit=7",
                "--plain")
    assert shown.exit_code == 0, shown.stderr
    assert "- `call_limit = 7` (default none)" in shown.stdout
    assert "- `penalty = 25`: one of 25, 30; DC-8." in shown.stdout
    data = json.loads(cli("rules", "dhumbal", "cardrulesplus", "--set",
                          "penalty=30", "--json").stdout)
    rows = {row["option"]: row for row in data["options"]}
    assert rows["penalty"] == {"option": "penalty", "value": 30, "default": 25,
                               "takes": "one of 25, 30", "rule": "DC-8"}
    profile = registry.profile("dhumbal", "cardrulesplus")
    assert list(rows) == list(profile.options)


def test_rules_with_a_value_an_option_does_not_take_exit_2(cli):
    shown = cli("rules", "dhumbal", "cardrulesplus", "--set", "penalty=27")
    assert shown.exit_code == 2
    assert "one of 25, 30" in shown.stderr and "DC-8" in shown.stderr


@pytest.mark.parametrize("text, players, limit", [
    ("2:5,3:10,4:15", 2, 5), ("2:5,3:10,4:15", 3, 10),
    ("2:5,3:10,4:15", 4, 15), ("2:5,3:10,4:15", 6, 15), ("2:7", 5, 7)])
def test_by_players_reads_the_step_for_the_table(text, players, limit):
    table = ByPlayers.parse(text)
    assert table.at(players) == limit and str(table) == text
