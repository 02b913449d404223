"""Finishing in Marriage (MA-10): 7 melds with 3 qualifying, or 8 dublees."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tests.conftest import examples

from scorekeeper.core.cards import JOKER, Card, card, cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.games.marriage.finish import arrange, exposed_melds, find_finish, max_qualifying
from scorekeeper.games.marriage.melds import classify_meld, is_meld
from scorekeeper.games.marriage.rules import THREE_DECK
from scorekeeper.games.marriage.wildcards import Wildcards

SHOE = [Card(r, s) for r in range(1, 14) for s in range(4)] * 3

# The seed's worked example: A qualifies with these and sees tiplu J♣.
QUALIFIED = "3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦"
TIPLU = card("J♣")


def refused(hand: str, tiplu: Card = TIPLU, by: str = "melds",
            exposed: tuple[str, ...] = ()) -> str:
    with pytest.raises(Refused) as info:
        find_finish(cards(hand), tiplu, by, exposed=[cards(e) for e in exposed])
    assert info.value.rule == "MA-10"
    return info.value.message.english


def check_melds(finish, given_cards, tiplu) -> None:
    """Re-validate a finish by melds meld by meld, and its cards."""
    assert finish.by == "melds"
    assert len(finish.melds) == 7
    for meld in finish.melds:
        again = classify_meld(meld.cards, tiplu)
        assert again.kind == meld.kind
    assert sum(m.qualifying for m in finish.melds) >= 3
    shown = Counter(c for m in finish.melds for c in m.cards)
    expected = Counter(given_cards)
    if len(given_cards) == 22:
        assert finish.discard is not None
        expected[finish.discard] -= 1
        expected = +expected
    else:
        assert finish.discard is None
    assert shown == expected
    assert [len(g) for g in finish.arrangement()] == [3] * 7


# -- MA-10 finishing by melds -------------------------------------------------

def test_ma10_worked_example_hand_finishes():
    hand = cards(QUALIFIED + " 10♣ J♣ Q♣ 2♥ 2♦ 2♠ 7♣ J♥ K♦ Q♠ K♠ J♠")
    finish = find_finish(hand, TIPLU)
    check_melds(finish, hand, TIPLU)


def test_ma10_twenty_two_cards_picks_the_discard():
    hand = cards(QUALIFIED + " 10♣ J♣ Q♣ 2♥ 2♦ 2♠ 7♣ 8♣ 9♣ K♦ K♠ J♠ 4♥")
    finish = find_finish(hand, TIPLU)
    check_melds(finish, hand, TIPLU)
    assert finish.discard == card("4♥")


def test_ma10_wrong_number_of_cards_is_impossible():
    with pytest.raises(Impossible) as info:
        find_finish(cards(QUALIFIED + " 2♥ 2♦ 2♠"), TIPLU)
    assert info.value.rule == "MA-10"
    with pytest.raises(Impossible):
        find_finish(SHOE[:23], TIPLU)


def test_ma10_dirty_melds_allowed_after_qualifying():
    hand = cards(QUALIFIED + " 3♥ J♥ 5♥ 9♠ 9♥ Q♣ 4♦ J♠ J♦ 2♣ 10♣ 3♣")
    finish = find_finish(hand, TIPLU)
    check_melds(finish, hand, TIPLU)
    assert sum(m.kind.startswith("dirty") for m in finish.melds) == 4


def test_ma5_only_two_qualifying_melds_refused():
    hand = ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 7♣ 2♥ 2♦ 2♠ 5♣ 5♦ 5♥ "
            "K♠ K♥ K♦ A♠ A♥ A♦")
    assert refused(hand) == ("only 2 qualifying melds can be formed (need 3 natural "
                             "pure sequences or tunnelas, MA-5)")


ONE_QUALIFYING = ("3♠ 4♠ 5♠ 7♥ 9♥ J♥ 8♦ 10♦ 7♣ 2♥ 2♦ 2♠ 5♣ 5♦ 5♥ K♠ K♥ K♦ "
                  "A♠ A♥ A♦")
EXPOSED_FIRST = ("with the exposed 3♠ 4♠ 5♠ kept as exposed (MA-5), the other "
                 "cards must make 6 melds: ")


@pytest.mark.parametrize("hand, exposed, reason", [
    (ONE_QUALIFYING, (), "only 1 qualifying meld can be formed (need 3 natural pure "
     "sequences or tunnelas, MA-5)"),
    (ONE_QUALIFYING.replace("7♥ 9♥ J♥", "7♥ 8♥ 9♥"), ("3♠ 4♠ 5♠",), EXPOSED_FIRST
     + "only 1 qualifying meld can be formed (need 2 more natural pure sequences or "
     "tunnelas, MA-5)"),
    (ONE_QUALIFYING, ("3♠ 4♠ 5♠",), EXPOSED_FIRST + "only 0 qualifying melds can be "
     "formed (need 2 more natural pure sequences or tunnelas, MA-5)"),
])
def test_ma5_the_qualifying_bound_is_said_in_one_or_many_and_after_exposed_melds(
        hand, exposed, reason):
    assert refused(hand, card("Q♣"), exposed=exposed) == reason


def test_ma5_trials_do_not_count_as_qualifying():
    # 7 perfect melds, but 5 of them are trials: not a finish
    hand = ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 2♥ 2♦ 2♠ 5♣ 5♦ 5♥ K♠ K♥ K♦ A♠ A♥ A♦ "
            "7♠ 7♥ 7♦")
    message = refused(hand, card("9♣"))
    assert "only 2 qualifying melds" in message


def test_ma5_seven_melds_but_qualifying_need_explained():
    # 3 qualifying melds exist, 7 melds exist, but never both at once
    hand = cards("2♠ 2♥ 2♦ 3♠ 3♦ 4♠ 4♠ 4♥ 4♦ 4♦ 5♠ 5♦ 6♠ 6♥ 6♦ 7♠ 7♥ 7♦ "
                 "9♠ 9♥ 9♦")
    tiplu = card("Q♣")                      # no wildcard in the hand
    assert max_qualifying(hand) >= 3
    assert arrange(hand, tiplu, melds=7, qualifying=0) is not None
    assert arrange(hand, tiplu, melds=7, qualifying=3) is None
    message = refused(" ".join(str(c) for c in hand), tiplu)
    assert "7 melds can be formed only with fewer than 3 qualifying" in message


def test_ma10_refusal_names_the_best_partial_arrangement():
    hand = QUALIFIED + " 10♣ J♣ Q♣ 2♥ 2♦ 2♠ 7♣ 8♦ 2♣ K♥ 5♦ 9♥"
    message = refused(hand)
    assert message.startswith("no arrangement places every card: with 3 "
                              "qualifying melds the best uses 6 melds and "
                              "leaves ")
    left = cards(message.split("leaves ")[1])
    assert len(left) == 3


def test_ma10_refusal_for_22_cards_mentions_the_discard():
    hand = QUALIFIED + " 10♣ J♣ Q♣ 2♥ 2♦ 2♠ 7♣ 8♦ 2♣ K♥ 5♦ 9♥ 4♠"
    message = refused(hand)
    assert message.startswith("no discard lets the other 21 cards all fit")
    assert "one of them would be the discard" in message


def test_ma10_refusal_wording_stays_truthful_when_out_of_steps(monkeypatch):
    import scorekeeper.games.marriage.finish as finish_module
    hand = QUALIFIED + " 10♣ J♣ Q♣ 2♥ 2♦ 2♠ 7♣ 8♦ 2♣ K♥ 5♦ 9♥"
    monkeypatch.setattr(finish_module, "EXPLAIN_STEPS", 3)
    message = refused(hand)
    assert "the closest found uses" in message and " melds and leaves " in message
    melds = int(message.split(" uses ")[1].split()[0])
    left = cards(message.split("leaves ")[1].split(" (")[0].split(";")[0])
    rest = Counter(cards(hand)) - Counter(left)
    assert arrange(list(rest.elements()), TIPLU, melds=melds) is not None


THREE_EXPOSED = ("3♠ 4♠ 5♠", "6♥ 6♥ 6♥", "8♦ 9♦ 10♦")
NO_MELD = "2♠ 7♥ J♦ 4♣ 9♠ K♥ 2♦ 7♠ J♣ 4♥ 9♣ K♦"   # pairs at best; no wildcard of A♣
FOUR_TO_MAKE = ("with the exposed 3♠ 4♠ 5♠ | 6♥ 6♥ 6♥ | 8♦ 9♦ 10♦ kept as exposed "
                "(MA-5), the other cards must make 4 melds: ")


@pytest.mark.parametrize("extra, reason", [
    ("", "no arrangement places every card: not even one meld can be formed"),
    (" Q♠", "no discard lets the other 12 cards all fit: not even one meld can be "
     "formed"),
])
def test_ma10_cards_that_make_no_meld_at_all_are_told_so(extra, reason):
    hand = QUALIFIED + " " + NO_MELD + extra
    assert refused(hand, card("A♣"), exposed=THREE_EXPOSED) == FOUR_TO_MAKE + reason


@pytest.mark.parametrize("steps, found", [
    (None, "the best uses 1 meld and leaves 2♠ 2♦ 4♥ 7♠ 7♥ 9♠ 9♣ J♦ J♣"),
    (1, "the closest found uses 1 meld and leaves 2♠ 2♦ 4♥ 7♠ 7♥ 9♠ 9♣ J♦ J♣"),
])
def test_ma10_one_meld_found_is_said_in_the_singular(monkeypatch, steps, found):
    import scorekeeper.games.marriage.finish as finish_module
    if steps is not None:
        monkeypatch.setattr(finish_module, "EXPLAIN_STEPS", steps)
    hand = QUALIFIED + " " + NO_MELD
    assert refused(hand, card("5♣"), exposed=THREE_EXPOSED) == \
        FOUR_TO_MAKE + "no arrangement places every card: " + found


def test_ma10_a_pure_sequence_queen_king_ace_is_found():
    """The cost bound counts Q K A of one suit as an all-natural triple
    (the ace high): a finish that needs it is found."""
    hand = cards("Q♥ K♥ A♥ 2♠ 2♥ 2♦ 7♥ 8♥ 9♥ A♣ 2♣ 3♣ A♣ 2♣ 3♣ 4♠ 5♠ 6♠ A♠ A♦ A♣")
    finish = find_finish(hand, card("7♥"))
    check_melds(finish, hand, card("7♥"))
    assert (card("Q♥"), card("K♥"), card("A♥")) in \
        [tuple(sorted(m.cards, key=lambda c: (c.rank + 11) % 13)) for m in finish.melds]


def test_ma1_too_many_copies_impossible():
    with pytest.raises(Impossible) as info:
        find_finish(cards(QUALIFIED + " 2♥ 2♥ 2♥ 2♥ 3♦ 3♦ 3♦ K♥ K♥ K♥ Q♥ Q♥"),
                    TIPLU)
    assert info.value.rule == "MA-1"
    with pytest.raises(Impossible) as tiplu:     # the tiplu is the fourth J♣
        find_finish(cards(QUALIFIED + " J♣ J♣ J♣ 2♥ 2♦ 2♠ 3♦ 3♦ 3♦ K♥ K♥ K♥"),
                    TIPLU)
    assert tiplu.value.rule == "MA-1"
    assert "J♣ appears 4 times (3 shown and the tiplu J♣)" in tiplu.value.message.english


# -- MA-9 / MA-10 finishing by dublees ---------------------------------------

DUBLEE_HAND = ("3♠ 3♠ 7♥ 7♥ 9♦ 9♦ K♣ K♣ A♥ A♥ 4♦ 4♦ 6♣ 6♣ 2♠ 2♠ "
               "5♥ 8♠ 10♦ Q♣ J♥")


def test_ma9_eight_dublees_and_five_leftovers():
    finish = find_finish(cards(DUBLEE_HAND), TIPLU, by="dublees")
    assert len(finish.dublees) == 8 and len(finish.leftovers) == 5
    assert all(a == b for a, b in finish.dublees)
    assert finish.melds == () and finish.discard is None
    groups = finish.arrangement()
    assert [len(g) for g in groups] == [2] * 8 + [5]


def test_ma9_twenty_two_cards_discards_a_leftover():
    hand = cards(DUBLEE_HAND + " 8♦")
    finish = find_finish(hand, TIPLU, by="dublees")
    assert finish.discard is not None
    assert Counter(finish.shown()) + Counter([finish.discard]) == Counter(hand)


@pytest.mark.parametrize("hand, reason", [
    ("3♠ 3♠ 7♥ 7♥ 9♦ 9♦ K♣ K♣ A♥ A♥ 4♦ 4♦ 5♥ 8♠ 10♦ Q♣ J♥ 2♦ 6♠ 7♣ 8♥",
     "only 6 dublees among these cards (need 8, MA-9)"),
    ("3♠ 3♠ 7♥ 8♣ 9♦ 10♦ K♣ 2♣ A♥ 5♦ 4♦ 6♦ 5♥ 8♠ 10♣ Q♣ J♥ 2♦ 6♠ 7♣ 8♥",
     "only 1 dublee among these cards (need 8, MA-9)"),
])
def test_ma9_too_few_dublees_refused(hand, reason):
    assert refused(hand, by="dublees") == reason


def test_ma9_three_copies_make_one_dublee_not_two():
    hand = ("3♠ 3♠ 3♠ 7♥ 7♥ 7♥ 9♦ 9♦ 9♦ K♣ K♣ K♣ A♥ A♥ 4♦ 4♦ "
            "6♣ 6♣ 5♥ 8♠ 10♦")
    message = refused(hand, by="dublees")
    assert "only 7 dublees" in message


def test_ma9_identical_wildcards_make_a_dublee():
    # interpretation: both J♥ stand as themselves, no stand-in
    hand = DUBLEE_HAND.replace("3♠ 3♠", "J♦ J♦")
    finish = find_finish(cards(hand), TIPLU, by="dublees")
    assert (card("J♦"), card("J♦")) in finish.dublees


# -- properties --------------------------------------------------------------

def deal(seed: int, n: int) -> tuple[list[Card], Card]:
    rng = random.Random(seed)
    dealt = rng.sample(SHOE, n + 1)
    return dealt[:n], dealt[n]


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(0, 2**32), st.sampled_from((21, 22)))
def test_ma10_random_deals_any_finish_found_is_valid(seed, n):
    hand, tiplu = deal(seed, n)
    try:
        finish = find_finish(hand, tiplu)
    except Refused as err:
        assert err.rule == "MA-10"
        return
    check_melds(finish, hand, tiplu)


def _natural_meld(rng: random.Random, shoe: list[Card]) -> list[Card] | None:
    suit = rng.randrange(4)
    if rng.random() < 0.3:
        c = Card(rng.randint(1, 13), suit)
        meld = [c, c, c]
    else:
        start = rng.randint(1, 12)
        meld = [Card(1 if r == 14 else r, suit)
                for r in (start, start + 1, start + 2)]
    return meld if all(shoe.count(c) >= meld.count(c) for c in meld) else None


def _any_meld(rng: random.Random, shoe: list[Card], wc: Wildcards) -> list[Card]:
    while True:
        choice = rng.random()
        if choice < 0.3:
            meld = _natural_meld(rng, shoe)
        elif choice < 0.5:
            r = rng.randint(1, 13)
            meld = [Card(r, s) for s in rng.sample(range(4), 3)]
        else:                  # dirty: 1 or 2 naturals around stand-ins
            wilds = [c for c in shoe if wc.is_wild(c)]
            n_wild = rng.choice((1, 2, 3))
            meld = rng.sample(wilds, min(n_wild, len(wilds)))
            base = (_natural_meld(rng, shoe) if rng.random() < 0.5 else
                    [Card(rng.randint(1, 13), s)
                     for s in rng.sample(range(4), 3)])
            if base is None:
                continue
            for c in rng.sample(base, 3 - len(meld)):
                meld.append(c)
        if meld is None or len(meld) != 3:
            continue
        if all(shoe.count(c) >= meld.count(c) for c in meld) and \
                is_meld(meld, wc.tiplu):
            return meld


def constructed_finish(seed: int, extra: bool) -> tuple[list[Card], Card]:
    rng = random.Random(seed)
    while True:
        shoe = list(SHOE)
        tiplu = rng.choice(shoe)
        shoe.remove(tiplu)
        wc = Wildcards.from_tiplu(tiplu)
        hand: list[Card] = []
        while len(hand) < 9:
            meld = _natural_meld(rng, shoe)
            if meld:
                for c in meld:
                    shoe.remove(c)
                hand += meld
        for _ in range(4):
            meld = _any_meld(rng, shoe, wc)
            for c in meld:
                shoe.remove(c)
            hand += meld
        if extra:
            hand.append(rng.choice(shoe))
        rng.shuffle(hand)
        return hand, tiplu


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_ma10_constructed_finishing_hands_are_always_found(seed, extra):
    hand, tiplu = constructed_finish(seed, extra)
    finish = find_finish(hand, tiplu)
    check_melds(finish, hand, tiplu)


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(0, 2**32), st.booleans(), st.integers(1, 3))
def test_ma10_damaged_hands_finish_or_explain_truthfully(seed, extra, damage):
    hand, tiplu = constructed_finish(seed, extra)
    rng = random.Random(seed + 1)
    shoe = list(SHOE)
    for c in hand + [tiplu]:
        shoe.remove(c)
    for _ in range(damage):
        i = rng.randrange(len(hand))
        new = rng.choice(shoe)
        shoe.remove(new)
        shoe.append(hand[i])
        hand[i] = new
    try:
        finish = find_finish(hand, tiplu)
    except Refused as err:
        assert err.rule == "MA-10"
        if " uses " in err.message.english:
            assert "the best uses" in err.message.english or \
                "the closest found uses" in err.message.english
            melds = int(err.message.english.split(" uses ")[1].split()[0])
            left_text = err.message.english.split("leaves ")[1].split(" (")[0]
            left = cards(left_text.split(";")[0])
            assert len(left) == len(hand) - 3 * melds
            assert 3 <= melds < 7
            rest = Counter(hand) - Counter(left)
            assert arrange(list(rest.elements()), tiplu, melds=melds,
                           qualifying=3) is not None
        else:
            assert "qualifying meld" in err.message.english
            assert max_qualifying(hand) < 3
        return
    check_melds(finish, hand, tiplu)


def brute_force(cs: list[Card], tiplu: Card | None, qualifying: int) -> bool:
    """Plain search over every split into triples (small hands only)."""
    def go(rest: list[Card], q: int) -> bool:
        if not rest:
            return q >= qualifying
        first, others = rest[0], rest[1:]
        for i, j in combinations(range(len(others)), 2):
            trio = [first, others[i], others[j]]
            try:
                meld = classify_meld(trio, tiplu)
            except Refused:
                continue
            remaining = [c for k, c in enumerate(others) if k not in (i, j)]
            if go(remaining, q + meld.qualifying):
                return True
        return False
    return go(list(cs), 0)


# Small hands: built from melds (natural, trials, with wildcards), then often
# damaged by one or two random cards, so both answers are common.
SMALL = [Card(r, s) for r in (1, 2, 3, 4, 5, 11, 12, 13) for s in (0, 1, 3)]


@st.composite
def small_hand(draw, melds):
    tiplu = draw(st.one_of(st.none(), st.sampled_from(SMALL)))
    wilds = ([c for c in SHOE[:52] if Wildcards.from_tiplu(tiplu).is_wild(c)]
             if tiplu else SMALL)
    cs: list[Card] = []
    for _ in range(melds):
        shape = draw(st.sampled_from(("run", "run", "tunnela", "trial",
                                      "wild", "random")))
        suit = draw(st.sampled_from((0, 1, 3)))
        rank = draw(st.integers(1, 12))
        if shape == "run":
            cs += [Card((rank + i - 1) % 13 + 1, suit) for i in range(3)]
        elif shape == "tunnela":
            cs += [Card(rank, suit)] * 3
        elif shape == "trial":
            cs += [Card(rank, s) for s in (0, 1, 3)]
        elif shape == "wild":           # 1 or 2 wildcards, the rest natural
            stand = draw(st.lists(st.sampled_from(wilds), min_size=1,
                                  max_size=2))
            near = draw(st.sampled_from((Card(rank + 1, suit),
                                         Card(rank, (suit + 1) % 4))))
            cs += stand + [Card(rank, suit), near][: 3 - len(stand)]
        else:
            cs += draw(st.lists(st.sampled_from(SMALL), min_size=3, max_size=3))
    for _ in range(draw(st.integers(0, 2))):
        i = draw(st.integers(0, len(cs) - 1))
        cs[i] = draw(st.sampled_from(SMALL + wilds))
    assume(max(Counter(cs).values()) <= 3)
    return draw(st.permutations(cs)), tiplu


@settings(max_examples=examples(400), deadline=None)
@given(st.data(), st.sampled_from((2, 3)))
def test_ma10_arrange_agrees_with_brute_force(data, melds):
    cs, tiplu = data.draw(small_hand(melds))
    qualifying = data.draw(st.integers(0, melds))
    found = arrange(cs, tiplu, melds=melds, qualifying=qualifying)
    assert (found is not None) == brute_force(cs, tiplu, qualifying)
    if found is not None:
        assert Counter(c for m in found for c in m.cards) == Counter(cs)
        assert sum(m.qualifying for m in found) >= qualifying
        for m in found:
            assert classify_meld(m.cards, tiplu).kind == m.kind


def test_ma10_arrange_needs_exactly_three_per_meld():
    with pytest.raises(Impossible) as err:
        arrange(cards("3♠ 4♠ 5♠ 6♠"), None, melds=1)
    assert err.value.rule == "MA-10"
    assert err.value.message == "4 cards cannot make exactly 1 melds of 3"


# -- the words and choices of a finish, one by one (mutation testing) ---------

JOKERS = THREE_DECK.parse_settings(["printed_jokers=2"])
EXPOSED_THREE = [cards("3♠ 4♠ 5♠"), cards("6♥ 6♥ 6♥"), cards("8♦ 9♦ 10♦")]
# twelve cards no three of which meld (no rank thrice, no two within two
# ranks in a suit), and none wild under the tiplu A♣
UNMELDED = "7♠ 10♠ K♠ 2♥ 9♥ Q♥ 3♦ 6♦ K♦ 4♣ 7♣ 10♣"
WORKED_WITH_JOKER = QUALIFIED + " 10♣ J♣ Q♣ 2♥ 3♥ 4♥ 7♠ 7♦ JK K♦ K♦ K♦"


@pytest.mark.parametrize("hand, count", [
    ("2♠ 3♠", 0), ("A♠ 2♠ 3♠", 1), ("Q♠ K♠", 0), ("Q♠ K♠ A♠", 1), ("K♠ A♠ 2♠", 0),
    ("5♥ 5♥", 0), ("5♥ 5♥ 5♥", 1), ("2♣ 3♣ 4♣ 5♣ 6♣ 7♣", 2), (QUALIFIED, 3)])
def test_ma5_max_qualifying_counts_disjoint_pure_sequences_and_tunnelas(hand, count):
    _cold_suit_patterns()
    assert max_qualifying(cards(hand)) == count


def test_ma10_arrange_makes_seven_melds_three_qualifying_by_default():
    # exactly three qualifying melds can be formed, and seven melds with them
    hand = cards("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 2♥ 2♦ 2♠ 5♣ 5♦ 5♥ K♠ K♥ K♦ 7♠ 7♥ 7♦")
    assert max_qualifying(hand) == 3
    found = arrange(hand, card("A♣"))
    assert found is not None and len(found) == 7
    assert sum(m.qualifying for m in found) == 3


def test_ma18_arrange_shows_a_printed_joker_as_a_stand_in():
    hand = cards("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ 7♠ 7♦ JK K♦ K♦ K♦")
    found = arrange(hand, TIPLU, rules=JOKERS)
    assert found is not None
    assert Counter(c for m in found for c in m.cards) == Counter(hand)
    assert [m.kind for m in found if JOKER in m.cards] == ["dirty trial"]


def test_ma18_a_refusal_with_a_printed_joker_uses_it_as_a_stand_in():
    hand = QUALIFIED + " 10♣ J♣ Q♣ 2♥ 2♦ 2♠ 7♣ 8♦ 2♣ K♥ 5♦ JK"
    with pytest.raises(Refused) as info:
        find_finish(cards(hand), TIPLU, rules=JOKERS)
    assert info.value.message == ("no arrangement places every card: with 3 qualifying "
                                  "melds the best uses 6 melds and leaves 5♠ 5♦ 7♣")


def test_ma5_more_than_three_exposed_melds_is_impossible_citing_ma5():
    with pytest.raises(Impossible) as info:
        exposed_melds([cards("2♠ 3♠ 4♠")] * 4, TIPLU)
    assert info.value.rule == "MA-5"
    assert info.value.message == "4 exposed melds: a player exposes 3 melds to see the tiplu"


def test_ma5_an_exposed_meld_that_does_not_qualify_is_refused_saying_what_it_is():
    with pytest.raises(Refused) as info:
        exposed_melds([cards("2♠ 2♥ 2♦")], TIPLU)
    assert (info.value.rule, info.value.message) == (
        "MA-5", "the exposed meld 2♠ 2♥ 2♦ is a trial: only a pure sequence or a tunnela "
                "qualifies (MA-5)")
    # under the session's rules: a printed joker is a stand-in, not a card
    # these rules lack
    with pytest.raises(Refused) as info:
        exposed_melds([cards("5♠ 6♠ JK")], TIPLU, JOKERS)
    assert info.value.message == ("the exposed meld 5♠ 6♠ JK is a dirty sequence: only a "
                                  "pure sequence or a tunnela qualifies (MA-5)")
    with pytest.raises(Refused) as info:
        find_finish(cards(WORKED_WITH_JOKER), TIPLU, rules=JOKERS,
                    exposed=[cards("7♠ 7♦ JK")])
    assert info.value.rule == "MA-5"



def test_ma10_an_exposed_meld_needs_its_own_copy_of_each_card():
    # two 6♥ cannot make the exposed tunnela 6♥ 6♥ 6♥
    hand = cards("3♠ 4♠ 5♠ 6♥ 6♥ 2♥ 2♦ 2♠ 5♣ 5♦ 5♥ K♠ K♥ K♦ 7♠ 7♥ 7♦ 9♠ 9♥ 9♦ 4♣")
    with pytest.raises(Impossible) as info:
        find_finish(hand, card("A♣"), exposed=[cards("6♥ 6♥ 6♥")])
    assert (info.value.rule, info.value.message) == (
        "MA-10", "the exposed meld 6♥ 6♥ 6♥ is not among the finisher's cards (no 6♥ "
                 "left for it)")


def test_ma10_wrong_number_of_cards_says_how_many_a_finish_shows():
    with pytest.raises(Impossible) as info:
        find_finish(cards(QUALIFIED + " 2♥ 2♦ 2♠"), TIPLU)
    assert info.value.message == "a finish shows 21 cards (22 before the discard), not 12"


def test_ma9_exposed_melds_with_dublees_is_impossible_citing_ma10():
    hand = cards(QUALIFIED + " 10♣ J♣ Q♣ 2♥ 2♦ 2♠ 7♣ J♥ K♦ Q♠ K♠ J♠")
    with pytest.raises(Impossible) as info:
        find_finish(hand, TIPLU, by="dublees", exposed=[cards("3♠ 4♠ 5♠")])
    assert (info.value.rule, info.value.message) == (
        "MA-10", "exposed melds go with a finish by melds: a finish by dublees saw the "
                 "tiplu through 7 dublees (MA-9)")


def test_ma5_one_qualifying_meld_is_said_in_the_singular():
    hand = "3♠ 4♠ 5♠ 2♥ 2♦ 2♠ 5♣ 5♦ 5♥ K♠ K♥ K♦ 7♠ 7♥ 7♦ 9♠ 9♥ 9♦ 4♣ 4♦ 4♥"
    assert refused(hand, card("A♣")) == (
        "only 1 qualifying meld can be formed (need 3 natural pure sequences or "
        "tunnelas, MA-5)")


def test_ma5_with_an_exposed_meld_the_refusal_counts_the_qualifying_melds_still_needed():
    hand = cards("3♠ 4♠ 5♠ 2♥ 2♦ 2♠ 5♣ 5♦ 5♥ K♠ K♥ K♦ 7♠ 7♥ 7♦ 9♠ 9♥ 9♦ 4♣ 4♦ 4♥")
    with pytest.raises(Refused) as info:
        find_finish(hand, card("A♣"), exposed=[cards("3♠ 4♠ 5♠")])
    assert info.value.message == (
        "with the exposed 3♠ 4♠ 5♠ kept as exposed (MA-5), the other cards must make 6 "
        "melds: only 0 qualifying melds can be formed (need 2 more natural pure "
        "sequences or tunnelas, MA-5)")


def test_ma10_with_three_exposed_melds_the_refusal_says_no_meld_can_be_formed():
    hand = cards("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ " + UNMELDED)
    with pytest.raises(Refused) as info:
        find_finish(hand, card("A♣"), exposed=EXPOSED_THREE)
    assert info.value.message == (
        "with the exposed 3♠ 4♠ 5♠ | 6♥ 6♥ 6♥ | 8♦ 9♦ 10♦ kept as exposed (MA-5), the "
        "other cards must make 4 melds: no arrangement places every card: not even one "
        "meld can be formed")


def test_ma10_with_three_exposed_melds_the_best_of_one_meld_needs_no_qualifying():
    hand = cards("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ " + UNMELDED.replace("6♦", "7♦"))
    with pytest.raises(Refused) as info:
        find_finish(hand, card("A♣"), exposed=EXPOSED_THREE)
    assert info.value.message == (
        "with the exposed 3♠ 4♠ 5♠ | 6♥ 6♥ 6♥ | 8♦ 9♦ 10♦ kept as exposed (MA-5), the "
        "other cards must make 4 melds: no arrangement places every card: the best uses "
        "1 meld and leaves 2♥ 3♦ 4♣ 9♥ 10♠ 10♣ Q♥ K♠ K♦")


def test_ma10_a_finish_by_melds_has_no_dublees_or_leftovers():
    finish = find_finish(cards(QUALIFIED + " 10♣ J♣ Q♣ 2♥ 2♦ 2♠ 7♣ J♥ K♦ Q♠ K♠ J♠"),
                         TIPLU)
    assert (finish.dublees, finish.leftovers, finish.discard) == ((), (), None)


def test_ma11_the_spare_wildcard_discarded_is_an_ordinary_one_not_the_jhiplu():
    # tiplu J♥: 10♥ (jhiplu) and Q♥ (poplu) are maal, J♠ and J♦ ordinary
    # wildcards; six natural melds and the four wildcards: three make a
    # meld, the one least worth keeping is thrown
    hand = cards("2♠ 3♠ 4♠ 5♦ 6♦ 7♦ 8♣ 9♣ 10♣ 4♥ 4♦ 4♣ 6♠ 6♥ 6♣ 9♠ 9♥ 9♦ "
                 "10♥ Q♥ J♠ J♦")
    finish = find_finish(hand, card("J♥"))
    check_melds(finish, hand, card("J♥"))
    assert finish.discard == card("J♠")


def test_ma9_twenty_two_cards_by_dublees_throw_a_natural_card_before_a_wildcard():
    # Q♣ is the highest leftover but wild under the tiplu Q♦: J♥ goes
    hand = cards(DUBLEE_HAND + " 8♦")
    assert find_finish(hand, card("Q♦"), by="dublees").discard == card("J♥")


def _cold_suit_patterns() -> None:
    """Empty the qualifying bound's cache of suit patterns (only the empty
    suit known), so that the bound is computed here, not remembered from an
    earlier test."""
    from scorekeeper.games.marriage import finish as finish_module
    for memo in finish_module._SUIT_QUAL.values():
        memo.clear()
        memo[0] = 0


def _max_qualifying_by_hand(cs: list[Card]) -> int:
    """Disjoint pure sequences and tunnelas, tried every way (small hands)."""
    if not cs:
        return 0
    first, others = cs[0], cs[1:]
    best = _max_qualifying_by_hand(others)           # first joins none
    for i, j in combinations(range(len(others)), 2):
        trio = [first, others[i], others[j]]
        if classify_meld(trio, None).qualifying if is_meld(trio, None) else False:
            rest = [c for k, c in enumerate(others) if k not in (i, j)]
            best = max(best, 1 + _max_qualifying_by_hand(rest))
    return best


QUALIFYING_CARDS = [Card(r, s) for r in (1, 2, 3, 4, 10, 11, 12, 13) for s in (0, 3)]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(QUALIFYING_CARDS), max_size=9))
def test_ma5_max_qualifying_agrees_with_trying_every_way(cs):
    assume(not cs or max(Counter(cs).values()) <= 3)
    _cold_suit_patterns()
    assert max_qualifying(cs) == _max_qualifying_by_hand(cs)


@pytest.mark.parametrize("hand, count", [
    ("J♠ Q♠ K♠", 1), ("Q♠ K♠ A♠ A♠ 2♠ 3♠", 2), ("Q♠ Q♠ K♠ K♠ A♠ A♠", 2),
    ("Q♥ K♥ A♥ 2♥ 3♥", 1), ("10♣ J♣ Q♣ K♣ A♣", 1), ("Q♠ Q♠ K♠ A♠ A♠", 1)])
def test_ma5_max_qualifying_near_the_ace(hand, count):
    _cold_suit_patterns()
    assert max_qualifying(cards(hand)) == count


@pytest.fixture
def suit_patterns():
    """The qualifying bound's cache of suit patterns (the ace high too),
    given back as found."""
    from scorekeeper.games.marriage import finish as finish_module
    memo = finish_module._SUIT_QUAL[True]
    saved = dict(memo)
    yield memo
    memo.clear()
    memo.update(saved)


def test_ma5_the_cache_of_suit_patterns_is_bounded_and_still_answers(suit_patterns):
    # it holds at most 500,001 patterns, then starts again from the empty suit
    suit_patterns.clear()
    suit_patterns.update({0: 0, **{-k: 0 for k in range(1, 500_000)}})   # fakes
    assert len(suit_patterns) == 500_000
    assert max_qualifying(cards("2♣")) == 0              # one pattern more: kept
    assert len(suit_patterns) == 500_001
    assert max_qualifying(cards("3♣")) == 0              # full: started again
    assert len(suit_patterns) == 2 and suit_patterns[0] == 0
    assert max_qualifying([]) == 0
    assert max_qualifying(cards("2♠ 3♠ 4♠ 9♥ 9♥ 9♥")) == 2


# Hands on which a search bound or step is tight: each a hand the finish
# search once got wrong in a mutation (pruned too soon, or counted wrong),
# checked against the plain search over every split.
TIGHT = [
    ("A♥ 4♠ 5♠ 6♠ 10♣ Q♥", "J♣", 2, 0),
    ("3♣ 4♠ 4♠ 4♠ 4♥ 4♣ 5♥ 5♣ 7♠ 7♠ 7♠ Q♥", "J♥", 4, 2),
    ("2♣ 2♣ 2♣ 3♠ 4♣ 5♣ 6♣ 7♥ 8♥ 9♥ K♠ K♥", "K♥", 4, 0),
    ("2♣ 3♠ 4♣ J♥ J♥ J♥ Q♥ Q♥ Q♥", "4♠", 3, 2),
    ("6♠ 7♠ 8♠ 8♠ 9♠ 9♠ 10♠ 10♠ J♠ J♠ Q♠ K♠", "A♥", 4, 4),
    ("3♣ 4♣ 9♠ 9♥ 9♣ 9♣ 9♣ 10♣ 10♣ J♣ J♣ Q♥", "Q♥", 4, 2),
]


@pytest.mark.parametrize("hand, tiplu, melds, qualifying", TIGHT)
def test_ma10_arrange_finds_the_tight_arrangements(hand, tiplu, melds, qualifying):
    cs = cards(hand)
    assert brute_force(cs, card(tiplu), qualifying)
    found = arrange(cs, card(tiplu), melds=melds, qualifying=qualifying)
    assert found is not None
    assert Counter(c for m in found for c in m.cards) == Counter(cs)
    assert sum(m.qualifying for m in found) >= qualifying


def test_ma10_a_tight_twenty_two_card_finish_is_found():
    hand = cards("4♠ 4♦ 4♦ 4♦ 5♣ 6♠ 6♣ 8♥ 8♥ 8♥ 9♣ J♠ J♠ J♥ J♥ J♥ Q♠ Q♥ Q♦ K♠ K♦ K♦")
    finish = find_finish(hand, card("Q♠"))
    check_melds(finish, hand, card("Q♠"))
    assert finish.discard == card("9♣")


def test_ma5_a_refusal_says_when_seven_melds_need_fewer_qualifying():
    hand = "A♠ A♦ A♦ A♣ A♣ A♣ 3♥ 4♥ 4♦ 4♣ 5♦ 7♦ 8♠ 8♠ 8♠ 8♥ 8♦ 9♠ 9♦ 9♦ Q♦"
    assert refused(hand, card("8♦")) == (
        "no arrangement places every card: with 3 qualifying melds the best uses 6 melds "
        "and leaves 3♥ 5♦ 9♠; 7 melds can be formed only with fewer than 3 qualifying "
        "ones (MA-5)")


def test_ma10_a_refusal_within_its_steps_says_the_best():
    hand = ("A♠ A♥ A♦ 6♣ 7♠ 7♠ 7♦ 7♣ 8♠ 8♥ 8♣ 9♥ 9♥ 9♥ 9♦ 10♥ 10♥ 10♦ J♥ J♦ Q♦ K♠")
    assert refused(hand, card("2♦")) == (
        "no discard lets the other 21 cards all fit: with 3 qualifying melds the best uses "
        "5 melds and leaves A♠ A♥ 7♠ 7♠ 7♦ 8♠ K♠ (one of them would be the discard)")


def test_ma10_the_finish_shown_best_melds_first_q_k_a_in_its_order():
    hand = cards("A♠ 3♣ 3♣ 5♣ 5♣ 5♣ 6♣ 6♣ 6♣ 7♠ 7♣ 8♣ 8♣ 8♣ 9♠ 9♥ 9♣ J♠ J♥ Q♠ K♠")
    finish = find_finish(hand, card("7♣"))
    assert [m.text() for m in finish.melds] == [
        "Q♠ K♠ A♠", "5♣ 6♣ 7♣", "8♣ 8♣ 8♣", "9♠ 9♥ 9♣", "3♣ 5♣ 7♠", "3♣ 5♣ 6♣",
        "J♠ J♥ 6♣"]
    assert [m.kind for m in finish.melds] == [
        "pure sequence", "pure sequence", "tunnela", "trial", "dirty sequence",
        "dirty sequence", "dirty trial"]


def test_ma9_one_dublee_is_said_in_the_singular():
    hand = "3♠ 3♠ 5♥ 6♠ 7♥ 8♦ 9♦ 10♣ 2♣ 4♦ 6♥ Q♣ K♥ A♦ J♠ 5♣ 8♠ 3♥ 2♦ 7♣ 9♠"
    assert refused(hand, by="dublees") == "only 1 dublee among these cards (need 8, MA-9)"


def test_ma9_with_only_wildcards_left_the_dublee_discard_is_an_ordinary_one():
    # tiplu J♣: J♠ J♥ J♦ ordinary, 10♣ jhiplu, Q♣ poplu, J♣ the tiplu
    hand = cards("3♠ 3♠ 7♥ 7♥ 9♦ 9♦ K♣ K♣ A♥ A♥ 4♦ 4♦ 6♣ 6♣ 2♠ 2♠ "
                 "J♠ J♥ 10♣ Q♣ J♣ J♦")
    finish = find_finish(hand, TIPLU, by="dublees")
    assert finish.by == "dublees"
    assert finish.discard == card("J♦")
    assert finish.leftovers == cards("10♣ J♠ J♥ J♣ Q♣")


def test_ma11_the_spare_wildcard_discarded_is_the_poplu_before_the_tiplu():
    hand = cards("2♠ 3♠ 4♠ 5♦ 6♦ 7♦ 8♣ 9♣ 10♣ 4♥ 4♦ 4♣ 6♠ 6♥ 6♣ 9♠ 9♥ 9♦ "
                 "J♥ J♥ Q♥ Q♥")
    finish = find_finish(hand, card("J♥"))
    check_melds(finish, hand, card("J♥"))
    assert finish.discard == card("Q♥")


# -- the step allowance of a refusal's wording ---------------------------------

def _wording_by_allowance(words, monkeypatch, upto: int) -> list[tuple[int, str, bool]]:
    """Each allowance of steps (1 … upto) at which the wording changes:
    (steps, "best" or "closest", whether it says 7 melds need fewer
    qualifying ones)."""
    import scorekeeper.games.marriage.finish as finish_module
    changes, before = [], None
    for steps in range(1, upto + 1):
        monkeypatch.setattr(finish_module, "EXPLAIN_STEPS", steps)
        message = words()
        now = ("best" if "the best uses" in message else "closest", "fewer than" in message)
        if now != before:
            changes.append((steps, *now))
            before = now
    return changes


def test_ma10_the_step_allowance_counts_every_step_of_the_search():
    import scorekeeper.games.marriage.finish as finish_module
    hand = cards("5♠ 6♠ 7♠")
    tables = finish_module._tables(TIPLU)
    enc = finish_module._encode(hand, tables)
    budget = [2]                     # the meld, then nothing left: two steps
    assert finish_module._search(enc, tables, 3, 1, 1, budget=budget) == [(16, 20, 24)]
    assert budget == [0]
    with pytest.raises(finish_module._OutOfBudget):
        finish_module._search(enc, tables, 3, 1, 1, budget=[1])


SEVEN_FEWER = "2♠ 2♥ 2♦ 3♠ 3♦ 4♠ 4♠ 4♥ 4♦ 4♦ 5♠ 5♦ 6♠ 6♥ 6♦ 7♠ 7♥ 7♦ 9♠ 9♥ 9♦"


def test_ma5_the_last_search_of_a_refusal_keeps_within_the_allowance_too(monkeypatch):
    # an allowance that proves the best uses 6 melds but leaves no step to
    # find the 7 melds with fewer qualifying ones says only the first
    changes = _wording_by_allowance(lambda: refused(SEVEN_FEWER, card("Q♣")),
                                    monkeypatch, 120)
    assert [what[1:] for what in changes] == [("closest", False), ("best", False),
                                             ("best", True)]
    # the last search takes steps of its own: more than one
    assert changes[2][0] - changes[1][0] > 1


def test_ma10_the_wording_of_a_refusal_reuses_what_the_verdict_learned(monkeypatch):
    # the failures the verdict's search remembered save the wording steps
    import scorekeeper.games.marriage.finish as finish_module
    from scorekeeper.games.marriage.rules import DEFAULT_RULES
    hand = cards("A♠ A♦ A♦ A♣ A♣ A♣ 3♥ 4♥ 4♦ 4♣ 5♦ 7♦ 8♠ 8♠ 8♠ 8♥ 8♦ 9♠ 9♦ 9♦ Q♦")
    tiplu = card("8♦")
    tables = finish_module._tables(tiplu)
    enc = finish_module._encode(hand, tables)
    shared = _wording_by_allowance(
        lambda: refused(" ".join(map(str, hand)), tiplu), monkeypatch, 260)
    fresh = _wording_by_allowance(
        lambda: finish_module._explain(enc, tables, tiplu, 21, {}, DEFAULT_RULES, 7, 3,
                                       0).english,
        monkeypatch, 260)
    assert [what for _, *what in shared] == [what for _, *what in fresh] == [
        ["closest", False], ["best", False], ["best", True]]
    assert shared[1][0] < fresh[1][0] and shared[2][0] < fresh[2][0]


def test_ma10_a_card_both_exposed_and_held_again_is_arranged_once_more():
    # 3♠ is in the exposed 3♠ 4♠ 5♠ and again in the trial 3♠ 3♥ 3♦
    hand = cards("3♠ 4♠ 5♠ 3♠ 3♥ 3♦ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 2♦ 2♠ 7♣ 8♣ 9♣")
    finish = find_finish(hand, card("A♣"), exposed=[cards("3♠ 4♠ 5♠")])
    check_melds(finish, hand, card("A♣"))
    assert finish.melds[0].text() == "3♠ 4♠ 5♠"


def test_ma5_seven_melds_with_no_qualifying_one_at_all_are_said():
    # nine Js (wild under J♣) make the three tunnelas, or stand in for five
    # pairs and two singles: seven melds, but then none qualifies
    hand = cards("J♠ J♠ J♠ J♥ J♥ J♥ J♦ J♦ J♦ 2♠ 3♠ 5♥ 6♥ 8♦ 9♦ 2♣ 4♣ 6♣ 7♣ 9♠ K♥")
    assert arrange(hand, TIPLU, qualifying=1) is None
    assert refused(" ".join(map(str, hand))) == (
        "no arrangement places every card: with 3 qualifying melds the best uses 3 melds "
        "and leaves 2♠ 2♣ 3♠ 4♣ 5♥ 6♥ 6♣ 7♣ 8♦ 9♠ 9♦ K♥; 7 melds can be formed only "
        "with fewer than 3 qualifying ones (MA-5)")


# The finish shown, meld by meld: natural melds first (MA-4's order of
# kinds), Q K A in its order, and each pair or single given the stand-ins
# that make it natural where any do, the least valuable otherwise.
SHOWN = [
    ("A♠ A♥ A♥ A♥ A♣ 2♠ 2♣ 3♣ 5♠ 7♣ 8♠ 8♠ 8♠ 8♦ 8♣ 9♠ 9♠ 9♥ 9♦ 9♣ 10♦", "9♦",
     "A♥ A♥ A♥ | 7♣ 8♣ 9♣ | 8♠ 8♠ 8♠ | A♠ A♣ 9♠ | 2♠ 2♣ 9♠ | 3♣ 9♥ 8♦ | 5♠ 10♦ 9♦", None),
    ("A♦ 2♣ 2♣ 2♣ 3♥ 3♥ 3♥ 3♦ 3♦ 4♠ 4♦ 5♠ 5♣ 6♠ 7♠ 7♦ 7♦ 7♦ 9♠ 9♥ 10♠ K♦", "3♠",
     "2♣ 2♣ 2♣ | 5♠ 6♠ 7♠ | 7♦ 7♦ 7♦ | K♦ A♦ 3♥ | 9♠ 9♥ 3♥ | 5♣ 3♥ 3♦ | 10♠ 3♦ 4♠", "4♦"),
    ("A♠ A♦ 2♠ 2♠ 2♥ 3♠ 3♠ 3♥ 4♠ 4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 6♠ 6♥ J♦ Q♦ K♥ K♦", "4♥",
     "A♠ 2♠ 3♠ | Q♦ K♦ A♦ | 3♠ 4♠ 5♠ | 2♠ 2♥ 4♠ | 6♠ 6♥ 4♦ | J♦ 4♣ 3♥ | K♥ 5♥ 4♥", None),
    ("2♠ 2♣ 2♣ 3♠ 3♠ 3♣ 4♠ 4♠ 4♦ 4♣ 4♣ 5♣ 9♥ 9♥ 9♥ 9♦ 9♦ 9♦ 10♣ J♥ Q♣", "3♣",
     "2♠ 3♠ 4♠ | 3♣ 4♣ 5♣ | 9♥ 9♥ 9♥ | 9♦ 9♦ 9♦ | 4♠ 4♦ 4♣ | 10♣ Q♣ 3♠ | J♥ 2♣ 2♣", None),
    ("A♦ 3♠ 3♠ 3♠ 4♥ 4♥ 4♥ 7♦ 8♠ 8♥ 8♦ 8♣ 8♣ 9♠ 9♦ 9♦ 10♠ 10♠ 10♦ J♠ K♦", "8♦",
     "3♠ 3♠ 3♠ | 4♥ 4♥ 4♥ | 7♦ 8♦ 9♦ | 8♠ 9♠ 10♠ | K♦ A♦ 8♥ | 10♠ 10♦ 8♣ | J♠ 8♣ 9♦", None),
]


@pytest.mark.parametrize("hand, tiplu, shown, discard", SHOWN)
def test_ma10_the_finish_shown_meld_by_meld(hand, tiplu, shown, discard):
    finish = find_finish(cards(hand), card(tiplu))
    check_melds(finish, cards(hand), card(tiplu))
    assert " | ".join(m.text() for m in finish.melds) == shown
    assert finish.discard == (card(discard) if discard else None)


def test_ma10_a_king_and_an_ace_of_one_suit_are_a_pair_for_q_k_a():
    # K♠ A♠ have no partner but each other; the 5♥ (wild) makes Q K A
    found = arrange(cards("K♠ A♠ 7♥ 7♦ 7♣ 5♥"), card("5♦"), melds=2, qualifying=0)
    assert found is not None
    assert [m.text() for m in found] == ["7♥ 7♦ 7♣", "K♠ A♠ 5♥"]


def test_ma18_the_spare_stand_in_discarded_is_a_printed_joker_before_the_maal():
    # tiplu J♥: 10♥ and Q♥ are maal, the JK only stands in (MA-18)
    hand = cards("2♠ 3♠ 4♠ 5♦ 6♦ 7♦ 8♣ 9♣ 10♣ 4♥ 4♦ 4♣ 6♠ 6♥ 6♣ 9♠ 9♥ 9♦ "
                 "JK 10♥ Q♥ Q♥")
    finish = find_finish(hand, card("J♥"), rules=JOKERS)
    check_melds(finish, hand, card("J♥"))
    assert finish.discard == JOKER


@pytest.mark.parametrize("hand, tiplu", [
    (QUALIFIED + " 10♣ J♣ Q♣ 2♥ 2♦ 2♠ 7♣ 8♦ 2♣ K♥ 5♦ 9♥", "J♣"),
    ("3♦ 4♠ 4♦ 4♣ 5♣ 6♣ 8♠ 8♠ 10♠ 10♥ 10♥ 10♦ J♠ J♠ J♥ J♥ J♥ J♦ J♣ Q♠ Q♥ K♦", "J♦"),
    ("A♠ A♥ A♦ 2♣ 4♠ 4♥ 4♦ 4♣ 5♠ 5♦ 6♠ 6♠ 6♦ 7♠ 8♠ 8♣ 8♣ 10♠ 10♥ 10♣ J♥ K♣", "8♣"),
])
def test_ma10_out_of_steps_the_closest_found_still_has_its_qualifying_melds(
        hand, tiplu, monkeypatch):
    import scorekeeper.games.marriage.finish as finish_module
    monkeypatch.setattr(finish_module, "EXPLAIN_STEPS", 1)
    message = refused(hand, card(tiplu))
    assert " with 3 qualifying melds the closest found uses " in message
    melds = int(message.split(" uses ")[1].split()[0])
    left = cards(message.split("leaves ")[1].split(" (")[0])
    rest = Counter(cards(hand)) - Counter(left)
    assert sum(rest.values()) == 3 * melds
    assert arrange(list(rest.elements()), card(tiplu), melds=melds, qualifying=3) is not None


def test_ma5_the_last_search_of_a_refusal_reuses_what_the_climb_learned(monkeypatch):
    import scorekeeper.games.marriage.finish as finish_module
    hand = "2♠ 2♥ 2♦ 2♦ 2♦ 3♥ 4♠ 4♦ 5♦ 6♦ 6♣ 8♣ 9♠ 9♥ 9♦ 9♣ 10♠ 10♥ 10♣ J♠ K♠ K♠"
    tiplu = card("10♠")
    changes = _wording_by_allowance(lambda: refused(hand, tiplu), monkeypatch, 400)
    assert [what[1:] for what in changes] == [("closest", False), ("best", False),
                                             ("best", True)]
    tables = finish_module._tables(tiplu)
    alone = [10 ** 6]                # the last search on its own, from nothing
    assert finish_module._search(finish_module._encode(cards(hand), tables), tables, 22,
                                 7, 0, {}, alone) is not None
    assert changes[2][0] - changes[1][0] < 10 ** 6 - alone[0]
