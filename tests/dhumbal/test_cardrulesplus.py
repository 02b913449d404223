"""Profile `cardrulesplus` (RULES.md DC-1 … DC-10, issue 4).

Every test names the rule it checks. The CLI is driven in-process through
typer's CliRunner (stdout and stderr apart); ledgers live only in tmp_path.
The expected numbers are worked out here from the rule text, never read back
from the engine.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from tests.conftest import examples
from typer.testing import CliRunner

from helpers import append, header_text
from scorekeeper.cli import build
from scorekeeper.core.cards import JOKER, Card, card, cards, format_cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.options import stored_option
from scorekeeper.core.seating import Seating, Shown
from scorekeeper.games import registry
from scorekeeper.games.dhumbal.engine import DhumbalHand, resolve
from scorekeeper.games.dhumbal.turns import check_call
from scorekeeper.games.registry import profile as get_profile
from scorekeeper.ledger import document as ledgermod
from scorekeeper.reports.documents import places
from scorekeeper.session.verify import verify

PROFILE = "cardrulesplus"
SAMPLE = Path(__file__).resolve().parents[2] / "sample_sessions" / \
    "dhumbal-cardrulesplus.toml"
NAMES = ("Asha", "Bikash", "Chandra", "Dipa", "Ekta")

runner = CliRunner()


# -- helpers ---------------------------------------------------------------------

def run(*args: object):
    """Run the CLI in-process. A crash (traceback) is re-raised so it never
    passes for a ruling: only typer.Exit / SystemExit are exit codes."""
    result = runner.invoke(build(), [str(a) for a in args])
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        raise exc
    return result


def run_json(*args: object, code: int = 0) -> dict:
    result = run(*args, "--json")
    assert result.exit_code == code, (result.stdout, result.stderr)
    return json.loads(result.stdout)


def crp(*assignments: str):
    return get_profile("dhumbal", PROFILE).parse_settings(list(assignments))


def settle(*hands: str, call: str, players: str = "Asha,Bikash,Chandra",
           sets: tuple[str, ...] = (), dealer: str | None = None,
           code: int = 0) -> dict:
    args: list[str] = ["settle", "dhumbal", "--profile", PROFILE,
                       "--players", players, "--call", call]
    for s in sets:
        args += ["--set", s]
    if dealer:
        args += ["--dealer", dealer]
    for h in hands:
        args += ["--hand", h]
    return run_json(*args, code=code)


def new_session(tmp_path: Path, *sets: str, players: str = "Asha,Bikash,Chandra",
                extra: tuple[str, ...] = ()) -> Path:
    path = tmp_path / "session.toml"
    args: list[str] = ["new", path, "--game", "dhumbal", "--profile", PROFILE,
                       "--players", players, *extra]
    for s in sets:
        args += ["--set", s]
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    return path


def record(path: Path, call: str, *hands: str, code: int = 0) -> dict:
    args: list[str] = ["record", path, "--call", call]
    for h in hands:
        args += ["--hand", h]
    return run_json(*args, code=code)


def standings(path: Path) -> dict:
    return run_json("standings", path)


def refused_unchanged(path: Path, args: list[object], code: int) -> str:
    """Run a command that must fail with `code` and leave the file as it was."""
    before = path.read_bytes()
    result = run(*args)
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert path.read_bytes() == before
    return result.stderr


# Independent model of the card values (DC-1, DC-2).
FACE_VALUES = {"nepali": {11: 0, 12: 10, 13: 10}, "full": {11: 11, 12: 12, 13: 13}}


def model_value(hand, faces: str) -> int:
    total = 0
    for c in hand:
        if c.is_joker:
            continue
        total += c.rank if c.rank <= 10 else FACE_VALUES[faces][c.rank]
    return total


def model_points(values: dict[str, int], caller: str, penalty: int,
                 double: bool) -> dict[str, int]:
    """DC-8 from the rule text."""
    others = [p for p in values if p != caller]
    lowest = min(values[p] for p in others)
    if values[caller] < lowest:
        return {p: 0 if p == caller else values[p] for p in values}
    charge = 50 if double and values[caller] - lowest > 5 else penalty
    return {p: charge if p == caller else 0 for p in values}


DECK = tuple(Card(rank, suit) for suit in range(4) for rank in range(1, 14))


# -- options and defaults ----------------------------------------------------------

def test_dc_options_every_default_via_parse_settings():
    rules = crp()
    assert rules.jokers == 0
    assert rules.faces == "nepali"
    assert rules.call_limit is None
    assert rules.penalty == 25
    assert rules.double_penalty is False
    assert rules.pick_from_set is False
    assert rules.eliminate_at == 100
    assert rules.hands is None
    assert rules.planned_hands(4) is None
    # DC-1: 2-5 players; DC-8: penalty points, lower is better, not zero-sum.
    assert (rules.min_players, rules.max_players) == (2, 5)
    assert rules.lower_is_better and not rules.zero_sum


def test_dc_options_profiles_json_lists_options_and_defaults():
    data = run_json("profiles")
    (entry,) = [p for p in data["profiles"]
                if p["game"] == "dhumbal" and p["profile"] == PROFILE]
    assert entry["options"] == {
        "jokers": 0, "faces": "nepali", "call_limit": None, "penalty": 25,
        "double_penalty": False, "ties": "caught", "caught_pays": "instead",
        "ace_high": False, "joker_pair": False, "max_set": 4,
        "pick_from_set": False, "pick_run_ends": False, "eliminate_at": 100,
        "hands": None}
    assert sorted(entry["choices"]["jokers"]) == [0, 2]
    assert sorted(entry["choices"]["faces"]) == ["full", "nepali"]
    assert sorted(entry["choices"]["penalty"]) == [25, 30]


@pytest.mark.parametrize("assignment, field, value", [
    ("jokers=2", "jokers", 2),
    ("jokers=0", "jokers", 0),
    ("faces=full", "faces", "full"),
    ("faces=nepali", "faces", "nepali"),
    ("call_limit=7", "call_limit", 7),
    ("call_limit=none", "call_limit", None),
    ("penalty=30", "penalty", 30),
    ("penalty=25", "penalty", 25),
    ("double_penalty=true", "double_penalty", True),
    ("double-penalty=yes", "double_penalty", True),
    ("double_penalty=false", "double_penalty", False),
    ("pick_from_set=true", "pick_from_set", True),
    ("eliminate_at=60", "eliminate_at", 60),
    ("hands=5", "hands", 5),
    ("hands=7", "hands", 7),
])
def test_dc_options_each_value_parses(assignment, field, value):
    rules = crp(assignment)
    assert getattr(rules, field) == value
    # Changing one option leaves the others at their default.
    defaults = crp()
    for other in ("jokers", "faces", "call_limit", "penalty", "double_penalty",
                  "pick_from_set", "eliminate_at", "hands"):
        if other != field:
            assert getattr(rules, other) == getattr(defaults, other)


BAD_SETTINGS = [
    ("jokers=1", "jokers"), ("jokers=3", "jokers"), ("jokers=two", "jokers"),
    ("faces=ten", "faces"), ("faces=court", "faces"),
    ("call_limit=seven", "call_limit"), ("call_limit=-1", "call_limit"),
    ("penalty=20", "penalty"), ("penalty=35", "penalty"), ("penalty=50", "penalty"),
    ("penalty=0", "penalty"), ("penalty=lots", "penalty"),
    ("double_penalty=maybe", "double_penalty"),
    ("pick_from_set=sometimes", "pick_from_set"),
    ("eliminate_at=0", "eliminate_at"), ("eliminate_at=many", "eliminate_at"),
    ("hands=0", "hands"), ("hands=five", "hands"),
    ("colour=red", "colour"),            # unknown key
    ("turn_cap=200", "turn_cap"),        # an option of nepali-games only
    ("jokers", "jokers"),                # no =
]


OPTION_RULES = {"jokers": "DC-1", "faces": "DC-2", "call_limit": "DC-4", "penalty": "DC-8",
                "double_penalty": "DC-8", "pick_from_set": "DC-6", "eliminate_at": "DC-9",
                "hands": "DC-10"}


@pytest.mark.parametrize("assignment, key", BAD_SETTINGS)
def test_dc_options_bad_value_or_unknown_key_is_impossible(assignment, key):
    with pytest.raises(Impossible) as err:
        crp(assignment)
    assert key in err.value.message.english
    # a bad value cites the rule that defines the option (RULES.md); an
    # unknown key or a missing `=` rests on no rule
    assert err.value.rule == (OPTION_RULES.get(key) if "=" in assignment else None)


@pytest.mark.parametrize("assignment, key", BAD_SETTINGS)
def test_dc_options_bad_value_or_unknown_key_cli_exit_2(tmp_path, assignment, key):
    path = tmp_path / "s.toml"
    result = run("new", path, "--game", "dhumbal", "--profile", PROFILE,
                 "--players", "Asha,Bikash", "--set", assignment)
    assert result.exit_code == 2
    assert key in result.stderr
    assert not path.exists()
    # The same through settle and check, with --json.
    data = run_json("settle", "dhumbal", "--profile", PROFILE, "--players",
                    "Asha,Bikash", "--set", assignment, "--call", "Asha",
                    "--hand", "Asha=A♠", "--hand", "Bikash=K♠", code=2)
    assert key in data["error"]
    data = run_json("check", "call", "A♠", "--profile", PROFILE,
                    "--set", assignment, code=2)
    assert data["valid"] is False and key in data["reason"]


def test_dc_options_unknown_key_message_lists_the_options():
    result = run("check", "call", "A♠", "--profile", PROFILE, "--set", "colour=red")
    assert result.exit_code == 2
    for option in ("jokers", "faces", "call_limit", "penalty", "double_penalty",
                   "pick_from_set", "eliminate_at", "hands"):
        assert option in result.stderr


def test_dc_options_new_stores_every_option_in_the_ledger(tmp_path):
    path = new_session(tmp_path, "jokers=2", "faces=full", "call_limit=7",
                       "penalty=30", "double_penalty=true", "pick_from_set=true",
                       "eliminate_at=60", extra=("--hands", "5"))
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert doc["profile"] == PROFILE and doc["game"] == "dhumbal"
    assert doc["options"] == {"jokers": 2, "faces": "full", "call_limit": 7,
                              "penalty": 30, "double_penalty": True,
                              "ties": "caught", "caught_pays": "instead",
                              "ace_high": False, "joker_pair": False,
                              "max_set": 4, "pick_from_set": True,
                              "pick_run_ends": False, "eliminate_at": 60,
                              "hands": 5}
    session = ledgermod.parse(path.read_text(encoding="utf-8"), str(path))
    assert session.rules.faces == "full" and session.rules.pick_from_set is True
    assert standings(path)["hands_planned"] == 5


def test_dc_options_new_defaults_stored_without_nulls(tmp_path):
    path = new_session(tmp_path)
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    opts = doc["options"]
    assert opts["jokers"] == 0 and opts["faces"] == "nepali"
    assert opts["penalty"] == 25 and opts["eliminate_at"] == 100
    assert opts["double_penalty"] is False and opts["pick_from_set"] is False
    # No limit and no planned hands read back as "none".
    session = ledgermod.parse(path.read_text(encoding="utf-8"), str(path))
    assert session.rules.call_limit is None and session.rules.hands is None
    data = standings(path)
    assert data["hands_planned"] is None and data["complete"] is False


def test_dc1_table_two_to_five_players(tmp_path):
    assert run("new", tmp_path / "five.toml", "--game", "dhumbal", "--profile",
               PROFILE, "--players", ",".join(NAMES)).exit_code == 0
    for players in ("Asha", ",".join(NAMES + ("Farid",))):
        path = tmp_path / f"bad{len(players)}.toml"
        result = run("new", path, "--game", "dhumbal", "--profile", PROFILE,
                     "--players", players)
        assert result.exit_code == 2 and "DC-1" in result.stderr
        assert not path.exists()


def test_dc_rules_command_prints_dc1_to_dc10():
    result = run("rules", "dhumbal", "--profile", PROFILE)
    assert result.exit_code == 0
    for n in range(1, 11):
        assert f"DC-{n} " in result.stdout
    assert "DH-" not in result.stdout.replace("DH-3", "").replace("DH-7", "")


# -- DC-1 jokers, DC-2 values ---------------------------------------------------------

@pytest.mark.parametrize("text", ["JK", "jk", "🃏"])
def test_dc1_joker_written_jk_or_emoji(text):
    assert card(text) == JOKER and card(text).is_joker
    assert cards(f"A♠ {text}, 2♦") == (Card(1, 0), JOKER, Card(2, 2))


def test_dc1_joker_worth_0():
    data = settle("Asha=JK 🃏", "Bikash=A♠", "Chandra=K♠ Q♠",
                  call="Asha", sets=("jokers=2",))
    assert data["values"]["Asha"] == 0
    assert data["points"] == {"Asha": 0, "Bikash": 1, "Chandra": 20}
    call = run_json("check", "call", "JK 🃏", "--profile", PROFILE,
                    "--set", "jokers=2")
    assert call["valid"] is True and call["value"] == 0


def test_dc1_joker_in_a_session_without_jokers_exit_2(tmp_path):
    data = settle("Asha=JK", "Bikash=A♠", "Chandra=K♠", call="Asha", code=2)
    assert data["rule"] == "DC-1" and "joker" in data["error"]
    data = run_json("check", "call", "🃏 A♠", "--profile", PROFILE, code=2)
    assert data["rule"] == "DC-1"
    path = new_session(tmp_path)
    err = refused_unchanged(path, ["record", path, "--call", "Asha",
                                   "--hand", "Asha=JK", "--hand", "Bikash=A♠",
                                   "--hand", "Chandra=K♠"], 2)
    assert "DC-1" in err


def test_dc1_third_joker_with_two_jokers_exit_2(tmp_path):
    data = settle("Asha=JK", "Bikash=JK A♠", "Chandra=🃏 K♠",
                  call="Asha", sets=("jokers=2",), code=2)
    assert data["rule"] == "DC-1" and "3" in data["error"]
    # Two are fine; both in one hand too.
    ok = settle("Asha=JK JK", "Bikash=A♠", "Chandra=K♠", call="Asha",
                sets=("jokers=2",))
    assert ok["points"] == {"Asha": 0, "Bikash": 1, "Chandra": 10}
    path = new_session(tmp_path, "jokers=2")
    refused_unchanged(path, ["record", path, "--call", "Asha",
                             "--hand", "Asha=JK JK", "--hand", "Bikash=JK",
                             "--hand", "Chandra=K♠"], 2)


def test_dc1_same_card_twice_exit_2():
    data = settle("Asha=A♠", "Bikash=A♠", "Chandra=K♠", call="Asha", code=2)
    assert data["rule"] == "DC-1"


def test_dc2_nepali_faces_j0_q10_k10():
    data = settle("Asha=J♠ J♥", "Bikash=Q♠", "Chandra=K♠ A♦", call="Asha")
    assert data["values"] == {"Asha": 0, "Bikash": 10, "Chandra": 11}
    assert data["points"] == {"Asha": 0, "Bikash": 10, "Chandra": 11}
    assert "DC-2" in data["rules"]


def test_dc2_full_faces_j11_q12_k13():
    data = settle("Asha=A♠ 2♠", "Bikash=J♠", "Chandra=Q♥ K♦",
                  call="Asha", sets=("faces=full",))
    assert data["values"] == {"Asha": 3, "Bikash": 11, "Chandra": 25}
    assert data["points"] == {"Asha": 0, "Bikash": 11, "Chandra": 25}


def test_dc2_ace_one_and_pips_face_value():
    data = settle("Asha=A♣", "Bikash=10♠ 9♥", "Chandra=2♦ 3♦ 4♦ 5♦ 6♦",
                  call="Asha")
    assert data["values"] == {"Asha": 1, "Bikash": 19, "Chandra": 20}


def test_dc2_unverified_total_bounded_by_faces():
    # Five cards are worth at most 50 with nepali faces (K K K K Q).
    settle("Asha=1", "Bikash=50", "Chandra=2", call="Asha")
    data = settle("Asha=1", "Bikash=51", "Chandra=2", call="Asha", code=2)
    assert data["rule"] == "DC-2"
    # Full faces allow more.
    ok = settle("Asha=1", "Bikash=60", "Chandra=2", call="Asha",
                sets=("faces=full",))
    assert ok["points"]["Bikash"] == 60 and ok["unverified"] == ["Asha", "Bikash",
                                                                 "Chandra"]


# -- DC-8 scoring ---------------------------------------------------------------------

def test_dc8_caller_strictly_lowest_scores_0_others_add_hand_values():
    data = settle("Asha=5♠ 9♠", "Bikash=A♠ 2♥", "Chandra=K♦ 7♣",
                  call="Bikash")
    assert data["winner"] == "Bikash" and data["caught"] is False
    assert data["points"] == {"Asha": 14, "Bikash": 0, "Chandra": 17}
    assert "net" not in data
    assert "DC-8" in data["rules"]


def test_dc8_caught_caller_adds_penalty_others_zero():
    # Beaten by one other player.
    data = settle("Asha=4♠", "Bikash=A♠ 2♥", "Chandra=K♦ 7♣", call="Asha")
    assert data["caught"] is True and data["winner"] == "Bikash"
    assert data["points"] == {"Asha": 25, "Bikash": 0, "Chandra": 0}


def test_dc8_tie_catches_the_caller_however_many_tied():
    data = settle("Asha=3♠", "Bikash=A♠ 2♥", "Chandra=2♦ A♣", "Dipa=3♥",
                  call="Asha", players="Asha,Bikash,Chandra,Dipa")
    assert data["caught"] is True
    assert data["points"] == {"Asha": 25, "Bikash": 0, "Chandra": 0, "Dipa": 0}
    # Two players tie below the caller: still only the caller scores.
    data = settle("Asha=7♠", "Bikash=A♠ 2♥", "Chandra=2♦ A♣", "Dipa=K♥",
                  call="Asha", players="Asha,Bikash,Chandra,Dipa")
    assert data["points"] == {"Asha": 25, "Bikash": 0, "Chandra": 0, "Dipa": 0}
    assert data["winner"] in ("Bikash", "Chandra")


def test_dc8_penalty_30_option():
    data = settle("Asha=4♠", "Bikash=A♠ 2♥", "Chandra=K♦", call="Asha",
                  sets=("penalty=30",))
    assert data["points"] == {"Asha": 30, "Bikash": 0, "Chandra": 0}


def test_dc8_double_penalty_off_by_default():
    # Beaten by 9 (10 - 1) but the option is off: the normal penalty.
    data = settle("Asha=10♠", "Bikash=A♠", "Chandra=K♦", call="Asha")
    assert data["points"]["Asha"] == 25


@pytest.mark.parametrize("caller_cards, lowest_cards, expected", [
    ("8♠", "3♥", 25),        # 8 - 3 = 5: not more than 5
    ("9♠", "3♥", 50),        # 9 - 3 = 6 > 5
    ("3♠", "3♥", 25),        # tie
    ("4♠", "3♥", 25),        # beaten by 1
    ("K♠", "A♥", 50),        # 10 - 1 = 9
])
def test_dc8_double_penalty_only_when_beaten_by_more_than_5(
        caller_cards, lowest_cards, expected):
    data = settle(f"Asha={caller_cards}", f"Bikash={lowest_cards}",
                  "Chandra=K♦ Q♦", call="Asha", sets=("double_penalty=true",))
    assert data["caught"] is True
    assert data["points"] == {"Asha": expected, "Bikash": 0, "Chandra": 0}


def test_dc8_double_penalty_margin_uses_lowest_other_and_penalty_30():
    # Caller 9; others 6 and 3: the margin is measured to the lowest (6 > 5).
    data = settle("Asha=9♠", "Bikash=6♥", "Chandra=3♦", call="Asha",
                  sets=("double_penalty=true", "penalty=30"))
    assert data["points"]["Asha"] == 50
    # Margin exactly 5 with penalty 30: the 30 applies.
    data = settle("Asha=8♠", "Bikash=6♥", "Chandra=3♦", call="Asha",
                  sets=("double_penalty=true", "penalty=30"))
    assert data["points"]["Asha"] == 30


def test_dc8_double_penalty_with_full_faces():
    # J = 11 with full faces: 11 - 5 = 6 > 5 → 50; with nepali J = 0 it wins.
    sets = ("double_penalty=true", "faces=full")
    data = settle("Asha=J♠", "Bikash=5♥", "Chandra=K♦", call="Asha", sets=sets)
    assert data["points"]["Asha"] == 50
    data = settle("Asha=J♠", "Bikash=5♥", "Chandra=K♦", call="Asha",
                  sets=("double_penalty=true",))
    assert data["caught"] is False and data["points"]["Asha"] == 0


def test_dc8_settle_json_has_points_winner_caught():
    data = settle("Asha=A♠", "Bikash=2♠", "Chandra=3♠", call="Chandra")
    for key in ("hand", "winner", "caught", "points", "rules"):
        assert key in data
    assert "net" not in data
    assert data["hand"] is None
    assert data["winner"] == "Asha" and data["caught"] is True
    assert all(isinstance(v, int) for v in data["points"].values())


def test_dc8_a_hand_ends_only_with_a_call_no_show():
    data = run_json("settle", "dhumbal", "--profile", PROFILE, "--players",
                    "Asha,Bikash", "--show", "--hand", "Asha=A♠",
                    "--hand", "Bikash=2♠", code=2)
    assert data["rule"] == "DC-8"


def test_dc8_empty_hand_is_worth_0():
    data = settle("Asha=-", "Bikash=A♠", "Chandra=-", call="Asha")
    assert data["caught"] is True and data["points"]["Asha"] == 25


# -- DC-4 call limit --------------------------------------------------------------------

def test_dc4_no_call_limit_by_default_any_value_calls():
    data = run_json("check", "call", "K♠ K♥ Q♦ Q♣ 10♠", "--profile", PROFILE)
    assert data["valid"] is True and data["value"] == 50
    assert data["limit"] is None and data["rule"] == "DC-4"
    # And the ruling accepts it (the caller is simply caught).
    ruling = settle("Asha=K♠ K♥ Q♦ Q♣ 10♠", "Bikash=A♠", "Chandra=2♠",
                    call="Asha")
    assert ruling["points"]["Asha"] == 25


@pytest.mark.parametrize("hand, value, valid", [
    ("3♠ 4♠", 7, True), ("A♠ 2♠ J♣ 4♦", 7, True), ("4♠ 4♥", 8, False),
    ("Q♠", 10, False), ("J♠ J♥ A♦", 1, True),
])
def test_dc4_call_limit_7_check_call(hand, value, valid):
    result = run("check", "call", hand, "--profile", PROFILE, "--set",
                 "call_limit=7", "--json")
    assert result.exit_code == (0 if valid else 1)
    data = json.loads(result.stdout)
    assert data["valid"] is valid and data["value"] == value
    assert data["limit"] == 7 and data["rule"] == "DC-4"


def test_dc4_call_limit_with_full_faces_counts_j_as_11():
    data = run_json("check", "call", "J♠", "--profile", PROFILE, "--set",
                    "call_limit=7", "--set", "faces=full", code=1)
    assert data["valid"] is False and data["value"] == 11


def test_dc4_call_limit_honoured_by_the_ruling_exit_1(tmp_path):
    data = settle("Asha=4♠ 4♥", "Bikash=K♠", "Chandra=Q♠", call="Asha",
                  sets=("call_limit=7",), code=1)
    assert data["rule"] == "DC-4"
    with pytest.raises(Refused) as err:
        check_call(cards("4♠ 4♥"), crp("call_limit=7"))
    assert err.value.rule == "DC-4"
    path = new_session(tmp_path, "call_limit=7")
    err_text = refused_unchanged(path, ["record", path, "--call", "Asha",
                                        "--hand", "Asha=4♠ 4♥",
                                        "--hand", "Bikash=K♠",
                                        "--hand", "Chandra=Q♠"], 1)
    assert "DC-4" in err_text
    # At the limit the call stands.
    ok = record(path, "Asha", "Asha=3♠ 4♠", "Bikash=K♠", "Chandra=Q♠")
    assert ok["points"] == {"Asha": 0, "Bikash": 10, "Chandra": 10}


# -- DC-5 / DC-6 discards -------------------------------------------------------------

def check_discard(text: str, *extra: str) -> tuple[int, dict]:
    result = run("check", "discard", text, "--profile", PROFILE, *extra, "--json")
    return result.exit_code, json.loads(result.stdout)


@pytest.mark.parametrize("text, kind", [
    ("A♠", "single"), ("K♦", "single"),
    ("5♠ 5♥", "set"), ("7♠ 7♥ 7♦", "set"), ("A♠ A♥ A♦ A♣", "set"),
    ("A♠ 2♠ 3♠", "run"), ("3♠ A♠ 2♠", "run"), ("8♠ 9♠ 10♠ J♠", "run"),
    ("J♥ Q♥ K♥", "run"), ("9♣ 10♣ J♣ Q♣ K♣", "run"),
])
def test_dc5_legal_discards(text, kind):
    code, data = check_discard(text)
    assert code == 0 and data["valid"] is True
    assert data["kind"] == kind and data["rule"] == "DC-5"


@pytest.mark.parametrize("text", [
    "Q♠ K♠ A♠",        # ace low only
    "K♠ A♠ 2♠",        # no wrap
    "A♠ 2♠",           # a run needs 3
    "A♠ 2♠ 3♥",        # one suit
    "5♠ 6♥",           # mixed ranks
    "10♠ K♠",          # same value, not same rank
    "4♠ 5♠ 7♠",        # a gap
    "2♦ 3♦ 4♦ 6♦ 7♦",  # a gap inside a longer run
])
def test_dc5_illegal_discards_exit_1(text):
    code, data = check_discard(text)
    assert code == 1 and data["valid"] is False
    assert data["rule"] == "DC-5" and data["reason"]


@pytest.mark.parametrize("text, kind", [
    ("JK", "single"),
    ("5♠ JK", "set"),
    ("5♠ 5♥ 5♦ JK", "set"),
    ("5♠ JK JK", "set"),
    ("A♠ JK 3♠", "run"),
    ("Q♠ K♠ JK", "run"),          # the joker is the J
    ("JK 5♠ 6♠", "run"),
    ("A♠ JK JK 4♠", "run"),
    ("9♥ JK J♥ Q♥", "run"),
])
def test_dc5_jokers_stand_in_for_missing_cards(text, kind):
    code, data = check_discard(text, "--set", "jokers=2")
    assert code == 0 and data["valid"] is True and data["kind"] == kind


@pytest.mark.parametrize("text", [
    "K♠ A♠ JK",           # a joker does not make K-A wrap
    "Q♠ JK A♠",           # nor Q K A
    "A♠ JK JK 5♠",        # two jokers cannot fill three gaps
    "5♠ 5♥ 5♦ 5♣ JK",     # a set is 2-4 cards
    "5♠ 6♥ JK",           # two suits
])
def test_dc5_jokers_cannot_make_an_illegal_discard_legal(text):
    code, data = check_discard(text, "--set", "jokers=2")
    assert code == 1 and data["valid"] is False and data["rule"] == "DC-5"


@pytest.mark.parametrize("text", ["JK JK", "🃏 JK"])
def test_dc5_interpretation_jokers_alone_are_no_set_exit_1(text):
    """DC-5, Interpretation: a set or run holds at least one natural card;
    `JK JK` alone is not a legal discard (a single JK is, as any card)."""
    code, data = check_discard(text, "--set", "jokers=2")
    assert code == 1 and data["valid"] is False and data["rule"] == "DC-5"
    assert data["kind"] is None and "natural card" in data["reason"]
    code, data = check_discard("JK", "--set", "jokers=2")
    assert code == 0 and data["kind"] == "single"


def test_dc5_jokers_alone_refused_in_the_engine_too():
    from scorekeeper.core.cards import cards
    from scorekeeper.core.errors import Refused
    from scorekeeper.games.dhumbal.turns import check_discard as rule_discard

    with pytest.raises(Refused) as err:
        rule_discard(cards("JK JK"), crp("jokers=2"))
    assert err.value.rule == "DC-5"


def test_dc5_joker_discard_without_jokers_exit_2():
    code, data = check_discard("5♠ JK")
    assert code == 2 and data["rule"] == "DC-1"


def test_dc5_discard_card_twice_exit_2():
    code, data = check_discard("5♠ 5♠")
    assert code == 2 and data["valid"] is False


def test_dc5_a_discard_larger_than_a_hand_is_impossible_exit_2():
    """DC-3 (as DH-3): a hand holds 0-5 cards, so nobody can discard six.
    `check call` refuses a 6-card hand with exit 2; `check discard` should
    too, instead of ruling A-6 of spades a legal run."""
    code, data = check_discard("A♠ 2♠ 3♠ 4♠ 5♠ 6♠")
    assert code == 2 and data["valid"] is False
    # Five is the whole hand, which is fine.
    code, data = check_discard("A♠ 2♠ 3♠ 4♠ 5♠")
    assert code == 0 and data["kind"] == "run"


@pytest.mark.parametrize("taken", ["5♠", "9♦"])
@pytest.mark.parametrize("pick", ["false", "true"])
def test_dc6_taken_does_not_apply_in_a_discard_first_profile_exit_2(taken, pick):
    """DC-5 discards before the draw, so no card has been taken from the pile
    when the discard is made: `--taken` is impossible input here (exit 2),
    whether or not the card is among the discarded ones, and whatever
    `pick_from_set` says (it governs the draw, not the discard)."""
    code, data = check_discard("5♠ 5♥", "--taken", taken,
                               "--set", f"pick_from_set={pick}")
    assert code == 2 and data["valid"] is False
    assert data["rule"] == "DC-5" and "--taken" in data["reason"]
    # The same discard without --taken is legal.
    assert check_discard("5♠ 5♥")[0] == 0


def test_dc5_nepali_games_is_unchanged_runs_not_discardable():
    # The other profile still refuses runs and honours --taken (DH-5, DH-6).
    result = run("check", "discard", "A♠ 2♠ 3♠", "--json")
    assert result.exit_code == 1 and json.loads(result.stdout)["rule"] == "DH-5"
    result = run("check", "discard", "5♠ 5♥", "--taken", "5♠", "--json")
    assert result.exit_code == 1 and json.loads(result.stdout)["rule"] == "DH-6"


# -- DC-9 / DC-10 sessions ------------------------------------------------------------

def test_dc9_session_eliminates_at_the_limit_and_skips_the_player(tmp_path):
    path = new_session(tmp_path, "eliminate_at=30")
    h1 = record(path, "Asha", "Asha=A♠", "Bikash=K♠ Q♠ 5♦", "Chandra=7♣ 8♣")
    assert h1["hand"] == 1 and h1["points"] == {"Asha": 0, "Bikash": 25,
                                                "Chandra": 15}
    assert "net" not in h1 and h1["winner"] == "Asha" and h1["caught"] is False
    s = standings(path)
    assert s["eliminated"] == [] and s["next_dealer"] == "Bikash"
    # Chandra is caught: 15 + 25 = 40 ≥ 30 → out (DC-9).
    h2 = record(path, "Chandra", "Asha=A♥", "Bikash=2♠", "Chandra=3♣")
    assert h2["points"] == {"Asha": 0, "Bikash": 0, "Chandra": 25}
    s = standings(path)
    assert s["totals"] == {"Asha": 0, "Bikash": 25, "Chandra": 40}
    assert s["eliminated"] == ["Chandra"]
    assert s["complete"] is False
    # Hand 2 was dealt by Bikash; Chandra would deal next but is out.
    assert s["next_dealer"] == "Asha"
    h3 = record(path, "Bikash", "Asha=9♥", "Bikash=2♠")
    assert set(h3["points"]) == {"Asha", "Bikash"}
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    last = doc["hands"][-1]
    assert last["dealer"] == "Asha"
    assert set(last["cards"]) == {"Asha", "Bikash"}
    assert set(last["points"]) == {"Asha", "Bikash"}
    s = standings(path)
    assert s["totals"] == {"Asha": 9, "Bikash": 25, "Chandra": 40}
    assert s["places"] == {"Asha": 1, "Bikash": 2, "Chandra": 3}
    assert s["next_dealer"] == "Bikash"
    assert run("verify", path).exit_code == 0


@pytest.fixture
def chandra_out(tmp_path) -> Path:
    path = new_session(tmp_path, "eliminate_at=30")
    record(path, "Asha", "Asha=A♠", "Bikash=K♠ Q♠ 5♦", "Chandra=7♣ 8♣")
    record(path, "Chandra", "Asha=A♥", "Bikash=2♠", "Chandra=3♣")
    assert standings(path)["eliminated"] == ["Chandra"]
    return path


def test_dc9_eliminated_player_hand_refused_exit_2(chandra_out):
    path = chandra_out
    err = refused_unchanged(path, ["record", path, "--call", "Asha",
                                   "--hand", "Asha=A♥", "--hand", "Bikash=2♠",
                                   "--hand", "Chandra=3♣"], 2)
    assert "Chandra" in err and "DC-9" in err
    # Case-insensitive names are matched, and still refused.
    refused_unchanged(path, ["record", path, "--call", "Asha",
                             "--hand", "Asha=A♥", "--hand", "Bikash=2♠",
                             "--hand", "chandra=3♣"], 2)


def test_dc9_eliminated_player_call_refused_exit_2(chandra_out):
    path = chandra_out
    err = refused_unchanged(path, ["record", path, "--call", "Chandra",
                                   "--hand", "Asha=A♥", "--hand", "Bikash=2♠"], 2)
    assert "Chandra" in err and "DC-9" in err
    data = json.loads(run("record", path, "--call", "Chandra", "--hand",
                          "Asha=A♥", "--hand", "Bikash=2♠", "--json").stdout)
    assert data["rule"] == "DC-9" and data["exit_code"] == 2


def test_dc9_still_every_seated_player_must_show(chandra_out):
    path = chandra_out
    refused_unchanged(path, ["record", path, "--call", "Asha",
                             "--hand", "Asha=A♥"], 2)


def test_dc9_reaching_exactly_the_limit_eliminates(tmp_path):
    path = new_session(tmp_path, "eliminate_at=25")
    record(path, "Asha", "Asha=5♠", "Bikash=A♠", "Chandra=K♠")   # Asha +25
    s = standings(path)
    assert s["totals"]["Asha"] == 25 and s["eliminated"] == ["Asha"]
    assert s["next_dealer"] == "Bikash"


def test_dc9_one_below_the_limit_stays_in(tmp_path):
    path = new_session(tmp_path, "eliminate_at=26")
    record(path, "Asha", "Asha=5♠", "Bikash=A♠", "Chandra=K♠")   # Asha +25
    s = standings(path)
    assert s["totals"]["Asha"] == 25 and s["eliminated"] == []
    assert s["next_dealer"] == "Bikash"


def test_dc9_default_limit_is_100(tmp_path):
    path = new_session(tmp_path, players="Asha,Bikash")
    for _ in range(3):   # 3 × 25 = 75
        record(path, "Asha", "Asha=5♠", "Bikash=A♠")
    assert standings(path)["eliminated"] == []
    record(path, "Asha", "Asha=5♠", "Bikash=A♠")               # 100
    s = standings(path)
    assert s["totals"] == {"Asha": 100, "Bikash": 0}
    assert s["eliminated"] == ["Asha"] and s["complete"] is True


def test_dc3_deal_passes_clockwise_skipping_eliminated(tmp_path):
    path = new_session(tmp_path, "eliminate_at=20",
                       players="Asha,Bikash,Chandra,Dipa",
                       extra=("--dealer", "Chandra"))
    assert standings(path)["next_dealer"] == "Chandra"
    # Hand 1 dealt by Chandra; Dipa is caught and goes out (25 ≥ 20).
    record(path, "Dipa", "Asha=A♠", "Bikash=K♠", "Chandra=Q♠", "Dipa=2♠")
    s = standings(path)
    assert s["eliminated"] == ["Dipa"] and s["next_dealer"] == "Asha"
    record(path, "Asha", "Asha=A♥", "Bikash=2♥", "Chandra=3♥")
    assert standings(path)["next_dealer"] == "Bikash"
    record(path, "Asha", "Asha=A♥", "Bikash=2♥", "Chandra=3♥")
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert [h["dealer"] for h in doc["hands"]] == ["Chandra", "Asha", "Bikash"]
    assert standings(path)["next_dealer"] == "Chandra"


def test_dc3_first_dealer_eliminated_is_skipped_later(tmp_path):
    path = new_session(tmp_path, "eliminate_at=20")   # Asha deals first
    record(path, "Asha", "Asha=5♠", "Bikash=A♠", "Chandra=K♠")   # Asha out
    record(path, "Bikash", "Bikash=A♥", "Chandra=2♥")             # dealer Bikash
    # Next would be Chandra, then Asha (out) → Bikash.
    record(path, "Bikash", "Bikash=A♦", "Chandra=2♦")             # dealer Chandra
    assert standings(path)["next_dealer"] == "Bikash"


def test_dc10_places_lowest_first_eliminated_after_and_ties_share(tmp_path):
    path = new_session(tmp_path, "eliminate_at=40",
                       players="Asha,Bikash,Chandra,Dipa,Ekta")
    # Asha wins the call; Bikash and Chandra add 9 each, Dipa 40, Ekta 5.
    record(path, "Asha", "Asha=A♠", "Bikash=9♠", "Chandra=9♥",
           "Dipa=K♠ K♥ K♦ K♣", "Ekta=5♦")
    s = standings(path)
    assert s["totals"] == {"Asha": 0, "Bikash": 9, "Chandra": 9, "Dipa": 40,
                           "Ekta": 5}
    assert s["eliminated"] == ["Dipa"]
    assert s["places"] == {"Asha": 1, "Ekta": 2, "Bikash": 3, "Chandra": 3,
                           "Dipa": 5}


def test_dc10_eliminated_rank_after_those_still_in_sharing_equal_totals(tmp_path):
    path = new_session(tmp_path, "eliminate_at=25", players="Asha,Bikash,Chandra")
    record(path, "Asha", "Asha=5♠", "Bikash=A♠", "Chandra=K♠")   # Asha 25, out
    record(path, "Chandra", "Bikash=A♥", "Chandra=2♥")           # Chandra 25, out
    s = standings(path)
    assert s["eliminated"] == ["Asha", "Chandra"]
    assert s["places"] == {"Bikash": 1, "Asha": 2, "Chandra": 2}
    assert s["complete"] is True and s["next_dealer"] is None


def test_dc10_session_complete_when_one_player_left_record_exit_1(tmp_path):
    path = new_session(tmp_path, "eliminate_at=20", players="Asha,Bikash")
    record(path, "Bikash", "Asha=A♠", "Bikash=2♠")   # Bikash caught, 25 → out
    s = standings(path)
    assert s["complete"] is True and s["next_dealer"] is None
    assert s["eliminated"] == ["Bikash"] and s["places"] == {"Asha": 1, "Bikash": 2}
    err = refused_unchanged(path, ["record", path, "--call", "Asha",
                                   "--hand", "Asha=A♥"], 1)
    assert "DC-10" in err and "complete" in err


def test_dc10_session_complete_after_the_agreed_hands(tmp_path):
    path = new_session(tmp_path, "hands=2")
    assert standings(path)["hands_planned"] == 2
    record(path, "Asha", "Asha=A♠", "Bikash=2♠", "Chandra=3♠")
    assert standings(path)["complete"] is False
    record(path, "Bikash", "Asha=A♥", "Bikash=2♥", "Chandra=3♥")
    s = standings(path)
    assert s["complete"] is True and s["hands_played"] == 2
    assert s["totals"] == {"Asha": 0, "Bikash": 27, "Chandra": 3}
    assert s["places"] == {"Asha": 1, "Chandra": 2, "Bikash": 3}
    err = refused_unchanged(path, ["record", path, "--call", "Asha",
                                   "--hand", "Asha=A♦", "--hand", "Bikash=2♦",
                                   "--hand", "Chandra=3♦"], 1)
    assert "DC-10" in err


def test_dc10_hands_via_new_hands_flag(tmp_path):
    path = new_session(tmp_path, extra=("--hands", "1"))
    record(path, "Asha", "Asha=A♠", "Bikash=2♠", "Chandra=3♠")
    assert standings(path)["complete"] is True


def test_dc10_totals_are_cumulative_penalty_points(tmp_path):
    path = new_session(tmp_path, "penalty=30", "faces=full")
    record(path, "Asha", "Asha=A♠", "Bikash=J♠", "Chandra=K♠ 2♠")   # 0, 11, 15
    record(path, "Bikash", "Asha=A♥", "Bikash=2♥", "Chandra=Q♥")     # 0, 30, 0
    record(path, "Chandra", "Asha=9♦", "Bikash=8♦", "Chandra=A♦")    # 9, 8, 0
    s = standings(path)
    assert s["totals"] == {"Asha": 9, "Bikash": 49, "Chandra": 15}
    assert s["places"] == {"Asha": 1, "Chandra": 2, "Bikash": 3}
    hist = run_json("history", path)
    assert [h["totals"] for h in hist["hands"]] == [
        {"Asha": 0, "Bikash": 11, "Chandra": 15},
        {"Asha": 0, "Bikash": 41, "Chandra": 15},
        {"Asha": 9, "Bikash": 49, "Chandra": 15}]


def test_dc9_standings_carry_eliminated_even_when_elimination_is_off(tmp_path):
    """CLI.md: penalty-point profiles add "eliminated" to `standings --json`
    (a key that must exist). With `eliminate_at=none` it should be []."""
    path = new_session(tmp_path, "eliminate_at=none")
    record(path, "Asha", "Asha=A♠", "Bikash=K♠ K♥ K♦ K♣", "Chandra=3♠")
    s = standings(path)
    assert s["totals"]["Bikash"] == 40
    assert s.get("eliminated") == []


def test_dc9_elimination_off_nobody_goes_out(tmp_path):
    path = new_session(tmp_path, "eliminate_at=none", players="Asha,Bikash")
    for _ in range(5):
        record(path, "Asha", "Asha=5♠", "Bikash=A♠")
    s = standings(path)
    assert s["totals"]["Asha"] == 125 and s["complete"] is False


# -- verify ----------------------------------------------------------------------

def test_dc8_verify_recomputes_a_penalty_point_ledger(tmp_path):
    path = new_session(tmp_path, "jokers=2", "double_penalty=true")
    record(path, "Asha", "Asha=A♠ JK", "Bikash=K♠", "Chandra=Q♥ 2♥")
    record(path, "Bikash", "Asha=A♥", "Bikash=9♠", "Chandra=2♦")
    data = run_json("verify", path)
    assert data["ok"] is True and data["problems"] == []
    # Hands do not sum to 0 here, and verify does not ask them to.
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert [sum(h["points"].values()) for h in doc["hands"]] == [22, 50]
    assert all("net" not in h for h in doc["hands"])


def test_dc8_verify_tampered_points_exit_1_naming_the_hand(tmp_path):
    path = new_session(tmp_path)
    record(path, "Asha", "Asha=A♠", "Bikash=K♠", "Chandra=Q♥ 2♥")
    record(path, "Bikash", "Asha=A♥", "Bikash=9♠", "Chandra=2♦")
    text = path.read_text(encoding="utf-8")
    needle = "points = { Asha = 0, Bikash = 25, Chandra = 0 }"
    assert text.count(needle) == 1
    path.write_text(text.replace(needle, needle.replace("25", "20")),
                    encoding="utf-8")
    result = run("verify", path, "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["ok"] is False
    assert {p["hand"] for p in data["problems"]} == {2}
    assert any("Bikash" in p["message"] for p in data["problems"])
    human = run("verify", path)
    assert human.exit_code == 1 and "hand 2" in human.stderr


def test_dc2_verify_uses_the_stored_options(tmp_path):
    path = new_session(tmp_path, "faces=full")
    record(path, "Asha", "Asha=A♠", "Bikash=J♠", "Chandra=K♠")
    text = path.read_text(encoding="utf-8")
    assert 'faces = "full"' in text
    path.write_text(text.replace('faces = "full"', 'faces = "nepali"'),
                    encoding="utf-8")
    data = run_json("verify", path, code=1)
    assert {p["hand"] for p in data["problems"]} == {1}


def test_dc9_verify_flags_an_eliminated_player_in_a_later_hand(chandra_out):
    path = chandra_out
    record(path, "Asha", "Asha=A♥", "Bikash=2♠")
    text = path.read_text(encoding="utf-8")
    # Hand-edit hand 3 to seat Chandra again.
    head, sep, last = text.rpartition("[[hands]]")
    last = last.replace('Bikash = "2♠" }', 'Bikash = "2♠", Chandra = "3♣" }')
    last = last.replace("Bikash = 2 }", "Bikash = 2, Chandra = 3 }")
    path.write_text(head + sep + last, encoding="utf-8")
    assert "Chandra = 3 }" in path.read_text(encoding="utf-8")
    data = run_json("verify", path, code=1)
    assert {p["hand"] for p in data["problems"]} == {3}


# -- sample session ----------------------------------------------------------------

def test_dc_sample_session_verifies_with_house_options_and_elimination():
    assert SAMPLE.exists()
    data = run_json("verify", SAMPLE)
    assert data["ok"] is True and data["hands"] >= 3
    doc = tomllib.loads(SAMPLE.read_text(encoding="utf-8"))
    assert doc["profile"] == PROFILE
    defaults = crp()
    changed = [k for k, v in doc["options"].items()
               if v != stored_option(getattr(defaults, k))]
    assert len(changed) >= 2
    s = standings(SAMPLE)
    assert s["eliminated"]
    # Players out never appear in a later hand.
    session = ledgermod.parse(SAMPLE.read_text(encoding="utf-8"), str(SAMPLE))
    for h in session.hands:
        out = set(session.seats.eliminated(h.number - 1))
        assert not out & set(h.data["cards"]) and not out & set(h.scores)


@pytest.mark.slow   # processes of their own: the slow stage runs them
def test_dc_sample_session_verifies_through_the_console_entry_point():
    proc = subprocess.run([sys.executable, "-m", "scorekeeper", "verify",
                           str(SAMPLE), "--json"], capture_output=True,
                          text=True, encoding="utf-8", timeout=60,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["ok"] is True


# -- properties --------------------------------------------------------------------

# The properties run with no example database, and each points Hypothesis'
# own cache (`.hypothesis/constants`) at its tmp_path. The @given functions
# are called from plain test functions so that Hypothesis' pytest plugin does
# not fill that cache in the working directory at collection time, before any
# fixture can run: the tests write nothing outside tmp_path.
PROP_SETTINGS = settings(max_examples=examples(100), deadline=None, database=None)


@st.composite
def table(draw):
    jokers = draw(st.sampled_from([0, 2]))
    faces = draw(st.sampled_from(["nepali", "full"]))
    penalty = draw(st.sampled_from([25, 30]))
    double = draw(st.booleans())
    n = draw(st.integers(2, 5))
    deck = list(DECK) + [JOKER] * jokers
    shuffled = draw(st.permutations(deck))
    # Small hands now and then, so that close calls (a margin of exactly 5,
    # ties) come up often.
    cap = draw(st.sampled_from([1, 2, 5]))
    sizes = draw(st.lists(st.integers(0, cap), min_size=n, max_size=n))
    hands, start = {}, 0
    for name, size in zip(NAMES[:n], sizes):
        hands[name] = tuple(shuffled[start:start + size])
        start += size
    caller = draw(st.sampled_from(NAMES[:n]))
    dealer = draw(st.sampled_from(NAMES[:n]))
    rules = crp(f"jokers={jokers}", f"faces={faces}", f"penalty={penalty}",
                f"double_penalty={'true' if double else 'false'}")
    return rules, hands, caller, dealer


def _resolve(rules, hands, caller, dealer):
    players = tuple(hands)
    hand = DhumbalHand(players, dealer, caller,
                       tuple((p, Shown(cards=hands[p])) for p in players))
    return resolve(hand, rules)


@PROP_SETTINGS
@given(table())
def _dc8_property_caller_scores_0_or_the_penalty(t):
    rules, hands, caller, dealer = t
    result = _resolve(rules, hands, caller, dealer)
    points = result.points
    allowed = {0, rules.penalty} | ({50} if rules.double_penalty else set())
    assert points[caller] in allowed
    assert result.net is None
    assert all(v >= 0 for v in points.values())


@PROP_SETTINGS
@given(table())
def _dc8_property_matches_the_rule_text(t):
    rules, hands, caller, dealer = t
    result = _resolve(rules, hands, caller, dealer)
    values = {p: model_value(h, rules.faces) for p, h in hands.items()}
    assert dict(result.values) == values
    assert result.points == model_points(values, caller, rules.penalty,
                                         rules.double_penalty)
    others = [v for p, v in values.items() if p != caller]
    assert result.caught is (min(others) <= values[caller])


@PROP_SETTINGS
@given(table())
def _dc8_property_nobody_else_scores_when_the_caller_is_caught(t):
    rules, hands, caller, dealer = t
    result = _resolve(rules, hands, caller, dealer)
    if result.caught:
        assert all(v == 0 for p, v in result.points.items() if p != caller)
        assert result.points[caller] > 0
        assert result.winner != caller
    else:
        assert result.points[caller] == 0 and result.winner == caller
        assert all(result.points[p] == model_value(hands[p], rules.faces)
                   for p in hands if p != caller)


@PROP_SETTINGS
@given(st.integers(1, 9), st.integers(0, 11), st.sampled_from([25, 30]),
       st.booleans(), st.integers(0, 3))
def _dc8_property_double_penalty_exactly_when_beaten_by_more_than_5(
        low, margin, penalty, double, extra):
    """Bikash holds the lowest other hand (`low`); the caller Asha holds
    `low + margin`; extra players hold 10s. Caught every time."""
    total = low + margin
    caller_hand = (Card(total, 1),) if total <= 10 else \
        (Card(10, 1), Card(total - 10, 2))
    hands = {"Asha": caller_hand, "Bikash": (Card(low, 0),)}
    for name, rank in zip(NAMES[2:2 + extra], (10, 12, 13)):
        hands[name] = (Card(rank, 3),)
    rules = crp(f"penalty={penalty}",
                f"double_penalty={'true' if double else 'false'}")
    result = _resolve(rules, hands, "Asha", "Asha")
    assert result.caught is True and result.winner == "Bikash"
    expected = 50 if double and margin > 5 else penalty
    assert result.points == {p: expected if p == "Asha" else 0 for p in hands}


@PROP_SETTINGS
@given(table(), st.integers(0, 20))
def _dc4_property_call_limit_refuses_exactly_above_the_limit(t, limit):
    rules, hands, caller, dealer = t
    limited = replace(rules, call_limit=limit)
    value = model_value(hands[caller], rules.faces)
    if value > limit:
        with pytest.raises(Refused) as err:
            _resolve(limited, hands, caller, dealer)
        assert err.value.rule == "DC-4"
    else:
        assert _resolve(limited, hands, caller, dealer).points is not None


def _next_seated(after: str, players: tuple[str, ...], seated: set[str]) -> str:
    i = players.index(after)
    for k in range(1, len(players) + 1):
        p = players[(i + k) % len(players)]
        if p in seated:
            return p
    raise AssertionError("nobody seated")


@PROP_SETTINGS
@given(st.integers(2, 5), st.integers(10, 70), st.sampled_from([0, 2]),
       st.booleans(), st.integers(0, 4), st.randoms(use_true_random=False))
def _dc9_property_eliminated_players_never_appear_in_later_hands(
        n, limit, jokers, double, first, rnd):
    players = NAMES[:n]
    profile = get_profile("dhumbal", PROFILE)
    rules = profile.parse_settings([f"eliminate_at={limit}", f"jokers={jokers}",
                                    f"double_penalty={str(double).lower()}"])
    first_dealer = players[first % n]
    text = header_text("dhumbal", profile, rules, players, first_dealer)
    adapter = registry.game("dhumbal")
    deck = list(DECK) + [JOKER] * jokers
    totals = {p: 0 for p in players}       # the test's own running totals
    dealer_model = None
    for index in range(15):
        session = ledgermod.parse(text, "prop.toml")
        assert len(session.hands) == index
        seated = session.seats.seated_for(index)
        still_in = {p for p in players if totals[p] < limit}
        assert set(seated) == still_in
        if session.complete:
            assert len(still_in) <= 1
            break
        assert len(still_in) >= 2
        dealer = session.seats.dealer_for(index)
        dealer_model = first_dealer if index == 0 else \
            _next_seated(dealer_model, players, still_in)
        assert dealer == dealer_model
        rnd.shuffle(deck)
        raw, start = {}, 0
        for p in seated:
            size = rnd.randint(0, 5)
            raw[p] = format_cards(deck[start:start + size])
            start += size
        caller = rnd.choice(seated)
        inputs = adapter.args(Seating(players, seated, dealer), caller, raw,
                              rules)
        result = adapter.resolve(inputs, rules)
        stored = adapter.to_stored(index + 1, inputs, result, rules)
        out = set(players) - still_in
        assert not out & set(stored["cards"]) and not out & set(stored["points"])
        assert set(stored["points"]) == still_in
        for p, v in stored["points"].items():
            totals[p] += v
        text = append(text, stored)
    final = ledgermod.parse(text, "prop.toml")
    assert verify(final) == []
    assert final.totals() == totals
    assert set(final.seats.eliminated()) == {p for p in players if totals[p] >= limit}
    # Replaying the history: nobody out before hand k plays in hand k.
    running = {p: 0 for p in players}
    for h in final.hands:
        out = {p for p in players if running[p] >= limit}
        assert not out & set(h.data["cards"]) and not out & set(h.scores)
        for p, v in h.scores.items():
            running[p] += v
    ranked = places(final)
    still = [p for p in players if totals[p] < limit]
    gone = [p for p in players if totals[p] >= limit]
    event(f"eliminated {len(gone)} of {n}; complete={final.complete}")
    if still and gone:
        assert max(ranked[p] for p in still) < min(ranked[p] for p in gone)
    for a in players:
        for b in players:
            if (a in gone) == (b in gone) and totals[a] < totals[b]:
                assert ranked[a] < ranked[b]
            if (a in gone) == (b in gone) and totals[a] == totals[b]:
                assert ranked[a] == ranked[b]


# Plain test functions running the properties above.

def test_dc8_property_caller_scores_0_or_the_penalty(hypothesis_home):
    _dc8_property_caller_scores_0_or_the_penalty()


def test_dc8_property_matches_the_rule_text(hypothesis_home):
    _dc8_property_matches_the_rule_text()


def test_dc8_property_nobody_else_scores_when_the_caller_is_caught(hypothesis_home):
    _dc8_property_nobody_else_scores_when_the_caller_is_caught()


def test_dc4_property_call_limit_refuses_exactly_above_the_limit(hypothesis_home):
    _dc4_property_call_limit_refuses_exactly_above_the_limit()


def test_dc9_property_eliminated_players_never_appear_in_later_hands(hypothesis_home):
    _dc9_property_eliminated_players_never_appear_in_later_hands()


def test_dc8_property_double_penalty_exactly_when_beaten_by_more_than_5(
        hypothesis_home):
    _dc8_property_double_penalty_exactly_when_beaten_by_more_than_5()


def test_dc9_history_tells_who_called_was_caught_and_was_eliminated(tmp_path):
    path = tmp_path / "club.toml"
    shutil.copyfile(SAMPLE, path)
    result = CliRunner().invoke(build(), ["history", str(path), "--json"])
    rows = json.loads(result.stdout)["hands"]
    assert (rows[1]["call"], rows[1]["caught"]) == ("Asha", True)
    assert rows[2]["eliminated"] == ["Asha"] and rows[3]["out"] == ["Asha"]
    assert all(row["unverified"] == [] for row in rows)
