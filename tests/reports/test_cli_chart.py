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
from scorekeeper.reports.documents import history_json
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



@pytest.mark.parametrize("columns", ["40", "45", "100"])
def test_chart_keeps_its_title_at_every_width(cli, columns):
    # wider than the plot, plotext drew no title: the first line was blank
    result = cli("chart", EVENING, "--ascii", env={"COLUMNS": columns, "LINES": "30"})
    assert result.exit_code == 0, result.stderr
    top = " ".join(result.stdout.split("+")[0].split())
    assert top == "Dhumbal (nepali-games) - dhumbal-evening.toml"
    assert max(len(line) for line in result.stdout.splitlines()) <= int(columns)

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


@pytest.mark.slow   # a process of its own: the slow stage runs it
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


# -- issue 27: colours the colour-blind tell apart, ticks, several sessions ------------

EVENING_2 = SAMPLES / "dhumbal-evening-2.toml"
OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#D55E00")


def test_chart_in_colour_draws_each_player_with_their_initial_too(cli):
    result = cli("chart", EVENING, env={"COLUMNS": "80", "LINES": "30",
                                        "FORCE_COLOR": "1"})
    assert result.exit_code == 0 and result.stderr == ""
    drawn = re.sub(r"\x1b\[[0-9;]*m", "", result.stdout).split("\n  A Asha")[0]
    for initial in "ABCD":                   # the lines themselves, not the legend
        assert initial in drawn
    # Okabe-Ito's orange, sky blue, bluish green, vermillion (256 colours)
    for code in (178, 74, 36, 166):
        assert f"\x1b[38;5;{code}m" in result.stdout


def test_chart_svg_uses_okabe_ito_colours_and_a_dash_pattern_a_player(cli, tmp_path):
    out = tmp_path / "c.svg"
    result = cli("chart", EVENING, "--svg", out)
    assert result.exit_code == 0 and result.stdout == ""
    text = out.read_text(encoding="utf-8")
    for colour in OKABE_ITO:
        assert colour in text
    dashes = re.findall(r"\.serie-(\d)\s*\{[^}]*stroke-dasharray:\s*([^;}]+)", text)
    patterns = {serie: dash for serie, dash in dashes}
    assert len(set(patterns[str(i)] for i in range(4))) == 4, patterns


@pytest.mark.parametrize("lines", ["16", "20", "34"])
def test_chart_at_40_columns_labels_every_tick_the_top_one_too(cli, tmp_path, lines):
    players = ("Asha", "Bikash", "Chandra", "Dipesh")
    rng = random.Random(7)
    hands = [dhumbal_hand(rng, players) for _ in range(12)]
    ledger = write(tmp_path / "long.toml", ledger_text("dhumbal", players, hands,
                                                       settings=["hands=12"]))
    result = cli("chart", ledger, env={"COLUMNS": "40", "LINES": lines})
    assert result.exit_code == 0, result.stderr
    labels = [int(m) for m in re.findall(r"^\s*(-?\d+)[┤├]", result.stdout, re.M)]
    totals = [t for row in history_json(ledger_file.read(ledger))["hands"]
              for t in row["totals"].values()]
    assert len(labels) >= 3 and labels == sorted(labels, reverse=True)
    assert labels[0] >= max(totals) and labels[-1] <= min(totals)
    gaps = {a - b for a, b in zip(labels, labels[1:])}
    assert len(gaps) == 1                    # evenly spaced: none left out
    assert all(len(line) <= 40 for line in result.stdout.splitlines())


def test_chart_of_several_ledgers_draws_a_panel_for_each(cli):
    result = cli("chart", EVENING, EVENING_2, env={"COLUMNS": "80", "LINES": "40"})
    assert result.exit_code == 0 and result.stderr == ""
    out = result.stdout
    assert out.index("dhumbal-evening.toml") < out.index("dhumbal-evening-2.toml")
    assert "A Asha +32" in out and "A Asha -66" in out


def test_chart_total_adds_the_sessions_of_one_game_one_after_another(cli, tmp_path):
    result = cli("chart", EVENING, EVENING_2, "--total",
                 env={"COLUMNS": "80", "LINES": "30"})
    assert result.exit_code == 0 and result.stderr == ""
    assert "2 sessions together" in result.stdout
    assert "A Asha -34" in result.stdout          # +32, then -66
    assert "a line: the next session" in result.stdout
    out = tmp_path / "t.svg"
    assert cli("chart", EVENING, EVENING_2, "--total", "--svg", out).exit_code == 0
    assert "Asha (-34)" in out.read_text(encoding="utf-8")


def test_chart_total_of_different_games_is_exit_2(cli):
    result = cli("chart", EVENING, SAMPLES / "marriage-rotation.toml", "--total")
    assert result.exit_code == 2 and result.stdout == ""
    assert "different games (Dhumbal, Marriage)" in result.stderr


def test_chart_svg_of_several_ledgers_holds_a_panel_each(cli, tmp_path):
    out = tmp_path / "night.svg"
    result = cli("chart", EVENING, EVENING_2, "--svg", out)
    assert result.exit_code == 0 and result.stdout == ""
    root = ElementTree.fromstring(out.read_bytes())
    panels = [child for child in root if child.tag.endswith("svg")]
    assert [p.get("y") for p in panels] == ["0", "600"]
    text = out.read_text(encoding="utf-8")
    assert "Asha (+32)" in text and "Asha (-66)" in text and "<script" not in text


def test_chart_skips_a_session_without_hands_and_says_so(cli, ledger):
    result = cli("chart", EVENING, ledger, env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert "A Asha +32" in result.stdout
    assert "has no hands yet: no chart of it" in " ".join(result.stderr.split())
