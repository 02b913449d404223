"""Single rulings of a Dhumbal turn: a hand's value, a call, a discard, a
draw (DH-2, DH-4, DH-5, DH-6 / DC-2, DC-4, DC-5, DC-6).

Kept apart from the hand engine so that `check call` and friends, asked for
at the table, load only what they need. Each ruling is a `Verdict` value; an
illegal call, discard or draw raises `Refused` with the rule id.
"""

from __future__ import annotations

from typing import Sequence

from scorekeeper.core.cards import Card, check_copies, format_cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.language import NOTHING, Said
from scorekeeper.core.options import ByPlayers
from scorekeeper.core.verdict import Verdict
from scorekeeper.games.dhumbal.rules import DhumbalRules, Pickup

SINGLE, SET, RUN = "single", "set", "run"


def hand_value(cards: Sequence[Card], rules: DhumbalRules) -> int:
    """DH-2 / DC-2: the sum of the card values; an empty hand is 0. Summed
    in a loop: for a hand's 0–5 cards, half the time of sum() of a
    comprehension, for every hand `verify` values."""
    values = rules.rank_values
    total = 0
    for c in cards:
        total += values[c.rank]
    return total


def check_call_value(value: int, rules: DhumbalRules,
                     players: int | None = None) -> int:
    """DH-4 / DC-4 (DO-1: at a table of `players`): may a hand worth
    `value` call? Returns it or raises."""
    limit = rules.limit_for(players)
    if limit is not None and value > limit:
        raise Refused(Said("a hand worth {value} may not call: the call limit is "
                           "{limit}{table}", value=value, limit=limit,
                           table=_at_table(rules, players)), _call_rule(rules))
    return value


def _at_table(rules: DhumbalRules, players: int | None) -> Said:
    """", with 3 players (call_limit = 2:5,3:10,4:15)" for a limit by count."""
    if players is None or not isinstance(rules.call_limit, ByPlayers):
        return NOTHING
    return Said(" with {players} players (call_limit = {limit})", players=players,
                limit=str(rules.call_limit))


def _call_rule(rules: DhumbalRules) -> str:
    """DH-4 / DC-4; DO-1 for a limit by player count."""
    if isinstance(rules.call_limit, ByPlayers):
        return rules.rule_or("call_table", "call")
    return rules.rule("call")


def check_call(cards: Sequence[Card], rules: DhumbalRules,
               players: int | None = None) -> int:
    """DH-4 / DC-4 on shown cards: their value, or Refused."""
    return check_call_value(hand_value(cards, rules), rules, players)


def check_hand_cards(cards: Sequence[Card], rules: DhumbalRules,
                     drawn: bool = False) -> None:
    """Cards one player holds: at most a hand's size — one more in the
    middle of a turn that has drawn (`drawn`: a discard after the draw,
    DH-3's Interpretation) — each in the deck."""
    most = rules.hand_size + (1 if drawn else 0)
    if len(cards) > most:
        raise Impossible(Said("{count} cards: a hand holds 0–{most} after the draw",
                              count=len(cards), most=most) if drawn else
                         Said("{count} cards: a hand holds 0–{most}",
                              count=len(cards), most=most), rules.rule("deal"))
    check_copies([cards], rules.decks, rules.jokers, rules.rule("table"))


def call_ruling(cards: Sequence[Card], rules: DhumbalRules,
                players: int | None = None) -> Verdict:
    """`check call`: DH-4 / DC-4 on shown cards, with the reason either way."""
    check_hand_cards(cards, rules)
    value = check_call(cards, rules, players)
    limit = rules.limit_for(players)
    reason = Said("{cards} is worth {value} ≤ {limit}{table}: may call",
                  cards=format_cards(cards), value=value, limit=limit,
                  table=_at_table(rules, players)) if limit is not None else \
        Said("{cards} is worth {value}: any value may call in this profile",
             cards=format_cards(cards), value=value)
    return Verdict(True, reason, _call_rule(rules), "call", {"cards": tuple(cards)})


# --- discards (DH-5, DH-6 / DC-5, DC-6) ------------------------------------

def _legal(kind: str, cards: Sequence[Card], rule: str, reason: Said) -> Verdict:
    return Verdict(True, reason, rule, kind, {"cards": tuple(cards)})


def check_discard(cards: Sequence[Card], rules: DhumbalRules,
                  taken: Card | None = None) -> Verdict:
    """Is this discard legal? Returns the ruling or raises Refused."""
    turn = rules.rule("turn")
    if not cards:
        raise Impossible(Said("no cards to discard"), turn)
    # draw first (DH-5): the discard comes from the hand and the card drawn
    check_hand_cards(cards, rules, drawn=not rules.discard_before_draw)
    if taken is not None:
        check_copies([[taken]], rules.decks, rules.jokers, rules.rule("table"))
        if rules.discard_before_draw:
            raise Impossible(Said(
                "in this profile the discard comes before the draw ({rule}): "
                "no card has been taken from the pile yet this turn, so "
                "--taken does not apply", rule=turn), turn)
        if taken in cards:
            raise Refused(Said("{card} was just taken from the discard pile and "
                               "may not be discarded in the same turn, alone or "
                               "in a group", card=str(taken)), rules.rule("taken"))
    if len(cards) == 1:
        return _legal(SINGLE, cards, turn, Said("one card may always be discarded"))
    naturals = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals)
    if not naturals:
        if rules.joker_pair:
            return _legal(SET, cards, rules.rule("joker_pair"),
                          Said("{cards}: jokers alone are a legal discard "
                               "(joker_pair = true)", cards=format_cards(cards)))
        # DC-5, Interpretation: a joker stands in for a missing card of a
        # set or run, so a set or run holds at least one natural card.
        raise Refused(Said("{cards}: jokers alone are no set or run (a set or "
                           "run holds at least one natural card for them to "
                           "stand in with); a single joker may be discarded "
                           "alone", cards=format_cards(cards)), turn)
    if len({c.rank for c in naturals}) == 1:
        return _set(cards, jokers, rules)
    if not rules.runs_discardable:
        raise Refused(Said("{cards} is {why}: discard one card, or two or more of "
                           "the same rank", cards=format_cards(cards),
                           why=_no_group(naturals, jokers, rules)), turn)
    if len(cards) >= 3 and _is_run(naturals, jokers):
        return _legal(RUN, cards, turn,
                      Said("a run of {count} in one suit, ace low",
                           count=len(cards)))
    if len(cards) >= 3 and rules.ace_high and _is_run(naturals, jokers, high=True):
        return _legal(RUN, cards, rules.rule("ace_high"),
                      Said("a run of {count} in one suit, ace high "
                           "(ace_high = true)", count=len(cards)))
    ace = (Said("an ace ends a run low or high, ace_high = true: K A 2 is not a "
                "run") if rules.ace_high
           else Said("ace low only: Q K A and K A 2 are not runs"))
    raise Refused(Said("{cards} is neither one card, a set of one rank, nor a run "
                       "of 3+ consecutive cards of one suit ({ace})",
                       cards=format_cards(cards), ace=ace), turn)


def _no_group(naturals: Sequence[Card], jokers: int, rules: DhumbalRules) -> Said:
    """Why cards of several ranks are no discard where runs are not."""
    # ace low: ace_high (DO-4) is an option only of the profiles with runs
    if _is_run(naturals, jokers):
        return Said("a sequence, never a legal discard")
    if len({rules.card_value(c.rank) for c in naturals}) == 1:
        return Said("not one rank (same value is not enough: 10 and K are no "
                    "group)")
    return Said("mixed ranks")


def _set(cards: Sequence[Card], jokers: int, rules: DhumbalRules) -> Verdict:
    """Cards of one rank, jokers standing in: at most `max_set` (DO-6)."""
    if len(cards) > rules.max_set:
        raise Refused(Said("a set has at most {most} cards (max_set = 5 allows "
                           "five, one a joker)", most=rules.max_set)
                      if rules.jokers and rules.max_set < 5 else
                      Said("a set has at most {most} cards", most=rules.max_set),
                      rules.rule("turn"))
    if not jokers:
        reason = Said("{count} cards of one rank", count=len(cards))
    elif jokers == 1:
        reason = Said("{count} cards of one rank ({jokers} joker standing in)",
                      count=len(cards), jokers=jokers)
    else:
        reason = Said("{count} cards of one rank ({jokers} jokers standing in)",
                      count=len(cards), jokers=jokers)
    return _legal(SET, cards, rules.rule("max_set") if len(cards) == 5
                  else rules.rule("turn"), reason)


def _rank(card: Card, high: bool) -> int:
    """A card's place in a run: the ace 1, or 14 (above the king) when `high`."""
    return 14 if high and card.rank == 1 else card.rank


def _is_run(naturals: Sequence[Card], jokers: int, high: bool = False) -> bool:
    """3+ cards of one suit in a row, jokers filling gaps or ends, the ace
    counted low (A 2 3) or, `high`, above the king (Q K A: DO-4)."""
    if not naturals or len({c.suit for c in naturals}) != 1:
        return False
    ranks = sorted(_rank(c, high) for c in naturals)
    if len(set(ranks)) != len(ranks):
        return False
    gaps = ranks[-1] - ranks[0] + 1 - len(ranks)
    return len(naturals) + jokers >= 3 and gaps <= jokers \
        and len(naturals) + jokers <= 13


def _set_not_run(group: Sequence[Card], rules: DhumbalRules) -> Said:
    """DO-8: a group of one natural rank with jokers is a set, even where
    the jokers could also make it a run (JK A♣ JK). Its natural cards are of
    one rank, so they make a run only as one card with jokers, with the ace
    low as well as high: ace_high (DO-4) changes nothing."""
    naturals = [c for c in group if not c.is_joker]
    if not (rules.runs_discardable and len(group) >= 3 and naturals
            and _is_run(naturals, len(group) - len(naturals))):
        return NOTHING
    return Said("; {cards} is a set of one rank, not a run, though its jokers "
                "could make one ({rule})", cards=format_cards(group),
                rule=rules.rule("set_or_run"))


def _run_end(taken: Card, run: Sequence[Card], rules: DhumbalRules) -> Verdict:
    """DO-7: an end card of a just-discarded run may be taken. Its ends are
    the first and last cards as laid down when the natural cards were laid
    in order (rising or falling); otherwise its lowest and highest natural
    cards."""
    rule = rules.rule("pick_run_ends")
    ends = _ends(run, rules.ace_high)
    if taken in ends:
        return _legal(RUN, (taken,), rule, Said(
            "{card} is an end of the run {cards} (pick_run_ends)",
            card=str(taken), cards=format_cards(run)))
    first, last = ends
    if first == last:
        raise Refused(Said("only an end card of the run {cards} may be taken: "
                           "{card}", cards=format_cards(run), card=str(first)), rule)
    raise Refused(Said("only an end card of the run {cards} may be taken: "
                       "{first} or {last}", cards=format_cards(run),
                       first=str(first), last=str(last)), rule)


def _ends(run: Sequence[Card], ace_high: bool) -> tuple[Card, Card]:
    """The first and last cards as laid down, when the natural cards lie in
    order as the run counts the ace (low, or high under DO-4); else its
    lowest and highest natural cards. 2♠ 3♠ A♠ is the run A 2 3 laid out
    of order (in order only were the ace high, where it is no run)."""
    naturals = [c for c in run if not c.is_joker]
    for high in ((False, True) if ace_high else (False,)):
        ranks = [_rank(c, high) for c in naturals]
        if ranks in (sorted(ranks), sorted(ranks, reverse=True)) and \
                _is_run(naturals, len(run) - len(naturals), high):
            return run[0], run[-1]
    high = ace_high and any(n.rank == 13 for n in naturals)
    ordered = sorted(naturals, key=lambda c: _rank(c, high))
    return ordered[0], ordered[-1]


def check_draw(taken: Card, discarded: Sequence[Card],
               rules: DhumbalRules) -> Verdict:
    """DH-5 / DC-6: may `taken` be drawn from the previous player's discard
    `discarded` (in the order it was laid down)?"""
    rule = rules.rule("taken")
    if taken not in discarded:
        raise Impossible(Said("{card} is not among the discarded cards {cards}",
                              card=str(taken), cards=format_cards(discarded)), rule)
    if len(discarded) == 1:
        return _legal(SINGLE, (taken,), rule,
                      Said("a single discarded card may be taken"))
    group = check_discard(discarded, rules)
    if group.kind == SET and rules.pick_from_set:
        return _legal(SET, (taken,), rule, Said(
            "any one card of a just-discarded set may be taken "
            "(pick_from_set){also}", also=_set_not_run(discarded, rules)))
    if group.kind == RUN and rules.pick_run_ends:
        return _run_end(taken, discarded, rules)
    if rules.group_pickup == Pickup.TOP:
        if taken == discarded[-1]:
            return _legal(group.kind or SINGLE, (taken,), rule, Said(
                "{card}, the last card of the group, lies on top and may be "
                "taken", card=str(taken)))
        raise Refused(Said("only the top card may be taken: the last card of "
                           "the group, {card}, lies on top",
                           card=str(discarded[-1])), rule)
    if group.kind == SET:
        raise Refused(Said("a discarded set cannot be picked up: only a single "
                           "discarded card may be taken (pick_from_set is off)"),
                      rule)
    raise Refused(Said("a discarded run cannot be picked up: only a single "
                       "discarded card may be taken"), rule)     # a run: the rest
