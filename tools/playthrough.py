"""Playthroughs (issue 36): a seeded evening of each game and profile, every
command's exit code, stdout and stderr kept, in English and in Nepali, at
40 and 80 columns — the proof that a change of the code changed nothing a
person sees.

    python tools/playthrough.py                 # compare every playthrough
    python tools/playthrough.py --update        # write them anew
    python tools/playthrough.py callbreak-classic --update   # one script

A script (`tests/playthroughs/scripts/NAME.txt`) is data: `$ ARGS` a
command line (as a shell splits it; `scorekeeper` left out), `< TEXT` a
line typed at its prompts (then stdin is a terminal), `# TEXT` a note kept
in the transcript. Each script runs in a fresh temp folder, each command
in-process through `scorekeeper.cli.main` (the program as installed), with
the language and width of its transcript, `NO_COLOR`, no user config, a
cache of its own and a fixed clock; stderr counts as a terminal (messages
wrapped to the width). The transcript (`tests/playthroughs/NAME.LANG.WIDTH.txt`)
holds each command line, its input, exit code, stdout and stderr, then
every file the folder holds at the end (the ledgers). The default test
run compares them (`tests/test_playthroughs.py`).
"""

from __future__ import annotations

import contextlib
import datetime
import difflib
import os
import shlex
import sys
import tempfile
import time
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator
from unittest import mock

from typer._click import termui  # typer's own click: its prompts read stdin
from typer.testing import CliRunner

from scorekeeper.cli import main as scorekeeper
from scorekeeper.commands import edit, record, seats, verify
from scorekeeper.core import language
from scorekeeper.files import interrupts
from scorekeeper.screen import streams

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "tests" / "playthroughs"
SCRIPTS = FOLDER / "scripts"
LANGUAGES = ("en", "ne")
WIDTHS = (40, 80)
# the clock of every command (settle-up --paid records when)
NOW = datetime.datetime(2026, 12, 5, 21, 40, 5, tzinfo=datetime.timezone.utc)
# where a temp folder's path would show, this instead
TEMP = "$TMP"


@dataclass(frozen=True)
class Step:
    """One line of a script: a command (with what is typed at its prompts),
    or a note."""
    line: str
    args: tuple[str, ...] = ()
    typed: tuple[str, ...] | None = None

    @property
    def note(self) -> bool:
        return not self.args


def read_script(path: Path) -> list[Step]:
    """A script's steps: commands in order, each with its typed lines."""
    steps: list[Step] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.rstrip()
        if line.startswith("$ "):
            steps.append(Step(line[2:], tuple(shlex.split(line[2:]))))
        elif line.startswith("<"):
            if not steps or steps[-1].note:
                raise ValueError(f"{path.name}:{number}: typed input with no command")
            last = steps[-1]
            steps[-1] = Step(last.line, last.args, (*(last.typed or ()), line[2:]))
        elif line.startswith("#"):
            steps.append(Step(line))
        elif line:
            raise ValueError(f"{path.name}:{number}: not '$ ', '< ' or '# ': {line!r}")
    return steps


@contextlib.contextmanager
def _fixed_clock() -> Iterator[None]:
    """The datetime module, its `datetime.now` always NOW, for the modules a
    command imports (`settle-up --paid` imports it when it records)."""
    clock = types.ModuleType("datetime")
    clock.__dict__.update(datetime.__dict__)

    class _Now(datetime.datetime):
        @classmethod
        def now(cls, tz: datetime.tzinfo | None = None) -> _Now:
            moment = NOW.astimezone(tz) if tz else NOW.replace(tzinfo=None)
            return cls.combine(moment.date(), moment.timetz())

    clock.datetime = _Now  # type: ignore[attr-defined]
    # the one key (mock.patch.dict would drop every module imported meanwhile)
    sys.modules["datetime"] = clock
    try:
        yield
    finally:
        sys.modules["datetime"] = datetime


@contextlib.contextmanager
def _terminal(typed: bool) -> Iterator[None]:
    """stderr a terminal (messages wrapped to COLUMNS); stdin one too when
    the step types at the prompts."""
    with contextlib.ExitStack() as stack:
        stack.enter_context(mock.patch.object(streams, "_stderr_is_terminal", lambda: True))
        for module in (record, edit, verify, seats):
            stack.enter_context(mock.patch.object(module, "stdin_is_tty", lambda: typed))
        stack.enter_context(_fixed_clock())
        yield


def _environment(root: Path, lang: str, width: int) -> dict[str, str | None]:
    """Everything the program reads from the environment, fixed."""
    env: dict[str, str | None] = {
        name: None for name in (
            "SCOREKEEPER_LEDGER", "SCOREKEEPER_DIGITS", "SCOREKEEPER_LOCK_TIMEOUT",
            "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "PAGER", "LINES", "FORCE_COLOR",
            "COLORTERM", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "JUPYTER_COLUMNS",
            "JUPYTER_LINES")}
    # the time zone is fixed around the whole run (UTC, in playthrough())
    env.update(SCOREKEEPER_LANG=lang, COLUMNS=str(width), NO_COLOR="1", TERM="xterm",
               SCOREKEEPER_CONFIG=str(root / "config.toml"),
               SCOREKEEPER_CACHE_DIR=str(root / "cache"))
    return env


def _answer(prompt: str | None = None) -> str:
    """A line typed at a prompt, echoed after the question as a terminal
    shows it (every question is asked on stderr)."""
    line = sys.stdin.readline()
    if not line:
        raise EOFError     # as at a terminal's Ctrl-D: the command stops
    answer = line.rstrip("\n")
    sys.stderr.write(f"{prompt or ''}{answer}\n")
    return answer


def _run(step: Step, env: dict[str, str | None]) -> tuple[int, str, str]:
    """One command in-process, as the installed program runs it: its exit
    code, stdout and stderr."""
    typed = None if step.typed is None else "".join(f"{t}\n" for t in step.typed)
    runner = CliRunner()
    try:
        with runner.isolation(input=typed, env=env) as (out, err, _), \
                _terminal(step.typed is not None), \
                mock.patch.object(termui, "visible_prompt_func", _answer):
            try:
                scorekeeper(list(step.args))
                code = 0
            except SystemExit as done:
                code = int(done.code or 0)
            sys.stdout.flush()
            sys.stderr.flush()
            stdout, stderr = out.getvalue(), err.getvalue()
    finally:
        interrupts.reset()
        interrupts.unguard()
        language.use("en")
    return code, stdout.decode("utf-8", "replace"), stderr.decode("utf-8", "replace")


def _lines(text: str) -> list[str]:
    """The lines of `text` as written: a carriage return is kept, a last
    line without its newline is said."""
    lines = text.split("\n")
    return lines[:-1] if text.endswith("\n") else [*lines, "(no newline at the end)"]


def _stream(name: str, text: str) -> list[str]:
    return [f"--- {name}", *_lines(text)] if text else []


def transcript(script: Path, lang: str, width: int) -> str:
    """The playthrough of `script` in `lang` at `width` columns, as text."""
    name = script.stem
    lines = [f"# playthrough {name}: {lang}, {width} columns",
             f"# made by tools/playthrough.py from tests/playthroughs/scripts/{script.name}",
             ""]
    with tempfile.TemporaryDirectory(prefix="scorekeeper-playthrough-") as temp:
        root = Path(temp)
        table = root / "table"
        table.mkdir()
        env = _environment(root, lang, width)
        here, zone = os.getcwd(), os.environ.get("TZ")
        os.chdir(table)
        os.environ["TZ"] = "UTC"        # local times, as NOW is: the same on every machine
        time.tzset()
        try:
            for step in read_script(script):
                if step.note:
                    lines.append(step.line)
                    continue
                code, out, err = _run(step, env)
                for path in table.rglob("*"):   # every file written at NOW (the board's times)
                    os.utime(path, (NOW.timestamp(), NOW.timestamp()))
                lines += [f"$ scorekeeper {step.line}",
                          *(f"< {t}" for t in step.typed or ()),
                          f"[exit {code}]", *_stream("stdout", out),
                          *_stream("stderr", err), ""]
        finally:
            os.chdir(here)
            if zone is None:
                del os.environ["TZ"]
            else:
                os.environ["TZ"] = zone
            time.tzset()
        for path in sorted(table.rglob("*")):
            if path.is_file():
                lines += [f"=== {path.relative_to(table)}",
                          *_lines(path.read_bytes().decode("utf-8", "replace")), ""]
        text = "\n".join(lines).rstrip("\n") + "\n"
        return text.replace(str(root), TEMP)


def stored(script: Path, lang: str, width: int) -> Path:
    return FOLDER / f"{script.stem}.{lang}.{width}.txt"


def every() -> list[tuple[Path, str, int]]:
    """Every (script, language, width) a transcript is kept of."""
    return [(script, lang, width) for script in sorted(SCRIPTS.glob("*.txt"))
            for lang in LANGUAGES for width in WIDTHS]


def difference(script: Path, lang: str, width: int) -> str:
    """How the playthrough differs from its stored transcript ('' if not)."""
    path = stored(script, lang, width)
    kept = path.read_text(encoding="utf-8") if path.exists() else ""
    now = transcript(script, lang, width)
    return "".join(difflib.unified_diff(kept.splitlines(True), now.splitlines(True),
                                        str(path.relative_to(ROOT)), "now"))


def main(argv: list[str]) -> int:
    update = "--update" in argv
    names = [a for a in argv if a != "--update"]
    chosen = [c for c in every() if not names or c[0].stem in names]
    if names and not chosen:
        print(f"no script named {', '.join(names)} in {SCRIPTS}", file=sys.stderr)
        return 2
    differs = 0
    for script, lang, width in chosen:
        if update:
            stored(script, lang, width).write_text(transcript(script, lang, width),
                                                   encoding="utf-8")
            print(f"wrote {stored(script, lang, width).relative_to(ROOT)}")
            continue
        diff = difference(script, lang, width)
        differs += bool(diff)
        sys.stdout.write(diff)
    if differs:
        print(f"{differs} playthrough(s) differ: python tools/playthrough.py --update "
              "writes them anew (say why in the commit)", file=sys.stderr)
    return 1 if differs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
