"""Standard output that closes or fills up under a command (real processes:
only they have a pipe to break). A reader that stops reading is its own
choice: a write stays done and exits 0, a reading command stops quietly.
An output that cannot be written (a full disk) is exit 2 for a reading
command, and still exit 0 after a write, said on stderr."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.ledger.document import parse

# real processes writing into closed pipes and full disks: in `-m slow`, which .ci/run runs
pytestmark = pytest.mark.slow

HAND = ["--call", "Asha", "--hand", "Asha=A♠", "--hand", "Bikash=K♠ Q♠ J♠",
        "--hand", "Chandra=9♥"]


def run(args: list[str], stdout: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "80", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args],
                          stdout=stdout, stderr=subprocess.PIPE, text=True,
                          env=env, timeout=60)


def closed_pipe() -> int:
    """The writing end of a pipe nobody reads any more."""
    read, write = os.pipe()
    os.close(read)
    return write


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    path = tmp_path / "evening.toml"
    made = run(["new", str(path), "--game", "dhumbal", "--players",
                "Asha,Bikash,Chandra", "--hands", "5"], subprocess.DEVNULL)
    assert made.returncode == 0, made.stderr
    return path


@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_record_into_a_closed_pipe_is_written_and_exits_0(evening, as_json):
    pipe = closed_pipe()
    try:
        done = run(["record", str(evening), *HAND, *as_json], pipe)
    finally:
        os.close(pipe)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "error" not in done.stderr
    assert len(parse(evening.read_text(encoding="utf-8"), "evening").hands) == 1


@pytest.mark.parametrize("command", [["history"], ["export", "--format", "csv"]])
def test_a_reading_command_into_a_closed_pipe_stops_quietly(evening, command):
    assert run(["record", str(evening), *HAND], subprocess.DEVNULL).returncode == 0
    pipe = closed_pipe()
    try:
        done = run([command[0], str(evening), *command[1:]], pipe)
    finally:
        os.close(pipe)
    assert done.returncode == 0 and done.stderr == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_an_output_that_cannot_be_written_is_exit_2_but_a_write_stays_exit_0(
        evening, as_json):
    with open("/dev/full", "w") as full:
        shown = run(["standings", str(evening), *as_json], full.fileno())
        assert shown.returncode == 2
        assert shown.stderr == ("scorekeeper: cannot write the output (No space "
                                "left on device)\n")
        done = run(["record", str(evening), *HAND, *as_json], full.fileno())
    assert done.returncode == 0 and "Recorded hand 1" in done.stderr
    assert "Traceback" not in done.stderr
    assert len(parse(evening.read_text(encoding="utf-8"), "evening").hands) == 1
