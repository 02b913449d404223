"""An entry you can go back in (issue 38, item 5): `<` at any question goes
back to the one before, every answer kept (offered again as the
default); Ctrl-C asks whether to keep the answers for the next `record`,
in a draft beside the ledger, never inside it."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest
import typer

from scorekeeper.cli import main
from scorekeeper.files.draft import draft_path
from scorekeeper.screen import entry

CTRL_C = "^C"


def entered(cli, ledger: Path, *answers: str):
    return cli("record", ledger, input="\n".join(answers) + "\n",
               env={"COLUMNS": "200"})


def hands(ledger: Path) -> list[dict]:
    return tomllib.loads(ledger.read_text(encoding="utf-8")).get("hands", [])


def test_item5_back_asks_the_question_before_with_its_answer_offered(cli, ledger, tty):
    before = ledger.read_bytes()
    result = entered(cli, ledger, "", "Asha", "hA",
                     "<",                 # at Bikash's cards: back to Asha's
                     "s2",                # Asha's cards typed again
                     "s3", "c7",          # Bikash's, Chandra's
                     "y")
    assert result.exit_code == 0, result.stderr
    assert "('<' at any question goes back one)" in result.stderr
    assert result.stderr.count("Asha's cards") == 2
    assert "Asha's cards (e.g. 'dAc3', '-' or a total) [hA]" in result.stderr
    assert result.stdout.count("Who called?") == 0        # prompts on stderr
    assert hands(ledger)[0]["cards"]["Asha"] == "2♠"
    assert ledger.read_bytes() != before


def test_item5_back_twice_keeps_every_later_answer_as_its_default(cli, ledger, tty):
    result = entered(cli, ledger, "", "Asha", "hA", "s2",
                     "<", "<",            # at Chandra's: back to Asha's
                     "h2",                # a new answer …
                     "", "",              # … and Bikash's kept, then Chandra's asked
                     "c7", "y")
    assert result.exit_code == 0, result.stderr
    assert "Bikash's cards (e.g. 'dAc3', '-' or a total) [s2]" in result.stderr
    assert hands(ledger)[0]["cards"] == {"Asha": "2♥", "Bikash": "2♠",
                                         "Chandra": "7♣"}


def test_item5_back_at_the_first_question_says_so(cli, ledger, tty):
    result = entered(cli, ledger, "<", "", "Asha", "hA", "s2", "c7", "y")
    assert result.exit_code == 0, result.stderr
    assert "this is the first question — try again" in result.stderr


def test_item5_back_at_the_confirmation_asks_the_last_question_again(cli, ledger, tty):
    result = entered(cli, ledger, "", "Asha", "hA", "s2", "c7",
                     "<",                 # at "Record this hand?"
                     "c8", "y")
    assert result.exit_code == 0, result.stderr
    assert "Chandra's cards (e.g. 'dAc3', '-' or a total) [c7]" in result.stderr
    assert hands(ledger)[0]["cards"]["Chandra"] == "8♣"


def test_item5_marriage_back_from_who_saw_to_the_finishers_show(cli, tmp_path, tty):
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C").exit_code == 0
    result = entered(cli, path, "", "A", "", "", "9",
                     "<",                 # at "Who else saw": back to A's show
                     "10", "B", "", "2", "0", "", "y")
    assert result.exit_code == 0, result.stderr
    assert "A's show (e.g. 's345 h666…', or its maal) [9]" in result.stderr
    assert hands(path)[0]["net"] == {"A": 31, "B": -9, "C": -22}


def test_item5_marriage_does_not_ask_how_where_only_melds_may_finish(cli, tmp_path, tty):
    # dublee_min_players = 4 at a table of 3: "dublees" would be refused (MA-9)
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C",
               "--set", "dublee_min_players=4").exit_code == 0
    result = entered(cli, path, "", "A", "", "10", "B", "", "2", "0", "", "y")
    assert result.exit_code == 0, result.stderr
    assert "melds or dublees" not in result.stderr
    assert hands(path)[0]["by"] == "melds"


def test_item5_callbreak_every_call_at_once_and_tricks_as_called(cli, tmp_path, tty):
    path = tmp_path / "cb.toml"
    assert cli("new", path, "--game", "callbreak", "--players",
               "Asha,Ram,Sita,Gita").exit_code == 0
    result = entered(cli, path, "३४२३",   # every call, Ram first
                     "n", "4", "", "", "y")
    assert result.exit_code == 0, result.stderr
    assert "or every call ('3423')" in result.stderr
    assert "Sita took (0–9) [4]" in result.stderr      # Enter: as called
    stored = hands(path)[0]
    assert stored["calls"] == {"Ram": 3, "Sita": 4, "Gita": 2, "Asha": 3}
    assert stored["tricks"] == {"Ram": 4, "Sita": 4, "Gita": 2, "Asha": 3}


# -- Ctrl-C: the answers kept beside the ledger ------------------------------------------

def scripted(monkeypatch, *answers: str) -> None:
    """The prompts answered from `answers` (`^C`: Ctrl-C at that question),
    each question and answer written to stderr."""
    left = list(answers)

    def prompt(text, default=None, **kwargs):
        answer = left.pop(0)
        if answer == CTRL_C:
            raise typer.Abort()
        sys.stderr.write(f"{text}: {answer}\n")
        return answer or (default if default is not None else "")

    monkeypatch.setattr(entry.typer, "prompt", prompt)


def record(ledger: Path, capsys) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        main(["record", str(ledger)])
    out = capsys.readouterr()
    return int(done.value.code or 0), out.out, out.err


def test_item5_ctrl_c_keeps_the_answers_beside_the_ledger(ledger, tty, monkeypatch,
                                                         capsys):
    before = ledger.read_bytes()
    scripted(monkeypatch, "", "Asha", "hA", CTRL_C, "")   # Enter: keep them
    code, out, err = record(ledger, capsys)
    assert code == 130, (code, err)
    assert out == ""
    assert "Keep these 3 answers for the next record? [Y/n]" in err
    assert f"The answers are kept in .{ledger.name}.draft" in err
    assert ledger.read_bytes() == before                  # never inside the ledger
    draft = tomllib.loads(draft_path(ledger).read_text(encoding="utf-8"))
    assert draft["game"] == "dhumbal" and draft["hand"] == 1
    assert [a for _, a in draft["answers"]] == ["-", "Asha", "hA"]
    # the next record offers them: Bikash's cards are the next question
    scripted(monkeypatch, "y", "s2", "c7", "y")
    code, out, err = record(ledger, capsys)
    assert code == 0, err
    assert "Go on with the 3 answers kept for hand 1? [Y/n]" in err
    assert "Who called?" not in err
    assert hands(ledger)[0]["cards"] == {"Asha": "A♥", "Bikash": "2♠",
                                         "Chandra": "7♣"}
    assert not draft_path(ledger).exists()                # recorded: removed


def test_item5_a_second_ctrl_c_quits_without_keeping(ledger, tty, monkeypatch, capsys):
    before = ledger.read_bytes()
    scripted(monkeypatch, "", "Asha", CTRL_C, CTRL_C)
    code, out, err = record(ledger, capsys)
    assert code == 130, (code, err)
    assert "nothing written" in err
    assert not draft_path(ledger).exists()
    assert ledger.read_bytes() == before


def test_item5_declined_draft_is_removed_and_every_question_asked(ledger, tty,
                                                                 monkeypatch, capsys):
    scripted(monkeypatch, "", "Asha", CTRL_C, "y")
    assert record(ledger, capsys)[0] == 130
    scripted(monkeypatch, "n", "", "Bikash", "hA", "s2", "c7", "y")
    code, out, err = record(ledger, capsys)
    assert code == 0, err
    assert not draft_path(ledger).exists()
    assert hands(ledger)[0]["call"] == "Bikash"


def test_item5_a_draft_of_another_hand_is_ignored_with_a_word(cli, ledger, tty,
                                                             monkeypatch, capsys):
    scripted(monkeypatch, "", "Asha", CTRL_C, "y")
    assert record(ledger, capsys)[0] == 130
    assert cli("record", ledger, "--call", "Asha", "--hand", "Asha=hA",
               "--hand", "Bikash=s2", "--hand", "Chandra=c7").exit_code == 0
    assert draft_path(ledger).exists()      # written with flags: not the entry's
    scripted(monkeypatch, "", "Bikash", "hA", "s2", "c7", "y")
    code, out, err = record(ledger, capsys)
    assert code == 0, err
    assert f"The answers kept in .{ledger.name}.draft are for hand 1: not used." \
        in err
    assert not draft_path(ledger).exists()
    assert len(hands(ledger)) == 2


@pytest.mark.parametrize("text", [
    'game = "dhumbal"\nhand = 1\nanswers = [["Who called?", "\\u001b[2J"]]\n',
    'game = "dhumbal"\nhand = "one"\nanswers = []\n',
    "not toml [",
])
def test_item5_a_file_that_is_no_draft_is_never_offered(cli, ledger, tty, monkeypatch,
                                                        capsys, text):
    draft_path(ledger).write_text(text, encoding="utf-8")
    scripted(monkeypatch, "", "Bikash", "hA", "s2", "c7", "y")
    code, out, err = record(ledger, capsys)
    assert code == 0, err
    assert "Go on with" not in err and "\x1b" not in err
    assert hands(ledger)[0]["call"] == "Bikash"
    assert not draft_path(ledger).exists()        # the hand recorded: removed
