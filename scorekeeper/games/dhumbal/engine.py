"""The Dhumbal engine: one engine for every Dhumbal profile.

Everything here is a pure function of immutable values and a `DhumbalRules`.
The profile decides the numbers (values, call limit, penalty), the scoring
(`winner-collects` zero-sum transfers or `penalty-points`), which discards
are legal and which rule ids are cited; the engine never asks which profile
it is playing.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple, Sequence

from scorekeeper.core.cards import Card, check_copies
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said
from scorekeeper.core.numbers import listed
from scorekeeper.core.scores import NET, PENALTY_POINTS, ScoreKind
from scorekeeper.core.seating import Shown, clockwise_from_left_of
from scorekeeper.games.dhumbal.rules import CaughtPays, DhumbalRules, Ties
from scorekeeper.games.dhumbal.turns import check_call_value, hand_value


class DhumbalHand(NamedTuple):
    """The inputs of one hand: who sat, who dealt, who called, what was shown."""

    players: tuple[str, ...]          # seated this hand, clockwise
    dealer: str
    caller: str | None                # None: a show at the turn cap
    shown: tuple[tuple[str, Shown], ...]
    # Each player's total before the hand, where the rules read it (YA-9).
    totals: tuple[tuple[str, int], ...] = ()


class DhumbalResult(NamedTuple):
    """A named tuple, like the hand: `verify` makes one per stored hand."""

    values: tuple[tuple[str, int], ...]
    caller: str | None
    caught: bool | None
    winner: str
    charges: tuple[tuple[str, int], ...]      # what each player is charged
    scores: tuple[tuple[str, int], ...]       # net (zero-sum) or points added
    zero_sum: bool
    rules: tuple[str, ...]
    explanation: tuple[Said, ...]
    unverified: tuple[str, ...]
    shown: tuple[tuple[str, Shown], ...] = ()
    reset: tuple[str, ...] = ()               # totals reset by YA-9

    @property
    def score_kind(self) -> ScoreKind:
        return NET if self.zero_sum else PENALTY_POINTS

    @property
    def net(self) -> dict[str, int] | None:
        return dict(self.scores) if self.zero_sum else None

    @property
    def points(self) -> dict[str, int] | None:
        return None if self.zero_sum else dict(self.scores)

    def as_json(self, hand: int | None = None) -> dict[str, object]:
        data: dict[str, object] = {"hand": hand, "winner": self.winner,
                                   "caught": self.caught}
        data[self.score_kind.key] = dict(self.scores)
        data.update({
            "rules": list(self.rules),
            "caller": self.caller,
            "values": dict(self.values),
            "charges": dict(self.charges),
            "unverified": list(self.unverified),
            "reset": list(self.reset),
            "explanation": [line.english for line in self.explanation],
        })
        return data


def validate_hand(hand: DhumbalHand, rules: DhumbalRules) -> None:
    """Refuse impossible input (exit 2) before any ruling."""
    players = hand.players
    n = len(players)
    rules.check_player_count(n)
    if len(set(map(str.casefold, players))) != n:
        raise Impossible(Said("player names must be distinct"), rules.rule("table"))
    if hand.dealer not in players:
        raise Impossible(Said("the dealer {name} is not at the table",
                              name=hand.dealer),
                         rules.rule("deal"))
    given = [name for name, _ in hand.shown]
    if given != list(players):       # the players' own, in seat order: all fine
        _check_given(given, players, rules)
    if hand.caller is not None and hand.caller not in players:
        raise Impossible(Said("the caller {name} is not at the table",
                              name=hand.caller),
                         rules.rule("call"))
    if hand.caller is None and rules.turn_cap is None:
        raise Impossible(Said("these rules have no turn cap (turn_cap = none): a hand "
                              "ends only with a call (--call NAME)"), rules.rule("show"))
    held = _shown_cards(hand.shown, rules)
    check_copies([cards for _, cards in held], rules.decks, rules.jokers,
                 rules.rule("table"), holders=[name for name, _ in held])


def _check_given(given: list[str], players: tuple[str, ...],
                 rules: DhumbalRules) -> None:
    """Every player shows exactly once, and nobody else does."""
    missing = [p for p in players if p not in given]
    if missing:
        raise Impossible(Said("no hand given for {names}: every player shows "
                              "(--hand NAME=CARDS)", names=", ".join(missing)),
                         rules.rule("resolve"))
    extra = [g for g in given if g not in players]
    if extra or len(given) != len(set(given)):
        raise Impossible(Said("hands given twice or for someone not seated: {names}",
                              names=", ".join(extra or given)), rules.rule("table"))


def _shown_cards(shown: Sequence[tuple[str, Shown]], rules: DhumbalRules
                 ) -> list[tuple[str, tuple[Card, ...]]]:
    """The hands shown card by card, with whose they are (for the count of
    copies, DH-1 / DC-1, which names who holds a card given too often),
    each refused if it holds more cards than a hand (DH-3 / DC-3), and each
    agreed total refused if no hand is worth it (DH-2 / DC-2)."""
    hands = []
    for name, s in shown:
        if s.cards is not None:
            if len(s.cards) > rules.hand_size:
                raise Impossible(Said("{name} shows {count} cards; a hand holds "
                                      "0–{most}", name=name, count=len(s.cards),
                                      most=rules.hand_size), rules.rule("deal"))
            hands.append((name, s.cards))
        elif s.total is None or not 0 <= s.total <= rules.max_hand_value:
            raise Impossible(Said("{name}'s total {total} is impossible: a hand is "
                                  "worth 0–{most}", name=name,
                                  total=s.total, most=rules.max_hand_value),
                             rules.rule("values"))
    return hands


def resolve(hand: DhumbalHand, rules: DhumbalRules) -> DhumbalResult:
    """Rule on one hand: a call (DH-8 / DC-8) or a show at the cap (DH-10)."""
    validate_hand(hand, rules)
    players = hand.players
    values = {}         # loops, not comprehensions, for a table's few players:
    unverified = []     # cheaper, for each hand verify rules
    for name, shown in hand.shown:
        if shown.cards is not None:
            values[name] = hand_value(shown.cards, rules)
        else:                               # an agreed total (validate_hand)
            assert shown.total is not None
            values[name] = shown.total
            unverified.append(name)
    order = clockwise_from_left_of(hand.dealer, players)
    cited = [rules.rule("values")]
    lines: list[Said] = []
    if hand.caller is None:
        cited.append(rules.rule("show"))
        winner, caught, charges = _show(hand, rules, values, order, lines)
    else:
        check_call_value(values[hand.caller], rules, len(players))
        cited += [rules.rule("call"), rules.rule("resolve")]
        winner, caught, charges = _call(hand, hand.caller, rules, values, order,
                                        lines)
        cited += _house_rules(rules, hand.caller, caught, values)
    zero_sum = rules.zero_sum
    if zero_sum:
        scores = _collects(players, winner, charges, rules, lines)
        cited.append(rules.rule("ledger"))
        reset: tuple[str, ...] = ()
    else:
        scores = _points(hand, rules, charges, lines)
        reset = tuple([p for p in players if scores[p] != charges[p]])
        if reset:
            cited.append(rules.rule("reset"))
    if unverified:
        lines.append(Said("Unverified totals (not shown card by card): {names}",
                          names=", ".join(unverified)))
    return DhumbalResult(       # by position: `verify` makes one per hand
        tuple([(p, values[p]) for p in players]),       # values
        hand.caller,                                    # caller
        caught,                                         # caught
        winner,                                         # winner
        tuple(charges.items()),     # charges, keyed in seat order as made
        tuple(scores.items()),      # scores, likewise
        zero_sum,                                       # zero_sum
        tuple(dict.fromkeys(cited)),                    # rules
        tuple(lines),                                   # explanation
        tuple(unverified),                              # unverified
        hand.shown,                                     # shown
        reset,                                          # reset
    )


def _collects(players: Sequence[str], winner: str, charges: Mapping[str, int],
              rules: DhumbalRules, lines: list[Said]) -> dict[str, int]:
    """DH-11 (winner-collects): each player pays their charge, the winner
    collects them all."""
    scores = {}
    paid = []
    for p in players:
        scores[p] = -charges[p]
        if p != winner and charges[p]:
            paid.append(Said("{name} pays {points}", name=p, points=charges[p]))
    scores[winner] = sum(charges.values()) - charges[winner]
    if paid:
        lines.append(Said("{name} collects {points}: {paid} ({rule})", name=winner,
                          points=scores[winner], paid=listed(paid),
                          rule=rules.rule("ledger")))
    else:
        lines.append(Said("{name} collects {points} ({rule})", name=winner,
                          points=scores[winner], rule=rules.rule("ledger")))
    return scores


def _points(hand: DhumbalHand, rules: DhumbalRules, charges: Mapping[str, int],
            lines: list[Said]) -> dict[str, int]:
    """Penalty points: each player adds their charge; YA-9 (`reset`): a
    total that rises onto 50 or 100 drops by 50 (the hand's points with it)."""
    scores = dict(charges)
    lines.append(Said("Points added: {added}", added=listed(
        [Said("{name} +{points}", name=p, points=scores[p]) for p in hand.players])))
    if not rules.reset:
        return scores
    before = dict(hand.totals)
    for p in hand.players:
        start = before.get(p, 0)
        if charges[p] > 0 and start + charges[p] in rules.reset_totals:
            scores[p] -= rules.reset_by
            lines.append(Said("{name} {start} + {points} = {total} lands on "
                              "{total} → reset to {reset} ({rule}): {net:+d} this "
                              "hand", name=p, start=start, points=charges[p],
                              total=start + charges[p], reset=start + scores[p],
                              rule=rules.rule("reset"), net=scores[p]))
    return scores


def _show(hand: DhumbalHand, rules: DhumbalRules, values: Mapping[str, int],
          order: Sequence[str], lines: list[Said]
          ) -> tuple[str, None, dict[str, int]]:
    """DH-10: the lowest hand wins; every other player is charged theirs."""
    winner = _lowest(order, values)
    lines.append(Said("Show after {turns} turns ({rule}): no call penalty; the "
                      "lowest hand wins", turns=rules.turn_cap,
                      rule=rules.rule("show")))
    lines.append(_lowest_line(winner, order, values, rules, hand.dealer))
    charges = {p: 0 if p == winner else values[p] for p in hand.players}
    return winner, None, charges


def _call(hand: DhumbalHand, caller: str, rules: DhumbalRules,
          values: Mapping[str, int], order: Sequence[str], lines: list[Said]
          ) -> tuple[str, bool, dict[str, int]]:
    """DH-8 / DC-8: the caller wins if strictly lowest (DO-2: or lowest
    with a tie, under `ties = caller_wins`), else is caught."""
    resolve_id = rules.rule("resolve")
    charges = dict.fromkeys(hand.players, 0)
    mine = values[caller]
    others = list(order)             # the caller is one of them, once
    others.remove(caller)
    tie_wins = rules.ties == Ties.CALLER_WINS
    beaters = []
    for p in others:
        if values[p] < mine or (values[p] == mine and not tie_wins):
            beaters.append(p)
    lowest_other = min(map(values.__getitem__, others))
    if not beaters:
        lines.append(_won(caller, mine, lowest_other, rules))
        for p in others:
            charges[p] = values[p]
        return caller, False, charges
    penalty = rules.penalty
    if (rules.double_penalty
            and mine - lowest_other > rules.double_penalty_margin):
        penalty = rules.double_penalty_amount
        lines.append(Said("{caller} {value} − lowest {lowest} > {margin} → "
                          "double penalty {penalty} ({rule})", caller=caller,
                          value=mine, lowest=lowest_other,
                          margin=rules.double_penalty_margin, penalty=penalty,
                          rule=resolve_id))
    first = beaters[0]
    lines.append(Said("{name} {beats} {sign} {caller} {value} → {caller} is "
                      "caught ({rule}) and {cost}", name=first,
                      beats=values[first], sign="<" if tie_wins else "≤",
                      caller=caller, value=mine, rule=resolve_id,
                      cost=_cost(rules, penalty, mine)))
    charges[caller] = penalty + (mine if rules.caught_pays
                                 == CaughtPays.PLUS else 0)
    winner = _lowest(others, values)
    lines.append(_lowest_line(winner, others, values, rules, hand.dealer))
    if rules.caught_others_charged:
        for p in others:
            if p != winner and not (rules.share_lowest
                                    and values[p] == values[winner]):
                charges[p] = values[p]
        shared = [p for p in others if p != winner and values[p] == values[winner]]
        if rules.share_lowest and shared:
            lines.append(_shared(shared, values[winner], resolve_id))
    else:
        lines.append(Said("Everyone but the caller scores 0 ({rule})",
                          rule=resolve_id))
    return winner, True, charges


def _won(caller: str, mine: int, lowest: int, rules: DhumbalRules) -> Said:
    """Why the caller wins the call: strictly lowest, or tied under DO-2."""
    if lowest == mine:
        return Said("{caller} {value} = lowest other {lowest}: a tie goes to the "
                    "caller (ties = caller_wins, {ties}) → {caller} wins the call "
                    "({rule}) and is charged nothing", caller=caller, value=mine,
                    lowest=lowest, ties=rules.rule("ties"),
                    rule=rules.rule("resolve"))
    return Said("{caller} {value} < every other hand (lowest {lowest}) → {caller} "
                "wins the call ({rule}) and is charged nothing", caller=caller,
                value=mine, lowest=lowest, rule=rules.rule("resolve"))


def _shared(shared: Sequence[str], value: int, rule: str) -> Said:
    """YA-8: the other players tied at the lowest hand score 0 too."""
    return Said.ngettext("{names} also has the lowest hand, {value}, and scores 0 too "
                         "({rule})",
                         "{names} also have the lowest hand, {value}, and score 0 too "
                         "({rule})", count=len(shared), names=listed(shared), value=value,
                         rule=rule)


# A call limit that is one number, or none (DO-1 is a table by player count).
_PLAIN_LIMIT = (int, type(None))


def _house_rules(rules: DhumbalRules, caller: str, caught: bool,
                 values: Mapping[str, int]) -> list[str]:
    """The ids of the house options (DO-1 … DO-3) that shaped this call."""
    cited = []
    if not isinstance(rules.call_limit, _PLAIN_LIMIT):
        cited.append(rules.rule("call_table"))
    if rules.ties == Ties.CALLER_WINS and not caught and any(
            v == values[caller] for p, v in values.items() if p != caller):
        cited.append(rules.rule("ties"))
    if rules.caught_pays == CaughtPays.PLUS and caught:
        cited.append(rules.rule("caught_pays"))
    return cited


def _cost(rules: DhumbalRules, penalty: int, hand: int) -> Said:
    """What the caught caller pays (DH-8 / DC-8; DO-3 under `plus`)."""
    if rules.caught_pays == CaughtPays.PLUS:
        if rules.zero_sum:
            return Said("pays {penalty} + {hand} = {total} (penalty plus the hand: "
                        "caught_pays = plus, {rule})", penalty=penalty, hand=hand,
                        total=penalty + hand, rule=rules.rule("caught_pays"))
        return Said("adds {penalty} + {hand} = {total} points (penalty plus the "
                    "hand: caught_pays = plus, {rule})", penalty=penalty,
                    hand=hand, total=penalty + hand, rule=rules.rule("caught_pays"))
    if rules.zero_sum:
        return Said("pays {penalty} instead of {hand}", penalty=penalty, hand=hand)
    return Said("adds {penalty} penalty points", penalty=penalty)


def _lowest(order: Sequence[str], values: Mapping[str, int]) -> str:
    """Lowest value; ties go to the first in `order` (clockwise from the
    dealer's left)."""
    best = min(values[p] for p in order)
    return next(p for p in order if values[p] == best)


def _lowest_line(winner: str, order: Sequence[str], values: Mapping[str, int],
                 rules: DhumbalRules, dealer: str) -> Said:
    tied = [p for p in order if values[p] == values[winner]]
    if len(tied) == 1:
        return Said("{name} has the lowest hand, {value}, and wins", name=winner,
                    value=values[winner])
    return Said("{names} and {last} tie at {value}: {name} wins as the first "
                "clockwise from the dealer {dealer}'s left ({rule})",
                names=", ".join(tied[:-1]), last=tied[-1], value=values[winner],
                name=winner, dealer=dealer, rule=rules.rule("resolve"))
