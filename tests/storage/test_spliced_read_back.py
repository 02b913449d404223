"""Issue 17, "fast at any size": record, amend, verify --fix and undo read back
only the `[[hands]]` tables they change, with a proof that the rest of the
new text is the old one (`tomltext.splices_proven`); where the proof fails
the whole text is parsed, as before. And `verify --fix` rules again only
the hands whose result can have changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.ledger import tomltext
from scorekeeper.ledger.document import parse, verify
from scorekeeper.ledger.tomltext import Splice, replace_hands, splices_proven, split_last_hand

HAND = ["--call", "Asha", "--hand", "Asha=A♠ 2♦", "--hand", "Bikash=K♠",
        "--hand", "Chandra=Q♦ 3♣"]


def _long(cli, ledger: Path, hands: int = 13) -> Path:
    text = ledger.read_text(encoding="utf-8").replace("hands = 3", "hands = 99")
    ledger.write_text(text, encoding="utf-8")
    for _ in range(hands):
        assert cli("record", ledger, *HAND).exit_code == 0
    return ledger


@pytest.fixture
def parsed(monkeypatch) -> list[int]:
    """The length of every text given to the TOML parser."""
    sizes: list[int] = []
    load = tomltext.load_toml

    def counting(text: str, label: str):
        sizes.append(len(text))
        return load(text, label)

    monkeypatch.setattr(tomltext, "load_toml", counting)
    return sizes


def _tamper_first(path: Path) -> None:
    """Hand 1's stored net: one point more for Bikash, one less for Chandra
    (still zero-sum, so only the replay finds it)."""
    text = path.read_text(encoding="utf-8")
    head, sep, rest = text.partition("net = { ")
    stored = dict(part.split(" = ") for part in rest.split(" }", 1)[0].split(", "))
    new = {**stored, "Bikash": str(int(stored["Bikash"]) + 1),
           "Chandra": str(int(stored["Chandra"]) - 1)}
    body = ", ".join(f"{k} = {v}" for k, v in new.items())
    path.write_text(head + sep + body + " }" + rest.split(" }", 1)[1], encoding="utf-8")


# -- the CLI reads back only what changed ---------------------------------------------

def test_record_parses_back_only_the_appended_hand_of_a_long_ledger(cli, ledger, parsed):
    path = _long(cli, ledger, hands=12)
    size = len(path.read_text(encoding="utf-8"))
    parsed.clear()
    assert cli("record", path, *HAND).exit_code == 0
    assert parsed and max(parsed) < size / 4          # the last hand and the new
    session = parse(path.read_text(encoding="utf-8"), "x")
    assert len(session.hands) == 13 and verify(session) == []


def test_amend_parses_back_only_the_table_it_replaces(cli, ledger, parsed):
    path = _long(cli, ledger)
    size = len(path.read_text(encoding="utf-8"))
    parsed.clear()
    result = cli("amend", path, "2", "--hand", "Bikash=K♠ K♦")
    assert result.exit_code == 0, result.stderr
    assert parsed and max(parsed) < size / 4
    session = parse(path.read_text(encoding="utf-8"), "x")
    assert session.hands[1].data["cards"]["Bikash"] == "K♠ K♦"
    assert len(session.hands) == 13 and verify(session) == []


def test_undo_parses_back_nothing_whole_and_leaves_the_hands_before(cli, ledger, parsed):
    path = _long(cli, ledger)
    before = path.read_text(encoding="utf-8")
    parsed.clear()
    assert cli("undo", path, "--yes").exit_code == 0
    assert all(n < len(before) / 4 for n in parsed)
    after = path.read_text(encoding="utf-8")
    assert before.startswith(after.rstrip("\n"))
    assert len(parse(after, "x").hands) == 12


def test_verify_fix_parses_the_ledger_once_not_twice(cli, ledger, parsed):
    path = _long(cli, ledger)
    _tamper_first(path)
    size = len(path.read_text(encoding="utf-8"))
    parsed.clear()
    result = cli("verify", path, "--fix", "--yes", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["fixed"] == [1]
    assert parsed and max(parsed) < size / 4
    assert verify(parse(path.read_text(encoding="utf-8"), "x")) == []


# -- the proof ------------------------------------------------------------------------

TWO = """format = 1
notes = "x"

[[hands]]
hand = 1
net = { A = 1 }

[[hands]]
hand = 2
net = { A = 2 }

[tail]
kept = true
"""
HANDS = [{"hand": 1, "net": {"A": 1}}, {"hand": 2, "net": {"A": 2}}]


def test_a_replaced_hand_is_proven_and_the_rest_kept_byte_for_byte():
    new_text, splices = replace_hands(TWO, {2: {"hand": 2, "net": {"A": 7}}})
    assert new_text == TWO.replace("A = 2", "A = 7")
    assert splices_proven(TWO, new_text, splices, HANDS, "t")
    assert tomltext.load_toml(new_text, "t")["tail"] == {"kept": True}


def test_a_new_text_one_byte_off_is_not_proven():
    new_text, splices = replace_hands(TWO, {1: {"hand": 1, "net": {"A": 5}}})
    assert not splices_proven(TWO, new_text.replace('notes = "x"', 'notes = "y"'),
                              splices, HANDS, "t")


def test_a_new_piece_that_does_not_hold_its_data_is_not_proven():
    _, (splice,) = replace_hands(TWO, {1: {"hand": 1, "net": {"A": 5}}})
    lying = splice._replace(data={"hand": 1, "net": {"A": 6}})
    assert not splices_proven(TWO, tomltext.spliced(TWO, [lying]), [lying], HANDS, "t")
    unended = splice._replace(text=splice.text.rstrip("\n"))
    assert not splices_proven(TWO, tomltext.spliced(TWO, [unended]), [unended],
                              HANDS, "t")


def test_a_hands_header_inside_a_string_is_never_taken_for_a_table():
    # the string holds a copy of hand 1's table: found by position, it would
    # be "replaced" inside the string; the count of `[[` lines refuses it
    fake = TWO.replace('notes = "x"', "notes = '''\n[[hands]]\nhand = 1\n"
                       "net = { A = 1 }\n'''")
    new_text, splices = replace_hands(fake, {1: {"hand": 1, "net": {"A": 9}}})
    assert not splices_proven(fake, new_text, splices, HANDS, "t")


def test_static_hands_and_headers_inside_a_string_are_not_proven():
    # `hands = [...]` written as a static array, after a string holding a
    # copy of both tables: the copies would be found as the tables and the
    # string changed, not the hands; the text before the first header found
    # does not parse alone (it ends inside the string)
    static = ("format = 1\nnotes = '''\n[[hands]]\nhand = 1\nnet = { A = 1 }\n"
              "[[hands]]\nhand = 2\nnet = { A = 2 }\n[x'''\n"
              "hands = [{ hand = 1, net = { A = 1 } }, { hand = 2, net = { A = 2 } }]\n")
    assert tomltext.load_toml(static, "t")["hands"] == HANDS
    new_text, splices = replace_hands(static, {1: {"hand": 1, "net": {"A": 9}}})
    assert tomltext.load_toml(new_text, "t")["hands"] == HANDS   # the string changed
    assert not splices_proven(static, new_text, splices, HANDS, "t")


def test_a_header_written_another_way_is_not_proven():
    commented = TWO.replace("[[hands]]\nhand = 2", "[[hands]] # the second\nhand = 2")
    new_text, splices = replace_hands(commented, {1: {"hand": 1, "net": {"A": 9}}})
    assert not splices_proven(commented, new_text, splices, HANDS, "t")
    # and with a copy of hand 1's table in a string making the count of
    # headers found come right again (the copy is found first, and alone it
    # parses to hand 1): the lines opening arrays of tables outnumber the hands
    balanced = commented.replace(
        'notes = "x"', "notes = '''\n[[hands]]\nhand = 1\nnet = { A = 1 }\n[x'''")
    assert tomltext.load_toml(balanced, "t")["hands"] == HANDS
    assert len(tomltext.hand_tables(balanced)) == len(HANDS)
    new_text, splices = replace_hands(balanced, {1: {"hand": 1, "net": {"A": 9}}})
    assert tomltext.load_toml(new_text, "t")["hands"] == HANDS    # the string changed
    assert not splices_proven(balanced, new_text, splices, HANDS, "t")


def test_a_table_that_ends_before_its_span_found_is_not_proven():
    # a line of a multi-line array starts with "[": the span found ends there
    nested = TWO.replace("net = { A = 1 }", "net = { A = 1 }\nseen = [\n[1, 2],\n]")
    hands = [{**HANDS[0], "seen": [[1, 2]]}, HANDS[1]]
    new_text, splices = replace_hands(nested, {1: {**hands[0], "net": {"A": 3}}})
    assert not splices_proven(nested, new_text, splices, hands, "t")


def test_the_last_hand_cut_is_proven_and_blank_lines_before_it_go():
    text, cut = split_last_hand(TWO)
    assert text == TWO.replace("\n[[hands]]\nhand = 2\nnet = { A = 2 }\n", "")
    assert splices_proven(TWO, text, [cut], HANDS, "t")
    leftover = cut._replace(text="\nhand = 3\n")
    assert not splices_proven(TWO, tomltext.spliced(TWO, [leftover]), [leftover],
                              HANDS, "t")


def test_overlapping_splices_are_not_proven():
    one = Splice(1, 23, 50, "", None)
    assert not splices_proven(TWO, tomltext.spliced(TWO, [one, one]), [one, one],
                              HANDS, "t")


def test_where_the_proof_fails_the_whole_text_is_parsed_and_checked(cli, ledger, parsed,
                                                                    monkeypatch):
    # a ledger scorekeeper accepts always has the layout the proof needs (its
    # keys are known, its strings one line), so the failure is forced here
    path = _long(cli, ledger, hands=3)
    monkeypatch.setattr(tomltext, "splices_proven", lambda *args: False)
    parsed.clear()
    assert cli("amend", path, "3", "--hand", "Bikash=K♠ K♦").exit_code == 0
    assert len(path.read_text(encoding="utf-8")) in parsed       # parsed whole
    session = parse(path.read_text(encoding="utf-8"), "x")
    assert session.hands[2].data["cards"]["Bikash"] == "K♠ K♦"
    assert verify(session) == []


# -- verify --fix rules again what can have changed -----------------------------------

def test_ya9_fix_of_an_earlier_hand_rules_later_resets_again(cli, tmp_path):
    path = tmp_path / "yaniv.toml"
    assert cli("new", path, "--game", "dhumbal", "--profile", "yaniv",
               "--players", "Asha,Bikash").exit_code == 0
    assert cli("record", path, "--call", "Asha", "--hand", "Asha=A♠ 2♠",
               "--hand", "Bikash=K♠ Q♠ A♦").exit_code == 0            # Bikash 21
    assert cli("record", path, "--call", "Asha", "--hand", "Asha=A♥",
               "--hand", "Bikash=K♦ Q♦ 9♦").exit_code == 0            # 50: reset
    # hand 1's cards edited to 20 points: its stored 21 is now wrong, and
    # hand 2's reset (21 + 29 = 50) holds only while hand 1 stores 21
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('Bikash = "K♠ Q♠ A♦"', 'Bikash = "K♠ Q♠"'),
                    encoding="utf-8")
    result = cli("verify", path, "--fix", "--yes", "--json")
    assert result.exit_code == 0, result.stderr                     # written
    out = json.loads(result.stdout)
    assert out["fixed"] == [1] and out["ok"] is False
    assert [p["hand"] for p in out["problems"]] == [2]
    assert "Bikash -21 → 29" in out["problems"][0]["message"]


def test_a_later_hand_that_did_not_verify_is_still_reported_after_a_fix(cli, ledger):
    path = _long(cli, ledger, hands=4)
    _tamper_first(path)
    text = path.read_text(encoding="utf-8")
    at = text.index("hand = 3")
    path.write_text(text[:at] + text[at:].replace('Bikash = "K♠"', 'Bikash = "K♠ Z♠"', 1),
                    encoding="utf-8")
    result = cli("verify", path, "--fix", "--yes", "--json")
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["fixed"] == [1]
    assert [p["hand"] for p in out["problems"]] == [3]
    assert "cannot be replayed" in out["problems"][0]["message"]


# -- the headers found without a regular expression -----------------------------

_PIECES = ["[[hands]]", " ", "\t", "\r", "\n", "x", "[", "]", "[[hands]] ",
           "hand = 1", "\n[[hands]]\n", "[hands]", '"[[hands]]"']


@given(st.lists(st.sampled_from(_PIECES), max_size=30))
def test_hand_headers_are_the_lines_the_header_pattern_matches(pieces) -> None:
    """`hand_headers` (str.find) finds exactly the lines `_HANDS_HEADER`
    matches: spaces and tabs around the header, a `\\r` before the line
    break, at the start or end of the text; nothing else on the line."""
    text = "".join(pieces)
    expected = [m.start() for m in tomltext._HANDS_HEADER.finditer(text)]
    assert tomltext.hand_headers(text) == expected


@pytest.mark.parametrize("text, starts", [
    ("[[hands]]", [0]),
    (" \t[[hands]] \r\nhand = 1\n", [0]),
    ("x = 1\n  [[hands]]\t\n", [6]),
    ("x[[hands]]\n[[hands]] y\n[[hands]]\r\r\n", []),
    # every header as scorekeeper writes it (found at once), the first
    # at the very start or not, one right after another or not
    ("[[hands]]\nhand = 1\n\n[[hands]]\nhand = 2\n", [0, 20]),
    ("[[hands]]\n[[hands]]\n", [0, 10]),
    ("x = 1\n\n[[hands]]\nhand = 1\n\n[[hands]]\n", [7, 27]),
    ("[[hands]]\n", [0]),
])
def test_hand_headers_examples(text: str, starts: list[int]) -> None:
    assert tomltext.hand_headers(text) == starts
