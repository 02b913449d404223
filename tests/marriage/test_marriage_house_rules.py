"""The house options of Marriage (MA-15 mode, MA-16 fees, MA-17 alter), the
players who saw the tiplu through 7 dublees (MA-9) and the option renamed
from `maal_needs_seen` — on the pure core: `settle`, `maal`, `resolve` and
the profile's options."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import examples

from scorekeeper.core.cards import Card, card, cards
from scorekeeper.core.errors import Impossible
from scorekeeper.core.options import Tiers
from scorekeeper.core.scores import NET
from scorekeeper.core.seating import Seating
from scorekeeper.games.marriage.engine import resolve
from scorekeeper.games.marriage.game import MarriageGame
from scorekeeper.games.marriage.maal import ALTER_VALUES, maal
from scorekeeper.games.marriage.rules import DEFAULT_RULES, THREE_DECK, Mode
from scorekeeper.games.marriage.settlement import settle
from scorekeeper.games.marriage.wildcards import Wildcards

WORKED = ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ "
          "7♠ 7♦ 7♣ K♦ K♦ K♦")
PLAYERS = ("A", "B", "C")


def rules_for(*settings_: str):
    return THREE_DECK.parse_settings(list(settings_))


def ruled(hands, *settings_, finisher="A", seen=("B",), seen_dublees=(),
          by="melds", tiplu="J♣", tunnelas=None):
    rules = rules_for(*settings_)
    args = MarriageGame().args(Seating.of(PLAYERS, "A"), finisher, by, tiplu,
                               list(seen), dict(hands),
                               {p: list(v) for p, v in (tunnelas or {}).items()},
                               rules, (), list(seen_dublees))
    return resolve(args, rules)


def rules_example(*settings_):
    """RULES.md, MA-15's worked examples: A finishes with the worked
    example's 21 cards (maal 10), B saw (agreed 2), C did not (agreed 4)."""
    return ruled({"A": WORKED, "B": "2", "C": "4"}, *settings_)


# -- MA-15: the mode -----------------------------------------------------------

def test_ma15_murder_worked_example_a_plus_31():
    result = rules_example()
    data = result.as_json()
    assert data["net"] == {"A": 31, "B": -9, "C": -22}
    assert data["maal"] == {"A": 10, "B": 2, "C": 0}
    assert data["maal_shown"] == {"A": 10, "B": 2, "C": 4}
    assert data["mode"] == "murder" and data["total_maal"] == 12
    assert "C has not seen: C's maal 4 counts 0 (MA-15)" in result.explanation
    assert data["unverified"] == ["B"]        # C's agreed number counts for nobody


def test_ma15_kidnap_worked_example_a_plus_39():
    result = rules_example("mode=kidnap")
    data = result.as_json()
    assert data["net"] == {"A": 39, "B": -13, "C": -26}
    assert data["maal"] == {"A": 14, "B": 2, "C": 0}
    assert data["maal_shown"] == {"A": 10, "B": 2, "C": 4}
    assert data["total_maal"] == 16
    assert [(p["rival"], p["fee"], p["amount"]) for p in data["payments"]] == \
        [("B", 3, 13), ("C", 10, 26)]
    assert "A kidnaps C's maal 4 (MA-15): A's maal 10 → 14" in result.explanation
    assert "MA-15" in data["rules"]
    assert data["unverified"] == ["B", "C"]   # C's agreed 4 went to A


def test_ma15_normal_worked_example_a_plus_27():
    data = rules_example("mode=normal").as_json()
    assert data["net"] == {"A": 27, "B": -13, "C": -14}
    assert data["maal"] == data["maal_shown"] == {"A": 10, "B": 2, "C": 4}


def test_ma15_maal_needs_seen_reads_as_murder_or_normal():
    assert rules_for("maal_needs_seen=true").mode == Mode.MURDER
    assert rules_for("maal_needs_seen=false").mode == Mode.NORMAL
    assert rules_example("maal_needs_seen=false").as_json()["net"] == \
        rules_example("mode=normal").as_json()["net"]


def test_ma15_kidnap_takes_maal_computed_from_cards_of_every_unseen_rival():
    # B and C both unseen: C's jhiplu (2) and B's two poplus (5) go to A.
    result = ruled({"A": WORKED, "B": "Q♣ Q♣", "C": "10♣"}, "mode=kidnap",
                   seen=())
    data = result.as_json()
    assert data["maal"] == {"A": 17, "B": 0, "C": 0}
    assert "A kidnaps B's maal 5 (MA-15): A's maal 10 → 15" in result.explanation
    assert "A kidnaps C's maal 2 (MA-15): A's maal 15 → 17" in result.explanation
    assert sum(data["net"].values()) == 0


def test_ma15_kidnap_without_a_finisher_is_murder():
    hands = {"A": "10♣", "B": "Q♣ Q♣", "C": "4"}
    kidnap = ruled(hands, "mode=kidnap", finisher=None, seen=("A",))
    murder = ruled(hands, finisher=None, seen=("A",))
    assert kidnap.as_json()["net"] == murder.as_json()["net"]
    assert kidnap.as_json()["maal"] == {"A": 2, "B": 0, "C": 0}
    assert any("nobody finished" in line.english for line in kidnap.explanation)
    assert kidnap.unverified == ()


def test_ma15_unseen_pairs_worked_example():
    """RULES.md: mode normal, A finishes with maal 10, B and C did not see,
    B holds 10 and C 0."""
    every = settle(PLAYERS, {"A": 10, "B": 10, "C": 0}, "A", set(),
                   rules=rules_for("mode=normal"))
    assert dict(every.net) == {"A": 30, "B": 0, "C": -30}
    apart = settle(PLAYERS, {"A": 10, "B": 10, "C": 0}, "A", set(),
                   rules=rules_for("mode=normal", "unseen_pairs=false"))
    assert dict(apart.net) == {"A": 30, "B": -10, "C": -20}
    assert apart.apart == (("B", "C"),)
    assert all({line.payer, line.payee} != {"B", "C"} for line in apart.pairwise)


def test_ma15_unseen_pairs_through_a_whole_hand_explains_who_does_not_settle():
    result = ruled({"A": WORKED, "B": "10", "C": "-"}, "mode=normal",
                   "unseen_pairs=false", seen=())
    assert result.as_json()["net"] == {"A": 30, "B": -10, "C": -20}
    assert result.explanation[3:5] == (
        "B has not seen; in mode normal B's maal 10 counts (MA-15)",
        "B and C have both not seen: they do not settle with each other "
        "(unseen_pairs = false, MA-15)")
    # RULES.md: B pays A 10 + (10 − 10) = 10, C pays A 10 + (10 − 0) = 20,
    # T and n over the players each settles with
    assert "B owes A T 20 + w 10 − 2·10 = 10 (T and n over A, B: unseen_pairs = " \
           "false) → B pays A 10" in result.explanation
    assert "C owes A T 10 + w 10 − 2·0 = 20 (T and n over A, C: unseen_pairs = " \
           "false) → C pays A 20" in result.explanation
    assert result.explanation[-5:-1] == (
        "The same, pair by pair (fees, then maal differences):",
        "  B → A 10: finish fee (did not see the tiplu)",
        "  C → A 10: finish fee (did not see the tiplu)",
        "  C → A 10: maal 10 vs 0")


def test_ma15_unseen_pairs_without_a_finisher_each_settles_alone():
    # nobody saw: with unseen_pairs = false nobody settles with anybody
    result = ruled({"A": WORKED, "B": "10", "C": "-"}, "mode=normal",
                   "unseen_pairs=false", seen=(), finisher=None)
    assert result.as_json()["net"] == {"A": 0, "B": 0, "C": 0}
    assert result.explanation[-5:-1] == (
        "A: 1·10 − T 10 = 0 (T and n over A: unseen_pairs = false)",
        "B: 1·10 − T 10 = 0 (T and n over B: unseen_pairs = false)",
        "C: 1·0 − T 0 = 0 (T and n over C: unseen_pairs = false)",
        "The same, pair by pair (fees, then maal differences):")


def test_ma12_every_pair_settles_by_default_formula_over_everyone():
    result = ruled({"A": WORKED, "B": "10", "C": "-"}, "mode=normal", seen=())
    assert result.as_json()["net"] == {"A": 30, "B": 0, "C": -30}
    assert "B owes A T 20 + w 10 − 3·10 = 0 → B pays A 0" in result.explanation
    assert "C owes A T 20 + w 10 − 3·0 = 30 → C pays A 30" in result.explanation


@pytest.mark.parametrize("mode", ["murder", "kidnap"])
def test_ma15_unseen_pairs_changes_nothing_outside_normal(mode):
    on = rules_example(f"mode={mode}").as_json()
    off = rules_example(f"mode={mode}", "unseen_pairs=false").as_json()
    assert on["net"] == off["net"]


# -- MA-16: fees, and seeing through dublees (MA-9) -------------------------------

def test_ma16_fees_worked_example():
    """RULES.md: A finishes by dublees with maal 7 (two tiplu copies), B
    saw through melds with maal 4, C saw through dublees with maal 2
    (murder). The maal of 6 of an earlier edition no cards give."""
    maal_of = {"A": 7, "B": 4, "C": 2}
    default = settle(PLAYERS, maal_of, "A", {"B"}, "dublees", seen_dublees={"C"})
    assert dict(default.net) == {"A": 24, "B": -9, "C": -15}
    assert [(p.fee, p.amount) for p in default.payments] == [(8, 9), (8, 15)]
    free = settle(PLAYERS, maal_of, "A", {"B"}, "dublees",
                  rules_for("dublee_seen_fee=0"), seen_dublees={"C"})
    assert dict(free.net) == {"A": 21, "B": -9, "C": -12}
    assert free.payments[1].fee_parts == (("dublee_seen_fee", 0),
                                          ("dublee_finish_bonus", 5))


def test_ma16_every_fee_option_is_used():
    rules = rules_for("seen_fee=1", "unseen_fee=20", "dublee_seen_fee=2",
                      "dublee_finish_bonus=7")
    players = ("A", "B", "C", "D")
    zero = {p: 0 for p in players}
    melds = settle(players, zero, "A", {"B"}, "melds", rules, {"C"})
    assert [p.fee for p in melds.payments] == [1, 2, 20]
    dublees = settle(players, zero, "A", {"B"}, "dublees", rules, {"C"})
    assert [p.fee for p in dublees.payments] == [8, 9, 27]


def test_ma16_a_fee_names_its_options_when_not_the_default():
    hands = {"A": WORKED, "B": "2", "C": "4"}
    plain = ruled(hands)
    assert any("T 12 + w 10 − 3·0 = 22" in line.english for line in plain.explanation)
    assert "MA-16" not in plain.rules
    dear = ruled(hands, "unseen_fee=12")
    assert any("w 12 (unseen_fee 12, MA-16)" in line.english for line in dear.explanation)
    assert "MA-16" in dear.rules


def test_ma9_a_rival_seen_through_dublees_pays_dublee_seen_fee():
    result = ruled({"A": WORKED, "B": "2", "C": "4"}, "dublee_seen_fee=0",
                   seen=(), seen_dublees=("C",))
    data = result.as_json()
    assert data["fees"] == {"B": 10, "C": 0}
    assert data["seen_dublees"] == ["C"] and data["maal"]["C"] == 4
    assert any("w 0 (dublee_seen_fee 0, MA-16)" in line.english
               for line in result.explanation)
    assert any("finish fee (did not see the tiplu)" == line["reason"]
               for line in data["pairwise"])


def test_ma11_ma9_seen_through_dublees_never_earns_the_dealt_tunnela_bonus():
    tunnela = {"C": ["8♣"]}
    by_melds = ruled({"A": WORKED, "B": "-", "C": "8♣ 8♣ 8♣"},
                     seen=("B", "C"), tunnelas=tunnela)
    by_dublees = ruled({"A": WORKED, "B": "-", "C": "8♣ 8♣ 8♣"},
                       seen=("B",), seen_dublees=("C",), tunnelas=tunnela)
    assert by_melds.as_json()["maal"]["C"] == 5
    assert by_dublees.as_json()["maal"]["C"] == 0


@pytest.mark.parametrize("seen, seen_dublees, finisher", [
    (("C",), ("C",), "A"),          # both ways at once
    ((), ("A",), "A"),              # the finisher is always seen
    ((), ("Z",), "A"),              # not at the table
])
def test_ma9_who_saw_how_is_checked(seen, seen_dublees, finisher):
    with pytest.raises(Impossible) as err:
        ruled({"A": WORKED, "B": "-", "C": "-"}, seen=seen,
              seen_dublees=seen_dublees, finisher=finisher)
    assert err.value.rule in ("MA-9", "MA-1")


def test_ma9_seen_dublees_is_stored_and_replayed():
    game, rules = MarriageGame(), rules_for("dublee_seen_fee=0")
    table = Seating.of(PLAYERS, "A")
    args = game.args(table, "A", "melds", "J♣", ["B"], {"A": WORKED, "B": "2",
                     "C": "4"}, {}, rules, (), ["C"])
    result = game.resolve(args, rules)
    stored = game.to_stored(1, args, result, rules)
    assert stored["seen"] == ["A", "B"] and stored["seen_dublees"] == ["C"]
    again = game.resolve(game.args_from_stored(stored, table, rules), rules)
    assert game.compare(stored, again, NET) == []
    assert game.history_facts(stored)["seen_dublees"] == ["C"]
    assert "seen through dublees: C" in game.story(game.history_facts(stored)).english
    plain = game.to_stored(1, args._replace(seen_dublees=()),
                           game.resolve(args._replace(seen_dublees=()), rules), rules)
    assert "seen_dublees" not in plain
    assert game.history_facts(plain)["seen_dublees"] == []


# -- MA-17: alters ----------------------------------------------------------------

@pytest.mark.parametrize("tiplu, alter", [("J♣", "J♠"), ("J♠", "J♣"),
                                          ("7♥", "7♦"), ("7♦", "7♥")])
def test_ma17_the_alter_is_the_other_suit_of_the_same_colour(tiplu, alter):
    assert Wildcards.from_tiplu(card(tiplu)).alter == card(alter)


@pytest.mark.parametrize("hand, value", [("J♠", 5), ("J♠ J♠", 15),
                                         ("J♠ J♠ J♠", 30), ("J♦ J♥", 0)])
def test_ma17_alters_are_worth_5_15_30(hand, value):
    on = maal(cards(hand), card("J♣"), rules=rules_for("alter=true"))
    assert on.total == value
    assert maal(cards(hand), card("J♣")).total == 0        # off by default


def test_ma17_alters_add_to_the_other_items():
    value = maal(cards("10♣ J♣ Q♣ J♠ J♠"), card("J♣"), rules=rules_for("alter=true"))
    assert value.total == 25
    assert [i.name for i in value.items] == ["marriage", "2 alters"]


def test_ma17_a_dealt_tunnela_of_alters_is_worth_30_not_10_and_never_both():
    rules = rules_for("alter=true")
    value = maal(cards("J♠ J♠ J♠"), card("J♣"), [card("J♠")], rules=rules)
    assert value.total == 30 and [i.name for i in value.items] == ["3 alters"]
    without = maal(cards("J♠ J♠ J♠"), card("J♣"), [card("J♠")])
    assert without.total == 10             # alter off: the MA-11 bonus


def test_ma17_alters_count_in_a_whole_hand_and_are_cited():
    result = ruled({"A": WORKED, "B": "J♠ J♠", "C": "-"}, "alter=true")
    assert result.as_json()["maal"]["B"] == 15 and "MA-17" in result.rules
    assert "MA-17" not in ruled({"A": WORKED, "B": "J♠ J♠", "C": "-"}).rules


_NATURAL = [Card(r, s) for r in range(1, 14) for s in range(4)]


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.sampled_from(_NATURAL), max_size=21).filter(
    lambda cs: all(cs.count(c) <= 2 for c in cs)), st.sampled_from(_NATURAL))
def test_ma17_property_alters_add_exactly_their_value(hand, tiplu):
    on = maal(hand, tiplu, rules=rules_for("alter=true"))
    off = maal(hand, tiplu)
    alters = hand.count(Wildcards.from_tiplu(tiplu).alter)
    assert on.total == off.total + ALTER_VALUES[alters]


# -- the options themselves ---------------------------------------------------------

def test_ma15_ma16_ma17_every_option_and_its_default():
    assert THREE_DECK.option_values(DEFAULT_RULES) == {
        "mode": "murder", "unseen_pairs": True, "seen_fee": 3, "unseen_fee": 10,
        "dublee_finish_bonus": 5, "dublee_seen_fee": 3, "alter": False,
        "invalid_show_penalty": 0, "rotations": 1, "printed_jokers": 0,
        "maal_table": "three-deck", "maal_jhiplu": Tiers.of(2, 5, 10),
        "maal_poplu": Tiers.of(2, 5, 10), "maal_tiplu": Tiers.of(3, 7),
        "maal_marriage": Tiers.of(10, 30),
        "maal_tunnela": Tiers.of(5, 10, 15, 20, 25, 30, 35),
        "maal_tunnela_wild": Tiers.of(10, 20, 30),
        "maal_tunnela_neighbour": Tiers.of(20, 40),
        "maal_alter": Tiers.of(5, 15, 30), "maal_tunnela_alter": Tiers.of(10),
        "joker_maal": Tiers.of(2, 4, 6, 8, 10, 12), "foul": "now",
        "dublee_min_players": 2, "doubles": False, "ace_high": True}
    assert rules_for("mode=KIDNAP").mode is Mode.KIDNAP


@pytest.mark.parametrize("setting, says", [
    ("mode=robbery", "option mode takes one of murder, kidnap, normal"),
    ("seen_fee=101", "option seen_fee takes a whole number from 0 to 100"),
    ("unseen_fee=-1", "option unseen_fee takes a whole number from 0 to 100"),
    ("dublee_finish_bonus=lots", "option dublee_finish_bonus takes a whole "
                                 "number from 0 to 100"),
    ("dublee_seen_fee=3.5", "from 0 to 100"),
    ("alter=maybe", "option alter takes true or false"),
    ("unseen_pairs=2", "option unseen_pairs takes true or false"),
    ("maal_needs_seen=perhaps", "option maal_needs_seen takes true or false"),
])
def test_ma15_ma16_ma17_a_bad_value_names_the_option_and_what_it_takes(setting, says):
    with pytest.raises(Impossible) as err:
        rules_for(setting)
    assert says in err.value.message.english and err.value.exit_code == 2


def test_ma16_a_rule_set_with_a_fee_out_of_range_is_impossible():
    with pytest.raises(Impossible) as err:
        replace(DEFAULT_RULES, seen_fee=101)
    assert err.value.message == "option seen_fee takes a whole number from 0 to 100, not 101"
    assert err.value.rule is None     # a rule set built in code, not a --set


def test_ma15_mode_and_its_old_name_together_are_refused():
    with pytest.raises(Impossible) as err:
        rules_for("mode=kidnap", "maal_needs_seen=true")
    assert "given twice" in err.value.message.english and "maal_needs_seen" in err.value.message.english
    assert err.value.rule is None
    assert THREE_DECK.notes(["maal_needs_seen=true"]) == [
        "maal_needs_seen is now called mode: maal_needs_seen=true is mode=murder"]


def test_ma15_an_old_ledgers_options_read_as_they_always_did():
    old = THREE_DECK.from_stored({"maal_needs_seen": False,
                                  "invalid_show_penalty": 0, "rotations": 2})
    assert old.mode == Mode.NORMAL and old.rotations == 2
    assert old.seen_fee == 3 and old.alter is False
    with pytest.raises(Impossible) as err:
        THREE_DECK.from_stored({"maal_needs_seen": True, "mode": "normal"})
    assert err.value.message == "option mode is given twice (maal_needs_seen is its old name)"
    assert err.value.rule is None


def test_ma12_a_negative_amount_is_said_as_the_finisher_paying():
    # T + w − n·S below zero: the finisher pays the rival, formula first
    result = ruled({"A": WORKED, "B": "30", "C": "-"}, seen=("B",))
    assert result.explanation[3] == \
        "B owes A T 40 + w 3 − 3·30 = -47 → negative: A pays B 47"
    assert result.as_json()["net"]["B"] > 0


def test_ma1_a_card_shown_too_often_names_who_holds_it():
    with pytest.raises(Impossible) as err:
        ruled({"A": WORKED, "B": "2♥ 2♥ 2♥", "C": "-"}, seen=("B",))
    assert (err.value.message, err.value.rule) == (
        "2♥ appears 4 times (with A and B ×3), but the deck holds it 3 times", "MA-1")
