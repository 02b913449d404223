"""One number, one script (issue 39, item 9): a number typed in both kinds
of digits (`२2`) is refused wherever a number is read, with one message;
a number in either kind alone is read as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import run_main
from scorekeeper.core.errors import Impossible
from scorekeeper.core.typed import to_latin

MIXED = "a number is written in one kind of digits, 0-9 or ०-९, not '{typed}'"


@pytest.mark.parametrize("typed", ["२2", "1०", "२.5", "A=१2"])
def test_mixed_digits_refused_by_to_latin(typed: str) -> None:
    with pytest.raises(Impossible) as refused:
        to_latin(typed)
    assert refused.value.exit_code == 2
    assert "one kind of digits" in refused.value.message.english


@pytest.mark.parametrize("typed, read", [("२२", "22"), ("22", "22"), ("२.५", "2.5"),
                                          ("A=२, B=3", "A=2, B=3")])
def test_one_kind_of_digits_read(typed: str, read: str) -> None:
    assert to_latin(typed) == read


def _ledger(tmp_path: Path, monkeypatch, capsys) -> str:
    monkeypatch.chdir(tmp_path)
    code, _, _ = run_main(["new", "--game", "dhumbal", "--players", "A,B,C", "x.toml"],
                          capsys)
    assert code == 0
    return "x.toml"


@pytest.mark.parametrize("args, typed", [
    (["record", "x.toml", "--call", "A", "--hand", "A=२2", "--hand", "B=30",
      "--hand", "C=5"], "२2"),
    (["show", "x.toml", "१1"], "१1"),
    (["new", "--game", "dhumbal", "--players", "A,B,C", "--set", "call_limit=१5",
      "y.toml"], "१5"),
    (["new", "--game", "dhumbal", "--players", "A,B,C", "--rate", "२.5", "y.toml"],
     "२.5"),
    (["new", "--game", "dhumbal", "--players", "A,B,C", "--hands", "१0", "y.toml"],
     "१0"),
    (["serve", "x.toml", "--port", "८0८0"], "८0८0"),
])
def test_mixed_digits_refused_everywhere(args, typed, tmp_path, monkeypatch,
                                         capsys) -> None:
    ledger = _ledger(tmp_path, monkeypatch, capsys)
    before = Path(ledger).read_bytes()
    code, out, err = run_main(args, capsys)
    assert code == 2
    assert out == ""
    assert MIXED.format(typed=typed) in err
    assert Path(ledger).read_bytes() == before
    assert not Path("y.toml").exists()


def test_mixed_digits_refused_in_nepali(tmp_path, monkeypatch, capsys) -> None:
    ledger = _ledger(tmp_path, monkeypatch, capsys)
    code, out, err = run_main(["--lang", "ne", "show", ledger, "१1"], capsys)
    assert (code, out) == (2, "")
    assert "सङ्ख्या एकै किसिमका अङ्कमा लेखिन्छ" in err and "'१1'" in err
