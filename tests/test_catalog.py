"""The Nepali catalog never goes stale (issue 28, item 7): every message
marked in scorekeeper/ has a Nepali translation with the same
placeholders, the catalog holds no message the program no longer marks,
and the checked-in `.mo` is the `.po` compiled (tools/catalog.py)."""

from __future__ import annotations

import functools
import gettext
import io
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("babel")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import catalog  # noqa: E402  (tools/catalog.py)

PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
PO = catalog.catalog()


@functools.cache
def marked() -> dict[str, tuple[str, ...]]:
    """Every message marked in scorekeeper/ (Babel reads every module: about
    a second, so only in a worker that runs a test needing it)."""
    return catalog.extracted()


def _strings(value: object) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)  # type: ignore[arg-type]


def test_every_marked_message_has_a_nepali_translation():
    missing = [key for key in marked() if catalog.entry(PO, key) is None
               or not all(_strings(catalog.entry(PO, key).string))]
    assert missing == [], "untranslated (python tools/catalog.py missing): " \
        + repr(missing)


def test_every_plural_is_marked_as_the_catalog_holds_it():
    for key, forms in marked().items():
        assert _strings(catalog.entry(PO, key).id) == forms, key


def test_a_translation_keeps_the_placeholders_of_its_message():
    # a plural's form keeps those of its English form (Nepali's two forms
    # are English's: the first for 1, "once" without its {count})
    for message in PO:
        if not message.id:
            continue
        for english, said in zip(_strings(message.id), _strings(message.string)):
            wanted = set(PLACEHOLDER.findall(english))
            assert set(PLACEHOLDER.findall(said)) == wanted, (message.id, said)


def test_the_catalog_holds_no_message_the_program_no_longer_marks():
    # typer's own words (its gettext calls) are kept, marked `typer`
    stale = [m.id for m in PO if m.id
             and catalog.key_of(_strings(m.id)[0], m.context) not in marked()
             and "typer" not in m.auto_comments]
    assert stale == []


def test_the_checked_in_mo_is_the_po_compiled():
    checked_in = gettext.GNUTranslations(io.BytesIO(catalog.MO.read_bytes()))
    fresh = gettext.GNUTranslations(io.BytesIO(catalog.compiled(PO)))
    assert checked_in._catalog == fresh._catalog, \
        "stale .mo: run `python tools/catalog.py compile`"


def test_the_mo_installs_with_the_package():
    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text("utf-8")
    assert '"locale/*/LC_MESSAGES/*.mo"' in text
