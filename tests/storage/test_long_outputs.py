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

from scorekeeper.ledger.document import parse
from scorekeeper.reports.export import export, json_pieces

HAND = ["--call", "Asha", "--hand", "Asha=A♠ 2♦", "--hand", "Bikash=K♠",
        "--hand", "Chandra=Q♦ 3♣"]

_SCALARS = st.none() | st.booleans() | st.integers() | st.text(max_size=8)
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=3)
                       | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                       max_leaves=10)


@given(st.dictionaries(st.text(max_size=6), _VALUES, min_size=1, max_size=5),
       st.sets(st.integers(0, 4)), st.integers(1, 3))
def test_json_pieces_are_the_standard_librarys_indented_json(data, streamed, batch):
    # any key whose value is a list may be given as an iterator instead
    lists = [k for k, v in data.items() if isinstance(v, list)]
    chosen = {k for i, k in enumerate(lists) if i in streamed}
    given_as = {k: iter(v) if k in chosen else v for k, v in data.items()}
    text = "".join(json_pieces(given_as, batch))
    assert text == json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def test_an_empty_streamed_list_is_an_empty_array():
    assert "".join(json_pieces({"hands": iter([])})) == '{\n  "hands": []\n}\n'


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
