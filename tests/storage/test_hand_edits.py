"""Issue 17, "fast at any size": a ledger edited by hand is re-checked,
but a hand the edit left as it was — equal, at the same place and under
the same header, to the hand of the document scorekeeper last trusted for
this ledger (the cache's, its HMAC checked) — is not ruled again; an
edited hand always is, and so is every later one where the rules read the
totals before a hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.ledger import document

HAND = ["--call", "Asha", "--hand", "Asha=A♠ 2♦", "--hand", "Bikash=K♠",
        "--hand", "Chandra=Q♦ 3♣"]


@pytest.fixture
def replayed(monkeypatch) -> list[int]:
    """The number of every hand ruled again from its stored inputs."""
    numbers: list[int] = []
    replay = document._replay_problems

    def counting(session, h):
        numbers.append(h.number)
        return replay(session, h)

    monkeypatch.setattr(document, "_replay_problems", counting)
    return numbers


def _six(cli, ledger: Path) -> Path:
    text = ledger.read_text(encoding="utf-8").replace("hands = 3", "hands = 99")
    ledger.write_text(text, encoding="utf-8")
    for _ in range(6):
        assert cli("record", ledger, *HAND).exit_code == 0
    return ledger


def _edit_hand(path: Path, number: int, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    at = text.index(f"hand = {number}\n")
    end = text.find("[[hands]]", at)
    end = len(text) if end < 0 else end
    assert old in text[at:end]
    path.write_text(text[:at] + text[at:end].replace(old, new, 1) + text[end:],
                    encoding="utf-8")


def test_bytes_changed_but_no_hand_is_not_ruled_again(cli, ledger, replayed):
    path = _six(cli, ledger)
    path.write_text(path.read_text(encoding="utf-8") + "# looked at by hand\n",
                    encoding="utf-8")
    replayed.clear()
    result = cli("standings", path, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["problems"] == []
    assert replayed == []


def test_an_edited_hand_is_ruled_again_and_its_disagreement_found(cli, ledger, replayed):
    path = _six(cli, ledger)
    _edit_hand(path, 4, 'Bikash = "K♠"', 'Bikash = "K♠ K♦"')
    replayed.clear()
    result = cli("standings", path, "--json")
    problems = json.loads(result.stdout)["problems"]
    assert replayed == [4]
    assert [p["hand"] for p in problems] == [4]
    assert "disagrees" in problems[0]["message"]


def test_an_edited_stored_score_is_never_vouched_for(cli, ledger, replayed):
    path = _six(cli, ledger)
    _edit_hand(path, 2, "Asha = 23, Bikash = -10", "Asha = 24, Bikash = -11")
    replayed.clear()
    problems = json.loads(cli("standings", path, "--json").stdout)["problems"]
    assert replayed == [2] and [p["hand"] for p in problems] == [2]


def test_a_changed_header_rules_every_hand_again(cli, ledger, replayed):
    path = _six(cli, ledger)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("hands = 99", "hands = 98"), encoding="utf-8")
    replayed.clear()
    assert cli("standings", path, "--json").exit_code == 0
    assert replayed == [1, 2, 3, 4, 5, 6]


def test_the_hands_left_where_they_were_after_a_cut_are_not_ruled_again(cli, ledger,
                                                                        replayed):
    path = _six(cli, ledger)
    text = path.read_text(encoding="utf-8")
    cut = text.index("\n[[hands]]\nhand = 6")
    path.write_text(text[:cut] + "\n", encoding="utf-8")      # the last hand gone
    replayed.clear()
    result = cli("standings", path, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["problems"] == []
    assert replayed == []


def test_ya9_where_totals_are_read_every_hand_after_an_edit_is_ruled_again(
        cli, tmp_path, replayed):
    path = tmp_path / "yaniv.toml"
    assert cli("new", path, "--game", "dhumbal", "--profile", "yaniv",
               "--players", "Asha,Bikash").exit_code == 0
    for _ in range(4):
        assert cli("record", path, "--call", "Asha", "--hand", "Asha=A♠",
                   "--hand", "Bikash=2♠").exit_code == 0
    _edit_hand(path, 2, 'Bikash = "2♠"', 'Bikash = "3♠"')
    replayed.clear()
    problems = json.loads(cli("standings", path, "--json").stdout)["problems"]
    assert replayed == [2, 3, 4]
    assert [p["hand"] for p in problems] == [2]
