"""The answers of a hand not yet recorded, kept beside its ledger (never in
it) when Ctrl-C stopped the interactive entry: `.LEDGER.draft`, a small
TOML file — the game, the hand's number, the language the questions were
asked in and each question with its answer, in the order asked. The next
interactive `record` in that language offers them; recording the hand, or
declining it, removes the file."""

from __future__ import annotations

import contextlib
import os
import tomllib
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.core.errors import Impossible, ScorekeeperError
from scorekeeper.core.language import Said
from scorekeeper.files import storage

Answers = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Draft:
    game: str
    hand: int
    lang: str               # the questions' language: they are keyed by their text
    answers: Answers


def draft_path(ledger: Path) -> Path:
    """Where `ledger`'s draft is kept: a hidden file beside it."""
    return ledger.with_name(f".{ledger.name}.draft")


def load(ledger: Path) -> Draft | None:
    """The draft kept beside `ledger`; None when there is none, or it is
    not one: not a regular UTF-8 file (`storage.read_text`: a pipe is never
    waited on), not of this shape, or holding a character a terminal would
    act on rather than show (an answer is offered again as typed)."""
    try:
        data = tomllib.loads(storage.read_text(draft_path(ledger)))
        answers = tuple((str(q), str(a)) for q, a in data["answers"])
        draft = Draft(str(data["game"]), int(data["hand"]), str(data["lang"]),
                      answers)
    except (ScorekeeperError, tomllib.TOMLDecodeError, KeyError, TypeError,
            ValueError):
        return None
    texts = (draft.game, draft.lang, *(text for pair in answers for text in pair))
    if any(unicodedata.category(ch) in ("Cc", "Cf") for t in texts for ch in t):
        return None
    return draft


def save(ledger: Path, draft: Draft) -> Path:
    """Keep `draft` beside `ledger`: a new file renamed into place (not
    `storage.write_atomic`, which notes a change made: this one changes no
    ledger, and the command still stops with exit 130)."""
    import tomli_w  # start-up: only a stopped entry writes a draft

    path = draft_path(ledger)
    temp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        temp.write_text(tomli_w.dumps({
            "game": draft.game, "hand": draft.hand, "lang": draft.lang,
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
