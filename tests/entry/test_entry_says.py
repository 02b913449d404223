"""The entry says what it does (issue 16, item 5): the DH-4 hint is true,
a stray word at a yes/no question is answered in the entry's own style,
who sits out and who dealt is asked in one line (Enter: as shown), the
examples use letter suits and fit 50 columns, `record --help` says it asks,
and usage lines read `LEDGER`, not `{LEDGER}`."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import typer

import scorekeeper.commands.edit
import scorekeeper.commands.record
import scorekeeper.commands.verify
from scorekeeper.core import language


@pytest.fixture
def tty(monkeypatch):
    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)
    monkeypatch.setattr(scorekeeper.commands.edit, "stdin_is_tty", lambda: True)
    monkeypatch.setattr(scorekeeper.commands.verify, "stdin_is_tty", lambda: True)


def entered(cli, ledger: Path, *answers: str, env=None):
    return cli("record", ledger, input="\n".join(answers) + "\n",
               env=env or {"COLUMNS": "200"})


def hands(ledger: Path) -> list[dict]:
    return tomllib.loads(ledger.read_text(encoding="utf-8")).get("hands", [])


def test_dh4_hint_is_true_the_hand_is_refused_then_entered_again(cli, ledger, tty):
    result = entered(cli, ledger, "", "Asha", "ks", "ks",   # above 5: warned, kept
                     "2s", "7c",
                     "y",                                   # cannot be recorded: again
                     "",                                    # the table: as it was
                     "Bikash", "", "", "",                  # the real caller
                     "y")
    assert result.exit_code == 0, result.stderr
    assert "type them once more — the hand will be refused and you can enter " \
           "it again with who really called" in result.stderr
    assert "That hand cannot be recorded" in result.stderr
    assert "record the call as ruled against" not in result.stderr
    assert hands(ledger)[0]["call"] == "Bikash"


def test_yes_no_a_stray_word_is_answered_and_asked_again(cli, ledger, tty):
    result = entered(cli, ledger, "", "Asha", "as", "2s", "7c", "maybe", "y")
    assert result.exit_code == 0, result.stderr
    assert "'maybe': answer y or n — try again" in result.stderr
    assert "Error: invalid input" not in result.stderr
    assert len(hands(ledger)) == 1


def test_yes_no_at_undo_a_stray_word_is_asked_again(cli, ledger, tty):
    assert cli("record", ledger, "--call", "a", "--hand", "a=as", "--hand", "b=2s",
               "--hand", "c=7c").exit_code == 0
    result = cli("undo", ledger, input="perhaps\nn\n")
    assert result.exit_code == 0
    assert "'perhaps': answer y or n — try again" in result.stderr
    assert len(hands(ledger)) == 1


def test_dh3_the_entry_asks_who_sits_out_and_who_dealt(cli, ledger, tty):
    result = entered(cli, ledger, "out ch, dealer b", "Asha", "as", "2s", "y")
    assert result.exit_code == 0, result.stderr
    assert "Sitting out, dealer?" in result.stderr
    assert "Hand 1: Asha, Bikash; dealer Bikash." in result.stderr
    hand = hands(ledger)[0]
    assert hand["out"] == ["Chandra"] and hand["dealer"] == "Bikash"
    assert hand["dealer_corrected"] is True and set(hand["net"]) == {"Asha", "Bikash"}


def test_dh3_the_seating_question_refuses_a_bad_answer_and_asks_again(cli, ledger, tty):
    result = entered(cli, ledger, "outt c", "dealer Zara", "-",
                     "Asha", "as", "2s", "7c", "y")
    assert result.exit_code == 0, result.stderr
    assert "write 'out NAME' or 'dealer NAME'" in result.stderr
    assert "unknown player 'Zara'" in result.stderr
    assert "out" not in hands(ledger)[0]


def test_dh3_the_seating_question_is_not_asked_with_out_given(cli, ledger, tty):
    result = cli("record", ledger, "--out", "c", input="Asha\nas\n2s\ny\n",
                 env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert "Sitting out, dealer?" not in result.stderr


def test_the_card_prompts_use_letter_suits_and_fit_50_columns(cli, ledger, tty,
                                                              monkeypatch):
    asked: list[str] = []
    prompt = typer.prompt

    def prompting(text: str, *args, **kwargs):
        asked.append(text)
        return prompt(text, *args, **kwargs)

    monkeypatch.setattr(typer, "prompt", prompting)
    result = entered(cli, ledger, "", "Asha", "as", "2s", "7c", "y",
                     env={"COLUMNS": "50"})
    assert result.exit_code == 0, result.stderr
    cards = [q for q in asked if "cards" in q]
    assert cards and all("e.g. 'dAc3'" in q for q in cards)
    assert all(len(q + ": ") <= 50 for q in asked if "\n" not in q), asked
    assert not any(s in q for q in asked for s in "♠♥♦♣")


def test_ma_prompts_use_letter_suits_and_ask_who_saw_without_else(cli, tmp_path, tty):
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C").exit_code == 0
    result = entered(cli, path, "", "none", "jc", "b", "-", "2", "jc", "-", "-", "y")
    assert result.exit_code == 0, result.stderr
    assert "Who saw the tiplu by qualifying?" in result.stderr
    assert "else" not in result.stderr
    assert not any(s in result.stderr.split("Hand 1")[1].split("Verdict")[0]
                   for s in "♠♥♦♣")


def test_record_help_says_it_asks_on_a_terminal(cli):
    text = " ".join(cli("record", "--help").stdout.split())
    assert "With no hand options, on a terminal, it asks for the hand" in text


@pytest.mark.parametrize("command", [
    ["record"], ["amend"], ["show"], ["new"], ["standings"], ["history"],
    ["verify"], ["undo"], ["rename"], ["export"], ["extend"], ["settle"],
    ["check", "maal"], ["rules"], ["chart"], ["stats"], ["settle-up"]])
def test_usage_lines_name_arguments_without_braces(cli, command):
    usage = cli(*command, "--help").stdout.splitlines()[0]
    assert usage.startswith("Usage: ") and not re.search(r"[{}]", usage), usage


@pytest.mark.parametrize("lang", ["en", "ne"])
def test_issue38_every_card_hint_is_suit_first_in_both_languages(cli, ledger, tty, lang):
    # the prompt's example, and the error after a card it cannot read, both
    # teach the README's form (dAc3), in English and in Nepali
    language.use(lang)
    try:
        result = entered(cli, ledger, "", "Asha", "zz", "dAc3", "s2", "c7", "y")
    finally:
        language.use("en")
    assert result.exit_code == 0, result.stderr
    said = result.stderr
    assert "'dAc3'" in said and "'s345h666'" in said
    assert "as 2d" not in said.lower() and "'A♠'" not in said
    if lang == "ne":
        assert "Ashaका पत्ती (जस्तै 'dAc3'" in said
    assert len(hands(ledger)) == 1
