"""The referee in Nepali (issue 28): what programs read does not change
with the language (the same JSON, exit codes and ledger), the screens
translated so far fit 40, 80 and 120 columns with Devanagari names, and
numbers are shown in Devanagari digits unless Latin ones are asked for.

Commands run through `main`, which reads `--lang` (as the installed
command does); the conftest leaves English after each test."""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import locale
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli_indic_widths import table_blocks
from tests.conftest import invoke

from helpers import run_main

PLAYERS = "आशा,बिकाश,Chandra"
WIDTHS = (40, 80, 120)
ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_sessions"


def _glibc_width():
    """glibc's `wcswidth` under C.UTF-8, which `screen/cells.py` follows (as
    terminals draw per character). Not the `wcwidth` package: 0.9 counts a
    consonant after a virama as no column (स्थान 3, glibc 4), and the
    translated words have conjuncts (स्थान, जम्मा, अङ्क)."""
    name = ctypes.util.find_library("c")
    libc = ctypes.CDLL(name) if name else None
    if libc is None or not hasattr(libc, "gnu_get_libc_version"):
        pytest.skip("not glibc")
    try:
        locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
    except locale.Error:
        pytest.skip("no C.UTF-8 locale")
    libc.wcswidth.argtypes = [ctypes.c_wchar_p, ctypes.c_size_t]

    def width(line: str) -> int:
        cells = int(libc.wcswidth(line, len(line)))
        assert cells >= 0, f"a control character in {line!r}"
        return cells
    return width


def check_aligned(text: str, width: int) -> None:
    """No line wider than the terminal; every row of a table as wide as its rule."""
    before = locale.setlocale(locale.LC_CTYPE)
    try:
        cells = _glibc_width()
        for line in text.splitlines():
            assert cells(line) <= width, f"wider than {width}: {line!r}"
        blocks = table_blocks(text)
        assert blocks, text
        for block in blocks:
            assert len({cells(row) for row in block}) == 1, \
                "\n".join(f"{cells(r):3} {r}" for r in block)
    finally:
        locale.setlocale(locale.LC_CTYPE, before)


def run(args: list[str], capsys, monkeypatch, width: int = 100) -> tuple[int, str, str]:
    monkeypatch.setenv("COLUMNS", str(width))
    return run_main(args, capsys)


@pytest.fixture(scope="module")
def ledgers(tmp_path_factory) -> Path:
    """A Dhumbal session of two hands with Devanagari names, one of them
    typed in Devanagari digits, and a Call Break one: made once for the
    module (its tests only read them)."""
    here = tmp_path_factory.mktemp("nepali-ledgers")
    d = here / "dhumbal.toml"
    assert invoke("new", d, "--game", "dhumbal", "--players", PLAYERS).exit_code == 0
    for caller, hands in (("Chandra", ("आशा=A♠", "बिकाश=5♦ 6♦", "Chandra=2♠ 3♣")),
                          ("आशा", ("आशा=२", "बिकाश=११", "Chandra=5"))):
        done = invoke("record", d, "--call", caller,
                      *(x for h in hands for x in ("--hand", h)))
        assert done.exit_code == 0, done.stderr
    c = here / "callbreak.toml"
    assert invoke("new", c, "--game", "callbreak",
                  "--players", "आशा,बिकाश,Chandra,Dipesh").exit_code == 0
    done = invoke("record", c, "--bid", "आशा=३", "--bid", "बि=2", "--bid", "C=2",
                  "--bid", "D=4", "--won", "आशा=४", "--won", "बि=3", "--won", "C=2",
                  "--won", "D=4")
    assert done.exit_code == 0, done.stderr
    return here


@pytest.mark.parametrize("command", [
    ["standings", "dhumbal.toml", "--json"],
    ["history", "dhumbal.toml", "--json"],
    ["standings", "callbreak.toml", "--json"],
    ["history", "callbreak.toml", "--json"],
    ["settle-up", "dhumbal.toml", "--json"],
    ["standings", "callbreak.toml", "--json", "--rate", "10"],
    ["check", "call", "A♠ 2♦", "--json"],
    ["standings", "no-such.toml", "--json"],
])
def test_the_json_is_the_same_in_both_languages(ledgers, command, capsys, monkeypatch):
    args = [ledgers / a if a.endswith(".toml") else a for a in command]
    english = run([*args, "--lang", "en"], capsys, monkeypatch)
    nepali = run(["--lang", "ne", *args], capsys, monkeypatch)
    assert english[0] == nepali[0]
    assert json.loads(english[1]) == json.loads(nepali[1])
    assert not any("०" <= ch <= "९" for ch in nepali[1])   # JSON: Latin digits only


def test_a_hand_typed_in_devanagari_digits_is_stored_as_typed_in_latin(
        tmp_path, capsys, monkeypatch):
    texts = []
    for name, values in (("latin", ("Asha=12", "Bikash=3", "Chandra=20")),
                         ("devanagari", ("Asha=१२", "Bikash=३", "Chandra=२०"))):
        path = tmp_path / f"{name}.toml"
        run(["new", path, "--game", "dhumbal", "--players", "Asha,Bikash,Chandra"],
            capsys, monkeypatch)
        code, _, err = run(["record", path, "--call", "Bikash", "--lang", "ne",
                            *(x for v in values for x in ("--hand", v))], capsys, monkeypatch)
        assert code == 0, err
        texts.append(path.read_text("utf-8").split("[[hands]]", 1)[1])
    assert texts[0] == texts[1]
    assert "Asha = 12" in texts[1]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("command", [
    ("standings", "dhumbal.toml"), ("history", "dhumbal.toml"),
    ("standings", "callbreak.toml"), ("history", "callbreak.toml"),
    ("settle-up", "dhumbal.toml")])
def test_the_translated_screens_fit_every_width_in_nepali(ledgers, command, width,
                                                           capsys, monkeypatch):
    name, *rest = command
    code, out, err = run([name, *(ledgers / a for a in rest), "--lang", "ne"],
                         capsys, monkeypatch, width)
    assert code == 0, err
    assert "आशा" in out and "बिकाश" in out
    check_aligned(out, width)
    # the words of these screens are Nepali, the numbers Devanagari digits
    for english in ("Place", "Player", "Total", "Points", "Balance", "Next dealer",
                    "Hand", "Dealer", "Winner", "History", "How the totals moved",
                    "gives", "transfer", "Settle-up", "hands"):
        assert english not in out, (english, out)
    assert any("०" <= ch <= "९" for ch in out)


def test_standings_in_nepali_read_as_a_nepali_table_says_them(ledgers, capsys, monkeypatch):
    code, out, _ = run(["standings", ledgers / "dhumbal.toml", "--lang", "ne"],
                       capsys, monkeypatch)
    assert code == 0
    assert "धुम्बल (नेपाली चलन) — २/" in out
    assert "स्थान" in out and "खेलाडी" in out and "जम्मा" in out
    assert "अब बाँड्ने: " in out


def test_latin_digits_keep_the_numbers_latin(ledgers, capsys, monkeypatch):
    code, out, _ = run(["standings", ledgers / "dhumbal.toml", "--lang", "ne",
                        "--latin-digits"], capsys, monkeypatch)
    assert code == 0 and "खेलाडी" in out
    assert not any("०" <= ch <= "९" for ch in out)
    assert "धुम्बल (नेपाली चलन) — 2/" in out


def test_the_english_screens_are_unchanged_by_the_option(ledgers, capsys, monkeypatch):
    plain = run(["standings", ledgers / "dhumbal.toml"], capsys, monkeypatch)
    forced = run(["standings", ledgers / "dhumbal.toml", "--lang", "en"],
                 capsys, monkeypatch)
    assert plain == forced and "Place" in plain[1]


def test_a_language_other_than_en_or_ne_cannot_be_understood(capsys, monkeypatch):
    code, out, err = run(["standings", "x.toml", "--lang", "fr"], capsys, monkeypatch)
    assert (code, out) == (2, "")
    assert err == "error: --lang is a language, en or ne, not 'fr'\n"
    code, out, err = run(["standings", "x.toml", "--lang=xx", "--json"], capsys, monkeypatch)
    assert code == 2 and json.loads(out)["exit_code"] == 2


def _process(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("SCOREKEEPER_LANG", "LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], text=True,
                          capture_output=True, env={**clean, "COLUMNS": "80", **env},
                          cwd=ROOT, timeout=60)


@pytest.mark.slow   # a process of its own: the slow stage runs it
def test_the_help_is_nepali_typers_own_words_too():
    done = _process(["--help"], LANG="ne_NP.UTF-8")
    assert done.returncode == 0, done.stderr
    assert "विकल्पहरू:" in done.stdout and "आदेशहरू:" in done.stdout   # typer's
    assert "नेपाली तासका खेल" in done.stdout                           # ours
    assert done.stdout.startswith("प्रयोग: scorekeeper")   # vendored click's, ours
    english = _process(["--help"], LANG="ne_NP.UTF-8", SCOREKEEPER_LANG="en")
    assert "Options:" in english.stdout and "विकल्प" not in english.stdout


@pytest.mark.slow   # a process of its own: the slow stage runs it
def test_english_loads_no_catalog():
    probe = ("import sys, gettext; sys.argv = ['scorekeeper', 'check', 'call', 'A♠ 2♦', "
             "'--json']\nfrom scorekeeper import cli\ntry:\n    cli.main()\n"
             "except SystemExit:\n    pass\nprint(len(gettext._translations), "
             "cli.start.__globals__['_chosen'].catalog)")
    done = subprocess.run([sys.executable, "-c", probe], text=True, capture_output=True,
                          env={k: v for k, v in os.environ.items()
                               if k not in ("SCOREKEEPER_LANG", "LANGUAGE")}
                          | {"LANG": "C.UTF-8"}, cwd=ROOT, timeout=60)
    assert done.stdout.splitlines()[-1] == "0 None", done.stdout + done.stderr


def test_the_error_frame_is_nepali_and_the_json_error_is_not(capsys, monkeypatch):
    code, out, err = run(["standings", "nope.toml", "--lang", "ne"], capsys, monkeypatch)
    assert (code, out) == (2, "")
    assert err.startswith("त्रुटि: nope.toml: ")
    code, out, _ = run(["standings", "nope.toml", "--lang", "ne", "--json"],
                       capsys, monkeypatch)
    english = run(["standings", "nope.toml", "--json"], capsys, monkeypatch)
    assert code == english[0] == 2 and json.loads(out) == json.loads(english[1])


def test_usage_and_the_help_option_are_nepali(capsys, monkeypatch):
    code, out, _ = run(["standings", "--help", "--lang", "ne"], capsys, monkeypatch)
    assert code == 0
    assert out.startswith("प्रयोग: scorekeeper standings [OPTIONS] [LEDGER]")
    assert "यो सन्देश देखाएर बन्द गर्ने।" in out and "Show this message" not in out
    code, out, _ = run(["standings", "--help"], capsys, monkeypatch)
    assert out.startswith("Usage: scorekeeper standings") and "Show this message" in out
