"""What a game declares as data: the options of a hand (`record`,
`settle`), its `check` commands, and the keys of a stored hand.

Kept apart from the `Game` interface and light to import: a `check` at the
table loads these declarations and nothing of any engine. Both are named
tuples, not dataclasses: immutable all the same, and about seven times
cheaper to define, which a command that must answer at once can feel.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from scorekeeper.core.language import N_
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
    lines: Callable[[Verdict], list[str]] | None = None

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


class Field(NamedTuple):
    """One key of a stored hand (`[[hands]]`), declared once by its game:
    what `document` checks, `rename` renames, `amend` pre-fills, `verify`
    carries over and the exports show are all read from it (`Game`).

    * `key`, `type`, `what` — the stored key, its TOML type, and that type
      as a person reads it ("a table NAME = CALL"; "a name" or "a list of
      names": `rename` changes it);
    * `flag` — the hand option (`Flag.param`) that gives it: `amend`
      pre-fills the option from the stored value (a table NAME = V as
      NAME=V items); `group` — the options of one group a hand takes one
      of (`--call` or `--show`), with the options that go with each
      (`with_flags`: `--by` with `--finish`): typing one on `amend` drops
      the stored others;
    * `required` — every hand stores it;
    * `column`, `caption`, `each` — shown beside the scores by the CSV
      (`column:NAME`) and Markdown (`caption`) exports: one value a
      player, or (`each` false) one the hand;
    * `carried` — taken over from the hand before (`RuleSet.carried`):
      the topic of the rule that carries it (`verify` cites it);
    * `ruled` — what the rules give it, from a fresh ruling: `verify`
      compares the stored value with it (a table as scores are compared).
    """

    key: str
    type: type
    what: str
    flag: str | None = None
    required: bool = False
    group: str = ""
    with_flags: tuple[str, ...] = ()
    column: str = ""
    caption: str = ""
    each: bool = True
    carried: str = ""
    ruled: Callable[[Any], Any] | None = None


CARDS_SHOWN = N_("Cards shown (a number: agreed, not shown card by card)")
