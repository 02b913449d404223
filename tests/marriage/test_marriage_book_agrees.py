"""Issue #30: where the program disagreed with the rule book (MA-19's
decreasing table, MA-4/MA-18's naming of three JK, MA-20's fouler who sits
out) and the Interpretations written where the book was silent (MA-13's
repeated name, MA-20 at the session's end)."""

from __future__ import annotations

import json
import tomllib

from scorekeeper.core.cards import card, cards
from scorekeeper.core.options import Tiers
from scorekeeper.games.marriage.maal import claimed, maal
from scorekeeper.games.marriage.melds import classify_meld
from scorekeeper.games.marriage.rules import THREE_DECK

WORKED = ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ "
          "7♠ 7♦ 7♣ K♦ K♦ K♦")
EXAMPLE = ["--finish", "A", "--tiplu", "J♣", "--seen", "B", "--hand", f"A={WORKED}",
           "--hand", "B=2", "--hand", "C=4"]


def rules_for(*sets):
    return THREE_DECK.parse_settings(list(sets))


# -- MA-19: a table that pays less for more never makes maal a penalty ----------

def test_ma19_two_dealt_wild_tunnelas_under_50_10_count_the_best_one_50():
    rules = rules_for("maal_tunnela_wild=50/10")
    found = maal(cards("4♥ 4♥ 4♥ 4♦ 4♦ 4♦"), card("4♠"), [card("4♥"), card("4♦")],
                 rules=rules)
    assert found.total == 50
    assert [i.value for i in found.items] == [50]
    assert all(i.value >= 0 for i in found.items)


def test_ma19_the_repro_through_check_maal(cli):
    result = cli("check", "maal", "4♥ 4♥ 4♥ 4♦ 4♦ 4♦", "--tiplu", "4♠", "--tunnela",
                 "4♥", "--tunnela", "4♦", "--seen", "--natural", "--set",
                 "maal_tunnela_wild=50/10", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["maal"] == 50 and "-40" not in result.stdout


def test_ma19_the_cards_of_a_tunnela_not_counted_count_as_loose_cards(cli):
    # the worked example: the jhiplu tunnela 50, the poplu one's cards 3 poplu
    result = cli("check", "maal", "3♠ 3♠ 3♠ 5♠ 5♠ 5♠", "--tiplu", "4♠", "--tunnela",
                 "3♠", "--tunnela", "5♠", "--set", "maal_tunnela_neighbour=50/10",
                 "--json")
    assert result.exit_code == 0 and result.stderr == "", result.stderr
    data = json.loads(result.stdout)
    assert data["maal"] == 60
    assert [(i["name"], i["value"]) for i in data["items"]] == [
        ("dealt tunnela of jhiplu", 50), ("3 poplu", 10)]
    # with two tiplu copies they stay poplu: a marriage would break the tunnela
    found = maal(cards("3♠ 3♠ 3♠ 5♠ 5♠ 5♠ 4♠ 4♠"), card("4♠"),
                 [card("3♠"), card("5♠")],
                 rules=rules_for("maal_tunnela_neighbour=50/10"))
    assert found.total == 67
    # cards that make no other item count nothing: the book's 4♥/4♦ example
    assert maal(cards("4♥ 4♥ 4♥ 4♦ 4♦ 4♦"), card("4♠"), [card("4♥"), card("4♦")],
                rules=rules_for("maal_tunnela_wild=50/10")).total == 50


def test_ma19_claimed_counts_the_most_items_the_table_pays_best_for():
    assert claimed(Tiers.of(2, 5, 10), 3) == 3
    assert claimed(Tiers.of(2, 5, 10), 0) == 0
    assert claimed(Tiers.of(50, 10), 2) == 1
    assert claimed(Tiers.of(50, 10), 5) == 1
    assert claimed(Tiers.of(5, 5, 1), 3) == 2        # equal values: the most
    assert claimed(Tiers.of(0), 3) == 3


def test_ma19_every_item_kind_counts_only_what_pays():
    tiplu = card("J♣")
    assert maal(cards("10♣ 10♣ 10♣"), tiplu,
                rules=rules_for("maal_jhiplu=9/1/1")).total == 9
    assert maal(cards("Q♣ Q♣"), tiplu, rules=rules_for("maal_poplu=9/1")).total == 9
    assert maal(cards("J♣ J♣"), tiplu, rules=rules_for("maal_tiplu=9/1")).total == 9
    assert maal(cards("J♠ J♠ J♠"), tiplu,
                rules=rules_for("alter=true", "maal_alter=9/1/1")).total == 9
    assert maal(cards("JK JK JK"), tiplu,
                rules=rules_for("printed_jokers=3", "joker_maal=9/1/1")).total == 9
    assert maal(cards("2♥ 2♥ 2♥ 3♥ 3♥ 3♥"), tiplu, [card("2♥"), card("3♥")],
                rules=rules_for("maal_tunnela=9/1")).total == 9


# -- MA-4 naming with MA-18: three JK are a dirty sequence ----------------------

def test_ma18_ma4_three_jokers_are_named_a_dirty_sequence(cli):
    rules = rules_for("printed_jokers=3")
    assert classify_meld(cards("JK JK JK"), card("5♥"), rules).kind == "dirty sequence"
    result = cli("check", "meld", "JK JK JK", "--tiplu", "5♥", "--set",
                 "printed_jokers=3")
    assert result.exit_code == 0, result.stderr
    assert "dirty sequence" in result.stdout and "trial" not in result.stdout


def test_ma4_jokers_with_a_trial_pair_stay_a_dirty_trial_in_any_order():
    rules = rules_for("printed_jokers=3")
    for text in ("7♠ 7♦ JK", "JK 7♠ 7♦", "7♦ JK 7♠"):
        assert classify_meld(cards(text), card("5♥"), rules).kind == "dirty trial"
    for text in ("JK JK 7♠", "7♠ JK JK", "7♠ JK 9♠"):
        assert classify_meld(cards(text), card("5♥"), rules).kind == "dirty sequence"


# -- MA-20: a foul is listed with the hand that pays it --------------------------


def _a_foul_by(cli, path, fouler):
    """A foul = next session of four (MA-20) whose first hand, A finishing
    with the worked example's show, has `fouler`'s show refused. Returns
    the ledger and A's finishing flags, for the hands after."""
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C,D",
               "--rotations", "2", "--set", "invalid_show_penalty=5",
               "--set", "foul=next").exit_code == 0
    four = ["--finish", "A", "--tiplu", "J♣", "--hand", f"A={WORKED}"]
    assert cli("record", path, *four, "--seen", "B", "--hand", "B=2", "--hand", "C=4",
               "--hand", "D=3", "--invalid-show", fouler).exit_code == 0
    return path, four

def test_ma20_a_fouler_sitting_out_is_listed_as_waiting_not_as_due(cli, tmp_path):
    path, four = _a_foul_by(cli, tmp_path / "m4.toml", "B")
    out = cli("record", path, *four, "--out", "B", "--seen", "C", "--hand", "C=2",
              "--hand", "D=4", "--json")
    assert out.exit_code == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["fouls_due"], data["fouls_waiting"]) == ([], ["B"])
    hands = tomllib.loads(path.read_text(encoding="utf-8"))["hands"]
    assert "fouls_due" not in hands[1]
    assert hands[1]["fouls_waiting"] == ["B"]
    paid = cli("record", path, *four, "--seen", "B", "--hand", "B=2", "--hand",
               "C=4", "--hand", "D=3", "--json")
    assert json.loads(paid.stdout)["net"]["B"] == \
        hands[0]["net"]["B"] - 5 * 3                          # pays 5 to each of 3
    assert (json.loads(paid.stdout)["fouls_due"],
            json.loads(paid.stdout)["fouls_waiting"]) == (["B"], [])
    hands = tomllib.loads(path.read_text(encoding="utf-8"))["hands"]
    assert hands[2]["fouls_due"] == ["B"] and "fouls_waiting" not in hands[2]
    checked = cli("verify", path)
    assert checked.exit_code == 0, checked.stdout + checked.stderr


def test_ma20_record_and_show_json_say_waiting_as_the_ledger_stores_it(
        cli, tmp_path):
    path, four = _a_foul_by(cli, tmp_path / "m4.toml", "C")
    out = cli("record", path, *four, "--out", "C", "--seen", "B", "--hand", "B=2",
              "--hand", "D=4", "--json")
    assert out.exit_code == 0 and out.stderr == "", out.stderr
    recorded = json.loads(out.stdout)
    assert (recorded["fouls_due"], recorded["fouls_waiting"]) == ([], ["C"])
    stored = tomllib.loads(path.read_text(encoding="utf-8"))["hands"][1]
    assert stored["fouls_waiting"] == ["C"] and "fouls_due" not in stored
    shown = cli("show", path, "2", "--json")
    assert shown.exit_code == 0 and shown.stderr == "", shown.stderr
    again = json.loads(shown.stdout)
    assert (again["fouls_due"], again["fouls_waiting"]) == ([], ["C"])


def test_ma20_an_old_ledger_listing_the_absent_fouler_as_due_still_verifies(
        cli, tmp_path):
    path, four = _a_foul_by(cli, tmp_path / "old.toml", "B")
    assert cli("record", path, *four, "--out", "B", "--seen", "C", "--hand", "C=2",
               "--hand", "D=4").exit_code == 0
    text = path.read_text(encoding="utf-8")
    old = text.replace('fouls_waiting = ["B"]', 'fouls_due = ["B"]')
    assert old != text
    path.write_text(old, encoding="utf-8")
    assert cli("verify", path).exit_code == 0
    third = cli("record", path, *four, "--seen", "B", "--hand", "B=2", "--hand",
                "C=4", "--hand", "D=3", "--json")
    assert third.exit_code == 0, third.stderr
    assert json.loads(third.stdout)["fouls_due"] == ["B"]


# -- Interpretations: MA-13 a name once, MA-20 at the session's end ---------------

def test_ma13_a_player_named_twice_in_invalid_show_is_refused_not_charged_twice(cli):
    result = cli("settle", "marriage", "--players", "A,B,C", "--set",
                 "invalid_show_penalty=5", *EXAMPLE, "--invalid-show", "B",
                 "--invalid-show", "B")
    assert result.exit_code == 2
    assert "B named twice in --invalid-show" in " ".join(result.stderr.split())
    assert "(MA-13)" in result.stderr and result.stdout == ""


def test_ma20_a_foul_unpaid_when_the_session_ends_lapses(cli, tmp_path):
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C",
               "--rotations", "1", "--set", "invalid_show_penalty=5",
               "--set", "foul=next").exit_code == 0
    for _ in range(2):
        assert cli("record", path, *EXAMPLE).exit_code == 0
    last = cli("record", path, *EXAMPLE, "--invalid-show", "B", "--json")
    assert last.exit_code == 0, last.stderr
    assert json.loads(last.stdout)["net"] == {"A": 31, "B": -9, "C": -22}
    standings = cli("standings", path, "--json")
    assert standings.exit_code == 0, standings.stderr
    data = json.loads(standings.stdout)
    assert data["complete"] is True
    assert data["totals"] == {"A": 93, "B": -27, "C": -66}   # 3 × (31, -9, -22)
    assert cli("verify", path).exit_code == 0
