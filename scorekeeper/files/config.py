"""The user's config file: a small TOML file of defaults for this person
(what it holds and its checks: `core.config`).

Where: `SCOREKEEPER_CONFIG` if set, else `config.toml` in platformdirs'
user config folder (`~/.config/scorekeeper` on Linux). A file that is not
there is an empty config; one that is broken (not TOML, an unknown key, a
value of the wrong kind) is an error naming the file and the line (exit 2),
never ignored. Explicit options always win over it; `--json`, exit codes
and the ledger never change with it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from scorekeeper.core.config import Config, check
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said

ENV = "SCOREKEEPER_CONFIG"


def config_path() -> Path:
    """Where the user's config is (it may not exist)."""
    named = os.environ.get(ENV, "")
    if named:
        return Path(named)
    from platformdirs import user_config_dir  # only when a config is read

    return Path(user_config_dir("scorekeeper", appauthor=False)) / "config.toml"


MAX_BYTES = 1 << 20        # a config is a few lines: more is not one


def _read(path: Path) -> bytes:
    """The config's bytes: a regular file of at most MAX_BYTES (a FIFO
    would hang the read, /dev/zero fill the memory), opened without
    blocking."""
    import stat  # only when there is a config to read

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        st = os.fstat(handle.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise OSError(0, Said("not a regular file"))
        if st.st_size > MAX_BYTES:
            raise OSError(0, Said("larger than 1 MB: not a config"))
        return handle.read(MAX_BYTES + 1)


def load(path: Path | None = None) -> Config:
    """The user's config, checked; an empty one where there is no file."""
    path = path or config_path()
    try:
        raw = _read(path)
    except FileNotFoundError:
        return Config(path)
    except OSError as err:
        raise Impossible(Said("{path}: cannot read the config ({reason})",
                              path=path, reason=err.strerror or err)) \
            from None
    import tomllib  # only when there is a config: `start` reads it

    try:
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except UnicodeDecodeError:
        raise Impossible(Said("{path}:1: the config is not UTF-8 text", path=path)) from None
    except tomllib.TOMLDecodeError as err:
        line = re.search(r"line (\d+)", str(err))
        raise Impossible(Said("{path}:{line}: not a valid config (TOML: {err})",
                              path=path, line=line.group(1) if line else "1", err=err)) from None
    return Config(path, True, check(path, text, data))


def language_settings() -> tuple[str | None, dict[str, str]]:
    """The config's language (`lang` or `language`; None if neither) and its
    `[terms]`, for `core.language.start`; a broken config is a ValueError
    naming its file and line."""
    try:
        found = load()
    except Impossible as err:
        raise ValueError(err.message) from None
    return (found.get("lang", found.get("language")), dict(found.get("terms", {})))
