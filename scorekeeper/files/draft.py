"""The answers of a hand not yet recorded, kept beside its ledger (never in
it) when Ctrl-C stopped the interactive entry: `.LEDGER.draft`, a small
TOML file — the game, the hand's number and each question with its
answer, in the order asked. The next interactive `record` offers them;
recording the hand, or declining it, removes the file."""

from __future__ import annotations

import contextlib
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said

Answers = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Draft:
    game: str
    hand: int
    answers: Answers


def draft_path(ledger: Path) -> Path:
    """Where `ledger`'s draft is kept: a hidden file beside it."""
    return ledger.with_name(f".{ledger.name}.draft")


def load(ledger: Path) -> Draft | None:
    """The draft kept beside `ledger`; None when there is none, or it is
    not one (a file this module did not write is never read as answers)."""
    try:
        data = tomllib.loads(draft_path(ledger).read_text(encoding="utf-8"))
        answers = tuple((str(q), str(a)) for q, a in data["answers"])
        return Draft(str(data["game"]), int(data["hand"]), answers)
    except (OSError, UnicodeError, tomllib.TOMLDecodeError, KeyError,
            TypeError, ValueError):
        return None


def save(ledger: Path, draft: Draft) -> Path:
    """Keep `draft` beside `ledger`: a new file renamed into place (not
    `storage.write_atomic`, which notes a change made: this one changes no
    ledger, and the command still stops with exit 130)."""
    import tomli_w  # start-up: only a stopped entry writes a draft

    path = draft_path(ledger)
    temp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        temp.write_text(tomli_w.dumps({
            "game": draft.game, "hand": draft.hand,
            "answers": [list(pair) for pair in draft.answers]}), encoding="utf-8")
        os.replace(temp, path)
    except OSError as err:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise Impossible(Said("{path}: cannot keep the answers: {reason}",
                              path=path, reason=err.strerror or err)) from None
    return path


def remove(ledger: Path) -> None:
    """The draft beside `ledger` gone (nothing if there is none)."""
    with contextlib.suppress(FileNotFoundError):
        draft_path(ledger).unlink()
