"""The Nepali catalog: what Babel extracts, and the compiled `.mo`.

    python tools/catalog.py check     # every marked message translated, .mo current
    python tools/catalog.py compile   # write the .mo from the .po (commit both)
    python tools/catalog.py missing   # the messages the .po lacks, as .po entries

The `.po` (scorekeeper/locale/ne/LC_MESSAGES/scorekeeper.po) is edited by
hand; the `.mo` beside it is compiled from it and checked in, so that an
install needs no build step (tests/test_catalog.py fails when it is stale).
Needs Babel (the `test` extra).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "scorekeeper/locale/ne/LC_MESSAGES/scorekeeper.po"
MO = PO.with_suffix(".mo")
KEYWORDS = {"_": None, "N_": None, "Said": None, "ngettext": (1, 2),
            "pgettext": ((1, "c"), 2), "NP_": ((1, "c"), 2)}  # core/language.py
CONTEXT = "\x04"   # a message with a context is keyed CONTEXT␄MESSAGE, as gettext does


def extracted() -> dict[str, tuple[str, ...]]:
    """Every message marked in scorekeeper/: its key (its id, or
    `context␄id` for `pgettext`) → all its forms."""
    found: dict[str, tuple[str, ...]] = {}
    for _file, _line, message, _comments, context in extract_from_dir(
            ROOT / "scorekeeper", method_map=[("**.py", "python")],
            keywords=KEYWORDS):
        forms = (message,) if isinstance(message, str) else tuple(message)
        found[key_of(forms[0], context)] = forms
    return found


def key_of(message: str, context: str | None) -> str:
    return message if context is None else f"{context}{CONTEXT}{message}"


def entry(po: Catalog, key: str) -> Message | None:
    """The catalog's entry for a key of `extracted`, if it has one."""
    context, sep, message = key.rpartition(CONTEXT)
    return po.get(message, context=context if sep else None)


def catalog() -> Catalog:
    with PO.open("rb") as f:
        return read_po(f)


def compiled(po: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, po)
    return out.getvalue()


def main(args: list[str]) -> int:
    po = catalog()
    if args[:1] == ["compile"]:
        MO.write_bytes(compiled(po))
        print(f"wrote {MO.relative_to(ROOT)}")
        return 0
    missing = [(key, forms) for key, forms in extracted().items()
               if entry(po, key) is None]
    if args[:1] == ["missing"]:
        extra = Catalog(locale="ne")
        for key, forms in missing:
            context, sep, _message = key.rpartition(CONTEXT)
            extra.add(forms if len(forms) > 1 else forms[0],
                      ("", "") if len(forms) > 1 else "",
                      context=context if sep else None)
        write_po(sys.stdout.buffer, extra, omit_header=True, width=100)
        return 0
    stale = MO.read_bytes() != compiled(po) if MO.exists() else True
    for key, _forms in missing:
        print(f"not in the catalog: {key!r}")
    if stale:
        print(f"{MO.relative_to(ROOT)} is not the .po compiled: run `compile`")
    return 1 if missing or stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
