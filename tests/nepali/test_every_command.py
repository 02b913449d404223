"""The whole referee in Nepali (issue 28): every command's human output,
run on small ledgers of each game with Devanagari names, at 40, 80 and
120 columns, has no English word left (tools/english_left.py) and no
line wider than the terminal; and every command's `--json` is the same
in English and Nepali.

A failing test lists what is left, command by command, so that the
translation can be finished from its message. Commands run in-process,
once each, in a module-scoped fixture: the file takes a few seconds."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Iterator
from unittest import mock

import pytest
from rich.cells import cell_len

import scorekeeper.screen.style  # noqa: F401  (Devanagari widths, as the screens count them)
from conftest import THOROUGH, invoke
from scorekeeper.core import language
from scorekeeper.files import interrupts
from scorekeeper.files.config import language_settings
from scorekeeper.screen import streams

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from english_left import english_words  # noqa: E402  (tools/english_left.py)

WIDTHS = (40, 80, 120) if THOROUGH else (40, 80)   # every one in CI's thorough run
PROFILES = ("nepali-games", "three-deck", "classic")   # the ledgers' profiles
DHUMBAL, MARRIAGE, CALLBREAK = "धुम्बल.toml", "म्यारिज.toml", "कलब्रेक.toml"

# The ledgers every command reads: a few hands of each game, Devanagari names.
SETUP = [
    ["new", DHUMBAL, "--game", "dhumbal", "--players", "आशा,विकास,चन्द्र",
     "--hands", "4", "--rate", "10"],
    ["record", DHUMBAL, "--call", "आशा", "--hand", "आशा=A♠ 2♦",
     "--hand", "विकास=5♦ 6♦", "--hand", "चन्द्र=K♠ Q♣"],
    ["record", DHUMBAL, "--call", "विकास", "--hand", "आशा=11",
     "--hand", "विकास=2", "--hand", "चन्द्र=5"],
    ["record", DHUMBAL, "--call", "चन्द्र", "--hand", "आशा=7",
     "--hand", "विकास=9", "--hand", "चन्द्र=3"],
    ["new", MARRIAGE, "--game", "marriage", "--players", "आशा,विकास,चन्द्र"],
    ["record", MARRIAGE, "--finish", "आशा", "--tiplu", "7♥", "--seen", "आशा",
     "--seen", "विकास", "--hand", "आशा=shown:3", "--hand", "विकास=12",
     "--hand", "चन्द्र=0"],
    ["record", MARRIAGE, "--finish", "विकास", "--tiplu", "K♠", "--seen", "विकास",
     "--hand", "विकास=shown:5", "--hand", "आशा=4", "--hand", "चन्द्र=2"],
    ["new", CALLBREAK, "--game", "callbreak", "--players", "आशा,विकास,चन्द्र,दीपक",
     "--rounds", "3"],
    ["record", CALLBREAK, "--bid", "आशा=3", "--bid", "विकास=2", "--bid", "चन्द्र=2",
     "--bid", "दीपक=4", "--won", "आशा=4", "--won", "विकास=3", "--won", "चन्द्र=2",
     "--won", "दीपक=4"],
    ["record", CALLBREAK, "--bid", "आशा=2", "--bid", "विकास=4", "--bid", "चन्द्र=3",
     "--bid", "दीपक=3", "--won", "आशा=2", "--won", "विकास=3", "--won", "चन्द्र=4",
     "--won", "दीपक=4"],
]
HAND_D = ["--call", "चन्द्र", "--hand", "आशा=9", "--hand", "विकास=8", "--hand", "चन्द्र=2"]

# Every command, as a person runs it (the label names it in a failure).
# A command that writes runs on a fresh copy of the ledgers each time.
COMMANDS: dict[str, list[str]] = {
    "new dhumbal": ["new", "नयाँ.toml", "--game", "dhumbal", "--players", "आशा,विकास"],
    "new marriage": ["new", "नयाँ.toml", "--game", "marriage",
                     "--players", "आशा,विकास,चन्द्र", "--rate", "5"],
    "new callbreak": ["new", "नयाँ.toml", "--game", "callbreak",
                      "--players", "आशा,विकास,चन्द्र,दीपक"],
    "record dhumbal": ["record", DHUMBAL, *HAND_D],
    "record marriage": ["record", MARRIAGE, "--finish", "चन्द्र", "--tiplu", "3♦",
                        "--seen", "चन्द्र", "--hand", "चन्द्र=shown:2",
                        "--hand", "आशा=6", "--hand", "विकास=1"],
    "record callbreak": ["record", CALLBREAK, "--bid", "आशा=1", "--bid", "विकास=2",
                         "--bid", "चन्द्र=3", "--bid", "दीपक=4", "--won", "आशा=1",
                         "--won", "विकास=2", "--won", "चन्द्र=6", "--won", "दीपक=4"],
    "amend": ["amend", DHUMBAL, "2", *HAND_D],
    "show": ["show", DHUMBAL, "1"],
    "show marriage": ["show", MARRIAGE, "1"],
    "show callbreak": ["show", CALLBREAK, "2"],
    "settle dhumbal": ["settle", "dhumbal", "--players", "आशा,विकास,चन्द्र", *HAND_D],
    "settle marriage": ["settle", "marriage", "--players", "आशा,विकास,चन्द्र",
                        "--finish", "आशा", "--tiplu", "7♥", "--seen", "आशा",
                        "--hand", "आशा=shown:3", "--hand", "विकास=12",
                        "--hand", "चन्द्र=0"],
    "settle callbreak": ["settle", "callbreak", "--players", "आशा,विकास,चन्द्र,दीपक",
                         "--bid", "आशा=3", "--bid", "विकास=2", "--bid", "चन्द्र=2",
                         "--bid", "दीपक=4", "--won", "आशा=4", "--won", "विकास=3",
                         "--won", "चन्द्र=2", "--won", "दीपक=4"],
    "undo": ["undo", DHUMBAL, "--yes"],
    "redo": ["redo", DHUMBAL],            # after an undo (see PRELUDE)
    "history": ["history", DHUMBAL],
    "history marriage": ["history", MARRIAGE],
    "history callbreak": ["history", CALLBREAK],
    "standings": ["standings", DHUMBAL],
    "standings marriage": ["standings", MARRIAGE, "--rate", "2"],
    "standings callbreak": ["standings", CALLBREAK],
    "verify": ["verify", DHUMBAL],
    "join": ["join", DHUMBAL, "दीपक"],
    "leave": ["leave", DHUMBAL, "चन्द्र"],
    "rename": ["rename", DHUMBAL, "चन्द्र", "चन्द्रमा"],
    "extend": ["extend", DHUMBAL, "--hands", "6"],
    "settle-up": ["settle-up", DHUMBAL],
    "settle-up --paid": ["settle-up", DHUMBAL, "--paid"],
    "undo --paid": ["undo", DHUMBAL, "--paid", "--yes"],   # after a payment (PRELUDE)
    "stats": ["stats", DHUMBAL, MARRIAGE, CALLBREAK],
    "chart": ["chart", DHUMBAL],
    "export md": ["export", DHUMBAL, "--format", "md"],
    "export html": ["export", CALLBREAK, "--format", "html"],
    "rules": ["rules", "dhumbal"],
    "rules DH-8": ["rules", "dhumbal", "DH-8"],
    "profiles": ["profiles"],
    "config": ["config"],
    "check call": ["check", "call", "A♠ 2♦"],
    "check discard": ["check", "discard", "10♠ K♠"],
    "check draw": ["check", "draw", "5♠", "--discarded", "5♠ 5♥"],
    "check meld": ["check", "meld", "Q♠ K♠ A♠"],
    "check finish": ["check", "finish", "3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ "
                     "4♥ 7♠ 7♦ 7♣ K♦ K♦ K♦", "--tiplu", "J♣"],
    "check maal": ["check", "maal", "10♣ J♣ Q♣", "--tiplu", "J♣"],
    "check play": ["check", "play", "5♥", "--hand", "A♥ 5♥ 3♠", "--trick", "K♥"],
    "check deal": ["check", "deal", "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ 2♦ 3♦ 4♦ 5♦"],
    "check compare": ["check", "compare", "sA h2 d3", "cA hK dQ"],
}
# what must have run on the copy before (undo before redo, a payment before
# its undo)
PRELUDE = {"redo": [["undo", DHUMBAL, "--yes"]],
           "undo --paid": [["settle-up", DHUMBAL, "--paid"]]}
# the commands that write nothing (run on the ledgers as they are)
READ_ONLY = {"show", "show marriage", "show callbreak", "settle dhumbal",
             "settle marriage", "settle callbreak", "history", "history marriage",
             "history callbreak", "standings", "standings marriage",
             "standings callbreak", "verify", "settle-up", "stats", "chart",
             "export md", "export html", "rules", "rules DH-8", "profiles", "config",
             *(label for label in COMMANDS if label.startswith("check"))}
# the commands that take --json (chart draws, export writes its format)
NO_JSON = {"chart", "export md", "export html", "rename",
           "extend", "new dhumbal", "new marriage", "new callbreak"}

# Not English words to translate (english_left removes cards, rule ids, commands,
# options, files): the profile names the ledgers were made with, which people
# type as they are (`--profile classic`) and the header shows beside the game;
# in `config`'s output only, the config's keys, which the file spells as they are.
KEPT = PROFILES
CONFIG_KEYS = ("players", "dealer", "currency", "rate", "ascii", "lang", "language",
               "terms", "ask_sit_out", "ledger")
# In `profiles` and `rules` only (its list of house options), what people type
# after `--set` and as GAME or `--profile`: the option names, their values and
# the values they allow; in `profiles`, the games' and profiles' ids too (its
# Game column shows the id typed with `new`, `rules`: tests/nepali/test_ne_profiles.py).
from .test_ne_profiles import OPTION_WORDS, TYPED  # noqa: E402


@contextlib.contextmanager
def _environment(**values: str | None) -> Iterator[None]:
    before = {name: os.environ.get(name) for name in values}
    for name, value in values.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _run(args: list[str], width: int = 80) -> tuple[int, str, str]:
    """`scorekeeper ARGS` in-process: its exit code, stdout and stderr (a
    terminal COLUMNS wide). The language is chosen as `main` chooses it
    (`language.start`, the same reader of the config); the command runs
    through the conftest's `invoke` (the app built once: a few seconds for
    the whole file, not `main`'s new command each time)."""
    rest, refused = language.start(args, os.environ, language_settings)
    assert refused is None, refused
    try:
        with _environment(COLUMNS=str(width), NO_COLOR="1"), \
                mock.patch.object(streams, "_stderr_is_terminal", lambda: True):
            done = invoke(*rest)
    finally:
        interrupts.reset()
        interrupts.unguard()
        language.use("en")
    return done.exit_code, done.stdout, done.stderr


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, dict[str, tuple[int, str, str]]]:
    """Each command's (exit code, stdout, stderr): in Nepali at each width,
    and with --json in English and in Nepali."""
    root = tmp_path_factory.mktemp("every-command")
    base = root / "base"
    base.mkdir()
    results: dict[str, dict[str, tuple[int, str, str]]] = {}
    # a short path: `config` shows it, and a long temp path would be too wide
    short = Path(tempfile.mkdtemp(prefix="sk-"))
    with _environment(SCOREKEEPER_CONFIG=str(short / "c.toml"),
                      SCOREKEEPER_LEDGER=None, SCOREKEEPER_LANG="en",
                      SCOREKEEPER_DIGITS=None):
        cwd = os.getcwd()
        try:
            os.chdir(base)
            for args in SETUP:
                code, _, err = _run([*args, "--lang", "en"])
                assert code == 0, (args, err)
            for label, args in COMMANDS.items():
                shown: dict[str, tuple[int, str, str]] = {}
                variants = [(f"ne {w}", ["--lang", "ne"], w) for w in WIDTHS]
                if label not in NO_JSON:
                    variants += [(f"json {lang}", ["--json", "--lang", lang], 80)
                                 for lang in ("en", "ne")]
                for name, extra, width in variants:
                    here = base
                    if label not in READ_ONLY:      # a fresh copy to write in
                        here = root / f"{label.replace(' ', '_')}-{name.replace(' ', '_')}"
                        shutil.copytree(base, here)
                    os.chdir(here)
                    for before in PRELUDE.get(label, []):
                        assert _run([*before, "--lang", "en"])[0] == 0, before
                    shown[name] = _run([*args, *extra], width)
                results[label] = shown
        finally:
            os.chdir(cwd)
            short.rmdir()
    return results


class _Visible(HTMLParser):
    """The text a browser shows of a page (not its style, script or tags)."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("style", "script")
        # what a reader's browser and a screen reader read too
        self.text += [value or "" for name, value in attrs
                      if name in ("title", "alt", "aria-label", "placeholder")]

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("style", "script")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.text.append(data)


def _english(label: str, code_out_err: tuple[int, str, str]) -> list[str]:
    _, out, err = code_out_err
    if label == "export html":
        page = _Visible()
        page.feed(out)
        lang = ["lang=en"] if '<html lang="en"' in out else []   # the page's language
        return lang + english_words(" ".join(page.text) + "\n" + err, KEPT)
    kept = KEPT + CONFIG_KEYS if label == "config" else KEPT + tuple(TYPED) \
        if label == "profiles" else KEPT + tuple(OPTION_WORDS) if label == "rules" else KEPT
    return english_words(out + "\n" + err, kept)


def test_every_command_ran(runs):
    failed = {label: (shown["ne 80"][0], shown["ne 80"][2][-300:])
              for label, shown in runs.items() if shown["ne 80"][0] not in (0, 1)}
    assert failed == {}


def test_no_english_word_is_left_in_any_command(runs):
    left = {}
    for label, shown in runs.items():
        words = sorted({w for width in WIDTHS
                        for w in _english(label, shown[f"ne {width}"])})
        if words:
            left[label] = words
    assert not left, "English words left in Nepali output, by command:\n" + "\n".join(
        f"  scorekeeper {' '.join(COMMANDS[label][:2])} ({label}): {' '.join(words)}"
        for label, words in left.items())


def test_no_line_is_wider_than_the_terminal(runs):
    wide = {}
    for label, shown in runs.items():
        if label.startswith("export"):   # a document for a file or a browser
            continue
        for width in WIDTHS:
            _, out, err = shown[f"ne {width}"]
            # a line is too wide unless one word of it is (a file's path)
            over = [line for line in (out + err).splitlines() if cell_len(line) > width
                    and all(cell_len(word) <= width for word in line.split())]
            if over:
                wide[f"{label} at {width}"] = over[0]
    assert not wide, "lines wider than the terminal:\n" + "\n".join(
        f"  {where}: {line!r}" for where, line in wide.items())


def test_the_numbers_people_read_are_in_devanagari_digits(runs):
    # a screen with numbers in it (tables, totals) shows some in Devanagari
    for label in ("standings", "history", "history callbreak", "settle-up", "show"):
        _, out, _ = runs[label]["ne 80"]
        assert any("०" <= ch <= "९" for ch in out), (label, out)


def test_the_json_is_the_same_in_english_and_nepali(runs):
    # one test for every command (not one each): under xdist, each test of
    # the module on another worker would make the module's ledgers again
    for label in (label for label in COMMANDS if label not in NO_JSON):
        english, nepali = runs[label]["json en"], runs[label]["json ne"]
        assert english[0] in (0, 1), (label, english)   # an answer, not a usage error
        assert english[0] == nepali[0], (label, english, nepali)
        assert _clock_aside(json.loads(english[1])) == \
            _clock_aside(json.loads(nepali[1])), label
        assert not any("०" <= ch <= "९" for ch in nepali[1]), (label, nepali[1])


def _clock_aside(data: object) -> object:
    """`data` without the moments a payment or a hand was recorded (`"at"`,
    `"recorded"`: the two languages' runs, made before the tests fix the
    clock, record theirs a few milliseconds apart, which can be another
    second)."""
    if isinstance(data, dict):
        return {k: _clock_aside(v) for k, v in data.items() if k not in ("at", "recorded")}
    if isinstance(data, list):
        return [_clock_aside(v) for v in data]
    return data
