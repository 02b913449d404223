"""After the night: `settle-up`, `stats`, `chart` and `rules` (docs/CLI.md).

The shell of these commands: each parses its options, calls the core
(`settleup`, `stats`, `rulebook`, `chart`), and renders for a person
(`nightview`, rich) or writes one JSON document. `register(app)` adds them
to the command line.

Imports inside functions keep start-up fast: nothing here loads a ledger,
rich or a plotting library until a command needs it (plotext and pygal
only for `chart`).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, List, Optional, Sequence

import typer

from scorekeeper import registry
from scorekeeper.errors import Impossible
from scorekeeper.options import Profile
from scorekeeper.words import plural
from scorekeeper.shell import (ASCII, GAME_NAMES, JSON, PROFILE, console,
                               emit_json, guarded, parameter, say, use_ascii,
                               warn_stale, write_text)

if TYPE_CHECKING:
    from scorekeeper.rulebook import Rule

# the shared options, spelled as every other command spells them
JSON_OPT, ASCII_OPT = parameter(JSON).default, parameter(ASCII).default
PROFILE_OPT = parameter(PROFILE).default


# -- settle-up -----------------------------------------------------------------------

def settle_up(
    ledgers: List[Path] = typer.Argument(..., metavar="LEDGER...",
                                         help="One or more session ledgers."),
    mix: bool = typer.Option(False, "--mix",
                             help="Add up sessions of different games."),
    as_json: bool = JSON_OPT, ascii: bool = ASCII_OPT,
) -> None:
    """The fewest transfers that square everyone after one or several sessions."""
    def body() -> None:
        from scorekeeper import book, settleup  # start-up: see module doc

        _refuse_twice(ledgers)
        readings = [book.load(path) for path in ledgers]
        for reading in readings:
            warn_stale(reading)
        sessions = [reading.session for reading in readings]
        for s in sessions:
            if not s.complete:
                planned = f"/{s.planned}" if s.planned else ""
                say(f"note: {s.label} is not complete ({len(s.hands)}{planned} "
                    "hands): settling what is recorded")
        balances = settleup.balances(sessions, mix)
        transfers = settleup.fewest_transfers(balances)
        hands = sum(len(s.hands) for s in sessions)
        if as_json:
            emit_json({"balances": balances,
                       "transfers": [t.as_json() for t in transfers],
                       "sessions": [s.label for s in sessions],
                       "hands": hands}, ascii)
            return
        from scorekeeper import nightview  # rich: only when a person reads

        titles = ", ".join(dict.fromkeys(s.game.title for s in sessions))
        heading = (f"Settle-up — {titles}, {plural(len(sessions), 'session')}, "
                   f"{plural(hands, 'hand')}")
        nightview.settle_up(console(ascii), heading, balances, transfers)

    guarded(body, as_json)


def _refuse_twice(paths: Sequence[Path]) -> None:
    seen: dict[Path, Path] = {}
    for path in paths:
        key = path.resolve()
        if key in seen:
            raise Impossible(f"{path} is given twice (as {seen[key]}): each "
                             "session is settled once")
        seen[key] = path


# -- stats -------------------------------------------------------------------------

def stats(
    paths: List[Path] = typer.Argument(
        ..., metavar="PATH...",
        help="Ledgers, or folders searched (with their subfolders) for *.toml ledgers."),
    game: Optional[str] = typer.Option(None, "--game", metavar="GAME", help=GAME_NAMES),
    player: Optional[str] = typer.Option(None, "--player", metavar="NAME",
                                         help="Only this player (any case)."),
    as_json: bool = JSON_OPT, ascii: bool = ASCII_OPT,
) -> None:
    """Per game and player: sessions, hands, wins, totals, places and the game's own counts."""
    def body() -> None:
        from scorekeeper import gather  # start-up: see module doc
        from scorekeeper.stats import statistics, statistics_json

        name = registry.game(game).name if game is not None else None
        found = gather.read_all(paths)
        for skipped in found.skipped:
            say(f"warning: skipped {skipped.reason}")
        for reading in found.stale:
            warn_stale(reading)
        if not found.sessions:
            raise Impossible("no ledger found in " + ", ".join(map(str, paths)))
        groups = statistics(found.sessions, name, player)
        if as_json:
            emit_json({**statistics_json(groups), "skipped": [
                {"path": str(k.path), "reason": k.reason} for k in found.skipped]},
                ascii)
            return
        if not groups:
            say("No hands recorded in these sessions"
                + (f" for {registry.game(name).title}." if name else "."))
            return
        from scorekeeper import nightview  # rich: only when a person reads

        nightview.stats(console(ascii), groups)

    guarded(body, as_json)


# -- chart ---------------------------------------------------------------------------

def _wants_colour() -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return stdout_is_terminal()


def chart(
    ledger: Path = typer.Argument(..., metavar="LEDGER", help="The session's TOML ledger."),
    svg: Optional[Path] = typer.Option(None, "--svg", metavar="FILE",
                                       help="Write the chart as an SVG file instead."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing FILE."),
    ascii: bool = ASCII_OPT,
) -> None:
    """Every player's running total, hand by hand, as a chart."""
    def body() -> None:
        from scorekeeper import book, storage  # start-up: see module doc

        reading = book.load(ledger)
        warn_stale(reading)
        session = reading.session
        if svg is not None:
            storage.check_export_target(svg, ledger, force, "the chart")
        if not session.hands:
            say(f"{ledger} has no hands yet: nothing to draw"
                + (f"; {svg} not written." if svg is not None else "."))
            return
        # plotext and pygal: loaded by this command only
        from scorekeeper import chart as drawing

        picture = drawing.picture(session)
        if svg is not None:
            storage.write_atomic(svg, drawing.svg(picture))
            say(f"Wrote {svg}.")
            return
        plain = use_ascii(ascii)
        size = shutil.get_terminal_size((80, 24))
        text = drawing.terminal(picture, min(size.columns, 120),
                                max(12, min(size.lines - 4, 30)),
                                _wants_colour(), plain)
        write_text(text, ascii)

    guarded(body)


# -- rules ---------------------------------------------------------------------------

def rules(
    game: str = typer.Argument(..., metavar="GAME", help=GAME_NAMES),
    first: Optional[str] = typer.Argument(None, metavar="[PROFILE]",
                                          help="A profile (default: the game's first)."),
    second: Optional[str] = typer.Argument(None, metavar="[RULE-ID]",
                                           help="Just this rule: DH-8, ma-11…"),
    profile: Optional[str] = PROFILE_OPT,
    plain: bool = typer.Option(False, "--plain",
                               help="The Markdown as written, never a pager."),
    as_json: bool = JSON_OPT,
) -> None:
    """The rule book: a profile's rules with their ids, or just one rule."""
    def body() -> None:
        from scorekeeper import rulebook  # start-up: see module doc

        chosen, rule_id, explicit = _profile_and_rule(game, first, second, profile)
        if rule_id is not None:
            rule = _find_rule(chosen, explicit, rule_id)
            if as_json:
                emit_json({"game": chosen.game, "profile": chosen.name,
                           "rule": rule.as_json()})
                return
            _show_rules(rule.text, plain)
            return
        found = rulebook.sections(chosen)
        if as_json:
            emit_json({"game": chosen.game, "profile": chosen.name,
                       "sections": [s.as_json() for s in found],
                       "rules": [r.id for r in rulebook.rules_of(found)]})
            return
        _show_rules(rulebook.section(chosen), plain)

    guarded(body, as_json)


def _profiles_of(game: str) -> list[Profile[Any]]:
    """A game's profiles, default first (exit 2 for an unknown game)."""
    default = registry.profile(game)
    return [p for p in registry.profiles() if p.game == default.game]


def _profile_and_rule(game: str, first: str | None, second: str | None,
                      option: str | None
                      ) -> tuple[Profile[Any], str | None, bool]:
    """`rules GAME [PROFILE] [RULE-ID]`: the first word after GAME is a
    profile when the game has one by that name, otherwise a rule id. Also
    whether a profile was named at all."""
    known = [p.name for p in _profiles_of(game)]
    words = [w for w in (first, second) if w is not None]
    named = words[0] if words and words[0].lower() in known else None
    rest = words[1:] if named is not None else words
    if len(rest) > 1:
        raise Impossible(f"{rest[0]!r} is not a profile of "
                         f"{registry.profile(game).game} (profiles: "
                         f"{', '.join(known)})")
    if named is not None and option is not None and \
            option.lower() != named.lower():
        raise Impossible(f"two profiles given: {named} and --profile {option}")
    return (registry.profile(game, named or option), rest[0] if rest else None,
            (named or option) is not None)


def _find_rule(chosen: Profile[Any], explicit: bool, typed: str) -> Rule:
    """The rule `typed` in the chosen profile's part of the rule book, or
    (no profile named) in any of the game's; exit 2 with the nearby ids, and
    where the rule is if it belongs to another game or profile."""
    from scorekeeper import rulebook  # start-up: see module doc

    places = [chosen] + ([] if explicit else
                         [p for p in _profiles_of(chosen.game) if p != chosen])
    for where in places:
        found = rulebook.find_rule(rulebook.sections(where), typed)
        if found is not None:
            return found
    wanted = rulebook.normal_id(typed)
    for other in registry.profiles():
        if rulebook.find_rule(rulebook.sections(other), wanted) is not None:
            raise Impossible(f"{wanted} is a rule of {other.game}, profile "
                             f"{other.name}: scorekeeper rules {other.game} "
                             f"{other.name} {wanted}")
    known = [r.id for r in rulebook.rules_of(rulebook.sections(chosen))]
    raise Impossible(f"no rule {wanted} in {chosen.game}, profile {chosen.name}; "
                     "nearby: " + ", ".join(rulebook.nearby(wanted, known)))


def stdout_is_terminal() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def _show_rules(text: str, plain: bool) -> None:
    """Rendered for a terminal; the Markdown as written when piped, with
    --plain, or where the terminal cannot show the book's symbols."""
    if plain or not stdout_is_terminal() or use_ascii(False):
        write_text(text.rstrip("\n") + "\n")
        return
    from scorekeeper import nightview  # rich: only when a person reads

    nightview.rules(console(), text, is_terminal=True)


# -- the commands on the command line -------------------------------------------------

def register(app: typer.Typer) -> None:
    """Add these commands to `app`."""
    app.command(name="settle-up")(settle_up)
    app.command()(stats)
    app.command()(chart)
    app.command()(rules)
