"""Issue 29, item 2: the one cache (`files/verified.py`) holds which exact
bytes this code found to verify. It is believed only for those bytes,
made by this code, in a folder and a file the user alone may write;
`verify` and `verify --fix` never believe it."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from scorekeeper.files import verified

HAND = ["--call", "Asha", "--hand", "Asha=A♦ A♣ A♥ 2♦", "--hand", "Bikash=2♠ 3♣",
        "--hand", "Chandra=9♥"]


def _ledger(cli, path: Path) -> Path:
    assert cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash,Chandra",
               "--hands", "9").exit_code == 0
    for _ in range(2):
        assert cli("record", path, *HAND).exit_code == 0
    return path


@pytest.fixture
def ledger(cli, tmp_path) -> Path:
    return _ledger(cli, tmp_path / "night.toml")


def _broken(path: Path) -> str:
    """Hand 2's stored net with two players' amounts swapped (still
    zero-sum): it no longer agrees with its cards."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = max(i for i, line in enumerate(lines) if line.startswith("net = {"))
    pairs = [part.split("=") for part in lines[at][7:].rstrip("}\n ").split(",")]
    (a, x), (b, y) = pairs[0], pairs[1]
    assert x.strip() != y.strip()
    lines[at] = lines[at].replace(f"{a}={x},{b}={y}", f"{a}={y},{b}={x}")
    broken = "".join(lines)
    path.write_text(broken, encoding="utf-8")
    return broken


def _entry(path: Path) -> Path:
    return verified.cache_dir() / verified._name(Path(os.path.realpath(path)))


def _problems(cli, path: Path) -> list[dict[str, object]]:
    result = cli("standings", path, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)["problems"]


def test_a_ledger_that_verifies_is_noted_for_its_exact_bytes(cli, ledger):
    assert _problems(cli, ledger) == []
    text = ledger.read_text(encoding="utf-8")
    assert verified.holds(ledger.resolve(), text)
    assert not verified.holds(ledger.resolve(), text + "# a comment\n")


def test_the_entry_is_believed_by_standings_and_never_by_verify(cli, ledger):
    """An entry said sound for bytes that do not verify (only a person with
    the cache folder's rights can make one): standings believes it, which
    is what makes it fast; verify rules every hand and finds hand 2."""
    broken = _broken(ledger)
    verified.remember(ledger.resolve(), broken)
    assert _problems(cli, ledger) == []
    result = cli("verify", ledger)
    assert result.exit_code == 1
    assert "1 problem" in result.stdout and "hand 2:" in result.stderr
    fixed = cli("verify", ledger, "--fix", "--yes")
    assert fixed.exit_code == 0, fixed.stderr
    assert ledger.read_text(encoding="utf-8") != broken
    assert cli("verify", ledger).exit_code == 0


def test_a_hand_edited_after_its_entry_was_made_is_warned_of(cli, ledger):
    assert _problems(cli, ledger) == []
    _broken(ledger)
    problems = _problems(cli, ledger)
    assert [p["hand"] for p in problems] == [2]


def test_a_ledger_that_does_not_verify_gets_no_entry(cli, ledger):
    broken = _broken(ledger)
    assert _problems(cli, ledger) != []
    assert not _entry(ledger).exists()
    assert not verified.holds(ledger.resolve(), broken)


def test_an_entry_copied_from_another_ledger_is_not_believed(cli, ledger, tmp_path):
    other = _ledger(cli, tmp_path / "other.toml")
    with other.open("a", encoding="utf-8") as out:
        out.write("# another evening\n")
    assert _problems(cli, other) == []
    _broken(ledger)
    shutil.copyfile(_entry(other), _entry(ledger))
    assert [p["hand"] for p in _problems(cli, ledger)] == [2]


@pytest.mark.parametrize("garbled", [b"", b"0" * 64, b"x" * 1000])
def test_a_truncated_or_garbled_entry_is_ignored_and_made_anew(cli, ledger, garbled):
    assert _problems(cli, ledger) == []
    entry = _entry(ledger)
    entry.write_bytes(garbled)
    text = ledger.read_text(encoding="utf-8")
    assert not verified.holds(ledger.resolve(), text)
    assert _problems(cli, ledger) == []
    assert verified.holds(ledger.resolve(), text)


def test_an_entry_made_by_other_code_is_not_believed(cli, ledger, monkeypatch):
    broken = _broken(ledger)
    monkeypatch.setattr(verified, "_code_key", lambda: "a scorekeeper before a change")
    verified.remember(ledger.resolve(), broken)
    monkeypatch.undo()
    assert [p["hand"] for p in _problems(cli, ledger)] == [2]


READS_AND_RULES = """
import sys
from pathlib import Path
from scorekeeper.files import ledger_file
ledger_file.read_checked(Path(sys.argv[1]), cached=False)
print(" ".join(sorted({m.split(".")[1] for m in sys.modules
                       if m.startswith("scorekeeper.")})))
"""


def test_the_code_key_covers_every_package_that_reads_and_rules_a_ledger(
        ledger, monkeypatch):
    # a rule changed in any module a ledger is checked with makes every
    # entry stale: the session's rules included (`session/`, issue 36)
    import subprocess
    import sys

    loaded = subprocess.run([sys.executable, "-c", READS_AND_RULES, str(ledger)],
                            capture_output=True, text=True, check=True).stdout.split()
    walked: list[str] = []
    walk = os.walk
    monkeypatch.setattr(verified.os, "walk",
                        lambda top: (walked.append(Path(top).name), walk(top))[1])
    verified._code_key.__wrapped__()
    assert set(loaded) - {"files"} <= set(walked)
    assert "session" in loaded


def test_a_cache_folder_others_may_write_is_neither_read_nor_written(cli, ledger):
    broken = _broken(ledger)
    verified.remember(ledger.resolve(), broken)
    folder = verified.cache_dir()
    folder.chmod(0o777)
    assert [p["hand"] for p in _problems(cli, ledger)] == [2]
    _entry(ledger).unlink()
    good = _ledger(cli, ledger.with_name("good.toml"))
    assert _problems(cli, good) == []
    assert not _entry(good).exists()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="giving a file to another user takes root")
def test_an_entry_owned_by_another_user_is_not_believed(cli, ledger):
    broken = _broken(ledger)
    verified.remember(ledger.resolve(), broken)
    os.chown(_entry(ledger), 65534, 65534)
    assert [p["hand"] for p in _problems(cli, ledger)] == [2]


def test_the_folder_and_its_entries_are_the_users_alone(cli, ledger):
    assert _problems(cli, ledger) == []
    assert stat.S_IMODE(verified.cache_dir().stat().st_mode) == 0o700
    assert stat.S_IMODE(_entry(ledger).stat().st_mode) == 0o600
    assert [p.name for p in verified.cache_dir().iterdir()] == [_entry(ledger).name]


def test_a_fifo_or_a_link_at_the_entry_is_not_believed_nor_waited_on(cli, ledger):
    assert _problems(cli, ledger) == []
    broken = _broken(ledger)
    entry = _entry(ledger)
    sound = entry.with_name("sound")
    verified.remember(ledger.resolve(), broken)
    entry.rename(sound)
    entry.symlink_to(sound)
    assert [p["hand"] for p in _problems(cli, ledger)] == [2]
    entry.unlink()
    os.mkfifo(entry)
    assert [p["hand"] for p in _problems(cli, ledger)] == [2]
