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
from scorekeeper.core.language import N_, Said, say
from scorekeeper.core.numbers import listed
from scorekeeper.core.plain import PlainMap
from scorekeeper.core.typed import to_latin
from scorekeeper.core.verdict import Verdict, rule_on
from scorekeeper.games.declare import CheckSpec, Flag
from scorekeeper.games.marriage.flags import HAND_FLAGS as HAND_FLAGS
from scorekeeper.games.marriage.rules import KIND_NAMES, FinishKind, MarriageRules, Mode
from scorekeeper.games.marriage.rules import PROFILES as PROFILES

COMMON = frozenset({"game", "profile", "settings"})


def _read(rules: MarriageRules, values: PlainMap
          ) -> tuple[tuple[Card, ...], Card | None, Said]:
    """The cards and tiplu of a check, and the wildcards they imply (MA-7)."""
    # imported here: the Marriage core loads only for Marriage checks
    from scorekeeper.games.marriage.wildcards import Wildcards

    # a rank typed in Devanagari digits (१०♦) reads as Latin
    hand = cardtext.cards(to_latin(values["cards"]))
    tiplu = values.get("tiplu")
    tiplu_card = cardtext.card(to_latin(tiplu)) if tiplu is not None else None
    if tiplu_card is not None:
        rules.check_tiplu(tiplu_card)
    rules.check_shoe(hand, tiplu=tiplu_card)
    wild = Wildcards.from_tiplu(tiplu_card).describe() if tiplu_card else \
        Said("no tiplu given: nothing is wild")
    if tiplu_card and rules.printed_jokers:
        wild = Said("{wild}, and every JK ({rule})", wild=wild,
                    rule=rules.rule("jokers"))
    return hand, tiplu_card, wild


def _meld(rules: MarriageRules, values: PlainMap) -> Verdict:
    from scorekeeper.games.marriage.melds import classify_meld  # start-up

    hand, tiplu, wild = _read(rules, values)

    def run() -> Verdict:
        meld = classify_meld(hand, tiplu, rules)
        values = {"cards": format_cards(hand), "kind": meld.kind.said,
                  "rule": rules.rule("qualify")}
        return Verdict(True, Said("{cards} is a {kind} (qualifying, {rule})",
                                  **values) if meld.qualifying else
                      Said("{cards} is a {kind}", **values),
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
               split_melds(to_latin(values.get("exposed") or ""), rules)]

    def run() -> Verdict:
        finish = find_finish(hand, tiplu, by, rules, exposed)
        if by == FinishKind.DUBLEES:
            kinds = ["dublee"] * len(finish.dublees) + ["leftover"]
            reason = Said("8 dublees and {count} leftover cards ({rule})",
                          count=len(finish.leftovers), rule=rules.rule("dublee"))
        else:
            kinds = [str(m.kind) for m in finish.melds]
            reason = Said("7 melds, {count} of them qualifying ({meld}, "
                          "{qualify})", count=finish.qualifying,
                          meld=rules.rule("meld"), qualify=rules.rule("qualify"))
        if exposed:
            reason = Said("{reason}, the first {count} as exposed ({rule})",
                          reason=reason, count=len(exposed),
                          rule=rules.rule("qualify"))
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
        raise Impossible(Said("--exposed expects melds separated by '|', got "
                              "{text}", text=repr(text)), rules.rule("qualify"))
    return melds


def _maal(rules: MarriageRules, values: PlainMap) -> Verdict:
    from scorekeeper.games.marriage.maal import maal  # start-up

    hand, tiplu, wild = _read(rules, values)
    assert tiplu is not None      # a required option
    dealt = tuple(cardtext.card(to_latin(t)) for t in values.get("tunnela", []))
    seen = values.get("seen", True)
    # the dealt-tunnela bonus needs a natural qualification (MA-5, MA-11)
    value = maal(hand, tiplu, dealt, rules=rules,
                 natural_qualified=seen and values.get("natural", True))
    items = [{"name": i.name, "cards": i.cards, "value": i.value}
             for i in value.items]
    if not seen and rules.mode != Mode.NORMAL:
        reason = Said("not seen the tiplu: maal {maal}, and a finisher kidnaps "
                      "it (mode kidnap); without a finisher it counts 0",
                      maal=value.total) if rules.mode == Mode.KIDNAP else \
            Said("not seen the tiplu: maal {maal}, and it counts 0 (mode "
                 "murder)", maal=value.total)
        return Verdict(True, reason, rules.rule("mode"), None, MappingProxyType({
                          "maal": 0, "items": [], "wildcards": wild,
                          "maal_shown": value.total,
                          "maal_if_seen": value.total}))
    # alters are a maal item of MA-17's: cited there, or beside MA-11's
    alters = [i for i in value.items if "alter" in i.name.english]
    only_alters = bool(alters) and len(alters) == len(value.items)
    reason = Said("{items} = {total}", items=listed([
        Said("{item} {value} ({rule})", item=i.name, value=i.value,
             rule=rules.rule("alter")) if i in alters and not only_alters
        else Said("{item} {value}", item=i.name, value=i.value)
        for i in value.items], " + "), total=value.total) if items \
        else Said("no maal items: 0")
    if rules.maal_table_changed:
        reason = Said("{reason} (maal values of maal_table {table} and the "
                      "maal_* options, {rule})", reason=reason,
                      table=rules.maal_table, rule=rules.rule("maal_table"))
    cited = rules.rule("alter") if only_alters else rules.rule("maal")
    return Verdict(True, reason, cited, None, MappingProxyType({
        "maal": value.total, "items": items, "wildcards": wild,
        "maal_shown": value.total}))


# -- how a person reads them ------------------------------------------------------

def _wild_line(ruling: Verdict) -> list[Said]:
    wild = ruling.details.get("wildcards")
    return [Said("  {wild}", wild=wild)] if wild else []


def _finish_lines(ruling: Verdict) -> list[Said]:
    lines = _wild_line(ruling)
    if ruling.valid:
        discard = ruling.details.get("discard")
        if discard:
            lines.append(Said("  Discard {card}", card=str(discard)))
        kinds = ruling.details.get("kinds") or []
        for i, group in enumerate(ruling.details["arrangement"], start=1):
            kind = kinds[i - 1] if i <= len(kinds) else ""
            lines.append(Said("  {number}. {cards}  — {kind}", number=i,
                              cards=format_cards(group), kind=Said(KIND_NAMES[kind]))
                         if kind else Said("  {number}. {cards}", number=i,
                                           cards=format_cards(group)))
    return lines


def _maal_lines(ruling: Verdict) -> list[Said]:
    return _wild_line(ruling) + [
        Said("  {value:>3}  {item}: {cards}", value=item["value"],
             item=item["name"], cards=format_cards(item["cards"]))
        for item in ruling.details["items"]]



def _meld_head(ruling: Verdict) -> str:
    """The kind found, as the reader reads it (a head is made only to be
    shown: said here, it reads alike whether the shell says it again)."""
    return say(Said(KIND_NAMES[ruling.kind]) if ruling.kind else Said("meld"))


def _maal_head(ruling: Verdict) -> str:
    return say(Said("Maal {maal}", maal=ruling.details["maal"]))


TIPLU = Flag("tiplu", ("--tiplu",), str, None, N_("The tiplu card."), "CARD",
             required=True)

CHECKS = (
    CheckSpec(
        "meld", N_("Which Marriage meld is this, or why not (MA-4)."),
        (Flag("cards", argument=True, required=True, metavar="CARDS",
              help=N_("Three cards.")),
         Flag("tiplu", ("--tiplu",), str, None,
              N_("The tiplu card (nothing is wild without it)."), "CARD")),
        _meld, _meld_head, N_("not a meld"), COMMON,
        _wild_line),
    CheckSpec(
        "finish", N_("Can these cards finish (MA-10)? On yes, one arrangement."),
        (Flag("cards", argument=True, required=True, metavar="CARDS",
              help=N_("21 or 22 cards.")),
         TIPLU,
         Flag("by", ("--by",), str, "melds", N_("melds or dublees"), "melds|dublees"),
         Flag("exposed", ("--exposed",), str, None,
              N_("'MELD | MELD | MELD': exposed to see the tiplu (MA-5), kept."),
              "MELDS")),
        _finish, N_("can finish"), N_("cannot finish"), COMMON, _finish_lines),
    CheckSpec(
        "maal", N_("The maal of these cards and the best grouping (MA-11)."),
        (Flag("cards", argument=True, required=True, metavar="CARDS",
              help=N_("The player's cards.")),
         TIPLU,
         Flag("tunnela", ("--tunnela",), list, [],
              N_("A tunnela exposed at the deal (card)."), "CARD"),
         Flag("seen", ("--seen/--not-seen",), bool, True,
              N_("Has the player seen the tiplu?")),
         Flag("natural", ("--natural/--dublees",), bool, True,
              N_("Qualified with natural melds (MA-5) or saw the tiplu through "
                 "dublees."))),
        _maal, _maal_head, N_("no maal"),
        COMMON, _maal_lines),
)
