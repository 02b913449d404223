"""One whole hand of Marriage: the finisher's show (MA-10), every player's
maal (MA-11) and what the mode does with it (MA-15), the settlement with
its fees (MA-12, MA-16) and refused shows' penalties (MA-13).

Pure functions on frozen values and a `MarriageRules`; every rule id comes
from the rules' table.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from scorekeeper.core.cards import JOKER, Card, format_cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.language import NOTHING, Said
from scorekeeper.core.numbers import listed
from scorekeeper.core.seating import Shown, check_seated
from scorekeeper.games.marriage.finish import Finish, exposed_melds, find_finish
from scorekeeper.games.marriage.maal import Maal, MaalItem, maal, max_maal
from scorekeeper.games.marriage.rules import FinishKind, Foul, MarriageRules, Mode
from scorekeeper.games.marriage.settlement import PairLine, Payment, Settlement, check_sight, settle
from scorekeeper.games.marriage.wildcards import Wildcards

MaalValue = Maal | int        # computed from cards, or an agreed number


# Named tuples rather than dataclasses: as immutable, and cheaper to define
# on the path of `settle` and `record`, which must answer at once.
class MarriageHand(NamedTuple):
    players: tuple[str, ...]
    dealer: str
    finisher: str | None              # None: the stock ran out (MA-8)
    by: FinishKind
    tiplu: Card | None                # None: every hand agreed, no cards
    seen: tuple[str, ...]             # who saw the tiplu by qualifying (MA-5)
    shown: tuple[tuple[str, Shown], ...]   # name → cards or agreed maal
    tunnelas: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    invalid_shows: tuple[str, ...] = ()   # refused shows this hand (MA-13)
    seen_dublees: tuple[str, ...] = ()    # rivals who saw through 7 dublees
    exposed: tuple[tuple[Card, ...], ...] = ()   # the finisher's (MA-5)
    fouls_due: tuple[str, ...] = ()       # refused shows of before (MA-20)
    double: bool = False                  # every payment ×2 (MA-22)


class MarriageResult(NamedTuple):
    players: tuple[str, ...]
    finisher: str | None
    by: FinishKind | None
    tiplu: Card | None
    seen: tuple[str, ...]             # by qualifying, and the finisher
    maal: tuple[tuple[str, MaalValue], ...]   # as shown, before the mode
    settlement: Settlement
    arrangement: tuple[tuple[Card, ...], ...]
    kinds: tuple[str, ...]
    discard: Card | None
    rules: tuple[str, ...]
    explanation: tuple[Said, ...]
    unverified: tuple[str, ...]
    wildcards: Said
    invalid_shows: tuple[str, ...] = ()
    penalties: tuple[PairLine, ...] = ()      # MA-13 penalties
    seen_dublees: tuple[str, ...] = ()
    mode: str = str(Mode.MURDER)
    exposed: tuple[tuple[Card, ...], ...] = ()
    factor: int = 1                           # 2 for a doubled hand (MA-22)
    fouls_due: tuple[str, ...] = ()           # refused shows of before it pays
    fouls_waiting: tuple[str, ...] = ()       # … whose fouler sits it out (MA-20)

    @property
    def zero_sum(self) -> bool:
        return True

    @property
    def winner(self) -> str | None:
        return self.finisher

    @property
    def scores(self) -> tuple[tuple[str, int], ...]:
        net = dict(self.settlement.net)
        for line in self.penalties:
            net[line.payer] -= line.amount
            net[line.payee] += line.amount
        return tuple((p, net[p] * self.factor) for p in self.players)

    @property
    def pairwise(self) -> tuple[PairLine, ...]:
        """Every transfer of the hand: fees, maal differences, penalties."""
        lines = tuple(self.settlement.pairwise) + self.penalties
        if self.factor == 1:
            return lines
        return tuple(line._replace(amount=line.amount * self.factor,
                                   reason=Said("{reason}, doubled",
                                               reason=line.reason))
                     for line in lines)

    def maal_totals(self) -> tuple[tuple[str, int], ...]:
        """Each player's maal as it counts (after the mode, MA-15)."""
        return tuple(self.settlement.counted.items())

    def maal_shown(self) -> tuple[tuple[str, int], ...]:
        """Each player's maal from their cards or agreed, before the mode."""
        return tuple((p, maal_total(m)) for p, m in self.maal)

    def payments_json(self) -> list[dict[str, object]]:
        return [{"rival": p.rival, "fee": p.fee * self.factor,
                 "amount": p.amount * self.factor}
                for p in self.settlement.payments]

    def as_json(self, hand: int | None = None) -> dict[str, object]:
        return {
            "hand": hand,
            "winner": self.finisher,
            "caught": None,
            "net": dict(self.scores),
            "rules": list(self.rules),
            "maal": dict(self.maal_totals()),
            "maal_shown": dict(self.maal_shown()),
            "mode": self.mode,
            "finisher": self.finisher,
            "by": None if self.by is None else str(self.by),
            "tiplu": None if self.tiplu is None else str(self.tiplu),
            "seen": list(self.seen),
            "seen_dublees": list(self.seen_dublees),
            "total_maal": self.settlement.total_maal,
            "fees": {p.rival: p.fee * self.factor
                     for p in self.settlement.payments},
            "double": self.factor == 2,
            "fouls_due": list(self.fouls_due),
            "fouls_waiting": list(self.fouls_waiting),
            "payments": self.payments_json(),
            "pairwise": [{"payer": line.payer, "payee": line.payee,
                          "amount": line.amount, "reason": line.reason.english}
                         for line in self.pairwise],
            "maal_items": {p: [_item_json(i) for i in maal_items(m)]
                           for p, m in self.maal},
            "arrangement": [[str(c) for c in group] for group in self.arrangement],
            "exposed": [[str(c) for c in meld] for meld in self.exposed],
            "discard": str(self.discard) if self.discard else None,
            "unverified": list(self.unverified),
            "invalid_shows": list(self.invalid_shows),
            "wildcards": self.wildcards.english,
            "explanation": [line.english for line in self.explanation],
        }


def maal_total(m: MaalValue) -> int:
    return m if isinstance(m, int) else m.total


def maal_items(m: MaalValue) -> tuple[MaalItem, ...]:
    return () if isinstance(m, int) else m.items


def _item_json(item: MaalItem) -> dict[str, object]:
    return {"name": item.name.english, "cards": [str(c) for c in item.cards],
            "value": item.value}


def _validate_table(hand: MarriageHand, rules: MarriageRules) -> None:
    """Who plays, who is named, who saw how (MA-1, MA-5, MA-9, MA-13)."""
    rules.check_player_count(len(hand.players))
    given = [p for p, _ in hand.shown]
    missing = [p for p in hand.players if p not in given]
    if missing:
        raise Impossible(Said("no hand given for {names}: give each player's "
                              "maal cards, '-' for none, or an agreed maal "
                              "number (--hand NAME=…)", names=", ".join(missing)),
                         rules.rule("maal"))
    named = (*hand.invalid_shows, *hand.seen, *hand.seen_dublees,
             *(p for p, _ in hand.tunnelas),
             *(() if hand.finisher is None else (hand.finisher,)))
    check_seated(hand.players, named, rules.rule("table"))
    if hand.finisher is not None and hand.by == FinishKind.DUBLEES and \
            len(hand.players) < rules.dublee_min_players:
        rule = rules.rule("dublee_players")
        raise Refused(Said("a finish by dublees needs at least {least} players "
                           "at the table (dublee_min_players, {rule}); this "
                           "hand has {count}", least=rules.dublee_min_players,
                           rule=rule, count=len(hand.players)), rule)
    if hand.exposed and hand.finisher is None:
        raise Impossible(Said("--exposed names the finisher's exposed melds: "
                              "there is no finisher"), rules.rule("qualify"))
    check_sight(hand.finisher, hand.seen, hand.seen_dublees, rules)


def validate(hand: MarriageHand, rules: MarriageRules) -> None:
    _validate_table(hand, rules)
    shown = dict(hand.shown)
    if hand.finisher is not None:
        f_cards = shown[hand.finisher].cards
        if f_cards is not None and len(f_cards) not in (21, 22):
            raise Impossible(Said.ngettext("the finisher {name} shows {count} card; a "
                                          "finishing show is 21 cards (or 22 with the "
                                          "discard), or agreed: shown:MAAL",
                                          "the finisher {name} shows {count} cards; a "
                                          "finishing show is 21 cards (or 22 with the "
                                          "discard), or agreed: shown:MAAL",
                                          count=len(f_cards), name=hand.finisher),
                             rules.rule("finish"))
        if f_cards is None and hand.exposed:
            raise Impossible(Said("--exposed needs the finisher's cards: a show "
                                  "agreed at the table (shown:MAAL) is not ruled "
                                  "card by card"), rules.rule("qualify"))
    for name, s in hand.shown:
        if s.total is not None:
            check_agreed_maal(name, s.total, _natural(name, hand), rules)
        if s.cards is not None and name != hand.finisher \
                and len(s.cards) > rules.hand_size:
            raise Impossible(Said("{name} shows {count} cards; a hand holds "
                                  "{size} (only the finisher shows 22, with the "
                                  "discard)", name=name, count=len(s.cards),
                                  size=rules.hand_size), rules.rule("deal"))
    showing = [(name, s.cards) for name, s in hand.shown if s.cards is not None]
    rules.check_shoe(*(cards for _, cards in showing), tiplu=hand.tiplu,
                     holders=[name for name, _ in showing])
    for name, tunnelas in hand.tunnelas:
        held = shown[name].cards
        if held is None:
            raise Impossible(Said("{name}'s dealt tunnela needs their cards, not "
                                  "an agreed maal number", name=name),
                             rules.rule("tunnela"))
        for c in tunnelas:
            if held.count(c) < 3 * tunnelas.count(c):
                raise Impossible(Said("{name} claims a dealt tunnela of {card} but "
                                      "shows {count} of it (a tunnela is 3 "
                                      "identical cards)", name=name, card=str(c),
                                      count=held.count(c)), rules.rule("tunnela"))


def _natural(name: str, hand: MarriageHand) -> bool:
    """Whether `name` saw the tiplu by a natural qualification (MA-5): the
    dealt-tunnela bonus needs it (MA-11). Not a player who never saw, one
    who saw through 7 dublees, nor a finisher by dublees."""
    if name == hand.finisher:
        return hand.by != FinishKind.DUBLEES
    return name in hand.seen


def check_agreed_maal(name: str, total: int, natural: bool,
                      rules: MarriageRules) -> None:
    """An agreed maal number three decks can give this player (MA-11): at
    most `max_maal`, and without a natural qualification no dealt-tunnela
    bonus (34 under MA-11, 64 with alters)."""
    if total < 0:
        raise Impossible(Said("{name}'s maal {total} is negative; maal is a "
                              "bonus, never a penalty", name=name, total=total),
                         rules.rule("maal"))
    most = max_maal(rules, natural)
    if total <= most:
        return
    # the densest hand in words only under the rule book's own table; under
    # another (MA-19) the bound is that table's densest hand, whatever it is
    table = not rules.maal_table_changed
    values = {"name": name, "total": total, "most": most,
              "rule": rules.rule("maal_table")}
    if natural:
        raise Impossible(Said(
            "{name}'s agreed maal {total} is more than three decks can give one "
            "hand: at most {most} with these options (two dealt tunnelas of "
            "jhiplu and poplu, two tiplu copies, three of ordinary wildcards, "
            "one more)", **values) if table else Said(
            "{name}'s agreed maal {total} is more than three decks can give one "
            "hand: at most {most} with these options (the best hand under this "
            "maal table, {rule})", **values), rules.rule("maal"))
    if table:
        said = Said("{name}'s agreed maal {total} is more than {name} can hold: "
                    "at most {most} without the dealt-tunnela bonus, which needs "
                    "a natural qualification (two marriages, a jhiplu and a "
                    "poplu, three alters)", **values) if rules.alter else \
            Said("{name}'s agreed maal {total} is more than {name} can hold: "
                 "at most {most} without the dealt-tunnela bonus, which needs a "
                 "natural qualification (two marriages, a jhiplu and a poplu)",
                 **values)
    else:
        said = Said("{name}'s agreed maal {total} is more than {name} can hold: "
                    "at most {most} without the dealt-tunnela bonus, which needs "
                    "a natural qualification (the best hand under this maal "
                    "table, {rule})", **values)
    raise Impossible(said, rules.rule("maal"))


def resolve(hand: MarriageHand, rules: MarriageRules) -> MarriageResult:
    """Rule on one hand: the finisher's show (MA-10), every maal (MA-11) and
    what the mode does with it (MA-15), the settlement and its fees (MA-12,
    MA-16) and any refused shows' penalties (MA-13)."""
    validate(hand, rules)
    wildcards = Wildcards.from_tiplu(hand.tiplu).describe() if hand.tiplu \
        else Said("no tiplu given: every hand is an agreed number")
    if hand.tiplu and rules.printed_jokers:
        wildcards = Said("{wild}, and every JK ({rule})", wild=wildcards,
                         rule=rules.rule("jokers"))
    shown = dict(hand.shown)
    cited = [rules.rule("table")] + ([rules.rule("wild")] if hand.tiplu else [])
    lines: list[Said] = [wildcards]
    finish = _finish(hand, shown, rules, cited, lines)
    seen = tuple(p for p in hand.players if p in hand.seen or p == hand.finisher)
    cited.append(rules.rule("maal"))
    maal_values = tuple((p, _maal_of(p, shown[p], hand, rules, lines))
                        for p in hand.players)
    if any(not _natural(p, hand) for p, _ in hand.tunnelas):
        cited.append(rules.rule("qualify"))   # a tunnela not counted: no MA-5
    settlement = settle(hand.players, {p: maal_total(m) for p, m in maal_values},
                        hand.finisher, seen, by=hand.by, rules=rules,
                        seen_dublees=hand.seen_dublees)
    cited += _house_rules_cited(hand, maal_values, settlement, rules, lines)
    cited.append(rules.rule("settle"))
    lines += _settlement_lines(hand, settlement, rules)
    penalties = _invalid_show_penalties(hand, rules, cited, lines)
    factor = _doubled(hand, settlement, penalties, rules, cited, lines)
    unverified = _agreed_that_count(hand, rules)
    if unverified:
        lines.append(Said("Agreed maal, not shown card by card: {names}",
                          names=", ".join(unverified)))
    return MarriageResult(
        players=hand.players, finisher=hand.finisher,
        by=hand.by if hand.finisher else None, tiplu=hand.tiplu, seen=seen,
        maal=maal_values, settlement=settlement,
        arrangement=tuple(tuple(g) for g in finish.arrangement()) if finish else (),
        kinds=tuple(m.kind for m in finish.melds) if finish else (),
        discard=finish.discard if finish else None,
        rules=tuple(dict.fromkeys(cited)), explanation=tuple(lines),
        unverified=unverified, wildcards=wildcards,
        invalid_shows=hand.invalid_shows, penalties=penalties,
        seen_dublees=hand.seen_dublees, mode=str(rules.mode),
        exposed=hand.exposed, factor=factor,
        fouls_due=tuple(p for p in hand.fouls_due if p in hand.players),
        fouls_waiting=tuple(p for p in hand.fouls_due if p not in hand.players))


def _doubled(hand: MarriageHand, settlement: Settlement,
             penalties: Sequence[PairLine], rules: MarriageRules,
             cited: list[str], lines: list[Said]) -> int:
    """MA-22: a doubled hand (`--double`) pays every payment twice: 2, and
    its line; else 1."""
    if not hand.double:
        return 1
    rule = rules.rule("double")
    cited.append(rule)
    net = dict(settlement.net)
    for line in penalties:
        net[line.payer] -= line.amount
        net[line.payee] += line.amount
    lines.append(Said("A doubled hand (--double, {rule}): every payment ×2 → "
                      "{nets}", rule=rule, nets=listed([
                          Said("{name} {net:+d}", name=p, net=2 * net[p])
                          for p in hand.players])))
    return 2


def _finish(hand: MarriageHand, shown: dict[str, Shown], rules: MarriageRules,
            cited: list[str], lines: list[Said]) -> Finish | None:
    """The finisher's show ruled on (MA-10), or accepted as agreed, or no
    finisher (MA-8): its lines and rule ids added; `shown` keeps the 21
    cards that count."""
    if hand.finisher is not None and shown[hand.finisher].cards is None:
        cited.append(rules.rule("finish"))
        lines.append(Said("{name} finishes by {by}; the show was accepted at "
                          "the table, not shown card by card (agreed maal "
                          "{total}, unverified, {rule})", name=hand.finisher,
                          by=_by(hand.by), total=shown[hand.finisher].total,
                          rule=rules.rule("finish")))
    elif hand.finisher is not None:
        cited.append(rules.rule("finish"))
        if hand.exposed:
            cited.append(rules.rule("qualify"))
        finish = _check_show(hand, hand.finisher, rules)
        # The discard goes to the pile: maal counts the 21 cards shown.
        shown[hand.finisher] = shown[hand.finisher]._replace(cards=finish.shown())
        if hand.exposed:
            lines.append(Said("{name} exposed {melds} to see the tiplu ({rule}): "
                              "kept as exposed, the search arranges the other "
                              "cards", name=hand.finisher,
                              melds=" | ".join(format_cards(m) for m in hand.exposed),
                              rule=rules.rule("qualify")))
        values = {"name": hand.finisher, "by": _by(hand.by),
                  "groups": " | ".join(format_cards(g) for g in finish.arrangement()),
                  "discard": str(finish.discard), "rule": rules.rule("finish")}
        lines.append(Said("{name} finishes by {by}: {groups}; discards {discard} "
                          "(of the discards that finish, the one keeping the "
                          "most maal) ({rule})", **values) if finish.discard
                     else Said("{name} finishes by {by}: {groups} ({rule})",
                               **values))
        return finish
    else:
        cited.append(rules.rule("turn"))
        lines.append(Said("No finisher: the stock could not be refilled ({rule}); "
                          "no fees, maal only", rule=rules.rule("turn")))
    return None


def _unseen(hand: MarriageHand) -> tuple[str, ...]:
    """The players who did not see the tiplu (never the finisher)."""
    return tuple(p for p in hand.players if p != hand.finisher
                 and p not in hand.seen and p not in hand.seen_dublees)


def _agreed_that_count(hand: MarriageHand, rules: MarriageRules
                       ) -> tuple[str, ...]:
    """Agreed maal numbers that count for someone (MA-15: an unseen
    player's counts 0 under murder, and goes to the finisher under kidnap)."""
    unseen = _unseen(hand)
    counts_unseen = rules.mode == Mode.NORMAL or \
        (rules.mode == Mode.KIDNAP and hand.finisher is not None)
    return tuple(p for p, s in hand.shown if s.cards is None
                 and (p not in unseen or counts_unseen))


def _house_rules_cited(hand: MarriageHand,
                       maal_values: Sequence[tuple[str, MaalValue]],
                       settlement: Settlement, rules: MarriageRules,
                       lines: list[Said]) -> list[str]:
    """The lines and rule ids of the house options that mattered: the mode
    (MA-15), alters (MA-17), fees other than the rule book's (MA-16)."""
    cited = []
    mode_lines = _mode_lines(hand, settlement, rules)
    if mode_lines:
        cited.append(rules.rule("mode"))
        lines += mode_lines
    if any(item.cards[:1] == (JOKER,) for _, m in maal_values
           for item in maal_items(m)):
        cited.append(rules.rule("jokers"))
    if rules.maal_table_changed and any(maal_items(m) for _, m in maal_values):
        cited.append(rules.rule("maal_table"))
    if rules.alter and any("alter" in item.name.english for _, m in maal_values
                           for item in maal_items(m)):
        cited.append(rules.rule("alter"))
    if hand.seen_dublees or any(rules.house(option) for pay in settlement.payments
                                for option, _ in pay.fee_parts):
        cited.append(rules.rule("fees"))
    return cited


def _mode_lines(hand: MarriageHand, settlement: Settlement,
                rules: MarriageRules) -> list[Said]:
    """What the mode did to the maal of those who did not see (MA-15)."""
    mode_rule, shown = rules.rule("mode"), settlement.shown
    unseen = [p for p in _unseen(hand) if shown[p]]
    finisher = hand.finisher
    if rules.mode == Mode.KIDNAP and finisher is not None:
        out: list[Said] = []
        running = shown[finisher]
        for rival, taken in settlement.kidnapped:
            out.append(Said("{finisher} kidnaps {rival}'s maal {taken} ({rule}): "
                            "{finisher}'s maal {before} → {after}",
                            finisher=finisher, rival=rival, taken=taken,
                            rule=mode_rule, before=running, after=running + taken))
            running += taken
        return out
    if rules.mode == Mode.NORMAL:
        normal: list[Said] = [
            Said("{name} has not seen; in mode normal {name}'s maal {maal} "
                 "counts ({rule})", name=p, maal=shown[p], rule=mode_rule)
            for p in unseen]
        normal += [
            Said("{first} and {second} have both not seen: they do not settle "
                 "with each other (unseen_pairs = false, {rule})", first=a,
                 second=b, rule=mode_rule) for a, b in settlement.apart]
        return normal
    if rules.mode == Mode.MURDER:
        return [Said("{name} has not seen: {name}'s maal {maal} counts 0 ({rule})",
                     name=p, maal=shown[p], rule=mode_rule) for p in unseen]
    return [Said("{name} has not seen, and nobody finished to kidnap it: "
                 "{name}'s maal {maal} counts 0 ({rule})", name=p, maal=shown[p],
                 rule=mode_rule) for p in unseen]


def _by(by: FinishKind) -> Said:
    """How a finisher finished, in a ruling's words."""
    return Said("melds") if by == FinishKind.MELDS else Said("dublees")


def _check_show(hand: MarriageHand, finisher: str, rules: MarriageRules
                ) -> Finish:
    """MA-10 on the finisher's cards; MA-13 when the show is refused.

    With 22 cards the finisher has not said which card they discard: of the
    discards that leave a valid show, the ruling takes the one that keeps
    the most maal (the finisher's best), never one that breaks a tunnela
    exposed at the deal."""
    cards = dict(hand.shown)[finisher].cards
    assert cards is not None and hand.tiplu is not None   # 21 or 22 cards
    # the exposed melds are checked first: one that could not have been
    # exposed (MA-5) is a wrong entry, not a refused show
    exposed_melds(hand.exposed, hand.tiplu, rules)
    try:
        finish = find_finish(cards, hand.tiplu, hand.by, rules, hand.exposed)
    except Refused as err:
        penalty = rules.invalid_show_penalty
        values = {"name": finisher, "why": err.message, "penalty": penalty,
                  "rule": rules.rule("invalid")}
        raise Refused(Said(
            "{name}'s show is refused: {why}. They take the cards back and "
            "complete the same turn ({rule}); under invalid_show_penalty = "
            "{penalty} they pay {penalty} to every other player; when the hand "
            "ends, record it with --invalid-show {name}", **values) if penalty
            else Said(
            "{name}'s show is refused: {why}. They take the cards back and "
            "complete the same turn ({rule}); when the hand ends, record it "
            "with --invalid-show {name}", **values),
            rules.rule("finish")) from None
    if finish.discard is None:
        return finish
    best, best_maal = None, -1
    # never a card of an exposed meld: those stay as exposed (MA-5)
    free = list(cards)
    for c in (c for meld in hand.exposed for c in meld):
        free.remove(c)
    for discard in dict.fromkeys([finish.discard, *sorted(set(free))]):
        rest = list(cards)
        rest.remove(discard)
        kept = _finisher_maal(hand, finisher, rest, rules)
        if kept is None or kept <= best_maal:
            continue
        try:
            candidate = finish if discard == finish.discard else \
                find_finish(rest, hand.tiplu, hand.by, rules,
                            hand.exposed)._replace(discard=discard)
        except Refused:
            continue
        best, best_maal = candidate, kept
    if best is None:
        raise Impossible(Said("every discard that finishes breaks a tunnela "
                              "{name} exposed at the deal", name=finisher),
                         rules.rule("tunnela"))
    return best


def _finisher_maal(hand: MarriageHand, finisher: str, shown: Sequence[Card],
                   rules: MarriageRules) -> int | None:
    """The finisher's maal on these 21 cards, None if a dealt tunnela broke."""
    assert hand.tiplu is not None     # cards were shown
    try:
        return maal(shown, hand.tiplu, dict(hand.tunnelas).get(finisher, ()),
                    natural_qualified=hand.by != FinishKind.DUBLEES,
                    rules=rules).total
    except Impossible:
        return None


def _maal_of(p: str, shown: Shown, hand: MarriageHand, rules: MarriageRules,
             lines: list[Said]) -> MaalValue:
    """One player's maal as shown (MA-11), before the mode (MA-15): a Maal
    value, or an agreed total."""
    if shown.cards is None:
        assert shown.total is not None
        return shown.total
    if hand.tiplu is None:            # only empty hands without a tiplu
        return Maal(0, ())
    natural = _natural(p, hand)     # the dealt-tunnela bonus needs it (MA-5)
    value = maal(shown.cards, hand.tiplu, dict(hand.tunnelas).get(p, ()),
                 natural_qualified=natural, rules=rules)
    if value.total:
        lines.append(Said("{name} maal {total}: {items}", name=p,
                          total=value.total, items=listed([
                              Said("{item} {value}", item=i.name, value=i.value)
                              for i in value.items])))
    dealt = dict(hand.tunnelas).get(p, ())
    if dealt and not natural:
        lines.append(_tunnela_not_counted(p, dealt, hand, rules))
    return value


def _tunnela_not_counted(p: str, dealt: tuple[Card, ...], hand: MarriageHand,
                         rules: MarriageRules) -> Said:
    """Why `p`'s dealt tunnelas earn no bonus (MA-11): no natural
    qualification (never saw, or saw or finished through dublees)."""
    values = {"name": p, "cards": ", ".join(str(c) for c in dealt),
              "rule": rules.rule("maal"), "qualify": rules.rule("qualify")}
    if p == hand.finisher:
        return Said("{name}'s dealt tunnela of {cards} is not counted: {name} "
                    "finished by dublees, and the dealt-tunnela bonus needs a "
                    "natural qualification (three pure sequences or tunnelas) "
                    "({rule}, {qualify})", **values)
    if p in hand.seen_dublees:
        return Said("{name}'s dealt tunnela of {cards} is not counted: {name} saw "
                    "the tiplu through dublees, and the dealt-tunnela bonus needs "
                    "a natural qualification (three pure sequences or tunnelas) "
                    "({rule}, {qualify})", **values)
    return Said("{name}'s dealt tunnela of {cards} is not counted: {name} has not "
                "seen the tiplu, and the dealt-tunnela bonus needs a natural "
                "qualification (three pure sequences or tunnelas) ({rule}, "
                "{qualify})", **values)


def _settlement_lines(hand: MarriageHand, settlement: Settlement,
                      rules: MarriageRules) -> list[Said]:
    """MA-12 explained: each payment T + w − n·S, then the pairwise view.
    T and n run over the players one settles with (everyone, unless
    `unseen_pairs = false` keeps two unseen players apart)."""
    counted, lines = settlement.counted, list[Said]()
    for pay in settlement.payments:
        rival = pay.rival
        n, total, apart = _over_partners(settlement, rival)
        formula = Said("{rival} owes {finisher} T {total} + w {fee}{note} − "
                       "{n}·{maal} = {amount}{apart}", rival=rival,
                       finisher=hand.finisher, total=total, fee=pay.fee,
                       note=_fee_note(pay, rules), n=n, maal=counted[rival],
                       amount=pay.amount, apart=apart)
        if pay.amount >= 0:
            lines.append(Said("{formula} → {rival} pays {finisher} {amount}",
                              formula=formula, rival=rival,
                              finisher=hand.finisher, amount=pay.amount))
        else:
            lines.append(Said("{formula} → negative: {finisher} pays {rival} "
                              "{amount}", formula=formula, rival=rival,
                              finisher=hand.finisher, amount=-pay.amount))
    if hand.finisher is None:
        for p in hand.players:
            n, total, apart = _over_partners(settlement, p)
            lines.append(Said("{name}: {n}·{maal} − T {total} = {net}{apart}",
                              name=p, n=n, maal=counted[p], total=total,
                              net=settlement.net[p], apart=apart))
    lines.append(Said("The same, pair by pair (fees, then maal differences):"))
    lines += [_pair_line(line) for line in settlement.pairwise if line.amount]
    return lines


def _pair_line(line: PairLine) -> Said:
    """One transfer of the pairwise view, indented under its heading."""
    return Said("  {payer} → {payee} {amount}: {reason}", payer=line.payer,
                payee=line.payee, amount=line.amount, reason=line.reason)


def _over_partners(settlement: Settlement, name: str
                   ) -> tuple[int, int, Said]:
    """n and T over the players `name` settles with, and a note when that
    is not everyone."""
    partners = settlement.partners(name)
    total = sum(settlement.counted[p] for p in partners)
    if len(partners) == len(settlement.net):
        return len(partners), total, NOTHING
    return len(partners), total, Said(" (T and n over {names}: unseen_pairs = "
                                      "false)", names=", ".join(partners))


def _fee_note(pay: Payment, rules: MarriageRules) -> Said:
    """A fee's options by name, when any differs from the rule book (MA-16)."""
    if not any(rules.house(option) for option, _ in pay.fee_parts):
        return NOTHING
    return Said(" ({parts}, {rule})", parts=listed(
        [Said("{option} {value}", option=option, value=value)
         for option, value in pay.fee_parts], " + "), rule=rules.rule("fees"))


def _invalid_show_penalties(hand: MarriageHand, rules: MarriageRules,
                            cited: list[str], lines: list[Said]
                            ) -> tuple[PairLine, ...]:
    """MA-13: each refused show costs its player the penalty to every other
    player — in this hand (`foul = now`), or with the fouler's next hand,
    waived if they finish it (`foul = next`, MA-20); its lines and ids. At
    a penalty of 0 a refused show costs nothing and is only counted."""
    invalid, penalty = rules.rule("invalid"), rules.invalid_show_penalty
    later = rules.foul == Foul.NEXT
    for name in hand.invalid_shows:
        values = {"name": name, "rule": invalid, "foul": rules.rule("foul"),
                  "penalty": penalty}
        lines.append(Said(
            "{name}'s show was refused this hand ({rule}): under foul = next "
            "({foul}) {name} pays {penalty} to every other player with {name}'s "
            "next hand, unless {name} finishes it", **values) if later and penalty
            else Said("{name}'s show was refused this hand ({rule}): {name} pays "
                      "{penalty} to every other player", **values) if penalty
            else Said("{name}'s show was refused this hand ({rule}): "
                      "invalid_show_penalty = 0, so it costs nothing; it is "
                      "counted (stats: refused shows)", **values))
    payers = [p for p in hand.fouls_due if p in hand.players] if later \
        else list(hand.invalid_shows)
    for name in hand.fouls_due if later else ():
        if name == hand.finisher:
            lines.append(Said("{name}'s refused show of the hand before is waived: "
                              "{name} finishes this one ({rule})", name=name,
                              rule=rules.rule("foul")))
        elif name not in hand.players:
            lines.append(Said("{name}'s refused show of before waits for "
                              "{name}'s next hand ({rule})", name=name,
                              rule=rules.rule("foul")))
    penalties = tuple(PairLine(name, other, penalty,
                               Said("invalid show ({rule})", rule=invalid))
                      for name in (payers if penalty else ()) if name != hand.finisher or not later
                      for other in hand.players if other != name)
    if hand.invalid_shows or hand.fouls_due:
        cited.append(invalid)
    if later and (hand.invalid_shows or hand.fouls_due):
        cited.append(rules.rule("foul"))
    lines += [_pair_line(line) for line in penalties]
    return penalties
