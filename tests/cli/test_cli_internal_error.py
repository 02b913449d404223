"""A bug is not bad input: an internal error exits 70 (CLI.md), says it is a
bug in scorekeeper, never prints a traceback, and writes nothing."""

from __future__ import annotations

import json

import pytest

from scorekeeper.cli import main
from scorekeeper.core.errors import BUG_EXIT
from scorekeeper.games import registry


def _broken(*args, **kwargs):
    raise RuntimeError("a deliberate fault")


def test_internal_error_exits_70_and_says_it_is_a_bug(monkeypatch, capsys):
    monkeypatch.setattr(registry, "profile", _broken)
    with pytest.raises(SystemExit) as exit_info:
        main(["check", "call", "A♠ 2♠", "--json"])
    assert exit_info.value.code == BUG_EXIT == 70
    out, err = capsys.readouterr()
    document = json.loads(out)
    assert document["exit_code"] == 70 and document["bug"] is True
    assert "RuntimeError: a deliberate fault" in document["error"]
    assert "this is a bug in scorekeeper" in err and "Traceback" not in err


def test_bad_input_is_still_2_and_not_called_a_bug(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["check", "call", "Z♠", "--json"])
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert "bug" not in json.loads(out) and "bug" not in err


def test_internal_error_while_recording_leaves_the_ledger_unchanged(
        monkeypatch, capsys, tmp_path):
    ledger = tmp_path / "s.toml"
    with pytest.raises(SystemExit) as made:
        main(["new", str(ledger), "--game", "dhumbal", "--players", "Asha,Bikash"])
    assert made.value.code == 0
    before = ledger.read_bytes()
    from scorekeeper.session import session

    monkeypatch.setattr(session.Session, "rule_next", _broken)
    with pytest.raises(SystemExit) as exit_info:
        main(["record", str(ledger), "--call", "Asha", "--hand", "Asha=A♠",
              "--hand", "Bikash=K♠ Q♠"])
    assert exit_info.value.code == 70
    assert ledger.read_bytes() == before
    assert "this is a bug" in capsys.readouterr().err
