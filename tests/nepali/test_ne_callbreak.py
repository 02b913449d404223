"""Call Break and the shared score, money and seating core in Nepali
(issue 28): `check play | deal`, a recorded deal's ruling (बोली, हात, the
scores in tenths), the entry's questions, the options' help, the payout
lines (places, instant win, perfect call) and the errors. Every word is
Nepali, numbers in Devanagari digits (+३.२), every line fits 40 columns;
a refusal cites its rule id and exits as in English; the JSON and the
ledger are the same in both languages; numbers typed in Devanagari digits
are read.

Commands run through the app the conftest built, with Nepali chosen (a
`--help` in its own process: the helps are said when a command is built);
the conftest leaves English after each test."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len

import scorekeeper.commands.record
import scorekeeper.screen.style  # noqa: F401 - Devanagari widths as terminals draw them
from helpers import fits, one_line
from scorekeeper.core import language
from scorekeeper.core.cards import card, cards
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import say
from scorekeeper.core.money import currency, parse_rate
from scorekeeper.core.scores import ScoreKind
from scorekeeper.core.seating import Holdings, check_names, resolve_name
from scorekeeper.games.callbreak.engine import CallBreakHand, resolve
from scorekeeper.games.callbreak.payout import payout
from scorekeeper.games.callbreak.rules import CLASSIC
from scorekeeper.games.callbreak.tricks import check_deal, check_play

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from english_left import english_words  # noqa: E402  (tools/english_left.py)

from conftest import invoke  # noqa: E402

PLAYERS = ("आशा", "विकास", "चन्द्र", "दीपक")
# what a person types or the program names, kept as it is in any language:
# the game's id and profile, the house options and their values
TYPED = ("callbreak", "classic", "payout", "places", "high_double", "low_double",
         "must_head", "trump_void", "none", "redeal_no_spade", "false")
LATIN_DIGIT = re.compile(r"[0-9]")
# rule ids and card text keep their Latin digits
KEPT_DIGITS = re.compile(r"\b[A-Z]{2}-\d+\b|(?:10|[2-9AKQJT])[♠♥♦♣]")
DEVANAGARI_DIGIT = re.compile(r"[०-९]")


@pytest.fixture
def ne():
    """Nepali for the core's messages said in this test (English after)."""
    language.use("ne")
    yield
    language.use("en")


def run(args: list[object], width: int = 40, input: str | None = None
        ) -> tuple[int, str, str]:
    """A command in the language its `--lang` names (English without one)."""
    rest, lang, _latin = language.split_options([str(a) for a in args])
    language.use(lang or "en")
    try:
        result = invoke(*rest, input=input, env={"COLUMNS": str(width)})
    finally:
        language.use("en")
    return result.exit_code, result.stdout, result.stderr


def nepali(text: str, kept: tuple[str, ...] = ()) -> None:
    """No English word left, no Latin digit outside a rule id or a card."""
    assert english_words(text, PLAYERS + TYPED + kept) == [], text
    assert not LATIN_DIGIT.search(KEPT_DIGITS.sub(" ", text)), text


@pytest.fixture
def table(tmp_path: Path) -> Path:
    path = tmp_path / "callbreak.toml"
    code, _, err = run(["new", path, "--game", "callbreak", "--players", ",".join(PLAYERS)])
    assert code == 0, err
    return path


# A deal typed in Devanagari digits, and the same in Latin ones: आशा deals,
# so विकास calls first; चन्द्र misses a call of 4.
DEVANAGARI_DEAL = ["--bid", "आशा=३", "--bid", "वि=२", "--bid", "च=४", "--bid", "दी=३",
                   "--won", "आशा=५", "--won", "वि=२", "--won", "च=३", "--won", "दी=३"]
LATIN_DEAL = ["--bid", "आशा=3", "--bid", "वि=2", "--bid", "च=4", "--bid", "दी=3",
              "--won", "आशा=5", "--won", "वि=2", "--won", "च=3", "--won", "दी=3"]


# -- check play | deal ---------------------------------------------------------------

CHECKS = [
    # (arguments, exit code, rule cited, a phrase of the answer)
    (["check", "play", "A♥", "--hand", "A♥ 2♥ K♠", "--trick", "K♥"], 0, "CB-6",
     "मिल्छ: A♥ — ♥ खेल्छ र K♥ लाई जित्छ"),
    (["check", "play", "K♠", "--hand", "A♥ 2♥ K♠", "--trick", "K♥"], 1, "CB-6",
     "मिल्दैन: A♥ ले K♥ लाई जित्नुपर्छ"),
    (["check", "play", "2♥", "--hand", "J♥ Q♥ A♥ 2♥", "--trick", "10♥"], 1, "CB-6",
     "J♥, Q♥ वा A♥ ले 10♥ लाई जित्नुपर्छ"),
    (["check", "play", "2♠", "--hand", "2♠ A♦", "--trick", "K♥"], 0, "CB-7",
     "आफ्ना पत्तीमा ♥ छैन: हुकुमले काट्छ"),
    (["check", "play", "A♦", "--hand", "2♠ A♦", "--trick", "K♥"], 1, "CB-7",
     "आफ्ना पत्तीमा ♥ छैन: हुकुमले काट्नुपर्छ, 2♠"),
    (["check", "play", "2♦", "--hand", "2♦ A♠"], 0, "CB-5",
     "हात सुरु गर्छ: जुनसुकै पत्तीले सुरु गर्न मिल्छ"),
    (["check", "play", "5♥", "--hand", "A♥ 5♥", "--trick", "K♥", "--set",
      "must_head=false"], 0, "CB-6", "जुनसुकै ♥ खेल्न मिल्छ (must_head बन्द छ)"),
    (["check", "deal", "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥"], 0, "CB-3",
     "फेरि बाँड्ने: १३ पत्तीमा हुकुम छैन: फेरि बाँड्न माग्न पाइन्छ"),
    (["check", "deal", "A♠ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥"], 1, "CB-3",
     "फेरि नबाँड्ने: A♠ छ: बाँडेकै डिल कायम रहन्छ"),
]


@pytest.mark.parametrize("args, code, rule, phrase", CHECKS)
def test_a_check_answers_in_nepali_citing_its_rule(args, code, rule, phrase):
    got, out, err = run([*args, "--lang", "ne"])
    assert (got, err) == (code, "")
    assert phrase in one_line(out)
    assert f"({rule})" in out
    nepali(out)
    fits(out)


def test_cb6_a_check_says_the_cards_that_may_be_played_in_nepali():
    _, out, _ = run(["check", "play", "K♠", "--hand", "A♥ 2♥ K♠", "--trick", "K♥",
                     "--lang", "ne"])
    assert "  खेल्न मिल्ने: A♥" in out


@pytest.mark.parametrize("args", [CHECKS[0][0], CHECKS[1][0], CHECKS[-1][0]])
def test_a_checks_json_is_the_same_in_both_languages(args):
    english = run([*args, "--json"])
    said = run([*args, "--json", "--lang", "ne"])
    assert english[0] == said[0]
    assert json.loads(english[1]) == json.loads(said[1])
    assert not DEVANAGARI_DIGIT.search(said[1])


def test_cb1_an_impossible_table_is_refused_in_nepali_citing_cb1():
    code, out, err = run(["check", "play", "A♥", "--hand", "2♥ K♠", "--lang", "ne"])
    assert (code, out) == (2, "")
    assert "A♥ आफ्ना पत्ती 2♥ K♠ मा छैन" in one_line(err) and "(CB-1)" in err
    nepali(err, ("A",))        # "A♥" is cut by the cards' pattern before the heart


# -- a recorded deal -----------------------------------------------------------------

def test_cb10_a_recorded_deal_reads_in_nepali_with_devanagari_digits(table):
    code, out, err = run(["record", table, *DEVANAGARI_DEAL, "--lang", "ne"])
    assert code == 0, err
    said = one_line(out)
    for phrase in ("आशा: बोली ३, हात ५: ३.२ (CB-10)",
                   "चन्द्र: बोली ४, हात ३: बोली पुगेन, -४.० (CB-10)",
                   "नियम: CB-9, CB-10", "डिल १ — बाँड्ने आशा",
                   "खेलाडी बोली लिएको अङ्क", "आशा ★ ३ ५ +३.२", "चन्द्र ४ ३ -४.०"):
        assert phrase in said, phrase
    ruling = out.split("Call Break (")[0]     # the standings below: the screens'
    nepali(ruling)
    fits(out)


def test_cb9_tricks_that_are_not_13_are_refused_in_nepali_citing_cb9(table):
    before = table.read_bytes()
    deal = [a if a != "दी=३" or i < 8 else "दी=४" for i, a in enumerate(DEVANAGARI_DEAL)]
    code, out, err = run(["record", table, *deal, "--lang", "ne"])
    english = run(["record", table, *deal])
    assert (code, out) == (english[0], "") == (2, "")
    assert "हात जोड्दा ५ + २ + ३ + ४ = १४ हुन्छ, १३ होइन" in one_line(err)
    assert "(CB-9)" in err and "(CB-9)" in english[2]
    assert table.read_bytes() == before
    nepali(err)


def test_cb4_a_call_out_of_range_is_refused_in_nepali_citing_cb4(table):
    deal = ["--bid", "आशा=९", *DEVANAGARI_DEAL[2:]]
    code, _, err = run(["record", table, *deal, "--lang", "ne"])
    assert code == 2
    assert "बोली १–८ हात हुन्छ, यी होइनन्: आशा ९" in one_line(err) and "(CB-4)" in err


def test_a_deal_typed_in_devanagari_digits_is_stored_as_in_latin(tmp_path):
    texts, outputs = [], []
    for name, deal, lang in (("latin", LATIN_DEAL, "en"), ("devanagari", DEVANAGARI_DEAL,
                                                            "ne")):
        path = tmp_path / f"{name}.toml"
        assert run(["new", path, "--game", "callbreak", "--players", ",".join(PLAYERS)])[0] == 0
        code, out, err = run(["record", path, *deal, "--json", "--lang", lang])
        assert code == 0, err
        outputs.append(json.loads(out))
        texts.append(path.read_text("utf-8").split("[[hands]]", 1)[1])
    assert texts[0] == texts[1]
    assert outputs[0] == outputs[1]          # --json: the same in both languages
    assert 'points = { "आशा" = 32,' in texts[1]


# -- the entry's questions -----------------------------------------------------------

def test_cb4_cb9_the_questions_are_nepali_and_take_devanagari_digits(table, tty):
    # विकास calls first (on the dealer's right, CB-4); दीपक's ९ is asked again
    answers = ["२", "४", "९", "२", "३",           # calls: वि, च, दी (९, then २), आशा
               "हो",                             # the calls saved first (CB-18)
               "२", "५", "२",                    # tricks: वि, च, दी; आशा the ४ left
               "y"]
    code, out, err = run(["record", table, "--lang", "ne"], width=80,
                         input="\n".join(answers) + "\n")
    assert code == 0, out + err
    said = one_line(err)
    assert "विकासको बोली (१–८; बाँड्नेको दायाँ, पहिले बोल्नुहुन्छ)" in said
    assert "१३ हात सकिएपछि: विकासले लिएको हात (०–१३)" in said
    assert "आशाले लिएको" not in said
    assert "बोली १ देखि ८ सम्मको पूरा सङ्ख्या हो, '९' होइन (CB-4)" in said
    assert "आशा: बोली ३, हात ४: ३.१ (CB-10)" in one_line(out)
    assert "बोली: आशा ३, विकास २, चन्द्र ४, दीपक २; डिल १ खेलिँदै छ" in one_line(out)
    assert "बोर्डका लागि बोली अहिले नै राख्ने" in said
    data = json.loads(run(["history", table, "--json"])[1])["hands"][0]
    assert data["calls"] == {"आशा": 3, "विकास": 2, "चन्द्र": 4, "दीपक": 2}
    assert data["tricks"] == {"आशा": 4, "विकास": 2, "चन्द्र": 5, "दीपक": 2}


def test_item5_back_may_be_typed_at_the_nepali_entry(table, tty):
    # '<' at the confirmation goes back to दीपक's count, kept as the default
    answers = ["२", "४", "२", "३", "होइन",        # the calls not saved first (CB-18)
               "२", "५", "२", "<", "१", "हो"]
    code, out, err = run(["record", table, "--lang", "ne"], width=80,
                         input="\n".join(answers) + "\n")
    assert code == 0, out + err
    assert "दीपकले लिएको हात (०–६) [२]" in one_line(err)
    data = json.loads(run(["history", table, "--json"])[1])["hands"][0]
    assert data["tricks"] == {"आशा": 5, "विकास": 2, "चन्द्र": 5, "दीपक": 1}


# -- the options' help ---------------------------------------------------------------

@pytest.mark.slow   # a process of its own: the slow stage runs it
def test_the_options_help_is_nepali():
    env = {k: v for k, v in os.environ.items() if k not in ("SCOREKEEPER_LANG", "LANGUAGE")}
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "--lang", "ne", "record",
                           "--help"], text=True, capture_output=True, cwd=ROOT, timeout=60,
                          env={**env, "COLUMNS": "80"})
    assert done.returncode == 0, done.stderr
    said = one_line(done.stdout)
    assert "कल ब्रेक: एक खेलाडीको बोली" in said
    assert "कल ब्रेक: एक खेलाडीले लिएको हात (--bid जस्तै)।" in said


def test_check_plays_help_is_nepali_and_no_wider_than_in_english(capsys, monkeypatch):
    from scorekeeper.cli import main

    monkeypatch.setenv("COLUMNS", "40")
    helps = []
    for lang in ("en", "ne"):
        with pytest.raises(SystemExit) as done:
            main(["check", "play", "--help", "--lang", lang])
        helps.append(capsys.readouterr().out)
        assert done.value.code in (0, None)
    said = one_line(helps[1])
    assert "यो पत्ती यो हातमा खेल्न मिल्छ?" in said
    assert "टेबलका खेलाडी, ४ वा ५ (CB-1)" in said
    # click lays a help out 50 columns wide at least, in English too
    fits(helps[1], max(map(cell_len, helps[0].splitlines())))


# -- the core's messages said --------------------------------------------------------

FOUR = ("A", "B", "C", "D")


def test_cb14_the_places_paid_are_said_in_nepali(ne):
    rules = CLASSIC.parse_settings(["payout=places"])
    paid = payout(rules, FOUR, {"A": 213, "B": 40, "C": 40, "D": -30}, [])
    assert paid is not None
    said = [say(line) for line in paid.lines]
    assert said[0] == ("payout = places (CB-14), दाउ Aलाई: Bले ३ तिर्नुहुन्छ, Cले ३ तिर्नुहुन्छ, "
                       "Dले १२ तिर्नुहुन्छ")
    assert "B र C स्थान २–३ मा बराबर: १ + २ दाउ बाँड्नुहुन्छ, हरेकले १.५" in said
    assert "विजेताको जम्मा २१.३, कम्तीमा २० (high_double): हरेक भुक्तानी दोब्बर" in said
    assert "Dको जम्मा -३.०, ० भन्दा कम (low_double): दोब्बर तिर्नुहुन्छ" in said
    for line in said:
        nepali(line, FOUR)


def test_cb14_place_ties_void_and_seats_are_said_in_nepali(ne):
    totals = {"A": 161, "B": 40, "C": 40, "D": -30}
    void = payout(CLASSIC.parse_settings(["payout=places", "place_ties=void"]), FOUR,
                  totals, [])
    assert void is not None
    assert [say(line) for line in void.lines] == [
        "B र C बराबर (place_ties = void): कसैले तिर्दैन (CB-14)"]
    seats = payout(CLASSIC.parse_settings(["payout=places", "place_ties=seats"]),
                   FOUR, totals, [])
    assert seats is not None
    said = [say(line) for line in seats.lines]
    assert "B र C बराबर (place_ties = seats): खेलको क्रममा अघिल्लोले माथिल्लो स्थान " \
        "लिन्छ" in said
    for line in said:
        nepali(line, FOUR + ("place_ties", "seats", "void"))


def test_cb11_twice_over_and_thirteenths_are_said_in_nepali(ne):
    rules = CLASSIC.parse_settings(["twice_over=true", "bonus_scale=13"])
    hand = CallBreakHand(FOUR, "A", tuple(zip(FOUR, (3, 2, 2, 1))),
                         tuple(zip(FOUR, (6, 2, 4, 1))))
    lines = [say(line) for line in resolve(hand, rules).explanation]
    assert lines[0] == ("A: बोली ३, हात ६: -३.००; twice_over = true: बोलीको दोब्बर वा "
                        "बढी हात लिँदा बोली बराबर घटाउ हुन्छ (CB-11)")
    assert lines[1] == "B: बोली २, हात २: २.०० (CB-10)"
    with pytest.raises(Impossible) as err:
        rules.score_kind.parse("३.१३")
    assert say(err.value.message) == "अङ्कले बिन्दुपछि ० देखि १२ सम्म गन्छ, '३.१३' होइन"


def test_cb15_an_instant_win_is_said_in_nepali(ne):
    rules = CLASSIC.parse_settings(["instant_win=4:8,5:6"])
    hands = [{"calls": {"A": 8, "B": 2, "C": 2, "D": 1},
              "tricks": {"A": 8, "B": 2, "C": 2, "D": 1}}] * 2
    paid = payout(rules, FOUR, {"A": 90, "B": 30, "C": 30, "D": 20}, hands)
    assert paid is not None
    said = [say(line) for line in paid.lines]
    assert said == [
        "Aले डिल १ मा ठ्याक्कै ८ बोलेर पुर्‍याउनुभयो: खेल त्यहीँ सकियो (CB-15)",
        "हार्ने स्थानहरूले मिलेर तिर्ने (१ + २ + ३ = ६ दाउ) हरेक विपक्षीले बराबर बाँडेर "
        "तिर्नुहुन्छ: हरेकले २ दाउ",
        "डिल २–२ खेल सकिएपछि लेखिए: तिनको भुक्तानी हुँदैन"]
    assert paid.lines[0] == ("A called exactly 8 and made it in deal 1: the match ends "
                             "there (CB-15)")       # the English bytes as before


def test_cb16_a_perfect_call_is_said_in_nepali(ne):
    rules = CLASSIC.parse_settings(["perfect_call=1", "rounds=2"])
    hands = [{"calls": {"A": 1, "B": 1, "C": 3, "D": 2},
              "tricks": {"A": 1, "B": 1, "C": 6, "D": 5}}] * 2
    paid = payout(rules, FOUR, {"A": 20, "B": 20, "C": 62, "D": 46}, hands)
    assert paid is not None
    said = [say(line) for line in paid.lines]
    assert said[0] == ("A र Bले हरेक डिलमा ठ्याक्कै १ बोलेर ठ्याक्कै १ हात लिनुभयो: "
                       "संयुक्त विजेता (CB-16)")
    assert said[-1] == "Cले २ तिर्नुहुन्छ, Dले ३ तिर्नुहुन्छ; A र Bले बाँडेर पाउनुहुन्छ"


def test_cb10_a_house_score_keeps_the_english_bytes_and_says_the_digits(ne):
    rules = CLASSIC.parse_settings(["bonus_8=13"])
    hand = CallBreakHand(FOUR, "A", tuple(zip(FOUR, (8, 1, 1, 1))),
                         tuple(zip(FOUR, (9, 2, 1, 1))))
    line = resolve(hand, rules).explanation[0]
    assert line == ("A called 8, took 9: 13.1; bonus_8 = 13: a call of 8 made scores "
                    "13 (CB-11)")
    assert say(line) == ("A: बोली ८, हात ९: १३.१; bonus_8 = १३: ८ को बोली पुग्दा १३ अङ्क "
                         "(CB-11)")


def test_the_table_rulings_keep_their_english_bytes(ne):
    ruling = check_play(card("2♥"), cards("J♥ Q♥ A♥ 2♥"), cards("10♥"), CLASSIC.rules)
    assert ruling.reason == "must beat 10♥ with J♥, Q♥ or A♥"
    weak = CLASSIC.parse_settings(["redeal_weak=j"])
    dealt = check_deal(cards("A♠ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥"), weak)
    assert dealt.reason == "holds A♠, and Q♥, K♥ and A♠ above J: the deal stands"
    assert say(dealt.reason) == "A♠ छ, र J भन्दा ठूलो Q♥, K♥ र A♠: बाँडेकै डिल कायम रहन्छ"


# -- the shared core: seating, scores, money ------------------------------------------

@pytest.mark.parametrize("make, phrase", [
    (lambda: resolve_name("x", PLAYERS), "'x' नामको खेलाडी छैन (खेलाडी: आशा, विकास, चन्द्र, दीपक)"),
    (lambda: resolve_name("आ", ("आशा", "आरती", "आभा")),
     "'आ' भन्नाले आशा वा आरती वा आभा हुन सक्छ"),
    (lambda: check_names(["आशा", "आशा"], CLASSIC.rules),
     "खेलाडीका नाम फरक फरक हुनुपर्छ: आशा, आशा"),
    (lambda: Holdings(1, 0, "CB-1").check("आशा", cards("JK")),
     "JK पहिल्यै आशासँग छ: गड्डीमा जोकर छैन"),
    (lambda: ScoreKind(scale=10).parse("३.१५"),
     "अङ्कमा दशमलवपछि बढीमा १ स्थान हुन्छ, '३.१५' होइन"),
    (lambda: parse_rate("०"), "दर भनेको एक अङ्कको पैसा हो, ० भन्दा बढी; '०' होइन"),
    (lambda: currency("रु"), "मुद्रा तीन अक्षरको कोड हो"),
])
def test_the_shared_core_refuses_in_nepali(ne, make, phrase):
    with pytest.raises(Impossible) as err:
        make()
    assert phrase in err.value.told()
    assert not LATIN_DIGIT.search(KEPT_DIGITS.sub(" ", err.value.told()))


def test_scores_and_money_typed_in_devanagari_digits_are_read():
    assert ScoreKind(scale=10).parse("-३.१") == ScoreKind(scale=10).parse("-3.1") == -31
    assert parse_rate("२.५") == parse_rate("2.5")


def test_cb14_settle_up_says_the_places_paid_in_nepali_and_its_json_is_unchanged(tmp_path):
    path = tmp_path / "places.toml"
    assert run(["new", path, "--game", "callbreak", "--players", ",".join(PLAYERS), "--set",
                "payout=places", "--set", "rounds=2"])[0] == 0
    for hand in (("८", "२", "२", "४", "९", "२", "२", "०"), ("८", "२", "२", "१", "८", "२", "२", "१")):
        deal = [f"--bid={p}={n}" for p, n in zip(PLAYERS, hand[:4])] + \
            [f"--won={p}={n}" for p, n in zip(PLAYERS, hand[4:])]
        assert run(["record", path, *deal, "--lang", "ne"])[0] == 0
    code, _, err = run(["settle-up", path, "--lang", "ne"])
    assert code == 0
    said = one_line(err)
    assert "places.toml: विकास र चन्द्र स्थान २–३ मा बराबर: १ + २ दाउ बाँड्नुहुन्छ, हरेकले १.५" \
        in said
    assert "दीपकको जम्मा -३.०, ० भन्दा कम (low_double): दोब्बर तिर्नुहुन्छ" in said
    english = json.loads(run(["settle-up", path, "--json"])[1])
    assert json.loads(run(["settle-up", path, "--json", "--lang", "ne"])[1]) == english
    assert "विकास and चन्द्र tie for places 2–3" in english["payout"][1]


def test_the_games_title_is_said_kal_break_and_stays_call_break_in_english(ne):
    from scorekeeper.games.callbreak.game import GAME

    assert GAME.title == "Call Break"
    assert say(GAME.title) == "कल ब्रेक"
