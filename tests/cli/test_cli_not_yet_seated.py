"""A player before joining (issue 38, item 9; DH-13): at the hands before
a newcomer's first, every view shows them as not yet seated ("—"), never
"out" (which stays for a hand sat out, a player gone or eliminated); the
chart and the sparklines start their line at the newcomer's 0 before
the hand they joined."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scorekeeper.files import ledger_file
from scorekeeper.screen import chart
from scorekeeper.screen.style import sparkline

THREE = ["--hand", "Asha=A♠ 2♦", "--hand", "Bikash=5♦ 6♦", "--hand", "Chandra=K♠ Q♣ 3♥"]
WIDE = {"COLUMNS": "120"}


def run(cli, *args: object) -> None:
    result = cli(*args)
    assert result.exit_code == 0, result.stderr


@pytest.fixture
def late(cli, tmp_path: Path) -> Path:
    """Two hands of three, Kiran joins from hand 3, Bikash leaves after it."""
    path = tmp_path / "evening.toml"
    run(cli, "new", path, "--game", "dhumbal", "--players", "Asha,Bikash,Chandra",
        "--hands", "6")
    run(cli, "record", path, "--call", "Asha", *THREE)
    run(cli, "record", path, "--call", "Asha", *THREE)
    run(cli, "join", path, "Kiran")
    run(cli, "record", path, "--call", "Kiran", *THREE, "--hand", "Kiran=3♠")
    run(cli, "leave", path, "Bikash")
    run(cli, "record", path, "--call", "Kiran", "--hand", "Asha=A♠ 2♦",
        "--hand", "Chandra=K♠ Q♣ 3♥", "--hand", "Kiran=3♠")
    return path


def _row(stdout: str, hand: int) -> list[str]:
    """The cells of the history table's line of `hand`."""
    line = next(line for line in stdout.splitlines()
                if re.match(rf"\s+{hand}\s", line))
    return line.split()


def test_dh13_history_shows_a_newcomer_not_yet_seated_and_a_leaver_out(cli, late):
    result = cli("history", late, env=WIDE)
    assert result.exit_code == 0 and result.stderr == ""
    assert _row(result.stdout, 1)[-1] == "—" and _row(result.stdout, 2)[-1] == "—"
    assert "—" not in _row(result.stdout, 3)
    assert "out" in _row(result.stdout, 4)               # Bikash, gone
    assert "out" not in " ".join(_row(result.stdout, 1) + _row(result.stdout, 2))


def test_dh13_history_json_lists_who_is_not_yet_seated_and_keeps_out(cli, late):
    result = cli("history", late, "--json")
    assert result.exit_code == 0 and result.stderr == ""
    rows = json.loads(result.stdout)["hands"]
    assert [r["not_yet_seated"] for r in rows] == [["Kiran"], ["Kiran"], [], []]
    assert [r["out"] for r in rows] == [["Kiran"], ["Kiran"], [], ["Bikash"]]


def test_dh13_a_session_without_seat_changes_has_no_not_yet_seated_key(cli, tmp_path):
    path = tmp_path / "plain.toml"
    run(cli, "new", path, "--game", "dhumbal", "--players", "Asha,Bikash,Chandra")
    run(cli, "record", path, "--call", "Asha", *THREE)
    rows = json.loads(cli("history", path, "--json").stdout)["hands"]
    assert "not_yet_seated" not in rows[0]


def test_dh13_show_of_a_hand_before_the_join_ranks_the_newcomer_nowhere(cli, late):
    result = cli("show", late, "1", env=WIDE)
    assert result.exit_code == 0 and result.stderr == ""
    standings = result.stdout[result.stdout.index("Place"):]
    assert re.search(r"—\s+Kiran\s+—", standings)
    assert re.search(r"2\s+Bikash\s+-11", standings)     # not behind Kiran's 0
    now = cli("show", late, "4", env=WIDE).stdout
    assert "—" not in now[now.index("Place"):]


def test_dh13_markdown_export_shows_not_yet_seated_in_both_tables(cli, late):
    result = cli("export", late, "--format", "md")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    # hand, its date (issue 38 item 3), dealer
    scores = next(line for line in lines if line.startswith("| 1 | 2026-12-05 | Asha |"))
    assert scores.endswith("| — |")
    shown = [line for line in lines if line.startswith("| 1 | A♠ 2♦")]
    assert shown and shown[0].endswith("| — |")
    gone = next(line for line in lines if line.startswith("| 4 | 2026-12-05 | Kiran |"))
    assert "| out |" in gone


def test_dh13_the_chart_starts_a_newcomers_line_at_the_hand_joined(late):
    pic = chart.picture(ledger_file.read(late))
    kiran = next(line for line in pic.lines if line.player == "Kiran")
    assert kiran.start == 2
    assert chart._at(kiran, range(5)) == [None, None, 0, -25, -50]
    asha = next(line for line in pic.lines if line.player == "Asha")
    assert asha.start == 0 and None not in chart._at(asha, range(5))


def test_dh13_the_svg_draws_no_line_along_0_before_the_join(late):
    svg = chart.svg(chart.picture(ledger_file.read(late)))
    paths = re.findall(r'<g class="series serie-(\d) color-\d"><path d="([^"]+)"', svg)
    points = {int(i): len(d.replace("M", " ").replace("L", " ").split()) // 2
              for i, d in paths}
    assert points[0] == 5          # Asha: hands 0–4
    assert points[3] == 3          # Kiran: from his 0 before hand 3, hands 2–4


def test_dh13_the_terminal_chart_draws_the_newcomer_from_the_join(late, monkeypatch):
    import plotext

    drawn: dict[str, list[int]] = {}
    plot = plotext.plot
    monkeypatch.setattr(plotext, "plot", lambda xs, ys, **kw: (
        drawn.setdefault(kw["marker"], list(xs)), plot(xs, ys, **kw)))
    chart.terminal(chart.picture(ledger_file.read(late)), 60, 20, False, True)
    assert drawn["K"] == [2, 3, 4] and drawn["A"] == [0, 1, 2, 3, 4]


def test_dh13_together_starts_a_newcomer_where_they_first_sat(late):
    session = ledger_file.read(late)
    pic = chart.together([session, session])
    kiran = next(line for line in pic.lines if line.player == "Kiran")
    assert kiran.start == 2


def test_dh13_sparklines_are_blank_before_the_join(cli, late):
    result = cli("history", late, env=WIDE)
    kiran = next(line for line in result.stdout.splitlines()
                 if line.startswith("  Kiran "))
    assert re.match(r"  Kiran\s+  \S\S\S\s+-50$", kiran)
    assert sparkline([0, 0, 0, -25, -50], ascii=True, start=2)[:2] == "  "
    assert " " not in sparkline([0, 0, 0, -25, -50], ascii=True)


def test_dh13_nepali_history_shows_the_same_dash_not_bahira(cli, late):
    result = cli("history", late, env={**WIDE, "SCOREKEEPER_LANG": "ne"})
    assert result.exit_code == 0 and result.stderr == ""
    first = _row(result.stdout.translate(str.maketrans("०१२३४५६७८९", "0123456789")), 1)
    assert first[-1] == "—" and "बाहिर" not in first
