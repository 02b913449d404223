"""`undo` keeps the hand it removes, `redo` puts it back byte for byte
until another hand is written; `undo` names the hand in every mode."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from scorekeeper.ledger.document import parse
from scorekeeper.session.verify import verify

HAND = ["--call", "Asha", "--hand", "Asha=A♦ A♣ A♥ 2♦", "--hand", "Bikash=2♠ 3♣",
        "--hand", "Chandra=9♥"]
WIN = ["--call", "Asha", "--hand", "Asha=A♦", "--hand", "Bikash=2♠ 3♣",
       "--hand", "Chandra=9♥"]


@pytest.fixture
def three(cli, tmp_path: Path) -> Path:
    path = tmp_path / "three.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash,Chandra",
               "--hands", "5").exit_code == 0
    for flags in (HAND, HAND, WIN):
        assert cli("record", path, *flags).exit_code == 0
    return path


def hands_of(path: Path):
    return parse(path.read_text(encoding="utf-8"), str(path)).hands


def test_redo_puts_the_undone_hand_back_byte_for_byte(cli, three):
    before = three.read_bytes()
    undone = cli("undo", three)
    assert undone.exit_code == 0 and undone.stdout == ""
    assert three.read_bytes() != before and len(hands_of(three)) == 2
    redone = cli("redo", three)
    assert redone.exit_code == 0, redone.stderr
    assert redone.stdout == ""
    assert "Put back hand 3 (dealer Chandra: Asha called" in redone.stderr
    assert three.read_bytes() == before


def test_undo_names_the_hand_outside_a_terminal_and_in_json(cli, three):
    said = cli("undo", three)
    assert "Removed hand 3 (dealer Chandra: Asha called" in said.stderr
    assert "redo" in said.stderr
    data = json.loads(cli("undo", three, "--json").stdout)
    assert data["removed"] == 2 and data["redo"] is True
    assert data["removed_hand"]["players"] == ["Asha", "Bikash", "Chandra"]
    assert data["removed_hand"]["dealer"] == "Bikash"
    assert data["removed_hand"]["ruling"].startswith("Asha called, caught")


def test_the_undone_hand_is_stored_as_text_in_the_header(cli, three):
    last = three.read_text(encoding="utf-8").split("\n\n[[hands]]")[-1]
    assert cli("undo", three).exit_code == 0
    document = tomllib.loads(three.read_text(encoding="utf-8"))
    assert document["undone"] == "\n\n[[hands]]" + last
    assert len(document["hands"]) == 2
    assert verify(parse(three.read_text(encoding="utf-8"), "x")) == []


def test_a_second_undo_keeps_only_the_latest_hand_for_redo(cli, three):
    assert cli("undo", three).exit_code == 0
    assert cli("undo", three).exit_code == 0
    assert cli("redo", three).exit_code == 0
    two = [dict(h.data) for h in hands_of(three)]
    assert [h["hand"] for h in two] == [1, 2]
    again = cli("redo", three)
    assert again.exit_code == 2 and "nothing to redo" in again.stderr


def test_recording_a_hand_forgets_the_undone_one(cli, three):
    assert cli("undo", three).exit_code == 0
    assert cli("record", three, *HAND).exit_code == 0
    assert "undone" not in tomllib.loads(three.read_text(encoding="utf-8"))
    before = three.read_bytes()
    result = cli("redo", three, "--json")
    assert result.exit_code == 2 and "nothing to redo" in result.stderr
    data = json.loads(result.stdout)
    assert "nothing to redo" in data["error"] and data["rule"] == "DH-11"
    assert three.read_bytes() == before


@pytest.mark.parametrize("change", [["amend", "1", *WIN], ["rename", "Asha", "Anu"]])
def test_amend_and_rename_forget_the_undone_hand(cli, three, change):
    assert cli("undo", three).exit_code == 0
    assert cli(change[0], three, *change[1:]).exit_code == 0
    assert "undone" not in tomllib.loads(three.read_text(encoding="utf-8"))
    assert cli("redo", three).exit_code == 2


def test_extend_keeps_the_undone_hand(cli, three):
    assert cli("undo", three).exit_code == 0
    assert cli("extend", three, "--hands", "7").exit_code == 0
    assert cli("redo", three).exit_code == 0
    assert len(hands_of(three)) == 3


def test_redo_with_nothing_undone_is_exit_2_and_writes_nothing(cli, three):
    before = three.read_bytes()
    result = cli("redo", three)
    assert result.exit_code == 2 and result.stdout == ""
    assert "nothing to redo" in result.stderr and "(DH-11)" in result.stderr
    assert three.read_bytes() == before


def test_dh8_redo_rules_the_kept_hand_again_and_refuses_a_wrong_one(cli, three):
    assert cli("undo", three).exit_code == 0
    text = three.read_text(encoding="utf-8")
    edited = text.replace("Asha = 14, Bikash = -5", "Asha = 15, Bikash = -6", 1)
    assert edited != text
    three.write_text(edited, encoding="utf-8")
    result = cli("redo", three)
    assert result.exit_code == 1 and "no longer agrees" in result.stderr
    assert three.read_text(encoding="utf-8") == edited


def test_undo_json_after_redo_round_trips(cli, three):
    data = json.loads(cli("undo", three, "--json").stdout)
    redone = cli("redo", three, "--json")
    assert redone.exit_code == 0
    back = json.loads(redone.stdout)
    assert back["hand"] == data["removed"] == 3
    assert back["net"] == data["net"] and back["hands_played"] == 3
