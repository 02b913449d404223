"""Names as people say them at the table (issue 16, item 1): a unique
prefix, any case, or the initials of a name of several words; an ambiguous
one lists the candidates, an unknown one suggests the nearest (exit 2)."""

from __future__ import annotations

import json

import pytest

from scorekeeper.core.errors import Impossible
from scorekeeper.core.seating import resolve_name

PLAYERS = ("Asha", "Bikash", "Chandra", "Ram Bahadur")


@pytest.mark.parametrize("typed, meant", [
    ("bik", "Bikash"), ("B", "Bikash"), ("  chANDra ", "Chandra"),
    ("rb", "Ram Bahadur"), ("RB", "Ram Bahadur"), ("ram", "Ram Bahadur"),
    ("asha", "Asha"),
])
def test_names_a_unique_prefix_or_initials_name_the_player(typed, meant):
    assert resolve_name(typed, PLAYERS) == meant


def test_names_the_whole_name_wins_over_a_longer_one_it_begins():
    assert resolve_name("ram", ("Ram", "Ramesh")) == "Ram"


def test_names_an_ambiguous_prefix_lists_the_candidates():
    with pytest.raises(Impossible) as caught:
        resolve_name("a", ("Asha", "Anil", "Bikash"))
    assert caught.value.exit_code == 2
    assert "'a' could be Asha or Anil" in caught.value.message.english


@pytest.mark.parametrize("typed", ["Bikas h", "Bikahs", "Bkash", "Bikesh"])
def test_names_a_typo_suggests_the_nearest_name(typed):
    with pytest.raises(Impossible) as caught:
        resolve_name(typed, PLAYERS)
    assert "did you mean Bikash?" in caught.value.message.english
    assert "players: Asha, Bikash, Chandra, Ram Bahadur" in caught.value.message.english


def test_names_nothing_near_suggests_nothing():
    with pytest.raises(Impossible) as caught:
        resolve_name("Zara", PLAYERS)
    assert "did you mean" not in caught.value.message.english
    assert "unknown player 'Zara'" in caught.value.message.english


def test_names_empty_is_refused():
    with pytest.raises(Impossible, match="empty"):
        resolve_name("  ", PLAYERS)


def test_names_on_the_command_line_call_and_hands_by_prefix(cli, ledger):
    result = cli("record", ledger, "--call", "bik", "--hand", "a=K♠",
                 "--hand", "b=A♦", "--hand", "ch=9♥", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["caller"] == "Bikash" and data["winner"] == "Bikash"


def test_names_on_the_command_line_a_typo_is_exit_2_with_a_suggestion(cli, ledger):
    result = cli("record", ledger, "--call", "Bikahs", "--hand", "a=K♠",
                 "--hand", "b=A♦", "--hand", "c=9♥")
    assert result.exit_code == 2
    assert "did you mean Bikash?" in result.stderr


def test_names_marriage_finisher_and_seen_by_initial(cli, tmp_path):
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players",
               "Asha,Bikash,Chandra").exit_code == 0
    result = cli("record", path, "--finish", "a", "--tiplu", "J♣", "--seen", "b",
                 "--hand", "A=3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ "
                 "7♠ 7♦ 7♣ K♦ K♦ K♦", "--hand", "b=2", "--hand", "c=0", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["net"] == {"Asha": 31, "Bikash": -9,
                                               "Chandra": -22}


def test_names_out_dealer_and_rename_take_prefixes_too(cli, ledger):
    result = cli("record", ledger, "--out", "ch", "--dealer", "bik", "--call", "a",
                 "--hand", "a=as", "--hand", "b=ks", "--json")
    assert result.exit_code == 0, result.stderr
    assert set(json.loads(result.stdout)["net"]) == {"Asha", "Bikash"}
    assert cli("rename", ledger, "bik", "Bikram").exit_code == 0
    assert "Bikram" in ledger.read_text(encoding="utf-8")


def test_names_stats_player_by_prefix_and_typo(cli, ledger):
    assert cli("record", ledger, "--call", "a", "--hand", "a=as", "--hand", "b=ks",
               "--hand", "c=qd").exit_code == 0
    found = cli("stats", ledger, "--player", "chan", "--json")
    assert found.exit_code == 0, found.stderr
    assert list(json.loads(found.stdout)["games"]["dhumbal"]) == ["Chandra"]
    typo = cli("stats", ledger, "--player", "Chandar")
    assert typo.exit_code == 2 and "did you mean Chandra?" in typo.stderr


# ड़ as one code point (U+095C) or as ड and a nukta (U+0921 U+093C): two
# keyboards' spellings of one letter, shown alike
ONE, TWO = "\u095c\u0940\u0932", "\u0921\u093c\u0940\u0932"


def test_names_a_spelling_that_shows_alike_names_the_same_player():
    # a ledger an earlier version wrote keeps its spelling; either is read
    assert resolve_name(ONE, (TWO, "आशा")) == TWO
    assert resolve_name(TWO, (ONE, "आशा")) == ONE
    assert resolve_name(ONE[:1], (TWO, "आशा")) == TWO


def test_dh1_new_refuses_two_names_that_show_alike_and_keeps_one_spelling(cli, tmp_path):
    path = tmp_path / "alike.toml"
    twice = cli("new", path, "--game", "dhumbal", "--players", f"{ONE},{TWO},आशा")
    assert twice.exit_code == 2 and twice.stdout == ""
    assert "player names must be distinct" in twice.stderr and "(DH-1)" in twice.stderr
    assert not path.exists()
    assert cli("new", path, "--game", "dhumbal", "--players", f"{ONE},आशा").exit_code == 0
    joined = cli("join", path, TWO)
    assert joined.exit_code == 2 and joined.stderr == (
        f"error: {TWO} is seated: give the newcomer a name nobody at this table has "
        "(DH-13)\n")
    shown = json.loads(cli("standings", path, "--json").stdout)
    assert list(shown["totals"]) == [TWO, "आशा"]      # stored in one spelling (NFC)


def test_dh1_a_name_with_a_byte_that_is_not_utf8_is_refused_as_such(cli, tmp_path):
    # the shell hands Python such a byte as a lone surrogate; it was refused
    # as a ledger that 'would not read back', with advice to tidy its layout
    path = tmp_path / "bad.toml"
    result = cli("new", path, "--game", "dhumbal", "--players", "Asha\udcff,Bob")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == ("error: the name 'Asha\\xff' is not UTF-8 text: retype it, "
                             "or set the terminal to UTF-8 (DH-1)\n")
    assert not path.exists()
