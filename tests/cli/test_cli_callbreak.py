"""The command line for Call Break (CLI.md, RULES.md CB-1 … CB-13), through
typer's CliRunner: exit codes, stdout and stderr apart, one JSON document
under --json, and a ledger left byte-for-byte as it was whenever the input
is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

PLAYERS = "Asha,Bikash,Chandra,Dipak"
# RULES.md CB-10, worked example: calls 3, 2, 4, 2; tricks 4, 2, 5, 2
EXAMPLE = ["--bid", "Asha=3", "--bid", "Bikash=2", "--bid", "Chandra=4",
           "--bid", "Dipak=2", "--won", "Asha=4", "--won", "Bikash=2",
           "--won", "Chandra=5", "--won", "Dipak=2"]
# … had Chandra taken 3 and Dipak 4
MISSED = EXAMPLE[:8] + ["--won", "Asha=4", "--won", "Bikash=2",
                        "--won", "Chandra=3", "--won", "Dipak=4"]


def deal(calls, tricks, names=("Asha", "Bikash", "Chandra", "Dipak")):
    out = []
    for name, call in zip(names, calls):
        out += ["--bid", f"{name}={call}"]
    for name, took in zip(names, tricks):
        out += ["--won", f"{name}={took}"]
    return out


@pytest.fixture
def club(tmp_path: Path, cli) -> Path:
    path = tmp_path / "club.toml"
    result = cli("new", path, "--game", "callbreak", "--players", PLAYERS)
    assert result.exit_code == 0, result.stderr
    return path


def one_json(result) -> dict:
    return json.loads(result.stdout)


# -- record -----------------------------------------------------------------------

def test_cb10_record_rules_each_player_with_the_rule(cli, club):
    result = cli("record", club, *EXAMPLE, env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.stderr
    for line in ("Asha called 3, took 4: 3.1 (CB-10)",
                 "Bikash called 2, took 2: 2.0 (CB-10)",
                 "Chandra called 4, took 5: 4.1 (CB-10)",
                 "Dipak called 2, took 2: 2.0 (CB-10)"):
        assert line in result.stdout
    assert "Recorded hand 1" in result.stderr


def test_cb10_calls_and_tricks_with_commas_rule_as_one_option_each(cli, club,
                                                                     tmp_path):
    other = tmp_path / "other.toml"
    assert cli("new", other, "--game", "callbreak", "--players", PLAYERS).exit_code == 0
    apart = cli("record", club, *EXAMPLE, "--json")
    joined = cli("record", other, "--bid", "a=3,b=2,c=4,d=2",
                 "--won", "a=4,b=2,c=5,d=2", "--json")
    assert joined.exit_code == 0, joined.stderr
    assert one_json(joined)["points"] == one_json(apart)["points"]
    twice = cli("record", other, "--bid", "a=3,b=2,c=4,a=2",
                "--won", "a=4,b=2,c=5,d=2")
    assert twice.exit_code == 2 and "two calls given for Asha (CB-4)" in twice.stderr


def test_cb10_record_json_gives_points_as_read_and_the_stored_tenths(cli, club):
    result = cli("record", club, *MISSED, "--json")
    assert result.exit_code == 0, result.stderr
    data = one_json(result)
    assert data["points"] == {"Asha": 31, "Bikash": 20, "Chandra": -40, "Dipak": 22}
    assert data["points_display"] == {"Asha": "3.1", "Bikash": "2.0",
                                      "Chandra": "-4.0", "Dipak": "2.2"}
    assert data["calls"] == {"Asha": 3, "Bikash": 2, "Chandra": 4, "Dipak": 2}
    assert data["tricks"] == {"Asha": 4, "Bikash": 2, "Chandra": 3, "Dipak": 4}
    assert data["made"] == ["Asha", "Bikash", "Dipak"]
    assert data["winner"] == "Asha"
    assert data["rules"] == ["CB-9", "CB-10"]


def test_cb10_the_ledger_stores_integer_tenths(cli, club):
    assert cli("record", club, *EXAMPLE).exit_code == 0
    text = club.read_text(encoding="utf-8")
    assert "calls = { Asha = 3, Bikash = 2, Chandra = 4, Dipak = 2 }" in text
    assert "points = { Asha = 31, Bikash = 20, Chandra = 41, Dipak = 20 }" in text


@pytest.mark.parametrize("args, rule, said", [
    (deal((3, 2, 4, 2), (4, 2, 5, 1)), "CB-9", "4 + 2 + 5 + 1 = 12, not 13"),
    (deal((9, 2, 4, 2), (4, 2, 5, 2)), "CB-4", "a call is 1–8 tricks, not: Asha 9"),
    (deal((0, 2, 4, 2), (4, 2, 5, 2)), "CB-4", "Asha 0"),
    (deal((3, 2, 4), (4, 2, 5, 2)), "CB-4", "no call given for Dipak"),
    (deal((3, 2, 4, 2), (4, 2, 7)), "CB-9", "no tricks given for Dipak"),
    (deal((3, 2, 4, 2), (4, 2, 5, 2)) + ["--bid", "Asha=2"], "CB-4",
     "two calls given for Asha"),
    (["--bid", "Asha=three"] + deal((2, 4, 2), (4, 2, 5, 2),
                                    ("Bikash", "Chandra", "Dipak", "Asha")),
     "CB-4", "--bid expects NAME=N"),
    (deal((3, 2, 4, 2), (4, 2, 5, 2)) + ["--out", "Asha"], "CB-1",
     "nobody sits a deal out"),
])
def test_cb4_cb9_cb1_a_wrong_deal_is_exit_2_naming_the_rule_nothing_written(
        cli, club, args, rule, said):
    before = club.read_bytes()
    result = cli("record", club, *args)
    assert result.exit_code == 2
    assert said in result.stderr and f"({rule})" in result.stderr
    assert result.stdout == ""
    assert club.read_bytes() == before


def test_cb4_a_refusal_in_json_cites_the_rule(cli, club):
    result = cli("record", club, *deal((9, 2, 4, 2), (4, 2, 5, 2)), "--json")
    assert result.exit_code == 2
    data = one_json(result)
    assert data["rule"] == "CB-4"


def test_cb4_house_max_bid_13_takes_a_call_of_9(cli, tmp_path):
    path = tmp_path / "big.toml"
    assert cli("new", path, "--game", "callbreak", "--players", PLAYERS,
               "--set", "max_bid=13").exit_code == 0
    result = cli("record", path, *deal((9, 1, 1, 1), (10, 1, 1, 1)), "--json")
    assert result.exit_code == 0, result.stderr
    assert one_json(result)["points"]["Asha"] == 91


def test_cb11_bonus_8_from_new_set(cli, tmp_path):
    path = tmp_path / "bonus.toml"
    assert cli("new", path, "--game", "callbreak", "--players", PLAYERS,
               "--set", "bonus_8=13").exit_code == 0
    result = cli("record", path, *deal((8, 1, 2, 1), (9, 1, 2, 1)), "--json")
    assert result.exit_code == 0, result.stderr
    data = one_json(result)
    assert data["points"]["Asha"] == 131 and data["rules"] == ["CB-9", "CB-11", "CB-10"]
    assert 'bonus_8 = 13' in path.read_text(encoding="utf-8")


def test_cb1_a_session_seats_exactly_four(cli, tmp_path):
    result = cli("new", tmp_path / "three.toml", "--game", "callbreak",
                 "--players", "Asha,Bikash,Chandra")
    assert result.exit_code == 2 and "(CB-1)" in result.stderr
    assert not (tmp_path / "three.toml").exists()


def test_another_games_option_is_refused_by_name(cli, club):
    before = club.read_bytes()
    result = cli("record", club, *EXAMPLE, "--call", "Asha")
    assert result.exit_code == 2
    assert "--call: not an option of a Call Break hand" in result.stderr
    assert "--bid, --won" in result.stderr
    assert club.read_bytes() == before


def test_cb2_the_deal_passes_down_the_list_and_dealer_corrects_it(cli, club):
    first = one_json(cli("record", club, *EXAMPLE, "--json"))
    assert first["hand"] == 1
    assert one_json(cli("standings", club, "--json"))["next_dealer"] == "Bikash"
    assert cli("record", club, *EXAMPLE, "--dealer", "Dipak").exit_code == 0
    rows = one_json(cli("history", club, "--json"))["hands"]
    assert [r["dealer"] for r in rows] == ["Asha", "Dipak"]
    assert rows[1]["dealer_corrected"] is True
    assert one_json(cli("standings", club, "--json"))["next_dealer"] == "Asha"


# -- check play, check deal ----------------------------------------------------------

def test_cb6_check_play_must_beat_k_with_a(cli):
    result = cli("check", "play", "5♥", "--hand", "A♥ 5♥ 3♠", "--trick", "K♥")
    assert result.exit_code == 1
    assert result.stdout.startswith("not legal: must beat K♥ with A♥ (CB-6)")
    assert "may play: A♥" in result.stdout


def test_cb6_check_play_legal_exit_0(cli):
    result = cli("check", "play", "ah", "--hand", "ah 5h 3s", "--trick", "kh")
    assert result.exit_code == 0
    assert result.stdout.startswith("legal: A♥ follows ♥ and beats K♥ (CB-6)")


def test_cb7_check_play_json(cli):
    result = cli("check", "play", "5♦", "--hand", "10♠ A♠ 5♦", "--trick", "K♥ Q♠",
                 "--json")
    assert result.exit_code == 1
    assert one_json(result) == {
        "valid": False, "rule": "CB-7", "kind": "trump", "legal": ["A♠"],
        "winning": "Q♠",
        "reason": "no ♥ in the hand: must trump with a spade that beats Q♠, A♠"}


def test_cb5_check_play_without_a_trick_leads(cli):
    result = cli("check", "play", "2♠", "--hand", "2♠ A♥ 3♦", "--json")
    assert result.exit_code == 0
    assert one_json(result)["rule"] == "CB-5"


def test_cb6_check_play_must_head_off_with_set(cli):
    args = ("check", "play", "5♥", "--hand", "A♥ 5♥ 3♠", "--trick", "K♥")
    result = cli(*args, "--set", "must_head=false")
    assert result.exit_code == 0, result.stdout
    assert result.stdout == "legal: 5♥ follows ♥; any ♥ follows (must_head is off) (CB-6)\n"
    assert result.stderr == ""
    assert one_json(cli(*args, "--set", "must_head=false", "--json")) == {
        "valid": True, "reason": "5♥ follows ♥; any ♥ follows (must_head is off)",
        "rule": "CB-6", "kind": "follow", "legal": ["5♥", "A♥"], "winning": "K♥"}
    headed = cli(*args)                     # the default: 5♥ must head K♥
    assert headed.exit_code == 1
    assert headed.stdout.startswith("not legal: must beat K♥ with A♥ (CB-6)\n")


def test_cb1_check_play_a_card_twice_is_exit_2(cli):
    result = cli("check", "play", "K♥", "--hand", "K♥ 2♠", "--trick", "K♥")
    assert result.exit_code == 2
    assert "(CB-1)" in result.stderr and result.stdout == ""


def test_cb3_check_deal_no_spade_may_demand_a_redeal(cli):
    result = cli("check", "deal", "A♥ K♥ Q♥ J♥ 10♥ A♦ K♦ Q♦ J♦ A♣ K♣ Q♣ J♣")
    assert result.exit_code == 0
    assert result.stdout.startswith("redeal: no spade among the 13 cards")
    assert "(CB-3)" in result.stdout


def test_cb3_check_deal_no_honour_only_with_the_option(cli):
    low = "2♠ 3♠ 4♥ 5♥ 6♥ 7♥ 8♦ 9♦ 10♦ 2♣ 3♣ 4♣ 5♣"
    stands = cli("check", "deal", low, "--json")
    assert stands.exit_code == 1
    assert one_json(stands)["reason"] == "holds 2♠ and 3♠: the deal stands"
    redeal = cli("check", "deal", low, "--set", "redeal_no_honour=true", "--json")
    assert redeal.exit_code == 0 and one_json(redeal)["kind"] == "no-honour"


def test_cb1_check_deal_needs_13_cards(cli):
    result = cli("check", "deal", "A♥ K♥")
    assert result.exit_code == 2 and "(CB-1)" in result.stderr


def test_check_play_belongs_to_callbreak_only(cli):
    result = cli("check", "play", "A♥", "--hand", "A♥", "--game", "dhumbal")
    assert result.exit_code == 2
    assert "--game callbreak" in result.stderr


# -- the session ---------------------------------------------------------------------

def test_cb12_undo_amend_verify(cli, club):
    assert cli("record", club, *EXAMPLE).exit_code == 0
    assert cli("record", club, *MISSED).exit_code == 0
    amended = cli("amend", club, "2", *EXAMPLE, "--json")
    assert amended.exit_code == 0, amended.stderr
    assert one_json(amended)["points"]["Chandra"] == 41
    verified = cli("verify", club, "--json")
    assert verified.exit_code == 0 and one_json(verified)["ok"] is True
    assert cli("undo", club).exit_code == 0
    assert one_json(cli("standings", club, "--json"))["hands_played"] == 1


def test_cb10_verify_finds_a_stored_score_the_rules_do_not_give(cli, club):
    assert cli("record", club, *EXAMPLE).exit_code == 0
    text = club.read_text(encoding="utf-8")
    club.write_text(text.replace("Asha = 31", "Asha = 30"), encoding="utf-8")
    result = cli("verify", club)
    assert result.exit_code == 1
    # the stored tenths as people read them (31 is 3.1), not as stored
    assert "`points` as stored disagrees with the rules: Asha 3.0 → 3.1" in result.stderr
    fixed = cli("verify", club, "--fix", "--yes")
    assert fixed.exit_code == 0 and "hand 1: would store Asha 3.0 → 3.1" in fixed.stderr


@pytest.mark.parametrize("edit, said", [
    # read back as the flags that record it, a call stored as text would
    # pass for the number (`Field.values`)
    (("calls = { Asha = 3,", 'calls = { Asha = "3",'),
     "`calls` must be a table NAME = CALL"),
    (("tricks = { Asha = 4,", "tricks = { Asha = [\"4\"],"),
     "`tricks` must be a table NAME = TRICKS"),
    (("calls = { Asha = 3,", "calls = { Zed = 3,"), "unknown player 'Zed'"),
])
def test_cb4_a_deal_edited_by_hand_is_a_problem_of_verify(cli, club, edit, said):
    assert cli("record", club, *EXAMPLE).exit_code == 0
    text = club.read_text(encoding="utf-8")
    assert edit[0] in text
    club.write_text(text.replace(*edit), encoding="utf-8")
    result = cli("verify", club)
    assert result.exit_code == 1 and "does not verify" in result.stdout
    assert f"hand 1: its inputs cannot be replayed: {said}" in result.stderr


def test_cb12_the_session_ends_after_5_rounds(cli, club):
    for _ in range(5):
        assert cli("record", club, *EXAMPLE).exit_code == 0
    before = club.read_bytes()
    result = cli("record", club, *EXAMPLE)
    assert result.exit_code == 1 and "(CB-12)" in result.stderr
    assert club.read_bytes() == before


def test_cb12_ties_share_the_place(cli, club):
    assert cli("record", club, *EXAMPLE).exit_code == 0
    places = one_json(cli("standings", club, "--json"))["places"]
    assert places == {"Asha": 2, "Bikash": 3, "Chandra": 1, "Dipak": 3}


def test_rules_callbreak_prints_a_rule(cli):
    result = cli("rules", "callbreak", "CB-6")
    assert result.exit_code == 0, result.stderr
    assert "must head the trick" in result.stdout


def test_profiles_lists_callbreak_with_its_options(cli):
    data = one_json(cli("profiles", "--json"))["profiles"]
    found = [p for p in data if p["game"] == "callbreak"]
    assert [p["profile"] for p in found] == ["classic"]
    assert found[0]["options"]["max_bid"] == 8
    assert found[0]["options"]["overtricks"] == "tenth"


# -- interactive record ------------------------------------------------------------------

@pytest.fixture
def tty(monkeypatch):
    import scorekeeper.commands.record

    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)


def test_cb4_cb9_interactive_calls_first_then_tricks_asking_again(cli, club, tty):
    # Asha deals: Bikash calls first (CB-4); then the tricks, Dipak's
    # offered as what is left of 13
    answers = ["2", "4", "9",        # Dipak's 9 is out of range: asked again
               "2", "3",
               "n",                  # not saved alone first (CB-18)
               "2", "5", "2",        # tricks of Bikash, Chandra, Dipak
               "y"]                  # Asha: the 4 left of 13, not asked
    result = cli("record", club, input="\n".join(answers) + "\n",
                 env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stdout + result.stderr
    assert result.stderr.index("Bikash's call") < result.stderr.index("Asha's call")
    assert result.stderr.count("Dipak's call") == 2
    assert "Bikash's call (1–8; on the dealer's right, calls first)" in result.stderr
    assert "(CB-4)" in result.stderr
    assert "After the 13 tricks: Bikash took (0–13)" in result.stderr
    assert "Asha took" not in result.stderr
    assert "Asha called 3, took 4: 3.1 (CB-10)" in result.stdout
    data = one_json(cli("history", club, "--json"))["hands"][0]
    assert data["calls"] == {"Asha": 3, "Bikash": 2, "Chandra": 4, "Dipak": 2}
    assert data["tricks"] == {"Asha": 4, "Bikash": 2, "Chandra": 5, "Dipak": 2}


def test_cb9_interactive_tricks_past_13_are_asked_again(cli, club, tty):
    # calls of Bikash, Chandra, Dipak, Asha; tricks: Bikash 9, Chandra 2,
    # Dipak 5 (only 2 are left: asked again), 2; Asha the 0 left
    answers = ["2", "4", "2", "3", "n", "9", "2", "5", "2", "", "y"]   # n: CB-18
    result = cli("record", club, input="\n" + "\n".join(answers) + "\n",
                 env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "tricks taken is a whole number from 0 to 2, not '5'" in result.stderr
    assert "(CB-9)" in result.stderr
    assert one_json(cli("standings", club, "--json"))["totals"]["Asha"] == -30


def test_interactive_amend_offers_what_the_deal_stores(cli, club, tty):
    assert cli("record", club, *EXAMPLE).exit_code == 0
    result = cli("amend", club, "1", input="\n" * 8 + "y\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stdout + result.stderr
    verified = one_json(cli("verify", club, "--json"))
    assert verified["ok"] is True
    assert one_json(cli("standings", club, "--json"))["totals"]["Chandra"] == 41


# -- the session's length, and after the night ----------------------------------------------

SAMPLE = Path(__file__).resolve().parents[2] / "sample_sessions" / "callbreak-dashain.toml"


def test_cb12_new_rounds_and_extend_rounds(cli, tmp_path):
    path = tmp_path / "short.toml"
    made = cli("new", path, "--game", "callbreak", "--players", PLAYERS,
               "--rounds", "1")
    assert made.exit_code == 0, made.stderr
    assert "rounds = 1" in path.read_text(encoding="utf-8")
    assert cli("record", path, *EXAMPLE).exit_code == 0
    refused = cli("record", path, *EXAMPLE)
    assert refused.exit_code == 1 and "extend" in refused.stderr
    assert "--rounds N" in refused.stderr
    assert cli("extend", path, "--rounds", "2").exit_code == 0
    assert cli("record", path, *EXAMPLE).exit_code == 0
    wrong = cli("new", tmp_path / "no.toml", "--game", "callbreak",
                "--players", PLAYERS, "--hands", "3")
    assert wrong.exit_code == 2 and "--rounds" in wrong.stderr


def test_cb12_worked_example_extend_hands_is_extend_rounds(cli, tmp_path):
    """RULES.md CB-12 (issue 38): a deal is a hand, so `extend --hands 3`
    on a 2-deal game plans 3 deals, stored as `rounds`."""
    path = tmp_path / "short.toml"
    assert cli("new", path, "--game", "callbreak", "--players", PLAYERS,
               "--rounds", "2").exit_code == 0
    result = cli("extend", path, "--hands", "3")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "" and "3 hands planned, 0 played." in result.stderr
    assert "rounds = 3" in path.read_text(encoding="utf-8")
    assert one_json(cli("standings", path, "--json"))["hands_planned"] == 3


def test_cb13_settle_up_every_pair_settles_the_difference_of_totals(cli):
    data = one_json(cli("settle-up", SAMPLE, "--json"))
    totals = one_json(cli("standings", SAMPLE, "--json"))["totals"]
    everyone = sum(totals.values())
    assert data["balances"] == {p: 4 * t - everyone for p, t in totals.items()}
    assert data["balances"] == {"Asha": 9, "Bikash": -35, "Chandra": -103,
                                "Dipak": 129}
    assert sum(data["balances"].values()) == 0


def test_stats_counts_calls_made_and_missed_and_the_best_deal(cli):
    data = one_json(cli("stats", SAMPLE, "--json"))["games"]["callbreak/points"]
    asha = data["Asha"]
    assert (asha["made"], asha["missed"], asha["hands"]) == (4, 1, 5)
    assert asha["best"] == 50 and asha["worst"] == -30
    assert asha["called"] == 3 + 3 + 5 + 2 + 4
    assert asha["average_called"] == 3.4 and asha["average_took"] == 3.6


def test_export_and_history_read_tenths(cli):
    csv_text = cli("export", SAMPLE, "--format", "csv").stdout
    assert "1,Asha,Chandra,3.1,2.0,4.1,2.0," in csv_text
    rows = one_json(cli("history", SAMPLE, "--json"))["hands"]
    assert rows[1]["missed"] == ["Asha"]
    assert rows[-1]["totals_display"] == {"Asha": "11.2", "Bikash": "10.1",
                                          "Chandra": "8.4", "Dipak": "14.2"}


def test_chart_draws_a_callbreak_session(cli):
    result = cli("chart", SAMPLE, "--ascii", env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.stderr
    assert "Dipak 14.2" in result.stdout


def amended(cli, club: Path, *flags: str) -> dict:
    """EXAMPLE recorded, then hand 1 amended with `flags`: its JSON."""
    assert cli("record", club, *EXAMPLE).exit_code == 0
    result = cli("amend", club, "1", *flags, "--json")
    assert result.exit_code == 0, result.stderr
    return one_json(result)


def test_cb9_amend_a_few_players_keeps_every_other_stored_count(cli, club):
    data = amended(cli, club, "--won", "Chandra=3", "--won", "Dipak=4")
    assert data["points"] == {"Asha": 31, "Bikash": 20, "Chandra": -40, "Dipak": 22}
    assert data["calls"] == {"Asha": 3, "Bikash": 2, "Chandra": 4, "Dipak": 2}
    before = club.read_bytes()
    wrong = cli("amend", club, "1", "--won", "Asha=5")
    assert wrong.exit_code == 2 and "(CB-9)" in wrong.stderr
    assert club.read_bytes() == before


def test_cb9_amend_takes_the_comma_form_record_takes(cli, club):
    # `--won a=3,b=4` in one, as `record` takes it: a trick moved from one
    # player to another is the usual correction
    data = amended(cli, club, "--won", "Chandra=3,Dipak=4", "--bid", "Asha=2")
    assert data["tricks"]["Chandra"] == 3 and data["tricks"]["Dipak"] == 4
    assert data["calls"] == {"Asha": 2, "Bikash": 2, "Chandra": 4, "Dipak": 2}
    before = club.read_bytes()
    twice = cli("amend", club, "1", "--won", "Chandra=4,c=2")
    assert twice.exit_code == 2 and "two tricks counts given for Chandra (CB-9)" \
        in twice.stderr
    assert twice.stdout == "" and club.read_bytes() == before

# RULES.md CB-12 and CB-13: three deals that end A 12.3, B 8.0, C 12.3, D -3.0
TIED = [((6, 1, 5, 1), (7, 0, 6, 0)), ((5, 3, 3, 1), (6, 3, 4, 0)),
        ((1, 6, 4, 1), (2, 6, 5, 0))]


def test_cb12_worked_example_equal_totals_share_the_place(cli, club):
    for calls, tricks in TIED:
        assert cli("record", club, *deal(calls, tricks)).exit_code == 0
    data = one_json(cli("standings", club, "--json"))
    assert data["totals"] == {"Asha": 123, "Bikash": 80, "Chandra": 123, "Dipak": -30}
    assert data["places"] == {"Asha": 1, "Bikash": 3, "Chandra": 1, "Dipak": 4}
    shown = cli("standings", club, env={"COLUMNS": "100"}).stdout
    assert "+12.3" in shown and "-3.0" in shown


def test_cb13_worked_example_at_10_a_point_a_and_c_receive_196(cli, club):
    for calls, tricks in TIED:
        assert cli("record", club, *deal(calls, tricks)).exit_code == 0
    data = one_json(cli("settle-up", club, "--json"))
    # balances in tenths of a point: (4·Tᵢ − ΣT); at 10 a point, money
    assert data["balances"] == {"Asha": 196, "Bikash": 24, "Chandra": 196,
                                "Dipak": -416}
    assert data["balances_display"]["Asha"] == "19.6"
    money = one_json(cli("settle-up", club, "--rate", "10", "--json"))["money"]
    assert money["balances"] == {"Asha": 196, "Bikash": 24, "Chandra": 196,
                                 "Dipak": -416}


def test_cb2_worked_example_the_deal_goes_round_the_table(cli, club):
    for _ in range(5):
        assert cli("record", club, *EXAMPLE).exit_code == 0
    rows = one_json(cli("history", club, "--json"))["hands"]
    assert [r["dealer"] for r in rows] == ["Asha", "Bikash", "Chandra", "Dipak",
                                           "Asha"]


def test_cb2_clockwise_the_first_caller_sits_on_the_dealers_left(cli, tmp_path, tty):
    path = tmp_path / "left.toml"
    assert cli("new", path, "--game", "callbreak", "--players", PLAYERS,
               "--set", "clockwise=true").exit_code == 0
    answers = ["2", "4", "2", "3", "n", "2", "5", "2", "", "y"]   # n: CB-18
    result = cli("record", path, input="\n" + "\n".join(answers) + "\n",
                 env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "Bikash's call (1–8; on the dealer's left, calls first)" in result.stderr


def test_amend_a_long_changed_input_wraps_with_a_hanging_indent(cli, club):
    """`--won: Asha=4, … → …` is longer than 60 columns: it wraps at spaces
    with its continuation indented under the line, like every sentence of a
    ruling (CLI.md), never back at column 0."""
    assert cli("record", club, *EXAMPLE).exit_code == 0
    amended = cli("amend", club, "1", "--won", "Chandra=3", "--won", "Dipak=4",
                  env={"COLUMNS": "60"})
    assert amended.exit_code == 0, amended.stderr
    lines = amended.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("  --won: "))
    inputs = lines[start:lines.index("  Totals:")]
    assert len(inputs) > 1 and all(len(line) <= 60 for line in inputs)
    assert all(line.startswith("      ") for line in inputs[1:]), inputs
    said = " ".join(line.strip() for line in inputs)
    assert said == ("--won: Asha=4, Bikash=2, Chandra=5, Dipak=2 → Asha=4, "
                    "Bikash=2, Chandra=3, Dipak=4")


# -- export: the calls and tricks beside the points -------------------------------------

def test_cb10_the_csv_export_gives_each_call_and_tricks_taken(cli, club):
    import csv
    import io

    assert cli("record", club, *EXAMPLE).exit_code == 0
    assert cli("record", club, *MISSED).exit_code == 0
    out = cli("export", club, "--format", "csv")
    assert out.exit_code == 0, out.stderr
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    assert [r["called:Chandra"] for r in rows] == ["4", "4"]
    assert [r["took:Chandra"] for r in rows] == ["5", "3"]
    assert [r["took:Dipak"] for r in rows] == ["2", "4"]
    assert rows[1]["points:Chandra"] == "-4.0"             # CB-10: missed its call


def test_cb10_the_markdown_export_has_a_table_of_calls_and_one_of_tricks(cli, club):
    assert cli("record", club, *EXAMPLE).exit_code == 0
    text = cli("export", club, "--format", "md").stdout
    calls = text.split("Calls:\n")[1].split("\n\n")[0].splitlines()
    tricks = text.split("Tricks taken:\n")[1].split("\n\n")[0].splitlines()
    assert calls[-1] == "| 1 | 3 | 2 | 4 | 2 |" and tricks[-1] == "| 1 | 4 | 2 | 5 | 2 |"
    assert "Cards shown" not in text


def test_cb13_standings_in_money_say_why_money_is_not_the_points(cli, club):
    # a new user read +Rs 43 beside +6.0 and -Rs 58 beside +2.0 as a bug
    assert cli("record", club, "--bid", "a=3,b=2,c=4,d=2",
               "--won", "a=4,b=2,c=5,d=2").exit_code == 0
    result = cli("standings", club, "--rate", "10", env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.stderr
    said = " ".join(result.stdout.split())
    assert "Money is not points: each pair of players settles the difference of " \
           "their points" in said
    assert "Asha: (3.1 × 4 − 11.2) × Rs 10 a point (NPR) = +Rs 12" in said
