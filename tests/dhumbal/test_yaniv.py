"""Profile `yaniv` (RULES.md YA-1 … YA-11) and `jhyap`, another name for
`nepali-games` (issue 15). Expected numbers are worked out from the rule
text, never read back from the engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.core.cards import card, cards
from scorekeeper.core.errors import Refused
from scorekeeper.core.seating import Shown
from scorekeeper.games.dhumbal.engine import DhumbalHand, resolve
from scorekeeper.games.dhumbal.turns import check_call, check_discard, check_draw
from scorekeeper.games.registry import profile as get_profile

WORKED = (("C", {"A": "K♠ Q♠ 10♦ 10♣ 5♥", "B": "K♦ 3♣", "C": "A♠ 2♠ 2♥"}),
          ("B", {"A": "5♠", "B": "7♣", "C": "A♦ 2♦ 2♣"}))


def yaniv(*sets: str):
    return get_profile("dhumbal", "yaniv").parse_settings(list(sets))


def new(cli, tmp_path: Path, *sets: str, players: str = "A,B,C",
        profile: str = "yaniv") -> Path:
    path = tmp_path / "y.toml"
    args = ["new", path, "--game", "dhumbal", "--profile", profile,
            "--players", players]
    for s in sets:
        args += ["--set", s]
    result = cli(*args)
    assert result.exit_code == 0, result.stderr
    return path


def record(cli, path: Path, caller: str, shown: dict[str, str], code: int = 0):
    args = ["record", path, "--call", caller, "--json"]
    for name, text in shown.items():
        args += ["--hand", f"{name}={text}"]
    result = cli(*args)
    assert result.exit_code == code, result.stderr
    return json.loads(result.stdout) if code == 0 else result


def one_hand(rules, caller: str, shown: dict[str, str],
             totals: dict[str, int] | None = None, dealer: str = "A"):
    players = tuple(shown)
    hand = DhumbalHand(players, dealer, caller,
                       tuple((p, Shown(cards=cards(t))) for p, t in shown.items()),
                       tuple((totals or {}).items()))
    return resolve(hand, rules)


# -- the worked example --------------------------------------------------------

def test_ya_worked_example_two_hands_with_a_reset(cli, tmp_path):
    path = new(cli, tmp_path)
    first = record(cli, path, *WORKED[0])
    assert first["points"] == {"A": 45, "B": 13, "C": 0} and first["caught"] is False
    second = record(cli, path, *WORKED[1])
    assert second["caught"] is True and second["reset"] == ["B"]
    assert second["charges"]["B"] == 37
    assert second["points"] == {"A": 0, "B": -13, "C": 0}
    assert "YA-9" in second["rules"] and "DO-3" in second["rules"]
    standings = json.loads(cli("standings", path, "--json").stdout)
    assert standings["totals"] == {"A": 45, "B": 0, "C": 0}
    assert cli("verify", path).exit_code == 0
    history = json.loads(cli("history", path, "--json").stdout)
    assert history["hands"][1]["reset"] == ["B"]
    assert "reset: B" in cli("history", path).stdout


def test_ya_worked_example_jdross_numbers_refuse_the_call(cli, tmp_path):
    path = new(cli, tmp_path, "call_limit=5", "caught_pays=instead")
    record(cli, path, *WORKED[0])
    refused = record(cli, path, *WORKED[1], code=1)
    assert "call limit is 5" in refused.stderr and "YA-4" in refused.stderr


# -- YA-1 … YA-8 -----------------------------------------------------------------

def test_ya1_ya2_two_jokers_worth_0_faces_10():
    rules = yaniv()
    assert rules.jokers == 2 and (rules.min_players, rules.max_players) == (2, 5)
    assert check_call(cards("JK JK A♠ 2♦ 4♣"), rules) == 7
    assert rules.rank_values[11:] == (10, 10, 10)


@pytest.mark.parametrize("hand, value, ok", [("A♠ 2♦ 4♣", 7, True),
                                             ("A♠ 3♦ 4♣", 8, False),
                                             ("JK K♠", 10, False)])
def test_ya4_call_at_7_or_less(hand, value, ok):
    rules = yaniv()
    if ok:
        assert check_call(cards(hand), rules) == value
    else:
        with pytest.raises(Refused) as refused:
            check_call(cards(hand), rules)
        assert refused.value.rule == "YA-4"


def test_ya4_jdross_limit_5_is_an_option():
    with pytest.raises(Refused, match="call limit is 5"):
        check_call(cards("A♠ 2♦ 3♣"), yaniv("call_limit=5"))


@pytest.mark.parametrize("text, kind", [("JK JK", "set"), ("7♠ 7♥ 7♦ 7♣ JK", "set"),
                                        ("5♠ JK 7♠", "run"), ("A♥ 2♥ 3♥", "run"),
                                        ("9♦", "single")])
def test_ya5_legal_discards(text, kind):
    assert check_discard(cards(text), yaniv()).kind == kind


@pytest.mark.parametrize("text", ["Q♠ K♠ A♠", "K♠ A♠ 2♠", "7♠ 8♥", "5♠ 6♠"])
def test_ya5_illegal_discards(text):
    with pytest.raises(Refused) as refused:
        check_discard(cards(text), yaniv())
    assert refused.value.rule == "YA-5"


def test_ya6_draw_any_card_of_a_set_an_end_of_a_run():
    rules = yaniv()
    assert check_draw(card("7♥"), cards("7♠ 7♥ 7♦"), rules).valid
    assert check_draw(card("8♦"), cards("8♦ 9♦ 10♦"), rules).rule == "DO-7"
    with pytest.raises(Refused):
        check_draw(card("9♦"), cards("8♦ 9♦ 10♦"), rules)


def test_ya8_caught_caller_adds_30_plus_hand_others_their_hands():
    result = one_hand(yaniv(), "A", {"A": "4♠ 2♦", "B": "A♣ 2♥", "C": "Q♠ 2♣"})
    # A 6 is caught by B 3: A adds 30 + 6; B, the lowest, 0; C adds 12
    assert dict(result.scores) == {"A": 36, "B": 0, "C": 12}


def test_ya8_every_other_hand_tied_at_the_lowest_scores_0():
    result = one_hand(yaniv(), "A", {"A": "4♠ 2♦", "B": "A♣ 2♥", "C": "3♣",
                                     "D": "K♠"})
    assert dict(result.scores) == {"A": 36, "B": 0, "C": 0, "D": 10}


def test_ya8_a_tie_catches_the_caller():
    result = one_hand(yaniv(), "A", {"A": "3♠", "B": "A♣ 2♥", "C": "K♠"})
    assert result.caught is True and dict(result.scores)["A"] == 33


def test_ya8_no_show_without_a_call(cli, tmp_path):
    path = new(cli, tmp_path)
    shown = cli("record", path, "--show", "--hand", "A=5♠", "--hand", "B=7♣",
                "--hand", "C=2♦")
    assert shown.exit_code == 2 and "YA-8" in shown.stderr


# -- YA-9 the reset, YA-10 elimination ------------------------------------------

@pytest.mark.parametrize("before, hand, points, reset", [
    (40, "K♠", 10 - 50, True),          # 40 + 10 = 50 → 0
    (90, "K♠", 10 - 50, True),          # 90 + 10 = 100 → 50
    (45, "5♠", 5 - 50, True),           # 45 + 5 = 50 → 0
    (30, "K♠ 10♦", 20 - 50, True),      # 30 + 20 = 50 → 0
    (140, "K♠", 10, False),             # 150: only 50 and 100 reset
    (41, "K♠", 10, False),              # 51: past 50, not on it
    (95, "K♠", 10, False),              # 105: past 100
])
def test_ya9_a_total_rising_onto_50_or_100_drops_by_50(before, hand, points, reset):
    # C calls with a joker (0) and wins; A adds 1, B adds the hand
    result = one_hand(yaniv(), "C", {"A": "A♠", "B": hand, "C": "JK"},
                      totals={"A": 0, "B": before, "C": 0})
    assert dict(result.scores) == {"A": 1, "B": points, "C": 0}
    assert result.reset == (("B",) if reset else ())


def test_ya9_a_total_that_stays_on_50_is_not_reset():
    # B called and won: B adds 0, sitting on 50 already (not risen)
    result = one_hand(yaniv(), "B", {"A": "5♠", "B": "A♠", "C": "9♣"},
                      totals={"A": 0, "B": 50, "C": 41})
    assert dict(result.scores) == {"A": 5, "B": 0, "C": 9 - 50}
    assert result.reset == ("C",)


def test_ya9_reset_off_is_an_option():
    result = one_hand(yaniv("reset=false"), "C", {"A": "A♠", "B": "K♠", "C": "JK"},
                      totals={"A": 0, "B": 40, "C": 0})
    assert dict(result.scores)["B"] == 10 and result.reset == ()


def test_ya10_landing_on_100_resets_to_50_passing_it_puts_out(cli, tmp_path):
    path = new(cli, tmp_path, players="A,B")

    def b_adds(hand: str) -> int:
        record(cli, path, "A", {"A": "A♠", "B": hand})
        return json.loads(cli("standings", path, "--json").stdout)["totals"]["B"]

    # B adds 10 a hand: 10, 20, 30, 40, 50 → 0, 10, 20, 30, 40
    assert [b_adds("K♠") for _ in range(9)] == [10, 20, 30, 40, 0, 10, 20, 30, 40]
    assert b_adds("K♠") == 0                         # 50 → 0 again
    assert b_adds("K♠ K♦ K♥ 10♣ 5♠") == 45
    assert b_adds("K♠ K♦ K♥ 10♣ 5♠") == 90
    assert b_adds("K♠") == 50                        # 100 → 50, not out
    assert b_adds("K♠ K♦ K♥ K♣ Q♠") == 50            # 50 + 50 = 100 → 50
    assert b_adds("K♠ K♦ K♥ 10♣ 9♠") == 99
    standing = json.loads(cli("standings", path, "--json").stdout)
    assert standing["eliminated"] == [] and standing["complete"] is False
    assert b_adds("K♠ 2♦") == 111                    # past 100: out
    standing = json.loads(cli("standings", path, "--json").stdout)
    assert standing["eliminated"] == ["B"] and standing["complete"] is True
    assert cli("verify", path).exit_code == 0


def test_ya9_amending_an_earlier_hand_rules_a_later_reset_again(cli, tmp_path):
    path = new(cli, tmp_path)
    record(cli, path, *WORKED[0])
    record(cli, path, *WORKED[1])
    # hand 1 again with B at 14: hand 2's 37 no longer lands on 50
    amended = cli("amend", path, "1", "--call", "C", "--hand",
                  "A=K♠ Q♠ 10♦ 10♣ 5♥", "--hand", "B=K♦ 4♣", "--hand",
                  "C=A♠ 2♠ 2♥", "--yes")
    assert amended.exit_code == 0, amended.stderr
    assert "Ruled again with it: hand 2 (the totals before it changed, YA-9)." \
        in " ".join(amended.stderr.split())
    verify = cli("verify", path, "--json")
    assert verify.exit_code == 0 and json.loads(verify.stdout)["ok"]
    totals = json.loads(cli("standings", path, "--json").stdout)["totals"]
    assert totals == {"A": 45, "B": 14 + 37, "C": 0}
    hand2 = json.loads(cli("history", path, "--json").stdout)["hands"][1]
    assert hand2["points"]["B"] == 37 and not hand2.get("reset")


def test_ya9_amend_json_names_the_hands_ruled_again(cli, tmp_path):
    path = new(cli, tmp_path)
    record(cli, path, *WORKED[0])
    record(cli, path, *WORKED[1])
    amended = cli("amend", path, "1", "--hand", "B=K♦ 4♣", "--json")
    assert amended.exit_code == 0, amended.stderr
    assert json.loads(amended.stdout)["rerules"] == [2]
    again = cli("amend", path, "1", "--hand", "B=K♦ 4♣", "--json")     # no change
    assert json.loads(again.stdout)["rerules"] == []


def test_ya9_a_later_hand_that_already_disagreed_is_not_ruled_again(cli, tmp_path):
    path = new(cli, tmp_path)
    record(cli, path, *WORKED[0])
    record(cli, path, *WORKED[1])
    record(cli, path, "C", {"A": "9♠", "B": "9♣", "C": "A♣"})
    text = path.read_text(encoding="utf-8")
    at = text.index("hand = 3")
    path.write_text(text[:at] + text[at:].replace("A = 9,", "A = 8,", 1),
                    encoding="utf-8")                       # hand 3 edited wrong
    amended = cli("amend", path, "1", "--hand", "B=K♦ 4♣", "--json")
    assert amended.exit_code == 0, amended.stderr
    data = json.loads(amended.stdout)
    assert data["rerules"] == [2]                     # hand 3 is the person's to mend
    assert [p["hand"] for p in data["problems"]] == [3]


def test_ya9_the_rule_books_amend_example(cli, tmp_path):
    """RULES.md YA-9, Interpretation: B 21 then 29 lands on 50 and is reset;
    hand 1 amended to 20 makes hand 2 49, no reset: hand 2 ruled again."""
    path = tmp_path / "y.toml"
    assert cli("new", path, "--game", "dhumbal", "--profile", "yaniv",
               "--players", "A,B").exit_code == 0
    assert cli("record", path, "--call", "A", "--hand", "A=A♠ 2♠",
               "--hand", "B=K♠ Q♠ A♦").exit_code == 0
    assert cli("record", path, "--call", "A", "--hand", "A=A♥",
               "--hand", "B=K♦ Q♦ 9♦").exit_code == 0
    rows = json.loads(cli("history", path, "--json").stdout)["hands"]
    assert rows[1]["points"]["B"] == -21 and rows[1]["totals"]["B"] == 0
    assert cli("amend", path, "1", "--hand", "B=K♠ Q♠").exit_code == 0
    rows = json.loads(cli("history", path, "--json").stdout)["hands"]
    assert [r["points"]["B"] for r in rows] == [20, 29]
    assert rows[1]["totals"]["B"] == 49


# -- jhyap, profiles, rules --------------------------------------------------------

def test_jhyap_is_another_name_for_nepali_games(cli, tmp_path):
    path = new(cli, tmp_path, profile="jhyap", players="A,B")
    assert 'profile = "nepali-games"' in path.read_text(encoding="utf-8")
    assert get_profile("dhumbal", "JHYAP").name == "nepali-games"


def test_jhyap_in_a_ledger_reads_as_nepali_games(cli, tmp_path):
    path = new(cli, tmp_path, profile="nepali-games", players="A,B")
    record(cli, path, "A", {"A": "A♠ 2♦", "B": "K♠"})
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('profile = "nepali-games"', 'profile = "jhyap"'),
                    encoding="utf-8")
    assert cli("verify", path).exit_code == 0
    standings = json.loads(cli("standings", path, "--json").stdout)
    assert standings["profile"] == "nepali-games"
    assert standings["totals"] == {"A": 10, "B": -10}


def test_yaniv_and_jhyap_in_profiles_and_rules(cli):
    data = json.loads(cli("profiles", "--json").stdout)["profiles"]
    by_name = {p["profile"]: p for p in data}
    assert by_name["nepali-games"]["aliases"] == ["jhyap"]
    assert by_name["yaniv"]["options"]["call_limit"] == 7
    assert by_name["yaniv"]["options"]["reset"] is True
    assert "jhyap" in cli("profiles").stdout
    for name, first in (("yaniv", "YA-1"), ("jhyap", "DH-1")):
        shown = cli("rules", "dhumbal", name, "--json")
        assert shown.exit_code == 0, shown.stderr
        ids = json.loads(shown.stdout)["rules"]
        assert ids[0] == first and "DO-8" in ids
    assert "jdross/yaniv" in cli("rules", "dhumbal", "yaniv", "YA-9").stdout


SAMPLE = Path(__file__).resolve().parents[2] / "sample_sessions" / "dhumbal-yaniv.toml"


def test_ya_sample_session_resets_at_50_and_100_and_puts_asha_out(cli):
    # worked out by hand: Bikash 13 + 37 lands on 50 (hand 2), Asha 70 + 30
    # lands on 100 (hand 5), Asha 87 + 30 = 117 is past 100 (hand 7)
    history = json.loads(cli("history", SAMPLE, "--json").stdout)["hands"]
    assert [row.get("reset", []) for row in history] == \
        [[], ["Bikash"], [], [], ["Asha"], [], []]
    assert history[4]["points"]["Asha"] == 30 - 50
    assert history[6]["eliminated"] == ["Asha"]
    standing = json.loads(cli("standings", SAMPLE, "--json").stdout)
    assert standing["totals"] == {"Asha": 117, "Bikash": 70, "Chandra": 40}
    assert standing["eliminated"] == ["Asha"] and standing["complete"] is False
