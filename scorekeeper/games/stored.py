"""A stored hand's shape (`[[hands]]`), checked from what its game
declares: the keys every hand holds (who dealt, who sat out, when it was
recorded, a note), and the game's own, each typed by its `Field`
(`Game.stored_types`, `Game.stored_required`, `Field.before_play`).
Pure: `ledger.document` calls it for every hand it reads.
"""

from __future__ import annotations

from datetime import datetime
from itertools import repeat
from typing import Any, Collection, Iterable, Mapping, NamedTuple

from scorekeeper.core.language import JOINERS, Said, escaped
from scorekeeper.core.numbers import Figure
from scorekeeper.core.options import RuleSet
from scorekeeper.core.plain import PlainMap, in_range
from scorekeeper.core.scores import ScoreKind
from scorekeeper.games.interface import AnyGame

# A hand's note (`record`/`amend --note`): why, in a few words; stored
# with the hand as `note`, beside `recorded` (when it was recorded)
NOTE_LIMIT = 80


def note_problem(text: str) -> Said | None:
    """Why `text` cannot be a hand's note (None: it can): one line of 1 to
    80 characters, none of them a control or invisible character (a line
    break, a tab, an escape, a direction override), the joiners of
    Devanagari and emoji allowed."""
    if not text or len(text) > NOTE_LIMIT:
        return Said("a note is 1 to {limit} characters, not {count}",
                    limit=NOTE_LIMIT, count=len(text))
    bad = [] if text.isprintable() else \
        [c for c in text if not c.isprintable() and c not in JOINERS]
    if bad:
        return Said("a note is one line of text, without control or invisible "
                    "characters such as {found}", found=escaped(bad[0]))
    return None


def recorded_problem(stamp: str) -> Said | None:
    """Why `stamp` cannot be a hand's `recorded` (None: it can): a local
    time with its UTC offset, as ISO 8601 writes it."""
    try:
        offset = datetime.fromisoformat(stamp).utcoffset()
    except ValueError:
        offset = None
    if offset is None:
        return Said("`recorded` must be a time with its UTC offset, such as "
                    "2026-12-05T21:40:05+05:45, not {value}", value=repr(stamp))
    return None


_COMMON_TYPES: Mapping[str, tuple[type, str]] = {
    "dealer": (str, "a name"),
    "dealer_corrected": (bool, "true or false"),
    "out": (list, "a list of names"),
    "winner": (str, "a name"),
    "rules": (list, "a list of rule ids"),
    "unverified": (list, "a list of names"),
    # every game's hand: when it was recorded, and a person's note
    "recorded": (str, "a time with its UTC offset"),
    "note": (str, "text"),
}


def _type_problems(data: PlainMap, where: str,
                   types: Mapping[str, tuple[type, str]]) -> list[Said]:
    out: list[Said] = []
    for key, (kind, what) in types.items():
        value: Any = data.get(key)
        if value is None:
            continue
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            out.append(Said("{where}: `{key}` must be {what}, not {value}",
                            where=where, key=key, what=what, value=repr(value)))
        elif kind is list and not _all_text(data[key]):
            out.append(Said("{where}: `{key}` must be {what}", where=where, key=key, what=what))
        elif kind is dict and not all(map(_card_list_or_number, data[key].values())):
            out.append(Said("{where}: `{key}` values must be card lists or numbers",
                            where=where, key=key))
        elif kind is dict and not all(map(in_range, data[key].values())):
            out.append(Said("{where}: `{key}` holds a number beyond the 64-bit whole numbers "
                            "TOML holds", where=where, key=key))
    return out


_STR = repeat(str)


def _all_text(values: Iterable[Any]) -> bool:
    """Every value is text (isinstance, without a Python call for each)."""
    return all(map(isinstance, values, _STR))


def _card_list_or_number(value: Any) -> bool:
    """Text, a whole number, or a list of texts (not true/false)."""
    if type(value) is str or type(value) is int:      # nearly always
        return True
    return (isinstance(value, (str, int)) and not isinstance(value, bool)) \
        or (isinstance(value, list) and _all_text(value))



class Shape(NamedTuple):
    """What a game's `[[hands]]` table holds: worked out once a ledger, not
    once a hand."""

    title: Said
    known: frozenset[str]
    types: Mapping[str, tuple[type, str]]
    required: tuple[str, ...]
    pending: tuple[str, ...]        # the keys given before play (CB-18)

    @classmethod
    def of(cls, game: AnyGame, score_key: str) -> "Shape":
        return cls(game.title,
                   frozenset({"hand", score_key, *_COMMON_TYPES, *game.stored_types}),
                   {**_COMMON_TYPES, **game.stored_types},
                   ("dealer", score_key, *game.stored_required),
                   tuple(f.key for f in game.fields if f.before_play))


def hand_shape(data: PlainMap, number: int, players: Collection[str],
                kind: ScoreKind, shape: Shape) -> list[Said]:
    where, score_key, known = f"hand {number}", kind.key, shape.known
    out = [] if known.issuperset(data) else [
        Said("{where}: unknown key `{key}` (a {game} hand holds {keys})", where=where,
             key=key, game=shape.title, keys=", ".join(sorted(known)))
        for key in data if key not in known]
    out += _type_problems(data, where, shape.types)
    number_found = data.get("hand")
    if type(number_found) is not int or number_found != number:
        out.append(Said("{where}: `hand = {number}` expected (hands are numbered in order), "
                        "found {number_found}",
                        where=where, number=number, number_found=repr(number_found)))
    for key in shape.required:
        if key not in data:
            out.append(Said("{where}: missing `{key}`", where=where, key=key))
    if out:
        return out
    out += _told_problems(data, where)
    if data["dealer"] not in players:
        out.append(Said("{where}: dealer {dealer} is not a player",
                        where=where, dealer=repr(data["dealer"])))
    scores = data[score_key]
    if not isinstance(scores, dict) or not scores:
        out.append(Said("{where}: `{score_key}` must be a table NAME = integer",
                        where=where, score_key=score_key))
        return out
    for name, value in scores.items():
        if name not in players:
            out.append(Said("{where}: `{score_key}.{name}`: not a player",
                            where=where, score_key=score_key, name=name))
        if not isinstance(value, int) or isinstance(value, bool):
            out.append(_not_whole(f"{where}: `{score_key}.{name}`", value, kind))
        elif not in_range(value):
            out.append(Said("{where}: `{score_key}.{name}` is beyond the 64-bit whole numbers "
                            "TOML holds",
                            where=where, score_key=score_key, name=name))
    for key in ("out", "unverified"):
        if not data.get(key):               # most hands: nobody
            continue
        names = list(data[key])
        strangers = list(dict.fromkeys(n for n in names if n not in players))
        if strangers:
            out.append(Said("{where}: `{key}` names {names}, not a player",
                            where=where, key=key, names=", ".join(strangers)))
        if len(set(names)) < len(names):
            out.append(Said("{where}: `{key}` names a player twice", where=where, key=key))
    return out


def waiting(data: PlainMap, game: AnyGame, score_key: str) -> bool:
    """A hand table waiting for its play (CB-18): no scores, and only
    inputs given before play (`Game.pending_flags`: Call Break's calls)."""
    return score_key not in data and bool(game.pending_flags) and \
        all(f.key in data for f in game.fields if f.before_play)


def pending_shape(data: PlainMap, number: int, count: int,
                   players: Collection[str], shape: Shape,
                   rules: RuleSet) -> list[Said]:
    """What is wrong with the shape of a hand waiting for its play: only
    the last may (CB-18), and it holds its number, its dealer and what was
    given before play, nothing ruled."""
    where, rule = f"hand {number}", rules.rule_or("pending", "ledger")
    if number != count:
        return [Said("{where}: no tricks or scores: only the last deal may wait for its "
                     "tricks ({rule})", where=where, rule=rule)]
    known = {"hand", "dealer", "dealer_corrected", "note", *shape.pending}
    out: list[Said] = [Said("{where}: `{key}` has no place in a deal waiting for its tricks "
                "({rule})", where=where, key=key, rule=rule)
           for key in data if key not in known]
    out += _type_problems(data, where, shape.types)
    out += _told_problems(data, where)
    if data.get("hand") != number:
        out.append(Said("{where}: `hand = {number}` expected (hands are numbered in order), "
                        "found {number_found}", where=where, number=number,
                        number_found=repr(data.get("hand"))))
    if "dealer" not in data:
        out.append(Said("{where}: missing `{key}`", where=where, key="dealer"))
    elif data["dealer"] not in players:
        out.append(Said("{where}: dealer {dealer} is not a player",
                        where=where, dealer=repr(data["dealer"])))
    return out


def _not_whole(what: str, value: Any, kind: ScoreKind) -> Said:
    """A stored score that is not a whole number (in tenths: how one is stored)."""
    if kind.scale != 1:
        return Said("{what} must be a whole number (of 1/{scale} points: {example} is "
                    "stored as 31), not {value}", what=what, scale=kind.scale,
                    example=Figure(kind.display(31)), value=repr(value))
    return Said("{what} must be a whole number, not {value}", what=what, value=repr(value))


def _told_problems(data: PlainMap, where: str) -> list[Said]:
    """What is wrong with a hand's `recorded` and `note`, where it has them."""
    found: list[Said] = []
    if "recorded" in data and (problem := recorded_problem(data["recorded"])):
        found.append(Said("{where}: {problem}", where=where, problem=problem))
    if "note" in data and (problem := note_problem(data["note"])):
        found.append(Said("{where}: `note`: {problem}", where=where, problem=problem))
    return found
