"""What a shell's Tab completes beyond commands and options (typer's
`--install-completion` / `--show-completion` for bash, zsh, fish and
PowerShell): ledger files, the players of the ledger meant, and the house
option keys of `--set`.

Completion runs the command line once per Tab and must answer at once:
the players are read from the ledger's header only (the text before its
first `[[hands]]`), never its hands; nothing is said on stderr, and no
error ever reaches the shell (a file that is not there completes nothing).
"""

from __future__ import annotations

import os
from pathlib import Path

from typer import Context  # typer reads the callbacks' annotations

from scorekeeper.core.plain import PlainDict

_HEADER_MAX = 65536


def ledgers(incomplete: str) -> list[str]:
    """The `*.toml` files and folders whose path starts with `incomplete`."""
    folder, _, start = incomplete.rpartition("/")
    where = Path(folder or ".") if not incomplete.startswith("/") or folder else Path("/")
    try:
        names = sorted(os.listdir(where))
    except OSError:
        return []
    found = []
    for name in names:
        if not name.startswith(start) or (name.startswith(".") and not start):
            continue
        path = f"{folder}/{name}" if folder or incomplete.startswith("/") else name
        if os.path.isdir(path):
            found.append(path + "/")
        elif name.endswith(".toml"):
            found.append(path)
    return found


def _header(path: Path) -> PlainDict:
    import tomllib  # only when a name is completed

    try:
        with open(path, "rb") as file:
            head = file.read(_HEADER_MAX).decode("utf-8", "replace")
        return tomllib.loads(head.split("\n[[hands]]", 1)[0])
    except (OSError, ValueError):
        return {}


def _ledger_of(ctx: Context) -> Path | None:
    """The ledger typed on the command line being completed, else the one
    found (SCOREKEEPER_LEDGER, the only ledger here, the config's)."""
    typed = ctx.params.get("ledger")
    if typed and os.path.isfile(typed):
        return Path(typed)
    # only when a name is completed
    from scorekeeper.files import config, discover

    try:
        return discover.find(os.environ, Path("."),
                             lambda: (config.load().ledger, "")).path
    except Exception:  # nothing found, a broken config: nothing to complete
        return None


def players(ctx: Context, incomplete: str) -> list[str]:
    """The players of the ledger meant whose name starts with `incomplete`
    (`--hand` and the like: `NAME=`)."""
    ledger = _ledger_of(ctx)
    names = _header(ledger).get("players", []) if ledger else []
    names = [n for n in names if isinstance(n, str)]
    return [n for n in names if n.lower().startswith(incomplete.lower())]


def players_equals(ctx: Context, incomplete: str) -> list[str]:
    """`NAME=` for each player, for an option written NAME=…."""
    if "=" in incomplete:
        return []
    return [n + "=" for n in players(ctx, incomplete)]


def option_keys(ctx: Context, incomplete: str) -> list[str]:
    """`KEY=` of the house options of the game typed (`--game`, or the
    ledger's), every game's when none is known."""
    if "=" in incomplete:
        return []
    from scorekeeper.games import registry  # only when a key is completed

    game = ctx.params.get("game")
    if not game:
        ledger = ctx.params.get("ledger")
        game = _header(Path(ledger)).get("game") if ledger else None
    keys: dict[str, None] = {}
    for profile in registry.profiles():
        if not game or profile.game == game:
            keys.update(dict.fromkeys(profile.options))
    return [k + "=" for k in keys if k.startswith(incomplete)]
