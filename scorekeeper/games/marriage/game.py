"""Marriage as the ledger and the shell see it: `GAME`.

How one hand is entered (`--finish NAME [--by …]` or `--no-finisher`,
`--tiplu`, `--seen`, `--seen-dublees`, `--hand`, `--tunnela`,
`--invalid-show`), stored in a `[[hands]]` table, replayed by `verify`,
shown and asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from scorekeeper.core import cards as cardtext
from scorekeeper.core.errors import Impossible, ScorekeeperError
from scorekeeper.core.language import N_, NOTHING, Said
from scorekeeper.core.options import is_whole_number
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.seating import Seating, parse_hand_values, resolve_name, shown_hands
from scorekeeper.core.typed import to_latin
from scorekeeper.games.fields import CARDS_SHOWN, UNVERIFIED, Field
from scorekeeper.games.interface import Game
from scorekeeper.games.marriage.commands import split_melds
from scorekeeper.games.marriage.engine import MarriageHand, MarriageResult
from scorekeeper.games.marriage.rules import IDS, FinishKind, MarriageRules
from scorekeeper.games.tally import Tally

if TYPE_CHECKING:
    pass


def _names_typed(items: Sequence[str] | None, players: Sequence[str]) -> set[str]:
    """The players a repeatable, comma-separated name option names (`-`:
    nobody; a name that is no player's is left for the ruling to refuse)."""
    out = set()
    for item in items or ():
        for name in str(item).split(","):
            if name.strip() and name.strip() != "-":
                try:
                    out.add(resolve_name(name.strip(), players))
                except ScorekeeperError:
                    pass
    return out


class MarriageGame(Game[MarriageRules, MarriageHand, MarriageResult]):
    # name, profiles, hand flags and the keys naming players (`finisher`,
    # `seen`, `seen_dublees`, `invalid_shows`) are the defaults: the
    # folder's name, `rules`, `flags`
    title = Said("Marriage")        # said "म्यारिज" where a screen says it
    fields = (
        Field("finisher", str, N_("a name"), "finish", group="finish",
              with_flags=("by",), stored=lambda args, _: args.finisher),
        Field("no_finisher", bool, N_("true or false"), "no_finisher", group="finish",
              stored=lambda args, _: args.finisher is None or None),
        Field("by", str, N_("melds or dublees"), "by",
              stored=lambda args, _: None if args.finisher is None else str(args.by)),
        Field("tiplu", str, N_("a card"), "tiplu", column="tiplu",
              caption=N_("Tiplu"), each=False,
              stored=lambda args, _: None if args.tiplu is None else str(args.tiplu)),
        Field("seen", list, N_("a list of names"), "seen",
              stored=lambda _, result: list(result.seen)),
        Field("seen_dublees", list, N_("a list of names"), "seen_dublees",
              stored=lambda _, result: list(result.seen_dublees) or None),
        Field("cards", dict, N_("a table NAME = CARDS"), "hand", required=True,
              column="shown", caption=CARDS_SHOWN,
              stored=lambda args, _: {p: s.stored() for p, s in args.shown}),
        Field("tunnelas", dict, N_("a table NAME = [CARDS]"), "tunnela",
              stored=lambda args, _: {p: [str(c) for c in cs]
                                      for p, cs in args.tunnelas} or None),
        Field("invalid_shows", list, N_("a list of names"), "invalid_show",
              stored=lambda args, _: list(args.invalid_shows) or None),
        Field("exposed", list, N_("a list of melds, each CARDS"), "exposed",
              stored=lambda args, _: [cardtext.format_cards(m)
                                      for m in args.exposed] or None),
        # MA-20, foul = next: refused shows due now, or waiting for a fouler
        # who sits out (they pay a later hand)
        Field("fouls_due", list, N_("a list of names"), carried="foul",
              stored=lambda _, result: list(result.fouls_due) or None),
        Field("fouls_waiting", list, N_("a list of names"), carried="foul",
              stored=lambda _, result: list(result.fouls_waiting) or None),
        Field("double", bool, N_("true or false"), "double",
              stored=lambda args, _: args.double or None),
        UNVERIFIED,
        Field("maal", dict, N_("a table"), ruled=lambda r: dict(r.maal_totals())),
    )
    tallies = (Tally("finishes", N_("finishes")),
               Tally("by_melds", N_("… by melds")),
               Tally("by_dublees", N_("… by dublees")),
               Tally("seen", N_("saw the tiplu"), "rate", "hands"),
               Tally("maal", N_("average maal"), "mean", "maal_hands"),
               Tally("invalid_shows", N_("refused shows")))

    def args(self, table: Seating, finisher: str | None, by: str,
             tiplu: str | None, seen: Sequence[str], raw: Mapping[str, str | int],
             tunnelas: Mapping[str, Sequence[str]], rules: MarriageRules,
             invalid_shows: Sequence[str] = (),
             seen_dublees: Sequence[str] = (),
             exposed: Sequence[str] = ()) -> MarriageHand:
        """The frozen hand arguments, from text as typed or stored. A
        finisher's whole number is a show accepted without its cards (typed
        `shown:MAAL`); the tiplu may be left out when no cards are shown."""
        tiplu_card = cardtext.card(tiplu) if tiplu else None
        if tiplu_card is not None:
            rules.check_tiplu(tiplu_card)
        kind = FinishKind.read(by, rules.rule("finish"))
        dealt = tuple((p, tuple(cardtext.card(t) for t in texts))
                      for p, texts in tunnelas.items())
        shown = shown_hands(table.seated, raw)
        if tiplu_card is None and (dealt or any(s.cards for _, s in shown)):
            raise Impossible(Said("--tiplu CARD is needed: the maal of the cards "
                                  "shown and the wildcards depend on it"),
                             rules.rule("wild"))
        twice = sorted({p for p in invalid_shows if list(invalid_shows).count(p) > 1})
        if twice:
            raise Impossible(Said("{names} named twice in --invalid-show: a hand "
                                  "records whose show was refused, each player "
                                  "once, and charges it once",
                                  names=", ".join(twice)), rules.rule("invalid"))
        return MarriageHand(table.seated, table.dealer, finisher, kind,
                            tiplu_card, tuple(dict.fromkeys(seen)), shown, dealt,
                            tuple(invalid_shows), tuple(dict.fromkeys(seen_dublees)),
                            tuple(cardtext.cards(text) for text in exposed))

    def args_from_flags(self, flags: PlainMap, table: Seating,
                        rules: MarriageRules) -> MarriageHand:
        finish, by = flags.get("finish"), flags.get("by")
        no_finisher = flags.get("no_finisher", False)
        if bool(finish) == bool(no_finisher):
            raise Impossible(Said("give exactly one of --finish NAME or "
                                  "--no-finisher"), rules.rule("finish"))
        if no_finisher and by:
            raise Impossible(Said("--by goes with --finish, not --no-finisher"))
        tunnelas: dict[str, list[str]] = {}
        for item in flags.get("tunnela", []):
            name, sep, text = item.partition("=")
            if not sep:
                raise Impossible(Said("--tunnela expects NAME=CARD, got {item}",
                                      item=repr(item)), rules.rule("tunnela"))
            tunnelas.setdefault(table.name(name), []).append(to_latin(text))
        finisher = table.name(finish) if finish else None
        return self.args(
            table, finisher, by or FinishKind.MELDS, to_latin(flags.get("tiplu") or "")
            or None,
            table.names(flags.get("seen", [])),
            agreed_shows({p: to_latin(v) for p, v in parse_hand_values(
                flags.get("hand", []), table.players).items()}, finisher, rules),
            tunnelas, rules, table.names(flags.get("invalid_show", [])),
            table.names(flags.get("seen_dublees", [])),
            split_melds(to_latin(flags.get("exposed") or ""), rules))._replace(
                fouls_due=tuple(flags.get("fouls_due", ())),
                double=bool(flags.get("double", False)))

    def args_from_stored(self, data: PlainMap, table: Seating,
                         rules: MarriageRules) -> MarriageHand:
        raw = data.get("cards")
        if not isinstance(raw, dict) or not isinstance(data.get("tiplu", ""), str):
            raise Impossible(Said("`cards` must be a table and `tiplu` a card"))
        finisher = data.get("finisher")
        if finisher is None and data.get("no_finisher") is not True:
            raise Impossible(Said("a hand needs `finisher = NAME` or "
                                  "`no_finisher = true`"))
        seen = data.get("seen", [])
        tunnelas = data.get("tunnelas", {})
        if not isinstance(seen, list) or not isinstance(tunnelas, dict) or \
                not all(isinstance(v, list) for v in tunnelas.values()):
            raise Impossible(Said("`seen` must be a list of names and `tunnelas` "
                                  "a table NAME = [CARDS]"))
        return self.args(table, finisher, data.get("by", FinishKind.MELDS),
                         data.get("tiplu"), seen, raw,
                         {p: list(v) for p, v in tunnelas.items()}, rules,
                         data.get("invalid_shows", []),
                         data.get("seen_dublees", []),
                         [str(m) for m in data.get("exposed", [])])._replace(
                             fouls_due=tuple(self.carried_stored(data)
                                             .get("fouls_due", ())),
                             double=data.get("double") is True)

    def flags_from_stored(self, data: PlainMap) -> PlainDict:
        finisher = data.get("finisher")
        flags: PlainDict = {"finish": finisher,
                                 "by": data.get("by", FinishKind.MELDS)} \
            if finisher else {"no_finisher": True}
        flags["tiplu"] = data.get("tiplu")
        flags["seen"] = [p for p in data.get("seen", []) if p != finisher]
        flags["hand"] = [f"{p}={SHOWN}{v}" if p == finisher and isinstance(v, int)
                         else f"{p}={v}"
                         for p, v in dict(data.get("cards", {})).items()]
        flags["tunnela"] = [f"{p}={card}" for p, cards in
                            dict(data.get("tunnelas", {})).items() for card in cards]
        flags["invalid_show"] = list(data.get("invalid_shows", []))
        flags["seen_dublees"] = list(data.get("seen_dublees", []))
        flags["exposed"] = " | ".join(data.get("exposed", [])) or None
        flags["double"] = True if data.get("double") is True else None
        return {key: value for key, value in flags.items() if value not in ([], None)}

    def amended_flags(self, stored: PlainMap, typed: PlainMap,
                      players: Sequence[str]) -> PlainDict:
        """As every game's; with a new finisher typed, the one stored stays
        seen (a finisher had seen the tiplu, MA-10) unless `--seen` is
        typed, and a number stored stays that player's maal (the new
        finisher's: their show agreed, `shown:N`)."""
        merged = super().amended_flags(stored, typed, players)
        # a player typed as seen one way is no longer seen the other way
        # as stored (docs/CLI.md, amend): the typed list wins
        for key, other in (("seen", "seen_dublees"), ("seen_dublees", "seen")):
            named = _names_typed(typed.get(key), players)
            if named and other not in typed:
                merged[other] = [item for item in merged.get(other, [])
                                 if not set(_names_typed([item], players)) & named]
        was = stored.get("finisher")
        now = resolve_name(typed["finish"], players) if typed.get("finish") \
            else None if typed.get("no_finisher") else was
        if now == was:
            return merged
        if isinstance(was, str) and now is not None and "seen" not in typed \
                and was not in _names_typed(typed.get("seen_dublees"), players):
            merged["seen"] = [*merged.get("seen", []), was]
        # a stored number stays the player's maal: the new finisher's is
        # their show agreed, the old one's an agreed maal
        cards = dict(stored.get("cards", {}))
        typed_hands = {resolve_name(h.partition("=")[0], players)
                       for h in typed.get("hand", [])}
        merged["hand"] = [
            item if p in typed_hands or not isinstance(cards.get(p), int)
            else f"{p}={SHOWN}{cards[p]}" if p == now else f"{p}={cards[p]}"
            for item in merged.get("hand", []) for p in [item.partition("=")[0]]]
        return merged

    def history_facts(self, data: PlainMap) -> PlainDict:
        finisher = data.get("finisher")
        facts: PlainDict = {
            "winner": finisher, "finisher": finisher,
            "by": data.get("by", str(FinishKind.MELDS)) if finisher else None,
            "seen": list(data.get("seen", [])),
            "seen_dublees": list(data.get("seen_dublees", [])),
            "unverified": list(data.get("unverified", [])),
            "tiplu": data.get("tiplu")}       # None: no card was shown
        tunnelas = data.get("tunnelas")
        if tunnelas and isinstance(tunnelas, dict):   # a hand edit may hold anything
            facts["tunnelas"] = {str(p): [str(c) for c in cs]
                                 for p, cs in tunnelas.items() if isinstance(cs, list)}
        if isinstance(data.get("maal"), dict):
            facts["maal"] = dict(data["maal"])
        if data.get("invalid_shows"):
            facts["invalid_shows"] = list(data["invalid_shows"])
        if data.get("fouls_due"):
            facts["fouls_due"] = list(data["fouls_due"])
        if data.get("double") is True:
            facts["double"] = True
        return facts

    def story(self, facts: PlainMap) -> Said:
        # a Said: English where it is stored or exported, the reader's
        # language on a screen (`say`)
        finisher, by = facts.get("finisher"), facts.get("by")
        said = Said("no finisher") if not finisher else \
            Said("{name} by melds", name=finisher) if by == FinishKind.MELDS else \
            Said("{name} by dublees", name=finisher) if by == FinishKind.DUBLEES else \
            Said("{name} by {by}", name=finisher, by=str(by))
        others = [p for p in facts.get("seen", []) if p != finisher]
        if others:
            said = Said("{story}; seen: {names}", story=said, names=", ".join(others))
        if facts.get("seen_dublees"):
            said = Said("{story}; seen through dublees: {names}", story=said,
                        names=", ".join(facts["seen_dublees"]))
        if facts.get("invalid_shows"):
            said = Said("{story}; refused show: {names}", story=said,
                        names=", ".join(facts["invalid_shows"]))
        if facts.get("fouls_due"):
            said = Said("{story}; refused show of before due: {names}", story=said,
                        names=", ".join(facts["fouls_due"]))
        if facts.get("double"):
            said = Said("{story}; doubled", story=said)
        if facts.get("unverified"):
            said = Said("{story}; agreed maal: {names}", story=said,
                        names=", ".join(facts["unverified"]))
        if facts.get("tiplu"):
            said = Said("{story}; tiplu {card}", story=said, card=str(facts["tiplu"]))
        for player, dealt in facts.get("tunnelas", {}).items():
            said = Said("{story}; dealt tunnela: {name} {cards}{counted}", story=said,
                        name=player, cards=", ".join(dealt),
                        counted=_tunnela_not_counted(facts, player))
        return said

    def tally(self, facts: PlainMap, player: str) -> dict[str, int]:
        finished = facts.get("finisher") == player
        by = facts.get("by")
        maal: Any = (facts.get("maal") or {}).get(player)
        counted = isinstance(maal, int) and not isinstance(maal, bool)
        return {"finishes": int(finished),
                "by_melds": int(finished and by == FinishKind.MELDS),
                "by_dublees": int(finished and by == FinishKind.DUBLEES),
                # seeing through 7 dublees is seeing (MA-9)
                "seen": int(player in facts.get("seen", ())
                            or player in facts.get("seen_dublees", ())),
                "maal": maal if counted else 0, "maal_hands": int(counted),
                "invalid_shows": list(facts.get("invalid_shows", ())).count(player)}


SHOWN = "shown:"     # `--hand A=shown:10`: a show accepted, maal 10


def agreed_shows(raw: Mapping[str, str], finisher: str | None,
                 rules: MarriageRules, named: bool = True) -> dict[str, str | int]:
    """`--hand` values with the finisher's `shown:MAAL` read as the show
    accepted at the table without its cards (stored as the number). A bare
    number for the finisher, or `shown:` for anyone else, is exit 2.
    `named` false: the answer to one player's question, quoted without
    `NAME=` (as it is typed there)."""
    out: dict[str, str | int] = dict(raw)
    for player, text in raw.items():
        agreed = text.strip().lower().startswith(SHOWN)
        who = f"{player}=" if named else ""
        if player != finisher:
            if agreed:
                raise Impossible(Said("{typed}: shown:MAAL is the finisher's "
                                      "show accepted without its cards; an "
                                      "agreed maal is {who}MAAL",
                                      typed=who + text.strip(), who=who),
                                 rules.rule("finish"))
            continue
        value = text.strip()[len(SHOWN):].strip() if agreed else text.strip()
        if not is_whole_number(value):
            if agreed:
                raise Impossible(Said("{typed}: after shown: comes the "
                                      "finisher's maal, a whole number",
                                      typed=who + text.strip()),
                                 rules.rule("finish"))
            continue
        if not agreed:
            raise Impossible(Said("the finisher {name} shows the 21 or 22 cards; "
                                  "for a show accepted at the table without "
                                  "them, write {who}shown:{value} (maal "
                                  "{value})", name=player, who=who, value=int(value)),
                             rules.rule("finish"))
        if len(value) > 9:
            raise Impossible(Said("{start}… is no hand's maal", start=value[:12]),
                             rules.rule("maal"))
        out[player] = int(value)
    return out


GAME = MarriageGame()


def _tunnela_not_counted(facts: PlainMap, player: str) -> Said:
    """" not counted (not seen, MA-11)" for a dealt tunnela that earns no
    bonus (no natural qualification: never saw, or saw or finished through
    dublees); "" for one that counts."""
    finisher, by_dublees = facts.get("finisher"), facts.get("by") == FinishKind.DUBLEES
    if player == finisher and by_dublees:
        return Said(" not counted (finished by dublees, {rule})", rule=IDS["maal"])
    if player in facts.get("seen_dublees", ()):
        return Said(" not counted (seen through dublees, {rule})", rule=IDS["maal"])
    if player != finisher and player not in facts.get("seen", ()):
        return Said(" not counted (not seen, {rule})", rule=IDS["maal"])
    return NOTHING
