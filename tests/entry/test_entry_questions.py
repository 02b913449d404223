"""The entry's questions as a new user met them (issue 38 item 5, issue 39
item 6): a draft kept in one language is never offered and dropped in
another; a Nepali yes/no question says what Enter gives, as `[Y/n]` does;
every question fits the terminal's width, the answer typed on its last
line; Ctrl-C that keeps the answers says it stopped once."""

from __future__ import annotations

import os
import signal
import sys
import tomllib
from pathlib import Path

import pytest
import typer

import scorekeeper.commands.edit
import scorekeeper.commands.settle_up
from scorekeeper.cli import main
from scorekeeper.files.draft import draft_path
from scorekeeper.screen import entry, streams

CTRL_C = "^C"       # Ctrl-C at that question, as a terminal sends it: SIGINT


def scripted(monkeypatch, *answers: str) -> list[str]:
    """The prompts answered from `answers`, each question and answer
    written to stderr; the questions asked, as typer was given them."""
    left, asked = list(answers), []

    def prompt(text, default=None, **kwargs):
        asked.append(text)
        answer = left.pop(0)
        if answer == CTRL_C:
            try:                # the guard's handler raises; click makes it Abort
                os.kill(os.getpid(), signal.SIGINT)
            except KeyboardInterrupt:
                raise typer.Abort() from None
        sys.stderr.write(f"{text}: {answer}\n")
        return answer or (default if default is not None else "")

    monkeypatch.setattr(entry.typer, "prompt", prompt)
    return asked


def run(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        main([str(a) for a in args])
    out = capsys.readouterr()
    return int(done.value.code or 0), out.out, out.err


def hands(ledger: Path) -> list[dict]:
    return tomllib.loads(ledger.read_text(encoding="utf-8")).get("hands", [])


# -- 1. a draft and its language -----------------------------------------------------

def test_a_draft_kept_in_nepali_is_not_offered_in_english_and_says_so(
        ledger, tty, monkeypatch, capsys):
    scripted(monkeypatch, "", "Asha", CTRL_C, "")      # Enter: keep them
    assert run(capsys, "--lang", "ne", "record", ledger)[0] == 130
    assert tomllib.loads(draft_path(ledger).read_text("utf-8"))["lang"] == "ne"
    scripted(monkeypatch, "", "Bikash", "hA", "s2", "c7", "y")
    code, out, err = run(capsys, "--lang", "en", "record", ledger)
    assert code == 0, err
    assert "Go on with" not in err
    assert (f"The answers kept in .{ledger.name}.draft were typed in another "
            "language: not used (`--lang ne` offers them).") in err
    assert hands(ledger)[0]["call"] == "Bikash"
    assert not draft_path(ledger).exists()          # the hand recorded: removed


def test_a_draft_kept_in_nepali_is_taken_again_in_nepali(ledger, tty, monkeypatch,
                                                         capsys):
    scripted(monkeypatch, "", "Asha", "hA", CTRL_C, "")
    assert run(capsys, "--lang", "ne", "record", ledger)[0] == 130
    asked = scripted(monkeypatch, "", "s2", "c7", "")
    code, out, err = run(capsys, "--lang", "ne", "record", ledger)
    assert code == 0, err
    assert asked[0].startswith("डिल १ का लागि राखिएका ३ उत्तरबाट अघि बढ्ने?")
    assert len(asked) == 4          # Bikash's cards are the next question
    assert hands(ledger)[0]["cards"]["Asha"] == "A♥"


# -- 2. what Enter gives, in Nepali too ----------------------------------------------

def test_a_nepali_yes_no_question_says_what_enter_gives(ledger, tty, cli, monkeypatch,
                                                        capsys):
    asked = scripted(monkeypatch, "", "Asha", "hA", "s2", "c7", "")
    code, out, err = run(capsys, "--lang", "ne", "record", ledger)
    assert code == 0, err
    assert asked[-1] == "यो डिल लेख्ने? [हो/होइन, Enter=हो]"
    monkeypatch.setattr(scorekeeper.commands.edit, "stdin_is_tty", lambda: True)
    asked = scripted(monkeypatch, "")
    code, out, err = run(capsys, "--lang", "ne", "undo", ledger)
    assert code == 0, err
    assert asked[-1].endswith("? [हो/होइन, Enter=होइन]")
    assert len(hands(ledger)) == 1                  # Enter: No, nothing undone


# -- 3. every question within the terminal's width ----------------------------------

@pytest.fixture
def forty(monkeypatch):
    """stderr a terminal 40 columns wide."""
    monkeypatch.setattr(streams, "_stderr_is_terminal", lambda: True)
    monkeypatch.setenv("COLUMNS", "40")


def fits(question: str) -> bool:
    """Every line of `question` and the ": " typer adds within 40 columns."""
    return all(streams.cells(line) <= 40 for line in f"{question}: ".split("\n"))


@pytest.mark.parametrize("lang", ["en", "ne"])
def test_the_keep_and_go_on_questions_wrap_to_40_columns(ledger, tty, forty, monkeypatch,
                                                         capsys, lang):
    asked = scripted(monkeypatch, "", "Asha", "hA", "s2", CTRL_C, "")
    assert run(capsys, "--lang", lang, "record", ledger)[0] == 130
    keep = asked[-1]
    asked = scripted(monkeypatch, "", "c7", "")
    code, out, err = run(capsys, "--lang", lang, "record", ledger)
    assert code == 0, err
    for question in (keep, asked[0]):
        assert "\n" in question and fits(question), question
    assert keep.replace("\n  ", " ") == {
        "en": "Keep these 4 answers for the next record? [Y/n]",
        "ne": "यी ४ उत्तर अर्को record का लागि राख्ने? [हो/होइन, Enter=हो]"}[lang]


def test_settle_up_paid_question_wraps_to_40_columns(cli, ledger, forty, monkeypatch,
                                                    capsys):
    for _ in range(2):
        assert cli("record", ledger, "--call", "Asha", "--hand", "Asha=hA",
                   "--hand", "Bikash=s2", "--hand", "Chandra=c7").exit_code == 0
    monkeypatch.setattr(scorekeeper.commands.settle_up, "stdin_is_tty", lambda: True)
    monkeypatch.chdir(ledger.parent)
    asked = scripted(monkeypatch, "n")
    code, out, err = run(capsys, "settle-up", ledger.name, "--paid")
    assert code == 0, err
    assert fits(asked[0]) and asked[0].endswith("[y/N]"), asked[0]
    assert asked[0].replace("\n  ", " ") == \
        f"Record this as paid in {ledger.name}, 2 hands? [y/N]"


# -- 4. Ctrl-C: the stop said once ---------------------------------------------------

@pytest.mark.parametrize(("lang", "stopped"), [("en", "Stopped; nothing recorded."),
                                               ("ne", "रोकियो; केही लेखिएन।")])
def test_ctrl_c_keeping_the_answers_says_it_stopped_once(ledger, tty, monkeypatch, capsys,
                                                        lang, stopped):
    before = ledger.read_bytes()
    scripted(monkeypatch, "", "Asha", CTRL_C, "")
    code, out, err = run(capsys, "--lang", lang, "record", ledger)
    assert code == 130 and out == ""
    assert stopped in err
    assert "nothing written" not in err and "केही लेखिएन\n" not in err, err
    assert err.count("रोकियो") == (lang == "ne")
    assert ledger.read_bytes() == before and draft_path(ledger).exists()
