"""Marriage's rule set and profile: data that drives the one engine.

The house options of MA-15 … MA-17 are fields like every other: `mode`
(what an unseen player's maal does), `unseen_pairs`, the four fees and
`alter`. A ledger written before `mode` existed stores `maal_needs_seen`;
the profile still reads it (`renamed`: true is murder, false is normal).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Iterable, Sequence

from scorekeeper.core.cards import Card, check_copies
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, NP_, Said
from scorekeeper.core.options import Profile, Renamed, RuleSet, Tiers, frozen_mapping
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.scores import NET, ScoreKind

NAME = "marriage"
# Every fee is a whole number in this range (MA-16).
FEE_RANGE = (0, 100)
FEES = ("seen_fee", "unseen_fee", "dublee_finish_bonus", "dublee_seen_fee")


class Mode(StrEnum):
    """What the maal of a player who has not seen the tiplu does (MA-15)."""

    MURDER = "murder"      # it counts 0
    KIDNAP = "kidnap"      # the finisher takes it; it counts 0 for its holder
    NORMAL = "normal"      # it counts like anyone's


class Foul(StrEnum):
    """When a refused show's penalty is paid (MA-20)."""

    NOW = "now"        # in the hand of the refused show (MA-13)
    NEXT = "next"      # with the fouler's next hand, waived if they finish it


# The maal tables (MA-19): every item's value for holding 1, 2, 3 … of it,
# as data. `three-deck` is MA-11 and MA-17 as the rule book plays them;
# `calculator` the values of sanjeebko/MarriageCalculator's MaalCalculator.kt
# (RULES.md, MA-19, cites the file and commit).
MAAL_ITEMS = ("maal_jhiplu", "maal_poplu", "maal_tiplu", "maal_marriage",
              "maal_tunnela", "maal_tunnela_wild", "maal_tunnela_neighbour",
              "maal_alter", "maal_tunnela_alter", "joker_maal")
MAAL_TABLES = frozen_mapping({
    "three-deck": frozen_mapping({
        "maal_jhiplu": Tiers.of(2, 5, 10), "maal_poplu": Tiers.of(2, 5, 10),
        "maal_tiplu": Tiers.of(3, 7), "maal_marriage": Tiers.of(10, 30),
        "maal_tunnela": Tiers.of(5, 10, 15, 20, 25, 30, 35),
        "maal_tunnela_wild": Tiers.of(10, 20, 30),
        "maal_tunnela_neighbour": Tiers.of(20, 40),
        "maal_alter": Tiers.of(5, 15, 30), "maal_tunnela_alter": Tiers.of(10),
        "joker_maal": Tiers.of(2, 4, 6, 8, 10, 12)}),
    "calculator": frozen_mapping({
        "maal_jhiplu": Tiers.of(2, 5, 10), "maal_poplu": Tiers.of(2, 5, 10),
        "maal_tiplu": Tiers.of(3, 8), "maal_marriage": Tiers.of(10, 25),
        "maal_tunnela": Tiers.of(5, 15, 30, 45),
        "maal_tunnela_wild": Tiers.of(5, 15, 30),
        "maal_tunnela_neighbour": Tiers.of(10, 30, 45),
        "maal_alter": Tiers.of(5, 15, 30), "maal_tunnela_alter": Tiers.of(35),
        "joker_maal": Tiers.of(5, 15, 30)}),
})
_DEFAULT_TABLE = MAAL_TABLES["three-deck"]


# The names of a meld's kinds (MA-4) and of a finish by dublees' groups, as
# rulings and `check` say them (`Said(KIND_NAMES[kind])`): English keys.
KIND_NAMES = {"pure sequence": N_("pure sequence"), "tunnela": N_("tunnela"),
              "trial": N_("trial"), "dirty sequence": N_("dirty sequence"),
              "dirty trial": N_("dirty trial"), "dublee": N_("dublee"),
              "leftover": N_("leftover")}


class FinishKind(StrEnum):
    """How a finisher shows 21 cards (MA-10)."""

    MELDS = "melds"
    DUBLEES = "dublees"

    @classmethod
    def read(cls, text: str, rule: str) -> "FinishKind":
        """`--by melds|dublees`, any case."""
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise Impossible(Said("--by must be melds or dublees, not {text}",
                                  text=repr(text)), rule) from None


@dataclass(frozen=True)
class MarriageRules(RuleSet):
    """Everything the Marriage engine needs (MA-1 … MA-17)."""

    max_players: int = 5
    decks: int = 3
    hand_size: int = 21
    mode: Mode = Mode.MURDER
    unseen_pairs: bool = True
    seen_fee: int = 3
    unseen_fee: int = 10
    dublee_finish_bonus: int = 5
    dublee_seen_fee: int = 3
    alter: bool = False
    invalid_show_penalty: int = 0
    rotations: int = 1
    printed_jokers: int = 0
    maal_table: str = "three-deck"
    maal_jhiplu: Tiers = _DEFAULT_TABLE["maal_jhiplu"]
    maal_poplu: Tiers = _DEFAULT_TABLE["maal_poplu"]
    maal_tiplu: Tiers = _DEFAULT_TABLE["maal_tiplu"]
    maal_marriage: Tiers = _DEFAULT_TABLE["maal_marriage"]
    maal_tunnela: Tiers = _DEFAULT_TABLE["maal_tunnela"]
    maal_tunnela_wild: Tiers = _DEFAULT_TABLE["maal_tunnela_wild"]
    maal_tunnela_neighbour: Tiers = _DEFAULT_TABLE["maal_tunnela_neighbour"]
    maal_alter: Tiers = _DEFAULT_TABLE["maal_alter"]
    maal_tunnela_alter: Tiers = _DEFAULT_TABLE["maal_tunnela_alter"]
    joker_maal: Tiers = _DEFAULT_TABLE["joker_maal"]
    foul: Foul = Foul.NOW
    dublee_min_players: int = 2
    doubles: bool = False       # the house plays doubled hands (MA-22): the entry asks
    ace_high: bool = True       # Q K A is a sequence (MA-24); false: the ace is low only

    length_option: ClassVar[str] = "rotations"

    def carried(self, previous: PlainMap | None) -> PlainDict:
        """MA-20, `foul = next`: the refused shows of the hand before (and
        those still waiting for a fouler who sat it out) are due now; a
        fouler who sits this hand out too waits on (the game stores them as
        `fouls_waiting`, not among this hand's `fouls_due`)."""
        if previous is None or self.foul != Foul.NEXT:
            return {}
        played = dict(previous.get("net", {}))
        due = [*previous.get("invalid_shows", []),
               *previous.get("fouls_waiting", []),
               # a ledger written before `fouls_waiting` listed them here
               *(p for p in previous.get("fouls_due", []) if p not in played)]
        return {"fouls_due": list(dict.fromkeys(due))} if due else {}

    def problems(self) -> list[tuple[str, Said]]:
        problems = super().problems()
        if self.mode not in tuple(Mode):
            problems.append(("mode", Said("one of {values}",
                                          values=", ".join(Mode))))
        low, high = FEE_RANGE
        for fee in FEES:
            value = getattr(self, fee)
            if isinstance(value, bool) or not isinstance(value, int) or \
                    not low <= value <= high:
                problems.append((fee, Said("a whole number from {low} to {high}",
                                           low=low, high=high)))
        if self.invalid_show_penalty < 0:
            problems.append(("invalid_show_penalty",
                             Said("a whole number of 0 or more")))
        if self.rotations <= 0:
            problems.append(("rotations", Said("a whole number of 1 or more")))
        for item in MAAL_ITEMS:
            value = getattr(self, item)
            why = value.problem() if isinstance(value, Tiers) else \
                Said("values for holding 1, 2, … separated by '/' (such as 2/5/10; more "
                     "than listed counts as the last)")
            if why:
                problems.append((item, why))
        return problems

    def house(self, option: str) -> bool:
        """Does this option differ from the rule book's default? (A ruling
        names a fee's option when it does.)"""
        return bool(getattr(self, option)
                    != type(self).__dataclass_fields__[option].default)

    @property
    def maal_table_changed(self) -> bool:
        """Does any maal value differ from the rule book's (MA-19)?"""
        return any(self.house(item) for item in MAAL_ITEMS)

    @property
    def score_kind(self) -> ScoreKind:
        """Whole points passed between players pair by pair (MA-12)."""
        return NET

    def planned_hands(self, player_count: int) -> int:
        return self.rotations * player_count

    def check_shoe(self, *groups: Iterable[Card], tiplu: Card | None = None,
                   holders: Sequence[str] = ()) -> None:
        """MA-1: the shoe holds every card `decks` times and `printed_jokers`
        JK (MA-18), across all the groups given (hands: whose, `holders`
        names) and the tiplu together (a refusal over the tiplu's card says
        it was counted)."""
        check_copies(groups, self.decks, self.printed_jokers, self.rule("table"),
                     also=tiplu, also_is=Said("tiplu"), holders=holders)

    def check_tiplu(self, tiplu: Card) -> None:
        """The tiplu is a card of the shoe, never a printed joker (MA-18)."""
        if tiplu.is_joker:
            raise Impossible(Said("the tiplu is never a JK: a printed joker drawn "
                                  "for the tiplu is put back and another card "
                                  "drawn ({rule})", rule=self.rule("jokers")),
                             self.rule("jokers"))
        self.check_shoe(tiplu=tiplu)


IDS = {
    "table": "MA-1", "deal": "MA-2", "tunnela": "MA-3", "meld": "MA-4",
    "qualify": "MA-5", "tiplu": "MA-6", "wild": "MA-7", "turn": "MA-8",
    "dublee": "MA-9", "finish": "MA-10", "maal": "MA-11", "settle": "MA-12",
    "invalid": "MA-13", "session": "MA-14", "ledger": "MA-12",
    "mode": "MA-15", "fees": "MA-16", "alter": "MA-17", "jokers": "MA-18",
    "maal_table": "MA-19", "foul": "MA-20", "dublee_players": "MA-21",
    "double": "MA-22", "seats": "MA-23", "ace": "MA-24",
}


def _mode_of_maal_needs_seen(value: bool) -> Mode:
    """The option `maal_needs_seen` before `mode` (MA-15): true is murder,
    false is normal."""
    return Mode.MURDER if value else Mode.NORMAL

THREE_DECK: Profile[MarriageRules] = Profile(
    game=NAME,
    name=NP_("profile", "three-deck"),
    summary=N_("three decks, secret tiplu, maal paid apart from the finish "
               "fee, T + w − n·S settlement"),
    rules=MarriageRules(rule_ids=frozen_mapping(IDS)),
    options=("mode", "unseen_pairs", *FEES, "alter", "invalid_show_penalty",
             "rotations", "printed_jokers", "maal_table", *MAAL_ITEMS, "foul",
             "dublee_min_players", "doubles", "ace_high"),
    choices=frozen_mapping({"mode": tuple(Mode), "foul": tuple(Foul),
                            "maal_table": tuple(MAAL_TABLES)}),
    rules_section="Marriage, profile `three-deck`",
    ranges=frozen_mapping({**{fee: FEE_RANGE for fee in FEES},
                           "printed_jokers": (0, 6),
                           "dublee_min_players": (2, 5)}),
    presets=frozen_mapping({"maal_table": MAAL_TABLES}),
    renamed=frozen_mapping({
        "maal_needs_seen": Renamed("mode", True, _mode_of_maal_needs_seen)}),
    topics=frozen_mapping({"mode": "mode", "maal_needs_seen": "mode",
                           "unseen_pairs": "mode", "alter": "alter",
                           "invalid_show_penalty": "invalid",
                           "rotations": "session",
                           "printed_jokers": "jokers", "joker_maal": "jokers",
                           "maal_table": "maal_table",
                           **{item: "maal_table" for item in MAAL_ITEMS
                              if item != "joker_maal"},
                           "foul": "foul", "dublee_min_players": "dublee_players",
                           "doubles": "double", "ace_high": "ace",
                           **{fee: "fees" for fee in FEES}}),
)
PROFILES: tuple[Profile[MarriageRules], ...] = (THREE_DECK,)
# The rules the pure functions cite when no session's rules are given.
DEFAULT_RULES = THREE_DECK.rules
