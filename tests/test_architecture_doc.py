"""docs/ARCHITECTURE.md is the map: it names every module of the package
(by its path under scorekeeper/), and no module that is gone; and every
module, class, function or attribute it names in backticks exists
(issue 40: it named `book.load`, long gone)."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

from scorekeeper.core.cards import cards
from scorekeeper.core.errors import ScorekeeperError

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scorekeeper"
DOC = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")


def _told(path: Path) -> bool:
    """A module named on this page; or one of a game's folder named in the
    folder's own docstring, which is its `__init__.py` (a new game
    documents itself: adding one edits no page but the rule book and
    docs/CLI.md)."""
    rel = path.relative_to(PACKAGE)
    if f"`{rel.as_posix()}`" in DOC:
        return True
    if rel.parts[0] != "games" or len(rel.parts) != 3:
        return False
    told = ast.get_docstring(ast.parse((path.parent / "__init__.py").read_text(
        encoding="utf-8"))) or ""
    return told != "" and (path.stem == "__init__" or f"`{path.stem}`" in told)


def test_every_module_has_its_line():
    missing = [str(p.relative_to(PACKAGE)) for p in sorted(PACKAGE.rglob("*.py"))
               if not _told(p)]
    assert missing == []


def test_every_module_named_in_a_table_exists():
    named = re.findall(r"^\| `([a-z_/]+\.py)` \|", DOC, flags=re.M)
    assert named and [m for m in named if not (PACKAGE / m).is_file()] == []


def _module_path(path: Path) -> tuple[str, ...]:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return parts[:-1] if parts[-1] == "__init__" else parts


TREES = {_module_path(p): ast.parse(p.read_text(encoding="utf-8"))
         for p in sorted(PACKAGE.rglob("*.py"))}


def _names(body: list[ast.stmt]) -> dict[str, ast.AST | None]:
    """What a module or class body defines (imports included: a module's
    name for what it re-exports), a class by its node."""
    found: dict[str, ast.AST | None] = {}
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[node.name] = None
        elif isinstance(node, ast.ClassDef):
            found[node.name] = node
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found.update((n.id, None) for t in targets for n in ast.walk(t)
                         if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update(((a.asname or a.name).split(".")[0], None) for a in node.names)
        elif isinstance(node, (ast.If, ast.Try)):
            found.update(_names(node.body + node.orelse))
    return found


def _has(scope: dict[str, ast.AST | None], chain: list[str]) -> bool:
    """`chain` read as attributes, one after the other, in `scope`."""
    if not chain:
        return True
    if chain[0] not in scope:
        return False
    node = scope[chain[0]]
    return len(chain) == 1 or (isinstance(node, ast.ClassDef)
                               and _has(_names(node.body), chain[1:]))


CLASSES = [node for tree in TREES.values() for node in ast.walk(tree)
           if isinstance(node, ast.ClassDef)]
# every name defined anywhere in the package (module, class, function,
# attribute, field) and every string it holds (a ledger key, an
# environment variable): what a bare word in backticks may mean
KNOWN = ({part for path in TREES for part in path}
         | {name for tree in TREES.values() for name in _names(tree.body)}
         | {name for node in CLASSES for name in _names(node.body)}
         | {node.name for tree in TREES.values() for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
         | {node.value for tree in TREES.values() for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)})


def _in_package(parts: list[str]) -> bool:
    """`a.b.c`: a module of the package (named by its last parts, as the
    doc does: `tomltext`, `core.language`) and attributes in it, or a
    class of the package and attributes of it."""
    parts = parts[1:] if parts[0] == "scorekeeper" else parts
    for cut in range(len(parts), 0, -1):
        head = tuple(parts[:cut])
        if any(path[-cut:] == head and _has(_names(TREES[path].body), parts[cut:])
               for path in TREES):
            return True
    return any(node.name == parts[0] and _has(_names(node.body), parts[1:])
               for node in CLASSES)


def _outside(name: str) -> bool:
    """`os.replace`, `http.server`, `rtoml`: a module outside the package
    (the standard library, a dependency) and attributes of it."""
    parts = name.split(".")
    try:
        found: object = importlib.import_module(parts[0])
    except ImportError:
        return False
    for at, part in enumerate(parts[1:], 2):
        try:
            found = getattr(found, part) if hasattr(found, part) else \
                importlib.import_module(".".join(parts[:at]))
        except ImportError:
            return False
    return True


def _is_card_text(word: str) -> bool:
    try:
        cards(word)
    except ScorekeeperError:
        return False
    return True


def _named(span: str) -> str | None:
    """The name a backticked span names: itself, or what it calls
    (`ScoreKind(scale=10, …)`); None for what is not a name (an option, a
    command line, a path, card notation)."""
    called = re.match(r"([A-Za-z_][\w.]*)\(", span)
    name = called.group(1) if called else span
    if not re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", name) or name.endswith(".py"):
        return None
    return None if _is_card_text(name) else name


def test_every_name_in_backticks_exists():
    spans = sorted(set(re.findall(r"`([^`\n]+)`", DOC)))
    named = [(span, name) for span in spans if (name := _named(span))]
    missing = [span for span, name in named
               if not (_in_package(name.split(".")) if "." in name else name in KNOWN)
               and not _outside(name)]
    assert len(named) > 200, len(named)
    assert missing == [], missing


def test_every_module_path_with_an_attribute_exists():
    """`files/ledger_file.read_checked`: the module, and the name in it."""
    pairs = re.findall(r"`([a-z_]+(?:/[a-z_]+)+)\.([A-Za-z_]\w*)`", DOC)
    missing = [f"{path}.{name}" for path, name in pairs
               if name != "py" and not _has(_names(TREES[tuple(path.split("/"))].body)
                                            if tuple(path.split("/")) in TREES else {},
                                            [name])]
    assert pairs
    assert missing == [], missing


def test_the_map_names_no_method_a_module_does_not_hold():
    """The checks themselves catch a name that is gone (issue 40)."""
    assert not _in_package(["book", "load"]) and not _outside("book.load")
    assert not _in_package(["errors", "told"])
    assert _in_package(["errors", "ScorekeeperError", "told"])
    assert _in_package(["tomltext", "load_toml"])
