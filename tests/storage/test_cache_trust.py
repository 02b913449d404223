"""The cache is believed only when it can be (issue 17, D3/D4): an entry
whose document was edited (the ledger's hash kept) fails its HMAC and the
ledger is read instead; a cache that is a FIFO, a device, a link, too big,
in a folder others may write or owned by someone else is ignored (and
rebuilt where it may be) without blocking or exhausting memory."""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
    document = marshal.loads(body)
    edit(document)
    entry.write_bytes(head + b"\n" + marshal.dumps(document))


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


# -- the entry: a document with its equal strings one object (issue 17) ---------------

def _entry_document(ledger: Path) -> dict:
    return marshal.loads(storage.cache_path(ledger).read_bytes().partition(b"\n")[2])


def _strings(value) -> list:
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (k, *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def _one_object_each(document) -> bool:
    """Every string of `document` equal to another is that very object."""
    seen: dict[str, str] = {}
    return all(seen.setdefault(s, s) is s for s in _strings(document))


def test_the_entry_keeps_equal_strings_once_and_record_keeps_them_so(cli, played):
    from scorekeeper.ledger.tomltext import load_toml

    text = played.read_text(encoding="utf-8").replace("hands = 3", "hands = 9")
    played.write_text(text, encoding="utf-8")
    assert cli("standings", played).exit_code == 0          # re-checked, cached
    assert _one_object_each(_entry_document(played))
    for _ in range(3):
        assert cli("record", played, *HAND).exit_code == 0
    entry = _entry_document(played)
    # every hand's table as the ledger holds it, signed: believed next time
    assert entry == load_toml(played.read_text(encoding="utf-8"), "t")
    assert storage.read_cached_document(played, played.read_text(encoding="utf-8"))
    assert [h["hand"] for h in entry["hands"]] == [1, 2, 3, 4]
    assert _one_object_each(entry)         # the hands recorded shared too


def test_a_hand_more_than_the_entry_read_is_shared_like_the_one_before(played):
    text = played.read_text(encoding="utf-8")
    read = storage.read_cache_entry(played, text)
    assert read is not None and read[1]
    document = read[0]
    hand = json.loads(json.dumps({**document["hands"][0], "hand": 2}))  # new strings
    added = {**document, "hands": [*document["hands"], hand]}

    after = storage._shared_document(played, added)
    assert after == added and after["hands"][0] is document["hands"][0]
    assert after["hands"][1]["dealer"] is document["hands"][0]["dealer"]

    def shared(doc: dict) -> dict:
        storage.read_cache_entry(played, text)               # the entry read again
        return storage._shared_document(played, doc)
    for other in ({**document, "hands": [*document["hands"], hand, hand]},
                  {**document, "hands": [hand]},                # one replaced
                  {**document, "players": ["X"], "hands": added["hands"]},
                  {**document, "hands": added["hands"], "tail": {}}):
        result = shared(other)                    # every string looked at
        assert result == other and _one_object_each(result)
    assert _one_object_each(storage._shared_document(played, added))  # nothing read


def test_an_entry_of_another_python_is_not_read(played):
    entry = storage.cache_path(played)
    head, _, body = entry.read_bytes().partition(b"\n")
    fields = json.loads(head)
    assert fields["version"] == f"4/python{sys.version_info[0]}.{sys.version_info[1]}"
    fields["version"] = "4/python3.99"
    entry.write_bytes(json.dumps(fields).encode() + b"\n" + body)
    assert storage.read_cached_document(played, played.read_text(encoding="utf-8")) is None


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


def test_the_cache_made_anew_leaves_the_ledger_the_text_known(cli, cache, ledger,
                                                               monkeypatch):
    """A first entry in a cache folder not there yet makes the cache's key
    first: its text is not taken for the ledger's, whose digest the entry
    is then made with as it was read, not by encoding the ledger again."""
    import shutil

    encoded: list[str] = []
    encode = storage._encoded

    def counting(text: str, errors: str = "surrogatepass"):
        encoded.append(text)
        return encode(text, errors)

    text = ledger.read_text(encoding="utf-8")
    shutil.rmtree(cache, ignore_errors=True)
    monkeypatch.setattr(storage, "_encoded", counting)
    assert cli("standings", ledger, "--json").exit_code == 0
    assert (cache / storage.CACHE_KEY).is_file() and storage.cache_path(ledger).is_file()
    assert text not in encoded
    assert storage.read_cached_document(ledger, text) is not None


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


_JSONISH = st.recursive(
    st.booleans() | st.integers(-3, 3) | st.sampled_from(["Asha", "DH-2", "A♠ 2♦", "",
                                                          "x" * 65]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["Asha", "net", "x"]), inner, max_size=3),
    max_leaves=12)


@given(_JSONISH)
def test_shared_is_the_same_document_with_equal_short_strings_one_object(value):
    from scorekeeper.ledger.tomltext import shared

    copied = json.loads(json.dumps(value))          # equal strings, other objects
    result = shared(copied)
    assert result == value
    short: dict[str, str] = {}
    assert all(short.setdefault(s, s) is s for s in _strings(result) if len(s) <= 64)
