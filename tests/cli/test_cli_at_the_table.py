"""At the table: fix a past hand (`amend`), see any hand again (`show`),
`undo` that says what it removes, eliminations announced (DC-9), and
never stale totals after a hand edit."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import scorekeeper.commands.edit
import scorekeeper.commands.record
import scorekeeper.commands.verify
from scorekeeper.ledger.document import parse
from scorekeeper.session.verify import verify

HAND = ["--call", "Asha", "--hand", "Asha=A♦ A♣ A♥ 2♦", "--hand", "Bikash=2♠ 3♣",
        "--hand", "Chandra=9♥"]
WIN = ["--call", "Asha", "--hand", "Asha=A♦", "--hand", "Bikash=2♠ 3♣",
       "--hand", "Chandra=9♥"]
SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"


def hands_of(path: Path):
    return parse(path.read_text(encoding="utf-8"), str(path)).hands


@pytest.fixture
def three(cli, tmp_path: Path) -> Path:
    path = tmp_path / "three.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash,Chandra",
               "--hands", "5").exit_code == 0
    for _ in range(3):
        assert cli("record", path, *HAND).exit_code == 0
    return path


# -- amend --------------------------------------------------------------------------

def test_dh8_amend_rerules_hand_2_of_3_and_keeps_the_others(cli, three):
    before = [dict(h.data) for h in hands_of(three)]
    result = cli("amend", three, "2", *WIN, "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["hand"] == 2 and data["caught"] is False and data["winner"] == "Asha"
    assert data["totals_before"]["Asha"] == -75 and data["totals_after"]["Asha"] == -36
    after = hands_of(three)
    assert [dict(h.data) for h in after][0::2] == before[0::2]   # 1 and 3 as they were
    assert after[1].data["net"] == {"Asha": 14, "Bikash": -5, "Chandra": -9}
    assert verify(parse(three.read_text(encoding="utf-8"), "x")) == []


def test_amend_human_shows_the_ruling_and_totals_before_and_after(cli, three):
    result = cli("amend", three, "1", *WIN, env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.stderr
    assert "Asha collects 14" in result.stdout
    assert "-75 → -36" in result.stdout and "(+39)" in result.stdout


@pytest.mark.parametrize("number, says", [
    ("0", "has no hand 0 (hands 1–3)"), ("4", "has no hand 4 (hands 1–3)"),
    ("-1", "No such option: -1"),       # read as an option, never as a hand
])
def test_amend_a_hand_that_does_not_exist_is_exit_2(cli, three, number, says):
    before = three.read_bytes()
    result = cli("amend", three, number, *WIN)
    assert result.exit_code == 2 and says in result.stderr
    assert three.read_bytes() == before


def test_dc9_amend_refused_when_a_later_hand_becomes_impossible(cli, tmp_path):
    path = tmp_path / "club.toml"
    shutil.copyfile(SAMPLES / "dhumbal-cardrulesplus.toml", path)
    before = path.read_bytes()
    # Hand 1 again with Bikash holding much more: he would be out before
    # hand 6, which he played.
    result = cli("amend", path, "1", "--call", "Bikash", "--hand", "Asha=K♠ Q♥ 5♦",
                 "--hand", "Bikash=A♠ 2♥ JK", "--hand", "Chandra=J♣ 9♦",
                 "--hand", "Dipesh=A♣ 2♣")
    assert result.exit_code == 1 and "would leave" in result.stderr
    assert "hand 4: Asha plays this hand but has no score (DC-1)" in result.stderr
    assert "hand 6: Bikash has a score but was eliminated before this hand (DC-9)" \
        in result.stderr
    assert path.read_bytes() == before
    caught = cli("amend", path, "2", "--call", "Asha", "--hand", "Asha=K♠ K♥ K♦",
                 "--hand", "Bikash=K♣", "--hand", "Chandra=A♦", "--hand",
                 "Dipesh=6♣")
    assert caught.exit_code == 1                      # Asha out two hands early
    assert "hand 3: Asha has a score but was eliminated before this hand" in caught.stderr


def test_amend_fixes_a_hand_edited_into_disagreement(cli, three):
    text = three.read_text(encoding="utf-8")
    three.write_text(text.replace('Bikash = "2♠ 3♣"', 'Bikash = "2♠ 9♣"', 1),
                     encoding="utf-8")
    stale = cli("record", three, *HAND)                     # refused: stale
    assert stale.exit_code == 1 and "does not verify" in stale.stderr
    assert "hand 1: `net` as stored disagrees with the rules" in stale.stderr
    assert cli("amend", three, "1", *HAND).exit_code == 0   # mended
    assert cli("verify", three).exit_code == 0
    assert cli("record", three, *HAND).exit_code == 0


def test_amend_mends_one_of_two_edited_hands_and_says_the_other_still_disagrees(
        cli, three):
    text = three.read_text(encoding="utf-8")
    three.write_text(text.replace('Chandra = "9♥"', 'Chandra = "9♥ K♠"', 2),
                     encoding="utf-8")
    first = cli("amend", three, "1", *HAND)
    assert first.exit_code == 0, first.stderr
    assert "hand 2: `net` as stored disagrees" in first.stderr
    assert "hand 1:" not in first.stderr
    # what amend wrote is not taken as trusted: hand 2 is still warned of
    assert "hand 2:" in cli("standings", three).stderr
    left = cli("verify", three, "--json")
    assert left.exit_code == 1
    assert [p["hand"] for p in json.loads(left.stdout)["problems"]] == [2]
    second = cli("amend", three, "2", *HAND, "--json")
    assert second.exit_code == 0 and json.loads(second.stdout)["problems"] == []
    assert cli("verify", three).exit_code == 0


def test_dc9_amend_of_a_ledger_that_does_not_verify_may_not_add_a_problem(
        cli, tmp_path):
    path = tmp_path / "club.toml"
    text = (SAMPLES / "dhumbal-cardrulesplus.toml").read_text(encoding="utf-8")
    path.write_text(text.replace('Chandra = "J♣ 9♦"', 'Chandra = "K♣ J♣ 9♦"', 1),
                    encoding="utf-8")
    assert cli("verify", path).exit_code == 1              # hand 1 disagrees
    edited = path.read_bytes()
    caught = cli("amend", path, "2", "--call", "Asha", "--hand", "Asha=K♠ K♥ K♦",
                 "--hand", "Bikash=K♣", "--hand", "Chandra=A♦", "--hand",
                 "Dipesh=6♣")
    assert caught.exit_code == 1
    assert "hand 3: Asha has a score but was eliminated before this hand (DC-9)" \
        in caught.stderr
    assert "hand 1" not in caught.stderr and path.read_bytes() == edited


def test_amend_interactive_is_prefilled_with_the_stored_hand(cli, three, monkeypatch):
    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)
    answers = ["", "A♦", "", "", "y"]        # keep the caller, change Asha only
    result = cli("amend", three, "2", input="\n".join(answers) + "\n",
                 env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.stderr
    assert "[Asha]" in result.stderr and "[A♦ A♣ A♥ 2♦]" in result.stderr
    assert hands_of(three)[1].data["cards"]["Asha"] == "A♦"


# -- show ----------------------------------------------------------------------------

def test_show_prints_the_ruling_as_record_did(cli, tmp_path):
    path = tmp_path / "s.toml"
    assert cli("new", path, "--game", "dhumbal", "--players",
               "Asha,Bikash,Chandra").exit_code == 0
    recorded = cli("record", path, *HAND, "--json")
    shown = cli("show", path, "1", "--json")
    assert shown.exit_code == 0
    assert json.loads(shown.stdout) == json.loads(recorded.stdout)
    human = cli("record", path, *WIN, env={"COLUMNS": "120"})
    again = cli("show", path, "2", env={"COLUMNS": "120"})
    ruling, standings = human.stdout.split("  Dhumbal (nepali-games)")
    # and the date the hand was recorded on, under its ruling
    assert again.stdout == ruling + "  Recorded on 2026-12-05.\n  Dhumbal (nepali-games)" \
        + standings


def test_show_of_a_hand_edited_into_disagreement_says_what_it_stores(cli, three):
    text = three.read_text(encoding="utf-8")
    three.write_text(text.replace('Chandra = "9♥"', 'Chandra = "9♥ K♠"', 1),
                     encoding="utf-8")
    human = cli("show", three, "1", env={"COLUMNS": "120"})
    assert human.exit_code == 0
    assert human.stdout.startswith("  Hand 1 does not verify: the ledger stores net "
                                   "Asha -25, Bikash +34, Chandra -9.")
    assert "Totals as stored" in human.stdout and "warning:" in human.stderr
    data = json.loads(cli("show", three, "1", "--json").stdout)
    assert data["stored"] == {"net": {"Asha": -25, "Bikash": 34, "Chandra": -9}}
    assert data["net"] != data["stored"]["net"] and data["problems"][0]["hand"] == 1
    sound = json.loads(cli("show", three, "2", "--json").stdout)
    assert "problems" not in sound and "stored" not in sound


def test_show_of_stored_cards_that_cannot_be_read_says_where(cli, three):
    text = three.read_text(encoding="utf-8")
    three.write_text(text.replace('Chandra = "9♥"', 'Chandra = "ZZ"', 1),
                     encoding="utf-8")
    result = cli("show", three, "1")
    assert result.exit_code == 2
    assert f"error: {three}:" in result.stderr
    assert "hand 1's stored inputs cannot be ruled: Chandra's hand: cannot read the " \
        "card 'ZZ'" in result.stderr and f"amend {three} 1" in result.stderr


def test_show_a_hand_that_does_not_exist_is_exit_2(cli, three):
    result = cli("show", three, "9", "--json")
    assert result.exit_code == 2 and "no hand 9" in json.loads(result.stdout)["error"]


# -- undo ----------------------------------------------------------------------------

def test_undo_on_a_terminal_says_which_hand_and_asks(cli, three, monkeypatch):
    monkeypatch.setattr(scorekeeper.commands.edit, "stdin_is_tty", lambda: True)
    before = three.read_bytes()
    declined = cli("undo", three, input="n\n")
    assert declined.exit_code == 0 and "Remove hand 3" in declined.stderr
    assert three.read_bytes() == before
    accepted = cli("undo", three, input="y\n")
    assert accepted.exit_code == 0 and "Removed hand 3" in accepted.stderr
    assert len(hands_of(three)) == 2
    assert cli("undo", three, "--yes").exit_code == 0
    assert len(hands_of(three)) == 1


# -- DC-9: eliminations announced ------------------------------------------------------

def test_dc9_elimination_is_announced_in_the_ruling_and_the_json(cli, tmp_path):
    path = tmp_path / "club.toml"
    assert cli("new", path, "--game", "dhumbal", "--profile", "cardrulesplus",
               "--players", "Asha,Bikash,Chandra", "--set", "eliminate_at=30",
               "--set", "faces=full").exit_code == 0
    result = cli("record", path, "--call", "Chandra", "--hand", "Asha=K♠ Q♥ 5♦",
                 "--hand", "Bikash=2♠", "--hand", "Chandra=A♠", "--json")
    data = json.loads(result.stdout)
    assert data["eliminated"] == ["Asha"] and "DC-9" in data["rules"]
    assert "Asha reaches 30 ≥ 30: out (DC-9)" in data["explanation"]
    human = cli("show", path, "1", env={"COLUMNS": "120"})
    assert "Asha reaches 30 ≥ 30: out (DC-9)" in human.stdout


# -- never stale totals ----------------------------------------------------------------

def test_a_hand_edit_is_warned_about_and_writes_are_refused(cli, three):
    text = three.read_text(encoding="utf-8")
    three.write_text(text.replace('Chandra = "9♥"', 'Chandra = "9♥ K♠"', 1),
                     encoding="utf-8")
    edited = three.read_bytes()
    for command in (["standings"], ["history"], ["export", "--format", "csv"]):
        result = cli(*command[:1], three, *command[1:])
        assert result.exit_code == 0
        assert "warning:" in result.stderr and "hand 1" in result.stderr
    data = json.loads(cli("standings", three, "--json").stdout)
    assert {p["hand"] for p in data["problems"]} == {1}
    for command in (["record", *HAND], ["extend", "--hands", "9"],
                    ["rename", "Asha", "Ashika"]):
        refused = cli(command[0], three, *command[1:])
        assert refused.exit_code == 1 and "amend" in refused.stderr
        assert three.read_bytes() == edited


def test_dh12_a_plan_edited_below_the_hands_played_is_mended_by_extend(cli, three):
    text = three.read_text(encoding="utf-8")
    three.write_text(text.replace("hands = 5", "hands = 2", 1), encoding="utf-8")
    checked = cli("verify", three)
    assert checked.exit_code == 1 and "plans 2 hands" in checked.stderr
    assert cli("extend", three, "--hands", "2").exit_code == 2   # 3 are played
    assert cli("extend", three, "--hands", "4").exit_code == 0
    assert cli("verify", three).exit_code == 0


def test_dh12_extend_mends_a_short_plan_but_not_while_a_hand_also_disagrees(cli, three):
    text = three.read_text(encoding="utf-8").replace("hands = 5", "hands = 2", 1)
    three.write_text(text.replace('Chandra = "9♥"', 'Chandra = "9♥ K♠"', 1),
                     encoding="utf-8")
    extended = cli("extend", three, "--hands", "4")
    assert extended.exit_code == 0 and "warning:" in extended.stderr   # hand 1 still
    assert "hand 1:" in extended.stderr
    again = cli("extend", three, "--hands", "6")     # nothing left to mend: refused
    assert again.exit_code == 1 and "does not verify" in again.stderr


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.toml")),
                         ids=lambda p: p.name)
def test_amend_with_a_hands_own_inputs_changes_nothing(sample):
    """Every stored hand, asked again with what it stores (as `amend`'s
    questions are pre-filled), rules to the same [[hands]] table (the ids
    cited may be worded anew: MA-15 is cited since the house options)."""
    session = parse(sample.read_text(encoding="utf-8"), str(sample))
    for h in session.hands:
        flags = session.game.flags_from_stored(h.data)
        flags.update({"out": list(h.data.get("out", []))})
        if h.data.get("dealer_corrected"):
            flags["dealer"] = h.dealer
        ruled = session.rule_amended(h.number, flags)
        fresh, stored = dict(ruled.stored), dict(h.data)
        assert set(fresh.pop("rules")) >= set(stored.pop("rules"))
        assert fresh == stored, (sample.name, h.number)


# -- sitting out, dealer corrections, renaming -------------------------------------------

def four(cli, tmp_path: Path, game: str = "dhumbal") -> Path:
    path = tmp_path / f"four-{game}.toml"
    assert cli("new", path, "--game", game, "--players", "Asha,Bikash,Chandra,Dipesh",
               *(["--hands", "8"] if game == "dhumbal" else [])).exit_code == 0
    return path


def test_dh3_a_player_who_sits_out_is_not_dealt_scores_0_and_is_skipped_in_the_deal(
        cli, tmp_path):
    path = four(cli, tmp_path)
    # Asha deals first; she sits out, so the deal skips her: Bikash deals.
    result = cli("record", path, "--out", "asha", "--call", "Bikash",
                 "--hand", "Bikash=A♦", "--hand", "Chandra=9♥",
                 "--hand", "Dipesh=K♠", "--json")
    assert result.exit_code == 0, result.stderr
    hand = hands_of(path)[0]
    assert hand.dealer == "Bikash" and hand.data["out"] == ["Asha"]
    assert "Asha" not in hand.scores and sum(hand.scores.values()) == 0
    row = json.loads(cli("history", path, "--json").stdout)["hands"][0]
    assert row["sat_out"] == ["Asha"] and row["out"] == ["Asha"]
    assert cli("verify", path).exit_code == 0
    # Asha's hand is refused while she sits out
    refused = cli("record", path, "--out", "Asha", "--call", "Bikash",
                  "--hand", "Asha=A♠", "--hand", "Bikash=A♦", "--hand", "Chandra=9♥",
                  "--hand", "Dipesh=K♠")
    assert refused.exit_code == 2 and "Asha does not play this hand" in refused.stderr


def test_dh3_amend_with_out_dash_seats_a_player_again(cli, tmp_path):
    path = four(cli, tmp_path)
    assert cli("record", path, "--out", "Asha", "--call", "Bikash", "--hand",
               "Bikash=A♦", "--hand", "Chandra=9♥", "--hand", "Dipesh=K♠").exit_code == 0
    kept = cli("amend", path, "1", "--call", "Bikash", "--hand", "Bikash=A♦",
               "--hand", "Chandra=9♥", "--hand", "Dipesh=K♠")
    assert kept.exit_code == 0 and hands_of(path)[0].data["out"] == ["Asha"]
    again = cli("amend", path, "1", "--out", "-", "--call", "Bikash", "--hand",
                "Asha=Q♠", "--hand", "Bikash=A♦", "--hand", "Chandra=9♥",
                "--hand", "Dipesh=K♠")
    assert again.exit_code == 0, again.stderr
    hand = hands_of(path)[0]
    assert "out" not in hand.data and hand.dealer == "Asha" and "Asha" in hand.scores
    assert cli("verify", path).exit_code == 0
    mixed = cli("amend", path, "1", "--out", "-", "--out", "Asha", "--call", "Bikash")
    assert mixed.exit_code == 2 and "give it alone" in mixed.stderr


def test_dh8_tie_break_order_leaves_out_a_player_who_sits_out(cli):
    # Dealer Asha, B sits out: of C and D tied at 4, C is first from the
    # dealer's left among those who play.
    result = cli("settle", "dhumbal", "--players", "Asha,Chandra,Dipesh",
                 "--dealer", "Asha", "--call", "Asha", "--hand", "Asha=A♠ 3♦",
                 "--hand", "Chandra=2♥ 2♦", "--hand", "Dipesh=A♣ 3♣", "--json")
    assert json.loads(result.stdout)["winner"] == "Chandra"


def test_ma12_a_player_who_sits_out_is_left_out_of_n_and_t(cli, tmp_path):
    path = four(cli, tmp_path, "marriage")
    result = cli("record", path, "--out", "Dipesh", "--finish", "Asha",
                 "--tiplu", "J♣", "--seen", "Bikash",
                 "--hand", "Asha=3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ "
                           "7♠ 7♦ 7♣ K♦ K♦ K♦",
                 "--hand", "Bikash=Q♣", "--hand", "Chandra=-", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["net"] == {"Asha": 31, "Bikash": -9, "Chandra": -22}   # n = 3


MA_FINISH = ("--tiplu", "J♣", "--hand", "Asha=3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ "
             "2♥ 3♥ 4♥ 7♠ 7♦ 7♣ K♦ K♦ K♦", "--hand", "Bikash=Q♣", "--hand", "Chandra=-")


@pytest.mark.parametrize("extra, who", [
    (("--finish", "Dipesh"), "Dipesh does not play this hand"),   # the finisher sits out
    (("--finish", "Asha", "--hand", "Dipesh=-"), "a hand is given, but Dipesh"),
    (("--finish", "Asha", "--seen", "Dipesh"), "Dipesh does not play this hand"),
])
def test_ma1_a_marriage_player_who_sits_out_cannot_finish_show_or_see(
        cli, tmp_path, extra, who):
    path = four(cli, tmp_path, "marriage")
    before = path.read_bytes()
    result = cli("record", path, "--out", "Dipesh", *MA_FINISH, *extra)
    assert result.exit_code == 2 and who in result.stderr
    assert "Traceback" not in result.stderr and path.read_bytes() == before


@pytest.mark.parametrize("edit, said", [
    (('finisher = "Asha"', 'finisher = "Zed"'), "Zed does not play this hand"),
    (('tiplu = "J♣"', 'tiplu = "J♣"\ntunnelas = { Zed = ["K♦"] }'),
     "Zed does not play this hand"),
    (('tiplu = "J♣"', 'tiplu = "J♣"\ntunnelas = { Asha = "K♦" }'),
     "`tunnelas` a table NAME = [CARDS]"),
    (('tiplu = "J♣"', 'tiplu = "J♣"\ntunnelas = { Asha = 3 }'),
     "`tunnelas` a table NAME = [CARDS]"),
])
def test_ma1_a_marriage_hand_edited_to_name_a_stranger_is_a_problem_not_a_crash(
        cli, tmp_path, edit, said):
    path = four(cli, tmp_path, "marriage")
    assert cli("record", path, "--out", "Dipesh", "--finish", "Asha",
               *MA_FINISH).exit_code == 0
    text = path.read_text(encoding="utf-8")
    assert edit[0] in text
    path.write_text(text.replace(edit[0], edit[1]), encoding="utf-8")
    checked = cli("verify", path)
    assert checked.exit_code == 1 and said in checked.stdout + checked.stderr
    for command in (("standings", path), ("history", path), ("stats", tmp_path)):
        shown = cli(*command)
        assert shown.exit_code == 0 and "internal error" not in shown.stderr


def test_dh3_a_recorded_dealer_correction_verifies_and_the_rotation_goes_on(cli, tmp_path):
    path = four(cli, tmp_path)
    assert cli("record", path, "--dealer", "Chandra", *HAND_FOUR).exit_code == 0
    first = hands_of(path)[0]
    assert first.dealer == "Chandra" and first.data["dealer_corrected"] is True
    assert cli("verify", path).exit_code == 0
    standings = json.loads(cli("standings", path, "--json").stdout)
    assert standings["next_dealer"] == "Dipesh"        # from the last hand
    assert cli("record", path, *HAND_FOUR).exit_code == 0
    assert hands_of(path)[1].dealer == "Dipesh"
    # an edit that moves a dealer without recording a correction is caught
    text = path.read_text(encoding="utf-8").replace(
        'dealer = "Dipesh"', 'dealer = "Bikash"')
    path.write_text(text, encoding="utf-8")
    assert cli("verify", path).exit_code == 1


HAND_FOUR = ["--call", "Asha", "--hand", "Asha=A♦", "--hand", "Bikash=2♠ 3♣",
             "--hand", "Chandra=9♥", "--hand", "Dipesh=K♠"]


def test_rename_changes_the_name_everywhere(cli, tmp_path):
    path = four(cli, tmp_path)
    assert cli("record", path, "--out", "Bikash", "--call", "Asha", "--hand",
               "Asha=A♦", "--hand", "Chandra=9♥", "--hand", "Dipesh=K♠").exit_code == 0
    assert cli("record", path, *HAND_FOUR).exit_code == 0
    result = cli("rename", path, "bikash", "Bikash Bahadur")
    assert result.exit_code == 0, result.stderr
    # the player as they were called, not as typed ("bikash is now …")
    assert "Bikash is now Bikash Bahadur in every hand" in result.stderr
    text = path.read_text(encoding="utf-8")
    assert "Bikash Bahadur" in text and '"Bikash"' not in text
    session = parse(text, str(path))
    assert session.players[1] == "Bikash Bahadur"
    assert session.hands[0].data["out"] == ["Bikash Bahadur"]
    assert cli("verify", path).exit_code == 0
    assert json.loads(cli("standings", path, "--json").stdout)["totals"][
        "Bikash Bahadur"] == -5


@pytest.mark.parametrize("new", ["Asha", "asha", "", "A=B", "A,B"])
def test_rename_to_a_name_taken_or_impossible_is_exit_2(cli, tmp_path, new):
    path = four(cli, tmp_path)
    before = path.read_bytes()
    result = cli("rename", path, "Bikash", new)
    assert result.exit_code == 2 and result.stderr.startswith("error: ")
    assert result.stderr.rstrip().endswith("(DH-1)")
    assert path.read_bytes() == before


def test_rename_to_the_same_name_is_exit_2_and_writes_nothing(cli, tmp_path):
    path = four(cli, tmp_path)
    before = path.read_bytes()
    same = cli("rename", path, "bikash", "Bikash")
    assert same.exit_code == 2 and "already called Bikash" in same.stderr
    assert path.read_bytes() == before


# -- verify --fix ------------------------------------------------------------------------

def test_verify_fix_rerules_disagreeing_hands_after_asking(cli, three, monkeypatch):
    text = three.read_text(encoding="utf-8")
    three.write_text(text.replace('Chandra = "9♥"', 'Chandra = "9♥ K♠"', 1),
                     encoding="utf-8")
    edited = three.read_bytes()
    shown = cli("verify", three, "--fix")                   # no terminal, no --yes
    assert shown.exit_code == 1 and "would store" in shown.stderr
    assert three.read_bytes() == edited
    monkeypatch.setattr(scorekeeper.commands.verify, "stdin_is_tty", lambda: True)
    declined = cli("verify", three, "--fix", input="n\n")
    assert declined.exit_code == 1 and three.read_bytes() == edited
    fixed = cli("verify", three, "--fix", "--json", input="y\n")
    # (CliRunner echoes the typed answer on stdout; a terminal does not)
    data = json.loads(fixed.stdout.splitlines()[-1])
    assert fixed.exit_code == 0 and data["ok"] and data["fixed"] == [1]
    assert cli("verify", three).exit_code == 0
    assert hands_of(three)[0].data["cards"]["Chandra"] == "9♥ K♠"


def test_verify_fix_that_leaves_a_dealer_problem_still_exits_0_after_writing(cli, three):
    text = three.read_text(encoding="utf-8")
    text = text.replace('Chandra = "9♥"', 'Chandra = "9♥ K♠"', 1)
    three.write_text(text.replace('dealer = "Chandra"', 'dealer = "Asha"', 1),
                     encoding="utf-8")
    fixed = cli("verify", three, "--fix", "--yes")
    assert fixed.exit_code == 0, fixed.stderr
    assert "re-ruled hand 1" in fixed.stderr and "still does not verify" in fixed.stderr
    assert "hand 3: dealer Asha" in fixed.stderr
    assert cli("verify", three).exit_code == 1
    again = cli("verify", three, "--fix", "--yes")       # nothing to re-rule
    assert again.exit_code == 1 and "no stored result to re-rule" in again.stderr


# -- layout ----------------------------------------------------------------------------

SIX = "Ramchandra,Ramkrishna,Bishnumaya,Chandrakala,Dipendra,Gyanendra"


def test_six_long_names_fit_history_at_80_columns_with_a_legend(cli, tmp_path):
    path = tmp_path / "six.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", SIX).exit_code == 0
    names = SIX.split(",")
    hands = [f"--hand={n}={c}" for n, c in zip(names, ["A♥", "2♦ 3♣", "9♥", "K♠",
                                                        "Q♥ J♦ 10♣", "5♠ 5♥"])]
    assert cli("record", path, "--call", "Ramchandra", *hands).exit_code == 0
    result = cli("history", path, env={"COLUMNS": "80"})
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert "…" not in result.stdout
    assert "Ramc = Ramchandra" in result.stdout and "Ramk = Ramkrishna" in result.stdout
    assert "1: Ramchandra called" in result.stdout


@pytest.mark.parametrize("columns", [60, 45])
def test_six_players_history_fits_a_narrow_terminal_moving_columns_below(
        cli, tmp_path, columns):
    path = tmp_path / "six.toml"
    players = ["Asha", "Bikash", "Chandra", "Dipesh", "Ekta", "Ganesh"]
    assert cli("new", path, "--game", "dhumbal", "--players",
               ",".join(players)).exit_code == 0
    hands = [f"--hand={p}={c}" for p, c in zip(players, ["A♠", "K♠", "Q♠", "J♠",
                                                         "10♠", "9♠"])]
    assert cli("record", path, "--call", "Asha", *hands).exit_code == 0
    result = cli("history", path, env={"COLUMNS": str(columns)})
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= columns
    assert "…" not in result.stdout
    assert "1: dealer Asha, won by Asha; Asha called" in result.stdout
    heads = " ".join(line for line in lines if line.strip().startswith("Hand"))
    # a name is shortened only where it does not fit: at 60 columns all six
    # fit whole in one table once each score stands over its total; at 45
    # over two tables, whole still
    for name in ("Asha", "Bikash", "Chandra", "Dipesh", "Ekta", "Ganesh"):
        assert name in heads.split()
    assert "Names:" not in result.stdout


def test_a_very_long_name_keeps_history_and_its_lines_within_80_columns(cli, tmp_path):
    long = "Ramchandra Bahadur Thapa Magar Gurung Shrestha Rai Limbu Tamang"
    path = tmp_path / "long.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", f"{long},Asha").exit_code == 0
    assert cli("record", path, "--show", "--hand", f"{long}=A♠",
               "--hand", "Asha=2♠").exit_code == 0
    result = cli("history", path, env={"COLUMNS": "80"})
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert any(line.split()[:2] == ["Ram", "▅█"] for line in lines if line.strip())
    assert f"Ram = {long}" in result.stdout


def test_ruling_lines_wrap_at_80_columns_with_a_hanging_indent(cli):
    result = cli("settle", "dhumbal", "--players", "Asha,Bikash,Chandra", "--show",
                 "--hand", "Asha=2♦ 2♣", "--hand", "Bikash=2♠ 2♥",
                 "--hand", "Chandra=A♦ 3♣", env={"COLUMNS": "80"})
    lines = result.stdout.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    start = next(i for i, line in enumerate(lines) if " tie at 4" in line)
    assert lines[start].startswith("  Bikash, Chandra and Asha tie")
    assert lines[start + 1].startswith("      ") and lines[start + 1].strip()


def test_ma10_a_check_verdict_wraps_at_80_columns_with_a_hanging_indent(cli):
    result = cli("check", "finish", "2♠ 2♠ 3♦ 3♦ 7♣ 7♣ 9♥ 9♥ J♠ J♠ Q♦ Q♦ K♣ K♣ "
                 "A♥ A♥ 8♠ 10♦ 4♣ 6♠ 3♥", "--tiplu", "5♥", env={"COLUMNS": "80"})
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[0].startswith("cannot finish: only 0 qualifying melds")
    assert lines[1].startswith("    ") and lines[1].rstrip().endswith("(MA-10)")


@pytest.mark.parametrize("name", ["🐯🐯🐯🐯🐯🐯🐯🐯🐯🐯", "K" * 64])   # 64: the longest name (docs/CLI.md), wider than 60 columns)
def test_ruling_lines_wrap_by_terminal_columns_for_wide_and_endless_names(cli, name):
    from rich.cells import cell_len
    result = cli("settle", "dhumbal", "--players", f"{name},Bikash,Chandra",
                 "--call", "Bikash", "--hand", f"{name}=A♠", "--hand", "Bikash=2♠",
                 "--hand", "Chandra=A♥", env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.stderr
    assert "Bikash is caught (DH-8)" in result.stdout
    assert max(cell_len(line) for line in result.stdout.splitlines()) <= 60
    assert "…" not in result.stdout            # a long name folds, it is not cut


def test_hearts_and_diamonds_are_red_where_colour_is_on(cli):
    args = ["settle", "dhumbal", "--players", "A,B", "--call", "A",
            "--hand", "A=A♥ 2♦", "--hand", "B=K♠"]
    coloured = cli(*args, env={"FORCE_COLOR": "1", "COLUMNS": "100"}).stdout
    assert "\x1b[31mA♥" in coloured or "\x1b[31m♥" in coloured
    plain = cli(*args, env={"NO_COLOR": "1", "COLUMNS": "100"}).stdout
    assert "\x1b[" not in plain


def test_version(cli):
    from scorekeeper import __version__

    result = cli("--version")
    assert result.exit_code == 0 and result.stdout == f"scorekeeper {__version__}\n"
