"""`profiles` and a profile's house options in `rules` in Nepali (issue 28):
each profile's summary and what each option takes are translated; the
words people type as they are (game and profile ids, option names and
values) stay; `--json` keeps the English."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.cells import cell_len

import scorekeeper.screen.style  # noqa: F401  (Devanagari cell widths)
from helpers import run_main
from scorekeeper.core.options import format_option
from scorekeeper.games import registry

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from english_left import english_words  # noqa: E402


def _typed(ids: bool = True) -> list[str]:
    """What people type as it is: the games' and profiles' ids and aliases
    (unless `ids` is false), the option names, their values and the values
    they allow."""
    words = {"true", "false", "none"}
    for p in registry.profiles():
        words |= {p.game, p.name, *p.aliases} if ids else set()
        words |= set(p.options)
        words |= {format_option(v) for v in p.option_values(p.rules).values()}
        words |= {format_option(v) for values in p.choices.values() for v in values}
        for key in p.options:    # an enum's values: what `allowed` lists
            value = getattr(p.rules, key)
            words |= {format_option(v) for v in getattr(type(value), "__members__",
                                                           {}).values()}
    # english_words takes these out of the text as they are: only words
    # (a digit or a letter alone, `j`, `q`, would cut the text's words)
    return sorted(w for w in words if len(w) > 1 and not w[0].isdigit())


TYPED = _typed()
# the same without the ids, for the whole rule book: english_words takes a
# word out wherever it is, and an id is part of a file the book cites
# (`server/src/yaniv.js`)
OPTION_WORDS = _typed(ids=False)


@pytest.fixture
def cli(capsys, monkeypatch):
    """The command as installed (`main` reads `--lang`), 80 columns."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")

    def run(*args: object) -> SimpleNamespace:
        code, stdout, stderr = run_main(args, capsys)
        return SimpleNamespace(exit_code=code, stdout=stdout, stderr=stderr)
    return run


def _house_options(text: str) -> str:
    """The list of a profile's options with their values now, which ends
    the profile's view of the rule book."""
    start = text.rindex("\n### ")
    return text[start:]


def test_profiles_in_nepali_say_each_profile_s_summary(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")    # each summary on one line
    shown = cli("profiles", "--lang", "ne")
    assert shown.exit_code == 0 and shown.stderr == ""
    flat = shown.stdout
    assert "घरको प्रोफाइल: पहिले तान्ने, J Q K को मान १०, क्रम नचल्ने" in flat
    assert "प्रकाशित रूप: J = ०, पहिले फाल्ने" in flat
    assert "दण्ड अङ्क" in flat
    assert "तीन गड्डी, लुकेको टिप्लु" in flat
    assert "४ वा ५ खेलाडी, हुकुमले काट्छ" in flat
    assert "house profile" not in flat and "spades trump" not in flat


def test_profiles_in_nepali_leave_only_the_words_people_type(cli, monkeypatch):
    # at 120 columns no option is cut short (at 80 rich ends a few with "…")
    monkeypatch.setenv("COLUMNS", "120")
    shown = cli("profiles", "--lang", "ne").stdout
    assert english_words(shown, TYPED) == []
    # the ids and options stay as typed: `new dhumbal --profile yaniv --set …`
    assert "dhumbal" in shown and "yaniv" in shown and "call_limit = 7" in shown


@pytest.mark.parametrize("args", [("dhumbal",), ("dhumbal", "cardrulesplus"),
                                  ("dhumbal", "yaniv"), ("marriage",), ("callbreak",)])
def test_a_profile_s_house_options_in_nepali_say_what_each_takes(cli, args):
    english = _house_options(cli("rules", *args, "--plain").stdout)
    nepali = _house_options(cli("rules", *args, "--plain", "--lang", "ne").stdout)
    assert english_words(nepali, TYPED) == []
    assert english.count("\n- `") == nepali.count("\n- `") > 5


def test_dhumbal_s_house_options_in_nepali(cli):
    shown = _house_options(cli("rules", "dhumbal", "--plain", "--lang", "ne").stdout)
    assert "- `ties = caught`: caught, caller_wins मध्ये एउटा; DO-2।" in shown
    assert "- `caught_pays = instead`: instead, plus मध्ये एउटा; DO-3।" in shown
    assert "- `hands = 3`: पूरा सङ्ख्या वा none; DH-12।" in shown
    assert ("- `call_limit = 5`: पूरा सङ्ख्या, खेलाडी सङ्ख्या अनुसारको तालिका "
            "(जस्तै 2:5,3:10,4:15), वा none; DH-4।") in shown


def test_marriage_s_ranges_and_tiers_in_nepali(cli):
    shown = _house_options(cli("rules", "marriage", "--plain", "--lang", "ne").stdout)
    assert "- `seen_fee = 3`: ० देखि १०० सम्मको पूरा सङ्ख्या; MA-16।" in shown
    assert "- `maal_tiplu = 3/7`: एक, दुई, … वटा हुँदाका मान '/' ले छुट्याएर" in shown


def test_a_house_option_set_differently_in_nepali_names_its_default(cli):
    shown = _house_options(cli("rules", "dhumbal", "--set", "ties=caller_wins",
                               "--plain", "--lang", "ne").stdout)
    assert "- `ties = caller_wins` (पूर्वनिर्धारित caught): caught, caller_wins " \
           "मध्ये एउटा; DO-2।" in shown


@pytest.mark.parametrize("args", [("profiles",), ("rules", "dhumbal"),
                                  ("rules", "marriage"), ("rules", "callbreak")])
def test_profiles_and_rules_json_are_the_same_in_english_and_nepali(cli, args):
    english = cli(*args, "--json")
    nepali = cli(*args, "--json", "--lang", "ne")
    assert english.exit_code == nepali.exit_code == 0
    assert nepali.stdout == english.stdout
    data = json.loads(nepali.stdout)
    if args == ("profiles",):
        assert data["profiles"][0]["summary"].startswith("house profile: draw first")
    else:
        takes = {row["option"]: row["takes"] for row in data["options"]}
        assert all(takes.values())
        assert takes.get("ties", "one of caught, caller_wins") == \
            "one of caught, caller_wins"


@pytest.mark.parametrize("language", ["en", "ne"])
def test_profiles_too_narrow_for_the_table_cut_no_option_short(cli, monkeypatch, language):
    # at 40 and 80 columns the table would end option names with "…"
    # (`maal_tunnela_neighbo…`): each profile is a block of lines instead
    for width in ("40", "80"):
        monkeypatch.setenv("COLUMNS", width)
        shown = cli("profiles", "--lang", language).stdout
        assert "…" not in shown
        assert max(cell_len(line) for line in shown.splitlines()) <= int(width)
        for p in registry.profiles():
            assert f"\n{p.game} {p.name}" in shown
            for key in p.options:
                assert f"\n    {key} = " in shown
    assert "maal_table = three-deck (three-deck|calculator)" in shown


def test_profiles_wide_enough_are_a_table(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    shown = cli("profiles", "--lang", "ne").stdout
    assert "━━━━" in shown and "maal_tunnela_neighbour = 20/40" in shown
