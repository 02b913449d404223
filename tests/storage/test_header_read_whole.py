"""What `rename` and `undo --paid` write in a ledger's header, read back
whole (issue 40: `ledger/header.py`'s mutation run): every place a name
is kept renamed and nothing else, and the last payment taken back alone."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from ledgers import ledger_text, marriage_hand, write
from scorekeeper.core import language
from scorekeeper.core.errors import Impossible
from scorekeeper.files import ledger_file

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


def _refused(cli, path: Path, *args: str) -> str:
    """A refusal that writes nothing: its stderr (stdout empty)."""
    before = path.read_bytes()
    result = cli(*args)
    assert result.stdout == "" and path.read_bytes() == before
    return f"{result.exit_code} {result.stderr}"


@pytest.mark.parametrize("hands, said", [(1, "1 hand"), (2, "2 hands")])
def test_dh11_a_settlement_paid_meanwhile_is_not_paid_twice_word_for_word(
        cli, tmp_path, hands, said):
    """Two `settle-up --paid` at once: the second to write finds the hands
    paid (the command's own check came before the first wrote)."""
    path = tmp_path / "night.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", PLAYERS).exit_code == 0
    for _ in range(hands):
        assert cli("record", path, *DH_CALL).exit_code == 0
    assert cli("settle-up", path, "--paid").exit_code == 0
    before = path.read_bytes()
    (record,) = _read(path)["paid"]
    with pytest.raises(Impossible) as refused:
        ledger_file.pay(path, record, hands)
    assert (refused.value.exit_code, refused.value.rule) == (2, "DH-11")
    assert str(refused.value) == (f"{path}: its hands are paid already ({said}, "
                                  f"{record['at']}): the same settlement is not paid "
                                  "twice (DH-11)")
    assert path.read_bytes() == before


def test_dh11_hands_recorded_while_the_settlement_was_worked_out_word_for_word(
        cli, tmp_path):
    path = tmp_path / "night.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", PLAYERS).exit_code == 0
    assert cli("record", path, *DH_CALL).exit_code == 0
    before = path.read_bytes()
    record = {"at": "2026-12-07T20:00:00Z", "hands": 0, "sessions": [str(path)],
              "transfers": [], "unit": "points"}
    with pytest.raises(Impossible) as refused:
        ledger_file.pay(path, record, 0)
    assert (refused.value.exit_code, refused.value.rule) == (2, None)
    assert str(refused.value) == (f"{path} changed while the settlement was worked out "
                                  "(now 1 hand, not 0): nothing recorded as paid; run "
                                  "settle-up --paid again")
    assert path.read_bytes() == before


def test_cb17_nobody_joins_or_leaves_a_call_break_game_word_for_word(cli, tmp_path):
    path = tmp_path / "cb.toml"
    assert cli("new", path, "--game", "callbreak", "--players",
               "Asha,Bikash,Chandra,Dipesh").exit_code == 0
    fixed = ("error: a Call Break game seats the same players from its first deal to its "
             "last: nobody can {verb}; players change between games, in a new session "
             "(CB-17)\n")
    assert _refused(cli, path, "join", path, "Esha") == "2 " + fixed.format(verb="join")
    assert _refused(cli, path, "leave", path, "Asha") == "2 " + fixed.format(verb="leave")


@pytest.mark.parametrize("planned, said", [
    (1, "its 1 planned hand is played"), (3, "all 3 planned hands are played")])
def test_dh12_join_after_the_last_planned_hand_says_extend_word_for_word(
        cli, tmp_path, planned, said):
    path = tmp_path / "done.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", PLAYERS,
               "--set", f"hands={planned}").exit_code == 0
    for _ in range(planned):
        assert cli("record", path, *DH_CALL).exit_code == 0
    assert _refused(cli, path, "join", path, "Dipesh") == (
        f"1 error: the session is complete: {said}. To seat Dipesh and play on to "
        f"{planned + 1} hands: scorekeeper join {path} Dipesh --extend (DH-12)\n")


def test_dh13_a_name_seated_or_once_left_is_not_given_again_word_for_word(cli, tmp_path):
    path = tmp_path / "seats.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", PLAYERS).exit_code == 0
    assert _refused(cli, path, "join", path, "asha") == (
        "2 error: Asha is seated: give the newcomer a name nobody at this table has "
        "(DH-13)\n")
    assert cli("leave", path, "Chandra").exit_code == 0
    assert _refused(cli, path, "join", path, "CHANDRA") == (
        "2 error: Chandra has left this session (a seat once left is not taken again): "
        "give the newcomer a name nobody at this table has (DH-13)\n")
    assert _refused(cli, path, "leave", path, "Bikash") == (
        "2 error: 1 player at the next hand: nepali-games seats 2–6 (DH-13)\n")


def test_dh13_a_seventh_player_is_refused_word_for_word(cli, tmp_path):
    path = tmp_path / "full.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "A,B,C,D,E,F").exit_code == 0
    assert _refused(cli, path, "join", path, "G") == (
        "2 error: 7 players at the next hand: nepali-games seats 2–6 (DH-13)\n")


def test_ki6_leave_in_a_game_with_no_seats_rule_cites_the_table_rule(cli, tmp_path):
    path = tmp_path / "kitti.toml"
    assert cli("new", path, "--game", "kitti", "--players", PLAYERS).exit_code == 0
    assert _refused(cli, path, "leave", path, "Zed") == (
        "2 error: unknown player 'Zed' (players: Asha, Bikash, Chandra) (KI-6)\n")


def test_dh1_rename_refusals_word_for_word_and_a_change_of_case_is_a_rename(
        cli, tmp_path):
    path = tmp_path / "names.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", PLAYERS).exit_code == 0
    assert _refused(cli, path, "rename", path, "asha", "Asha") == (
        "2 error: Asha is already called Asha: nothing to rename\n")
    assert _refused(cli, path, "rename", path, "Asha", "bikash") == (
        "2 error: Bikash is already a player: give Asha a name nobody has (DH-1)\n")
    assert _refused(cli, path, "rename", path, "Bikash", "Bi\u200bkash") == (
        "2 error: the name 'Bi\\u200bkash' may not contain '=', ',', '|', control "
        "characters, line breaks or invisible formatting characters (DH-1)\n")
    renamed = cli("rename", path, "Asha", "ASHA")
    assert renamed.exit_code == 0, renamed.stderr
    assert _read(path)["players"] == ["ASHA", "Bikash", "Chandra"]


def test_dh12_extend_to_the_hands_played_is_allowed_and_fewer_is_refused(cli, tmp_path):
    path = tmp_path / "short.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", PLAYERS).exit_code == 0
    for _ in range(2):
        assert cli("record", path, *DH_CALL).exit_code == 0
    assert _refused(cli, path, "extend", path, "--hands", "1") == (
        "2 error: 2 hands are already played (DH-12)\n")
    done = cli("extend", path, "--hands", "2")
    assert (done.exit_code, done.stdout) == (0, "")
    assert done.stderr == f"{path}: 2 hands planned, 2 played.\n"
    assert _read(path)["options"]["hands"] == 2


def test_cb18_extend_counts_the_deal_being_played(cli, tmp_path):
    path = tmp_path / "club.toml"
    assert cli("new", path, "--game", "callbreak", "--players",
               "Asha,Bikash,Chandra,Dipak").exit_code == 0
    assert cli("record", path, "--bid", "a=3,b=2,c=4,d=2",
               "--won", "a=4,b=2,c=5,d=2").exit_code == 0
    assert cli("record", path, "--bid", "a=3,b=2,c=4,d=2").exit_code == 0
    assert _refused(cli, path, "extend", path, "--hands", "1") == (
        "2 error: 2 hands are already played (CB-12)\n")
    assert cli("extend", path, "--hands", "2").exit_code == 0


def test_dh13_leave_of_a_player_gone_already_word_for_word(cli, tmp_path):
    path = tmp_path / "gone.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", PLAYERS).exit_code == 0
    assert cli("leave", path, "Chandra").exit_code == 0
    assert _refused(cli, path, "leave", path, "chan") == (
        "2 error: Chandra is not seated at the next hand (gone, or out of the session) "
        "(DH-13)\n")


def test_dh1_rename_to_a_name_with_a_blank_filler_is_refused(cli, tmp_path):
    path = tmp_path / "blank.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", PLAYERS).exit_code == 0
    assert _refused(cli, path, "rename", path, "Asha", "A\u115fsha") == (
        "2 error: the name 'A\u115fsha' may not contain '=', ',', '|', control "
        "characters, line breaks or invisible formatting characters (DH-1)\n")


def test_dh11_the_largest_amount_a_ledger_holds_is_recorded_and_taken_back(cli, tmp_path):
    path = tmp_path / "kitti.toml"
    most = 2 ** 63 - 1
    assert cli("new", path, "--game", "kitti", "--players", PLAYERS,
               "--rate", str(most)).exit_code == 0
    assert cli("record", path, "--winner", "Bikash").exit_code == 0
    assert cli("settle-up", path, "--paid").exit_code == 0
    (paid,) = _read(path)["paid"]
    assert paid["transfers"] == [{"from": "Asha", "to": "Bikash", "amount": most},
                                 {"from": "Chandra", "to": "Bikash", "amount": most}]
    taken = cli("undo", path, "--paid", "--json")       # the only payment: none left
    assert taken.exit_code == 0, taken.stderr
    assert json.loads(taken.stdout) == {"unpaid": paid, "paid_hands": 0}
    assert "paid" not in _read(path)


def test_dh12_extend_of_a_hand_written_ledger_with_no_options_is_exit_2(cli, tmp_path):
    """`new` always writes `[options]`; a ledger written by hand may have
    none: it reads (every option its default) and `extend` refuses, not a
    bug."""
    path = tmp_path / "by-hand.toml"
    path.write_text('format = 1\ngame = "dhumbal"\nprofile = "nepali-games"\n'
                    'players = ["Asha", "Bikash"]\nfirst_dealer = "Asha"\n',
                    encoding="utf-8")
    assert cli("verify", path).exit_code == 0
    assert _refused(cli, path, "extend", path, "--hands", "5") == (
        "2 error: the ledger has no [options] table to change\n")


def test_dh12_extend_by_a_unit_the_game_does_not_use_word_for_word(cli, tmp_path):
    path = tmp_path / "units.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", PLAYERS).exit_code == 0
    assert _refused(cli, path, "extend", path, "--rotations", "2") == (
        "2 error: --rotations is not an option of nepali-games; Dhumbal sessions use "
        "--hands (DH-12)\n")


def test_ma1_rename_renames_a_winner_written_by_hand_and_never_a_note(cli, tmp_path):
    """Any hand may hold a `winner` (a Marriage hand stores its finisher
    instead): one written by hand names a player, and is renamed; a note
    is a person's words, kept as written even where it is the name."""
    players = ("Asha", "Bikash", "Chandra")
    text = ledger_text("marriage", players, [marriage_hand("Bikash", players)])
    path = write(tmp_path / "marriage.toml",
                 text.replace("hand = 1\n", 'hand = 1\nwinner = "Bikash"\nnote = "Bikash"\n'))
    assert cli("verify", path).exit_code == 0
    renamed = cli("rename", path, "Bikash", "Bikram")
    assert renamed.exit_code == 0, renamed.stderr
    (hand,) = _read(path)["hands"]
    assert (hand["winner"], hand["finisher"], hand["note"]) == ("Bikram", "Bikram", "Bikash")
