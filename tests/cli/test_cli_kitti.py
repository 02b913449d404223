"""Kitti at the table (RULES.md KI-6 … KI-16), through the command line:
`new --game kitti`, `record --hand` and `--winner`, the ruling, `check
kitti`, the refusals (exit code, rule id, nothing written), the generic
commands, the questions of a deal and Nepali."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from helpers import run_main
from scorekeeper.core.seating import Seating
from scorekeeper.games import registry
from scorekeeper.games.kitti import prompts

HANDS = ("--hand", "Asha=s7h7d7/hAKQ/d9c3d2", "--hand", "Bikash=sAKQ/c8h8d5/c2h4s9",
         "--hand", "Chandra=s3s5d4/cAKJ/d6c6h3")


@pytest.fixture
def kitti(tmp_path, cli):
    path = tmp_path / "kitti.toml"
    result = cli("new", path, "--game", "kitti", "--players", "Asha,Bikash,Chandra",
                 "--dealer", "Chandra")
    assert result.exit_code == 0, result.stderr
    return path


def test_ki8_record_hand_rules_each_round_and_cites_the_rules(cli, kitti):
    result = cli("record", kitti, *HANDS)
    assert result.exit_code == 0 and "Recorded hand 1" in result.stderr
    for line in ("round 1: Asha wins with 7♠ 7♥ 7♦, a trial",
                 "round 2: Asha wins with A♥ K♥ Q♥, a pure run",
                 "round 3: Chandra wins with 6♦ 6♣ 3♥, a pair",
                 "Asha wins the deal", "KI-8, KI-9, KI-10, KI-15"):
        assert line in result.stdout
    stored = kitti.read_text(encoding="utf-8")
    assert 'rounds = ["Asha", "Asha", "Chandra"]' in stored
    assert "net = { Asha = 2, Bikash = -1, Chandra = -1 }" in stored
    assert cli("verify", kitti).exit_code == 0


def test_ki15_record_json_is_zero_sum(cli, kitti):
    result = cli("record", kitti, *HANDS, "--json")
    assert result.exit_code == 0 and result.stderr == ""
    data = json.loads(result.stdout)
    assert data["net"] == {"Asha": 2, "Bikash": -1, "Chandra": -1}
    assert data["rounds"] == ["Asha", "Asha", "Chandra"] and data["winner"] == "Asha"


def test_ki16_winner_alone_is_marked_unverified(cli, kitti):
    result = cli("record", kitti, "--winner", "Bikash", "--json")
    assert result.exit_code == 0 and result.stderr == ""
    data = json.loads(result.stdout)
    assert data["net"] == {"Asha": -1, "Bikash": 2, "Chandra": -1}
    assert data["unverified"] == ["Bikash"] and data["rules"][0] == "KI-16"
    history = cli("history", kitti)
    assert history.exit_code == 0 and "unverified" in history.stdout


def test_ki17_worked_example_hands_plans_the_deals_and_extend_plays_on(cli, tmp_path):
    """RULES.md KI-17 (issue 38: `extend --hands N` in every game)."""
    path = tmp_path / "short.toml"
    made = cli("new", path, "--game", "kitti", "--players", "A,B,C", "--hands", "2")
    assert made.exit_code == 0 and "2 hands planned" in made.stderr
    for winner in ("B", "A"):
        assert cli("record", path, "--winner", winner).exit_code == 0
    before = path.read_bytes()
    refused = cli("record", path, "--winner", "C")
    assert refused.exit_code == 1 and refused.stdout == ""
    assert "extend" in refused.stderr and "--hands N" in refused.stderr
    assert "(KI-17)" in refused.stderr
    assert path.read_bytes() == before
    grown = cli("extend", path, "--hands", "3")
    assert grown.exit_code == 0 and grown.stdout == ""
    assert "3 hands planned, 2 played." in grown.stderr
    assert cli("record", path, "--winner", "C").exit_code == 0
    assert cli("verify", path).exit_code == 0


def test_ki17_a_session_is_open_ended_by_default_and_an_old_ledger_extends(cli, kitti,
                                                                          tmp_path):
    assert 'hands = "none"' in kitti.read_text(encoding="utf-8")
    assert json.loads(cli("standings", kitti, "--json").stdout)["hands_planned"] is None
    old = tmp_path / "old.toml"          # written before KI-17: no `hands` option
    old.write_text(kitti.read_text(encoding="utf-8").replace('hands = "none"\n', ""),
                   encoding="utf-8")
    assert cli("extend", old, "--hands", "4").exit_code == 0
    assert json.loads(cli("standings", old, "--json").stdout)["hands_planned"] == 4
    wrong = cli("new", tmp_path / "no.toml", "--game", "kitti", "--players", "A,B",
                "--hands", "0")
    assert wrong.exit_code == 2 and "(KI-17)" in wrong.stderr


def test_ki14_a_kitti_carries_its_stake_to_the_next_deal(cli, kitti):
    assert cli("new", kitti, "--game", "kitti", "--players", "Asha,Bikash,Chandra",
               "--dealer", "Chandra", "--set", "win=consecutive", "--force").exit_code == 0
    a_b_a = ("--hand", "Asha=s7h7d7/cKh9c4/sQd8c3", "--hand", "Bikash=hAKQ/dAs8c5/s2h4c6",
             "--hand", "Chandra=s3s5d4/cJd9h2/c10c7h5")
    first = cli("record", kitti, *a_b_a)
    assert first.exit_code == 0 and "kitti" in first.stdout and "KI-14" in first.stdout
    second = cli("record", kitti, "--winner", "Asha", "--json")
    assert json.loads(second.stdout)["net"] == {"Asha": 4, "Bikash": -2, "Chandra": -2}
    assert 'carried = ["1"]' in kitti.read_text(encoding="utf-8")
    assert cli("verify", kitti).exit_code == 0


@pytest.mark.parametrize(("hand", "code", "rule"), [
    ("Asha=s7h7d7/hAKQ/d9c3", 2, "KI-6"),                 # 8 cards
    ("Asha=s7h7d7/hAKQ/d9c3d2s2", 2, "KI-6"),             # 10 cards
    ("Asha=s7h7/hAKQd9/c3d2s2", 2, "KI-1"),               # a group of 2 and of 4
    ("Asha=s7h7d7/hAKQ/d9c3s7", 2, "KI-1"),               # a card twice
    ("Asha=d9c3d2/s7h7d7/hAKQ", 1, "KI-7"),               # out of order
    ("Asha=sAKQ/c9h10d2/c3d4h6", 2, "KI-1"),              # Bikash's sAKQ too
])
def test_ki6_ki7_bad_hands_are_refused_and_nothing_is_written(cli, kitti, hand, code,
                                                             rule):
    before = kitti.read_bytes()
    result = cli("record", kitti, "--hand", hand, *HANDS[2:])
    assert result.exit_code == code and result.stdout == ""
    assert f"({rule})" in result.stderr
    assert kitti.read_bytes() == before


def test_ki9_an_unknown_option_value_is_refused(cli, tmp_path):
    path = tmp_path / "bad.toml"
    result = cli("new", path, "--game", "kitti", "--players", "A,B", "--set", "ties=bogus")
    assert result.exit_code == 2 and result.stdout == ""
    assert "(KI-9)" in result.stderr and not path.exists()


def test_ki7_check_kitti_says_what_each_hand_is(cli):
    result = cli("check", "kitti", "s7h7d7/hAKQ/d9c3d2")
    assert result.exit_code == 0 and result.stderr == ""
    assert "allowed" in result.stdout and "trial" in result.stdout
    data = json.loads(cli("check", "kitti", "s7h7d7/hAKQ/d9c3d2", "--json").stdout)
    assert data["valid"] and data["kinds"] == ["trial", "pure-run", "high-card"]


def test_ki7_check_kitti_refuses_a_later_stronger_hand(cli):
    result = cli("check", "kitti", "d9c3d2/s7h7d7/hAKQ")
    assert result.exit_code == 1 and "(KI-7)" in result.stderr + result.stdout


def test_ki6_check_kitti_refuses_eight_cards(cli):
    result = cli("check", "kitti", "s7h7d7/hAKQ/d9c3")
    assert result.exit_code == 2 and "(KI-6)" in result.stderr


def test_ki15_standings_settle_up_and_exports_take_kitti(cli, kitti):
    assert cli("record", kitti, *HANDS).exit_code == 0
    for args in (("standings",), ("stats",), ("history",)):
        result = cli(*args, kitti)
        assert result.exit_code == 0 and result.stderr == "", args
    settled = cli("settle-up", kitti)
    assert settled.exit_code == 0 and "Bikash gives Asha 1" in settled.stdout
    csv = cli("export", kitti, "--format", "csv")
    assert csv.exit_code == 0 and "shown:Asha" in csv.stdout
    assert cli("undo", kitti).exit_code == 0
    assert json.loads(cli("standings", kitti, "--json").stdout)["hands_played"] == 0


def test_ki8_the_ruling_in_nepali(kitti, capsys):
    code, stdout, stderr = run_main(["--lang", "ne", "record", kitti, *HANDS], capsys)
    assert code == 0 and "(KI-" not in stderr
    result = SimpleNamespace(stdout=stdout)
    assert "पालो १: 7♠ 7♥ 7♦ (ट्रायल) बाट Ashaले जित्नुभयो" in result.stdout


class _Answers:
    """An `Asker` that answers from a script, as a person at the table."""

    def __init__(self, answers):
        self.answers, self.asked = list(answers), []

    def ask(self, question, check, default=None):
        self.asked.append(question)
        answer = self.answers.pop(0) or default
        check(answer)
        return answer


def test_ki7_the_questions_of_a_deal_check_each_answer():
    rules = registry.profile("kitti").rules
    table = Seating.of(("Asha", "Bikash"), "Bikash")
    flags = prompts.ask_hand(_Answers(["s7h7d7/hAKQ/d9c3d2", ""]), table, rules,
                             {"hand": ["Bikash=sAKQ/c8h8d5/c2h4s9"]})
    assert flags == {"hand": ["Asha=s7h7d7/hAKQ/d9c3d2",
                              "Bikash=sAKQ/c8h8d5/c2h4s9"]}
    with pytest.raises(Exception) as refused:
        prompts.ask_hand(_Answers(["d9c3d2/s7h7d7/hAKQ"]), table, rules, {})
    assert refused.value.rule == "KI-7"


def test_ki16_amend_keeps_the_cards_or_the_winner_not_both(cli, kitti):
    assert cli("record", kitti, *HANDS).exit_code == 0
    # the shown deal's winner is the rules', not pre-filled as --winner
    result = cli("amend", kitti, "1", "--hand", "Chandra=s3s5d4/cAKJ/d6c6h3")
    assert result.exit_code == 0, result.stderr
    # typing --winner drops the stored cards (one group)
    result = cli("amend", kitti, "1", "--winner", "Bikash", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["unverified"] == ["Bikash"]
    assert "cards" not in kitti.read_text(encoding="utf-8")
    assert cli("verify", kitti).exit_code == 0
