"""An error value cites its rule once, where a reader looks for it."""

from scorekeeper.core.errors import Impossible, Refused


def test_a_rule_is_cited_after_the_message():
    assert str(Refused("Asha may not call with 12", "DH-4")) == \
        "Asha may not call with 12 (DH-4)"


def test_a_rule_the_message_already_cites_is_not_cited_again():
    assert str(Impossible("wild (MA-13) cards only", "MA-13")) == "wild (MA-13) cards only"


def test_a_second_rule_joins_the_citation_the_line_ends_with():
    assert str(Refused("the deal passes to Asha (DH-3)", "DH-11")) == \
        "the deal passes to Asha (DH-3, DH-11)"


def test_a_listing_cites_its_rule_on_the_first_line():
    err = Refused("nothing written:\n  hand 3: Asha plays (DC-1)", "DC-8")
    assert str(err) == "nothing written (DC-8):\n  hand 3: Asha plays (DC-1)"
