"""The rule book text (a copy of RULES.md shipped with the package)."""

from __future__ import annotations

from importlib import resources
from typing import Any

from scorekeeper.options import Profile


def full_text() -> str:
    return resources.files("scorekeeper").joinpath("rules/RULES.md").read_text(
        encoding="utf-8")


def section(profile: Profile[Any]) -> str:
    """The `## …` section of the rule book for this profile."""
    text = full_text()
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines)
                 if line.startswith("## ") and profile.rules_section in line)
    end = next((i for i in range(start + 1, len(lines))
                if lines[i].startswith("## ")), len(lines))
    body = "\n".join(lines[start:end]).rstrip("-\n ")
    return body.rstrip()
