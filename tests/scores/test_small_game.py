"""A smaller `Game`: one method every game implements, everything else a
default (scorekeeper.games.interface). The template of a game
(docs/template/bidtricks, docs/ARCHITECTURE.md "Add a game") implements
only that one, its title and its stored keys (`fields`, in the order its
table stores them; its rules are its `engine.resolve`); Dhumbal and
Marriage keep their own where they do more, and read the defaults for the
rest exactly as they declared them before."""

from __future__ import annotations

import ast
import importlib
import json
from pathlib import Path

import pytest
from test_tenths_game import HANDS, HEADER

from scorekeeper.core.errors import Impossible
from scorekeeper.games import registry
from scorekeeper.games.interface import Game
from scorekeeper.ledger import document
from scorekeeper.reports.documents import hand_json, history_json, story_of

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def bidtricks(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "bidtricks", registry.Entry("bidtricks", ()))


@pytest.fixture
def session():
    return document.parse(HEADER + HANDS, "tenths")


def test_a_game_implements_one_method():
    assert Game.__abstractmethods__ == frozenset({"args_from_flags"})
    assert _defined(registry.game("bidtricks")) == {
        "title", "fields", "args_from_flags"}


def test_a_hand_is_stored_as_its_fields_are_declared(session):
    # `Game.to_stored`: the hand, its dealer, each field (`Field.stored`,
    # else `Field.ruled`) in the order declared, the scores, the rules
    hand = session.rule_next({"bid": ["Asha=3", "Bikash=2", "Chandra=4"],
                              "tricks": ["Asha=4", "Bikash=2", "Chandra=3"]})
    assert list(hand.stored.items())[-7:] == [
        ("hand", 3), ("dealer", "Chandra"),
        ("bid", {"Asha": 3, "Bikash": 2, "Chandra": 4}),
        ("tricks", {"Asha": 4, "Bikash": 2, "Chandra": 3}), ("winner", "Asha"),
        ("points", {"Asha": 31, "Bikash": 20, "Chandra": -40}),
        ("rules", ["BT-3"])]


# What a game may define: its declarations, the conversions it writes,
# and where it does more than the defaults (docs/ARCHITECTURE.md);
# everything else of `Game` is derived (final: mypy refuses an override)
A_GAME_DEFINES = {"title", "fields", "tallies", "args_from_flags", "args_from_stored",
                  "flags_from_stored", "amended_flags", "history_facts",
                  "story", "tally", "paid"}


def _defined(game):
    """The members of `Game` a game's class defines (its own helpers aside)."""
    return {name for name in vars(type(game)) if not name.startswith("_")
            and (hasattr(Game, name) or name in Game.__annotations__)}


def test_a_game_defines_at_most_twelve_members_of_game():
    games = [*registry.games(), registry.game("bidtricks")]
    assert len(A_GAME_DEFINES) == 11
    assert all(_defined(game) <= A_GAME_DEFINES for game in games)
    # the others are derived, and marked so
    derived = {name for name in dir(Game) if not name.startswith("__")
               and name not in A_GAME_DEFINES and name not in Game.__abstractmethods__}
    assert {name for name in derived
            if getattr(getattr(Game, name), "__final__", False)} >= {
        "resolve", "compare", "carried", "result_json", "stored_types", "exported",
        "to_stored",
        "name_keys", "carried_keys", "exclusive", "carried_stored"}


def test_name_profiles_and_flags_come_from_the_folder():
    game = registry.game("bidtricks")
    assert (game.name, game.title) == ("bidtricks", "Bidtricks")
    assert [p.name for p in game.profiles] == ["standard"]
    assert [f.param for f in game.hand_flags] == ["bid", "tricks"]
    assert game.tallies == () and game.name_keys == {"winner"}


def test_existing_games_read_the_defaults_as_they_declared_them():
    dhumbal, marriage = registry.game("dhumbal"), registry.game("marriage")
    assert (dhumbal.name, dhumbal.title) == ("dhumbal", "Dhumbal")
    assert (marriage.name, marriage.title) == ("marriage", "Marriage")
    assert dhumbal.name_keys == {"winner", "call", "reset", "unverified"}
    assert marriage.name_keys == {"finisher", "seen", "seen_dublees",
                                  "invalid_shows", "fouls_due",
                                  "fouls_waiting", "unverified"}
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


class _Answers:
    """An `Asker` that answers from a script, as a person at the table."""

    def __init__(self, answers):
        self.answers, self.asked = list(answers), []

    def ask(self, question, check, default=None):
        self.asked.append((question, default))
        answer = self.answers.pop(0) or default
        check(answer)
        return answer


def test_the_template_asks_a_hand_and_rules_it(session):
    prompts = importlib.import_module("bidtricks.prompts")
    table = session.next_table({})
    answers = _Answers(["3", "2", "४", "4", "", "3"])
    flags = prompts.ask_hand(answers, table, session.rules,
                             {"tricks": ["Bikash=2"]})
    assert flags == {"bid": ["Asha=3", "Bikash=2", "Chandra=4"],
                     "tricks": ["Asha=4", "Bikash=2", "Chandra=3"]}
    assert answers.asked[4] == ("Bikash took", "2")
    assert session.rule_next(flags).stored["points"] == \
        {"Asha": 31, "Bikash": 20, "Chandra": -40}


def test_the_template_refuses_a_count_that_is_no_number(session):
    prompts = importlib.import_module("bidtricks.prompts")
    with pytest.raises(Impossible):
        prompts.ask_hand(_Answers(["three"]), session.next_table({}), session.rules, {})


def test_the_template_imports_only_what_a_game_may():
    # as tests/test_architecture.py checks a game's folder: the core, the
    # games layer's interface and declarations, and its own folder
    folder = ROOT / "docs" / "template" / "bidtricks"
    allowed = ("scorekeeper.core.", "scorekeeper.games.interface",
               "scorekeeper.games.declare", "scorekeeper.games.fields",
               "scorekeeper.games.tally", "bidtricks.")
    imported = {node.module for path in folder.glob("*.py")
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(node, ast.ImportFrom) and node.module != "__future__"}
    assert [m for m in imported if m.startswith(("scorekeeper", "bidtricks"))
            and not m.startswith(allowed)] == []


def test_a_new_game_is_shown_each_players_score(cli, tmp_path):
    # no table of its own in screen/rulings: the ruling is shown by
    # `views.ruling_table` from the scores, as the game's kind shows them
    path = tmp_path / "t.toml"
    path.write_text(HEADER + HANDS, encoding="utf-8")
    out = cli("show", path, "1", env={"COLUMNS": "80"})
    assert out.exit_code == 0 and out.stderr == ""
    rows = [line.split() for line in out.stdout.splitlines()]
    assert ["Player", "Points"] in rows
    assert ["Asha", "★", "+3.1"] in rows and ["Chandra", "-4.0"] in rows
