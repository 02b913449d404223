"""The interactive entry never traps (issue 27 B, item 4): a wrong answer
is refused at the question it belongs to (CB-1 and DH-1 at the sit-out
question), "enter again" asks every question again with the earlier
answers filled in, the last Call Break count is what is left, and the
hints tell the truth (names by spaces or commas, `shown:5`, the example
letters name players at this table)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from scorekeeper.screen.entry import seating_question


def entered(cli, ledger: Path, *answers: str):
    return cli("record", ledger, input="\n".join(answers) + "\n",
               env={"COLUMNS": "200"})


def hands(ledger: Path) -> list[dict]:
    return tomllib.loads(ledger.read_text(encoding="utf-8")).get("hands", [])


@pytest.fixture
def callbreak(tmp_path: Path, cli) -> Path:
    path = tmp_path / "cb.toml"
    assert cli("new", path, "--game", "callbreak", "--players",
               "Asha,Ram,Sita,Gita").exit_code == 0
    return path


def test_item5_cb1_nobody_may_sit_out_so_it_is_not_asked(cli, callbreak, tty):
    # issue 38, item 5: a question whose every answer but one is refused
    result = entered(cli, callbreak, "1", "2", "3", "4",  # calls: Ram first
                     "n",                                 # not saved first (CB-18)
                     "2", "3", "3", "y")              # tricks; Asha: what is left
    assert result.exit_code == 0, result.stderr
    assert "Sitting out" not in result.stderr
    assert "Hand 1: Asha, Ram, Sita, Gita; dealer Asha." in result.stderr
    assert hands(callbreak)[0]["tricks"] == {"Ram": 2, "Sita": 3, "Gita": 3, "Asha": 5}


def test_item5_cb9_the_last_count_is_what_is_left_and_back_mends_a_slip(cli, callbreak,
                                                                       tty):
    # the last player's tricks: the only count CB-9 allows, so not asked
    result = entered(cli, callbreak, "1", "2", "3", "4", "n",
                     "3", "3", "3",                       # Asha: the 4 left
                     "<", "2",                            # back: Gita took 2
                     "y")
    assert result.exit_code == 0, result.stderr
    assert "Asha took" not in result.stderr
    assert "Gita took (0–7) [3]" in result.stderr     # the earlier answer offered
    assert hands(callbreak)[0]["tricks"] == {"Ram": 3, "Sita": 3, "Gita": 2, "Asha": 5}


def test_dh1_too_few_seated_is_refused_at_the_sit_out_question(cli, ledger, tty):
    before = ledger.read_bytes()
    result = entered(cli, ledger, "out bikash, out chandra", "dealer b",
                     "Bikash", "as", "2s", "7c", "n", "n")
    assert result.exit_code == 0, result.stderr
    assert "1 player: this profile seats 2–6 (DH-1) — try again" in result.stderr
    assert "Hand 1: Asha, Bikash, Chandra; dealer Bikash." in result.stderr
    assert "Who called?" not in result.stderr.split("DH-1")[0]
    assert ledger.read_bytes() == before


def test_entering_again_asks_the_sit_out_question_with_the_earlier_answer(cli, ledger,
                                                                          tty):
    result = entered(cli, ledger, "out chandra", "Asha", "as", "2s",
                     "n", "y",                            # not this: enter again
                     "", "", "", "",                      # every answer kept
                     "y")
    assert result.exit_code == 0, result.stderr
    again = result.stderr.split("Enter the hand again?")[1]
    assert "Sitting out, dealer? ('out c, dealer b') [out chandra]" in again
    assert "Who called? (a name, or 'show': 200-turn show) [Asha]" in again
    assert hands(ledger)[0]["out"] == ["Chandra"]


def test_config_ask_sit_out_false_skips_the_question(cli, ledger, tty, tmp_path,
                                                     monkeypatch):
    config = tmp_path / "config.toml"
    config.write_text("ask_sit_out = false\n", encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(config))
    result = entered(cli, ledger, "Asha", "as", "2s", "7c", "y")
    assert result.exit_code == 0, result.stderr
    assert "Sitting out" not in result.stderr
    assert len(hands(ledger)) == 1


def test_the_example_letters_name_players_at_this_table():
    assert seating_question(("Asha", "Bikash", "Chandra")) == \
        "Sitting out, dealer? ('out c, dealer b')"
    assert seating_question(("Ram", "Rita", "Sita", "Gita")) == \
        "Sitting out, dealer? ('out g, dealer ri')"


def test_dh13_the_example_names_no_player_who_has_left(cli, ledger, tty):
    # A, B, K (joined after B), C; C leaves: the example is K and B
    assert cli("join", ledger, "Kamal", "--after", "Bikash").exit_code == 0
    assert cli("leave", ledger, "Chandra").exit_code == 0
    result = entered(cli, ledger, "", "Asha", "A♦", "2♠ 3♣", "9♥", "y")
    assert "Sitting out, dealer? ('out k, dealer b')" in result.stderr


def test_who_else_saw_the_tiplu_takes_names_by_spaces_or_commas(cli, tmp_path, tty):
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players",
               "Asha,Bikash,Chandra,Dipak").exit_code == 0
    result = entered(cli, path, "", "Asha", "melds", "-",   # no tiplu: numbers
                     "shown:10",
                     "bikash chandra",                       # spaces, not commas
                     "-", "2", "4", "0", "-", "y")
    assert result.exit_code == 0, result.stderr
    assert "unknown player" not in result.stderr
    assert hands(path)[0]["seen"] == ["Asha", "Bikash", "Chandra"]   # MA-12: finisher
    # the examples name players at this table (Dipak: d), not a letter of none
    assert "Tunnelas exposed at the deal (e.g. 'd=dk')" in result.stderr
    assert "Sitting out, dealer? ('out d, dealer b')" in result.stderr


def test_ma22_the_entry_asks_doubled_only_where_the_house_plays_it(cli, tmp_path, tty):
    plain, doubles = tmp_path / "plain.toml", tmp_path / "doubles.toml"
    assert cli("new", plain, "--game", "marriage", "--players", "A,B,C").exit_code == 0
    assert cli("new", doubles, "--game", "marriage", "--players", "A,B,C",
               "--set", "doubles=true").exit_code == 0
    answers = ["", "A", "melds", "-", "shown:10", "B", "-", "2", "4", "-"]
    quiet = entered(cli, plain, *answers, "y")
    assert quiet.exit_code == 0, quiet.stderr
    assert "Doubled hand?" not in quiet.stderr
    asked = entered(cli, doubles, *answers, "maybe", "y", "y")
    assert asked.exit_code == 0, asked.stderr
    assert "'maybe': answer y or n — try again" in asked.stderr
    # MA-22: the MA-12 worked example doubled
    assert hands(doubles)[0]["double"] is True
    assert hands(doubles)[0]["net"] == {"A": 62, "B": -18, "C": -44}
    assert "double" not in hands(plain)[0]


def test_cb1_out_typed_as_an_option_is_refused_before_any_question(cli, callbreak, tty):
    before = callbreak.read_bytes()
    result = cli("record", callbreak, "--out", "ram", input="1\n" * 10)
    assert result.exit_code == 2
    assert "nobody sits a deal out (--out Ram) (CB-1)" in result.stderr
    assert "'s call" not in result.stderr
    assert callbreak.read_bytes() == before
