"""click's own words in the language chosen (issue 28, item 3; issue 39,
item 1).

typer (0.28) carries its own copy of click, whose usage errors ("No such
option: --bogus", "Missing argument 'LEDGER'.", "Try … for help.",
"Error: …") are English f-strings, not gettext calls (typer's own words
are: the catalog has them, marked `typer`). So a usage error is said here
from its type and its attributes — the option typed and the ones it may
have meant, the parameter missing or refused, the command typed and
typer's suggestions — as a `Said` whose English is click's message, byte
for byte (tests/nepali/test_ne_choosing.py), never read back from its
English text. Where click raises a bare `UsageError`, or one that does
not say which of its messages it is, our commands raise it typed
(`PlainGroup`, `PlainUsage` in commands/common.py): `NoSuchCommand`,
`ExtraArguments`, `OptionValues`; our own parsers refuse a value with
`BadValue`. English, and `--json` (which takes
click's message as it is), never come here.
"""

from __future__ import annotations

import re
import sys
from difflib import get_close_matches
from typing import Any, Callable

import typer

from scorekeeper.core.language import N_, Said, _, current, say
from scorekeeper.core.numbers import listed

# typer's copy of click's exceptions (whichever click this typer uses)
_click: Any = sys.modules[typer.BadParameter.__module__]


def _escaped(value: str) -> str:
    """A value as click's messages show it: a control character as \\xNN."""
    return re.sub(r"[\x00-\x1f\x7f-\x9f]", lambda found: f"\\x{ord(found[0]):02x}", value)


class NoSuchCommand(_click.UsageError):  # type: ignore[misc]
    """A command not known, with the ones typer suggests (its message as
    typer writes it)."""

    def __init__(self, message: str, ctx: Any, name: str, suggestions: list[str]) -> None:
        super().__init__(message, ctx)
        self.name, self.suggestions = name, suggestions


class ExtraArguments(_click.UsageError):  # type: ignore[misc]
    """Arguments left over after a command took its own."""

    def __init__(self, ctx: Any, extra: list[str]) -> None:
        super().__init__("Got unexpected extra argument(s) ("
                         + " ".join(_escaped(str(a)) for a in extra) + ")", ctx)
        self.extra = extra


class BadValue(_click.BadParameter):  # type: ignore[misc]
    """A value our own parser refuses, its message a `Said` (click's
    message, for English and `--json`, its English)."""

    def __init__(self, said: Said) -> None:
        super().__init__(said.english)
        self.said = said


class OptionValues(_click.BadOptionUsage):  # type: ignore[misc]
    """An option given a value it does not take (`nargs` 0), or fewer
    values than its `nargs`."""

    def __init__(self, err: Any, nargs: int) -> None:
        super().__init__(err.option_name, err.message, err.ctx)
        self.nargs = nargs


def no_such_command(err: Any, group: Any, ctx: Any, args: list[str]) -> Any:
    """typer's "no such command" (a bare UsageError) typed: the name
    typed and the commands typer suggests for it."""
    if type(err) is not _click.UsageError or not args:
        return err
    suggestions = get_close_matches(args[0], list(group.commands)) \
        if group.suggest_commands else []
    return NoSuchCommand(err.message, err.ctx, args[0], suggestions)


def option_values(err: Any, command: Any, ctx: Any) -> Any:
    """click's BadOptionUsage typed by the option it names: one taking
    no value, or `nargs` values."""
    if type(err) is not _click.BadOptionUsage:
        return err
    nargs = next((0 if p.is_flag or p.count else p.nargs for p in command.get_params(ctx)
                  if err.option_name in (*p.opts, *p.secondary_opts)), None)
    return err if nargs is None else OptionValues(err, nargs)


def _hint(err: Any) -> str | None:
    """The parameter a BadParameter names, as click names it ('--port')."""
    if err.param_hint is not None:
        hint = err.param_hint
        return hint if isinstance(hint, str) else " / ".join(repr(h) for h in hint)
    return err.param.get_error_hint(err.ctx) if err.param is not None else None


def _missing(err: Any) -> Said:
    kind = err.param_type or (err.param.param_type_name if err.param else None)
    if kind == "argument":
        return Said("Missing argument {name}.", name=_hint(err))
    if kind == "option":
        return Said("Missing option {name}.", name=_hint(err))
    return Said("Missing parameter {name}.", name=_hint(err))


def _bad_value(err: Any) -> Said:
    hint = _hint(err)
    message = err.said if isinstance(err, BadValue) else err.message
    if hint is None:
        return Said("Invalid value: {message}", message=message)
    return Said("Invalid value for {name}: {message}", name=hint, message=message)


def _no_such_option(err: Any) -> Said:
    name = _escaped(err.option_name)
    if err.possibilities:
        return Said("No such option: {name} (Possible options: {options})", name=name,
                    options=listed(sorted(err.possibilities)))
    return Said("No such option: {name}", name=name)


def _option_values(err: Any) -> Said:
    if err.nargs == 0:
        return Said("Option {name!r} does not take a value.", name=err.option_name)
    return Said.ngettext("Option {name!r} requires an argument.",
                         "Option {name!r} requires {count} arguments.", count=err.nargs,
                         name=err.option_name)


def _no_such_command(err: Any) -> Said:
    if not err.suggestions:
        return Said("No such command {name!r}.", name=err.name)
    return Said("No such command {name!r}. Did you mean {names}?", name=err.name,
                names=listed([repr(s) for s in err.suggestions]))


# each kind of click's usage errors (by its class's name, the most
# particular first along its classes) → its message; a bare UsageError
# is click's or typer's message as it is (typer's own words are gettext's)
_SAID: dict[str, Callable[[Any], Said]] = {
    "NoSuchCommand": _no_such_command,
    "ExtraArguments": lambda err: Said("Got unexpected extra argument(s) ({extra})",
                                       extra=" ".join(_escaped(str(a)) for a in err.extra)),
    "OptionValues": _option_values,
    "NoSuchOption": _no_such_option,
    "MissingParameter": _missing,
    "BadParameter": _bad_value,
    "UsageError": lambda err: Said("{message}", message=err.message),
}


def said(err: Any) -> Said:
    """click's usage error `err` as a message, from its type and
    attributes (its English click's own message)."""
    return next(_SAID[kind.__name__](err) for kind in type(err).__mro__
                if kind.__name__ in _SAID)


# typer's help of the completion options (no gettext call either)
_OPTION_HELP = {
    "Install completion for the current shell.":
        N_("Install completion for the current shell."),
    "Show completion for the current shell, to copy it or customize the installation.":
        N_("Show completion for the current shell, to copy it or customize the "
           "installation."),
}


def show(err: Any, write: Callable[[str], Any] | None = None) -> None:
    """A click usage error shown as click shows it (usage, the hint, the
    message) in the reader's words; English: click's own `show`."""
    clicks = type(err).__module__ == __name__ or type(err).__module__.split(".")[0] == "typer"
    if current() == "en" or not clicks \
            or type(err).__name__ == "NoArgsIsHelpError":      # the help: already ours
        err.show()
        return
    write = write or sys.stderr.write
    ctx = getattr(err, "ctx", None)
    if ctx is not None:
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            hint = _("Try '{command} {option}' for help.").format(
                command=ctx.command_path, option=ctx.help_option_names[0]) + "\n"
        write(f"{ctx.get_usage()}\n{hint}\n")
    write(_("Error: {message}").format(message=say(said(err))) + "\n")


def option_help(params: list[Any]) -> list[Any]:
    """`params` with typer's own help of an option (completion) in the
    reader's words (set again each time: a test may switch languages)."""
    for param in params:
        english = getattr(param, "english_help", None) or getattr(param, "help", None)
        if english in _OPTION_HELP:
            param.english_help = english
            param.help = _(_OPTION_HELP[english])
    return params
