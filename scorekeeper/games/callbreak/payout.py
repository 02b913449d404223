"""How a Call Break match is paid (CB-13 … CB-16): a pure function of the
rules, the seats and the deals recorded, for `settle-up` and `standings
--rate`.

* `payout = difference` (CB-13): every pair settles the difference of
  their totals — `None` here, the shell's own sum does it.
* `payout = places` (CB-14): the 2nd, 3rd, 4th (and 5th) pay the winner
  `place_pay` (1/2/3/4) times the stake; a winner's total of at least
  `high_double` (20 at four, 15 at five) doubles every payment, a payer
  below 0 pays double (`low_double`); the two stack. Tied players share
  the payments of the places they tie for; winners who tie share what is
  paid (`place_ties = share`; `void`: nobody pays when any two tie,
  `seats`: the earlier seat in the order of play ranks higher).
* `instant_win` (CB-15): a player who calls exactly that many (8 at four,
  6 at five) and makes it ends the match with that deal; every opponent
  pays an equal share of what all the losing places pay together.
* `perfect_call` (CB-16): those who called and took exactly that many in
  every deal of a complete match hold the top places together; the others
  pay the places after them.

Amounts are in the score's units (a point is `scale` of them), one point
per stake: the rate turns them into money.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping, NamedTuple, Sequence

from scorekeeper.core.language import Said
from scorekeeper.core.numbers import Figure, listed
from scorekeeper.core.plain import PlainMap
from scorekeeper.games.callbreak.rules import CallBreakRules, Payout, PlaceTies


class Paid(NamedTuple):
    """What each player receives (+) or pays (−), in score units, and why:
    lines for people, the rules cited, and the hands the match counts."""

    balances: dict[str, int]
    lines: tuple[Said, ...]
    rules: tuple[str, ...]
    counted: int


def instant_winners(rules: CallBreakRules, seats: int,
                    hands: Sequence[PlainMap]) -> tuple[int, tuple[str, ...]]:
    """CB-15: the first deal (1-based) that ends the match and who ended it
    (an exact call of `instant_win`, made); (0, ()) if none does."""
    target = rules.at_seats(rules.instant_win, seats)
    if target is None:
        return 0, ()
    for number, data in enumerate(hands, 1):
        calls, tricks = dict(data.get("calls", {})), dict(data.get("tricks", {}))
        made = tuple(p for p, c in calls.items()
                     if c == target and rules.made(c, tricks.get(p, 0)))
        if made:
            return number, made
    return 0, ()


def perfect_callers(rules: CallBreakRules, players: Sequence[str],
                    hands: Sequence[PlainMap]) -> tuple[str, ...]:
    """CB-16: who called exactly `perfect_call` and took exactly that many
    in every deal of a complete match (`rounds` deals); () if nobody."""
    target = rules.perfect_call
    if target is None or len(hands) != rules.rounds:
        return ()
    return tuple(p for p in players if all(
        dict(h.get("calls", {})).get(p) == target ==
        dict(h.get("tricks", {})).get(p) for h in hands))


def _groups(rules: CallBreakRules, ranked: Sequence[str],
            totals: Mapping[str, int]) -> list[list[str]]:
    """CB-14 `place_ties`: the players ranked by total (the order of play
    kept among equal totals), in the groups that share a place: equal
    totals together, or each player alone under `seats`."""
    groups: list[list[str]] = []
    for p in ranked:
        if groups and totals[groups[-1][0]] == totals[p] and \
                rules.place_ties != PlaceTies.SEATS:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def _ties_said(rules: CallBreakRules, ranked: Sequence[str],
               totals: Mapping[str, int]) -> tuple[list[Said], bool]:
    """The lines `place_ties = void|seats` adds for totals that tie, and
    whether nobody pays (`void` and a tie)."""
    tied = [[p for p in ranked if totals[p] == t]
            for t in dict.fromkeys(totals[p] for p in ranked)]
    tied = [group for group in tied if len(group) > 1]
    if not tied or rules.place_ties == PlaceTies.SHARE:
        return [], False
    names = [listed(group, " and ") for group in tied]
    if rules.place_ties == PlaceTies.VOID:
        return [Said("{names} tie (place_ties = void): nobody pays ({rule})",
                     names=listed(names), rule=rules.rule("places"))], True
    return [Said("{names} tie (place_ties = seats): the earlier in the order of "
                 "play takes the higher place", names=group) for group in names], False


def _whole(exact: Mapping[str, Fraction]) -> dict[str, int]:
    """Exact amounts (summing to 0) as whole units, summing to 0: each
    rounded down, the units left over to the largest remainders (then by
    name), so the same amounts always round the same way."""
    down = {p: v.numerator // v.denominator for p, v in exact.items()}
    left = -sum(down.values())
    order = sorted(exact, key=lambda p: (-(exact[p] - down[p]), p))
    for p in order[:left]:
        down[p] += 1
    return down


def _amount(units: Fraction, scale: int) -> Figure:
    """Stakes as people read them: "2", "1.5" (said in the reader's digits)."""
    points = units / scale
    return Figure(str(points.numerator) if points.denominator == 1 else
                  f"{float(points):g}")


def payout(rules: CallBreakRules, players: Sequence[str], totals: Mapping[str, int],
           hands: Sequence[PlainMap]) -> Paid | None:
    """The match's payments (None under `payout = difference` without an
    instant win: every pair settles the difference, CB-13)."""
    seats, scale = len(players), rules.score_kind.scale
    places = [rules.place_pay.value(i) for i in range(1, seats)]   # 2nd … last
    ended, winners = instant_winners(rules, seats, hands)
    if winners:
        return _instant(rules, players, ended, winners, places, scale, len(hands))
    perfect = perfect_callers(rules, players, hands)
    if perfect:
        return _perfect(rules, players, totals, perfect, places, scale, len(hands))
    if rules.payout != Payout.PLACES:
        return None
    return _places(rules, players, totals, places, scale, len(hands))


def _instant(rules: CallBreakRules, players: Sequence[str], ended: int,
             winners: tuple[str, ...], places: list[int], scale: int,
             recorded: int) -> Paid:
    rule = rules.rule("instant")
    pool = Fraction(sum(places) * scale)
    losers = [p for p in players if p not in winners]
    each = pool / len(losers) if losers else Fraction(0)
    exact = {p: (-each if p in losers else each * len(losers) / len(winners))
             for p in players}
    target = rules.at_seats(rules.instant_win, len(players))
    lines = [Said("{names} called exactly {target} and made it in deal {deal}: "
                  "the match ends there ({rule})", names=listed(winners, " and "),
                  target=target, deal=ended, rule=rule),
             Said("every opponent pays an equal share of what the losing places "
                  "pay together ({sum} = {total} stakes): {each} stakes each",
                  sum=listed(places, " + "), total=sum(places),
                  each=_amount(each, scale))]
    if recorded > ended:
        lines.append(Said("deals {first}–{last} were recorded after the match "
                          "ended: they are not paid", first=ended + 1, last=recorded))
    return Paid(_whole(exact), tuple(lines), (rule,), ended)


def _perfect(rules: CallBreakRules, players: Sequence[str], totals: Mapping[str, int],
             winners: tuple[str, ...], places: list[int], scale: int,
             recorded: int) -> Paid:
    """CB-16: the perfect callers hold the top places together; the others,
    ranked by their totals, pay the places after them (ties sharing), and
    the winners split what is paid."""
    rule = rules.rule("perfect")
    others = sorted((p for p in players if p not in winners), key=lambda p: -totals[p])
    owed = [0, *places][len(winners):]
    due: dict[str, Fraction] = {}
    ties, void = _ties_said(rules, others, totals)
    lines: list[Said] = [Said.ngettext(
        "{names} called exactly {call} and took exactly {call} in every deal: the "
        "winner ({rule})",
        "{names} called exactly {call} and took exactly {call} in every deal: joint "
        "winners ({rule})", count=len(winners), names=listed(winners, " and "),
        call=rules.perfect_call, rule=rule)]
    if void:
        return Paid({p: 0 for p in players}, (*lines, *ties), (rule,), recorded)
    lines += ties
    position = 0
    for group in _groups(rules, others, totals):
        shared = owed[position:position + len(group)]
        for p in group:
            due[p] = Fraction(sum(shared), len(group))
        if len(group) > 1:
            lines.append(Said("{names} tie: they share {sum} stakes, {each} each",
                              names=listed(group, " and "), sum=listed(shared, " + "),
                              each=_amount(due[group[0]] * scale, scale)))
        position += len(group)
    pool = sum(due.values(), Fraction(0))
    exact = {p: (pool / len(winners) if p in winners else -due[p]) * scale
             for p in players}
    paid = listed([Said("{name} pays {amount}", name=p,
                        amount=_amount(due[p] * scale, scale)) for p in due])
    lines.append(Said.ngettext("{paid}; {names} receives it", "{paid}; {names} share it",
                              count=len(winners), paid=paid,
                              names=listed(winners, " and ")))
    return Paid(_whole(exact), tuple(lines), (rule,), recorded)


def _places(rules: CallBreakRules, players: Sequence[str], totals: Mapping[str, int],
            places: list[int], scale: int, recorded: int) -> Paid:
    rule, kind = rules.rule("places"), rules.score_kind
    ranked = sorted(players, key=lambda p: -totals[p])
    lines, void = _ties_said(rules, ranked, totals)
    if void:
        return Paid({p: 0 for p in players}, tuple(lines), (rule,), recorded)
    # each player's share of the places they tie for (1st pays nothing)
    share: dict[str, Fraction] = {}
    position = 0
    groups = _groups(rules, ranked, totals)
    for group in groups:
        owed = [0, *places][position:position + len(group)]
        for p in group:
            share[p] = Fraction(sum(owed), len(group))
        if len(group) > 1:
            lines.append(Said("{names} tie for places {first}–{last}: they share "
                              "{sum} stakes, {each} each",
                              names=listed(group, " and "), first=position + 1,
                              last=position + len(group), sum=listed(owed, " + "),
                              each=_amount(share[group[0]] * scale, scale)))
        position += len(group)
    top, winners = totals[ranked[0]], groups[0]
    high = rules.at_seats(rules.high_double, len(players))
    factor = 1
    if high is not None and top >= high * kind.scale:
        factor = 2
        lines.append(Said("the winner's total {total} is at least {high} "
                          "(high_double): every payment is doubled",
                          total=Figure(kind.display(top)), high=high))
    due: dict[str, Fraction] = {}
    for p in ranked:
        if p in winners:
            continue
        pays = share[p] * factor
        if rules.low_double and totals[p] < 0:
            pays *= 2
            lines.append(Said("{name}'s total {total} is below 0 (low_double): "
                              "pays double", name=p, total=Figure(kind.display(totals[p]))))
        due[p] = pays
    pool = sum(due.values(), Fraction(0))
    exact = {p: (pool / len(winners) if p in winners else -due[p]) * scale
             for p in players}
    if len(winners) > 1:
        # winners who tie pay their own shares into the pool they split
        own = {p: share[p] * factor * scale for p in winners}
        pool += sum(own.values(), Fraction(0)) / scale
        exact.update({p: pool * scale / len(winners) - own[p] for p in winners})
    said = listed([Said("{name} pays {amount}", name=p,
                        amount=_amount(due[p] * scale, scale)) for p in due])
    lines.insert(0, Said("payout = places ({rule}), stakes to {names}: {paid}",
                         rule=rule, names=listed(winners, " and "), paid=said)
                 if due else
                 Said("payout = places ({rule}), stakes to {names}: nobody pays",
                      rule=rule, names=listed(winners, " and ")))
    return Paid(_whole(exact), tuple(lines), (rule,), recorded)


__all__ = ["Paid", "instant_winners", "payout", "perfect_callers"]
