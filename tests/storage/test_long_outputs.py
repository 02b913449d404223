"""Issue 17, "fast at any size": outputs of a long session are made a
piece at a time — the JSON export never holds the whole text (with the
standard library's indented JSON, 50,000 hands took 880 MB), and
`history --all` prints a long history a page of hands at a time."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.jsontext import json_pieces
from scorekeeper.ledger.document import parse
from scorekeeper.reports.documents import history_json, history_rows
from scorekeeper.reports.export import export

HAND = ["--call", "Asha", "--hand", "Asha=A♠ 2♦", "--hand", "Bikash=K♠",
        "--hand", "Chandra=Q♦ 3♣"]

# any text but lone surrogates (which JSON cannot hold): named, so that hypothesis
# does not work out which characters UTF-8 encodes, seconds in every worker
_TEXT = st.characters(blacklist_categories=("Cs",))
_SCALARS = st.none() | st.booleans() | st.integers() | st.text(_TEXT, max_size=8)
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=3)
                       | st.dictionaries(st.text(_TEXT, max_size=5), inner, max_size=3),
                       max_leaves=10)


@given(st.dictionaries(st.text(_TEXT, max_size=6), _VALUES, min_size=0, max_size=5),
       st.sets(st.integers(0, 4)), st.integers(1, 3), st.booleans(), st.booleans())
def test_json_pieces_are_the_standard_librarys_json(data, streamed, batch, indent,
                                                     ensure_ascii):
    # any key whose value is a list may be given as an iterator instead
    lists = [k for k, v in data.items() if isinstance(v, list)]
    chosen = {k for i, k in enumerate(lists) if i in streamed}
    given_as = {k: iter(v) if k in chosen else v for k, v in data.items()}
    text = "".join(json_pieces(given_as, indent, ensure_ascii, batch))
    assert text == json.dumps(data, ensure_ascii=ensure_ascii,
                              indent=2 if indent else None) + "\n"


def test_an_empty_streamed_list_is_an_empty_array():
    assert "".join(json_pieces({"hands": iter([])}, indent=True)) == \
        '{\n  "hands": []\n}\n'
    assert "".join(json_pieces({"hands": iter([])})) == '{"hands": []}\n'


def test_history_json_written_as_it_comes_is_the_whole_document(cli, ledger):
    path = _long(cli, ledger, 5)
    session = parse(path.read_text(encoding="utf-8"), "x")
    for extra in ([], ["--ascii"]):
        out = cli("history", path, "--json", *extra)
        assert out.exit_code == 0
        meant = {**history_json(session), "problems": []}
        if extra:
            meant = json.loads(json.dumps(meant).replace("\\u2660", "s")
                               .replace("\\u2666", "d").replace("\\u2663", "c")
                               .replace("\\u2665", "h"))
        assert out.stdout == json.dumps(meant, ensure_ascii=False) + "\n"


def test_history_rows_after_skipped_hands_are_the_last_rows_with_all_totals(cli, ledger):
    # a screen makes the rows of the hands it shows only (`skip`); the totals
    # still count the hands skipped
    session = parse(_long(cli, ledger, 5).read_text(encoding="utf-8"), "x")
    every = list(history_rows(session))
    assert list(history_rows(session, skip=3)) == every[3:]
    assert every[3]["totals"] != session.hands[3].scores      # hands 1-3 counted
    assert list(history_rows(session, skip=9)) == []
    assert session.seats.totals_before[1:] == tuple(r["totals"] for r in every)
    assert session.seats.totals_before[0] == {p: 0 for p in session.players}


def _long(cli, ledger: Path, hands: int) -> Path:
    text = ledger.read_text(encoding="utf-8").replace("hands = 3", "hands = 999")
    ledger.write_text(text, encoding="utf-8")
    for _ in range(hands):
        assert cli("record", ledger, *HAND).exit_code == 0
    return ledger


def test_the_json_export_written_in_pieces_is_the_whole_document(cli, ledger, tmp_path):
    path = _long(cli, ledger, 7)
    out = tmp_path / "out.json"
    assert cli("export", path, "--format", "json", "-o", out).exit_code == 0
    on_stdout = cli("export", path, "--format", "json")
    session = parse(path.read_text(encoding="utf-8"), "x")
    assert out.read_text(encoding="utf-8") == on_stdout.stdout == export(session, "json")
    data = json.loads(on_stdout.stdout)
    assert [h["hand"] for h in data["hands"]] == list(range(1, 8))
    assert [h["hand"] for h in data["history"]] == list(range(1, 8))
    assert data["history"][-1]["totals"] == session.totals()


def test_history_all_prints_a_long_history_a_page_of_hands_at_a_time(cli, ledger,
                                                                     monkeypatch):
    from scorekeeper.screen import views

    path = _long(cli, ledger, 7)
    whole = cli("history", path, "--all", env={"COLUMNS": "200"})
    assert whole.exit_code == 0 and "(hands" not in whole.stdout
    monkeypatch.setattr(views, "HISTORY_PAGE", 3)
    paged = cli("history", path, "--all", env={"COLUMNS": "200"})
    assert paged.exit_code == 0, paged.stderr
    flat = " ".join(paged.stdout.split())          # a long title may wrap
    assert re.findall(r"\(hands (\d+)–(\d+)\)", flat) == [("1", "3"), ("4", "6"),
                                                          ("7", "7")]

    def rows(text: str) -> list[str]:
        return [line.split()[0] for line in text.splitlines()
                if line.split()[:1] and line.split()[0].isdigit() and "→" in line]
    assert rows(paged.stdout) == rows(whole.stdout) == [str(n) for n in range(1, 8)]


def test_rename_of_a_long_ledger_reads_it_back_and_renames_every_hand(cli, ledger):
    path = _long(cli, ledger, 7)
    assert cli("rename", path, "Bikash", "Bishnu").exit_code == 0
    session = parse(path.read_text(encoding="utf-8"), "x")
    assert session.players == ("Asha", "Bishnu", "Chandra") and len(session.hands) == 7
    assert all("Bishnu" in h.scores for h in session.hands)


def test_history_draws_its_table_line_for_line_as_rich_draws_it(cli, ledger, monkeypatch):
    """Issue 40: `history --all` took 19 s at 20,000 hands, most of it rich
    going over every line of every column three times. The table's row is
    now put together line by line; the screen is the one rich draws, in
    colour, in ASCII and in Nepali, with a hand that does not verify."""
    from scorekeeper.screen import views

    path = _long(cli, ledger, 7)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("net = { Asha = ", "net = { Asha = 1", 1), encoding="utf-8")
    cases = [({"COLUMNS": "80"}, ()), ({"COLUMNS": "40", "FORCE_COLOR": "1"}, ()),
             ({"COLUMNS": "120"}, ("--ascii",)), ({"COLUMNS": "60"}, ("--lang", "ne"))]
    drawn = [cli("history", path, "--all", *args, env=env) for env, args in cases]
    monkeypatch.setattr(views, "_print_table", lambda con, table: con.print(table))
    by_rich = [cli("history", path, "--all", *args, env=env) for env, args in cases]
    for mine, rich in zip(drawn, by_rich):
        assert (mine.exit_code, mine.stdout, mine.stderr) == \
            (rich.exit_code, rich.stdout, rich.stderr)
    assert re.search(r"^ +1! ", drawn[0].stdout, re.M) and "\x1b[" in drawn[1].stdout and "|" in drawn[2].stdout
