"""`settle-up` over sessions that agreed different rates at `new`: each
session's points into money at its own rate, added, the fewest transfers
(CLI.md, "Money"); Call Break's money as CB-13 says; different currencies
refused."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from rich.cells import cell_len

PLAYERS = "Asha,Bikash,Chandra,Dipak"
# RULES.md CB-12's totals: Asha 12.3, Bikash 8.0, Chandra 12.3, Dipak -3.0
TIED = [((6, 1, 5, 1), (7, 0, 6, 0)), ((5, 3, 3, 1), (6, 3, 4, 0)),
        ((1, 6, 4, 1), (2, 6, 5, 0))]
# Asha calls with 1 and wins: Bikash pays 5, Chandra 9, Dipak 20 (DH-8)
DH_HAND = ["--call", "Asha", "--hand", "Asha=A♦", "--hand", "Bikash=2♠ 3♣",
           "--hand", "Chandra=9♥", "--hand", "Dipak=K♠ K♥"]


def new(cli, path: Path, game: str, *money: str) -> Path:
    result = cli("new", path, "--game", game, "--players", PLAYERS, *money)
    assert result.exit_code == 0, result.stderr
    return path


def dhumbal(cli, path: Path, *money: str) -> Path:
    new(cli, path, "dhumbal", *money)
    assert cli("record", path, *DH_HAND).exit_code == 0
    return path


def callbreak(cli, path: Path, *money: str) -> Path:
    new(cli, path, "callbreak", *money)
    for calls, tricks in TIED:
        flags = [f"--bid={n}={c}" for n, c in zip(PLAYERS.split(","), calls)]
        flags += [f"--won={n}={t}" for n, t in zip(PLAYERS.split(","), tricks)]
        assert cli("record", path, *flags).exit_code == 0
    return path


def test_dh11_each_session_at_its_own_rate_then_added(cli, tmp_path):
    ten = dhumbal(cli, tmp_path / "ten.toml", "--rate", "10")
    five = dhumbal(cli, tmp_path / "five.toml", "--rate", "5")
    result = cli("settle-up", ten, five, "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    # 34 points at 10 and 34 at 5: Rs 510; Dipak -20 × 15 = -Rs 300
    assert data["money"]["balances"] == {"Asha": 510, "Bikash": -75,
                                         "Chandra": -135, "Dipak": -300}
    assert data["money"]["rate"] is None
    assert data["money"]["rates"] == {str(ten): "10", str(five): "5"}
    assert data["balances"] is None and data["transfers"] is None
    assert [s["rate"] for s in data["by_session"]] == ["10", "5"]
    assert len(data["money"]["transfers"]) == 3
    assert "note:" in result.stderr


def test_cb13_call_break_turns_into_money_pair_by_pair_at_its_own_rate(cli, tmp_path):
    dh = dhumbal(cli, tmp_path / "dh.toml", "--rate", "10")
    cb = callbreak(cli, tmp_path / "cb.toml", "--rate", "5")
    result = cli("settle-up", dh, cb, "--mix", "--json")
    assert result.exit_code == 0, result.stderr
    money = json.loads(result.stdout)["money"]
    # CB-13: A receives (4·12.3 − 29.6) × 5 = 98; Dhumbal: 34 × 10 = 340
    assert money["balances"] == {"Asha": 438, "Bikash": -38, "Chandra": 8,
                                 "Dipak": -408}
    assert money["transfers"] == [
        {"from": "Bikash", "to": "Asha", "amount": 30, "display": "Rs 30"},
        {"from": "Bikash", "to": "Chandra", "amount": 8, "display": "Rs 8"},
        {"from": "Dipak", "to": "Asha", "amount": 408, "display": "Rs 408"}]


def test_own_rates_for_people_say_each_rate_and_the_money(cli, tmp_path):
    dh = dhumbal(cli, tmp_path / "dh.toml", "--rate", "10")
    cb = callbreak(cli, tmp_path / "cb.toml", "--rate", "5")
    result = cli("settle-up", dh, cb, "--mix", env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.stderr
    assert "each session at its own rate" in result.stdout
    assert "Rs 10 a point" in result.stdout and "Rs 5 a point" in result.stdout
    assert "Dipak gives Asha Rs 408" in result.stdout
    assert "3 transfers square everyone" in result.stdout


def test_different_games_still_need_mix_at_own_rates(cli, tmp_path):
    dh = dhumbal(cli, tmp_path / "dh.toml", "--rate", "10")
    cb = callbreak(cli, tmp_path / "cb.toml", "--rate", "5")
    result = cli("settle-up", dh, cb)
    assert result.exit_code == 2 and result.stdout == ""
    assert "--mix" in result.stderr


def test_rate_given_overrides_every_session(cli, tmp_path):
    ten = dhumbal(cli, tmp_path / "ten.toml", "--rate", "10")
    five = dhumbal(cli, tmp_path / "five.toml", "--rate", "5")
    data = json.loads(cli("settle-up", ten, five, "--rate", "2", "--json").stdout)
    assert data["money"]["rate"] == "2" and "rates" not in data["money"]
    assert data["money"]["balances"]["Asha"] == 136
    assert data["balances"]["Asha"] == 68


def test_sessions_in_different_currencies_are_refused(cli, tmp_path):
    npr = dhumbal(cli, tmp_path / "npr.toml", "--rate", "10")
    usd = dhumbal(cli, tmp_path / "usd.toml", "--rate", "0.5", "--currency", "USD")
    for extra in ([], ["--rate", "2"]):
        result = cli("settle-up", npr, usd, *extra)
        assert result.exit_code == 2 and result.stdout == ""
        assert "different currencies" in result.stderr
        assert "NPR" in result.stderr and "USD" in result.stderr
    both = cli("settle-up", npr, usd, "--rate", "2", "--currency", "usd", "--json")
    assert both.exit_code == 0
    assert json.loads(both.stdout)["money"]["currency"] == "USD"


def test_a_session_without_a_rate_among_others_with_one_is_exit_2(cli, tmp_path):
    ten = dhumbal(cli, tmp_path / "ten.toml", "--rate", "10")
    bare = dhumbal(cli, tmp_path / "bare.toml")
    result = cli("settle-up", ten, bare)
    assert result.exit_code == 2
    assert "agreed no rate" in result.stderr and "--rate" in result.stderr
    assert cli("settle-up", ten, bare, "--rate", "10").exit_code == 0


def test_own_rates_round_by_largest_remainder_and_still_sum_to_zero(cli, tmp_path):
    third = dhumbal(cli, tmp_path / "third.toml", "--rate", "0.333")
    ten = dhumbal(cli, tmp_path / "ten.toml", "--rate", "10")
    money = json.loads(cli("settle-up", third, ten, "--json").stdout)["money"]
    assert sum(money["balances"].values()) == 0
    assert money["rounded"]
    for r in money["rounded"]:
        assert abs(Fraction(r["exact"]) - r["paid"]) < 1


def test_own_rates_screen_fits_40_columns(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    dhumbal(cli, Path("dh.toml"), "--rate", "10")
    callbreak(cli, Path("cb.toml"), "--rate", "5")
    result = cli("settle-up", "dh.toml", "cb.toml", "--mix", env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) > 8 and all(cell_len(line) <= 40 for line in lines)
    assert "Dipak gives Asha Rs 408" in result.stdout


def test_cb13_rate_given_turns_tenths_and_whole_points_into_money_each_in_its_unit(
        cli, tmp_path):
    dh = dhumbal(cli, tmp_path / "dh.toml", "--rate", "10")
    cb = callbreak(cli, tmp_path / "cb.toml", "--rate", "5")
    result = cli("settle-up", dh, cb, "--mix", "--rate", "10", "--json")
    assert result.exit_code == 0, result.stderr
    money = json.loads(result.stdout)["money"]
    # Dhumbal 34 × 10 = 340; Call Break (4·12.3 − 29.6) × 10 = 196 (CB-13)
    assert money["balances"] == {"Asha": 536, "Bikash": -26, "Chandra": 106,
                                 "Dipak": -616}
    assert money["rate"] == "10" and "rates" not in money
    bare = [new(cli, tmp_path / "a.toml", "dhumbal"), new(cli, tmp_path / "b.toml",
                                                          "callbreak")]
    refused = cli("settle-up", *bare, "--mix")
    assert refused.exit_code == 2 and "different units" in refused.stderr


def test_cb13_one_agreed_rate_turns_tenths_and_whole_points_into_money(cli, tmp_path):
    """Issue 40: both sessions agreed Rs 10 at `new`: settled as with
    `--rate 10` typed (each into money in its own unit), not refused."""
    dh = dhumbal(cli, tmp_path / "dh.toml", "--rate", "10", "--currency", "NPR")
    cb = callbreak(cli, tmp_path / "cb.toml", "--rate", "10", "--currency", "NPR")
    result = cli("settle-up", dh, cb, "--mix", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    typed = json.loads(cli("settle-up", dh, cb, "--mix", "--rate", "10",
                           "--json").stdout)
    assert data == typed
    # Dhumbal 34 × 10 = 340; Call Break (4·12.3 − 29.6) × 10 = 196 (CB-13)
    assert data["money"]["balances"] == {"Asha": 536, "Bikash": -26,
                                         "Chandra": 106, "Dipak": -616}
    assert data["money"]["rate"] == "10" and "rates" not in data["money"]
    assert data["balances"] is None
    shown = cli("settle-up", dh, cb, "--mix", env={"COLUMNS": "60"})
    assert shown.exit_code == 0, shown.stderr
    assert "Dipak gives Asha Rs 536" in shown.stdout
    assert "Rs 10 a point" in shown.stdout and "own rate" not in shown.stdout
