"""`settle-up --paid` (CLI.md, "Money"): each ledger records that the
settlement was paid — when, which sessions, the transfers; a later
`settle-up` counts only what is unpaid and says what it left out; `verify`
checks the record, `undo --paid` takes it back, `standings` shows it; the
same settlement is not paid twice (exit 2, the ledger rule)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

A_CALLS = ["--call", "Asha", "--hand", "Asha=A♦", "--hand", "Bikash=2♠ 3♣",
           "--hand", "Chandra=9♥"]      # DH-8: Asha +14, Bikash -5, Chandra -9


def dhumbal(cli, path: Path, *money: str, hands: int = 1) -> Path:
    assert cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash,Chandra",
               *money).exit_code == 0
    for _ in range(hands):
        assert cli("record", path, *A_CALLS).exit_code == 0
    return path


@pytest.fixture
def night(cli, tmp_path: Path) -> list[Path]:
    return [dhumbal(cli, tmp_path / "one.toml", "--rate", "10"),
            dhumbal(cli, tmp_path / "two.toml", "--rate", "5", hands=2)]


def test_dh11_paid_records_when_which_sessions_and_the_transfers(cli, night):
    result = cli("settle-up", *night, "--paid", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["recorded_paid"] == [str(p) for p in night]
    assert "Recorded as paid" in result.stderr
    for path, hands in zip(night, (1, 2)):
        (record,) = tomllib.loads(path.read_text(encoding="utf-8"))["paid"]
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", record["at"])
        assert record["hands"] == hands and record["unit"] == "NPR"
        assert record["sessions"] == [str(p) for p in night]
        # Asha +14 at 10 and +28 at 5: Rs 280; Bikash -Rs 100, Chandra -Rs 180
        assert record["transfers"] == [
            {"from": "Bikash", "to": "Asha", "amount": 100},
            {"from": "Chandra", "to": "Asha", "amount": 180}]
        assert cli("verify", path).exit_code == 0


def test_dh11_a_later_settle_up_counts_only_the_unpaid_and_says_what_it_left_out(
        cli, night):
    assert cli("settle-up", *night, "--paid").exit_code == 0
    nothing = cli("settle-up", *night, "--json")
    assert nothing.exit_code == 0
    assert json.loads(nothing.stdout)["left_out"] == [str(p) for p in night]
    assert "left out:" in nothing.stderr
    assert cli("record", night[0], *A_CALLS).exit_code == 0
    later = cli("settle-up", *night, "--json")
    data = json.loads(later.stdout)
    assert data["sessions"] == [str(night[0])] and data["hands"] == 1
    assert data["balances"] == {"Asha": 14, "Bikash": -5, "Chandra": -9}
    assert data["left_out"] == [str(night[1])]
    # a range of one is said as one hand ("hands 1–1", "hands 2–2" before)
    assert f"note: {night[0]}: hand 1 was paid " in later.stderr
    assert "; settling hand 2\n" in later.stderr


def test_dh11_paying_the_same_settlement_twice_is_exit_2_and_writes_nothing(cli, night):
    assert cli("settle-up", *night, "--paid").exit_code == 0
    before = [p.read_bytes() for p in night]
    again = cli("settle-up", *night, "--paid")
    assert again.exit_code == 2 and again.stdout == ""
    assert "not paid twice" in again.stderr and "(DH-11)" in again.stderr
    data = json.loads(cli("settle-up", *night, "--paid", "--json").stdout)
    assert data["rule"] == "DH-11"
    assert [p.read_bytes() for p in night] == before


def test_dh11_standings_show_the_session_as_settled(cli, night):
    assert "settled" not in json.loads(cli("standings", night[0], "--json").stdout)
    assert cli("settle-up", *night, "--paid").exit_code == 0
    data = json.loads(cli("standings", night[0], "--json").stdout)
    assert data["settled"] is True and data["paid"][0]["hands"] == 1
    shown = cli("standings", night[0], env={"COLUMNS": "100"})
    assert "Settled: hands 1–1 paid" in shown.stdout


def test_dh11_undo_paid_takes_the_payment_back_and_undo_of_a_paid_hand_waits(cli, night):
    assert cli("settle-up", *night, "--paid").exit_code == 0
    blocked = cli("undo", night[0])
    assert blocked.exit_code == 2 and "undo" in blocked.stderr and "--paid" in blocked.stderr
    amend = cli("amend", night[0], "1", *A_CALLS)
    assert amend.exit_code == 2 and "settled" in amend.stderr
    taken = cli("undo", night[0], "--paid", "--json")
    assert taken.exit_code == 0
    assert json.loads(taken.stdout)["paid_hands"] == 0
    assert "paid" not in tomllib.loads(night[0].read_text(encoding="utf-8"))
    assert cli("undo", night[0], "--paid").exit_code == 2
    assert cli("undo", night[0]).exit_code == 0


def test_dh11_verify_checks_the_paid_record(cli, night):
    assert cli("settle-up", *night, "--paid").exit_code == 0
    text = night[0].read_text(encoding="utf-8")
    night[0].write_text(text.replace("hands = 1,", "hands = 4,", 1), encoding="utf-8")
    result = cli("verify", night[0])
    assert result.exit_code == 1 and "`paid[0]` settles 4 hands" in result.stderr
    night[0].write_text(text.replace("amount = 100", "amount = -100", 1),
                        encoding="utf-8")
    assert "a transfer is" in cli("verify", night[0]).stderr


def test_dh11_a_ledger_never_paid_is_unchanged_by_settle_up(cli, night):
    before = [p.read_bytes() for p in night]
    assert cli("settle-up", *night).exit_code == 0
    assert [p.read_bytes() for p in night] == before


@pytest.mark.parametrize(("paid", "last", "said"), [
    (1, 2, "note: n.toml: hand 1 was paid today; settling hand 2"),
    (1, 4, "note: n.toml: hand 1 was paid today; settling hands 2–4"),
    (5, 6, "note: n.toml: hands 1–5 were paid today; settling hand 6"),
    (5, 9, "note: n.toml: hands 1–5 were paid today; settling hands 6–9")])
def test_dh11_the_note_of_a_partial_settlement_says_one_hand_as_one(paid, last, said):
    from scorekeeper.commands.settle_up import _paid_note

    assert _paid_note("n.toml", paid, last, "today") == said


def test_dh11_paying_a_session_with_no_hands_is_exit_2_not_a_bug(cli, tmp_path):
    # it was an IndexError (exit 70): "paid already" looked for a payment
    path = tmp_path / "empty.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash").exit_code == 0
    before = path.read_bytes()
    result = cli("settle-up", path, "--paid")
    assert result.exit_code == 2 and result.stdout == ""
    assert f"error: {path} has no hands yet: nothing to record as paid (DH-11)" \
        in result.stderr
    assert path.read_bytes() == before


BEYOND = str(2 ** 63)             # one more than the largest whole number TOML holds


def test_dh11_a_payment_beyond_what_a_ledger_holds_is_exit_2_and_writes_nothing(
        cli, tmp_path):
    # at the largest rate, Bikash's 5 points are more rupees than a ledger's
    # whole numbers hold: it exited 0 and left a ledger no command could read
    path = dhumbal(cli, tmp_path / "big.toml", "--rate", str(2 ** 63 - 1))
    before = path.read_bytes()
    result = cli("settle-up", path, "--paid")
    assert result.exit_code == 2 and result.stdout == ""
    assert (f"error: {path}: Bikash gives Asha {5 * (2 ** 63 - 1)}, more than a ledger can "
            f"hold (at most {2 ** 63 - 1}): nothing recorded as paid (DH-11)") in result.stderr
    data = json.loads(cli("settle-up", path, "--paid", "--json").stdout)
    assert data["rule"] == "DH-11" and data["exit_code"] == 2
    assert path.read_bytes() == before
    assert cli("verify", path).exit_code == 0
    shown = cli("settle-up", path, "--json")          # shown, not stored: as before
    assert shown.exit_code == 0
    assert json.loads(shown.stdout)["money"]["transfers"][0]["amount"] == 5 * (2 ** 63 - 1)


def test_dh11_what_a_change_writes_in_the_header_is_read_back_before_the_write(
        cli, tmp_path, monkeypatch):
    """Had a command not checked its amounts, the read back refuses the
    change: nothing written, the ledger as it was."""
    from scorekeeper.session import header_checks as header

    path = dhumbal(cli, tmp_path / "big.toml", "--rate", str(2 ** 63 - 1))
    before = path.read_bytes()
    monkeypatch.setattr(header, "storable_amounts", lambda *args: None)
    result = cli("settle-up", path, "--paid")
    assert result.exit_code == 2 and result.stdout == ""
    assert (f"error: {path}: nothing written: `paid[0].transfers[0].amount` is beyond the "
            f"64-bit whole numbers TOML holds") in result.stderr
    assert path.read_bytes() == before


@pytest.mark.parametrize("command", ["new", "settle-up"])
def test_a_rate_beyond_what_a_ledger_holds_is_exit_2(cli, tmp_path, command):
    # 10000000000000000000 was taken (1e30 was not): every amount at it overflowed
    path = dhumbal(cli, tmp_path / "night.toml") if command == "settle-up" \
        else tmp_path / "night.toml"
    before = path.read_bytes() if path.exists() else None
    args = ["--game", "dhumbal", "--players", "Asha,Bikash"] if command == "new" else []
    result = cli(command, path, *args, "--rate", BEYOND)
    assert result.exit_code == 2 and result.stdout == ""
    assert (f"error: a rate is money per point, at most {2 ** 63 - 1}, not '{BEYOND}'"
            in result.stderr)
    assert (path.read_bytes() if path.exists() else None) == before
    largest = cli(command, path, *args, "--rate", str(2 ** 63 - 1), "--force"
                  if command == "new" else "--json")
    assert largest.exit_code == 0, largest.stderr
