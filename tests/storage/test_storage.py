"""Never lose a hand: atomic writes, the lock on the ledger itself,
unreadable ledgers (exit 2, FILE:LINE: message, never a traceback), and real
processes racing on one ledger or killed in the middle of `record`."""

from __future__ import annotations

import json
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.conftest import examples

from scorekeeper.core.errors import Impossible
from scorekeeper.files import storage
from scorekeeper.ledger.document import parse
from scorekeeper.session.verify import verify

HAND = ["--call", "Asha", "--hand", "Asha=A♦ A♣ A♥ 2♦", "--hand", "Bikash=2♠ 3♣",
        "--hand", "Chandra=9♥"]


def located(path: Path, stderr: str) -> int | None:
    """The line number of the first `FILE:LINE: message` in stderr."""
    m = re.search(re.escape(str(path)) + r":(\d+): \S", stderr)
    return int(m.group(1)) if m else None


# -- storage functions ---------------------------------------------------------------

def test_write_atomic_creates_and_replaces_the_file(tmp_path):
    path = tmp_path / "l.toml"
    storage.write_atomic(path, "a = 1\n")
    assert path.read_text(encoding="utf-8") == "a = 1\n"
    storage.write_atomic(path, "a = 2\n♠\n")
    assert path.read_text(encoding="utf-8") == "a = 2\n♠\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["l.toml"]   # no temp left


def test_write_atomic_keeps_the_file_mode(tmp_path):
    path = tmp_path / "l.toml"
    storage.write_atomic(path, "a = 1\n")
    path.chmod(0o640)
    storage.write_atomic(path, "a = 2\n")
    assert path.stat().st_mode & 0o777 == 0o640


def test_write_atomic_relative_path_in_the_working_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    storage.write_atomic(Path("rel.toml"), "x = 1\n")
    assert (tmp_path / "rel.toml").read_text(encoding="utf-8") == "x = 1\n"


def test_the_lock_is_the_ledger_itself_and_leaves_nothing_beside_it(tmp_path):
    path = tmp_path / "l.toml"
    path.write_text("a = 1\n", encoding="utf-8")
    with storage.locked(path) as real:
        assert real == path.resolve()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["l.toml"]


def test_no_file_is_left_for_a_ledger_that_does_not_exist(tmp_path):
    path = tmp_path / "missing.toml"
    with pytest.raises(Impossible):
        with storage.locked(path):
            pass
    assert list(tmp_path.iterdir()) == []


def test_read_text_missing_file_is_impossible(tmp_path):
    with pytest.raises(Impossible) as info:
        storage.read_text(tmp_path / "none.toml")
    assert "none.toml" in info.value.message.english


def test_read_text_folder_is_impossible(tmp_path):
    with pytest.raises(Impossible) as info:
        storage.read_text(tmp_path)
    assert "folder" in info.value.message.english


def test_read_text_non_utf8_names_the_line(tmp_path):
    path = tmp_path / "l.toml"
    path.write_bytes(b'game = "dhumbal"\nplayers = ["\xff\xfe"]\n')
    with pytest.raises(Impossible) as info:
        storage.read_text(path)
    assert f"{path}:2:" in info.value.message.english


# -- unreadable ledgers through the command line ---------------------------------------

COMMANDS = [["standings"], ["history"], ["verify"], ["record", *HAND], ["undo"],
            ["export", "--format", "csv"]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_invalid_toml_exits_2_with_file_and_line(cli, ledger, command):
    lines = ledger.read_text(encoding="utf-8").splitlines()
    target = next(i for i, line in enumerate(lines, start=1) if "penalty" in line)
    lines[target - 1] = "penalty = = 25"
    ledger.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = ledger.read_bytes()
    result = cli(command[0], ledger, *command[1:])
    assert result.exit_code == 2
    assert located(ledger, result.stderr) == target, result.stderr
    assert "Traceback" not in result.stderr
    assert ledger.read_bytes() == before


def test_invalid_toml_in_a_hand_reports_that_line(cli, ledger):
    assert cli("record", ledger, *HAND).exit_code == 0
    text = ledger.read_text(encoding="utf-8")
    lines = text.splitlines()
    target = next(i for i, line in enumerate(lines, start=1) if line.startswith("net ="))
    lines[target - 1] = "net = { Asha = -25, Bikash = 34, Chandra = -9"
    ledger.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cli("verify", ledger)
    assert result.exit_code == 2
    assert located(ledger, result.stderr) == target


def test_truncated_ledger_exits_2_with_file_and_line(cli, ledger):
    text = ledger.read_text(encoding="utf-8")
    ledger.write_text(text[: text.index('"Bikash"')], encoding="utf-8")
    result = cli("standings", ledger)
    assert result.exit_code == 2
    assert located(ledger, result.stderr) is not None, result.stderr


def _line_starting(path: Path, prefix: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if line.startswith(prefix))


def _replace_line(path: Path, startswith: str, new: str | None) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(startswith))
    if new is None:
        del lines[index]
    else:
        lines[index] = new
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return index + 1


def test_players_not_a_list_exits_2_at_its_line(cli, ledger):
    text = ledger.read_text(encoding="utf-8")
    text = re.sub(r"players = \[[^\]]*\]", 'players = "Asha,Bikash,Chandra"', text)
    ledger.write_text(text, encoding="utf-8")
    line = next(i for i, l in enumerate(text.splitlines(), start=1)
                if l.startswith("players"))
    result = cli("standings", ledger)
    assert result.exit_code == 2
    assert located(ledger, result.stderr) == line
    assert "players" in result.stderr


def test_unknown_option_exits_2_at_its_line(cli, ledger):
    line = _replace_line(ledger, "turn_cap", "turn_cap = 200\nsecret_rule = 1")
    result = cli("standings", ledger)
    assert result.exit_code == 2
    assert located(ledger, result.stderr) == line + 1
    assert "secret_rule" in result.stderr


@pytest.mark.parametrize("value", ["34.0", '"34"'])
def test_net_value_not_an_int_exits_2_at_the_hand(cli, ledger, value):
    assert cli("record", ledger, *HAND).exit_code == 0
    hand_line = _line_starting(ledger, "[[hands]]")
    _replace_line(ledger, "net =",
                  f"net = {{ Asha = -25, Bikash = {value}, Chandra = -9 }}")
    for command in ("standings", "verify", "history"):
        result = cli(command, ledger)
        assert result.exit_code == 2
        assert located(ledger, result.stderr) == hand_line
        assert "net" in result.stderr


def test_missing_dealer_exits_2_at_the_hand(cli, ledger):
    assert cli("record", ledger, *HAND).exit_code == 0
    hand_line = _line_starting(ledger, "[[hands]]")
    _replace_line(ledger, "dealer =", None)
    result = cli("standings", ledger)
    assert result.exit_code == 2
    assert located(ledger, result.stderr) == hand_line
    assert "dealer" in result.stderr


def test_stored_cards_of_a_wrong_type_are_reported_not_a_traceback(cli, ledger):
    assert cli("record", ledger, *HAND).exit_code == 0
    hand_line = _line_starting(ledger, "[[hands]]")
    _replace_line(ledger, "cards =",
                  'cards = { Asha = ["A♦"], Bikash = 1.5, Chandra = "9♥" }')
    result = cli("verify", ledger)
    assert result.exit_code in (1, 2)
    assert located(ledger, result.stderr) == hand_line


def test_missing_ledger_exits_2(cli, tmp_path):
    missing = tmp_path / "missing.toml"
    for command in (["standings"], ["verify"], ["history"], ["undo"]):
        result = cli(command[0], missing)
        assert result.exit_code == 2
        assert str(missing) in result.stderr
    assert not missing.exists()


def test_a_folder_is_not_a_ledger_exit_2(cli, tmp_path):
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    for command in (["standings"], ["verify"], ["record", *HAND], ["undo"]):
        result = cli(command[0], folder, *command[1:])
        assert result.exit_code == 2
        assert "folder" in result.stderr
    assert folder.is_dir() and not any(folder.iterdir())


@pytest.mark.parametrize("blob", [
    b"\xff\xfe\x00\x00garbage",
    b'game = "dhumbal"\n\x80\x81\n',
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    b"",
    b"\x00" * 64,
    "🃏 = ♠\n".encode(),
    b"[[hands]]\nhand = 1\n",
    b'game = "dhumbal"\nprofile = "nepali-games"\n',
    b'game = "marble"\nprofile = "x"\nplayers = []\n',
], ids=range(9))
def test_fixed_junk_exits_2_without_traceback(cli, tmp_path, blob):
    path = tmp_path / "junk.toml"
    path.write_bytes(blob)
    for command in (["standings"], ["verify"], ["record", *HAND]):
        result = cli(command[0], path, *command[1:])
        assert result.exit_code == 2
        assert str(path) in result.stderr
        assert "Traceback" not in result.stderr
    assert path.read_bytes() == blob


@settings(max_examples=examples(100), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(blob=st.binary(max_size=300))
def test_random_bytes_exit_2_without_traceback(cli, tmp_path, blob):
    path = tmp_path / "random.toml"
    path.write_bytes(blob)
    for command in ("standings", "verify"):
        result = cli(command, path)
        assert result.exit_code == 2
        assert result.stderr.strip()
        assert str(path) in result.stderr


@settings(max_examples=examples(100), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_damaged_ledger_never_gives_a_traceback(cli, tmp_path, data):
    # A real ledger with a few random edits: mostly still TOML, so the shape
    # checks (not just the TOML parser) are exercised.
    path = tmp_path / "damaged.toml"
    text = _sample_ledger_text()
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        j = min(len(text), i + data.draw(st.integers(0, 6)))
        insert = data.draw(st.sampled_from(
            ["", "1", "1.5", "true", '"x"', "[]", "{}", "=", "[", "]", '"', ",",
             "\n", "#", "Asha", "-", "[[hands]]\n", "hand = 9\n"]))
        text = text[:i] + insert + text[j:]
    path.write_text(text, encoding="utf-8")
    for command in ("standings", "verify", "history"):
        result = cli(command, path)
        assert result.exit_code in (0, 1, 2)
        if result.exit_code == 2:
            assert str(path) in result.stderr


_SAMPLE: list[str] = []


def _sample_ledger_text() -> str:
    if not _SAMPLE:
        from helpers import append, header_text
        from scorekeeper.core.cards import cards
        from scorekeeper.core.seating import Shown
        from scorekeeper.games.dhumbal.engine import DhumbalHand, resolve
        from scorekeeper.games.registry import game
        from scorekeeper.games.registry import profile as get_profile

        profile = get_profile("dhumbal")
        players = ("Asha", "Bikash", "Chandra")
        text = header_text("dhumbal", profile, profile.rules, players, "Asha")
        for n, (dealer, caller) in enumerate([("Asha", "Asha"), ("Bikash", None)], 1):
            shown = (("Asha", Shown(cards=cards("A♠ 2♦"))),
                     ("Bikash", Shown(total=4 + n)),
                     ("Chandra", Shown(cards=cards("K♣" if n == 1 else "-"))))
            inputs = DhumbalHand(players, dealer, caller, shown)
            stored = game("dhumbal").to_stored(
                n, inputs, resolve(inputs, profile.rules), profile.rules)
            text = append(text, stored)
        assert verify(parse(text, "x")) == []
        _SAMPLE.append(text)
    return _SAMPLE[0]


# -- real processes ------------------------------------------------------------------------

def _scorekeeper(*args: str) -> list[str]:
    return [sys.executable, "-m", "scorekeeper", *map(str, args)]


def _new_session(path: Path, hands: int) -> None:
    subprocess.run(_scorekeeper("new", path, "--game", "dhumbal", "--players",
                                "Asha,Bikash,Chandra", "--hands", str(hands)),
                   check=True, capture_output=True, cwd=path.parent, timeout=60)


@pytest.mark.slow
def test_twelve_concurrent_records_leave_exactly_twelve_hands(tmp_path):
    path = tmp_path / "race.toml"
    _new_session(path, 100)
    procs = [subprocess.Popen(_scorekeeper("record", path, *HAND, "--json"),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              cwd=tmp_path)
             for _ in range(12)]
    outputs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0] * 12, [e for _, e in outputs]
    session = parse(path.read_text(encoding="utf-8"), str(path))
    assert len(session.hands) == 12
    assert verify(session) == []
    numbers = sorted(int(re.search(rb'"hand": (\d+)', out).group(1))
                     for out, _ in outputs)
    assert numbers == list(range(1, 13))
    # The deal still passes left hand after hand (DH-3).
    assert [h.dealer for h in session.hands[:4]] == ["Asha", "Bikash", "Chandra",
                                                     "Asha"]
    check = subprocess.run(_scorekeeper("verify", path), capture_output=True,
                           cwd=tmp_path, timeout=60)
    assert check.returncode == 0, check.stderr


@pytest.mark.slow
def test_record_killed_midway_leaves_the_old_or_the_new_ledger(tmp_path):
    path = tmp_path / "kill.toml"
    _new_session(path, 1000)
    # How long does one record take here? Kill around that moment.
    start = time.monotonic()
    subprocess.run(_scorekeeper("record", path, *HAND), check=True,
                   capture_output=True, cwd=tmp_path, timeout=60)
    duration = time.monotonic() - start
    rnd = random.Random(20240607)
    hands = 1
    for _ in range(30):
        before = path.read_bytes()
        # Two writers at once (one waits on the lock), each killed at its own
        # random moment, mostly late in its run when it writes.
        began = time.monotonic()
        procs = [subprocess.Popen(_scorekeeper("record", path, *HAND),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  cwd=tmp_path)
                 for _ in range(2)]
        kills = sorted(((rnd.uniform(0.5, 1.3) * duration, proc) for proc in procs),
                       key=lambda pair: pair[0])
        for at, proc in kills:
            time.sleep(max(0.0, began + at - time.monotonic()))
            proc.send_signal(signal.SIGKILL)
        for proc in procs:
            proc.wait(timeout=60)
        finished = sum(1 for p in procs if p.returncode == 0)
        text = path.read_text(encoding="utf-8")
        session = parse(text, str(path))          # never a broken file
        assert verify(session) == []
        assert text.startswith(before.decode("utf-8").rstrip("\n"))
        grown = len(session.hands) - hands
        assert finished <= grown <= len(procs)
        hands = len(session.hands)
    leftovers = [p.name for p in tmp_path.iterdir() if p.name != "kill.toml"]
    # Only temp files of killed writers may remain; never a second ledger.
    assert all(name.startswith(".kill.toml.") for name in leftovers), leftovers


def test_a_hand_edited_ledger_is_read_fresh_and_its_hands_ruled_again(cli, tmp_path):
    path = tmp_path / "edit.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash").exit_code == 0
    assert cli("record", path, "--call", "Asha", "--hand", "Asha=A♠",
               "--hand", "Bikash=K♠").exit_code == 0
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("Asha = 10", "Asha = 11"), encoding="utf-8")
    result = cli("standings", path, "--json")
    assert json.loads(result.stdout)["totals"]["Asha"] == 11
    assert cli("verify", path).exit_code == 1


def test_export_never_overwrites_the_ledger(cli, ledger):
    before = ledger.read_bytes()
    for target in (ledger, ledger.parent / "." / ledger.name):
        result = cli("export", ledger, "--format", "csv", "-o", target)
        assert result.exit_code == 2
        assert "is the ledger itself; write the export to another file" in result.stderr
    assert ledger.read_bytes() == before
    empty = cli("export", ledger, "--format", "csv", "-o", "")
    assert empty.exit_code == 2 and empty.stderr == \
        "error: give a file name for the export\n"


def test_export_asks_for_force_before_overwriting_a_file(cli, ledger, tmp_path):
    out = tmp_path / "out.csv"
    out.write_text("keep me", encoding="utf-8")
    result = cli("export", ledger, "--format", "csv", "-o", out)
    assert result.exit_code == 2 and "--force" in result.stderr
    assert out.read_text(encoding="utf-8") == "keep me"
    assert cli("export", ledger, "--format", "csv", "-o", out, "--force").exit_code == 0
    assert out.read_text(encoding="utf-8").startswith("hand,")


@pytest.mark.parametrize("name", ["", ".", "sub/", "/"])
def test_new_refuses_a_path_that_is_no_file_name(cli, tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    result = cli("new", name, "--game", "dhumbal", "--players", "A,B")
    assert result.exit_code == 2 and "error:" in result.stderr
    assert list(tmp_path.iterdir()) == []
