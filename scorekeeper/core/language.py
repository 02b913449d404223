"""The language people read, chosen once per process, and its digits.

`choose` decides English or Nepali from `--lang`, the environment and the
user's config (in that order, the first that says wins); `use` makes the
choice the one `_` translates into, with the glossary's terms spelled as
the config's `[terms]` asks. English never loads a catalog: `_`
then returns its message as it is. Nepali loads the compiled gettext
catalog `scorekeeper/locale/ne/LC_MESSAGES/scorekeeper.mo` once, and binds
it as gettext's domain so that click's and typer's own words (which call
`gettext.gettext`) are translated too.

Digits: Nepali output writes numbers in Devanagari digits (`digits`),
unless Latin digits are asked for (`--latin-digits`,
`SCOREKEEPER_DIGITS=latin`). Input takes either everywhere, one kind in a
number (`core/typed.py`).

What programs read (`--json`, exit codes, the ledger, rule ids) never
goes through this module.
"""

from __future__ import annotations

import os
import string
from pathlib import PurePath
from typing import Any, Callable, Mapping, NoReturn, Sequence

LANGUAGES = ("en", "ne")
DOMAIN = "scorekeeper"

_LATIN = "0123456789"
_DEVANAGARI = "०१२३४५६७८९"
_TO_DEVANAGARI = str.maketrans(_LATIN, _DEVANAGARI)
_TO_LATIN = str.maketrans(_DEVANAGARI, _LATIN)


class _Chosen:
    """The process's choice (one, set by `use`)."""
    language = "en"
    devanagari_digits = False
    catalog: Any = None      # a gettext.GNUTranslations, Nepali only
    terms: tuple[tuple[str, str], ...] = ()   # the config's spellings, longest first
    bound: tuple[str, str | None] | None = None   # gettext's domain, LANGUAGE before


_chosen = _Chosen()


# The glossary's terms (docs/GLOSSARY.md) a table may spell its own way in
# the user config's `[terms]` (`"डबली" = "डुप्ली"`): only these, and only in
# Nepali output. tests/test_language.py holds this list to the glossary.
TERMS = ("माल", "टिप्लु", "झिप्लु", "पोप्लु", "अल्टर", "म्यान", "टनेला", "डबली",
         "क्रम", "बोली", "हात", "डिल", "खेलाडी", "अङ्क", "जम्मा", "स्थान", "बाँड्ने",
         "विजेता", "सत्र", "हिसाब", "पैसा", "बाहिर", "रङ", "फन्का")

# The answers to a yes/no question, typed in either language (the Nepali
# question names हो / होइन, the English one y / n).
YES, NO = ("y", "yes", "हो"), ("n", "no", "होइन")

# What the user config says about the language: its `lang` (or None) and its
# `[terms]`, read by `files.config.language_settings` (a ValueError for a
# broken config) and handed to `start` by the command line.
Configured = tuple[str | None, Mapping[str, str]]


def _language_named(value: str, where: str) -> str:
    """"en" or "ne" from a value such as `ne`, `ne_NP.UTF-8`, `en_US`."""
    if value[:2].lower() == "ne":
        return "ne"
    if value[:2].lower() == "en":
        return "en"
    raise ValueError(f"{where} is a language, en or ne, not {value!r}")


def decided(option: str | None, environ: Mapping[str, str]) -> str | None:
    """The language `--lang` or the environment names, or None when they
    leave it to the config (see `choose`)."""
    if option:
        return _language_named(option, "--lang")
    if environ.get("SCOREKEEPER_LANG"):
        return _language_named(environ["SCOREKEEPER_LANG"], "SCOREKEEPER_LANG")
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(name):
            if environ[name][:2].lower() == "ne":
                return "ne"
            break
    return None


def choose(option: str | None, environ: Mapping[str, str],
           config: str | None = None) -> str:
    """The language: `--lang` beats `SCOREKEEPER_LANG`, which beats a
    locale (`LC_ALL`, `LC_MESSAGES`, `LANG`, the first set, as POSIX reads
    them) that names Nepali, which beats the config; else English. A locale
    naming another language (`en_US`, `C`) leaves the choice to the config:
    nearly every system sets one, and it is no choice of scorekeeper's
    language. ValueError for an option or SCOREKEEPER_LANG not en or ne."""
    chosen = decided(option, environ)
    if chosen:
        return chosen
    if config:
        return _language_named(config, "the config's lang")
    return "en"


def latin_digits_asked(option: bool, environ: Mapping[str, str]) -> bool:
    """`--latin-digits` or `SCOREKEEPER_DIGITS=latin`."""
    return option or environ.get("SCOREKEEPER_DIGITS", "").lower() == "latin"


def split_options(args: Sequence[str]) -> tuple[list[str], str | None, bool]:
    """The command line without `--lang X`, `--lang=X` and `--latin-digits`
    (global options, taken wherever they stand before a `--`), with the
    language given (or None) and whether Latin digits were asked for. A
    `--lang` without its value is left for the command to refuse."""
    rest: list[str] = []
    lang: str | None = None
    latin = False
    items = list(args)
    at = 0
    while at < len(items):
        item = items[at]
        if item == "--":
            rest.extend(items[at:])
            break
        if item == "--lang" and at + 1 < len(items):
            lang, at = items[at + 1], at + 2
            continue
        if item.startswith("--lang="):
            lang = item[len("--lang="):]
        elif item == "--latin-digits":
            latin = True
        else:
            rest.append(item)
        at += 1
    return rest, lang, latin


def use(language: str, devanagari_digits: bool | None = None,
        terms: Mapping[str, str] | None = None) -> None:
    """Make `language` the one people read from now on (digits Devanagari
    in Nepali unless `devanagari_digits` is False; the glossary's `terms`
    spelled as the config asks, in Nepali only)."""
    _chosen.language = language
    _chosen.terms = tuple(sorted((terms or {}).items(), key=lambda t: -len(t[0]))) \
        if language == "ne" else ()
    _chosen.devanagari_digits = (language == "ne") if devanagari_digits is None \
        else devanagari_digits and language == "ne"
    if language == "en":
        _chosen.catalog = None
        if _chosen.bound is not None:      # back from Nepali (tests, in-process)
            import gettext

            gettext.textdomain(_chosen.bound[0])
            _restore_env("LANGUAGE", _chosen.bound[1])
            _chosen.bound = None
        return
    import gettext  # Nepali only: English never loads a catalog

    # the package's locale/ folder, beside core/ (found only when Nepali is chosen)
    locale_dir = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                              "locale")
    _chosen.catalog = gettext.translation(DOMAIN, locale_dir, languages=[language])
    # click and typer call gettext.gettext, which reads gettext's domain and
    # the LANGUAGE variable: both name the catalog for their own words
    if _chosen.bound is None:
        _chosen.bound = (gettext.textdomain(), os.environ.get("LANGUAGE"))
    gettext.bindtextdomain(DOMAIN, locale_dir)
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = language


def _restore_env(name: str, value: str | None) -> None:
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value


def start(args: Sequence[str], environ: Mapping[str, str],
          config: Callable[[], Configured] | None = None) -> tuple[list[str], Said | None]:
    """The language chosen from a command line, the environment and the
    user config (`config`, read only when the others leave the language to
    it or Nepali is chosen, for its terms), put to use; the command line
    without the global options, and why a `--lang`, `SCOREKEEPER_LANG` or
    the config was refused (English is then used)."""
    rest, option, latin = split_options(args)
    chosen = None
    try:
        chosen = decided(option, environ)
        configured, terms = config() if config is not None and chosen != "en" \
            else (None, {})
        chosen = chosen or choose(None, {}, configured)
    except ValueError as refused:
        # a broken config is said in the language the command line or the
        # environment chose, if they did (the message kept a `Said`)
        use(chosen or "en", not latin_digits_asked(latin, environ))
        message = refused.args[0] if refused.args else None
        return rest, message if isinstance(message, Said) else Said("{item}", item=str(refused))
    use(chosen, not latin_digits_asked(latin, environ), terms)
    return rest, None


def current() -> str:
    return _chosen.language


def _(message: str) -> str:
    """`message` in the chosen language (a whole sentence, with named
    `{placeholders}` filled in after translation)."""
    catalog = _chosen.catalog
    return message if catalog is None else _respelled(str(catalog.gettext(message)))


def _respelled(text: str) -> str:
    """A translation with the glossary's terms spelled as the config asks
    (before any value is filled in: a name is never respelled)."""
    for term, spelling in _chosen.terms:
        text = text.replace(term, spelling)
    return text


def pgettext(context: str, message: str) -> str:
    """`message` in the chosen language, told apart by `context` from the
    same English words that mean something else (a table's "yes", the
    tiplu seen, and a `check`'s "yes", the call allowed)."""
    catalog = _chosen.catalog
    return message if catalog is None else str(catalog.pgettext(context, message))


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for `count` (English and Nepali: the first for
    1, the second otherwise)."""
    catalog = _chosen.catalog
    if catalog is None:
        return singular if count == 1 else plural
    return _respelled(str(catalog.ngettext(singular, plural, count)))


def digits(text: str | int) -> str:
    """A number shown to people: Devanagari digits in Nepali (unless Latin
    ones were asked for), as it is otherwise; an amount's rupee sign ("Rs
    120", core/money.py) as the reader writes it (रु. in Nepali). Only for
    numbers and amounts: never for a rule id, a card or a name."""
    text = str(text)
    if _chosen.catalog is not None and _RUPEE in text:
        text = text.replace(_RUPEE, _(_RUPEE))
    return text.translate(_TO_DEVANAGARI) if _chosen.devanagari_digits else text




class Said:
    """A message people read: a template and its values (and, for one whose
    words follow a count, its plural form and the count), said in the
    chosen language by `say` at the moment it is shown. It is a value, not
    text: its English (`.english`) is what `--json`, the ledger and every
    comparison see. The core makes these; only the shell calls `say`.

    >>> said = Said("{name} pays {points}", name="Asha", points=12)
    >>> said.english, said.template, dict(said.values)
    ('Asha pays 12', '{name} pays {points}', {'name': 'Asha', 'points': 12})

    Babel extracts the template (`Said` is a keyword in tools/catalog.py).
    A value that is a number is written in the reader's digits; a `Said`
    value is said in turn; any other text (a name, a card, a rule id) is
    kept as it is. A message whose words follow a count is made by
    `Said.ngettext`. Two are equal when their English is; so is a `Said`
    and its English text (what a test compares).
    """

    __slots__ = ("template", "values", "plural", "number", "english")
    template: str
    values: Mapping[str, Any]
    plural: str | None       # the English plural form (`Said.ngettext`), else None
    number: int | None       # the count that chooses the form
    english: str             # the message in English (plain text)

    def __new__(cls, template: str, /, **values: Any) -> "Said":
        return cls._made(template, None, None, values)

    @classmethod
    def ngettext(cls, singular: str, plural: str, /, *, count: int,
                **values: Any) -> "Said":
        """A message in the form for `count` (a value too, `{count}`): the
        reader's language chooses (gettext's `ngettext`; English and
        Nepali: `singular` for 1, `plural` otherwise). Babel extracts both
        forms (`ngettext` is a keyword in tools/catalog.py: a name no
        variable takes, unlike "counted", which would hide the messages
        after it from Babel).

        >>> Said.ngettext("{count} hand", "{count} hands", count=3).english
        '3 hands'
        """
        return cls._made(singular, plural, count, {"count": count, **values})

    @classmethod
    def _made(cls, template: str, plural: str | None, count: int | None,
              values: dict[str, Any]) -> "Said":
        for key, value in values.items():
            if isinstance(value, PurePath):     # a file's name never drives the terminal
                values[key] = file_name(value)
        form = template if plural is None or count == 1 else plural
        said = super().__new__(cls)
        for name, value in (("template", template), ("plural", plural), ("number", count),
                            ("values", values),
                            ("english", _ENGLISH.vformat(form, (), values) if values else form)):
            object.__setattr__(said, name, value)
        return said

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a Said is immutable: {name} cannot be set")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a Said is immutable: {name} cannot be deleted")

    def translated(self, catalog: Any) -> str:
        """The template (or the form for the count) in `catalog`'s language."""
        if self.plural is None:
            return str(catalog.gettext(self.template))
        return str(catalog.ngettext(self.template, self.plural, self.number))

    def __reduce__(self) -> tuple[Any, ...]:      # copies and pickles stay Said
        return (_said_again, (self.template, self.plural, self.number, dict(self.values)))

    def __eq__(self, other: object) -> bool:
        """Equal to a `Said` with the same English, and to that English
        (a test's `err.message == "…"`)."""
        if isinstance(other, Said):
            return self.english == other.english
        return isinstance(other, str) and self.english == other

    def __hash__(self) -> int:
        return hash(self.english)

    def __repr__(self) -> str:
        return f"Said({self.english!r})"

    # A message made text by accident (`str(said)`, an f-string, `.format`)
    # would be English on every screen: refused where it happens (mypy
    # refuses a `Said` where text is wanted, `+` and `%`).
    def _as_text(self) -> NoReturn:
        raise TypeError("a Said is a message, not text: say() it where it is shown, "
                        f"or take its .english ({self.english!r})")

    def __str__(self) -> NoReturn:  # noqa: PLE0307 - it never returns
        self._as_text()

    def __format__(self, spec: str) -> NoReturn:
        self._as_text()


# The joiners that shape Devanagari's letters and emoji: kept in a name
JOINERS = frozenset("\u200c\u200d")


def escaped(text: str, kept: frozenset[str] = JOINERS) -> str:
    """`text` safe to show on a terminal: a control or invisible formatting
    character, unless `kept`, written as Python writes it in a string
    (\\x1b, \\u202e, \\n), so that it can never drive the terminal."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c in kept else repr(c)[1:-1] for c in text)


def file_name(path: PurePath | str) -> str:
    """A file's name as a message shows it, every control character
    escaped, a line break too: a name can neither drive the terminal nor
    forge a line."""
    return escaped(str(path))


def _said_again(template: str, plural: str | None, count: int | None,
                values: dict[str, Any]) -> Said:
    return Said._made(template, plural, count, values)


class Number(str):
    """The text of a number people read, such as an amount ("+Rs 1,34,000")
    or a rate ("2.5"): as a `Said` value, written in the reader's digits
    (any other text value is kept as it is)."""

    __slots__ = ()


class When(str):
    """A moment as the ledger stores it, in UTC (`2026-12-03T15:52:38Z`): as
    a `Said` value (whose English text, for JSON, keeps the stamp), or
    through `date`, the reader reads its local date: `2026-12-03` in
    English, in Bikram Sambat in Nepali (`२०८३ मंसिर १७`)."""

    __slots__ = ()


def date(stamp: str) -> str:
    """A stored moment (`When`: a payment's UTC `at`; a hand's `recorded`,
    with its offset) as the reader reads it: its local date, in
    English as `2026-12-05`, in Nepali in Bikram Sambat, its month's
    Nepali name and the reader's digits; a stamp that is not one, or (in
    Nepali) is outside the years the calendar's tables hold (1918–2043),
    the text as it is."""
    import datetime  # start-up: only where a date is shown

    try:
        moment = datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
        local = (moment.astimezone() if moment.tzinfo else moment).date()
    except (ValueError, OverflowError):
        return stamp
    if _chosen.catalog is None:
        return local.isoformat()
    import nepali_datetime  # the same: Nepali output only

    try:
        day = nepali_datetime.date.from_datetime_date(local)
    except (ValueError, OverflowError):
        return stamp
    return _("{year} {month} {day}").format(
        year=digits(day.year), month=day.strftime("%N"), day=digits(day.day))


class Listed(str):
    """Items said as one list, each a `Said` value (a `Said` said in turn,
    a number in the reader's digits). English joins them as it always has:
    `A, B and C` (`word` "and"; "or" the same; None: all commas), every
    two by the word when `each` (`A and B and C`; a sum `1 + 2 + 3`). The
    reader's language joins them by its own list words (`joined`): Nepali
    `क, ख र ग`."""

    __slots__ = ("items", "word", "each")
    items: tuple[Any, ...]
    word: str | None
    each: bool

    def __new__(cls, items: Sequence[Any], word: str | None = "and",
                each: bool = False) -> "Listed":
        listed = super().__new__(cls, _joined([_ENGLISH.format_field(i, "") for i in items],
                                              word, word, each))
        listed.items, listed.word, listed.each = tuple(items), word, each
        return listed

    def __reduce__(self) -> tuple[Any, ...]:      # copies stay Listed
        return (Listed, (self.items, self.word, self.each))


def _joined(items: Sequence[str], word: str | None, said: str | None, each: bool) -> str:
    """`items` joined: by ", ", the last two by `said` (the word in the
    reader's language), every two by it when `each` or `word` is a sum."""
    if word is None or len(items) < 2:
        return ", ".join(items)
    between = f" {said} "
    if each or word == "+":
        return between.join(items)
    return ", ".join(items[:-1]) + between + items[-1]


def joined(listed: Listed) -> str:
    """`listed` in the reader's language: its items said, joined by the
    language's list words (English: its own text)."""
    if _chosen.catalog is None:
        return listed
    word = listed.word
    said = pgettext("list", _LIST_WORDS[word]) if word is not None else None
    return _joined([_READER.format_field(i, "") for i in listed.items], word, said,
                   listed.each)


class _Reader(string.Formatter):
    """Fills a translated template: numbers in the reader's digits, a
    `Said` said in the reader's language, a `When` as its date, other text
    as it is."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, When):
            return date(value)
        if isinstance(value, Named):
            return named(value)
        if isinstance(value, Listed):
            return joined(value)
        if isinstance(value, Number):
            return digits(format(str(value), format_spec))
        if isinstance(value, Said):
            return say(value)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return digits(format(value, format_spec))
        if hasattr(value, "numerator") and not isinstance(value, bool):  # a Fraction
            return digits(format(value, format_spec))
        return str(format(value, format_spec))


_READER = _Reader()


class _English(string.Formatter):
    """Fills a template in English: a `Said` value by its English."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Said):
            return format(value.english, format_spec)
        return str(format(value, format_spec))


_ENGLISH = _English()

# A message of no words: where a message may add nothing ("" in English)
NOTHING = Said("{item}", item="")


def say(text: Said) -> str:
    """`text` as the reader reads it: translated, with its values filled in
    the reader's digits. English returns its English, but for a moment
    (`When`) in it, said as its date."""
    if _chosen.catalog is None:     # a moment in it said as its local date
        if not any(isinstance(value, When) for value in text.values.values()):
            return text.english
        template = text.template if text.plural is None or text.number == 1 \
            else text.plural
    else:
        template = _respelled(text.translated(_chosen.catalog))
    return _READER.vformat(template, (), text.values) if text.values else template


def N_(message: str) -> str:
    """Marks `message` for the catalog where it is written (a constant made
    at import, before the language is chosen); `_` translates it where it
    is shown."""
    return message


def NP_(context: str, message: str) -> str:
    """`N_` for a message that `pgettext(context, …)` translates."""
    return message


def profile_title(profile: str) -> str:
    """A profile as a title names it: its id in English (`three-deck`), its
    Nepali name in Nepali (`तीन गड्डी`)."""
    return pgettext("profile", profile)


class Named(str):
    """A profile's id, which a person types (`three-deck`): as a `Said`
    value, or through `named`, English reads the id, Nepali its Nepali
    name with the id beside it (`तीन गड्डी (three-deck)`)."""

    __slots__ = ()


def named(profile: str) -> str:
    """`Named`'s words: the Nepali name, the id beside it (English: the id)."""
    title = profile_title(profile)
    return profile if title == profile else \
        _("{title} ({profile})").format(title=title, profile=profile)


# the Nepali rupee's sign before an amount (core/money.py's NPR symbol)
_RUPEE = N_("Rs")

# the words a list is joined by (`Listed`), as the catalog knows them
_LIST_WORDS = {"and": NP_("list", "and"), "or": NP_("list", "or"), "+": "+"}
