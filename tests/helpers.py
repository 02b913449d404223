"""Helpers the tests share: a ledger's text as `new` and `record` write it
(CLI.md, "The ledger"), written here by the tests' own small TOML writer —
never by the implementation's layout code, so a bug in that code cannot
write the very ledgers that are meant to catch it; and the command run as
a person's shell runs it (`run_main`), with two checks of a screen."""

from __future__ import annotations

import json
import re
from enum import Enum
from typing import Any, Sequence

import pytest
from rich.cells import cell_len

from scorekeeper.cli import main

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def toml(value: Any) -> str:
    """A TOML value: booleans, integers, strings, arrays and inline tables
    (all a ledger holds)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        # a JSON string is a TOML basic string once DEL is escaped too
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    if isinstance(value, dict):
        inner = ", ".join(f"{key(k)} = {toml(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    raise TypeError(f"no TOML for {value!r}")


def key(name: str) -> str:
    return name if _BARE.match(name) else toml(name)


def _option(value: Any) -> Any:
    """An option as the ledger stores it (CLI.md): enums by value, nothing
    as "none", a table of values as its text (`2/5/10`, `3:10,5:20`)."""
    if isinstance(value, Enum):
        return value.value
    if value is None:
        return "none"
    return value if isinstance(value, (bool, int, str)) else str(value)


def header_text(game: str, profile: Any, rules: Any, players: Sequence[str],
                first_dealer: str) -> str:
    """The top of a ledger as `new` writes it: format 1, the game, the
    profile, the players, the first dealer and every option of `rules`."""
    lines = ["# a ledger written by the tests", "format = 1",
             f"game = {toml(game)}", f"profile = {toml(profile.name)}",
             "players = [", *(f"    {toml(p)}," for p in players), "]",
             f"first_dealer = {toml(first_dealer)}", "", "[options]"]
    lines += [f"{key(name)} = {toml(_option(getattr(rules, name)))}"
              for name in profile.options]
    return "\n".join(lines) + "\n"


def append(text: str, stored: dict) -> str:
    """The ledger with one more `[[hands]]` table, as `record` appends it."""
    lines = [f"{key(k)} = {toml(v)}" for k, v in stored.items()]
    return text.rstrip("\n") + "\n\n[[hands]]\n" + "\n".join(lines) + "\n"


def run_main(args: Sequence[object], capsys: Any) -> tuple[int, str, str]:
    """The command as installed, through `main`, which reads `--lang`, the
    environment and the config as a person's shell does (the test runner's
    `invoke` does not): its exit code, stdout and stderr."""
    with pytest.raises(SystemExit) as done:
        main([str(a) for a in args])
    out = capsys.readouterr()
    return int(done.value.code or 0), out.out, out.err


def fits(text: str, width: int = 40) -> None:
    """No line of `text` wider than `width` terminal cells."""
    for line in text.splitlines():
        assert cell_len(line) <= width, f"wider than {width}: {line!r}"


def one_line(text: str) -> str:
    """The wrapped lines of a screen as one line (a phrase is not cut)."""
    return " ".join(text.split())
