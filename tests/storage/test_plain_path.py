"""Issue 29, the plain read and write paths: every spelling of a
`[[hands]]` header TOML allows is written through like scorekeeper's own,
numbers from the environment are ASCII, and running out of memory is a
message, never an abort."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.files import storage
from scorekeeper.ledger.document import parse
from scorekeeper.session.verify import verify

HAND = ["--call", "Asha", "--hand", "Asha=A♦ A♣ A♥ 2♦", "--hand", "Bikash=2♠ 3♣",
        "--hand", "Chandra=9♥"]
AMENDED = ["--call", "Bikash", "--hand", "Asha=K♠", "--hand", "Bikash=2♠",
           "--hand", "Chandra=9♥"]
SPELLINGS = ["[[ hands ]]", '[["hands"]]', "[['hands']]", "[[hands]] # a note",
             '  [[ "hands" ]]   # indented']


@pytest.fixture
def two_hands(cli, tmp_path) -> Path:
    path = tmp_path / "night.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash,Chandra",
               "--hands", "9").exit_code == 0
    for _ in range(2):
        assert cli("record", path, *HAND).exit_code == 0
    return path


def _respelt(path: Path, header: str) -> str:
    text = path.read_text(encoding="utf-8").replace("\n[[hands]]\n", f"\n{header}\n")
    path.write_text(text, encoding="utf-8")
    assert len(parse(text, "t").hands) == 2          # TOML reads it alike
    return text


@pytest.mark.parametrize("header", SPELLINGS)
def test_amend_splices_a_hand_under_any_header_spelling(cli, two_hands, header):
    _respelt(two_hands, header)
    result = cli("amend", two_hands, "1", *AMENDED)
    assert result.exit_code == 0, result.stderr
    after = two_hands.read_text(encoding="utf-8")
    assert after.count(f"\n{header}\n") == 1                  # hand 2 kept as it was spelt
    session = parse(after, "t")
    assert session.hands[0].data["call"] == "Bikash" and verify(session) == []


@pytest.mark.parametrize("header", SPELLINGS)
def test_undo_removes_the_last_hand_under_any_header_spelling(cli, two_hands, header):
    _respelt(two_hands, header)
    result = cli("undo", two_hands, "--yes")
    assert result.exit_code == 0, result.stderr
    after = two_hands.read_text(encoding="utf-8")
    assert after.count(f"\n{header}\n") == 1
    assert [h.number for h in parse(after, "t").hands] == [1]


@pytest.mark.parametrize("header", SPELLINGS)
def test_verify_fix_rerules_a_hand_under_any_header_spelling(cli, two_hands, header):
    text = _respelt(two_hands, header)
    two_hands.write_text(text.replace("Bikash = 34,", "Bikash = 35,", 1)
                         .replace("Chandra = -9 }", "Chandra = -10 }", 1), encoding="utf-8")
    result = cli("verify", two_hands, "--fix", "--yes")
    assert result.exit_code == 0, result.stderr
    assert cli("verify", two_hands).exit_code == 0
    assert two_hands.read_text(encoding="utf-8").count(f"\n{header}\n") == 1


def test_a_splice_that_does_not_read_back_as_meant_is_refused(two_hands):
    """A header-like line inside a string would be spliced at the wrong
    place; whatever a splice makes, the full parse of the new text is
    compared with the document meant, and a difference writes nothing."""
    from scorekeeper.core.errors import Impossible
    from scorekeeper.files import ledger_file
    from scorekeeper.ledger.changes import Change

    text = two_hands.read_text(encoding="utf-8")
    meant = parse(text, "t").document
    with pytest.raises(Impossible, match="would not read back as meant"):
        ledger_file._read_back(Change(text + 'note = """\n[[hands]]\n"""\n',
                                                  dict(meant), None), "t")
    assert ledger_file._read_back(Change(text, dict(meant), None), "t").hands


@pytest.mark.parametrize("raw", ["٣", "３", "1e3", "nan", "-1", "৩.5"])
def test_a_lock_timeout_that_is_not_ascii_digits_is_exit_2_naming_it(cli, two_hands,
                                                                    monkeypatch, raw):
    monkeypatch.setenv(storage.LOCK_TIMEOUT_VARIABLE, raw)
    before = two_hands.read_bytes()
    result = cli("record", two_hands, *HAND)
    assert result.exit_code == 2 and result.stdout == ""
    assert f"SCOREKEEPER_LOCK_TIMEOUT must be a number of seconds, not {raw!r}" \
        in result.stderr
    assert two_hands.read_bytes() == before


@pytest.mark.parametrize("raw", ["3", "0.5", "12.", ".25"])
def test_a_lock_timeout_of_ascii_digits_is_read(monkeypatch, raw):
    monkeypatch.setenv(storage.LOCK_TIMEOUT_VARIABLE, raw)
    assert storage.lock_timeout() == float(raw)


@pytest.mark.slow            # a real process under `ulimit -v`
@pytest.mark.skipif(sys.platform != "linux", reason="/proc and RLIMIT_AS: Linux")
def test_too_little_memory_is_exit_2_with_a_message_not_an_abort(two_hands):
    text = two_hands.read_text(encoding="utf-8")
    head, _, hand = text.partition("\n[[hands]]")
    body = "\n[[hands]]" + hand.split("\n[[hands]]")[0]
    # the same hand many times: a text large enough to refuse, never parsed
    two_hands.write_text(head + body * 20000, encoding="utf-8")
    before = two_hands.read_bytes()
    limit = 160 * 2**20

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    for args in (["standings", "--json"], ["record", *HAND]):
        proc = subprocess.run([sys.executable, "-m", "scorekeeper", args[0], str(two_hands),
                               *args[1:]], capture_output=True, text=True,
                              preexec_fn=limited, timeout=120)
        assert proc.returncode == 2, proc.stderr
        assert "not enough memory to read it" in proc.stderr
        assert "memory allocation" not in proc.stderr and "Traceback" not in proc.stderr
        if "--json" in args:
            assert json.loads(proc.stdout)["exit_code"] == 2
        assert two_hands.read_bytes() == before
