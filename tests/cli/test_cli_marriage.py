"""The command line for Marriage (CLI.md, RULES.md MA-1 … MA-14), through
typer's CliRunner: `settle marriage`, `record` on a marriage ledger, `check
meld|finish|maal`, sessions by rotations, exit codes 0/1/2, one JSON
document under --json, and a ledger left byte-for-byte as it was whenever
the input is refused."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from helpers import run_main

WORKED = ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ "
          "7♠ 7♦ 7♣ K♦ K♦ K♦")
DUBLEE_SHOW = ("2♠ 2♠ 3♦ 3♦ 7♣ 7♣ 9♥ 9♥ J♠ J♠ Q♦ Q♦ K♣ K♣ A♥ A♥ "
               "8♠ 10♦ 4♣ 6♠ 2♥")
NOT_A_FINISH = WORKED.replace("K♦ K♦ K♦", "K♦ K♦ 2♣")
SEED = ["--finish", "A", "--tiplu", "J♣", "--seen", "B", "--hand", f"A={WORKED}",
        "--hand", "B=Q♣", "--hand", "C=-"]
SAMPLE = Path(__file__).resolve().parents[2] / "sample_sessions" / \
    "marriage-rotation.toml"
WIDE = {"COLUMNS": "200"}


def one_json(result) -> dict:
    """stdout must hold exactly one JSON document and nothing else."""
    return json.loads(result.stdout)


def settle(cli, *args, players="A,B,C", **kwargs):
    return cli("settle", "marriage", "--players", players, *args, **kwargs)


def hands(**cards: str) -> list[str]:
    return [x for name, value in cards.items() for x in ("--hand", f"{name}={value}")]


def pairwise_sum(data: dict) -> dict:
    sums = {p: 0 for p in data["net"]}
    for line in data["pairwise"]:
        sums[line["payer"]] -= line["amount"]
        sums[line["payee"]] += line["amount"]
    return sums


def hand_tables(path: Path) -> int:
    return len(re.findall(r"(?m)^\[\[hands\]\]$", path.read_text(encoding="utf-8")))


@pytest.fixture
def marriage(tmp_path: Path, cli) -> Path:
    """A new one-rotation Marriage session: A, B, C; A deals first."""
    path = tmp_path / "marriage.toml"
    result = cli("new", path, "--game", "marriage", "--players", "A,B,C")
    assert result.exit_code == 0, result.stderr
    return path


def quick_hand(cli, ledger, *extra):
    """A hand without a finisher and without maal: net 0 for everyone."""
    return cli("record", ledger, "--no-finisher", "--tiplu", "2♠",
               "--hand", "A=-", "--hand", "B=-", "--hand", "C=-", *extra)


# -- settle: the worked example (MA-12) --------------------------------------------

def test_ma12_worked_example_a_plus_31_b_minus_9_c_minus_22(cli):
    result = settle(cli, *SEED, "--json")
    assert result.exit_code == 0, result.stderr
    data = one_json(result)
    for key in ("hand", "winner", "caught", "net", "rules", "maal", "finisher",
                "payments", "pairwise"):
        assert key in data, key
    assert data["hand"] is None
    assert data["winner"] == "A" and data["finisher"] == "A"
    assert data["caught"] is None
    assert data["net"] == {"A": 31, "B": -9, "C": -22}
    assert data["maal"] == {"A": 10, "B": 2, "C": 0}
    assert {"MA-10", "MA-11", "MA-12"} <= set(data["rules"])
    assert [(p["rival"], p["fee"], p["amount"]) for p in data["payments"]] == \
        [("B", 3, 9), ("C", 10, 22)]


def test_ma12_worked_example_net_sums_to_0_and_equals_the_pairwise_lines(cli):
    data = one_json(settle(cli, *SEED, "--json"))
    assert sum(data["net"].values()) == 0
    assert pairwise_sum(data) == data["net"]
    fees = [(l["payer"], l["payee"], l["amount"]) for l in data["pairwise"]
            if "fee" in l["reason"]]
    assert sorted(fees) == [("B", "A", 3), ("C", "A", 10)]


def test_ma12_worked_example_for_people_shows_maal_fees_payments_and_pairs(cli):
    result = settle(cli, *SEED, env=WIDE)
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "marriage 10" in out                        # A's maal item
    assert "1 poplu 2" in out                          # B's maal item
    assert "T 12 + w 3 − 3·2 = 9" in out
    assert "C pays A 22" in out
    assert "pair by pair" in out
    assert "C → B 2" in out
    assert "+31" in out and "-9" in out and "-22" in out
    assert "jhiplu 10♣, poplu Q♣" in out               # the wildcards


def test_ma12_negative_payment_is_shown_as_the_finisher_paying(cli):
    # B: marriage (10) + a jhiplu (2) + a poplu (2) = 14; T = 24;
    # B "pays" 24 + 3 − 3·14 = −15: A pays B 15.
    args = ["--finish", "A", "--tiplu", "J♣", "--seen", "B",
            *hands(A=WORKED, B="10♣ 10♣ Q♣ Q♣ J♣", C="-")]
    data = one_json(settle(cli, *args, "--json"))
    assert data["maal"] == {"A": 10, "B": 14, "C": 0}
    assert {p["rival"]: p["amount"] for p in data["payments"]} == {"B": -15, "C": 34}
    assert data["net"] == {"A": 19, "B": 15, "C": -34}
    assert pairwise_sum(data) == data["net"]
    human = settle(cli, *args, env=WIDE)
    assert human.exit_code == 0
    assert "A pays B 15" in human.stdout
    assert "B pays A" not in human.stdout


def test_ma12_no_finisher_gives_n_s_minus_t_and_no_fees(cli):
    args = ["--no-finisher", "--tiplu", "9♠", "--seen", "A", "--seen", "B",
            "--tunnela", "B=7♦", *hands(A="8♠ 8♠", B="9♠ 7♦ 7♦ 7♦", C="10♠")]
    result = settle(cli, *args, "--json")
    assert result.exit_code == 0, result.stderr
    data = one_json(result)
    assert data["finisher"] is None and data["winner"] is None
    assert data["maal"] == {"A": 5, "B": 8, "C": 0}
    total = sum(data["maal"].values())
    assert data["net"] == {p: 3 * s - total for p, s in data["maal"].items()}
    assert data["net"] == {"A": 2, "B": 11, "C": -13}
    assert data["payments"] == []
    assert not any("fee" in l["reason"] for l in data["pairwise"])
    assert "MA-8" in data["rules"]


def test_ma12_by_dublees_adds_5_to_each_fee(cli):
    args = ["--finish", "B", "--by", "dublees", "--tiplu", "5♥", "--seen", "A",
            *hands(A="4♥ 5♥ 6♥ 6♥", B=DUBLEE_SHOW, C="5♠")]
    data = one_json(settle(cli, *args, "--json"))
    assert [(p["rival"], p["fee"]) for p in data["payments"]] == [("A", 8), ("C", 15)]
    assert data["net"] == {"A": 16, "B": 11, "C": -27}
    melds = one_json(settle(cli, *SEED, "--json"))
    assert [p["fee"] for p in melds["payments"]] == [3, 10]


def test_ma12_finisher_is_always_counted_as_seen(cli):
    data = one_json(settle(cli, *SEED, "--json"))
    listed = one_json(settle(cli, *SEED, "--seen", "A", "--json"))
    assert "A" in data["seen"]
    assert data["net"] == listed["net"] and data["maal"]["A"] == 10


def test_ma11_maal_needs_seen_default_unseen_player_counts_0(cli):
    args = ["--finish", "A", "--tiplu", "J♣", "--seen", "B",
            *hands(A=WORKED, B="Q♣", C="10♣")]
    data = one_json(settle(cli, *args, "--json"))
    assert data["maal"]["C"] == 0
    assert data["net"] == {"A": 31, "B": -9, "C": -22}
    off = one_json(settle(cli, "--set", "maal_needs_seen=false", *args, "--json"))
    assert off["maal"] == {"A": 10, "B": 2, "C": 2}
    assert off["net"] == {"A": 29, "B": -11, "C": -18}


def test_ma11_agreed_maal_number_is_accepted_and_marked_unverified(cli):
    args = ["--finish", "A", "--tiplu", "J♣", "--seen", "B",
            *hands(A=WORKED, B="12", C="-")]
    result = settle(cli, *args, "--json")
    assert result.exit_code == 0, result.stderr
    data = one_json(result)
    assert data["maal"]["B"] == 12
    assert data["unverified"] == ["B"]
    assert data["net"] == {"A": 21, "B": 11, "C": -32}


@pytest.mark.parametrize("cards, tunnela, value", [
    ("9♥ 9♥ 9♥", "9♥", 5),
    ("A♥ A♥ A♥", "A♥", 10),
    ("2♠ 2♠ 2♠", "2♠", 20),
])
def test_ma11_dealt_tunnela_bonus_5_10_20(cli, cards, tunnela, value):
    # Tiplu A♠ (wild: every A, jhiplu K♠, poplu 2♠): A's finish has no maal.
    args = ["--finish", "A", "--tiplu", "A♠", "--seen", "B",
            "--tunnela", f"B={tunnela}", *hands(A=WORKED, B=cards, C="-")]
    result = settle(cli, *args, "--json")
    assert result.exit_code == 0, result.stderr
    data = one_json(result)
    assert data["maal"] == {"A": 0, "B": value, "C": 0}
    assert [i["value"] for i in data["maal_items"]["B"]] == [value]
    assert "tunnela" in data["maal_items"]["B"][0]["name"]
    without = one_json(settle(cli, *[a for a in args if a != f"B={tunnela}"
                                     and a != "--tunnela"], "--json"))
    assert without["maal"]["B"] == (10 if value == 20 else 0)


def test_ma11_no_dealt_tunnela_bonus_for_a_finisher_by_dublees(cli):
    show = ("2♠ 2♠ 3♦ 3♦ 7♣ 7♣ 9♥ 9♥ J♠ J♠ Q♦ Q♦ K♣ K♣ A♥ A♥ "
            "6♥ 6♥ 6♥ 10♦ 4♣")
    result = settle(cli, "--finish", "A", "--by", "dublees", "--tiplu", "5♥",
                    "--tunnela", "A=6♥", *hands(A=show, B="-"), "--json",
                    players="A,B")
    assert result.exit_code == 0, result.stderr
    data = one_json(result)
    assert data["maal"]["A"] == 10                       # 3 poplu, not 20
    assert not any("tunnela" in i["name"] for i in data["maal_items"]["A"])
    assert data["net"] == {"A": 25, "B": -25}             # 10 + (10 + 5) − 0


def test_ma7_settle_json_carries_the_wildcards(cli):
    data = one_json(settle(cli, *SEED, "--json"))
    assert "jhiplu 10♣, poplu Q♣" in data["wildcards"]


def test_settle_marriage_for_five_and_two_players(cli):
    five = settle(cli, "--finish", "A", "--tiplu", "J♣",
                  *hands(A=WORKED, B="-", C="-", D="-", E="-"), "--json",
                  players="A,B,C,D,E")
    assert five.exit_code == 0, five.stderr
    data = one_json(five)
    # T = 10: every unseen rival pays 10 + 10 − 0 = 20.
    assert data["net"] == {"A": 80, "B": -20, "C": -20, "D": -20, "E": -20}
    two = settle(cli, "--finish", "B", "--tiplu", "J♣", "--seen", "A",
                 *hands(A="Q♣", B=WORKED), "--json", players="A,B")
    # T = 10 + 2 = 12: A pays 12 + 3 − 2·2 = 11.
    assert one_json(two)["net"] == {"A": -11, "B": 11}


# -- MA-13: an invalid show ------------------------------------------------------------

def test_ma13_invalid_show_refused_exit_1_citing_ma10_and_ma13(cli):
    result = settle(cli, "--finish", "A", "--tiplu", "J♣", "--seen", "B",
                    *hands(A=NOT_A_FINISH, B="Q♣", C="-"))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "MA-13" in result.stderr and "MA-10" in result.stderr
    assert "refused" in result.stderr


def test_ma13_invalid_show_under_json_is_one_document(cli):
    result = settle(cli, "--finish", "A", "--tiplu", "J♣",
                    *hands(A=NOT_A_FINISH, B="Q♣", C="-"), "--json")
    assert result.exit_code == 1
    data = one_json(result)
    assert data["rule"] == "MA-10"
    assert "MA-13" in data["reason"]


def test_ma13_invalid_show_refused_exit_1_file_untouched(cli, marriage):
    assert cli("record", marriage, *SEED).exit_code == 0
    before = marriage.read_bytes()
    result = cli("record", marriage, "--finish", "B", "--tiplu", "J♣",
                 *hands(A="Q♣", B=NOT_A_FINISH, C="-"))
    assert result.exit_code == 1
    assert "MA-13" in result.stderr and "MA-10" in result.stderr
    assert marriage.read_bytes() == before
    json_result = cli("record", marriage, "--finish", "B", "--tiplu", "J♣",
                      *hands(A="Q♣", B=NOT_A_FINISH, C="-"), "--json")
    assert json_result.exit_code == 1
    assert one_json(json_result)["rule"] == "MA-10"
    assert marriage.read_bytes() == before


def test_ma13_a_show_by_dublees_without_8_dublees_is_refused(cli):
    result = settle(cli, "--finish", "A", "--by", "dublees", "--tiplu", "J♣",
                    *hands(A=WORKED, B="Q♣", C="-"))
    assert result.exit_code == 1
    assert "MA-13" in result.stderr


def test_ma10_22_cards_the_discard_is_found(cli):
    result = settle(cli, "--finish", "A", "--tiplu", "J♣", "--seen", "B",
                    *hands(A=WORKED + " 9♥", B="Q♣", C="-"), "--json")
    assert result.exit_code == 0, result.stderr
    data = one_json(result)
    assert data["discard"] == "9♥"
    assert data["net"] == {"A": 31, "B": -9, "C": -22}
    assert Counter(c for g in data["arrangement"] for c in g) == \
        Counter(WORKED.split())


def test_ma10_22_cards_maal_is_counted_on_the_21_shown_not_the_discard(cli):
    # A draws a second Q♣; the ruling discards one card and shows 21. The
    # maal (and so the net) may use only the cards shown.
    result = settle(cli, "--finish", "A", "--tiplu", "J♣",
                    *hands(A=WORKED + " Q♣", B="-", C="-"), "--json")
    assert result.exit_code == 0, result.stderr
    data = one_json(result)
    shown = " ".join(c for g in data["arrangement"] for c in g)
    assert data["discard"] is not None
    alone = cli("check", "maal", shown, "--tiplu", "J♣", "--json")
    assert data["maal"]["A"] == one_json(alone)["maal"], \
        (f"A's maal {data['maal']['A']} counts the discard {data['discard']}; "
         f"the 21 cards shown are worth {one_json(alone)['maal']}")


# -- impossible input: exit 2, nothing written --------------------------------------------

IMPOSSIBLE = [
    pytest.param(["--finish", "A", "--tiplu", "J♣",
                  *hands(A=WORKED, B="J♣ J♣", C="-")], "MA-1", id="tiplu-4th-copy"),
    pytest.param(["--finish", "A", "--tiplu", "J♣",
                  *hands(A=WORKED, B="K♦", C="-")], "MA-1", id="card-4-times"),
    pytest.param(["--finish", "A", "--tiplu", "J♣",
                  *hands(A=WORKED, B="Q♣ Q♣", C="Q♣")], "MA-1", id="across-hands"),
    pytest.param(["--finish", "A", "--tiplu", "J♣",
                  *hands(A=WORKED.rsplit(" ", 1)[0], B="-", C="-")], "MA-10",
                 id="finisher-20-cards"),
    pytest.param(["--finish", "A", "--tiplu", "J♣",
                  *hands(A=WORKED + " 9♥ 9♥", B="-", C="-")], "MA-10",
                 id="finisher-23-cards"),
    pytest.param(["--finish", "A", "--tiplu", "J♣", *hands(A="30", B="-", C="-")],
                 "MA-10", id="finisher-number"),
    pytest.param(["--finish", "A", "--tiplu", "J♣", "--seen", "B",
                  "--tunnela", "B=7♦", *hands(A=WORKED, B="Q♣", C="-")], "MA-3",
                 id="tunnela-not-held"),
    pytest.param(["--finish", "A", "--tiplu", "J♣", "--seen", "B",
                  "--tunnela", "C=7♦", *hands(A=WORKED, B="Q♣", C="-")], "MA-3",
                 id="tunnela-not-held-unseen"),
    pytest.param(["--call", "A", "--finish", "A", "--tiplu", "J♣",
                  *hands(A=WORKED, B="-", C="-")], "--call", id="call"),
    pytest.param(["--finish", "A", *hands(A=WORKED, B="-", C="-")], "--tiplu",
                 id="no-tiplu"),
    pytest.param(["--finish", "A", "--no-finisher", "--tiplu", "J♣",
                  *hands(A=WORKED, B="-", C="-")], "--finish", id="both"),
    pytest.param(["--tiplu", "J♣", *hands(A=WORKED, B="-", C="-")], "--finish",
                 id="neither"),
    pytest.param(["--finish", "Zara", "--tiplu", "J♣",
                  *hands(A=WORKED, B="-", C="-")], "Zara", id="unknown-finisher"),
    pytest.param(["--finish", "A", "--tiplu", "J♣", "--seen", "Zara",
                  *hands(A=WORKED, B="-", C="-")], "Zara", id="unknown-seen"),
    pytest.param(["--finish", "A", "--tiplu", "J♣",
                  *hands(A=WORKED, B="-", Zara="-")], "Zara", id="unknown-hand"),
    pytest.param(["--finish", "A", "--tiplu", "J♣", "--tunnela", "Zara=7♦",
                  *hands(A=WORKED, B="-", C="-")], "Zara", id="unknown-tunnela"),
    pytest.param(["--finish", "A", "--tiplu", "J♣", *hands(A=WORKED, B="-")], "C",
                 id="missing-hand"),
    pytest.param(["--finish", "A", "--tiplu", "J♣",
                  *hands(A=WORKED, B="Q♣ 5x", C="-")], "'5x'", id="bad-card"),
    pytest.param(["--finish", "A", "--tiplu", "JK",
                  *hands(A=WORKED, B="-", C="-")], "joker", id="joker-tiplu"),
]


@pytest.mark.parametrize("args, needle", IMPOSSIBLE)
def test_ma1_settle_impossible_input_exits_2(cli, args, needle):
    result = settle(cli, *args)
    assert result.exit_code == 2, result.stdout + result.stderr
    assert needle.lower() in result.stderr.lower()
    assert result.stdout == ""


@pytest.mark.parametrize("args, needle", IMPOSSIBLE)
def test_ma1_record_impossible_input_exits_2_file_untouched(cli, marriage, args,
                                                            needle):
    assert cli("record", marriage, *SEED).exit_code == 0
    before = marriage.read_bytes()
    result = cli("record", marriage, *args)
    assert result.exit_code == 2, result.stdout + result.stderr
    assert needle.lower() in result.stderr.lower()
    assert marriage.read_bytes() == before


def test_settle_unknown_player_lists_the_known_ones(cli):
    result = settle(cli, "--finish", "Zara", "--tiplu", "J♣",
                    *hands(A=WORKED, B="-", C="-"))
    assert result.exit_code == 2
    assert all(name in result.stderr for name in ("A", "B", "C"))


@pytest.mark.parametrize("players", ["A", "A,B,C,D,E,F"], ids=["one", "six"])
def test_ma1_settle_one_or_six_players_exits_2(cli, players):
    names = players.split(",")
    result = settle(cli, "--no-finisher", "--tiplu", "2♠",
                    *[x for n in names for x in ("--hand", f"{n}=-")],
                    players=players)
    assert result.exit_code == 2
    assert "MA-1" in result.stderr


@pytest.mark.parametrize("players", ["A", "A,B,C,D,E,F"], ids=["one", "six"])
def test_ma1_new_one_or_six_players_exits_2_writes_nothing(cli, tmp_path, players):
    path = tmp_path / "m.toml"
    result = cli("new", path, "--game", "marriage", "--players", players)
    assert result.exit_code == 2
    assert "MA-1" in result.stderr
    assert not path.exists()


@pytest.mark.parametrize("args, says", [
    (["--rotations", "0"], "option rotations takes a whole number of 1 or more, not 0 "
                           "(MA-14)"),
    (["--hands", "3"], "--hands is not an option of three-deck; Marriage sessions use "
                       "--rotations (MA-14)"),
    (["--set", "maal_needs_seen=maybe"], "option maal_needs_seen takes true or false, "
                                         "not 'maybe' (MA-15)")])
def test_ma14_new_impossible_session_options_exit_2(cli, tmp_path, args, says):
    path = tmp_path / "m.toml"
    result = cli("new", path, "--game", "marriage", "--players", "A,B,C", *args)
    assert result.exit_code == 2 and result.stderr == f"error: {says}\n"
    assert not path.exists()


# -- check meld (MA-4, MA-7) ---------------------------------------------------------------

@pytest.mark.parametrize("cards, tiplu, kind", [
    ("3♠ 4♠ 5♠", None, "pure sequence"),
    ("Q♥ K♥ A♥", None, "pure sequence"),
    ("A♦ 2♦ 3♦", None, "pure sequence"),
    ("6♥ 6♥ 6♥", None, "tunnela"),
    ("7♠ 7♦ 7♣", None, "trial"),
    ("3♠ 4♠ J♥", "J♣", "dirty sequence"),
    ("3♠ J♥ J♦", "J♣", "dirty sequence"),          # 2 stand-ins, 1 natural
    ("K♠ A♠ J♦", "J♣", "dirty sequence"),          # Q K A with a stand-in
    ("3♠ 3♥ Q♣", "J♣", "dirty trial"),             # the poplu stands in
    ("10♣ J♣ Q♣", "J♣", "pure sequence"),          # wildcards as themselves
])
def test_ma4_check_meld_names_the_meld(cli, cards, tiplu, kind):
    args = ["check", "meld", cards, "--json"] + (["--tiplu", tiplu] if tiplu else [])
    result = cli(*args)
    assert result.exit_code == 0, result.stdout
    data = one_json(result)
    assert data["valid"] is True
    assert data["kind"] == kind
    assert data["rule"] == "MA-4"
    assert isinstance(data["reason"], str) and data["reason"]


@pytest.mark.parametrize("cards, tiplu, needle", [
    ("K♠ A♠ 2♠", None, "K A 2"),
    ("K♠ J♥ 2♠", "J♣", "K A 2"),                   # never, even with a stand-in
    ("7♠ 7♠ J♦", "J♣", "two identical"),           # two identical + a wildcard
    ("7♠ 7♠ 7♦", None, "neither a tunnela"),
    ("3♠ 4♠ J♥", None, ""),                        # nothing wild without --tiplu
    ("3♠ 4♠ 9♥", "J♣", ""),
    ("3♠ 4♠", None, "3 cards"),
])
def test_ma4_check_meld_says_why_not_exit_1(cli, cards, tiplu, needle):
    args = ["check", "meld", cards, "--json"] + (["--tiplu", tiplu] if tiplu else [])
    result = cli(*args)
    assert result.exit_code == 1
    data = one_json(result)
    assert data["valid"] is False
    assert data["kind"] is None
    assert data["rule"] == "MA-4"
    assert needle in data["reason"]


def test_ma7_check_meld_without_tiplu_nothing_is_wild(cli):
    without = one_json(cli("check", "meld", "3♠ 4♠ J♥", "--json"))
    with_tiplu = one_json(cli("check", "meld", "3♠ 4♠ J♥", "--tiplu", "J♣",
                              "--json"))
    assert without["valid"] is False and "nothing is wild" in without["wildcards"]
    assert with_tiplu["valid"] is True
    assert "jhiplu 10♣, poplu Q♣" in with_tiplu["wildcards"]


@pytest.mark.parametrize("tiplu, wild", [("K♠", "jhiplu Q♠, poplu A♠"),
                                         ("A♥", "jhiplu K♥, poplu 2♥")])
def test_ma7_neighbours_wrap_for_wildcards(cli, tiplu, wild):
    data = one_json(cli("check", "meld", "3♦ 4♦ 5♦", "--tiplu", tiplu, "--json"))
    assert wild in data["wildcards"]


def test_ma4_check_meld_human_output_shows_the_wildcards(cli):
    result = cli("check", "meld", "3♠ 4♠ J♥", "--tiplu", "J♣", env=WIDE)
    assert result.exit_code == 0
    assert "dirty sequence" in result.stdout
    assert "jhiplu 10♣, poplu Q♣" in result.stdout
    refused = cli("check", "meld", "K♠ A♠ 2♠", env=WIDE)
    assert refused.exit_code == 1
    assert "MA-4" in refused.stdout


def test_ma1_check_meld_fourth_copy_with_the_tiplu_exits_2(cli):
    result = cli("check", "meld", "J♣ J♣ J♣", "--tiplu", "J♣", "--json")
    assert result.exit_code == 2
    assert one_json(result)["rule"] == "MA-1"


# -- check finish (MA-10) -----------------------------------------------------------------

def test_ma10_check_finish_yes_gives_7_melds_each_a_meld(cli):
    result = cli("check", "finish", WORKED, "--tiplu", "J♣", "--json")
    assert result.exit_code == 0, result.stdout
    data = one_json(result)
    assert data["valid"] is True and data["rule"] == "MA-10"
    groups = data["arrangement"]
    assert len(groups) == 7 and all(len(g) == 3 for g in groups)
    assert Counter(c for g in groups for c in g) == Counter(WORKED.split())
    qualifying = 0
    for group in groups:
        meld = one_json(cli("check", "meld", " ".join(group), "--tiplu", "J♣",
                            "--json"))
        assert meld["valid"] is True, group
        qualifying += meld["kind"] in ("pure sequence", "tunnela")
    assert qualifying >= 3
    assert "jhiplu 10♣, poplu Q♣" in data["wildcards"]


def test_ma10_check_finish_22_cards_finds_the_discard(cli):
    data = one_json(cli("check", "finish", WORKED + " 9♥", "--tiplu", "J♣", "--json"))
    assert data["valid"] is True
    assert data["discard"] == "9♥"
    assert Counter(c for g in data["arrangement"] for c in g) == \
        Counter(WORKED.split())


def test_ma9_check_finish_by_dublees_gives_8_pairs_and_the_leftovers(cli):
    result = cli("check", "finish", DUBLEE_SHOW, "--tiplu", "5♥", "--by", "dublees",
                 "--json")
    assert result.exit_code == 0, result.stdout
    data = one_json(result)
    pairs, leftovers = data["arrangement"][:8], data["arrangement"][8:]
    assert all(len(p) == 2 and p[0] == p[1] for p in pairs)
    assert len({p[0] for p in pairs}) == 8
    assert sum(len(g) for g in leftovers) == 5
    assert Counter(c for g in data["arrangement"] for c in g) == \
        Counter(DUBLEE_SHOW.split())


@pytest.mark.parametrize("cards, by, needle", [
    (NOT_A_FINISH, "melds", "2♣"),
    ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♥ 10♦ 10♣ J♣ Q♣ 2♥ 3♦ 4♥ 7♠ 7♦ 7♣ K♦ K♦ K♠", "melds",
     "qualifying"),
    (DUBLEE_SHOW, "melds", "qualifying"),
    (WORKED, "dublees", "dublees"),
])
def test_ma10_check_finish_no_exit_1_with_a_reason(cli, cards, by, needle):
    result = cli("check", "finish", cards, "--tiplu", "J♣", "--by", by, "--json")
    assert result.exit_code == 1
    data = one_json(result)
    assert data["valid"] is False
    assert data["arrangement"] is None
    assert data["rule"] == "MA-10"
    assert needle in data["reason"]


def test_ma10_check_finish_human_output(cli):
    yes = cli("check", "finish", WORKED + " 9♥", "--tiplu", "J♣", env=WIDE)
    assert yes.exit_code == 0
    assert "Discard 9♥" in yes.stdout
    assert "poplu Q♣" in yes.stdout
    no = cli("check", "finish", NOT_A_FINISH, "--tiplu", "J♣", env=WIDE)
    assert no.exit_code == 1
    assert "cannot finish" in no.stdout and "MA-10" in no.stdout


@pytest.mark.parametrize("cards", [WORKED.rsplit(" ", 1)[0], WORKED + " 9♥ 9♥"],
                         ids=["20", "23"])
def test_ma10_check_finish_wrong_card_count_exits_2(cli, cards):
    result = cli("check", "finish", cards, "--tiplu", "J♣", "--json")
    assert result.exit_code == 2
    assert one_json(result)["rule"] == "MA-10"


# -- check maal (MA-11) ---------------------------------------------------------------------

def test_ma11_check_maal_worked_example_marriage_is_10(cli):
    result = cli("check", "maal", "10♣ J♣ Q♣", "--tiplu", "J♣", "--json")
    assert result.exit_code == 0
    data = one_json(result)
    assert data["valid"] is True and data["rule"] == "MA-11"
    assert data["maal"] == 10
    assert data["items"] == [{"name": "marriage", "cards": ["10♣", "J♣", "Q♣"],
                              "value": 10}]
    assert "jhiplu 10♣, poplu Q♣" in data["wildcards"]


def test_ma11_check_maal_not_seen_counts_0(cli):
    data = one_json(cli("check", "maal", "10♣ J♣ Q♣", "--tiplu", "J♣", "--not-seen",
                        "--json"))
    assert data["maal"] == 0 and data["items"] == []
    assert data["maal_shown"] == 10 and data["rule"] == "MA-15"
    off = one_json(cli("check", "maal", "10♣ J♣ Q♣", "--tiplu", "J♣", "--not-seen",
                       "--set", "mode=normal", "--json"))
    assert off["maal"] == 10


@pytest.mark.parametrize("cards, tunnela, value", [
    ("7♦ 7♦ 7♦", "7♦", 5), ("J♦ J♦ J♦", "J♦", 10), ("Q♣ Q♣ Q♣", "Q♣", 20),
    ("10♣ 10♣ 10♣", "10♣", 20),
])
def test_ma11_check_maal_dealt_tunnela(cli, cards, tunnela, value):
    data = one_json(cli("check", "maal", cards, "--tiplu", "J♣", "--tunnela",
                        tunnela, "--json"))
    assert data["maal"] == value


def test_ma3_check_maal_tunnela_not_held_exits_2(cli):
    result = cli("check", "maal", "Q♣ Q♣", "--tiplu", "J♣", "--tunnela", "Q♣",
                 "--json")
    assert result.exit_code == 2
    assert one_json(result)["rule"] == "MA-3"


def test_ma11_check_maal_human_output_lists_items_and_wildcards(cli):
    result = cli("check", "maal", "10♣ J♣ Q♣", "--tiplu", "J♣", env=WIDE)
    assert result.exit_code == 0
    assert "Maal 10" in result.stdout
    assert "marriage: 10♣ J♣ Q♣" in result.stdout
    assert "jhiplu 10♣, poplu Q♣" in result.stdout


# -- sessions (MA-2, MA-14) ------------------------------------------------------------------

def test_ma14_new_rotations_plans_n_times_rotations_hands(cli, tmp_path):
    path = tmp_path / "m.toml"
    result = cli("new", path, "--game", "marriage", "--players", "A,B,C,D",
                 "--rotations", "2")
    assert result.exit_code == 0, result.stderr
    assert "8 hands planned" in result.stderr
    text = path.read_text(encoding="utf-8")
    assert 'game = "marriage"' in text and 'profile = "three-deck"' in text
    assert "rotations = 2" in text
    data = one_json(cli("standings", path, "--json"))
    assert data["hands_planned"] == 8
    assert data["hands_played"] == 0
    assert data["complete"] is False
    assert data["next_dealer"] == "A"


def test_ma14_default_is_one_rotation(cli, marriage):
    assert one_json(cli("standings", marriage, "--json"))["hands_planned"] == 3


def test_ma2_the_deal_passes_left_each_hand(cli, tmp_path):
    path = tmp_path / "m.toml"
    cli("new", path, "--game", "marriage", "--players", "A,B,C,D,E", "--dealer", "D")
    dealers = []
    for _ in range(5):
        dealers.append(one_json(cli("standings", path, "--json"))["next_dealer"])
        result = cli("record", path, "--no-finisher", "--tiplu", "2♠",
                     *hands(A="-", B="-", C="-", D="-", E="-"))
        assert result.exit_code == 0, result.stderr
    assert dealers == ["D", "E", "A", "B", "C"]
    history = one_json(cli("history", path, "--json"))
    assert [h["dealer"] for h in history["hands"]] == dealers
    assert cli("verify", path).exit_code == 0


def test_ma12_record_json_appends_the_hand(cli, marriage):
    result = cli("record", marriage, *SEED, "--json")
    assert result.exit_code == 0, result.stderr
    data = one_json(result)
    assert data["hand"] == 1
    assert data["net"] == {"A": 31, "B": -9, "C": -22}
    assert data["maal"] == {"A": 10, "B": 2, "C": 0}
    assert data["finisher"] == "A"
    text = marriage.read_text(encoding="utf-8")
    assert hand_tables(marriage) == 1
    assert "net = { A = 31, B = -9, C = -22 }" in text
    assert "maal = { A = 10, B = 2, C = 0 }" in text
    assert 'seen = ["A", "B"]' in text


def test_ma12_record_human_output_shows_ruling_and_standings(cli, marriage):
    result = cli("record", marriage, *SEED, env=WIDE)
    assert result.exit_code == 0, result.stderr
    assert "C pays A 22" in result.stdout
    assert "Next dealer: B" in result.stdout
    assert "Recorded hand 1" in result.stderr


def test_ma11_record_agreed_maal_is_stored_unverified_and_verifies(cli, marriage):
    result = cli("record", marriage, "--finish", "A", "--tiplu", "J♣", "--seen", "B",
                 *hands(A=WORKED, B="12", C="-"))
    assert result.exit_code == 0, result.stderr
    text = marriage.read_text(encoding="utf-8")
    assert 'unverified = ["B"]' in text
    assert cli("verify", marriage).exit_code == 0


def test_ma14_standings_history_after_hands(cli, marriage):
    cli("record", marriage, *SEED)
    cli("record", marriage, "--finish", "B", "--by", "dublees", "--tiplu", "5♥",
        "--seen", "A", *hands(A="4♥ 5♥ 6♥ 6♥", B=DUBLEE_SHOW, C="5♠"))
    standings = one_json(cli("standings", marriage, "--json"))
    assert standings["totals"] == {"A": 47, "B": 2, "C": -49}
    assert standings["places"] == {"A": 1, "B": 2, "C": 3}
    assert standings["hands_played"] == 2 and standings["hands_planned"] == 3
    assert standings["complete"] is False and standings["next_dealer"] == "C"
    history = one_json(cli("history", marriage, "--json"))
    assert [h["hand"] for h in history["hands"]] == [1, 2]
    assert history["hands"][0]["net"] == {"A": 31, "B": -9, "C": -22}
    assert history["hands"][1]["totals"] == {"A": 47, "B": 2, "C": -49}


def test_ma14_session_completes_after_a_rotation_and_refuses_more(cli, marriage):
    for _ in range(3):
        assert quick_hand(cli, marriage).exit_code == 0
    data = one_json(cli("standings", marriage, "--json"))
    assert data["complete"] is True and data["next_dealer"] is None
    before = marriage.read_bytes()
    result = cli("record", marriage, *SEED)
    assert result.exit_code == 1
    assert "MA-14" in result.stderr and "extend" in result.stderr
    assert marriage.read_bytes() == before


def test_ma14_extend_rotations_then_record_more(cli, marriage):
    for _ in range(3):
        quick_hand(cli, marriage)
    result = cli("extend", marriage, "--rotations", "2")
    assert result.exit_code == 0, result.stderr
    data = one_json(cli("standings", marriage, "--json"))
    assert data["hands_planned"] == 6 and data["complete"] is False
    assert data["next_dealer"] == "A"
    assert cli("record", marriage, *SEED).exit_code == 0
    assert cli("verify", marriage).exit_code == 0


def test_ma14_worked_example_extend_hands_takes_whole_rotations(cli, marriage):
    """RULES.md MA-14 (issue 38): A, B, C, one rotation: `extend --hands 6`
    plans 2 rotations; `--hands 5` is refused, naming 3 and 6."""
    before = marriage.read_bytes()
    result = cli("extend", marriage, "--hands", "5")
    assert result.exit_code == 2 and result.stdout == ""
    assert "5 hands are not a whole number of --rotations at this table (one is 3 " \
        "hands): give --hands 3 or 6 (MA-14)" in result.stderr
    assert marriage.read_bytes() == before
    grown = cli("extend", marriage, "--hands", "6")
    assert grown.exit_code == 0, grown.stderr
    assert grown.stdout == "" and "6 hands planned, 0 played." in grown.stderr
    assert "rotations = 2" in marriage.read_text(encoding="utf-8")
    assert one_json(cli("standings", marriage, "--json"))["hands_planned"] == 6
    low = cli("extend", marriage, "--hands", "2")
    assert low.exit_code == 2 and "give --hands 3 (MA-14)" in low.stderr


def test_ma14_one_hand_is_not_a_whole_rotation_said_in_the_singular(cli, marriage, capsys):
    one = cli("extend", marriage, "--hands", "1")
    assert (one.exit_code, one.stdout) == (2, "")
    assert one.stderr == ("error: 1 hand is not a whole number of --rotations at this "
                          "table (one is 3 hands): give --hands 3 (MA-14)\n")
    code, out, err = run_main(["--lang", "ne", "extend", marriage, "--hands", "1"], capsys)
    assert (code, out) == (2, "")
    assert "१ डिल यो टेबलमा पूरा --rotations बन्दैन (एउटामा ३ डिल)" in " ".join(err.split())


def test_ma14_extend_below_the_hands_played_exits_2(cli, marriage):
    for _ in range(3):
        quick_hand(cli, marriage)
    cli("extend", marriage, "--rotations", "2")
    quick_hand(cli, marriage)
    before = marriage.read_bytes()
    result = cli("extend", marriage, "--rotations", "1")
    assert result.exit_code == 2 and "4 hands are already played" in result.stderr
    assert marriage.read_bytes() == before


def test_ma14_places_share_equal_balances(cli, marriage):
    cli("record", marriage, "--no-finisher", "--tiplu", "9♠", "--seen", "A",
        "--seen", "B", *hands(A="8♠", B="10♠", C="-"))
    data = one_json(cli("standings", marriage, "--json"))
    assert data["totals"] == {"A": 2, "B": 2, "C": -4}
    assert data["places"] == {"A": 1, "B": 1, "C": 3}


def test_ma12_verify_clean_ledger_exit_0(cli, marriage):
    cli("record", marriage, *SEED)
    result = cli("verify", marriage, "--json")
    assert result.exit_code == 0
    data = one_json(result)
    assert data["ok"] is True and data["problems"] == []


@pytest.mark.parametrize("old, new", [
    ("net = { A = 31, B = -9, C = -22 }", "net = { A = 30, B = -8, C = -22 }"),
    ("net = { A = 31, B = -9, C = -22 }", "net = { A = 31, B = -9, C = -21 }"),
    ("maal = { A = 10, B = 2, C = 0 }", "maal = { A = 10, B = 3, C = 0 }"),
    ('B = "Q♣"', 'B = "Q♣ Q♣"'),
], ids=["net", "net-not-zero-sum", "maal", "cards"])
def test_ma12_verify_tampered_hand_exit_1_naming_it(cli, marriage, old, new):
    cli("record", marriage, *SEED)
    quick_hand(cli, marriage)
    text = marriage.read_text(encoding="utf-8")
    assert old in text
    marriage.write_text(text.replace(old, new), encoding="utf-8")
    result = cli("verify", marriage, "--json")
    assert result.exit_code == 1
    data = one_json(result)
    assert data["ok"] is False
    assert {p["hand"] for p in data["problems"]} == {1}
    human = cli("verify", marriage)
    assert human.exit_code == 1
    assert "hand 1" in human.stderr and "hand 2" not in human.stderr


def test_ma13_verify_a_stored_show_that_does_not_finish_exit_1(cli, marriage):
    cli("record", marriage, *SEED)
    text = marriage.read_text(encoding="utf-8")
    marriage.write_text(text.replace(WORKED, NOT_A_FINISH), encoding="utf-8")
    result = cli("verify", marriage, "--json")
    assert result.exit_code == 1
    problems = one_json(result)["problems"]
    assert problems and problems[0]["hand"] == 1
    assert "MA-13" in problems[0]["message"] or "MA-10" in problems[0]["message"]


def test_ma12_verify_wrong_dealer_exit_1(cli, marriage):
    cli("record", marriage, *SEED)
    text = marriage.read_text(encoding="utf-8")
    text = re.sub(r'(?m)^dealer = "A"$', 'dealer = "B"', text)
    marriage.write_text(text, encoding="utf-8")
    result = cli("verify", marriage, "--json")
    assert result.exit_code == 1
    problem = one_json(result)["problems"][0]
    assert problem["hand"] == 1
    assert problem["message"] == "hand 1: dealer B but the deal passes to A (MA-2)"


def test_undo_removes_the_last_marriage_hand(cli, marriage):
    cli("record", marriage, *SEED)
    after_one = marriage.read_bytes()
    quick_hand(cli, marriage)
    result = cli("undo", marriage)
    assert result.exit_code == 0
    # the removed hand is kept for `redo` in one `undone` line; the rest as it was
    kept = re.sub(rb"(?m)^undone = .*\n", b"", marriage.read_bytes(), count=1)
    assert kept == after_one and kept != marriage.read_bytes()
    assert one_json(cli("standings", marriage, "--json"))["hands_played"] == 1
    assert cli("undo", marriage).exit_code == 0
    assert one_json(cli("standings", marriage, "--json"))["hands_played"] == 0
    nothing = cli("undo", marriage)
    assert nothing.exit_code == 2 and "has no hands to undo" in nothing.stderr


def test_export_csv(cli, marriage):
    cli("record", marriage, *SEED)
    quick_hand(cli, marriage)
    result = cli("export", marriage, "--format", "csv")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 2
    assert rows[0]["hand"] == "1" and rows[0]["dealer"] == "A"
    assert rows[0]["winner"] == "A"
    assert (rows[0]["net:A"], rows[0]["net:B"], rows[0]["net:C"]) == ("31", "-9", "-22")
    assert rows[1]["dealer"] == "B" and rows[1]["winner"] == ""
    assert rows[1]["total:C"] == "-22"


def test_export_json(cli, marriage):
    cli("record", marriage, *SEED)
    data = json.loads(cli("export", marriage, "--format", "json").stdout)
    assert data["game"] == "marriage" and data["profile"] == "three-deck"
    assert data["options"]["rotations"] == 1
    assert data["hands"][0]["maal"] == {"A": 10, "B": 2, "C": 0}
    assert data["hands"][0]["net"] == {"A": 31, "B": -9, "C": -22}
    assert data["standings"]["totals"] == {"A": 31, "B": -9, "C": -22}


def test_export_markdown(cli, marriage, tmp_path):
    cli("record", marriage, *SEED)
    out = tmp_path / "m.md"
    result = cli("export", marriage, "--format", "md", "-o", out)
    assert result.exit_code == 0
    text = out.read_text(encoding="utf-8")
    assert "| 1 | 2026-12-05 | A | A | A by melds; seen: B; tiplu J♣ | +31 (31) | -9 (-9) " \
        "| -22 (-22) |" in text
    assert "Hands played: 1 of 3." in text


# -- the sample session ----------------------------------------------------------------------

def test_ma14_sample_session_passes_verify(cli, tmp_path):
    path = tmp_path / "sample.toml"
    shutil.copyfile(SAMPLE, path)
    result = cli("verify", path, "--json")
    assert result.exit_code == 0, result.stdout
    assert one_json(result)["ok"] is True
    standings = one_json(cli("standings", path, "--json"))
    assert standings["complete"] is True
    assert standings["hands_played"] == standings["hands_planned"] == 3
    history = one_json(cli("history", path, "--json"))
    assert history["hands"][0]["net"] == {"A": 31, "B": -9, "C": -22}
    assert [h["dealer"] for h in history["hands"]] == ["A", "B", "C"]
    assert SAMPLE.read_bytes() == path.read_bytes()


# -- rules ----------------------------------------------------------------------------------

def test_rules_marriage_prints_ma1_to_ma14(cli):
    result = cli("rules", "marriage")
    assert result.exit_code == 0
    for n in range(1, 15):
        assert f"MA-{n} " in result.stdout, n
    assert "DH-1" not in result.stdout
    assert "A +31, B −9, C −22" in result.stdout


# -- interactive record ------------------------------------------------------------------------

def test_interactive_record_marriage_hand_after_confirmation(cli, marriage, tty):
    answers = ["A",             # finisher
               "melds",         # by
               "J♣",            # tiplu
               WORKED,          # A's 21 cards, asked first
               "-",             # no exposed melds given
               "B",             # who else saw it
               "-",             # nobody saw it through dublees
               "Q♣",            # B
               "-",             # C
               "-",             # no dealt tunnelas
               "y"]
    result = cli("record", marriage, input="\n" + "\n".join(answers) + "\n", env=WIDE)
    assert result.exit_code == 0, result.stdout + result.stderr
    for prompt in ("Who finished?", "melds or dublees", "The tiplu",
                   "saw the tiplu", "Record this hand?"):
        assert prompt in result.stderr, prompt
    assert "C pays A 22" in result.stdout
    text = marriage.read_text(encoding="utf-8")
    assert "net = { A = 31, B = -9, C = -22 }" in text
    assert cli("verify", marriage).exit_code == 0


def test_interactive_record_invalid_show_asks_again(cli, marriage, tty):
    answers = ["A", "melds", "J♣", NOT_A_FINISH, "-", "B", "-", "Q♣", "-", "-",
               "y",                                      # enter the hand again
               "",                                       # the table: as it was
               "", "", "", WORKED, "", "", "", "", "", "",   # keep the rest, fix A
               "y"]
    result = cli("record", marriage, input="\n" + "\n".join(answers) + "\n", env=WIDE)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "MA-13" in result.stderr
    assert "net = { A = 31, B = -9, C = -22 }" in marriage.read_text(encoding="utf-8")


def test_interactive_record_declined_writes_nothing(cli, marriage, tty):
    before = marriage.read_bytes()
    answers = ["none", "2♠", "-", "-", "-", "-", "-", "-", "n", "n"]
    result = cli("record", marriage, input="\n" + "\n".join(answers) + "\n")
    assert result.exit_code == 0
    assert "Nothing recorded" in result.stderr
    assert marriage.read_bytes() == before


def test_record_without_options_on_a_pipe_exits_2(cli, marriage):
    before = marriage.read_bytes()
    result = cli("record", marriage, input="\nA\nmelds\n")
    assert result.exit_code == 2
    assert "Who finished" not in result.stdout + result.stderr
    assert marriage.read_bytes() == before


# -- output conventions ------------------------------------------------------------------------

def test_settle_marriage_ascii_output_has_no_suit_symbols(cli):
    result = settle(cli, *SEED, "--ascii", env=WIDE)
    assert result.exit_code == 0
    assert not any(s in result.stdout for s in "♠♥♦♣")
    assert "poplu Qc" in result.stdout


def test_settle_marriage_names_and_seen_lists_are_case_insensitive(cli):
    data = one_json(settle(cli, "--finish", "a", "--tiplu", "jc", "--seen", "b,c",
                           *hands(a=WORKED, b="qc", c="-"), "--json"))
    # B and C saw: C pays 12 + 3 − 0 = 15.
    assert data["seen"] == ["A", "B", "C"]
    assert data["net"] == {"A": 24, "B": -9, "C": -15}


@pytest.mark.parametrize("args", [
    ["check", "meld", "3♠ 4♠ 5♠", "--json"],
    ["check", "finish", WORKED, "--tiplu", "J♣", "--json"],
    ["check", "maal", "10♣ J♣ Q♣", "--tiplu", "J♣", "--json"],
    ["settle", "marriage", "--players", "A,B,C", *SEED, "--json"],
])
def test_marriage_json_output_is_exactly_one_document(cli, args):
    result = cli(*args)
    assert result.exit_code == 0
    decoder = json.JSONDecoder()
    _, end = decoder.raw_decode(result.stdout)
    assert result.stdout[end:].strip() == ""
    assert result.stderr == ""


# -- more session details -----------------------------------------------------------------------

def test_ma10_record_22_cards_stores_the_show_and_verifies(cli, marriage):
    result = cli("record", marriage, "--finish", "A", "--tiplu", "J♣", "--seen", "B",
                 *hands(A=WORKED + " 9♥", B="Q♣", C="-"), "--json")
    assert result.exit_code == 0, result.stderr
    assert one_json(result)["discard"] == "9♥"
    assert f'A = "{WORKED} 9♥"' in marriage.read_text(encoding="utf-8")
    assert cli("verify", marriage).exit_code == 0


def test_ma15_old_option_maal_needs_seen_false_is_stored_as_mode_normal(cli, tmp_path):
    path = tmp_path / "m.toml"
    made = cli("new", path, "--game", "marriage", "--players", "A,B,C",
               "--set", "maal_needs_seen=false")
    assert made.exit_code == 0
    assert "maal_needs_seen is now called mode" in made.stderr
    text = path.read_text(encoding="utf-8")
    assert 'mode = "normal"' in text and "maal_needs_seen" not in text
    result = cli("record", path, "--finish", "A", "--tiplu", "J♣", "--seen", "B",
                 *hands(A=WORKED, B="Q♣", C="10♣"), "--json")
    assert one_json(result)["net"] == {"A": 29, "B": -11, "C": -18}
    assert cli("verify", path).exit_code == 0


def test_ma13_invalid_show_penalty_option_is_named_in_the_refusal(cli):
    result = settle(cli, "--set", "invalid_show_penalty=5", "--finish", "A",
                    "--tiplu", "J♣", *hands(A=NOT_A_FINISH, B="-", C="-"))
    assert result.exit_code == 1
    assert "MA-13" in result.stderr
    assert "pay 5 to every other player" in result.stderr


def test_marriage_standings_and_history_for_people(cli, marriage):
    cli("record", marriage, *SEED)
    standings = cli("standings", marriage, env=WIDE)
    assert standings.exit_code == 0
    assert "+31" in standings.stdout and "Next dealer: B" in standings.stdout
    history = cli("history", marriage, env=WIDE)
    assert history.exit_code == 0
    assert "+31" in history.stdout and "-22" in history.stdout


# -- MA-13 invalid_show_penalty ---------------------------------------------------

PENALTY_HAND = ["--no-finisher", "--tiplu", "9♠", "--seen", "B", "--hand", "A=-",
                "--hand", "B=9♠", "--hand", "C=-"]


def test_ma13_invalid_show_penalty_paid_to_every_other_player(cli, tmp_path):
    path = tmp_path / "pen.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C",
               "--set", "invalid_show_penalty=5").exit_code == 0
    result = cli("record", path, *PENALTY_HAND, "--invalid-show", "c", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    # Without the penalty: A −3, B +6, C −3 (n·S − T, T = 3); C then pays 5 to A and to B.
    assert data["net"] == {"A": 2, "B": 11, "C": -13}
    assert data["invalid_shows"] == ["C"]
    penalty_lines = [p for p in data["pairwise"] if "MA-13" in p["reason"]]
    assert {(p["payer"], p["payee"], p["amount"]) for p in penalty_lines} == \
        {("C", "A", 5), ("C", "B", 5)}
    summed = {p: 0 for p in data["net"]}
    for line in data["pairwise"]:
        summed[line["payer"]] -= line["amount"]
        summed[line["payee"]] += line["amount"]
    assert summed == data["net"]
    assert 'invalid_shows = ["C"]' in path.read_text(encoding="utf-8")
    assert cli("verify", path).exit_code == 0


def test_ma13_invalid_show_at_penalty_0_is_recorded_costs_nothing_and_counts(
        cli, tmp_path):
    # RULES.md MA-13, Interpretation: recorded at any penalty
    path = tmp_path / "nopen.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C").exit_code == 0
    plain = json.loads(cli("settle", "marriage", "--players", "A,B,C",
                           *PENALTY_HAND, "--json").stdout)
    result = cli("record", path, *PENALTY_HAND, "--invalid-show", "C", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["net"] == plain["net"] and data["invalid_shows"] == ["C"]
    assert "MA-13" in data["rules"]
    assert any("costs nothing" in line for line in data["explanation"])
    stats = json.loads(cli("stats", path, "--json").stdout)
    assert stats["games"]["marriage"]["C"]["invalid_shows"] == 1


def test_ma13_refused_show_tells_how_to_record_the_penalty(cli):
    result = cli("settle", "marriage", "--players", "A,B,C",
                 "--set", "invalid_show_penalty=5", "--finish", "A", "--tiplu", "9♠",
                 "--hand", "A=2♠ 3♠ 4♠ 5♥ 5♦ 5♣ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 2♦ 3♦ 4♦ 6♣ 7♣ 8♦",
                 "--hand", "B=-", "--hand", "C=-")
    assert result.exit_code == 1
    assert "--invalid-show A" in result.stderr and "MA-13" in result.stderr


def test_ma13_invalid_show_is_a_marriage_option_only(cli):
    result = cli("settle", "dhumbal", "--players", "A,B", "--call", "A",
                 "--hand", "A=A♠", "--hand", "B=K♠", "--invalid-show", "B")
    assert result.exit_code == 2
    assert "--invalid-show" in result.stderr


def test_ma10_22_cards_the_discard_keeps_the_finishers_maal(cli):
    # A's worked-example show plus a second 10♣ (a jhiplu). Several discards
    # finish; the ruling keeps both jhiplus (marriage 10 + 1 jhiplu 2 = 12).
    worked = ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ 7♠ 7♦ 7♣ "
              "K♦ K♦ K♦")
    result = cli("settle", "marriage", "--players", "A,B,C", "--finish", "A",
                 "--tiplu", "J♣", "--seen", "B", "--hand", f"A={worked} 10♣",
                 "--hand", "B=Q♣", "--hand", "C=-", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["maal"] == {"A": 12, "B": 2, "C": 0}
    assert data["discard"] not in ("10♣", "J♣", "Q♣")
    # T = 14: B pays 14 + 3 − 3·2 = 11, C pays 14 + 10 − 0 = 24.
    assert data["net"] == {"A": 35, "B": -11, "C": -24}
    shown = [c for group in data["arrangement"] for c in group]
    assert sorted(shown + [data["discard"]]) == sorted(f"{worked} 10♣".split())


def test_ma10_history_tells_who_finished_how_and_who_saw(cli, marriage):
    cli("record", marriage, *SEED)
    row = json.loads(cli("history", marriage, "--json").stdout)["hands"][0]
    assert (row["finisher"], row["by"], row["seen"]) == ("A", "melds", ["A", "B"])
    assert row["winner"] == "A" and row["out"] == [] and row["eliminated"] == []
    human = cli("history", marriage, env={"COLUMNS": "160"}).stdout
    assert "A by melds; seen: B" in human


def test_ma1_interactive_entry_checks_each_answer_as_it_is_typed(cli, marriage, tty):
    answers = ["A", "melds", "J♣",
               "3♠ 4♠",                  # A: not 21 or 22 cards: asked again
               WORKED,
               "-",                      # no exposed melds given
               "B", "-",                 # who else saw: B; by dublees: nobody
               "Q♣ Q♣ Q♣",               # B: a fourth Q♣ with A's: asked again
               "999",                    # an agreed maal no hand can hold
               "Q♣",
               "-",
               "C=7♦",                   # C holds no 7♦: asked again
               "-",
               "y"]
    result = cli("record", marriage, input="\n" + "\n".join(answers) + "\n", env=WIDE)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "finishing show is 21 cards" in result.stderr
    assert "Q♣ is already with A" in result.stderr
    assert "agreed maal 999 is more than three decks can give one hand: at most 82" \
        in result.stderr
    assert "C does not show three 7♦" in result.stderr
    assert "net = { A = 31, B = -9, C = -22 }" in marriage.read_text(encoding="utf-8")


def test_ma13_interactive_refused_show_not_typed_again_exits_1_like_the_flags(
        cli, marriage, tty):
    before = marriage.read_bytes()
    answers = ["A", "melds", "J♣", NOT_A_FINISH, "-", "B", "-", "Q♣", "-", "-",
               "n"]
    result = cli("record", marriage, input="\n" + "\n".join(answers) + "\n", env=WIDE)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1].endswith(
        "error: A's show is refused: no arrangement places every card: with 3 "
        "qualifying melds the best uses 6 melds and leaves 2♣ K♦ K♦. They take the "
        "cards back and complete the same turn (MA-13); when the hand ends, "
        "record it with --invalid-show A (MA-10)")     # counted at penalty 0 too
    assert marriage.read_bytes() == before
