"""The user's config as a value: its keys, what each takes, and the
checks of a config read (`check`), each error naming the file and the
line; `files.config` finds and reads the file.

Keys: `players` (seat order, a list or "A,B,C") and `dealer` for `new`;
`currency` and `rate` for `new`; `ascii` (suits as s h d c on screens);
`lang` ("en" or "ne": the language people read when neither `--lang` nor
the environment chooses; `language` is the same key, spelt as before);
`terms` (a table: a glossary term → this table's spelling of it, used in
Nepali output);
`ask_sit_out` (false: the interactive entry does not ask who sits out);
`ledger` (the ledger used when none is named and none is found here;
relative to the config's folder).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import TERMS, Said
from scorekeeper.core.numbers import listed
from scorekeeper.core.plain import PlainDict

LANGUAGES = ("en", "ne")

# key: (the kinds it takes, what a person is told it takes)
_KINDS: dict[str, tuple[tuple[type, ...], Said]] = {
    "players": ((list, str), Said('a list of names or "A,B,C"')),
    "dealer": ((str,), Said("a name")),
    "currency": ((str,), Said('a currency code such as "NPR"')),
    "rate": ((str, int, float), Said("money per point, such as 10 or 2.5")),
    "ascii": ((bool,), Said("true or false")),
    "lang": ((str,), listed([f'"{code}"' for code in LANGUAGES], " or ")),
    "language": ((str,), listed([f'"{code}"' for code in LANGUAGES], " or ")),
    "terms": ((dict,), Said('a table of glossary terms, such as "डबली" = "डुप्ली"')),
    "ask_sit_out": ((bool,), Said("true or false")),
    "ledger": ((str,), Said("a ledger file's path")),
}
KEYS = tuple(_KINDS)


def shown(value: Any) -> str:
    """A config value as it is written in the file (TOML)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{shown(k)} = {shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, str):
        import json  # a TOML basic string is a JSON string here

        return json.dumps(value, ensure_ascii=False)
    return str(value)


class Config:
    """The config read from `path` (`exists`: a file was there) and its
    checked `values`. A plain class: every command builds it at start-up,
    and a dataclass compiles its methods when it is defined."""

    __slots__ = ("path", "exists", "values")

    def __init__(self, path: Path, exists: bool = False,
                 values: PlainDict | None = None) -> None:
        self.path = path
        self.exists = exists
        self.values: PlainDict = {} if values is None else values

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


def _line_of(text: str, key: str) -> int:
    found = re.search(rf"^[ \t]*(?:{re.escape(key)}|\"{re.escape(key)}\"|'{re.escape(key)}')"
                      r"[ \t]*=", text, re.M)
    return text.count("\n", 0, found.start()) + 1 if found else 1


def check(path: Path, text: str, data: PlainDict) -> PlainDict:
    """The config's `data` (parsed from `text`, read from `path`), every
    key checked: exit 2 naming the file and line of the first wrong one."""
    for key, value in data.items():
        where = f"{path}:{_line_of(text, key)}"
        if key not in _KINDS:
            raise Impossible(Said("{where}: unknown config key {key}; the keys are {keys}",
                                  where=where, key=repr(key), keys=", ".join(_KINDS)))
        kinds, said = _KINDS[key]
        # a bool is an int to Python, never a rate or a name here
        ok = isinstance(value, bool) if bool in kinds else \
            isinstance(value, kinds) and not isinstance(value, bool)
        if isinstance(value, list):
            ok = ok and all(isinstance(v, str) for v in value)
        if key in ("lang", "language") and value not in LANGUAGES:
            ok = False
        if not ok:
            raise Impossible(Said("{where}: {key} must be {said}, not {value}",
                                  where=where, key=key, said=said, value=repr(value)))
        if key == "terms":
            _check_terms(path, text, value)
        if key in ("rate", "currency"):     # refused here, naming the config's line
            from scorekeeper.core import money  # only a config that sets money

            try:
                money.parse_rate(str(value)) if key == "rate" else money.currency(value)
            except Impossible as err:
                raise Impossible(Said("{where}: {message}", where=where,
                                      message=err.message)) from None
    if "lang" in data and "language" in data:
        raise Impossible(Said("{path}:{line}: lang and language are the same key: set "
                              "one of them", path=path, line=_line_of(text, "language")))
    return data


def _check_terms(path: Path, text: str, terms: PlainDict) -> None:
    """`[terms]`: each a term of the glossary (docs/GLOSSARY.md), spelt as
    one line of text with no braces (a message's placeholders)."""
    for term, spelling in terms.items():
        where = f"{path}:{_line_of(text, term)}"
        if term not in TERMS:
            raise Impossible(Said("{where}: {term} is not a term of the glossary; the "
                                  "terms are {terms}", where=where, term=repr(term),
                                  terms=", ".join(TERMS)))
        if not isinstance(spelling, str) or not spelling.strip() or \
                not spelling.isprintable() or "{" in spelling or "}" in spelling:
            raise Impossible(Said("{where}: terms.{term} must be the word to write, "
                                  "such as \"डुप्ली\", not {spelling}", where=where,
                                  term=term, spelling=repr(spelling)))


