"""The entry in Nepali (issue 39, item 6): the questions name Nepali
keywords (बाहिर, बाँड्ने, शो, कोही होइन) with an example in the reader's
script, every yes/no question takes हो / होइन and says what Enter gives
(`[हो/होइन, Enter=हो]`), and the English keywords are still read."""

from __future__ import annotations

from pathlib import Path

import pytest

import scorekeeper.commands.record
from helpers import one_line
from scorekeeper.core import language

PLAYERS = ("गीता", "सीता", "आशा", "विकास")


@pytest.fixture
def ledger(tmp_path: Path, cli, monkeypatch) -> Path:
    path = tmp_path / "ne.toml"
    done = cli("new", path, "--game", "dhumbal", "--players", ",".join(PLAYERS))
    assert done.exit_code == 0, done.stderr
    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)
    language.use("ne")
    return path


def _record(cli, ledger: Path, answers: list[str]):
    return cli("record", ledger, input="\n".join(answers) + "\n", env={"COLUMNS": "200"})


def test_the_seating_question_names_nepali_keywords_and_reads_them(cli, ledger):
    result = _record(cli, ledger, ["बाहिर वि, बाँड्ने सी", "शो", "as", "१२", "7c", "हो"])
    assert result.exit_code == 0, result.stderr
    assert "बाहिर बस्ने, बाँड्ने? (जस्तै 'बाहिर व, बाँड्ने स'; कोही नभए इन्टर)" \
        in result.stderr, result.stderr
    text = ledger.read_text(encoding="utf-8")
    assert 'out = ["विकास"]' in text and 'dealer = "सीता"' in text


def test_the_english_seating_keywords_are_still_read(cli, ledger):
    result = _record(cli, ledger, ["out वि, dealer सी", "show", "as", "१२", "7c", "y"])
    assert result.exit_code == 0, result.stderr
    text = ledger.read_text(encoding="utf-8")
    assert 'out = ["विकास"]' in text and "show = true" in text


def test_enter_keeps_the_seating_as_it_is(cli, ledger):
    result = _record(cli, ledger, ["", "शो", "as", "१२", "7c", "3d", ""])
    assert result.exit_code == 0, result.stderr
    assert "out" not in ledger.read_text(encoding="utf-8").split("[[hands]]", 1)[1]


def test_the_final_confirmation_asks_ho_hoina_and_takes_hoina(cli, ledger):
    before = ledger.read_bytes()
    result = _record(cli, ledger, ["", "शो", "as", "१२", "7c", "3d", "होइन", "होइन"])
    assert result.exit_code == 0, result.stderr
    assert "यो डिल लेख्ने? [हो/होइन, Enter=हो]" in one_line(result.stderr)
    assert "[y/N]" not in result.stderr and "[Y/n]" not in result.stderr
    assert ledger.read_bytes() == before


def test_a_yes_no_answer_neither_ho_nor_hoina_is_asked_again_in_nepali(cli, ledger):
    result = _record(cli, ledger, ["", "शो", "as", "१२", "7c", "3d", "अँ", "हो"])
    assert result.exit_code == 0, result.stderr
    assert "'अँ': हो वा होइन भन्नुहोस् — फेरि प्रयास गर्नुहोस्" in result.stderr
    assert "show = true" in ledger.read_text(encoding="utf-8")
