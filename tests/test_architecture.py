"""The shape of the package, checked (docs/ARCHITECTURE.md): no import
cycles, games known by name only in the registry and their own folders, no
rule id written into an engine, short functions, a short cli.py, and every
import inside a function saying why it is there."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"
MODULES = sorted(PACKAGE.rglob("*.py"))
GAME_NAMES = ("dhumbal", "marriage")
# The finish search's documented core (its module docstring tells why).
LONG_ALLOWED = {("games/marriage/finish.py", "_search"),
                ("games/marriage/finish.py", "dfs")}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def top_level_imports(path: Path) -> set[str]:
    """Modules of the package imported when `path` is imported (not inside
    functions, not under TYPE_CHECKING)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
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


def test_no_import_cycles():
    graph = {module_name(p): top_level_imports(p) for p in MODULES}
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
    assert cycles == []


def test_games_are_named_only_in_the_registry_and_their_own_folders():
    pattern = re.compile(r"""["'](%s)["']""" % "|".join(GAME_NAMES))
    offenders = []
    for path in MODULES:
        rel = path.relative_to(PACKAGE).as_posix()
        if rel == "registry.py" or rel.startswith("games/"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{rel}:{number}: {line.strip()}")
    assert offenders == []


def test_one_game_folder_never_imports_another():
    for path in PACKAGE.glob("games/*/*.py"):
        own = path.parent.name
        text = path.read_text(encoding="utf-8")
        for other in GAME_NAMES:
            if other != own:
                assert f"scorekeeper.games.{other}" not in text, path


ENGINE_FILES = ["games/dhumbal/engine.py", "games/dhumbal/turns.py",
                "games/marriage/engine.py", "games/marriage/finish.py",
                "games/marriage/maal.py", "games/marriage/melds.py",
                "games/marriage/settlement.py", "games/marriage/wildcards.py"]


@pytest.mark.parametrize("rel", ENGINE_FILES)
def test_engines_cite_rule_ids_through_their_profile(rel):
    tree = ast.parse((PACKAGE / rel).read_text(encoding="utf-8"))
    literals = [node.value for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and isinstance(node.value, str)
                and re.search(r"\b(DH|DC|MA)-\d+\b", node.value)]
    # docstrings may name the rules they implement; strings that reach a
    # ruling may not
    docstrings = {n.body[0].value.value for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef))
                  and n.body and isinstance(n.body[0], ast.Expr)
                  and isinstance(n.body[0].value, ast.Constant)}
    assert [s for s in literals if s not in docstrings] == []


def _functions(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
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
        for fn in _functions(path):
            for node in ast.walk(fn):
                if isinstance(node, (ast.Import, ast.ImportFrom)) and \
                        not _explained(lines, node.lineno - 1):
                    silent.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert silent == []


def test_the_registry_names_each_games_checks_as_the_game_declares_them():
    from scorekeeper import registry

    for name, entry in registry.GAMES.items():
        assert entry.checks == tuple(spec.name for spec in registry.checks(name))
        assert all(p.game == name for p in registry.game(name).profiles)
        assert registry.game(name).profiles == \
            tuple(registry.profile(name, p.name) for p in registry.game(name).profiles)
