"""The command line for Dhumbal (CLI.md), through typer's CliRunner: exit
codes, stdout and stderr apart, one JSON document under --json, and a
ledger left byte-for-byte as it was whenever the input is refused."""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest

import scorekeeper.cli

SEED = ["--call", "Asha", "--hand", "Asha=A♦ A♣ A♥ 2♦", "--hand", "Bikash=2♠ 3♣",
        "--hand", "Chandra=9♥"]
ANSI = re.compile(r"\x1b\[")


def record(cli, ledger, *args, **kwargs):
    return cli("record", ledger, *args, **kwargs)


def hand_tables(path: Path) -> int:
    return len(re.findall(r"(?m)^\[\[hands\]\]$", path.read_text(encoding="utf-8")))


def play_three_hands(cli, ledger):
    r1 = record(cli, ledger, *SEED)
    r2 = record(cli, ledger, "--call", "Bikash", "--hand", "Asha=7♠",
                "--hand", "Bikash=A♠ 2♥", "--hand", "Chandra=K♥ Q♦")
    r3 = record(cli, ledger, "--show", "--hand", "Asha=9♣ 8♦",
                "--hand", "Bikash=6♠ 6♥ 4♣", "--hand", "Chandra=3♦")
    assert [r.exit_code for r in (r1, r2, r3)] == [0, 0, 0], r3.stderr


def one_json(result) -> dict:
    """stdout must hold exactly one JSON document and nothing else."""
    return json.loads(result.stdout)


# -- settle ----------------------------------------------------------------------

def test_dh8_settle_seed_worked_example_json(cli):
    result = cli("settle", "dhumbal", "--players", "A,B", "--dealer", "B",
                 "--call", "A", "--hand", "A=A♦ A♣ A♥ 2♦", "--hand", "B=5♠", "--json")
    assert result.exit_code == 0, result.stderr
    data = one_json(result)
    assert data["hand"] is None
    assert data["winner"] == "B"
    assert data["caught"] is True
    assert data["net"] == {"A": -25, "B": 25}
    assert {"DH-4", "DH-8"} <= set(data["rules"])


def test_dh8_settle_explains_the_ruling_for_people(cli):
    result = cli("settle", "dhumbal", "--players", "Asha,Bikash,Chandra",
                 "--call", "Asha", "--hand", "Asha=5♠", "--hand", "Bikash=4♥",
                 "--hand", "Chandra=9♣", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert "Bikash 4 ≤ Asha 5" in result.stdout
    assert "caught (DH-8)" in result.stdout
    assert "25 instead of 5" in result.stdout
    assert "-25" in result.stdout and "+34" in result.stdout


def test_dh8_settle_tie_break_follows_the_dealer_option(cli):
    base = ["settle", "dhumbal", "--players", "Asha,Bikash,Chandra,Dipak",
            "--call", "Asha", "--hand", "Asha=A♠ 4♠", "--hand", "Bikash=3♥",
            "--hand", "Chandra=9♣", "--hand", "Dipak=A♦ 2♦", "--json"]
    assert one_json(cli(*base, "--dealer", "Asha"))["winner"] == "Bikash"
    assert one_json(cli(*base, "--dealer", "bikash"))["winner"] == "Dipak"


def test_dh10_settle_show(cli):
    result = cli("settle", "dhumbal", "--players", "Asha,Bikash", "--show",
                 "--hand", "Asha=K♠", "--hand", "Bikash=9♥", "--json")
    data = one_json(result)
    assert result.exit_code == 0
    assert data["winner"] == "Bikash" and data["caught"] is None
    assert data["net"] == {"Asha": -10, "Bikash": 10}
    assert "DH-10" in data["rules"]


def test_dh4_settle_call_above_limit_exits_1_naming_the_rule(cli):
    result = cli("settle", "dhumbal", "--players", "Asha,Bikash", "--call", "Asha",
                 "--hand", "Asha=6♠", "--hand", "Bikash=K♥")
    assert result.exit_code == 1
    assert "DH-4" in result.stderr
    assert result.stdout == ""


def test_dh4_settle_refusal_under_json_is_one_document(cli):
    result = cli("settle", "dhumbal", "--players", "Asha,Bikash", "--call", "Asha",
                 "--hand", "Asha=6♠", "--hand", "Bikash=K♥", "--json")
    assert result.exit_code == 1
    data = one_json(result)
    assert data["rule"] == "DH-4"


@pytest.mark.parametrize("args", [
    ["--players", "A,B,C,D,E,F,G", "--call", "A"],
    ["--players", "Asha", "--call", "Asha"],
    ["--players", "Asha,asha", "--call", "Asha"],
], ids=["seven", "one", "same-name"])
def test_dh1_settle_impossible_table_exits_2(cli, args):
    result = cli("settle", "dhumbal", *args, "--hand", "Asha=A♠")
    assert result.exit_code == 2
    assert "DH-1" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("hands, needle", [
    (["Asha=A♠ 5x", "Bikash=K♥"], "'5x'"),            # bad card text
    (["Asha=A♠", "Bikash=K♥ as"], "A♠"),               # a card twice (DH-1)
    (["Asha=A♠"], "Bikash"),                           # missing hand
    (["Asha=A♠", "Bikash=2♥ 3♥ 4♥ 5♥ 6♥ 7♥"], "6"),     # six cards
    (["Asha=A♠", "Zara=K♥"], "Zara"),                  # unknown player
    (["Asha=A♠", "Bikash=51"], "51"),                  # total outside 0–50
])
def test_dh1_settle_impossible_hands_exit_2(cli, hands, needle):
    args = [x for h in hands for x in ("--hand", h)]
    result = cli("settle", "dhumbal", "--players", "Asha,Bikash", "--call", "Asha",
                 *args)
    assert result.exit_code == 2
    assert needle in result.stderr
    assert result.stdout == ""


def test_dh8_settle_needs_exactly_one_of_call_or_show(cli):
    hands = ["--hand", "Asha=A♠", "--hand", "Bikash=K♥"]
    both = cli("settle", "dhumbal", "--players", "Asha,Bikash", "--call", "Asha",
               "--show", *hands)
    neither = cli("settle", "dhumbal", "--players", "Asha,Bikash", *hands)
    for result in (both, neither):
        assert result.exit_code == 2
        assert "give exactly one of --call NAME or --show (DH-8)" in result.stderr


def test_settle_names_are_matched_case_insensitively(cli):
    result = cli("settle", "dhumbal", "--players", "Asha,Bikash", "--call", "ASHA",
                 "--hand", "asha=A♠", "--hand", "BIKASH=K♥", "--json")
    assert result.exit_code == 0
    assert one_json(result)["net"] == {"Asha": 10, "Bikash": -10}


def test_settle_unknown_player_lists_the_known_ones(cli):
    result = cli("settle", "dhumbal", "--players", "Asha,Bikash", "--call", "Zara",
                 "--hand", "Asha=A♠", "--hand", "Bikash=K♥")
    assert result.exit_code == 2
    assert "Zara" in result.stderr
    assert "Asha" in result.stderr and "Bikash" in result.stderr


def test_settle_ascii_output_has_no_suit_symbols(cli):
    result = cli("settle", "dhumbal", "--players", "Asha,Bikash", "--call", "Asha",
                 "--hand", "Asha=A♦ 2♦", "--hand", "Bikash=K♥", "--ascii")
    assert result.exit_code == 0
    assert "Ad 2d" in result.stdout
    assert not set("♠♥♦♣") & set(result.stdout)


def test_dh11_settle_whole_number_is_an_unverified_total(cli):
    result = cli("settle", "dhumbal", "--players", "Asha,Bikash", "--call", "Asha",
                 "--hand", "Asha=A♠", "--hand", "Bikash=17", "--json")
    data = one_json(result)
    assert data["net"] == {"Asha": 17, "Bikash": -17}
    assert data.get("unverified") == ["Bikash"]


# -- check call / check discard ------------------------------------------------------

def test_dh4_check_call_at_most_5_is_valid(cli):
    result = cli("check", "call", "A♦ A♣ A♥ 2♦", "--json")
    assert result.exit_code == 0
    data = one_json(result)
    assert data["valid"] is True
    assert data["rule"] == "DH-4"
    assert isinstance(data["reason"], str) and data["reason"]


def test_dh4_check_call_above_5_is_refused_exit_1(cli):
    result = cli("check", "call", "K♠ K♥ A♦ A♣ A♥", "--json")
    assert result.exit_code == 1
    data = one_json(result)
    assert data["valid"] is False
    assert data["rule"] == "DH-4"
    assert "23" in data["reason"]


def test_dh4_check_call_human_answer(cli):
    ok = cli("check", "call", "as 2d")
    no = cli("check", "call", "6s")
    assert ok.exit_code == 0 and "DH-4" in ok.stdout
    assert no.exit_code == 1 and "DH-4" in no.stdout


def test_check_call_bad_card_exits_2_quoting_it(cli):
    result = cli("check", "call", "A♠ 1x")
    assert result.exit_code == 2
    assert "'1x'" in result.stderr


def test_dh3_check_call_six_cards_exits_2(cli):
    result = cli("check", "call", "A♠ A♥ A♦ A♣ 2♠ 2♥", "--json")
    assert result.exit_code == 2
    data = one_json(result)
    assert data["valid"] is False and data["rule"] == "DH-3"
    assert data["error"] == "6 cards: a hand holds 0–5"


def test_dh5_check_discard_group_of_one_rank_is_legal(cli):
    result = cli("check", "discard", "5♠ 5♥ 5♦", "--json")
    assert result.exit_code == 0
    data = one_json(result)
    assert data["valid"] is True and data["rule"] == "DH-5"
    assert "reason" in data


def test_dh5_check_discard_10_and_K_are_not_a_group(cli):
    result = cli("check", "discard", "10♠ K♠", "--json")
    assert result.exit_code == 1
    data = one_json(result)
    assert data["valid"] is False and data["rule"] == "DH-5"
    assert "10 and K" in data["reason"]


def test_dh5_check_discard_sequence_is_not_legal(cli):
    result = cli("check", "discard", "3♠ 4♠ 5♠", "--json")
    assert result.exit_code == 1
    data = one_json(result)
    assert data["valid"] is False and data["rule"] == "DH-5"
    assert "a sequence, never a legal discard" in data["reason"]


def test_dh6_check_discard_card_taken_from_pile_exit_1(cli):
    result = cli("check", "discard", "7♠ 7♥", "--taken", "7h", "--json")
    assert result.exit_code == 1
    data = one_json(result)
    assert data["valid"] is False and data["rule"] == "DH-6"


def test_dh6_check_discard_other_cards_after_taking_are_legal(cli):
    result = cli("check", "discard", "7♠ 7♦", "--taken", "7♥", "--json")
    assert result.exit_code == 0
    assert one_json(result)["valid"] is True


def test_check_discard_human_output_names_the_rule(cli):
    result = cli("check", "discard", "10♠ K♠", env={"COLUMNS": "200"})
    assert result.exit_code == 1
    assert "DH-5" in result.stdout


# -- new ---------------------------------------------------------------------------

def test_new_writes_a_ledger_with_the_contract_keys(cli, tmp_path):
    path = tmp_path / "s.toml"
    result = cli("new", path, "--game", "dhumbal", "--players", "Asha, Bikash,Chandra",
                 "--dealer", "bikash")
    assert result.exit_code == 0, result.stderr
    text = path.read_text(encoding="utf-8")
    assert 'game = "dhumbal"' in text
    assert 'profile = "nepali-games"' in text
    assert 'first_dealer = "Bikash"' in text
    assert '"Asha"' in text and '"Chandra"' in text
    assert result.stdout == ""


def test_new_refuses_to_overwrite_without_force(cli, ledger):
    record(cli, ledger, *SEED)
    before = ledger.read_bytes()
    result = cli("new", ledger, "--game", "dhumbal", "--players", "X,Y")
    assert result.exit_code != 0
    assert "--force" in result.stderr
    assert ledger.read_bytes() == before


def test_new_force_overwrites(cli, ledger):
    record(cli, ledger, *SEED)
    result = cli("new", ledger, "--game", "dhumbal", "--players", "X,Y", "--force")
    assert result.exit_code == 0
    assert hand_tables(ledger) == 0
    assert '"X"' in ledger.read_text(encoding="utf-8")


@pytest.mark.parametrize("args", [
    ["--players", "A,B,C,D,E,F,G"],
    ["--players", "Asha"],
    ["--players", "Asha,asha"],
    ["--players", "Asha,Bikash", "--dealer", "Zara"],
    ["--players", "Asha,Bikash", "--set", "no_such=1"],
    ["--players", "Asha,Bikash", "--set", "penalty=lots"],
    ["--players", "Asha,Bikash", "--profile", "no-such-profile"],
])
def test_new_impossible_session_exits_2_and_writes_nothing(cli, tmp_path, args):
    path = tmp_path / "s.toml"
    result = cli("new", path, "--game", "dhumbal", *args)
    assert result.exit_code == 2
    assert result.stderr
    assert not path.exists()


@pytest.mark.parametrize("game, profile, option, said", [
    ("dhumbal", "nepali-games", "penalty=0",
     "option penalty takes a whole number of 1 or more, not 0 (DH-8)"),
    ("dhumbal", "nepali-games", "call_limit=-1",
     "option call_limit takes a whole number of 0 or more, a table by player "
     "count such as 2:5,3:10,4:15 starting at 2 or fewer, or none, not -1 (DH-4)"),
    ("dhumbal", "nepali-games", "turn_cap=0", "not 0 (DH-10)"),
    ("dhumbal", "cardrulesplus", "eliminate_at=0", "not 0 (DC-9)"),
    ("marriage", "three-deck", "rotations=0",
     "option rotations takes a whole number of 1 or more, not 0 (MA-14)"),
    ("marriage", "three-deck", "invalid_show_penalty=-5", "not -5 (MA-13)"),
])
def test_a_value_an_option_does_not_take_names_it_what_it_takes_and_the_rule(
        cli, tmp_path, game, profile, option, said):
    result = cli("new", tmp_path / "o.toml", "--game", game, "--profile", profile,
                 "--players", "A,B", "--set", option)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: option ") and said in result.stderr
    assert not (tmp_path / "o.toml").exists()


def test_new_hands_option_sets_the_session_length(cli, tmp_path):
    path = tmp_path / "s.toml"
    cli("new", path, "--game", "dhumbal", "--players", "A,B", "--hands", "5")
    data = one_json(cli("standings", path, "--json"))
    assert data["hands_planned"] == 5


# -- record --------------------------------------------------------------------------

def test_record_json_appends_the_hand(cli, ledger):
    result = record(cli, ledger, *SEED, "--json")
    assert result.exit_code == 0, result.stderr
    data = one_json(result)
    assert data["hand"] == 1
    assert data["winner"] == "Bikash"
    assert data["caught"] is True
    assert data["net"] == {"Asha": -25, "Bikash": 34, "Chandra": -9}
    assert {"DH-8", "DH-11"} <= set(data["rules"])
    text = ledger.read_text(encoding="utf-8")
    assert hand_tables(ledger) == 1
    assert "net = { Asha = -25, Bikash = 34, Chandra = -9 }" in text


def test_record_human_output_shows_ruling_and_standings(cli, ledger):
    result = record(cli, ledger, *SEED, env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "caught (DH-8)" in result.stdout
    assert "Next dealer: Bikash" in result.stdout
    assert "Recorded hand 1" in result.stderr


@pytest.mark.parametrize("args, code, needle", [
    (["--call", "Asha", "--hand", "Asha=6♠", "--hand", "Bikash=K♥",
      "--hand", "Chandra=Q♥"], 1, "DH-4"),                         # above the limit
    (["--call", "Asha", "--hand", "Asha=A♠", "--hand", "Bikash=K♥",
      "--hand", "Zara=Q♥"], 2, "Zara"),                            # unknown player
    (["--call", "Zara", "--hand", "Asha=A♠", "--hand", "Bikash=K♥",
      "--hand", "Chandra=Q♥"], 2, "Zara"),                         # unknown caller
    (["--call", "Asha", "--hand", "Asha=A♠", "--hand", "Bikash=K♥ A♠",
      "--hand", "Chandra=Q♥"], 2, "DH-1"),                         # a card twice
    (["--call", "Asha", "--hand", "Asha=A♠", "--hand", "Bikash=K♥ Xq",
      "--hand", "Chandra=Q♥"], 2, "'Xq'"),                         # bad card text
    (["--call", "Asha", "--hand", "Asha=A♠", "--hand", "Bikash=K♥"], 2,
     "Chandra"),                                                   # missing hand
    (["--call", "Asha", "--show", "--hand", "Asha=A♠", "--hand", "Bikash=K♥",
      "--hand", "Chandra=Q♥"], 2, "--call"),                       # call and show
])
def test_record_refused_leaves_the_file_byte_for_byte(cli, ledger, args, code, needle):
    record(cli, ledger, *SEED)
    before = ledger.read_bytes()
    result = record(cli, ledger, *args)
    assert result.exit_code == code
    assert needle in result.stderr
    assert result.stdout == ""
    assert ledger.read_bytes() == before


def test_record_refused_under_json_prints_one_document(cli, ledger):
    before = ledger.read_bytes()
    result = record(cli, ledger, "--call", "Asha", "--hand", "Asha=6♠",
                    "--hand", "Bikash=K♥", "--hand", "Chandra=Q♥", "--json")
    assert result.exit_code == 1
    assert one_json(result)["rule"] == "DH-4"
    assert ledger.read_bytes() == before


def test_dh8_record_tie_break_uses_that_hands_dealer(cli, ledger):
    record(cli, ledger, "--show", "--hand", "Asha=A♠", "--hand", "Bikash=2♠",
           "--hand", "Chandra=3♠")
    # Hand 2 is dealt by Bikash: play order Chandra, Asha, Bikash. Chandra
    # calls and is caught by Asha and Bikash (4 each); Asha is first.
    result = record(cli, ledger, "--call", "Chandra", "--hand", "Asha=4♦",
                    "--hand", "Bikash=4♥", "--hand", "Chandra=4♣", "--json")
    assert one_json(result)["winner"] == "Asha"


def test_dh12_record_refuses_a_fourth_hand_and_tells_how_to_extend(cli, ledger):
    play_three_hands(cli, ledger)
    before = ledger.read_bytes()
    result = record(cli, ledger, *SEED)
    assert result.exit_code == 1
    assert "extend" in result.stderr
    assert "DH-12" in result.stderr
    assert ledger.read_bytes() == before


def test_dh12_extend_then_record_a_fourth_hand(cli, ledger):
    play_three_hands(cli, ledger)
    assert cli("extend", ledger, "--hands", "4").exit_code == 0
    result = record(cli, ledger, *SEED, "--json")
    assert result.exit_code == 0, result.stderr
    assert one_json(result)["hand"] == 4
    assert cli("verify", ledger).exit_code == 0


def test_dh12_extend_by_another_games_length_names_the_one_to_use(cli, ledger):
    """`extend --rounds` on a Dhumbal session says what `new` says: the
    option it takes instead, and writes nothing."""
    before = ledger.read_bytes()
    result = cli("extend", ledger, "--rounds", "6")
    assert result.exit_code == 2
    assert result.stderr.strip() == ("error: --rounds is not an option of "
                                     "nepali-games; Dhumbal sessions use --hands (DH-12)")
    assert ledger.read_bytes() == before


def test_record_without_options_on_a_pipe_exits_2_without_prompting(cli, ledger):
    before = ledger.read_bytes()
    result = cli("record", ledger, input="\nAsha\nA♠\n2♠\n3♠\ny\n")
    assert result.exit_code == 2
    assert "Who called" not in result.stdout + result.stderr
    assert ledger.read_bytes() == before


def test_record_on_a_missing_ledger_exits_2(cli, tmp_path):
    result = record(cli, tmp_path / "nope.toml", *SEED)
    assert result.exit_code == 2
    assert "nope.toml" in result.stderr
    assert not (tmp_path / "nope.toml").exists()


# -- interactive record -----------------------------------------------------------------

def test_interactive_record_asks_again_after_a_bad_card_keeping_answers(cli, ledger, tty):
    answers = ["Zara",              # unknown caller: asked again
               "Asha",
               "A♦ A♣ A♥ 2♦",
               "5x",                # bad card: only Bikash is asked again
               "2♠ 3♣",
               "9♥",
               "y"]
    result = cli("record", ledger, input="\n" + "\n".join(answers) + "\n",
                 env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stdout + result.stderr
    # Prompts go to stderr, so stdout stays clean for results.
    assert result.stderr.count("Who called?") == 2
    assert result.stderr.count("Asha's cards") == 1
    assert result.stderr.count("Bikash's cards") == 2
    assert "'5x'" in result.stderr
    assert "caught (DH-8)" in result.stdout          # the ruling is shown
    text = ledger.read_text(encoding="utf-8")
    assert 'cards = { Asha = "A♦ A♣ A♥ 2♦", Bikash = "2♠ 3♣", Chandra = "9♥" }' in text
    assert "net = { Asha = -25, Bikash = 34, Chandra = -9 }" in text


def test_dh10_a_player_called_show_is_a_caller_and_the_show_keyword_moves_aside(
        cli, tmp_path, tty):
    path = tmp_path / "show.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "Show,Asha").exit_code == 0
    called = cli("record", path, input="\nshow\nA♠\n5♠\ny\n", env={"COLUMNS": "200"})
    assert called.exit_code == 0, called.stderr
    assert "'turn show': 200-turn show" in called.stderr
    assert 'call = "Show"' in path.read_text(encoding="utf-8")
    shown = cli("record", path, input="\nturn show\nA♠\n5♠\ny\n", env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.stderr
    assert "show = true" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("strange", ["²", "--5", "1²"])
def test_interactive_record_asks_again_for_a_number_that_is_no_number(cli, ledger, tty,
                                                                      strange):
    answers = ["Asha", "A♦ A♣ A♥ 2♦", strange, "2♠ 3♣", "9♥", "y"]
    result = cli("record", ledger, input="\n" + "\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert result.stderr.count("Bikash's cards") == 2
    assert 'Bikash = "2♠ 3♣"' in ledger.read_text(encoding="utf-8")


def test_dh1_interactive_record_asks_again_at_once_for_a_card_already_typed(cli, ledger,
                                                                          tty):
    answers = ["Asha", "A♠", "A♠",           # A♠ twice: asked again at once
               "2♠", "7♣", "y"]
    result = cli("record", ledger, input="\n" + "\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "DH-1" in result.stderr and "A♠ is already with Asha" in result.stderr
    assert result.stderr.count("Bikash's cards") == 2
    text = ledger.read_text(encoding="utf-8")
    assert 'call = "Asha"' in text
    assert 'cards = { Asha = "A♠", Bikash = "2♠", Chandra = "7♣" }' in text


def test_dh4_interactive_call_above_the_limit_is_asked_again_then_ruled_against(
        cli, ledger, tty):
    before = ledger.read_bytes()
    answers = ["Asha", "K♠", "K♠",            # above 5: warned, then kept
               "2♠", "7♣",
               "y",                           # the hand cannot be recorded: again
               "",                            # the table: as it was
               "", "A♠", "", "",              # keep caller; Asha now A♠; keep others
               "y"]
    result = cli("record", ledger, input="\n" + "\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    assert "above the call limit 5" in result.stderr
    assert "cannot be recorded" in result.stderr and "DH-4" in result.stderr
    assert 'Asha = "A♠"' in ledger.read_text(encoding="utf-8")
    ledger.write_bytes(before)
    declined = cli("record", ledger, input="\n" + "\n".join(answers[:5] + ["n"]) + "\n")
    assert declined.exit_code == 1                # as the flags would
    assert ledger.read_bytes() == before


def test_interactive_record_declined_writes_nothing(cli, ledger, tty):
    before = ledger.read_bytes()
    answers = ["Asha", "A♠", "2♠", "7♣", "n", "n"]
    result = cli("record", ledger, input="\n" + "\n".join(answers) + "\n")
    assert result.exit_code == 0
    assert "Record this hand?" in result.stderr
    assert "Nothing recorded" in result.stderr
    assert ledger.read_bytes() == before


def test_interactive_record_show(cli, ledger, tty):
    answers = ["show", "K♠", "6♣", "8♦", "y"]
    result = cli("record", ledger, input="\n" + "\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    text = ledger.read_text(encoding="utf-8")
    assert "show = true" in text
    assert 'winner = "Bikash"' in text


def test_interactive_record_json_keeps_stdout_one_document(cli, ledger, tty):
    # --json promises one JSON document on stdout and nothing else: prompts and
    # the ruling shown for confirmation belong on stderr (or the combination
    # is refused) — never mixed into the JSON.
    before = ledger.read_bytes()
    answers = ["", "Asha", "A♠", "2♠", "3♠", "y"]     # "": nobody out, as dealt
    result = cli("record", ledger, "--json", input="\n".join(answers) + "\n")
    # CliRunner echoes the typed answers into stdout (a terminal echoes them
    # itself); apart from those echoes stdout is exactly one JSON document.
    *echoes, last = result.stdout.splitlines()
    assert all(line.strip() in answers for line in echoes), echoes
    data = json.loads(last)
    if result.exit_code == 0:
        assert data["net"] == {"Asha": 5, "Bikash": -2, "Chandra": -3}
    else:
        assert ledger.read_bytes() == before


# -- standings / history / verify / undo ---------------------------------------------------

def test_standings_json_keys_and_values(cli, ledger):
    record(cli, ledger, *SEED)
    result = cli("standings", ledger, "--json")
    assert result.exit_code == 0
    data = one_json(result)
    assert data["totals"] == {"Asha": -25, "Bikash": 34, "Chandra": -9}
    assert data["places"] == {"Bikash": 1, "Chandra": 2, "Asha": 3}
    assert data["hands_played"] == 1
    assert data["hands_planned"] == 3
    assert data["complete"] is False
    assert data["next_dealer"] == "Bikash"


def test_dh12_standings_places_share_equal_totals_1_1_3(cli, ledger):
    record(cli, ledger, "--call", "Asha", "--hand", "Asha=A♠", "--hand", "Bikash=5♠",
           "--hand", "Chandra=10♠")
    record(cli, ledger, "--call", "Bikash", "--hand", "Asha=5♥", "--hand", "Bikash=A♥",
           "--hand", "Chandra=10♥")
    data = one_json(cli("standings", ledger, "--json"))
    assert data["totals"] == {"Asha": 10, "Bikash": 10, "Chandra": -20}
    assert data["places"] == {"Asha": 1, "Bikash": 1, "Chandra": 3}


def test_dh12_standings_of_a_complete_session(cli, ledger):
    play_three_hands(cli, ledger)
    data = one_json(cli("standings", ledger, "--json"))
    assert data["complete"] is True
    assert data["next_dealer"] is None
    human = cli("standings", ledger)
    assert human.exit_code == 0
    assert "complete" in human.stdout


def test_dh3_standings_human_output_names_the_next_dealer(cli, ledger):
    record(cli, ledger, *SEED)
    result = cli("standings", ledger)
    assert result.exit_code == 0
    assert "Next dealer: Bikash" in result.stdout
    assert "Bikash" in result.stdout and "+34" in result.stdout


def test_history_json_running_totals(cli, ledger):
    play_three_hands(cli, ledger)
    data = one_json(cli("history", ledger, "--json"))
    hands = data["hands"]
    assert [h["hand"] for h in hands] == [1, 2, 3]
    assert hands[1]["net"] == {"Asha": -7, "Bikash": 27, "Chandra": -20}
    assert hands[1]["totals"] == {"Asha": -32, "Bikash": 61, "Chandra": -29}
    assert hands[2]["totals"] == {"Asha": -49, "Bikash": 45, "Chandra": 4}


def test_history_human_output_has_running_totals_and_a_picture(cli, ledger):
    play_three_hands(cli, ledger)
    result = cli("history", ledger, env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "-49" in result.stdout and "61" in result.stdout
    assert any(ch in result.stdout for ch in "▁▂▃▄▅▆▇█")


def test_dh11_verify_clean_ledger_exit_0(cli, ledger):
    play_three_hands(cli, ledger)
    result = cli("verify", ledger, "--json")
    assert result.exit_code == 0
    data = one_json(result)
    assert data["ok"] is True and data["problems"] == []


def test_dh11_verify_reports_every_tampered_hand_exit_1(cli, ledger):
    play_three_hands(cli, ledger)
    text = ledger.read_text(encoding="utf-8")
    text = text.replace("net = { Asha = -25, Bikash = 34, Chandra = -9 }",
                        "net = { Asha = -20, Bikash = 29, Chandra = -9 }")
    text = text.replace("net = { Asha = -17, Bikash = -16, Chandra = 33 }",
                        "net = { Asha = -17, Bikash = -16, Chandra = 34 }")
    ledger.write_text(text, encoding="utf-8")
    lines = [i for i, line in enumerate(text.splitlines(), start=1)
             if line == "[[hands]]"]
    result = cli("verify", ledger, "--json")
    assert result.exit_code == 1
    data = one_json(result)
    assert data["ok"] is False
    assert sorted({p["hand"] for p in data["problems"]}) == [1, 3]
    assert all(isinstance(p["message"], str) for p in data["problems"])
    human = cli("verify", ledger)
    assert human.exit_code == 1
    assert f"{ledger}:{lines[0]}: hand 1" in human.stderr
    assert f"{ledger}:{lines[2]}: hand 3" in human.stderr
    assert "hand 2" not in human.stderr
    assert "sums to 1" in human.stderr


def test_undo_removes_the_last_hand(cli, ledger):
    record(cli, ledger, *SEED)
    after_one = ledger.read_bytes()
    record(cli, ledger, "--show", "--hand", "Asha=A♠", "--hand", "Bikash=2♠",
           "--hand", "Chandra=3♠")
    result = cli("undo", ledger)
    assert result.exit_code == 0
    # the removed hand is kept for `redo` in one `undone` line; the rest as it was
    kept = re.sub(rb"(?m)^undone = .*\n", b"", ledger.read_bytes(), count=1)
    assert kept == after_one and kept != ledger.read_bytes()
    assert one_json(cli("standings", ledger, "--json"))["hands_played"] == 1


def test_undo_back_to_an_empty_session_then_nothing_to_undo(cli, ledger):
    fresh = ledger.read_bytes()
    record(cli, ledger, *SEED)
    assert cli("undo", ledger).exit_code == 0
    # the removed hand is kept for `redo` in one `undone` line; the rest as it was
    emptied = ledger.read_bytes()
    assert re.sub(rb"(?m)^undone = .*\n", b"", emptied, count=1) == fresh
    result = cli("undo", ledger)
    assert result.exit_code == 2 and "has no hands to undo" in result.stderr
    assert ledger.read_bytes() == emptied


def test_undo_json(cli, ledger):
    record(cli, ledger, *SEED)
    result = cli("undo", ledger, "--json")
    data = one_json(result)
    assert data["removed"] == 1
    assert data["hands_played"] == 0
    # which hand is gone is said on stderr in every mode (CLI.md)
    assert result.stderr.startswith("Removed hand 1 (dealer ")
    assert "; 0 hands remain." in result.stderr


# -- export ---------------------------------------------------------------------------------

def test_export_csv(cli, ledger):
    play_three_hands(cli, ledger)
    result = cli("export", ledger, "--format", "csv")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["hand"] for r in rows] == ["1", "2", "3"]
    assert [r["dealer"] for r in rows] == ["Asha", "Bikash", "Chandra"]
    assert [r["winner"] for r in rows] == ["Bikash", "Bikash", "Chandra"]
    bikash = [key for key in rows[0] if key in ("net:Bikash", "total:Bikash")]
    assert sorted(rows[0][k] for k in bikash) == ["34", "34"]    # net and total
    assert sorted(rows[2][k] for k in bikash) == ["-16", "45"]   # net, total
    assert rows[0]["shown:Bikash"] == "2♠ 3♣"                    # the cards shown


def test_export_json(cli, ledger):
    play_three_hands(cli, ledger)
    result = cli("export", ledger, "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["players"] == ["Asha", "Bikash", "Chandra"]
    assert len(data["hands"]) == 3
    assert data["hands"][0]["net"] == {"Asha": -25, "Bikash": 34, "Chandra": -9}
    assert data["standings"]["totals"] == {"Asha": -49, "Bikash": 45, "Chandra": 4}


def test_export_markdown(cli, ledger):
    play_three_hands(cli, ledger)
    result = cli("export", ledger, "--format", "md")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    table = [line for line in lines if line.startswith("|")]
    assert any("Asha" in line and "Bikash" in line for line in table)
    assert any(line.startswith("| 1 |") and "Bikash" in line for line in table)
    assert "45" in result.stdout and "-49" in result.stdout


def test_export_to_a_file_with_o(cli, ledger, tmp_path):
    play_three_hands(cli, ledger)
    out = tmp_path / "out.csv"
    result = cli("export", ledger, "--format", "csv", "-o", out)
    assert result.exit_code == 0
    assert result.stdout == ""
    stdout_version = cli("export", ledger, "--format", "csv").stdout
    assert out.read_text(encoding="utf-8") == stdout_version


def test_export_relative_output_lands_in_the_working_folder(cli, ledger, tmp_path,
                                                            monkeypatch):
    monkeypatch.chdir(tmp_path)
    record(cli, ledger, *SEED)
    assert cli("export", ledger, "--format", "md", "-o", "evening.md").exit_code == 0
    assert (tmp_path / "evening.md").read_text(encoding="utf-8").startswith("#")


def test_export_into_a_missing_folder_exits_2_without_traceback(cli, ledger, tmp_path):
    result = cli("export", ledger, "--format", "csv", "-o", tmp_path / "no" / "x.csv")
    assert result.exit_code == 2
    assert "x.csv" in result.stderr


def test_export_unknown_format_exits_2(cli, ledger):
    result = cli("export", ledger, "--format", "xlsx")
    assert result.exit_code == 2
    assert "csv" in result.stderr


# -- rules / profiles / output conventions ------------------------------------------------------

def test_rules_dhumbal_prints_dh1_to_dh12(cli):
    result = cli("rules", "dhumbal")
    assert result.exit_code == 0
    for n in range(1, 13):
        assert f"DH-{n} " in result.stdout
    assert "DC-1" not in result.stdout and "MA-1" not in result.stdout


def test_profiles_json_lists_nepali_games_with_its_defaults(cli):
    result = cli("profiles", "--json")
    assert result.exit_code == 0
    data = one_json(result)
    profiles = data["profiles"] if isinstance(data, dict) else data
    nepali = next(p for p in profiles if p["profile"] == "nepali-games")
    assert nepali["game"] == "dhumbal"
    assert nepali["options"]["call_limit"] == 5
    assert nepali["options"]["penalty"] == 25
    assert nepali["options"]["hands"] == 3
    assert nepali["options"]["turn_cap"] == 200


def test_profiles_human_lists_every_profile(cli):
    result = cli("profiles", env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "nepali-games" in result.stdout and "call_limit" in result.stdout


@pytest.mark.parametrize("args", [
    ["settle", "dhumbal", "--players", "A,B", "--call", "A", "--hand", "A=A♠",
     "--hand", "B=K♠", "--json"],
    ["check", "call", "A♠", "--json"],
    ["check", "discard", "A♠", "--json"],
    ["profiles", "--json"],
])
def test_json_output_is_exactly_one_document(cli, args):
    result = cli(*args)
    assert result.exit_code == 0
    assert result.stdout.endswith("\n")
    decoder = json.JSONDecoder()
    _, end = decoder.raw_decode(result.stdout)
    assert result.stdout[end:].strip() == ""


@pytest.mark.parametrize("command", ["standings", "history", "verify"])
def test_ledger_commands_json_is_one_document(cli, ledger, command):
    record(cli, ledger, *SEED)
    result = cli(command, ledger, "--json")
    assert result.exit_code == 0
    assert isinstance(one_json(result), dict)


@pytest.mark.parametrize("command", ["standings", "history"])
def test_no_color_output_has_no_ansi_escapes(cli, ledger, command):
    play_three_hands(cli, ledger)
    result = cli(command, ledger, env={"NO_COLOR": "1"})
    assert result.exit_code == 0
    assert not ANSI.search(result.stdout + result.stderr)


@pytest.mark.parametrize("args", [
    ["check", "call", "A♠ 2♦", "--json"],
    ["settle", "dhumbal", "--players", "A,B", "--call", "A", "--hand", "A=A♠",
     "--hand", "B=K♠", "--json"],
    ["settle", "dhumbal", "--players", "A,B", "--call", "A", "--hand", "A=A♠",
     "--hand", "B=K♠"],
    ["standings", "LEDGER"],
    ["history", "LEDGER"],
    ["rules", "dhumbal"],
    ["export", "LEDGER", "--format", "md"],
], ids=["check-json", "settle-json", "settle", "standings", "history", "rules",
        "export-md"])
def test_output_that_cannot_encode_suits_falls_back_to_ascii(cli, ledger, args):
    # CLI.md: output uses ♠♥♦♣, or ASCII when the terminal cannot encode them.
    play_three_hands(cli, ledger)
    result = cli(*[ledger if a == "LEDGER" else a for a in args], charset="ascii")
    assert result.exit_code == 0
    text = result.stdout_bytes.decode("ascii")
    assert text.strip()
    if "--json" in args:
        json.loads(text)


def _run_on_a_terminal(args, env_extra, cwd):
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.update(env_extra)
    env["COLUMNS"] = "120"
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", *map(str, args)],
                            stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd,
                            close_fds=True)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    assert proc.wait(timeout=30) == 0, out
    return out.decode("utf-8", "replace")


@pytest.mark.slow   # processes of their own: the slow stage runs them
def test_no_color_on_a_real_terminal_has_no_ansi_escapes(cli, ledger, tmp_path):
    play_three_hands(cli, ledger)
    coloured = _run_on_a_terminal(["standings", ledger], {}, tmp_path)
    assert ANSI.search(coloured), "control: a terminal without NO_COLOR gets colour"
    plain = _run_on_a_terminal(["standings", ledger], {"NO_COLOR": "1"}, tmp_path)
    assert "Bikash" in plain
    assert not ANSI.search(plain), repr(plain[:300])


def test_interactive_record_yes_records_without_asking_to_confirm(cli, ledger, tty):
    answers = ["Asha", "A♠", "2♠", "7♣"]
    result = cli("record", ledger, "--yes", input="\n" + "\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    assert "Record this hand?" not in result.stderr
    assert 'cards = { Asha = "A♠", Bikash = "2♠", Chandra = "7♣" }' in \
        ledger.read_text(encoding="utf-8")


def test_interactive_record_refuses_when_the_ledger_changed_meanwhile(
        cli, ledger, tty, monkeypatch):
    from scorekeeper.screen import entry

    real = entry.enter_hand

    def ask_while_another_terminal_records(*args, **kwargs):
        entered = real(*args, **kwargs)
        other = cli("record", ledger, "--call", "Bikash", "--hand", "Asha=K♠",
                    "--hand", "Bikash=A♥", "--hand", "Chandra=Q♦")
        assert other.exit_code == 0
        return entered

    monkeypatch.setattr(entry, "enter_hand", ask_while_another_terminal_records)
    answers = ["Asha", "A♠", "2♠", "7♣", "y"]
    result = cli("record", ledger, input="\n" + "\n".join(answers) + "\n")
    assert result.exit_code == 2
    assert "changed while the hand was being typed" in result.stderr
    text = ledger.read_text(encoding="utf-8")
    assert text.count("\n[[hands]]\n") == 1 and 'call = "Bikash"' in text


def test_usage_error_with_json_still_prints_one_json_document(capsys, tmp_path,
                                                             monkeypatch):
    from scorekeeper.cli import main

    monkeypatch.chdir(tmp_path)     # no ledger here, none in the environment
    with pytest.raises(SystemExit) as exit_info:
        main(["standings", "--json"])
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert json.loads(out)["exit_code"] == 2 and "LEDGER" in json.loads(out)["error"]
    assert "no LEDGER given and none found" in err


def test_check_usage_error_goes_through_the_check_sub_app(capsys):
    from scorekeeper.cli import main

    with pytest.raises(SystemExit) as exit_info:
        main(["check", "meld", "3♠ 4♠ 5♠", "--no-such-option", "x", "--json"])
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert "--no-such-option" in json.loads(out)["error"]
    assert "scorekeeper check meld" in err


def test_main_exit_codes_follow_the_command(capsys):
    from scorekeeper.cli import main

    for argv, code in ((["check", "call", "A♠ 2♦"], 0), (["check", "call", "K♠ K♥"], 1),
                       (["check", "call", "K♠ Kx"], 2)):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == code, argv
    capsys.readouterr()


def test_ctrl_c_at_a_prompt_exits_130_and_writes_nothing(ledger, monkeypatch, capsys):
    import typer

    from scorekeeper.screen import entry

    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)

    def interrupted(*args, **kwargs):
        raise typer.Abort()

    monkeypatch.setattr(entry, "enter_hand", interrupted)
    before = ledger.read_bytes()
    with pytest.raises(SystemExit) as exit_info:
        scorekeeper.cli.main(["record", str(ledger)])
    assert exit_info.value.code == 130
    assert ledger.read_bytes() == before
    assert "nothing written" in capsys.readouterr().err


SAMPLES = sorted((Path(__file__).resolve().parents[2] / "sample_sessions").glob("*.toml"))


@pytest.mark.parametrize("sample", SAMPLES, ids=[p.name for p in SAMPLES])
def test_every_sample_session_passes_verify(cli, sample):
    result = cli("verify", sample, "--json")
    assert result.exit_code == 0, result.stdout
    assert json.loads(result.stdout)["ok"] is True
