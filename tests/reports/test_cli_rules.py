"""`rules`: the rule book for people (rendered Markdown on a terminal, a
pager only when taller than it, the Markdown as written when piped or with
--plain), one rule by its id during a dispute, and the book as JSON."""

from __future__ import annotations

import json
import re

import pytest

import scorekeeper.commands.rules
from scorekeeper.games import registry
from scorekeeper.reports import rulebook
from scorekeeper.screen import summaries
from scorekeeper.screen.summaries import should_page, strict_markdown

ANSI = re.compile(r"\x1b\[")


def test_dh8_rules_with_a_rule_id_prints_just_that_rule_with_its_sub_bullets(cli):
    result = cli("rules", "dhumbal", "DH-8")
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert text.startswith("- **DH-8 Resolving a call.**")
    assert "25 instead of" in text and "The winner receives every charge." in text
    assert "DH-7" not in text and "DH-9" not in text and "##" not in text


@pytest.mark.parametrize("typed", ["dh-8", "DH8", "dh 8", "DH-08"])
def test_dh8_a_rule_id_is_read_in_any_case(cli, typed):
    result = cli("rules", "dhumbal", typed)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("- **DH-8 ")


def test_dc8_a_rule_of_another_profile_of_the_game_is_found_without_naming_it(cli):
    assert cli("rules", "dhumbal", "DC-8").stdout.startswith("- **DC-8 ")
    named = cli("rules", "dhumbal", "cardrulesplus", "dc-8")
    assert named.exit_code == 0 and named.stdout.startswith("- **DC-8 ")


def test_ma11_a_rule_keeps_its_table_and_the_text_after_it(cli):
    text = cli("rules", "marriage", "MA-11").stdout
    assert "| 1 / 2 / 3 jhiplu | 2 / 5 / 10 |" in text
    assert "at most 34" in text and "(MA-15; by default none, S = 0)" in text
    assert "MA-12" not in text
    assert "maal_needs_seen" not in text      # the old option's name is gone


def test_an_unknown_rule_id_exits_2_listing_nearby_ids(cli):
    result = cli("rules", "dhumbal", "DH-14")
    assert result.exit_code == 2
    assert "DH-14" in result.stderr and "DH-13, DH-12, DH-11" in result.stderr
    as_json = cli("rules", "dhumbal", "DH-14", "--json")
    assert as_json.exit_code == 2 and "DH-13" in json.loads(as_json.stdout)["error"]


def test_a_rule_of_another_game_says_where_it_is(cli):
    result = cli("rules", "dhumbal", "MA-10")
    assert result.exit_code == 2
    assert "scorekeeper rules marriage three-deck MA-10" in result.stderr


def test_a_rule_of_another_profile_named_explicitly_says_where_it_is(cli):
    result = cli("rules", "dhumbal", "nepali-games", "DC-8")
    assert result.exit_code == 2
    assert "rules dhumbal cardrulesplus DC-8" in result.stderr


def test_rules_profile_positional_or_option_and_never_two_different(cli):
    positional = cli("rules", "dhumbal", "cardrulesplus")
    option = cli("rules", "dhumbal", "--profile", "CardRulesPlus")
    assert positional.exit_code == option.exit_code == 0
    assert positional.stdout == option.stdout
    assert "DC-1" in positional.stdout and "DH-1" not in positional.stdout
    clash = cli("rules", "dhumbal", "cardrulesplus", "--profile", "nepali-games")
    assert clash.exit_code == 2 and "two profiles" in clash.stderr


def test_rules_unknown_game_or_profile_exits_2(cli):
    assert cli("rules", "poker").exit_code == 2
    result = cli("rules", "dhumbal", "house", "DH-1")
    assert result.exit_code == 2 and "nepali-games, cardrulesplus" in result.stderr


def test_rules_piped_is_the_markdown_as_written_without_ansi(cli):
    result = cli("rules", "marriage", env={"FORCE_COLOR": "1"})
    assert result.exit_code == 0
    assert result.stdout.startswith("## Marriage, profile `three-deck`")
    assert "- **MA-11 Maal.**" in result.stdout
    assert not ANSI.search(result.stdout)


def test_rules_json_gives_the_sections_and_their_rules(cli):
    result = cli("rules", "marriage", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert (data["game"], data["profile"]) == ("marriage", "three-deck")
    ids = [r["id"] for s in data["sections"] for r in s["rules"]]
    assert ids[:14] == [f"MA-{n}" for n in range(1, 15)]
    assert data["rules"] == ids
    first = data["sections"][0]
    assert first["level"] == 2 and first["heading"].startswith("Marriage")
    assert "Worked example" in first["text"]
    table = data["sections"][0]["rules"][0]
    assert table == {"id": "MA-1", "title": "Table", "text": table["text"]}


def test_rules_json_with_a_rule_id_gives_that_rule(cli):
    data = json.loads(cli("rules", "dhumbal", "dh-4", "--json").stdout)
    assert data["rule"]["id"] == "DH-4" and data["rule"]["title"] == "Call"
    assert data["rule"]["text"].startswith("- **DH-4 Call.**")


def test_every_rule_of_the_book_is_found_by_its_id():
    for profile in registry.profiles():
        found = rulebook.sections(profile)
        for rule in rulebook.rules_of(found):
            assert rulebook.find_rule(found, rule.id.lower()) == rule


# -- for a person at a terminal ---------------------------------------------------

@pytest.fixture
def terminal(monkeypatch):
    """stdout is a terminal; what goes to the pager is kept."""
    paged: list[str] = []
    monkeypatch.setattr(scorekeeper.commands.rules, "stdout_is_terminal", lambda: True)
    monkeypatch.setattr(summaries, "page", paged.append)
    return paged


def test_rules_on_a_terminal_is_rendered_markdown_through_a_pager_if_taller(
        cli, terminal):
    result = cli("rules", "marriage", env={"COLUMNS": "100", "LINES": "40",
                                           "NO_COLOR": "1"})
    assert result.exit_code == 0, result.stderr
    assert len(terminal) == 1 and result.stdout == ""
    shown = terminal[0]
    assert "**" not in shown and "MA-11 Maal." in shown
    assert "•" in shown                     # bullets, rendered


def test_one_rule_on_a_terminal_fits_and_needs_no_pager(cli, terminal):
    result = cli("rules", "dhumbal", "DH-8", env={"COLUMNS": "100", "LINES": "40"})
    assert result.exit_code == 0
    assert terminal == []
    assert "DH-8 Resolving a call." in result.stdout and "**" not in result.stdout


def test_plain_on_a_terminal_is_the_markdown_as_written(cli, terminal):
    result = cli("rules", "dhumbal", "--plain", env={"LINES": "10"})
    assert terminal == [] and result.stdout.startswith("## Dhumbal")


def test_a_pager_only_on_a_terminal_and_only_for_taller_text():
    assert should_page(True, 50, 40)
    assert not should_page(True, 40, 40)
    assert not should_page(False, 500, 40)


def test_ma10_a_paragraph_after_sub_bullets_belongs_to_the_rule_not_the_sub_bullet():
    text = ("- **X-1 A.** either\n  - one;\n  - two.\n  After both.\n"
            "- **X-2 B.** a table:\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n"
            "  After the table.\n")
    strict = strict_markdown(text)
    assert "  - two.\n\n  After both." in strict
    assert "  | 1 | 2 |\n\n  After the table." in strict
