"""Marriage melds (MA-4), qualifying melds (MA-5) and wildcards (MA-7)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import examples

from scorekeeper.core.cards import Card, card, cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.games.marriage.melds import classify_meld, is_meld
from scorekeeper.games.marriage.rules import DEFAULT_RULES
from scorekeeper.games.marriage.wildcards import Wildcards

ALL_CARDS = [Card(r, s) for r in range(1, 14) for s in range(4)]


def kind(text: str, tiplu: str | None = None) -> str:
    return classify_meld(cards(text), card(tiplu) if tiplu else None).kind


def refusal(text: str, tiplu: str | None = None) -> Refused:
    with pytest.raises(Refused) as info:
        classify_meld(cards(text), card(tiplu) if tiplu else None)
    assert info.value.rule == "MA-4"
    return info.value


# -- MA-7 wildcards ----------------------------------------------------------

def test_ma7_tiplu_jc_wilds_every_jack_and_neighbours():
    wc = Wildcards.from_tiplu(card("J♣"))
    assert wc.jhiplu == card("10♣") and wc.poplu == card("Q♣")
    wild = {c for c in ALL_CARDS if wc.is_wild(c)}
    assert wild == set(cards("J♠ J♥ J♦ J♣ 10♣ Q♣"))
    assert wc.describe() == "tiplu J♣ → wild: every J, jhiplu 10♣, poplu Q♣"


def test_ma7_neighbours_wrap_k_to_a_and_a_to_k():
    assert Wildcards.from_tiplu(card("K♥")).poplu == card("A♥")
    assert Wildcards.from_tiplu(card("K♥")).jhiplu == card("Q♥")
    assert Wildcards.from_tiplu(card("A♦")).jhiplu == card("K♦")
    assert Wildcards.from_tiplu(card("A♦")).poplu == card("2♦")


def test_ma7_other_suits_neighbours_are_not_wild():
    wc = Wildcards.from_tiplu(card("J♣"))
    assert not wc.is_wild(card("10♠")) and not wc.is_wild(card("Q♥"))


# -- MA-4 natural melds -----------------------------------------------------

def test_ma4_pure_sequence():
    assert kind("3♠ 4♠ 5♠") == "pure sequence"
    assert kind("5♠ 3♠ 4♠") == "pure sequence"


def test_ma4_ace_low_and_ace_high():
    assert kind("A♥ 2♥ 3♥") == "pure sequence"
    assert kind("Q♥ K♥ A♥") == "pure sequence"


def test_ma4_k_a_2_never_a_sequence():
    err = refusal("K♠ A♠ 2♠")
    assert "never wraps" in err.message.english


def test_ma4_k_a_2_never_even_with_a_wildcard_for_the_ace():
    # tiplu 7♦: 7♥ is wild, but K♠ and 2♠ cannot be in one run
    err = refusal("K♠ 7♥ 2♠", "7♦")
    assert "never wraps" in err.message.english


UNSEEN = " (nothing is wild before the tiplu is seen)"


@pytest.mark.parametrize("text", ["3♠ 5♠ 9♠", "2♥ 4♥ 6♥", "A♣ 3♣ Q♣", "J♦ K♦ 2♦"])
def test_ma4_ranks_far_apart_are_not_consecutive_not_k_a_2(text):
    # "K A 2 never" is said only of cards that would touch across K–A
    assert refusal(text).message == f"{text}: the ranks are not consecutive" + UNSEEN
    assert refusal(text, "7♣").message == (
        f"{text}: the ranks are not consecutive and none of them is a wildcard "
        "(tiplu 7♣ → wild: every 7, jhiplu 6♣, poplu 8♣)")


@pytest.mark.parametrize("text", ["K♠ A♠ 2♠", "2♠ K♠ A♠"])
def test_ma4_k_a_2_refusal_says_why(text):
    assert refusal(text).message == (f"{text}: K A 2 never: a sequence never "
                                     "wraps (the ace is low, A 2 3, or high, Q K A)"
                                     + UNSEEN)


def test_ma4_k_and_2_with_a_wildcard_never_wrap_far_apart_are_too_far():
    # tiplu 7♦: 7♥ is wild
    assert "K♠ and 2♠ cannot share a sequence: K A 2 never" in \
        refusal("K♠ 7♥ 2♠", "7♦").message.english
    err = refusal("3♠ 7♥ 9♠", "7♦")
    assert "3♠ and 9♠ are too far apart for one run of 3" in err.message.english
    assert "K A 2" not in err.message.english


def test_ma4_a_sequence_needs_three_different_ranks():
    assert refusal("3♠ 3♠ 4♠").message == \
        "3♠ 3♠ 4♠: a sequence needs 3 different ranks" + UNSEEN


def test_ma4_tunnela_is_three_identical_cards():
    assert kind("6♥ 6♥ 6♥") == "tunnela"


def test_ma4_trial_is_one_rank_three_suits():
    assert kind("9♠ 9♥ 9♣") == "trial"


def test_ma4_two_identical_and_a_third_suit_is_no_trial():
    refusal("9♠ 9♠ 9♣")


def test_ma4_mixed_suits_and_ranks_refused():
    refusal("3♠ 4♥ 5♠")


def test_ma4_meld_is_exactly_three_cards():
    err = refusal("3♠ 4♠ 5♠ 6♠")
    assert "exactly 3" in err.message.english
    refusal("3♠ 4♠")


# -- MA-4 wildcards in melds ------------------------------------------------

def test_ma4_one_stand_in_makes_a_dirty_sequence():
    assert kind("3♠ J♥ 5♠", "J♣") == "dirty sequence"


def test_ma4_one_stand_in_makes_a_dirty_trial():
    assert kind("9♠ 9♥ Q♣", "J♣") == "dirty trial"


def test_ma4_two_wildcards_with_one_natural_allowed():
    assert kind("4♦ J♥ J♠", "J♣") in ("dirty sequence", "dirty trial")


def test_ma4_two_identical_plus_wildcard_is_neither_tunnela_nor_trial():
    err = refusal("5♥ 5♥ J♠", "J♣")
    assert "neither a tunnela nor a trial" in err.message.english


def test_ma4_three_wildcards_always_meld():
    assert is_meld(cards("J♠ J♥ 10♣"), card("J♣"))
    assert kind("J♠ J♥ J♦", "J♣") == "trial"            # all stand as themselves
    assert kind("J♥ 10♣ Q♣", "J♣") in ("dirty sequence", "dirty trial")


def test_ma4_wildcard_may_stand_as_itself():
    assert kind("10♣ J♣ Q♣", "J♣") == "pure sequence"


def test_ma4_wildcard_as_itself_in_a_tunnela():
    assert kind("J♥ J♥ J♥", "J♣") == "tunnela"


def test_ma4_without_tiplu_nothing_is_wild():
    err = refusal("3♠ J♥ 5♠")
    assert "nothing is wild" in err.message.english


def test_ma4_unrelated_naturals_cannot_use_one_wildcard():
    err = refusal("3♠ 9♥ J♦", "J♣")
    assert "neither a suit" in err.message.english
    refusal("3♠ 9♠ J♦", "J♣")


def test_ma4_identical_wildcards_can_stand_in_for_each_other():
    # tiplu 5♣: both 5♥ are wild; one stands as itself, one for 4♥ or 7♥
    assert kind("5♥ 5♥ 6♥", "5♣") == "dirty sequence"


def test_ma1_no_jokers():
    with pytest.raises(Impossible) as err:
        classify_meld(cards("JK 3♠ 4♠"), None)
    assert err.value.rule == "MA-1"
    assert err.value.message == "JK was given, but these rules play without jokers"


# -- MA-5 qualifying --------------------------------------------------------

def test_ma5_pure_sequence_and_tunnela_qualify():
    assert classify_meld(cards("3♠ 4♠ 5♠"), None).qualifying
    assert classify_meld(cards("6♥ 6♥ 6♥"), None).qualifying
    assert classify_meld(cards("10♣ J♣ Q♣"), card("J♣")).qualifying


def test_ma5_trials_and_dirty_melds_never_qualify():
    assert not classify_meld(cards("9♠ 9♥ 9♣"), None).qualifying
    assert not classify_meld(cards("3♠ J♥ 5♠"), card("J♣")).qualifying
    assert not classify_meld(cards("9♠ 9♥ Q♣"), card("J♣")).qualifying


# -- properties: classify_meld against a literal reading of MA-4 --------------

def _natural(eff: tuple[Card, Card, Card], stand_ins: int) -> str | None:
    ranks = sorted(c.rank for c in eff)
    suits = {c.suit for c in eff}
    if len(set(eff)) == 1:
        return "tunnela" if stand_ins == 0 else None
    if len(suits) == 1:
        for run in ([r, r + 1, r + 2] for r in range(1, 12)):
            if ranks == run:
                return "sequence"
        if ranks == [1, 12, 13]:
            return "sequence"
    if len(set(ranks)) == 1 and len(suits) == 3:
        return "trial"
    return None


def oracle(cs: tuple[Card, ...], tiplu: Card | None) -> set[str]:
    """Every kind the 3 cards can be read as, by brute force."""
    wc = Wildcards.from_tiplu(tiplu) if tiplu else None
    kinds: set[str] = set()
    wild_at = [i for i, c in enumerate(cs) if wc and wc.is_wild(c)]

    def go(i: int, eff: list[Card], stand: int) -> None:
        if i == 3:
            k = _natural(tuple(eff), stand)   # type: ignore[arg-type]
            if k:
                if stand == 0:
                    kinds.add({"sequence": "pure sequence"}.get(k, k))
                else:
                    kinds.add("dirty " + k)
            return
        go(i + 1, eff + [cs[i]], stand)
        if i in wild_at and stand < 2:
            for other in ALL_CARDS:
                go(i + 1, eff + [other], stand + 1)

    go(0, [], 0)
    return kinds


NEAR = [Card(r, s) for r in (1, 2, 3, 4, 11, 12, 13) for s in (0, 1, 2)]


@settings(max_examples=examples(250), deadline=None)
@given(st.lists(st.sampled_from(NEAR), min_size=3, max_size=3),
       st.one_of(st.none(), st.sampled_from(NEAR)))
def test_ma4_classify_matches_literal_reading(cs, tiplu):
    cs = tuple(cs)
    kinds = oracle(cs, tiplu)
    try:
        meld = classify_meld(cs, tiplu)
    except Refused as err:
        assert not kinds, (cs, tiplu, kinds, err)
        return
    assert meld.kind in kinds
    natural = kinds & {"pure sequence", "tunnela", "trial"}
    if natural:                                # best reading preferred
        assert meld.kind in natural
        if "trial" in natural and len(natural) > 1:
            assert meld.kind != "trial"


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(ALL_CARDS), st.data())
def test_ma4_any_three_wildcards_form_a_meld(tiplu, data):
    wc = Wildcards.from_tiplu(tiplu)
    wilds = [c for c in ALL_CARDS if wc.is_wild(c)]
    cs = data.draw(st.lists(st.sampled_from(wilds), min_size=3, max_size=3))
    assert is_meld(cs, tiplu)


# -- MA-4, Interpretation (naming): never by input order ------------------------

@pytest.mark.parametrize("text, tiplu, expected", [
    ("A♥ 4♥ 4♣", "4♥", "dirty sequence"),
    ("K♣ A♣ A♥", "K♥", "dirty sequence"),     # K♣ for Q♣, or A♥ standing in
    ("A♣ A♥ K♣", "K♥", "dirty sequence"),
    ("A♥ K♣ A♣", "K♥", "dirty sequence"),
    ("7♠ 7♥ J♦", "J♣", "dirty trial"),        # one wildcard: 7♠ 7♥ fix a trial
    ("7♠ 8♠ J♦", "J♣", "dirty sequence"),
])
def test_ma4_naming_a_sequence_reading_names_a_dirty_sequence(text, tiplu, expected):
    assert kind(text, tiplu) == expected


_PERMUTATIONS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def _kind_or_none(cs, tiplu):
    try:
        return classify_meld(cs, tiplu).kind
    except Refused:
        return None


@settings(max_examples=examples(400), deadline=None)
@given(st.sampled_from(ALL_CARDS), st.data())
def test_ma4_property_every_permutation_of_a_meld_gets_the_same_kind(tiplu, data):
    wc = Wildcards.from_tiplu(tiplu)
    wild = [c for c in ALL_CARDS if wc.is_wild(c)]
    near = [c for c in ALL_CARDS if c.suit == tiplu.suit or c.rank in
            (wc.jhiplu.rank, tiplu.rank, wc.poplu.rank)]
    # wildcards and the cards around them, where readings compete
    cs = data.draw(st.lists(st.sampled_from(wild) | st.sampled_from(near)
                            | st.sampled_from(ALL_CARDS), min_size=3, max_size=3))
    kinds = {_kind_or_none([cs[i] for i in order], tiplu) for order in _PERMUTATIONS}
    assert len(kinds) == 1


def test_ma11_ordinary_wildcards_are_the_tiplus_rank_in_the_other_suits():
    wc = Wildcards.from_tiplu(card("J♣"))
    ordinary = {c for c in ALL_CARDS if wc.is_ordinary_wild(c)}
    assert ordinary == set(cards("J♠ J♥ J♦"))          # not the tiplu, nor 10♣ Q♣


def test_ma7_a_joker_has_no_wildcards():
    # the shoe refuses a joker before any wildcard is asked for (MA-1)
    with pytest.raises(AssertionError, match="^the shoe has no jokers$"):
        Wildcards.from_tiplu(Card(0, -1))


SEVEN = " and none of them is a wildcard (tiplu 7♣ → wild: every 7, jhiplu 6♣, poplu 8♣)"


@pytest.mark.parametrize("text, tiplu, message", [
    ("9♠ 9♠ 9♣", "7♣", "9♠ 9♠ 9♣: two identical cards and a third of the same rank form "
                       "neither a tunnela (3 identical cards) nor a trial (3 different "
                       "suits)" + SEVEN),
    ("3♠ 4♥ 5♠", "7♣", "3♠ 4♥ 5♠: neither one suit (a sequence) nor one rank (a trial)"
     + SEVEN),
    # J and A, A and 4 lie within 4 ranks of each other across K–A or not:
    # still not a wrap, only "not consecutive"
    ("J♠ K♠ A♠", "7♣", "J♠ K♠ A♠: the ranks are not consecutive" + SEVEN),
    ("A♠ 2♠ 4♠", "7♣", "A♠ 2♠ 4♠: the ranks are not consecutive" + SEVEN),
    ("5♥ 5♥ J♠", "J♣", "5♥ and 5♥: two identical cards plus a wildcard form neither a "
                       "tunnela nor a trial (a tunnela never has a stand-in, a trial needs "
                       "3 different suits) (J♠ is the only wildcard)"),
    ("3♠ 9♠ J♦", "J♣", "3♠ and 9♠ are too far apart for one run of 3: it would need more "
                       "than two stand-ins, and only a wildcard stands in (J♦ is the only "
                       "wildcard)"),
    ("K♠ 3♠ J♦", "J♣", "K♠ and 3♠ are too far apart for one run of 3: it would need more "
                       "than two stand-ins, and only a wildcard stands in (J♦ is the only "
                       "wildcard)"),
    ("K♠ J♦ 2♠", "J♣", "K♠ and 2♠ cannot share a sequence: K A 2 never, a sequence never "
                       "wraps (J♦ is the only wildcard)"),
    ("3♠ 9♥ J♦", "J♣", "3♠ and 9♥ share neither a suit (sequence) nor a rank (trial), and "
                       "only a wildcard may stand in for a card (J♦ is the only wildcard)"),
])
def test_ma4_a_refused_meld_says_exactly_why(text, tiplu, message):
    assert refusal(text, tiplu).message == message


def test_ma1_is_meld_checks_the_shoe_of_the_rules_it_is_given():
    # a shoe with printed jokers takes a JK; the rule book's shoe has none:
    # impossible, not merely "no meld"
    with_jokers = replace(DEFAULT_RULES, printed_jokers=3)
    assert is_meld(cards("JK 3♠ 9♥"), card("7♣"), with_jokers) is False
    with pytest.raises(Impossible) as err:
        is_meld(cards("JK 3♠ 9♥"), card("7♣"))
    assert err.value.rule == "MA-1"


def test_ma4_a_meld_of_other_than_3_cards_names_them():
    assert refusal("3♠ 4♠ 5♠ 6♠").message == "a meld is exactly 3 cards, not 4 (3♠ 4♠ 5♠ 6♠)"
    with pytest.raises(Refused) as err:
        classify_meld((), None)
    assert (err.value.rule, err.value.message) == ("MA-4", "a meld is exactly 3 cards, not 0")
