"""Choosing the language people read (issue 28, item 1) and its digits
(item 4): `--lang` beats SCOREKEEPER_LANG, which beats a locale naming
Nepali, which beats the user config; `--lang en` forces English."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.core import language
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import choose, digits, split_options
from scorekeeper.core.money import parse_rate
from scorekeeper.core.options import is_whole_number
from scorekeeper.core.scores import ScoreKind
from scorekeeper.core.typed import to_latin


@pytest.mark.parametrize("option, environ, config, chosen", [
    (None, {}, None, "en"),
    ("ne", {}, None, "ne"),
    ("en", {"SCOREKEEPER_LANG": "ne", "LANG": "ne_NP.UTF-8"}, "ne", "en"),
    ("ne", {"SCOREKEEPER_LANG": "en"}, "en", "ne"),
    (None, {"SCOREKEEPER_LANG": "ne"}, None, "ne"),
    (None, {"SCOREKEEPER_LANG": "en", "LC_ALL": "ne_NP.UTF-8"}, "ne", "en"),
    (None, {"LANG": "ne_NP.UTF-8"}, None, "ne"),
    (None, {"LC_MESSAGES": "ne_NP"}, None, "ne"),
    (None, {"LC_ALL": "ne"}, None, "ne"),
    # POSIX: LC_ALL beats LC_MESSAGES beats LANG
    (None, {"LC_ALL": "en_US.UTF-8", "LANG": "ne_NP.UTF-8"}, None, "en"),
    (None, {"LC_MESSAGES": "ne_NP", "LANG": "en_US.UTF-8"}, None, "ne"),
    # the environment beats the config ...
    (None, {"LANG": "ne_NP.UTF-8"}, "en", "ne"),
    # ... but a locale naming another language is no choice: the config decides
    (None, {"LANG": "en_US.UTF-8"}, "ne", "ne"),
    (None, {"LANG": "C.UTF-8"}, "ne", "ne"),
    (None, {}, "en", "en"),
    (None, {"SCOREKEEPER_LANG": ""}, "ne", "ne"),
])
def test_an_option_beats_the_environment_which_beats_the_config(option, environ,
                                                                config, chosen):
    assert choose(option, environ, config) == chosen


@pytest.mark.parametrize("option, environ", [
    ("fr", {}), ("", {"SCOREKEEPER_LANG": "de"}), (None, {"SCOREKEEPER_LANG": "x"})])
def test_a_language_not_en_or_ne_is_refused(option, environ):
    with pytest.raises(ValueError, match="en or ne"):
        choose(option, environ)


def _config(lang, terms=None, calls=None):
    """A config reader as `start` takes it, counting its calls."""
    def read():
        if calls is not None:
            calls.append(1)
        return lang, terms or {}
    return read


@pytest.mark.parametrize("args, environ, config, chosen, reads", [
    ([], {}, "ne", "ne", 1),                                  # the config decides
    ([], {}, None, "en", 1),
    (["--lang", "en"], {}, "ne", "en", 0),                    # the option beats it
    ([], {"SCOREKEEPER_LANG": "en"}, "ne", "en", 0),          # the environment too
    ([], {"LANG": "ne_NP.UTF-8"}, "en", "ne", 1),             # read for its terms
    ([], {"LANG": "en_US.UTF-8"}, "ne", "ne", 1),             # no choice: the config
    (["--lang", "ne"], {}, "en", "ne", 1),
])
def test_the_config_chooses_only_when_the_option_and_environment_do_not(
        args, environ, config, chosen, reads):
    calls: list[int] = []
    try:
        assert language.start([*args, "x"], environ, _config(config, calls=calls)) \
            == (["x"], None)
        assert language.current() == chosen
        assert len(calls) == reads    # English chosen by the option: no file read
    finally:
        language.use("en")


def test_a_broken_config_is_refused_and_english_kept():
    def broken():
        raise ValueError("c.toml:1: lang must be \"en\" or \"ne\", not 'fr'")
    rest, refused = language.start(["x"], {}, broken)
    assert (rest, refused) == (["x"], "c.toml:1: lang must be \"en\" or \"ne\", not 'fr'")
    assert language.current() == "en"


def test_a_term_of_the_config_is_spelt_its_way_in_nepali_only():
    language.start(["--lang", "ne"], {}, _config(None, {"डिल": "हात", "खेलाडी": "खेलाडि",
                                                        "बाहिर": "आउट"}))
    try:
        assert language._("Player") == "खेलाडि"
        assert language.ngettext("{title} ({profile}) — {played}/{planned} hand",
                                 "{title} ({profile}) — {played}/{planned} hands", 2) \
            == "{title} ({profile}) — {played}/{planned} हात"
        # the template is respelled; a value filled in (a name) never is
        said = language.say(language.Said("{name}  (out)", name="बाहिर"))
        assert said == "बाहिर  (आउट)"
    finally:
        language.use("en")
    language.start(["--lang", "en"], {}, _config(None, {"डिल": "हात"}))
    assert language._("Player") == "Player"


def test_every_term_the_config_may_respell_is_a_term_of_the_glossary():
    glossary = (Path(__file__).resolve().parents[1] / "docs/GLOSSARY.md").read_text("utf-8")
    rows = [line.split("|")[2].strip() for line in glossary.splitlines()
            if line.startswith("| ") and line.count("|") > 3]
    assert set(language.TERMS) <= set(rows), set(language.TERMS) - set(rows)


@pytest.mark.parametrize("args, rest, lang, latin", [
    (["standings", "x.toml", "--lang", "ne"], ["standings", "x.toml"], "ne", False),
    (["--lang=ne", "standings", "x.toml"], ["standings", "x.toml"], "ne", False),
    (["--lang", "en", "check", "call", "A♠"], ["check", "call", "A♠"], "en", False),
    (["history", "--latin-digits", "x"], ["history", "x"], None, True),
    (["history", "--", "--lang", "ne"], ["history", "--", "--lang", "ne"], None, False),
    (["standings", "--lang"], ["standings", "--lang"], None, False),
])
def test_the_global_options_are_taken_out_wherever_they_stand(args, rest, lang, latin):
    assert split_options(args) == (rest, lang, latin)


def test_start_refuses_a_bad_language_and_keeps_english():
    rest, refused = language.start(["--lang", "fr", "standings"], {})
    assert rest == ["standings"]
    assert refused == "--lang is a language, en or ne, not 'fr'"
    assert language.current() == "en"


def test_english_loads_no_catalog_and_translates_nothing():
    language.use("en")
    assert language._chosen.catalog is None
    assert language._("Player") == "Player"
    assert digits(32) == "32"


def test_nepali_translates_and_writes_devanagari_digits():
    language.use("ne")
    try:
        assert language._("Player") == "खेलाडी"
        assert digits("-56") == "-५६"
        assert digits(1234567890) == "१२३४५६७८९०"
    finally:
        language.use("en")


def test_latin_digits_keep_the_nepali_words():
    rest, refused = language.start(["--lang", "ne", "--latin-digits", "x"], {})
    try:
        assert (rest, refused) == (["x"], None)
        assert language._("Player") == "खेलाडी"
        assert digits(32) == "32"
    finally:
        language.use("en")


def test_the_digits_may_be_latin_by_the_environment():
    language.start(["x"], {"SCOREKEEPER_LANG": "ne", "SCOREKEEPER_DIGITS": "latin"})
    try:
        assert language.current() == "ne" and digits(7) == "7"
    finally:
        language.use("en")


def test_back_in_english_gettext_reads_its_own_domain_again():
    import gettext
    import os

    before = (gettext.textdomain(), os.environ.get("LANGUAGE"))
    language.use("ne")
    assert gettext.gettext("Options") == "विकल्पहरू"       # typer's own word
    language.use("en")
    assert (gettext.textdomain(), os.environ.get("LANGUAGE")) == before


# -- typed numbers: Devanagari digits read as Latin ones -------------------------

@pytest.mark.parametrize("text, whole", [
    ("१२", True), ("-३", True), ("12", True), ("²", False),
    ("--५", False), ("", False)])
def test_a_whole_number_may_be_typed_in_devanagari_digits(text, whole):
    assert is_whole_number(text) is whole
    if whole:
        assert int(text) == int(to_latin(text))


def test_a_whole_number_in_mixed_digits_is_refused_not_misread():
    with pytest.raises(Impossible, match="one kind of digits"):    # issue 39
        is_whole_number("१2")


def test_a_score_and_a_rate_may_be_typed_in_devanagari_digits():
    assert ScoreKind(scale=10).parse("३.१") == 31
    assert ScoreKind().parse("-१२") == -12
    assert parse_rate("२.५") == parse_rate("2.5")
