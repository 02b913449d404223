"""What `rename` and `undo --paid` write in a ledger's header, read back
whole (issue 40: `ledger/header.py`'s mutation run): every place a name
is kept renamed and nothing else, and the last payment taken back alone."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from scorekeeper.core import language

PLAYERS = "Asha,Bikash,Chandra"
DH_CALL = ["--call", "Asha", "--hand", "Asha=A♦", "--hand", "Bikash=2♠ 3♣",
           "--hand", "Chandra=9♥"]      # DH-8: Asha +14, Bikash -5, Chandra -9


def _read(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def test_ki16_rename_renames_the_winner_the_unverified_the_seats_and_the_paid(
        cli, tmp_path):
    path = tmp_path / "kitti.toml"
    assert cli("new", path, "--game", "kitti", "--players", PLAYERS).exit_code == 0
    assert cli("record", path, "--winner", "Bikash").exit_code == 0
    assert cli("join", path, "Dipesh").exit_code == 0
    assert cli("settle-up", path, "--paid").exit_code == 0
    before = _read(path)
    renamed = cli("rename", path, "bik", "Bikash Bahadur")
    assert renamed.exit_code == 0, renamed.stderr
    after = _read(path)
    (hand,) = after["hands"]
    assert (hand["winner"], hand["unverified"]) == ("Bikash Bahadur", ["Bikash Bahadur"])
    assert after["seats"] == before["seats"]            # Dipesh joined at hand 2
    (paid,) = after["paid"]
    assert paid == {**before["paid"][0], "transfers": [
        {"from": "Asha", "to": "Bikash Bahadur", "amount": 1},
        {"from": "Chandra", "to": "Bikash Bahadur", "amount": 1}]}
    assert cli("rename", path, "Dipesh", "Dipak").exit_code == 0
    assert _read(path)["seats"] == [{**before["seats"][0], "join": "Dipak"}]
    assert cli("rename", path, "Asha", "Asha Devi").exit_code == 0
    assert _read(path)["paid"][0]["transfers"] == [
        {"from": "Asha Devi", "to": "Bikash Bahadur", "amount": 1},
        {"from": "Chandra", "to": "Bikash Bahadur", "amount": 1}]


def test_dh1_rename_before_any_hand_renames_the_players_only(cli, tmp_path):
    path = tmp_path / "new.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", PLAYERS).exit_code == 0
    before = _read(path)
    assert cli("rename", path, "Chandra", "Chandu").exit_code == 0
    after = _read(path)
    assert after == {**before, "players": ["Asha", "Bikash", "Chandu"]}


def test_dh11_undo_paid_takes_back_the_last_payment_only(cli, tmp_path):
    path = tmp_path / "night.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", PLAYERS).exit_code == 0
    assert cli("record", path, *DH_CALL).exit_code == 0
    assert cli("settle-up", path, "--paid").exit_code == 0
    first = _read(path)["paid"]
    assert cli("record", path, *DH_CALL).exit_code == 0
    assert cli("settle-up", path, "--paid").exit_code == 0
    second = _read(path)["paid"][1]
    assert second["hands"] == 2 and first[0]["hands"] == 1
    taken = cli("undo", path, "--paid", "--json")
    assert taken.exit_code == 0, taken.stderr
    assert json.loads(taken.stdout) == {"unpaid": second, "paid_hands": 1}
    assert _read(path)["paid"] == first
    assert cli("undo", path, "--paid").exit_code == 0
    assert "paid" not in _read(path)
    before = path.read_bytes()
    refused = cli("undo", path, "--paid")
    assert (refused.exit_code, refused.stdout) == (2, "")
    assert refused.stderr == (f"error: {path}: no payment is recorded: nothing to take "
                              "back (DH-11)\n")
    assert path.read_bytes() == before


def test_dc10_extend_after_the_session_ended_by_elimination_word_for_word(cli, tmp_path):
    path = tmp_path / "cardrulesplus.toml"
    assert cli("new", path, "--game", "dhumbal", "--profile", "cardrulesplus",
               "--players", PLAYERS, "--set", "eliminate_at=30",
               "--hands", "8").exit_code == 0
    for hand in (["--call", "Asha", "--hand", "Asha=A♠", "--hand", "Bikash=K♠ Q♠ 5♦",
                  "--hand", "Chandra=7♣ 8♣"],          # Bikash 25, Chandra 15
                 ["--call", "Chandra", "--hand", "Asha=A♥", "--hand", "Bikash=2♠",
                  "--hand", "Chandra=3♣"],             # Chandra caught: 40, out
                 ["--call", "Bikash", "--hand", "Asha=A♦", "--hand", "Bikash=K♦"]):
        assert cli("record", path, *hand).exit_code == 0     # Bikash caught: out
    before = path.read_bytes()
    refused = cli("extend", path, "--hands", "10")
    assert (refused.exit_code, refused.stdout) == (1, "")
    assert refused.stderr == ("error: the session ended by elimination: only Asha is "
                              "left; more hands cannot change that (DC-10)\n")
    assert path.read_bytes() == before
    language.use("ne")                    # the refusal is a message said in Nepali too
    try:
        nepali = cli("extend", path, "--hands", "10")
    finally:
        language.use("en")
    assert nepali.exit_code == 1 and "more hands" not in nepali.stderr
    assert "Asha मात्र बाँकी हुनुहुन्छ" in nepali.stderr
