"""`ScoreKind` (scorekeeper.core.scores): how a game declares its scores,
and what the two existing games declare."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.errors import Impossible
from scorekeeper.core.scores import NET, PENALTY_POINTS, ScoreKind
from scorekeeper.games import registry
from scorekeeper.screen.style import colour

TENTHS = ScoreKind(scale=10, higher_is_better=True, transfers=False)


def test_tenths_display_as_people_write_them():
    assert [TENTHS.display(v) for v in (31, -30, 0, 5, -5, 120)] == \
        ["3.1", "-3.0", "0.0", "0.5", "-0.5", "12.0"]
    assert [TENTHS.signed(v) for v in (31, -30, 0)] == ["+3.1", "-3.0", "0.0"]
    assert TENTHS.signed(0, plus_zero=True) == "+0.0"


def test_whole_points_display_as_before():
    assert [NET.display(v) for v in (12, -3, 0)] == ["12", "-3", "0"]
    assert [NET.signed(v) for v in (12, -3, 0)] == ["+12", "-3", "0"]
    assert NET.signed(0, plus_zero=True) == f"{0:+d}"
    assert NET.mean(2.25) == f"{2.25:.1f}" and TENTHS.mean(22.5) == "2.25"


@given(st.integers(-10**12, 10**12), st.sampled_from([1, 10, 100]))
def test_display_and_parse_round_trip(stored, scale):
    kind = ScoreKind(scale=scale)
    assert kind.parse(kind.display(stored)) == stored
    assert kind.parse(kind.signed(stored)) == stored


def test_parse_refuses_more_decimals_than_the_scale_holds():
    assert TENTHS.parse("3.1") == 31 and TENTHS.parse("-3") == -30
    assert TENTHS.parse("+12") == 120
    with pytest.raises(Impossible, match="at most 1 decimal"):
        TENTHS.parse("3.14")
    with pytest.raises(Impossible, match="a whole number"):
        NET.parse("3.1")
    with pytest.raises(Impossible):
        TENTHS.parse("three")


@pytest.mark.parametrize("scale", [0, -10, 2, 9, 100 + 1, 110])
def test_a_scale_is_a_power_of_ten_or_a_count_from_11_to_99(scale):
    with pytest.raises(ValueError):
        ScoreKind(scale=scale)


@given(st.integers(-10**12, 10**12))
def test_cb11_a_count_of_13_rolls_over_and_round_trips(stored):
    kind = ScoreKind(scale=13, transfers=False)
    assert kind.parse(kind.display(stored)) == stored
    assert kind.parse(kind.signed(stored)) == stored


def test_cb11_thirteenths_read_as_points_and_tricks_over():
    kind = ScoreKind(scale=13, transfers=False)
    assert kind.digits == 2
    assert [kind.display(v) for v in (41, 51, 52, -39, 0)] == \
        ["3.02", "3.12", "4.00", "-3.00", "0.00"]
    assert kind.parse("3.12") == 51 and kind.parse("3.1") == 49
    assert kind.mean(41.4) == "3.02" and kind.mean(-38.6) == "-3.00"
    for typed in ("3.13", "3.5"):
        with pytest.raises(Impossible) as err:
            kind.parse(typed)
        assert err.value.message.english == \
            f"a score counts 0 to 12 after the point, not {typed!r}"
    with pytest.raises(Impossible, match="at most 2 decimals"):
        kind.parse("3.123")


def test_the_key_follows_transfers():
    assert NET.key == "net" and PENALTY_POINTS.key == "points"
    assert TENTHS.key == "points"
    assert TENTHS.words() == "points, higher is better"
    assert PENALTY_POINTS.words() == "penalty points, lower is better"


def test_better_sorts_the_best_first():
    totals = [5, -3, 12]
    assert sorted(totals, key=TENTHS.better) == [12, 5, -3]
    assert sorted(totals, key=PENALTY_POINTS.better) == [-3, 5, 12]


def test_colour_follows_the_declaration():
    assert colour(31, TENTHS) == "[good]+3.1[/]"
    assert colour(-30, TENTHS) == "[bad]-3.0[/]"
    assert colour(0, TENTHS) == "0.0"
    # penalty points: a gain is bad
    assert colour(5, PENALTY_POINTS) == "[bad]+5[/]"
    assert colour(-5, PENALTY_POINTS) == "[good]-5[/]"
    assert colour(5, NET) == "[good]+5[/]"
    # the old call (a bool: lower is better) reads as before
    assert colour(5, True) == colour(5, PENALTY_POINTS)
    assert colour(5) == colour(5, False) == colour(5, NET)


def test_with_display_adds_keys_and_keeps_every_other():
    data = {"hand": 1, "points": {"Asha": 31}, "rules": ["X"]}
    assert TENTHS.with_display(data, "points", "totals") == {
        "hand": 1, "points": {"Asha": 31}, "points_display": {"Asha": "3.1"},
        "rules": ["X"]}


def test_existing_games_declare_whole_points_and_their_ordering():
    dhumbal, marriage = registry.game("dhumbal"), registry.game("marriage")
    assert dhumbal.profile("nepali-games").rules.score_kind == NET
    assert dhumbal.profile("cardrulesplus").rules.score_kind == PENALTY_POINTS
    assert marriage.profile().rules.score_kind == NET
    for game in (dhumbal, marriage):
        assert all(p.rules.score_kind.scale == 1 for p in game.profiles)


def test_every_game_declares_one_kind_read_every_way():
    """`zero_sum`, `lower_is_better` and `score_key` are read from the
    declaration: a game overriding them instead would be read two ways."""
    for game in registry.games():
        for profile in game.profiles:
            kind = profile.rules.score_kind
            assert profile.rules.zero_sum == kind.transfers
            assert profile.rules.lower_is_better == (not kind.higher_is_better)
            assert profile.rules.score_key == kind.key
