"""Every width from 40 columns up (issue 16): each command that shows
names — the ruling tables of both games (`show`, `amend`), `standings`,
`history`, `stats`, `settle-up`, the interactive entry and the messages on
stderr — rendered at 40, 50, 60, 80 and 120 columns. At each: no line
wider than the terminal, nothing cut off (`…`), no player's name broken
inside a word, a name shortened only to an abbreviation a legend gives
(`Names: Cha = Chandrakant`), and one abbreviation per name throughout the
output."""

from __future__ import annotations

import re
import shutil
from functools import partial
from pathlib import Path

import pytest
import typer
from rich.cells import cell_len
from tests.conftest import THOROUGH, invoke

import scorekeeper.commands.record
import scorekeeper.screen.streams

# The narrowest, the usual and a wide terminal in the default run; every
# one in the thorough run (CI's coverage stage: tests/conftest.py).
WIDTHS = (40, 50, 60, 80, 120) if THOROUGH else (40, 60, 120)
DHUMBAL = ("Asha", "Bikash", "Chandrakant", "Devendra Bahadur")
MARRIAGE = ("Bikash", "Chandrakant", "Devendra Bahadur")
NAMES = set(DHUMBAL) | set(MARRIAGE) | {"Devendra Bahadur"}
FINISH = "3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ 7♠ 7♦ 7♣ K♦ K♦ K♦"
D_HAND = ["--call", "Chandrakant", "--hand", "Asha=K♠ K♥", "--hand", "Bikash=5♦ 6♦",
          "--hand", "Chandrakant=A♠ 2♠", "--hand", "Devendra Bahadur=3♣"]
M_HAND = ["--finish", "Chandrakant", "--tiplu", "J♣", "--seen", "Devendra Bahadur",
          "--seen-dublees", "Bikash", "--hand", f"Chandrakant={FINISH}",
          "--hand", "Bikash=4", "--hand", "Devendra Bahadur=2"]


@pytest.fixture(autouse=True)
def stderr_on_a_terminal(monkeypatch):
    """Messages are wrapped for a person (stderr a terminal), not in a log."""
    monkeypatch.setattr(scorekeeper.screen.streams, "_stderr_is_terminal", lambda: True)


CALLBREAK = ("Asha", "Bikash", "Chandrakant", "Devendra Bahadur")
C_HAND = ["--bid", "Asha=3", "--bid", "Bikash=2", "--bid", "Chandrakant=4",
          "--bid", "Devendra Bahadur=2", "--won", "Asha=4", "--won", "Bikash=2",
          "--won", "Chandrakant=5", "--won", "Devendra Bahadur=2"]


@pytest.fixture(scope="module")
def made_once(tmp_path_factory) -> Path:
    """A Dhumbal session of two hands (of 4), a Marriage one of one, and a
    Call Break one of one (in a folder of its own: `stats` reads the
    others), made once for the module: a hundred tests read them."""
    here = tmp_path_factory.mktemp("widths")
    cli = partial(invoke, env={"SCOREKEEPER_CONFIG": str(here / "no-config.toml")})
    d, m = here / "dhumbal.toml", here / "marriage.toml"
    c = here / "cb" / "callbreak.toml"
    c.parent.mkdir()
    assert cli("new", c, "--game", "callbreak", "--players",
               ",".join(CALLBREAK)).exit_code == 0
    assert cli("record", c, *C_HAND).exit_code == 0
    assert cli("new", d, "--game", "dhumbal", "--players", ",".join(DHUMBAL),
               "--hands", "4").exit_code == 0
    assert cli("new", m, "--game", "marriage", "--players",
               ",".join(MARRIAGE)).exit_code == 0
    for _ in range(2):
        assert cli("record", d, *D_HAND).exit_code == 0
    assert cli("record", m, *M_HAND).exit_code == 0
    return here


@pytest.fixture
def folder(made_once: Path, tmp_path: Path) -> Path:
    """The sessions of `made_once`, a copy of its own for each test."""
    copy = tmp_path / "sessions"
    shutil.copytree(made_once, copy)
    return copy


COMMANDS = {
    "show dhumbal": ("show", "dhumbal.toml", "1"),
    "show marriage": ("show", "marriage.toml", "1"),
    "show callbreak": ("show", "cb/callbreak.toml", "1"),
    "amend dhumbal": ("amend", "dhumbal.toml", "2", *D_HAND),
    "amend marriage": ("amend", "marriage.toml", "1", *M_HAND),
    "standings": ("standings", "dhumbal.toml"),
    "history dhumbal": ("history", "dhumbal.toml"),
    "history marriage": ("history", "marriage.toml"),
    "stats": ("stats", "."),
    "settle-up": ("settle-up", "dhumbal.toml"),      # + a note: not complete
    "settle-up money": ("settle-up", "dhumbal.toml", "--rate", "0.333"),
    "standings money": ("standings", "dhumbal.toml", "--rate", "2.5", "--currency",
                        "USD"),
    "an error": ("record", "dhumbal.toml", "--call", "Zara", *D_HAND[2:]),
}


def check_width(text: str, width: int) -> None:
    """The checks every output passes at `width` columns."""
    lines = text.splitlines()
    # wider only where one word (a long file name) is wider than the terminal
    too_wide = [line for line in lines if cell_len(line) > width
                and len(line.split()) > 1]
    assert not too_wide, f"wider than {width}: {too_wide}"
    assert not re.search(r"\S…", text), text        # nothing cut off
    legend = _legend(lines)
    for name in NAMES:
        assert len({a for a, full in legend if full == name}) <= 1, legend
    declared = {a for a, _ in legend}
    for token in (word.strip("()[]{},;:.!?'\"`") for word in text.split()):
        if not token.isalpha():
            continue
        for name in NAMES:
            for word in name.split():
                if token != word and token in word \
                        and token not in declared and token.lower() not in ENGLISH:
                    pytest.fail(f"{token!r}: a piece of {name!r} in\n{text}")


# words of the output that happen to be pieces of the names above
ENGLISH = {"a", "as", "an", "and", "hand", "ant", "ha", "ve", "van", "en", "end", "de", "r",
           "h", "d", "i", "k", "e", "n", "t", "u", "s", "b", "c"}


def _legend(lines: list[str]) -> list[tuple[str, str]]:
    """The (abbreviation, name) pairs of every legend (`Names: …`)."""
    pairs: list[tuple[str, str]] = []
    for i, line in enumerate(lines):
        if line.lstrip().startswith("Names: "):
            text = line.split("Names: ", 1)[1]
            for more in lines[i + 1:]:
                if not more.startswith("    ") or not more.strip():
                    break
                text += " " + more.strip()
            pairs += [tuple(pair.split(" = ", 1)) for pair in text.split(", ")]  # type: ignore[misc]
    return pairs


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_fits_every_width_from_40_columns_with_names_whole(
        cli, folder, command, width):
    name, *args = COMMANDS[command]
    args = [str(folder / a) if a.endswith(".toml") or a == "." else a for a in args]
    result = cli(name, *args, env={"COLUMNS": str(width)})
    assert result.exit_code == (2 if command == "an error" else 0), result.stderr
    check_width(result.stdout, width)
    check_width(result.stderr, width)
    if command == "an error":
        assert "Zara" in result.stderr
    if command.startswith("settle-up"):
        assert "not complete" in " ".join(result.stderr.split())   # wrapped


@pytest.mark.parametrize("width", WIDTHS)
def test_the_interactive_entry_fits_every_width_prompts_and_errors_wrapped(
        cli, folder, monkeypatch, width):
    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)
    asked: list[str] = []
    prompt, confirm = typer.prompt, typer.confirm

    def prompting(text: str, *args, **kwargs):      # every question, as shown
        asked.append(text)
        return prompt(text, *args, **kwargs)

    def confirming(text: str, *args, **kwargs):
        asked.append(text + " [Y/n]")              # as click shows it
        return confirm(text, *args, **kwargs)

    monkeypatch.setattr(typer, "prompt", prompting)
    monkeypatch.setattr(typer, "confirm", confirming)
    answers = ["Zara",                                   # unknown: asked again
               "Chandrakant", "K♠ K♥", "5♦ 6♦", "A♠ 2♠", "3♣", "y"]
    result = cli("record", folder / "dhumbal.toml", input="\n" + "\n".join(answers) + "\n",
                 env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.stderr
    assert "try again" in " ".join(result.stderr.split()) and len(asked) == 8
    check_width(result.stdout, width)
    # the answers are not echoed on stderr: each question ends its line there
    said = result.stderr
    for question in asked:
        check_width(question + ":", width)
        said = said.replace(question + ":", "\n", 1)
    check_width(said, width)


@pytest.mark.parametrize("ledger", ("dhumbal.toml", "marriage.toml"))
def test_a_name_too_long_for_a_narrow_table_is_shortened_once_with_a_legend(
        cli, folder, ledger):
    result = cli("show", folder / ledger, "1", env={"COLUMNS": "40"})
    legend = _legend(result.stdout.splitlines())
    assert legend and all(full in NAMES for _, full in legend)
    for short, full in legend:
        assert full.startswith(short) and len(short) >= 3
    assert "Devendra Bahadur" in result.stdout       # the explanation: whole


def test_names_are_whole_where_they_fit_at_80_and_120_columns(cli, folder):
    for width, commands in ((80, ("show dhumbal", "show marriage", "standings",
                                  "history marriage")),
                            (120, ("history dhumbal", "stats"))):
        for command in commands:
            name, *args = COMMANDS[command]
            args = [str(folder / a) if a.endswith(".toml") or a == "." else a
                    for a in args]
            result = cli(name, *args, env={"COLUMNS": str(width)})
            assert "Names:" not in result.stdout, (command, width, result.stdout)


def test_messages_on_stderr_are_not_wrapped_for_a_file_or_a_pipe(cli, folder,
                                                                 monkeypatch):
    monkeypatch.setattr(scorekeeper.screen.streams, "_stderr_is_terminal",
                        lambda: False)
    result = cli("settle-up", folder / "dhumbal.toml", env={"COLUMNS": "40"})
    assert "note: " in result.stderr and len(result.stderr.splitlines()) == 1


def test_a_wrapped_message_keeps_its_own_lines_and_breaks_at_spaces_only():
    from scorekeeper.screen.streams import wrapped

    text = "error: one two three four five six\n  hand 1: Devendra Bahadur seven"
    assert wrapped(text, width=20).splitlines() == [
        "error: one two three", "    four five six", "  hand 1: Devendra",
        "      Bahadur seven"]
    assert wrapped("Chandrakantabcdefghijklmnop x", width=20).splitlines() == [
        "Chandrakantabcdefghijklmnop", "    x"]          # a word is never cut


def test_a_terminal_that_reports_0_columns_does_not_wrap_messages_at_20(
        monkeypatch):
    """A pseudo-terminal whose size was never set (`script`, `docker exec`,
    a serial console) reports 0 columns: that is an unknown width, not a
    width of 0 — messages stay whole instead of being cut at 20 columns."""
    import os

    monkeypatch.setattr(scorekeeper.screen.streams, "_stderr_is_terminal",
                        lambda: True)
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setattr(os, "get_terminal_size",
                        lambda fd=0: os.terminal_size((0, 0)))
    assert scorekeeper.screen.streams.stderr_width() is None
    text = "Hand 5: Asha, Bikash, Chandra, Dipesh; dealer Dipesh."
    assert scorekeeper.screen.streams.wrapped(text) == text
