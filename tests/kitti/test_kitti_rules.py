"""Kitti's rules of one deal (RULES.md KI-6 … KI-16), each rule's worked
example, through the engine (`resolve`) and the arrangement check."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.games.kitti.arrange import check_arrangement, parse
from scorekeeper.games.kitti.engine import KittiHand, resolve
from scorekeeper.games.kitti.game import GAME
from scorekeeper.games.kitti.rules import PROFILES, KittiRules, Ties, Win

RULES = PROFILES[0].rules
SEATS = ("A", "B", "C")


def deal(hands: dict[str, str], rules: KittiRules = RULES, carried=(),
         dealer: str = "C"):
    """A deal at A, B, C; C deals, so A shows first (KI-8)."""
    shown = tuple((p, parse(hands[p])) for p in SEATS)
    return resolve(KittiHand(SEATS, dealer, shown, None, tuple(carried)), rules)


# A wins rounds 1 and 2 (a trial, a pure run), C round 3 (a pair)
TWO_FOR_A = {"A": "s7h7d7/hAKQ/d9c3d2", "B": "sAKQ/c8h8d5/c2h4s9",
             "C": "s3s5d4/cAKJ/d6c6h3"}


def test_ki6_eight_or_ten_cards_are_refused():
    for text in ("s7h7d7/hAKQ/d9c3", "s7h7d7/hAKQ/d9c3d2s2"):
        with pytest.raises(Impossible) as refused:
            check_arrangement(parse(text), RULES)
        assert refused.value.rule == "KI-6"


def test_ki6_a_group_of_two_or_four_and_a_card_twice_cite_ki1():
    for text in ("s7h7/hAKQd9/c3d2s2", "s7h7d7/hAKQ/d9c3s7"):
        with pytest.raises(Impossible) as refused:
            check_arrangement(parse(text), RULES)
        assert refused.value.rule == "KI-1"


def test_ki6_a_card_in_two_players_hands_is_refused():
    hands = {**TWO_FOR_A, "B": "s7c7c9/hJh10c4/d2d3h8"}
    with pytest.raises(Impossible) as refused:
        deal(hands)
    assert refused.value.rule == "KI-1" and "7♠" in str(refused.value)


def test_ki6_two_to_five_players():
    assert (RULES.min_players, RULES.max_players) == (2, 5)


def test_ki7_worked_example_strongest_first():
    check_arrangement(parse("s7h7d7/hAKQ/d9c3d2"), RULES)
    with pytest.raises(Refused) as refused:
        check_arrangement(parse("d9c3d2/s7h7d7/hAKQ"), RULES)
    assert refused.value.rule == "KI-7" and "hand 2" in str(refused.value)


def test_ki7_equal_hands_may_follow_each_other():
    check_arrangement(parse("sQh9d4/hQc9s4/c2h5d8"), RULES)


# each round a Q-9-4 high card twice (A, B), C lower: every round ties
TIES = {"A": "sQh9d4/sJh8d5/c7c3h2", "B": "hQc9s4/dJs8c5/d7s3d2",
        "C": "cJh10c2/s9s7h3/d6h4s2"}
# A wins rounds 1 and 3, B round 2
A_B_A = {"A": "s7h7d7/cKh9c4/sQd8c3", "B": "hAKQ/dAs8c5/s2h4c6",
         "C": "s3s5d4/cJd9h2/c10c7h5"}


def test_ki8_the_winner_of_a_round_shows_first_in_the_next():
    # B wins round 1, so B, C, A show round 2: C's Q-9-4 is before A's
    hands = {"A": "hAKQ/sQh9d4/c2c3h5", "B": "s7h7d7/d9s6c4/h2s3d8",
             "C": "dKQJ/cQc9s4/h6d5s10"}
    assert deal(hands, replace(RULES, ties=Ties.FIRST)).rounds[:2] == ("B", "C")
    assert deal(hands).rounds[:2] == ("B", None)


def test_ki8_round_one_is_shown_first_after_the_dealer():
    first = replace(RULES, ties=Ties.FIRST)
    assert deal(TIES, first).rounds[0] == "A"
    assert deal(TIES, first, dealer="A").rounds[0] == "B"


def test_ki9_worked_example_equal_best_hands_void_or_first():
    void = deal(TIES)
    assert void.rounds == (None, None, None) and "void" in void.explanation[0].english
    assert void.winner is None
    assert deal(TIES, replace(RULES, ties=Ties.FIRST)).rounds[0] == "A"


def test_ki10_worked_example_two_rounds_or_two_in_a_row():
    two = deal(A_B_A)
    assert two.rounds == ("A", "B", "A") and two.winner == "A"
    consecutive = deal(A_B_A, replace(RULES, win=Win.CONSECUTIVE))
    assert consecutive.winner is None and dict(consecutive.scores) == {
        "A": 0, "B": 0, "C": 0}


def test_ki11_worked_example_four_of_a_kind_wins_at_once():
    hands = {**TWO_FOR_A, "B": "s8h8d8/c8sJh10/c2h4s9"}
    result = deal(hands)
    assert result.winner == "B" and result.rounds == () and "KI-11" in result.rules
    assert deal(hands, replace(RULES, four_kind=False)).rounds != ()


def test_ki12_worked_example_four_pairs_is_a_redeal():
    hands = {**TWO_FOR_A, "A": "hKdKc9/sJdJh9/c5h5d3"}
    result = deal(hands)
    assert result.redeal and result.winner is None and "KI-12" in result.rules
    assert dict(result.scores) == {"A": 0, "B": 0, "C": 0}
    assert not deal(hands, replace(RULES, four_pairs=False)).redeal


def test_ki13_worked_example_salami_pays_a_multiple():
    hands = {"A": "s7h7d7/hAKQ/sJcJd2", "B": "sAKQ/c8h8d5/c2h4s9",
             "C": "s3s5d4/cAK10/d6c6h3"}
    result = deal(hands)
    assert result.rounds == ("A", "A", "A") and "KI-13" in result.rules
    assert dict(result.scores) == {"A": 4, "B": -2, "C": -2}
    once = deal(hands, replace(RULES, salami=1))
    assert dict(once.scores) == {"A": 2, "B": -1, "C": -1}


def test_ki14_worked_example_kitti_carries_its_stake():
    kitti = deal(A_B_A, replace(RULES, win=Win.CONSECUTIVE))
    assert kitti.winner is None and "KI-14" in kitti.rules
    assert RULES.carried({"hand": 1, "net": {}}) == {"carried": ["1"]}
    assert dict(deal(TWO_FOR_A, carried=[1]).scores) == {"A": 4, "B": -2, "C": -2}
    assert replace(RULES, carry=False).carried({"hand": 1}) == {}
    assert RULES.carried({"hand": 2, "winner": "A"}) == {}
    assert RULES.carried({"hand": 3, "redeal": True, "carried": ["1"]}) == {"carried": ["1"]}


def test_ki15_worked_example_each_loser_pays_the_stake():
    result = deal(TWO_FOR_A)
    assert dict(result.scores) == {"A": 2, "B": -1, "C": -1}
    assert sum(v for _, v in result.scores) == 0
    assert dict(deal(TWO_FOR_A, replace(RULES, stake=5)).scores) == {
        "A": 10, "B": -5, "C": -5}


def test_ki16_worked_example_a_winner_alone_is_unverified():
    result = resolve(KittiHand(SEATS, "C", (), "B"), RULES)
    assert dict(result.scores) == {"A": -1, "B": 2, "C": -1}
    assert result.unverified == ("B",) and result.rules[0] == "KI-16"
    with pytest.raises(Impossible) as refused:
        resolve(KittiHand(SEATS, "C", (), None), RULES)
    assert refused.value.rule == "KI-16"


def test_ki16_a_deal_is_entered_again_by_its_cards_or_its_winner_not_both():
    # the winner the cards give is the rules' (a `ruled` field of the
    # group `shown`); typed alone, it is the deal's input
    shown = {"cards": {"A": "s3s5d4/cAKJ/d6c6h3"}, "winner": "A"}
    assert GAME.flags_from_stored(shown) == {"hand": ["A=s3s5d4/cAKJ/d6c6h3"]}
    assert GAME.flags_from_stored({"winner": "A"}) == {"winner": "A"}


def test_ki7_a_deal_is_stored_as_declared_and_verify_names_the_winner_first():
    # the table `record` writes (`Game.to_stored`: the fields in the order
    # declared), and a stored deal whose rounds and winner were edited:
    # `verify` names the winner first, then the rounds
    args = KittiHand(SEATS, "C", tuple((p, parse(TWO_FOR_A[p])) for p in SEATS), None)
    stored = GAME.to_stored(1, args, resolve(args, RULES), RULES)
    assert list(stored) == ["hand", "dealer", "cards", "rounds", "winner", "net",
                            "rules"]
    edited = {**stored, "rounds": ["C", "A", "A"], "winner": "C"}
    found = GAME.compare(edited, resolve(args, RULES), RULES.score_kind)
    assert [line.english.split(" but ")[0] for line in found] == [
        'stored winner "C"', 'stored rounds ["C", "A", "A"]']
