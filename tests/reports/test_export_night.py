"""`export` of the night as a new user read it (issue 38 item 2, issue 39
item 8): money `settle-up --paid` recorded is never listed as owed (and
what was paid is said, as `standings` says it); two sessions of one title
are told apart by their files, each file named under its heading; in
Nepali the night's date is Bikram Sambat and the profile its Nepali title."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from helpers import run_main
from scorekeeper.core import language

A_CALLS = ["--call", "Asha", "--hand", "Asha=A♦", "--hand", "Bikash=2♠ 3♣",
           "--hand", "Chandra=9♥"]      # DH-8: Asha +14, Bikash -5, Chandra -9
AT = 1_796_000_000                      # one moment both ledgers were written


def dhumbal(cli, path: Path, hands: int = 1) -> Path:
    assert cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash,Chandra",
               "--rate", "10").exit_code == 0
    for _ in range(hands):
        assert cli("record", path, *A_CALLS).exit_code == 0
    return path


@pytest.fixture
def night(cli, tmp_path: Path) -> list[Path]:
    """Two Dhumbal ledgers at Rs 10, written in the same minute."""
    paths = [dhumbal(cli, tmp_path / "dh.toml"), dhumbal(cli, tmp_path / "dh2.toml", 2)]
    return paths


def _paid(cli, paths: list[Path]) -> None:
    result = cli("settle-up", *paths, "--mix", "--paid", "--yes")
    assert result.exit_code == 0, result.stderr
    for path in paths:
        os.utime(path, (AT, AT))


def _export(cli, *args: object) -> str:
    result = cli("export", *args)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    return result.stdout


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_dh11_the_night_paid_lists_no_transfer_and_says_it_was_paid(cli, night, fmt):
    _paid(cli, night)
    assert cli("settle-up", *night, "--mix").stderr.endswith(
        "Everything here is paid: nothing to settle.\n")
    text = _export(cli, *night, "--format", fmt)
    assert " gives " not in text
    assert "Everything here is paid: nothing to settle." in text
    assert "dh.toml: hands 1–1 paid " in text and "dh2.toml: hands 1–2 paid " in text


def test_dh11_the_night_partly_paid_gives_what_settle_up_gives(cli, night):
    _paid(cli, night)
    assert cli("record", night[0], *A_CALLS).exit_code == 0
    settled = json.loads(cli("settle-up", *night, "--mix", "--json").stdout)["money"]
    text = _export(cli, *night, "--format", "md")
    night_part = text[:text.index("\n---\n")]
    given = re.findall(r"^- (\w+) gives (\w+) Rs (\d+)$", night_part, re.M)
    assert given == [(t["from"], t["to"], str(t["amount"]))
                     for t in settled["transfers"]] == [("Bikash", "Asha", "50"),
                                                        ("Chandra", "Asha", "90")]


def test_dh11_one_ledger_paid_says_settled_and_lists_no_transfer(cli, night):
    _paid(cli, night)
    text = _export(cli, night[1], "--format", "md")
    assert "Settled: hands 1–2 paid " in text and "(settle-up --paid)." in text
    assert "Money: Rs 10 a point (NPR): Asha +Rs 280" in text   # as `standings`
    assert " gives " not in text


def test_dh11_one_ledger_partly_paid_lists_the_transfers_of_the_rest_only(cli, night):
    _paid(cli, night)
    assert cli("record", night[1], *A_CALLS).exit_code == 0
    text = _export(cli, night[1], "--format", "md")
    assert "Partly settled: hands 1–2 paid " in text
    assert re.findall(r"^- .* gives .*$", text, re.M) == [
        "- Bikash gives Asha Rs 50", "- Chandra gives Asha Rs 90"]


def test_issue39_two_sessions_of_one_title_are_told_apart_by_their_files(cli, night):
    for path in night:
        os.utime(path, (AT, AT))
    text = _export(cli, *night, "--format", "md")
    headings = re.findall(r"^## (.*)$", text, re.M)
    assert len(set(headings)) == 2
    assert all(h.endswith(" · dh2.toml (nepali-games)") or h.endswith(
        " · dh.toml (nepali-games)") for h in headings)
    assert "\n\ndh.toml · nepali-games · 1/3 hands\n" in text
    assert "\n\ndh2.toml · nepali-games · 2/3 hands\n" in text
    stakes = next(line for line in text.splitlines() if line.startswith("Each game"))
    assert " · dh.toml at Rs 10" in stakes and " · dh2.toml at Rs 10" in stakes
    page = _export(cli, *night, "--format", "html")
    tabs = page[page.index('<nav class="tabs"'):page.index("</nav>")]
    named = re.findall(r'">[^<]* · (dh2?\.toml)</a>', tabs)
    assert sorted(named) == ["dh.toml", "dh2.toml"]


def test_issue39_a_session_of_its_own_title_names_no_file_in_it(cli, night):
    os.utime(night[0], (AT, AT))
    os.utime(night[1], (AT + 3600, AT + 3600))
    text = _export(cli, *night, "--format", "md")
    assert not [h for h in re.findall(r"^## (.*)$", text, re.M) if ".toml" in h]


def test_issue39_the_file_under_a_heading_is_escaped_for_markdown(cli, tmp_path):
    paths = [dhumbal(cli, tmp_path / "a[b](x)|c.toml"), dhumbal(cli, tmp_path / "two.toml")]
    text = _export(cli, *paths, "--format", "md")
    assert "\n\na\\[b\\](x)\\|c.toml · nepali-games · 1/3 hands\n" in text


def test_issue39_the_night_in_nepali_is_dated_in_bikram_sambat(cli, night, kathmandu, capsys):
    for path in night:
        os.utime(path, (AT, AT))
    english = _export(cli, *night, "--format", "md")
    assert english.startswith("# The night of 2026-11-30\n")
    code, nepali, err = run_main(["export", *night, "--format", "md", "--lang", "ne"],
                                 capsys)
    assert (code, err) == (0, "")
    language.use("ne")
    assert nepali.startswith("# " + language._("The night of {date}").format(
        date=language.date("2026-11-30")) + "\n")
    assert "२०८३" in nepali.splitlines()[0]
    assert "nepali-games" not in nepali
    assert "(" + language.profile_title("nepali-games") + ")" in nepali


def test_issue39_the_live_board_tells_two_sessions_of_one_title_apart(night):
    from scorekeeper.commands.board_server import read_ledger
    from scorekeeper.screen import board

    sheets = board.told_apart([board.Sheet(str(p), read_ledger(p).session, written=AT,
                                           index=i) for i, p in enumerate(night)])
    titles = [re.search(r"<h2>([^<]*)</h2>", board.section(s)).group(1) for s in sheets]
    assert [t.rsplit(" · ", 1)[1] for t in titles] == ["dh.toml", "dh2.toml"]
    tabs = board.tabs(sheets)
    assert all(t in tabs for t in titles)
