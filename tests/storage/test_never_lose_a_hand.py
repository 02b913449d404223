"""Never lose or corrupt a hand: each hole found by fault injection,
tampering and fuzzing, closed — the lock that side files cannot defeat, the
text parsed back before it is written, no exit code changed after a write,
symlinks and special files, hostile numbers, names and layouts."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.files import storage
from scorekeeper.ledger.document import parse
from scorekeeper.session.verify import verify

HAND = ["--call", "Asha", "--hand", "Asha=A♦ A♣ A♥ 2♦", "--hand", "Bikash=2♠ 3♣",
        "--hand", "Chandra=9♥"]


def run(*args: object, env: dict[str, str] | None = None, timeout: float = 60,
        cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """scorekeeper as a real process (for locks, pipes and kills)."""
    return subprocess.run([sys.executable, "-m", "scorekeeper", *map(str, args)],
                          capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})}, cwd=cwd)


def one_json(text: str) -> dict:
    data = json.loads(text)            # exactly one document, nothing else
    assert isinstance(data, dict)
    return data


# -- 1. the lock cannot be defeated by deleting a side file ---------------------------

@pytest.mark.slow          # real processes waiting on a lock
def test_lock_held_keeps_a_second_writer_out_even_with_side_files_deleted(ledger):
    before = ledger.read_bytes()
    with storage.locked(ledger):
        for other in ledger.parent.iterdir():     # whatever lies beside it
            if other != ledger:
                other.unlink()
        for name in (ledger.name + ".lock", "." + ledger.name + ".lock"):
            (ledger.parent / name).unlink(missing_ok=True)
        start = time.monotonic()
        result = run("record", ledger, *HAND,
                     env={storage.LOCK_TIMEOUT_VARIABLE: "1.5"})
        waited = time.monotonic() - start
    assert result.returncode == 2
    assert "waiting for another scorekeeper writing" in result.stderr
    assert "gave up" in result.stderr and waited < 20
    assert ledger.read_bytes() == before


@pytest.mark.slow          # real processes waiting on a lock
def test_a_writer_that_waited_locks_the_file_that_replaced_the_one_it_waited_for(
        cli, ledger, tmp_path):
    twin = tmp_path / "twin.toml"
    twin.write_bytes(ledger.read_bytes())
    assert cli("record", twin, *HAND).exit_code == 0
    newer = twin.read_text(encoding="utf-8")
    with storage.locked(ledger) as real:
        waiter = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "record", str(ledger), *HAND],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(1.0)                       # it is waiting on the old file
        storage.write_atomic(real, newer)     # as another writer would
    out, err = waiter.communicate(timeout=60)
    assert waiter.returncode == 0, err
    text = ledger.read_text(encoding="utf-8")
    assert text.startswith(newer.rstrip("\n"))
    session = parse(text, str(ledger))
    assert len(session.hands) == 2 and verify(session) == []


# -- 2. no text is written that does not read back as meant --------------------------

def test_record_refuses_a_layout_that_would_not_read_back(cli, ledger):
    text = ledger.read_text(encoding="utf-8").replace("[options]",
                                                      "hands = []\n\n[options]")
    ledger.write_text(text, encoding="utf-8")
    before = ledger.read_bytes()
    result = cli("record", ledger, *HAND)
    assert result.exit_code == 2 and "nothing written" in result.stderr
    assert ledger.read_bytes() == before


def test_options_after_the_hands_survive_record_and_undo(cli, tmp_path):
    path = tmp_path / "late.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash,Chandra",
               "--hands", "5").exit_code == 0
    assert cli("record", path, *HAND).exit_code == 0
    text = path.read_text(encoding="utf-8")
    head, options = text.split("[options]")
    options_table, hands = options.split("\n[[hands]]", 1)
    path.write_text(head + "[[hands]]" + hands + "\n[options]" + options_table,
                    encoding="utf-8")
    assert cli("record", path, *HAND).exit_code == 0
    assert cli("undo", path).exit_code == 0
    session = parse(path.read_text(encoding="utf-8"), str(path))
    assert session.rules.hands == 5 and len(session.hands) == 1
    assert verify(session) == []


def _inline_hands(cli, tmp_path: Path, after: str = "") -> Path:
    """A ledger whose one hand is a static `hands = [...]`, not a
    `[[hands]]` table (it verifies); `after`: text put after it."""
    path = tmp_path / "inline.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash").exit_code == 0
    inline = ('hands = [{ hand = 1, dealer = "Asha", call = "Asha", cards = { '
              'Asha = "A♠", Bikash = "K♠" }, winner = "Asha", caught = false, '
              'net = { Asha = 10, Bikash = -10 }, rules = ["DH-2", "DH-4", '
              '"DH-8", "DH-11"] }]\n' + after + '\n')
    text = path.read_text(encoding="utf-8").replace("[options]", inline + "[options]")
    path.write_text(text, encoding="utf-8")
    assert cli("verify", path).exit_code == 0
    return path


def test_undo_refuses_a_layout_it_cannot_cut_and_leaves_it(cli, tmp_path):
    path = _inline_hands(cli, tmp_path)
    before = path.read_bytes()
    result = cli("undo", path)
    assert result.exit_code == 2
    assert path.read_bytes() == before


# -- 3. names as typed; nothing after a write changes the exit code -------------------

def test_markup_in_names_is_shown_as_typed_and_record_exits_0(cli, tmp_path):
    path = tmp_path / "markup.toml"
    assert cli("new", path, "--game", "dhumbal", "--players",
               "[/],[bold]x,Ram").exit_code == 0
    result = cli("record", path, "--call", "[/]", "--hand", "[/]=A♠",
                 "--hand", "[bold]x=K♠", "--hand", "Ram=Q♦", env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.stderr
    assert "[/] (called)" in result.stdout and "[bold]x" in result.stdout
    for command in ("history", "standings"):
        shown = cli(command, path, env={"COLUMNS": "120"})
        assert shown.exit_code == 0 and "[bold]x" in shown.stdout


def test_a_failure_after_the_write_never_changes_the_exit_code(cli, ledger,
                                                                monkeypatch):
    from scorekeeper.screen import views

    def broken(*args, **kwargs):
        raise RuntimeError("the terminal went away")

    monkeypatch.setattr(views, "standings", broken)
    result = cli("record", ledger, *HAND)
    assert result.exit_code == 0
    assert "showing it failed" in result.stderr
    assert len(parse(ledger.read_text(encoding="utf-8"), "x").hands) == 1


# -- 4. symlinks, devices, permissions --------------------------------------------------

def test_record_through_a_symlink_writes_the_real_ledger(cli, ledger, tmp_path):
    link = tmp_path / "link.toml"
    link.symlink_to(ledger)
    assert cli("record", link, *HAND).exit_code == 0
    assert cli("record", link, *HAND).exit_code == 0
    assert link.is_symlink() and os.readlink(link) == str(ledger)
    assert len(parse(ledger.read_text(encoding="utf-8"), "x").hands) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.toml", "link.toml"]


def test_export_refuses_a_device_even_with_force(cli, ledger):
    result = cli("export", ledger, "--format", "csv", "-o", "/dev/null", "--force")
    assert result.exit_code == 2 and "not a regular file" in result.stderr
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.parametrize("command", [["record", *HAND], ["undo"],
                                     ["extend", "--hands", "9"]])
def test_a_read_only_ledger_is_refused_and_left_alone(cli, ledger, command):
    assert cli("record", ledger, *HAND).exit_code == 0
    ledger.chmod(0o444)
    before = ledger.read_bytes()
    result = cli(command[0], ledger, *command[1:])
    assert result.exit_code == 2 and "read-only" in result.stderr
    assert ledger.read_bytes() == before
    assert stat.S_IMODE(ledger.stat().st_mode) == 0o444


# -- 5. tracebacks become one line, exit 2, one JSON document ------------------------------

@pytest.mark.parametrize("value", ["--5", "²", "1²", "٣"])
def test_a_number_that_is_not_ascii_digits_is_exit_2_everywhere(cli, ledger, value):
    before = ledger.read_bytes()
    results = [
        cli("record", ledger, "--call", "Asha", "--hand", f"Asha={value}",
            "--hand", "Bikash=K♠", "--hand", "Chandra=Q♦", "--json"),
        cli("settle", "dhumbal", "--players", "A,B", "--call", "A",
            "--hand", f"A={value}", "--hand", "B=K♠", "--json"),
        cli("settle", "marriage", "--players", "A,B", "--no-finisher",
            "--tiplu", "J♣", "--hand", f"A={value}", "--hand", "B=-", "--json")]
    for result in results:
        assert result.exit_code == 2, result.stdout
        data = one_json(result.stdout)
        assert data["exit_code"] == 2 and data["rule"] is None
        # which of the --hand flags, said: "Asha's hand: …" / "A's hand: …"
        assert data["error"].split("'s hand: ")[1].startswith(
            f"cannot read the card {value!r}: ")
        assert data["error"].split("'s hand: ")[0] in ("Asha", "A")
    assert ledger.read_bytes() == before


def test_a_stored_hand_with_a_strange_number_is_reported_not_a_traceback(cli, ledger):
    assert cli("record", ledger, *HAND).exit_code == 0
    text = ledger.read_text(encoding="utf-8").replace('Chandra = "9♥"',
                                                      'Chandra = "²"')
    ledger.write_text(text, encoding="utf-8")
    result = cli("verify", ledger, "--json")
    assert result.exit_code == 1
    assert "cannot be replayed" in one_json(result.stdout)["problems"][0]["message"]


LEDGER_COMMANDS = [["standings"], ["history"], ["verify"], ["record", *HAND],
                   ["undo"], ["extend", "--hands", "9"],
                   ["export", "--format", "json"]]


@pytest.mark.parametrize("command", LEDGER_COMMANDS, ids=lambda c: c[0])
def test_a_ledger_nested_5000_deep_is_exit_2_in_every_command(cli, tmp_path, command):
    path = tmp_path / "deep.toml"
    path.write_text('game = "dhumbal"\nx = ' + "[" * 5000 + "]" * 5000 + "\n",
                    encoding="utf-8")
    result = cli(command[0], path, *command[1:])
    assert result.exit_code == 2 and str(path) in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", LEDGER_COMMANDS, ids=lambda c: c[0])
def test_a_date_in_a_hand_is_exit_2_naming_the_field(cli, ledger, command):
    assert cli("record", ledger, *HAND).exit_code == 0
    text = ledger.read_text(encoding="utf-8").replace(
        "hand = 1\n", "hand = 1\nwhen = 2024-06-07T20:00:00Z\n")
    ledger.write_text(text, encoding="utf-8")
    before = ledger.read_bytes()
    result = cli(command[0], ledger, *command[1:])
    assert result.exit_code == 2
    assert "hand 1" in result.stderr and "when" in result.stderr
    assert ledger.read_bytes() == before


# -- 6. CSV formulas and Markdown HTML --------------------------------------------------------

def test_csv_cells_never_start_a_formula_and_markdown_escapes_html(cli, tmp_path):
    path = tmp_path / "evil.toml"
    names = "+HYPERLINK(x),@cmd,-1+1,<b>bold</b>"
    assert cli("new", path, "--game", "dhumbal", "--players", names).exit_code == 0
    assert cli("record", path, "--call", "@cmd", "--hand", "+HYPERLINK(x)=K♠",
               "--hand", "@cmd=A♠", "--hand", "-1+1=Q♦",
               "--hand", "<b>bold</b>=J♥").exit_code == 0
    csv_text = cli("export", path, "--format", "csv").stdout
    cells = [cell for line in csv_text.splitlines() for cell in line.split(",")]
    text_cells = [c for c in cells if not c.lstrip("-").isdigit()]
    assert not [c for c in text_cells if c[:1] in ("=", "+", "-", "@")]
    assert "'+HYPERLINK(x)" in csv_text and "'@cmd called" in csv_text
    md = cli("export", path, "--format", "md").stdout
    assert "<b>" not in md and "&lt;b&gt;bold&lt;/b&gt;" in md


# -- 7. no hangs -----------------------------------------------------------------------------

@pytest.mark.parametrize("command", LEDGER_COMMANDS, ids=lambda c: c[0])
def test_a_fifo_as_the_ledger_is_refused_at_once(tmp_path, command):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    start = time.monotonic()
    result = run(command[0], fifo, *command[1:], timeout=20)
    assert result.returncode == 2 and "not a regular file" in result.stderr
    assert time.monotonic() - start < 15


# -- 8. leftovers and limits -------------------------------------------------------------------

def test_temp_files_of_killed_writers_are_cleaned_by_the_next_write(cli, ledger):
    dead = ledger.parent / f".{ledger.name}.99999999.deadbeef.tmp"
    alive = ledger.parent / f".{ledger.name}.{os.getpid()}.cafef00d.tmp"
    dead.write_text("half a ledger", encoding="utf-8")
    alive.write_text("someone still writing", encoding="utf-8")
    # files that merely look alike are a person's, never removed
    theirs = [ledger.parent / f".{ledger.name}.{rest}.tmp"
              for rest in ("notes", "99999999", "99999999.deadbeef.old")]
    for path in theirs:
        path.write_text("mine", encoding="utf-8")
    assert cli("record", ledger, *HAND).exit_code == 0
    assert not dead.exists() and alive.exists()
    assert all(path.read_text(encoding="utf-8") == "mine" for path in theirs)


@pytest.mark.parametrize("edit, words", [
    (("hand = 1", "hand = true"), "`hand = 1` expected"),
    (("hand = 1", "hand = 1.0"), "hand 1: `hand = 1` expected"),
    (("hand = 1\n", 'hand = 1\nmood = "tense"\n'), "unknown key `mood`"),
    (("Bikash = 34", "Bikash = 99999999999999999999"), "beyond the 64-bit"),
])
def test_strange_values_in_a_hand_are_refused_with_their_path(cli, ledger, edit, words):
    assert cli("record", ledger, *HAND).exit_code == 0
    text = ledger.read_text(encoding="utf-8")
    assert edit[0] in text
    ledger.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    result = cli("standings", ledger)
    assert result.exit_code == 2 and words in result.stderr, result.stderr
    assert f"{ledger}:" in result.stderr


@pytest.mark.parametrize("args", [
    ["new", "NEW", "--game", "dhumbal", "--players", "A,B", "--dealer", ""],
    ["new", "NEW", "--game", "dhumbal", "--players", "A,B", "--set", "hands="],
    ["new", "NEW", "--game", "dhumbal", "--players", "A,B", "--set",
     "penalty=99999999999999999999"],
    ["new", "NEW", "--game", "dhumbal", "--players", "A\u2028B,C"],
    ["new", "NEW", "--game", "dhumbal", "--players", "A\u0085B,C"],
    ["new", "NEW", "--game", "dhumbal", "--players", "\u200b,C"],      # invisible
    ["new", "NEW", "--game", "dhumbal", "--players", "A\u202eB,C"],    # right-to-left
    ["new", "NEW", "--game", "dhumbal", "--players", "A\u3164,A"],     # a Hangul filler
    ["new", "NEW", "--game", "dhumbal", "--players", "A\u034f,A"],     # grapheme joiner
    ["new", "NEW", "--game", "dhumbal", "--players", "A\u200dB,AB"],   # joins nothing
    ["new", "NEW", "--game", "dhumbal", "--players", "\u200d,B"],      # only a joiner
    ["new", "NEW", "--game", "dhumbal", "--players", "Chandrika\u200d,B"],
    ["settle", "dhumbal", "--players", "A,B", "--dealer", "", "--call", "A",
     "--hand", "A=A♠", "--hand", "B=K♠"],
])
def test_empty_or_unrepresentable_values_are_refused(cli, tmp_path, args):
    result = cli(*[str(tmp_path / "n.toml") if a == "NEW" else a for a in args])
    assert result.exit_code == 2, result.stdout
    said = result.stderr
    assert said.startswith("error: ") and any(words in said for words in (
        "a player's name is empty", "may not contain '=', ',', '|', control characters",
        "option hands takes a whole number or none", "option penalty takes a whole number "
        "(at most 6 digits), not '99999999999999999999' (DH-8)")), said
    if "may not contain" in said:
        assert said.rstrip().endswith("(DH-1)")
    assert not (tmp_path / "n.toml").exists()


def test_a_devanagari_name_with_a_joiner_is_a_name(cli, tmp_path):
    path = tmp_path / "n.toml"
    name = "क्\u200dष"
    family = "👨\u200d👩\u200d👧"              # an emoji sequence joins too
    assert cli("new", path, "--game", "dhumbal", "--players",
               f"{name},B,{family}").exit_code == 0
    assert name in path.read_text(encoding="utf-8")
    assert family in path.read_text(encoding="utf-8")


def test_a_utf8_byte_order_mark_is_accepted(cli, ledger):
    """An editor's byte order mark is read past; the hand is appended to
    the text after it, which stays as it was (the mark is not written
    back)."""
    text = ledger.read_text(encoding="utf-8")
    ledger.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    shown = cli("standings", ledger, "--json")
    assert shown.exit_code == 0, shown.stderr
    assert json.loads(shown.stdout)["totals"] == {"Asha": 0, "Bikash": 0, "Chandra": 0}
    assert cli("record", ledger, *HAND).exit_code == 0
    assert ledger.read_text(encoding="utf-8") == text + (
        '\n[[hands]]\nhand = 1\ndealer = "Asha"\nrecorded = "2026-12-05T21:40:05+00:00"\n'
        'call = "Asha"\n'
        'cards = { Asha = "A♦ A♣ A♥ 2♦", Bikash = "2♠ 3♣", Chandra = "9♥" }\n'
        'winner = "Bikash"\ncaught = true\n'
        'net = { Asha = -25, Bikash = 34, Chandra = -9 }\n'
        'rules = ["DH-2", "DH-4", "DH-8", "DH-11"]\n')
    checked = cli("verify", ledger)
    assert checked.exit_code == 0
    # a long path wraps the line: compared without the spaces and breaks
    assert "".join(checked.stdout.split()) == \
        "".join(f"{ledger}: ok, 1 hand recomputed, all agree.".split()), checked.stdout


# -- 9. every card argument goes through the deck check ------------------------------------

@pytest.mark.parametrize("args", [
    ["check", "maal", "10♣ J♣ Q♣", "--tiplu", ""],
    ["check", "finish", "3♠", "--tiplu", ""],
    ["check", "meld", "3♠ 4♠ 5♠", "--tiplu", ""],
    ["check", "discard", "5♠", "--taken", "JK"],
    ["check", "discard", "5♠", "--taken", ""],
    ["check", "draw", "JK", "--discarded", "5♠ JK"],
])
def test_an_empty_or_impossible_card_argument_is_exit_2(cli, args):
    result = cli(*args, "--json")
    assert result.exit_code == 2
    data = one_json(result.stdout)
    assert data["valid"] is False
    if "JK" in args:
        assert data["rule"] == "DH-1"
        assert data["error"] == "JK was given, but these rules play without jokers"
    else:
        assert data["rule"] is None and data["error"].startswith("cannot read the card ''")


@pytest.mark.parametrize("value, code", [("500", 2), ("83", 2), ("82", 0)])
def test_ma11_an_agreed_maal_is_bounded_by_what_three_decks_give(cli, value, code):
    result = cli("settle", "marriage", "--players", "A,B", "--no-finisher",
                 "--tiplu", "J♣", "--seen", "A,B", "--hand", f"A={value}",
                 "--hand", "B=-", "--json")
    assert result.exit_code == code
    if code:
        assert "at most 82" in one_json(result.stdout)["error"]


# -- 5. record reads back only the hand it appends, with a proof (the reading
#       itself: test_spliced_read_back.py) ---------------------------------------------

def test_record_onto_an_inline_array_of_hands_is_refused_not_appended(cli, tmp_path):
    path = _inline_hands(cli, tmp_path, after="# [[hands]]\n")
    before = path.read_bytes()
    result = cli("record", path, "--call", "Bikash", "--hand", "Asha=K♠",
                 "--hand", "Bikash=A♠")
    assert result.exit_code == 2 and "nothing written" in result.stderr
    assert path.read_bytes() == before


def test_a_name_an_earlier_version_wrote_with_a_blank_or_idle_joiner_still_reads(
        cli, tmp_path):
    # only a name given now is held to the newer checks: an earlier
    # version's ledger reads and verifies as it is
    path = tmp_path / "old.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash").exit_code == 0
    path.write_text(path.read_text(encoding="utf-8").replace("Asha", "As\u200dha")
                    .replace("Bikash", "Bikash\u3164"), encoding="utf-8")
    assert cli("record", path, "--call", "as", "--hand", "as=s2",
               "--hand", "bi=s9").exit_code == 0
    assert cli("verify", path).exit_code == 0
    refused = cli("join", path, "Ch\u200dandra")
    assert refused.exit_code == 2 and "invisible formatting characters (DH-1)" \
        in refused.stderr
