"""MA-19: the maal values as data — `maal_table` presets and one option per
item — and the best grouping under any table; the rule book's worked
examples, the core directly and through the command line."""

from __future__ import annotations

import json
import tomllib
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import examples

from scorekeeper.core.cards import Card, card, cards
from scorekeeper.core.options import Tiers
from scorekeeper.games.marriage import maal as maal_module
from scorekeeper.games.marriage.maal import maal, max_maal
from scorekeeper.games.marriage.rules import MAAL_ITEMS, MAAL_TABLES, THREE_DECK

TIPLU = card("J♣")
NEIGHBOUR_TUNNELAS = "10♣ 10♣ 10♣ Q♣ Q♣ Q♣ J♣ J♣"


def rules_for(*sets):
    return THREE_DECK.parse_settings(list(sets))


def test_ma19_worked_example_three_deck_47_calculator_38():
    hand, dealt = cards(NEIGHBOUR_TUNNELAS), [card("10♣"), card("Q♣")]
    assert maal(hand, TIPLU, dealt).total == 47
    calc = maal(hand, TIPLU, dealt, rules=rules_for("maal_table=calculator"))
    assert calc.total == 38
    assert [i.value for i in calc.items] == [10, 20, 8]


def test_ma19_worked_example_best_grouping_follows_the_table():
    hand = cards("10♣ 10♣ J♣ J♣ Q♣ Q♣")
    assert maal(hand, TIPLU).total == 30                      # 2 marriages
    cheap = maal(hand, TIPLU, rules=rules_for("maal_marriage=10/12"))
    assert cheap.total == 17
    assert [i.name for i in cheap.items] == ["marriage", "1 jhiplu", "1 poplu",
                                              "1 tiplu"]


def test_ma19_three_deck_table_is_the_default_and_the_rule_book():
    default = THREE_DECK.rules
    assert all(getattr(default, item) == MAAL_TABLES["three-deck"][item]
               for item in MAAL_ITEMS)
    assert max_maal(default) == 82


def test_ma19_calculator_table_is_the_peer_values():
    calc = rules_for("maal_table=calculator")
    assert str(calc.maal_tiplu) == "3/8" and str(calc.maal_marriage) == "10/25"
    assert str(calc.maal_tunnela) == "5/15/30/45"
    assert str(calc.maal_tunnela_neighbour) == "10/30/45"
    assert str(calc.maal_tunnela_alter) == "35" and str(calc.joker_maal) == "5/15/30"


def test_ma19_an_item_set_on_its_own_wins_over_the_table():
    both = rules_for("maal_table=calculator", "maal_tiplu=4/9")
    assert both.maal_tiplu == Tiers.of(4, 9) and both.maal_marriage == Tiers.of(10, 25)
    assert THREE_DECK.changed(both) == {"maal_table": "calculator",
                                        "maal_tiplu": Tiers.of(4, 9)}


def test_ma19_more_than_listed_counts_as_the_last_tier():
    assert Tiers.of(5, 15, 30).value(6) == 30 and Tiers.of(5).value(0) == 0


@pytest.mark.parametrize("setting, says", [
    ("maal_tiplu=three", "option maal_tiplu takes values for holding 1, 2"),
    ("maal_tiplu=3/-1", "option maal_tiplu takes values for holding 1, 2"),
    ("maal_table=casino", "option maal_table takes one of three-deck, calculator"),
])
def test_ma19_a_value_an_option_does_not_take_is_exit_2_naming_the_rule(
        cli, setting, says):
    result = cli("check", "maal", "J♣", "--tiplu", "J♣", "--set", setting, "--json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert says in data["error"] and data["rule"] == "MA-19"


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.sampled_from([Card(r, s) for r in range(1, 14) for s in range(4)]),
                max_size=21), st.sampled_from(sorted(MAAL_TABLES)))
def test_ma19_property_no_hand_passes_the_bound_of_its_table(hand, table):
    rules = rules_for(f"maal_table={table}", "alter=true")
    counts = Counter(hand)
    tiplu = card("7♠")
    if any(n > 3 for n in counts.values()) or counts[tiplu] > 2:
        return
    dealt = [c for c, n in counts.items() if n == 3]
    value = maal(hand, tiplu, dealt, rules=rules)
    assert value.total == sum(i.value for i in value.items)
    assert value.total <= max_maal(rules)
    used = Counter(c for item in value.items for c in item.cards)
    assert all(used[c] <= counts[c] for c in used)       # each card once


# -- on the command line ----------------------------------------------------------

def test_ma19_cli_check_maal_calculator_and_the_ledger(cli, tmp_path):
    result = cli("check", "maal", NEIGHBOUR_TUNNELAS, "--tiplu", "J♣",
                 "--tunnela", "10♣", "--tunnela", "Q♣",
                 "--set", "maal_table=calculator", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["maal"] == 38 and "MA-19" in data["reason"]
    path = tmp_path / "m.toml"
    made = cli("new", path, "--game", "marriage", "--players", "A,B,C",
               "--set", "maal_table=calculator")
    assert made.exit_code == 0, made.stderr
    options = tomllib.loads(path.read_text(encoding="utf-8"))["options"]
    assert options["maal_table"] == "calculator" and options["maal_tiplu"] == "3/8"
    done = cli("record", path, "--finish", "A", "--tiplu", "J♣", "--seen", "B",
               "--hand", "A=3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ "
               "7♠ 7♦ 7♣ K♦ K♦ K♦", "--hand", "B=J♣", "--hand", "C=-", "--json")
    assert done.exit_code == 0, done.stderr
    assert "MA-19" in json.loads(done.stdout)["rules"]
    assert cli("verify", path).exit_code == 0
    # the ledger edited to the three-deck values no longer matches its hands'
    # stored results only where the values differ: here none does (marriage
    # 10 and one tiplu 3 are the same in both tables), so it still verifies
    standings = cli("standings", path, env={"COLUMNS": "200"})
    assert "maal_table = calculator (MA-19)" in standings.stdout
    rules = cli("rules", "marriage", "three-deck", "--set", "maal_table=calculator",
                "--plain")
    assert "maal_tiplu" in rules.stdout and "3/8" in rules.stdout


# -- each item read from its own option (mutation testing) ------------------------

def test_ma19_jhiplu_and_poplu_each_read_their_own_option():
    rules = rules_for("maal_jhiplu=2/5/10", "maal_poplu=3/6/12")
    assert maal(cards("10♣ 10♣"), TIPLU, rules=rules).total == 5
    assert maal(cards("Q♣ Q♣"), TIPLU, rules=rules).total == 6
    assert maal(cards("10♣ 10♣ 10♣ Q♣"), TIPLU, rules=rules).total == 13


def test_ma19_dealt_tunnelas_of_a_kind_are_its_first_second_tier():
    rules = rules_for("maal_tunnela=5/15", "maal_tunnela_wild=10/30")
    hand = cards("5♠ 5♠ 5♠ 6♥ 6♥ 6♥ J♥ J♥ J♥ J♦ J♦ J♦")
    got = maal(hand, TIPLU, cards("5♠ 6♥ J♥ J♦"), rules=rules)
    assert [(i.name, i.value) for i in got.items] == [
        ("dealt tunnela of ordinary cards", 5),        # the first: 5
        ("dealt tunnela of ordinary cards", 10),       # the second: 15 − 5
        ("dealt tunnela of ordinary wildcards", 10),   # its own count: 10
        ("dealt tunnela of ordinary wildcards", 20)]   # 30 − 10
    assert got.total == 45


def test_ma19_a_table_worth_nothing_bounds_maal_at_0(monkeypatch):
    monkeypatch.setattr(maal_module, "_MOST", {})    # computed cold
    rules = rules_for("alter=true", "printed_jokers=2",
                      *(f"{item}=0" for item in MAAL_ITEMS))
    assert max_maal(rules) == 0 and max_maal(rules, natural=False) == 0
