"""A whole Marriage hand (MA-10 … MA-13): `engine.resolve` and the
ledger adapter `MarriageGame`, from typed inputs to net results.

The pure pieces (melds, the finish search, maal, settlement) have their own
tests; here they are put together: who counts as seen, whose maal counts,
which show is refused, and — over random deals from a real 156-card shoe —
that every ruling is zero-sum, agrees with its pairwise view and pays each
rival exactly T + w − n·S.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tests.conftest import examples

from scorekeeper.core import cards as cardtext
from scorekeeper.core.cards import Card
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.scores import NET
from scorekeeper.core.seating import Seating
from scorekeeper.games.marriage.engine import resolve
from scorekeeper.games.marriage.game import MarriageGame
from scorekeeper.games.registry import profile as get_profile

WORKED = ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ "
          "7♠ 7♦ 7♣ K♦ K♦ K♦")
DUBLEE_SHOW = ("2♠ 2♠ 3♦ 3♦ 7♣ 7♣ 9♥ 9♥ J♠ J♠ Q♦ Q♦ K♣ K♣ A♥ A♥ "
               "8♠ 10♦ 4♣ 6♠ 2♥")
NAMES = ("A", "B", "C", "D", "E")


def rules_for(*settings_: str):
    return get_profile("marriage").parse_settings(list(settings_))


def hand(players, finisher, tiplu, seen, hands, by="melds", tunnelas=None,
         dealer=None, rules=None, seen_dublees=()):
    """Inputs as the command line would build them (names already resolved)."""
    rules = rules or rules_for()
    table = Seating.of(tuple(players), dealer or players[0])
    return MarriageGame().args(table, finisher, by, tiplu, list(seen), dict(hands),
                               {p: list(v) for p, v in (tunnelas or {}).items()},
                               rules, (), list(seen_dublees))


def rule(players, finisher, tiplu, seen, hands, by="melds", tunnelas=None,
         settings_=()):
    rules = rules_for(*settings_)
    return resolve(hand(players, finisher, tiplu, seen, hands, by, tunnelas,
                        rules=rules), rules)


def worked(**changes):
    args = dict(players=("A", "B", "C"), finisher="A", tiplu="J♣", seen=["B"],
                hands={"A": WORKED, "B": "Q♣", "C": "-"})
    args.update(changes)
    return rule(**args)


def pairwise_sum(data: dict) -> dict:
    sums = {p: 0 for p in data["net"]}
    for line in data["pairwise"]:
        assert line["amount"] > 0
        sums[line["payer"]] -= line["amount"]
        sums[line["payee"]] += line["amount"]
    return sums


def multiset(cards) -> Counter:
    return Counter(str(c) for c in cards)


# -- MA-12: the worked example, whole hand --------------------------------------

def test_ma12_worked_example_a_plus_31_b_minus_9_c_minus_22():
    result = worked()
    data = result.as_json()
    assert data["net"] == {"A": 31, "B": -9, "C": -22}
    assert data["maal"] == {"A": 10, "B": 2, "C": 0}
    assert data["finisher"] == "A" and data["winner"] == "A"
    assert data["total_maal"] == 12
    assert [(p["rival"], p["fee"], p["amount"]) for p in data["payments"]] == \
        [("B", 3, 9), ("C", 10, 22)]
    assert pairwise_sum(data) == data["net"]
    assert sum(data["net"].values()) == 0
    assert {"MA-10", "MA-11", "MA-12"} <= set(data["rules"])


def test_ma11_worked_example_marriage_counts_10_not_2_plus_3_plus_2():
    items = worked().as_json()["maal_items"]["A"]
    assert items == [{"name": "marriage", "cards": ["10♣", "J♣", "Q♣"],
                      "value": 10}]


def test_ma10_worked_example_arrangement_is_seven_melds_of_the_shown_cards():
    result = worked()
    assert len(result.arrangement) == 7
    assert all(len(group) == 3 for group in result.arrangement)
    assert multiset(c for g in result.arrangement for c in g) == \
        multiset(cardtext.cards(WORKED))
    assert sum(1 for k in result.kinds if k in ("pure sequence", "tunnela")) >= 3
    assert result.discard is None


def test_ma7_ruling_shows_the_wildcards():
    result = worked()
    assert "jhiplu 10♣" in result.wildcards.english and "poplu Q♣" in result.wildcards.english
    assert result.explanation[0] == result.wildcards


# -- who is seen, whose maal counts ---------------------------------------------

def test_ma10_finisher_is_always_counted_as_seen():
    without = worked(seen=["B"])
    listed = worked(seen=["A", "B"])
    assert "A" in without.seen
    assert without.as_json()["net"] == listed.as_json()["net"]
    assert without.as_json()["maal"]["A"] == 10       # counted under murder


def test_ma15_murder_default_unseen_player_counts_0():
    # C holds a jhiplu but never saw the tiplu.
    result = worked(hands={"A": WORKED, "B": "Q♣", "C": "10♣"})
    data = result.as_json()
    assert data["maal"]["C"] == 0 and data["maal_shown"]["C"] == 2
    assert data["net"] == {"A": 31, "B": -9, "C": -22}
    assert "C has not seen: C's maal 2 counts 0 (MA-15)" in result.explanation
    assert "MA-15" in data["rules"]


@pytest.mark.parametrize("setting", ["mode=normal", "maal_needs_seen=false"])
def test_ma15_normal_counts_an_unseen_players_maal(setting):
    result = worked(hands={"A": WORKED, "B": "Q♣", "C": "10♣"},
                    settings_=(setting,))
    data = result.as_json()
    assert data["maal"] == {"A": 10, "B": 2, "C": 2}
    # T = 14: B pays 14 + 3 − 6 = 11, C pays 14 + 10 − 6 = 18.
    assert data["net"] == {"A": 29, "B": -11, "C": -18}


def test_ma11_agreed_maal_number_is_accepted_and_unverified():
    result = worked(hands={"A": WORKED, "B": "12", "C": "-"})
    data = result.as_json()
    assert data["maal"]["B"] == 12
    assert data["unverified"] == ["B"]
    # T = 22: B pays 22 + 3 − 36 = −11 (A pays B), C pays 32.
    assert data["net"] == {"A": 21, "B": 11, "C": -32}


def test_ma11_negative_agreed_maal_is_impossible():
    with pytest.raises(Impossible) as err:
        worked(hands={"A": WORKED, "B": "-3", "C": "-"})
    assert err.value.rule == "MA-11"
    assert err.value.message == "B's maal -3 is negative; maal is a bonus, never a penalty"


# -- MA-12 variants --------------------------------------------------------------

def test_ma12_finisher_pays_a_rival_whose_maal_is_large():
    # B: marriage 10♣ J♣ Q♣ (10) + jhiplu (2) + poplu (2) = 14; T = 24.
    result = worked(hands={"A": WORKED, "B": "10♣ 10♣ Q♣ Q♣ J♣", "C": "-"})
    data = result.as_json()
    assert data["maal"] == {"A": 10, "B": 14, "C": 0}
    pay = {p["rival"]: p["amount"] for p in data["payments"]}
    assert pay == {"B": 24 + 3 - 3 * 14, "C": 24 + 10}
    assert data["net"] == {"A": 19, "B": 15, "C": -34}
    assert any("A pays B 15" in line.english for line in result.explanation)


def test_ma12_no_finisher_each_gets_n_times_s_minus_t_and_no_fees():
    result = rule(("A", "B", "C"), None, "9♠", ["A", "B"],
                  {"A": "8♠ 8♠", "B": "9♠ 7♦ 7♦ 7♦", "C": "10♠"},
                  tunnelas={"B": ["7♦"]})
    data = result.as_json()
    assert data["maal"] == {"A": 5, "B": 8, "C": 0}
    assert data["net"] == {p: 3 * s - 13 for p, s in data["maal"].items()}
    assert data["payments"] == []
    assert all("fee" not in line["reason"] for line in data["pairwise"])
    assert data["finisher"] is None and data["by"] is None
    assert "MA-8" in data["rules"]


def test_ma12_dublee_finish_adds_5_to_each_fee():
    result = rule(("A", "B", "C"), "B", "5♥", ["A"],
                  {"A": "4♥ 5♥ 6♥ 6♥", "B": DUBLEE_SHOW, "C": "5♠"},
                  by="dublees")
    data = result.as_json()
    assert [(p["rival"], p["fee"]) for p in data["payments"]] == \
        [("A", 8), ("C", 15)]
    assert data["maal"] == {"A": 12, "B": 0, "C": 0}
    assert data["net"] == {"A": 16, "B": 11, "C": -27}
    assert len(result.arrangement) == 9                 # 8 dublees + leftovers
    assert all(len(set(p)) == 1 and len(p) == 2 for p in result.arrangement[:8])
    assert len(result.arrangement[8]) == 5


# -- MA-3 / MA-11: dealt tunnelas ----------------------------------------------------

@pytest.mark.parametrize("cards, tunnela, value", [
    ("9♥ 9♥ 9♥", "9♥", 5),       # ordinary cards
    ("A♥ A♥ A♥", "A♥", 10),      # ordinary wildcards (tiplu's rank)
    ("2♠ 2♠ 2♠", "2♠", 20),      # poplu of A♠
    ("K♠ K♠ K♠", "K♠", 20),      # jhiplu of A♠ (wraps A→K)
])
def test_ma11_dealt_tunnela_bonus_5_10_20(cards, tunnela, value):
    # Tiplu A♠: A's natural finish holds no wildcard and no maal.
    result = rule(("A", "B", "C"), "A", "A♠", ["B"],
                  {"A": WORKED, "B": cards, "C": "-"}, tunnelas={"B": [tunnela]})
    data = result.as_json()
    assert data["maal"] == {"A": 0, "B": value, "C": 0}
    assert [i["value"] for i in data["maal_items"]["B"]] == [value]
    assert data["net"]["B"] == -(value + 3 - 3 * value)


def test_ma11_no_dealt_tunnela_bonus_for_a_finisher_by_dublees():
    show = ("2♠ 2♠ 3♦ 3♦ 7♣ 7♣ 9♥ 9♥ J♠ J♠ Q♦ Q♦ K♣ K♣ A♥ A♥ "
            "6♥ 6♥ 6♥ 10♦ 4♣")
    result = rule(("A", "B"), "A", "5♥", [], {"A": show, "B": "-"},
                  by="dublees", tunnelas={"A": ["6♥"]})
    data = result.as_json()
    assert data["maal"]["A"] == 10                       # 3 poplu, no bonus
    assert not any("tunnela" in i["name"] for i in data["maal_items"]["A"])
    assert data["payments"] == [{"rival": "B", "fee": 15, "amount": 25}]


def test_ma3_tunnela_the_player_does_not_hold_is_impossible():
    with pytest.raises(Impossible) as err:
        worked(tunnelas={"B": ["7♦"]})
    assert err.value.rule == "MA-3"
    assert err.value.message == ("B claims a dealt tunnela of 7♦ but shows 0 of it "
                                 "(a tunnela is 3 identical cards)")


def test_ma3_the_same_tunnela_listed_twice_needs_six_copies():
    # B holds three 9♥: one dealt tunnela, not two
    with pytest.raises(Impossible) as err:
        worked(hands={"A": WORKED, "B": "9♥ 9♥ 9♥", "C": "-"},
               tunnelas={"B": ["9♥", "9♥"]})
    assert err.value.rule == "MA-3"
    assert "B claims a dealt tunnela of 9♥ but shows 3 of it" in err.value.message.english
    once = worked(hands={"A": WORKED, "B": "9♥ 9♥ 9♥", "C": "-"},
                  tunnelas={"B": ["9♥"]})
    assert once.as_json()["maal"]["B"] == 5


def test_ma3_tunnela_not_held_is_impossible_even_for_a_player_who_did_not_see():
    # C never saw the tiplu (so their maal counts 0), but a tunnela exposed
    # at the deal that C does not hold cannot have happened: exit 2 either way.
    with pytest.raises(Impossible) as err:
        worked(tunnelas={"C": ["7♦"]})
    assert err.value.rule == "MA-3"


def test_ma3_tunnela_with_an_agreed_number_is_impossible():
    with pytest.raises(Impossible) as err:
        worked(hands={"A": WORKED, "B": "20", "C": "-"}, tunnelas={"B": ["Q♣"]})
    assert err.value.rule == "MA-3"
    assert err.value.message == ("B's dealt tunnela needs their cards, not an "
                                 "agreed maal number")


# -- MA-10 / MA-13: the finisher's show --------------------------------------------------

def test_ma13_invalid_show_is_refused_citing_ma10_and_ma13():
    bad = WORKED.replace("K♦ K♦ K♦", "K♦ K♦ 2♣")
    with pytest.raises(Refused) as err:
        worked(hands={"A": bad, "B": "Q♣", "C": "-"})
    assert err.value.rule == "MA-10"
    assert "MA-13" in err.value.message.english
    assert "A's show is refused" in err.value.message.english


def test_ma13_show_by_dublees_that_has_too_few_pairs_is_refused():
    with pytest.raises(Refused) as err:
        worked(by="dublees")
    assert err.value.rule == "MA-10"
    assert err.value.message == ("A's show is refused: only 2 dublees among these cards "
                                 "(need 8, MA-9). They take the cards back and complete "
                                 "the same turn (MA-13); when the hand ends, record "
                                 "it with --invalid-show A")


def test_ma10_22_cards_the_discard_is_found():
    result = worked(hands={"A": WORKED + " 9♥", "B": "Q♣", "C": "-"})
    assert result.discard == cardtext.card("9♥")
    assert result.as_json()["net"] == {"A": 31, "B": -9, "C": -22}
    shown = [c for g in result.arrangement for c in g]
    assert multiset(shown) == multiset(cardtext.cards(WORKED))


def test_ma10_22_cards_the_finishers_maal_counts_only_the_21_shown_cards():
    # A draws a second Q♣ and finishes: the ruling discards a card and shows
    # 21. Maal is counted on the cards shown, never on the discard.
    result = worked(hands={"A": WORKED + " Q♣", "B": "-", "C": "-"})
    data = result.as_json()
    shown = multiset(c for g in data["arrangement"] for c in g)
    assert sum(shown.values()) == 21
    assert data["discard"] is not None
    used = multiset(c for i in data["maal_items"]["A"] for c in i["cards"])
    assert not used - shown, (f"maal items use {dict(used - shown)}, which is "
                              f"not among the 21 cards shown (discard "
                              f"{data['discard']})")


@pytest.mark.parametrize("cards", [
    WORKED.rsplit(" ", 1)[0],                 # 20 cards
    WORKED + " 9♥ 9♥",                        # 23 cards
])
def test_ma10_finisher_must_show_21_or_22_cards(cards):
    with pytest.raises(Impossible) as err:
        worked(hands={"A": cards, "B": "Q♣", "C": "-"})
    assert err.value.rule == "MA-10"


# -- MA-1: the table -----------------------------------------------------------------

@pytest.mark.parametrize("hands", [
    {"A": WORKED, "B": "J♣ J♣", "C": "-"},      # + tiplu J♣ = 4
    {"A": WORKED, "B": "K♦", "C": "-"},          # A holds K♦ three times
    {"A": WORKED, "B": "Q♣ Q♣", "C": "Q♣"},      # A, B, C: four Q♣
])
def test_ma1_a_card_more_than_3_times_with_the_tiplu_is_impossible(hands):
    with pytest.raises(Impossible) as err:
        worked(hands=hands)
    assert err.value.rule == "MA-1"


@pytest.mark.parametrize("n", [1, 6])
def test_ma1_one_or_six_players_is_impossible(n):
    players = tuple("ABCDEF"[:n])
    with pytest.raises(Impossible) as err:
        rule(players, None, "2♠", [], {p: "-" for p in players})
    assert err.value.rule == "MA-1"


def test_ma11_every_player_needs_a_hand():
    with pytest.raises(Impossible) as err:
        worked(hands={"A": WORKED, "B": "Q♣"})
    assert err.value.rule == "MA-11"
    assert err.value.message.english.startswith("no hand given for C: ")


# -- the ledger adapter ----------------------------------------------------------

def test_ma12_stored_hand_replays_to_the_same_ruling():
    game = MarriageGame()
    rules = rules_for()
    inputs = hand(("A", "B", "C"), "A", "J♣", ["B"],
                  {"A": WORKED, "B": "12", "C": "-"}, tunnelas={})
    result = game.resolve(inputs, rules)
    stored = game.to_stored(1, inputs, result, rules)
    assert stored["seen"] == ["A", "B"]
    assert stored["unverified"] == ["B"]
    assert stored["cards"]["B"] == 12
    table = Seating.of(("A", "B", "C"), "A")
    again = game.resolve(game.args_from_stored(stored, table, rules), rules)
    assert game.compare(stored, again, NET) == []
    tampered = {**stored, "maal": {**stored["maal"], "B": 11}}
    assert game.compare(tampered, again, NET)


# -- properties over random deals from a real shoe -----------------------------------------
#
# Run with no example database and Hypothesis' home pointed at tmp_path (the
# @given functions are called from plain tests), so nothing is written
# outside tmp_path.

PROPS = settings(max_examples=examples(100), deadline=None, database=None)
KINDS = tuple(Card(r, s) for r in range(1, 14) for s in range(4))


def wild_kinds(tiplu: Card) -> set[Card]:
    """MA-7, written out independently: the tiplu's rank and its neighbours."""
    low = 13 if tiplu.rank == 1 else tiplu.rank - 1
    high = 1 if tiplu.rank == 13 else tiplu.rank + 1
    return {c for c in KINDS if c.rank == tiplu.rank} | \
        {Card(low, tiplu.suit), Card(high, tiplu.suit)}


def _runs(suit: int) -> list[tuple[Card, ...]]:
    starts = [(r, r + 1, r + 2) for r in range(1, 12)] + [(12, 13, 1)]
    return [tuple(Card(r, suit) for r in ranks) for ranks in starts]


def _available(shoe: Counter, cards) -> bool:
    return all(shoe[c] >= cards.count(c) for c in cards)


def _take(shoe: Counter, cards) -> None:
    for c in cards:
        shoe[c] -= 1
        assert shoe[c] >= 0


def qualifying_melds(shoe: Counter) -> list[tuple[Card, ...]]:
    runs = [m for s in range(4) for m in _runs(s)]
    tunnelas = [(c, c, c) for c in KINDS]
    return [m for m in runs + tunnelas if _available(shoe, m)]


def natural_triples(shoe: Counter, kind: str) -> list[tuple[Card, ...]]:
    if kind == "trial":                        # one rank in 3 different suits
        trials = [tuple(Card(r, s) for s in range(4) if s != skip)
                  for r in range(1, 14) for skip in range(4)]
        return [m for m in trials if _available(shoe, m)]
    return qualifying_melds(shoe)              # another pure sequence or tunnela


def natural_pairs(shoe: Counter, kind: str) -> list[tuple[Card, Card]]:
    """Two natural cards that a third card (a stand-in) completes."""
    if kind == "dirty sequence":               # two cards of one run of 3
        pairs = {tuple(c for i, c in enumerate(run) if i != gap)
                 for s in range(4) for run in _runs(s) for gap in range(3)}
    else:                                      # dirty trial: one rank, 2 suits
        pairs = {(Card(r, a), Card(r, b)) for r in range(1, 14)
                 for a in range(4) for b in range(a + 1, 4)}
    return sorted(p for p in pairs if _available(shoe, p))


@st.composite
def deals(draw):
    n = draw(st.integers(2, 5))
    players = NAMES[:n]
    shoe = Counter({c: 3 for c in KINDS})                  # 156 cards, no jokers
    tiplu = draw(st.sampled_from(KINDS))
    _take(shoe, [tiplu])
    wild = wild_kinds(tiplu)
    mode = draw(st.sampled_from(["melds", "melds", "dublees", None]))
    finisher = draw(st.sampled_from(players)) if mode else None
    shown: dict[str, object] = {}
    tunnelas: dict[str, list[str]] = {}
    if mode == "melds":
        melds = []
        for _ in range(3):
            options = qualifying_melds(shoe)
            assume(options)
            meld = draw(st.sampled_from(options))
            _take(shoe, meld)
            melds.append(meld)
        for _ in range(4):
            kind = draw(st.sampled_from(["natural", "trial", "dirty sequence",
                                         "dirty trial", "one natural"]))
            if kind == "one natural":    # any card + two wildcards standing in
                meld = []
                for pool in (KINDS, sorted(wild), sorted(wild)):
                    left = [c for c in pool if shoe[c]]
                    assume(left)
                    meld.append(draw(st.sampled_from(left)))
                    _take(shoe, meld[-1:])
                melds.append(tuple(meld))
                continue
            if kind.startswith("dirty"):
                # (A wildcard identical to one of the two natural cards is left
                # out: "two identical cards plus a wildcard" is not tested here.)
                pairs = natural_pairs(shoe, kind)
                assume(pairs)
                pair = draw(st.sampled_from(pairs))
                _take(shoe, pair)
                wilds = [c for c in sorted(wild) if shoe[c] and c not in pair]
                assume(wilds)
                w = draw(st.sampled_from(wilds))
                _take(shoe, [w])
                melds.append(pair + (w,))
                continue
            options = natural_triples(shoe, kind) or qualifying_melds(shoe)
            assume(options)
            meld = draw(st.sampled_from(options))
            _take(shoe, meld)
            melds.append(meld)
        cards = [c for m in melds for c in m]
        if draw(st.booleans()):                            # 22: with the discard
            extra = draw(st.sampled_from(sorted(c for c in KINDS if shoe[c])))
            _take(shoe, [extra])
            cards.append(extra)
        shown[finisher] = draw(st.permutations(cards))
    elif mode == "dublees":
        pairs = draw(st.lists(st.sampled_from(
            [c for c in KINDS if c not in wild and shoe[c] >= 2]),
            min_size=8, max_size=8, unique=True))
        cards = [c for c in pairs for _ in range(2)]
        _take(shoe, cards)
        pool = sorted(c for c in KINDS for _ in range(shoe[c]))
        rest = draw(st.lists(st.sampled_from(range(len(pool))), min_size=5,
                             max_size=5, unique=True))
        leftovers = [pool[i] for i in rest]
        _take(shoe, leftovers)
        shown[finisher] = draw(st.permutations(cards + leftovers))
    for p in players:
        if p == finisher:
            continue
        if draw(st.integers(0, 4)) == 0:                   # an agreed maal number
            shown[p] = draw(st.integers(0, 34))   # MA-11: anyone may hold 34
            continue
        cards = []
        if draw(st.integers(0, 3)) == 0:                   # a dealt tunnela
            triples = [c for c in KINDS if shoe[c] >= 3]
            if triples:
                t = draw(st.sampled_from(triples))
                _take(shoe, [t, t, t])
                cards += [t, t, t]
                tunnelas[p] = [str(t)]
        for _ in range(draw(st.integers(0, 6))):
            maal_like = sorted(c for c in wild if shoe[c])
            anything = sorted(c for c in KINDS if shoe[c])
            source = maal_like if maal_like and draw(st.booleans()) else anything
            c = draw(st.sampled_from(source))
            _take(shoe, [c])
            cards.append(c)
        shown[p] = tuple(cards)
    seen = draw(st.lists(st.sampled_from(players), unique=True))
    # who saw through 7 dublees instead (MA-9): rivals not already seen
    seen_dublees = draw(st.lists(st.sampled_from(
        [p for p in players if p not in seen and p != finisher] or [None]),
        unique=True))
    fee = st.integers(0, 100)
    house = {"mode": draw(st.sampled_from(["murder", "kidnap", "normal"])),
             "unseen_pairs": draw(st.booleans()), "seen_fee": draw(fee),
             "unseen_fee": draw(fee), "dublee_finish_bonus": draw(fee),
             "dublee_seen_fee": draw(fee),
             "seen_dublees": [p for p in seen_dublees if p is not None]}
    raw = {p: (v if isinstance(v, int) else cardtext.format_cards(v))
           for p, v in shown.items()}
    return players, finisher, mode or "melds", str(tiplu), seen, raw, tunnelas, \
        house


def _ruling(deal):
    players, finisher, by, tiplu, seen, raw, tunnelas, house = deal
    rules = rules_for(*(f"{k}={str(v).lower()}" for k, v in house.items()
                        if k != "seen_dublees"))
    inputs = hand(players, finisher, tiplu, seen, raw, by=by, tunnelas=tunnelas,
                  rules=rules, seen_dublees=house["seen_dublees"])
    return resolve(inputs, rules).as_json()


@PROPS
@given(deals())
def _ma12_property_net_sums_to_zero_and_equals_the_pairwise_view(deal):
    data = _ruling(deal)
    assert sum(data["net"].values()) == 0
    assert list(data["net"]) == list(deal[0])
    assert pairwise_sum(data) == data["net"]


@PROPS
@given(deals())
def _ma12_property_each_rival_pays_t_plus_w_minus_n_s(deal):
    """MA-12 with the fees of MA-16, in every mode (MA-15): w by how the
    rival saw; T and n over the players one settles with."""
    players, finisher, by, tiplu, seen, raw, tunnelas, house = deal
    data = _ruling(deal)
    n, maal = len(players), data["maal"]
    total = sum(maal.values())
    unseen = [p for p in players if p != finisher and p not in seen
              and p not in house["seen_dublees"]]
    apart = house["mode"] == "normal" and not house["unseen_pairs"] \
        and len(unseen) > 1
    assert data["total_maal"] == total
    if finisher is None:
        assert data["payments"] == [] and data["fees"] == {}
        if not apart:
            assert data["net"] == {p: n * maal[p] - total for p in players}
        return
    assert finisher in data["seen"]
    payments = {p["rival"]: p for p in data["payments"]}
    assert set(payments) == set(players) - {finisher}
    for rival, pay in payments.items():
        base = house["dublee_seen_fee"] if rival in house["seen_dublees"] else \
            house["seen_fee"] if rival in seen else house["unseen_fee"]
        fee = base + (house["dublee_finish_bonus"] if by == "dublees" else 0)
        assert pay["fee"] == fee == data["fees"][rival]
        if not apart:
            assert pay["amount"] == total + fee - n * maal[rival]
        assert data["net"][rival] == -pay["amount"]
    assert data["net"][finisher] == sum(p["amount"] for p in payments.values())


@PROPS
@given(deals())
def _ma15_property_unseen_players_count_no_maal_under_murder(deal):
    """MA-15: under murder an unseen player counts 0; under kidnap too, and
    the finisher adds what they showed; under normal everyone counts."""
    players, finisher, by, tiplu, seen, raw, tunnelas, house = deal
    data = _ruling(deal)
    assert set(data["seen"]) == set(seen) | ({finisher} if finisher else set())
    assert data["seen_dublees"] == house["seen_dublees"]
    unseen = [p for p in players if p != finisher and p not in data["seen"]
              and p not in house["seen_dublees"]]
    shown, counted = data["maal_shown"], data["maal"]
    for p in players:
        if p in unseen and house["mode"] != "normal":
            assert counted[p] == 0
        elif p != finisher or house["mode"] != "kidnap":
            assert counted[p] == shown[p]
        if isinstance(raw[p], int):
            assert shown[p] == raw[p]
            counts = p not in unseen or house["mode"] == "normal" or \
                (house["mode"] == "kidnap" and finisher is not None)
            assert (p in data["unverified"]) == counts
        assert counted[p] >= 0
    if finisher is not None and house["mode"] == "kidnap":
        assert counted[finisher] == shown[finisher] + sum(shown[p] for p in unseen)
    assert sum(counted.values()) == data["total_maal"]


@PROPS
@given(deals())
def _ma10_property_a_constructed_finish_is_accepted_with_its_own_cards(deal):
    players, finisher, by, tiplu, seen, raw, tunnelas, house = deal
    assume(finisher is not None)
    data = _ruling(deal)
    given_cards = multiset(cardtext.cards(raw[finisher]))
    shown = multiset(c for g in data["arrangement"] for c in g)
    if data["discard"] is not None:
        shown[data["discard"]] += 1
    assert shown == given_cards
    if by == "melds":
        assert len(data["arrangement"]) == 7
        assert all(len(g) == 3 for g in data["arrangement"])
    else:
        assert [len(g) for g in data["arrangement"]] == [2] * 8 + [5]


def test_ma12_property_net_sums_to_zero_and_equals_the_pairwise_view(hypothesis_home):
    _ma12_property_net_sums_to_zero_and_equals_the_pairwise_view()


def test_ma12_property_each_rival_pays_t_plus_w_minus_n_s(hypothesis_home):
    _ma12_property_each_rival_pays_t_plus_w_minus_n_s()


def test_ma15_property_unseen_players_count_no_maal_under_murder(
        hypothesis_home):
    _ma15_property_unseen_players_count_no_maal_under_murder()


def test_ma10_property_a_constructed_finish_is_accepted_with_its_own_cards(
        hypothesis_home):
    _ma10_property_a_constructed_finish_is_accepted_with_its_own_cards()


def test_ma11_unseen_player_gets_no_dealt_tunnela_bonus_even_when_maal_counts():
    from scorekeeper.core.cards import card
    from scorekeeper.core.seating import parse_shown_value
    from scorekeeper.games.marriage.engine import MarriageHand, resolve
    from scorekeeper.games.registry import profile as get_profile

    rules = get_profile("marriage").parse_settings(["mode=normal"])
    hand = MarriageHand(
        players=("A", "B"), dealer="A", finisher=None, by="melds",
        tiplu=card("J♣"), seen=("A",),
        shown=(("A", parse_shown_value("-")),
               ("B", parse_shown_value("7♦ 7♦ 7♦ Q♣"))),
        tunnelas=(("B", (card("7♦"),)),))
    result = resolve(hand, rules)
    # B never qualified (MA-5): the poplu counts (option off), the bonus does not.
    assert dict(result.maal_totals())["B"] == 2


def test_ma2_a_player_other_than_the_finisher_cannot_show_22_cards():
    from scorekeeper.core.cards import card
    from scorekeeper.core.errors import Impossible
    from scorekeeper.core.seating import parse_shown_value
    from scorekeeper.games.marriage.engine import MarriageHand, resolve
    from scorekeeper.games.registry import profile as get_profile

    rules = get_profile("marriage").rules
    twenty_two = "2♠ 2♠ 3♦ 3♦ 7♣ 7♣ 9♥ 9♥ J♠ J♠ Q♦ Q♦ K♣ K♣ A♥ A♥ 8♠ 10♦ 4♣ 6♠ 2♥ 5♦"
    hand = MarriageHand(
        players=("A", "B"), dealer="A", finisher=None, by="melds",
        tiplu=card("9♣"), seen=(),
        shown=(("A", parse_shown_value("-")),
               ("B", parse_shown_value(twenty_two))))
    with pytest.raises(Impossible) as err:
        resolve(hand, rules)
    assert err.value.rule == "MA-2"


# -- the ruling explained (MA-10 … MA-12, MA-15), and its JSON ---------------------------

def test_ma12_worked_example_explained_line_by_line():
    result = worked()
    assert result.explanation == (
        "tiplu J♣ → wild: every J, jhiplu 10♣, poplu Q♣",
        "A finishes by melds: 2♥ 3♥ 4♥ | 3♠ 4♠ 5♠ | 6♥ 6♥ 6♥ | 8♦ 9♦ 10♦ | 10♣ J♣ Q♣ | "
        "K♦ K♦ K♦ | 7♠ 7♦ 7♣ (MA-10)",
        "A maal 10: marriage 10",
        "B maal 2: 1 poplu 2",
        "B owes A T 12 + w 3 − 3·2 = 9 → B pays A 9",
        "C owes A T 12 + w 10 − 3·0 = 22 → C pays A 22",
        "The same, pair by pair (fees, then maal differences):",
        "  B → A 3: finish fee (saw the tiplu)",
        "  C → A 10: finish fee (did not see the tiplu)",
        "  B → A 8: maal 10 vs 2",
        "  C → A 10: maal 10 vs 0",
        "  C → B 2: maal 2 vs 0")
    assert result.rules == ("MA-1", "MA-7", "MA-10", "MA-11", "MA-12")


def test_ma12_worked_example_as_json():
    data = worked().as_json(2)
    expected = {
        "hand": 2, "winner": "A", "caught": None, "net": {"A": 31, "B": -9, "C": -22},
        "maal": {"A": 10, "B": 2, "C": 0}, "maal_shown": {"A": 10, "B": 2, "C": 0},
        "mode": "murder", "finisher": "A", "by": "melds", "tiplu": "J♣",
        "seen": ["A", "B"], "seen_dublees": [], "total_maal": 12,
        "fees": {"B": 3, "C": 10},
        "payments": [{"rival": "B", "fee": 3, "amount": 9},
                     {"rival": "C", "fee": 10, "amount": 22}],
        "maal_items": {"A": [{"name": "marriage", "cards": ["10♣", "J♣", "Q♣"], "value": 10}],
                       "B": [{"name": "1 poplu", "cards": ["Q♣"], "value": 2}], "C": []},
        "discard": None, "unverified": [], "invalid_shows": [],
        "wildcards": "tiplu J♣ → wild: every J, jhiplu 10♣, poplu Q♣"}
    assert {k: data[k] for k in expected} == expected
    assert data["pairwise"][0] == {"payer": "B", "payee": "A", "amount": 3,
                                   "reason": "finish fee (saw the tiplu)"}
    assert data["arrangement"][0] == ["2♥", "3♥", "4♥"] and len(data["arrangement"]) == 7


def test_ma8_no_finisher_explained_each_player_n_s_minus_t():
    # murder: A and C did not see, their maal counts 0; T = 5
    result = rule(("A", "B", "C"), None, "J♣", ["B"], {"A": "10♣ J♣ Q♣", "B": "5", "C": "4"})
    assert result.explanation[1:] == (
        "No finisher: the stock could not be refilled (MA-8); no fees, maal only",
        "A maal 10: marriage 10",
        "A has not seen: A's maal 10 counts 0 (MA-15)",
        "C has not seen: C's maal 4 counts 0 (MA-15)",
        "A: 3·0 − T 5 = -5", "B: 3·5 − T 5 = 10", "C: 3·0 − T 5 = -5",
        "The same, pair by pair (fees, then maal differences):",
        "  A → B 5: maal 5 vs 0", "  C → B 5: maal 5 vs 0",
        "Agreed maal, not shown card by card: B")
    assert result.rules == ("MA-1", "MA-7", "MA-8", "MA-11", "MA-15", "MA-12")
    assert dict(result.scores) == {"A": -5, "B": 10, "C": -5}
    assert result.as_json()["by"] is None and result.winner is None


_TWENTY = ("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥")


@pytest.mark.parametrize("hands, rule, message", [
    ({"A": WORKED.rsplit(" ", 1)[0], "B": "Q♣", "C": "-"}, "MA-10",
     "the finisher A shows 20 cards; a finishing show is 21 cards (or 22 with the "
     "discard), or agreed: shown:MAAL"),
    ({"A": "3♠", "B": "Q♣", "C": "-"}, "MA-10",
     "the finisher A shows 1 card; a finishing show is 21 cards (or 22 with the "
     "discard), or agreed: shown:MAAL"),
    ({"A": WORKED, "B": "500", "C": "-"}, "MA-11",
     "B's agreed maal 500 is more than three decks can give one hand: at most 82 with "
     "these options (two dealt tunnelas of jhiplu and poplu, two tiplu copies, three "
     "of ordinary wildcards, one more)"),
    ({"A": WORKED, "B": _TWENTY, "C": "-"}, "MA-2",
     "B shows 22 cards; a hand holds 21 (only the finisher shows 22, with the discard)"),
])
def test_ma2_ma10_ma11_an_impossible_show_says_why(hands, rule, message):
    with pytest.raises(Impossible) as err:
        worked(hands=hands)
    assert (err.value.rule, err.value.message) == (rule, message)


def test_ma13_a_refused_show_at_penalty_0_is_recorded_costs_nothing_and_counts():
    # RULES.md MA-13, Interpretation: a refused show is recorded at any penalty
    rules = rules_for()
    args = MarriageGame().args(Seating.of(("A", "B", "C"), "A"), "A", "melds", "J♣", ["B"],
                               {"A": WORKED, "B": "Q♣", "C": "-"}, {}, rules, ["C"], [])
    result = resolve(args, rules)
    assert result.invalid_shows == ("C",) and result.penalties == ()
    assert dict(result.scores) == dict(worked().scores) == {"A": 31, "B": -9, "C": -22}
    assert "MA-13" in result.rules
    assert ("C's show was refused this hand (MA-13): invalid_show_penalty = 0, so it "
            "costs nothing; it is counted (stats: refused shows)") in result.explanation


def test_ma1_a_seen_player_not_at_the_table_is_impossible():
    with pytest.raises(Impossible) as err:
        worked(seen=["Z"])
    assert (err.value.rule, err.value.message) == (
        "MA-1", "Z does not play this hand (sitting out or eliminated; playing: A, B, C)")
