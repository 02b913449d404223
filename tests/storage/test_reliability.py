"""The numbers of "never lose a hand", as real processes (marked slow; run
by `.ci/run` with `python -m pytest -m slow`):

* 16 concurrent `record`s while another process deletes every side file it
  can find in a loop: every hand acknowledged with exit 0 is in the ledger
  exactly once, and `verify` passes;
* 100 kill -9 at random moments of `record`, `undo`, `extend` and `amend`: never an
  unreadable file, never an acknowledged change lost, and the temp files of
  the killed writers gone after the next write;
* a fuzz run (hypothesis) over hand text, names, option values and ledger
  mutations: never a traceback, every `--json` error one JSON document,
  every refused input leaves the file byte for byte as it was.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.conftest import examples

from scorekeeper.ledger.document import parse
from scorekeeper.session.verify import verify

pytestmark = pytest.mark.slow

HAND = ["--call", "Asha", "--hand", "Asha=A♦ A♣ A♥ 2♦", "--hand", "Bikash=2♠ 3♣",
        "--hand", "Chandra=9♥"]


def command(*args: object) -> list[str]:
    return [sys.executable, "-m", "scorekeeper", *map(str, args)]


def new_session(path: Path, hands: int = 1000) -> None:
    subprocess.run(command("new", path, "--game", "dhumbal", "--players",
                           "Asha,Bikash,Chandra", "--hands", hands),
                   check=True, capture_output=True, timeout=60)


def _race(path: Path, delete_temps: bool) -> list[int]:
    """16 concurrent records while a thread deletes side files in a loop (and
    the writers' own temp files too, if `delete_temps`); the hand numbers
    acknowledged with exit 0."""
    folder, stop = path.parent, threading.Event()

    def delete_side_files() -> None:
        while not stop.is_set():
            for other in list(folder.iterdir()):
                if other != path and (delete_temps or not other.name.endswith(".tmp")):
                    other.unlink(missing_ok=True)
            for name in (path.name + ".lock", f".{path.name}.lock"):
                (folder / name).unlink(missing_ok=True)
            time.sleep(0.001)

    deleter = threading.Thread(target=delete_side_files)
    deleter.start()
    try:
        procs = [subprocess.Popen(command("record", path, *HAND, "--json"),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                 for _ in range(16)]
        outputs = [p.communicate(timeout=180) for p in procs]
    finally:
        stop.set()
        deleter.join()
    for (_, err), p in zip(outputs, procs):
        # a writer whose temp file is deleted under it writes nothing: exit 2
        assert p.returncode in ((0, 2) if delete_temps else (0,)), err
    return [json.loads(out)["hand"] for (out, _), p in zip(outputs, procs)
            if p.returncode == 0]


def test_16_concurrent_records_while_side_files_are_deleted_lose_nothing(tmp_path):
    path = tmp_path / "race.toml"
    new_session(path)
    first = _race(path, delete_temps=False)
    assert sorted(first) == list(range(1, 17))            # all of them, once each
    again = _race(path, delete_temps=True)
    session = parse(path.read_text(encoding="utf-8"), str(path))
    assert verify(session) == []
    acknowledged = sorted(first + again)
    assert acknowledged == sorted(set(acknowledged))           # each hand once
    assert acknowledged == [h.number for h in session.hands]   # none lost, none
                                                               # unannounced


OPERATIONS = [["record", *HAND], ["undo"], ["extend", "--hands", "NEXT"],
              ["amend", "1", "OTHER"]]
AMENDS = [HAND, ["--call", "Asha", "--hand", "Asha=A♦", "--hand", "Bikash=2♠ 3♣",
                 "--hand", "Chandra=9♥"]]


def _state(path: Path) -> tuple[int, int | None]:
    session = parse(path.read_text(encoding="utf-8"), str(path))
    assert verify(session) == []
    return len(session.hands), session.planned


def test_100_kills_at_random_moments_never_lose_an_acknowledged_change(tmp_path):
    path = tmp_path / "kill.toml"
    new_session(path)
    for _ in range(3):
        subprocess.run(command("record", path, *HAND), check=True,
                       capture_output=True, timeout=60)
    start = time.monotonic()
    subprocess.run(command("record", path, *HAND), check=True, capture_output=True,
                   timeout=60)
    duration = time.monotonic() - start
    rnd = random.Random(20261130)
    planned = 1000
    for round_ in range(100):
        before_text = path.read_bytes()
        hands, _ = _state(path)
        op = list(rnd.choice(OPERATIONS))
        if op[0] == "undo" and hands < 2:
            op = ["record", *HAND]
        if op[0] == "extend":
            op[-1] = str(planned + 1)
        if op[0] == "amend":          # the other of two versions of hand 1
            now = parse(path.read_text(encoding="utf-8"), "x").hands[0].data
            other = AMENDS[0] if now["cards"]["Asha"] == "A♦" else AMENDS[1]
            op = ["amend", "1", *other]
        proc = subprocess.Popen(command(op[0], path, *op[1:]),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rnd.uniform(0.2, 1.2) * duration)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        after_hands, after_planned = _state(path)        # never unreadable
        changed = path.read_bytes() != before_text
        if proc.returncode == 0:                         # acknowledged: present
            assert changed, (round_, op)
        if changed:
            expected = {"record": (hands + 1, planned), "undo": (hands - 1, planned),
                        "extend": (hands, planned + 1),
                        "amend": (hands, planned)}[op[0]]
            assert (after_hands, after_planned) == expected, (round_, op)
            planned = after_planned or planned
    subprocess.run(command("record", path, *HAND), check=True, capture_output=True,
                   timeout=60)
    leftovers = [p.name for p in tmp_path.iterdir() if p != path]
    assert leftovers == []                   # the next write cleaned every temp


NAMES = st.text(st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=8)
HAND_TEXT = st.one_of(
    st.text(st.sampled_from(list("AKQJT98765432♠♥♦♣shdc -,|²٣+@=[]/\\\"'\n")),
            max_size=14),
    st.integers(-10**20, 10**20).map(str))


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(names=st.lists(NAMES, min_size=1, max_size=4),
       values=st.lists(HAND_TEXT, min_size=1, max_size=4),
       option=st.tuples(st.sampled_from(["hands", "penalty", "call_limit",
                                         "turn_cap", "mood", ""]), NAMES),
       mutation=st.tuples(st.integers(0, 10**6), st.binary(max_size=6)))
def test_fuzzed_inputs_never_give_a_traceback_or_touch_a_refused_file(
        cli, tmp_path, names, values, option, mutation):
    path = tmp_path / "fuzz.toml"
    path.unlink(missing_ok=True)
    made = cli("new", path, "--game", "dhumbal", "--players", ",".join(names),
               "--set", f"{option[0]}={option[1]}")
    if made.exit_code != 0:
        assert made.exit_code == 2 and not path.exists()
        made = cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash")
        assert made.exit_code == 0
    players = parse(path.read_text(encoding="utf-8"), "x").players
    hands = [f"{p}={v}" for p, v in zip(players, values)]
    for args in (["record", path, "--call", players[0], "--json"],
                 ["settle", "dhumbal", "--players", ",".join(players), "--call",
                  players[0], "--json"]):
        before = path.read_bytes()
        result = cli(*args, *[x for h in hands for x in ("--hand", h)])
        data = json.loads(result.stdout)                     # one document
        if result.exit_code != 0:
            assert data["exit_code"] == result.exit_code
            assert path.read_bytes() == before
    # a damaged ledger: every command refuses it cleanly, and leaves it be
    raw = bytearray(path.read_bytes())
    at = mutation[0] % (len(raw) + 1)
    raw[at:at + len(mutation[1])] = mutation[1]
    path.write_bytes(bytes(raw))
    for args in (["standings", "--json"], ["history", "--json"], ["verify", "--json"],
                 ["record", *HAND, "--json"], ["undo", "--json"]):
        before = path.read_bytes()
        result = cli(args[0], path, *args[1:])
        data = json.loads(result.stdout)
        assert isinstance(data, dict)
        if result.exit_code != 0:
            assert path.read_bytes() == before
            assert "Traceback" not in result.stderr
