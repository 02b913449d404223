"""What a new user's trial in Nepali found left in English or in Latin
digits (issue 29's last stop): the tiplu counted in a refusal (MA-1), the
hint for a bare number as the finisher's hand (MA-10), `verify`'s sums
and score changes, the choices of a numbered option, and the "try again"
after a refused answer. Each is said in Nepali with Devanagari digits;
the English of each is unchanged (its own tests)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import scorekeeper.commands.record
from helpers import run_main
from scorekeeper.commands import chart, serve
from scorekeeper.commands.common import help_of
from scorekeeper.core import language

PLAYERS = "आशा,विकास,Chandra,दीपेश"


@pytest.fixture
def marriage(tmp_path: Path, cli) -> Path:
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players", PLAYERS).exit_code == 0
    return path


def test_ma1_the_tiplu_counted_in_a_refusal_is_said_in_nepali(capsys, marriage):
    before = marriage.read_bytes()
    code, out, err = run_main(["record", marriage, "--finish", "Ch", "--tiplu", "5h",
                               "--seen", "आ", "--hand", "Ch=shown:5", "--hand", "आ=h555",
                               "--hand", "वि=-", "--hand", "दी=-", "--lang", "ne"], capsys)
    assert code == 2 and out == ""
    assert err == ("त्रुटि: 5♥ ४ पटक आयो (आशा ×३ र टिप्लु 5♥सँग), तर गड्डीमा यो "
                             "३ पटक मात्र हुन्छ (MA-1)\n")
    assert marriage.read_bytes() == before


def test_ma10_the_hint_for_a_bare_number_is_in_devanagari_digits(capsys, marriage):
    code, out, err = run_main(["record", marriage, "--finish", "आ", "--tiplu", "5h",
                               "--seen", "आ", "--hand", "आ=5", "--hand", "Ch=-",
                               "--hand", "वि=-", "--hand", "दी=-", "--lang", "ne"], capsys)
    assert code == 2 and out == ""
    assert "आशा=shown:५ लेख्नुहोस् (माल ५) (MA-10)" in err
    assert "5" not in err


def test_dh11_verify_says_a_sum_and_a_score_changed_in_devanagari(cli, capsys, tmp_path):
    path = tmp_path / "d.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "आशा,विकास,चन्द्र").exit_code == 0
    assert cli("record", path, "--call", "आ", "--hand", "आ=s2", "--hand", "वि=hKQ",
               "--hand", "च=d9").exit_code == 0
    text = path.read_text(encoding="utf-8")
    assert '"आशा" = 29' in text
    path.write_text(text.replace('"आशा" = 29', '"आशा" = 30'), encoding="utf-8")
    code, _, err = run_main(["verify", path, "--lang", "ne"], capsys)
    assert code == 1
    assert err.splitlines()[-2:] == [
        f"{path}:21: डिल १: `net` को जोड १ हुन्छ, ० होइन (DH-11)",
        f"{path}:21: डिल १: खातामा लेखिएको `net` नियमसँग मिल्दैन: आशा ३० → २९"]
    code, _, err = run_main(["verify", path, "--fix", "--yes", "--lang", "ne"], capsys)
    assert code == 0
    assert "डिल १: आशा ३० → २९ लेखिने छ" in err
    assert run_main(["verify", path, "--lang", "en"], capsys)[0] == 0


def test_cb4_a_numbered_options_choices_are_in_devanagari_digits(capsys,
                                                                 monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    code, out, _ = run_main(["rules", "callbreak", "--lang", "ne"], capsys)
    assert code == 0
    assert "- `min_bid = 1`: १, २ मध्ये एउटा; CB-4।" in out
    code, out, _ = run_main(["rules", "callbreak", "--lang", "en"], capsys)
    assert code == 0 and "- `min_bid = 1`: one of 1, 2; CB-4." in out


def test_cb4_a_refused_answer_is_asked_again_in_nepali(cli, capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)
    path = tmp_path / "cb.toml"
    assert cli("new", path, "--game", "callbreak", "--players",
               "आशा,राम,सीता,गीता").exit_code == 0
    answers = ["९", "1", "2", "3", "4", "2", "3", "3", "", "y"]   # no sit-out: CB-1
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\n"))
    code, _, err = run_main(["record", path, "--lang", "ne"], capsys)
    assert code == 0, err
    assert "(CB-4) — फेरि प्रयास गर्नुहोस्" in err
    assert "(अघिल्लो प्रश्नमा फर्कन '<' लेख्नुहोस्)" in err
    assert "try again" not in err


def test_the_help_of_chart_serve_and_the_seat_options_is_in_nepali(capsys):
    # a command's help is its module's HELP, said when the app is built (in
    # this process the app was built in English already: asked directly)
    language.use("ne")
    try:
        assert help_of(chart.chart).startswith("हरेक खेलाडीको डिलपिच्छे चलिरहेको जम्मा")
        assert "पढ्न मात्र मिल्ने बोर्ड" in help_of(serve.serve)
    finally:
        language.use("en")
    code, out, _ = run_main(["record", "--help", "--lang", "ne"], capsys)
    said = " ".join(out.split())
    assert "Who sits" not in said and "Who really dealt" not in said
    assert "यो डिलमा को बाहिर बस्छ" in said and "वास्तवमा कसले बाँड्नुभयो" in said


def test_cb9_amend_says_the_counts_it_changed_in_devanagari(cli, capsys, tmp_path,
                                                            monkeypatch):
    path = tmp_path / "cb.toml"
    assert cli("new", path, "--game", "callbreak", "--players",
               "आशा,राम,सीता,गीता").exit_code == 0
    assert cli("record", path, "--bid", "आ=3,रा=2,सी=4,गी=2",
               "--won", "आ=4,रा=2,सी=5,गी=2").exit_code == 0
    monkeypatch.setenv("COLUMNS", "100")
    code, out, _ = run_main(["amend", path, "1", "--won", "आ=3,रा=3", "--lang", "ne"],
                            capsys)
    assert code == 0
    assert "--won: आशा=४, राम=२, सीता=५, गीता=२ → आशा=३, राम=३, सीता=५, गीता=२" in out


def test_history_stacks_each_total_before_it_shortens_a_name(cli, capsys, tmp_path,
                                                            monkeypatch):
    # docs/CLI.md: a table narrows itself (what happened below, each total
    # under its change) before names are shortened; at 80 columns the
    # Nepali history shortened them while the English one stacked
    path = tmp_path / "m.toml"
    names = "आर\u094d\u200dयन,Bikash,क्षितिज,गड़बड़,Ram Bahadur"
    assert cli("new", path, "--game", "marriage", "--players", names,
               "--rotations", "1").exit_code == 0
    for hand in (["--finish", "bik", "--seen", "आर\u094d\u200dयन,गड़", "--hand",
                  "Bikash=shown:12", "--hand", "आर\u094d\u200dयन=3", "--hand", "क्षि=0",
                  "--hand", "गड़=5", "--hand", "rb=0"],
                 ["--no-finisher", "--hand", "rb=0", "--hand", "bik=0", "--hand",
                  "आर\u094d\u200dयन=0", "--hand", "क्षि=0", "--hand", "गड़=0"]):
        assert cli("record", path, *hand).exit_code == 0
    monkeypatch.setenv("COLUMNS", "80")
    for chosen in ("ne", "en"):
        code, out, _ = run_main(["history", path, "--lang", chosen], capsys)
        assert code == 0
        heading = next(line for line in out.splitlines() if "Bikash" in line)
        assert all(name in heading for name in names.split(",")), heading
