"""The report screens in Nepali (issue 28): `standings`, `history` (each
hand's story too), `settle-up`, `stats`, `chart`, `export` and the board.

In Nepali their words are Nepali and their numbers Devanagari digits; every
line fits 40, 80 and 120 columns with Devanagari names, each table's rows
as wide as its rule; what programs read (`--json`, the CSV's header and
numbers) is the same in both languages; the HTML export and the board say
`lang="ne"` and escape any name. Names are Devanagari (आशा, विकास, चन्द्र),
so that any Latin word left on a screen is a real leftover; the profile
ids (`nepali-games`, `three-deck`, `classic`) are what people type and stay.

Commands run through `main`, which reads `--lang` as the installed command
does; the conftest leaves English after each test."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import sys
from pathlib import Path

import pytest

from helpers import run_main
from ledgers import MELDS, ledger_text, marriage_hand, write
from scorekeeper.commands import board_server
from scorekeeper.core import language
from scorekeeper.screen import board
from scorekeeper.screen.cells import character_cells

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from english_left import english_words  # noqa: E402  (tools/english_left.py)

NAMES = ("आशा", "विकास", "चन्द्र")
KEPT = ("nepali-games", "three-deck", "classic")      # profile ids, typed as they are
WIDTHS = (40, 80, 120)
DEVANAGARI_DIGITS = "०१२३४५६७८९"


def run(args: list[object], capsys, monkeypatch, width: int = 80) -> tuple[int, str, str]:
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("LINES", "40")
    return run_main(args, capsys)


@pytest.fixture(scope="module")
def sessions(tmp_path_factory) -> Path:
    """Three sessions with Devanagari names: Dhumbal (a caught call, a
    call, a show of agreed values), Marriage (by melds, by dublees, a
    dealt tunnela), Call Break (a missed call)."""
    folder = tmp_path_factory.mktemp("ne-screens")
    a, b, c = NAMES
    write(folder / "dhumbal.toml", ledger_text("dhumbal", NAMES, [
        {"call": c, "hand": [f"{a}=A♠", f"{b}=5♦ 6♦", f"{c}=2♠ 3♣"]},     # caught
        {"call": a, "hand": [f"{a}=2", f"{b}=11", f"{c}=5"]},            # agreed values
        {"call": c, "hand": [f"{a}=K♠ Q♠", f"{b}=9♥", f"{c}=A♦"]},
    ], settings=["hands=3"]))
    tunnela = marriage_hand(c, NAMES, seen=[a, b])
    tunnela["tunnela"] = [f"{b}=2♣"]
    write(folder / "marriage.toml", ledger_text("marriage", NAMES, [
        marriage_hand(a, NAMES, seen=[b]),
        marriage_hand(b, NAMES, by="dublees", seen=[a]),
        {**tunnela, "hand": [f"{c}={MELDS}", f"{a}=4", f"{b}=2♣ 2♣ 2♣ 3♣"]},
    ]))
    four = (*NAMES, "दिपेश")
    write(folder / "callbreak.toml", ledger_text("callbreak", four, [
        {"bid": [f"{a}=3", f"{b}=2", f"{c}=2", "दिपेश=4"],
         "won": [f"{a}=2", f"{b}=3", f"{c}=3", "दिपेश=5"]},
        {"bid": [f"{a}=3", f"{b}=3", f"{c}=3", "दिपेश=3"],
         "won": [f"{a}=4", f"{b}=3", f"{c}=3", "दिपेश=3"]},
    ], settings=["rounds=2"]))
    return folder


def nepali_only(text: str, *more: str) -> None:
    """No English word left but names, profile ids and `more` (cards, rule
    ids, commands and options are set aside by english_words)."""
    left = english_words(text, [*NAMES, "दिपेश", *KEPT, *more])
    assert not left, (left, text)


def columns(line: str) -> int:
    """The columns a terminal draws `line` in: character by character (as
    glibc's wcswidth counts; rich's cell_len joins a letter after a
    zero-width joiner to the one before, as in an emoji, one short)."""
    return sum(character_cells(ch) for ch in line)


def fits(text: str, width: int) -> None:
    """No line wider than the terminal; every row of a table as wide as
    the rule under its header."""
    lines = text.splitlines()
    for line in lines:
        assert columns(line) <= width, f"wider than {width}: {line!r}"
    rules = [i for i, line in enumerate(lines) if set(line.strip()) == {"━"}]
    for i in rules:
        block = [lines[i - 1], lines[i]]
        for row in lines[i + 1:]:
            if not row.strip():
                break
            block.append(row)
        assert len({columns(row) for row in block}) == 1, "\n".join(block)


def has_devanagari_digits(text: str) -> bool:
    return any(ch in DEVANAGARI_DIGITS for ch in text)


# -- every screen, at every width ----------------------------------------------

SCREENS = [(command, game) for command in ("standings", "history", "settle-up", "stats")
           for game in ("dhumbal", "marriage", "callbreak")] + [("chart", "dhumbal")]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("command, game", SCREENS)
def test_every_report_screen_is_nepali_and_fits(sessions, command, game, width,
                                                 capsys, monkeypatch):
    monkeypatch.chdir(sessions)
    code, out, err = run(["--lang", "ne", command, f"{game}.toml"], capsys, monkeypatch,
                         width)
    assert (code, err) == (0, "")
    assert NAMES[0] in out
    # the chart's lines are drawn with symbols (`o`, `+`) where initials are
    # not Latin letters: its words are those outside the frame
    words = "\n".join(line for line in out.splitlines()
                      if not re.search("[│┤├]", line)) if command == "chart" else out
    nepali_only(words)
    assert has_devanagari_digits(out)
    # Latin digits only in cards (J♣) and file names
    assert not re.search(r"[0-9](?![0-9]*[♠♥♦♣])", words.replace(f"{game}.toml", "")), out
    fits(out, width)


def test_history_tells_each_hand_in_nepali(sessions, capsys, monkeypatch):
    code, out, _ = run(["--lang", "ne", "history", sessions / "dhumbal.toml"],
                       capsys, monkeypatch, 120)
    assert code == 0
    assert "चन्द्रको कल, समातिनुभयो" in out       # the story, in the table
    assert "आशाको कल; सहमतिमा: " in out
    assert "के भयो" in out
    assert "इतिहास — " in out and "जम्मा कसरी सर्‍यो:" in out
    code, out, _ = run(["--lang", "ne", "history", sessions / "marriage.toml"],
                       capsys, monkeypatch, 120)
    assert "आशाले सेटले सक्नुभयो; माल हेरेका: विकास; सहमतिको माल: विकास; टिप्लु J♣" in out
    assert "विकासले डबलीले सक्नुभयो" in out
    assert "बाँड्दा आएको टनेला: विकास 2♣" in out
    code, out, _ = run(["--lang", "ne", "history", sessions / "callbreak.toml"],
                       capsys, monkeypatch, 120)
    assert "बोली पुगेन: आशा (बोली ३, लिएको हात २)" in out
    assert "सबैको बोली पुग्यो" in out


def test_the_story_stays_english_where_it_is_read_by_programs(sessions, capsys,
                                                                monkeypatch):
    """The same history in English: the story's words as before."""
    code, out, _ = run(["history", sessions / "callbreak.toml"], capsys, monkeypatch, 120)
    assert code == 0
    assert "missed: आशा (3, took 2)" in out and "every call made" in out


def test_stats_read_as_a_nepali_table_says_them(sessions, capsys, monkeypatch):
    code, out, _ = run(["--lang", "ne", "stats", sessions / "dhumbal.toml"],
                       capsys, monkeypatch, 120)
    assert code == 0
    assert out.startswith("धुम्बल — १ सत्र (खुद)")
    for phrase in ("जितेका डिल", "३ मध्ये", "पहिलो स्थान", "समातिएका कल", "डिलको औसत"):
        assert phrase in out, phrase
    code, out, _ = run(["--lang", "ne", "stats", sessions / "marriage.toml"],
                       capsys, monkeypatch, 120)
    assert "औसत माल" in out and "माल हेरेको" in out and "(३ डिल)" in out


def test_the_chart_labels_its_axis_and_legend_in_nepali(sessions, capsys, monkeypatch):
    code, out, _ = run(["--lang", "ne", "chart", sessions / "dhumbal.toml"],
                       capsys, monkeypatch, 80)
    assert code == 0
    assert "धुम्बल (नेपाली चलन) — dhumbal.toml" in out
    assert re.search(r"^\s+डिल\s*$", out, re.M)            # the x axis's title
    assert re.search(r"०\s+१\s+२\s+३", out)                 # its ticks


def test_the_svg_chart_says_its_titles_and_numbers_in_nepali(sessions, tmp_path, capsys,
                                                             monkeypatch):
    svg = tmp_path / "chart.svg"
    code, _, err = run(["--lang", "ne", "chart", sessions / "dhumbal.toml", "--svg", svg],
                       capsys, monkeypatch)
    assert code == 0 and err == f"{svg} लेखियो।\n"
    text = svg.read_text("utf-8")
    assert "चलिरहेको जम्मा" in text and ">डिल<" in text
    assert ">१<" in text and ">1<" not in text              # the axis in Devanagari digits


def test_a_settle_up_in_money_says_the_rate_in_nepali(sessions, capsys, monkeypatch):
    code, out, _ = run(["--lang", "ne", "settle-up", sessions / "callbreak.toml",
                        "--rate", "2.5"], capsys, monkeypatch, 80)
    assert code == 0
    assert "एक अङ्कको रु. २.५ (NPR)" in out
    nepali_only(out, "NPR")             # the currency code people type


# -- what programs read ------------------------------------------------------------

@pytest.mark.parametrize("command", [
    ("standings", "marriage"), ("history", "dhumbal"), ("history", "callbreak"),
    ("settle-up", "marriage"), ("stats", "dhumbal"), ("stats", "callbreak"),
    ("export", "marriage", "--format", "json")])
def test_the_json_is_the_same_in_both_languages(sessions, command, capsys, monkeypatch):
    name, game, *rest = command
    args = [name, sessions / f"{game}.toml", *rest]
    if name != "export":
        args.append("--json")
    english = run(args, capsys, monkeypatch)
    nepali = run(["--lang", "ne", *args], capsys, monkeypatch)
    assert english[0] == nepali[0] == 0
    assert english[1] == nepali[1]
    assert not has_devanagari_digits(nepali[1])
    json.loads(nepali[1])


def test_the_csv_keeps_its_header_and_numbers_and_tells_in_nepali(sessions, capsys,
                                                                   monkeypatch):
    path = sessions / "callbreak.toml"
    english = run(["export", path, "--format", "csv"], capsys, monkeypatch)[1]
    nepali = run(["--lang", "ne", "export", path, "--format", "csv"], capsys,
                 monkeypatch)[1]
    en_rows, ne_rows = (list(csv.reader(io.StringIO(t))) for t in (english, nepali))
    assert en_rows[0] == ne_rows[0] and "what happened" in ne_rows[0]
    story = ne_rows[0].index("what happened")
    for en, ne in zip(en_rows[1:], ne_rows[1:]):
        assert en[:story] + en[story + 1:] == ne[:story] + ne[story + 1:]
    assert ne_rows[1][story] == "बोली पुगेन: आशा (बोली ३, लिएको हात २)"
    assert en_rows[1][story] == "missed: आशा (3, took 2)"


def test_the_markdown_export_is_for_people_in_nepali(sessions, capsys, monkeypatch):
    code, out, _ = run(["--lang", "ne", "export", sessions / "callbreak.toml",
                        "--format", "md", "--rate", "10"], capsys, monkeypatch)
    assert code == 0
    assert out.startswith("# कल ब्रेक सत्र (सामान्य)\n")
    assert "| डिल | बाँड्ने | विजेता | के भयो | आशा |" in out
    assert "| स्थान | खेलाडी | जम्मा |" in out
    assert "खेलिएका डिल: २ मध्ये २ — सकियो।" in out
    assert "बोली:" in out and "लिएका हात:" in out
    nepali_only(out, "NPR")
    assert not re.search(r"\| [0-9]", out)                  # numbers in Devanagari


# -- the HTML export and the board ------------------------------------------------

HOSTILE = ("<script>आशा</script>", "विकास & <b>x</b>", "चन्द्र\"'")


def _page_text(page: str) -> str:
    """The words a person reads on the page: no style, script or SVG, and
    not the last hand's ruling, which is the game's own table and
    explanation (translated with each game)."""
    for drop in (r"<style>.*?</style>", r"<svg.*?</svg>", r"<script.*?</script>",
                 r'<pre class="ruling.*?</pre>', r'<ul class="why">.*?</ul>'):
        page = re.sub(drop, " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_the_html_export_is_nepali_and_escapes_every_name(tmp_path, capsys, monkeypatch):
    path = write(tmp_path / "hostile.toml", ledger_text("dhumbal", HOSTILE, [
        {"call": HOSTILE[0], "hand": [f"{HOSTILE[0]}=A♠", f"{HOSTILE[1]}=9♥ 9♦",
                                      f"{HOSTILE[2]}=K♠"]}]))
    out = tmp_path / "board.html"
    code, _, err = run(["--lang", "ne", "export", path, "--format", "html", "-o", out],
                       capsys, monkeypatch)
    assert code == 0, err
    page = out.read_text("utf-8")
    assert '<html lang="ne">' in page
    assert "<script>" not in page and "<b>x</b>" not in page
    assert html.escape(HOSTILE[0]) in page and html.escape(HOSTILE[1]) in page
    text = _page_text(page)
    for phrase in ("अङ्कको बोर्ड", "बोर्डको प्रति", "स्थान", "खेलाडी", "पछिल्लो डिल",
                   "इतिहास", "डिल १", f"{HOSTILE[0]}को कल"):
        assert phrase in text, phrase
    nepali_only(text, *HOSTILE)
    english = run(["export", path, "--format", "html"], capsys, monkeypatch)[1]
    assert '<html lang="en">' in english and "Scorekeeper board" in english


def test_the_live_board_speaks_the_language_serve_was_started_in(sessions, tmp_path):
    language.use("ne")
    again = write(tmp_path / "again.toml", (sessions / "dhumbal.toml").read_text("utf-8"))
    shown = board_server.Board([sessions / "dhumbal.toml", again])
    page = shown.page()
    assert '<html lang="ne">' in page
    text = _page_text(page)
    for phrase in ("लाइभ: यो पाना खातासँगै आफैँ बदलिन्छ।", "आजको रात: २ खेल",
                   "सत्र सकियो। विजेता: ", "लाई ", "बाँड्नुभयो"):
        assert phrase in text, phrase
    assert 'alt="डिलपिच्छे चलिरहेको जम्मा"' in page
    nepali_only(text)
    # the script's words, as its strings read them
    said = re.findall(r"live\.textContent = (\"[^\"]*\");", board.script())
    assert [json.loads(s) for s in said] == ["लाइभ: यो पाना खातासँगै आफैँ बदलिन्छ।",
                                             "बोर्डसम्म पुग्न सकिएन: फेरि प्रयास गर्दै…"]


def test_a_board_notice_is_nepali(sessions, tmp_path):
    language.use("ne")
    broken = tmp_path / "broken.toml"
    broken.write_text("format = 1\ngame = \n", "utf-8")
    sheet, = board_server.Board([broken]).current().sheets
    assert sheet.session is None
    assert sheet.notice.startswith(f"{broken} अहिले पढ्न सकिएन (")
    assert sheet.notice.endswith("): देखाउने केही छैन।")


def test_a_number_value_is_said_in_the_readers_digits_other_text_as_it_is():
    """`Number` (core/language.py): an amount's text, said in Devanagari
    digits; a name or a file name with digits kept as typed."""
    from scorekeeper.core.language import Number, Said, say

    said = Said("{ledger} {rate}", ledger="evening-2.toml", rate=Number("Rs 2.5"))
    assert said == "evening-2.toml Rs 2.5"
    language.use("ne")
    assert say(said) == "evening-2.toml रु. २.५"
