"""The user's config: a small TOML file of defaults for this person.

Where: `SCOREKEEPER_CONFIG` if set, else `config.toml` in platformdirs'
user config folder (`~/.config/scorekeeper` on Linux). A file that is not
there is an empty config; one that is broken (not TOML, an unknown key, a
value of the wrong kind) is an error naming the file and the line (exit 2),
never ignored. Explicit options always win over it; `--json`, exit codes
and the ledger never change with it.

Keys: `players` (seat order, a list or "A,B,C") and `dealer` for `new`;
`currency` and `rate` for `new`; `ascii` (suits as s h d c on screens);
`language` ("en"; "ne" is accepted and kept, the Nepali words come later);
`ask_sit_out` (false: the interactive entry does not ask who sits out);
`ledger` (the ledger used when none is named and none is found here;
relative to the config's folder).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorekeeper.core.errors import Impossible
from scorekeeper.core.plain import PlainDict

ENV = "SCOREKEEPER_CONFIG"
LANGUAGES = ("en", "ne")

# key: (the kinds it takes, what a person is told it takes)
_KINDS: dict[str, tuple[tuple[type, ...], str]] = {
    "players": ((list, str), 'a list of names or "A,B,C"'),
    "dealer": ((str,), "a name"),
    "currency": ((str,), 'a currency code such as "NPR"'),
    "rate": ((str, int, float), "money per point, such as 10 or 2.5"),
    "ascii": ((bool,), "true or false"),
    "language": ((str,), " or ".join(f'"{code}"' for code in LANGUAGES)),
    "ask_sit_out": ((bool,), "true or false"),
    "ledger": ((str,), "a ledger file's path"),
}
KEYS = tuple(_KINDS)


def shown(value: Any) -> str:
    """A config value as it is written in the file (TOML)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    if isinstance(value, str):
        import json  # a TOML basic string is a JSON string here

        return json.dumps(value, ensure_ascii=False)
    return str(value)


@dataclass(frozen=True)
class Config:
    path: Path
    exists: bool = False
    values: PlainDict = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    @property
    def players(self) -> str | None:
        """The default players as `--players` takes them."""
        names = self.values.get("players")
        if names is None:
            return None
        return ",".join(names) if isinstance(names, list) else str(names)

    @property
    def rate(self) -> str | None:
        rate = self.values.get("rate")
        return None if rate is None else str(rate)

    @property
    def ledger(self) -> Path | None:
        named = self.values.get("ledger")
        if named is None:
            return None
        path = Path(named).expanduser()
        return path if path.is_absolute() else self.path.parent / path


def config_path() -> Path:
    """Where the user's config is (it may not exist)."""
    named = os.environ.get(ENV, "")
    if named:
        return Path(named)
    from platformdirs import user_config_dir  # only when a config is read

    return Path(user_config_dir("scorekeeper", appauthor=False)) / "config.toml"


def _line_of(text: str, key: str) -> int:
    found = re.search(rf"^[ \t]*{re.escape(key)}[ \t]*=", text, re.M)
    return text.count("\n", 0, found.start()) + 1 if found else 1


def _check(path: Path, text: str, data: PlainDict) -> PlainDict:
    for key, value in data.items():
        where = f"{path}:{_line_of(text, key)}"
        if key not in _KINDS:
            raise Impossible(f"{where}: unknown config key {key!r}; the keys are "
                             + ", ".join(_KINDS))
        kinds, said = _KINDS[key]
        # a bool is an int to Python, never a rate or a name here
        ok = isinstance(value, bool) if bool in kinds else \
            isinstance(value, kinds) and not isinstance(value, bool)
        if isinstance(value, list):
            ok = ok and all(isinstance(v, str) for v in value)
        if key == "language" and value not in LANGUAGES:
            ok = False
        if not ok:
            raise Impossible(f"{where}: {key} must be {said}, not {value!r}")
    return data


def load(path: Path | None = None) -> Config:
    """The user's config, checked; an empty one where there is no file."""
    path = path or config_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Config(path)
    except OSError as err:
        raise Impossible(f"{path}: cannot read the config ({err.strerror or err})") \
            from None
    import tomllib  # start-up: only a config that is there is parsed

    try:
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except UnicodeDecodeError:
        raise Impossible(f"{path}:1: the config is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as err:
        line = re.search(r"line (\d+)", str(err))
        raise Impossible(f"{path}:{line.group(1) if line else 1}: not a valid "
                         f"config (TOML: {err})") from None
    return Config(path, True, _check(path, text, data))
