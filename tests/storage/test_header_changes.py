"""The checks of a change to a ledger's header (`session/header_checks.py`),
called directly on a session read (issue 36 moved them out of
`ledger/header.py`): what its mutation run found no test for."""

from __future__ import annotations

import random

import pytest

from ledgers import dhumbal_hand, ledger_text
from scorekeeper.core import language
from scorekeeper.core.errors import Impossible
from scorekeeper.games import registry
from scorekeeper.ledger.document import parse
from scorekeeper.session.header_checks import Like, extending

PLAYERS = ("Asha", "Bikash", "Chandra")


@pytest.fixture
def ne():
    """Nepali for the messages said in this test (English after)."""
    language.use("ne")
    yield
    language.use("en")


def test_dh12_fewer_hands_than_played_is_refused_in_the_reader_s_words(ne):
    rng = random.Random(12)
    hands = [dhumbal_hand(rng, PLAYERS) for _ in range(2)]
    session = parse(ledger_text("dhumbal", PLAYERS, hands), "short.toml")
    with pytest.raises(Impossible) as refused:
        extending(session, "hands", 1)
    assert (refused.value.message.english, refused.value.rule) == (
        "2 hands are already played", "DH-12")
    assert language.say(refused.value.message) == "२ डिल खेलिसकिए"


def test_like_an_option_is_named_by_what_comes_before_its_first_equals_sign():
    """`new --like`: a typed option replaces OTHER's of the same name,
    whatever its value holds (a value with `=` is then refused as any
    value the option does not take)."""
    profile = registry.game("dhumbal").profile(None)
    other = Like("dhumbal", profile.name, ("penalty=20", "hands=4"), PLAYERS, "Asha", {})
    assert other.settings_with(profile, ["penalty=2=0"], False) == ["hands=4", "penalty=2=0"]
    odd = other._replace(settings=("penalty=2=0", "hands=4"))
    assert odd.settings_with(profile, ["penalty=20"], False) == ["hands=4", "penalty=20"]
