"""The command line: a thin shell over the core (the contract: docs/CLI.md).

Each command parses its options, calls the core or the book, and either
renders for a person (rich, imported only then) or writes one JSON document
(`--json`). Games are reached through `scorekeeper.registry`; the hand
options of `record` and `settle`, and every `check`, are built from what
the games declare.

Imports inside functions keep start-up fast: a command loads only what it
uses (a `check` never loads the ledger, rich or another game's engine).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable, List, Optional

import typer

from scorekeeper import registry
from scorekeeper.errors import Impossible
from scorekeeper.declare import CheckSpec, Flag
from scorekeeper.shell import (build_command, console, emit_json, given,
                               guarded, merged_flags, parameter, say,
                               stdin_is_tty, use_ascii, write_text)

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="Scorekeeper and rules referee for Dhumbal and Marriage.",
)
check_app = typer.Typer(no_args_is_help=True, rich_markup_mode=None, add_completion=False,
                        help="Single rulings for disputes, without a ledger.")
app.add_typer(check_app, name="check")


@check_app.callback()
def _check_group() -> None:
    """Single rulings for disputes, without a ledger."""
    # A callback keeps `check` a group even when only one check is built.

GAME_NAMES = " or ".join(registry.names())
JSON = Flag("as_json", ("--json",), bool, False, "Print one JSON document on stdout.")
ASCII = Flag("ascii", ("--ascii",), bool, False, "Write suits as s h d c.")
PROFILE = Flag("profile", ("--profile",), str, None,
               "Rule profile (see `profiles`).", "NAME")
SETTINGS = Flag("settings", ("--set",), list, [], "House option (repeatable).",
                "KEY=VALUE")
JSON_OPT, ASCII_OPT = parameter(JSON).default, parameter(ASCII).default
PROFILE_OPT, SET_OPT = parameter(PROFILE).default, parameter(SETTINGS).default
LEDGER_ARG = typer.Argument(..., metavar="LEDGER", help="The session's TOML ledger.")


# -- new ---------------------------------------------------------------------------

@app.command()
def new(
    ledger_text: str = typer.Argument(..., metavar="LEDGER",
                                      help="The ledger file to create (TOML)."),
    game: str = typer.Option(..., "--game", metavar="GAME", help=GAME_NAMES),
    profile: Optional[str] = PROFILE_OPT,
    players: str = typer.Option(..., "--players", metavar="NAMES",
                                help='Names in seat order: "Asha,Bikash,Chandra"'),
    dealer: Optional[str] = typer.Option(None, "--dealer", metavar="NAME",
                                         help="The first dealer (default: first player)."),
    hands: Optional[int] = typer.Option(None, "--hands", metavar="N",
                                        help="Hands to play (Dhumbal)."),
    rotations: Optional[int] = typer.Option(None, "--rotations", metavar="N",
                                            help="Full rotations (Marriage)."),
    settings: List[str] = SET_OPT,
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Start a session ledger."""
    from scorekeeper import book, ledger, storage  # start-up: see module doc
    from scorekeeper.hands import check_player_names, resolve_name

    path = Path(ledger_text)

    def body() -> None:
        chosen = registry.game(game)
        prof = chosen.profile(profile)
        rules = ledger.session_rules(chosen, prof, settings,
                                     {"hands": hands, "rotations": rotations})
        names = check_player_names(players.split(","), rules)
        first = resolve_name(dealer, names) if dealer else names[0]
        storage.check_ledger_path(path, raw=ledger_text)
        book.create(path, ledger.header_document(chosen, prof, rules, names, first),
                    force)
        planned = rules.planned_hands(len(names))
        say(f"New {chosen.name} session ({prof.name}) in {path}: "
            f"{', '.join(names)}; {first} deals first"
            + (f"; {planned} hands planned" if planned else "") + ".")

    guarded(body)


# -- record / settle: hand options are the games' own --------------------------------

def hand_flags() -> tuple[Flag, ...]:
    return merged_flags([registry.hand_flags(name) for name in registry.names()])


def _record(values: dict[str, Any]) -> None:
    from scorekeeper import book  # start-up: see module doc

    ledger, as_json, ascii = values["ledger"], values["as_json"], values["ascii"]
    flags = given(hand_flags(), values)

    def body() -> None:
        session = book.read(ledger)
        session.game.refuse_foreign_flags(flags, _shown_as())
        expect = None
        if not flags:
            if not stdin_is_tty():
                raise Impossible("no hand given: pass the hand options (see "
                                 "`scorekeeper record --help`); prompts need a "
                                 "terminal")
            from scorekeeper import prompts  # start-up: see module doc

            session.check_open()
            # With --json, stdout holds only the JSON: prompts and the ruling
            # shown for confirmation go to stderr.
            entered = prompts.enter_hand(session, console(ascii, stderr=as_json),
                                         confirm=not values["yes"])
            if entered is None:
                say("Nothing recorded.")
                raise typer.Exit(0)
            flags.update(entered)
            expect = len(session.hands)
        done = book.record(ledger, flags, expect)
        ruled, after = done.ruled, done.after
        if as_json:
            emit_json(after.game.result_json(ruled.result, ruled.number), ascii)
            return
        from scorekeeper import render  # rich: only when a person reads

        con = console(ascii)
        if expect is None:  # an interactive entry has just shown the ruling
            after.game.render_ruling(con, ruled.result, ruled.number,
                                     ruled.table.dealer)
        render.standings(con, after)
        say(f"Recorded hand {ruled.number} in {ledger}.")

    guarded(body, as_json)


def _settle(values: dict[str, Any]) -> None:
    from scorekeeper.hands import Table, check_player_names, resolve_name

    as_json, ascii = values["as_json"], values["ascii"]
    flags = given(hand_flags(), values)

    def body() -> None:
        chosen = registry.game(values["game"])
        chosen.refuse_foreign_flags(flags, _shown_as())
        rules = chosen.profile(values["profile"]).parse_settings(values["settings"])
        names = check_player_names(values["players"].split(","), rules)
        dealer = values["dealer"]
        table = Table.of(names, resolve_name(dealer, names) if dealer else names[0])
        result = chosen.resolve(chosen.args_from_flags(flags, table, rules), rules)
        if as_json:
            emit_json(chosen.result_json(result, None), ascii)
            return
        chosen.render_ruling(console(ascii), result, None, table.dealer)

    guarded(body, as_json)


def _shown_as() -> dict[str, str]:
    return {f.param: f.shown_as for f in hand_flags()}


def _register_hand_commands() -> None:
    flags = [parameter(f) for f in hand_flags()]
    output = [parameter(JSON), parameter(ASCII)]
    yes = parameter(Flag("yes", ("--yes", "-y"), bool, False,
                         "Interactive entry: record without asking to confirm "
                         "the ruling."))
    ledger = parameter(Flag("ledger", kind=Path, argument=True, required=True,
                            metavar="LEDGER", help="The session's TOML ledger."))
    app.command("record")(build_command(
        "record", "Rule on one hand and append it to the ledger.",
        [ledger, *flags, *output, yes], _record))
    settle_params = [
        parameter(Flag("game", kind=str, argument=True, required=True,
                       metavar="GAME", help=GAME_NAMES)),
        parameter(PROFILE), parameter(SETTINGS),
        parameter(Flag("players", ("--players",), str, None, 'Seat order: "A,B,C"',
                       "NAMES", required=True)),
        parameter(Flag("dealer", ("--dealer",), str, None,
                       "This hand's dealer (default: first).", "NAME")),
    ]
    app.command("settle")(build_command(
        "settle", "Rule on one hand without a ledger (same ruling as record).",
        [*settle_params, *flags, *output], _settle))



# -- reading a ledger ------------------------------------------------------------------

@app.command()
def standings(ledger: Path = LEDGER_ARG, as_json: bool = JSON_OPT,
              ascii: bool = ASCII_OPT) -> None:
    """Totals, places and who deals next."""
    def body() -> None:
        from scorekeeper import book  # start-up: see module doc

        session = book.read(ledger)
        if as_json:
            emit_json(session.standings_json(), ascii)
            return
        from scorekeeper import render  # rich: only when a person reads

        render.standings(console(ascii), session)

    guarded(body, as_json)


@app.command()
def history(ledger: Path = LEDGER_ARG, as_json: bool = JSON_OPT,
            ascii: bool = ASCII_OPT,
            all_hands: bool = typer.Option(False, "--all",
                                           help="Show every hand, not the last 100."),
            ) -> None:
    """Every hand, its ruling and the running totals."""
    def body() -> None:
        from scorekeeper import book  # start-up: see module doc

        session = book.read(ledger)
        if as_json:
            emit_json(session.history_json(), ascii)
            return
        from scorekeeper import render  # rich: only when a person reads

        render.history(console(ascii), session, last=None if all_hands else 100)

    guarded(body, as_json)


@app.command()
def verify(ledger: Path = LEDGER_ARG, as_json: bool = JSON_OPT,
           ascii: bool = ASCII_OPT) -> None:
    """Recompute every hand from its inputs; exit 1 if any disagrees."""
    from scorekeeper import book
    from scorekeeper import ledger as ledgermod  # start-up: see module doc

    def body() -> None:
        # verify answers for the ledger itself: it always reads the TOML.
        session = book.read(ledger, use_cache=False)
        problems = ledgermod.verify(session)
        if as_json:
            emit_json({"ok": not problems,
                       "problems": [p.as_json() for p in problems],
                       "hands": len(session.hands)}, ascii)
        else:
            for p in problems:
                where = f"{ledger}:{p.line}" if p.line else str(ledger)
                say(f"{where}: {p.message}")
            if not problems:
                say(f"{ledger}: ok, {len(session.hands)} hands recomputed, "
                    "all agree.")
        if problems:
            raise typer.Exit(1)

    guarded(body, as_json)


# -- changing a ledger -------------------------------------------------------------------

@app.command()
def undo(ledger: Path = LEDGER_ARG, as_json: bool = JSON_OPT) -> None:
    """Remove the last hand."""
    from scorekeeper import book  # start-up: see module doc

    def body() -> None:
        done = book.undo(ledger)
        removed, left = done.removed, len(done.after.hands)
        if as_json:
            emit_json({"removed": removed.number, "hands_played": left,
                       done.after.score_key: dict(removed.scores)})
        else:
            say(f"Removed hand {removed.number} from {ledger}; "
                f"{left} hand{'s' * (left != 1)} remain{'s' * (left == 1)}.")

    guarded(body, as_json)


@app.command()
def extend(
    ledger: Path = LEDGER_ARG,
    hands: Optional[int] = typer.Option(None, "--hands", metavar="N",
                                        help="New total of hands."),
    rotations: Optional[int] = typer.Option(None, "--rotations", metavar="N",
                                            help="New total of rotations."),
) -> None:
    """Change how many hands (or rotations) the session plans."""
    from scorekeeper import book  # start-up: see module doc

    def body() -> None:
        if (hands is None) == (rotations is None):
            raise Impossible("give exactly one of --hands N or --rotations N")
        unit, value = ("hands", hands) if hands is not None else ("rotations", rotations)
        assert value is not None
        after = book.extend(ledger, unit, value)
        say(f"{ledger}: {after.planned} hands planned, {len(after.hands)} played.")

    guarded(body)


@app.command()
def export(
    ledger: Path = LEDGER_ARG,
    format: str = typer.Option(..., "--format", metavar="csv|json|md", help="csv, json or md"),
    output: Optional[Path] = typer.Option(None, "-o", "--output", metavar="FILE",
                                          help="Write to FILE instead of stdout."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing FILE."),
) -> None:
    """Export the session as CSV, JSON or Markdown."""
    from scorekeeper import book, storage  # start-up: see module doc
    from scorekeeper import export as exportmod

    def body() -> None:
        text = exportmod.export(book.read(ledger), format.lower())
        if output is None:
            write_text(text)
        else:
            storage.check_export_target(output, ledger, force)
            storage.write_atomic(output, text)
            say(f"Wrote {output}.")

    guarded(body)


# -- check: every game's single rulings ------------------------------------------------

def _check_command(owner: str, spec: CheckSpec) -> Callable[..., None]:
    common = [Flag("game", ("--game",), str, owner, f"Only {owner}.")] \
        if "game" in spec.common else []
    common += [f for key, f in (("profile", PROFILE), ("settings", SETTINGS))
               if key in spec.common]

    def run(values: dict[str, Any]) -> None:
        as_json, ascii = values["as_json"], values["ascii"]

        def body() -> None:
            if values.get("game", owner).lower() != owner:
                raise Impossible(f"`check {spec.name}` is a ruling of {owner} "
                                 f"(--game {owner})")
            rules = registry.profile(owner, values.get("profile")) \
                .parse_settings(values.get("settings", []))
            ruling = spec.run(rules, values)
            if as_json:
                emit_json(ruling.as_json(), ascii)
            else:
                from scorekeeper import render  # rich: only for a person

                render.verdict(console(ascii), ruling, spec.head(ruling),
                               spec.lines(ruling) if spec.lines else [])
            if not ruling.valid:
                raise typer.Exit(1)

        guarded(body, as_json, check_shape=True)

    params = [parameter(f) for f in (*spec.params, *common, JSON, ASCII)]
    return build_command(spec.name, spec.help, params, run)


def _register_checks(only: str | None = None) -> None:
    """Add the `check` commands: every game's, or only the one named."""
    for owner in registry.names():
        for spec in registry.checks(owner):
            if only is None or spec.name == only:
                check_app.command(spec.name)(_check_command(owner, spec))
                if only is not None:
                    return
    if only is not None:
        _register_checks()


# -- rules / profiles -----------------------------------------------------------------

@app.command()
def rules(game: str = typer.Argument(..., metavar="GAME", help=GAME_NAMES),
          profile: Optional[str] = PROFILE_OPT) -> None:
    """Print the rules a profile enforces, with their ids."""
    from scorekeeper import rulebook  # start-up: see module doc

    def body() -> None:
        write_text(rulebook.section(registry.profile(game, profile)) + "\n")

    guarded(body)


@app.command()
def profiles(as_json: bool = JSON_OPT) -> None:
    """List every profile with its options and defaults."""
    from scorekeeper.options import format_option

    data = [{"game": p.game, "profile": p.name, "summary": p.summary,
             "options": p.option_values(p.rules),
             "choices": {k: list(v) for k, v in p.choices.items()}}
            for p in registry.profiles()]
    if as_json:
        emit_json({"profiles": data})
        return
    from scorekeeper import render  # rich: only when a person reads

    render.profiles(console(), data, format_option)


# -- entry point -----------------------------------------------------------------------

def _click_error_class() -> type:
    """click's ClickException, from whichever click this typer uses."""
    return next(c for c in typer.BadParameter.__mro__
                if c.__name__ == "ClickException")


_built: list[bool] = []


def build() -> typer.Typer:
    """The whole app: the static commands above, plus the commands built from
    the games' declarations (`record`, `settle`, every `check`)."""
    if not _built:
        _register_hand_commands()
        _register_checks()
        _built.append(True)
    return app


def main(argv: Optional[List[str]] = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    # `check …` answers disputes at the table and must feel instant: run its
    # own sub-app directly so typer builds only the one command asked for.
    if args[:1] == ["check"]:
        _register_checks(args[1] if len(args) > 1 and not args[1].startswith("-")
                         else None)
        target, args, prog = check_app, args[1:], "scorekeeper check"
    else:
        target, prog = build(), "scorekeeper"
    try:
        code = target(args=args, prog_name=prog, standalone_mode=False)
    except (KeyboardInterrupt, typer.Abort):
        say("\ninterrupted; nothing written")
        sys.exit(130)
    except _click_error_class() as err:  # usage: unknown option, missing value…
        if "--json" in args:
            message = err.format_message()
            emit_json({"error": message, "reason": message, "rule": None,
                       "exit_code": err.exit_code})
        err.show()
        sys.exit(err.exit_code)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    main()
