"""Dhumbal and the shared rulings in Nepali (issue 28): `check call |
discard | draw`, a recorded hand's ruling (its explanation and table), the
entry's questions, the options' help and the card, option and table
errors. Every word is Nepali, numbers in Devanagari digits, every line fits
40 columns; a refusal still cites its rule id and exits as in English; the
JSON and the ledger are the same bytes in both languages; a total typed in
Devanagari digits is read.

Commands run through `main`, which reads `--lang` as the installed command
does (the entry's questions through the test runner, with Nepali chosen);
the conftest leaves English after each test."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

import scorekeeper.commands.record
import scorekeeper.screen.style  # noqa: F401 - Devanagari widths as terminals draw them
from helpers import fits, one_line
from scorekeeper.cli import main
from scorekeeper.core import language

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cli"))
from english_left import english_words  # noqa: E402  (tools/english_left.py)
from test_cli_nepali import check_aligned  # noqa: E402  (tests/cli: glibc's widths)

from conftest import invoke  # noqa: E402

PLAYERS = ("आशा", "विकास", "चन्द्र")
# what a person types, kept as typed in any language: option names and
# values, profiles, the game's id, the joker's card text
TYPED = ("caller_wins", "caught_pays", "plus", "joker_pair", "true", "ace_high",
         "pick_from_set", "pick_run_ends", "max_set", "call_limit", "jokers",
         "none", "penalty", "nepali-games", "dhumbal", "yaniv", "JK", "turn_cap", "hands",
         "caught", "foo", "Xx", "maybe")
LATIN_DIGIT = re.compile(r"[0-9]")
# rule ids and card text keep their Latin digits
KEPT_DIGITS = re.compile(r"\b[A-Z]{2}-\d+\b|(?:10|[2-9AKQJT])[♠♥♦♣]|call_limit =\s+[\d:,]+"
                         r"|10 र K|K A 2")     # ranks named in a reason


def run(args: list[object], capsys, monkeypatch, width: int = 40
        ) -> tuple[int, str, str]:
    """A command in the language its `--lang` names (English without one):
    through the app the conftest built once (fast), or through `main` for
    `--help`, whose texts are made when the command is built."""
    args = [str(a) for a in args]
    if "--help" in args:
        monkeypatch.setenv("COLUMNS", str(width))
        with pytest.raises(SystemExit) as done:
            main(args)
        out = capsys.readouterr()
        return int(done.value.code or 0), out.out, out.err
    rest, lang, latin = language.split_options(args)
    language.use(lang or "en", False if latin else None)
    result = invoke(*rest, env={"COLUMNS": str(width)})
    language.use("en")
    return result.exit_code, result.stdout, result.stderr


def nepali(text: str, latin_digits_typed: bool = False) -> None:
    """No English word left, no Latin digit outside a rule id or a card
    (`latin_digits_typed`: an error that quotes what was typed, or how card
    text is written, keeps its digits)."""
    assert english_words(text, PLAYERS + TYPED) == [], text
    if not latin_digits_typed:
        assert not LATIN_DIGIT.search(KEPT_DIGITS.sub(" ", text)), text


# -- check call | discard | draw ----------------------------------------------

CHECKS = [
    # (arguments, exit code, rule cited, a phrase of the answer)
    (["check", "call", "A♠ 2♦"], 0, "DH-4",
     "मिल्छ: A♠ 2♦ को मान ३ ≤ ५: कल गर्न मिल्छ"),
    (["check", "call", "K♠ Q♦"], 1, "DH-4",
     "मिल्दैन: २० मानको हातले कल गर्न मिल्दैन: कलको सीमा ५ हो"),
    (["check", "call", "A♠ 2♦ 3♣", "--set", "call_limit=2:5,3:10", "--players", "3"],
     0, "DO-1", "को मान ६ ≤ १० (३ खेलाडी हुँदा, call_limit = 2:5,3:10): कल गर्न मिल्छ"),
    (["check", "call", "A♠ 2♦ 3♣ 4♣", "--set", "call_limit=२:५,३:१०", "--players", "२"],
     1, "DO-1", "१० मानको हातले कल गर्न मिल्दैन: कलको सीमा ५ हो (२ खेलाडी हुँदा"),  # typed: १२
    (["check", "call", "K♠ Q♦", "--profile", "cardrulesplus"], 0, "DC-4",
     "यो प्रोफाइलमा जुनसुकै मानले कल गर्न मिल्छ"),
    (["check", "discard", "2♠ 3♠ 4♠"], 1, "DH-5",
     "2♠ 3♠ 4♠ क्रम हो, जुन कहिल्यै फाल्न मिल्दैन"),
    (["check", "discard", "5♠ 7♦"], 1, "DH-5", "फरक फरक नम्बरका हुन्"),
    (["check", "discard", "10♠ K♦"], 1, "DH-5", "मान बराबर हुनु पुग्दैन"),
    (["check", "discard", "5♠ 5♦"], 0, "DH-5", "मिल्छ: एउटै नम्बरका २ पत्ती"),
    (["check", "discard", "5♠ 5♦", "--taken", "5♦"], 1, "DH-6",
     "5♦ भर्खरै फालेको थुप्रोबाट उठाइएको हो"),
    (["check", "discard", "A♠ 2♠ 3♠", "--profile", "yaniv"], 0, "YA-5",
     "एउटै रङका ३ पत्तीको क्रम, एक्का तल"),
    (["check", "discard", "Q♠ K♠ A♠", "--profile", "yaniv"], 1, "YA-5",
     "एक्का तल मात्र: Q K A र K A 2 क्रम होइनन्"),
    (["check", "discard", "JK JK", "--profile", "yaniv"], 0, "DO-5",
     "जोकर मात्र पनि फाल्न मिल्छ (joker_pair = true)"),
    (["check", "discard", "5♠ 5♦ JK", "--profile", "yaniv"], 0, "YA-5",
     "एउटै नम्बरका ३ पत्ती (१ जोकरले ठाउँ लिएको)"),
    (["check", "draw", "5♠", "--discarded", "5♠ 5♦"], 1, "DH-6",
     "माथिको पत्ती मात्र उठाउन मिल्छ: समूहको अन्तिम पत्ती 5♦ माथि छ"),
    (["check", "draw", "5♦", "--discarded", "5♠ 5♦"], 0, "DH-6",
     "उठाउन मिल्छ: समूहको अन्तिम पत्ती 5♦ माथि छ"),
    (["check", "draw", "3♠", "--discarded", "A♠ 2♠ 3♠ 4♠", "--profile", "yaniv"],
     1, "DO-7", "क्रम A♠ 2♠ 3♠ 4♠ को छेउको पत्ती मात्र उठाउन मिल्छ: A♠ वा 4♠"),
    (["check", "draw", "5♦", "--discarded", "5♠ 5♦", "--profile", "cardrulesplus"],
     1, "DC-6", "फालेको सेटबाट उठाउन मिल्दैन"),
]


@pytest.mark.parametrize("args, code, rule, phrase", CHECKS,
                         ids=[" ".join(c[0][:2]) + f" {i}" for i, c in enumerate(CHECKS)])
def test_dh4_dh5_dh6_a_check_in_nepali_cites_its_rule_and_exits_as_in_english(
        args, code, rule, phrase, capsys, monkeypatch):
    done, out, err = run([*args, "--lang", "ne"], capsys, monkeypatch)
    assert (done, err) == (code, "")
    assert phrase in one_line(out)
    assert f"({rule})" in one_line(out)
    nepali(out)
    fits(out)
    english = run(args, capsys, monkeypatch)
    assert english[0] == code and f"({rule})" in english[1]


@pytest.mark.parametrize("args", [c[0] for c in CHECKS[::3]])
def test_a_checks_json_is_the_same_in_english_and_nepali(args, capsys, monkeypatch):
    ne = run([*args, "--json", "--lang", "ne"], capsys, monkeypatch)
    en = run([*args, "--json"], capsys, monkeypatch)
    assert ne == en
    assert not re.search("[\u0900-\u097f]", ne[1])


def test_the_check_reasons_english_is_unchanged(capsys, monkeypatch):
    done, out, _ = run(["check", "call", "K♠ Q♦"], capsys, monkeypatch, 120)
    assert (done, out) == (1, "no: a hand worth 20 may not call: the call limit "
                              "is 5 (DH-4)\n")


# -- errors: cards, options, the table ----------------------------------------

ERRORS = [
    (["check", "call", "Xx"], None, "पत्ती 'Xx' पढ्न सकिएन"),
    (["check", "call", "s3x"], None, "'s3x' पढ्न सकिएन: 'x' (३ औँ अक्षर)"),
    (["check", "discard", "2♠ 2♠"], "DH-1", "2♠ २ पटक आयो, तर गड्डीमा यो एक पटक मात्र हुन्छ"),
    (["check", "call", "JK"], "DH-1", "JK दिइयो, तर यी नियममा जोकर हुँदैन"),
    (["check", "call", "A♠", "--players", "9"], "DH-1",
     "९ खेलाडी: यो प्रोफाइलमा २–६ जना बस्छन्"),
    (["check", "call", "A♠", "--set", "penalty=-1"], "DH-8",
     "विकल्प penalty मा एक वा बढीको पूरा सङ्ख्या हुन्छ"),
    (["check", "call", "A♠", "--set", "foo=1"], None,
     "नेपाली चलन (nepali-games) प्रोफाइलमा 'foo' नामको विकल्प छैन"),
    (["check", "call", "A♠", "--set", "ties=maybe"], "DO-2",
     "विकल्प ties मा caught, caller_wins मध्ये एउटा हुन्छ"),
    (["check", "call", "A♠", "--profile", "yaniv", "--set", "call_limit=2:5,3:10"], "DO-1",
     "कलको सीमा कति जना खेल्छन् भन्नेमा भर पर्छ"),
    (["check", "draw", "9♠", "--discarded", "5♠ 5♦"], "DH-6",
     "9♠ फालेका पत्ती 5♠ 5♦ मा छैन"),
]


@pytest.mark.parametrize("args, rule, phrase", ERRORS)
def test_an_error_in_nepali_cites_its_rule_and_exits_2(args, rule, phrase, capsys,
                                                       monkeypatch):
    done, out, err = run([*args, "--lang", "ne"], capsys, monkeypatch)
    assert (done, out) == (2, "")
    assert err.startswith("त्रुटि: ") and phrase in err
    if rule:
        assert err.rstrip().endswith(f"({rule})")
    nepali(err.replace("ties", " "), latin_digits_typed=True)   # `ties`: typed
    english = run([*args, "--json"], capsys, monkeypatch)[:2]
    ne_json = run([*args, "--json", "--lang", "ne"], capsys, monkeypatch)[:2]
    assert english == ne_json and english[0] == 2
    assert json.loads(english[1])["rule"] == rule


# -- a recorded hand ----------------------------------------------------------

HANDS = [
    ["--call", "आशा", "--hand", "आशा=A♠ 2♦", "--hand", "विकास=K♠ Q♦",
     "--hand", "चन्द्र=५"],
    ["--call", "विकास", "--hand", "आशा=A♠ 2♦", "--hand", "विकास=3♠ 2♣",
     "--hand", "चन्द्र=१२"],
    ["--show", "--hand", "आशा=A♠", "--hand", "विकास=A♦", "--hand", "चन्द्र=९"],
]


def _session(tmp_path: Path, name: str, capsys, monkeypatch, *more: str) -> Path:
    path = tmp_path / name
    assert run(["new", path, "--game", "dhumbal", "--players", ",".join(PLAYERS), *more],
               capsys, monkeypatch)[0] == 0
    return path


def test_dh8_dh10_dh11_a_recorded_hand_reads_in_nepali(tmp_path, capsys, monkeypatch):
    ledger = _session(tmp_path, "ne.toml", capsys, monkeypatch)
    said = []
    for flags in HANDS:
        done, out, _ = run(["record", ledger, *flags, "--lang", "ne"], capsys, monkeypatch)
        assert done == 0
        said.append(out[:out.index("धुम्बल (")])     # the ruling, not the standings
        fits(out)
    first, caught, show = (one_line(s) for s in said)
    assert "आशा ३ < अरू सबैको हात (सबैभन्दा कम ५) → आशाले कल जित्नुभयो (DH-8) " \
           "र केही लाग्दैन" in first
    assert "आशाले २५ उठाउनुहुन्छ: विकासले २० तिर्नुहुन्छ, चन्द्रले ५ तिर्नुहुन्छ (DH-11)" in first
    assert "नजाँचिएको जम्मा (पत्ती पत्ती देखाइएन): चन्द्र" in first
    assert "डिल १ — बाँड्ने आशा" in first and "नियम: DH-2, DH-4, DH-8, DH-11" in first
    assert "खेलाडी" in first and "देखाएको" in first and "लागेको" in first
    assert "(क) कल गर्ने, ★ डिल जित्ने" in first
    assert "विकास समातिनुभयो (DH-8) र ५ को सट्टा २५ तिर्नुहुन्छ" in caught
    assert "चन्द्र १२ १२ १२ -१२" in caught            # a total typed in Devanagari
    assert "२०० पालोपछि शो (DH-10): कलको दण्ड छैन" in show
    assert "आशा र विकास १ मा बराबर: बाँड्ने चन्द्रको देब्रेबाट घडीको दिशामा " \
           "पहिलो भएकाले आशाले जित्नुहुन्छ (DH-8)" in show
    for text in said:
        nepali(text)


@pytest.mark.parametrize("width", (40, 80, 120))
def test_a_ruling_in_nepali_is_aligned_at_every_width(width, tmp_path, capsys,
                                                      monkeypatch):
    ledger = _session(tmp_path, "w.toml", capsys, monkeypatch)
    for flags in HANDS[1:]:
        done, out, _ = run(["record", ledger, *flags, "--lang", "ne"], capsys,
                           monkeypatch, width)
        assert done == 0
        check_aligned(out, width)


def test_latin_digits_are_kept_where_asked_in_nepali_words(capsys, monkeypatch):
    done, out, _ = run(["check", "call", "K♠ Q♦", "--lang", "ne", "--latin-digits"],
                       capsys, monkeypatch, 120)
    assert (done, out) == (1, "मिल्दैन: 20 मानको हातले कल गर्न मिल्दैन: कलको सीमा 5 "
                              "हो (DH-4)\n")


def test_a_hand_recorded_in_nepali_is_the_same_json_and_ledger(tmp_path, capsys,
                                                                monkeypatch):
    en = _session(tmp_path, "en.toml", capsys, monkeypatch)
    ne = _session(tmp_path, "ne.toml", capsys, monkeypatch)
    for flags in HANDS:
        english = run(["record", en, *flags, "--json"], capsys, monkeypatch)
        nepali_ = run(["record", ne, *flags, "--json", "--lang", "ne"], capsys,
                      monkeypatch)
        assert english[0] == nepali_[0] == 0
        assert json.loads(english[1]) == json.loads(nepali_[1].replace("ne.toml",
                                                                       "en.toml"))
    assert en.read_bytes() == ne.read_bytes()
    assert json.loads(english[1])["explanation"][-1] == \
        "Unverified totals (not shown card by card): चन्द्र"


@pytest.mark.parametrize("profile, flags, phrases", [
    ("yaniv", ["--call", "आशा", "--hand", "आशा=7♠", "--hand", "विकास=2♠",
               "--hand", "चन्द्र=2♦"],
     ["विकास २ ≤ आशा ७ → आशा समातिनुभयो (YA-8) र ३० + ७ = ३७ अङ्क थपिन्छ "
      "(दण्ड र हातको मान: caught_pays = plus, DO-3)",
      "चन्द्रको हात पनि सबैभन्दा कम, २, छ र उहाँलाई पनि अङ्क लाग्दैन (YA-8)",
      "थपिएको अङ्क: आशा +३७, विकास +०, चन्द्र +०"]),
    ("cardrulesplus", ["--call", "आशा", "--hand", "आशा=9♠", "--hand", "विकास=2♠",
                       "--hand", "चन्द्र=3♦"],
     ["विकास २ ≤ आशा ९ → आशा समातिनुभयो (DC-8) र २५ दण्ड अङ्क थपिन्छ",
      "कल गर्ने बाहेक कसैलाई अङ्क लाग्दैन (DC-8)"]),
])
def test_dc8_ya8_penalty_point_rulings_read_in_nepali(profile, flags, phrases, tmp_path,
                                                     capsys, monkeypatch):
    ledger = _session(tmp_path, "p.toml", capsys, monkeypatch, "--profile", profile)
    done, out, err = run(["record", ledger, *flags, "--lang", "ne"], capsys, monkeypatch)
    assert done == 0, err
    ruling = out[:out.index("धुम्बल (")]
    for phrase in phrases:
        assert phrase in one_line(ruling)
    nepali(ruling)
    fits(out)


def test_dh4_a_caller_above_the_limit_is_refused_in_nepali_ledger_unchanged(
        tmp_path, capsys, monkeypatch):
    ledger = _session(tmp_path, "r.toml", capsys, monkeypatch)
    before = ledger.read_bytes()
    done, out, err = run(["record", ledger, "--call", "आशा", "--hand", "आशा=K♠ Q♦",
                          "--hand", "विकास=२", "--hand", "चन्द्र=3♣", "--lang", "ne"],
                         capsys, monkeypatch)
    assert (done, out) == (1, "")
    assert "२० मानको हातले कल गर्न मिल्दैन: कलको सीमा ५ हो (DH-4)" in err
    assert ledger.read_bytes() == before


# -- the entry's questions ----------------------------------------------------

def test_the_entry_asks_in_nepali_and_reads_a_devanagari_total(tmp_path, capsys,
                                                                monkeypatch, cli):
    ledger = _session(tmp_path, "i.toml", capsys, monkeypatch)
    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)
    language.use("ne")
    result = cli("record", ledger, input="\n".join(["", "शो", "as", "१२", "7c", "y"])
                 + "\n", env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.stderr
    asked = result.stderr
    assert "कसले कल गर्नुभयो? (नाम, वा 'शो': २०० पालोपछिको शो)" in asked
    assert "आशाका पत्ती (जस्तै 'dAc3', '-' वा जम्मा)" in asked
    assert "आशाले १९ उठाउनुहुन्छ: विकासले १२ तिर्नुहुन्छ" in one_line(result.stdout)
    assert "show = true" in ledger.read_text(encoding="utf-8")
    assert '"विकास" = 12' in ledger.read_text(encoding="utf-8")


def test_dh4_the_entry_refuses_a_caller_above_the_limit_in_nepali(tmp_path, capsys,
                                                                  monkeypatch, cli):
    ledger = _session(tmp_path, "j.toml", capsys, monkeypatch)
    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)
    language.use("ne")
    result = cli("record", ledger, input="\n".join(["", "आशा", "ks", "as", "2s", "7c",
                                                     "y"]) + "\n",
                 env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert "आशाको हातको मान १० छ, कलको सीमा ५ भन्दा बढी, त्यसैले आशाले कल गर्न " \
           "मिल्दैन" in result.stderr and "(DH-4)" in result.stderr


# -- help -----------------------------------------------------------------------

def test_the_check_and_hand_options_help_is_nepali(capsys, monkeypatch):
    done, out, _ = run(["check", "call", "--help", "--lang", "ne"], capsys, monkeypatch, 80)
    assert done == 0
    assert "यी पत्तीले धुम्बल कल गर्न मिल्छ?" in out
    assert "कति जना खेल्दैछन् (खेलाडी सङ्ख्या अनुसारको कल सीमाका लागि)।" in one_line(out)
    done, out, _ = run(["check", "draw", "--help", "--lang", "ne"], capsys, monkeypatch, 80)
    assert "अघिल्लो खेलाडीले फालेका पत्ती, क्रमैसँग।" in one_line(out)
    done, out, _ = run(["record", "--help", "--lang", "ne"], capsys, monkeypatch, 120)
    assert done == 0
    for said in ("धुम्बल: कल गर्ने।", "धुम्बल: पालोको सीमामा शो।",
                 "नाम=पत्ती वा नाम=जम्मा (दोहोर्‍याउन मिल्छ)।"):
        assert said in out
