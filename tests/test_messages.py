"""A message is a value (issue 39, item 1): a template, its values, a
count for its plural form; said once, at the edge, in the reader's
language; its English what `--json`, the ledger and comparisons keep."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from scorekeeper.core import language
from scorekeeper.core.language import Said, say

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import catalog  # noqa: E402  (tools/catalog.py: what Babel extracts)


@pytest.fixture
def nepali():
    language.use("ne")
    yield
    language.use("en")


# -- plurals: Said.ngettext, gettext's ngettext ----------------------------------

@pytest.mark.parametrize("count, english", [(1, "1 hand"), (0, "0 hands"), (3, "3 hands")])
def test_a_counted_message_reads_the_english_form_of_its_count(count, english):
    said = Said.ngettext("{count} hand", "{count} hands", count=count)
    assert said == english and say(said) == english


def test_a_counted_message_is_said_in_nepali_by_its_count(nepali):
    said = Said.ngettext("{left} hand remains", "{left} hands remain", count=3, left=3)
    assert said == "3 hands remain"      # English kept for JSON and the ledger
    assert say(Said.ngettext("{count} hand", "{count} hands", count=3)) == "३ डिल"
    once = Said.ngettext("{card} is already with {names}: the deck holds it once",
                        "{card} is already with {names}: the deck holds it {count} times",
                        count=1, card="A♠", names="Asha")
    assert say(once) == "A♠ पहिल्यै Ashaसँग छ: गड्डीमा यो एक पटक मात्र हुन्छ"


def test_a_counted_message_survives_a_copy():
    import copy

    said = Said.ngettext("{count} hand", "{count} hands", count=2)
    again = copy.deepcopy(said)
    assert (again, again.plural, again.number) == ("2 hands", "{count} hands", 2)


def test_babel_extracts_both_forms_of_a_counted_message():
    assert catalog.extracted()["{count} hand"] == ("{count} hand", "{count} hands")


def _hand_written_plurals(path: Path) -> list[int]:
    """Lines of `a if n == 1 else b` (or `n > 1`) choosing between two
    `Said(...)`: a plural by hand. (An `if n == 1: return …` is not
    looked for: it is as often logic, a tie or a single rank, as words.)"""
    def said(node: ast.AST) -> bool:
        return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id == "Said"
    return [node.lineno for node in ast.walk(ast.parse(path.read_text("utf-8")))
            if isinstance(node, ast.IfExp) and said(node.body) and said(node.orelse)
            and isinstance(node.test, ast.Compare)
            and any(isinstance(c, ast.Constant) and c.value == 1
                    for c in node.test.comparators)]


def test_no_message_chooses_its_plural_by_hand():
    found = {str(p.relative_to(ROOT)): lines for p in sorted((ROOT / "scorekeeper").rglob("*.py"))
             if (lines := _hand_written_plurals(p))}
    assert found == {}, "use Said.ngettext: " + repr(found)


# -- lists: Listed, joined by the reader's list words ---------------------------

@pytest.mark.parametrize("items, last, each, english", [
    (["A", "B", "C"], ", ", False, "A, B, C"),
    (["A", "B", "C"], " and ", False, "A, B and C"),
    (["A", "B", "C"], " and ", True, "A and B and C"),
    (["A", "B", "C"], " or ", False, "A, B or C"),
    ([1, 2, 3], " + ", False, "1 + 2 + 3"),
    (["A"], " and ", False, "A"),
])
def test_a_list_reads_in_english_as_it_always_has(items, last, each, english):
    from scorekeeper.core.numbers import listed

    assert listed(items, last, each) == english


def test_a_list_is_joined_by_nepali_list_words(nepali):
    from scorekeeper.core.numbers import listed

    assert say(listed(["क", "ख", "ग"], " and ")) == "क, ख र ग"
    assert say(listed(["क", "ख"], " or ")) == "क वा ख"
    assert say(listed([1, 2, 13], " + ")) == "१ + २ + १३"
    pays = [Said("{name} pays {points}", name=n, points=p) for n, p in (("Asha", 2), ("Bina", 3))]
    assert say(listed(pays)) == f"{say(pays[0])}, {say(pays[1])}"      # each said
    assert "२" in say(pays[0])


def test_no_message_is_a_fragment_of_a_list():
    import re

    fragment = re.compile(r"\{\w+\}(, |,? and |,? or | \+ )\{\w+\}")
    clauses = {"{first}, and {second}"}      # two reasons, a sentence's clauses
    assert [m for m in catalog.extracted() if fragment.fullmatch(m)
            and m not in clauses] == []


# -- not text: a Said slipped into text is refused where it happens -------------

@pytest.mark.parametrize("as_text", [
    str, lambda s: f"{s}", lambda s: "%s" % s, lambda s: "{}".format(s),
], ids=["str", "f-string", "percent", "format"])
def test_a_message_made_text_by_accident_is_refused(as_text):
    with pytest.raises(TypeError, match="a Said is a message, not text"):
        as_text(Said("{name} pays {points}", name="Asha", points=12))


@pytest.mark.parametrize("as_text", [
    lambda s: "x" + s, lambda s: s + "x", lambda s: s % (), lambda s: ", ".join([s]),
    lambda s: s.upper(), lambda s: len(s), lambda s: "Asha" in s,
], ids=["text + said", "said + text", "said % x", "join", "a str method", "len", "in"])
def test_a_message_is_no_text_at_all(as_text):
    said = Said("{name} pays {points}", name="Asha", points=12)
    assert not isinstance(said, str)
    with pytest.raises((TypeError, AttributeError)):
        as_text(said)


def test_a_message_s_english_is_explicit_and_plain_text():
    import json

    said = Said("{who}: {what}", who="Asha", what=Said("{count} hand", count=1))
    assert said.english == "Asha: 1 hand" and type(said.english) is str
    assert json.dumps({"m": said.english}) == '{"m": "Asha: 1 hand"}'     # --json
    with pytest.raises(TypeError):
        json.dumps({"m": said})        # never its English by accident
    assert type(say(said)) is str and say(said) == "Asha: 1 hand"


def test_a_message_is_a_frozen_value_equal_by_its_english():
    import pickle

    said = Said("{name} pays {points}", name="Asha", points=12)
    with pytest.raises(AttributeError):
        said.template = "{name}"
    with pytest.raises(AttributeError):
        del said.english
    assert said == Said("{name} pays {points}", name="Asha", points=12)
    assert said == "Asha pays 12" and "Asha pays 12" == said     # what tests compare
    assert said != Said("{name} pays {points}", name="Asha", points=13)
    assert hash(said) == hash("Asha pays 12")
    again = pickle.loads(pickle.dumps(said))
    assert type(again) is Said and again.template == said.template
    assert repr(said) == "Said('Asha pays 12')"


_MISUSED = """\
import json
from scorekeeper.core.language import Said


def shown(text: str) -> str:
    return text


said = Said("{name} pays", name="Asha")
shown(said)
"x" + said
said + "x"
", ".join([said])
words: list[str] = []
words.append(said)
said % ()
"""


def test_the_type_checker_refuses_a_message_used_as_text(tmp_path):
    """Issue 39: mypy catches a `Said` where text is wanted: a parameter
    typed str, `+`, a join, a list of text, `%` (`json.dumps` takes
    anything: the run-time TypeError above catches that one)."""
    import os
    import subprocess

    (tmp_path / "misused.py").write_text(_MISUSED, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
         "--cache-dir", str(tmp_path / "cache"), "--no-error-summary", "misused.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
        env={**os.environ, "MYPYPATH": str(ROOT)})
    refused = sorted(int(line.split(":")[1]) for line in done.stdout.splitlines()
                     if ": error:" in line)
    assert done.returncode == 1, done.stdout + done.stderr
    assert refused == [10, 11, 12, 13, 15, 16], done.stdout
