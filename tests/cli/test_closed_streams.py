"""A closed stdout, and a COLUMNS that is no width (a trial of hostile
environments): a command with stdout closed (`>&-`) printed a traceback
and exited 1, after writing too; `COLUMNS=0` drew every screen in 0
columns, so `record` showed no ruling. A closed stream is now the null
device (a reader who does not read) and an unusable COLUMNS is unset."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.screen.streams import usable_streams

HAND = ["--call", "Asha", "--hand", "Asha=A♦ A♣ A♥ 2♦", "--hand", "Bikash=2♠ 3♣",
        "--hand", "Chandra=9♥"]


@pytest.mark.parametrize("columns", ["0", "abc", " 0 ", ""])
def test_a_columns_that_is_no_width_is_unset(monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", columns)
    usable_streams()
    assert "COLUMNS" not in os.environ


def test_a_columns_that_is_a_width_stays(monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    usable_streams()
    assert os.environ["COLUMNS"] == "40"


def test_a_closed_stdout_is_the_null_device(monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    usable_streams()
    assert sys.stdout is not None and sys.stdout.name == os.devnull
    sys.stdout.close()


@pytest.mark.slow            # a real process, its stdout closed
def test_record_with_stdout_closed_writes_and_exits_0(tmp_path: Path):
    path = tmp_path / "night.toml"
    env = {**os.environ, "SCOREKEEPER_CONFIG": str(tmp_path / "none.toml"),
           "SCOREKEEPER_CACHE_DIR": str(tmp_path / "cache")}
    run = [sys.executable, "-m", "scorekeeper"]
    assert subprocess.run([*run, "new", path, "--game", "dhumbal", "--players",
                           "Asha,Bikash,Chandra"], env=env, capture_output=True).returncode == 0
    done = subprocess.run([*run, "record", path, *HAND], env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True,
                          preexec_fn=lambda: os.close(1))
    assert done.returncode == 0
    assert done.stderr == f"Recorded hand 1 in {path}.\n"
    assert "[[hands]]" in path.read_text(encoding="utf-8")
