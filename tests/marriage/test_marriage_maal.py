"""Maal (MA-11)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import examples

from scorekeeper.core.cards import Card, card, cards
from scorekeeper.core.errors import Impossible
from scorekeeper.games.marriage import maal as maal_module
from scorekeeper.games.marriage.maal import maal, max_maal
from scorekeeper.games.marriage.rules import THREE_DECK
from scorekeeper.games.marriage.wildcards import Wildcards

J_CLUBS = card("J♣")


def total(hand: str, tiplu: Card = J_CLUBS, **kw) -> int:
    return maal(cards(hand), tiplu, **kw).total


def test_ma11_worked_example_marriage_is_10_not_2_3_2():
    result = maal(cards("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣"), J_CLUBS)
    assert result.total == 10
    assert [(i.name, i.value) for i in result.items] == [("marriage", 10)]


def test_ma11_jhiplu_counts_2_5_10():
    assert total("10♣") == 2
    assert total("10♣ 10♣") == 5
    assert total("10♣ 10♣ 10♣") == 10


def test_ma11_poplu_counts_2_5_10():
    assert total("Q♣") == 2
    assert total("Q♣ Q♣") == 5
    assert total("Q♣ Q♣ Q♣") == 10


def test_ma11_tiplu_copies_count_3_7():
    assert total("J♣") == 3
    assert total("J♣ J♣") == 7


def test_ma11_two_marriages_30():
    assert total("10♣ J♣ Q♣ 10♣ J♣ Q♣") == 30


def test_ma11_best_grouping_without_overlap():
    # 3 jhiplu, 2 tiplu, 3 poplu: 2 marriages + 1 + 1 = 34 beats 10+7+10 = 27
    result = maal(cards("10♣ 10♣ 10♣ J♣ J♣ Q♣ Q♣ Q♣"), J_CLUBS)
    assert result.total == 34
    used = Counter(c for item in result.items for c in item.cards)
    assert used == Counter(cards("10♣ 10♣ 10♣ J♣ J♣ Q♣ Q♣ Q♣"))


def items(hand: str, tiplu: Card = J_CLUBS, **kw) -> list[tuple[str, str, int]]:
    return [(i.name, " ".join(map(str, i.cards)), i.value)
            for i in maal(cards(hand), tiplu, **kw).items]


@pytest.mark.parametrize("hand, expected", [
    # the tiplu copies left after the marriage, named by how many are left
    ("10♣ J♣ J♣ Q♣", [("marriage", "10♣ J♣ Q♣", 10), ("1 tiplu", "J♣", 3)]),
    ("10♣ 10♣ J♣ J♣ Q♣ Q♣", [("2 marriages", "10♣ J♣ Q♣ 10♣ J♣ Q♣", 30)]),
    ("J♣", [("1 tiplu", "J♣", 3)]),
    ("J♣ J♣", [("2 tiplu copies", "J♣ J♣", 7)]),
    # 2 + 10 + 7 = 19 beats the marriage: 10 + 3 + 5 = 18
    ("10♣ J♣ J♣ Q♣ Q♣ Q♣", [("1 jhiplu", "10♣", 2), ("3 poplu", "Q♣ Q♣ Q♣", 10),
                            ("2 tiplu copies", "J♣ J♣", 7)]),
    ("10♣ 10♣ 10♣ J♣ Q♣", [("marriage", "10♣ J♣ Q♣", 10), ("2 jhiplu", "10♣ 10♣", 5)]),
])
def test_ma11_maal_items_are_named_by_what_is_left(hand, expected):
    assert items(hand) == expected


def test_ma11_dealt_tunnela_of_jhiplu_instead_of_a_marriage():
    assert items("10♣ 10♣ 10♣ J♣ Q♣", dealt_tunnelas=[card("10♣")]) == [
        ("dealt tunnela of jhiplu", "10♣ 10♣ 10♣", 20), ("1 poplu", "Q♣", 2),
        ("1 tiplu", "J♣", 3)]



def test_ma11_dealt_tunnela_of_poplu_instead_of_a_marriage():
    assert items("10♣ J♣ Q♣ Q♣ Q♣", dealt_tunnelas=[card("Q♣")]) == [
        ("1 jhiplu", "10♣", 2), ("dealt tunnela of poplu", "Q♣ Q♣ Q♣", 20),
        ("1 tiplu", "J♣", 3)]

def test_ma11_ordinary_wildcard_alone_is_worth_nothing():
    assert total("J♥ J♠ J♦ 3♠") == 0


def test_ma11_marriage_needs_natural_neighbours_of_the_tiplu_suit():
    assert total("10♥ J♥ Q♥") == 0


def test_ma11_dealt_tunnela_ordinary_cards_5():
    assert total("6♥ 6♥ 6♥", dealt_tunnelas=[card("6♥")]) == 5


def test_ma11_dealt_tunnela_ordinary_wildcards_10():
    assert total("J♥ J♥ J♥", dealt_tunnelas=[card("J♥")]) == 10


def test_ma11_dealt_tunnela_of_jhiplu_or_poplu_20_instead_of_10():
    assert total("10♣ 10♣ 10♣", dealt_tunnelas=[card("10♣")]) == 20
    assert total("Q♣ Q♣ Q♣", dealt_tunnelas=[card("Q♣")]) == 20
    assert total("10♣ 10♣ 10♣") == 10          # not dealt: the usual 10


def test_ma11_dealt_tunnela_of_jhiplu_versus_a_marriage():
    # 20 (tunnela) + 3 (tiplu) + 2 (poplu) = 25 beats 10 + 5 = 15
    assert total("10♣ 10♣ 10♣ J♣ Q♣", dealt_tunnelas=[card("10♣")]) == 25


def test_ma11_tunnela_bonus_needs_natural_qualification():
    assert total("6♥ 6♥ 6♥", dealt_tunnelas=[card("6♥")],
                 natural_qualified=False) == 0
    assert total("10♣ 10♣ 10♣", dealt_tunnelas=[card("10♣")],
                 natural_qualified=False) == 10     # cards still count


def test_ma3_dealt_tunnela_not_held_is_impossible():
    with pytest.raises(Impossible) as info:
        maal(cards("6♥ 6♥ 5♠"), J_CLUBS, dealt_tunnelas=[card("6♥")])
    assert info.value.rule == "MA-3"


def test_ma1_three_tiplu_copies_in_hand_impossible():
    with pytest.raises(Impossible) as info:
        maal(cards("J♣ J♣ J♣"), J_CLUBS)
    assert info.value.rule == "MA-1"


def test_ma1_a_card_over_the_shoe_because_of_the_tiplu_says_the_tiplu_counted():
    """3 J♣ typed with tiplu J♣ are 4 in the shoe: the refusal says the
    tiplu was counted, so nobody hunts for a fourth J♣ they never typed."""
    with pytest.raises(Impossible) as info:
        maal(cards("J♣ J♣ J♣"), J_CLUBS)
    assert str(info.value).startswith(
        "J♣ appears 4 times (3 shown and the tiplu J♣), but the deck holds it 3 times")
    with pytest.raises(Impossible) as other:       # the tiplu is not the card over
        maal(cards("Q♣ Q♣ Q♣ Q♣"), J_CLUBS)
    assert "tiplu" not in str(other.value) and other.value.rule == "MA-1"


def test_ma11_unseen_player_counts_nothing():
    assert maal(cards("10♣ J♣ Q♣"), J_CLUBS, seen=False).total == 0


def test_ma7_ma11_wrapping_neighbours_marry():
    assert total("Q♠ K♠ A♠", card("K♠")) == 10       # poplu of K is A
    assert total("K♦ A♦ 2♦", card("A♦")) == 10       # jhiplu of A is K


# -- properties -----------------------------------------------------------------

ALL = [Card(r, s) for r in range(1, 14) for s in range(4)]


@st.composite
def hand_and_tiplu(draw):
    tiplu = draw(st.sampled_from(ALL))
    wc = Wildcards.from_tiplu(tiplu)
    near = [wc.jhiplu, wc.tiplu, wc.poplu] + \
        [Card(tiplu.rank, s) for s in range(4) if s != tiplu.suit]
    hand = draw(st.lists(st.sampled_from(near * 3 + ALL[:8]), max_size=14))
    counts = Counter(hand)
    hand = [c for c in counts for _ in range(min(counts[c], 2 if c == tiplu else 3))]
    return hand, tiplu


@settings(max_examples=examples(300), deadline=None)
@given(hand_and_tiplu(), st.data())
def test_ma11_maal_never_decreases_when_a_card_is_added(ht, data):
    hand, tiplu = ht
    before = maal(hand, tiplu).total
    extra = data.draw(st.sampled_from(ALL))
    limit = 2 if extra == tiplu else 3
    if Counter(hand)[extra] < limit:
        assert maal(hand + [extra], tiplu).total >= before


@settings(max_examples=examples(300), deadline=None)
@given(hand_and_tiplu(), st.booleans())
def test_ma11_items_use_each_physical_card_once(ht, qualified):
    hand, tiplu = ht
    have = Counter(hand)
    dealt = [c for c in have if have[c] == 3]
    result = maal(hand, tiplu, dealt_tunnelas=dealt, natural_qualified=qualified)
    used = Counter(c for item in result.items for c in item.cards)
    assert not used - have
    assert result.total == sum(i.value for i in result.items)
    assert result.total >= maal(hand, tiplu).total if qualified else True


def test_ma11_the_most_maal_one_hand_can_hold_is_82_or_102_with_alters():
    from dataclasses import replace

    from scorekeeper.games.marriage.maal import max_maal
    from scorekeeper.games.marriage.rules import DEFAULT_RULES

    assert max_maal(DEFAULT_RULES) == 82
    assert max_maal(replace(DEFAULT_RULES, alter=True)) == 102


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from([Card(r, s) for r in range(1, 14) for s in range(4)]),
                min_size=0, max_size=21), st.booleans())
def test_ma11_no_hand_of_21_cards_passes_the_bound(hand, alter):
    from dataclasses import replace

    from scorekeeper.games.marriage.maal import max_maal
    from scorekeeper.games.marriage.rules import DEFAULT_RULES

    rules = replace(DEFAULT_RULES, alter=alter)
    counts = Counter(hand)
    tiplu = card("7♠")
    if any(n > 3 for n in counts.values()) or counts[tiplu] > 2:
        return
    dealt = [c for c, n in counts.items() if n == 3]
    assert maal(hand, tiplu, dealt, rules=rules).total <= max_maal(rules)


@pytest.mark.parametrize("settings_, natural, most", [
    ((), True, 82), (("alter=true",), True, 102),      # MA-11, MA-17
    ((), False, 34), (("alter=true",), False, 64),     # no dealt-tunnela bonus
])
def test_ma11_the_most_maal_one_hand_can_hold(monkeypatch, settings_, natural, most):
    # computed cold: the bound is remembered per maal table once worked out
    monkeypatch.setattr(maal_module, "_MOST", {})
    rules = THREE_DECK.parse_settings(list(settings_))
    assert max_maal(rules, natural=natural) == most
    assert max_maal(rules, natural=natural) == most          # and remembered


# -- the words of a maal and of its refusals (mutation testing) ------------------

def test_ma11_a_maal_reads_item_by_item_and_sums():
    result = maal(cards("10♣ J♣ J♣ Q♣"), J_CLUBS)
    assert str(result) == "10 + 3 = 13"
    assert [str(i) for i in result.items] == ["marriage 10♣ J♣ Q♣ = 10",
                                             "1 tiplu J♣ = 3"]
    assert str(maal(cards("3♠ 4♠"), J_CLUBS)) == "0"


def test_ma11_unseen_player_counts_no_item():
    result = maal(cards("10♣ J♣ Q♣"), J_CLUBS, seen=False)
    assert result.items == () and str(result) == "0"


def test_ma3_dealt_tunnela_not_held_says_what_the_hand_holds():
    with pytest.raises(Impossible) as info:
        maal(cards("6♥ 6♥ 5♠"), J_CLUBS, dealt_tunnelas=[card("6♥")])
    assert info.value.message == ("a tunnela of 6♥ was exposed at the deal, "
                               "but the hand holds 2 6♥")
    assert info.value.rule == "MA-3"


def test_ma3_one_card_exposed_twice_needs_six_copies():
    with pytest.raises(Impossible) as info:
        maal(cards("6♥ 6♥ 6♥"), J_CLUBS, dealt_tunnelas=[card("6♥"), card("6♥")])
    assert info.value.message == ("a tunnela of 6♥ was exposed at the deal 2 times, "
                               "but the hand holds 3 6♥")
    assert info.value.rule == "MA-3"


def test_ma18_a_tunnela_of_printed_jokers_exposed_at_the_deal_is_impossible():
    rules = THREE_DECK.parse_settings(["printed_jokers=3"])
    with pytest.raises(Impossible) as info:
        maal(cards("JK JK JK"), J_CLUBS, dealt_tunnelas=[card("JK")], rules=rules)
    assert info.value.message == ("a tunnela of JK was exposed at the deal, but the "
                               "hand holds 3 JK (a JK never makes a tunnela, MA-18)")
    assert info.value.rule == "MA-3"



def test_ma18_a_tunnela_of_printed_jokers_exposed_twice_is_impossible_word_for_word():
    rules = THREE_DECK.parse_settings(["printed_jokers=3"])
    with pytest.raises(Impossible) as info:
        maal(cards("JK JK JK"), J_CLUBS, dealt_tunnelas=[card("JK")] * 2, rules=rules)
    assert info.value.message == ("a tunnela of JK was exposed at the deal 2 times, "
                                  "but the hand holds 3 JK (a JK never makes a "
                                  "tunnela, MA-18)")
    assert info.value.rule == "MA-3"

def test_ma18_printed_jokers_are_one_item_named_by_their_number():
    rules = THREE_DECK.parse_settings(["printed_jokers=3"])
    assert items("JK 3♠", rules=rules) == [("1 printed joker", "JK", 2)]
    assert items("JK JK", rules=rules) == [("2 printed jokers", "JK JK", 4)]
    assert items("JK JK JK 10♣", rules=rules) == [
        ("1 jhiplu", "10♣", 2), ("3 printed jokers", "JK JK JK", 6)]


def test_ma11_dealt_tunnelas_are_items_named_by_their_kind():
    assert items("6♥ 6♥ 6♥ J♥ J♥ J♥ 5♠ 5♠ 5♠",
                 dealt_tunnelas=cards("J♥ 5♠ 6♥")) == [
        ("dealt tunnela of ordinary cards", "5♠ 5♠ 5♠", 5),
        ("dealt tunnela of ordinary cards", "6♥ 6♥ 6♥", 5),
        ("dealt tunnela of ordinary wildcards", "J♥ J♥ J♥", 10)]


# -- MA-17 alters -----------------------------------------------------------------

ALTERS = THREE_DECK.parse_settings(["alter=true"])


def test_ma17_no_alter_held_is_no_item():
    assert items("10♣ 3♠", rules=ALTERS) == [("1 jhiplu", "10♣", 2)]


def test_ma17_alters_named_by_their_number():
    assert items("J♠", rules=ALTERS) == [("1 alter", "J♠", 5)]
    assert items("J♠ J♠ J♠", rules=ALTERS) == [("3 alters", "J♠ J♠ J♠", 30)]


def test_ma17_dealt_tunnela_of_alters_worth_the_better_of_its_bonus_and_the_alters():
    # the default table: the three alters (30) beat the tunnela's bonus (10)
    assert items("J♠ J♠ J♠", dealt_tunnelas=[card("J♠")], rules=ALTERS) == [
        ("3 alters", "J♠ J♠ J♠", 30)]
    # a table whose tunnela of alters pays more: its bonus, its first tier
    rich = THREE_DECK.parse_settings(["alter=true", "maal_tunnela_alter=35/50"])
    assert items("J♠ J♠ J♠", dealt_tunnelas=[card("J♠")], rules=rich) == [
        ("dealt tunnela of alters", "J♠ J♠ J♠", 35)]
    # not exposed at the deal, or no natural qualification: the alters
    assert items("J♠ J♠ J♠", rules=rich) == [("3 alters", "J♠ J♠ J♠", 30)]
    assert items("J♠ J♠ J♠", dealt_tunnelas=[card("J♠")], natural_qualified=False,
                 rules=rich) == [("3 alters", "J♠ J♠ J♠", 30)]


# -- the bound with printed jokers (MA-18) ----------------------------------------

@pytest.mark.parametrize("jokers, natural, most", [
    # three jhiplu and three poplu as dealt tunnelas 20 + 20, two tiplu
    # copies 7, three tunnelas of ordinary wildcards 30 (17 cards), then:
    (1, True, 84),    # one tunnela of ordinary cards 5 and 1 JK 2
    (2, True, 84),    # 2 JK (4) leave 2 cards, no tunnela: 81; 1 JK still best
    (4, True, 85),    # 4 JK (8) fill the 21 cards exactly
    (6, True, 85),    # 5 or 6 JK do not fit beside those 17 cards
    # no dealt-tunnela bonus: two marriages and a jhiplu and a poplu 34
    (4, False, 42),   # and 4 JK 8
    (6, False, 46),   # and 6 JK 12
])
def test_ma18_the_most_maal_counts_the_printed_jokers_in_the_21_cards(
        monkeypatch, jokers, natural, most):
    monkeypatch.setattr(maal_module, "_MOST", {})    # computed cold
    rules = THREE_DECK.parse_settings([f"printed_jokers={jokers}"])
    assert max_maal(rules, natural=natural) == most
