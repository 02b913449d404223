"""Choosing Nepali (issue 28, items 1, 3, 4, 5): the user config's `lang`
(`--lang` beats the environment beats the config), a table's own spelling
of a glossary term (`[terms]`), click's and typer's own words in Nepali,
and numbers typed in Devanagari digits wherever a number is typed.

Commands run through `main`, which reads `--lang` and the config (as the
installed command does); the conftest leaves English after each test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.cli import main

NAMES = "आशा,विकास,चन्द्र"


def run(args: list[object], capsys, monkeypatch, width: int = 80,
        **env: str) -> tuple[int, str, str]:
    monkeypatch.setenv("COLUMNS", str(width))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as done:
        main([str(a) for a in args])
    out = capsys.readouterr()
    return int(done.value.code or 0), out.out, out.err


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
    assert err.startswith(f"scorekeeper: {path}{said}"), err
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
    assert err.startswith(f"scorekeeper: {path}{said}"), err
