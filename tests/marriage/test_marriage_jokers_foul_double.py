"""MA-18 printed jokers, MA-20 foul = now|next, MA-21 dublee_min_players,
MA-22 a doubled hand: the rule book's worked examples, the core directly
and through the command line, and each option stored and re-verified."""

from __future__ import annotations

import json
import tomllib

import pytest

from scorekeeper.core.cards import JOKER, card, cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.games.marriage.finish import arrange, find_finish
from scorekeeper.games.marriage.maal import maal
from scorekeeper.games.marriage.melds import classify_meld
from scorekeeper.games.marriage.rules import THREE_DECK

WORKED = ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ "
          "7♠ 7♦ 7♣ K♦ K♦ K♦")
WITH_JOKER = WORKED.replace("7♣", "JK")
DUBLEES = ("2♠ 2♠ 3♦ 3♦ 7♣ 7♣ 9♥ 9♥ J♣ J♣ Q♦ Q♦ K♣ K♣ A♥ A♥ "
           "8♠ 10♦ 4♣ 6♠ 2♥")
TIPLU = card("J♣")


def rules_for(*sets):
    return THREE_DECK.parse_settings(list(sets))


def settle(cli, *args, players="A,B,C"):
    return cli("settle", "marriage", "--players", players, *args, "--json")


# -- MA-18 printed jokers -------------------------------------------------------

def test_ma18_worked_example_joker_stands_in_and_counts_2():
    rules = rules_for("printed_jokers=2")
    finish = find_finish(cards(WITH_JOKER), TIPLU, rules=rules)
    assert [m for m in finish.melds if JOKER in m.cards][0].kind == "dirty trial"
    assert maal(cards(WITH_JOKER), TIPLU, rules=rules).total == 12


def test_ma18_worked_example_through_settle(cli):
    result = settle(cli, "--set", "printed_jokers=2", "--finish", "A", "--tiplu",
                    "J♣", "--seen", "B", "--hand", f"A={WITH_JOKER}",
                    "--hand", "B=2", "--hand", "C=4")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["net"] == {"A": 35, "B": -11, "C": -24}
    assert "MA-18" in data["rules"]


def test_ma18_a_joker_is_never_natural_nor_wild_before_the_tiplu():
    rules = rules_for("printed_jokers=3")
    assert classify_meld(cards("5♠ 6♠ JK"), TIPLU, rules).kind == "dirty sequence"
    assert classify_meld(cards("JK JK JK"), TIPLU, rules).kind == "dirty sequence"
    with pytest.raises(Refused):
        classify_meld(cards("5♠ 6♠ JK"), None, rules)
    assert arrange(cards("5♠ 6♠ JK"), None, melds=1, qualifying=0, rules=rules) is None
    with pytest.raises(Refused):                       # never half a dublee
        find_finish(cards(DUBLEES.replace("2♠ 2♠", "JK JK")), TIPLU, "dublees",
                    rules)


def test_ma18_the_count_check_allows_exactly_that_many_jokers(cli):
    none = cli("check", "finish", WITH_JOKER, "--tiplu", "J♣", "--json")
    assert none.exit_code == 2 and json.loads(none.stdout)["rule"] == "MA-1"
    two = WITH_JOKER.replace("2♥", "JK")
    one = cli("check", "finish", two, "--tiplu", "J♣", "--set", "printed_jokers=1")
    assert one.exit_code == 2 and "only 1 jokers" in one.stderr
    assert cli("check", "finish", two, "--tiplu", "J♣",
               "--set", "printed_jokers=2").exit_code in (0, 1)
    bad = cli("check", "maal", "JK", "--tiplu", "J♣", "--set", "printed_jokers=7",
              "--json")
    assert bad.exit_code == 2
    data = json.loads(bad.stdout)
    assert "from 0 to 6" in data["error"] and data["rule"] == "MA-18"


def test_ma18_the_tiplu_is_never_a_joker():
    with pytest.raises(Impossible) as caught:
        rules_for("printed_jokers=1").check_tiplu(JOKER)
    assert caught.value.rule == "MA-18"


def test_ma18_joker_maal_by_count_and_under_the_calculator_table():
    rules = rules_for("printed_jokers=6", "maal_table=calculator")
    assert maal(cards("JK JK JK JK"), TIPLU, rules=rules).total == 30
    assert maal(cards("JK JK"), TIPLU, rules=rules_for("printed_jokers=2")).total == 4


# -- MA-20 foul = next ------------------------------------------------------------

EXAMPLE = ["--finish", "A", "--tiplu", "J♣", "--seen", "B", "--hand", f"A={WORKED}",
           "--hand", "B=2", "--hand", "C=4"]


def session(cli, tmp_path, *sets):
    path = tmp_path / "m.toml"
    made = cli("new", path, "--game", "marriage", "--players", "A,B,C",
               "--rotations", "2", *[x for s in sets for x in ("--set", s)])
    assert made.exit_code == 0, made.stderr
    return path


def test_ma20_worked_example_the_foul_is_paid_with_the_next_hand(cli, tmp_path):
    path = session(cli, tmp_path, "invalid_show_penalty=5", "foul=next")
    first = cli("record", path, *EXAMPLE, "--invalid-show", "B", "--json")
    assert first.exit_code == 0, first.stderr
    assert json.loads(first.stdout)["net"] == {"A": 31, "B": -9, "C": -22}
    second = cli("record", path, *EXAMPLE, "--json")
    data = json.loads(second.stdout)
    assert data["net"] == {"A": 36, "B": -19, "C": -17}
    assert data["fouls_due"] == ["B"] and "MA-20" in data["rules"]
    stored = tomllib.loads(path.read_text(encoding="utf-8"))["hands"]
    assert stored[1]["fouls_due"] == ["B"] and "fouls_due" not in stored[0]
    assert cli("verify", path).exit_code == 0
    header = cli("standings", path, env={"COLUMNS": "200"})
    assert "foul = next (MA-20)" in header.stdout


def test_ma20_worked_example_waived_when_the_fouler_finishes(cli, tmp_path):
    path = session(cli, tmp_path, "invalid_show_penalty=5", "foul=next")
    assert cli("record", path, *EXAMPLE, "--invalid-show", "B").exit_code == 0
    second = cli("record", path, "--finish", "B", "--tiplu", "J♣", "--seen", "A",
                 "--hand", f"B={WORKED}", "--hand", "A=2", "--hand", "C=4", "--json")
    data = json.loads(second.stdout)
    assert data["net"] == {"A": -9, "B": 31, "C": -22}
    assert any("waived" in line for line in data["explanation"])


def test_ma20_foul_now_pays_in_the_same_hand(cli):
    result = settle(cli, "--set", "invalid_show_penalty=5", *EXAMPLE,
                    "--invalid-show", "B")
    assert json.loads(result.stdout)["net"] == {"A": 36, "B": -19, "C": -17}


def test_ma20_a_foul_value_it_does_not_take_is_exit_2(cli):
    result = settle(cli, "--set", "foul=later", *EXAMPLE)
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert "one of now, next" in data["error"] and data["rule"] == "MA-20"


# -- MA-21 dublee_min_players -------------------------------------------------------

def test_ma21_worked_example_dublee_finish_needs_four_players(cli):
    three = settle(cli, "--set", "dublee_min_players=4", "--finish", "A", "--by",
                   "dublees", "--tiplu", "J♣", "--hand", f"A={DUBLEES}",
                   "--hand", "B=-", "--hand", "C=-")
    assert three.exit_code == 1
    assert json.loads(three.stdout)["rule"] == "MA-21"
    assert json.loads(three.stdout)["reason"] == (
        "a finish by dublees needs at least 4 players at the table "
        "(dublee_min_players, MA-21); this hand has 3")
    four = settle(cli, "--set", "dublee_min_players=4", "--finish", "A", "--by",
                  "dublees", "--tiplu", "J♣", "--hand", f"A={DUBLEES}",
                  "--hand", "B=-", "--hand", "C=-", "--hand", "D=-",
                  players="A,B,C,D")
    assert four.exit_code == 0, four.stderr


# -- MA-22 a doubled hand ------------------------------------------------------------

def test_ma22_worked_example_doubled_hand(cli, tmp_path):
    result = settle(cli, *EXAMPLE, "--double")
    data = json.loads(result.stdout)
    assert data["net"] == {"A": 62, "B": -18, "C": -44}
    assert data["double"] is True and "MA-22" in data["rules"]
    assert sum(line["amount"] for line in data["pairwise"]
               if line["payee"] == "A") - sum(
        line["amount"] for line in data["pairwise"] if line["payer"] == "A") == 62
    path = session(cli, tmp_path)
    assert cli("record", path, *EXAMPLE, "--double").exit_code == 0
    assert tomllib.loads(path.read_text(encoding="utf-8"))["hands"][0]["double"] is True
    assert cli("verify", path).exit_code == 0
    assert "doubled" in cli("history", path, env={"COLUMNS": "200"}).stdout


# -- item 5: every Marriage option in the views' headers when it differs -----------

@pytest.mark.parametrize("fmt", ["csv", "markdown", "json"])
def test_ma18_ma19_ma20_ma21_changed_options_head_every_export(cli, tmp_path, fmt):
    path = session(cli, tmp_path, "printed_jokers=2", "maal_table=calculator",
                   "foul=next", "dublee_min_players=4", "invalid_show_penalty=5")
    assert cli("record", path, *EXAMPLE).exit_code == 0
    exported = cli("export", path, "--format", fmt)
    text = exported.stdout
    if fmt == "json":
        assert json.loads(text)["options"]["foul"] == "next"
    if fmt == "csv":      # one table (issue 27): the options go to JSON and md
        assert text.startswith("hand,") and "printed_jokers" not in text
        assert "house options are in --format json" in " ".join(exported.stderr.split())
        return
    for shown in ("printed_jokers", "maal_table", "calculator", "foul",
                  "dublee_min_players"):
        assert shown in text, (fmt, shown)
    assert "maal_tiplu" not in text.split("\n")[0] or fmt == "json"
    for view in ("standings", "history"):
        out = cli(view, path, env={"COLUMNS": "250"}).stdout
        assert "printed_jokers = 2 (MA-18)" in out and "foul = next (MA-20)" in out
        assert "dublee_min_players = 4 (MA-21)" in out
        assert "maal_table = calculator (MA-19)" in out
        assert "maal_tiplu" not in out     # the preset's own value: not a change


def test_ma20_amending_away_a_refused_show_rules_the_next_hand_again(cli, tmp_path):
    # RULES.md MA-20, interpretation: hand 1's refused show of B amended
    # away, hand 2 no longer charges it: ruled again, A +31, B -9, C -22
    path = session(cli, tmp_path, "invalid_show_penalty=5", "foul=next")
    assert cli("record", path, *EXAMPLE, "--invalid-show", "B").exit_code == 0
    assert cli("record", path, *EXAMPLE).exit_code == 0
    amended = cli("amend", path, "1", "--invalid-show", "-", "--yes", "--json")
    assert amended.exit_code == 0, amended.stderr
    assert json.loads(amended.stdout)["rerules"] == [2]
    stored = tomllib.loads(path.read_text(encoding="utf-8"))["hands"]
    assert "invalid_shows" not in stored[0] and "fouls_due" not in stored[1]
    assert stored[1]["net"] == {"A": 31, "B": -9, "C": -22}
    assert cli("verify", path).exit_code == 0
    said = cli("amend", path, "1", "--invalid-show", "B", "--yes")
    assert said.exit_code == 0, said.stderr
    assert "Ruled again with it: hand 2 (what the hand before it leaves changed, " \
           "MA-20)" in " ".join(said.stderr.split())
    assert tomllib.loads(path.read_text(encoding="utf-8"))["hands"][1]["net"] == \
        {"A": 36, "B": -19, "C": -17}


def test_ma20_verify_names_a_fouls_due_the_hand_before_does_not_leave(cli, tmp_path):
    path = session(cli, tmp_path, "invalid_show_penalty=5", "foul=next")
    assert cli("record", path, *EXAMPLE, "--invalid-show", "B").exit_code == 0
    assert cli("record", path, *EXAMPLE).exit_code == 0
    text = path.read_text(encoding="utf-8")
    # hand 2 edited as if nothing were due: its own inputs and result agree
    edited = text.replace('fouls_due = ["B"]\n', "").replace(
        "net = { A = 36, B = -19, C = -17 }", "net = { A = 31, B = -9, C = -22 }")
    assert edited != text
    path.write_text(edited, encoding="utf-8")
    checked = cli("verify", path, "--json")
    assert checked.exit_code == 1
    problems = json.loads(checked.stdout)["problems"]
    assert [p["hand"] for p in problems] == [2]
    assert "`fouls_due` as stored names nobody, but the hands before it leave B " \
           "(MA-20" in problems[0]["message"]


def test_ma20_a_foul_waiting_while_the_fouler_sits_out_is_ruled_again_down_the_line(
        cli, tmp_path):
    path = tmp_path / "m4.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C,D", "--rotations",
               "2", "--set", "invalid_show_penalty=5", "--set", "foul=next").exit_code == 0
    four = ["--finish", "A", "--tiplu", "J♣", "--hand", f"A={WORKED}"]
    assert cli("record", path, *four, "--seen", "B", "--hand", "B=2", "--hand", "C=4",
               "--hand", "D=3", "--invalid-show", "B").exit_code == 0
    assert cli("record", path, *four, "--out", "B", "--seen", "C", "--hand", "C=2",
               "--hand", "D=4").exit_code == 0                # B's foul waits
    assert cli("record", path, *four, "--seen", "B", "--hand", "B=2", "--hand", "C=4",
               "--hand", "D=3").exit_code == 0                # and is paid here
    hands = tomllib.loads(path.read_text(encoding="utf-8"))["hands"]
    # MA-20: the ledger lists a foul with the hand that pays it
    assert "fouls_due" not in hands[1] and hands[1]["fouls_waiting"] == ["B"]
    assert hands[2]["fouls_due"] == ["B"]
    assert cli("verify", path).exit_code == 0
    amended = cli("amend", path, "1", "--invalid-show", "-", "--yes", "--json")
    assert amended.exit_code == 0, amended.stderr
    assert json.loads(amended.stdout)["rerules"] == [2, 3]
    hands = tomllib.loads(path.read_text(encoding="utf-8"))["hands"]
    assert not any("fouls_due" in h or "fouls_waiting" in h for h in hands)
    assert hands[2]["net"] == hands[0]["net"]                 # the same show, no foul
    assert cli("verify", path).exit_code == 0


def _problems(cli, path) -> list[dict]:
    checked = cli("verify", path, "--json")
    return json.loads(checked.stdout)["problems"]


def test_ma20_verify_names_what_each_hand_owes_against_the_hands_before(cli, tmp_path):
    path = session(cli, tmp_path, "invalid_show_penalty=5", "foul=next")
    assert cli("record", path, *EXAMPLE).exit_code == 0
    assert cli("record", path, *EXAMPLE, "--invalid-show", "B", "--invalid-show",
               "C").exit_code == 0
    # the last hand's refused shows are owed by the next hand, not by hand 1
    assert _problems(cli, path) == []
    text = path.read_text(encoding="utf-8")
    owes = text.replace('hand = 1\n', 'hand = 1\nfouls_due = ["C", "B"]\n', 1)
    path.write_text(owes, encoding="utf-8")
    found = [p for p in _problems(cli, path) if "fouls_due" in p["message"]]
    assert [p["message"] for p in found] == [
        "hand 1: `fouls_due` as stored names C, B, but the hands before it leave "
        "nobody (MA-20; amend this hand to take it over again)"]
    assert cli("record", path, *EXAMPLE).exit_code == 1          # does not verify
    path.write_text(text, encoding="utf-8")
    assert cli("record", path, *EXAMPLE).exit_code == 0
    paid = path.read_text(encoding="utf-8")
    path.write_text(paid.replace('fouls_due = ["B", "C"]\n', ""), encoding="utf-8")
    found = [p for p in _problems(cli, path) if "fouls_due" in p["message"]]
    assert [p["message"] for p in found] == [
        "hand 3: `fouls_due` as stored names nobody, but the hands before it leave "
        "B, C (MA-20; amend this hand to take it over again)"]


def test_ma20_a_marriage_hand_is_still_checked_for_who_dealt(cli, tmp_path):
    path = session(cli, tmp_path, "invalid_show_penalty=5", "foul=next")
    assert cli("record", path, *EXAMPLE).exit_code == 0
    assert cli("record", path, *EXAMPLE).exit_code == 0
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('dealer = "B"', 'dealer = "C"', 1), encoding="utf-8")
    messages = [p["message"] for p in _problems(cli, path)]
    assert any("dealer C but the deal passes to B" in m for m in messages)
