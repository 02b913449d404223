"""`engine.resolve` directly, on hands built as `MarriageHand` values: the
checks and lines mutation testing (docs/TESTING.md) found unasserted — a
refusal's whole message and rule id, the line each house option adds, the
JSON of a doubled hand or of one without a tiplu, and which card a 22-card
show discards."""

from __future__ import annotations

import pytest

from scorekeeper.core.cards import card, cards, format_cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.seating import parse_shown_value
from scorekeeper.games.marriage.engine import MarriageHand, resolve
from scorekeeper.games.registry import profile

WORKED = ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ "
          "7♠ 7♦ 7♣ K♦ K♦ K♦")
DUBLEES = ("2♠ 2♠ 3♦ 3♦ 7♣ 7♣ 9♥ 9♥ J♠ J♠ Q♦ Q♦ K♣ K♣ A♥ A♥ "
           "8♠ 10♦ 4♣ 6♠ 2♥")
# Tiplu 2♣ (jhiplu A♣, poplu 3♣): exactly three qualifying melds — the
# marriage A♣ 2♣ 3♣, 4♠ 5♠ 6♠, 8♦ 9♦ 10♦ — four trials, and a second 3♣.
# The search leaves the 3♣ over (maal 10); keeping it (maal 12) means
# discarding a card of a trial. In the order tried after the search's
# discard, A♣ and 2♣ keep less, 4♠ 5♠ 6♠ keep 12 but do not finish (two
# qualifying melds left), and 7♥ is the first that does.
SPARE_POPLU = ("A♣ 2♣ 3♣ 4♠ 5♠ 6♠ 8♦ 9♦ 10♦ 7♦ 7♥ 7♣ 9♠ 9♥ 9♣ "
               "J♠ J♥ J♦ K♠ K♥ K♦ 3♣")


def rules_for(*settings: str):
    return profile("marriage").parse_settings(list(settings))


def hand(shown, finisher="A", tiplu="J♣", seen=("B",), players=None,
         **fields) -> MarriageHand:
    players = players or tuple(shown)
    return MarriageHand(
        players=players, dealer=players[0], finisher=finisher,
        by=fields.pop("by", "melds"), tiplu=card(tiplu) if tiplu else None,
        seen=tuple(seen),
        shown=tuple((p, parse_shown_value(v)) for p, v in shown.items()),
        **fields)


def worked(*settings: str, **fields):
    shown = fields.pop("shown", {"A": WORKED, "B": "Q♣", "C": "-"})
    return resolve(hand(shown, **fields), rules_for(*settings))


def refusal(kind, *settings: str, **fields):
    with pytest.raises(kind) as err:
        worked(*settings, **fields)
    return err.value


# -- the table (MA-1, MA-5, MA-9, MA-11) ---------------------------------------

def test_ma11_every_missing_hand_is_named_in_one_message():
    err = refusal(Impossible, shown={"A": WORKED}, players=("A", "B", "C"))
    assert err.rule == "MA-11"
    assert err.message == ("no hand given for B, C: give each player's maal "
                           "cards, '-' for none, or an agreed maal number "
                           "(--hand NAME=…)")


def test_ma1_a_finisher_who_does_not_play_is_impossible():
    err = refusal(Impossible, finisher="Z")
    assert err.rule == "MA-1"
    assert err.message == ("Z does not play this hand (sitting out or "
                           "eliminated; playing: A, B, C)")


def test_ma5_exposed_melds_without_a_finisher_are_impossible():
    err = refusal(Impossible, finisher=None, shown={"A": "-", "B": "Q♣", "C": "-"},
                  exposed=(tuple(cards("3♠ 4♠ 5♠")),))
    assert err.rule == "MA-5"
    assert err.message == ("--exposed names the finisher's exposed melds: there "
                           "is no finisher")


def test_ma5_exposed_melds_with_an_agreed_show_are_impossible():
    err = refusal(Impossible, shown={"A": "20", "B": "Q♣", "C": "-"},
                  exposed=(tuple(cards("3♠ 4♠ 5♠")),))
    assert err.rule == "MA-5"
    assert err.message == ("--exposed needs the finisher's cards: a show agreed "
                           "at the table (shown:MAAL) is not ruled card by card")


@pytest.mark.parametrize("show", [WORKED, WORKED.replace("K♦ K♦ K♦", "K♦ K♦ 2♣")])
def test_ma9_the_finisher_cannot_be_seen_through_dublees(show):
    # a wrong entry, found before the show is ruled (the second is refused)
    err = refusal(Impossible, seen_dublees=("A",),
                  shown={"A": show, "B": "Q♣", "C": "-"})
    assert err.rule == "MA-9"
    assert err.message == ("A is the finisher: a finisher is always seen and "
                           "pays no fee; seeing through 7 dublees is marked "
                           "for a rival")


# -- MA-11: an agreed maal number, with or without a natural qualification -----

def test_ma11_agreed_maal_at_the_bounds_82_and_34_is_accepted():
    result = worked(shown={"A": WORKED, "B": "82", "C": "34"})
    assert dict(result.maal_shown()) == {"A": 10, "B": 82, "C": 34}


def test_ma11_agreed_maal_over_82_for_a_seen_player_is_impossible():
    err = refusal(Impossible, shown={"A": WORKED, "B": "83", "C": "-"})
    assert err.rule == "MA-11"
    assert err.message == (
        "B's agreed maal 83 is more than three decks can give one hand: at "
        "most 82 with these options (two dealt tunnelas of jhiplu and poplu, "
        "two tiplu copies, three of ordinary wildcards, one more)")


@pytest.mark.parametrize("who, fields", [
    ("C", {}),                                  # never saw
    ("B", {"seen": (), "seen_dublees": ("B",)}),    # saw through dublees
])
def test_ma11_agreed_maal_over_34_without_a_natural_qualification(who, fields):
    shown = {"A": WORKED, "B": "-", "C": "-"}
    shown[who] = "35"
    err = refusal(Impossible, shown=shown, **fields)
    assert err.rule == "MA-11"
    assert err.message == (
        f"{who}'s agreed maal 35 is more than {who} can hold: at most 34 "
        "without the dealt-tunnela bonus, which needs a natural qualification "
        "(two marriages, a jhiplu and a poplu)")


def test_ma17_agreed_maal_without_a_natural_qualification_at_most_64_with_alters():
    assert dict(worked("alter=true", shown={"A": WORKED, "B": "-", "C": "64"})
                .maal_shown())["C"] == 64
    err = refusal(Impossible, "alter=true", shown={"A": WORKED, "B": "-", "C": "65"})
    assert err.rule == "MA-11"
    assert err.message == (
        "C's agreed maal 65 is more than C can hold: at most 64 without the "
        "dealt-tunnela bonus, which needs a natural qualification (two "
        "marriages, a jhiplu and a poplu, three alters)")


def test_ma11_a_finisher_by_melds_qualified_naturally_a_finisher_by_dublees_did_not():
    by_melds = worked(shown={"A": "40", "B": "-", "C": "-"}, seen=())
    assert dict(by_melds.maal_shown())["A"] == 40
    err = refusal(Impossible, shown={"A": "35", "B": "-", "C": "-"}, seen=(),
                  by="dublees")
    assert err.rule == "MA-11"
    assert err.message.english.startswith("A's agreed maal 35 is more than A can hold: "
                                  "at most 34 without the dealt-tunnela bonus")


def test_ma11_a_rival_of_a_finisher_by_dublees_keeps_the_dealt_tunnela_bonus():
    result = resolve(hand({"A": DUBLEES, "B": "9♦ 9♦ 9♦ 4♥ 5♥", "C": "-"},
                          tiplu="5♥", by="dublees",
                          tunnelas=(("B", (card("9♦"),)),)), rules_for())
    assert result.as_json()["maal_items"]["B"][0] == {
        "name": "dealt tunnela of ordinary cards", "cards": ["9♦", "9♦", "9♦"],
        "value": 5}
    assert "B maal 10: dealt tunnela of ordinary cards 5, 1 jhiplu 2, 1 tiplu 3" \
        in result.explanation


@pytest.mark.parametrize("seen, fields, why", [
    ((), {}, "B has not seen the tiplu"),
    ((), {"seen_dublees": ("B",)}, "B saw the tiplu through dublees"),
])
def test_ma11_an_unseen_players_dealt_tunnela_is_shown_as_not_counted(seen, fields, why):
    result = resolve(hand({"A": WORKED, "B": "9♣ 9♣ 9♣ 4♥ 5♥", "C": "-"}, seen=seen,
                          tunnelas=(("B", (card("9♣"),)),), **fields), rules_for())
    assert result.as_json()["maal_items"]["B"] == []
    assert (f"B's dealt tunnela of 9♣ is not counted: {why}, and the dealt-tunnela "
            "bonus needs a natural qualification (three pure sequences or tunnelas) "
            "(MA-11, MA-5)") in result.explanation
    assert "MA-11" in result.rules and "MA-5" in result.rules


def test_ma11_a_finisher_by_dublees_is_told_their_dealt_tunnela_is_not_counted():
    dublees = "2♠ 2♠ 3♦ 3♦ 7♣ 7♣ 9♥ 9♥ J♠ J♠ Q♦ Q♦ K♣ K♣ A♥ A♥ 8♠ 8♠ 8♠ 6♠ 2♥"
    result = resolve(hand({"A": dublees, "B": "-", "C": "-"}, tiplu="5♥", by="dublees",
                          tunnelas=(("A", (card("8♠"),)),)), rules_for())
    assert result.explanation[1:3] == (
        "A finishes by dublees: A♥ A♥ | 2♠ 2♠ | 3♦ 3♦ | 7♣ 7♣ | 8♠ 8♠ | 9♥ 9♥ | J♠ J♠ "
        "| Q♦ Q♦ | 2♥ 6♠ 8♠ K♣ K♣ (MA-10)",
        "A's dealt tunnela of 8♠ is not counted: A finished by dublees, and the "
        "dealt-tunnela bonus needs a natural qualification (three pure sequences or "
        "tunnelas) (MA-11, MA-5)")


def test_ma11_a_seen_players_dealt_tunnela_is_counted_and_not_said_otherwise():
    result = resolve(hand({"A": WORKED, "B": "9♣ 9♣ 9♣ 4♥ 5♥", "C": "-"}, seen=("B",),
                          tunnelas=(("B", (card("9♣"),)),)), rules_for())
    assert not any("not counted" in line.english for line in result.explanation)
    assert result.as_json()["maal_items"]["B"][0]["name"] == \
        "dealt tunnela of ordinary cards"
    assert result.rules == ("MA-1", "MA-7", "MA-10", "MA-11", "MA-12")   # MA-5: no


# -- no tiplu: every hand agreed (MA-7, MA-10, MA-11) -----------------------------

def test_ma10_no_tiplu_every_hand_agreed_is_ruled_and_unverified():
    result = worked(shown={"A": "20", "B": "5", "C": "-"}, tiplu=None)
    data = result.as_json()
    assert data["tiplu"] is None
    assert result.wildcards == "no tiplu given: every hand is an agreed number"
    assert data["maal_shown"] == {"A": 20, "B": 5, "C": 0}
    assert data["maal_items"] == {"A": [], "B": [], "C": []}
    assert data["net"] == {"A": 48, "B": -13, "C": -35}
    assert result.rules == ("MA-1", "MA-10", "MA-11", "MA-12")     # no MA-7
    assert data["explanation"] == list(result.explanation)
    assert result.explanation[:2] == (
        "no tiplu given: every hand is an agreed number",
        "A finishes by melds; the show was accepted at the table, not shown "
        "card by card (agreed maal 20, unverified, MA-10)")
    assert result.explanation[-1] == "Agreed maal, not shown card by card: A, B"


# -- the lines of the house options (MA-15 … MA-18) --------------------------------

def test_ma18_printed_jokers_are_wild_in_the_wildcards_line_and_cited():
    result = worked("printed_jokers=2", shown={"A": WORKED, "B": "JK JK", "C": "-"})
    assert result.wildcards == ("tiplu J♣ → wild: every J, jhiplu 10♣, poplu Q♣, "
                                "and every JK (MA-18)")
    assert "B maal 4: 2 printed jokers 4" in result.explanation
    assert "MA-18" in result.rules


def test_ma17_alters_are_cited_only_when_someone_holds_one():
    result = worked("alter=true", shown={"A": WORKED, "B": "Q♣ 2♦", "C": "-"})
    assert "MA-17" not in result.rules
    assert dict(result.maal_shown()) == {"A": 10, "B": 2, "C": 0}


def test_ma15_kidnap_without_a_finisher_says_nobody_kidnaps():
    result = worked("mode=kidnap", finisher=None,
                    shown={"A": "-", "B": "Q♣", "C": "10♣"})
    assert result.mode == "kidnap" and result.as_json()["mode"] == "kidnap"
    assert ("C has not seen, and nobody finished to kidnap it: C's maal 2 "
            "counts 0 (MA-15)") in result.explanation


@pytest.mark.parametrize("mode", ["normal", "kidnap"])
def test_ma15_the_result_records_the_mode(mode):
    assert worked(f"mode={mode}").as_json()["mode"] == mode


def test_ma16_a_fee_of_two_options_names_both():
    result = resolve(hand({"A": DUBLEES, "B": "4♥", "C": "-"}, tiplu="5♥",
                          by="dublees"), rules_for("dublee_finish_bonus=7"))
    assert ("B owes A T 2 + w 10 (seen_fee 3 + dublee_finish_bonus 7, MA-16) "
            "− 3·2 = 6 → B pays A 6") in result.explanation


# -- MA-13, MA-20, MA-22: refused shows and a doubled hand ----------------------------

def test_ma13_a_refused_show_says_the_penalty_it_will_cost():
    bad = WORKED.replace("K♦ K♦ K♦", "K♦ K♦ 2♣")
    err = refusal(Refused, "invalid_show_penalty=10",
                  shown={"A": bad, "B": "Q♣", "C": "-"})
    assert err.rule == "MA-10"
    assert err.message.english.endswith(
        ". They take the cards back and complete the same turn (MA-13); under "
        "invalid_show_penalty = 10 they pay 10 to every other player; when the "
        "hand ends, record it with --invalid-show A")


def test_ma13_foul_now_the_refused_show_pays_in_this_hand():
    result = worked("invalid_show_penalty=10", invalid_shows=("C",))
    assert result.explanation[-3:] == (
        "C's show was refused this hand (MA-13): C pays 10 to every other player",
        "  C → A 10: invalid show (MA-13)",
        "  C → B 10: invalid show (MA-13)")
    assert [(p.payer, p.payee, p.amount, p.reason) for p in result.penalties] == [
        ("C", "A", 10, "invalid show (MA-13)"), ("C", "B", 10, "invalid show (MA-13)")]
    assert "MA-13" in result.rules and "MA-20" not in result.rules


def test_ma20_foul_next_the_fouls_due_pay_wait_or_are_waived():
    result = worked("invalid_show_penalty=10", "foul=next", invalid_shows=("C",),
                    fouls_due=("B", "Z", "A"))
    assert result.explanation[-5:] == (
        "C's show was refused this hand (MA-13): under foul = next (MA-20) C "
        "pays 10 to every other player with C's next hand, unless C finishes it",
        "Z's refused show of before waits for Z's next hand (MA-20)",
        "A's refused show of the hand before is waived: A finishes this one (MA-20)",
        "  B → A 10: invalid show (MA-13)",
        "  B → C 10: invalid show (MA-13)")
    assert dict(result.scores) == {"A": 41, "B": -29, "C": -12}
    assert (result.fouls_due, result.fouls_waiting) == (("B", "A"), ("Z",))


def test_ma20_under_foul_now_a_foul_due_is_neither_charged_nor_explained():
    plain = worked("invalid_show_penalty=10")
    result = worked("invalid_show_penalty=10", fouls_due=("B", "Z"))
    assert result.explanation == plain.explanation
    assert result.scores == plain.scores and result.penalties == ()


def test_ma22_a_doubled_hand_doubles_fees_payments_and_penalties():
    result = worked("invalid_show_penalty=10", invalid_shows=("C",), double=True)
    data = result.as_json()
    assert data["payments"] == [{"rival": "B", "fee": 6, "amount": 18},
                                {"rival": "C", "fee": 20, "amount": 44}]
    assert data["fees"] == {"B": 6, "C": 20}
    assert all(isinstance(v, int) for v in data["fees"].values())
    assert data["net"] == {"A": 82, "B": 2, "C": -84}
    assert result.explanation[-1] == ("A doubled hand (--double, MA-22): every "
                                      "payment ×2 → A +82, B +2, C -84")


# -- MA-5, MA-10: exposed melds and the discard of a 22-card show ------------------

def test_ma5_an_exposed_meld_with_a_stand_in_is_refused_before_the_search():
    err = refusal(Refused, exposed=(tuple(cards("9♦ 10♦ J♣")),))
    assert err.rule == "MA-5"
    assert err.message == ("the exposed meld 9♦ 10♦ J♣ is a dirty sequence: only "
                           "a pure sequence or a tunnela qualifies (MA-5)")


def test_ma18_an_exposed_meld_with_a_printed_joker_is_refused_under_the_house_rules():
    shown = {"A": WORKED.replace("5♠", "JK"), "B": "-", "C": "-"}
    err = refusal(Refused, "printed_jokers=1", shown=shown,
                  exposed=(tuple(cards("3♠ 4♠ JK")),))
    assert err.rule == "MA-5"
    assert err.message.english.startswith("the exposed meld 3♠ 4♠ JK is a dirty sequence")


def test_ma10_22_cards_the_discard_keeps_the_most_maal_past_worse_ones():
    result = resolve(hand({"A": SPARE_POPLU, "B": "-"}, tiplu="2♣", seen=()),
                     rules_for())
    assert result.discard == card("7♥")
    assert dict(result.maal_shown())["A"] == 12
    assert [format_cards(g) for g in result.arrangement][-1] == "7♦ 7♣ 3♣"
    assert any(line.english.endswith("; discards 7♥ (of the discards that finish, the "
                             "one keeping the most maal) (MA-10)")
               for line in result.explanation)


def test_ma10_22_cards_with_exposed_melds_keeps_them_first_and_as_given():
    exposed = tuple(tuple(cards(m)) for m in ("8♦ 9♦ 10♦", "A♣ 2♣ 3♣", "4♠ 5♠ 6♠"))
    result = resolve(hand({"A": SPARE_POPLU, "B": "-"}, tiplu="2♣", seen=(),
                          exposed=exposed), rules_for())
    assert result.discard == card("7♥")        # never a card of an exposed meld
    assert dict(result.maal_shown())["A"] == 12
    assert result.arrangement[:3] == exposed
    assert result.exposed == exposed
    assert ("A exposed 8♦ 9♦ 10♦ | A♣ 2♣ 3♣ | 4♠ 5♠ 6♠ to see the tiplu (MA-5): "
            "kept as exposed, the search arranges the other cards") \
        in result.explanation


def test_ma10_22_cards_by_dublees_the_discard_keeps_the_alter():
    # the search throws an ordinary wildcard (Q♦, the alter of Q♥); keeping
    # it and breaking the lowest pair instead still makes 8 dublees
    show = ("A♠ A♠ 2♠ 2♠ 3♦ 3♦ 4♣ 4♣ 6♠ 6♠ 7♣ 7♣ 8♦ 8♦ 9♥ 9♥ "
            "K♥ K♥ Q♠ Q♦ J♥ Q♥")
    result = resolve(hand({"A": show, "B": "-"}, tiplu="Q♥", seen=(), by="dublees"),
                     rules_for("alter=true"))
    assert result.discard == card("A♠")
    assert dict(result.maal_shown())["A"] == 17
    assert [format_cards(g) for g in result.arrangement][-2:] == [
        "K♥ K♥", "A♠ J♥ Q♠ Q♥ Q♦"]


def test_ma3_every_discard_that_finishes_breaks_the_dealt_tunnela():
    # 5♥ 6♥ and 7♠ 7♦ both need a 7♥: only a broken tunnela finishes
    show = ("7♥ 7♥ 7♥ 5♥ 6♥ 7♠ 7♦ 8♦ 9♦ 10♦ J♠ Q♠ K♠ 4♠ 5♠ 6♠ "
            "9♠ 9♥ 9♣ K♥ K♦ 3♣")
    with pytest.raises(Impossible) as err:
        resolve(hand({"A": show, "B": "-"}, tiplu="2♣", seen=(),
                     tunnelas=(("A", (card("7♥"),)),)), rules_for())
    assert err.value.rule == "MA-3"
    assert err.value.message == ("every discard that finishes breaks a tunnela "
                                 "A exposed at the deal")


# A dealt tunnela of jhiplu or poplu is worth its bonus only with a natural
# qualification (MA-5, MA-11), so whether the finisher qualified naturally
# moves the discard of a 22-card show whose every finishing discard costs
# maal. Tiplu 7♠: jhiplu 6♠, poplu 8♠ (the dealt tunnela), printed jokers.

def test_ma10_22_cards_by_melds_the_discard_counts_the_dealt_tunnela_bonus():
    # The exposed melds are no discard and every other card costs maal:
    # qualified, 6♠ 6♠ 6♠ 7♠ 7♠ 8♠ 8♠ 8♠ keep 10 + 7 + 20 = 37 and five JK
    # 50. Throwing the 7♠ keeps 10 + 3 + 20 + 50 = 83, a 6♠ 5 + 7 + 20 + 50
    # = 82, a JK 37 + 40 = 77, an 8♠ breaks the tunnela. Without the bonus
    # the 6♠ would go (two marriages 30 + 2, 82; the 7♠ 23 + 50 = 73).
    exposed = tuple(tuple(cards(m)) for m in ("2♥ 3♥ 4♥", "2♦ 3♦ 4♦", "2♣ 3♣ 4♣"))
    show = ("2♥ 3♥ 4♥ 2♦ 3♦ 4♦ 2♣ 3♣ 4♣ 6♠ 6♠ 6♠ 7♠ 7♠ 8♠ 8♠ 8♠ "
            "JK JK JK JK JK")
    result = resolve(hand({"A": show, "B": "-"}, tiplu="7♠", seen=(),
                          exposed=exposed, tunnelas=(("A", (card("8♠"),)),)),
                     rules_for("printed_jokers=5",
                               "joker_maal=10/20/30/40/50/60"))
    assert result.discard == card("7♠")
    assert dict(result.maal_shown())["A"] == 83
    assert result.scores == (("A", 93), ("B", -93))


def test_ma10_22_cards_by_dublees_the_discard_counts_no_dealt_tunnela_bonus():
    # Exactly 8 dublees: throwing a card of a pair, or the 7♠, leaves 7;
    # an 8♠ breaks the tunnela. Not qualified naturally (by dublees), 6♠ 6♠
    # 6♠ 7♠ 7♠ 8♠ 8♠ 8♠ keep two marriages and a jhiplu and a poplu, 34,
    # and four JK 12: throwing a 6♠ keeps 30 + 2 + 12 = 44, a JK 34 + 9 =
    # 43. With the bonus the JK would go (37 + 9 = 46 against 32 + 12).
    show = ("2♥ 2♥ 3♦ 3♦ 4♣ 4♣ 9♥ 9♥ 10♦ 10♦ 6♠ 6♠ 6♠ 7♠ 7♠ 8♠ 8♠ 8♠ "
            "JK JK JK JK")
    result = resolve(hand({"A": show, "B": "-"}, tiplu="7♠", seen=(), by="dublees",
                          tunnelas=(("A", (card("8♠"),)),)),
                     rules_for("printed_jokers=4", "joker_maal=3/6/9/12"))
    assert result.discard == card("6♠")
    assert dict(result.maal_shown())["A"] == 44
    assert result.scores == (("A", 59), ("B", -59))


def test_ma11_two_dealt_tunnelas_not_counted_are_named_together():
    result = resolve(hand({"A": WORKED, "B": "9♣ 9♣ 9♣ 4♦ 4♦ 4♦ 5♥", "C": "-"}, seen=(),
                          tunnelas=(("B", (card("9♣"), card("4♦"))),)), rules_for())
    assert result.as_json()["maal_items"]["B"] == []
    assert ("B's dealt tunnela of 9♣, 4♦ is not counted: B has not seen the tiplu, "
            "and the dealt-tunnela bonus needs a natural qualification (three pure "
            "sequences or tunnelas) (MA-11, MA-5)") in result.explanation
