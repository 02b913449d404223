"""Marriage: one hand's ruling (finish check, maal, MA-12 settlement), its
ledger adapter, and the single rulings of `check meld|finish|maal`.

The pure pieces live in `scorekeeper.marriage` (melds, the finish search,
maal, settlement); this module puts them together for a whole hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from scorekeeper import cards as cardtext
from scorekeeper.cards import Card, check_copies, format_cards
from scorekeeper.errors import Impossible, Refused
from scorekeeper.games import compare_scores, parse_hand_options, \
    parse_shown_value
from scorekeeper.profiles import MarriageRules

MELDS, DUBLEES = "melds", "dublees"


@dataclass(frozen=True)
class MarriageHand:
    players: tuple[str, ...]
    dealer: str
    finisher: str | None              # None: the stock ran out (MA-8)
    by: str                           # melds | dublees
    tiplu: Card
    seen: tuple[str, ...]             # who saw the tiplu (finisher included)
    shown: tuple[tuple[str, Any], ...]  # name → Shown (cards or agreed maal)
    tunnelas: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    invalid_shows: tuple[str, ...] = ()   # refused shows this hand (MA-13)


@dataclass(frozen=True)
class MarriageResult:
    players: tuple[str, ...]
    finisher: str | None
    by: str | None
    tiplu: Card
    seen: tuple[str, ...]
    maal: tuple[tuple[str, Any], ...]       # name → Maal (or agreed total)
    settlement: Any
    arrangement: tuple[tuple[Card, ...], ...]
    kinds: tuple[str, ...]
    discard: Card | None
    rules: tuple[str, ...]
    explanation: tuple[str, ...]
    unverified: tuple[str, ...]
    wildcards: str
    invalid_shows: tuple[str, ...] = ()
    penalties: tuple[Any, ...] = ()       # PairLines of MA-13 penalties
    zero_sum = True
    caught = None

    @property
    def winner(self) -> str | None:
        return self.finisher

    @property
    def scores(self) -> tuple[tuple[str, int], ...]:
        net = dict(self.settlement.net)
        for line in self.penalties:
            net[line.payer] -= line.amount
            net[line.payee] += line.amount
        return tuple((p, net[p]) for p in self.players)

    @property
    def pairwise(self) -> tuple[Any, ...]:
        """Every transfer of the hand: fees, maal differences, penalties."""
        return tuple(self.settlement.pairwise) + self.penalties

    def net_items(self) -> tuple[tuple[str, int], ...]:
        return self.scores

    def maal_totals(self) -> tuple[tuple[str, int], ...]:
        return tuple((p, _maal_total(m)) for p, m in self.maal)

    def payments_json(self) -> list[dict]:
        return [{"rival": p.rival, "fee": p.fee, "amount": p.amount}
                for p in self.settlement.payments]

    def as_json(self, hand: int | None = None) -> dict:
        return {
            "hand": hand,
            "winner": self.finisher,
            "caught": None,
            "net": dict(self.scores),
            "rules": list(self.rules),
            "maal": dict(self.maal_totals()),
            "finisher": self.finisher,
            "by": self.by,
            "tiplu": str(self.tiplu),
            "seen": list(self.seen),
            "total_maal": self.settlement.total_maal,
            "payments": self.payments_json(),
            "pairwise": [{"payer": line.payer, "payee": line.payee,
                          "amount": line.amount, "reason": line.reason}
                         for line in self.pairwise],
            "maal_items": {p: [_item_json(i) for i in _maal_items(m)]
                           for p, m in self.maal},
            "arrangement": [[str(c) for c in group] for group in self.arrangement],
            "discard": str(self.discard) if self.discard else None,
            "unverified": list(self.unverified),
            "invalid_shows": list(self.invalid_shows),
            "wildcards": self.wildcards,
            "explanation": list(self.explanation),
        }


def _maal_total(m: Any) -> int:
    return m if isinstance(m, int) else m.total


def _maal_items(m: Any) -> tuple:
    return () if isinstance(m, int) else m.items


def _item_json(item: Any) -> dict:
    return {"name": item.name, "cards": [str(c) for c in item.cards],
            "value": item.value}


def validate(hand: MarriageHand, rules: MarriageRules) -> None:
    table = rules.rule("table")
    n = len(hand.players)
    if not rules.min_players <= n <= rules.max_players:
        raise Impossible(f"{n} player{'s' * (n != 1)}: Marriage seats "
                         f"{rules.min_players}–"
                         f"{rules.max_players}", table)
    if hand.by not in (MELDS, DUBLEES):
        raise Impossible(f"--by must be melds or dublees, not {hand.by!r}",
                         rules.rule("finish"))
    given = [p for p, _ in hand.shown]
    missing = [p for p in hand.players if p not in given]
    if missing:
        raise Impossible("no hand given for " + ", ".join(missing) + ": give "
                         "each player's maal cards, '-' for none, or an agreed "
                         "maal number (--hand NAME=…)", rules.rule("maal"))
    if hand.invalid_shows and rules.invalid_show_penalty == 0:
        raise Impossible("this session's invalid_show_penalty is 0: a refused show "
                         "costs nothing (MA-13); nothing to record",
                         rules.rule("invalid"))
    strangers = [p for p in hand.invalid_shows if p not in hand.players]
    if strangers:
        raise Impossible(", ".join(strangers) + " is not at the table",
                         rules.rule("table"))
    shown = dict(hand.shown)
    if hand.finisher is not None:
        f_cards = shown[hand.finisher].cards
        if f_cards is None or len(f_cards) not in (21, 22):
            count = "a number" if f_cards is None else \
                f"{len(f_cards)} card{'s' * (len(f_cards) != 1)}"
            raise Impossible(f"the finisher {hand.finisher} shows {count}; a "
                             "finishing show is 21 cards (or 22 with the "
                             "discard)", rules.rule("finish"))
    for name, s in hand.shown:
        if s.cards is None and s.total < 0:
            raise Impossible(f"{name}'s maal {s.total} is negative; maal is a "
                             "bonus, never a penalty", rules.rule("maal"))
        if s.cards is not None and name != hand.finisher \
                and len(s.cards) > rules.hand_size:
            raise Impossible(f"{name} shows {len(s.cards)} cards; a hand holds "
                             f"{rules.hand_size} (only the finisher shows 22, "
                             "with the discard)", rules.rule("deal"))
    check_copies([*(s.cards for _, s in hand.shown if s.cards is not None),
                  [hand.tiplu]], rules.decks, 0, table)
    for name, tunnelas in hand.tunnelas:
        if shown[name].cards is None:
            raise Impossible(f"{name}'s dealt tunnela needs their cards, not an "
                             "agreed maal number", rules.rule("tunnela"))
        held = shown[name].cards
        for c in tunnelas:
            if held.count(c) < 3 * tunnelas.count(c):
                raise Impossible(f"{name} claims a dealt tunnela of {c} but shows "
                                 f"{held.count(c)} of it (a tunnela is 3 identical "
                                 "cards)", rules.rule("tunnela"))


def resolve(hand: MarriageHand, rules: MarriageRules) -> MarriageResult:
    """Rule on one hand: the finisher's show (MA-10), every maal (MA-11), the
    settlement (MA-12) and any refused shows' penalties (MA-13)."""
    from scorekeeper.marriage.settlement import settle
    from scorekeeper.marriage.wildcards import Wildcards

    validate(hand, rules)
    wild = Wildcards.from_tiplu(hand.tiplu)
    shown = dict(hand.shown)
    cited = [rules.rule("table"), rules.rule("wild")]
    lines = [wild.describe()]
    finish = None
    if hand.finisher is not None:
        cited.append(rules.rule("finish"))
        finish = _check_show(hand, rules)
        # The discard goes to the pile: maal counts the 21 cards shown.
        shown[hand.finisher] = replace(shown[hand.finisher], cards=finish.shown())
        lines.append(f"{hand.finisher} finishes by {hand.by}: "
                     + " | ".join(format_cards(g) for g in finish.arrangement())
                     + (f"; discards {finish.discard} (of the discards that "
                        "finish, the one keeping the most maal)"
                        if finish.discard else "")
                     + f" ({rules.rule('finish')})")
    else:
        cited.append(rules.rule("turn"))
        lines.append(f"No finisher: the stock could not be refilled "
                     f"({rules.rule('turn')}); no fees, maal only")
    seen = tuple(p for p in hand.players if p in hand.seen or p == hand.finisher)
    cited.append(rules.rule("maal"))
    maal_values = tuple((p, _maal_of(p, shown[p], hand, seen, wild, rules, lines))
                        for p in hand.players)
    totals = {p: _maal_total(m) for p, m in maal_values}
    settlement = settle(hand.players, totals, hand.finisher, seen,
                        by=hand.by, fee_seen=rules.fee_seen,
                        fee_unseen=rules.fee_unseen,
                        dublee_extra=rules.dublee_extra)
    cited.append(rules.rule("settle"))
    lines += _settlement_lines(hand, totals, settlement)
    penalties = _invalid_show_penalties(hand, rules)
    if penalties:
        cited.append(rules.rule("invalid"))
    for name in hand.invalid_shows:
        lines.append(f"{name}'s show was refused this hand ({rules.rule('invalid')}): "
                     f"{name} pays {rules.invalid_show_penalty} to every other player")
    lines += [f"  {line.payer} → {line.payee} {line.amount}: {line.reason}"
              for line in penalties]
    # Agreed maal numbers that counted (an unseen player's counts 0 anyway).
    unverified = tuple(p for p in hand.players if shown[p].cards is None
                       and (p in seen or not rules.maal_needs_seen))
    if unverified:
        lines.append("Agreed maal, not shown card by card: " + ", ".join(unverified))
    return MarriageResult(
        players=hand.players, finisher=hand.finisher,
        by=hand.by if hand.finisher else None, tiplu=hand.tiplu, seen=seen,
        maal=maal_values, settlement=settlement,
        arrangement=tuple(tuple(g) for g in finish.arrangement()) if finish else (),
        kinds=tuple(m.kind for m in finish.melds) if finish else (),
        discard=finish.discard if finish else None,
        rules=tuple(dict.fromkeys(cited)), explanation=tuple(lines),
        unverified=unverified, wildcards=wild.describe(),
        invalid_shows=hand.invalid_shows, penalties=penalties)


def _check_show(hand: MarriageHand, rules: MarriageRules) -> Any:
    """MA-10 on the finisher's cards; MA-13 when the show is refused.

    With 22 cards the finisher has not said which card they discard: of the
    discards that leave a valid show, the ruling takes the one that keeps
    the most maal (the finisher's best), never one that breaks a tunnela
    exposed at the deal."""
    from scorekeeper.marriage.finish import find_finish

    cards = dict(hand.shown)[hand.finisher].cards
    try:
        finish = find_finish(cards, hand.tiplu, hand.by)
    except Refused as err:
        penalty = rules.invalid_show_penalty
        extra = (f"; under invalid_show_penalty = {penalty} they pay {penalty} "
                 "to every other player: when the hand ends, record it with "
                 f"--invalid-show {hand.finisher}" if penalty else "")
        raise Refused(f"{hand.finisher}'s show is refused: {err.message}. "
                      "They take the cards back and complete the same turn "
                      f"({rules.rule('invalid')}){extra}",
                      rules.rule("finish")) from None
    if finish.discard is None:
        return finish
    best, best_maal = None, -1
    for discard in dict.fromkeys([finish.discard, *sorted(set(cards))]):
        rest = list(cards)
        rest.remove(discard)
        kept = _finisher_maal(hand, rest)
        if kept is None or kept <= best_maal:
            continue
        try:
            candidate = finish if discard == finish.discard else \
                replace(find_finish(rest, hand.tiplu, hand.by), discard=discard)
        except Refused:
            continue
        best, best_maal = candidate, kept
    if best is None:
        raise Impossible(f"every discard that finishes breaks a tunnela "
                         f"{hand.finisher} exposed at the deal", rules.rule("tunnela"))
    return best


def _finisher_maal(hand: MarriageHand, shown: Sequence[Card]) -> int | None:
    """The finisher's maal on these 21 cards, None if a dealt tunnela broke."""
    from scorekeeper.marriage.maal import maal

    try:
        return maal(shown, hand.tiplu, dict(hand.tunnelas).get(hand.finisher, ()),
                    natural_qualified=hand.by != DUBLEES).total
    except Impossible:
        return None


def _maal_of(p: str, shown: Any, hand: MarriageHand, seen: tuple[str, ...],
             wild: Any, rules: MarriageRules, lines: list[str]) -> Any:
    """One player's maal (MA-11): a Maal value, or an agreed / zero total."""
    from scorekeeper.marriage.maal import maal

    if rules.maal_needs_seen and p not in seen:
        if (shown.cards and any(wild.is_wild(c) for c in shown.cards)) or \
                (shown.cards is None and shown.total):
            lines.append(f"{p} has not seen the tiplu: maal counts 0 "
                         f"(maal_needs_seen, {rules.rule('maal')})")
        return 0
    if shown.cards is None:
        return shown.total
    # The dealt-tunnela bonus needs a natural qualification (MA-5, MA-11):
    # not for a finisher by dublees, nor for a player who never saw.
    natural = p in seen and not (p == hand.finisher and hand.by == DUBLEES)
    value = maal(shown.cards, hand.tiplu, dict(hand.tunnelas).get(p, ()),
                 natural_qualified=natural)
    if value.total:
        lines.append(f"{p} maal {value.total}: " + ", ".join(
            f"{i.name} {i.value}" for i in value.items))
    return value


def _settlement_lines(hand: MarriageHand, totals: Mapping[str, int],
                      settlement: Any) -> list[str]:
    """MA-12 explained: each payment T + w − n·S, then the pairwise view."""
    n, total = len(hand.players), settlement.total_maal
    lines = []
    for pay in settlement.payments:
        formula = (f"{pay.rival} owes {hand.finisher} T {total} + w {pay.fee} − "
                   f"{n}·{totals[pay.rival]} = {pay.amount}")
        if pay.amount >= 0:
            lines.append(f"{formula} → {pay.rival} pays {hand.finisher} {pay.amount}")
        else:
            lines.append(f"{formula} → negative: {hand.finisher} pays "
                         f"{pay.rival} {-pay.amount}")
    if hand.finisher is None:
        lines += [f"{p}: {n}·{totals[p]} − T {total} = {settlement.net[p]}"
                  for p in hand.players]
    lines.append("The same, pair by pair (fees, then maal differences):")
    lines += [f"  {line.payer} → {line.payee} {line.amount}: {line.reason}"
              for line in settlement.pairwise if line.amount]
    return lines


def _invalid_show_penalties(hand: MarriageHand, rules: MarriageRules
                            ) -> tuple[Any, ...]:
    """MA-13: each refused show costs its player the penalty to every other."""
    from scorekeeper.marriage.settlement import PairLine

    return tuple(PairLine(name, other, rules.invalid_show_penalty,
                          f"invalid show ({rules.rule('invalid')})")
                 for name in hand.invalid_shows
                 for other in hand.players if other != name)


class MarriageGame:
    required_keys = ("cards", "tiplu")
    key_types: Mapping[str, tuple[type, str]] = {
        "finisher": (str, "a name"), "no_finisher": (bool, "true or false"),
        "by": (str, "melds or dublees"), "tiplu": (str, "a card"),
        "seen": (list, "a list of names"), "cards": (dict, "a table NAME = CARDS"),
        "tunnelas": (dict, "a table NAME = [CARDS]"), "maal": (dict, "a table"),
        "invalid_shows": (list, "a list of names"),
    }

    def from_options(self, opts: Any, seated: tuple[str, ...], dealer: str,
                     rules: Any, players: Sequence[str] | None = None) -> Any:
        from scorekeeper.ledger import resolve_name

        foreign = [flag for flag, value in (("--call", opts.call),
                                            ("--show", opts.show)) if value]
        if foreign:
            raise Impossible(", ".join(foreign) + ": Dhumbal options; a Marriage "
                             "hand takes --finish NAME [--by melds|dublees] or "
                             "--no-finisher, --tiplu CARD, --seen NAME, --hand "
                             "NAME=CARDS")
        if bool(opts.finish) == bool(opts.no_finisher):
            raise Impossible("give exactly one of --finish NAME or --no-finisher",
                             rules.rule("finish"))
        if opts.no_finisher and opts.by:
            raise Impossible("--by goes with --finish, not --no-finisher")
        if not opts.tiplu:
            raise Impossible("--tiplu CARD is needed: maal and wildcards depend "
                             "on it", rules.rule("wild"))
        everyone = players or seated
        finisher = resolve_name(opts.finish, everyone) if opts.finish else None
        seen = [resolve_name(n, everyone) for item in opts.seen
                for n in item.split(",") if n.strip()]
        tunnelas: dict[str, list[str]] = {}
        for item in opts.tunnela:
            name, sep, text = item.partition("=")
            if not sep:
                raise Impossible(f"--tunnela expects NAME=CARD, got {item!r}",
                                 rules.rule("tunnela"))
            tunnelas.setdefault(resolve_name(name, everyone), []).append(text)
        raw = parse_hand_options(opts.hands, everyone)
        refused = [resolve_name(n, everyone) for item in opts.invalid_show
                   for n in item.split(",") if n.strip()]
        return self.inputs(seated, dealer, finisher, opts.by or MELDS, opts.tiplu,
                           seen, raw, tunnelas, rules, refused)

    def inputs(self, seated, dealer, finisher, by, tiplu, seen, raw, tunnelas,
               rules, invalid_shows=()) -> MarriageHand:
        tiplu_card = cardtext.card(tiplu)
        if tiplu_card.is_joker:
            raise Impossible("Marriage has no jokers", rules.rule("table"))
        shown = tuple((p, parse_shown_value(raw[p], rules))
                      for p in seated if p in raw)
        tun = []
        for p, texts in tunnelas.items():
            cards = tuple(cardtext.card(t) for t in texts)
            tun.append((p, cards))
        return MarriageHand(tuple(seated), dealer, finisher, by.lower(),
                            tiplu_card, tuple(dict.fromkeys(seen)), shown,
                            tuple(tun), tuple(invalid_shows))

    def from_stored(self, data, seated, dealer, rules):
        raw = data.get("cards")
        if not isinstance(raw, dict) or not isinstance(data.get("tiplu"), str):
            raise Impossible("`cards` (table) and `tiplu` (card) are needed")
        finisher = data.get("finisher")
        if finisher is None and data.get("no_finisher") is not True:
            raise Impossible("a hand needs `finisher = NAME` or `no_finisher = true`")
        seen = data.get("seen", [])
        tunnelas = data.get("tunnelas", {})
        refused = data.get("invalid_shows", [])
        if not isinstance(seen, list) or not isinstance(tunnelas, dict):
            raise Impossible("`seen` must be a list and `tunnelas` a table")
        return self.inputs(seated, dealer, finisher, data.get("by", MELDS),
                           data["tiplu"], seen, raw,
                           {p: list(v) for p, v in tunnelas.items()}, rules,
                           refused)

    def resolve(self, inputs, rules):
        return resolve(inputs, rules)

    def to_stored(self, number, inputs: MarriageHand, result: MarriageResult) -> dict:
        data: dict[str, Any] = {"hand": number, "dealer": inputs.dealer}
        if inputs.finisher is None:
            data["no_finisher"] = True
        else:
            data["finisher"] = inputs.finisher
            data["by"] = inputs.by
        data["tiplu"] = str(inputs.tiplu)
        data["seen"] = list(result.seen)
        data["cards"] = {p: (s.total if s.cards is None else s.text())
                         for p, s in inputs.shown}
        if inputs.tunnelas:
            data["tunnelas"] = {p: [str(c) for c in cs] for p, cs in inputs.tunnelas}
        if inputs.invalid_shows:
            data["invalid_shows"] = list(inputs.invalid_shows)
        if result.unverified:
            data["unverified"] = list(result.unverified)
        data["maal"] = dict(result.maal_totals())
        data["net"] = dict(result.scores)
        data["rules"] = list(result.rules)
        return data

    def compare(self, data, result, score_key) -> list[str]:
        out: list[str] = []
        compare_scores(data, "maal", dict(result.maal_totals()), out)
        compare_scores(data, score_key, dict(result.scores), out)
        return out


# -- single rulings for `check` -------------------------------------------------

def _read_check(text: str, tiplu: str | None, rules: MarriageRules | None = None
                ) -> tuple[tuple[Card, ...], Card | None, str]:
    """The cards and tiplu of a `check`, refused if the shoe cannot hold them
    (MA-1), and the wildcards they imply (MA-7), described."""
    from scorekeeper.marriage.wildcards import Wildcards
    from scorekeeper.profiles import get_profile

    rules = rules or get_profile("marriage").rules
    hand = cardtext.cards(text)
    tiplu_card = cardtext.card(tiplu) if tiplu else None
    check_copies([hand, [tiplu_card] if tiplu_card else []], rules.decks, 0,
                 rules.rule("table"))
    wild = Wildcards.from_tiplu(tiplu_card).describe() if tiplu_card else \
        "no tiplu given: nothing is wild"
    return hand, tiplu_card, wild


def check_meld(text: str, tiplu: str | None, ascii: bool = False) -> dict:
    from scorekeeper.marriage.melds import classify_meld

    hand, tiplu_card, wild = _read_check(text, tiplu)
    try:
        meld = classify_meld(hand, tiplu_card)
    except Refused as err:
        return {"valid": False, "reason": err.message, "rule": err.rule,
                "kind": None, "wildcards": wild}
    return {"valid": True, "kind": meld.kind, "rule": "MA-4",
            "reason": f"{format_cards(hand, ascii)} is a {meld.kind}"
                      + (" (qualifying, MA-5)" if meld.qualifying else ""),
            "qualifying": meld.qualifying, "wildcards": wild}


def check_finish(text: str, tiplu: str, by: str, ascii: bool = False) -> dict:
    from scorekeeper.marriage.finish import find_finish

    hand, tiplu_card, wild = _read_check(text, tiplu)
    by = by.lower()
    if by not in (MELDS, DUBLEES):
        raise Impossible(f"--by must be melds or dublees, not {by!r}", "MA-10")
    try:
        finish = find_finish(hand, tiplu_card, by)
    except Refused as err:
        return {"valid": False, "reason": err.message, "rule": err.rule,
                "arrangement": None, "wildcards": wild}
    arrangement = [[c.text(ascii) for c in group] for group in finish.arrangement()]
    kinds = [m.kind for m in finish.melds]
    if by == DUBLEES:
        kinds = ["dublee"] * len(finish.dublees) + ["leftover"]
        reason = f"8 dublees and {len(finish.leftovers)} leftover cards (MA-9)"
    else:
        qualifying = sum(1 for m in finish.melds if m.qualifying)
        reason = f"7 melds, {qualifying} of them qualifying (MA-4, MA-5)"
    return {"valid": True, "reason": reason, "rule": "MA-10",
            "arrangement": arrangement, "kinds": kinds,
            "discard": finish.discard.text(ascii) if finish.discard else None,
            "wildcards": wild}


def check_maal(text: str, tiplu: str, tunnelas: Sequence[str], seen: bool,
               natural: bool, rules: MarriageRules, ascii: bool = False) -> dict:
    from scorekeeper.marriage.maal import maal

    hand, tiplu_card, wild = _read_check(text, tiplu, rules)
    dealt = tuple(cardtext.card(t) for t in tunnelas)
    value = maal(hand, tiplu_card, dealt, natural_qualified=natural)
    if rules.maal_needs_seen and not seen:
        return {"valid": True, "maal": 0, "items": [], "rule": "MA-11",
                "reason": "not seen the tiplu: maal counts 0 (maal_needs_seen)",
                "wildcards": wild, "maal_if_seen": value.total}
    items = [{"name": i.name, "cards": [c.text(ascii) for c in i.cards],
              "value": i.value} for i in value.items]
    reason = (" + ".join(f"{i['name']} {i['value']}" for i in items)
              + f" = {value.total}") if items else "no maal items: 0"
    return {"valid": True, "maal": value.total, "items": items, "rule": "MA-11",
            "reason": reason, "wildcards": wild}
