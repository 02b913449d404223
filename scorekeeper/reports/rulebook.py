"""The rule book text (a copy of RULES.md shipped with the package), and the
same text as data: a profile's sections and the rules in them.

RULES.md is the specification, in English; RULES.ne.md is its Nepali
translation, with the same headings (levels and order) and the same rule
ids in the same order (`differences` lists where it is not so; a test
runs it). A profile's section is found by its English heading, then taken
from the chosen book at the same place, so the Nepali headings are free.

A rule is a top-level bullet opening with its id in bold,
`- **DH-8 Resolving a call.** …`, and runs on over its indented lines
(sub-bullets, a table) until the next line that starts at the margin.
Pure functions on text; no printing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from typing import Any, Iterable, Sequence

from scorekeeper.core.options import Profile
from scorekeeper.core.plain import PlainDict
from scorekeeper.core.typed import to_latin

_RULE = re.compile(r"^- \*\*(?P<id>[A-Z]+-\d+)\b\s*(?P<title>[^*]*)\*\*")
_ID = re.compile(r"^(?P<prefix>[A-Za-z]+)\s*-?\s*(?P<number>\d+)$")


BOOKS = {"en": "rules/RULES.md", "ne": "rules/RULES.ne.md"}


def full_text(language: str = "en") -> str:
    """The rule book in `language` (en: the specification; ne: its
    translation)."""
    return resources.files("scorekeeper").joinpath(BOOKS[language]).read_text(
        encoding="utf-8")


def section(profile: Profile[Any], language: str = "en") -> str:
    """The `## …` section of the rule book for this profile, then the
    sections it shares with the game's other profiles."""
    english = full_text().splitlines()
    lines = english if language == "en" else full_text(language).splitlines()
    return "\n\n".join(_section_text(lines, _heading_number(english, heading))
                       for heading in (profile.rules_section, *profile.also_sections))


def _headings(lines: Sequence[str]) -> list[int]:
    """Where the `## ` headings are."""
    return [i for i, line in enumerate(lines) if line.startswith("## ")]


def _heading_number(english: Sequence[str], heading: str) -> int:
    """Which `## ` heading of the English book names `heading` (0 first)."""
    return next(n for n, i in enumerate(_headings(english)) if heading in english[i])


def _section_text(lines: Sequence[str], number: int) -> str:
    starts = _headings(lines)
    start = starts[number]
    end = starts[number + 1] if number + 1 < len(starts) else len(lines)
    body = "\n".join(lines[start:end]).rstrip("-\n ")
    return body.rstrip()


@dataclass(frozen=True)
class Rule:
    id: str            # "DH-8"
    title: str         # "Resolving a call"
    text: str          # the bullet's Markdown, sub-bullets and all

    def as_json(self) -> dict[str, str]:
        return {"id": self.id, "title": self.title, "text": self.text}


@dataclass(frozen=True)
class Section:
    heading: str       # as written after the #s
    level: int         # 2 for ##, 3 for ###
    text: str          # its Markdown other than the rules (intro, examples)
    rules: tuple[Rule, ...]

    def as_json(self) -> PlainDict:
        return {"heading": self.heading, "level": self.level,
                "text": self.text, "rules": [r.as_json() for r in self.rules]}


def _rule_end(lines: Sequence[str], start: int) -> int:
    """The line after the rule opening at `start`: the next line at the
    margin (blank lines inside the rule are kept when indented text
    follows them)."""
    end = start + 1
    while end < len(lines):
        line = lines[end]
        if line.strip() and not line[0].isspace():
            break
        end += 1
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    return end


def _section(heading: str, level: int, lines: Sequence[str]) -> Section:
    rules: list[Rule] = []
    other: list[str] = []
    i = 0
    while i < len(lines):
        m = _RULE.match(lines[i])
        if m is None:
            other.append(lines[i])
            i += 1
            continue
        end = _rule_end(lines, i)
        rules.append(Rule(m["id"], m["title"].strip().rstrip(".:").strip(),
                          "\n".join(lines[i:end])))
        i = end
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(other)).strip().rstrip("-").strip()
    return Section(heading, level, text, tuple(rules))


def parse_sections(text: str) -> tuple[Section, ...]:
    """The `##`/`###` sections of a piece of the rule book, in order."""
    found: list[Section] = []
    heading, level = "", 0
    body: list[str] = []
    for line in text.splitlines():
        m = re.match(r"^(#{2,3}) (.*)$", line)
        if m:
            if heading:
                found.append(_section(heading, level, body))
            heading, level, body = m[2].strip(), len(m[1]), []
        elif heading:
            body.append(line)
    if heading:
        found.append(_section(heading, level, body))
    return tuple(found)


def sections(profile: Profile[Any], language: str = "en") -> tuple[Section, ...]:
    """A profile's part of the rule book, as sections holding rules."""
    return parse_sections(section(profile, language))


def rules_of(found: Iterable[Section]) -> tuple[Rule, ...]:
    return tuple(r for s in found for r in s.rules)


def normal_id(typed: str) -> str:
    """`dh8`, `DH 8`, `dh-08` → `DH-8`; other text is upper-cased as is."""
    m = _ID.match(typed.strip())
    if m is None:
        return typed.strip().upper()
    return f"{m['prefix'].upper()}-{int(m['number'])}"


def nearby(rule_id: str, known: Sequence[str], count: int = 3) -> list[str]:
    """The known ids closest to `rule_id`: same prefix and nearest number
    first (what a person who mistyped a number meant)."""
    m = _ID.match(rule_id)
    prefix, number = (m["prefix"].upper(), int(m["number"])) if m else ("", 0)

    def distance(other: str) -> tuple[int, int, str]:
        o = _ID.match(other)
        assert o is not None
        same = o["prefix"].upper() == prefix
        return (0 if same else 1, abs(int(o["number"]) - number) if same else 0,
                other)

    return sorted(known, key=distance)[:count]


def find_rule(found: Sequence[Section], typed: str) -> Rule | None:
    """The rule called `typed` (any case) among `found`, if there."""
    wanted = normal_id(typed)
    return next((r for r in rules_of(found) if r.id == wanted), None)


def differences(english: str, translated: str) -> list[str]:
    """Where a translation's structure is not the specification's: its
    headings (level and order), its rule ids (and order, section by
    section), and the numbers each rule states (Devanagari digits read as
    Latin). Empty when they agree."""
    found: list[str] = []
    en, ne = parse_sections(english), parse_sections(translated)
    if [s.level for s in en] != [s.level for s in ne]:
        found.append(f"headings: levels {[s.level for s in en]} "
                     f"!= {[s.level for s in ne]}")
    for number, (a, b) in enumerate(zip(en, ne), start=1):
        na, nb = _numbers(a.text), _numbers(to_latin(b.text))
        if na != nb:
            found.append(f"section {number} ({a.heading}): numbers only in English "
                         f"{sorted(na - nb)}, only in the translation {sorted(nb - na)}")
        ids_a, ids_b = [r.id for r in a.rules], [r.id for r in b.rules]
        if ids_a != ids_b:
            found.append(f"section {number} ({a.heading}): rules {ids_a} != {ids_b}")
            continue
        for ra, rb in zip(a.rules, b.rules):
            na, nb = _numbers(ra.text), _numbers(to_latin(rb.text))
            if na != nb:
                found.append(f"{ra.id}: numbers only in English {sorted(na - nb)}, "
                             f"only in the translation {sorted(nb - na)}")
    if len(en) != len(ne):
        found.append(f"{len(en)} sections, the translation has {len(ne)}")
    return found


def _numbers(text: str) -> set[str]:
    """The numbers written in a rule (digits, with a decimal part);
    ordinals (`4th`) aside, a translation may write them as words."""
    return set(re.findall(r"(?<!\d)(?<!\d\.)\d+(?:\.\d+)?(?!\d|\.\d|st|nd|rd|th)", text))
