"""`--help` is a screen too (docs/CLI.md: every screen fits a terminal from
40 columns up): click's help is never narrower than 50 columns unless it
is told the terminal's width, so at 40 its two columns were cut by the
terminal. Every command's help fits 40 columns, in English and in Nepali;
the default run tries a few commands, the thorough run every one."""

from __future__ import annotations

import pytest
from tests.conftest import THOROUGH

from helpers import fits, run_main

ALL = ("", "new", "standings", "history", "export", "profiles", "record", "amend",
       "show", "settle", "verify", "undo", "redo", "extend", "rename", "join", "leave",
       "settle-up", "stats", "chart", "rules", "serve", "config", "check",
       "check finish", "check call", "check play")
SOME = ("", "record")


@pytest.mark.parametrize("language", ("en", "ne"))
@pytest.mark.parametrize("command", ALL if THOROUGH else SOME)
def test_every_commands_help_fits_40_columns(command, language, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    code, out, err = run_main([*command.split(), "--help", "--lang", language], capsys)
    assert code == 0 and err == ""
    assert "--help" in out and len(out.splitlines()) > 3
    fits(out, 40)


def test_help_keeps_clicks_width_on_a_wide_terminal(capsys, monkeypatch):
    # told the width, click still keeps to 78 columns at most, as before
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run_main(["record", "--help"], capsys)
    assert code == 0
    widest = max(len(line) for line in out.splitlines())
    assert 60 < widest <= 78
