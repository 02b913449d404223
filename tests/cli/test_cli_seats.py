"""`join` and `leave` (RULES.md DH-13, DC-11, YA-12, MA-23, CB-17): a seat
exists, or is gone, from the next hand; a newcomer starts at 0, one who
leaves keeps their total; the deal passes over the seats dealt in; bad
input is exit 2 with the rule and leaves the ledger byte for byte."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

import scorekeeper.commands.seats
from scorekeeper.ledger.document import parse
from scorekeeper.session.verify import verify

A_CALLS = ["--call", "Asha", "--hand", "Asha=A♦", "--hand", "Bikash=2♠ 3♣",
           "--hand", "Chandra=9♥"]


def new(cli, path: Path, *args: str) -> Path:
    result = cli("new", path, *args)
    assert result.exit_code == 0, result.stderr
    return path


def record(cli, path: Path, *flags: str) -> dict:
    result = cli("record", path, *flags, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def standings(cli, path: Path) -> dict:
    return json.loads(cli("standings", path, "--json").stdout)


@pytest.fixture
def evening(cli, tmp_path: Path) -> Path:
    path = new(cli, tmp_path / "evening.toml", "--game", "dhumbal", "--players",
               "Asha,Bikash,Chandra", "--hands", "6")
    record(cli, path, *A_CALLS)
    return path


def refused(cli, path: Path, *args: str, rule: str, says: str) -> None:
    before = path.read_bytes()
    result = cli(*args[:1], path, *args[1:])
    assert result.exit_code == 2 and result.stdout == ""
    assert says in result.stderr and f"({rule})" in result.stderr
    data = json.loads(cli(*args[:1], path, *args[1:], "--json").stdout)
    assert data["rule"] == rule
    assert path.read_bytes() == before


# -- DH-13 ---------------------------------------------------------------------------

def test_dh13_worked_example_a_newcomer_starts_at_zero_a_leaver_keeps_the_total(
        cli, evening):
    joined = cli("join", evening, "Kiran", "--after", "Bikash")
    assert joined.exit_code == 0, joined.stderr
    assert joined.stdout == ""
    assert "Kiran joins" in joined.stderr and "from hand 2 (DH-13)" in joined.stderr
    assert standings(cli, evening)["totals"]["Kiran"] == 0
    hand = record(cli, evening, *A_CALLS, "--hand", "Kiran=5♠")
    assert hand["net"] == {"Asha": 19, "Bikash": -5, "Kiran": -5, "Chandra": -9}
    left = cli("leave", evening, "Chandra", "--json")
    assert left.exit_code == 0, left.stderr
    data = json.loads(left.stdout)
    assert data == {"player": "Chandra", "change": "leave", "from_hand": 3,
                    "seated": ["Asha", "Bikash", "Kiran"], "total": -18,
                    "next_dealer": "Kiran", "rule": "DH-13"}
    record(cli, evening, "--call", "Asha", "--hand", "Asha=A♦",
           "--hand", "Bikash=2♠ 3♣", "--hand", "Kiran=5♠")
    table = standings(cli, evening)
    assert table["totals"] == {"Asha": 43, "Bikash": -15, "Kiran": -10,
                               "Chandra": -18}
    assert sum(table["totals"].values()) == 0
    assert table["next_dealer"] == "Asha"        # Kiran dealt 3; Chandra is gone
    assert table["seated"] == ["Asha", "Bikash", "Kiran"]
    rows = json.loads(cli("history", evening, "--json").stdout)["hands"]
    assert [r["dealer"] for r in rows] == ["Asha", "Bikash", "Kiran"]
    assert [(r["joined"], r["left"]) for r in rows] == [([], []), (["Kiran"], []),
                                                       ([], ["Chandra"])]
    assert verify(parse(evening.read_text(encoding="utf-8"), "x")) == []


def test_dh13_the_seats_are_stored_before_the_tables_and_verify_replays_them(
        cli, evening):
    assert cli("join", evening, "Kiran", "--after", "Bikash").exit_code == 0
    document = tomllib.loads(evening.read_text(encoding="utf-8"))
    assert document["seats"] == [{"hand": 2, "join": "Kiran", "after": "Bikash"}]
    assert document["players"] == ["Asha", "Bikash", "Chandra"]
    record(cli, evening, *A_CALLS, "--hand", "Kiran=5♠")
    text = evening.read_text(encoding="utf-8")
    evening.write_text(text.replace("hand = 2, join", "hand = 3, join"),
                       encoding="utf-8")
    result = cli("verify", evening)
    assert result.exit_code == 1
    assert "Kiran has a score but is not seated at this hand" in result.stderr
    assert "DH-13" in result.stderr


def test_dh13_a_long_hand_edited_seats_is_read_once_through(cli, evening, monkeypatch):
    """300 newcomers who joined after Asha and left at once: each name is
    checked once (every name known was checked again at each join, so a
    long `seats` took the square of its length), the seat order and the
    deal still pass over the seats that are gone."""
    import scorekeeper.core.seats as seats

    entries = ", ".join(f'{{ hand = 2, join = "P{i}", after = "Asha" }}, '
                        f'{{ hand = 2, leave = "P{i}" }}' for i in range(300))
    text = evening.read_text(encoding="utf-8")
    evening.write_text(text.replace("\n[options]", f"\nseats = [{entries}]\n\n[options]", 1),
                       encoding="utf-8")
    checked: list[int] = []
    real = seats.check_names
    monkeypatch.setattr(seats, "check_names",
                        lambda names, rules: checked.append(len(names)) or real(names, rules))
    session = parse(evening.read_text(encoding="utf-8"), "x")
    assert checked == [1] * 300
    assert session.players == ("Asha", *(f"P{i}" for i in reversed(range(300))),
                               "Bikash", "Chandra")
    assert session.seats.present(1) == ("Asha", "Bikash", "Chandra")
    assert session.seats.dealer_for(1) == "Bikash"
    record(cli, evening, "--call", "Bikash", "--hand", "Asha=9♥", "--hand", "Bikash=A♦",
           "--hand", "Chandra=2♠ 3♣")
    assert standings(cli, evening)["next_dealer"] == "Chandra"
    assert verify(parse(evening.read_text(encoding="utf-8"), "x")) == []


def test_dh13_a_ledger_that_never_used_join_or_leave_carries_no_seats(cli, evening):
    record(cli, evening, *A_CALLS)
    assert "seats" not in tomllib.loads(evening.read_text(encoding="utf-8"))
    table = standings(cli, evening)
    assert "seats" not in table and "seated" not in table
    rows = json.loads(cli("history", evening, "--json").stdout)["hands"]
    assert all("joined" not in r for r in rows)


@pytest.mark.parametrize("name", ["Bikash", "bikash", " BIKASH "])
def test_dh13_joining_a_seated_name_in_any_case_is_exit_2(cli, evening, name):
    refused(cli, evening, "join", name, rule="DH-13", says="Bikash is seated")


def test_dh13_a_seat_once_left_is_not_taken_again(cli, evening):
    assert cli("leave", evening, "Chandra").exit_code == 0
    refused(cli, evening, "join", "chandra", rule="DH-13", says="has left")


def test_dh13_leaving_a_player_not_seated_is_exit_2(cli, evening):
    refused(cli, evening, "leave", "Zara", rule="DH-13", says="Zara")
    assert cli("leave", evening, "Chandra").exit_code == 0
    refused(cli, evening, "leave", "Chandra", rule="DH-13", says="not seated")
    # named by a prefix, as anywhere a player is named: the same answer
    refused(cli, evening, "leave", "ch", rule="DH-13",
            says="Chandra is not seated at the next hand")


def test_dh13_after_a_player_who_has_left_is_refused_not_their_old_seat(
        cli, evening):
    # the worked example: Kiran joins after Bikash, hand 2, Chandra leaves
    assert cli("join", evening, "Kiran", "--after", "Bikash").exit_code == 0
    record(cli, evening, *A_CALLS, "--hand", "Kiran=5♠")
    assert cli("leave", evening, "Chandra").exit_code == 0
    for typed in ("Chandra", "ch"):
        refused(cli, evening, "join", "Lila", "--after", typed, rule="DH-13",
                says="Chandra is not seated at the next hand")
    joined = cli("join", evening, "Lila", "--after", "Kiran", "--json")
    assert joined.exit_code == 0, joined.stderr
    assert json.loads(joined.stdout)["seated"] == ["Asha", "Bikash", "Kiran", "Lila"]
    assert standings(cli, evening)["seats"][-1] == \
        {"hand": 3, "join": "Lila", "after": "Kiran"}


def test_dh13_leaving_fewer_than_two_players_is_exit_2(cli, evening):
    assert cli("leave", evening, "Chandra").exit_code == 0
    refused(cli, evening, "leave", "Bikash", rule="DH-13", says="1 player")


def test_dh13_a_seventh_player_is_exit_2(cli, tmp_path):
    path = new(cli, tmp_path / "six.toml", "--game", "dhumbal", "--players",
               "A,B,C,D,E,F")
    refused(cli, path, "join", "G", rule="DH-13", says="7 players")


def test_dh13_the_newcomer_on_the_dealers_left_deals_next(cli, evening):
    assert cli("join", evening, "Kiran", "--after", "Asha").exit_code == 0
    assert standings(cli, evening)["next_dealer"] == "Kiran"
    assert cli("join", evening, "Maya").exit_code == 0
    table = standings(cli, evening)
    assert table["seated"] == ["Asha", "Kiran", "Bikash", "Chandra", "Maya"]


def test_dh13_the_leaver_still_settles_up(cli, evening):
    assert cli("leave", evening, "Chandra").exit_code == 0
    record(cli, evening, "--call", "Asha", "--hand", "Asha=A♦", "--hand", "Bikash=2♠")
    data = json.loads(cli("settle-up", evening, "--json").stdout)
    assert data["balances"]["Chandra"] == -9
    assert sum(data["balances"].values()) == 0


def test_dh13_exports_chart_and_stats_read_a_ledger_with_seats(cli, evening):
    assert cli("join", evening, "Kiran").exit_code == 0
    record(cli, evening, *A_CALLS, "--hand", "Kiran=5♠")
    csv = cli("export", evening, "--format", "csv")
    assert csv.exit_code == 0 and "Asha called; joined: Kiran" in csv.stdout
    exported = json.loads(cli("export", evening, "--format", "json").stdout)
    assert exported["standings"]["seats"] == [{"hand": 2, "join": "Kiran"}]
    assert exported["standings"]["totals"]["Kiran"] == -5
    for command in (["chart"], ["stats"], ["export", "--format", "md"]):
        result = cli(command[0], evening, *command[1:])
        assert result.exit_code == 0, result.stderr


def test_dh13_rename_keeps_the_seats_and_a_later_leave_still_writes(cli, evening):
    assert cli("join", evening, "Kiran").exit_code == 0
    assert cli("rename", evening, "Kiran", "Kamal").exit_code == 0
    document = tomllib.loads(evening.read_text(encoding="utf-8"))
    assert document["seats"] == [{"hand": 2, "join": "Kamal"}]
    assert cli("leave", evening, "Kamal").exit_code == 0
    document = tomllib.loads(evening.read_text(encoding="utf-8"))
    assert document["seats"][-1] == {"hand": 2, "leave": "Kamal"}


# -- DC-11, YA-12 --------------------------------------------------------------------

def test_dc11_worked_example_an_eliminated_player_cannot_leave_a_newcomer_at_0(
        cli, tmp_path):
    path = new(cli, tmp_path / "club.toml", "--game", "dhumbal", "--profile",
               "cardrulesplus", "--players", "Asha,Bikash,Chandra",
               "--set", "eliminate_at=30", "--set", "faces=full")
    hand = record(cli, path, "--call", "Chandra", "--hand", "Asha=K♠ Q♥ 5♦",
                  "--hand", "Bikash=2♠", "--hand", "Chandra=A♠")
    assert hand["points"] == {"Asha": 30, "Bikash": 2, "Chandra": 0}
    refused(cli, path, "leave", "Asha", rule="DC-11", says="not seated")
    assert cli("join", path, "Dev", "--after", "Bikash").exit_code == 0
    hand = record(cli, path, "--call", "Dev", "--hand", "Bikash=2♠",
                  "--hand", "Chandra=9♠", "--hand", "Dev=A♠")
    assert hand["points"] == {"Bikash": 2, "Dev": 0, "Chandra": 9}
    table = standings(cli, path)
    assert table["totals"] == {"Asha": 30, "Bikash": 4, "Dev": 0, "Chandra": 9}
    assert table["eliminated"] == ["Asha"] and table["places"]["Asha"] == 4


def test_ya12_worked_example_five_seated_then_one_leaves_and_one_joins(cli, tmp_path):
    path = new(cli, tmp_path / "yaniv.toml", "--game", "dhumbal", "--profile",
               "yaniv", "--players", "A,B,C,D,E")
    refused(cli, path, "join", "F", rule="YA-12", says="6 players")
    assert cli("leave", path, "E").exit_code == 0
    assert cli("join", path, "F").exit_code == 0
    assert standings(cli, path)["seated"] == ["A", "B", "C", "D", "F"]


# -- DH-13: joining a complete session (issue 38) -------------------------------------

@pytest.fixture
def played_out(cli, tmp_path: Path) -> Path:
    """RULES.md DH-13's example of a complete session: A, B, C, one hand
    planned, A's hand 1 played."""
    path = new(cli, tmp_path / "short.toml", "--game", "dhumbal", "--players",
               "A,B,C", "--hands", "1")
    record(cli, path, "--call", "A", "--hand", "A=A♦", "--hand", "B=2♠ 3♣",
           "--hand", "C=9♥")
    return path


def test_dh13_a_join_on_a_complete_session_is_refused_naming_extend(cli, played_out):
    before = played_out.read_bytes()
    result = cli("join", played_out, "K")
    assert result.exit_code == 1 and result.stdout == ""
    assert "its 1 planned hand is played" in result.stderr
    assert f"join {played_out} K --extend (DH-12)" in result.stderr
    data = json.loads(cli("join", played_out, "K", "--json").stdout)
    assert data["rule"] == "DH-12" and "--extend" in data["error"]
    assert played_out.read_bytes() == before


def test_dh13_worked_example_join_extend_plans_one_more_hand(cli, played_out):
    result = cli("join", played_out, "K", "--extend")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert f"{played_out.name}: 2 hands planned, 1 played." in result.stderr
    assert "K joins" in result.stderr and "B deals next" in result.stderr
    document = tomllib.loads(played_out.read_text(encoding="utf-8"))
    assert document["options"]["hands"] == 2
    assert document["seats"] == [{"hand": 2, "join": "K"}]
    table = standings(cli, played_out)
    assert table["hands_planned"] == 2 and table["seated"] == ["A", "B", "C", "K"]
    assert cli("verify", played_out).exit_code == 0


def test_dh13_join_extend_json_says_it_extended_and_only_where_complete(cli, played_out,
                                                                        evening):
    grown = json.loads(cli("join", played_out, "K", "--extend", "--json").stdout)
    assert grown["extended"] is True and grown["hands_planned"] == 2
    assert grown["next_dealer"] == "B"
    # an open session is joined as it is: nothing extended
    joined = cli("join", evening, "Kiran", "--extend", "--json")
    assert joined.exit_code == 0, joined.stderr
    data = json.loads(joined.stdout)
    assert data["extended"] is False and data["hands_planned"] == 6


def test_dh13_join_extend_refusing_the_name_writes_nothing(cli, played_out):
    before = played_out.read_bytes()
    refused = cli("join", played_out, "b", "--extend")
    assert refused.exit_code == 2 and "(DH-13)" in refused.stderr
    assert played_out.read_bytes() == before


def test_dh13_join_on_a_complete_session_at_a_terminal_offers_to_extend(
        cli, played_out, monkeypatch):
    monkeypatch.setattr(scorekeeper.commands.seats, "stdin_is_tty", lambda: True)
    before = played_out.read_bytes()
    declined = cli("join", played_out, "K", input="n\n")
    assert declined.exit_code == 0
    assert f"{played_out}: its 1 planned hand is played. Yes plays on to 2 hands." \
        in " ".join(declined.stderr.split())
    assert "Play on with K? [Y/n]" in declined.stderr
    assert "Nothing written." not in declined.stdout       # (the runner echoes input)
    assert "Nothing written." in declined.stderr
    assert played_out.read_bytes() == before
    accepted = cli("join", played_out, "K", input="\n")     # Enter: yes
    assert accepted.exit_code == 0, accepted.stderr
    assert "2 hands planned, 1 played" in accepted.stderr
    assert standings(cli, played_out)["seated"] == ["A", "B", "C", "K"]


def test_dh13_the_offer_to_extend_takes_the_nepali_answers(cli, played_out, monkeypatch):
    monkeypatch.setattr(scorekeeper.commands.seats, "stdin_is_tty", lambda: True)
    before = played_out.read_bytes()
    assert cli("join", played_out, "K", input="होइन\n").exit_code == 0
    assert played_out.read_bytes() == before
    assert cli("join", played_out, "K", input="हो\n").exit_code == 0
    assert standings(cli, played_out)["hands_planned"] == 2


def test_dh13_an_open_session_at_a_terminal_is_joined_without_a_question(
        cli, evening, monkeypatch):
    monkeypatch.setattr(scorekeeper.commands.seats, "stdin_is_tty", lambda: True)
    result = cli("join", evening, "Kiran", input="")
    assert result.exit_code == 0, result.stderr
    assert "Play on" not in result.stderr and "Kiran joins" in result.stderr


# -- MA-23 ---------------------------------------------------------------------------

def test_ma23_worked_example_the_newcomer_is_one_of_n_and_the_plan_stays(cli, tmp_path):
    path = new(cli, tmp_path / "m.toml", "--game", "marriage", "--players", "A,B,C",
               "--rotations", "1")
    hand = record(cli, path, "--finish", "A", "--seen", "B", "--hand", "A=shown:10",
                  "--hand", "B=2", "--hand", "C=0")
    assert hand["net"] == {"A": 31, "B": -9, "C": -22}
    joined = cli("join", path, "D", "--json")
    assert json.loads(joined.stdout)["rule"] == "MA-23"
    hand = record(cli, path, "--finish", "A", "--seen", "B", "--hand", "A=shown:10",
                  "--hand", "B=2", "--hand", "C=0", "--hand", "D=0")
    assert hand["net"] == {"A": 51, "B": -7, "C": -22, "D": -22}
    table = standings(cli, path)
    assert table["hands_planned"] == 3 and table["totals"]["D"] == -22


def test_ma23_worked_example_join_extend_plans_one_more_rotation(cli, tmp_path):
    """RULES.md MA-23: A, B, C, one rotation, its 3 hands played: `join D
    --extend` plans 2 rotations (6 hands); C dealt hand 3, so D deals 4."""
    path = new(cli, tmp_path / "m.toml", "--game", "marriage", "--players", "A,B,C",
               "--rotations", "1")
    for _ in range(3):
        record(cli, path, "--finish", "A", "--seen", "B", "--hand", "A=shown:10",
               "--hand", "B=2", "--hand", "C=0")
    before = path.read_bytes()
    refusal = cli("join", path, "D")
    assert refusal.exit_code == 1 and "(MA-14)" in refusal.stderr
    assert "play on to 6 hands" in refusal.stderr
    assert path.read_bytes() == before
    joined = json.loads(cli("join", path, "D", "--extend", "--json").stdout)
    assert joined["extended"] is True and joined["hands_planned"] == 6
    assert joined["next_dealer"] == "D" and joined["rule"] == "MA-23"
    assert tomllib.loads(path.read_text(encoding="utf-8"))["options"]["rotations"] == 2


def test_cb17_join_extend_on_a_finished_game_is_still_refused_by_cb17(cli, tmp_path):
    path = new(cli, tmp_path / "cb.toml", "--game", "callbreak", "--players",
               "Asha,Bikash,Chandra,Dipak", "--rounds", "1")
    record(cli, path, "--bid=Asha=3", "--bid=Bikash=3", "--bid=Chandra=3",
           "--bid=Dipak=3", "--won=Asha=4", "--won=Bikash=3", "--won=Chandra=3",
           "--won=Dipak=3")
    refused(cli, path, "join", "Esha", "--extend", rule="CB-17",
            says="players change between games")


# -- CB-17 ---------------------------------------------------------------------------

@pytest.mark.parametrize("args", [("join", "Esha"), ("leave", "Dipak")])
def test_cb17_call_break_seats_are_fixed_for_a_game(cli, tmp_path, args):
    path = new(cli, tmp_path / "cb.toml", "--game", "callbreak", "--players",
               "Asha,Bikash,Chandra,Dipak")
    refused(cli, path, *args, rule="CB-17", says="players change between games")


@pytest.mark.parametrize("args", [("join", "Esha"), ("leave", "Dipak")])
def test_cb17_a_finished_call_break_game_refuses_a_seat_change_by_cb17(cli, tmp_path,
                                                                      args):
    """RULES.md CB-17: no `extend` could let anyone join or leave, so a
    complete game is exit 2 citing CB-17, not exit 1 "extend it" (CB-12)."""
    path = new(cli, tmp_path / "cb.toml", "--game", "callbreak", "--players",
               "Asha,Bikash,Chandra,Dipak", "--rounds", "1")
    record(cli, path, "--bid=Asha=3", "--bid=Bikash=3", "--bid=Chandra=3",
           "--bid=Dipak=3", "--won=Asha=4", "--won=Bikash=3", "--won=Chandra=3",
           "--won=Dipak=3")
    refused(cli, path, *args, rule="CB-17", says="players change between games")
    assert "extend" not in cli(*args[:1], path, *args[1:]).stderr
