"""docs/ARCHITECTURE.md is the map: it names every module of the package
(by its path under scorekeeper/), and no module that is gone."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scorekeeper"
DOC = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")


def test_every_module_has_its_line():
    missing = [str(p.relative_to(PACKAGE)) for p in sorted(PACKAGE.rglob("*.py"))
               if f"`{p.relative_to(PACKAGE).as_posix()}`" not in DOC]
    assert missing == []


def test_every_module_named_in_a_table_exists():
    named = re.findall(r"^\| `([a-z_/]+\.py)` \|", DOC, flags=re.M)
    assert named and [m for m in named if not (PACKAGE / m).is_file()] == []
