"""`new LEDGER --like OTHER` (issue 38 item 4): an evening like the last
one — OTHER's game, profile, house options and length, the players seated
at its end in their seats, who would deal its next hand, its rate and
currency; what is typed beside `--like` wins; OTHER is only read."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

DH_HAND = ["--call", "Asha", "--hand", "Asha=A♦", "--hand", "Bikash=2♠ 3♣",
           "--hand", "Chandra=9♥"]


def ok(result) -> None:
    assert result.exit_code == 0, result.stderr


def header(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.fixture
def last(cli, tmp_path: Path) -> Path:
    """Last night's Dhumbal: penalty 30, 2 hands, INR 10 a point; Asha dealt
    hand 1, then Kiran joined and Chandra left."""
    path = tmp_path / "last.toml"
    ok(cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash,Chandra",
           "--hands", "2", "--set", "penalty=30", "--rate", "10", "--currency", "INR"))
    ok(cli("record", path, *DH_HAND))
    ok(cli("join", path, "Kiran"))
    ok(cli("leave", path, "Chandra"))
    return path


def test_like_takes_the_seats_at_the_end_the_next_dealer_options_and_money(
        cli, last, tmp_path):
    before = last.read_bytes()
    made = tmp_path / "tonight.toml"
    result = cli("new", made, "--like", last)
    ok(result)
    assert result.stdout == ""
    assert result.stderr == (f"New Dhumbal session (nepali-games) in {made}: Asha, "
                             "Bikash, Kiran; Bikash deals first; 2 hands planned; "
                             "INR 10 a point.\n")
    document = header(made)
    assert document["players"] == ["Asha", "Bikash", "Kiran"]     # Chandra left
    assert document["first_dealer"] == "Bikash"   # who would deal last's hand 2
    assert document["options"]["penalty"] == 30 and document["options"]["hands"] == 2
    assert document["money"] == {"rate": "10", "currency": "INR"}
    assert "seats" not in document and "hands" not in document
    assert last.read_bytes() == before            # OTHER is only read
    assert cli("verify", made).exit_code == 0


def test_like_what_is_typed_beside_it_wins(cli, last, tmp_path):
    made = tmp_path / "tonight.toml"
    ok(cli("new", made, "--like", last, "--rate", "5", "--players", "Asha,Dev",
           "--hands", "4", "--set", "penalty=20"))
    document = header(made)
    assert document["players"] == ["Asha", "Dev"]
    assert document["first_dealer"] == "Asha"     # Bikash is not at this table
    assert document["options"]["penalty"] == 20 and document["options"]["hands"] == 4
    assert document["money"] == {"rate": "5", "currency": "INR"}
    other = tmp_path / "other.toml"
    ok(cli("new", other, "--like", last, "--dealer", "Kiran", "--game", "dhumbal"))
    assert header(other)["first_dealer"] == "Kiran"


def test_like_takes_a_player_eliminated_but_not_one_who_left(cli, tmp_path):
    path = tmp_path / "club.toml"
    ok(cli("new", path, "--game", "dhumbal", "--profile", "cardrulesplus", "--players",
           "Asha,Bikash,Chandra", "--set", "eliminate_at=30", "--set", "faces=full"))
    ok(cli("record", path, "--call", "Chandra", "--hand", "Asha=K♠ Q♥ 5♦",
           "--hand", "Bikash=2♠", "--hand", "Chandra=A♠"))
    made = tmp_path / "again.toml"
    ok(cli("new", made, "--like", path))
    document = header(made)
    assert document["players"] == ["Asha", "Bikash", "Chandra"]
    assert document["profile"] == "cardrulesplus" and document["first_dealer"] == "Bikash"
    assert document["options"]["eliminate_at"] == 30
    assert document["options"]["faces"] == "full" and "money" not in document


def test_like_of_another_game_makes_that_game_an_old_option_name_typed_wins(
        cli, tmp_path):
    marriage = tmp_path / "m.toml"
    ok(cli("new", marriage, "--game", "marriage", "--players", "A,B,C",
           "--rotations", "2", "--set", "foul=next", "--set", "mode=normal"))
    made = tmp_path / "m2.toml"
    result = cli("new", made, "--like", marriage, "--set", "maal_needs_seen=true")
    ok(result)
    assert "maal_needs_seen is now called mode" in result.stderr
    document = header(made)
    assert document["game"] == "marriage" and document["options"]["rotations"] == 2
    assert document["options"]["foul"] == "next"
    assert document["options"]["mode"] == "murder"
    callbreak = tmp_path / "cb.toml"
    ok(cli("new", callbreak, "--game", "callbreak", "--players", "A,B,C,D",
           "--rounds", "3", "--rate", "2"))
    ok(cli("record", callbreak, "--bid=A=3", "--bid=B=3", "--bid=C=3", "--bid=D=3",
           "--won=A=4", "--won=B=3", "--won=C=3", "--won=D=3"))
    next_game = tmp_path / "cb2.toml"
    ok(cli("new", next_game, "--like", callbreak))
    document = header(next_game)
    assert document["first_dealer"] == "B" and document["options"]["rounds"] == 3
    assert document["money"]["rate"] == "2"


def test_like_another_profile_takes_no_options_and_no_money_nobody_owes(
        cli, last, tmp_path):
    made = tmp_path / "yaniv.toml"
    ok(cli("new", made, "--like", last, "--profile", "yaniv"))
    document = header(made)
    assert document["profile"] == "yaniv" and "money" not in document
    assert document["players"] == ["Asha", "Bikash", "Kiran"]
    assert json.loads(cli("standings", made, "--json").stdout)["house_options"] == {}


@pytest.mark.parametrize("args, says", [
    (["--like", "missing.toml"], "missing.toml: no such ledger"),
    (["--like", "broken.toml"], "broken.toml:1:"),
    (["--like", "last.toml", "--game", "marriage"],
     "last.toml is a Dhumbal session: --like makes one of its game; leave --game out"),
    ([], "--game is needed (or --like LEDGER: a session like that one)"),
])
def test_like_refusals_are_exit_2_and_write_nothing(cli, last, tmp_path, monkeypatch,
                                                   args, says):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.toml").write_text("game = \n", encoding="utf-8")
    before = last.read_bytes()
    result = cli("new", "tonight.toml", *args)
    assert result.exit_code == 2 and result.stdout == ""
    assert says in result.stderr
    assert not (tmp_path / "tonight.toml").exists()
    assert last.read_bytes() == before


def test_like_never_writes_over_the_ledger_it_reads(cli, last):
    before = last.read_bytes()
    result = cli("new", last, "--like", last, "--force")
    assert result.exit_code == 2 and result.stdout == ""
    assert "is the ledger --like reads: a new session goes in another file" \
        in result.stderr
    assert last.read_bytes() == before


def test_like_a_preset_typed_beside_it_sets_its_options_over_other_s(cli, tmp_path):
    """`--set maal-table=three-deck` (dashes, as typed) sets every maal value
    of that table: OTHER's own Jhiplu value is not carried over it."""
    other, new = tmp_path / "other.toml", tmp_path / "new.toml"
    ok(cli("new", other, "--game", "marriage", "--players", "Asha,Bikash,Chandra",
           "--set", "maal_jhiplu=1/2/3"))
    made = cli("new", new, "--like", other, "--set", "maal-table=three-deck")
    assert (made.exit_code, made.stdout) == (0, "")
    options = header(new)["options"]
    assert (options["maal_table"], options["maal_jhiplu"]) == ("three-deck", "2/5/10")
