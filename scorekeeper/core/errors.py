"""Errors as values: every refusal carries the rule id it rests on.

Two kinds, matching the command line's exit codes (CLI.md):

* `Refused`    — exit 1: the referee rules against the input (an illegal
                 call, an invalid meld or show, a ledger failing verify);
* `Impossible` — exit 2: the input cannot be understood or cannot happen
                 (bad card text, unknown player, too many copies of a card).

They are exceptions so the core can stop early, but they are plain frozen
values: the shell reads `.rule`, `.message` and `.exit_code` and renders.
"""

from __future__ import annotations

import re
from typing import Sequence

from scorekeeper.core.language import JOINERS, Said, escaped, say

# kept as they are: line breaks and tabs of a message, and the joiners that
# shape Devanagari and emoji in names
_SHOWN = JOINERS | frozenset("\n\t")


def visible(text: str) -> str:
    """A message safe to show on a terminal (`escaped`: an escape sequence,
    a bell, a carriage return written \\x1b, \\a, \\r), its line breaks and
    tabs kept: a message has several lines."""
    return escaped(text, _SHOWN)


def cite(message: str, rule: str | None) -> str:
    """`message` citing `rule` once: not again if it already does, after the
    first line of a listing, merged into a citation the line ends with."""
    if not rule or f"({rule})" in message:
        return message
    head, sep, rest = message.partition("\n")
    cited = re.search(r" \(([A-Z]+-\d+(?:, [A-Z]+-\d+)*)\)$", head)
    if cited:
        head = f"{head[:cited.start()]} ({cited.group(1)}, {rule})"
    elif head.endswith(":"):     # a listing follows
        head = f"{head[:-1]} ({rule}):"
    else:
        head = f"{head} ({rule})"
    return head + sep + rest


# The exit code of a bug (sysexits' EX_SOFTWARE): distinct from 2, bad input,
# so a script can tell "I typed it wrong" from "the program is wrong".
BUG_EXIT = 70


class ScorekeeperError(Exception):
    exit_code = 2

    def __init__(self, message: Said, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return cite(self.message.english, self.rule)

    def cited(self) -> Said:
        """The message citing its rule, as a message another can hold:
        said in the reader's language where the rule id is simply added
        (`{message} ({rule})`) or the message cites it already; the English
        text where `cite` merges the id into the message's own citation or
        listing (a rare refusal of a refusal)."""
        text = str(self)
        if self.rule and text == f"{self.message.english} ({self.rule})":
            return Said("{message} ({rule})", message=self.message, rule=self.rule)
        return self.message if text == self.message.english else Said("{item}", item=text)

    def told(self) -> str:
        """The message as people read it: in their language (a `Said`
        message is translated), citing its rule."""
        return cite(say(self.message), self.rule)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ScorekeeperError)
            and type(self) is type(other)
            and self.message == other.message
            and self.rule == other.rule
        )

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.message, self.rule))


class Refused(ScorekeeperError):
    """The referee rules against the input (exit 1)."""

    exit_code = 1


class Impossible(ScorekeeperError):
    """The input cannot be understood or is impossible (exit 2)."""

    exit_code = 2


def nearest_word(wanted: str, words: Sequence[str]) -> str | None:
    """The word (a player, a game, an option) fewest edits from `wanted`,
    case aside (a typo: at most a third of its letters, and at most 3), if
    one is nearest."""
    scored = sorted((_distance(wanted.casefold(), p.casefold()), i)
                    for i, p in enumerate(words))
    if not scored:
        return None
    best, i = scored[0]
    if best > min(3, max(1, len(words[i]) // 3)) or \
            (len(scored) > 1 and scored[1][0] == best):
        return None
    return words[i]


def _distance(a: str, b: str) -> int:
    """Edits (insert, delete, change, swap two neighbours) from a to b."""
    previous, row = list(range(len(b) + 1)), [0] * (len(b) + 1)
    before = previous[:]
    for i, x in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            row[j] = min(previous[j] + 1, row[j - 1] + 1,
                         previous[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                row[j] = min(row[j], before[j - 2] + 1)
        before, previous = previous, row
    return previous[-1]


def did_you_mean(typed: str, words: Sequence[str]) -> str:
    """` (did you mean WORD?)` for a typo of one of `words`, else nothing."""
    near = nearest_word(typed, words)
    return f" (did you mean {near}?)" if near else ""
