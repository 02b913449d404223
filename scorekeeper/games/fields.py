"""The keys of a game's stored hand, as data: `Field` (`Game.fields`).

Apart from `games.declare`: a `check` at the table loads the declarations
of the command line and never these (a named tuple of a dozen fields
costs a class made at import).
"""

from __future__ import annotations

import builtins
from typing import Any, Callable, NamedTuple

from scorekeeper.core.language import N_


class Field(NamedTuple):
    """One key of a stored hand (`[[hands]]`), declared once by its game:
    what `record` stores, `document` checks, `rename` renames, `amend`
    pre-fills, `verify` carries over and the exports show are all read from
    it (`Game`). A hand's table holds the fields in the order declared.

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
      compares the stored value with it (a table as scores are compared);
      in a `group`, it is an input only where no other of the group is
      stored (Kitti's winner typed alone: `amend` pre-fills it);
    * `stored` — its value as the hand's table stores it, from the hand's
      arguments and its ruling (`(args, result) -> value`; None: not
      stored); by default the value `ruled` gives (`Game.to_stored`);
    * `before_play` — given before the hand is played (Call Break's
      calls): the value stored from the hand's flags, checked at its table
      by its rules (`(flags, table, rules) -> value`); `record` with only
      these keeps them as the ledger's last hand, waiting for the rest
      (`Game.before_play`);
    * `values` — a table's: the type of each value, checked before a
      stored hand is read as flags (`Game.args_from_stored`: a flag is
      text, and `calls = { Asha = "3" }` would read as 3).
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
    before_play: Callable[[Any, Any, Any], Any] | None = None
    values: builtins.type | None = None
    stored: Callable[[Any, Any], Any] | None = None


# The names whose agreed totals counted (a number shown, not the cards):
# stored where a game declares it among its fields, when there are any
UNVERIFIED = Field("unverified", list, N_("a list of names"),
                   stored=lambda args, result: list(result.unverified) or None)


CARDS_SHOWN = N_("Cards shown (a number: agreed, not shown card by card)")
