"""Marriage's referee in Nepali (issue 28): its rulings, the explanation of
a hand (maal, the mode, T + w − n·S, pair by pair), the `check` verdicts,
the ruling table, the prompts, the options' help and its errors are said
in Nepali with Devanagari digits and the glossary's words; `--json`, exit
codes and rule ids do not change with the language.

The core's messages are `Said`; the shell says them (`say`). The pieces
said here are Marriage's own: what the shell around them prints (a
table's title, "Rules:") is the shell's, tested with it. Commands run
through `main`, which reads `--lang`; the conftest leaves English after
each test."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

import scorekeeper.screen.style  # noqa: F401  (Devanagari widths, as a screen measures them)
from helpers import run_main
from scorekeeper.core import language
from scorekeeper.core.cards import card, cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.language import _, say
from scorekeeper.core.seating import Seating
from scorekeeper.games.marriage import commands, flags, prompts
from scorekeeper.games.marriage.game import GAME
from scorekeeper.games.marriage.rules import THREE_DECK, Mode
from scorekeeper.screen.rulings import marriage as render
from scorekeeper.screen.style import hanging

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from english_left import english_words  # noqa: E402  (tools/english_left.py)

PLAYERS = ("आशा", "विकास", "चन्द्र")
# What a person types, kept in Latin letters in Nepali text too: the house
# options' names and values (`--set unseen_pairs=false`), the answers the
# prompts take (melds, dublees, y, n, none, shown:MAAL) and card examples.
TYPED = ("unseen_pairs", "invalid_show_penalty", "dublee_min_players",
         "dublee_seen_fee", "maal_table", "maal_*", "foul", "mode", "normal",
         "kidnap", "murder", "false", "next", "shown:MAAL", "MAAL", "melds",
         "dublees", "none", "jc", "kd", "s345", "h666", "JK")
DEVANAGARI_DIGITS = set("०१२३४५६७८९")
SHOW = "s345 h666 d89T cTjq h234 s777 dkkk"       # 7 melds, tiplu J♣


@pytest.fixture
def nepali():
    language.use("ne")
    yield
    language.use("en")


def english(text: str) -> list[str]:
    return english_words(text, (*PLAYERS, *TYPED))


def run(args: list[str], capsys, monkeypatch, width: int = 40) -> tuple[int, str, str]:
    monkeypatch.setenv("COLUMNS", str(width))
    return run_main(args, capsys)


def hand(*extra: str, finisher: str | None = "आशा",
         shows: tuple[str, str, str] = (SHOW, "qc", "jd 10c")) -> list[str]:
    """A `settle marriage` command line: आशा finishes, विकास saw."""
    args = ["settle", "marriage", "--players", ",".join(PLAYERS),
            "--tiplu", "jc", "--seen", "विकास"]
    args += ["--finish", finisher] if finisher else ["--no-finisher"]
    for name, shown in zip(PLAYERS, shows):
        args += ["--hand", f"{name}={shown}"]
    return args + list(extra)


def ruled(finisher: str | None = "आशा",
          shows: tuple[str, ...] = (SHOW, "qc", "jd 10c"),
          more: dict[str, object] | None = None, **options: object):
    """The ruling of a hand, as the core gives it (lines still `Said`),
    under the rule book's rules with `options` set."""
    rules = replace(THREE_DECK.rules, **options)
    table = Seating.of(PLAYERS, PLAYERS[0])
    typed: dict[str, object] = {"tiplu": "jc", "seen": ["विकास"],
                                "hand": [f"{n}={s}" for n, s in zip(PLAYERS, shows)]}
    typed.update({"finish": finisher} if finisher else {"no_finisher": True})
    typed.update(more or {})
    return GAME.resolve(GAME.args_from_flags(typed, table, rules), rules)


# -- the explanation of a hand -------------------------------------------------

def test_ma12_settlement_explained_in_nepali_with_devanagari_digits(nepali):
    result = ruled()
    lines = [say(line) for line in result.explanation]
    text = "\n".join(lines)
    # the wildcards (MA-7), the finish (MA-10), maal (MA-11), T + w − n·S (MA-12)
    assert "टिप्लु J♣ → जोकर: हरेक J, झिप्लु 10♣, पोप्लु Q♣" in lines
    assert "आशाले सेटबाट सक्नुभयो: " in text and "(MA-10)" in text
    assert "आशाको माल १०: म्यारिज १०" in lines
    assert "चन्द्रले माल हेर्नुभएको छैन: चन्द्रको माल २ लाई ० गनिन्छ (MA-15)" in lines
    assert ("विकासले आशालाई तिर्नुपर्ने: T १२ + w ३ − ३·२ = ९ → "
            "विकासले आशालाई ९ तिर्नुहुन्छ") in lines
    assert "यही हिसाब, जोडी जोडी गरेर (पहिले शुल्क, अनि मालको फरक):" in lines
    assert "  चन्द्र → आशा १०: सक्ने शुल्क (माल हेरेन)" in lines
    assert "  विकास → आशा ८: माल १० र २ को फरक" in lines
    assert english(text) == [], english(text)
    # the values are what they were, English, for --json and the ledger
    assert "चन्द्र has not seen: चन्द्र's maal 2 counts 0 (MA-15)" in result.explanation


def test_the_house_options_lines_are_nepali(capsys, monkeypatch):
    # kidnap (MA-15), a refused show with its penalty (MA-13), a doubled hand (MA-22)
    code, out, err = run(hand("--set", "mode=kidnap", "--invalid-show", "विकास",
                              "--set", "invalid_show_penalty=2", "--double",
                              "--json"), capsys, monkeypatch)
    assert code == 0, err
    english_lines = json.loads(out)["explanation"]
    assert any("kidnaps" in line for line in english_lines)
    language.use("ne")
    result = ruled(more={"double": True, "invalid_show": ["विकास"]},
                   mode=Mode.KIDNAP, invalid_show_penalty=2)
    lines = [say(line) for line in result.explanation]
    assert [line.english for line in result.explanation] == english_lines
    text = "\n".join(lines)
    assert "आशाले चन्द्रको माल २ लैजानुहुन्छ (MA-15): आशाको माल १० → १२" in lines
    assert ("विकासको शो यो डिलमा अस्वीकार भयो (MA-13): विकासले हरेक अरू "
            "खेलाडीलाई २ तिर्नुहुन्छ") in lines
    assert "  विकास → आशा २: अस्वीकृत शो (MA-13)" in lines
    assert any(line.startswith("दोब्बर डिल (--double, MA-22): हरेक भुक्तानी ×२ → आशा +")
               for line in lines)
    assert english(text) == [], english(text)


def test_no_finisher_and_unseen_pairs_lines_in_nepali(nepali):
    result = ruled(finisher=None, shows=("jc jc", "qc", "jd 10c"),
                   mode=Mode.NORMAL, unseen_pairs=False)
    lines = [say(line) for line in result.explanation]
    assert "कसैले सकेन: गड्डी फेरि भर्न सकिएन (MA-8); शुल्क छैन, माल मात्र" in lines
    assert "आशाको माल ७: २ टिप्लु ७" in lines
    assert ("आशाले माल हेर्नुभएको छैन; mode normal मा आशाको माल ७ गनिन्छ "
            "(MA-15)") in lines
    assert ("आशा: २·७ − T ९ = ५ (T र n आशा, विकास भित्र मात्र: "
            "unseen_pairs = false)") in lines
    assert english("\n".join(lines)) == []


# -- the ruling table, and everything at 40 columns ------------------------------

def test_the_ruling_fits_40_columns_in_nepali(nepali):
    result = ruled()
    for width in (40, 80):
        con = Console(width=width, record=True, color_system=None)
        for line in result.explanation:
            hanging(con, say(line))
        render.ruling(con, result, None, "आशा")
        text = con.export_text()
        for line in text.splitlines():
            assert cell_len(line) <= width, f"wider than {width}: {line!r}"
        # the title is the shell's (style.title); the rest is Marriage's
        body = "\n".join(line for line in text.splitlines() if "Verdict" not in line)
        assert english(body) == [], english(body)
        assert "हेर्यो" in text and "खुद" in text and "शुल्क" in text
    assert "२ → ०" in text                # murder: चन्द्र's maal counts 0
    assert "+३१" in text and "-९" in text and "-२२" in text, text
    assert not any(f" {d} " in body for d in "0123456789"), body


def test_the_table_headings_and_marks_are_nepali_at_every_step(nepali):
    result = ruled(mode=Mode.KIDNAP)
    for width, wanted in ((100, "माल हेर्यो"), (40, "सक्नुभयो")):
        con = Console(width=width, record=True, color_system=None)
        render.ruling(con, result, None, "आशा")
        text = con.export_text()
        assert wanted in text, text
        assert "yes" not in text and "Saw" not in text and "Net" not in text
        assert "१० → १२" in text          # kidnap: आशा took चन्द्र's 2
        # "yes"/"no" of the tiplu seen, not a check's मिल्छ/मिल्दैन (pgettext)
        assert "हेरेन" in text and "मिल्छ" not in text and "मिल्दैन" not in text


# -- check meld | finish | maal ----------------------------------------------------

def _checked(name: str, **values: object):
    spec = next(s for s in commands.CHECKS if s.name == name)
    ruling = spec.run(THREE_DECK.rules, values)
    return spec, ruling


@pytest.mark.parametrize("name, values, head, reason", [
    ("meld", {"cards": "3h 4h 5h", "tiplu": "9c"}, "शुद्ध क्रम",
     "3♥ 4♥ 5♥ शुद्ध क्रम हो (माल हेर्न मिल्ने, MA-5)"),
    ("meld", {"cards": "3h 4h 9c", "tiplu": "9c"}, "जोकरसहितको क्रम",
     "3♥ 4♥ 9♣ जोकरसहितको क्रम हो"),
    ("meld", {"cards": "3h 3h 3h", "tiplu": "9c"}, "टनेला", "3♥ 3♥ 3♥ टनेला हो (माल हेर्न मिल्ने, MA-5)"),
    ("maal", {"cards": "jc jc qc 10c kd 10c", "tiplu": "jc"}, "माल १५",
     "म्यारिज १० + १ झिप्लु २ + १ टिप्लु ३ = १५"),
    ("finish", {"cards": "s345 h666 d789 c234 sjqk hA23 d10jq", "tiplu": "5c"},
     "सकिन्छ", "७ सेट, तीमध्ये ७ माल हेर्न मिल्ने (MA-4, MA-5)"),
])
def test_check_verdicts_are_said_in_nepali(nepali, name, values, head, reason):
    spec, ruling = _checked(name, **values)
    assert ruling.valid
    assert _(spec.head(ruling)) == head
    assert say(ruling.reason) == reason
    lines = [say(line) for line in spec.lines(ruling)] if spec.lines else []
    text = "\n".join([head, say(ruling.reason), *lines])
    assert english(text) == [], english(text)
    assert any(ch in DEVANAGARI_DIGITS for ch in text) or name == "meld"


def test_check_finish_lines_number_and_name_kinds_in_nepali(nepali):
    spec, ruling = _checked("finish", cards="s345 h666 d789 c234 sjqk hA23 d10jq",
                            tiplu="5c")
    lines = [say(line) for line in spec.lines(ruling)]
    assert lines[0] == "  टिप्लु 5♣ → जोकर: हरेक 5, झिप्लु 4♣, पोप्लु 6♣"
    assert "  १. A♥ 2♥ 3♥  — शुद्ध क्रम" in lines
    assert "  ४. 6♥ 6♥ 6♥  — टनेला" in lines


@pytest.mark.parametrize("name, values, rule, said", [
    ("meld", {"cards": "3h 3h 4h", "tiplu": "5h"}, "MA-4",
     "3♥ र 3♥: दुई उस्तै पत्ती र एउटा जोकरले न टनेला बनाउँछन् न ट्रायल"),
    ("meld", {"cards": "kh ah 2h", "tiplu": None}, "MA-4",
     "K♥ A♥ 2♥: K A 2 कहिल्यै हुँदैन: क्रम घुमेर फर्कंदैन"),
    ("finish", {"cards": "s345 h666 d789 c234 s2 h9 d4 c8 s10 hq dk cj s8",
                "tiplu": "5c"}, "MA-10",
     "जसरी मिलाए पनि सबै पत्ती सेटमा पर्दैनन्: माल हेर्न मिल्ने ३ सेटसहित "
     "सबैभन्दा राम्रोमा ५ सेट बन्छन्"),
    ("finish", {"cards": "s22 h99 d44 c88 s1010 hqq dkk cj h3 h5 d6 d7 c9 s3",
                "tiplu": "5c", "by": "dublees"}, "MA-10",
     "यी पत्तीमा ७ डबली मात्र छन् (८ चाहिन्छ, MA-9)"),
])
def test_a_refused_check_is_said_in_nepali_citing_its_rule(nepali, name, values,
                                                            rule, said):
    spec, ruling = _checked(name, **{k: v for k, v in values.items() if v})
    assert not ruling.valid and ruling.rule == rule
    text = say(ruling.reason)
    assert said in text, text
    assert english(text) == [], english(text)
    assert _(spec.head(ruling)) in ("सेट होइन", "सकिँदैन")


def test_check_json_is_the_same_in_english_and_nepali(capsys, monkeypatch):
    args = ["check", "finish", "s345 h666 d789 c234 s2 h9 d4 c8 s10 hq dk cj s8",
            "--tiplu", "5c", "--json"]
    en = run(args, capsys, monkeypatch)
    ne = run([*args, "--lang", "ne"], capsys, monkeypatch)
    assert en[0] == ne[0] == 1
    assert en[1] == ne[1] and json.loads(ne[1])["rule"] == "MA-10"
    assert "no arrangement places every card" in json.loads(ne[1])["reason"]


# -- record / settle on the command line ------------------------------------------

def test_settle_json_is_the_same_in_english_and_nepali(capsys, monkeypatch):
    args = hand("--set", "mode=kidnap", "--double", "--json")
    en = run(args, capsys, monkeypatch)
    ne = run([*args, "--lang", "ne"], capsys, monkeypatch)
    assert en[0] == ne[0] == 0, ne[2]
    assert en[1] == ne[1]
    data = json.loads(ne[1])
    assert data["maal_items"]["आशा"] == [{"name": "marriage", "cards": ["10♣", "J♣", "Q♣"],
                                          "value": 10}]
    assert data["pairwise"][0]["reason"].startswith("finish fee (saw the tiplu)")


def test_a_refused_show_in_nepali_keeps_its_rule_and_exit_code(capsys, monkeypatch):
    bad = "s345 h666 d89T cTjq h234 s777 dkk s9"       # 21 cards, no finish
    args = hand(shows=(bad, "qc", "jd 10c"))
    en = run(args, capsys, monkeypatch)
    ne = run([*args, "--lang", "ne"], capsys, monkeypatch)
    assert en[0] == ne[0] == 1
    assert "(MA-10)" in en[2] and "(MA-10)" in ne[2]
    message = " ".join(ne[2].split())
    assert "आशाको शो अस्वीकार भयो:" in message, message
    assert "पत्ती फिर्ता लिएर उही पालो पूरा गर्नुहोस् (MA-13)" in message
    assert "--invalid-show आशा" in message
    assert english(message.replace("त्रुटि", "")) == [], english(message)


def test_an_impossible_maal_in_nepali_exits_2_citing_ma11(capsys, monkeypatch):
    args = hand(shows=(SHOW, "qc", "९९"))            # typed in Devanagari digits
    en = run(hand(shows=(SHOW, "qc", "99")), capsys, monkeypatch)
    ne = run([*args, "--lang", "ne"], capsys, monkeypatch)
    assert en[0] == ne[0] == 2
    assert "(MA-11)" in ne[2]
    message = " ".join(ne[2].split())
    assert "चन्द्रको सहमतिको माल ९९" in message and "बढीमा ३४" in message, message
    assert english(message) == [], english(message)


def test_devanagari_digits_typed_are_read_as_latin(capsys, monkeypatch):
    latin = run(hand("--json", shows=(SHOW, "qc", "2")), capsys, monkeypatch)
    typed = run(hand("--json", "--lang", "ne", shows=(SHOW, "qc", "२")),
                capsys, monkeypatch)
    assert latin[0] == typed[0] == 0, typed[2]
    assert latin[1] == typed[1]
    agreed = run(hand("--json", shows=("shown:१२", "qc", "२")), capsys, monkeypatch)
    assert agreed[0] == 0, agreed[2]
    assert json.loads(agreed[1])["maal_shown"]["आशा"] == 12


# -- the prompts, the options' help and the game's words --------------------------

class _Asker:
    """Answers the questions in order, keeping what was asked; a check that
    refuses an answer fails the test (each answer here is valid)."""

    def __init__(self, answers: dict[str, str]) -> None:
        self.answers, self.asked = answers, []

    def _answer(self, question: str) -> str:
        self.asked.append(question)
        return next(v for k, v in self.answers.items() if k in question)

    def ask(self, question, check, default=None):
        answer = self._answer(question)
        check(answer)
        return answer

    def names(self, question, choices, current):
        answer = self._answer(question)
        return [] if answer == "-" else [answer]

    def player_or(self, question, table, words, rule, current, chose_word):
        word = table.keyword(*words)
        answer = self._answer(question.format(word=word))
        return None if answer == word else answer


def test_the_prompts_ask_in_nepali_and_take_devanagari_digits(nepali):
    table = Seating.of(PLAYERS, PLAYERS[0])
    ask = _Asker({"कसले सक्नुभयो": "आशा", "केबाट सक्नुभयो": "सेट", "टिप्लु (": "jc",
                  "अरू कसले": "विकास", "७ डबलीबाट": "-", "आशाको शो": SHOW,
                  "विकासका माल": "qc", "चन्द्रका माल": "१२",
                  "माल हेर्न आशाले": "-", "बाँड्दा देखाएका टनेला": "-"})
    answers = prompts.ask_hand(ask, table, THREE_DECK.rules, {})
    assert answers["hand"][2] == "चन्द्र=12"
    assert answers["finish"] == "आशा" and answers["seen"] == ["विकास"]
    assert answers["by"] == "melds"          # सेट, the word the question names
    text = "\n".join(ask.asked)
    assert len(ask.asked) == 10
    assert english(text) == [], english(text)


def test_a_prompt_refusal_is_said_in_nepali(nepali):
    table = Seating.of(PLAYERS, PLAYERS[0])
    ask = _Asker({"कसले सक्नुभयो": "आशा", "केबाट सक्नुभयो": "melds", "टिप्लु (": "jc",
                  "अरू कसले": "-", "७ डबलीबाट": "-", "आशाको शो": "s345 h666"})
    with pytest.raises(Impossible) as refused:
        prompts.ask_hand(ask, table, THREE_DECK.rules, {})
    assert refused.value.rule == "MA-10"
    assert refused.value.told() == ("६ पत्ती: सक्ने शो २१ पत्तीको हुन्छ (फाल्ने "
                                    "पत्तीसहित २२) (MA-10)")


def test_every_marriage_option_help_is_translated(nepali):
    helps = [f.help for f in flags.HAND_FLAGS if f.param != "hand"]
    helps += [spec.help for spec in commands.CHECKS]
    helps += [f.help for spec in commands.CHECKS for f in spec.params]
    for text in helps:
        said = _(text)
        assert said != text, text
        assert english(said) == [], (text, said)
    assert _("Marriage: the tiplu card.") == "म्यारिज: टिप्लु पत्ती।"


def test_refusals_of_the_core_keep_their_english_and_rule(nepali):
    with pytest.raises(Refused) as refused:
        from scorekeeper.games.marriage.melds import classify_meld
        classify_meld(cards("3h 4h"), card("9c"))
    assert refused.value.rule == "MA-4"
    assert refused.value.message == "a meld is exactly 3 cards, not 2 (3♥ 4♥)"
    assert refused.value.told() == "सेट ठ्याक्कै ३ पत्तीको हुन्छ, २ को होइन (3♥ 4♥) (MA-4)"


def test_check_reads_cards_typed_with_devanagari_digits(nepali):
    spec, ruling = _checked("meld", cards="१०h jh qh", tiplu="५c")
    assert ruling.valid and ruling.kind == "pure sequence"
    assert say(ruling.reason) == "10♥ J♥ Q♥ शुद्ध क्रम हो (माल हेर्न मिल्ने, MA-5)"
    spec, ruling = _checked("maal", cards="१०c jc qc", tiplu="jc", tunnela=[])
    assert ruling.details["maal"] == 10


def test_ma22_a_doubled_hand_is_asked_in_nepali_and_answered_ho(nepali):
    table = Seating.of(PLAYERS, PLAYERS[0])
    ask = _Asker({"कसले सक्नुभयो": "कोही होइन", "टिप्लु (": "-", "कसले सेट देखाएर": "-",
                  "७ डबलीबाट": "-", "आशाका माल": "५", "विकासका माल": "०",
                  "चन्द्रका माल": "-", "बाँड्दा देखाएका टनेला": "-",
                  "दोब्बर डिल?": "हो"})
    answers = prompts.ask_hand(ask, table, replace(THREE_DECK.rules, doubles=True), {})
    assert answers["double"] is True and answers["no_finisher"] is True
    assert answers["hand"] == ["आशा=5", "विकास=0", "चन्द्र=-"]
    assert english("\n".join(ask.asked)) == []


# -- whole screens, shell and all ----------------------------------------------------

@pytest.mark.parametrize("width", (40, 80, 120))
def test_a_marriage_ruling_screen_is_all_nepali_and_fits(capsys, monkeypatch, width):
    code, out, err = run(hand("--set", "mode=kidnap", "--lang", "ne"),
                         capsys, monkeypatch, width)
    assert code == 0, err
    assert english(out) == [], english(out)
    for line in out.splitlines():
        assert cell_len(line) <= width, f"wider than {width}: {line!r}"
    assert "T १२ + w ३ − ३·२ = ९" in " ".join(out.split()) or \
        "T १४ + w ३ − ३·२ = ११" in " ".join(out.split())
    assert "हेर्यो" in out and "हेरेन" in out and "१० → १२" in out


@pytest.mark.parametrize("args", [
    ["check", "finish", "s345 h666 d789 c234 s2 h9 d4 c8 s10 hq dk cj s8",
     "--tiplu", "5c"],
    ["check", "maal", "jc jc qc 10c kd 10c", "--tiplu", "jc"],
    ["check", "meld", "3h 3h 4h", "--tiplu", "5h"],
    ["settle", "--help"],
])
def test_marriage_check_screens_and_help_are_nepali(capsys, monkeypatch, args):
    code, out, err = run([*args, "--lang", "ne"], capsys, monkeypatch, 200)
    assert code in (0, 1), err
    if args[0] == "settle":      # the other games' options are theirs
        # each Marriage option's help (its metavar, NAME or CARD, is typed)
        out = "\n".join(line.partition("म्यारिज:")[2] for line in out.splitlines()
                        if "म्यारिज:" in line)
        assert out.count("\n") == 9, out      # 10 options; --hand is every game's
    assert english(out) == [], english(out)
