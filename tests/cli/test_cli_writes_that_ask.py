"""Writes that ask (issue 38, item 10): `amend` with hand options,
`redo` and `settle-up --paid` show what they will write and ask before
writing at a terminal, as `undo` asks (y/n or हो/होइन, No by default):
declined, exit 0 and the ledger byte for byte as it was; `--yes` skips
the question; without a terminal nothing is asked. A payment's time is
shown as the reader's local date; the ledger keeps the UTC stamp."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import scorekeeper.commands.edit
import scorekeeper.commands.record
import scorekeeper.commands.settle_up
from scorekeeper.core import language
from scorekeeper.core.errors import Impossible
from scorekeeper.files import ledger_file

HAND = ["--call", "Asha", "--hand", "Asha=A♠ 2♦", "--hand", "Bikash=5♦ 6♦",
        "--hand", "Chandra=K♠ Q♣ 3♥"]


@pytest.fixture
def two(cli, tmp_path: Path) -> Path:
    path = tmp_path / "evening.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash,Chandra",
               "--rate", "10").exit_code == 0
    for _ in range(2):
        assert cli("record", path, *HAND).exit_code == 0
    return path


@pytest.fixture
def terminal(monkeypatch):
    for module in (scorekeeper.commands.record, scorekeeper.commands.edit,
                   scorekeeper.commands.settle_up):
        monkeypatch.setattr(module, "stdin_is_tty", lambda: True)


# -- amend ---------------------------------------------------------------------------

AMEND = ["amend", None, "1", "--hand", "Bikash=5♦ 4♦"]


def amend(cli, path: Path, *more: str, **kw):
    return cli(*AMEND[:1], path, *AMEND[2:], *more, **kw)


def test_amend_on_a_terminal_shows_the_hand_before_and_after_and_asks(cli, two, terminal):
    before = two.read_bytes()
    declined = amend(cli, two, input="n\n")
    assert declined.exit_code == 0 and declined.stdout.strip() == "n"   # the echo
    assert "--hand Bikash: 5♦ 6♦ → 5♦ 4♦" in declined.stderr
    assert re.search(r"Hand 1:\n  Asha\s+\+34 → \+32\s+\(-2\)", declined.stderr)
    assert f"Amend hand 1 in {two}? [y/N]" in declined.stderr
    assert declined.stderr.rstrip().endswith("Nothing amended.")
    assert two.read_bytes() == before
    accepted = amend(cli, two, input="y\n")
    assert accepted.exit_code == 0, accepted.stderr
    assert f"Amended hand 1 in {two}." in accepted.stderr
    assert 'Bikash = "5♦ 4♦"' in two.read_text(encoding="utf-8")


def test_amend_enter_is_no_as_undo_s(cli, two, terminal):
    before = two.read_bytes()
    result = amend(cli, two, input="\n")
    assert result.exit_code == 0 and "Nothing amended." in result.stderr
    assert two.read_bytes() == before


def test_amend_with_yes_or_without_a_terminal_asks_nothing(cli, two, monkeypatch):
    quiet = amend(cli, two, "--json")
    assert quiet.exit_code == 0 and "?" not in quiet.stderr
    assert json.loads(quiet.stdout)["net"]["Bikash"] == -9
    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)
    again = cli("amend", two, "1", "--hand", "Bikash=5♦ 6♦", "--yes")
    assert again.exit_code == 0 and "Amend hand" not in again.stderr


def test_amend_asks_in_nepali_and_takes_ho_and_hoina(cli, two, terminal):
    before = two.read_bytes()
    language.use("ne")
    declined = amend(cli, two, input="होइन\n")
    assert declined.exit_code == 0 and declined.stdout.strip() == "होइन"
    assert f"{two} को डिल १ सच्याउने? [हो/होइन, Enter=होइन]" in declined.stderr
    assert "डिल १:" in declined.stderr and "केही सच्याइएन।" in declined.stderr
    assert two.read_bytes() == before
    assert amend(cli, two, input="हो\n").exit_code == 0
    assert two.read_bytes() != before


def test_amend_of_a_settled_hand_is_refused_before_asking(cli, two, terminal):
    assert cli("settle-up", two, "--paid", "--yes").exit_code == 0
    before = two.read_bytes()
    result = amend(cli, two, "--json")
    assert result.exit_code == 2 and "Amend hand" not in result.stderr
    assert json.loads(result.stdout)["rule"] == "DH-11"
    assert two.read_bytes() == before


def test_amend_asked_refuses_if_the_ledger_changed_meanwhile(cli, two, terminal,
                                                            monkeypatch):
    from scorekeeper.screen import entry

    meanwhile = []

    def yes_after_a_record(question: str, default: bool) -> bool:
        assert ledger_file.record(two, {"call": "Asha", "hand": [
            "Asha=A♠ 2♦", "Bikash=5♦ 6♦", "Chandra=K♠ Q♣ 3♥"]})
        meanwhile.append(two.read_bytes())
        return True

    monkeypatch.setattr(entry, "yes_no", yes_after_a_record)
    result = amend(cli, two)
    assert result.exit_code == 2 and "nothing amended" in result.stderr
    assert two.read_bytes() == meanwhile[0]


# -- redo ----------------------------------------------------------------------------

def test_redo_on_a_terminal_says_which_hand_and_asks(cli, two, terminal):
    assert cli("undo", two, "--yes").exit_code == 0
    before = two.read_bytes()
    declined = cli("redo", two, input="n\n")
    assert declined.exit_code == 0 and declined.stdout.strip() == "n"
    assert "Put back hand 2 (dealer Bikash: Asha called)? [y/N]" in declined.stderr
    assert declined.stderr.rstrip().endswith("Nothing put back.")
    assert two.read_bytes() == before
    accepted = cli("redo", two, input="y\n")
    assert accepted.exit_code == 0 and "Put back hand 2" in accepted.stderr
    assert len(ledger_file.read(two).hands) == 2


def test_redo_with_yes_or_without_a_terminal_asks_nothing(cli, two, monkeypatch):
    assert cli("undo", two, "--yes").exit_code == 0
    quiet = cli("redo", two, "--json")
    assert quiet.exit_code == 0 and "?" not in quiet.stderr
    assert cli("undo", two, "--yes").exit_code == 0
    monkeypatch.setattr(scorekeeper.commands.edit, "stdin_is_tty", lambda: True)
    skipped = cli("redo", two, "--yes")
    assert skipped.exit_code == 0 and "?" not in skipped.stderr
    assert len(ledger_file.read(two).hands) == 2


def test_redo_asks_in_nepali(cli, two, terminal):
    assert cli("undo", two, "--yes").exit_code == 0
    before = two.read_bytes()
    language.use("ne")
    declined = cli("redo", two, input="होइन\n")
    assert declined.exit_code == 0 and "फिर्ता राख्ने? [हो/होइन, Enter=होइन]" in declined.stderr
    assert "केही फिर्ता राखिएन।" in declined.stderr
    assert two.read_bytes() == before


def test_redo_with_nothing_undone_is_refused_before_asking(cli, two, terminal):
    result = cli("redo", two, "--json")
    assert result.exit_code == 2 and "Put back" not in result.stderr
    assert json.loads(result.stdout)["rule"] == "DH-11"


def test_redo_of_another_kept_hand_than_the_one_asked_about_is_refused(cli, two):
    assert cli("undo", two, "--yes").exit_code == 0
    before = two.read_bytes()
    with pytest.raises(Impossible) as err:
        ledger_file.redo(two, expect='[[hands]]\nhand = 2\n')
    assert err.value.rule == "DH-11" and "nothing put back" in err.value.message.english
    assert two.read_bytes() == before


# -- settle-up --paid ---------------------------------------------------------------

def test_settle_up_paid_on_a_terminal_shows_the_payment_and_asks(cli, two, terminal,
                                                                tmp_path):
    other = tmp_path / "other.toml"
    assert cli("new", other, "--game", "dhumbal", "--players", "Asha,Bikash",
               "--rate", "10").exit_code == 0
    assert cli("record", other, "--call", "Asha", "--hand", "Asha=2",
               "--hand", "Bikash=9").exit_code == 0
    before = two.read_bytes(), other.read_bytes()
    declined = cli("settle-up", two, other, "--paid", input="n\n")
    assert declined.exit_code == 0 and declined.stdout.strip() == "n"
    assert "To be recorded as paid:\n  Bikash gives Asha Rs" in declined.stderr
    assert (f"Record this as paid in {two}, 2 hands; {other}, 1 hand? [y/N]"
            in declined.stderr)
    assert declined.stderr.rstrip().endswith("Nothing recorded as paid.")
    assert (two.read_bytes(), other.read_bytes()) == before
    accepted = cli("settle-up", two, other, "--paid", input="y\n")
    assert accepted.exit_code == 0 and "Recorded as paid in" in accepted.stderr
    assert "Chandra gives Asha" in accepted.stdout
    assert "paid = [" in two.read_text("utf-8") and "paid = [" in other.read_text("utf-8")


def test_settle_up_paid_with_yes_or_without_a_terminal_asks_nothing(cli, two,
                                                                    monkeypatch):
    quiet = cli("settle-up", two, "--paid", "--json")
    assert quiet.exit_code == 0 and "?" not in quiet.stderr
    assert json.loads(quiet.stdout)["recorded_paid"] == [str(two)]
    assert cli("record", two, *HAND).exit_code == 0
    monkeypatch.setattr(scorekeeper.commands.settle_up, "stdin_is_tty", lambda: True)
    skipped = cli("settle-up", two, "--paid", "--yes")
    assert skipped.exit_code == 0 and "To be recorded" not in skipped.stderr
    assert f"Recorded as paid in {two}." in skipped.stderr


def test_settle_up_paid_asks_in_nepali_with_its_own_digits(cli, two, terminal):
    before = two.read_bytes()
    language.use("ne")
    declined = cli("settle-up", two, "--paid", input="होइन\n")
    assert declined.exit_code == 0 and declined.stdout.strip() == "होइन"
    assert "Bikashले Ashaलाई रु. २२० दिने" in declined.stderr
    assert f"{two}, २ डिल मा यो तिरिएको भनेर लेख्ने? [हो/होइन, Enter=होइन]" in declined.stderr
    assert "तिरिएको भनेर केही लेखिएन।" in declined.stderr
    assert two.read_bytes() == before


def test_a_payment_reads_as_a_local_date_and_the_ledger_keeps_the_stamp(cli, two):
    assert cli("settle-up", two, "--paid").exit_code == 0
    stamp = re.search(r'at = "([^"]+)"', two.read_text("utf-8")).group(1)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", stamp)
    left_out = cli("settle-up", two, env={"TZ": "UTC"})
    assert f"were paid {stamp[:10]}" in left_out.stderr and stamp not in left_out.stderr
    standings = cli("standings", two, "--json")
    assert json.loads(standings.stdout)["paid"][0]["at"] == stamp
    taken = cli("undo", two, "--paid", "--yes")
    assert f"({stamp[:10]})" in taken.stderr and "T" not in taken.stderr.split("(")[1]


def test_dh11_undo_of_a_settled_hand_is_refused_before_anything_is_asked(cli, two,
                                                                         terminal):
    assert cli("settle-up", two, "--paid", "--yes").exit_code == 0
    before = two.read_bytes()
    refused = cli("undo", two, input="y\n")
    assert refused.exit_code == 2
    assert "hand 2 is settled" in refused.stderr and "(DH-11)" in refused.stderr
    assert "Remove" not in refused.stderr             # nothing asked first
    assert refused.stdout == ""
    assert two.read_bytes() == before


def test_dh11_settle_up_of_an_open_ended_session_counts_its_one_hand(cli, tmp_path):
    path = tmp_path / "open.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash,Chandra",
               "--hands", "none", "--rate", "10").exit_code == 0
    assert cli("record", path, *HAND).exit_code == 0
    result = cli("settle-up", path, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert "is not complete (1 hand): settling what is recorded" in result.stderr
