"""Which ledger a command means when its LEDGER is left out.

In order: `SCOREKEEPER_LEDGER`, if set; else the only ledger in the current
folder; else, where the folder holds none, the one the user's config names
(`ledger = "…"`); else none, an error (exit 2) listing the candidates (a
folder of several lists them, whatever the config names). A `*.toml` file counts as a
ledger when its first few kilobytes set `game` and `players` at the top
(a `pyproject.toml` does not): reading a whole season file to decide would
cost more than the command itself.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said, file_name

ENV = "SCOREKEEPER_LEDGER"
_PEEK = 4096
_KEYS = (re.compile(r"^game\s*=", re.M), re.compile(r"^players\s*=", re.M))


@dataclass(frozen=True)
class Found:
    path: Path
    how: Said       # "SCOREKEEPER_LEDGER", "the only ledger here", "config FILE"

    def said(self) -> Said:
        """The one line on stderr: which file was used, and why."""
        return Said("ledger: {path} ({how})", path=self.path, how=self.how)


def looks_like_ledger(path: Path) -> bool:
    """Whether the start of `path` reads like a scorekeeper ledger."""
    try:
        with open(path, "rb") as file:
            head = file.read(_PEEK).decode("utf-8", "replace")
    except OSError:
        return False
    return all(key.search(head) for key in _KEYS)


def ledgers_in(folder: Path) -> list[Path]:
    """The ledgers in `folder` itself (not below), by name."""
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [Path(folder, name) if folder != Path(".") else Path(name)
            for name in names
            if name.endswith(".toml") and not name.startswith(".")
            and os.path.isfile(os.path.join(folder, name))
            and looks_like_ledger(Path(folder, name))]


def find(environ: dict[str, str] | os._Environ[str], folder: Path,
         configured: Callable[[], tuple[Path | None, str]]) -> Found:
    """The ledger meant; `configured()` gives the config's ledger and the
    config file's name (read only when the folder holds no ledger)."""
    named = environ.get(ENV, "")
    if named:
        return Found(Path(named), Said("{item}", item=ENV))
    here = ledgers_in(folder)
    if len(here) == 1:
        return Found(here[0], Said("the only ledger in this folder"))
    if here:
        raise Impossible(Said("no LEDGER given and this folder holds {count} ledgers: "
                              "{ledgers}; name one, or set {variable}", count=len(here),
                              ledgers=", ".join(map(file_name, here)), variable=ENV))
    from_config, config_name = configured()
    if from_config is not None:
        return Found(from_config, Said("named in {config}", config=config_name))
    raise Impossible(Said("no LEDGER given and none found: name the ledger file, set "
                          '{variable}, or put `ledger = "FILE"` in {config}',
                          variable=ENV, config=config_name))
