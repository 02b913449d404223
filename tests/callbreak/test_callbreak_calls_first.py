"""RULES.md CB-18, calls first: `record --bid …` alone saves the calls of
the next deal, which the screens and the board show at once while the
tricks are played; `record --won …` completes it. Only the last deal may
wait so; `undo`, `amend`, `redo`, `verify` and the exports understand it.
Exit codes, stdout and stderr apart; a refused input leaves the ledger
byte for byte as it was."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

PLAYERS = "Asha,Bikash,Chandra,Dipak"
# RULES.md CB-18's worked example: CB-10's deal, its calls saved first
CALLS = ("--bid", "a=3,b=2,c=4,d=2")
TRICKS = ("--won", "a=4,b=2,c=5,d=2")
SAYS = "Calls: Asha 3, Bikash 2, Chandra 4, Dipak 2; hand 1 is being played"


@pytest.fixture
def club(tmp_path: Path, cli) -> Path:
    path = tmp_path / "club.toml"
    assert cli("new", path, "--game", "callbreak", "--players", PLAYERS).exit_code == 0
    return path


def hands(path: Path) -> list[dict]:
    return tomllib.loads(path.read_text(encoding="utf-8")).get("hands", [])


def waiting(cli, path: Path) -> bytes:
    result = cli("record", path, *CALLS, env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.stderr
    return path.read_bytes()


def refused(cli, path: Path, *args: str, code: int = 2, rule: str = "CB-18") -> str:
    before = path.read_bytes()
    result = cli(*args[:1], path, *args[1:])
    assert result.exit_code == code, (result.exit_code, result.stderr)
    assert f"({rule})" in result.stderr
    assert result.stdout == ""
    assert path.read_bytes() == before
    return result.stderr


# -- the worked example ---------------------------------------------------------

def test_cb18_calls_saved_alone_then_the_tricks_rule_the_deal(cli, club):
    saved = cli("record", club, *CALLS, env={"COLUMNS": "100"})
    assert saved.exit_code == 0, saved.stderr
    assert SAYS in saved.stdout
    assert "Saved the calls of hand 1 in" in saved.stderr
    assert hands(club) == [{"hand": 1, "dealer": "Asha",
                            "calls": {"Asha": 3, "Bikash": 2, "Chandra": 4, "Dipak": 2}}]
    standings = cli("standings", club, "--json")
    assert json.loads(standings.stdout)["hands_played"] == 0       # it scores nothing
    assert json.loads(standings.stdout)["pending"] == {
        "hand": 1, "dealer": "Asha",
        "calls": {"Asha": 3, "Bikash": 2, "Chandra": 4, "Dipak": 2}}
    done = cli("record", club, *TRICKS, "--json")
    assert done.exit_code == 0, done.stderr
    assert json.loads(done.stdout)["points"] == {"Asha": 31, "Bikash": 20,
                                                 "Chandra": 41, "Dipak": 20}
    assert len(hands(club)) == 1 and hands(club)[0]["tricks"]["Chandra"] == 5
    assert cli("verify", club).exit_code == 0


def test_cb18_a_deal_completed_is_stored_as_one_recorded_whole(cli, club, tmp_path):
    waiting(cli, club)
    assert cli("record", club, *TRICKS).exit_code == 0
    whole = tmp_path / "whole.toml"
    assert cli("new", whole, "--game", "callbreak", "--players", PLAYERS).exit_code == 0
    assert cli("record", whole, *CALLS, *TRICKS).exit_code == 0
    assert hands(club) == hands(whole)


# -- what reads a waiting deal ----------------------------------------------------

def test_cb18_standings_and_history_show_the_calls_instead_of_the_next_dealer(cli, club):
    waiting(cli, club)
    standings = cli("standings", club, env={"COLUMNS": "100"})
    assert standings.exit_code == 0 and SAYS in standings.stdout
    assert "Next dealer" not in standings.stdout
    history = cli("history", club, env={"COLUMNS": "100"})
    assert history.exit_code == 0 and SAYS in history.stdout
    assert json.loads(cli("history", club, "--json").stdout)["pending"]["hand"] == 1


def test_cb18_show_of_the_waiting_deal_gives_its_calls(cli, club):
    waiting(cli, club)
    shown = cli("show", club, "1", env={"COLUMNS": "100"})
    assert shown.exit_code == 0, shown.stderr
    assert SAYS in shown.stdout and shown.stderr == ""
    data = json.loads(cli("show", club, "1", "--json").stdout)
    assert data == {"hand": 1, "dealer": "Asha",
                    "calls": {"Asha": 3, "Bikash": 2, "Chandra": 4, "Dipak": 2}}


def test_cb18_exports_know_the_waiting_deal_and_score_it_nothing(cli, club):
    assert cli("record", club, *CALLS, *TRICKS).exit_code == 0
    assert cli("record", club, "--bid", "a=1,b=1,c=1,d=1").exit_code == 0
    md = cli("export", club, "--format", "md", env={"COLUMNS": "100"})
    assert "Calls: Asha 1, Bikash 1, Chandra 1, Dipak 1; hand 2 is being played" \
        in md.stdout
    data = json.loads(cli("export", club, "--format", "json").stdout)
    assert data["pending"]["hand"] == 2 and len(data["hands"]) == 1
    assert data["standings"]["totals"]["Chandra"] == 41
    csv = cli("export", club, "--format", "csv").stdout
    assert len(csv.strip().splitlines()) == 2          # the header and deal 1
    html = cli("export", club, "--format", "html").stdout
    assert "hand 2 is being played" in html


def test_cb18_settle_up_counts_complete_deals_and_says_so(cli, club):
    assert cli("record", club, *CALLS, *TRICKS).exit_code == 0
    assert cli("record", club, "--bid", "a=8,b=8,c=8,d=8").exit_code == 0
    settled = cli("settle-up", club, "--rate", "10", "--json")
    assert settled.exit_code == 0, settled.stderr
    assert f"note: hand 2 of {club} is being played: it counts once its tricks " \
           "are recorded" in settled.stderr
    assert json.loads(settled.stdout)["balances"]["Chandra"] > 0


def test_cb18_the_board_shows_the_calls_at_once(cli, club):
    from scorekeeper.files import ledger_file
    from scorekeeper.screen import board

    waiting(cli, club)
    session = ledger_file.read_checked(club).session
    assert SAYS in board.standings(session, None)
    assert "Next dealer" not in board.standings(session, None)


# -- refused -------------------------------------------------------------------

def test_cb18_calls_again_while_a_deal_waits_are_refused(cli, club):
    waiting(cli, club)
    said = refused(cli, club, "record", *CALLS)
    assert "the calls of hand 1 are saved already" in said
    assert "amend" in said and "--bid" in said
    refused(cli, club, "record", *CALLS, *TRICKS)
    refused(cli, club, "record", *TRICKS, "--dealer", "Bikash")


def test_cb18_calls_out_of_range_are_refused_as_a_deals_are(cli, club):
    refused(cli, club, "record", "--bid", "a=9,b=2,c=4,d=2", rule="CB-4")
    refused(cli, club, "record", "--bid", "a=3,b=2,c=4", rule="CB-4")


def test_cb18_wrong_tricks_for_a_waiting_deal_leave_it_waiting(cli, club):
    before = waiting(cli, club)
    refused(cli, club, "record", "--won", "a=4,b=2,c=5,d=1", rule="CB-9")
    assert club.read_bytes() == before


def test_cb18_other_games_take_no_bid(cli, ledger):
    before = ledger.read_bytes()
    result = cli("record", ledger, "--bid", "Asha=3")
    assert result.exit_code == 2 and "--bid: not an option of a Dhumbal hand" \
        in result.stderr
    assert ledger.read_bytes() == before


# -- undo, redo, amend ------------------------------------------------------------

def test_cb18_undo_removes_the_calls_only_and_redo_puts_them_back(cli, club):
    assert cli("record", club, *CALLS, *TRICKS).exit_code == 0
    waiting(cli, club)
    with_calls = club.read_bytes()
    undone = cli("undo", club, "--yes")
    assert undone.exit_code == 0, undone.stderr
    assert "Removed hand 2 (dealer Bikash: Calls: Asha 3, Bikash 2, Chandra 4, " \
           "Dipak 2; no tricks yet)" in undone.stderr
    assert len(hands(club)) == 1 and hands(club)[0]["points"]["Asha"] == 31
    redone = cli("redo", club, "--json")
    assert redone.exit_code == 0, redone.stderr
    assert json.loads(redone.stdout)["hand"] == 2
    assert club.read_bytes() == with_calls


def test_cb18_amend_changes_a_waiting_deals_calls_only(cli, club):
    waiting(cli, club)
    amended = cli("amend", club, "1", "--bid", "a=5", env={"COLUMNS": "100"})
    assert amended.exit_code == 0, amended.stderr
    assert "Calls: Asha 5, Bikash 2, Chandra 4, Dipak 2" in amended.stdout
    assert hands(club)[0] == {"hand": 1, "dealer": "Asha",
                              "calls": {"Asha": 5, "Bikash": 2, "Chandra": 4, "Dipak": 2}}
    said = refused(cli, club, "amend", "1", *TRICKS)
    assert "hand 1 waits for its tricks: only its calls change" in said
    refused(cli, club, "amend", "1", "--bid", "a=0", rule="CB-4")


# -- verify ------------------------------------------------------------------------

def _ledger_with(path: Path, club: Path, extra: str) -> Path:
    path.write_text(club.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return path


def test_cb18_verify_accepts_calls_waiting_in_the_last_deal(cli, club):
    waiting(cli, club)
    result = cli("verify", club)
    assert result.exit_code == 0, result.stderr
    assert "hand 1's calls are checked; its tricks are not recorded yet (CB-18)" \
        in result.stdout
    assert json.loads(cli("verify", club, "--json").stdout)["pending"] == 1


def test_cb18_verify_refuses_calls_waiting_in_an_earlier_deal(cli, club, tmp_path):
    waiting(cli, club)
    bad = _ledger_with(tmp_path / "bad.toml", club,
                       '\n[[hands]]\nhand = 2\ndealer = "Bikash"\n'
                       'calls = { Asha = 3, Bikash = 2, Chandra = 4, Dipak = 2 }\n')
    result = cli("verify", bad)
    assert result.exit_code == 2
    assert "hand 1: no tricks or scores: only the last deal may wait for its tricks " \
           "(CB-18)" in result.stderr


@pytest.mark.parametrize("edit, says", [
    ("Asha = 3, Bikash = 2", "no call given for Chandra, Dipak"),
    ("Asha = 9, Bikash = 2, Chandra = 4, Dipak = 2", "a call is 1–8 tricks"),
])
def test_cb18_verify_checks_the_waiting_calls_again(cli, club, edit, says):
    waiting(cli, club)
    text = club.read_text(encoding="utf-8")
    club.write_text(text.replace("Asha = 3, Bikash = 2, Chandra = 4, Dipak = 2", edit),
                    encoding="utf-8")
    result = cli("verify", club)
    assert result.exit_code == 1
    assert f"hand 1: {says}" in result.stderr


def test_cb18_verify_checks_the_waiting_deals_dealer(cli, club):
    waiting(cli, club)
    text = club.read_text(encoding="utf-8")
    club.write_text(text.replace('\ndealer = "Asha"', '\ndealer = "Bikash"'), encoding="utf-8")
    result = cli("verify", club)
    assert result.exit_code == 1
    assert "hand 1: stored dealer 'Bikash' but the session gives 'Asha'" in result.stderr


def test_cb18_a_waiting_deal_holds_nothing_ruled(cli, club):
    waiting(cli, club)
    text = club.read_text(encoding="utf-8")
    club.write_text(text + 'winner = "Asha"\n', encoding="utf-8")
    result = cli("verify", club)
    assert result.exit_code == 2
    assert "hand 1: `winner` has no place in a deal waiting for its tricks (CB-18)" \
        in result.stderr


# -- at the terminal ----------------------------------------------------------------

def test_cb18_the_entry_saves_the_calls_then_asks_the_tricks(cli, club, tty):
    result = cli("record", club, input="\n".join(
        ["", "2", "4", "2", "3",        # sitting out: nobody; calls from Bikash
         "",                           # save the calls first: yes
         "2", "5", "2", "", "y"]) + "\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert "Saved the calls of hand 1" in result.stderr
    assert "Calls: Asha 3, Bikash 2, Chandra 4, Dipak 2; hand 1 is being played" \
        in result.stdout
    assert "Bikash's call" not in result.stderr.split("Saved the calls")[1]
    assert hands(club)[0]["points"] == {"Asha": 31, "Bikash": 20, "Chandra": 41,
                                        "Dipak": 20}


def test_cb18_the_entry_asks_only_the_tricks_of_a_waiting_deal(cli, club, tty):
    waiting(cli, club)
    result = cli("record", club, input="2\n5\n2\n\ny\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert "call" not in result.stderr.lower().split("took")[0]
    assert hands(club)[0]["tricks"] == {"Asha": 4, "Bikash": 2, "Chandra": 5, "Dipak": 2}


def test_cb18_the_entry_may_take_calls_and_tricks_in_one_go(cli, club, tty):
    result = cli("record", club, input="\n".join(
        ["", "2", "4", "2", "3", "n", "2", "5", "2", "", "y"]) + "\n",
        env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert "Saved the calls" not in result.stderr
    assert hands(club)[0]["points"]["Asha"] == 31


# -- the header around a waiting deal ---------------------------------------------

def test_cb18_extend_counts_the_deal_being_played(cli, tmp_path):
    path = tmp_path / "short.toml"
    assert cli("new", path, "--game", "callbreak", "--players", PLAYERS,
               "--rounds", "2").exit_code == 0
    assert cli("record", path, *CALLS, *TRICKS).exit_code == 0
    assert cli("record", path, "--bid", "a=1,b=1,c=1,d=1").exit_code == 0
    before = path.read_bytes()
    result = cli("extend", path, "--rounds", "1")
    assert result.exit_code == 2 and "2 hands are already played" in result.stderr
    assert path.read_bytes() == before


def test_cb18_rename_renames_the_waiting_calls_too(cli, club):
    waiting(cli, club)
    assert cli("rename", club, "Asha", "Anu").exit_code == 0
    assert hands(club)[0]["calls"] == {"Anu": 3, "Bikash": 2, "Chandra": 4, "Dipak": 2}
    assert cli("verify", club).exit_code == 0
    assert cli("record", club, "--won", "anu=4,b=2,c=5,d=2").exit_code == 0


def test_cb18_the_entry_with_json_gives_one_document(cli, club, tty):
    result = cli("record", club, "--json", input="\n".join(
        ["", "2", "4", "2", "3", "", "2", "5", "2", "", "y"]) + "\n",
        env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    # the runner echoes the answers typed on stdout; then one JSON document
    documents = [line for line in result.stdout.splitlines() if line.startswith("{")]
    assert len(documents) == 1 and json.loads(documents[0])["points"]["Asha"] == 31


def test_cb18_calls_with_a_player_sitting_out_are_refused_by_cb1(cli, club):
    refused(cli, club, "record", "--bid", "a=3,b=2,c=4", "--out", "Dipak", rule="CB-1")


def test_cb18_amend_of_waiting_calls_at_a_terminal_asks_and_declined_writes_nothing(
        cli, club, tty):
    before = waiting(cli, club)
    declined = cli("amend", club, "1", "--bid", "a=5", input="n\n")
    assert declined.exit_code == 0, declined.stderr
    assert f"Amend hand 1 in {club}? [y/N]" in declined.stderr
    assert declined.stderr.rstrip().endswith("Nothing amended.")
    assert club.read_bytes() == before
    agreed = cli("amend", club, "1", "--bid", "a=5", input="y\n", env={"COLUMNS": "100"})
    assert agreed.exit_code == 0, agreed.stderr
    assert "Calls: Asha 5, Bikash 2, Chandra 4, Dipak 2" in agreed.stdout
    assert hands(club)[0]["calls"]["Asha"] == 5


def test_cb18_a_note_given_with_the_calls_stays_with_the_completed_deal(cli, club):
    saved = cli("record", club, *CALLS, "--note", "redeal", env={"COLUMNS": "100"})
    assert saved.exit_code == 0, saved.stderr
    assert hands(club)[0]["note"] == "redeal"
    renoted = cli("amend", club, "1", "--note", "Kiran's first game")
    assert renoted.exit_code == 0, renoted.stderr
    assert hands(club)[0]["note"] == "Kiran's first game"
    done = cli("record", club, *TRICKS)
    assert done.exit_code == 0, done.stderr
    stored = hands(club)[0]
    assert stored["note"] == "Kiran's first game" and "recorded" in stored
    assert stored["tricks"] == {"Asha": 4, "Bikash": 2, "Chandra": 5, "Dipak": 2}
