"""Players across several sessions: one person, however their name is cased.

`settle-up` and `stats` read several ledgers at once; the same person may be
"Asha" in one and "asha" in another. A `Roster` matches names
case-insensitively (like every name typed on the command line) and shows
each person as first written, in the order the sessions were given.

A pure value; no files, no printing.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said
from scorekeeper.core.seating import resolve_name


def name_key(name: str) -> str:
    """The key two spellings of one name share."""
    return name.casefold()


class Roster:
    """Names as first written, by key (insertion order is kept)."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self._shown: dict[str, str] = {}
        for name in names:
            self.add(name)

    def add(self, name: str) -> str:
        """The name as first written (`name` itself if it is new)."""
        return self._shown.setdefault(name_key(name), name)

    def shown(self, name: str) -> str:
        return self._shown.get(name_key(name), name)

    def names(self) -> tuple[str, ...]:
        return tuple(self._shown.values())

    def find(self, typed: str) -> str:
        """A known name as people say it (any case, a unique prefix, the
        initials: `resolve_name`); exit 2 listing the known ones."""
        found = self._shown.get(name_key(typed.strip()))
        if found is not None:
            return found
        try:
            return resolve_name(typed, self.names())
        except Impossible as err:
            raise Impossible(Said("in these sessions: {why}", why=err.message)) from None


def merged(scores: Iterable[Mapping[str, int]], roster: Roster) -> dict[str, int]:
    """Several name → number mappings added up, names matched by `roster`."""
    out: dict[str, int] = {}
    for mapping in scores:
        for name, value in mapping.items():
            shown = roster.add(name)
            out[shown] = out.get(shown, 0) + value
    return out
