"""The Nepali rule book (issue 28): RULES.ne.md translates RULES.md, the
specification, rule for rule; `rules … --lang ne` shows it."""

from __future__ import annotations

import fnmatch
import io
import json
import re
import sys
import tomllib
from importlib import resources
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.cells import cell_len
from rich.console import Console

import scorekeeper.screen.style  # noqa: F401  (Devanagari cell widths)
from helpers import run_main
from scorekeeper.core import language
from scorekeeper.games import registry
from scorekeeper.reports import rulebook
from scorekeeper.screen import summaries

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from english_left import english_words  # noqa: E402

# who the book cites (repositories, people) and its examples' players
SOURCES = ["jdross", "Udi18", "RomainCscn", "TheKojuEffect", "sanjeebko",
           "RupeshGhimire", "prashantacharya", "Asha", "Bikash", "Chandra",
           "Dipak", "JK"]


@pytest.fixture
def cli(capsys):
    """The command as installed: through `main`, which reads `--lang`
    (the conftest leaves English after each test)."""
    def run(*args: object) -> SimpleNamespace:
        code, stdout, stderr = run_main(args, capsys)
        return SimpleNamespace(exit_code=code, stdout=stdout, stderr=stderr)
    return run


def _book(language_: str) -> str:
    return rulebook.full_text(language_)


def _ids(text: str) -> list[str]:
    return [r.id for r in rulebook.rules_of(rulebook.parse_sections(text))]


def _without(text: str, rule_id: str) -> str:
    """The book with one rule's bullet taken out."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines)
                 if line.startswith(f"- **{rule_id} "))
    end = rulebook._rule_end(lines, start)
    return "\n".join(lines[:start] + lines[end:])


def test_the_nepali_book_has_every_rule_id_heading_and_number_of_the_english():
    english, nepali = _book("en"), _book("ne")
    assert rulebook.differences(english, nepali) == []
    assert _ids(nepali) == _ids(english) and len(_ids(english)) > 80
    heads = [line.split(" ")[0] for line in nepali.splitlines() if line.startswith("#")]
    assert heads == [line.split(" ")[0] for line in english.splitlines()
                     if line.startswith("#")]


@pytest.mark.parametrize("rule_id", ["DH-8", "DC-11", "YA-12", "MA-11", "MA-23", "CB-4",
                                     "CB-17"])
def test_a_rule_missing_from_the_nepali_book_is_a_difference(rule_id):
    english, nepali = _book("en"), _book("ne")
    found = rulebook.differences(english, _without(nepali, rule_id))
    assert len(found) == 1 and rule_id in found[0], found


def test_rules_out_of_order_or_a_changed_number_are_differences():
    english, nepali = _book("en"), _book("ne")
    swapped = nepali.replace("- **DH-6 ", "- **DH-X ").replace(
        "- **DH-7 ", "- **DH-6 ").replace("- **DH-X ", "- **DH-7 ")
    assert any("DH-6" in d for d in rulebook.differences(english, swapped))
    # DH-8's 25, the caught caller's charge, written as 30
    changed = nepali.replace("त्यसको सट्टा २५", "त्यसको सट्टा ३०")
    assert changed != nepali
    found = rulebook.differences(english, changed)
    assert found == ["DH-8: numbers only in English [], only in the translation ['30']"]
    fewer = nepali.replace("### म्यारिजका घरका नियम", "## म्यारिजका घरका नियम")
    assert any("levels" in d for d in rulebook.differences(english, fewer))


def test_the_nepali_book_says_at_its_top_the_english_one_is_the_specification():
    top = "\n".join(_book("ne").splitlines()[:6])
    assert "`RULES.md`" in top and "अनुवाद" in top
    assert "आधिकारिक विवरण अङ्ग्रेजी पुस्तिका नै हो" in top
    assert "फरक परे अङ्ग्रेजी\n> पुस्तिका मान्य हुन्छ" in top


def test_the_nepali_book_leaves_no_english_prose():
    """Latin letters only in code (what people type), cards, names and
    sources, and commit ids."""
    text = re.sub(r"`[^`]*`", " ", _book("ne").split("\n", 5)[5])
    text = re.sub(r"\b[0-9a-f]{7,40}\b", " ", text)
    assert english_words(text, SOURCES) == []


def test_every_profile_finds_the_same_rules_in_both_books():
    for profile in registry.profiles():
        english = [r.id for r in rulebook.rules_of(rulebook.sections(profile))]
        nepali = [r.id for r in rulebook.rules_of(rulebook.sections(profile, "ne"))]
        assert nepali == english and english, profile.name


def test_dh8_rules_in_nepali_shows_the_nepali_rule(cli):
    result = cli("rules", "dhumbal", "DH-8", "--lang", "ne")
    assert result.exit_code == 0 and result.stderr == ""
    text = result.stdout
    assert text.startswith("- **DH-8 कलको फैसला।**")
    assert "त्यसको सट्टा २५" in text and "विजेताले सबै रकम पाउँछ।" in text
    assert "DH-7" not in text and "DH-9" not in text and "##" not in text
    assert english_words(text) == []


def test_ma11_in_nepali_keeps_its_table(cli):
    text = cli("rules", "marriage", "ma11", "--lang", "ne").stdout
    assert "| १ / २ / ३ झिप्लु | २ / ५ / १० |" in text
    assert "बढीमा ३४" in text and "MA-12" not in text


def test_a_profile_s_book_in_nepali_has_its_headings_and_options(cli):
    result = cli("rules", "marriage", "--lang", "ne")
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert text.startswith("## म्यारिज, प्रोफाइल `three-deck` (पूर्वनिर्धारित)")
    assert "### म्यारिजका घरका नियम (प्रोफाइल `three-deck`)" in text
    assert "### `three-deck` का घरका नियम (अहिलेका मान)" in text
    assert "## कल ब्रेक" not in text
    shown = cli("rules", "dhumbal", "yaniv", "--set", "penalty=25", "--lang", "ne").stdout
    assert "## धुम्बलका घरका नियम (हरेक प्रोफाइल)" in shown
    assert "- `penalty = 25` (पूर्वनिर्धारित 30):" in shown


@pytest.mark.parametrize("args", [("dhumbal", "DH-8"), ("marriage",), ("callbreak", "cb-4")])
def test_rules_json_is_the_same_in_english_and_nepali(cli, args):
    english = cli("rules", *args, "--json")
    nepali = cli("rules", *args, "--json", "--lang", "ne")
    assert english.exit_code == nepali.exit_code == 0
    assert nepali.stdout == english.stdout
    assert json.loads(nepali.stdout)["game"] in {"dhumbal", "marriage", "callbreak"}


def test_the_rules_command_s_refusals_in_nepali_cite_the_rule_ids(cli):
    missing = cli("rules", "dhumbal", "DH-14", "--lang", "ne")
    assert missing.exit_code == 2 and missing.stdout == ""
    assert "DH-14 नियम छैन; नजिकका: DH-13, DH-12, DH-11" in missing.stderr
    elsewhere = cli("rules", "dhumbal", "MA-10", "--lang", "ne")
    assert elsewhere.exit_code == 2
    assert ("MA-10 marriage, प्रोफाइल three-deck को नियम हो: "
            "scorekeeper rules marriage three-deck MA-10") in elsewhere.stderr
    two = cli("rules", "dhumbal", "yaniv", "--profile", "cardrulesplus", "--lang", "ne")
    assert two.exit_code == 2
    assert "दुई प्रोफाइल दिइए: yaniv र --profile cardrulesplus" in two.stderr
    english = cli("rules", "dhumbal", "DH-14", "--json", "--lang", "ne")
    assert "no rule DH-14 in dhumbal" in json.loads(english.stdout)["error"]


def test_a_nepali_rule_rendered_fits_40_columns():
    language.use("ne")
    try:
        profile = registry.profile("dhumbal")
        rule = rulebook.find_rule(rulebook.sections(profile, "ne"), "DH-13")
        assert rule is not None
        out = io.StringIO()
        summaries.rules(Console(width=40, file=out, color_system=None), rule.text,
                        is_terminal=False)
        lines = out.getvalue().splitlines()
        assert len(lines) > 10 and max(cell_len(line) for line in lines) <= 40
    finally:
        language.use("en")


def test_the_nepali_book_is_packaged_as_the_english_one_is():
    with open(ROOT / "pyproject.toml", "rb") as f:
        data = tomllib.load(f)["tool"]["setuptools"]["package-data"]["scorekeeper"]
    for book in rulebook.BOOKS.values():
        assert any(fnmatch.fnmatch(book, pattern) for pattern in data), book
        assert resources.files("scorekeeper").joinpath(book).is_file()
