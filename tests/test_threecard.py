"""Three-card hands (RULES.md KI-1 … KI-5): every hand of one deck ranked,
its order pinned as a fingerprint per option set, and the properties the
rule book states, drawn by hypothesis."""

from __future__ import annotations

import functools
import hashlib
from collections import Counter
from itertools import combinations, groupby

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.conftest import THOROUGH

from scorekeeper.core.cards import Card, cards, suits_as_letters
from scorekeeper.core.errors import Impossible
from scorekeeper.core.options import OptionRefused
from scorekeeper.core.threecard import (
    A23,
    DEFAULT,
    KINDS,
    PROFILE,
    ThreeCardRules,
    cited,
    compare,
    strength,
)
from scorekeeper.reports import rulebook

DECK = [Card(rank, suit) for suit in range(4) for rank in range(1, 14)]
HANDS = list(combinations(DECK, 3))
VALUE = {1: 14, **{rank: rank for rank in range(2, 14)}}

# sha256 of the order below (`_order_text`), one per option set: the 741
# classes of equal hands from the strongest, a line each
FINGERPRINTS = {
    ("second", False): "e9c794c2bc20cf4f76c821775af96c00c3b98be314fb0dbe60fc3629d8917021",
    ("second", True): "7cd74e6e39b2ea662e5b44b1b42cd4999c988de0a71e725549d237be5f76f7a4",
    ("top", False): "586eb2e5db8ccaec2dfce84c5538d2cc8b31675d4615049dca8e98d9a04a2d7e",
    ("top", True): "5bc5d788bb6ea76d816728ea04264d72cf2ab4ed06fa0f2e5adc6165d0860824",
    ("low", False): "d5d6a62d2a9d7a58b515ff05566a6f78727d100d3be5643363b2aa4b1c364e0d",
    ("low", True): "771af3a7108834aa0972f6c5710af7bbe0014cf36ae4c9c3ec69b16c3cfd85fe",
    ("none", False): "a083715c32f142d545a417debe6082090c08dec43dd89c2f7a084679608fc75b",
    ("none", True): "c941f8fdd2daeec1c551da2f95f1953bf794ef8fcd6ba7ccaee99897bb582010",
}
# 22,100 hands take about 0.15 s an option set: the default run pins the
# default and McLeod's `top`; a thorough run every set
PINNED = list(FINGERPRINTS) if THOROUGH else [("second", False), ("top", False)]


@functools.cache
def _texts():
    """Each hand as text, its cards by rank and suit: `AsKs2h`."""
    return [suits_as_letters("".join(c.text() for c in sorted(h))) for h in HANDS]


@pytest.fixture(scope="module")
def ranked():
    """Every hand of one deck's strength under some rules, computed once
    a test run (a fixture, not a cache of the module: mutation testing
    forks each run from a process that imported this module, and a warm
    cache would hide every mutant of `strength`)."""
    done = {}

    def under(rules=DEFAULT):
        if (rules.a23, rules.top_235) not in done:
            done[rules.a23, rules.top_235] = [strength(h, rules) for h in HANDS]
        return done[rules.a23, rules.top_235]
    return under


def _classes(ranked):
    """The hands of one deck from the strongest, equal hands grouped."""
    keyed = sorted(zip((s.key for s in ranked), _texts()), reverse=True)
    return [sorted(t for _, t in group)
            for _, group in groupby(keyed, key=lambda kt: kt[0])]


@pytest.mark.parametrize("a23, top_235", PINNED)
def test_ki2_ki5_the_order_of_every_hand_is_pinned(ranked, a23, top_235):
    classes = _classes(ranked(ThreeCardRules(a23=A23(a23), top_235=top_235)))
    assert len(classes) == 741      # equal hands are one class, whatever the options
    text = "\n".join(" ".join(line) for line in classes)
    assert hashlib.sha256(text.encode()).hexdigest() == FINGERPRINTS[a23, top_235]


def test_ki2_every_kind_counts_its_hands_as_the_teen_patti_tables_do(ranked):
    """The number of hands of each kind: the odds every Teen Patti table
    gives (52 trials, 48 pure runs, 720 runs, 1,096 colours, 3,744 pairs,
    16,440 high cards), whatever the strength within the kind."""
    counts = Counter(s.kind_name for s in ranked())
    assert counts == {"trial": 52, "pure-run": 48, "run": 720, "colour": 1096,
                      "pair": 3744, "high-card": 16440}


def _defined(hand):
    """The kinds a hand fits by KI-2's words alone (a run with the ace
    high or, for A-2-3, low), not by the implementation."""
    ranks = sorted(c.rank for c in hand)
    suited = len({c.suit for c in hand}) == 1
    run = ranks[2] - ranks[0] == 2 and len(set(ranks)) == 3 or ranks == [1, 12, 13]
    return {kind for kind, fits in (
        ("trial", len(set(ranks)) == 1), ("pure-run", run and suited),
        ("run", run and not suited), ("colour", suited and not run),
        ("pair", len(set(ranks)) == 2),
        ("high-card", len(set(ranks)) == 3 and not run and not suited)) if fits}


def test_ki2_one_deck_makes_every_hand_one_kind_only(ranked):
    """A pair or a trial is never a colour: one deck holds a rank once a
    suit. So every hand fits exactly one kind's words, and it is that."""
    for hand, found in zip(HANDS, ranked()):
        assert {found.kind_name} == _defined(hand), hand


def test_ki2_the_kinds_rank_trial_pure_run_run_colour_pair_high_card(ranked):
    weakest = {kind: min(s.key for s in ranked() if s.kind_name == kind)
               for kind in KINDS[:6]}
    strongest = {kind: max(s.key for s in ranked() if s.kind_name == kind)
                 for kind in KINDS[:6]}
    for lower, higher in zip(KINDS[:5], KINDS[1:6]):
        assert strongest[lower] < weakest[higher], (lower, higher)


HAND = st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True)
RULES = st.builds(ThreeCardRules, a23=st.sampled_from(A23), top_235=st.booleans())


@given(HAND, RULES, st.permutations(range(4)), st.randoms(use_true_random=False))
def test_ki3_suits_and_the_order_written_never_change_a_hand(hand, rules, suits, rnd):
    renamed = [Card(c.rank, suits[c.suit]) for c in hand]
    rnd.shuffle(renamed)
    assert strength(renamed, rules).key == strength(hand, rules).key


def _kind(hand, rules):
    return strength(hand, rules).kind_name


@given(HAND, HAND, RULES)
def test_ki3_a_colour_or_high_card_is_compared_card_by_card_from_the_highest(
        one, other, rules):
    kinds = {_kind(one, rules), _kind(other, rules)}
    if len(kinds) == 1 and kinds <= {"colour", "high-card"}:
        by_cards = [sorted((VALUE[c.rank] for c in h), reverse=True)
                    for h in (one, other)]
        assert (strength(one, rules).key < strength(other, rules).key) == \
            (by_cards[0] < by_cards[1])
        assert (strength(one, rules).key == strength(other, rules).key) == \
            (by_cards[0] == by_cards[1])


PAIRS = st.tuples(st.sampled_from(range(1, 14)), st.sampled_from(range(1, 14)),
                  st.permutations(range(4))).filter(lambda t: t[0] != t[1])


@given(PAIRS, PAIRS, RULES)
def test_ki3_a_pair_is_compared_by_its_pair_then_its_odd_card(one, other, rules):
    hands = [(Card(p, s[0]), Card(p, s[1]), Card(o, s[2])) for p, o, s in (one, other)]
    expected = [(VALUE[p], VALUE[o]) for p, o, _ in (one, other)]
    a, b = (strength(h, rules) for h in hands)
    assert a.kind_name == b.kind_name == "pair"
    assert (a.key < b.key) == (expected[0] < expected[1])
    assert (a.key == b.key) == (expected[0] == expected[1])
    assert [c.rank for c in a.cards] == [one[0], one[0], one[1]]


@given(st.sampled_from(range(2, 13)), st.sampled_from(range(2, 13)),
       st.booleans(), RULES)
def test_ki3_runs_rank_by_their_top_card_above_a_2_3_and_below_q_k_a(
        low_one, low_other, suited, rules):
    def run(low):
        return [Card(low + i, 0 if suited else i % 2) for i in range(3)] \
            if low < 12 else [Card(12, 0), Card(13, 0 if suited else 1), Card(1, 0)]
    a, b = strength(run(low_one), rules), strength(run(low_other), rules)
    assert a.kind_name == b.kind_name == ("pure-run" if suited else "run")
    assert (a.key < b.key) == (low_one < low_other)


@pytest.mark.parametrize("a23, order", [
    ("second", ["AKQ", "A23", "KQJ"]),
    ("top", ["A23", "AKQ", "KQJ"]),
    ("low", ["AKQ", "432", "A23"]),
])
@pytest.mark.parametrize("suit, kind", [("s", "pure-run"), ("", "run")])
def test_ki4_a_2_3_stands_where_a23_says(a23, order, suit, kind):
    rules = ThreeCardRules(a23=A23(a23))
    hands = [cards(suit + word if suit else f"s{word[0]} h{word[1]} d{word[2]}")
             for word in order]
    found = [strength(h, rules) for h in hands]
    assert [s.kind_name for s in found] == [kind] * 3
    assert found[0].key > found[1].key > found[2].key


def test_ki4_under_none_a_2_3_is_a_colour_or_a_high_card_ace_high():
    rules = ThreeCardRules(a23=A23.NONE)
    assert strength(cards("sA23"), rules).kind_name == "colour"
    assert strength(cards("sA h2 d3"), rules).kind_name == "high-card"
    # A 3 2 off-suit beats K Q 10 off-suit: the ace is high
    assert strength(cards("sA h2 d3"), rules).key > strength(cards("sK hQ dT"), rules).key
    assert strength(cards("sQKA"), rules).kind_name == "pure-run"


@pytest.mark.parametrize("a23", list(A23))
def test_ki2_k_a_2_never_turns_the_corner(a23):
    rules = ThreeCardRules(a23=a23)
    assert strength(cards("sKA2"), rules).kind_name == "colour"
    assert strength(cards("sK hA d2"), rules).kind_name == "high-card"


def test_ki5_an_off_suit_2_3_5_beats_every_trial_only_under_top_235():
    on = ThreeCardRules(top_235=True)
    aces = strength(cards("sA hA dA"), on)
    for hand in ("s2 h3 d5", "s2 s3 d5", "c5 h2 h3"):
        assert strength(cards(hand), on).kind_name == "2-3-5"
        assert strength(cards(hand), on).key > aces.key
        assert strength(cards(hand)).kind_name == "high-card"
    # all of one suit it is a colour still, the lowest
    assert strength(cards("s235"), on).kind_name == "colour"
    colours = [strength(h, on) for h in combinations(DECK[:13], 3)]
    assert min(s.key for s in colours if s.kind_name == "colour") \
        == strength(cards("s235"), on).key


# -- the worked examples of RULES.md ---------------------------------------------

def test_ki2_worked_example_a_trial_of_sevens_beats_a_pure_run():
    result = compare(cards("s7h7d7"), cards("hAKQ"))
    assert (result.winner, result.first.kind_name, result.second.kind_name) == \
        ("first", "trial", "pure-run")
    assert result.deciding is None and cited(result) == "KI-2"


def test_ki3_worked_example_a_pair_of_kings_by_its_odd_card_and_suits_never():
    result = compare(cards("sK hK d9"), cards("dK cK s8"))
    assert result.winner == "first" and result.deciding == Card(9, 2)
    assert result.beaten == Card(8, 0) and cited(result) == "KI-3"
    colour = compare(cards("hAJ5"), cards("cAJ7"))
    assert colour.winner == "second" and colour.deciding == Card(7, 3)
    tie = compare(cards("sQ h9 d4"), cards("hQ c9 s4"))
    assert (tie.winner, tie.deciding, tie.beaten) == ("tie", None, None)
    assert cited(tie) == "KI-3"


def test_ki4_worked_example_a_2_3_after_a_k_q_by_default():
    result = compare(cards("sA h2 d3"), cards("cA hK dQ"))
    assert result.winner == "second" and result.deciding == Card(13, 1)
    assert result.beaten == Card(3, 2) and cited(result) == "KI-4"
    assert compare(cards("sA h2 d3"), cards("cK hQ dJ")).deciding == Card(1, 0)
    top = compare(cards("sA h2 d3"), cards("cA hK dQ"), ThreeCardRules(a23=A23.TOP))
    assert top.winner == "first" and top.deciding == Card(1, 0)
    low = compare(cards("sA h2 d3"), cards("c2 h3 d4"), ThreeCardRules(a23=A23.LOW))
    assert low.winner == "second" and low.deciding == Card(4, 2)


def test_ki5_worked_example_2_3_5_beats_three_aces():
    rules = ThreeCardRules(top_235=True)
    result = compare(cards("s2 h3 d5"), cards("sA hA dA"), rules)
    assert result.winner == "first" and cited(result, rules) == "KI-5"
    assert compare(cards("s2 h3 d5"), cards("sA hA dA")).winner == "second"


# -- refusals --------------------------------------------------------------------

@pytest.mark.parametrize("text, words", [
    ("s7h7", "a hand is 3 cards, not 2: 7♠ 7♥"),
    ("sAKQJ", "a hand is 3 cards, not 4: A♠ K♠ Q♠ J♠"),
    ("sA sK JK", "JK was given, but a 3-card hand is of one deck without jokers"),
    ("sA sK sA", "A♠ is given twice, but the deck holds it once"),
])
def test_ki1_what_is_no_hand_of_one_deck_is_refused(text, words):
    with pytest.raises(Impossible) as err:
        strength(cards(text))
    assert err.value.rule == "KI-1" and err.value.message == words


def test_ki1_one_card_in_both_hands_is_refused():
    with pytest.raises(Impossible) as err:
        compare(cards("sAKQ"), cards("hA sK dQ"))
    assert err.value.rule == "KI-1"
    assert err.value.message == "K♠ is given twice, but the deck holds it once"


def test_ki4_ki5_options_are_validated_when_built():
    with pytest.raises(OptionRefused) as err:
        ThreeCardRules(a23="middle")                    # type: ignore[arg-type]
    assert err.value.message == \
        "option a23 takes one of second, top, low, none, not middle"
    with pytest.raises(OptionRefused) as err:
        ThreeCardRules(top_235="yes")                   # type: ignore[arg-type]
    assert err.value.message == "option top_235 takes true or false, not yes"
    assert DEFAULT == ThreeCardRules(a23=A23.SECOND, top_235=False)


def test_ki4_ki5_set_reads_the_options_and_cites_their_rules():
    assert PROFILE.parse_settings(["a23=TOP", "top-235=yes"]) == \
        ThreeCardRules(a23=A23.TOP, top_235=True)
    with pytest.raises(Impossible) as err:
        PROFILE.parse_settings(["a23=middle"])
    assert err.value.rule == "KI-4"
    with pytest.raises(Impossible) as err:
        PROFILE.parse_settings(["top_235=maybe"])
    assert err.value.rule == "KI-5"
    with pytest.raises(Impossible) as err:
        PROFILE.parse_settings(["a32=top"])
    assert "did you mean a23?" in err.value.message.english


@given(HAND, HAND, RULES)
def test_ki3_compare_is_the_order_of_the_strengths(one, other, rules):
    if set(one) & set(other):
        return
    result = compare(one, other, rules)
    a, b = strength(one, rules), strength(other, rules)
    assert result.winner == ("tie" if a.key == b.key else
                             "first" if a.key > b.key else "second")
    swapped = compare(other, one, rules)
    assert swapped.winner == {"tie": "tie", "first": "second",
                              "second": "first"}[result.winner]
    assert swapped.deciding == result.deciding


@given(HAND, RULES)
def test_ki3_a_hand_s_cards_are_kept_each_once(hand, rules):
    assert sorted(strength(hand, rules).cards) == sorted(hand)


@pytest.mark.parametrize("language", ["en", "ne"])
def test_ki1_to_ki5_stand_in_both_rule_books_where_the_profile_finds_them(language):
    found = rulebook.sections(PROFILE, language)
    assert [r.id for r in rulebook.rules_of(found)] == [f"KI-{n}" for n in range(1, 6)]
    assert [p.rule_of(key) for p in [PROFILE] for key in p.options] == ["KI-4", "KI-5"]


@pytest.mark.parametrize("text, rules, kind, values, order", [
    ("hK dK sK", DEFAULT, "trial", (13, 13, 13), "sK hK dK"),
    ("d9 hK sK", DEFAULT, "pair", (13, 13, 9), "sK hK d9"),
    ("c5 h3 s2", ThreeCardRules(top_235=True), "2-3-5", (5, 3, 2), "c5 h3 s2"),
    ("s2 h3 dA", DEFAULT, "run", (14, 3, 2), "dA h3 s2"),
    ("s2 h3 dA", ThreeCardRules(a23=A23.TOP), "run", (15, 3, 2), "dA h3 s2"),
    ("s2 h3 dA", ThreeCardRules(a23=A23.LOW), "run", (3, 2, 1), "h3 s2 dA"),
    ("s2 s3 sA", ThreeCardRules(a23=A23.NONE), "colour", (14, 3, 2), "sA s3 s2"),
    ("hQ hA hK", DEFAULT, "pure-run", (14, 13, 12), "hA hK hQ"),
])
def test_ki3_a_hand_s_cards_in_the_order_compared_each_with_its_value(
        text, rules, kind, values, order):
    """Equal ranks in the deck's suit order ♠ ♥ ♦ ♣; A-2-3 as KI-4 places
    it (`top`: its ace above every card; `low`: the ace last, worth 1)."""
    found = strength(cards(text), rules)
    assert (found.kind_name, found.values, found.cards) == (kind, values, cards(order))


def test_ki4_a_2_3_is_placed_as_a23_says_in_either_hand():
    top = ThreeCardRules(a23=A23.TOP)
    result = compare(cards("cA hK dQ"), cards("sA h2 d3"), top)
    assert (result.winner, result.deciding, result.beaten) == \
        ("second", Card(1, 0), Card(1, 3))
    low = compare(cards("c2 h3 d4"), cards("sA h2 d3"), ThreeCardRules(a23=A23.LOW))
    assert (low.winner, low.deciding, low.beaten) == ("first", Card(4, 2), Card(3, 2))


@pytest.mark.parametrize("first, second, rule", [
    ("sK hQ dJ", "cQ sJ h10", "KI-3"),           # runs without A-2-3: their cards
    ("hKQJ", "cQJT", "KI-3"),
    ("sA h2 d3", "cK hQ dJ", "KI-4"),            # an A-2-3 run among them
    ("cK hQ dJ", "sA h2 d3", "KI-4"),
])
def test_ki3_ki4_a_run_cites_ki4_only_when_a_2_3_is_one_of_them(first, second, rule):
    assert cited(compare(cards(first), cards(second))) == rule
    assert cited(compare(cards("sA s2 s3"), cards("hA h5 h9"),
                         ThreeCardRules(a23=A23.NONE)), ThreeCardRules()) == "KI-3"
