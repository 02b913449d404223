"""The cache is believed only when it can be (issue 17, D3/D4): an entry
whose document was edited (the ledger's hash kept) fails its HMAC and the
ledger is read instead; a cache that is a FIFO, a device, a link, too big,
in a folder others may write or owned by someone else is ignored (and
rebuilt where it may be) without blocking or exhausting memory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.files import storage

HAND = ["--call", "Asha", "--hand", "Asha=A♦ A♣ A♥ 2♦", "--hand", "Bikash=2♠ 3♣",
        "--hand", "Chandra=9♥"]
STORED = {"Asha": -25, "Bikash": 34, "Chandra": -9}


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(storage.CACHE_VARIABLE, str(folder))
    return folder


@pytest.fixture
def played(cli, cache, ledger) -> Path:
    assert cli("record", ledger, *HAND).exit_code == 0
    assert storage.cache_path(ledger).is_file()
    return ledger


def _edit_entry(ledger: Path, edit) -> None:
    entry = storage.cache_path(ledger)
    head, _, body = entry.read_bytes().partition(b"\n")
    document = json.loads(body)
    edit(document)
    entry.write_bytes(head + b"\n" + json.dumps(document).encode())


def _nets(cli, ledger: Path) -> dict[str, int]:
    shown = cli("history", ledger, "--json")
    assert shown.exit_code == 0, shown.stderr
    return json.loads(shown.stdout)["hands"][0]["net"]


def test_a_net_edited_in_the_cache_with_the_ledgers_hash_kept_is_never_believed(
        cli, played):
    def thousand(document):
        document["hands"][0]["net"] = {"Asha": 1000, "Bikash": -1000, "Chandra": 0}
    _edit_entry(played, thousand)
    assert _nets(cli, played) == STORED
    standings = json.loads(cli("standings", played, "--json").stdout)
    assert standings["totals"] == STORED
    csv = cli("export", played, "--format", "csv").stdout
    assert "1000" not in csv and "34" in csv
    # and the entry is rebuilt from the ledger: believed again afterwards
    assert storage.read_cached_document(played, played.read_text(encoding="utf-8"))


def test_a_hash_and_document_copied_from_another_ledger_are_not_believed(
        cli, played, tmp_path):
    other = tmp_path / "other.toml"
    other.write_bytes(played.read_bytes())
    assert cli("standings", other).exit_code == 0          # trusted, cached
    head, _, body = storage.cache_path(other).read_bytes().partition(b"\n")
    fields = json.loads(head)
    fields["path"] = str(storage.real_path(played))
    storage.cache_path(played).write_bytes(json.dumps(fields).encode() + b"\n" + body)
    text = played.read_text(encoding="utf-8")
    assert storage.read_cached_document(played, text) is None


def test_a_fifo_at_the_cache_path_neither_blocks_standings_nor_record(
        cli, played, cache):
    entry = storage.cache_path(played)
    entry.unlink()
    os.mkfifo(entry)
    env = {**os.environ, storage.CACHE_VARIABLE: str(cache),
           "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    for args in (["standings", "--json", played], ["record", played, *HAND]):
        done = subprocess.run([sys.executable, "-m", "scorekeeper", *map(str, args)],
                              capture_output=True, text=True, timeout=30, env=env)
        assert done.returncode == 0, done.stderr
    assert len(json.loads(cli("history", played, "--json").stdout)["hands"]) == 2


@pytest.mark.parametrize("special", ["link to /dev/zero", "device", "huge file",
                                     "folder"])
def test_a_special_or_huge_cache_entry_is_ignored_and_rebuilt(cli, played, special):
    entry = storage.cache_path(played)
    entry.unlink()
    if special == "link to /dev/zero":
        entry.symlink_to("/dev/zero")
    elif special == "device":
        try:
            os.mknod(entry, 0o600 | 0o020000, os.makedev(1, 5))   # like /dev/zero
        except (OSError, AttributeError):
            pytest.skip("cannot make a device node here")
    elif special == "huge file":
        with open(entry, "wb") as handle:
            handle.truncate(1 << 33)                     # 8 GB, sparse
    else:
        entry.mkdir()
    assert _nets(cli, played) == STORED
    assert cli("record", played, *HAND).exit_code == 0
    if special != "folder":            # a folder is not replaced by a file
        assert entry.is_file() and not entry.is_symlink()
        assert entry.stat().st_size < 1 << 20


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="no owners here")
def test_a_cache_folder_others_may_write_is_neither_read_nor_written(
        cli, played, cache):
    text = played.read_text(encoding="utf-8")
    assert storage.read_cached_document(played, text) is not None
    cache.chmod(0o777)
    assert storage.read_cached_document(played, text) is None
    before = storage.cache_path(played).read_bytes()
    assert cli("record", played, *HAND).exit_code == 0
    assert storage.cache_path(played).read_bytes() == before     # not written


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0,
                    reason="giving a file to another user needs root")
def test_a_cache_entry_owned_by_another_user_is_not_believed(cli, played):
    text = played.read_text(encoding="utf-8")
    os.chown(storage.cache_path(played), 65534, 65534)
    assert storage.read_cached_document(played, text) is None


def test_the_key_and_entries_are_private(cli, played, cache):
    for name in (storage.CACHE_KEY, storage.cache_path(played).name):
        assert (cache / name).stat().st_mode & 0o077 == 0


# -- record appends its hand to the entry's body (issue 17, fast at any size) ----------

def _entry_document(ledger: Path) -> dict:
    return json.loads(storage.cache_path(ledger).read_bytes().partition(b"\n")[2])


def test_record_appends_its_hand_to_the_entry_and_the_entry_is_the_ledger(
        cli, played, monkeypatch):
    from scorekeeper.ledger.tomltext import load_toml

    text = played.read_text(encoding="utf-8").replace("hands = 3", "hands = 9")
    played.write_text(text, encoding="utf-8")
    assert cli("standings", played).exit_code == 0          # re-checked, cached
    appended: list[list | None] = []
    real = storage._appended_body
    monkeypatch.setattr(storage, "_appended_body",
                        lambda path, doc: appended.append(real(path, doc)) or appended[-1])
    for _ in range(3):
        assert cli("record", played, *HAND).exit_code == 0
    assert len(appended) == 3 and all(appended)
    # every hand's table as the ledger holds it, signed: believed next time
    assert _entry_document(played) == load_toml(played.read_text(encoding="utf-8"), "t")
    assert storage.read_cached_document(played, played.read_text(encoding="utf-8"))
    assert [h["hand"] for h in _entry_document(played)["hands"]] == [1, 2, 3, 4]


def test_only_a_document_with_exactly_one_hand_more_is_appended(played):
    text = played.read_text(encoding="utf-8")
    read = storage.read_cache_entry(played, text)
    assert read is not None and read[1]
    document = read[0]
    hand = {**document["hands"][0], "hand": 2}

    def appended(doc: dict) -> list | None:
        storage.read_cache_entry(played, text)               # the entry read again
        return storage._appended_body(played, doc)
    pieces = appended({**document, "hands": [*document["hands"], hand]})
    assert pieces is not None
    body = b"".join(pieces)
    assert json.loads(body) == {**document, "hands": [*document["hands"], hand]}
    assert appended({**document, "hands": [*document["hands"], hand, hand]}) is None
    assert appended({**document, "hands": [hand]}) is None              # one replaced
    assert appended({**document, "players": ["X"], "hands": [*document["hands"],
                                                             hand]}) is None
    assert appended({**document, "hands": [*document["hands"], hand],
                     "tail": {}}) is None                     # hands not the last key
    assert storage._appended_body(played, {**document, "hands": [
        *document["hands"], hand]}) is None                   # nothing read since


@pytest.mark.parametrize("bom", [False, True])
def test_the_digest_known_from_reading_or_writing_is_that_of_the_bytes(tmp_path, bom):
    """The cache is checked against the ledger's SHA-256, remembered as
    its bytes are read or written instead of encoding the text again: the
    same digest as encoding it (a byte-order mark is not part of the text)."""
    import hashlib

    path = tmp_path / "l.toml"
    body = 'game = "dhumbal"\nname = "Āśa ♠"\n'
    path.write_bytes(("\ufeff" if bom else "").encode() + body.encode())
    text = storage.read_text(path)
    assert text == body
    fresh = hashlib.sha256(body.encode()).hexdigest()
    assert storage._digest(text) == fresh
    assert storage._digest(body + "x") == hashlib.sha256((body + "x").encode()).hexdigest()
    written = body + "more = 1\n"
    storage.write_atomic(tmp_path / "w.toml", written)
    assert storage._digest(written) == hashlib.sha256(written.encode()).hexdigest()


@pytest.mark.parametrize("bom", [False, True])
def test_a_text_written_after_the_one_read_is_its_bytes_and_the_tail(tmp_path, bom):
    """`record` writes the ledger read with a hand after it: the bytes read
    and the tail's, and the digest of both, without encoding the whole."""
    import hashlib

    path = tmp_path / "l.toml"
    body = 'game = "dhumbal"\nplayers = ["Āśa", "Bikash"]\n'
    path.write_bytes(("\ufeff" if bom else "").encode() + body.encode())
    text = storage.read_text(path)
    longer = text + '\n[[hands]]\ncards = { Āśa = "A♠ 🃏" }\n'
    storage.write_atomic(path, longer)
    assert path.read_bytes() == longer.encode()
    assert storage._digest(longer) == hashlib.sha256(longer.encode()).hexdigest()
    other = "x = 1\n"                          # not the text read: encoded whole
    storage.write_atomic(path, other)
    assert path.read_bytes() == other.encode()
    assert storage._digest(other) == hashlib.sha256(other.encode()).hexdigest()
