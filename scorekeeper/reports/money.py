"""Points into money: each balance and each transfer at an agreed rate,
paid in the currency's units, adding up exactly. Pure functions on
immutable values (no files, no printing).

The rule (docs/CLI.md, "Money"):

* A player's exact money is their balance in points × the rate: balance
  (stored, in the game's `scale`: tenths for a game scored in tenths)
  ÷ scale × rate × 10 ** decimals units of the currency — a fraction,
  kept exact (`fractions.Fraction`), never a float.
* Paid money is whole units, and must still sum to 0 (what the losers
  pay is what the winners get). Rounding each balance to the nearest
  unit on its own does not: three players at +⅓, +⅓, −⅔ units round to
  0, 0, −1. So the units are apportioned by *largest remainder*: every
  balance is first rounded down; the units this leaves over (as many as
  the fractions below a whole add up to, itself a whole number since
  the exact amounts sum to 0) go one each to the balances with the
  largest fractions, ties to the first by name. Each paid amount is then
  within one unit of its exact value (strictly less than one unit away),
  and they sum to exactly 0. Balances that are whole units already (a
  whole-point game at a whole rate: the usual case) are not touched.
* The transfers are the fewest that pay off the money balances
  (`settle_up.fewest_transfers` on them): exact to the unit, so the
  rounding is never lost between transfers. Where rounding was needed,
  `Money.rounded` lists each player whose paid amount differs from the
  exact one, with both, for the note people see.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import TYPE_CHECKING, Mapping, NamedTuple, Sequence

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Named, Number, Said
from scorekeeper.core.money import (
    Currency,
    MoneyOption,
    grouped,
    money_option,
    rate_text,
)
from scorekeeper.core.numbers import listed
from scorekeeper.core.plain import PlainDict
from scorekeeper.reports.roster import Roster, name_key
from scorekeeper.reports.settle_up import Transfer, fewest_transfers, owed, settleable
from scorekeeper.reports.settle_up import balances as settled

if TYPE_CHECKING:
    from scorekeeper.session.session import Session


def agreed(sessions: Sequence[Session], rate: str | None,
           code: str | None) -> MoneyOption | None:
    """The rate and currency for `sessions`: `--rate` / `--currency` as
    given, else what the sessions agreed at `new` (all alike, or exit 2:
    `own_rates` settles sessions that agreed different rates); None for
    no money at all."""
    stored = [s.money for s in sessions]
    base = stored[0] if stored else {}
    if rate is None and differ(sessions):
        said = "; ".join(f"{s.label}: " + (" ".join(m.values()) or "none")
                         for s, m in zip(sessions, stored))
        raise Impossible(Said("these sessions agreed different rates ({rates}): "
                              "--rate says which to use", rates=said))
    if code is None:
        _one_currency(sessions, [money_option(None, None, m) for m in stored])
    return money_option(rate, code, base)


def differ(sessions: Sequence[Session]) -> bool:
    """Whether the sessions agreed different rates or currencies at `new`
    (a session without `[money]` differs from one with)."""
    options = [money_option(None, None, s.money) for s in sessions]
    return any(o != options[0] for o in options)


def in_money_only(sessions: Sequence[Session], rate: str | None) -> bool:
    """Whether the sessions are settled in money only, each turned into
    money on its own (`own_rates`): they agreed different rates and no
    `--rate` overrides them, or their scores are kept in different units
    (whole points and tenths) and a rate is given or agreed by them all."""
    if rate is None and differ(sessions):
        return True
    rated = rate is not None or money_option(None, None, sessions[0].money) is not None
    return rated and len({s.score_kind.scale for s in sessions}) > 1


def _one_currency(sessions: Sequence[Session],
                  options: Sequence[MoneyOption | None]) -> None:
    """Refuse (exit 2) sessions agreed in different currencies."""
    codes = {o.currency.code for o in options if o is not None}
    if len(codes) > 1:
        said = "; ".join(f"{s.label}: {o.currency.code}" for s, o
                         in zip(sessions, options) if o is not None)
        raise Impossible(Said("these sessions were played for different currencies "
                              "({currencies}): money in different currencies cannot be "
                              "added up; settle each on its own, or give --currency "
                              "(and --rate) for all", currencies=said))


def own_rates(sessions: Sequence[Session], code: str | None,
              mix: bool = False, rate: str | None = None) -> Money:
    """Sessions that agreed different rates at `new`, settled together:
    each session's balances (`settle_up.owed`: Call Break's pair by pair,
    CB-13) turn into money at its own rate, exactly; the amounts are added
    per player (names matched in any case), apportioned to whole units,
    and paid off with the fewest transfers. Exit 2: a session without a
    rate, or sessions in different currencies (`code`, `--currency`,
    names one for all). `rate` (`--rate`), or one rate they all agreed:
    one rate for every session, each still turned into money on its own
    (whole points and tenths), and said as one rate."""
    settleable(sessions, mix)
    options = [money_option(rate, code, s.money) for s in sessions]
    missing = [s.label for s, o in zip(sessions, options) if o is None]
    if missing:
        raise Impossible(Said("{ledgers} agreed no rate at `new`, the other sessions "
                              "did: --rate says which to use for all",
                              ledgers=", ".join(missing)))
    chosen = [o for o in options if o is not None]
    _one_currency(sessions, chosen)
    roster = Roster(p for s in sessions for p in s.players)
    exact: dict[str, Fraction] = {}
    for s, option in zip(sessions, chosen):
        units = exact_units(owed(s), s.score_kind.scale, option.rate,
                            option.currency)
        for name, value in units.items():
            shown = roster.add(name)
            exact[shown] = exact.get(shown, Fraction(0)) + value
    paid = apportion(exact)
    rates = () if all(o == chosen[0] for o in chosen) else \
        tuple((s.label, o) for s, o in zip(sessions, chosen))
    return Money(chosen[0], paid, exact, fewest_transfers(paid), rates)


def exact_units(balances: Mapping[str, int], scale: int, rate: Fraction,
                currency: Currency) -> dict[str, Fraction]:
    """Each balance as money, exactly, in the currency's units."""
    per_stored = rate * 10 ** currency.decimals / scale
    return {name: value * per_stored for name, value in balances.items()}


def apportion(exact: Mapping[str, Fraction]) -> dict[str, int]:
    """Whole units summing to exactly what `exact` sums to (an integer),
    each within one unit of its exact value: largest remainder (see the
    module doc), ties to the first by name."""
    floors = {name: floor(value) for name, value in exact.items()}
    left = sum(exact.values()) - sum(floors.values())
    if left.denominator != 1:
        raise ValueError("the exact amounts do not sum to a whole number of units")
    order = sorted(exact, key=lambda n: (-(exact[n] - floors[n]), name_key(n), n))
    paid = dict(floors)
    for name in order[:int(left)]:
        paid[name] += 1
    return paid


def _a_point(symbol: str, rate: Fraction, code: str | None = None) -> Said:
    """"Rs 10 a point", with " (NPR)" when `code` is given and not the
    symbol."""
    amount = Number(f"{symbol} {rate_text(rate)}")
    if code is None or code == symbol:
        return Said("{amount} a point", amount=amount)
    return Said("{amount} a point ({code})", amount=amount, code=code)


class Rounded(NamedTuple):
    player: str
    exact: Fraction          # units
    paid: int                # units


class Money(NamedTuple):
    """The money of a settle-up: each balance and transfer in units.
    `rates`: each session's own rate, when they differ (`own_rates`;
    `option` is then the first session's)."""
    option: MoneyOption
    balances: dict[str, int]
    exact: dict[str, Fraction]
    transfers: tuple[Transfer, ...]
    rates: tuple[tuple[str, MoneyOption], ...] = ()

    def rate_said(self) -> Said:
        """"Rs 10 a point (NPR)", or each session's own rate: "each
        session at its own rate: a.toml Rs 10 a point, b.toml Rs 5 a
        point (NPR)"."""
        # a Said (its English as `MoneyOption.said`'s), said on a screen
        c = self.currency
        if not self.rates:
            return _a_point(c.symbol, self.option.rate, c.code)
        each = listed([Said("{ledger} {rate}", ledger=label, rate=_a_point(c.symbol, o.rate))
                       for label, o in self.rates])
        return Said("each session at its own rate: {rates}", rates=each) \
            if c.symbol == c.code else \
            Said("each session at its own rate: {rates} ({code})", rates=each, code=c.code)

    @property
    def currency(self) -> Currency:
        return self.option.currency

    @property
    def rounded(self) -> tuple[Rounded, ...]:
        """The players whose paid amount is not their exact one."""
        return tuple(Rounded(p, self.exact[p], paid)
                     for p, paid in self.balances.items() if paid != self.exact[p])

    def display(self, units: int, signed: bool = False) -> str:
        return self.currency.display(units, signed)

    def rounded_said(self) -> Said:
        """Each rounded balance, exact → paid: "Asha +Rs 133.33 → +Rs 133,
        …" (what the export and the screen say of the rounding)."""
        return listed([Said("{name} {exact} → {paid}", name=r.player,
                            exact=Number(self.exact_display(r.exact)),
                            paid=Number(self.display(r.paid, signed=True)))
                       for r in self.rounded])

    def exact_display(self, units: Fraction) -> str:
        """An exact amount as people read it, to two places below the unit
        ("≈" where that is not exact): "+Rs 133.33", "-USD 0.1250"."""
        places = self.currency.decimals + 2
        scaled = units / 10 ** self.currency.decimals * 10 ** places
        near = round(scaled)
        sign = "-" if near < 0 else "+" if near > 0 else ""
        whole, part = divmod(abs(near), 10 ** places)
        text = f"{sign}{self.currency.symbol} " \
            f"{grouped(whole, self.currency.lakh)}.{part:0{places}d}"
        return text if scaled == near else "≈" + text

    def as_json(self) -> PlainDict:
        """`"money"` of `settle-up --json` and `standings --json`."""
        return {
            "currency": self.currency.code, "decimals": self.currency.decimals,
            "rate": None if self.rates else rate_text(self.option.rate),
            **({"rates": {label: rate_text(o.rate) for label, o in self.rates}}
               if self.rates else {}),
            "balances": dict(self.balances),
            "balances_display": {p: self.display(v, signed=True)
                                 for p, v in self.balances.items()},
            "transfers": [{"from": t.giver, "to": t.receiver, "amount": t.points,
                           "display": self.display(t.points)}
                          for t in self.transfers],
            "rounded": [{"player": r.player, "exact": str(r.exact), "paid": r.paid}
                        for r in self.rounded],
        }


def money(balances: Mapping[str, int], scale: int, option: MoneyOption) -> Money:
    """Balances (stored scores summing to 0, in `scale` units a point) as
    money at `option`'s rate: apportioned units and the fewest transfers
    that pay them off."""
    exact = exact_units(balances, scale, option.rate, option.currency)
    paid = apportion(exact)
    return Money(option, paid, exact, fewest_transfers(paid))


def of_session(session: Session, rate: str | None, code: str | None) -> Money | None:
    """`standings --rate`: one session's balances as money (None: no rate
    given or agreed). A rate given for a session that owes nothing (penalty
    points) or does not balance is exit 2, as `settle-up` says; a rate only
    agreed at `new` is then left out (None)."""
    option = agreed([session], rate, code)
    if option is None:
        return None
    kind = session.score_kind
    if kind.owed_to_nobody and rate is not None:
        raise Impossible(Said(
            "{ledger}: a {profile} session scores penalty points (lower is better), "
            "owed to nobody: --rate has no money to count; without --rate it is "
            "ranked by its points", ledger=session.label, profile=Named(session.profile.name)),
            session.rules.rule("ledger"))
    try:
        balances = settled([session])
    except Impossible:
        if rate is None and code is None:
            return None
        raise
    return money(balances, session.score_kind.scale, option)
