"""Nothing English left on a Nepali screen (issue 39, item 7): typer's
suggestion of a command, the games' names inside messages and in the
help, and each profile's name (its id beside it where it is typed)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from helpers import run_main
from scorekeeper.core import language
from scorekeeper.core.language import Named, Said, profile_title, say
from scorekeeper.games import registry


def test_a_mistyped_command_s_suggestion_is_said_in_nepali(capsys):
    code, out, err = run_main(["--lang", "ne", "standing"], capsys)
    assert (code, out) == (2, "")
    assert "त्रुटि: 'standing' नामको आदेश छैन। 'standings' भन्न खोज्नुभएको?" in err
    assert "Did you mean" not in err


def test_the_suggestion_stays_english_in_english(capsys):
    code, _, err = run_main(["standing"], capsys)
    assert code == 2
    assert "Error: No such command 'standing'. Did you mean 'standings'?" in err


def test_the_help_names_the_games_in_nepali():
    # a process of its own: the help is made when the app is built
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "--lang", "ne", "--help"],
                          capture_output=True, text=True, env={**os.environ, "COLUMNS": "80"},
                          check=False)
    said = " ".join(done.stdout.split())
    assert done.returncode == 0, done.stderr
    assert "धुम्बल, म्यारिज, कल ब्रेक र किट्टीको अङ्क" in said
    assert "Dhumbal" not in said and "Marriage" not in said and "Call Break" not in said


def test_games_inside_a_message_are_said_in_nepali(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    for game, name in (("marriage", "m.toml"), ("dhumbal", "d.toml")):
        assert run_main(["new", "--game", game, "--players", "A,B,C", name], capsys)[0] == 0
    code, out, err = run_main(["--lang", "ne", "settle-up", "m.toml", "d.toml"], capsys)
    assert (code, out) == (2, "")
    assert "फरक खेलका हुन् (म्यारिज, धुम्बल)" in err and "Marriage" not in err


@pytest.mark.parametrize("game", registry.names())
def test_every_profile_has_a_nepali_name(game):
    language.use("ne")
    for profile in registry.game(game).profiles:
        assert profile_title(profile.name) != profile.name


def test_a_profile_is_named_in_nepali_with_its_id_beside_it():
    language.use("ne")
    said = Said("unknown option {key} for profile {profile}", key="'x'",
                profile=Named("three-deck"))
    assert said == "unknown option 'x' for profile three-deck"      # English, --json
    assert say(said) == "तीन गड्डी (three-deck) प्रोफाइलमा 'x' नामको विकल्प छैन"


def test_the_standings_title_names_the_profile_in_nepali(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert run_main(["new", "--game", "marriage", "--players", "A,B,C", "m.toml"],
                    capsys)[0] == 0
    code, out, _ = run_main(["--lang", "ne", "standings", "m.toml"], capsys)
    assert code == 0 and "म्यारिज (तीन गड्डी) — ०/३ डिल" in out
    code, out, _ = run_main(["standings", "m.toml"], capsys)
    assert code == 0 and "Marriage (three-deck)" in out
