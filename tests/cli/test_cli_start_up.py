"""What start-up speed may not change: every command run alone (a group
holding only that command) answers exactly as the whole app does, and
the garbage collector paused while the command line is imported is running
again afterwards."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import scorekeeper.cli
from scorekeeper.cli import build, main

WORKED = ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ "
          "7♠ 7♦ 7♣ K♦ K♦ K♦")
SETTLE = ["settle", "marriage", "--players", "A,B,C", "--finish", "A",
          "--tiplu", "J♣", "--seen", "B", "--hand", f"A={WORKED}",
          "--hand", "B=2", "--hand", "C=4"]


def _whole_app(args: list[str]) -> tuple[int, str, str]:
    try:  # click < 8.2 mixes stderr into stdout unless told not to
        runner = CliRunner(mix_stderr=False)
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(build(), args, prog_name="scorekeeper",
                           env={"COLUMNS": "100"})
    return result.exit_code, result.stdout, result.stderr


def _alone(args: list[str], capsys, monkeypatch) -> tuple[int, str, str]:
    monkeypatch.setenv("COLUMNS", "100")
    with pytest.raises(SystemExit) as done:
        main(args)
    out = capsys.readouterr()
    return int(done.value.code or 0), out.out, out.err


@pytest.mark.parametrize("args", [
    [*SETTLE, "--json"],
    [*SETTLE, "--set", "mode=kidnap", "--json"],
    [*SETTLE, "--set", "seen_fee=101", "--json"],
    [*SETTLE, "--call", "A"],
    ["settle", "--help"],
    ["settle"],
    ["settle", "marriage", "--players", "A,B,C", "--bogus"],
    ["record", "--help"],
    ["record"],
    ["record", "no-such-ledger.toml", "--json"],
])
def test_record_and_settle_alone_answer_as_the_whole_app(args, capsys, monkeypatch,
                                                         tmp_path):
    monkeypatch.chdir(tmp_path)
    whole = _whole_app(args)
    alone = _alone(args, capsys, monkeypatch)
    assert alone[0] == whole[0]
    assert alone[1] == whole[1]
    if whole[2]:
        assert alone[2] == whole[2]


SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"


@pytest.mark.parametrize("args", [
    ["standings", "--json", str(SAMPLES / "dhumbal-evening.toml")],
    ["history", str(SAMPLES / "dhumbal-evening.toml")],
    ["standings", "--help"],
    ["verify", str(SAMPLES / "marriage-rotation.toml")],
    ["undo", "no-such-ledger.toml"],
    ["settle-up", str(SAMPLES / "dhumbal-evening.toml"), "--json"],
    ["stats", str(SAMPLES), "--json"],
    ["rules", "dhumbal", "DH-8", "--json"],
    ["chart", "no-such-ledger.toml"],
    ["profiles", "--json"],
    ["export", str(SAMPLES / "dhumbal-evening.toml"), "--format", "csv"],
    ["new", "x.toml", "--game", "nosuchgame", "--players", "A,B"],
    ["show", "no-such-ledger.toml", "1"],
    ["stndings", "x"],
])
def test_every_command_alone_answers_as_the_whole_app(args, capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    whole = _whole_app(args)
    alone = _alone(args, capsys, monkeypatch)
    assert alone == whole


def test_a_command_alone_builds_only_that_command():
    alone = scorekeeper.cli._one_command_app("standings")
    assert alone is not None and [i.callback.__name__ for i in alone.registered_commands] \
        == ["standings"]
    assert [i.name for i in scorekeeper.cli._one_command_app("settle-up")
            .registered_commands] == ["settle-up"]
    assert scorekeeper.cli._one_command_app("stndings") is None


def test_the_collector_runs_again_once_the_command_line_is_imported():
    assert scorekeeper.cli.app is not None
    assert gc.isenabled()


def test_help_names_every_game_the_registry_knows():
    from scorekeeper.games import registry

    code, out, _ = _whole_app(["--help"])
    assert code == 0
    summary = " ".join(out.split())          # as wrapped by click
    for game in registry.games():
        assert game.title.english in summary, (game.title, out)


def test_new_help_names_the_games_each_length_option_belongs_to():
    # the games from the registry, by their rules' length option (a new
    # game's title needs no edit here), filled in only while help is shown
    for _ in range(2):
        code, out, _err = _whole_app(["new", "--help"])
        summary = " ".join(out.split())
        assert code == 0 and "{games}" not in out
        assert "Hands to play (Dhumbal and Kitti); none: open-ended." in summary
        assert "Full rotations (Marriage)." in summary
        assert "Rounds to play (Call Break)." in summary
    code, out, _err = _whole_app(["--help"])
    assert "the Nepali card games Dhumbal, Marriage, Call Break and Kitti." in \
        " ".join(out.split())


ENGINES = [f"scorekeeper.games.{name}.engine" for name in ("dhumbal", "marriage",
                                                           "callbreak", "kitti")]


@pytest.mark.parametrize("env, argv", [
    ({"_SCOREKEEPER_COMPLETE": "complete_bash", "COMP_WORDS": "scorekeeper st",
      "COMP_CWORD": "1"}, []),
    ({}, ["check", "call", "--hand", "A♠ 2♠"]),
    ({}, ["new", "--game", "nosuchgame"]),
])
def test_a_tab_a_check_or_new_imports_no_games_engine(env, argv):
    # the titles a help names are read from the games only when it is shown
    code = ("import sys\nfrom scorekeeper.cli import main\n"
            f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
            f"print(sorted(m for m in {ENGINES!r} if m in sys.modules),"
            " file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, env={**os.environ, **env})
    assert done.stderr.strip().splitlines()[-1] == "[]", done.stderr
