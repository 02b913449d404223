"""A single ruling: what every `check` of every game returns.

`Verdict` is a frozen value — the verdict, the reason, the rule id it rests
on, the kind found (a set, a dirty trial, …) and any details (a hand's
value, an arrangement, maal items). `Verdict.as_json` is the one place the
`check … --json` document is made from it; cards in the details are written
as text there, and the shell decides their notation.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple

from scorekeeper.core.cards import Card
from scorekeeper.core.errors import Refused
from scorekeeper.core.language import Said
from scorekeeper.core.plain import PlainDict, PlainMap

_NO_DETAILS: PlainMap = MappingProxyType({})


class Verdict(NamedTuple):
    """A named tuple rather than a dataclass: as immutable, and cheaper to
    define on the path of `check` (see `scorekeeper.games.declare`)."""

    valid: bool
    reason: Said
    rule: str | None
    kind: str | None = None
    details: PlainMap = _NO_DETAILS

    def as_json(self) -> PlainDict:
        data: PlainDict = {"valid": self.valid, "reason": self.reason.english,
                                "rule": self.rule, "kind": self.kind}
        data.update({key: plain(value) for key, value in self.details.items()})
        return data


def plain(value: Any) -> Any:
    """A detail as JSON data: cards as their text, a message as its
    English, tuples as lists."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Said):
        return value.english
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def rule_on(run: Callable[[], Verdict], **refused_details: Any) -> Verdict:
    """The ruling `run` gives, or the refusal it raises as a ruling against
    (with `refused_details` as its details)."""
    try:
        return run()
    except Refused as err:
        return Verdict(False, err.message, err.rule, None,
                      MappingProxyType(refused_details))
