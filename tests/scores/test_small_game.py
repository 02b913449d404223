"""A smaller `Game`: four methods every game implements, everything else a
default (scorekeeper.games.interface). The fake game of tests/bidtricks
implements only those four and the keys it stores; Dhumbal and Marriage
keep their own where they do more, and read the defaults for the rest
exactly as they declared them before."""

from __future__ import annotations

import json

import pytest
from test_tenths_game import HANDS, HEADER

from scorekeeper.games import registry
from scorekeeper.games.interface import Game
from scorekeeper.ledger import document
from scorekeeper.reports.documents import hand_json, history_json, story_of


@pytest.fixture(autouse=True)
def bidtricks(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "bidtricks", registry.Entry("bidtricks", ()))


@pytest.fixture
def session():
    return document.parse(HEADER + HANDS, "tenths")


def test_a_game_implements_four_methods():
    assert Game.__abstractmethods__ == frozenset(
        {"args_from_flags", "args_from_stored", "resolve", "to_stored"})
    own = set(vars(type(registry.game("bidtricks"))))
    assert own - {"__module__", "__doc__", "__qualname__", "__abstractmethods__",
                  "_abc_impl", "__parameters__", "__orig_bases__"} == {
        "stored_required", "stored_types", "args_from_flags",
        "args_from_stored", "resolve", "to_stored"}


def test_name_title_profiles_and_flags_come_from_the_folder():
    game = registry.game("bidtricks")
    assert (game.name, game.title) == ("bidtricks", "Bidtricks")
    assert [p.name for p in game.profiles] == ["standard"]
    assert [f.param for f in game.hand_flags] == ["bid", "tricks"]
    assert game.tallies == () and game.name_keys == frozenset()


def test_existing_games_read_the_defaults_as_they_declared_them():
    dhumbal, marriage = registry.game("dhumbal"), registry.game("marriage")
    assert (dhumbal.name, dhumbal.title) == ("dhumbal", "Dhumbal")
    assert (marriage.name, marriage.title) == ("marriage", "Marriage")
    assert dhumbal.name_keys == {"call", "reset"}
    assert marriage.name_keys == {"finisher", "seen", "seen_dublees",
                                  "invalid_shows", "fouls_due",
                                  "fouls_waiting"}
    assert dhumbal.hand_flags == registry.hand_flags("dhumbal")
    assert [p.name for p in marriage.profiles] == \
        [p.name for p in registry.profiles() if p.game == "marriage"]


def test_amend_prefills_each_option_from_the_stored_key_of_its_name(session):
    game = session.game
    flags = game.flags_from_stored(session.hand(1).data)
    assert flags == {"bid": ["Asha=3", "Bikash=2", "Chandra=4"],
                     "tricks": ["Asha=4", "Bikash=2", "Chandra=3"]}
    again = session.rule_amended(1, flags)
    assert again.stored == dict(session.hand(1).data)


def test_default_history_facts_and_story(session):
    rows = history_json(session)["hands"]
    assert rows[0]["winner"] == "Asha" and rows[0]["unverified"] == []
    assert story_of(session, rows[1]) == "won by Bikash"


def test_default_result_json_has_the_keys_of_the_contract(session):
    data = hand_json(session, session.rule_stored(1))
    for key in ("hand", "winner", "caught", "points", "rules", "explanation"):
        assert key in data
    assert data["points"] == {"Asha": 31, "Bikash": 20, "Chandra": -40}
    assert data["points_display"] == {"Asha": "3.1", "Bikash": "2.0",
                                      "Chandra": "-4.0"}


def test_default_compare_finds_a_wrong_winner(cli, tmp_path):
    path = tmp_path / "w.toml"
    path.write_text(HEADER + HANDS.replace('winner = "Asha"', 'winner = "Bikash"'),
                    encoding="utf-8")
    data = json.loads(cli("verify", path, "--json").stdout)
    assert [p["message"] for p in data["problems"]] == [
        'hand 1: stored winner "Bikash" but the rules give "Asha"']


def test_rename_reaches_the_tables_of_a_simple_game(cli, tmp_path):
    path = tmp_path / "r.toml"
    path.write_text(HEADER + HANDS, encoding="utf-8")
    assert cli("rename", path, "Asha", "Anita").exit_code == 0
    text = path.read_text(encoding="utf-8")
    assert "Asha" not in text and "Anita = 3" in text
    assert cli("verify", path).exit_code == 0
