"""Choosing Nepali (issue 28, items 1, 3, 4, 5): the user config's `lang`
(`--lang` beats the environment beats the config), a table's own spelling
of a glossary term (`[terms]`), click's and typer's own words in Nepali,
and numbers typed in Devanagari digits wherever a number is typed.

Commands run through `main`, which reads `--lang` and the config (as the
installed command does); the conftest leaves English after each test."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from helpers import run_main

NAMES = "आशा,विकास,चन्द्र"


def run(args: list[object], capsys, monkeypatch, width: int = 80,
        **env: str) -> tuple[int, str, str]:
    monkeypatch.setenv("COLUMNS", str(width))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return run_main(args, capsys)


@pytest.fixture
def config(tmp_path: Path, monkeypatch):
    """Write the user config (TOML text) and point SCOREKEEPER_CONFIG at it."""
    path = tmp_path / "config.toml"
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(path))
    monkeypatch.delenv("SCOREKEEPER_LANG", raising=False)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)

    def write(text: str) -> Path:
        path.write_text(text, "utf-8")
        return path
    return write


@pytest.fixture
def evening(tmp_path: Path, capsys, monkeypatch) -> Path:
    path = tmp_path / "साँझ.toml"
    code, _, err = run(["new", path, "--game", "dhumbal", "--players", NAMES,
                        "--lang", "en"], capsys, monkeypatch)
    assert code == 0, err
    code, _, err = run(["record", path, "--call", "विकास", "--hand", "आशा=१२",
                        "--hand", "विकास=३", "--hand", "चन्द्र=२०", "--lang", "en"],
                       capsys, monkeypatch)
    assert code == 0, err
    return path


# -- item 1: the config's language ----------------------------------------------

@pytest.mark.parametrize("key", ["lang", "language"])
def test_the_configs_lang_chooses_nepali(config, evening, key, capsys, monkeypatch):
    config(f'{key} = "ne"\n')
    code, out, _ = run(["standings", evening], capsys, monkeypatch)
    assert code == 0 and "खेलाडी" in out and "Player" not in out


@pytest.mark.parametrize("args, env, nepali", [
    (["--lang", "en"], {}, False),                      # the option beats the config
    ([], {"SCOREKEEPER_LANG": "en"}, False),            # the environment beats it
    (["--lang", "ne"], {"SCOREKEEPER_LANG": "en"}, True),   # the option beats both
    ([], {"LANG": "en_US.UTF-8"}, True),                # a locale of another language: the config
])
def test_an_option_beats_the_environment_which_beats_the_configs_lang(
        config, evening, args, env, nepali, capsys, monkeypatch):
    config('lang = "ne"\n')
    code, out, _ = run(["standings", evening, *args], capsys, monkeypatch, **env)
    assert code == 0
    assert ("खेलाडी" in out, "Player" in out) == (nepali, not nepali)


def test_the_environment_beats_a_config_saying_english(config, evening, capsys,
                                                       monkeypatch):
    config('lang = "en"\n')
    code, out, _ = run(["standings", evening], capsys, monkeypatch,
                       SCOREKEEPER_LANG="ne")
    assert code == 0 and "खेलाडी" in out


def test_a_broken_config_is_said_in_the_language_the_command_line_chose(
        config, evening, capsys, monkeypatch):
    # it was English whatever --lang said: the message lost its `Said`
    path = config('lang = "ne"\nrate = "abc"\n')
    code, out, err = run(["standings", evening, "--lang", "ne"], capsys, monkeypatch)
    assert (code, out) == (2, "")
    assert err.startswith(f"त्रुटि: {path}:2: दर भनेको एक अङ्कको पैसा हो") and "abc" in err
    code, out, _ = run(["standings", evening, "--lang", "ne", "--json"], capsys,
                       monkeypatch)
    assert code == 2 and json.loads(out)["error"] == (
        f"{path}:2: a rate is money per point, a positive number such as 10 or 2.5, "
        "not 'abc'")

@pytest.mark.parametrize("text, said", [
    ('lang = "fr"\n', ':1: lang must be "en" or "ne", not \'fr\''),
    ('ascii = true\nlanguage = "nepali"\n', ':2: language must be "en" or "ne"'),
    ('lang = "ne"\nlanguage = "ne"\n', ":2: lang and language are the same key"),
    ('lang = 1\n', ':1: lang must be "en" or "ne", not 1'),
])
def test_a_bad_language_in_the_config_cannot_be_understood(config, evening, text, said,
                                                           capsys, monkeypatch):
    path = config(text)
    code, out, err = run(["standings", evening], capsys, monkeypatch)
    assert (code, out) == (2, "")
    assert err.startswith(f"error: {path}{said}"), err
    code, out, _ = run(["standings", evening, "--json"], capsys, monkeypatch)
    assert code == 2 and json.loads(out)["error"].startswith(f"{path}{said}")


# -- item 5: a table's spelling of a glossary term ----------------------------------

def test_a_term_of_the_glossary_is_spelt_as_the_config_asks(config, evening, capsys,
                                                             monkeypatch):
    config('[terms]\n"खेलाडी" = "खेलाडि"\n"जम्मा" = "कुल"\n')
    code, out, _ = run(["standings", evening, "--lang", "ne"], capsys, monkeypatch)
    assert code == 0
    assert "खेलाडि" in out and "कुल" in out and "खेलाडी" not in out
    assert "आशा" in out      # names are never respelled
    code, out, _ = run(["standings", evening], capsys, monkeypatch)
    assert "Player" in out and "Total" in out           # English: as it is
    code, out, _ = run(["config"], capsys, monkeypatch)
    assert 'terms = {"खेलाडी" = "खेलाडि", "जम्मा" = "कुल"}' in out


@pytest.mark.parametrize("text, said", [
    ('[terms]\n"Player" = "खेलाडि"\n', ":2: 'Player' is not a term of the glossary"),
    ('[terms]\n"डबली" = ""\n', ":2: terms.डबली must be the word to write"),
    ('[terms]\n"डबली" = "{name}"\n', ":2: terms.डबली must be the word to write"),
    ('[terms]\n"डबली" = 2\n', ":2: terms.डबली must be the word to write"),
    ('terms = "डबली"\n', ":1: terms must be a table of glossary terms"),
])
def test_a_term_not_of_the_glossary_or_badly_spelt_cannot_be_understood(
        config, evening, text, said, capsys, monkeypatch):
    path = config(text)
    code, out, err = run(["standings", evening, "--lang", "ne"], capsys, monkeypatch)
    assert (code, out) == (2, "")
    # said in Nepali, as --lang chose; the JSON in English, as always
    assert err.startswith(f"त्रुटि: {path}:{said.split(':')[1]}: "), err
    code, out, _ = run(["standings", evening, "--lang", "ne", "--json"], capsys,
                       monkeypatch)
    assert code == 2 and json.loads(out)["error"].startswith(f"{path}{said}")


# -- item 3: click's and typer's own words -------------------------------------------

def _english_left(text: str) -> list[str]:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    from english_left import english_words

    # usage syntax: the command's metavars (as docs/CLI.md writes them)
    return [w for w in english_words(text) if not w.isupper()]


@pytest.mark.parametrize("args, nepali", [
    (["record", "x.toml", "--bogus"], "त्रुटि: --bogus नामको विकल्प छैन"),
    (["record", "--bogus"], "त्रुटि: --bogus नामको विकल्प छैन"),
    (["new"], "त्रुटि: आर्गुमेन्ट 'LEDGER' छुट्यो।"),
    (["serve", "x.toml", "--port", "१.५"],
     "त्रुटि: '--port' को मान मिलेन: '१.५' पूर्ण सङ्ख्या होइन"),
    (["history", "x.toml", "--all=3"], "त्रुटि: विकल्प '--all' ले मान लिँदैन।"),
    (["record", "x.toml", "--hand"], "त्रुटि: विकल्प '--hand' लाई एउटा मान चाहिन्छ।"),
    (["standings", "a", "b", "c"], "त्रुटि: नचाहिएको थप आर्गुमेन्ट (b c)।"),
    (["check", "call"], "त्रुटि: आर्गुमेन्ट 'CARDS' छुट्यो।"),
])
def test_a_usage_error_is_said_in_nepali(args, nepali, capsys, monkeypatch):
    code, out, err = run([*args, "--lang", "ne"], capsys, monkeypatch)
    assert (code, out) == (2, "")
    assert nepali in err, err
    assert _english_left(err) == [], err
    english = run(args, capsys, monkeypatch)
    assert english[0] == 2 and "Error: " in english[2] and "त्रुटि" not in english[2]
    if args[0] != "serve":      # a script reads the same JSON in both languages
        as_json = [run([args[0], "--json", *args[1:], *lang], capsys, monkeypatch)[1]
                   for lang in ([], ["--lang", "ne"])]
        assert json.loads(as_json[0]) == json.loads(as_json[1])


def test_a_usage_error_shows_the_usage_and_the_hint_in_nepali(capsys, monkeypatch):
    code, _, err = run(["--lang", "ne", "record", "x.toml", "--bogus"], capsys, monkeypatch)
    assert code == 2
    assert err.splitlines()[:2] == ["प्रयोग: scorekeeper record [OPTIONS] [LEDGER]",
                                    "मद्दतका लागि 'scorekeeper record --help' चलाउनुहोस्।"]
    _, _, english = run(["record", "x.toml", "--bogus"], capsys, monkeypatch)
    assert english == ("Usage: scorekeeper record [OPTIONS] [LEDGER]\n"
                       "Try 'scorekeeper record --help' for help.\n\n"
                       "Error: No such option: --bogus (Possible options: --out)\n")


def test_the_help_is_nepali_typers_completion_words_too(capsys, monkeypatch):
    code, out, _ = run(["--lang", "ne", "--help"], capsys, monkeypatch)
    assert code == 0
    assert "विकल्पहरू:" in out and "आदेशहरू:" in out
    assert "यो शेलमा ट्याब थिच्दा" in out and "Install completion" not in out
    code, out, _ = run(["--help"], capsys, monkeypatch)      # and back in English
    assert "Install completion for the current shell." in out and "विकल्प" not in out


# each kind of click's usage errors, as a command line makes it, and
# click's English message (issue 39, item 1: said from its type)
_USAGE_ERRORS = [
    (["record", "x.toml", "--bogus"], "No such option: --bogus (Possible options: --out)"),
    (["record", "x.toml", "--zzzzzzzz"], "No such option: --zzzzzzzz"),
    (["new"], "Missing argument 'LEDGER'."),
    (["export", "x.toml"], "Missing option '--format'."),
    (["check", "call", "--players", "x", "A♠"],
     "Invalid value for '--players': 'x' is not a valid int."),
    (["new", "x.toml", "--game"], "Option '--game' requires an argument."),
    (["record", "x.toml", "--json=3"], "Option '--json' does not take a value."),
    (["--version=3"], "Option '--version' does not take a value."),
    (["standings", "a.toml", "b\x1b"], "Got unexpected extra argument(s) (b\\x1b)"),
    (["standing"], "No such command 'standing'. Did you mean 'standings'?"),
    (["zzzz"], "No such command 'zzzz'."),
]


@pytest.mark.parametrize("args, english", _USAGE_ERRORS)
def test_every_kind_of_clicks_usage_errors_is_said_in_nepali(args, english, capsys,
                                                              monkeypatch):
    code, _, err = run(args, capsys, monkeypatch)
    assert (code, err.splitlines()[-1]) == (2, f"Error: {english}")
    code, _, err = run(["--lang", "ne", *args], capsys, monkeypatch)
    nepali = err.splitlines()[-1]
    assert code == 2 and nepali.startswith("त्रुटि: "), nepali
    # what was typed stays as typed: a command, an option, a value
    assert _english_left(re.sub(r"'[^']*'|--[\w-]+|\(b\\x1b\)", "", nepali)) == [], nepali


@pytest.mark.parametrize("args, english", _USAGE_ERRORS)
def test_a_usage_error_s_message_is_made_from_its_type_as_click_writes_it(
        args, english, capsys, monkeypatch):
    from scorekeeper.commands import usage_words

    caught = []
    monkeypatch.setattr(usage_words, "show", lambda err: caught.append(err))
    run(args, capsys, monkeypatch)
    assert usage_words.said(caught[0]) == caught[0].format_message() == english


# -- item 4: numbers typed in Devanagari digits ------------------------------------

def _latin(text: str) -> str:
    return text.translate(str.maketrans("०१२३४५६७८९", "0123456789"))


# each: commands run on one ledger, typed once in Latin digits and once in
# Devanagari ones; the ledgers written and every --json read must be the same
_SESSIONS = {
    "dhumbal": [
        ["new", "L", "--game", "dhumbal", "--players", NAMES, "--hands", "५",
         "--rate", "२.५", "--set", "penalty=३०"],
        ["record", "L", "--call", "आशा", "--hand", "आशा=३", "--hand", "विकास=५♦ १०♠",
         "--hand", "चन्द्र=s२३४"],
        ["record", "L", "--call", "विकास", "--hand", "आशा=१२", "--hand", "विकास=२",
         "--hand", "चन्द्र=२०"],
        ["amend", "L", "२", "--call", "आशा", "--hand", "आशा=१", "--hand", "विकास=९",
         "--hand", "चन्द्र=१५"],
        ["extend", "L", "--hands", "८"],
        ["show", "L", "१", "--json"],
        ["settle-up", "L", "--rate", "१०", "--json"],
        ["standings", "L", "--rate", "०.५", "--json"],
    ],
    "marriage": [
        ["new", "L", "--game", "marriage", "--players", NAMES, "--rotations", "२",
         "--set", "maal_jhiplu=३/६/१२"],
        ["record", "L", "--finish", "आशा", "--tiplu", "७♥", "--seen", "आशा",
         "--seen", "विकास", "--hand", "विकास=१२", "--hand", "चन्द्र=०",
         "--hand", "आशा=shown:३"],
        ["history", "L", "--json"],
    ],
    "callbreak": [
        ["new", "L", "--game", "callbreak", "--players", "आशा,विकास,चन्द्र,दीपक",
         "--rounds", "३"],
        ["record", "L", *(x for n, b in zip(("आ", "वि", "च", "दी"), "३२२४")
                          for x in ("--bid", f"{n}={b}")),
         *(x for n, w in zip(("आ", "वि", "च", "दी"), "४३२४") for x in ("--won", f"{n}={w}"))],
        ["standings", "L", "--json"],
    ],
}


@pytest.mark.parametrize("game", sorted(_SESSIONS))
def test_numbers_typed_in_devanagari_digits_are_read_as_latin_ones(
        game, tmp_path, capsys, monkeypatch):
    seen = []
    for kind, spell in (("latin", _latin), ("devanagari", str)):
        (tmp_path / kind).mkdir()
        path = tmp_path / kind / "साँझ.toml"
        monkeypatch.chdir(tmp_path / kind)     # the same name: the JSON names it
        outs = []
        for command in _SESSIONS[game]:
            args = [path.name if a == "L" else spell(a) for a in command]
            code, out, err = run([*args, "--lang", "ne"], capsys, monkeypatch)
            assert code == 0, (args, err)
            outs.append(json.loads(out) if "--json" in args else None)
        seen.append((path.read_text("utf-8"), outs))
    import difflib
    assert seen[0][0] == seen[1][0], "".join(difflib.unified_diff(
        seen[0][0].splitlines(True), seen[1][0].splitlines(True)))
    assert seen[0][1] == seen[1][1], seen


def test_devanagari_digits_only_in_the_cases_the_tables_type_them():
    from scorekeeper.core.cards import cards

    assert cards("५♠ १०♦ s२३ d१०") == cards("5♠ 10♦ s23 d10")
    for mixed in ("1०♦", "s1०"):          # not mixed in one number
        with pytest.raises(Exception, match="cannot read"):
            cards(mixed)


def test_a_prompt_takes_devanagari_digits():
    from scorekeeper.games.callbreak.prompts import _number

    assert _number(0, 13, "tricks taken", "CB-6")("१२") == 12


def test_a_port_typed_in_devanagari_digits_is_read_as_a_number(capsys, monkeypatch):
    code, _, err = run(["serve", "x.toml", "--port", "७०००००", "--lang", "ne"],
                       capsys, monkeypatch)
    assert code == 2 and "७००००० पोर्ट होइन" in err     # read as 700000: out of the range
