"""The README's output blocks are the real output (issue: README output
blocks copied by hand and never checked), and so are those of the docs/
pages the README's reference material moved to (issue 27: `PAGES`).

Two kinds of block are checked, each against the command run in a copy of
`sample_sessions/` (NO_COLOR, 80 columns):

* a block of `$ scorekeeper …` lines, each followed by what it prints
  (stdout and stderr as a terminal shows them): the output must be exactly
  that;
* a plain block after the comment `<!-- output of the commands above -->`:
  the commands of the nearest `sh` block before it are run in order, and the
  block's lines must be whole lines of what the last one printed, in order
  (an excerpt: the README shows the part the text speaks of);
* a plain block after a comment `<!-- output of:` … `-->` that lists the
  commands itself: `scorekeeper …` lines are run, `edit FILE: OLD => NEW`
  changes a ledger by hand, and the block's lines must be whole lines, in
  order, of what the `$ scorekeeper …` lines among them printed.

Every other plain block in the README that looks like output (it is not
`sh`/`toml`, and is not the first block's two command lines) must be one of
these two kinds, so no output block escapes the check.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
# the README, and the pages its reference material moved to (issue 27)
PAGES = (README, ROOT / "docs" / "AT-THE-TABLE.md",
         ROOT / "docs" / "AFTER-THE-NIGHT.md")
EXCERPT_MARK = "<!-- output of the commands above -->"
LISTED_MARK = "<!-- output of:"
ENV = {"NO_COLOR": "1", "COLUMNS": "80", "LINES": "24", "TERM": "dumb"}


def _blocks(page: Path = README) -> list[tuple[int, str, list[str], str, int]]:
    """(line number, info string, lines, the text since the block before, end)
    of every fenced block of `page`."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found, i = [], 0
    while i < len(lines):
        if lines[i].startswith("```"):
            info, start = lines[i][3:].strip(), i
            j = i + 1
            while not lines[j].startswith("```"):
                j += 1
            previous_end = found[-1][4] if found else 0
            before = "\n".join(lines[previous_end:start])
            found.append((start + 1, info, lines[start + 1:j], before, j + 1))
            i = j + 1
        else:
            i += 1
    return found


def _commands(sh_lines: list[str]) -> list[list[str]]:
    """The command lines of an `sh` block: continuations joined, comments
    dropped, `…` (an elided line) refused."""
    joined, out = "", []
    for line in sh_lines:
        joined += line.rstrip("\\").rstrip() + " " if line.endswith("\\") else line
        if line.endswith("\\"):
            continue
        words = shlex.split(joined, comments=True)
        joined = ""
        if words:
            assert words[0] == "scorekeeper" and "…" not in words, words
            out.append(words[1:])
    return out


def _dollar_runs(lines: list[str]) -> list[tuple[list[str], list[str]]]:
    runs: list[tuple[list[str], list[str]]] = []
    for line in lines:
        if line.startswith("$ scorekeeper "):
            runs.append((shlex.split(line[2:])[1:], []))
        else:
            runs[-1][1].append(line)
    return runs


def _case_kind(info: str, lines: list[str], before: str) -> str | None:
    if info in ("sh", "toml") or not lines:
        return None
    if lines[0].startswith("$ scorekeeper "):
        return "dollar"
    if before.rstrip().endswith(EXCERPT_MARK):
        return "excerpt"
    if LISTED_MARK in before and before.rstrip().endswith("-->"):
        return "listed"
    return "unchecked"


# the README's first block: the install-and-run lines
BLOCKS = [(page.name, *b[:4]) for page in PAGES
          for b in _blocks(page)[1 if page == README else 0:]]
CASES = [(f"{page}:{n}", info, lines, before) for page, n, info, lines, before in BLOCKS
         if _case_kind(info, lines, before) is not None]


@pytest.fixture
def in_samples(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "sample_sessions", tmp_path / "sample_sessions")
    monkeypatch.chdir(tmp_path)
    for key, value in ENV.items():
        monkeypatch.setenv(key, value)
    return tmp_path


def _shown(cli, args: list[str]) -> str:
    result = cli(*args, env=ENV)
    return "\n".join(line.rstrip() for line in result.output.splitlines())


def _terminal_for(args: list[str], monkeypatch) -> None:
    # `rules` renders the book only for a person at a terminal (the README
    # shows that); everything else prints the same either way
    if args[:1] == ["rules"]:
        import scorekeeper.commands.rules as rules_command

        monkeypatch.setattr(rules_command, "stdout_is_terminal", lambda: True)


def test_every_output_block_is_checked():
    unchecked = [n for n, info, lines, before in CASES
                 if _case_kind(info, lines, before) == "unchecked"]
    assert unchecked == [], f"{unchecked}: output blocks no test checks"


@pytest.mark.parametrize("number,info,lines,before",
                         [c for c in CASES if _case_kind(*c[1:]) == "dollar"],
                         ids=lambda v: v if isinstance(v, str) and ".md:" in v else "")
def test_dollar_block_is_the_real_output(number, info, lines, before, cli, in_samples,
                                         monkeypatch):
    for args, expected in _dollar_runs(lines):
        _terminal_for(args, monkeypatch)
        shown = _shown(cli, args)
        want = "\n".join(line.rstrip() for line in expected)
        assert shown.strip("\n") == want.strip("\n"), f"{number}: {args}"


def _sh_block_before(where: str) -> list[str]:
    name, _, line = where.partition(":")
    page = next(p for p in PAGES if p.name == name)
    earlier = [lines for n, info, lines, *_ in _blocks(page)
               if n < int(line) and info == "sh"]
    return earlier[-1]


@pytest.mark.parametrize("number,info,lines,before",
                         [c for c in CASES if _case_kind(*c[1:]) == "excerpt"],
                         ids=lambda v: v if isinstance(v, str) and ".md:" in v else "")
def test_excerpt_block_is_part_of_the_real_output(number, info, lines, before, cli,
                                                  in_samples, monkeypatch):
    commands = _commands(_sh_block_before(number))
    for args in commands[:-1]:
        result = cli(*args, env=ENV)
        assert result.exit_code == 0, (args, result.output)
    _assert_lines_in_order(number, lines, _shown(cli, commands[-1]).splitlines())


def _assert_lines_in_order(number: str, lines: list[str], shown: list[str]) -> None:
    want = [line.rstrip() for line in lines]
    at = 0
    for line in want:
        while at < len(shown) and shown[at] != line:
            at += 1
        assert at < len(shown), (f"{number}: {line!r} is not in the "
                                 "output (in order):\n" + "\n".join(shown))
        at += 1


@pytest.mark.parametrize("number,info,lines,before",
                         [c for c in CASES if _case_kind(*c[1:]) == "listed"],
                         ids=lambda v: v if isinstance(v, str) and ".md:" in v else "")
def test_listed_block_is_part_of_the_real_output(number, info, lines, before, cli,
                                                 in_samples, monkeypatch):
    listed = before[before.rindex(LISTED_MARK) + len(LISTED_MARK):before.rindex("-->")]
    shown: list[str] = []
    for line in filter(None, (raw.strip() for raw in listed.splitlines())):
        if line.startswith("edit "):
            name, _, change = line[5:].partition(": ")
            old, _, new = change.partition(" => ")
            path = in_samples / name
            text = path.read_text(encoding="utf-8")
            assert old in text, f"{number}: {old!r} not in {name}"
            path.write_text(text.replace(old, new), encoding="utf-8")
        elif line.startswith("$ "):
            shown += _shown(cli, shlex.split(line[2:])[1:]).splitlines()
        else:
            (args,) = _commands([line])
            result = cli(*args, env=ENV)
            assert result.exit_code == 0, (args, result.output)
    _assert_lines_in_order(number, lines, shown)



# Every TOML block of the README and docs/ (issue 40: the README's config
# example exited 2 as written, its `ledger` key fallen into `[terms]`).
TOML_BLOCKS = [(f"{page.name}:{n}", "\n".join(lines))
               for page in (README, *sorted((ROOT / "docs").glob("*.md")))
               for n, info, lines, *_ in _blocks(page) if info == "toml"]


def test_the_docs_show_toml_blocks():
    assert {where.partition(":")[0] for where, _ in TOML_BLOCKS} >= {"README.md",
                                                                     "LEDGER.md"}


@pytest.mark.parametrize("where,text", TOML_BLOCKS, ids=[w for w, _ in TOML_BLOCKS])
def test_toml_block_loads_as_what_it_shows(where, text, cli, tmp_path, monkeypatch):
    """A block holding `format` is a ledger: it verifies. Any other is a
    user config: `config` reads it, every key as written, at the top level
    where the block puts it."""
    import tomllib

    document = tomllib.loads(text)
    path = tmp_path / "block.toml"
    path.write_text(text, encoding="utf-8")
    if "format" in document:
        result = cli("verify", path)
        assert result.exit_code == 0, (where, result.stdout, result.stderr)
        assert "recomputed, all agree" in result.stdout, where
        return
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(path))
    result = cli("config", "--json")
    assert result.exit_code == 0, (where, result.stderr)
    assert result.stderr == ""
    assert json.loads(result.stdout)["values"] == document, where


def _options_rows() -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(game, profile, [(option, default)…]) of each row of docs/CLI.md's
    table of profiles and house options."""
    rows = []
    text = (ROOT / "docs" / "CLI.md").read_text(encoding="utf-8")
    section = text.split("### Profiles and house options\n")[1].split("\n#")[0]
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        if len(cells) == 3 and (profile := re.match(r"`([\w-]+)`", cells[1])):
            rows.append((cells[0], profile.group(1),
                         re.findall(r"`(\w+) = ([^`]+)`", cells[2])))
    return rows


def test_options_table_names_every_option_with_its_default():
    """Issue 40: the table listed an option renamed since and left ten of
    Call Break's out. Each row gives every option of its profile, in the
    profile's order, with the default `scorekeeper profiles` shows."""
    from scorekeeper.core.options import format_option
    from scorekeeper.games import registry

    rows = _options_rows()
    assert [(game, name) for game, name, _ in rows] == \
        [(p.game, p.name) for p in registry.profiles()]
    for game, name, options in rows:
        profile = registry.profile(game, name)
        assert options == [(key, format_option(value)) for key, value in
                           profile.option_values(profile.rules).items()], (game, name)


CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_readme_test_line_is_the_one_ci_runs():
    """.ci/run runs the README's test line as it stands (its comment says
    so), and the README names every other stage it runs (issue 40: it
    called the test line "exactly what CI runs")."""
    test_line = _blocks()[0][2][1]
    assert test_line in CI.splitlines()
    intro = README.read_text(encoding="utf-8").split("\n## ")[0]
    for stage in ("ruff", "mypy", ".ci/package", "-m slow", "-m browser", "coverage"):
        assert stage in CI, stage
        assert f"`{stage}`" in intro, stage


def test_the_readme_names_the_distribution_pyproject_builds():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] != "scorekeeper"        # another project's, on the index
    assert project["scripts"] == {"scorekeeper": "scorekeeper.__main__:run"}
    intro = README.read_text(encoding="utf-8").split("\n## ")[0]
    assert f"`{project['name']}`" in intro


def _commands_and_options():
    """The command line as typer builds it: {command words: its options}."""
    from typer.main import get_command

    from scorekeeper.cli import build

    found: dict[tuple[str, ...], set[str]] = {}

    def walk(command, words: tuple[str, ...]) -> None:
        found[words] = {o for p in command.params for o in (*p.opts, *p.secondary_opts)
                        if o.startswith("-")}
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, (*words, name))
    walk(get_command(build()), ())
    return found


def _command_lines(page: Path) -> list[str]:
    """Every command line a page shows: the lines of its blocks that start
    `scorekeeper` (or `$ scorekeeper`), and its inline spans that start
    with a command's name (`settle-up … --paid`)."""
    text = page.read_text(encoding="utf-8")
    lines = [line.strip().removeprefix("$ ") for block in _blocks(page)
             for line in block[2]]
    inline = re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", text, flags=re.S))
    return [line for line in lines if line.startswith("scorekeeper ")] + \
        [f"scorekeeper {span}" for span in inline]


def _options_given(line: str) -> tuple[tuple[str, ...], set[str]] | None:
    """(the command's words, the options a line gives it); None for a span
    that is no command line."""
    try:
        words = shlex.split(line.replace("…", "").replace("\\", " "), comments=True)[1:]
    except ValueError:                  # a quote left open: not a command line
        return None
    command: tuple[str, ...] = ()
    for word in words:                  # the command's words lead the line
        if (*command, word) not in COMMANDS:
            break
        command = (*command, word)
    options = {w.strip("[]").split("=")[0] for w in words if w.strip("[]").startswith("--")}
    return (command, options) if command or (words and words[0].startswith("--")) else None


COMMANDS = _commands_and_options()
# `--lang` and `--latin-digits` are taken out by `language.start`; click
# adds `--help` to every command
GLOBAL_OPTIONS = COMMANDS[()] | {"--lang", "--latin-digits", "--help"}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_command_and_option_the_pages_name_exists(page):
    """Issue 40: check what the README says that can be checked: each
    command line it shows names a command with options it takes, and an
    option named alone (`--no-finisher`) is one some command takes."""
    every_option = set().union(*COMMANDS.values())
    wrong, checked = [], 0
    for line in _command_lines(page):
        given = _options_given(line)
        if given is None:
            continue
        command, options = given
        allowed = (COMMANDS[command] if command else every_option) | GLOBAL_OPTIONS
        wrong += [(line, option) for option in sorted(options - allowed)]
        checked += 1
    assert checked > 10, checked
    assert wrong == [], wrong
