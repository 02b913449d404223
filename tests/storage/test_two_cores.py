"""Issue 17, "fast at any size": a long ledger nobody vouches for (no cache
entry for its bytes) is re-checked on two cores at once — the later hands
in a copy of the process (`files.split.at_once`), the rest and the cache's
entry here (`book._checked_on_two_cores`). Each hand is checked by one of
the two as the plain way checks it, and whatever the two cannot check so
(a hand of the wrong shape, a copy that fails) is checked the plain way:
every command says exactly what it says without it — the same output,
problems, refusals and exit codes."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

import pytest

from ledgers import dhumbal_evening, write
from scorekeeper.files import book, split, storage
from scorekeeper.ledger import tomltext

needs_two = pytest.mark.skipif(not split.possible(), reason="one core here")


# -- split.at_once ----------------------------------------------------------------

@needs_two
def test_at_once_runs_there_in_a_copy_of_this_process():
    here, there = split.at_once(os.getpid, os.getpid)
    assert here == os.getpid() and there != os.getpid()


def test_at_once_runs_both_here_where_no_copy_is_made(monkeypatch):
    monkeypatch.setattr(split, "possible", lambda: False)
    assert split.at_once(os.getpid, os.getpid) == (os.getpid(), os.getpid())


@needs_two
def test_a_copy_that_fails_is_not_believed_its_part_runs_here():
    parent = os.getpid()

    def there() -> str:
        if os.getpid() != parent:
            raise RuntimeError("only in the copy")
        return "ran here"

    assert split.at_once(lambda: 1, there) == (1, "ran here")


@needs_two
def test_a_copy_that_leaves_without_its_answer_is_not_believed():
    parent = os.getpid()

    def there() -> str:
        if os.getpid() != parent:
            os._exit(0)                 # "success", but nothing written
        return "ran here"

    assert split.at_once(lambda: 1, there) == (1, "ran here")


@needs_two
def test_an_answer_marshal_cannot_write_is_made_here():
    marker = object()
    assert split.at_once(lambda: 1, lambda: marker) == (1, marker)


@needs_two
def test_when_this_side_fails_the_copy_is_stopped_and_waited_for():
    start = time.monotonic()
    with pytest.raises(ZeroDivisionError):
        split.at_once(lambda: 1 // 0, lambda: time.sleep(30))
    assert time.monotonic() - start < 10
    with pytest.raises(ChildProcessError):      # no copy left, not even a zombie
        os.waitpid(-1, os.WNOHANG)


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


@needs_two
def test_the_copy_keeps_no_file_of_this_process_open(tmp_path):
    """The ledger's lock above all: a copy still leaving must not hold it."""
    with open(tmp_path / "held", "w") as held:
        here, there = split.at_once(lambda: _is_open(held.fileno()),
                                    lambda: _is_open(held.fileno()))
    assert (here, there) == (True, False)


@needs_two
def test_a_copy_not_waited_for_is_by_the_next_at_once():
    first = split.at_once(lambda: 1, os.getpid)[1]
    second = split.at_once(lambda: 1, os.getpid)[1]
    with pytest.raises(ChildProcessError):          # the first one: gone for good
        os.waitpid(first, os.WNOHANG)
    assert set(split._LEAVING) <= {second}


@pytest.mark.skipif(not hasattr(__import__("fcntl"), "F_GETPIPE_SZ"),
                    reason="pipes of a fixed size here")
def test_the_pipe_holds_a_long_answer_whole():
    """The copy's answer (a long ledger's later pieces, parsed) is written
    while this process is busy with its own part, not 64 KiB at a time as
    this process reads it."""
    import fcntl

    read_end, write_end = os.pipe()
    try:
        split._widened(write_end)
        assert fcntl.fcntl(write_end, fcntl.F_GETPIPE_SZ) >= min(
            split.PIPE_BYTES, int(Path("/proc/sys/fs/pipe-max-size").read_text()))
    finally:
        os.close(read_end)
        os.close(write_end)


@needs_two
def test_an_answer_longer_than_the_pipe_comes_whole():
    big = bytes(range(256)) * 12_000                # 3 MB: more than the pipe holds
    assert split.at_once(lambda: 1, lambda: big) == (1, big)


# -- the re-check of a long ledger -------------------------------------------------

@pytest.fixture
def both_ways(cli, tmp_path, monkeypatch):
    """A command run on two cores (from 4 hands on, not 1,000; the text
    parsed 3 hands a piece, not 200, so that its pieces are parsed on two
    cores too) and the plain way, each with a cache of its own: both
    results, and how often the two-core way was tried (twice a reading:
    the parse, then the check)."""
    tried: list[int] = []
    at_once = split.at_once

    def counting(here, there):
        tried.append(1)
        return at_once(here, there)

    def run(*args):
        out = []
        for name, from_hands in (("two", 4), ("plain", 10 ** 9)):
            monkeypatch.setattr(book, "TWO_CORES_FROM", from_hands)
            monkeypatch.setattr(tomltext, "CHUNK", 3)
            monkeypatch.setattr(split, "at_once", counting)
            monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", str(tmp_path / f"cache-{name}"))
            out.append(cli(*args))
        return out, len(tried)

    return run


def _same(two, plain) -> None:
    assert (two.exit_code, two.stdout, two.stderr) == \
        (plain.exit_code, plain.stdout, plain.stderr)


def _evening(tmp_path: Path, hands: int = 12) -> Path:
    return write(tmp_path / "evening.toml", dhumbal_evening(5, hands))


def _edited(path: Path, number: int, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    at = text.index(f"hand = {number}\n")
    end = text.find("[[hands]]", at)
    end = len(text) if end < 0 else end
    assert old in text[at:end], text[at:end]
    path.write_text(text[:at] + text[at:end].replace(old, new, 1) + text[end:],
                    encoding="utf-8")


def _flip_caught(path: Path, number: int) -> None:
    """Hand `number`'s `caught` made the other of true and false."""
    text = path.read_text(encoding="utf-8")
    caught = text.index("caught = ", text.index(f"hand = {number}\n"))
    flipped = "true" if text.startswith("caught = false", caught) else "false"
    end = text.index("\n", caught)
    path.write_text(text[:caught] + f"caught = {flipped}" + text[end:], encoding="utf-8")


def test_a_ledger_that_holds_reads_the_same_and_is_trusted_after(both_ways, tmp_path,
                                                                 monkeypatch):
    path = _evening(tmp_path)
    (two, plain), tried = both_ways("standings", path, "--json")
    _same(two, plain)
    assert two.exit_code == 0 and '"problems": []' in two.stdout and tried == 2
    # the entry made meanwhile is the one the plain way makes
    text = path.read_text(encoding="utf-8")
    entries = []
    for name in ("two", "plain"):
        monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", str(tmp_path / f"cache-{name}"))
        entries.append(storage.read_cache_entry(path.resolve(), text))
    assert entries[0] is not None and entries[0][1] and entries[0] == entries[1]
    # its strings shared as each side parsed them: a key, a name is one
    # object across the hands of a side (a copy's hands are the last ones)
    every = entries[0][0]["hands"]
    there = int(len(every) * book.PARSED_THERE)          # parsed by the copy
    for hands in (every[:len(every) - there], every[len(every) - there:]):
        assert len({id(key) for h in hands for key in h if key == "dealer"}) == 1
        names = [name for h in hands for name in h["net"]]
        assert len({id(name) for name in names}) == len(set(names)) < len(names)


@pytest.mark.parametrize("number", [2, 11], ids=["this-side", "the-copy's"])
def test_a_hand_that_disagrees_is_told_as_the_plain_way_tells_it(both_ways, tmp_path,
                                                                 number):
    path = _evening(tmp_path)
    _flip_caught(path, number)
    for command in (["standings", path, "--json"], ["history", path],
                    ["record", path, "--call", "Asha", "--hand", "Asha=A♠",
                     "--hand", "Bikash=K♠", "--hand", "Chandra=Q♦",
                     "--hand", "Dipesh=9♥"]):
        (two, plain), _ = both_ways(*command)
        _same(two, plain)
    assert f"hand {number}: " in two.stderr and two.exit_code == 1     # record: refused
    assert path.read_text(encoding="utf-8").count("[[hands]]") == 12


@pytest.mark.parametrize("number", [3, 12], ids=["this-side", "the-copy's"])
def test_a_net_that_does_not_sum_to_0_is_told_as_the_plain_way_tells_it(
        both_ways, tmp_path, number):
    path = _evening(tmp_path)
    text = path.read_text(encoding="utf-8")
    at = text.index(f"hand = {number}\n")
    net = text.index("net = { Asha = ", at) + len("net = { Asha = ")
    end = text.index(",", net)
    path.write_text(text[:net] + str(int(text[net:end]) + 1) + text[end:],
                    encoding="utf-8")
    (two, plain), tried = both_ways("standings", path, "--json")
    _same(two, plain)
    assert "sums to" in two.stdout and tried == 2


def test_a_hand_of_the_wrong_shape_in_the_copys_part_is_refused_as_plainly(
        both_ways, tmp_path):
    path = _evening(tmp_path)
    _edited(path, 10, "net = {", "net = 7\nwas = {")
    (two, plain), _ = both_ways("standings", path, "--json")
    _same(two, plain)
    assert two.exit_code == 2 and "hand 10" in two.stdout + two.stderr


@pytest.mark.parametrize("number", [4, 10], ids=["this-side", "the-copy's"])
@pytest.mark.parametrize("edit", [("winner = ", "tip = 5\nwinner = "),
                                  ("hand = {n}\n", "hand = 99\n")],
                         ids=["unknown-key", "out-of-order"])
def test_a_hand_of_the_wrong_shape_that_still_rules_is_refused_as_plainly(
        both_ways, tmp_path, number, edit):
    """Nothing in these hands keeps them from being ruled: only the check
    of their shape refuses them."""
    path = _evening(tmp_path)
    _edited(path, number, edit[0].format(n=number), edit[1])
    (two, plain), tried = both_ways("standings", path, "--json")
    _same(two, plain)
    assert two.exit_code == 2 and f"hand {number}: " in two.stdout and tried == 2


def test_a_dealer_out_of_turn_in_the_copys_part_is_told_as_plainly(both_ways, tmp_path):
    path = _evening(tmp_path)
    text = path.read_text(encoding="utf-8")
    at = text.index("hand = 9\n")
    dealer = text.index('dealer = "', at)
    end = text.index("\n", dealer)
    path.write_text(text[:dealer] + 'dealer = "Asha"' + text[end:]
                    if text[dealer:end] != 'dealer = "Asha"' else
                    text[:dealer] + 'dealer = "Bikash"' + text[end:], encoding="utf-8")
    (two, plain), _ = both_ways("standings", path, "--json")
    _same(two, plain)
    assert "the deal passes to" in two.stdout


def test_any_one_line_changed_anywhere_reads_as_the_plain_way_reads_it(both_ways,
                                                                        tmp_path):
    """Property: one line of a hand table replaced by another hand's same
    line, removed, or doubled — wherever it lands — changes nothing in what
    `standings --json` says between the two ways."""
    rng = random.Random(17)
    original = dhumbal_evening(7, 16)
    lines = original.splitlines(keepends=True)
    body = [i for i, line in enumerate(lines)
            if "=" in line and i > original[:original.index("[[hands]]")].count("\n")]
    path = tmp_path / "evening.toml"
    for _ in range(12):
        changed = list(lines)
        i, j = rng.choice(body), rng.choice(body)
        how = rng.choice(("swap", "drop", "double"))
        if how == "swap":
            changed[i] = lines[j]
        elif how == "drop":
            del changed[i]
        else:
            changed.insert(i, lines[i])
        write(path, "".join(changed))
        (two, plain), _ = both_ways("standings", path, "--json")
        _same(two, plain)


@pytest.mark.parametrize("before", [True, False], ids=["collecting", "paused"])
def test_the_collector_is_paused_while_a_ledger_is_checked_and_then_as_it_was(
        cli, ledger, monkeypatch, before):
    import gc

    from scorekeeper.ledger import document

    seen = []
    parse = document.parse

    def watching(*args, **kwargs):
        seen.append(gc.isenabled())
        return parse(*args, **kwargs)

    monkeypatch.setattr(document, "parse", watching)
    (gc.enable if before else gc.disable)()
    try:
        result = cli("standings", ledger, "--json")
        after = gc.isenabled()
    finally:
        gc.enable()
    assert result.exit_code == 0 and seen and not any(seen)
    assert after is before


def test_a_hand_that_disagrees_is_found_by_one_reading_not_two(cli, tmp_path, monkeypatch):
    """`verify --fix` reads a ledger with a hand wrong: the two parts tell
    that hand's problem themselves; the ledger is not parsed and ruled a
    second time the plain way."""
    from scorekeeper.ledger import document

    path = _evening(tmp_path)
    _flip_caught(path, 10)
    parsed = []
    parse = document.parse

    def counting(*args, **kwargs):
        parsed.append(kwargs.get("check_hands", True))
        return parse(*args, **kwargs)

    monkeypatch.setattr(book, "TWO_CORES_FROM", 4)
    monkeypatch.setattr(document, "parse", counting)
    result = cli("standings", path, "--json")
    assert result.exit_code == 0 and '"hand": 10' in result.stdout
    assert parsed == [False]


# -- the parse of a long ledger -----------------------------------------------------

def _bounds_cut_at(text: str, cut: int) -> tuple[list[int], list[int]]:
    bounds = tomltext.piece_bounds(text)
    assert bounds is not None
    return [b for b in bounds if b < cut] + [cut], [cut] + [b for b in bounds if b > cut]


def test_pieces_parsed_on_either_side_of_any_cut_join_into_the_document(monkeypatch):
    """Property: wherever the text is cut between two `[[hands]]` tables,
    its two runs of pieces, each parsed alone, join into exactly the
    document the whole text parses to; within a run, equal strings are
    one object (as the cache's entry keeps them)."""
    monkeypatch.setattr(tomltext, "CHUNK", 3)
    text = dhumbal_evening(7, 16)
    whole = tomltext.load_toml(text, "t")
    for cut in tomltext.hand_headers(text):
        mine, theirs = _bounds_cut_at(text, cut)
        first = tomltext.pieces_parsed(text, mine)
        second = tomltext.pieces_parsed(text, theirs)
        assert first is not None and second is not None
        joined = tomltext.joined([*first, *second])
        assert joined == whole, cut
        for run in (first, second):
            hands = [h for found, _ in run for h in found]
            assert all(h["dealer"] is hands[0]["dealer"] for h in hands
                       if h["dealer"] == hands[0]["dealer"])
            assert len({id(h["dealer"]) for h in hands}) <= 4


@pytest.mark.parametrize("spoiled", [
    ("hand = 9\n", "hand = 9\nnote = '''\n"),           # a piece that is not TOML
    ("first_dealer", 'hands = []\nfirst_dealer'),       # the header's own hands
], ids=["not-toml", "static-hands"])
def test_pieces_not_shown_to_be_the_whole_are_not_believed(monkeypatch, spoiled):
    monkeypatch.setattr(tomltext, "CHUNK", 3)
    text = dhumbal_evening(7, 16).replace(*spoiled, 1)
    mine, theirs = _bounds_cut_at(text, tomltext.hand_headers(text)[10])
    found = [tomltext.pieces_parsed(text, mine),
             tomltext.pieces_parsed(text, theirs)]
    assert None in found


def test_a_key_given_by_two_pieces_is_not_joined():
    assert tomltext.joined([([], {"format": 1}), ([{"hand": 1}], {"format": 1})]) is None
    assert tomltext.joined([([], {})]) is None
    assert tomltext.joined([([], {"a": 1}), ([{"hand": 1}], {"b": 2})]) == \
        {"a": 1, "b": 2, "hands": [{"hand": 1}]}


@needs_two
def test_a_long_ledgers_later_pieces_are_parsed_in_a_copy(cli, tmp_path, monkeypatch):
    """Parsed once, in two parts: the later pieces by a copy of the
    process, the rest here; `document.parse` (the whole text) not at all."""
    from scorekeeper.ledger import document

    path = _evening(tmp_path)
    where = tmp_path / "parsed-by"
    parsed = []
    pieces_parsed, parse = tomltext.pieces_parsed, document.parse

    def recording(*args, **kwargs):
        with open(where, "a", encoding="utf-8") as note:
            note.write(f"{os.getpid()}\n")
        return pieces_parsed(*args, **kwargs)

    def counting(*args, **kwargs):
        parsed.append(1)
        return parse(*args, **kwargs)

    monkeypatch.setattr(book, "TWO_CORES_FROM", 4)
    monkeypatch.setattr(tomltext, "CHUNK", 3)
    monkeypatch.setattr(tomltext, "pieces_parsed", recording)
    monkeypatch.setattr(document, "parse", counting)
    result = cli("standings", path, "--json")
    assert result.exit_code == 0 and '"problems": []' in result.stdout
    pids = where.read_text(encoding="utf-8").split()
    assert len(pids) == 2 and str(os.getpid()) in pids and len(set(pids)) == 2
    assert parsed == []


def test_a_header_inside_a_string_is_told_as_the_plain_way_tells_it(both_ways, tmp_path):
    """A `[[hands]]` line inside a multi-line string cuts the text where
    no table begins: its pieces do not parse alone, so the text is parsed
    whole, once, the plain way, and read as it reads it."""
    path = _evening(tmp_path)
    # the seventh header found: where a piece of 3 tables begins
    _edited(path, 6, "winner = ", "note = '''\n[[hands]]\nhand = 99\n'''\nwinner = ")
    (two, plain), tried = both_ways("standings", path, "--json")
    _same(two, plain)
    assert two.exit_code == 2 and "hand 6: unknown key `note`" in two.stdout
    assert tried == 1                       # the parse tried, the check not
