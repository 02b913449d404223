"""Nepali as a family speaks it (issue 39, items 2–4): a name joined to
its case ending, one register for players, one word for each thing: the
glossary's (docs/GLOSSARY.md), in the catalog and in the rule book."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "scorekeeper" / "locale" / "ne" / "LC_MESSAGES" / "scorekeeper.po"
BOOK = ROOT / "scorekeeper" / "rules" / "RULES.ne.md"
GLOSSARY = ROOT / "docs" / "GLOSSARY.md"

LETTER = "\u0900-\u0963\u0971-\u097F"   # Devanagari letters and signs (not । ॥ or digits)
# the placeholders whose value is a person's name (or a list of names)
NAMES = ("name", "names", "dealer", "seated", "was", "old", "new", "wanted",
         "rival", "finisher", "winner", "winners", "receiver", "giver", "payer",
         "payee", "first_dealer", "usual", "after", "caller", "by", "holders")
ENDINGS = ("ले", "लाई", "को", "का", "की", "बाट", "सँग", "मा", "भन्दा", "तिर", "सम्म")
# a case ending a synonym may carry and still be that word
SUFFIXES = ("हरूलाई", "हरूले", "हरूको", "हरूका", "हरूमा", "हरू", "लाई", "ले", "को",
            "का", "की", "बाट", "मा", "सँग", "कै", "बारे", "माथि", "भन्दा", "जस्तै")
# the synonym → the glossary's word (the section "One word for each thing")
SYNONYMS = {
    "ढुम्बल": "धुम्बल", "पत्ता": "पत्ती", "मिलान": "सेट", "दर्जा": "नम्बर",
    "थाक": "थुप्रो", "देखाइ": "शो", "चरण": "डिल", "राउन्ड": "डिल",
    "तुरुप": "हुकुमले काट्नु", "जरिवाना": "दण्ड", "सकायो": "सक्यो",
    "सकाएको": "सकेको", "सकाउने": "सक्ने", "सकाउनु": "सक्नु",
    "सिध्याउनु": "सक्नु", "सिध्याउने": "सक्ने", "सिध्यायो": "सक्यो",
    "सिध्याएको": "सकेको", "देखेका": "माल हेरेका", "देखेको": "माल हेरेको",
    "बाँड्दै आएको": "बाँड्दा आएको",
}
# players' verbs in the curt register, and the honorific the catalog says
CURT = {"जित्यो": "जित्नुभयो", "तिर्छ": "तिर्नुहुन्छ", "उठाउँछ": "उठाउनुहुन्छ",
        "समातियो": "समातिनुभयो", "बाँड्यो": "बाँड्नुभयो", "जान्छन्": "जानुहुन्छ",
        "खेल्दैनन्": "खेल्नुहुन्न", "पाउँछन्": "पाउनुहुन्छ",
        "हात लियो": "हात लिनुभयो", "गर्‍यो": "गर्नुभयो"}


# the messages whose {name} is an option or what was typed, not a person
NOT_A_PERSON = re.compile(r"^(?:Invalid value for|Option|Argument|the name) \{name")


@functools.cache
def _messages() -> list[tuple[str, str]]:
    """(English, Nepali) for every translation, each plural form apart (read
    once: every test here reads the same catalog)."""
    with PO.open("rb") as file:
        catalog = read_po(file)
    said: list[tuple[str, str]] = []
    for message in catalog:
        if message.id:
            english = message.id[0] if isinstance(message.id, tuple) else message.id
            strings = message.string if isinstance(message.string, tuple) \
                else (message.string,)
            said.extend((english, nepali) for nepali in strings)
    return said


def _translations() -> list[str]:
    return [nepali for _, nepali in _messages()]


def _word(word: str) -> re.Pattern[str]:
    """`word` alone or with a case ending, never inside a longer word
    (शो is a synonym, देखाइएको is not)."""
    ends = "|".join(SUFFIXES)
    return re.compile(rf"(?<![{LETTER}]){re.escape(word)}(?:{ends})?(?![{LETTER}])")


def test_a_name_placeholder_is_joined_to_its_case_ending():
    apart = re.compile(rf"\{{(?:{'|'.join(NAMES)})(?:![rs])?\}} "
                       rf"(?:{'|'.join(ENDINGS)})(?![{LETTER}])")
    found = [nepali for english, nepali in _messages()
             if apart.search(nepali) and not NOT_A_PERSON.match(english)]
    assert found == []


def test_the_ending_test_finds_a_name_apart_from_its_ending():
    apart = re.compile(rf"\{{(?:{'|'.join(NAMES)})\}} (?:{'|'.join(ENDINGS)})"
                       rf"(?![{LETTER}])")
    assert apart.search("{name} ले जित्नुभयो")
    assert not apart.search("{name}ले जित्नुभयो")
    assert not apart.search("{name} लेखियो")     # a word that begins like ले


@pytest.mark.parametrize("synonym", sorted(SYNONYMS))
def test_no_synonym_of_a_glossary_term_in_the_catalog(synonym):
    pattern = _word(synonym)
    assert [s for s in _translations() if pattern.search(s)] == []


@pytest.mark.parametrize("synonym", sorted(SYNONYMS))
def test_no_synonym_of_a_glossary_term_in_the_nepali_rule_book(synonym):
    lines = BOOK.read_text(encoding="utf-8").splitlines()
    assert [line for line in lines if _word(synonym).search(line)] == []


def test_the_synonym_test_spares_a_longer_word():
    assert _word("देखाइ").search("एउटा देखाइमा")
    assert not _word("देखाइ").search("देखाइएको पत्ती")
    assert not _word("थाक").search("थाकेको")


def test_the_glossary_lists_every_synonym_the_test_enforces():
    glossary = GLOSSARY.read_text(encoding="utf-8")
    section = glossary.split("## One word for each thing", 1)[1].split("\n## ", 1)[0]
    for synonym, term in SYNONYMS.items():
        assert synonym in section and term in section, synonym


@pytest.mark.parametrize("curt", sorted(CURT))
def test_players_verbs_are_in_the_honorific(curt):
    pattern = re.compile(rf"(?<![{LETTER}]){re.escape(curt)}(?![{LETTER}])")
    assert [s for s in _translations() if pattern.search(s)] == []
