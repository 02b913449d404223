"""What a game declares for the command line, as data: the options of a
hand (`record`, `settle`) and its `check` commands (the keys of a stored
hand are `games.fields`: a `check` never loads them).

Kept apart from the `Game` interface and light to import: a `check` at the
table loads these declarations and nothing of any engine. Both are named
tuples, not dataclasses: immutable all the same, and about seven times
cheaper to define, which a command that must answer at once can feel.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from scorekeeper.core.language import Said
from scorekeeper.core.plain import PlainMap
from scorekeeper.core.verdict import Verdict


class Flag(NamedTuple):
    """One command-line parameter, declared as data by a game (a hand option
    of `record`/`settle`, or a parameter of a `check`); the shell turns it
    into a typer option or argument."""

    param: str                       # the Python name: "call", "no_finisher"
    decls: tuple[str, ...] = ()      # ("--call",); empty for an argument
    kind: type = str                 # str, bool, int, or list (of str)
    default: Any = None
    help: str = ""
    metavar: str | None = None
    argument: bool = False
    required: bool = False

    @property
    def shown_as(self) -> str:
        """How a person types it: `--call`, or the argument's metavar."""
        return self.decls[0].split("/")[0] if self.decls else \
            (self.metavar or self.param.upper())

    def given(self, value: Any) -> bool:
        return value is not None and value != self.default and value != []


class CheckSpec(NamedTuple):
    """One `scorekeeper check NAME` of a game, as data.

    `run(rules, values)` gives the ruling; `values` holds the parameters by
    `Flag.param`. `common` names the shared options the check takes:
    `game` (--game, only this game), `profile` (--profile), `settings`
    (--set). `yes`/`no` head the human verdict; `lines` adds lines below.
    """

    name: str
    help: str
    params: tuple[Flag, ...]
    run: Callable[[Any, PlainMap], Verdict]
    yes: str | Callable[[Verdict], str] = "yes"
    no: str = "no"
    common: frozenset[str] = frozenset()
    lines: Callable[[Verdict], list[Said]] | None = None

    def head(self, ruling: Verdict) -> str:
        if not ruling.valid:
            return self.no
        return self.yes(ruling) if callable(self.yes) else self.yes


class Exported(NamedTuple):
    """An input of a stored hand that the CSV and Markdown exports show
    beside the scores: its stored key, the prefix of its CSV columns
    (`shown:Asha`) and the caption of its Markdown table. `each`: one value
    a player (a table NAME = value); else one value the hand (Marriage's
    tiplu: one CSV column, `tiplu`; the Markdown export has it in the
    game's story of the hand)."""

    key: str
    column: str
    caption: str
    each: bool = True
