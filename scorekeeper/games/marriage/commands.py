"""Marriage on the command line, declared as data: the options of a hand
(`HAND_FLAGS`, from `flags`) and `check meld|finish|maal`.

Each check reads its cards and tiplu (refused if the shoe cannot hold them,
MA-1), rules with the pure core and returns a `Verdict`; the shell builds the
command, the JSON and the human verdict. The core is imported inside the
run functions so that `scorekeeper check call` never loads it.
"""

from __future__ import annotations

from types import MappingProxyType

from scorekeeper.core import cards as cardtext
from scorekeeper.core.cards import Card, format_cards
from scorekeeper.core.errors import Impossible
from scorekeeper.core.plain import PlainMap
from scorekeeper.core.verdict import Verdict, rule_on
from scorekeeper.games.declare import CheckSpec, Flag
from scorekeeper.games.marriage.flags import HAND_FLAGS as HAND_FLAGS
from scorekeeper.games.marriage.rules import PROFILES as PROFILES
from scorekeeper.games.marriage.rules import FinishKind, MarriageRules, Mode

COMMON = frozenset({"game", "profile", "settings"})


def _read(rules: MarriageRules, values: PlainMap
          ) -> tuple[tuple[Card, ...], Card | None, str]:
    """The cards and tiplu of a check, and the wildcards they imply (MA-7)."""
    # imported here: the Marriage core loads only for Marriage checks
    from scorekeeper.games.marriage.wildcards import Wildcards

    hand = cardtext.cards(values["cards"])
    tiplu = values.get("tiplu")
    tiplu_card = cardtext.card(tiplu) if tiplu is not None else None
    if tiplu_card is not None:
        rules.check_tiplu(tiplu_card)
    rules.check_shoe(hand, tiplu=tiplu_card)
    wild = Wildcards.from_tiplu(tiplu_card).describe() if tiplu_card else \
        "no tiplu given: nothing is wild"
    if tiplu_card and rules.printed_jokers:
        wild += f", and every JK ({rules.rule('jokers')})"
    return hand, tiplu_card, wild


def _meld(rules: MarriageRules, values: PlainMap) -> Verdict:
    from scorekeeper.games.marriage.melds import classify_meld  # start-up

    hand, tiplu, wild = _read(rules, values)

    def run() -> Verdict:
        meld = classify_meld(hand, tiplu, rules)
        return Verdict(True, f"{format_cards(hand)} is a {meld.kind}"
                      + (f" (qualifying, {rules.rule('qualify')})"
                         if meld.qualifying else ""),
                      rules.rule("meld"), str(meld.kind),
                      {"qualifying": meld.qualifying, "wildcards": wild})
    return rule_on(run, wildcards=wild)


def _finish(rules: MarriageRules, values: PlainMap) -> Verdict:
    from scorekeeper.games.marriage.finish import find_finish  # start-up

    hand, tiplu, wild = _read(rules, values)
    by = FinishKind.read(values.get("by") or FinishKind.MELDS,
                         rules.rule("finish"))
    if tiplu is None:
        # a required option; only reachable through the library
        raise ValueError("check finish needs a tiplu")

    exposed = [cardtext.cards(text) for text in
               split_melds(values.get("exposed") or "", rules)]

    def run() -> Verdict:
        finish = find_finish(hand, tiplu, by, rules, exposed)
        if by == FinishKind.DUBLEES:
            kinds = ["dublee"] * len(finish.dublees) + ["leftover"]
            reason = (f"8 dublees and {len(finish.leftovers)} leftover cards "
                      f"({rules.rule('dublee')})")
        else:
            kinds = [str(m.kind) for m in finish.melds]
            reason = (f"7 melds, {finish.qualifying} of them qualifying "
                      f"({rules.rule('meld')}, {rules.rule('qualify')})")
        if exposed:
            reason += (f", the first {len(exposed)} as exposed "
                       f"({rules.rule('qualify')})")
        return Verdict(True, reason, rules.rule("finish"), None, MappingProxyType({
            "arrangement": finish.arrangement(), "kinds": kinds,
            "discard": finish.discard, "wildcards": wild,
            "exposed": exposed}))
    return rule_on(run, arrangement=None, wildcards=wild)


def split_melds(text: str, rules: MarriageRules) -> list[str]:
    """`--exposed "MELD | MELD"` as each meld's text (none for '' or '-')."""
    if text.strip() in ("", "-"):
        return []
    melds = [part.strip() for part in text.split("|")]
    if any(not part for part in melds):
        raise Impossible(f"--exposed expects melds separated by '|', got "
                         f"{text!r}", rules.rule("qualify"))
    return melds


def _maal(rules: MarriageRules, values: PlainMap) -> Verdict:
    from scorekeeper.games.marriage.maal import maal  # start-up

    hand, tiplu, wild = _read(rules, values)
    assert tiplu is not None      # a required option
    dealt = tuple(cardtext.card(t) for t in values.get("tunnela", []))
    seen = values.get("seen", True)
    # the dealt-tunnela bonus needs a natural qualification (MA-5, MA-11)
    value = maal(hand, tiplu, dealt, rules=rules,
                 natural_qualified=seen and values.get("natural", True))
    items = [{"name": i.name, "cards": i.cards, "value": i.value}
             for i in value.items]
    if not seen and rules.mode != Mode.NORMAL:
        taken = ("a finisher kidnaps it (mode kidnap); without a finisher it "
                 "counts 0" if rules.mode == Mode.KIDNAP else
                 "it counts 0 (mode murder)")
        return Verdict(True, f"not seen the tiplu: maal {value.total}, and "
                      f"{taken}", rules.rule("mode"), None, MappingProxyType({
                          "maal": 0, "items": [], "wildcards": wild,
                          "maal_shown": value.total,
                          "maal_if_seen": value.total}))
    # alters are a maal item of MA-17's: cited there, or beside MA-11's
    alters = [i for i in value.items if "alter" in i.name]
    only_alters = bool(alters) and len(alters) == len(value.items)
    reason = (" + ".join(f"{i.name} {i.value}" + (
        f" ({rules.rule('alter')})" if i in alters and not only_alters else "")
        for i in value.items) + f" = {value.total}") if items else "no maal items: 0"
    if rules.maal_table_changed:
        reason += (f" (maal values of maal_table {rules.maal_table} and the "
                   f"maal_* options, {rules.rule('maal_table')})")
    cited = rules.rule("alter") if only_alters else rules.rule("maal")
    return Verdict(True, reason, cited, None, MappingProxyType({
        "maal": value.total, "items": items, "wildcards": wild,
        "maal_shown": value.total}))


# -- how a person reads them ------------------------------------------------------

def _wild_line(ruling: Verdict) -> list[str]:
    wild = ruling.details.get("wildcards")
    return ["  " + wild] if wild else []


def _finish_lines(ruling: Verdict) -> list[str]:
    lines = _wild_line(ruling)
    if ruling.valid:
        discard = ruling.details.get("discard")
        if discard:
            lines.append(f"  Discard {discard}")
        kinds = ruling.details.get("kinds") or []
        for i, group in enumerate(ruling.details["arrangement"], start=1):
            kind = kinds[i - 1] if i <= len(kinds) else ""
            lines.append(f"  {i}. {format_cards(group)}"
                         + (f"  — {kind}" if kind else ""))
    return lines


def _maal_lines(ruling: Verdict) -> list[str]:
    return _wild_line(ruling) + [
        f"  {item['value']:>3}  {item['name']}: {format_cards(item['cards'])}"
        for item in ruling.details["items"]]


TIPLU = Flag("tiplu", ("--tiplu",), str, None, "The tiplu card.", "CARD",
             required=True)

CHECKS = (
    CheckSpec(
        "meld", "Which Marriage meld is this, or why not (MA-4).",
        (Flag("cards", argument=True, required=True, metavar="CARDS",
              help="Three cards."),
         Flag("tiplu", ("--tiplu",), str, None,
              "The tiplu card (nothing is wild without it).", "CARD")),
        _meld, lambda ruling: ruling.kind or "meld", "not a meld", COMMON,
        _wild_line),
    CheckSpec(
        "finish", "Can these cards finish (MA-10)? On yes, one arrangement.",
        (Flag("cards", argument=True, required=True, metavar="CARDS",
              help="21 or 22 cards."),
         TIPLU,
         Flag("by", ("--by",), str, "melds", "melds or dublees", "melds|dublees"),
         Flag("exposed", ("--exposed",), str, None,
              "'MELD | MELD | MELD': exposed to see the tiplu (MA-5), kept.",
              "MELDS")),
        _finish, "can finish", "cannot finish", COMMON, _finish_lines),
    CheckSpec(
        "maal", "The maal of these cards and the best grouping (MA-11).",
        (Flag("cards", argument=True, required=True, metavar="CARDS",
              help="The player's cards."),
         TIPLU,
         Flag("tunnela", ("--tunnela",), list, [],
              "A tunnela exposed at the deal (card).", "CARD"),
         Flag("seen", ("--seen/--not-seen",), bool, True,
              "Has the player seen the tiplu?"),
         Flag("natural", ("--natural/--dublees",), bool, True,
              "Qualified with natural melds (MA-5) or saw the tiplu through "
              "dublees.")),
        _maal, lambda ruling: f"Maal {ruling.details['maal']}", "no maal",
        COMMON, _maal_lines),
)
