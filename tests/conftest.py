"""Shared fixtures: a CLI runner that refuses tracebacks, and a fresh ledger."""

from __future__ import annotations

import atexit
import itertools
import os
import shutil
import tempfile
import traceback
from pathlib import Path

import pytest
import typer.testing
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir
from typer.testing import CliRunner

# The tests read English, whatever language the machine's locale names
# (LANG=ne_NP would choose Nepali): set before the command line is imported.
# A test of Nepali asks for it (`--lang ne`, or its own environment).
os.environ["SCOREKEEPER_LANG"] = "en"

from scorekeeper.cli import build  # noqa: E402
from scorekeeper.commands import record as record_command  # noqa: E402
from scorekeeper.core import language  # noqa: E402
from scorekeeper.files import interrupts  # noqa: E402

# The app is built once and turned into its click command once: typer
# re-reads every command's signature on each conversion (about 15 ms), which
# is most of a CLI test's time. The command is the same on every call;
# anything a test replaces (prompts, the terminal check) is looked up when
# a command runs, not when the app is built.
APP = build()
if hasattr(typer.testing, "_get_command"):
    _convert = typer.testing._get_command
    _converted: dict[int, tuple[object, object]] = {}   # the app kept: ids stay unique

    def _once(app):
        if id(app) not in _converted:
            _converted[id(app)] = (app, _convert(app))
        return _converted[id(app)][1]

    typer.testing._get_command = _once

PLAYERS = ("Asha", "Bikash", "Chandra")

# Tests never write outside a temp folder: Hypothesis keeps no example
# database and its home (normally ./.hypothesis) is a throwaway folder.
_HYPOTHESIS_HOME = tempfile.mkdtemp(prefix="scorekeeper-hypothesis-")
atexit.register(shutil.rmtree, _HYPOTHESIS_HOME, ignore_errors=True)
set_hypothesis_home_dir(_HYPOTHESIS_HOME)
# The default run draws 20 examples per property (it must stay under 40 s);
# SCOREKEEPER_HYPOTHESIS=thorough draws 200, as .ci/run's coverage pass does.
# A test that sets its own max_examples gives it as examples(N): all N
# when thorough, a quarter in the default run.
settings.register_profile("scorekeeper", database=None, max_examples=20)
settings.register_profile("thorough", database=None, max_examples=200)
THOROUGH = os.environ.get("SCOREKEEPER_HYPOTHESIS") == "thorough"
settings.load_profile("thorough" if THOROUGH else "scorekeeper")


def examples(count: int) -> int:
    """A property's own number of examples: all of them when thorough (CI's
    coverage stage, mutation testing), a quarter in the default run, which
    must stay fast."""
    return count if THOROUGH else max(10, count // 4)


# A folder nothing is ever written in: the user config no test has.
_NO_CONFIG = tempfile.mkdtemp(prefix="scorekeeper-no-config-")
atexit.register(shutil.rmtree, _NO_CONFIG, ignore_errors=True)


# The cache of verified ledgers: a folder of its own for each test (made
# only when a test reads a ledger), never the user's.
_CACHES = tempfile.mkdtemp(prefix="scorekeeper-caches-")
atexit.register(shutil.rmtree, _CACHES, ignore_errors=True)
_cache_number = itertools.count()
os.environ["SCOREKEEPER_CACHE_DIR"] = os.path.join(_CACHES, "outside-tests")


@pytest.fixture(autouse=True)
def _no_user_config(monkeypatch):
    """No test reads the real user config or a ledger named in the
    environment: the config is a file that is not there (a test that
    wants one writes it and points SCOREKEEPER_CONFIG at it). Nor the
    user's cache: each test starts with an empty one."""
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(Path(_NO_CONFIG) / "config.toml"))
    monkeypatch.setenv("SCOREKEEPER_CACHE_DIR",
                       os.path.join(_CACHES, str(next(_cache_number))))
    monkeypatch.delenv("SCOREKEEPER_LEDGER", raising=False)


# The moment every test's `record` stores as when a hand was recorded (as
# the playthroughs' clock): a ledger a test writes is the same whenever it
# runs. A test of the clock itself asks for `real_clock`.
RECORDED = "2026-12-05T21:40:05+00:00"
_REAL_NOW = record_command._now


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch):
    monkeypatch.setattr(record_command, "_now", lambda: RECORDED)


@pytest.fixture
def real_clock(monkeypatch):
    """The clock `record` reads, as it is outside the tests."""
    monkeypatch.setattr(record_command, "_now", _REAL_NOW)


@pytest.fixture(autouse=True)
def _interrupts_reset():
    """A command run in-process leaves nothing noted or written for the
    next test, and the signal handlers as they were."""
    yield
    interrupts.reset()
    interrupts.unguard()
    language.use("en")      # a test that ran a command in Nepali leaves English


@pytest.fixture
def hypothesis_home(tmp_path):
    """Point Hypothesis' home at this test's tmp_path, then back."""
    set_hypothesis_home_dir(tmp_path / "hypothesis")
    yield
    set_hypothesis_home_dir(_HYPOTHESIS_HOME)


def invoke(*args: object, input: str | None = None,
           env: dict[str, str] | None = None, charset: str = "utf-8"):
    """Invoke the app in-process; fail on any exception other than an exit.

    The command line must never end in a traceback, so every test that goes
    through the CLI checks that for free.
    """
    try:  # click < 8.2 mixes stderr into stdout unless told not to
        runner = CliRunner(charset=charset, mix_stderr=False)
    except TypeError:
        runner = CliRunner(charset=charset)
    result = runner.invoke(APP, [str(a) for a in args], input=input, env=env)
    if result.exception is not None and not isinstance(result.exception,
                                                       SystemExit):
        tb = "".join(traceback.format_exception(result.exception))
        pytest.fail(f"scorekeeper {' '.join(map(str, args))} raised:\n{tb}")
    return result


@pytest.fixture
def cli():
    """`invoke`, for a test."""
    return invoke


@pytest.fixture
def ledger(tmp_path: Path, cli) -> Path:
    """A new 3-hand Dhumbal session: Asha, Bikash, Chandra; Asha deals first."""
    path = tmp_path / "evening.toml"
    result = cli("new", path, "--game", "dhumbal", "--players", ",".join(PLAYERS))
    assert result.exit_code == 0, result.stderr
    return path


@pytest.fixture
def tty(monkeypatch):
    """`record` and `amend` behave as at a terminal: they ask."""
    import scorekeeper.commands.record

    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)


@pytest.fixture
def kathmandu(monkeypatch):
    """The local time is Nepal's (UTC+05:45), for the dates people read."""
    import time

    monkeypatch.setenv("TZ", "Asia/Kathmandu")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()
