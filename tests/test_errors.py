"""An error value cites its rule once, where a reader looks for it."""

from scorekeeper.core import language
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.language import Said, say


def test_a_rule_is_cited_after_the_message():
    assert str(Refused(Said("Asha may not call with 12"), "DH-4")) == \
        "Asha may not call with 12 (DH-4)"


def test_a_rule_the_message_already_cites_is_not_cited_again():
    assert str(Impossible(Said("wild (MA-13) cards only"), "MA-13")) == "wild (MA-13) cards only"


def test_a_second_rule_joins_the_citation_the_line_ends_with():
    assert str(Refused(Said("the deal passes to Asha (DH-3)"), "DH-11")) == \
        "the deal passes to Asha (DH-3, DH-11)"


def test_a_listing_cites_its_rule_on_the_first_line():
    err = Refused(Said("nothing written:\n  hand 3: Asha plays (DC-1)"), "DC-8")
    assert str(err) == "nothing written (DC-8):\n  hand 3: Asha plays (DC-1)"


def test_an_error_cited_inside_another_message_is_said_in_the_readers_language():
    # `cited`: a refusal held by another message (a waiting deal's, a
    # skipped ledger's, verify's "its inputs are ruled against: …")
    err = Impossible(Said.ngettext("{played} hand is already played",
                                   "{played} hands are already played",
                                   count=2, played=2), "DH-12")
    held = err.cited()
    assert held.english == str(err) == "2 hands are already played (DH-12)"
    language.use("ne")
    assert say(held) == "२ डिल खेलिसकिए (DH-12)"


# -- a typo of a word the command knows: the nearest one suggested --------------------

def test_a_misspelt_game_profile_or_option_suggests_the_nearest(cli, tmp_path):
    path = tmp_path / "s.toml"
    cases = [(["--game", "dhumbl"], "unknown game 'dhumbl' (did you mean dhumbal?); "
              "games: dhumbal, marriage, callbreak"),
             (["--game", "dhumbal", "--profile", "yaniw"],
              "unknown profile 'yaniw' for dhumbal (did you mean yaniv?); profiles: "),
             (["--game", "dhumbal", "--set", "call_limt=7"],
              "unknown option 'call_limt' for profile nepali-games (did you mean "
              "call_limit?); options: call_limit, ")]
    for args, said in cases:
        result = cli("new", path, *args, "--players", "A,B")
        assert result.exit_code == 2 and said in result.stderr, result.stderr
        assert not path.exists()


def test_nothing_is_suggested_for_a_word_far_from_every_one(cli, tmp_path):
    result = cli("new", tmp_path / "s.toml", "--game", "chess", "--players", "A,B")
    assert result.exit_code == 2
    assert "unknown game 'chess'; games:" in result.stderr and "mean" not in result.stderr


def test_the_nearest_word_is_one_edit_away_or_a_swap_and_never_a_tie():
    from scorekeeper.core.errors import nearest_word

    assert nearest_word("MARRAIGE", ["dhumbal", "marriage"]) == "marriage"   # a swap
    assert nearest_word("ab", ["ac", "ad"]) is None                     # two as near
    assert nearest_word("hands", ["hand", "bands"]) is None
    assert nearest_word("turn_cap", ["turn_cap2", "penalty"]) == "turn_cap2"
    assert nearest_word("x", []) is None
