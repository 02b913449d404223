"""Kitti's rules of one deal (RULES.md KI-6 … KI-16): the deal as entered,
its ruling and `resolve` (`Game.resolve` calls it). Pure: each player's
three hands, ranked by `core.threecard`, round by round."""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple, Sequence

from scorekeeper.core.cards import format_cards
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said
from scorekeeper.core.plain import PlainDict
from scorekeeper.core.threecard import KIND_NAMES, check_one_deck, strength
from scorekeeper.games.interface import ruling_json
from scorekeeper.games.kitti.arrange import Hands, check_arrangement
from scorekeeper.games.kitti.rules import MONEY, KittiRules, Ties, Win


class KittiHand(NamedTuple):
    seated: tuple[str, ...]
    dealer: str
    shown: tuple[tuple[str, Hands], ...]  # each player's hands; none: --winner
    winner: str | None                    # typed, when no cards are
    carried: tuple[int, ...] = ()         # deals nobody won, by number (KI-14)


class KittiResult(NamedTuple):
    rounds: tuple[str | None, ...]        # each round's winner (None: void)
    scores: tuple[tuple[str, int], ...]
    winner: str | None
    redeal: bool
    rules: tuple[str, ...]
    explanation: tuple[Said, ...]
    unverified: tuple[str, ...] = ()

    def as_json(self, hand: int | None) -> PlainDict:
        """`record --json`: the keys every game's ruling has, the rounds'
        winners and whether the deal is dealt again."""
        return {**ruling_json(self, hand, MONEY.key), "rounds": list(self.rounds),
                "redeal": self.redeal}


def _round(order: Sequence[str], hands: dict[str, Hands], number: int,
           rules: KittiRules) -> tuple[str | None, Said]:
    """KI-9: who wins round `number` (from 0), the players shown in `order`."""
    keyed = [(p, strength(hands[p][number], rules)) for p in order]
    best = max(s.key for _, s in keyed)
    top = [(p, s) for p, s in keyed if s.key == best]
    name, won = top[0]
    kind, cards = Said(KIND_NAMES[won.kind_name]), format_cards(won.cards)
    if len(top) > 1 and rules.ties == Ties.VOID:
        return None, Said("round {number}: void, {names} tie with a {kind}",
                          number=number + 1, kind=kind,
                          names=", ".join(p for p, _ in top))
    return name, Said("round {number}: {name} wins with {cards}, a {kind}",
                      number=number + 1, name=name, cards=cards, kind=kind)


def _four(hands: dict[str, Hands], seated: Sequence[str]
          ) -> tuple[list[tuple[int, str]], list[str]]:
    """Who holds four of a rank (with its value) and who four pairs."""
    fours, pairs = [], []
    for p in seated:
        counts = Counter(c.rank for h in hands[p] for c in h)
        fours += [(14 if r == 1 else r, p) for r, n in counts.items() if n == 4]
        if sum(n // 2 for n in counts.values()) >= 4:
            pairs.append(p)
    return fours, pairs


def _deal_winner(rounds: Sequence[str | None], rules: KittiRules) -> str | None:
    """KI-10: two rounds, or two in a row under `win = consecutive`."""
    if rules.win == Win.CONSECUTIVE:
        return next((a for a, b in zip(rounds, rounds[1:]) if a is not None and a == b),
                    None)
    won = Counter(p for p in rounds if p is not None)
    return next((p for p, n in won.items() if n >= 2), None)


def _paid(args: KittiHand, winner: str | None, times: int,
          rules: KittiRules) -> tuple[tuple[str, int], ...]:
    """KI-15: each loser pays the winner the stake (and those carried in)."""
    unit = rules.stake * (1 + len(args.carried)) * times
    losers = len(args.seated) - 1
    return tuple((p, 0 if winner is None else unit * losers if p == winner else -unit)
                 for p in args.seated)


def _played(args: KittiHand, rules: KittiRules) -> KittiResult:
    hands = dict(args.shown)
    missing = [p for p in args.seated if p not in hands]
    if missing:
        raise Impossible(Said("no hands given for {names}", names=", ".join(missing)),
                         rules.rule("table"))
    for p in args.seated:
        check_arrangement(hands[p], rules)
    check_one_deck([c for p in args.seated for h in hands[p] for c in h], rules)
    fours, pairs = _four(hands, args.seated)
    if fours and rules.four_kind:
        name = max(fours)[1]
        return KittiResult((), _paid(args, name, 1, rules), name, False,
                           (rules.rule("four_kind"), rules.rule("ledger")),
                           (Said("{name} holds four of a rank: wins the deal at once",
                                 name=name),))
    if pairs and rules.four_pairs:
        return KittiResult((), _paid(args, None, 1, rules), None, True,
                           (rules.rule("four_pairs"),),
                           (Said("{name} holds four pairs: the cards are dealt again",
                                 name=pairs[0]),))
    return _rounds(args, hands, rules)


def _rounds(args: KittiHand, hands: dict[str, Hands], rules: KittiRules) -> KittiResult:
    seats = args.seated
    first = seats[(seats.index(args.dealer) + 1) % len(seats)] \
        if args.dealer in seats else seats[0]
    rounds: list[str | None] = []
    lines = []
    for number in range(3):
        start = seats.index(first)
        winner, line = _round(seats[start:] + seats[:start], hands, number, rules)
        rounds.append(winner)
        lines.append(line)
        first = winner or first
    winner = _deal_winner(rounds, rules)
    ids = [rules.rule("deal"), rules.rule("round_ties"), rules.rule("win")]
    salami = winner is not None and rounds.count(winner) == 3
    if salami:
        ids.append(rules.rule("salami"))
        lines.append(Said("{name} won all three rounds: salami, paid {times} times",
                          name=winner, times=rules.salami))
    elif winner is not None:
        lines.append(Said("{name} wins the deal", name=winner))
    else:
        ids.append(rules.rule("carry"))
        lines.append(Said("nobody won two rounds: kitti, the cards are dealt again"))
    return KittiResult(tuple(rounds), _paid(args, winner, rules.salami if salami else 1,
                                            rules),
                       winner, False, (*ids, rules.rule("ledger")), tuple(lines))


def resolve(args: KittiHand, rules: KittiRules) -> KittiResult:
    """KI-6 … KI-16: the deal's rounds, its winner and who pays what."""
    carried = (Said.ngettext("the stake of {count} deal nobody won is carried in",
                             "stakes of {count} deals nobody won are carried in",
                             count=len(args.carried)),) if args.carried else ()
    if args.shown and args.winner is not None:
        raise Impossible(Said("give each player's hands or --winner, not both"),
                         rules.rule("unverified"))
    if args.shown:
        result = _played(args, rules)
        return result._replace(explanation=carried + result.explanation)
    if args.winner is None:
        raise Impossible(Said("give each player's hands (--hand NAME=CARDS) or "
                              "--winner NAME"), rules.rule("unverified"))
    return KittiResult((), _paid(args, args.winner, 1, rules), args.winner, False,
                       (rules.rule("unverified"), rules.rule("ledger")),
                       (*carried, Said("{name} won: no cards were typed",
                                       name=args.winner)),
                       (args.winner,))
