"""What start-up speed may not change: every command run alone (a group
holding only that command) answers exactly as the whole app does, and
the garbage collector paused while the command line is imported is running
again afterwards."""

from __future__ import annotations

import gc
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
