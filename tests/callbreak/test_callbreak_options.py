"""Issue #30's Call Break options, each RULES.md worked example as a test:
five seats (CB-1, CB-4, CB-9), the redeal options (CB-3), trump_void
(CB-7), bonus_scale (CB-11), payout by place with its doubles and ties
(CB-14) and the instant win (CB-15); each stored in the ledger and ruled
again by `verify`."""

from __future__ import annotations

import json
import tomllib

import pytest

from scorekeeper.core.cards import card, cards
from scorekeeper.core.errors import Impossible
from scorekeeper.games.callbreak.engine import CallBreakHand, resolve
from scorekeeper.games.callbreak.payout import payout
from scorekeeper.games.callbreak.rules import CLASSIC, RedealWeak
from scorekeeper.games.callbreak.tricks import check_deal, check_play

FIVE = ("A", "B", "C", "D", "E")
FOUR = ("A", "B", "C", "D")


def house(*sets: str):
    return CLASSIC.parse_settings(list(sets))


def deal(calls, tricks, players=FOUR) -> CallBreakHand:
    return CallBreakHand(tuple(players), players[0], tuple(zip(players, calls)),
                         tuple(zip(players, tricks)))


# -- CB-1, CB-4, CB-9: five seats --------------------------------------------------

def test_cb1_five_seats_deal_ten_tricks_and_cap_the_call_at_ten():
    rules = CLASSIC.rules
    result = resolve(deal((3, 2, 2, 1, 1), (4, 2, 2, 1, 1), FIVE), rules)
    assert dict(result.scores) == {"A": 31, "B": 20, "C": 20, "D": 10, "E": 10}
    with pytest.raises(Impossible) as err:
        resolve(deal((3, 2, 2, 1, 1), (4, 2, 2, 1, 2), FIVE), rules)
    assert err.value.rule == "CB-9"
    assert "= 11, not 10: every deal at 5 is 10 tricks" in err.value.message.english
    wide = house("max_bid=13")
    assert wide.highest_call(5) == 10 and wide.highest_call(4) == 13
    with pytest.raises(Impossible) as err:
        resolve(deal((11, 1, 1, 1, 1), (10, 0, 0, 0, 0), FIVE), wide)
    assert err.value.rule == "CB-4" and "a call is 1–10 tricks" in err.value.message.english


def test_cb1_five_seats_a_dealt_hand_of_11_holds_too_many_word_for_word():
    with pytest.raises(Impossible) as err:
        check_deal(cards("A♥ K♥ Q♥ J♥ 10♥ A♦ K♦ Q♦ J♦ A♣ K♣"), CLASSIC.rules, 5)
    assert err.value.rule == "CB-1"
    assert err.value.message == "11 cards: at 5 a hand holds at most 10"


def test_cb1_six_seats_are_refused():
    with pytest.raises(Impossible) as err:
        resolve(deal((1,) * 6, (2, 2, 2, 2, 1, 1), FIVE + ("F",)), CLASSIC.rules)
    assert err.value.rule == "CB-1"


def test_cb1_checks_at_five_seats(cli):
    full = cli("check", "play", "3♦", "--hand", "2♠ 3♦", "--trick",
               "K♥ Q♠ 4♥ 5♥ 6♥", "--seats", "5")
    assert full.exit_code == 2
    assert "is complete: 5 players play one card each (CB-1)" in full.stderr
    four = cli("check", "play", "3♦", "--hand", "2♠ 3♦", "--trick", "K♥ Q♠ 4♥ 5♥")
    assert four.exit_code == 2 and "4 players play one card each" in four.stderr
    ten = "2♠ 3♠ 4♥ 5♥ 6♥ 7♥ 8♦ 9♦ 10♦ 2♣"
    assert cli("check", "deal", ten, "--seats", "5").exit_code == 1
    assert cli("check", "deal", ten).exit_code == 2          # 10 cards at four
    assert check_deal(cards(ten), CLASSIC.rules, 5).valid is False
    with pytest.raises(Impossible):
        check_play(card("2♠"), cards("2♠"), (), CLASSIC.rules, 6)


def test_cb1_a_five_player_session_is_recorded_and_verified(cli, tmp_path):
    path = tmp_path / "five.toml"
    made = cli("new", path, "--game", "callbreak", "--players", "A,B,C,D,E")
    assert made.exit_code == 0, made.stderr
    bids = [f"--bid={p}={c}" for p, c in zip(FIVE, (3, 2, 2, 1, 1))]
    won = [f"--won={p}={t}" for p, t in zip(FIVE, (4, 2, 2, 1, 1))]
    first = cli("record", path, *bids, *won, "--json")
    assert first.exit_code == 0, first.stderr
    assert json.loads(first.stdout)["points"] == {"A": 31, "B": 20, "C": 20,
                                                  "D": 10, "E": 10}
    wrong = cli("record", path, *bids, *won[:-1], "--won=E=2")
    assert wrong.exit_code == 2 and "(CB-9)" in wrong.stderr
    assert cli("verify", path).exit_code == 0
    out = cli("record", path, *bids, *won, "--out", "E")
    assert out.exit_code == 2 and "nobody sits a deal out" in out.stderr


# -- CB-3 redeal options ------------------------------------------------------------

NO_SPADE = cards("A♥ K♥ Q♥ J♥ 10♥ A♦ K♦ Q♦ J♦ A♣ K♣ Q♣ J♣")
LOW = "2♠ 3♠ 4♥ 5♥ 6♥ 7♥ 8♦ 9♦ 10♦ 2♣ 3♣ 4♣ "


def test_cb3_redeal_no_spade_false_lets_a_spadeless_hand_stand():
    assert check_deal(NO_SPADE, CLASSIC.rules).valid
    ruling = check_deal(NO_SPADE, house("redeal_no_spade=false"))
    assert not ruling.valid
    assert ruling.reason == "holds no spade, but redeal_no_spade = false: the deal stands"


def test_cb3_redeal_weak_thresholds_10_j_q():
    for last, allowed in (("5♣", {"10", "j", "q"}), ("J♣", {"j", "q"}),
                          ("Q♣", {"q"}), ("K♣", set())):
        hand = cards(LOW + last)
        for weak in ("off", "10", "j", "q"):
            ruling = check_deal(hand, house(f"redeal_weak={weak}"))
            assert ruling.valid == (weak in allowed), (last, weak)
    jack = check_deal(cards(LOW + "J♣"), house("redeal_weak=J"))
    assert jack.kind == "weak"
    assert jack.reason == "no card above J (redeal_weak = J): a redeal may be demanded"
    stands = check_deal(cards(LOW + "Q♣"), house("redeal_weak=J"))
    assert stands.reason == "holds 2♠ and 3♠, and Q♣ above J: the deal stands"



def test_cb3_redeal_weak_q_says_q():
    weak = check_deal(cards(LOW + "Q♣"), house("redeal_weak=q"))
    assert weak.valid and weak.kind == "weak"
    assert weak.reason == "no card above Q (redeal_weak = Q): a redeal may be demanded"
    stands = check_deal(cards(LOW + "K♣"), house("redeal_weak=q"))
    assert stands.reason == "holds 2♠ and 3♠, and K♣ above Q: the deal stands"


def test_cb3_no_redeal_at_all_word_for_word():
    stands = check_deal(cards(LOW + "5♣"), house("redeal_no_spade=false"))
    assert (stands.valid, stands.rule, stands.kind) == (False, "CB-3", None)
    assert stands.reason == ("no redeal is allowed (redeal_no_spade = false, "
                             "redeal_weak = off): the deal stands")

def test_cb3_the_old_redeal_no_honour_means_redeal_weak_10(cli, tmp_path):
    assert house("redeal_no_honour=true").redeal_weak == RedealWeak.TEN
    assert house("redeal_no_honour=false").redeal_weak == RedealWeak.OFF
    path = tmp_path / "old.toml"
    assert cli("new", path, "--game", "callbreak", "--players",
               "A,B,C,D").exit_code == 0
    text = path.read_text(encoding="utf-8")
    # a ledger written before redeal_weak: the old name, nothing new
    old = text.replace('redeal_weak = "off"', "redeal_no_honour = true")
    assert old != text
    path.write_text(old, encoding="utf-8")
    assert cli("verify", path).exit_code == 0
    shown = cli("rules", "callbreak", "--set", "redeal_no_honour=true", "--json")
    assert shown.exit_code == 0, shown.stderr


def test_cb3_interpretation_neither_spades_nor_honours_is_no_spade():
    hand = cards("3♥ 4♥ 5♥ 6♥ 7♥ 8♦ 9♦ 10♦ 2♣ 3♣ 4♣ 5♣ 6♣")
    both = check_deal(hand, house("redeal_weak=10"))
    assert both.valid and both.kind == "no-spade"
    assert both.reason == ("no spade among the 13 cards, and no card above 10 "
                           "(redeal_weak = 10): a redeal may be demanded")
    weak_only = check_deal(hand, house("redeal_weak=10", "redeal_no_spade=false"))
    assert weak_only.valid and weak_only.kind == "no-honour"
    assert check_deal(hand, CLASSIC.rules).kind == "no-spade"


# -- CB-7 trump_void ------------------------------------------------------------------

def legal(option: str, held: str = "10♠ A♠ 5♦") -> set[str]:
    rules = house(f"trump_void={option}")
    return {c.text() for c in cards(held)
            if check_play(c, cards(held), cards("K♥ Q♠"), rules).valid}


def test_cb7_trump_void_winning_any_none():
    assert legal("winning") == {"A♠"}
    assert legal("any") == {"10♠", "A♠"}
    assert legal("none") == {"10♠", "A♠", "5♦"}
    assert legal("winning", "10♠ 5♦") == {"10♠", "5♦"}
    assert legal("any", "5♦ 6♣") == {"5♦", "6♣"}



def test_cb7_trump_void_none_any_card_word_for_word():
    ruling = check_play(card("5♦"), cards("10♠ A♠ 5♦"), cards("K♥ Q♠"),
                        house("trump_void=none"))
    assert (ruling.valid, ruling.rule, ruling.kind) == (True, "CB-7", "any")
    assert ruling.reason == "5♦ no ♥ in the hand and trump_void = none: any card"

def test_cb7_trump_void_does_not_change_must_head(cli):
    rules = house("trump_void=none")
    assert not check_play(card("5♥"), cards("A♥ 5♥"), cards("K♥"), rules).valid
    refused = cli("check", "play", "5♦", "--hand", "10♠ A♠ 5♦", "--trick", "K♥ Q♠",
                  "--set", "trump_void=any")
    assert refused.exit_code == 1
    assert "must trump with a spade, 10♠ or A♠" in refused.stdout


# -- CB-11 bonus_scale ---------------------------------------------------------------

def test_cb11_bonus_scale_8_keeps_thousandths():
    rules = house("bonus_scale=8")
    assert rules.score_kind.scale == 1000
    assert rules.score_units(3, 5) == 3250
    assert rules.score_units(3, 2) == -3000
    assert rules.score_kind.display(3250) == "3.250"
    assert house("bonus_scale=4").score_kind.scale == 100
    assert house("bonus_scale=1").score_units(3, 5) == 50
    assert CLASSIC.rules.score_units(3, 5) == 32
    with pytest.raises(Impossible) as err:
        house("bonus_scale=3")
    assert err.value.rule == "CB-11"


def test_cb11_bonus_scale_is_said_only_for_a_trick_over_the_call():
    rules = house("bonus_scale=8")
    result = resolve(deal((3, 2, 2, 1), (5, 2, 5, 1)), rules)
    assert result.kind == rules.score_kind          # thousandths, not tenths
    assert result.explanation == (
        "A called 3, took 5: 3.250; bonus_scale = 8: a trick over the call adds "
        "1/8 point (CB-11)",
        "B called 2, took 2: 2.000 (CB-10)",        # made exactly: no bonus said
        "C called 2, took 5: 2.375; bonus_scale = 8: a trick over the call adds "
        "1/8 point (CB-11)",
        "D called 1, took 1: 1.000 (CB-10)")


def test_cb11_bonus_scale_is_stored_and_verified(cli, tmp_path):
    path = tmp_path / "b.toml"
    assert cli("new", path, "--game", "callbreak", "--players", "A,B,C,D",
               "--set", "bonus_scale=8").exit_code == 0
    hand = ["--bid=A=3", "--bid=B=2", "--bid=C=2", "--bid=D=1",
            "--won=A=5", "--won=B=2", "--won=C=5", "--won=D=1"]
    recorded = cli("record", path, *hand, "--json")
    assert json.loads(recorded.stdout)["points"] == {"A": 3250, "B": 2000,
                                                     "C": 2375, "D": 1000}
    stored = tomllib.loads(path.read_text(encoding="utf-8"))
    assert stored["options"]["bonus_scale"] == 8
    assert cli("verify", path).exit_code == 0


# -- CB-14 payout by place --------------------------------------------------------------

def test_cb14_worked_example_ties_share_and_below_zero_pays_double():
    paid = payout(house("payout=places"), FOUR,
                  {"A": 161, "B": 40, "C": 40, "D": -30}, [])
    assert paid is not None
    assert paid.balances == {"A": 90, "B": -15, "C": -15, "D": -60}
    assert "B and C tie for places 2–3: they share 1 + 2 stakes, 1.5 each" in paid.lines
    assert "D's total -3.0 is below 0 (low_double): pays double" in paid.lines


def test_cb14_worked_example_a_winner_of_20_doubles_every_payment():
    totals = {"A": 200, "B": 40, "C": 40, "D": -30}
    paid = payout(house("payout=places"), FOUR, totals, [])
    assert paid is not None
    assert paid.balances == {"A": 180, "B": -30, "C": -30, "D": -120}
    off = payout(house("payout=places", "high_double=none", "low_double=false"),
                 FOUR, totals, [])
    assert off is not None and off.balances == {"A": 60, "B": -15, "C": -15, "D": -30}
    just_under = payout(house("payout=places"), FOUR, {**totals, "A": 199}, [])
    assert just_under is not None and just_under.balances["A"] == 90


def test_cb14_five_seats_the_high_double_is_15_and_the_5th_pays_4():
    totals = {"A": 150, "B": 90, "C": 60, "D": 30, "E": 10}
    paid = payout(house("payout=places"), FIVE, totals, [])
    assert paid is not None
    assert paid.balances == {"A": 200, "B": -20, "C": -40, "D": -60, "E": -80}
    three = payout(house("payout=places", "place_pay=1/1/1/1"), FIVE,
                   {**totals, "A": 149}, [])
    assert three is not None and three.balances["A"] == 40


def test_cb14_winners_who_tie_share_what_is_paid():
    paid = payout(house("payout=places"), FOUR,
                  {"A": 100, "B": 100, "C": 40, "D": 30}, [])
    assert paid is not None
    # A and B share places 1–2 (0 + 1): 0.5 each; C pays 2, D pays 3;
    # the pool 0.5 + 0.5 + 2 + 3 = 6 is split: 3 each, less their 0.5
    assert paid.balances == {"A": 25, "B": 25, "C": -20, "D": -30}
    assert sum(paid.balances.values()) == 0


def test_cb14_worked_example_place_ties_void_and_seats():
    totals = {"A": 161, "B": 40, "C": 40, "D": -30}
    void = payout(house("payout=places", "place_ties=void"), FOUR, totals, [])
    assert void is not None and void.rules == ("CB-14",)
    assert void.balances == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert void.lines == ("B and C tie (place_ties = void): nobody pays (CB-14)",)
    seats = payout(house("payout=places", "place_ties=seats"), FOUR, totals, [])
    assert seats is not None
    assert seats.balances == {"A": 90, "B": -10, "C": -20, "D": -60}
    assert "B and C tie (place_ties = seats): the earlier in the order of play " \
        "takes the higher place" in seats.lines
    # the order of play decides, not the name: C before B
    order = payout(house("payout=places", "place_ties=seats"), ("A", "C", "B", "D"),
                   totals, [])
    assert order is not None and order.balances["C"] == -10
    shared = payout(house("payout=places"), FOUR, totals, [])
    assert shared is not None and shared.balances["B"] == -15


def test_cb14_place_ties_seats_two_tied_at_the_top_the_earlier_wins_alone():
    totals = {"A": 100, "B": 100, "C": 40, "D": 30}
    paid = payout(house("payout=places", "place_ties=seats"), FOUR, totals, [])
    assert paid is not None
    assert paid.balances == {"A": 60, "B": -10, "C": -20, "D": -30}
    assert paid.lines[0] == ("payout = places (CB-14), stakes to A: B pays 1, "
                             "C pays 2, D pays 3")
    void = payout(house("payout=places", "place_ties=void"), FOUR,
                  {**totals, "C": 30}, [])
    assert void is not None
    assert void.lines == ("A and B, C and D tie (place_ties = void): nobody pays "
                          "(CB-14)",)
    with pytest.raises(Impossible) as err:
        house("place_ties=split")
    assert err.value.rule == "CB-14"


def test_cb16_places_follow_place_ties():
    totals = {"A": 20, "B": 20, "C": 40, "D": 40}
    seats = payout(house("perfect_call=1", "rounds=2", "place_ties=seats"), FOUR,
                   totals, _perfect_hands())
    assert seats is not None and seats.balances == {"A": 25, "B": 25, "C": -20,
                                                    "D": -30}
    void = payout(house("perfect_call=1", "rounds=2", "place_ties=void"), FOUR,
                  totals, _perfect_hands())
    assert void is not None and set(void.balances.values()) == {0}
    assert void.rules == ("CB-16",) and void.lines[-1] == (
        "C and D tie (place_ties = void): nobody pays (CB-14)")


def test_cb14_place_ties_is_stored_and_settled(cli, tmp_path):
    path = tmp_path / "t.toml"
    assert cli("new", path, "--game", "callbreak", "--players", "A,B,C,D", "--set",
               "payout=places", "--set", "place_ties=seats", "--set",
               "rounds=1").exit_code == 0
    flags = [f"--bid={p}={c}" for p, c in zip(FOUR, (8, 2, 2, 4))] + \
        [f"--won={p}={t}" for p, t in zip(FOUR, (9, 2, 2, 0))]
    assert cli("record", path, *flags).exit_code == 0
    assert tomllib.loads(path.read_text(encoding="utf-8"))["options"]["place_ties"] \
        == "seats"
    settled = cli("settle-up", path, "--json")
    assert settled.exit_code == 0, settled.stderr
    data = json.loads(settled.stdout)
    # A 8.1; B and C 2.0 (B first in the order of play); D -4.0 pays 3 × 2
    assert data["balances"] == {"A": 90, "B": -10, "C": -20, "D": -60}
    assert "B and C tie (place_ties = seats)" in settled.stderr
    assert cli("verify", path).exit_code == 0


def test_cb14_difference_is_not_a_payout_of_its_own():
    assert payout(CLASSIC.rules, FOUR, {"A": 10, "B": 0, "C": 0, "D": 0}, []) is None



def test_cb13_the_payout_option_is_defined_by_cb13_and_cited_so(cli, tmp_path):
    # CB-13 defines `payout = difference` and names `places` (CB-14)
    refused = cli("new", tmp_path / "p.toml", "--game", "callbreak", "--players",
                  "A,B,C,D", "--set", "payout=nope")
    assert refused.exit_code == 2 and refused.stdout == ""
    assert refused.stderr == ("error: option payout takes one of difference, places, "
                              "not 'nope' (CB-13)\n")
    assert not (tmp_path / "p.toml").exists()

def test_cb14_settle_up_says_how_the_places_were_paid(cli, tmp_path):
    path = tmp_path / "p.toml"
    assert cli("new", path, "--game", "callbreak", "--players", "A,B,C,D", "--set",
               "payout=places", "--set", "rounds=2").exit_code == 0
    for hand in (("8", "2", "2", "4", "9", "2", "2", "0"),
                 ("8", "2", "2", "1", "8", "2", "2", "1")):
        args = [f"--bid={p}={v}" for p, v in zip(FOUR, hand[:4])] + \
            [f"--won={p}={v}" for p, v in zip(FOUR, hand[4:])]
        assert cli("record", path, *args).exit_code == 0
    settled = cli("settle-up", path, "--rate", "10", "--json")
    assert settled.exit_code == 0, settled.stderr
    data = json.loads(settled.stdout)
    assert data["balances"] == {"A": 90, "B": -15, "C": -15, "D": -60}
    assert data["money"]["balances"] == {"A": 90, "B": -15, "C": -15, "D": -60}
    assert any("tie for places 2–3" in line for line in data["payout"])
    assert "tie for places 2–3" in settled.stderr
    assert cli("verify", path).exit_code == 0
    standings = cli("standings", path, "--rate", "10", "--json")
    assert standings.exit_code == 0, standings.stderr
    assert json.loads(standings.stdout)["money"]["balances"]["D"] == -60


# -- CB-15 instant win -------------------------------------------------------------------

def test_cb15_worked_example_an_exact_call_of_8_made_ends_the_match():
    rules = house("instant_win=4:8,5:6")
    hands = [{"calls": {"A": 8, "B": 2, "C": 2, "D": 1},
              "tricks": {"A": 8, "B": 2, "C": 2, "D": 1}},
             {"calls": {"A": 1, "B": 1, "C": 1, "D": 1},
              "tricks": {"A": 10, "B": 1, "C": 1, "D": 1}}]
    paid = payout(rules, FOUR, {"A": 90, "B": 30, "C": 30, "D": 20}, hands)
    assert paid is not None
    assert paid.balances == {"A": 60, "B": -20, "C": -20, "D": -20}
    assert paid.counted == 1 and paid.rules == ("CB-15",)
    assert "deals 2–2 were recorded after the match ended: they are not paid" \
        in paid.lines


def test_cb15_worked_example_making_it_is_taking_at_least_the_call():
    rules = house("instant_win=4:8,5:6")
    hands = [{"calls": {"A": 8, "B": 2, "C": 2, "D": 1},
              "tricks": {"A": 9, "B": 2, "C": 1, "D": 1}}]
    paid = payout(rules, FOUR, {"A": 81, "B": 20, "C": -20, "D": 10}, hands)
    assert paid is not None and paid.rules == ("CB-15",)
    assert paid.balances == {"A": 60, "B": -20, "C": -20, "D": -20}
    assert paid.lines[0] == ("A called exactly 8 and made it in deal 1: the match "
                             "ends there (CB-15)")


def test_cb15_worked_example_two_who_make_it_share_every_losing_place():
    rules = house("instant_win=6")
    hands = [{"calls": {"A": 6, "B": 1, "C": 6, "D": 1},
              "tricks": {"A": 6, "B": 0, "C": 7, "D": 0}}]
    paid = payout(rules, FOUR, {"A": 60, "B": -10, "C": 61, "D": -10}, hands)
    assert paid is not None
    # the whole 1 + 2 + 3 = 6 stakes, not the 2 + 3 of the places after them
    assert paid.balances == {"A": 30, "B": -30, "C": 30, "D": -30}
    assert paid.lines[1] == ("every opponent pays an equal share of what the losing "
                             "places pay together (1 + 2 + 3 = 6 stakes): 3 stakes each")


def test_cb15_cb16_pay_by_place_under_payout_difference(cli, tmp_path):
    path = tmp_path / "i.toml"
    assert cli("new", path, "--game", "callbreak", "--players", "A,B,C,D", "--set",
               "instant_win=8").exit_code == 0
    flags = [f"--bid={p}={c}" for p, c in zip(FOUR, (8, 2, 2, 1))] + \
        [f"--won={p}={t}" for p, t in zip(FOUR, (9, 2, 1, 1))]
    assert cli("record", path, *flags).exit_code == 0
    settled = cli("settle-up", path, "--json")
    assert settled.exit_code == 0, settled.stderr
    data = json.loads(settled.stdout)
    # by place: 2 stakes each; the difference would give A 4·8.1 − 7.1 = 25.3
    assert data["balances"] == {"A": 60, "B": -20, "C": -20, "D": -20}
    assert data["payout"][0].endswith("the match ends there (CB-15)")
    assert "(CB-15)" in settled.stderr
    perfect = house("perfect_call=1", "rounds=2")
    assert perfect.payout == "difference"
    paid = payout(perfect, FOUR, {"A": 20, "B": 20, "C": 62, "D": 46},
                  _perfect_hands())
    assert paid is not None and paid.rules == ("CB-16",)


def test_cb15_a_call_of_9_made_or_8_missed_ends_nothing():
    rules = house("instant_win=8", "max_bid=13")
    for calls, tricks in (((9, 1, 1, 1), (10, 1, 1, 1)), ((8, 1, 1, 1), (7, 2, 2, 2))):
        hands = [{"calls": dict(zip(FOUR, calls)), "tricks": dict(zip(FOUR, tricks))}]
        assert payout(rules, FOUR, {"A": 0, "B": 0, "C": 0, "D": 0}, hands) is None


def test_cb15_at_five_the_call_is_6_and_four_opponents_share_10_stakes():
    rules = house("instant_win=4:8,5:6")
    hands = [{"calls": dict(zip(FIVE, (6, 1, 1, 1, 1))),
              "tricks": dict(zip(FIVE, (6, 1, 1, 1, 1)))}]
    paid = payout(rules, FIVE, {p: 0 for p in FIVE}, hands)
    assert paid is not None
    assert paid.balances == {"A": 100, "B": -25, "C": -25, "D": -25, "E": -25}


# -- CB-16 perfect call every deal ---------------------------------------------------------

def _perfect_hands(n=2):
    hand = {"calls": {"A": 1, "B": 1, "C": 3, "D": 2},
            "tricks": {"A": 1, "B": 1, "C": 6, "D": 5}}
    return [hand] * n


def test_cb16_worked_example_joint_winners_share_the_lower_places():
    rules = house("perfect_call=1", "rounds=2")
    paid = payout(rules, FOUR, {"A": 20, "B": 20, "C": 62, "D": 46}, _perfect_hands())
    assert paid is not None
    assert paid.balances == {"A": 25, "B": 25, "C": -20, "D": -30}
    assert paid.rules == ("CB-16",)


def test_cb16_only_a_complete_match_of_exact_calls_counts():
    rules = house("perfect_call=1", "rounds=2")
    totals = {"A": 10, "B": 10, "C": 31, "D": 23}
    assert payout(rules, FOUR, totals, _perfect_hands(1)) is None     # 1 of 2
    over = _perfect_hands(1) + [{"calls": {"A": 1, "B": 1, "C": 3, "D": 2},
                                 "tricks": {"A": 2, "B": 1, "C": 5, "D": 5}}]
    paid = payout(rules, FOUR, totals, over)
    # B alone: C (3.1) 2nd pays 1, D (2.3) 3rd pays 2, A (1.0) 4th pays 3
    assert paid is not None and paid.balances == {"A": -30, "B": 60, "C": -10, "D": -20}
    assert paid.lines[-1] == "C pays 1, D pays 2, A pays 3; B receives it"
    assert payout(house("perfect_call=none", "rounds=2"), FOUR, totals,
                  _perfect_hands()) is None


def test_cb16_a_single_perfect_caller_wins_over_a_higher_total():
    rules = house("perfect_call=1", "rounds=2", "payout=places")
    hands = [{"calls": {"A": 1, "B": 4, "C": 3, "D": 2},
              "tricks": {"A": 1, "B": 5, "C": 4, "D": 3}}] * 2
    paid = payout(rules, FOUR, {"A": 20, "B": 82, "C": 62, "D": 42}, hands)
    assert paid is not None
    assert paid.balances == {"A": 60, "B": -10, "C": -20, "D": -30}
    with pytest.raises(Impossible) as err:
        house("perfect_call=9")
    assert err.value.rule == "CB-16"


# -- CB-1, CB-9 at five, asked on a terminal -----------------------------------------------

def test_cb1_cb9_the_interactive_deal_of_five_is_ten_tricks(cli, tmp_path, monkeypatch):
    import scorekeeper.commands.record

    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)
    path = tmp_path / "five.toml"
    assert cli("new", path, "--game", "callbreak", "--players", "A,B,C,D,E").exit_code == 0
    # A deals: B calls first; then the tricks of B, C, D, E and A's the rest
    answers = ["2", "2", "1", "1", "3",      # calls of B, C, D, E, A
               "n",                          # not saved alone first (CB-18)
               "2", "2", "1", "1",           # tricks; A: the 4 left of 10
               "y"]
    result = cli("record", path, input="\n".join(answers) + "\n",
                 env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "After the 10 tricks: B took (0–10)" in result.stderr
    assert "A took" not in result.stderr
    stored = tomllib.loads(path.read_text(encoding="utf-8"))["hands"][0]
    assert stored["tricks"] == {"A": 4, "B": 2, "C": 2, "D": 1, "E": 1}
    assert stored["points"]["A"] == 31


# -- CB-11 twice_over -------------------------------------------------------------------

def test_cb11_worked_example_twice_over_a_call_taken_twice_scores_minus_the_call():
    rules = house("twice_over=true")
    assert rules.score_units(3, 6) == -30 and rules.score_units(3, 5) == 32
    assert CLASSIC.rules.score_units(3, 6) == 33            # off: today's score
    result = resolve(deal((3, 2, 2, 1), (6, 2, 4, 1)), rules)
    assert dict(result.scores) == {"A": -30, "B": 20, "C": -20, "D": 10}
    assert result.made == ("B", "D")
    assert result.explanation[0] == (
        "A called 3, took 6: -3.0; twice_over = true: a call taken twice over or "
        "more scores minus the call (CB-11)")
    assert result.explanation[1] == "B called 2, took 2: 2.0 (CB-10)"
    with pytest.raises(Impossible) as err:
        house("twice_over=maybe")
    assert err.value.rule == "CB-11"


def test_cb11_twice_over_is_missed_for_an_instant_win():
    hands = [{"calls": {"A": 4, "B": 4, "C": 2, "D": 1},
              "tricks": {"A": 8, "B": 4, "C": 1, "D": 0}}]
    on = payout(house("instant_win=4", "twice_over=true"), FOUR,
                {"A": -40, "B": 40, "C": -20, "D": -10}, hands)
    assert on is not None and on.balances == {"A": -20, "B": 60, "C": -20, "D": -20}
    off = payout(house("instant_win=4"), FOUR, {"A": 44, "B": 40, "C": -20, "D": -10},
                 hands)
    assert off is not None and off.balances == {"A": 30, "B": 30, "C": -30, "D": -30}


def test_cb11_twice_over_is_stored_verified_and_counted_missed(cli, tmp_path):
    path = tmp_path / "t.toml"
    assert cli("new", path, "--game", "callbreak", "--players", "A,B,C,D",
               "--set", "twice_over=true").exit_code == 0
    hand = [f"--bid={p}={c}" for p, c in zip(FOUR, (3, 2, 2, 1))] + \
        [f"--won={p}={t}" for p, t in zip(FOUR, (6, 2, 4, 1))]
    recorded = cli("record", path, *hand, "--json")
    assert recorded.exit_code == 0, recorded.stderr
    data = json.loads(recorded.stdout)
    assert data["points"] == {"A": -30, "B": 20, "C": -20, "D": 10}
    assert data["made"] == ["B", "D"]
    assert tomllib.loads(path.read_text(encoding="utf-8"))["options"]["twice_over"]
    assert cli("verify", path).exit_code == 0
    history = cli("history", path)
    assert history.exit_code == 0 and "missed: A (3, took 6), C (2, took 4)" in \
        " ".join(history.stdout.split())
    stats = json.loads(cli("stats", path, "--json").stdout)
    counted = stats["games"]["callbreak/points"]
    assert (counted["A"]["made"], counted["A"]["missed"]) == (0, 1)
    assert (counted["B"]["made"], counted["B"]["missed"]) == (1, 0)


# -- CB-11 bonus_scale = 13 ------------------------------------------------------------

def test_cb11_worked_example_bonus_scale_13_counts_tricks_over_and_rolls_over():
    rules = house("bonus_scale=13")
    assert rules.score_kind.scale == 13
    assert rules.score_units(3, 5) == 41 and rules.score_kind.display(41) == "3.02"
    assert rules.score_units(1, 13) == 25 and rules.score_units(3, 4) == 40
    assert rules.score_kind.display(25 + 40) == "5.00"
    assert rules.score_units(3, 2) == -39
    result = resolve(deal((3, 2, 2, 1), (5, 2, 5, 1)), rules)
    assert result.explanation[0] == ("A called 3, took 5: 3.02; bonus_scale = 13: a "
                                     "trick over the call adds 1/13 point (CB-11)")


def test_cb11_bonus_scale_13_is_stored_totalled_verified_and_settled(cli, tmp_path):
    path = tmp_path / "r.toml"
    assert cli("new", path, "--game", "callbreak", "--players", "A,B,C,D", "--set",
               "bonus_scale=13", "--rate", "13").exit_code == 0
    for calls, tricks in (((1, 1, 1, 1), (13, 0, 0, 0)), ((3, 3, 3, 3), (4, 3, 3, 3))):
        flags = [f"--bid={p}={c}" for p, c in zip(FOUR, calls)] + \
            [f"--won={p}={t}" for p, t in zip(FOUR, tricks)]
        assert cli("record", path, *flags).exit_code == 0
    table = json.loads(cli("standings", path, "--json").stdout)
    assert table["totals"] == {"A": 65, "B": 26, "C": 26, "D": 26}
    assert table["totals_display"] == {"A": "5.00", "B": "2.00", "C": "2.00",
                                       "D": "2.00"}
    assert cli("verify", path).exit_code == 0
    settled = cli("settle-up", path, "--json")
    assert settled.exit_code == 0, settled.stderr
    # CB-13: A receives (4·5 − 11) × 13 = 117 rupees, each of the others 39
    assert json.loads(settled.stdout)["money"]["balances"] == {
        "A": 117, "B": -39, "C": -39, "D": -39}
