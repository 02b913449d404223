"""click's own words in the language chosen (issue 28, item 3).

typer (0.28) carries its own copy of click, whose usage errors ("No such
option: --bogus", "Missing argument 'LEDGER'.", "Try … for help.",
"Error: …") are English f-strings, not gettext calls (typer's own words
are: the catalog has them, marked `typer`). So a usage error is said here
for a Nepali reader: click's message is read back by its shape (the few
shapes click makes, below) and said again from the catalog, with the
values (an option, a value typed, a file) kept as they are. A message of
another shape, or one already translated, is left as it is. English, and
`--json` (which takes click's message as it is), never come here.
"""

from __future__ import annotations

import re
import sys
from typing import Any, Callable

from scorekeeper.core.language import N_, _, current, digits

# click's messages, whole: (its shape, the message people read). An inner
# message (after "Invalid value for …: ") is said in turn. Compiled when a
# usage error is said in Nepali (`get_params` imports this module always).
_SHAPES: tuple[tuple[str, str], ...] = (
    # typer's suggestion, appended to click's (translated) "No such command"
    (r"(?P<message>.+?)\.? Did you mean (?P<names>.+)\?",
     N_("{message} Did you mean {names}?")),
    (r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.+)\)",
     N_("No such option: {name} (possible options: {options})")),
    (r"No such option: (?P<name>\S+)", N_("No such option: {name}")),
    (r"Missing argument (?P<name>.+)\.", N_("Missing argument {name}.")),
    (r"Missing option (?P<name>.+)\.", N_("Missing option {name}.")),
    (r"Missing parameter (?P<name>.+)\.", N_("Missing parameter {name}.")),
    (r"Invalid value for (?P<name>.+?): (?P<message>.+)",
     N_("Invalid value for {name}: {message}")),
    (r"Invalid value: (?P<message>.+)", N_("Invalid value: {message}")),
    (r"(?P<value>.+) is not a valid (?:int|int range)\.",
     N_("{value} is not a whole number.")),
    (r"(?P<value>.+) is not a valid (?:float|float range)\.",
     N_("{value} is not a number.")),
    (r"(?P<value>.+) is not a valid boolean\. Recognized values: (?P<values>.+)",
     N_("{value} is not yes or no; these are: {values}")),
    (r"(?P<value>.+) is not in the range (?P<range>.+)\.",
     N_("{value} is not in the range {range}.")),
    (r"Option (?P<name>'[^']+') does not take a value\.",
     N_("Option {name} does not take a value.")),
    (r"Option (?P<name>'[^']+') requires an argument\.",
     N_("Option {name} needs a value.")),
    (r"Option (?P<name>'[^']+') requires (?P<count>\d+) arguments\.",
     N_("Option {name} needs {count} values.")),
    (r"Got unexpected extra argument\(s\) \((?P<extra>.+)\)",
     N_("Unexpected extra argument ({extra}).")),
    (r"Argument (?P<name>'[^']+') takes (?P<count>\d+) values\.",
     N_("Argument {name} takes {count} values.")),
    (r"Takes (?P<count>\d+) values but (?P<given>\d+) given\.",
     N_("Takes {count} values but {given} were given.")),
)
_compiled: list[tuple[re.Pattern[str], str]] = []
_COUNTS = ("count", "given")      # the values that are numbers (the reader's digits)

# typer's help of the completion options (no gettext call either)
_OPTION_HELP = {
    "Install completion for the current shell.":
        N_("Install completion for the current shell."),
    "Show completion for the current shell, to copy it or customize the installation.":
        N_("Show completion for the current shell, to copy it or customize the "
           "installation."),
}


def said(message: str) -> str:
    """click's `message` for the reader (as it is in English, or when it
    has no shape click makes)."""
    if current() == "en":
        return message
    if not _compiled:
        _compiled.extend((re.compile(shape + r"\Z", re.S), template)
                         for shape, template in _SHAPES)
    for shape, template in _compiled:
        found = shape.match(message)
        if found:
            values = found.groupdict()
            if "message" in values:
                values["message"] = said(values["message"])
            for name in _COUNTS:
                if name in values:
                    values[name] = digits(values[name])
            return _(template).format(**values)
    return message


def show(err: Any, write: Callable[[str], Any] | None = None) -> None:
    """A click usage error shown as click shows it (usage, the hint, the
    message) in the reader's words; English: click's own `show`."""
    if current() == "en" or type(err).__module__.split(".")[0] != "typer" \
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
    write(_("Error: {message}").format(message=said(err.format_message())) + "\n")


def option_help(params: list[Any]) -> list[Any]:
    """`params` with typer's own help of an option (completion) in the
    reader's words (set again each time: a test may switch languages)."""
    for param in params:
        english = getattr(param, "english_help", None) or getattr(param, "help", None)
        if english in _OPTION_HELP:
            param.english_help = english
            param.help = _(_OPTION_HELP[english])
    return params
