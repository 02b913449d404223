"""The board's page (screen/board.py) and `export --format html`: the
standings, the next dealer, the last ruling in `show`'s words, the history
newest first, the chart; every name escaped; nothing loaded from elsewhere;
the night's settle-up over several ledgers."""

from __future__ import annotations

import json
import re
from html import escape

from boardkit import HAND, HAND_2, HOSTILE, HOSTILE_FILE, new_ledger

from scorekeeper.commands.board_server import read_ledger
from scorekeeper.screen import board


def _page(cli, path, *more):
    out = path.with_suffix(".html")
    done = cli("export", path, "--format", "html", "-o", out, *more)
    assert done.exit_code == 0, done.stderr
    assert done.stdout == ""
    return out.read_text(encoding="utf-8")


def test_export_html_shows_standings_next_dealer_ruling_history_and_chart(cli, tmp_path):
    path = new_ledger(cli, tmp_path / "evening.toml")
    assert cli("record", path, *HAND).exit_code == 0
    assert cli("record", path, *HAND_2).exit_code == 0
    page = _page(cli, path)
    standings = json.loads(cli("standings", path, "--json").stdout)
    shown = json.loads(cli("show", path, "2", "--json").stdout)
    for name, place in standings["places"].items():
        assert re.search(rf'<td class="num place">{place}</td><td class="name">{name}',
                         page)
    assert f"Next dealer: <b>{standings['next_dealer']}</b>" in page
    # the last hand's ruling in the words of `show`: each line, then its rules
    for line in shown["explanation"]:
        assert f"<li>{escape(line)}</li>" in page
    assert f"Rules: {', '.join(shown['rules'])}</p>" in page
    # newest first
    assert page.index("<b>Hand 2</b>") < page.index("<b>Hand 1</b>")
    assert "<svg" in page and "running total" in page
    assert "<script" not in page                     # the file to share runs nothing


def test_export_html_is_self_contained(cli, tmp_path):
    path = new_ledger(cli, tmp_path / "evening.toml")
    assert cli("record", path, *HAND).exit_code == 0
    page = _page(cli, path)
    assert not re.search(r"""(src|href|action)\s*=\s*["']?(https?:)?//""", page)
    assert "@import" not in page and "url(" not in page
    assert "Content-Security-Policy" in page and "default-src 'none'" in page


def test_hostile_names_and_file_names_are_escaped(cli, tmp_path):
    path = new_ledger(cli, tmp_path / HOSTILE_FILE, HOSTILE)
    assert cli("record", path, "--call", "Chandra", "--hand", f"{HOSTILE[0]}=K♠ Q♠",
               "--hand", f"{HOSTILE[1]}=K♥ Q♥", "--hand", "Chandra=A♠").exit_code == 0
    page = _page(cli, path)
    for raw in (*HOSTILE[:2], HOSTILE_FILE[:-5]):
        assert raw not in page
    assert escape(HOSTILE[0]) in page and escape(HOSTILE[1]) in page
    assert escape(HOSTILE_FILE) in page
    # the only elements are the page's own: no script, no image
    assert "<script" not in page and "<img" not in page


def test_money_shows_when_the_ledger_sets_a_rate(cli, tmp_path):
    path = new_ledger(cli, tmp_path / "evening.toml", ("Asha", "Bikash", "Chandra"),
                      "--rate", "10")
    assert cli("record", path, *HAND).exit_code == 0
    page = _page(cli, path)
    money = json.loads(cli("standings", path, "--json").stdout)["money"]
    assert "<th class=\"num\">Money</th>" in page
    for shown in money["balances_display"].values():
        assert escape(shown) in page


def test_the_night_settles_several_sessions_as_settle_up_does(cli, tmp_path):
    first = new_ledger(cli, tmp_path / "one.toml")
    second = new_ledger(cli, tmp_path / "two.toml")
    assert cli("record", first, *HAND).exit_code == 0
    assert cli("record", second, *HAND_2).exit_code == 0
    settled = json.loads(cli("settle-up", first, second, "--json").stdout)
    assert settled["transfers_display"]
    sheets = [board.Sheet(str(p), read_ledger(p).session) for p in (first, second)]
    inner = board.body(sheets)
    assert inner.count('<section class="sheet"') == 2
    assert "The night: 2 games" in inner
    for t in settled["transfers_display"]:
        assert f"<li>{t['from']} gives {t['to']} {t['points']}</li>" in inner


def test_a_night_that_cannot_be_settled_says_why(cli, tmp_path):
    first = new_ledger(cli, tmp_path / "one.toml")
    other = tmp_path / "two.toml"
    done = cli("new", other, "--game", "dhumbal", "--profile", "yaniv",
               "--players", "Asha,Bikash")
    assert done.exit_code == 0, done.stderr
    sheets = [board.Sheet(str(p), read_ledger(p).session) for p in (first, other)]
    assert "Dhumbal scores penalty points: nobody owes anybody for it." in board.body(sheets)


def test_a_notice_is_shown_above_the_board(cli, tmp_path):
    path = new_ledger(cli, tmp_path / "evening.toml")
    sheet = board.Sheet(str(path), read_ledger(path).session, None,
                        "evening.toml does not verify <now>")
    inner = board.body([sheet])
    assert '<p class="notice" role="status">evening.toml does not verify &lt;now&gt;</p>' \
        in inner
    assert "Next dealer" in inner
