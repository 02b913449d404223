"""MA-11's Interpretation for an agreed maal under another maal table
(MA-19): the bound is that table's, and the refusal says so word for word
(the core directly: `check_agreed_maal`)."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import Impossible
from scorekeeper.games.marriage.engine import check_agreed_maal
from scorekeeper.games.marriage.rules import THREE_DECK

TABLE = THREE_DECK.parse_settings(["maal_marriage=10/100"])


def refused(total: int, natural: bool, rules=TABLE) -> Impossible:
    with pytest.raises(Impossible) as err:
        check_agreed_maal("B", total, natural, rules)
    return err.value


def test_ma11_a_natural_player_under_another_table():
    check_agreed_maal("B", 139, True, TABLE)
    err = refused(140, True)
    assert err.rule == "MA-11"
    assert err.message == (
        "B's agreed maal 140 is more than three decks can give one hand: at "
        "most 139 with these options (the best hand under this maal table, MA-19)")


def test_ma11_without_a_natural_qualification_under_another_table():
    check_agreed_maal("B", 104, False, TABLE)
    err = refused(105, False)
    assert err.rule == "MA-11"
    assert err.message == (
        "B's agreed maal 105 is more than B can hold: at most 104 without the "
        "dealt-tunnela bonus, which needs a natural qualification (the best "
        "hand under this maal table, MA-19)")


def test_ma11_alter_alone_is_no_other_table():
    err = refused(103, True, THREE_DECK.parse_settings(["alter=true"]))
    assert "at most 102 with these options (two dealt tunnelas" in err.message.english


# -- MA-10: a 22-card show whose every discard keeps no maal ------------------------

def test_ma10_22_cards_without_any_maal_still_finish():
    from scorekeeper.core.cards import card
    from scorekeeper.core.seating import parse_shown_value
    from scorekeeper.games.marriage.engine import MarriageHand, resolve

    plain = ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 4♦ 5♦ 6♦ 2♥ 3♥ 4♥ "
             "7♠ 7♦ 7♣ K♦ K♦ K♦ 9♠")          # no wildcard of tiplu J♣
    shown = {"A": plain, "B": "0", "C": "-"}
    result = resolve(MarriageHand(
        players=("A", "B", "C"), dealer="A", finisher="A", by="melds",
        tiplu=card("J♣"), seen=("B",),
        shown=tuple((p, parse_shown_value(v)) for p, v in shown.items())),
        THREE_DECK.rules)
    assert str(result.discard) == "9♠"
    assert dict(result.maal_totals()) == {"A": 0, "B": 0, "C": 0}
    assert dict(result.scores) == {"A": 13, "B": -3, "C": -10}
