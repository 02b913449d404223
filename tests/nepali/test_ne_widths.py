"""Every screen fits the terminal (issue 28 item 8): `verify`'s verdict,
`config`'s list of keys and the rule book as text (`rules`, piped) are
wrapped to COLUMNS in English and in Nepali, measured in terminal cells
(a Devanagari vowel sign 1 column, a virama 0), a word or a rule id never
cut; `--plain` is the Markdown as written."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

import scorekeeper.screen.style  # noqa: F401  (Devanagari widths, as the screens count them)
from conftest import invoke
from scorekeeper.commands.rules import fit_markdown
from scorekeeper.core import language
from scorekeeper.screen.streams import wrapped

WIDTHS = (40, 80, 120)
LANGS = ("en", "ne")


def run(args: list[object], lang: str, width: int, **env: str) -> tuple[int, str, str]:
    language.use(lang)
    try:
        result = invoke(*args, env={"COLUMNS": str(width), **env})
    finally:
        language.use("en")
    return result.exit_code, result.stdout, result.stderr


def too_wide(text: str, width: int) -> list[str]:
    """The lines wider than `width` columns that need not be (no word of
    them is wider than a line)."""
    return [line for line in text.splitlines() if cell_len(line) > width
            and all(cell_len(word) <= width for word in line.split())]


@pytest.fixture
def ledger(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "ढुम्बल.toml"
    assert invoke("new", path, "--game", "dhumbal", "--players",
                  "आशा,विकास,चन्द्र").exit_code == 0
    for caller, hands in (("आशा", ("आशा=3", "विकास=9", "चन्द्र=12")),
                          ("विकास", ("आशा=11", "विकास=2", "चन्द्र=5")),
                          ("चन्द्र", ("आशा=7", "विकास=9", "चन्द्र=3"))):
        args = ["record", path.name, "--call", caller]
        for hand in hands:
            args += ["--hand", hand]
        assert invoke(*args).exit_code == 0, args
    return path


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_verify_says_its_verdict_within_the_width(ledger, lang, width):
    code, out, err = run(["verify", ledger.name], lang, width)
    assert code == 0 and err == ""
    assert too_wide(out, width) == []
    _, whole, _ = run(["verify", ledger.name], lang, 1000)
    assert whole.count("\n") == 1                       # one line when it fits
    assert out.split() == whole.split()                 # the same words, none cut
    said = ("ढुम्बल.toml: ठीक छ, ३ डिल फेरि हिसाब गरियो, सबै मिल्छन्।" if lang == "ne"
            else "ढुम्बल.toml: ok, 3 hands recomputed, all agree.")
    assert " ".join(out.split()) == said
    if width == 40 and lang == "ne":                    # 43 columns: wrapped
        assert out.splitlines()[1].startswith("    ")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_config_lists_its_keys_within_the_width(tmp_path, lang, width):
    env = {"SCOREKEEPER_CONFIG": str(tmp_path / "c.toml")}
    code, out, err = run(["config"], lang, width, **env)
    assert code == 0 and err == ""
    assert too_wide(out, width) == []
    keys = " ".join(out.split())
    for key in ("players", "dealer", "currency", "ask_sit_out", "ledger"):
        assert f"{key}," in keys or f"{key})" in keys
    lines = out.splitlines()
    listed = lines[next(i for i, line in enumerate(lines) if line.startswith("  (")):]
    if width == 40:
        assert len(listed) > 1
    if width == 120 and lang == "en":      # it fits: as it was
        assert len(listed) == 1
    assert listed[0].startswith("  (") and all(line.startswith("      ")
                                               for line in listed[1:])


RULE_BOOKS = [["dhumbal"], ["dhumbal", "DH-8"], ["marriage"], ["marriage", "MA-11"],
              ["callbreak"], ["dhumbal", "cardrulesplus"]]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("book", RULE_BOOKS, ids=" ".join)
def test_the_rule_book_fits_the_width(book, lang, width):
    code, out, err = run(["rules", *book], lang, width)
    assert code == 0 and err == ""
    assert too_wide(out, width) == []
    _, plain, _ = run(["rules", *book, "--plain"], lang, width)
    assert {w for w in plain.split() if "-" in w and w[:2].isupper()} <= set(out.split())
    if "|" not in plain:           # no table made a list: the same words, none cut
        assert out.split() == plain.split()


@pytest.mark.parametrize("lang", LANGS)
def test_a_rule_at_40_columns_keeps_its_list_indents(lang):
    _, out, _ = run(["rules", "dhumbal", "DH-8"], lang, 40)
    lines = out.splitlines()
    assert lines[0].startswith("- **DH-8 ")
    assert all(line.startswith(("  ", "- ")) for line in lines)
    items = [i for i, line in enumerate(lines) if line.startswith("  - ")]
    assert len(items) == 3                              # its three cases
    for i, line in enumerate(lines):     # under an item's text, 4 spaces
        if i > items[0] and not line.startswith("  - "):
            assert line.startswith("    ") and not line.startswith("     ")


def test_the_rule_book_in_english_at_80_columns_is_as_written_where_it_fits():
    _, out, _ = run(["rules", "dhumbal", "DH-8"], "en", 80)
    _, plain, _ = run(["rules", "dhumbal", "DH-8", "--plain"], "en", 80)
    assert out == plain and "- **DH-8 Resolving a call.** Everyone shows;" in out


def test_plain_is_the_markdown_as_written():
    _, plain, _ = run(["rules", "marriage", "--plain"], "ne", 40)
    assert too_wide(plain, 40) != []                    # the book's own lines
    assert "  |---|---|" in plain


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_too_wide_is_a_list_of_its_rows(lang):
    _, out, _ = run(["rules", "marriage", "MA-11"], lang, 40)
    row = ("  - टिप्लुका १ / २ प्रति (तेस्रो सङ्केत पत्ती" if lang == "ne"
           else "  - 1 / 2 copies of the tiplu (the third")
    assert row in out.splitlines() and "|" not in out
    _, wide, _ = run(["rules", "marriage", "MA-11"], lang, 120)
    assert "  |---|---|" in wide                        # it fits: as written


def test_fit_markdown_keeps_headings_code_spans_and_fences():
    text = ("## The house options of `nepali-games` (values now)\n\n"
            "- `scorekeeper amend ledger N` corrects one hand of a long session\n"
            "```\nscorekeeper verify a-very-long-file-name-for-a-session.toml --fix\n```\n"
            "> a quoted line that is much too long for a narrow terminal window")
    assert fit_markdown(text, 30).splitlines() == [
        "## The house options of",
        "   `nepali-games` (values now)",
        "",
        "- `scorekeeper amend ledger N`",
        "  corrects one hand of a long",
        "  session",
        "```",
        "scorekeeper verify a-very-long-file-name-for-a-session.toml --fix",
        "```",
        "> a quoted line that is much",
        "> too long for a narrow",
        "> terminal window"]
    assert fit_markdown(text, 200) == text


def test_fit_markdown_never_cuts_a_word_or_a_rule_id():
    text = "- **DH-8 x.** 7f13444a73fdde4f01a2f9536ead1e8cda49e697 and MA-11"
    # the hash fits 40 columns only without the item's indent
    assert fit_markdown(text, 40).splitlines() == [
        "- **DH-8 x.**", "7f13444a73fdde4f01a2f9536ead1e8cda49e697", "  and MA-11"]
    # wider than any line: whole, on a line of its own
    assert fit_markdown(text, 20).splitlines() == [
        "- **DH-8 x.**", "  7f13444a73fdde4f01a2f9536ead1e8cda49e697", "  and MA-11"]


def test_a_message_is_measured_in_terminal_cells_not_characters():
    # 34 characters, 28 columns: the virama and the vowel above take none
    text = "चन्द्र ले विकास लाई २५ तिर्छन्"
    assert len(text) > cell_len(text)
    assert wrapped(text, width=cell_len(text)) == text
    first, second = wrapped(text, width=20).splitlines()
    assert len(first) > 20 >= cell_len(first)       # a len() would have cut sooner
    assert first == "चन्द्र ले विकास लाई २५" and second == "    तिर्छन्"
