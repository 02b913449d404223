"""Kitti's ruling of one deal read whole (issue 40: the engine's mutation
run): every line of the explanation, the JSON of `record --json`, the
refusals' words and the options a round is ranked by."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.kitti.test_kitti_rules import A_B_A, RULES, SEATS, TIES, TWO_FOR_A, deal

from scorekeeper.core.errors import Impossible
from scorekeeper.games.kitti.arrange import parse
from scorekeeper.games.kitti.engine import KittiHand, resolve
from scorekeeper.games.kitti.rules import Ties, Win


def test_ki15_the_json_of_a_deal_read_whole():
    assert deal(TWO_FOR_A).as_json(3) == {
        "hand": 3, "winner": "A", "caught": None, "net": {"A": 2, "B": -1, "C": -1},
        "rules": ["KI-8", "KI-9", "KI-10", "KI-15"],
        "explanation": ["round 1: A wins with 7♠ 7♥ 7♦, a trial",
                        "round 2: A wins with A♥ K♥ Q♥, a pure run",
                        "round 3: C wins with 6♦ 6♣ 3♥, a pair",
                        "A wins the deal"],
        "unverified": [], "rounds": ["A", "A", "C"], "redeal": False}


def test_ki9_ki14_void_rounds_word_for_word():
    result = deal(TIES)
    assert result.explanation == (
        "round 1: void, A, B tie with a high card",
        "round 2: void, A, B tie with a high card",
        "round 3: void, A, B tie with a high card",
        "nobody won two rounds: kitti, the cards are dealt again")
    assert result.rules == ("KI-8", "KI-9", "KI-10", "KI-14", "KI-15")
    assert result.as_json(1)["redeal"] is False


def test_ki10_two_in_a_row_win_under_consecutive():
    result = deal(TWO_FOR_A, replace(RULES, win=Win.CONSECUTIVE))
    assert (result.rounds, result.winner) == (("A", "A", "C"), "A")
    assert dict(result.scores) == {"A": 2, "B": -1, "C": -1}
    assert deal(A_B_A, replace(RULES, win=Win.CONSECUTIVE)).winner is None


def test_ki13_salami_word_for_word():
    hands = {"A": "s7h7d7/hAKQ/sJcJd2", "B": "sAKQ/c8h8d5/c2h4s9",
             "C": "s3s5d4/cAK10/d6c6h3"}
    assert deal(hands).explanation[3:] == (
        "A won all three rounds: salami, paid 2 times",)
    assert deal(hands, replace(RULES, salami=3)).explanation[3:] == (
        "A won all three rounds: salami, paid 3 times",)


def test_ki11_of_two_fours_the_aces_win_the_higher_rank():
    # A holds four aces, B four kings: the ace is high (KI-2)
    hands = {"A": "sAhAdA/cAd9s4/d7h5c2", "B": "sKhKdK/cKd8s3/d10h6c3",
             "C": "sQhQdQ/cJhJs6/s10c8h7"}
    result = deal(hands)
    assert (result.winner, result.rounds, result.rules) == ("A", (), ("KI-11", "KI-15"))
    assert result.as_json(2) == {
        "hand": 2, "winner": "A", "caught": None, "net": {"A": 2, "B": -1, "C": -1},
        "rules": ["KI-11", "KI-15"],
        "explanation": ["A holds four of a rank: wins the deal at once"],
        "unverified": [], "rounds": [], "redeal": False}


def test_ki12_four_pairs_word_for_word():
    result = deal({**TWO_FOR_A, "A": "hKdKc9/sJdJh9/c5h5d3"})
    assert result.as_json(2) == {
        "hand": 2, "winner": None, "caught": None, "net": {"A": 0, "B": 0, "C": 0},
        "rules": ["KI-12"],
        "explanation": ["A holds four pairs: the cards are dealt again"],
        "unverified": [], "rounds": [], "redeal": True}


def test_ki5_a_round_is_ranked_by_the_sessions_options():
    # under top_235 A's 2♠ 3♥ 5♦ beats B's trial in round 1
    hands = {"A": "s2h3d5/sQd8c3/h6s4s9", "B": "s7h7d7/cKh9c4/d2h4c6",
             "C": "sAdAc5/cJd9h2/c10c7h5"}
    result = deal(hands, replace(RULES, top_235=True))
    assert result.rounds == ("A", "B", "C")
    assert result.explanation[0] == "round 1: A wins with 5♦ 3♥ 2♠, a 2-3-5"


def test_ki8_a_dealer_not_seated_for_the_deal_the_first_seated_shows_first():
    first = replace(RULES, ties=Ties.FIRST)
    assert deal(TIES, first, dealer="D").rounds == ("A", "A", "A")


def test_ki6_hands_missing_for_a_player_word_for_word():
    shown = tuple((p, parse(TWO_FOR_A[p])) for p in ("A", "B"))
    with pytest.raises(Impossible) as refused:
        resolve(KittiHand(SEATS, "C", shown, None), RULES)
    assert (refused.value.rule, refused.value.message) == ("KI-6", "no hands given for C")
    with pytest.raises(Impossible) as refused:
        resolve(KittiHand(SEATS, "C", shown[:1], None), RULES)
    assert refused.value.message == "no hands given for B, C"


def test_ki14_one_deal_carried_in_is_said_in_the_singular():
    result = deal(TWO_FOR_A, carried=[1])
    assert result.explanation[0] == "the stake of 1 deal nobody won is carried in"


def test_ki14_the_deals_carried_in_are_said_first():
    result = deal(TWO_FOR_A, carried=[1, 2])
    assert result.explanation[0] == "stakes of 2 deals nobody won are carried in"
    assert result.explanation[1:] == deal(TWO_FOR_A).explanation
    assert dict(result.scores) == {"A": 6, "B": -3, "C": -3}


def test_ki16_a_winner_alone_read_whole():
    result = resolve(KittiHand(SEATS, "C", (), "B", (4, 5)), RULES)
    assert result.as_json(6) == {
        "hand": 6, "winner": "B", "caught": None, "net": {"A": -3, "B": 6, "C": -3},
        "rules": ["KI-16", "KI-15"],
        "explanation": ["stakes of 2 deals nobody won are carried in",
                        "B won: no cards were typed"],
        "unverified": ["B"], "rounds": [], "redeal": False}


def test_ki16_hands_and_a_winner_or_neither_word_for_word():
    shown = tuple((p, parse(TWO_FOR_A[p])) for p in SEATS)
    for hand, said in [
            (KittiHand(SEATS, "C", shown, "A"),
             "give each player's hands or --winner, not both"),
            (KittiHand(SEATS, "C", (), None),
             "give each player's hands (--hand NAME=CARDS) or --winner NAME")]:
        with pytest.raises(Impossible) as refused:
            resolve(hand, RULES)
        assert (refused.value.rule, refused.value.message) == ("KI-16", said)
