"""A keystroke goal per hand (issue 38, item 5): a typical hand typed at
the interactive entry, counted with the command and every Enter (the
characters of `scorekeeper record`, every character typed, every
Enter): Dhumbal ≤ 40, Marriage ≤ 40, Call Break ≤ 30. docs/CLI.md holds
the same table (a row each, built here from the answers)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import scorekeeper.commands.record

COMMAND = "scorekeeper record"
PLAYERS = "Asha,Bikash,Chandra,Dipak"
CLI_MD = Path(__file__).resolve().parents[2] / "docs" / "CLI.md"

# game, its goal, the answers of a typical hand ("" is Enter alone), what
# the hand stores
HANDS = [
    ("dhumbal", "Dhumbal", 40,
     ["",                         # who sits out, who deals: as announced
      "b",                        # Bikash called
      "17", "3", "24", "9",       # each hand's total, in seat order
      ""],                        # Record this hand? Yes
     {"call": "Bikash", "cards": {"Asha": 17, "Bikash": 3, "Chandra": 24,
                                  "Dipak": 9}}),
    ("marriage", "Marriage", 40,
     ["",                         # who sits out, who deals
      "a",                        # Asha finished
      "",                         # by melds
      "",                         # no tiplu: every maal a number
      "8",                        # Asha's maal: her show agreed at the table
      "b c",                      # Bikash and Chandra saw the tiplu
      "",                         # nobody through dublees
      "5", "3", "",               # Bikash's, Chandra's maal; Dipak none
      "",                         # no tunnelas
      ""],                        # Record this hand? Yes
     {"finisher": "Asha", "maal": {"Asha": 8, "Bikash": 5, "Chandra": 3,
                                   "Dipak": 0}}),
    ("callbreak", "Call Break", 30,
     ["3423",                     # every call at once, from Bikash
      "",                         # the calls saved for the board (CB-18)
      "4",                        # Bikash took 4
      "", "",                     # Chandra, Dipak: as called; Asha the rest
      ""],                        # Record this hand? Yes
     {"calls": {"Bikash": 3, "Chandra": 4, "Dipak": 2, "Asha": 3},
      "tricks": {"Bikash": 4, "Chandra": 4, "Dipak": 2, "Asha": 3}}),
]


def keystrokes(answers: list[str]) -> int:
    """The command and its Enter, then every answer and its Enter."""
    return len(COMMAND) + 1 + sum(len(a) + 1 for a in answers)


def row(title: str, goal: int, answers: list[str]) -> str:
    """The hand's row of docs/CLI.md's table."""
    typed = " ".join(f"`{a}`⏎" if a else "⏎" for a in answers)
    return f"| {title} | 4 | {keystrokes(answers)} (≤ {goal}) | `{COMMAND}`⏎ {typed} |"


@pytest.mark.parametrize("game, title, goal, answers, stored", HANDS,
                         ids=[h[0] for h in HANDS])
def test_item5_a_typical_hand_keeps_to_the_keystroke_goal(cli, tmp_path, monkeypatch,
                                                          game, title, goal,
                                                          answers, stored):
    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)
    monkeypatch.chdir(tmp_path)                # the only ledger here: no name typed
    assert cli("new", "night.toml", "--game", game, "--players",
               PLAYERS).exit_code == 0
    result = cli("record", input="".join(a + "\n" for a in answers))
    assert result.exit_code == 0, result.stderr
    assert "try again" not in result.stderr
    assert "Recorded hand 1" in result.stderr
    hand = tomllib.loads((tmp_path / "night.toml").read_text(encoding="utf-8"))["hands"][0]
    assert {key: hand[key] for key in stored} == stored
    assert keystrokes(answers) <= goal
    assert row(title, goal, answers) in CLI_MD.read_text(encoding="utf-8")
