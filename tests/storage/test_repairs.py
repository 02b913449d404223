"""The checks of a change to a ledger that does not verify
(`session/verify.py`), called directly on small Dhumbal sessions edited
by hand: `listed` (what a refusal lists), `refuse_stale` (no change onto
such a ledger), `new_problems`, `session_fixes` (`verify --fix`), and the
repairs' checks `amend_sound`, `fixed`, `undo_sound`, `extend_mends`
(DH-11 the ledger, DH-12 the session's length; CLI.md: `verify`,
`amend`, `undo`, `extend`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_ledger import hand_header_lines, tamper, three_hands

from scorekeeper.core import language
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.language import Said, say
from scorekeeper.ledger.document import parse
from scorekeeper.ledger.tomltext import replace_option, without_last_hand
from scorekeeper.session.verify import (
    Checked,
    Problem,
    amend_sound,
    extend_mends,
    fixed,
    listed,
    new_problems,
    refuse_stale,
    session_fixes,
    undo_sound,
    verify,
)

PATH = Path("t.toml")

# hand by hand edits of `three_hands()` that make it not verify
NET_1 = (1, "Asha = -25, Bikash = 34", "Asha = -20, Bikash = 29")
WINNER_2 = (2, 'winner = "Bikash"', 'winner = "Asha"')
WINNER_3 = (3, 'winner = "Chandra"', 'winner = "Asha"')
DEALER_2 = (2, 'dealer = "Bikash"', 'dealer = "Chandra"')
SUM_2 = (2, "Bikash = 27", "Bikash = 28")
CARD_1 = (1, 'Bikash = "2♠ 3♣"', 'Bikash = "A♦ 3♣"')

SAID_NET_1 = ("hand 1: `net` as stored disagrees with the rules: "
              "Asha -20 → -25, Bikash 29 → 34")
SAID_WINNER_2 = 'hand 2: stored winner "Asha" but the rules give "Bikash"'
SAID_WINNER_3 = 'hand 3: stored winner "Asha" but the rules give "Chandra"'
SAID_SUM_2 = "hand 2: net sums to 1, not 0 (DH-11)"
SAID_SUM_2_NET = "hand 2: `net` as stored disagrees with the rules: Bikash 28 → 27"


def edited(*edits: tuple[int, str, str], text: str | None = None) -> str:
    """`three_hands()` (or `text`) with each hand edited by hand."""
    text = three_hands() if text is None else text
    for hand, old, new in edits:
        text = tamper(text, hand, old, new)
    return text


def planned(text: str, hands: int) -> str:
    return replace_option(text, "hands", hands)


def checked(text: str, label: str = "t.toml") -> Checked:
    """The session read from `text` and what `verify` finds in it."""
    session = parse(text, label)
    return Checked(session, tuple(verify(session)))


def english(problems) -> list[tuple[int | None, str]]:
    return [(p.hand, p.message.english) for p in problems]


def made(*messages: str, hand: int | None = None) -> list[Problem]:
    return [Problem(hand, None, Said("{item}", item=m)) for m in messages]


def plan_said(planned_hands: int, hand_word: str = "hands") -> str:
    return (f"the session plans {planned_hands} {hand_word} ([options] hands) but 4 are "
            "recorded: raise it with `scorekeeper extend t.toml --hands N` (DH-12)")


def four_hands() -> str:
    """`three_hands()` planning 4 hands, with a fourth: hand 1's table
    again (Asha deals hand 4 as she dealt hand 1)."""
    text = planned(three_hands(), 4)
    first = text.split("[[hands]]")[1].replace("hand = 1", "hand = 4", 1)
    return text.rstrip("\n") + "\n\n[[hands]]" + first


# -- listed: what a refusal lists ----------------------------------------------------

def test_dh11_listed_says_one_problem_as_its_message_indented():
    problems = verify(parse(edited(NET_1), "t.toml"))
    assert problems[0].line == hand_header_lines(three_hands())[0]   # the line is not said
    assert listed(problems).english == "  " + SAID_NET_1


def test_dh11_listed_says_two_problems_one_a_line_in_their_order():
    problems = verify(parse(edited(SUM_2), "t.toml"))
    assert listed(problems).english == f"  {SAID_SUM_2}\n  {SAID_SUM_2_NET}"
    assert listed(problems[::-1]).english == f"  {SAID_SUM_2_NET}\n  {SAID_SUM_2}"


def test_dh11_listed_says_three_problems_each_once():
    found = made("a", "b", "c", hand=1)
    assert listed(found).english == "  a\n  b\n  c"


def test_dh11_listed_says_ten_problems_whole():
    found = made(*(f"problem {n}" for n in range(1, 11)))
    assert listed(found).english == "\n".join(f"  problem {n}" for n in range(1, 11))


@pytest.mark.parametrize("count", [11, 12, 25])
def test_dh11_listed_says_the_first_ten_and_how_many_more(count):
    found = made(*(f"problem {n}" for n in range(1, count + 1)))
    lines = [f"  problem {n}" for n in range(1, 11)] + [f"  … and {count - 10} more"]
    assert listed(found).english == "\n".join(lines)


def test_dh11_listed_says_each_problem_in_the_readers_language():
    found = verify(parse(edited(WINNER_2), "t.toml")) * 12
    language.use("ne")
    try:
        said = say(listed(found))
    finally:
        language.use("en")
    lines = said.split("\n")
    assert len(lines) == 11
    assert lines[0] == lines[9] != "  " + SAID_WINNER_2   # the message translated
    assert lines[0].startswith("  ")
    assert lines[10] == "  … र अरू २"                       # Devanagari digits


# -- refuse_stale: no change onto a ledger that does not verify ----------------------

def test_dh11_refuse_stale_lets_a_ledger_that_verifies_be_changed():
    assert refuse_stale(checked(three_hands())) is None


def test_dh11_refuse_stale_refuses_listing_every_problem_and_the_ways_out():
    with pytest.raises(Refused) as err:
        refuse_stale(checked(edited(NET_1, WINNER_3), "evening.toml"))
    assert err.value.exit_code == 1
    assert err.value.rule is None
    assert err.value.message.english == (
        "evening.toml does not verify (changed outside scorekeeper?); nothing written:\n"
        f"  {SAID_NET_1}\n  {SAID_WINNER_3}\n"
        "Correct a hand with `scorekeeper amend evening.toml N`, or re-rule every hand "
        "whose stored result disagrees with `scorekeeper verify evening.toml --fix`.")
    assert str(err.value) == err.value.message.english


def test_dh11_refuse_stale_refuses_a_session_level_problem_alone():
    with pytest.raises(Refused) as err:
        refuse_stale(checked(planned(three_hands(), 1)))
    assert err.value.rule is None
    assert "\n  the session plans 1 hand ([options] hands) but 3 are recorded" \
        in err.value.message.english


# -- new_problems: what a change added of its own ------------------------------------

def test_dh11_new_problems_none_when_the_same_problems_are_left():
    before = checked(edited(NET_1, WINNER_3))
    assert new_problems(before, before.problems) == []
    assert new_problems(before, before.problems[1:]) == []
    assert new_problems(before, []) == []


def test_dh11_new_problems_a_known_problem_on_another_line_is_not_new():
    before = checked(edited(WINNER_3))
    text = edited(WINNER_3, (1, 'dealer = "Asha"\n', 'dealer = "Asha"\nnote = "x"\n'))
    after = verify(parse(text, "t.toml"))
    assert [p.line for p in after] != [p.line for p in before.problems]
    assert new_problems(before, after) == []


def test_dh11_new_problems_are_those_on_another_hand_or_said_otherwise_in_order():
    session = parse(three_hands(), "t.toml")
    before = Checked(session, (Problem(2, 30, Said("x")), Problem(None, None, Said("plan"))))
    found = [Problem(3, 30, Said("x")), Problem(2, 7, Said("x")), Problem(2, 30, Said("y")),
             Problem(None, None, Said("plan")), Problem(1, None, Said("plan")),
             Problem(None, None, Said("other"))]
    assert new_problems(before, found) == [found[0], found[2], found[4], found[5]]


def test_dh11_new_problems_of_a_ledger_that_verified_are_all_found():
    before = checked(three_hands())
    found = verify(parse(edited(WINNER_2), "t.toml"))
    assert new_problems(before, found) == found


# -- session_fixes: the hands `verify --fix` re-rules ---------------------------------

def test_dh11_session_fixes_rules_again_each_hand_that_disagrees_in_order():
    text = edited(NET_1, WINNER_3)
    session = parse(text, "t.toml")
    clean = parse(three_hands(), "t.toml")
    fixes = session_fixes(session, verify(session))
    assert [f.number for f in fixes] == [1, 3]
    assert [f.stored for f in fixes] == [dict(clean.hands[0].data), dict(clean.hands[2].data)]
    assert [f.number for f in session_fixes(session, verify(session)[::-1])] == [3, 1]


def test_dh11_session_fixes_a_hand_with_two_problems_once():
    session = parse(edited(SUM_2), "t.toml")
    problems = verify(session)
    assert english(problems) == [(2, SAID_SUM_2), (2, SAID_SUM_2_NET)]
    fixes = session_fixes(session, problems)
    assert [f.number for f in fixes] == [2]
    assert fixes[0].stored["net"] == {"Asha": -7, "Bikash": 27, "Chandra": -20}


def test_dh11_session_fixes_only_the_hands_the_problems_name():
    session = parse(edited(NET_1, WINNER_2, WINNER_3), "t.toml")
    problems = verify(session)
    assert [f.number for f in session_fixes(session, problems[1:2])] == [2]
    assert session_fixes(session, []) == []


def test_dh12_session_fixes_skips_a_problem_of_no_hand_and_goes_on():
    session = parse(planned(edited(WINNER_3), 1), "t.toml")
    problems = verify(session)
    assert [p.hand for p in problems] == [None, 3]
    assert [f.number for f in session_fixes(session, problems)] == [3]


def test_dh1_session_fixes_leaves_out_a_hand_that_cannot_be_replayed_and_goes_on():
    session = parse(edited(CARD_1, WINNER_3), "t.toml")
    problems = verify(session)
    assert [p.hand for p in problems] == [1, 3]
    assert "its inputs cannot be replayed" in problems[0].message.english
    assert [f.number for f in session_fixes(session, problems)] == [3]


def test_dh3_session_fixes_leaves_out_a_hand_whose_result_agrees():
    # a dealer out of turn: ruled again as stored, the hand stores the same
    session = parse(edited(DEALER_2), "t.toml")
    problems = verify(session)
    assert [p.hand for p in problems] == [2, 3]
    assert session_fixes(session, problems) == []
    both = parse(edited(DEALER_2, NET_1), "t.toml")
    assert [f.number for f in session_fixes(both, verify(both))] == [1]


# -- amend_sound: amending mends a ledger one hand at a time --------------------------

def test_dh11_amend_sound_accepts_the_amend_that_mends_the_ledger():
    before = checked(edited(NET_1))
    assert amend_sound(before, parse(three_hands(), "t.toml"), PATH, 1) == []


def test_dh11_amend_sound_accepts_leaving_the_other_problems_as_they_were():
    before = checked(edited(NET_1, WINNER_3))
    after = parse(edited(WINNER_3), "t.toml")
    assert english(amend_sound(before, after, PATH, 1)) == [(3, SAID_WINNER_3)]
    # amending another hand, leaving both problems as they are
    assert english(amend_sound(before, parse(edited(NET_1, WINNER_3), "t.toml"), PATH, 2)) \
        == [(1, SAID_NET_1), (3, SAID_WINNER_3)]


def test_dh11_amend_sound_refuses_a_problem_of_its_own_listing_only_it():
    before = checked(edited(NET_1, WINNER_3))
    after = parse(edited(WINNER_2, WINNER_3), "t.toml")
    with pytest.raises(Refused) as err:
        amend_sound(before, after, Path("night") / "t.toml", 1)
    assert err.value.exit_code == 1
    assert err.value.rule == "DH-11"
    assert err.value.message.english == (
        "amending hand 1 would leave night/t.toml not verifying; nothing written:\n"
        f"  {SAID_WINNER_2}")


def test_dh11_amend_sound_refuses_making_a_ledger_that_verified_not_verify():
    before = checked(three_hands())
    after = parse(edited(SUM_2), "t.toml")
    with pytest.raises(Refused) as err:
        amend_sound(before, after, PATH, 2)
    assert err.value.rule == "DH-11"
    assert err.value.message.english == (
        "amending hand 2 would leave t.toml not verifying; nothing written:\n"
        f"  {SAID_SUM_2}\n  {SAID_SUM_2_NET}")


def test_dh12_amend_sound_knows_the_short_plan_and_refuses_only_the_new():
    before = checked(planned(three_hands(), 1))
    after = parse(planned(edited(WINNER_2), 1), "t.toml")
    with pytest.raises(Refused) as err:
        amend_sound(before, after, PATH, 2)
    assert err.value.rule == "DH-11"
    assert err.value.message.english.endswith(f"nothing written:\n  {SAID_WINNER_2}")


# -- fixed: what still does not verify after `verify --fix` ---------------------------

def test_dh11_fixed_returns_nothing_once_every_hand_agrees():
    assert fixed(parse(three_hands(), "t.toml"), PATH, [1, 3]) == []
    assert fixed(parse(three_hands(), "t.toml"), PATH, []) == []


def test_dh3_fixed_returns_what_fix_cannot_mend():
    after = parse(edited(DEALER_2), "t.toml")
    left = fixed(after, PATH, [1])
    assert [p.hand for p in left] == [2, 3]
    assert left == verify(after)
    plan = parse(planned(three_hands(), 1), "t.toml")
    assert [p.hand for p in fixed(plan, PATH, [1, 2, 3])] == [None]


@pytest.mark.parametrize("planned_hands", [[3], [1, 3], [3, 1]])
def test_dh11_fixed_refuses_a_re_ruled_hand_that_still_disagrees(planned_hands):
    after = parse(edited(WINNER_3), "t.toml")
    with pytest.raises(Impossible) as err:
        fixed(after, Path("night") / "t.toml", planned_hands)
    assert err.value.exit_code == 2
    assert err.value.rule is None
    assert err.value.message.english == "night/t.toml: re-ruled hands still disagree; " \
        "nothing written"


# -- undo_sound: undo allowed when what is left verifies -----------------------------

def test_dh11_undo_sound_of_a_ledger_that_verified_checks_nothing():
    before = checked(three_hands())
    assert undo_sound(before, parse(edited(NET_1), "t.toml")) == []


def test_dh11_undo_sound_allows_undoing_the_hand_that_did_not_verify():
    before = checked(edited(WINNER_3))
    after = parse(without_last_hand(edited(WINNER_3)), "t.toml")
    assert after.hands[-1].number == 2
    assert undo_sound(before, after) == []


def test_dh11_undo_sound_refuses_what_is_left_not_verifying_listing_it():
    before = checked(edited(NET_1, WINNER_3))
    after = parse(without_last_hand(edited(NET_1, WINNER_3)), "after.toml")
    with pytest.raises(Refused) as err:
        undo_sound(before, after)
    assert err.value.exit_code == 1
    assert err.value.rule is None
    assert err.value.message.english.startswith(
        f"after.toml does not verify (changed outside scorekeeper?); nothing written:\n"
        f"  {SAID_NET_1}\nCorrect a hand")


# -- extend_mends: extending mends a plan shorter than the hands played ---------------

def test_dh12_extend_mends_of_a_ledger_that_verified_checks_nothing():
    before = checked(three_hands())
    assert extend_mends(before, parse(edited(NET_1), "t.toml")) == []


def test_dh12_extend_mends_a_plan_shorter_than_the_hands_played():
    before = checked(planned(three_hands(), 1))
    assert extend_mends(before, parse(three_hands(), "t.toml")) == []


def test_dh12_extend_mends_the_plan_leaving_the_other_problems():
    before = checked(planned(edited(WINNER_3), 2))
    assert [p.hand for p in before.problems] == [None, 3]
    assert english(extend_mends(before, parse(edited(WINNER_3), "t.toml"))) \
        == [(3, SAID_WINNER_3)]


def test_dh12_extend_refused_when_it_removes_no_problem():
    before = checked(edited(WINNER_3), "before.toml")
    after = parse(planned(edited(WINNER_3), 4), "after.toml")
    with pytest.raises(Refused) as err:
        extend_mends(before, after)
    assert err.value.exit_code == 1
    assert err.value.rule is None
    assert err.value.message.english.startswith(
        "before.toml does not verify (changed outside scorekeeper?); nothing written:\n"
        f"  {SAID_WINNER_3}\nCorrect a hand")


def test_dh12_extend_refused_when_it_adds_a_problem_though_fewer_are_left():
    text = four_hands()
    assert verify(parse(text, "t.toml")) == []
    # the plan too short, and two problems of hands `verify` would also name
    before = Checked(parse(planned(text, 1), "before.toml"),
                     (*verify(parse(planned(text, 1), "t.toml")),
                      *made("x", "y", hand=2)))
    after = parse(planned(text, 2), "t.toml")
    assert english(verify(after)) == [(None, plan_said(2))]
    with pytest.raises(Refused) as err:
        extend_mends(before, after)
    assert err.value.rule is None
    assert err.value.message.english.startswith(
        "before.toml does not verify (changed outside scorekeeper?); nothing written:\n"
        f"  {plan_said(1, 'hand')}\n  x\n  y\nCorrect a hand")


def test_dh12_extend_refused_when_the_longer_plan_is_still_short():
    # the plan still too short is a new problem: refused, even with one less
    text = four_hands()
    before = checked(planned(edited(WINNER_3, text=text), 1))
    after = parse(planned(edited(WINNER_3, text=text), 2), "t.toml")
    assert len(verify(after)) == len(before.problems)
    with pytest.raises(Refused) as err:
        extend_mends(before, after)
    assert err.value.rule is None
