"""The mutation figures cannot go stale unnoticed (issue 40, item 2):
each row of docs/TESTING.md's table names the hash of the source it
measured, and `tools/mutate.py --stale` lists the rows whose module has
changed since (exit 1), or says none has (exit 0). Needs no mutmut."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import mutate  # noqa: E402  (tools/mutate.py)


def _table(hashes: dict[str, str]) -> str:
    rows = "".join(f"| `{name}` | {mutate.MODULES[name][0]} | `{h}` | 9 / 10 (90 %) |\n"
                   for name, h in hashes.items())
    return ("# Testing\n\nSome text | with a bar.\n\n"
            "| module | source | hash | after |\n|---|---|---|---|\n" + rows +
            "\n| other | table |\n|---|---|\n| `cards` | not a figure |\n")


def _copy(root: Path) -> dict[str, str]:
    """Every module's source copied under `root`; their hashes, by name."""
    for module, _tests in mutate.MODULES.values():
        (root / module).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / module, root / module)
    return {name: mutate.source_hash(root / module)
            for name, (module, _tests) in mutate.MODULES.items()}


def test_the_hash_is_gits_hash_object_short(tmp_path):
    (tmp_path / "hello").write_bytes(b"hello\n")
    assert mutate.source_hash(tmp_path / "hello") == "ce01362"   # git hash-object


def test_stale_lists_nothing_when_every_row_measured_the_source_as_it_is(tmp_path):
    hashes = _copy(tmp_path)
    assert mutate.measured(_table(hashes)) == hashes
    assert mutate.stale(_table(hashes), tmp_path) == []


def test_stale_lists_the_row_whose_module_changed_since(tmp_path):
    hashes = _copy(tmp_path)
    with (tmp_path / "scorekeeper/core/cards.py").open("a", encoding="utf-8") as f:
        f.write("# changed\n")
    now = mutate.source_hash(tmp_path / "scorekeeper/core/cards.py")
    assert mutate.stale(_table(hashes), tmp_path) == [
        f"cards: scorekeeper/core/cards.py is {now} now, the figure measured {hashes['cards']}"]


def test_stale_lists_a_module_with_no_row(tmp_path):
    hashes = _copy(tmp_path)
    del hashes["seating"]
    now = mutate.source_hash(tmp_path / "scorekeeper/core/seating.py")
    assert mutate.stale(_table(hashes), tmp_path) == [
        f"seating: scorekeeper/core/seating.py ({now}) has no figure"]


def test_stale_exits_1_listing_the_rows_and_0_when_none(tmp_path, monkeypatch, capsys):
    hashes = _copy(tmp_path)
    doc = tmp_path / "TESTING.md"
    monkeypatch.setattr(mutate, "TESTING", doc)
    monkeypatch.setattr(mutate, "ROOT", tmp_path)
    doc.write_text(_table(hashes), "utf-8")
    assert mutate.main(["--stale"]) == 0
    assert capsys.readouterr().out == "every figure measured the source as it is\n"
    doc.write_text(_table({**hashes, "finish": "0000000"}), "utf-8")
    assert mutate.main(["--stale"]) == 1
    out = capsys.readouterr()
    assert out.out == (f"finish: scorekeeper/games/marriage/finish.py is {hashes['finish']} "
                       "now, the figure measured 0000000\n")
    assert out.err == ""


def test_every_module_has_a_row_in_testing_md():
    rows = mutate.measured((ROOT / "docs" / "TESTING.md").read_text("utf-8"))
    assert sorted(rows) == sorted(mutate.MODULES)
    assert all(len(h) == 7 and set(h) <= set("0123456789abcdef") for h in rows.values())
