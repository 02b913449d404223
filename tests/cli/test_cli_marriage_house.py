"""Marriage as real tables play it, on the command line: the house options
of MA-15 (mode, unseen_pairs), MA-16 (fees) and MA-17 (alter), `--set` on
`new`, `settle` and `check`, `--seen-dublees` (MA-9), old ledgers that
store `maal_needs_seen`, and the worked examples of RULES.md through
`settle --json` and through `record` into a ledger that then verifies."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest

WORKED = ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ "
          "7♠ 7♦ 7♣ K♦ K♦ K♦")
# A dublee finish with tiplu J♣ holding two tiplu copies: maal 7.
DUBLEES_7 = ("2♠ 2♠ 3♦ 3♦ 7♣ 7♣ 9♥ 9♥ J♣ J♣ Q♦ Q♦ K♣ K♣ A♥ A♥ "
             "8♠ 10♦ 4♣ 6♠ 2♥")
SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
# RULES.md, MA-15: A finishes by melds (maal 10), B saw (agreed 2), C did
# not (agreed 4).
EXAMPLE = ["--finish", "A", "--tiplu", "J♣", "--seen", "B",
           "--hand", f"A={WORKED}", "--hand", "B=2", "--hand", "C=4"]
MODES = {
    "murder": ({"A": 31, "B": -9, "C": -22}, {"A": 10, "B": 2, "C": 0}),
    "kidnap": ({"A": 39, "B": -13, "C": -26}, {"A": 14, "B": 2, "C": 0}),
    "normal": ({"A": 27, "B": -13, "C": -14}, {"A": 10, "B": 2, "C": 4}),
}


# MA-18 … MA-24: the options added after those of MA-15 … MA-17, at their
# defaults (the three-deck maal table), as a ledger and JSON write them.
LATER_DEFAULTS = {
    "printed_jokers": 0, "maal_table": "three-deck", "maal_jhiplu": "2/5/10",
    "maal_poplu": "2/5/10", "maal_tiplu": "3/7", "maal_marriage": "10/30",
    "maal_tunnela": "5/10/15/20/25/30/35", "maal_tunnela_wild": "10/20/30",
    "maal_tunnela_neighbour": "20/40", "maal_alter": "5/15/30",
    "maal_tunnela_alter": "10", "joker_maal": "2/4/6/8/10/12", "foul": "now",
    "dublee_min_players": 2, "doubles": False, "ace_high": True}


def one_json(result) -> dict:
    return json.loads(result.stdout)


def settle(cli, *args, players="A,B,C", **kwargs):
    return cli("settle", "marriage", "--players", players, *args, **kwargs)


def new(cli, path, *sets):
    made = cli("new", path, "--game", "marriage", "--players", "A,B,C",
               *[x for s in sets for x in ("--set", s)])
    assert made.exit_code == 0, made.stderr
    return made


def pairwise_net(data: dict) -> dict:
    sums = {p: 0 for p in data["net"]}
    for line in data["pairwise"]:
        sums[line["payer"]] -= line["amount"]
        sums[line["payee"]] += line["amount"]
    return sums


# -- MA-15: the worked examples through settle --------------------------------------

@pytest.mark.parametrize("mode", list(MODES))
def test_ma15_worked_example_through_settle_json(cli, mode):
    result = settle(cli, "--set", f"mode={mode}", *EXAMPLE, "--json")
    assert result.exit_code == 0, result.stderr
    data = one_json(result)
    net, counted = MODES[mode]
    assert data["net"] == net and data["maal"] == counted
    assert data["maal_shown"] == {"A": 10, "B": 2, "C": 4}
    assert data["fees"] == {"B": 3, "C": 10}
    assert data["mode"] == mode and data["seen_dublees"] == []
    assert pairwise_net(data) == data["net"] and sum(net.values()) == 0
    assert "MA-15" in data["rules"]


def test_ma15_default_is_murder_and_the_ruling_says_why(cli):
    result = settle(cli, *EXAMPLE, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert "C has not seen: C's maal 4 counts 0 (MA-15)" in result.stdout
    assert "4 → 0" in result.stdout            # the table shows shown → counted


def test_ma15_the_maal_arrow_keeps_the_ascii_table_aligned(cli):
    result = settle(cli, *EXAMPLE, "--ascii", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if line.startswith(("|", "+"))]
    assert "4 -> 0" in result.stdout and "→" not in result.stdout
    assert len({len(row) for row in rows}) == 1        # every row as wide


def test_ma15_kidnap_line_explains_the_numbers(cli):
    result = settle(cli, "--set", "mode=kidnap", *EXAMPLE, env={"COLUMNS": "200"})
    assert "A kidnaps C's maal 4 (MA-15): A's maal 10 → 14" in result.stdout
    assert "C owes A T 16 + w 10 − 3·0 = 26" in result.stdout


@pytest.mark.parametrize("pairs, net", [
    ("true", {"A": 30, "B": 0, "C": -30}),
    ("false", {"A": 30, "B": -10, "C": -20}),
])
def test_ma15_unseen_pairs_worked_example(cli, pairs, net):
    result = settle(cli, "--set", "mode=normal", "--set", f"unseen_pairs={pairs}",
                    "--finish", "A", "--tiplu", "J♣", "--hand", f"A={WORKED}",
                    "--hand", "B=10", "--hand", "C=-", "--json")
    assert result.exit_code == 0, result.stderr
    data = one_json(result)
    assert data["net"] == net and pairwise_net(data) == net


def test_ma15_old_option_name_is_a_synonym_with_a_note(cli):
    result = settle(cli, "--set", "maal_needs_seen=false", *EXAMPLE, "--json")
    assert result.exit_code == 0
    assert one_json(result)["net"] == MODES["normal"][0]
    assert result.stderr.strip() == ("note: maal_needs_seen is now called mode: "
                                     "maal_needs_seen=false is mode=normal")
    both = settle(cli, "--set", "maal_needs_seen=false", "--set", "mode=normal",
                  *EXAMPLE, "--json")
    assert both.exit_code == 2 and "given twice" in one_json(both)["reason"]


# -- MA-16: fees and seeing through dublees -----------------------------------------

@pytest.mark.parametrize("sets, net", [
    ((), {"A": 24, "B": -9, "C": -15}),
    (("dublee_seen_fee=0",), {"A": 21, "B": -9, "C": -12}),
])
def test_ma16_fees_with_a_dublee_finish_and_a_rival_seen_through_dublees(cli, sets, net):
    """MA-16's example with cards a dublee finisher can hold: A maal 7 (two
    tiplu copies), B saw by qualifying (10♣ Q♣: 4), C through dublees (Q♣:
    2). T = 13; w = 3 + 5 for both by default: B pays 13 + 8 − 12 = 9, C pays
    13 + 8 − 6 = 15; with dublee_seen_fee = 0, C pays 13 + 5 − 6 = 12."""
    args = [x for s in sets for x in ("--set", s)] + [
        "--finish", "A", "--by", "dublees", "--tiplu", "J♣", "--seen", "B",
        "--seen-dublees", "C", "--hand", f"A={DUBLEES_7}", "--hand", "B=10♣ Q♣",
        "--hand", "C=Q♣"]
    data = one_json(settle(cli, *args, "--json"))
    assert data["maal"] == {"A": 7, "B": 4, "C": 2}
    assert data["net"] == net and pairwise_net(data) == net
    assert data["seen_dublees"] == ["C"]
    assert data["fees"] == {"B": 8, "C": 8 if not sets else 5}
    human = settle(cli, *args, env={"COLUMNS": "200"}).stdout
    assert "7 dublees" in human
    if sets:
        assert "w 5 (dublee_seen_fee 0 + dublee_finish_bonus 5, MA-16)" in human
    else:
        assert "MA-16" in human                # a rival seen through dublees


def test_ma16_every_fee_option_on_the_command_line(cli):
    data = one_json(settle(cli, "--set", "seen_fee=4", "--set", "unseen_fee=12",
                           *EXAMPLE, "--json"))
    assert data["fees"] == {"B": 4, "C": 12}
    assert data["net"] == {"A": 34, "B": -10, "C": -24}


@pytest.mark.parametrize("flags", [
    ["--seen", "C", "--seen-dublees", "C"],
    ["--seen-dublees", "A"],
    ["--seen-dublees", "Zed"],
])
def test_ma9_who_saw_how_is_checked_exit_2(cli, flags):
    result = settle(cli, "--finish", "A", "--tiplu", "J♣", *flags,
                    "--hand", f"A={WORKED}", "--hand", "B=-", "--hand", "C=-",
                    "--json")
    assert result.exit_code == 2
    data = one_json(result)
    assert data["rule"] in ("MA-9", None) and data["reason"]
    assert "Traceback" not in result.stderr


def test_ma9_seen_dublees_is_not_a_dhumbal_option(cli):
    result = cli("settle", "dhumbal", "--players", "A,B", "--call", "A",
                 "--hand", "A=A♠", "--hand", "B=K♠", "--seen-dublees", "B")
    assert result.exit_code == 2 and "--seen-dublees" in result.stderr


@pytest.mark.parametrize("command", [
    ["new", "{path}", "--game", "marriage", "--players", "A,B,C"],
    ["settle", "marriage", "--players", "A,B,C", *EXAMPLE],
    ["check", "maal", "J♠", "--tiplu", "J♣"],
])
@pytest.mark.parametrize("setting, says", [
    ("seen_fee=101", "option seen_fee takes a whole number from 0 to 100, not 101"),
    ("dublee_seen_fee=x", "option dublee_seen_fee takes a whole number from 0 to 100"),
    ("mode=robbery", "option mode takes one of murder, kidnap, normal"),
    ("alter=5", "option alter takes true or false"),
])
def test_ma15_ma16_ma17_a_bad_value_exits_2_naming_the_option(cli, tmp_path, command,
                                                              setting, says):
    path = tmp_path / "m.toml"
    args = [str(path) if a == "{path}" else a for a in command]
    result = cli(*args, "--set", setting)
    assert result.exit_code == 2
    assert says in result.stderr
    assert not path.exists()


# -- sessions: record, verify, history, export --------------------------------------

@pytest.mark.parametrize("mode", list(MODES))
def test_ma15_worked_example_recorded_in_a_session_that_verifies(cli, tmp_path, mode):
    path = tmp_path / f"{mode}.toml"
    new(cli, path, f"mode={mode}")
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert doc["options"] == {"mode": mode, "unseen_pairs": True, "seen_fee": 3,
                              "unseen_fee": 10, "dublee_finish_bonus": 5,
                              "dublee_seen_fee": 3, "alter": False,
                              "invalid_show_penalty": 0, "rotations": 1,
                              **LATER_DEFAULTS}
    result = cli("record", path, *EXAMPLE, "--json")
    assert result.exit_code == 0, result.stderr
    net, counted = MODES[mode]
    assert one_json(result)["net"] == net
    verified = cli("verify", path, "--json")
    assert verified.exit_code == 0 and one_json(verified)["ok"] is True
    history = one_json(cli("history", path, "--json"))
    assert history["hands"][0]["net"] == net
    assert history["hands"][0]["maal"] == counted
    assert one_json(cli("standings", path, "--json"))["totals"] == net


def test_ma15_verify_recomputes_a_kidnap_session_under_its_own_options(cli, tmp_path):
    path = tmp_path / "kidnap.toml"
    new(cli, path, "mode=kidnap")
    assert cli("record", path, *EXAMPLE).exit_code == 0
    assert cli("verify", path).exit_code == 0
    # The same hands under murder would not give the stored results.
    path.write_text(path.read_text(encoding="utf-8").replace(
        'mode = "kidnap"', 'mode = "murder"'), encoding="utf-8")
    result = cli("verify", path, "--json")
    assert result.exit_code == 1
    assert "maal" in one_json(result)["problems"][0]["message"]


def test_ma15_normal_session_with_unseen_pairs_off_verifies(cli, tmp_path):
    path = tmp_path / "normal.toml"
    new(cli, path, "mode=normal", "unseen_pairs=false")
    result = cli("record", path, "--finish", "A", "--tiplu", "J♣",
                 "--hand", f"A={WORKED}", "--hand", "B=10", "--hand", "C=-",
                 "--json")
    assert one_json(result)["net"] == {"A": 30, "B": -10, "C": -20}
    assert cli("verify", path).exit_code == 0


def test_ma9_seen_dublees_is_stored_shown_in_history_and_exported(cli, tmp_path):
    path = tmp_path / "dublees.toml"
    new(cli, path, "dublee_seen_fee=0")
    result = cli("record", path, "--finish", "A", "--by", "dublees", "--tiplu",
                 "J♣", "--seen", "B", "--seen-dublees", "C", "--hand",
                 f"A={DUBLEES_7}", "--hand", "B=10♣ Q♣", "--hand", "C=Q♣")
    assert result.exit_code == 0, result.stderr
    text = path.read_text(encoding="utf-8")
    assert 'seen = ["A", "B"]\nseen_dublees = ["C"]' in text
    assert cli("verify", path).exit_code == 0
    row = one_json(cli("history", path, "--json"))["hands"][0]
    assert row["seen"] == ["A", "B"] and row["seen_dublees"] == ["C"]
    assert row["net"] == {"A": 21, "B": -9, "C": -12}
    exported_csv = cli("export", path, "--format", "csv")
    csv_text = exported_csv.stdout
    # the header row first (issue 27): the house option is in JSON and md
    assert csv_text.splitlines()[0] == ("hand,dealer,winner,tiplu,net:A,net:B,net:C,"
                                        "total:A,total:B,total:C,what happened,recorded,"
                                        "shown:A,shown:B,shown:C")
    assert csv_text.splitlines()[1].startswith("1,A,A,J♣,21,")
    assert "the house options are in --format json" in exported_csv.stderr
    assert "seen through dublees: C" in csv_text
    exported = json.loads(cli("export", path, "--format", "json").stdout)
    assert exported["hands"][0]["seen_dublees"] == ["C"]
    assert exported["options"]["dublee_seen_fee"] == 0


# -- old ledgers -------------------------------------------------------------------

def test_ma15_sample_ledgers_verify_unchanged(cli, tmp_path):
    for sample in sorted(SAMPLES.glob("*.toml")):
        before = sample.read_bytes()
        result = cli("verify", sample, "--json")
        assert result.exit_code == 0 and one_json(result)["ok"] is True, sample
        assert sample.read_bytes() == before
    assert "maal_needs_seen = true" in \
        (SAMPLES / "marriage-rotation.toml").read_text(encoding="utf-8")


OLD_NORMAL = """format = 1
game = "marriage"
profile = "three-deck"
players = ["A", "B", "C"]
first_dealer = "A"

[options]
maal_needs_seen = false
invalid_show_penalty = 0
rotations = 1

[[hands]]
hand = 1
dealer = "A"
finisher = "A"
by = "melds"
tiplu = "J♣"
seen = ["A", "B"]
cards = { A = "%s", B = 2, C = 4 }
unverified = ["B", "C"]
maal = { A = 10, B = 2, C = 4 }
net = { A = 27, B = -13, C = -14 }
rules = ["MA-1", "MA-7", "MA-10", "MA-11", "MA-12"]
""" % WORKED


def test_ma15_an_old_ledger_with_maal_needs_seen_false_reads_as_normal(cli, tmp_path):
    path = tmp_path / "old.toml"
    path.write_text(OLD_NORMAL, encoding="utf-8")
    result = cli("verify", path, "--json")
    assert result.exit_code == 0, result.stdout
    exported = json.loads(cli("export", path, "--format", "json").stdout)
    assert exported["options"]["mode"] == "normal"
    # extend rewrites only the length: the old key stays and reads the same
    assert cli("extend", path, "--rotations", "2").exit_code == 0
    text = path.read_text(encoding="utf-8")
    assert "maal_needs_seen = false" in text and "rotations = 2" in text
    assert "mode" not in text
    second = cli("record", path, "--no-finisher", "--tiplu", "2♠", "--hand", "A=-",
                 "--hand", "B=-", "--hand", "C=2", "--json")
    assert one_json(second)["maal"] == {"A": 0, "B": 0, "C": 2}   # C unseen counts
    assert cli("verify", path).exit_code == 0


def test_ma15_a_ledger_with_mode_and_maal_needs_seen_exits_2(cli, tmp_path):
    path = tmp_path / "both.toml"
    path.write_text(OLD_NORMAL.replace("maal_needs_seen = false",
                                       'maal_needs_seen = false\nmode = "kidnap"'),
                    encoding="utf-8")
    result = cli("verify", path)
    assert result.exit_code == 2
    assert "given twice" in result.stderr and "Traceback" not in result.stderr


def test_ma15_a_copied_sample_still_records_and_verifies(cli, tmp_path):
    path = tmp_path / "sample.toml"
    shutil.copyfile(SAMPLES / "marriage-rotation.toml", path)
    assert cli("extend", path, "--rotations", "2").exit_code == 0
    result = cli("record", path, *EXAMPLE, "--json")
    assert one_json(result)["net"] == MODES["murder"][0]
    assert cli("verify", path).exit_code == 0


# -- profiles and checks -----------------------------------------------------------

def test_ma15_ma16_ma17_profiles_list_every_option_with_its_default(cli):
    data = one_json(cli("profiles", "--json"))
    three = next(p for p in data["profiles"] if p["profile"] == "three-deck")
    assert three["options"] == {"mode": "murder", "unseen_pairs": True,
                                "seen_fee": 3, "unseen_fee": 10,
                                "dublee_finish_bonus": 5, "dublee_seen_fee": 3,
                                "alter": False, "invalid_show_penalty": 0,
                                "rotations": 1, **LATER_DEFAULTS}
    assert three["choices"]["mode"] == ["murder", "kidnap", "normal"]
    assert three["ranges"]["seen_fee"] == [0, 100]


def test_ma17_check_maal_lists_alters(cli):
    result = cli("check", "maal", "10♣ J♣ Q♣ J♠ J♠", "--tiplu", "J♣",
                 "--set", "alter=true", "--json")
    data = one_json(result)
    assert data["maal"] == 25
    assert [(i["name"], i["value"]) for i in data["items"]] == \
        [("marriage", 10), ("2 alters", 15)]
    off = one_json(cli("check", "maal", "10♣ J♣ Q♣ J♠ J♠", "--tiplu", "J♣", "--json"))
    assert off["maal"] == 10
    human = cli("check", "maal", "J♠", "--tiplu", "J♣", "--set", "alter=true")
    assert "1 alter" in human.stdout and "Maal 5" in human.stdout


def test_ma17_alter_in_a_recorded_hand(cli, tmp_path):
    path = tmp_path / "alter.toml"
    new(cli, path, "alter=true")
    result = cli("record", path, "--finish", "A", "--tiplu", "J♣", "--seen", "B",
                 "--hand", f"A={WORKED}", "--hand", "B=J♠ J♠ J♠", "--hand", "C=-",
                 "--json")
    data = one_json(result)
    assert data["maal"]["B"] == 30 and "MA-17" in data["rules"]
    assert cli("verify", path).exit_code == 0


@pytest.mark.parametrize("mode, reason", [
    ("murder", "it counts 0 (mode murder)"),
    ("kidnap", "a finisher kidnaps it"),
])
def test_ma15_check_maal_not_seen_says_what_the_mode_does(cli, mode, reason):
    data = one_json(cli("check", "maal", "10♣ J♣ Q♣", "--tiplu", "J♣", "--not-seen",
                        "--set", f"mode={mode}", "--json"))
    assert data["maal"] == 0 and data["maal_shown"] == 10
    assert reason in data["reason"] and data["rule"] == "MA-15"


@pytest.mark.parametrize("cards, tiplu", [("A♥ 4♥ 4♣", "4♥"), ("K♣ A♣ A♥", "K♥"),
                                          ("A♣ A♥ K♣", "K♥")])
def test_ma4_check_meld_naming_does_not_depend_on_order(cli, cards, tiplu):
    data = one_json(cli("check", "meld", cards, "--tiplu", tiplu, "--json"))
    assert data["valid"] is True and data["kind"] == "dirty sequence"


# -- interactive entry -------------------------------------------------------------

def test_ma9_interactive_record_asks_who_saw_through_dublees(cli, tmp_path, monkeypatch):
    import scorekeeper.commands.record

    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)
    path = tmp_path / "m.toml"
    new(cli, path, "dublee_seen_fee=0")
    answers = ["A", "melds", "J♣", WORKED, "-", "B",
               "B",             # named both ways: refused after the hand …
               "2", "4", "-",
               "y",             # … entered again, earlier answers kept
               "",              # the table: as it was
               "", "", "", "", "", "", "C", "", "", "",
               "y"]
    result = cli("record", path, input="\n" + "\n".join(answers) + "\n",
                 env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "through 7 dublees" in result.stderr
    assert "MA-9" in result.stderr
    text = path.read_text(encoding="utf-8")
    assert 'seen_dublees = ["C"]' in text
    # T = 16: B pays 16 + 3 − 6 = 13, C (fee 0) pays 16 + 0 − 12 = 4
    assert "net = { A = 17, B = -13, C = -4 }" in text
    assert cli("verify", path).exit_code == 0


def test_ma15_ma16_ma17_rules_print_the_house_options(cli):
    text = cli("rules", "marriage").stdout
    for rule in ("MA-15", "MA-16", "MA-17"):
        assert f"**{rule} " in text or f"{rule} " in text, rule
    assert "Interpretation (naming)" in text
