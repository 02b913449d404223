"""The night as one (issue 38, items 1 and 2): the board of several
ledgers settles the night in money, each session at its own stake, as
`settle-up --mix` does, and says in words which game has no stake; a link
to each game, the game written last first, headings naming the game and
its time; Call Break says why its money is not its points; the chart is
drawn for a phone, each line with its own marker; `export` of several
ledgers is one dated Markdown file or page, and the other formats refuse
several."""

from __future__ import annotations

import json
import re
import time
from html import escape

import pytest
from boardkit import HAND, HOSTILE, new_ledger, night_ledgers

from scorekeeper.commands.board_server import read_ledger
from scorekeeper.reports.export import when
from scorekeeper.screen import board, chart


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    """The four ledgers of `night_ledgers`, made once: every test here only
    reads them."""
    from conftest import invoke

    return night_ledgers(invoke, tmp_path_factory.mktemp("night"))


def _sheets(paths):
    sheets = []
    for index, path in enumerate(paths):
        session = read_ledger(path).session
        money = board_money(session)
        sheets.append(board.Sheet(str(path), session, money,
                                  written=path.stat().st_mtime, index=index))
    return sheets


def board_money(session):
    from scorekeeper.commands.board_server import _money

    return _money(session)


def _night(inner: str) -> str:
    return inner[inner.index('<section class="night">'):inner.index("</section>")]


def test_issue38_the_night_is_in_money_each_game_at_its_own_stake(cli, night):
    paths = night
    rated = [p for p in paths if p.name != "marriage.toml"]
    settled = json.loads(cli("settle-up", *rated, "--mix", "--json").stdout)["money"]
    night = _night(board.body(_sheets(paths)))
    for name, shown in settled["balances_display"].items():
        assert f'<td class="name">{name}</td><td class="num {"up" if shown[0] == "+" else "down"}">' \
               f"{shown}</td>" in night
    for t in settled["transfers"]:
        assert f"<li>{t['from']} gives {t['to']} {t['display']}</li>" in night
    assert "Each game at its own stake: Call Break · " in night
    assert "at Rs 5 a point (NPR)" in night and "at Rs 10 a point (NPR)" in night


def test_issue38_a_game_without_a_stake_is_said_in_words_never_a_flag(cli, night):
    paths = night
    night = _night(board.body(_sheets(paths)))
    written = when(paths[1].stat().st_mtime)
    assert (f"Marriage · {written} has no stake agreed, so it is not in the money: agree "
            "one when you start the next game.") in night
    assert "--" not in re.sub(r"<[^>]+>", "", night)


def test_issue38_games_of_no_stake_and_different_kinds_settle_nothing_but_say_why(
        cli, tmp_path):
    one = new_ledger(cli, tmp_path / "dhumbal.toml")
    other = tmp_path / "marriage.toml"
    assert cli("new", other, "--game", "marriage", "--players", "Asha,Bikash,Chandra"
               ).exit_code == 0
    night = _night(board.body(_sheets([one, other])))
    assert night.count("has no stake agreed") == 2
    assert "<table" not in night and "--mix" not in night


def test_issue38_tabs_link_every_game_the_one_written_last_first(cli, night):
    paths = night
    inner = board.body(_sheets(paths))
    tabs = inner[inner.index('<nav class="tabs"'):inner.index("</nav>")]
    order = [3, 2, 1, 0]                     # callbreak-2 was written last
    links = re.findall(r'href="#game-(\d)">([^<]+)</a>', tabs)
    assert [int(i) for i, _ in links] == order
    assert [t for _, t in links] == [f"{g} · {when(paths[i].stat().st_mtime)}" for i, g in
                                     zip(order, ["Call Break", "Call Break", "Marriage",
                                                 "Dhumbal"])]
    sections = [int(i) for i in re.findall(r'<section class="sheet" id="game-(\d)"', inner)]
    assert sections == order
    # the heading names the game and its time; the file name only in small type
    assert f"<h2>Marriage · {when(paths[1].stat().st_mtime)}</h2>" \
           '<p class="small file">marriage.toml · three-deck · 1/3 hands' in inner


def test_issue38_a_time_of_another_day_carries_its_date():
    now = time.mktime((2026, 12, 7, 22, 0, 0, 0, 0, -1))
    assert when(now - 3600, now) == "21:00"
    assert when(now - 86400, now) == "2026-12-06 22:00"


def test_cb13_the_board_says_why_call_break_money_is_not_its_points(cli, night):
    paths = night
    sheet = _sheets([paths[2]])[0]
    page = board.body([sheet])
    standing = json.loads(cli("standings", paths[2], "--json").stdout)
    asha = standing["money"]["balances_display"]["Asha"]
    assert standing["totals_display"]["Asha"] == "1.1" and asha.startswith("-")
    assert escape("Money is not points: each pair of players settles the difference of "
                  "their points, so a player gets (their points × 4 − everyone's points "
                  "together) × the stake.") in page
    assert f"Asha: (1.1 × 4 − 19.4) × Rs 10 a point (NPR) = {asha}" in page


def test_cb14_the_board_says_a_match_paid_by_place_is_not_paid_by_its_points(cli, night):
    paths = night
    page = board.body(_sheets([paths[3]]))
    assert "Money is not points: this match is paid by place, not by the difference " \
           "of points:" in page
    assert "payout = places (CB-14), stakes to Chandra: Asha pays 1, Dipak pays 2, " \
           "Bikash pays 3" in page


def test_dh_points_passed_between_players_need_no_such_line(cli, night):
    paths = night
    assert "Money is not points" not in board.body(_sheets([paths[0]]))


def test_issue38_hostile_names_are_escaped_in_the_night(cli, tmp_path):
    one = new_ledger(cli, tmp_path / "a.toml", HOSTILE, "--rate", "10")
    two = new_ledger(cli, tmp_path / "b.toml", HOSTILE, "--rate", "5")
    assert cli("record", one, "--call", "Chandra", "--hand", f"{HOSTILE[0]}=K♠ Q♠",
               "--hand", f"{HOSTILE[1]}=K♥ Q♥", "--hand", "Chandra=A♠").exit_code == 0
    night = _night(board.body(_sheets([one, two])))
    assert HOSTILE[0] not in night and escape(HOSTILE[0]) in night


def test_issue38_the_board_chart_is_drawn_for_a_phone_with_a_marker_a_line(cli, night):
    paths = night
    session = read_ledger(paths[2]).session
    svg = board.chart_svg(session)
    assert f'viewBox="0 0 {chart.PHONE_SIZE[0]} {chart.PHONE_SIZE[1]}"' in svg[:400]
    sizes = [int(s) for s in re.findall(r"\.(?:axis|legends \.legend) text\{[^}]*font-size:(\d+)px",
                                         svg)]
    # at 360 px the picture is about 328 px wide: 15 units are 12 px or more
    assert sizes and min(sizes) * 328 / chart.PHONE_SIZE[0] >= 12
    shapes = [re.findall(r"<(circle|polygon) [^>]*fill=\"([^\"]+)\"", part)[0]
              for part in re.split(r'<g id="activate-serie-', svg)[1:5]]
    assert len(set(shapes)) == 4                     # a shape and a colour each
    assert len({kind + str(len(points)) for kind, points in
                re.findall(r'<(circle|polygon) [^>]*?(points="[^"]*"|r="[^"]*")', svg)}) >= 4
    assert "<script" not in svg


def test_issue38_export_md_of_several_ledgers_is_the_night_dated(cli, night):
    paths = night
    done = cli("export", *paths, "--format", "md")
    assert done.exit_code == 0, done.stderr
    text = done.stdout
    date = time.strftime("%Y-%m-%d", time.localtime(paths[3].stat().st_mtime))
    assert text.startswith(f"# The night of {date}\n")
    assert text.count("\n---\n") == 4
    heads = re.findall(r"^## (.+)$", text, re.M)
    assert [h.split(" · ")[0] for h in heads] == ["Call Break", "Call Break", "Marriage",
                                                  "Dhumbal"]
    assert "Marriage · " in text and "has no stake agreed" in text
    assert "3 transfers square everyone" in text or "transfer squares everyone" in text


def test_issue38_export_html_of_several_ledgers_is_one_page_to_send(cli, night, tmp_path):
    paths = night
    out = tmp_path / "night.html"
    done = cli("export", *paths, "--format", "html", "-o", out)
    assert done.exit_code == 0, done.stderr
    assert done.stdout == ""
    page = out.read_text(encoding="utf-8")
    date = time.strftime("%Y-%m-%d", time.localtime(paths[3].stat().st_mtime))
    assert f"<h1>Scorekeeper board: the night of {date}</h1>" in page
    assert page.count('<section class="sheet"') == 4 and page.count("<svg") == 4
    assert '<section class="night">' in page and "<script" not in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_issue38_export_csv_or_json_of_several_ledgers_is_refused(cli, tmp_path, fmt):
    one, two = new_ledger(cli, tmp_path / "a.toml"), new_ledger(cli, tmp_path / "b.toml")
    assert cli("record", one, *HAND).exit_code == 0
    out = tmp_path / "out.txt"
    done = cli("export", one, two, "--format", fmt, "-o", out)
    assert done.exit_code == 2
    assert done.stdout == ""
    assert (f"--format {fmt} exports one ledger; md and html export the night's several "
            "as one file") in " ".join(done.stderr.split())
    assert not out.exists()


def test_issue38_export_of_several_never_writes_over_one_of_them(cli, tmp_path):
    one, two = new_ledger(cli, tmp_path / "a.toml"), new_ledger(cli, tmp_path / "b.toml")
    before = two.read_bytes()
    done = cli("export", one, two, "--format", "md", "-o", two, "--force")
    assert done.exit_code == 2 and "is the ledger itself" in done.stderr
    assert two.read_bytes() == before


def test_issue38_the_night_is_said_in_nepali_with_devanagari_digits(cli, night):
    import sys
    from pathlib import Path

    from scorekeeper.core import language

    sys.path.insert(0, str(Path(__file__).parents[2] / "tools"))
    from english_left import english_words

    paths = night
    language.use("ne")
    try:
        done = cli("export", *paths, "--format", "md")
        inner = board.body(_sheets(paths))
    finally:
        language.use("en")
    assert done.exit_code == 0, done.stderr
    night = done.stdout[:done.stdout.index("\n---\n")]
    assert night.startswith("# ") and "को रात" in night.splitlines()[0]
    assert "दर तय गरिएको छैन" in night and "म्यारिज · " in night
    assert not re.search(r"[0-9]", night.replace("NPR", "")), night
    typed = ("Asha", "Bikash", "Chandra", "Dipak", "NPR")
    assert english_words(night, typed) == [], night
    said = re.sub(r"<[^>]+>", " ", _night(inner))
    assert english_words(said, typed) == [] and "पैसा अङ्क होइन" in inner
