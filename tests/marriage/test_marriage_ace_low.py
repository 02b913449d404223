"""MA-24, the ace low only (`ace_high = false`): A 2 3 is a sequence, Q K A
is not; runs change, tunnelas, trials, dublees, marriages and maal do not."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import examples
from tests.marriage.test_marriage_finish import small_hand

from scorekeeper.core.cards import Card, card, cards
from scorekeeper.core.errors import Refused
from scorekeeper.games.marriage.finish import arrange, find_finish, max_qualifying
from scorekeeper.games.marriage.maal import maal
from scorekeeper.games.marriage.melds import PURE_SEQUENCE, classify_meld, natural_kind
from scorekeeper.games.marriage.rules import DEFAULT_RULES, THREE_DECK, MarriageRules

LOW = THREE_DECK.parse_settings(["ace_high=false"])
# the worked example: no wildcard held under the tiplu 5♦, Q♥ K♥ A♥ a run
SHOW = ("2♠ 3♠ 4♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ Q♥ K♥ A♥ 9♣ 10♣ J♣ K♦ K♦ K♦ "
        "7♠ 7♦ 7♣")
EXAMPLE = ["--players", "A,B,C", "--finish", "A", "--tiplu", "5♦", "--seen", "B",
           "--hand", f"A={SHOW}", "--hand", "B=0", "--hand", "C=0"]


def test_ma24_worked_example_the_ace_high_finishes_the_ace_low_only_refuses(cli):
    high = cli("settle", "marriage", *EXAMPLE, "--json")
    assert high.exit_code == 0 and high.stderr == "", high.stderr
    assert json.loads(high.stdout)["net"] == {"A": 13, "B": -3, "C": -10}
    low = cli("settle", "marriage", *EXAMPLE, "--set", "ace_high=false")
    assert low.exit_code == 1 and low.stdout == ""
    said = " ".join(low.stderr.split())
    assert "A's show is refused: no arrangement places every card: with 3 " \
           "qualifying melds the best uses 6 melds and leaves A♥ Q♥ K♥; with the " \
           "ace high too (Q K A) they would finish, but the ace is low only " \
           "(ace_high = false, MA-24)" in said
    data = json.loads(cli("settle", "marriage", *EXAMPLE, "--set", "ace_high=false",
                          "--json").stdout)
    assert data["rule"] == "MA-10"


def test_ma24_a_show_that_fails_with_the_ace_high_too_does_not_blame_the_ace():
    # the worked example with 7♠ 8♥ J♦ for its trial: Q♥ K♥ A♥ would still
    # qualify with the ace high, but 7♠ 8♥ J♦ are left over either way
    hand = cards(SHOW.replace("7♠ 7♦ 7♣", "7♠ 8♥ J♦"))
    with pytest.raises(Refused) as err:
        find_finish(hand, card("5♦"), rules=LOW)
    assert err.value.rule == "MA-10"
    assert err.value.message == (
        "no arrangement places every card: with 3 qualifying melds the best uses "
        "5 melds and leaves A♥ 7♠ 8♥ J♦ Q♥ K♥")


BLAMED = ("; with the ace high too (Q K A) they would finish, but the ace is low only "
          "(ace_high = false, MA-24)")


def test_ma24_q_k_a_the_third_qualifying_meld_is_blamed_on_the_ace():
    # exactly 3 pure sequences with the ace high (Q♥ K♥ A♥ among them), 2
    # without: the bound of the ace high is met exactly, not that of low only
    hand = cards("2♠ 3♠ 4♠ Q♥ K♥ A♥ 8♦ 9♦ 10♦ 7♠ 7♦ 7♣ 9♣ 9♥ 9♠ 10♠ 10♥ 10♣ 2♥ 2♦ 2♣")
    assert (max_qualifying(hand), max_qualifying(hand, ace_high=False)) == (3, 2)
    assert len(find_finish(hand, card("5♦")).melds) == 7
    with pytest.raises(Refused) as err:
        find_finish(hand, card("5♦"), rules=LOW)
    assert err.value.rule == "MA-10"
    assert err.value.message == (
        "only 2 qualifying melds can be formed (need 3 natural pure sequences or "
        "tunnelas, MA-5)" + BLAMED)


def test_ma24_a_wildcard_standing_in_counts_when_the_ace_high_would_finish():
    # the worked example with the tiplu 5♦ itself for the 7♣ of its trial
    hand = cards(SHOW.replace("7♣", "5♦"))
    assert len(find_finish(hand, card("5♦")).melds) == 7
    with pytest.raises(Refused) as err:
        find_finish(hand, card("5♦"), rules=LOW)
    assert err.value.rule == "MA-10" and err.value.message.english.endswith(BLAMED)


def test_ma24_seven_melds_with_too_few_qualifying_do_not_blame_the_ace():
    # MA-5's example (no ace): 7 melds, or 3 qualifying ones, never both;
    # the ace high would not finish it either, nor make fewer qualifying do
    hand = cards("2♠ 2♥ 2♦ 3♠ 3♦ 4♠ 4♠ 4♥ 4♦ 4♦ 5♠ 5♦ 6♠ 6♥ 6♦ 7♠ 7♥ 7♦ 9♠ 9♥ 9♦")
    with pytest.raises(Refused) as err:
        find_finish(hand, card("Q♣"), rules=LOW)
    assert err.value.rule == "MA-10"
    assert err.value.message == (
        "no arrangement places every card: with 3 qualifying melds the best uses 6 "
        "melds and leaves 2♥ 4♥ 6♥; 7 melds can be formed only with fewer than 3 "
        "qualifying ones (MA-5)")


def test_ma24_q_k_a_is_no_meld_a_2_3_still_is(cli):
    refused = cli("check", "meld", "Q♠ K♠ A♠", "--tiplu", "5♥", "--set",
                  "ace_high=false", "--json")
    assert refused.exit_code == 1 and refused.stderr == ""
    data = json.loads(refused.stdout)
    assert (data["valid"], data["rule"]) == (False, "MA-24")
    assert data["reason"].startswith("Q♠ K♠ A♠: the ace is low only, so Q K A is not "
                                     "a sequence (ace_high = false, MA-24)")
    kept = cli("check", "meld", "A♠ 2♠ 3♠", "--tiplu", "5♥", "--set", "ace_high=false",
               "--json")
    assert kept.exit_code == 0 and json.loads(kept.stdout)["kind"] == "pure sequence"
    assert classify_meld(cards("Q♠ K♠ A♠"), card("5♥")).kind == "pure sequence"


def test_ma24_a_wildcard_never_makes_the_ace_high():
    tiplu = card("5♥")                       # every 5 wild
    with pytest.raises(Refused) as err:
        classify_meld(cards("K♠ A♠ 5♦"), tiplu, LOW)
    assert err.value.rule == "MA-24"
    assert err.value.message == (
        "K♠ and A♠ cannot share a sequence: the ace is low only (ace_high = false, "
        "MA-24), Q K A is not a sequence (5♦ is the only wildcard)")
    with pytest.raises(Refused) as err:
        classify_meld(cards("Q♠ A♠ 5♦"), tiplu, LOW)
    assert err.value.rule == "MA-24"
    assert classify_meld(cards("A♠ 2♠ 5♦"), tiplu, LOW).kind == "dirty sequence"
    assert classify_meld(cards("Q♠ K♠ 5♦"), tiplu, LOW).kind == "dirty sequence"
    assert classify_meld(cards("K♠ A♠ 5♦"), tiplu).kind == "dirty sequence"


def test_ma24_natural_kind_plays_the_ace_high_too_unless_told_otherwise():
    # without a house's word the ace is low or high (MA-4, ace_high = true)
    assert natural_kind(cards("Q♥ K♥ A♥")) == PURE_SEQUENCE
    assert natural_kind(cards("Q♥ K♥ A♥"), ace_high=False) is None
    assert natural_kind(cards("A♥ 2♥ 3♥"), ace_high=False) == PURE_SEQUENCE


def test_ma24_k_a_2_still_never_wraps_and_says_the_ace_is_low_only():
    with pytest.raises(Refused) as err:
        classify_meld(cards("K♠ A♠ 2♠"), card("5♥"), LOW)
    assert err.value.rule == "MA-4"
    assert err.value.message.english.startswith(
        "K♠ A♠ 2♠: K A 2 never: a sequence never wraps (the ace is low only, A 2 3: "
        "ace_high = false, MA-24)")


def test_ma24_tunnelas_trials_and_marriages_are_unchanged():
    tiplu = card("K♠")                        # jhiplu Q♠, poplu A♠ (MA-7)
    for text in ("A♠ A♠ A♠", "A♠ A♥ A♦", "Q♥ Q♦ Q♣"):
        assert classify_meld(cards(text), tiplu, LOW) == \
            classify_meld(cards(text), tiplu)
    held = cards("Q♠ K♠ A♠ Q♠ A♠")
    assert maal(held, tiplu, rules=LOW) == maal(held, tiplu)
    assert maal(held, tiplu, rules=LOW).total == 10 + 2 + 2     # a marriage


def test_ma24_the_search_reads_around_the_ace_with_a_wildcard():
    # tiplu J♣: 10♣ J♣ Q♣ and every J are wild; Q♥ K♥ take one, A♥ two
    hand = cards("2♠ 3♠ 4♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ Q♥ K♥ A♥ 10♣ J♣ Q♣ K♦ K♦ K♦ "
                 "7♠ 7♦ 7♣")
    finish = find_finish(hand, card("J♣"), rules=LOW)
    assert len(finish.melds) == 7 and finish.qualifying >= 3
    for meld in finish.melds:
        assert classify_meld(meld.cards, card("J♣"), LOW).kind == meld.kind
        assert not {c.rank for c in meld.cards if c.suit == card("A♥").suit} >= {12, 13, 1}


@pytest.mark.parametrize("hand, high, low", [
    ("Q♠ K♠ A♠", 1, 0), ("Q♠ K♠ A♠ A♠ 2♠ 3♠", 2, 1), ("Q♥ K♥ A♥ 2♥ 3♥", 1, 1),
    ("Q♠ Q♠ K♠ K♠ A♠ A♠", 2, 0)])
def test_ma24_qualifying_melds_count_q_k_a_only_with_the_ace_high(hand, high, low):
    assert max_qualifying(cards(hand)) == high
    assert max_qualifying(cards(hand), ace_high=False) == low


def _splits(cs: list[Card], tiplu: Card | None, qualifying: int,
            rules: MarriageRules) -> bool:
    """Every split into triples, tried (small hands only)."""
    if not cs:
        return qualifying <= 0
    first, others = cs[0], cs[1:]
    for i, j in combinations(range(len(others)), 2):
        try:
            meld = classify_meld([first, others[i], others[j]], tiplu, rules)
        except Refused:
            continue
        rest = [c for k, c in enumerate(others) if k not in (i, j)]
        if _splits(rest, tiplu, qualifying - meld.qualifying, rules):
            return True
    return False


@settings(max_examples=examples(400), deadline=None)
@given(st.data(), st.sampled_from((2, 3)), st.sampled_from((LOW, DEFAULT_RULES)))
def test_ma24_arrange_agrees_with_every_split_either_way(data, melds, rules):
    cs, tiplu = data.draw(small_hand(melds))
    qualifying = data.draw(st.integers(0, melds))
    found = arrange(cs, tiplu, melds=melds, qualifying=qualifying, rules=rules)
    assert (found is not None) == _splits(list(cs), tiplu, qualifying, rules)
    if found is not None:
        assert Counter(c for m in found for c in m.cards) == Counter(cs)
        for m in found:
            assert classify_meld(m.cards, tiplu, rules).kind == m.kind


def test_ma24_the_option_is_stored_verified_and_a_refused_show_writes_nothing(
        cli, tmp_path):
    path = tmp_path / "low.toml"
    made = cli("new", path, "--game", "marriage", "--players", "A,B,C", "--set",
               "ace_high=false")
    assert made.exit_code == 0, made.stderr
    assert "ace_high = false" in path.read_text(encoding="utf-8")
    before = path.read_bytes()
    refused = cli("record", path, *EXAMPLE[2:])
    assert refused.exit_code == 1 and refused.stdout == ""
    assert "(ace_high = false, MA-24)" in " ".join(refused.stderr.split())
    assert path.read_bytes() == before
    around = ("2♠ 3♠ 4♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ Q♥ K♥ A♥ 10♣ J♣ Q♣ K♦ K♦ K♦ "
              "7♠ 7♦ 7♣")
    kept = cli("record", path, "--finish", "A", "--tiplu", "J♣", "--seen", "B",
               "--hand", f"A={around}", "--hand", "B=2", "--hand", "C=0", "--json")
    assert kept.exit_code == 0, kept.stderr
    assert json.loads(kept.stdout)["net"] == {"A": 31, "B": -9, "C": -22}
    table = json.loads(cli("standings", path, "--json").stdout)
    assert table["house_options"] == {"ace_high": False}
    checked = cli("verify", path)
    assert checked.exit_code == 0, checked.stdout + checked.stderr


def test_ma24_a_value_not_true_or_false_is_refused_citing_the_rule(cli, tmp_path):
    path = tmp_path / "bad.toml"
    result = cli("new", path, "--game", "marriage", "--players", "A,B,C", "--set",
                 "ace_high=maybe")
    assert result.exit_code == 2 and result.stdout == ""
    assert "option ace_high takes true or false, not 'maybe' (MA-24)" in result.stderr
    assert not path.exists()


def test_ma24_arrange_with_the_ace_low_only_finds_no_q_k_a():
    assert arrange(cards(SHOW), card("5♦")) is not None
    assert arrange(cards(SHOW), card("5♦"), rules=LOW) is None


def test_ma24_a_wildcard_ace_does_not_make_q_k_natural_with_the_ace_low_only():
    # tiplu A♦: every ace is wild. With the ace low only, Q♣ K♣ A♣ is no
    # natural meld, so the pair Q♣ K♣ takes the wildcard worth least (A♠
    # before A♣), as any pair no wildcard makes natural
    hand = cards("A♣ Q♣ J♦ K♣ A♣ 2♣ 9♣ 10♣ J♣ 3♠ 4♠ 5♠ Q♣ Q♠ Q♥ A♦ 2♦ 3♦ A♥ A♠ A♣")
    assert [m.text() for m in find_finish(hand, card("A♦"), rules=LOW).melds] == [
        "A♦ 2♦ 3♦", "3♠ 4♠ 5♠", "9♣ 10♣ J♣", "Q♠ Q♥ Q♣", "Q♣ K♣ A♠", "2♣ A♥ A♣",
        "J♦ A♣ A♣"]
