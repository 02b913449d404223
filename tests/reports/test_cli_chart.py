"""`chart`: the running totals drawn for a terminal (plotext) and as an SVG
(pygal); ASCII and NO_COLOR honoured; files written only where asked, never
over the ledger; the plotting libraries loaded by this command only."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from ledgers import dhumbal_hand, ledger_text, write
from scorekeeper.files import ledger_file
from scorekeeper.screen.chart import markers, nice_ticks, picture

ANSI = re.compile(r"\x1b\[")
SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
EVENING = SAMPLES / "dhumbal-evening.toml"
BOX = re.compile("[\u2500-\u259f\u2800-\u28ff]")   # box drawing, blocks, braille


def test_picture_holds_every_players_running_totals_from_zero():
    pic = picture(ledger_file.read(EVENING))
    assert pic.hands == 3
    asha = next(line for line in pic.lines if line.player == "Asha")
    assert asha.totals == (0, 52, 41, 32)


def test_dc9_an_eliminated_player_is_drawn_up_to_their_last_hand():
    pic = picture(ledger_file.read(SAMPLES / "dhumbal-cardrulesplus.toml"))
    lengths = {line.player: len(line.totals) for line in pic.lines}
    assert lengths == {"Asha": 4, "Bikash": 7, "Chandra": 7, "Dipesh": 5}
    assert pic.limit == 60 and pic.score == "points"


def test_markers_are_initials_unless_two_clash():
    assert markers(["Asha", "Bikash"]) == ["A", "B"]
    assert markers(["Asha", "anil", "Bikash"]) == ["*", "+", "o"]


def test_nice_ticks_are_round_and_cover_the_values():
    assert nice_ticks(-56, 52) == [-60, -40, -20, 0, 20, 40, 60]
    assert nice_ticks(0, 0) == [-1, 0, 1]


def test_chart_in_a_terminal_has_a_legend_with_every_player(cli):
    result = cli("chart", EVENING, env={"COLUMNS": "100", "LINES": "30"})
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for item in ("A Asha +32", "B Bikash -56", "C Chandra -4", "D Dipesh +28"):
        assert item in out
    assert "hand" in out
    assert not ANSI.search(out)        # not a terminal: no colour


def test_chart_ascii_writes_nothing_outside_ascii(cli):
    result = cli("chart", EVENING, "--ascii")
    assert result.exit_code == 0, result.stderr
    result.stdout.encode("ascii")
    assert not BOX.search(result.stdout)
    assert "+---" in result.stdout


def test_chart_colour_is_forced_by_force_color_and_refused_by_no_color(cli):
    coloured = cli("chart", EVENING, env={"FORCE_COLOR": "1", "NO_COLOR": ""})
    assert ANSI.search(coloured.stdout)
    plain = cli("chart", EVENING, env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert not ANSI.search(plain.stdout)


def test_chart_svg_is_a_document_with_the_names_and_no_script(cli, tmp_path):
    out = tmp_path / "evening.svg"
    result = cli("chart", EVENING, "--svg", out)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "" and "Wrote" in result.stderr
    text = out.read_text(encoding="utf-8")
    root = ElementTree.fromstring(text.encode("utf-8"))
    assert root.tag.endswith("svg")
    for name in ("Asha (+32)", "Bikash (-56)", "Chandra (-4)", "Dipesh (+28)"):
        assert name in text
    assert "<script" not in text and "kozea.github.io" not in text


def test_chart_svg_never_overwrites_without_force_nor_the_ledger(cli, tmp_path):
    ledger = tmp_path / "evening.toml"
    ledger.write_bytes(EVENING.read_bytes())
    out = tmp_path / "chart.svg"
    out.write_text("keep me", encoding="utf-8")
    refused = cli("chart", ledger, "--svg", out)
    assert refused.exit_code == 2 and "--force" in refused.stderr
    assert out.read_text(encoding="utf-8") == "keep me"
    assert cli("chart", ledger, "--svg", out, "--force").exit_code == 0
    assert out.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    before = ledger.read_bytes()
    itself = cli("chart", ledger, "--svg", ledger, "--force")
    assert itself.exit_code == 2 and ledger.read_bytes() == before
    assert "write the chart to another file" in itself.stderr
    folder = cli("chart", ledger, "--svg", tmp_path)
    assert folder.exit_code == 2
    assert "is a folder: give a file name for the chart" in folder.stderr


def test_chart_escapes_names_in_the_svg(cli, tmp_path):
    players = ("<script>alert(1)</script>", "Bikash")
    rng = random.Random(2)
    ledger = write(tmp_path / "odd.toml", ledger_text(
        "dhumbal", players, [dhumbal_hand(rng, players)], settings=["hands=1"]))
    out = tmp_path / "odd.svg"
    assert cli("chart", ledger, "--svg", out).exit_code == 0
    text = out.read_text(encoding="utf-8")
    assert "<script>" not in text and "&lt;script&gt;" in text
    shown = cli("chart", ledger)
    assert "<script>alert(1)</script>" in shown.stdout


def test_chart_of_a_session_without_hands_draws_nothing(cli, ledger, tmp_path):
    out = tmp_path / "empty.svg"
    result = cli("chart", ledger, "--svg", out)
    assert result.exit_code == 0
    assert "nothing to draw" in result.stderr and not out.exists()


@pytest.mark.parametrize("argv", [["standings", str(EVENING)],
                                  ["history", str(EVENING)],
                                  ["stats", str(SAMPLES)],
                                  ["settle-up", str(EVENING)]])
def test_only_chart_loads_the_plotting_libraries(argv):
    code = ("import sys\nfrom scorekeeper.cli import main\n"
            f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('plotext', 'pygal') if m in sys.modules),"
            " file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, timeout=60)
    assert done.stderr.strip().splitlines()[-1] == "[]", done.stderr
