"""The command line: a thin shell over the core (the contract: docs/CLI.md).

Each command parses its options, calls the core or the ledger file, and either
renders for a person (rich, imported only then) or writes one JSON document
(`--json`). Games are reached through `scorekeeper.games.registry`; the hand
options of `record` and `settle`, and every `check`, are built from what the games declare.

Imports inside functions keep start-up fast: a command loads only what it
uses (a `check` never loads the ledger, rich or another game's engine).
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys

# Start-up: importing makes only objects that live as long as the process, yet
# the cyclic garbage collector would walk them again and again as they are
# made: it is paused while the command line is imported (resumed at the end).
gc.disable()

from pathlib import Path  # noqa: E402 - after the pause above
from typing import Any, List, Optional  # noqa: E402

from scorekeeper.core.language import Said, _, digits, start  # noqa: E402
from scorekeeper.files.config import language_settings  # noqa: E402
from scorekeeper.screen.streams import usable_streams  # noqa: E402

usable_streams()

# before typer: typer's own words read gettext
start(sys.argv[1:], os.environ, language_settings)
import typer  # noqa: E402

from scorekeeper.commands import check, completion
from scorekeeper.commands.common import (
    ASCII_OPT,
    CURRENCY_OPT,
    GAME_NAMES,
    JSON_OPT,
    LEDGER_ARG,
    PROFILE_OPT,
    RATE_OPT,
    SET_OPT,
    Typer,
    click_error_class,
    console,
    emit_error,
    emit_json,
    forget_writes,
    guard_signals,
    guarded,
    help_of,
    hold_signals,
    interrupted_exit,
    say,
    session_money,
    unsaid_interrupt,
    warn_stale,
    written_so_far,
)
from scorekeeper.core.errors import BUG_EXIT
from scorekeeper.core.options import format_option, json_options
from scorekeeper.games import registry
from scorekeeper.reports import documents
from scorekeeper.screen.streams import OutputClosed, flush_out, stdout_width

app = Typer(
    # --install-completion / --show-completion: only the whole app (built
    # for `--help`, a typo, or a Tab) sets completion up (start-up)
    add_completion=True,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help=_("Scorekeeper and rules referee for the Nepali card games {games}."),
)
check_app = Typer(no_args_is_help=True, rich_markup_mode=None, add_completion=False,
                  help=_("Single rulings for disputes, without a ledger."))
app.add_typer(check_app, name="check")


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"scorekeeper {sys.modules['scorekeeper'].__version__}\n")
        raise typer.Exit(0)


@app.callback()
def _main(version: bool = typer.Option(False, "--version", is_eager=True,
                                       callback=_version,
                                       help=_("Print the version and exit."))
          ) -> None:
    """Scorekeeper and rules referee for Nepali card games."""


@check_app.callback()
def _check_group() -> None:
    """Single rulings for disputes, without a ledger."""
    # A callback keeps `check` a group even when only one check is built.


# -- new ---------------------------------------------------------------------------

@app.command(help=_("Start a session ledger."))
def new(
    ledger_text: str = typer.Argument(..., metavar="LEDGER",
                                      help=_("The ledger file to create (TOML).")),
    game: Optional[str] = typer.Option(None, "--game", metavar="GAME", help=GAME_NAMES),
    profile: Optional[str] = PROFILE_OPT,
    players: Optional[str] = typer.Option(
        None, "--players", metavar="NAMES",
        help=_('Names in seat order: "Asha,Bikash,Chandra" (default: the config\'s).')),
    dealer: Optional[str] = typer.Option(None, "--dealer", metavar="NAME",
                                         help=_("The first dealer (default: the config's, if at the "
                                                "table; else the first player).")),
    hands: Optional[str] = typer.Option(None, "--hands", metavar="N|none",
                                        help=_("Hands to play ({games}); none: open-ended.")),
    rotations: Optional[str] = typer.Option(None, "--rotations", metavar="N",
                                            help=_("Full rotations ({games}).")),
    rounds: Optional[str] = typer.Option(None, "--rounds", metavar="N",
                                         help=_("Rounds to play ({games}).")),
    settings: List[str] = SET_OPT,
    rate: Optional[str] = RATE_OPT, currency: Optional[str] = CURRENCY_OPT,
    force: bool = typer.Option(False, "--force", help=_("Overwrite an existing file.")),
    like: Optional[str] = typer.Option(
        None, "--like", metavar="OTHER",
        help=_("Like another ledger: its game, profile, options, players at its "
               "end, next dealer and money (what is typed wins).")),
) -> None:
    from scorekeeper.commands.new import new as run  # start-up: see module doc

    run(ledger_text, game, profile, players, dealer,
        {"hands": hands, "rotations": rotations, "rounds": rounds}, settings,
        rate, currency, force, like)


# -- reading a ledger ------------------------------------------------------------------

@app.command(help=_("Totals, places and who deals next."))
def standings(ledger: Path = LEDGER_ARG, as_json: bool = JSON_OPT,
              ascii: bool = ASCII_OPT, rate: Optional[str] = RATE_OPT,
              currency: Optional[str] = CURRENCY_OPT) -> None:
    def body() -> None:
        from scorekeeper.files import ledger_file  # start-up: see module doc

        checked = ledger_file.read_checked(ledger)
        warn_stale(checked)
        money = session_money(checked.session, rate, currency)
        if as_json:
            emit_json({**documents.standings_json(checked.session),
                       "problems": [p.as_json() for p in checked.problems],
                       **({"money": money.as_json()} if money else {})}, ascii)
            return
        from scorekeeper.screen import views  # rich: only when a person reads

        views.standings(console(ascii), checked.session, stale=bool(checked.problems),
                        money=money)

    guarded(body, as_json)


@app.command(help=_("Every hand, its ruling and the running totals."))
def history(ledger: Path = LEDGER_ARG, as_json: bool = JSON_OPT,
            ascii: bool = ASCII_OPT,
            all_hands: bool = typer.Option(False, "--all",
                                           help=_("Show every hand, not the last {count}.").format(
                                               count=digits(100))),
            ) -> None:
    def body() -> None:
        from scorekeeper.files import ledger_file  # start-up: see module doc

        checked = ledger_file.read_checked(ledger)
        warn_stale(checked)
        if as_json:
            emit_json({**documents.history_json(checked.session, lazy=True),
                       "problems": [p.as_json() for p in checked.problems]}, ascii)
            return
        from scorekeeper.screen import views  # rich: only when a person reads

        views.history(console(ascii), checked.session,
                       last=None if all_hands else 100,
                       stale={p.hand for p in checked.problems})

    guarded(body, as_json)


# -- a ledger as a table, a page, a file (verify.py, edit.py: the others) -----------

@app.command(help=_("Export the session, or the night's several, as CSV, JSON, Markdown "
                    "or the board's HTML page."))
def export(
    ledgers: List[Path] = typer.Argument(
        None, metavar="[LEDGER]...", show_default=False, autocompletion=completion.ledgers,
        help=_("One ledger, or the night's several for md and html (none: the one "
               "found, as LEDGER).")),
    format: str = typer.Option(..., "--format", metavar="FORMAT",
                               help=_("csv, json, md or html")),
    output: Optional[Path] = typer.Option(None, "-o", "--output", metavar="FILE",
                                          help=_("Write to FILE instead of stdout.")),
    force: bool = typer.Option(False, "--force", help=_("Overwrite an existing FILE.")),
    rate: Optional[str] = RATE_OPT, currency: Optional[str] = CURRENCY_OPT,
) -> None:
    from scorekeeper.commands.export import export as run  # start-up: see module doc

    run(ledgers or [], format, output, force, rate, currency)


# -- profiles (`rules` is in scorekeeper/commands/rules.py) ------------------------

@app.command(help=_("List every profile with its options and defaults."))
def profiles(as_json: bool = JSON_OPT) -> None:
    data = [{"game": p.game, "profile": p.name, "aliases": list(p.aliases),
             "summary": p.summary,
             "options": json_options(p.option_values(p.rules)),
             "choices": {k: list(v) for k, v in p.choices.items()},
             "ranges": {k: list(v) for k, v in p.ranges.items()}}
            for p in registry.profiles()]
    if as_json:
        emit_json({"profiles": data})
        return
    from scorekeeper.screen import views  # rich: only when a person reads

    views.profiles(console(), data, format_option)


# -- entry point -----------------------------------------------------------------------

_built: list[bool] = []


def _later_command(name: str) -> Any:
    """The function of a command `build` adds (verify … rules), or None."""
    from importlib import import_module  # each loads only its own module
    module = {"verify": "verify", "join": "seats", "leave": "seats",
              **dict.fromkeys(("undo", "redo", "extend", "rename"), "edit")}
    if name in module:
        return getattr(import_module(f"scorekeeper.commands.{module[name]}"), name)
    if name in ("settle-up", "stats", "chart", "rules", "serve", "config"):
        return getattr(import_module(f"scorekeeper.commands.{name.replace('-', '_')}"),
                       name.replace("-", "_"))
    return None


def _one_command_app(name: str) -> Typer | None:
    """The command `name` alone, in a group spelled like `app` (same usage,
    help and errors), so that typer builds just it; None if there is none."""
    alone = Typer(add_completion=False, pretty_exceptions_enable=False,
                  rich_markup_mode=None, help=app.info.help)
    alone.callback()(_check_group)     # a group even with one command
    static = [info for info in app.registered_commands
              if (info.name or getattr(info.callback, "__name__", "")) == name]
    if name in ("record", "settle", "amend", "show"):
        from scorekeeper.commands import record  # a `check` never loads it

        record.register_hand_commands(alone, only=name)
    elif static:
        alone.registered_commands.append(static[0])
    elif (later := _later_command(name)) is not None:
        alone.command(name=name, help=help_of(later))(later)
    else:
        return None
    return alone


def build() -> Typer:
    """The whole app: the static commands above, plus the commands built from
    the games' declarations (`record`, `settle`, every `check`)."""
    if not _built:
        # imported here: a `check` loads neither
        from scorekeeper.commands import edit, record, seats, verify

        record.register_hand_commands(app)
        for module in (verify, edit, seats):
            module.register(app)
        check.register_checks(check_app)
        # imported here: `check …` never needs the commands for after the night
        from scorekeeper.commands import chart, config, rules, serve, settle_up, stats

        app.command(name="settle-up", help=help_of(settle_up.settle_up))(
            settle_up.settle_up)
        for command in (stats.stats, chart.chart, rules.rules, serve.serve, config.config):
            app.command(help=help_of(command))(command)
        _built.append(True)
    return app


def main(argv: Optional[List[str]] = None) -> None:
    args, refused = start(sys.argv[1:] if argv is None else argv, os.environ,
                          language_settings)  # --lang, the config's lang
    # `check …` answers disputes at the table and must feel instant: run its
    # own sub-app directly so typer builds only the one command asked for.
    if args[:1] == ["check"]:
        check.register_checks(check_app, args[1] if len(args) > 1
                             and not args[1].startswith("-") else None)
        target, args, prog = check_app, args[1:], "scorekeeper check"
    else:
        # Any other command alone too (typer reads every built command's
        # signature); `--help`, `--version`, a typo: the whole app.
        prog = "scorekeeper"
        target = (_one_command_app(args[0]) if args else None) or build()
    forget_writes()
    guard_signals()
    code = _failed(refused, args, error=True) if refused else _run(target, args, prog)
    hold_signals()
    flush_out()
    sys.exit(code)


def _run(target: typer.Typer, args: List[str], prog: str) -> int:
    """The command's exit code (errors told on stderr, and on stdout as
    JSON under `--json`)."""
    width = stdout_width()      # told it, click's help narrows below 50 columns
    told = {} if width is None else {"terminal_width": min(width, 80) - 2}
    try:
        code = target(args=args, prog_name=prog, standalone_mode=False, **told)
    except KeyboardInterrupt as stop:
        return interrupted_exit(stop)
    except typer.Abort:
        return interrupted_exit(KeyboardInterrupt())
    except OutputClosed:  # the reader stopped reading (see streams)
        code = 0
    except click_error_class() as caught:  # usage: unknown option, missing value…
        err: Any = caught    # click's ClickException: exit_code, show()
        _last_word(Said("{item}", item=err.format_message()), err.exit_code, "--json" in args,
                   told=False)
        from scorekeeper.commands.usage_words import show  # click's words, translated

        show(err)
        return int(err.exit_code)
    except MemoryError:  # not a bug: the machine or `ulimit -v` ran out
        return _failed(Said("out of memory"), args)
    except OSError as err:  # stdout or stderr refused the output (disk full…)
        return _failed(Said("cannot write the output ({reason})",
                            reason=err.strerror or err), args)
    except Exception as err:  # a bug: one line, never a traceback
        return _failed(Said("internal error ({kind}: {error}): this is a bug in "
                            "scorekeeper, not in what was typed", kind=type(err).__name__,
                            error=str(err)), args, bug=True)
    code = code if isinstance(code, int) else 0
    if written_so_far():   # a change is in place: no exit code but 0
        return 0
    return unsaid_interrupt(code)


def _failed(message: Said, args: List[str], bug: bool = False, error: bool = False) -> int:
    """Exit 2 (70: a bug) for a failure no command foresaw; 0 after a write."""
    done = written_so_far()
    if done:
        with contextlib.suppress(OSError):
            say(Said("scorekeeper: {file} is written; then: {problem}", file=done[0],
                     problem=message))
        return 0
    code = BUG_EXIT if bug else 2
    _last_word(Said("{problem}; nothing written", problem=message) if bug else message,
               code, "--json" in args, bug=bug, error=error)
    return code


def _last_word(message: Said, code: int, as_json: bool, bug: bool = False,
               told: bool = True, error: bool = False) -> None:
    """A failure's JSON document and line on stderr (`scorekeeper: …` or
    `error: …`; none if `told` is False: click shows its own), each
    written only if its stream still takes it."""
    if as_json:
        emit_error(message.english, None, code, {"bug": True} if bug else None)
    if told:
        with contextlib.suppress(OSError):
            say(Said("error: {message}", message=message) if error else
                Said("scorekeeper: {problem}", problem=message))


# The pause at the top ends: what importing made stays for good, so the
# collector is told to leave it alone (it still collects everything after).
gc.freeze()
gc.enable()


if __name__ == "__main__":  # pragma: no cover
    main()
