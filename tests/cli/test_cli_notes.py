"""When and why (issue 38, item 3): every hand recorded stores when
(`recorded`, a local time with its UTC offset) and may keep a short note
(`record --note`, `amend N --note`), shown in `show`, `history`, the board
and every export, escaped everywhere; a ledger written before keeps
verifying and shows no date."""

from __future__ import annotations

import csv
import io
import json
import tomllib
from datetime import datetime
from pathlib import Path

import pytest

from helpers import fits, one_line, run_main

HAND = ["--call", "Asha", "--hand", "Asha=A♦", "--hand", "Bikash=2♠ 3♣",
        "--hand", "Chandra=9♥"]
HOSTILE = '=HYPERLINK("http://x") [bold]b[/bold] | <script>x</script> नमस्ते 👨‍👩‍👧'


def hands(ledger: Path) -> list[dict]:
    return tomllib.loads(ledger.read_text(encoding="utf-8")).get("hands", [])


def test_every_hand_recorded_stores_when_as_a_local_time_with_its_offset(
        cli, ledger, real_clock):
    before = datetime.now().astimezone().replace(microsecond=0)
    result = cli("record", ledger, *HAND)
    after = datetime.now().astimezone()
    assert result.exit_code == 0, result.stderr
    stamp = hands(ledger)[0]["recorded"]
    assert isinstance(stamp, str)
    moment = datetime.fromisoformat(stamp)
    assert moment.utcoffset() is not None and before <= moment <= after
    assert stamp == moment.isoformat(timespec="seconds")


def test_a_hand_entered_at_the_prompts_stores_when_too(cli, ledger, tty):
    result = cli("record", ledger, "--note", "first of the night",
                 input="\n".join(["", "Asha", "as", "2s", "7c", "y"]) + "\n",
                 env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert "Sitting out, dealer?" in result.stderr     # a note is no seating
    stored = hands(ledger)[0]
    assert stored["recorded"] == "2026-12-05T21:40:05+00:00"
    assert stored["note"] == "first of the night"


def test_the_note_and_time_are_in_record_show_and_history_json(cli, ledger):
    recorded = cli("record", ledger, *HAND, "--note", "redeal", "--json")
    assert recorded.exit_code == 0, recorded.stderr
    data = json.loads(recorded.stdout)
    assert data["recorded"] == "2026-12-05T21:40:05+00:00" and data["note"] == "redeal"
    shown = json.loads(cli("show", ledger, "1", "--json").stdout)
    assert shown == data
    row = json.loads(cli("history", ledger, "--json").stdout)["hands"][0]
    assert (row["recorded"], row["note"]) == ("2026-12-05T21:40:05+00:00", "redeal")
    cli("record", ledger, *HAND)
    row = json.loads(cli("history", ledger, "--json").stdout)["hands"][1]
    assert row["note"] is None and row["recorded"] == "2026-12-05T21:40:05+00:00"


def test_the_json_is_the_same_in_nepali(cli, ledger, capsys):
    cli("record", ledger, *HAND, "--note", "नमस्ते")
    english = run_main(["history", ledger, "--json"], capsys)
    nepali = run_main(["--lang", "ne", "history", ledger, "--json"], capsys)
    assert english == nepali and nepali[0] == 0


def test_show_and_history_say_the_date_and_the_note(cli, ledger):
    cli("record", ledger, *HAND, "--note", "Kiran's first game")
    shown = cli("show", ledger, "1", env={"COLUMNS": "80"})
    assert shown.exit_code == 0, shown.stderr
    assert "Recorded on 2026-12-05.\n  Note: Kiran's first game\n" in shown.stdout
    history = cli("history", ledger, env={"COLUMNS": "80"})
    assert "Recorded on 2026-12-05." in history.stdout
    assert "note: Kiran's first game" in one_line(history.stdout)


def test_the_date_in_nepali_is_bikram_sambat_in_devanagari_digits(
        cli, ledger, kathmandu, capsys, monkeypatch):
    cli("record", ledger, *HAND, "--note", "redeal")
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = run_main(["--lang", "ne", "show", ledger, "1"], capsys)
    assert code == 0, err
    # 21:40 UTC is 03:25 the next morning in Kathmandu: 2026-12-06
    assert "२०८३ मंसिर २० मा लेखिएको।" in out and "टिप्पणी: redeal" in out
    code, out, err = run_main(["--lang", "ne", "history", ledger], capsys)
    assert "२०८३ मंसिर २० मा लेखिएको।" in out
    assert "टिप्पणी: redeal" in one_line(out)


def test_an_old_ledger_without_times_verifies_and_shows_no_date(cli, ledger):
    cli("record", ledger, *HAND, "--note", "redeal")
    text = ledger.read_text(encoding="utf-8")
    old = text.replace('recorded = "2026-12-05T21:40:05+00:00"\n', "") \
        .replace('note = "redeal"\n', "")
    assert old != text and "recorded" not in old
    ledger.write_text(old, encoding="utf-8")
    assert cli("verify", ledger).exit_code == 0
    shown = cli("show", ledger, "1", env={"COLUMNS": "80"})
    assert "Recorded on" not in shown.stdout and "Note" not in shown.stdout
    assert "Recorded" not in cli("history", ledger).stdout
    row = json.loads(cli("history", ledger, "--json").stdout)["hands"][0]
    assert row["recorded"] is None and row["note"] is None
    csv_text = cli("export", ledger, "--format", "csv").stdout
    assert "recorded" not in csv_text
    assert "Date" not in cli("export", ledger, "--format", "md").stdout
    # a hand recorded after it has a time; the history says from when
    cli("record", ledger, *HAND)
    assert "Recorded on 2026-12-05." in cli("history", ledger).stdout
    assert cli("verify", ledger).exit_code == 0


@pytest.mark.parametrize("note, said", [
    ("two\nlines", "such as \\n"),
    ("\x1b[31mred", "such as \\x1b"),
    ("tab\there", "such as \\t"),
    ("\u202eevil", "such as \\u202e"),
    ("x" * 81, "a note is 1 to 80 characters, not 81"),
])
def test_a_note_that_is_not_one_short_line_is_refused(cli, ledger, note, said):
    cli("record", ledger, *HAND, "--note", "kept")
    before = ledger.read_bytes()
    for command in (["record", ledger, *HAND], ["amend", ledger, "1"]):
        result = cli(*command, "--note", note)
        assert result.exit_code == 2
        assert result.stdout == ""
        assert "--note: a note" in result.stderr and said in result.stderr
        assert ledger.read_bytes() == before


def test_a_note_of_80_characters_in_any_script_is_kept(cli, ledger):
    note = ("नमस्ते 👨‍👩‍👧 " * 10)[:80]
    result = cli("record", ledger, *HAND, "--note", f"  {note}  ")
    assert result.exit_code == 0, result.stderr
    assert hands(ledger)[0]["note"] == note.strip()
    assert cli("verify", ledger).exit_code == 0


def test_amend_note_changes_the_note_only_and_empty_removes_it(cli, ledger):
    cli("record", ledger, *HAND)
    first = hands(ledger)[0]
    amended = cli("amend", ledger, "1", "--note", "redeal", env={"COLUMNS": "80"})
    assert amended.exit_code == 0, amended.stderr
    assert "--note: — → redeal" in amended.stdout
    assert hands(ledger)[0] == {**first, "note": "redeal"}
    # another input amended: the note and the time stay
    cli("amend", ledger, "1", "--hand", "Chandra=8♥")
    kept = hands(ledger)[0]
    assert (kept["note"], kept["recorded"]) == ("redeal", first["recorded"])
    data = json.loads(cli("amend", ledger, "1", "--note", "", "--json").stdout)
    assert data["note"] is None and {"input": "--note", "before": "redeal",
                                      "after": "—"} in data["changed"]
    assert "note" not in hands(ledger)[0]


def test_undo_and_redo_keep_the_note_and_the_time(cli, ledger):
    cli("record", ledger, *HAND, "--note", "redeal")
    stored = hands(ledger)[0]
    assert cli("undo", ledger, "--yes").exit_code == 0
    assert hands(ledger) == []
    assert cli("redo", ledger).exit_code == 0
    assert hands(ledger)[0] == stored


def test_verify_fix_keeps_the_note_and_the_time(cli, ledger):
    cli("record", ledger, *HAND, "--note", "redeal")
    stored = hands(ledger)[0]
    text = ledger.read_text(encoding="utf-8")
    ledger.write_text(text.replace("Chandra = -9", "Chandra = -8"), encoding="utf-8")
    assert cli("verify", ledger, "--fix", "--yes").exit_code == 0
    assert hands(ledger)[0] == stored


def test_note_is_escaped_in_html_export(cli, ledger, tmp_path):
    cli("record", ledger, *HAND, "--note", HOSTILE)
    page = tmp_path / "night.html"
    assert cli("export", ledger, "--format", "html", "-o", page).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert "<script>x" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html
    assert '<span class="small">2026-12-05</span>' in html


def test_note_is_escaped_in_markdown_export(cli, ledger):
    cli("record", ledger, *HAND, "--note", HOSTILE)
    text = cli("export", ledger, "--format", "md").stdout
    row = next(line for line in text.splitlines() if line.startswith("| 1 |"))
    assert row.startswith("| 1 | 2026-12-05 | Asha |")
    assert "\\| &lt;script&gt;" in row and "\\[bold\\]" in row
    # the bar of the note breaks no cell: a row has as many cells as the head
    head = next(line for line in text.splitlines() if line.startswith("| Hand |"))
    assert row.replace("\\|", "").count("|") == head.count("|")


def test_note_cannot_start_a_csv_formula(cli, ledger):
    cli("record", ledger, *HAND, "--note", HOSTILE)
    rows = list(csv.reader(io.StringIO(cli("export", ledger, "--format", "csv").stdout)))
    head, row = rows[0], rows[1]
    assert head[head.index("what happened") + 1] == "recorded"
    assert row[head.index("recorded")] == "2026-12-05T21:40:05+00:00"
    assert row[head.index("what happened")].endswith(f"note: {HOSTILE}")
    assert not any(cell.startswith(("=", "+", "-", "@")) and not cell.lstrip("-").isdigit()
                   for cell in row)


def test_note_is_kept_in_the_json_export(cli, ledger):
    cli("record", ledger, *HAND, "--note", HOSTILE)
    data = json.loads(cli("export", ledger, "--format", "json").stdout)
    assert data["hands"][0]["note"] == HOSTILE == data["history"][0]["note"]


def test_rich_markup_in_a_note_is_shown_as_typed(cli, ledger):
    cli("record", ledger, *HAND, "--note", HOSTILE)
    shown = cli("show", ledger, "1", env={"COLUMNS": "200"})
    assert f"Note: {HOSTILE}" in shown.stdout
    assert HOSTILE in one_line(cli("history", ledger, env={"COLUMNS": "200"}).stdout)


@pytest.mark.parametrize("lang", ["en", "ne"])
def test_a_long_note_fits_40_columns(cli, ledger, lang, capsys, monkeypatch):
    note = "Kiran's first game; the deck was short a card, so we dealt again and again"
    assert len(note) <= 80
    cli("record", ledger, *HAND, "--note", note)
    cli("record", ledger, *HAND, "--note", "x" * 80)
    monkeypatch.setenv("COLUMNS", "40")
    for command in (["show", ledger, "1"], ["show", ledger, "2"], ["history", ledger]):
        code, out, err = run_main(["--lang", lang, *command], capsys)
        assert code == 0, err
        fits(out)
