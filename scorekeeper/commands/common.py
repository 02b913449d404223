"""What every command of the shell shares: output (JSON or rich), errors as
exit codes, and typer commands built from the parameters games declare.

Errors come from the core as values carrying a rule id (`Refused`: exit 1,
`Impossible`: exit 2); `guarded` turns them into one line on stderr (and
one JSON document on stdout under `--json`) and the exit code.
"""

from __future__ import annotations

import contextlib
import inspect
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, List, Optional, Sequence, TypeVar

import typer

from scorekeeper.commands import completion
from scorekeeper.core.cards import suits_as_letters
from scorekeeper.core.errors import Impossible, ScorekeeperError, visible
from scorekeeper.core.language import Said, _, digits, file_name
from scorekeeper.core.language import say as in_own_words
from scorekeeper.core.numbers import listed
from scorekeeper.core.options import Profile
from scorekeeper.core.plain import PlainDict
from scorekeeper.core.typed import to_latin
from scorekeeper.files import interrupts
from scorekeeper.games import registry
from scorekeeper.games.declare import Flag
from scorekeeper.ledger.tomltext import LedgerError
from scorekeeper.screen.streams import (
    OutputClosed,
    asciify,
    stdout_width,
    wrapped,
    write_out,
)

if TYPE_CHECKING:
    from rich.console import Console

    from scorekeeper.session.verify import Checked


# Options every command spells the same way.
JSON = Flag("as_json", ("--json",), bool, False, _("Print one JSON document on stdout."))
ASCII = Flag("ascii", ("--ascii",), bool, False, _("Write suits as s h d c."))
PROFILE = Flag("profile", ("--profile",), str, None,
               _("Rule profile (see `profiles`)."), "NAME")
SETTINGS = Flag("settings", ("--set",), list, [], _("House option (repeatable)."),
                "KEY=VALUE")


# the games as typed (`--game dhumbal`), their ids kept in every language
GAME_NAMES = in_own_words(listed(registry.names(), " or "))


# -- output ---------------------------------------------------------------------

def use_ascii(flag: bool) -> bool:
    """`--ascii`, or a stdout that cannot encode the suits."""
    if flag:
        return True
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "♠♥♦♣→≤".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def _suits_as_letters(data: Any) -> Any:
    if isinstance(data, str):
        return suits_as_letters(data)
    if isinstance(data, list):
        return [_suits_as_letters(v) for v in data]
    if isinstance(data, dict):
        return {k: _suits_as_letters(v) for k, v in data.items()}
    if isinstance(data, Iterator):
        return map(_suits_as_letters, data)
    return data


def emit_json(data: Any, ascii: bool = False) -> None:
    """One JSON document on stdout. `--ascii` writes suits as s h d c; where
    stdout cannot encode them, \\u escapes keep the same JSON. A value that
    is an iterator (the rows of a long history) is a list written a few
    hundred items at a time, never whole in memory."""
    if ascii:
        data = _suits_as_letters(data)
    if isinstance(data, dict) and any(isinstance(v, Iterator) for v in data.values()):
        from scorekeeper.core.jsontext import json_pieces  # only a long listing

        for piece in json_pieces(data, ensure_ascii=use_ascii(False)):
            write_out(piece)
        return
    import json  # start-up: only a command that writes JSON loads it

    write_out(json.dumps(data, ensure_ascii=use_ascii(False)) + "\n")


def write_text(text: str, ascii: bool = False) -> None:
    """Plain text to stdout, in ASCII with `--ascii` or where the terminal
    cannot encode it (exports and data: the config's `ascii` does not
    apply)."""
    write_out(asciify(text) if use_ascii(ascii) else text)


def write_lines(text: str, ascii: bool = False, rest: str = "    ") -> None:
    """Text for a person that is a command's output (stdout), each line
    wrapped to the terminal's width (`stdout_width`) with a hanging indent
    of `rest`; as it is for a file or a pipe without `COLUMNS`."""
    width = stdout_width()
    lines = visible(text.rstrip("\n"))     # a file name never drives the terminal
    write_text((lines if width is None else wrapped(lines, rest, width)) + "\n", ascii)


def config_ascii() -> bool:
    """`ascii = true` in the user's config: for the screens drawn with rich
    only, never JSON or an export."""
    return bool(user_config().get("ascii", False))


def console(ascii: bool = False, stderr: bool = False) -> Console:
    from scorekeeper.screen import style  # rich: only when a person reads

    return style.make_console(use_ascii(ascii or config_ascii()), stderr=stderr)


def say(text: Said | str) -> None:
    """A message for the person at the terminal (stderr), wrapped to it
    with a hanging indent: a `Said` in the reader's language, text already
    in it (`_`) as it is."""
    sys.stderr.write(wrapped(in_own_words(text) if isinstance(text, Said) else text) + "\n")


def waiting(ledger: Path) -> Callable[[], None]:
    """What a writer says when another holds the ledger's lock."""
    return lambda: say(_("waiting for another scorekeeper writing {ledger}…").format(
        ledger=file_name(ledger)))


def session_money(session: Any, rate: str | None, currency: str | None) -> Any:
    """The session's money: the rate typed, else the one it agreed; None
    when there is neither."""
    if rate is None and currency is None and not session.money:
        return None
    from scorekeeper.reports.money import of_session  # only with a rate

    return of_session(session, rate, currency)


def warn_stale(checked: Checked) -> None:
    """Say which hands of a re-checked ledger disagree with their inputs."""
    label = checked.session.label
    for problem in checked.problems:
        where = f"{label}:{problem.line}" if problem.line else label
        say(_("warning: {where}: {problem}").format(
            where=where, problem=in_own_words(problem.message)))
    if checked.problems:
        say(_("warning: {ledger} was changed outside scorekeeper and does not "
              "verify: totals are shown as stored. Correct a hand with "
              "`scorekeeper amend {ledger} N`, or re-rule every hand whose "
              "stored result disagrees with `scorekeeper verify {ledger} --fix`."
              ).format(ledger=label))


def settings_of(profile: Profile[Any], settings: Sequence[str]) -> Any:
    """The rules `--set` gives; an option set by an old name says its new
    one on stderr."""
    rules = profile.parse_settings(settings)
    for note in profile.notes(settings):
        say(_("note: {note}").format(note=in_own_words(note)))
    return rules


def stdin_is_tty() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


# -- errors -----------------------------------------------------------------------

def emit_error(message: str, rule: str | None, exit_code: int,
               extra: PlainDict | None = None) -> None:
    """The one JSON document of a failure (`--json`), if stdout still takes
    it: `{"error", "reason", "rule", "exit_code"}`."""
    with contextlib.suppress(OutputClosed, OSError):
        emit_json({**(extra or {}), "error": message, "reason": message,
                   "rule": rule, "exit_code": exit_code})


def fail(err: ScorekeeperError, as_json: bool = False,
         check_shape: bool = False) -> None:
    """Report an error value and exit with its code (1 or 2)."""
    if as_json:
        emit_error(err.message.english, err.rule, err.exit_code,
                   {"valid": False} if check_shape else {})
    # A ledger error lists every problem as FILE:LINE: message.
    lines = err.lines() if isinstance(err, LedgerError) else \
        [_("error: {message}").format(message=err.told())]
    sys.stderr.write("".join(wrapped(line) + "\n" for line in lines))
    raise typer.Exit(err.exit_code)


def after_write(written: Said, show: Callable[[], None]) -> None:
    """Show what a command did once its write is done. Nothing shown may
    change the exit code: the file changed, and a script that retried on a
    non-zero exit would write twice."""
    try:
        show()
        write_out("")
    except OutputClosed:
        pass    # the reader stopped reading: nothing more to show
    except (Exception, KeyboardInterrupt) as err:
        with contextlib.suppress(Exception):
            sys.stderr.write(wrapped(_("{written}; showing it failed ({kind}: {error})").format(
                written=in_own_words(written), kind=type(err).__name__, error=err)) + "\n")


def guarded(body: Callable[[], None], as_json: bool = False,
            check_shape: bool = False) -> None:
    """Run a command's body; an error value becomes its exit code."""
    forget_writes()          # nothing of this command is written yet
    try:
        body()
    except ScorekeeperError as err:
        fail(err, as_json, check_shape)
    except OutputClosed:
        pass    # the reader stopped reading: the command is done
    except KeyboardInterrupt as err:
        # caught here: typer would turn it into exit 130 even after a write
        raise typer.Exit(interrupted_exit(err))


def written_so_far() -> list[Path]:
    """The files this command has put in place (none if it never wrote)."""
    return interrupts.written()


def forget_writes() -> None:
    """A new command: nothing of it is written yet."""
    interrupts.reset()


def hold_signals() -> None:
    """After a write, no signal ends the process (`interrupts`)."""
    interrupts.hold_to_the_end()


def guard_signals() -> None:
    """Ctrl-C, SIGTERM and SIGHUP stop a command cleanly (`interrupts`)."""
    interrupts.guard()


def click_error_class() -> type[Exception]:
    """click's ClickException, from whichever click this typer uses."""
    return next(c for c in typer.BadParameter.__mro__
                if c.__name__ == "ClickException")


def unsaid_interrupt(code: int) -> int:
    """`code`, unless it is the exit 130 typer makes, without a word, of an
    interrupt raised outside the command's own guard: that one said, and
    128 + its signal's number."""
    stopped = interrupts.unreported()
    return interrupted_exit(stopped) if stopped is not None and code == 130 else code


def interrupted_exit(err: KeyboardInterrupt) -> int:
    """Ctrl-C, SIGTERM or SIGHUP: 130, 143 or 129 while nothing is written;
    once a file is in place, 0."""
    done = written_so_far()
    with contextlib.suppress(Exception):
        if done:
            say("\n" + _("interrupted after the write: {file} is written").format(
                file=file_name(done[0])))
        else:
            say("\n" + _("interrupted; nothing written"))
    return 0 if done else interrupts.exit_code(err)


# -- commands from declared parameters ---------------------------------------------

CommandT = TypeVar("CommandT", bound=Callable[..., Any])


class _OwnWords:
    """The words typer's vendored click writes without gettext ("Usage:",
    the help option's help, the completion options' help), in the
    language chosen; and the games a help names (`{games}`), as the
    registry lists them."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        with _games_named(self, (self, *self.params)):  # type: ignore[attr-defined]
            super().format_help(ctx, formatter)  # type: ignore[misc]

    def shell_complete(self, ctx: Any, incomplete: str) -> Any:
        # an option's help is a description of it (zsh, fish); the
        # command's own is not shown
        with _games_named(self, self.params):  # type: ignore[attr-defined]
            return super().shell_complete(ctx, incomplete)  # type: ignore[misc]

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), _("Usage: "))

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = _("Show this message and exit.")
        return option

    def get_params(self, ctx: Any) -> list[Any]:
        from scorekeeper.commands.usage_words import option_help  # typer's words

        return option_help(super().get_params(ctx))  # type: ignore[misc]

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """click's parsing, its usage errors typed for `usage_words` to
        say: an option's values, the arguments left over."""
        from scorekeeper.commands import usage_words  # typer's words

        allowed, ctx.allow_extra_args = ctx.allow_extra_args, True
        try:
            rest = list(super().parse_args(ctx, args))  # type: ignore[misc]
        except click_error_class() as err:
            raise usage_words.option_values(err, self, ctx) from None
        finally:
            ctx.allow_extra_args = allowed
        if rest and not allowed and not ctx.resilient_parsing:
            raise usage_words.ExtraArguments(ctx, rest)
        return rest


class PlainUsage(_OwnWords, typer.core.TyperCommand):
    """A command whose usage line names its arguments as its help does:
    `LEDGER`, not typer's `{LEDGER}`; whose LEDGER may be left out before
    its other arguments (`amend 3`); and which says how to write cards that
    a space split from their option (`--hand Sita=A♦ 3♣`)."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return [p[1:-1] if p.startswith("{") and p.endswith("}") else p
                for p in super().collect_usage_pieces(ctx)]

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not ctx.resilient_parsing:     # a Tab: nothing is refused
            _refuse_split_cards(self, ctx, args)
        args = _ledger_left_out(self, ctx, list(args))
        return list(super().parse_args(ctx, args))


# ctx.meta's key: the command's LEDGER was left out (`LEDGER_ARG` finds it)
_LEFT_OUT = "scorekeeper.ledger_left_out"
# card text: ranks and suits, a suit among them (`1` alone may be amend's N);
# a pattern, compiled by re when first used, not on import (start-up)
_CARDISH = r"^(?=.*[♠♥♦♣shdcSHDC])[0-9०-९AKQJTakqjt♠♥♦♣shdcSHDC,]{1,40}$"


def usage_failure(message: str, told: str) -> Exception:
    """A usage error (exit 2) as click reports it, with `message` (what
    `--json` says); people read `told` (the message in their language)."""
    class Failure(click_error_class()):  # type: ignore[misc]
        exit_code = 2

        def show(self, file: Any = None) -> None:
            say(_("error: {message}").format(
                message=told))

    return Failure(message)


def _refuse_split_cards(command: Any, ctx: Any, args: list[str]) -> None:
    """`--hand Sita=A♦ 3♣` unquoted: the shell split the cards, and typer
    would say only "unexpected extra argument (3♣)" (or take 3♣ for the
    ledger). Say how to write it instead."""
    takes_cards = {decl for p in command.get_params(ctx)
                   if "=CARDS" in str(getattr(p, "metavar", "") or "")
                   for decl in getattr(p, "opts", ())}
    for at, word in enumerate(args[:-2]):
        value, after = args[at + 1], args[at + 2]
        if word in takes_cards and "=" in value and re.match(_CARDISH, after) \
                and not os.path.exists(after):
            split = Said(
                "{option} takes one value, but the shell split {value} {after} in two: "
                "write it in quotes ({option} \"{value} {after}\"), without the spaces "
                "({option} {value}{after}), or suit-grouped (s345h666 is 3♠ 4♠ 5♠ 6♥ 6♥ 6♥)",
                option=word, value=value, after=after)
            raise usage_failure(split.english, in_own_words(split))


def _ledger_left_out(command: Any, ctx: Any, args: list[str]) -> list[str]:
    """`args` with an empty LEDGER in front when it was left out before the
    command's other arguments (`amend 3`: the ledger is found, 3 is N)."""
    arguments = [p for p in command.get_params(ctx)
                 if p.param_type_name == "argument"]
    if not arguments or arguments[0].name != "ledger" \
            or any(p.nargs != 1 for p in arguments):
        return args
    try:
        values, extra, _ = command.make_parser(ctx).parse_args(args=list(args))
    except Exception:  # a usage error: click reports it again, properly
        return args
    given = sum(values.get(p.name) is not None for p in arguments) + len(extra)
    if given != len(arguments) - 1 or (ctx.resilient_parsing and not given):
        # a Tab with no argument typed yet completes the LEDGER itself
        return args
    ctx.meta[_LEFT_OUT] = True
    return ["", *args]


def _configured() -> tuple[Path | None, str]:
    config = user_config()
    return config.ledger, str(config.path)


def ledger_path(given: Path | None) -> Path:
    """The ledger a command uses: `given`, else the one found
    (`files.discover`), said on stderr in one line."""
    if given is not None:
        return given
    from scorekeeper.files import discover  # only when the ledger is left out

    try:
        found = discover.find(os.environ, Path("."), _configured)
    except ScorekeeperError as err:
        raise usage_failure(str(err), err.told()) from None
    # one line, never wrapped (a script may read it); a name cannot drive
    # the terminal
    sys.stderr.write(visible(in_own_words(found.said())) + "\n")
    return found.path


def _ledger_callback(ctx: typer.Context, value: Optional[Path]) -> Optional[Path]:
    if ctx.resilient_parsing:     # shell completion: nothing is looked up
        return value
    return ledger_path(None if ctx.meta.get(_LEFT_OUT) else value)


def user_config() -> Any:
    """The user's config (`files.config`; a small file, read when needed);
    a broken one is a usage error (exit 2) naming its file and line."""
    from scorekeeper.files import config  # only when a default is needed

    try:
        return config.load()
    except ScorekeeperError as err:
        raise usage_failure(str(err), err.told()) from None


@contextlib.contextmanager
def _games_named(command: Any, shown: Sequence[Any]) -> Iterator[None]:
    """`{games}` in the help `shown` of `command` or of its options, while
    it is shown: the titles of every game the registry lists (an
    option's: of the games whose session's length it gives,
    `RuleSet.length_option`, the option's name: `new --rotations`). Only
    then: it imports every game's engine."""
    held = {o: o.help for o in shown if "{games}" in (o.help or "")}
    games = list(registry.games()) if held else []
    for item, template in held.items():
        titles = [g.title for g in games if item is command
                  or g.profile().rules.length_option == item.name]
        item.help = template.format(games=in_own_words(listed(titles, " and ")))
    try:
        yield
    finally:
        for item, template in held.items():
            item.help = template


class PlainGroup(_OwnWords, typer.core.TyperGroup):
    """A group whose own words are in the language chosen."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        from scorekeeper.commands import usage_words  # typer's words

        try:
            return super().resolve_command(ctx, args)
        except click_error_class() as err:      # no such command: said by its name
            raise usage_words.no_such_command(err, self, ctx, args) from None


class Typer(typer.Typer):
    """typer's app whose commands are `PlainUsage` unless told otherwise."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("cls", PlainGroup)
        super().__init__(**kwargs)

    def command(self, name: str | None = None, **kwargs: Any
                ) -> Callable[[CommandT], CommandT]:
        kwargs.setdefault("cls", PlainUsage)
        return super().command(name, **kwargs)


def _annotation(flag: Flag) -> Any:
    if flag.kind is list:
        return List[str]
    if flag.kind is bool or flag.required or flag.default is not None:
        return flag.kind
    return Optional[flag.kind]


def _completes(flag: Flag) -> Any:
    """What Tab offers for `flag` (commands/completion.py), by its metavar."""
    if flag.metavar == "NAME":
        return completion.players
    if flag.metavar and flag.metavar.startswith("NAME="):
        return completion.players_equals
    if flag.metavar == "KEY=VALUE":
        return completion.option_keys
    return None


def _typer_default(flag: Flag, parser: Callable[[str], Any] | None = None) -> Any:
    default = ... if flag.required else \
        ([] if flag.kind is list else flag.default)
    # a game's declared help is marked N_ and said here, as the command is built
    said = _(flag.help) if flag.help else flag.help
    if flag.argument:
        return typer.Argument(default, metavar=flag.metavar, help=said, parser=parser)
    return typer.Option(default, *flag.decls, metavar=flag.metavar,
                        help=said, autocompletion=_completes(flag), parser=parser)


def parameter(flag: Flag, parser: Callable[[str], Any] | None = None
              ) -> inspect.Parameter:
    """`flag` as a typer parameter; `parser` reads its typed text (a
    number in either digits: `number_parser`; a whole number otherwise as
    click reads it, `int_parser`)."""
    parser = parser or (int_parser if flag.kind is int else None)
    return inspect.Parameter(flag.param, inspect.Parameter.KEYWORD_ONLY,
                             default=_typer_default(flag, parser),
                             annotation=_annotation(flag))


def int_parser(text: str | int) -> int:
    """A whole number as click's `int` reads it (`int(text)`), refused in
    the reader's words (click's are English)."""
    from scorekeeper.commands.usage_words import BadValue  # a refusal only

    try:
        return int(text)
    except ValueError:
        raise BadValue(Said("{value!r} is not a valid int.", value=text)) from None


def number_parser(text: str | int) -> int:
    """A whole number typed in Latin or Devanagari digits (`३` is 3)."""
    if isinstance(text, int):
        return text
    try:
        return int(to_latin(text).strip())
    except ValueError:
        raise typer.BadParameter(
            _("{text} is not a whole number").format(text=repr(text))) from None
    except Impossible as mixed:     # २2: a number in two kinds of digits
        raise typer.BadParameter(mixed.told()) from None


def hand_numbers(numbers: Sequence[int]) -> str:
    """Hand numbers listed for people ("2, 3, 4"), in the reader's digits."""
    return digits(", ".join(map(str, numbers)))


def build_command(name: str, help: str, params: Sequence[inspect.Parameter],
                  run: Callable[[PlainDict], None]) -> Callable[..., None]:
    """A function typer can register, taking exactly `params`."""
    def command(**values: Any) -> None:
        run(values)

    command.__name__ = name.replace("-", "_")
    command.__doc__ = help
    command.__signature__ = inspect.Signature(list(params))  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in params}
    return command


def merged_flags(groups: Sequence[Sequence[Flag]]) -> tuple[Flag, ...]:
    """The union of several games' hand flags, in order, each once (a flag
    two games share must be declared alike)."""
    seen: dict[str, Flag] = {}
    for group in groups:
        for flag in group:
            known = seen.get(flag.param)
            if known is None:
                seen[flag.param] = flag
            elif (known.decls, known.kind) != (flag.decls, flag.kind):
                raise TypeError(f"games declare {flag.param} differently")
    return tuple(seen.values())


def given(flags: Sequence[Flag], values: PlainDict) -> PlainDict:
    """Only the flags typed on the command line."""
    return {f.param: values[f.param] for f in flags if f.given(values[f.param])}


# the shared options, spelled as every command spells them
JSON_OPT, ASCII_OPT = parameter(JSON).default, parameter(ASCII).default
RATE_OPT = typer.Option(None, "--rate", metavar="MONEY",
                        help=_("Money per point (10, 2.5): every balance and "
                               "transfer in money too."))
CURRENCY_OPT = typer.Option(None, "--currency", metavar="CODE",
                            help=_("The money's currency (default NPR, in whole "
                                   "rupees)."))
PROFILE_OPT, SET_OPT = parameter(PROFILE).default, parameter(SETTINGS).default
LEDGER_ARG = typer.Argument(
    None, metavar="LEDGER", callback=_ledger_callback, show_default=False,
    autocompletion=completion.ledgers,
    help=_("The session's TOML ledger. Left out: $SCOREKEEPER_LEDGER, else the "
           "only ledger in this folder, else the config's `ledger`."))


def help_of(command: Callable[..., Any]) -> str | None:
    """A command's help in the language chosen: its module's `HELP` entry
    (marked with `N_`), else None (typer then reads the docstring)."""
    helps = getattr(sys.modules[command.__module__], "HELP", {})
    told = helps.get(command.__name__)
    return _(told) if told else None


def stdout_is_terminal() -> bool:
    """Whether a person reads stdout (a closed or odd stream is not one)."""
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False
