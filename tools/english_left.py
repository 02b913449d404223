"""English words left in a Nepali screen (issue 28, item 8).

    scorekeeper --lang ne standings x.toml | python tools/english_left.py

prints each Latin-letter word that is neither a name given with `--name`,
a card, a rule id, a command or option a person types, a file name, nor
one of the few words that are the same in Nepali writing (ALLOWED). Used
by tests/test_nepali_screens.py; run by hand while translating.
"""

from __future__ import annotations

import re
import sys
from typing import Iterable

# what a person types or the program names, never translated
_KEPT = [   # in this order: a code span first, before a path inside it takes its `
    re.compile(r"`[^`]+`"),      # Markdown code (may wrap a line): typed as it is (rules)
    re.compile(r"\b[A-Z]{2,3}-\d+[a-z]?\b"),                # rule ids: DH-8, MA-23
    re.compile(r"\bscorekeeper(?: [a-z][a-z-]*)*"),        # commands: scorekeeper new
    re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*(?:=\S*)?"),    # options: --hand, -n, --set KEY=V
    re.compile(r"\S*[/\\]\S*|\S+\.(?:toml|csv|json|html|md|txt)\b"),  # files and paths
    re.compile(r"https?://\S+"),
    re.compile(r"(?<![A-Za-z])(?:10|[2-9AKQJT])[shdcSHDC♠♥♦♣]?(?![A-Za-z])"),  # cards
    re.compile(r"(?<=[='])(?:[shdc](?:10|[2-9AKQJTakqjt])+)+(?=')"),  # 'dAc3', 'cjj', =dk'
    re.compile(r"\b[A-Z_]{2,}=\S*"),                        # KEY=VALUE
    re.compile(r"\b([A-Za-z])\1+\b"),                       # a chart's line: ooooo
    re.compile(r"\bJK\b"),                                  # the joker's card text
    re.compile(r"\b(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b"),        # a commit a source is read at
]
# the same in Nepali writing: units, formats, abbreviations people type
# (NPR, INR: currency codes, typed as they are with --currency)
ALLOWED = frozenset("""
    JSON CSV HTML TOML URL QR KB MB UTF Ctrl LAN PNG SVG ASCII id NPR INR
    """.split())
_WORD = re.compile(r"[A-Za-z]{2,}")


def english_words(text: str, names: Iterable[str] = ()) -> list[str]:
    """The Latin-letter words of `text` left untranslated."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    for pattern in _KEPT:
        text = pattern.sub(" ", text)
    return [w for w in _WORD.findall(text) if w not in ALLOWED]


def main(args: list[str]) -> int:
    names = [args[i + 1] for i, a in enumerate(args[:-1]) if a == "--name"]
    left = english_words(sys.stdin.read(), names)
    for word in left:
        print(word)
    return 1 if left else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
