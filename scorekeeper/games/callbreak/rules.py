"""Call Break's rule set and profile: data that drives the one engine.

`CallBreakRules` holds every number and switch the engine and the table's
rulings read: the range of a call, whether a follower must head the trick
and what a player void in the suit led must play, the direction of the
deal, the score of a made call of 8 or more, what a trick over the call
is worth, the number of rounds, when a deal may be thrown in, and how the
totals are paid (the difference, or by place). The table is 4 or 5: the
number of seats decides the cards each (52 // seats) and so the tricks of
a deal. Scores are kept in the units of `score_kind` (tenths by default:
3.1 is 31), higher is better, and they are not transfers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Sequence

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, NP_, Said
from scorekeeper.core.numbers import listed
from scorekeeper.core.options import (
    ByPlayers,
    Profile,
    Renamed,
    RuleSet,
    Tiers,
    frozen_mapping,
)
from scorekeeper.core.scores import ScoreKind

NAME = "callbreak"
# One 52-card deck dealt out evenly: 13 each at four, 10 at five (2 left
# undealt, CB-1); a deal holds as many tricks as each player has cards.
DECK = 52
# Every player takes 13 cards at four: the tricks of a four-player deal.
TRICKS = 13
# The range a table may set `bonus_8` to (CB-11): above a call of 8, and
# at most a call of 13 doubled.
BONUS_RANGE = (9, 26)
# CB-10, CB-12: tenths of a point (3.1 is kept as 31), the highest total
# wins, and a score is nobody's loss (not transfers).
TENTHS = ScoreKind(scale=10, higher_is_better=True, transfers=False)
# CB-11: how many tricks over the call make a point (`bonus_scale`): each
# divides a power of ten, so a score is still kept as a whole number, but
# 13 (a deal's tricks), whose tricks over the call roll over into a point.
BONUS_SCALES = (1, 2, 4, 5, 8, 10, 13, 20)
# the smallest power of ten every other bonus_scale divides (8: 1/8 = 0.125)
DECIMALS = 1000


def tricks_of(seats: int) -> int:
    """The cards each player is dealt, and so the tricks of a deal (CB-1)."""
    return DECK // seats


class Overtricks(StrEnum):
    """What a trick taken beyond the call adds (CB-11)."""

    TENTH = "tenth"      # 1 / bonus_scale each: called 3, took 5 scores 3.2
    NONE = "none"        # nothing: called 3, took 5 scores 3


class TrumpVoid(StrEnum):
    """What a player void in the suit led must play (CB-7)."""

    WINNING = "winning"  # a spade beating every spade in the trick, if held
    ANY = "any"          # any spade, if held
    NONE = "none"        # any card


class RedealWeak(StrEnum):
    """CB-3: the highest card a weak hand may hold (every card ≤ it)."""

    OFF = "off"
    TEN = "10"
    JACK = "j"
    QUEEN = "q"

    @property
    def power(self) -> int:
        """The highest power a weak hand holds (A high: J 11, Q 12)."""
        return {"off": 0, "10": 10, "j": 11, "q": 12}[self.value]


class PlaceTies(StrEnum):
    """How players with equal totals are paid by place (CB-14, CB-16)."""

    SHARE = "share"     # they share the places they tie for
    VOID = "void"       # any two tie: nobody pays
    SEATS = "seats"     # the earlier seat (in the order of play) ranks higher


class Payout(StrEnum):
    """How the totals become payments (CB-13, CB-14)."""

    DIFFERENCE = "difference"   # every pair settles the difference
    PLACES = "places"           # each place pays the winner a multiple


@dataclass(frozen=True)
class CallBreakRules(RuleSet):
    """Everything the Call Break engine needs (CB-1 … CB-13)."""

    seats_fixed: ClassVar[bool] = True          # CB-17
    min_players: int = 4
    max_players: int = 5
    min_bid: int = 1
    max_bid: int = 8
    must_head: bool = True
    trump_void: TrumpVoid = TrumpVoid.WINNING
    clockwise: bool = False
    bonus_8: int | None = None
    overtricks: Overtricks = Overtricks.TENTH
    bonus_scale: int = 10
    rounds: int = 5
    redeal_no_spade: bool = True
    redeal_weak: RedealWeak = RedealWeak.OFF
    payout: Payout = Payout.DIFFERENCE
    place_pay: Tiers = Tiers.of(1, 2, 3, 4)
    high_double: int | ByPlayers | None = ByPlayers(((4, 20), (5, 15)))
    low_double: bool = True
    place_ties: PlaceTies = PlaceTies.SHARE
    instant_win: int | ByPlayers | None = None
    perfect_call: int | None = None
    twice_over: bool = False

    length_option: ClassVar[str] = "rounds"

    def check_table(self, seated: Sequence[str], players: Sequence[str]) -> None:
        """CB-1: every deal is played by all at the table."""
        if len(seated) != len(players):
            away = [p for p in players if p not in seated]
            raise Impossible(Said("every Call Break deal is played by all {count}: "
                                  "nobody sits a deal out (--out {names})",
                                  count=len(players), names=", ".join(away)),
                             self.rule("table"))

    def problems(self) -> list[tuple[str, Said]]:
        problems = super().problems()
        if self.min_players != 4 or self.max_players != 5:
            problems.append(("max_players", Said("{most}: one deck dealt to {four} "
                                                 "or {five}", most=5, four=4, five=5)))
        if not 1 <= self.min_bid <= 2:
            problems.append(("min_bid", listed([1, 2], " or ")))
        if not max(self.min_bid, 8) <= self.max_bid <= TRICKS:
            problems.append(("max_bid", Said("a whole number from {low} to {high}",
                                             low=8, high=TRICKS)))
        low, high = BONUS_RANGE
        if self.bonus_8 is not None and not low <= self.bonus_8 <= high:
            problems.append(("bonus_8", Said("a whole number from {low} to {high}, "
                                             "or none", low=low, high=high)))
        if self.overtricks not in tuple(Overtricks):
            problems.append(("overtricks", Said("one of {values}",
                                                values=", ".join(Overtricks))))
        if self.rounds <= 0:
            problems.append(("rounds", Said("a whole number of {one} or more", one=1)))
        if self.bonus_scale not in BONUS_SCALES:
            problems.append(("bonus_scale", Said("one of {values}", values=", ".join(
                map(str, BONUS_SCALES)))))
        if self.place_pay.problem() or len(self.place_pay.values) > 4:
            problems.append(("place_pay", Said("the multiples of the stake the 2nd, "
                                               "3rd, 4th (and 5th) pay, such as "
                                               "1/2/3/4")))
        if self.perfect_call is not None and not 1 <= self.perfect_call <= 8:
            problems.append(("perfect_call", Said("a call from {low} to {high}, or none",
                                                  low=1, high=8)))
        for key in ("high_double", "instant_win"):
            value = getattr(self, key)
            problem = value.problem(4) if isinstance(value, ByPlayers) else \
                None if value is None or value >= 1 else "a number of 1 or more"
            if problem:
                problems.append((key, Said("{problem}, or none", problem=problem)))
        return problems

    @property
    def score_kind(self) -> ScoreKind:
        """Tenths by default; with `bonus_scale` B, the smallest power of
        ten (10 or more) a 1/B point is a whole number of (B = 8: 1000);
        13ths for 13, a count of tricks over the call that rolls over."""
        if DECIMALS % self.bonus_scale:
            return ScoreKind(scale=self.bonus_scale, higher_is_better=True,
                             transfers=False)
        scale = 10
        while scale % self.bonus_scale:
            scale *= 10
        return TENTHS if scale == 10 else \
            ScoreKind(scale=scale, higher_is_better=True, transfers=False)

    def tricks(self, seats: int) -> int:
        """The tricks of a deal at a table of `seats` (CB-1)."""
        return tricks_of(seats)

    def highest_call(self, seats: int) -> int:
        """CB-4: `max_bid`, and never more than the tricks of a deal."""
        return min(self.max_bid, tricks_of(seats))

    def at_seats(self, value: int | ByPlayers | None, seats: int) -> int | None:
        """An option by seat count (`4:20,5:15`) for this table."""
        return value.at(seats) if isinstance(value, ByPlayers) else value

    def planned_hands(self, player_count: int) -> int:
        return self.rounds

    def made_points(self, call: int) -> int:
        """The whole points a made call scores before its overtricks
        (CB-10; with `bonus_8`, a call of 8 or more scores at least it)."""
        if self.bonus_8 is not None and call >= 8:
            return max(self.bonus_8, call)
        return call

    def taken_twice_over(self, call: int, took: int) -> bool:
        """CB-11 `twice_over`: a call taken twice over or more (at least
        twice the call in tricks) is missed, as a call not reached."""
        return self.twice_over and took >= 2 * call

    def made(self, call: int, took: int) -> bool:
        """CB-10: at least the call taken (and, under `twice_over`, less
        than twice the call)."""
        return took >= call and not self.taken_twice_over(call, took)

    def score_units(self, call: int, took: int) -> int:
        """CB-10 / CB-11: the score of one player's deal in the units of
        `score_kind` (tenths by default): a made call is the call (or the
        bonus) plus 1/`bonus_scale` point per trick over it; a missed call
        (or one taken twice over, `twice_over`) is minus the call."""
        scale = self.score_kind.scale
        if not self.made(call, took):
            return -scale * call
        extra = took - call if self.overtricks == Overtricks.TENTH else 0
        return scale * self.made_points(call) + extra * (scale // self.bonus_scale)


IDS = {
    "table": "CB-1", "deal": "CB-2", "redeal": "CB-3", "call": "CB-4",
    "lead": "CB-5", "follow": "CB-6", "trump": "CB-7", "trick": "CB-8",
    "tricks": "CB-9", "score": "CB-10", "house": "CB-11", "session": "CB-12",
    "money": "CB-13", "ledger": "CB-10", "places": "CB-14", "instant": "CB-15",
    "perfect": "CB-16", "seats": "CB-17", "pending": "CB-18",
}

CLASSIC: Profile[CallBreakRules] = Profile(
    game=NAME,
    name=NP_("profile", "classic"),
    summary=N_("4 or 5 players, spades trump, call 1–8, made call + 0.1 per "
               "extra trick, missed call minus the call, 5 rounds"),
    rules=CallBreakRules(rule_ids=frozen_mapping(IDS)),
    options=("min_bid", "max_bid", "must_head", "trump_void", "clockwise",
             "bonus_8", "overtricks", "bonus_scale", "rounds", "redeal_no_spade",
             "redeal_weak", "payout", "place_pay", "high_double", "low_double",
             "place_ties", "instant_win", "perfect_call", "twice_over"),
    choices=frozen_mapping({"min_bid": (1, 2), "overtricks": tuple(Overtricks),
                            "place_ties": tuple(PlaceTies),
                            "bonus_scale": BONUS_SCALES}),
    rules_section="Call Break, profile `classic`",
    ranges=frozen_mapping({"max_bid": (8, TRICKS)}),
    topics=frozen_mapping({"min_bid": "call", "max_bid": "call",
                           "must_head": "follow", "trump_void": "trump",
                           "clockwise": "deal", "bonus_8": "house",
                           "overtricks": "house", "bonus_scale": "house",
                           "rounds": "session", "redeal_no_spade": "redeal",
                           "redeal_weak": "redeal", "payout": "money",
                           "place_pay": "places", "high_double": "places",
                           "low_double": "places", "place_ties": "places",
                           "instant_win": "instant",
                           "perfect_call": "perfect", "twice_over": "house"}),
    # CB-3: a ledger that stores `redeal_no_honour` keeps its meaning
    renamed=frozen_mapping({"redeal_no_honour": Renamed(
        "redeal_weak", False,
        lambda on: RedealWeak.TEN if on else RedealWeak.OFF)}),
)
PROFILES: tuple[Profile[CallBreakRules], ...] = (CLASSIC,)
