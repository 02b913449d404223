"""Names and paths (issue 17, D5–D8): any legal file name can be a
ledger (its temp name still fits 255 bytes); a file name's terminal
escapes are never printed raw; Markdown in a player's name stays text;
a player's name has a bound (64 characters, exit 2 beyond)."""

from __future__ import annotations

import json
import os
import time

import pytest

from scorekeeper.core.seating import MAX_NAME
from scorekeeper.files import storage

HAND = ["--call", "Asha", "--hand", "Asha=A♦ A♣ A♥ 2♦", "--hand", "Bikash=2♠ 3♣",
        "--hand", "Chandra=9♥"]


@pytest.mark.parametrize("stem", ["l" * 240, "ल" * 80])        # 245 and 245 bytes
def test_d5_a_245_byte_ledger_name_is_written_and_its_temps_cleaned(cli, tmp_path, stem):
    path = tmp_path / (stem + ".toml")
    assert len(os.fsencode(path.name)) == 245
    assert cli("new", path, "--game", "dhumbal", "--players",
               "Asha,Bikash,Chandra").exit_code == 0
    assert cli("record", path, *HAND).exit_code == 0
    stale = storage._temp_name(path).name.replace(f".{os.getpid()}.", ".999999999.")
    assert len(os.fsencode(stale)) <= 255
    (tmp_path / stale).write_text("half a ledger", encoding="utf-8")
    assert cli("undo", path, "--yes").exit_code == 0
    assert not (tmp_path / stale).exists()              # the killed writer's temp
    assert cli("verify", path).exit_code == 0


def test_d6_terminal_escapes_in_file_names_are_never_printed_raw(cli, ledger, tmp_path):
    folder = tmp_path / "night"
    folder.mkdir()
    assert cli("record", ledger, *HAND).exit_code == 0
    (folder / "\x1b]0;pwned\x07.toml").write_bytes(ledger.read_bytes())
    (folder / "\x1b[31mbroken.toml").write_text("junk", encoding="utf-8")
    shown = cli("stats", folder)
    assert shown.exit_code == 0, shown.stderr
    for stream in (shown.stdout, shown.stderr):
        assert "\x1b" not in stream and "\x07" not in stream
    assert "\\x1b[31mbroken.toml" in shown.stderr
    history = cli("history", folder / "\x1b]0;pwned\x07.toml",
                  env={"COLUMNS": "200"})
    assert history.exit_code == 0
    assert "\x1b" not in history.stdout and "\x07" not in history.stdout
    missing = cli("standings", folder / "\x1b[2Jgone.toml")
    assert missing.exit_code == 2 and "\x1b" not in missing.stderr
    assert "\\x1b[2Jgone.toml" in missing.stderr



def test_d6_a_file_name_can_neither_colour_verifys_verdict_nor_forge_a_line(cli, tmp_path):
    # the verdict is stdout, written to a pipe unwrapped; a newline in a
    # name is escaped too, so no line of the output is the name's
    path = tmp_path / "ev\x1b[31mil\nx.toml"
    made = cli("new", path, "--game", "dhumbal", "--players", "a,b")
    assert made.exit_code == 0
    assert "\x1b" not in made.stderr and "ev\\x1b[31mil\\nx.toml" in made.stderr
    verdict = cli("verify", path)
    assert verdict.exit_code == 0 and verdict.stderr == ""
    assert "\x1b" not in verdict.stdout       # (wrapped at spaces, if at all)
    assert " ".join(verdict.stdout.split()) == \
        f"{tmp_path}/ev\\x1b[31mil\\nx.toml: ok, 0 hands recomputed, all agree."



def test_d6_a_newline_in_a_ledger_found_is_escaped_in_the_choice_it_leaves(
        cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("a\nb.toml", "c.toml"):
        assert cli("new", name, "--game", "dhumbal", "--players", "A,B").exit_code == 0
    result = cli("standings")
    assert result.exit_code == 2 and result.stdout == ""
    assert "this folder holds 2 ledgers: a\\nb.toml, c.toml;" in result.stderr
    assert result.stderr.count("\n") == 1


def test_d6_a_payment_records_the_ledgers_name_itself_not_its_escaped_form(cli, tmp_path):
    # escaping is for a person's terminal; the ledger and the JSON keep the
    # name a program can open (JSON escapes the control character itself)
    import json
    import tomllib

    path = tmp_path / "ev\x1bil.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "A,B").exit_code == 0
    assert cli("record", path, "--call", "a", "--hand", "a=s2", "--hand",
               "b=s9").exit_code == 0
    paid = cli("settle-up", path, "--paid", "--json")
    assert paid.exit_code == 0, paid.stderr
    data = json.loads(paid.stdout)
    assert data["sessions"] == data["recorded_paid"] == [str(path)]
    stored = tomllib.loads(path.read_text(encoding="utf-8"))["paid"][0]
    assert stored["sessions"] == [str(path)]
    assert "\x1b" not in paid.stderr

def test_d7_markdown_in_a_name_is_text_in_the_markdown_export(cli, tmp_path):
    path = tmp_path / "md.toml"
    evil = "![x](http://e.vil/p.png)"
    assert cli("new", path, "--game", "dhumbal", "--players",
               f"{evil},[y](javascript:alert),Ram_B").exit_code == 0
    assert cli("record", path, "--call", evil, "--hand", f"{evil}=A♠",
               "--hand", "[y](javascript:alert)=K♠", "--hand", "Ram_B=Q♦").exit_code == 0
    md = cli("export", path, "--format", "md").stdout
    assert "](" not in md.replace("\\](", "")            # no link, no image
    assert "!\\[x\\](http://e.vil/p.png)" in md and "Ram_B" in md


@pytest.mark.parametrize("length, code", [(MAX_NAME, 0), (MAX_NAME + 1, 2),
                                          (1_000_000, 2)])
def test_d8_a_players_name_has_at_most_64_characters(cli, tmp_path, length, code):
    path = tmp_path / "long.toml"
    start = time.monotonic()
    made = cli("new", path, "--game", "dhumbal", "--players",
               f"{'A' * length},Bikash,Chandra")
    assert made.exit_code == code, made.stderr
    assert time.monotonic() - start < 10
    if code:
        assert f"at most {MAX_NAME}" in made.stderr and "(DH-1)" in made.stderr
        assert not path.exists()


def test_d8_rename_and_a_hand_edited_ledger_keep_the_bound(cli, ledger):
    renamed = cli("rename", ledger, "Asha", "A" * (MAX_NAME + 1))
    assert renamed.exit_code == 2 and f"at most {MAX_NAME}" in renamed.stderr
    text = ledger.read_text(encoding="utf-8").replace('"Asha"', '"' + "A" * 100_000 + '"')
    ledger.write_text(text, encoding="utf-8")
    shown = cli("history", ledger, "--all", "--json")
    assert shown.exit_code == 2
    assert f"at most {MAX_NAME}" in json.loads(shown.stdout)["error"]
