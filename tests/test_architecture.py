"""The shape of the package, checked (docs/ARCHITECTURE.md): the layers as
packages (a lower layer imports nothing above it), no import cycles, games
known by name only in the registry and their own folders, no rule id
written into an engine, short functions, a short cli.py, and every import
inside a function saying why it is there.

Nothing here lists the games: they are the folders under `games/`, so a new
game is checked without editing this file."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"
MODULES = sorted(PACKAGE.rglob("*.py"))
GAMES_DIR = PACKAGE / "games"
GAME_NAMES = tuple(sorted(p.name for p in GAMES_DIR.iterdir()
                          if (p / "__init__.py").is_file()))
# The layers, bottom up, by package (docs/ARCHITECTURE.md).
LAYERS = ("scorekeeper.core", "scorekeeper.games", "scorekeeper.session", "scorekeeper.ledger",
          "scorekeeper.reports", "scorekeeper.files", "scorekeeper.screen",
          "scorekeeper.commands", "scorekeeper.cli", "scorekeeper.__main__")
# A game's folder is all in the games layer: its questions (`prompts.py`)
# ask through `games.interface.Asker` and import nothing of the screen; its
# ruling's table is the screen layer's (`screen/rulings/<name>.py`).
# The modules of a game folder that are not its pure core.
NOT_CORE = {"__init__", "rules", "flags", "commands", "game", "prompts"}
# The finish search's documented core (its module docstring tells why).
LONG_ALLOWED = {("games/marriage/finish.py", "_search"),
                ("games/marriage/finish.py", "dfs")}


@functools.cache
def _tree(path: Path) -> ast.Module:
    """A module parsed once for all the checks here."""
    return ast.parse(path.read_text(encoding="utf-8"))


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def top_level_imports(path: Path) -> set[str]:
    """Modules of the package imported when `path` is imported (not inside
    functions, not under TYPE_CHECKING)."""
    tree = _tree(path)
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{a.name}" for a in node.names)
            elif isinstance(node, ast.If) and not _is_type_checking(node):
                visit(node.body + node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body + node.orelse + node.finalbody)
    visit(tree.body)
    known = {module_name(p) for p in MODULES}
    return {m for m in found if m in known}


def layer_of(module: str) -> int:
    if module == "scorekeeper":          # the version, and nothing else
        return 0
    for index, prefix in enumerate(LAYERS):
        if module == prefix or module.startswith(prefix + "."):
            return index
    raise AssertionError(f"{module} is in no layer")


def all_imports(path: Path) -> set[str]:
    """Every module of the package `path` imports, anywhere in it (inside
    functions and under TYPE_CHECKING too: a lazy import is still a
    dependency)."""
    known = {module_name(p) for p in MODULES}
    found: set[str] = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return {m for m in found if m in known}


def test_at_most_four_modules_at_the_top():
    assert len(list(PACKAGE.glob("*.py"))) <= 4


def test_package_init_files_are_empty_or_a_docstring():
    # start-up: importing a package must cost nothing
    for path in PACKAGE.rglob("__init__.py"):
        if path.parent == PACKAGE:
            continue
        tree = _tree(path)
        assert all(isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
                   for n in tree.body), path


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_a_lower_layer_imports_nothing_above_it(path):
    own = module_name(path)
    above = sorted(m for m in all_imports(path) if layer_of(m) > layer_of(own))
    assert above == []


def test_the_games_layer_is_the_interface_and_one_folder_per_game():
    # a game uses the interface, never the registry (which finds it) nor
    # another game; the interface never names a game
    for path in GAMES_DIR.rglob("*.py"):
        own = module_name(path).split(".")
        imported = all_imports(path)
        if len(own) >= 3 and own[2] in GAME_NAMES:
            assert "scorekeeper.games.registry" not in imported, path
            assert not [m for m in imported if m.split(".")[2:3] != [own[2]]
                        and m.split(".")[2:3] and m.split(".")[2] in GAME_NAMES], path
        elif own[-1] != "registry":
            assert not [m for m in imported if m.split(".")[2:3]
                        and m.split(".")[2] in GAME_NAMES], path


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of `graph` (module → the modules it imports)."""
    for name in graph:               # importing a module imports its package
        parent = name.rpartition(".")[0]
        if parent in graph and parent != name:
            graph[name].add(parent)
    cycles: list[list[str]] = []
    state: dict[str, int] = {}

    def walk(node: str, stack: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if nxt == node:
                continue
            if state.get(nxt) == 1:
                cycle = stack[stack.index(nxt):] + [nxt]
                # a package importing its own submodule is not a cycle
                if not all(b.startswith(a + ".") or a.startswith(b + ".")
                           for a, b in zip(cycle, cycle[1:])):
                    cycles.append(cycle)
            elif state.get(nxt) is None:
                walk(nxt, stack + [nxt])
        state[node] = 2
    for name in sorted(graph):
        if state.get(name) is None:
            walk(name, [name])
    return cycles


def test_no_import_cycles():
    assert _cycles({module_name(p): top_level_imports(p) for p in MODULES}) == []


def test_no_import_cycles_inside_functions_either():
    # an import inside a function (or under TYPE_CHECKING) is still a
    # dependency: no two modules may need each other, however late
    assert _cycles({module_name(p): all_imports(p) for p in MODULES}) == []


def test_games_are_named_only_in_the_registry_and_their_own_folders():
    # the interface, the declarations and a game's neighbours included:
    # a game's title is its own (`Game.title`), not a second table's
    pattern = re.compile(r"""["'](%s)["']""" % "|".join(GAME_NAMES))
    offenders = []
    for path in MODULES:
        rel = path.relative_to(PACKAGE).as_posix()
        parts = rel.split("/")
        if rel == "games/registry.py" or parts[0] == "games" and len(parts) == 3:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{rel}:{number}: {line.strip()}")
    assert offenders == []


def _docstrings(tree: ast.Module) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                 ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}


def test_no_text_outside_a_games_folder_names_its_title():
    # a new game is a folder, the registry's line, the rule book, CLI.md and
    # the catalog (docs/ARCHITECTURE.md, "Add a game"): the app's help
    # reads the titles from the registry (`{games}`), so no message or help
    # outside the folder is edited for it (docstrings and comments aside)
    from scorekeeper.games import registry

    pattern = re.compile(r"\b(%s)\b" % "|".join(
        re.escape(game.title.english) for game in registry.games()))
    offenders = []
    for path in MODULES:
        rel = path.relative_to(PACKAGE).as_posix()
        parts = rel.split("/")
        if parts[0] == "games" and len(parts) == 3:
            continue
        docs = _docstrings(_tree(path))
        offenders += [f"{rel}:{node.lineno}: {node.value!r}" for node in ast.walk(_tree(path))
                      if isinstance(node, ast.Constant) and isinstance(node.value, str)
                      and id(node) not in docs and pattern.search(node.value)]
    assert offenders == []


def test_a_game_folder_imports_nothing_of_the_screen():
    # its questions ask through `games.interface.Asker`; its ruling's table
    # is `screen/rulings/<name>.py`: no exception
    for path in GAMES_DIR.glob("*/*.py"):
        assert not [m for m in all_imports(path)
                    if m.startswith("scorekeeper.screen")], path


def test_every_ruling_table_is_a_games():
    # `screen.views.ruling_table` finds a game's table by the game's name
    tables = {p.stem for p in (PACKAGE / "screen" / "rulings").glob("*.py")}
    assert tables - {"__init__"} <= set(GAME_NAMES)


def test_one_game_folder_never_imports_another():
    for path in PACKAGE.glob("games/*/*.py"):
        own = path.parent.name
        text = path.read_text(encoding="utf-8")
        for other in GAME_NAMES:
            if other != own:
                assert f"scorekeeper.games.{other}" not in text, path


ENGINE_FILES = sorted(p.relative_to(PACKAGE).as_posix() for p in GAMES_DIR.glob("*/*.py")
                      if p.stem not in NOT_CORE)


@pytest.mark.parametrize("rel", ENGINE_FILES)
def test_engines_cite_rule_ids_through_their_profile(rel):
    tree = _tree(PACKAGE / rel)
    literals = [node.value for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and isinstance(node.value, str)
                and re.search(r"\b[A-Z]{2}-\d+\b", node.value)]
    # docstrings may name the rules they implement; strings that reach a
    # ruling may not
    docstrings = {n.body[0].value.value for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef))
                  and n.body and isinstance(n.body[0], ast.Expr)
                  and isinstance(n.body[0].value, ast.Constant)}
    assert [s for s in literals if s not in docstrings] == []


def _functions(path: Path):
    tree = _tree(path)
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def test_no_function_longer_than_60_lines():
    long = []
    for path in MODULES:
        rel = path.relative_to(PACKAGE).as_posix()
        for fn in _functions(path):
            length = fn.end_lineno - fn.lineno + 1
            if length > 60 and (rel, fn.name) not in LONG_ALLOWED:
                long.append(f"{rel}:{fn.lineno} {fn.name} ({length} lines)")
    assert long == []


def test_cli_is_a_thin_shell_under_400_lines():
    assert len((PACKAGE / "cli.py").read_text(encoding="utf-8").splitlines()) < 400


def test_session_keeps_at_most_400_lines():
    # issue 36, item 6: Session in parts that explain themselves
    tree = ast.parse((PACKAGE / "session" / "session.py").read_text(encoding="utf-8"))
    session = next(node for node in tree.body
                   if isinstance(node, ast.ClassDef) and node.name == "Session")
    assert session.end_lineno is not None
    assert session.end_lineno - session.lineno + 1 <= 400


def _explained(lines: list[str], index: int) -> bool:
    """A comment on the import, on the line above, or on an import of the
    same block of imports."""
    while index >= 0:
        line = lines[index].strip()
        if "#" in line:
            return True
        if not line.startswith(("from ", "import ")):
            return False
        index -= 1
    return False


def test_every_import_inside_a_function_says_why():
    silent = []
    for path in MODULES:
        lines = path.read_text(encoding="utf-8").splitlines()
        inside = {node.lineno for fn in _functions(path) for node in fn.body
                  for node in ast.walk(node)
                  if isinstance(node, (ast.Import, ast.ImportFrom))}
        silent += [f"{path.relative_to(PACKAGE)}:{line}" for line in sorted(inside)
                   if not _explained(lines, line - 1)]
    assert silent == []


def test_the_registry_names_each_games_checks_as_the_game_declares_them():
    from scorekeeper.games import registry

    for name, entry in registry.GAMES.items():
        assert entry.checks == tuple(spec.name for spec in registry.checks(name))
        assert all(p.game == name for p in registry.game(name).profiles)
        assert registry.game(name).profiles == \
            tuple(registry.profile(name, p.name) for p in registry.game(name).profiles)
