"""Money as values: a currency (how finely it is paid) and a rate (money
per point), read from what people type. Pure; no printing, no files.

A currency is paid in whole *units* of `10 ** -decimals` of it: the
smallest amount that changes hands at the table. Most currencies are paid
to the cent (2 decimals, ISO 4217's minor unit); Nepali and Indian rupees
and the yen are paid in whole units (0 decimals): paisa are in no one's
pocket at a card table. A code not listed is paid to 2 decimals. Every
sum is integer arithmetic in these units (`scorekeeper.reports.money`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Number, Said
from scorekeeper.core.numbers import Figure
from scorekeeper.core.plain import INT64, PlainMap
from scorekeeper.core.typed import to_latin

if TYPE_CHECKING:
    from fractions import Fraction

DEFAULT_CURRENCY = "NPR"


def grouped(whole: int, lakh: bool = False) -> str:
    """A whole number (not negative) with its digits grouped as people of
    the currency write them: thousands (1,340; 1,234,567), or for the lakh
    and crore (`lakh`): the last three, then by twos (1,34,000; 12,34,567)."""
    digits = str(whole)
    head, tail = digits[:-3], digits[-3:]
    size = 2 if lakh else 3
    groups = [tail]
    while head:
        head, groups = head[:-size], [head[-size:], *groups]
    return ",".join(groups)


class Currency(NamedTuple):
    code: str           # ISO 4217 letters: "NPR"
    decimals: int       # the unit paid: 10 ** -decimals of the currency
    symbol: str         # what people write before an amount: "Rs"
    lakh: bool = False  # digits grouped by lakh and crore (NPR, INR)

    def display(self, units: int, signed: bool = False) -> str:
        """An amount in units as people read it: "Rs 120", "USD 12.50",
        "-Rs 5", "Rs 1,34,000", "USD 1,340.00"; `signed`: "+Rs 120" for a
        gain."""
        sign = "-" if units < 0 else "+" if signed and units > 0 else ""
        whole, part = divmod(abs(units), 10 ** self.decimals)
        number = grouped(whole, self.lakh)
        if self.decimals:
            number += f".{part:0{self.decimals}d}"
        return f"{sign}{self.symbol} {number}"


# Paid in whole rupees / yen / won; the others listed to the cent. Nepali
# and Indian rupees are written in lakhs and crores (Rs 1,34,000).
CURRENCIES = {c.code: c for c in (
    Currency("NPR", 0, "Rs", True), Currency("INR", 0, "INR", True), Currency("PKR", 0, "PKR"),
    Currency("JPY", 0, "JPY"), Currency("KRW", 0, "KRW"),
    Currency("USD", 2, "USD"), Currency("EUR", 2, "EUR"), Currency("GBP", 2, "GBP"),
    Currency("AUD", 2, "AUD"), Currency("CAD", 2, "CAD"), Currency("CHF", 2, "CHF"),
    Currency("HKD", 2, "HKD"), Currency("SGD", 2, "SGD"), Currency("AED", 2, "AED"),
    Currency("QAR", 2, "QAR"), Currency("MYR", 2, "MYR"),
)}


def currency(code: str | None) -> Currency:
    """The currency of a code (any case; none: NPR); a code not listed is
    paid to 2 decimals. Three letters, else exit 2."""
    text = (code or DEFAULT_CURRENCY).strip().upper()
    if len(text) != 3 or not text.isascii() or not text.isalpha():
        raise Impossible(Said("a currency is a three-letter code such as NPR, INR "
                              "or USD, not {code!r}", code=code))
    return CURRENCIES.get(text, Currency(text, 2, text))


def parse_rate(text: str) -> Fraction:
    """Money per point, as typed: "10", "2.5", "0.25" (a positive decimal
    number, kept exact); else exit 2."""
    raw = to_latin(str(text).strip())       # २.५ as 2.5
    digits = raw.replace(".", "", 1)
    if not digits.isascii() or not digits.isdigit() or raw.startswith(".") \
            or raw.endswith(".") or len(raw) > 30:
        raise Impossible(Said("a rate is money per point, a positive number such "
                              "as {ten} or {some}, not {typed!r}", ten=10,
                              some=Figure("2.5"), typed=text))
    from fractions import Fraction  # start-up: only where a rate is read

    rate = Fraction(raw)
    if rate <= 0:
        raise Impossible(Said("a rate is money per point, more than {none}, not "
                              "{typed!r}", none=0, typed=text))
    if rate > INT64[1]:          # no amount of money a ledger holds is more
        raise Impossible(Said("a rate is money per point, at most {most}, not {typed!r}",
                              most=INT64[1], typed=text))
    return rate


def rate_text(rate: Fraction) -> str:
    """A rate as it is typed and stored: "10", "2.5" (exact: every rate
    `parse_rate` reads is a decimal)."""
    if rate.denominator == 1:
        return str(rate.numerator)
    places = 0
    while (rate * 10 ** places).denominator != 1:
        places += 1
    scaled = int(rate * 10 ** places)
    whole, part = divmod(scaled, 10 ** places)
    return f"{whole}.{part:0{places}d}".rstrip("0")


class MoneyOption(NamedTuple):
    """A session's agreed rate and currency (the ledger's `[money]`)."""
    rate: Fraction
    currency: Currency

    def stored(self) -> dict[str, str]:
        return {"rate": rate_text(self.rate), "currency": self.currency.code}

    def said(self) -> Said:
        """"Rs 10 a point (NPR)", "USD 2.5 a point"."""
        c, rate = self.currency, Figure(rate_text(self.rate))
        symbol = Number(c.symbol)        # रु. where a reader writes it so
        return Said("{symbol} {rate} a point", symbol=symbol, rate=rate) \
            if c.symbol == c.code else \
            Said("{symbol} {rate} a point ({code})", symbol=symbol, rate=rate,
                 code=c.code)


def money_option(rate: str | None, code: str | None,
                 stored: PlainMap | None = None) -> MoneyOption | None:
    """The rate and currency to use: those typed, else a session's stored
    ones; None if neither gives a rate (a currency alone is exit 2)."""
    stored = stored or {}
    rate = rate if rate is not None else stored.get("rate")
    code = code if code is not None else stored.get("currency")
    if rate is None:
        if code is not None:
            raise Impossible(Said("--currency needs a rate: --rate MONEY_PER_POINT "
                                  "(or a session started with `new --rate`)"))
        return None
    return MoneyOption(parse_rate(str(rate)), currency(code))


def stored_problems(table: Any) -> list[Said]:
    """What is wrong with a ledger's `[money]` table (nothing: [])."""
    if not isinstance(table, dict):
        return [Said("`money` must be a table: rate = \"10\", currency = \"NPR\"")]
    problems: list[Said] = [
        Said("unknown key `money.{key}` (money holds rate and currency)", key=k)
        for k in table if k not in ("rate", "currency")]
    if not isinstance(table.get("rate"), str):
        problems.append(Said("`money.rate` must be text such as \"10\" or \"2.5\""))
    else:
        try:
            parse_rate(table["rate"])
        except Impossible as err:
            problems.append(Said("`money.rate`: {problem}", problem=err.message))
    if "currency" in table:
        try:
            currency(table["currency"] if isinstance(table["currency"], str) else "?")
        except Impossible as err:
            problems.append(Said("`money.currency`: {problem}", problem=err.message))
    return problems


def for_new(rate: str | None, code: str | None, kind: Any,
            profile: str) -> MoneyOption | None:
    """`new --rate [--currency]`: the rate agreed for a session whose
    scores are `kind` (a `ScoreKind`); penalty points owe nobody (exit 2)."""
    agreed = money_option(rate, code)
    if agreed is not None and kind.owed_to_nobody:
        raise Impossible(Said("--rate: a {profile} session scores penalty points "
                              "(lower is better), not points owed from one player "
                              "to another: there is no money to settle",
                              profile=profile))
    return agreed


def paid_problems(stored: Any, played: int, rule: str) -> list[Said]:
    """What is wrong with the ledger's record of payments (`paid`): each
    `{at = TEXT, hands = N, sessions = [LEDGER], transfers = [{from = NAME,
    to = NAME, amount = N}], unit = TEXT}`, N hands played and more than
    the payment before, the transfers between its players."""
    if not isinstance(stored, list) or not all(isinstance(p, dict) for p in stored):
        return [Said("`paid` must be a list of tables ({rule})", rule=rule)]
    found: list[Said] = []
    before = 0
    for i, record in enumerate(stored):
        where = f"`paid[{i}]`"
        hands, transfers = record.get("hands"), record.get("transfers")
        if set(record) != {"at", "hands", "sessions", "transfers", "unit"} or \
                not isinstance(record["at"], str) or not isinstance(record["unit"], str) \
                or not isinstance(record["sessions"], list) or type(hands) is not int \
                or not isinstance(transfers, list) \
                or not all(isinstance(t, dict) for t in transfers):
            found.append(Said("{where} must hold at, hands, sessions, transfers and unit, each "
                              "of its type ({rule})",
                              where=where, rule=rule))
            continue
        if not before < hands <= played:
            values = dict(where=where, hands=hands, recorded=played,
                          before=before, rule=rule)
            found.append(Said.ngettext(
                "{where} settles {hands} hands, but {recorded} hand are "
                "recorded and {before} were paid before it ({rule})",
                "{where} settles {hands} hands, but {recorded} hands are "
                "recorded and {before} were paid before it ({rule})",
                count=played, **values))
        before = max(before, hands)
        for t in transfers:
            if set(t) != {"from", "to", "amount"} or type(t["amount"]) is not int \
                    or t["amount"] <= 0 or not isinstance(t["from"], str) \
                    or not isinstance(t["to"], str):
                found.append(Said("{where}: a transfer is {{from = NAME, to = NAME, amount = "
                                  "N}} with N above 0, not {t} ({rule})",
                                  where=where, t=repr(t), rule=rule))
    return found
