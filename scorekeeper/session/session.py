"""A session as a value: its seats (`core.seats.Seats`: who sits, who is
out, who deals), the totals, when it ends, and a hand ruled for it — the
next one from the flags typed for it, an amended one, or a stored one
again.

Pure: `Session` is built by `scorekeeper.ledger.document` from a ledger's document
and never touches a file; what each change checks and rules of it is
`session.hand_checks` and `session.header_checks` (written as text by
`ledger.changes` and `ledger.header`), what is read of it
`reports.documents`. Every game is reached through the `Game` interface; nothing here knows a game by name.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Collection, Mapping, NamedTuple, Sequence

from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.language import N_, Said
from scorekeeper.core.numbers import listed
from scorekeeper.core.options import Profile, RuleSet, json_options
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.scores import ScoreKind
from scorekeeper.core.seating import Seating, resolve_name
from scorekeeper.core.seats import SeatChange, Seats
from scorekeeper.games.declare import Flag
from scorekeeper.games.interface import AnyGame
from scorekeeper.games.stored import note_problem

# The options of a hand that are the session's, not the game's: who sits
# the hand out, and who really dealt it.
OUT = Flag("out", ("--out",), list, [],
           N_("Who sits this hand out (repeat; '-' for nobody)."),
           "NAME")
DEALER = Flag("dealer", ("--dealer",), str, None,
              N_("Who really dealt, when the table deviated from the rotation."),
              "NAME")
SESSION_FLAGS = {flag.param: flag for flag in (OUT, DEALER)}

# A hand's note (`record`/`amend --note`; what it may be: `games.stored`)
NOTE = Flag("note", ("--note",), str, None,
            N_("A short note kept with the hand: one line, at most 80 characters "
               "(amend: \"\" removes it)."), "TEXT")


def typed_note(typed: str) -> str:
    """A note as typed, its surrounding spaces left out ("" for none):
    refused (exit 2) where it cannot be a note (`note_problem`)."""
    text = typed.strip()
    problem = note_problem(text) if text else None
    if problem is not None:
        raise Impossible(Said("--note: {problem}", problem=problem))
    return text


# a named tuple made without the Python call its own constructor is
# (`StoredHand.of`: once for every hand of a long ledger)
_new_tuple = tuple.__new__


class StoredHand(NamedTuple):
    """One `[[hands]]` table as read: its number and line, the table, who
    has a score in it (in seat order), who dealt, and the scores. A named
    tuple, cheap to make: a long ledger makes one for every hand."""

    number: int
    line: int | None
    data: PlainMap
    seated: tuple[str, ...]
    dealer: str
    scores: Mapping[str, int]

    @classmethod
    def of(cls, number: int, line: int | None, data: PlainMap,
           players: Sequence[str], score_key: str,
           seat: Mapping[str, int]) -> "StoredHand":
        """The hand a table of the right shape holds (its scores are the
        table's own: a ledger's values are never changed in place);
        `seat`: each player's place in the seat order."""
        scores = data[score_key]
        seated = tuple(scores)          # nearly always: every player, in seat order
        if seated != players:           # sorted, not filtered: a long `seats`
            seated = tuple(sorted((p for p in scores if p in seat), key=seat.__getitem__))
        return _new_tuple(cls, (number, line, data, seated, data["dealer"], scores))


class SessionHand:
    """One hand ruled for a session: where it sat, the game's result, the
    `[[hands]]` table that stores it, and what it means for the session
    (players it eliminates), explained with the rule. A plain class, as
    `Session` is: a dataclass compiles its methods at start-up."""

    __slots__ = ("number", "table", "result", "stored", "eliminated", "notes",
                 "note_rules")

    def __init__(self, number: int, table: Seating, result: Any, stored: PlainDict,
                 eliminated: tuple[str, ...] = (), notes: tuple[Said, ...] = (),
                 note_rules: tuple[str, ...] = ()) -> None:
        self.number = number
        self.table = table
        self.result = result
        self.stored = stored
        self.eliminated = eliminated
        self.notes = notes
        self.note_rules = note_rules

    @property
    def explanation(self) -> tuple[Said, ...]:
        return tuple(self.result.explanation) + self.notes

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys((*self.result.rules, *self.note_rules)))

class Session:
    """A ledger's session, never changed once made (a change makes another).
    A plain class: a dataclass compiles its methods when it is defined,
    which every command that opens a ledger would pay at start-up."""

    def __init__(self, label: str, game: AnyGame, profile: Profile[Any], rules: RuleSet,
                 players: tuple[str, ...], first_dealer: str,
                 hands: tuple[StoredHand, ...] = (), document: PlainMap | None = None,
                 changes: tuple[SeatChange, ...] = (),
                 pending: StoredHand | None = None) -> None:
        self.label = label
        self.game = game
        self.profile = profile
        self.rules = rules            # the game's own RuleSet subclass
        self.players = players        # everyone who sits, in seat order (newcomers too)
        self.first_dealer = first_dealer
        self.hands = hands
        self.document: PlainMap = {} if document is None else document
        self.changes = changes        # joins and leaves, in order
        # the next hand, its inputs given before play alone (CB-18): the
        # document's last `[[hands]]` table, no scores yet
        self.pending = pending

    def _with_hands(self, hands: tuple[StoredHand, ...],
                    document: PlainMap | None = None) -> Session:
        """This session with other hands (and its document, if given)."""
        return Session(self.label, self.game, self.profile, self.rules, self.players,
                       self.first_dealer, hands,
                       self.document if document is None else document, self.changes)

    @cached_property
    def seats(self) -> Seats:
        """Who sits at each hand, who is out, who deals."""
        return Seats(self.players, self.first_dealer, self.changes, self.hands,
                     self.rules.elimination_limit)

    @property
    def score_key(self) -> str:
        return self.rules.score_key

    @property
    def house_options(self) -> PlainDict:
        """The options this session sets away from its profile's defaults
        (as JSON holds them): what every view's header shows."""
        return json_options(self.profile.changed(self.rules))

    @property
    def score_kind(self) -> ScoreKind:
        """How the game keeps its scores (scale, ordering, transfers)."""
        return self.rules.score_kind

    @property
    def money(self) -> dict[str, str]:
        """The rate and currency agreed at `new --rate` (the ledger's
        `[money]`: {"rate": "10", "currency": "NPR"}); {} if none."""
        stored = self.document.get("money")
        return dict(stored) if isinstance(stored, dict) else {}

    @property
    def payments(self) -> list[PlainDict]:
        """The settlements recorded as paid (`settle-up --paid`: the
        ledger's `paid`), oldest first; [] if none."""
        stored = self.document.get("paid")
        return [p for p in stored if isinstance(p, dict)] if isinstance(stored, list) else []

    @property
    def paid_hands(self) -> int:
        """How many hands, from the first, a recorded payment settled."""
        return max((p["hands"] for p in self.payments if type(p.get("hands")) is int),
                   default=0)

    def unpaid(self) -> "Session":
        """The session's hands not yet paid (what a later `settle-up`
        counts): the totals of the hands after the last payment."""
        paid = self.paid_hands
        return self if not paid else self._with_hands(self.hands[paid:])

    # -- derived state ----------------------------------------------------
    def _totals_for(self, index: int) -> dict[str, int] | None:
        """The totals before hand index+1, where the rules read them."""
        if not self.rules.uses_totals:
            return None
        return self.seats.totals_before[index]

    def totals(self) -> dict[str, int]:
        """Each player's total after the last hand."""
        return dict(self.seats.totals)

    @property
    def planned(self) -> int | None:
        """The hands the session plans, for the players of `new` (a seat
        that changes later does not change the plan: `extend` does)."""
        return self.rules.planned_hands(self.seats.at_new)

    @property
    def complete(self) -> bool:
        if self.planned is not None and len(self.hands) >= self.planned:
            return True
        return self.seats.ended_by_elimination

    @property
    def next_dealer(self) -> str | None:
        return None if self.complete else self.seats.dealer_for(len(self.hands))

    # -- changes ------------------------------------------------------------
    def check_open(self) -> None:
        """Refuse a hand past the session's end (exit 1)."""
        if not self.complete:
            return
        planned = self.planned
        unit = self.rules.length_option
        how = f"scorekeeper extend {self.label} --{unit} N"
        if planned is not None and len(self.hands) >= planned:
            raise Refused(Said("the session is complete: all {planned} planned hands are "
                               "played. To play on, extend it: {how} (the new total)",
                               planned=planned, how=how), self.rules.rule("session"))
        left = ", ".join(self.seats.seated_for(len(self.hands))) or "nobody"
        raise Refused(Said("the session is complete: only {left} is left after eliminations; "
                           "start a new session with `scorekeeper new`",
                           left=left), self.rules.rule("session"))

    def before_play(self, flags: PlainMap) -> PlainDict:
        """The next hand's `[[hands]]` table holding only the inputs given
        before it is played (`Game.pending_flags` typed alone: Call Break's
        calls, CB-18), checked; it waits for the rest as the last hand."""
        self.check_open()
        self._refuse_pending()
        game_flags, out, dealer = self._split(flags)
        self.game.refuse_foreign_flags(game_flags)
        table, corrected = self._seating(len(self.hands), out, dealer)
        told = hand_told(None, typed_note(flags.get("note") or ""))
        return {**self.pending_table(table, corrected, game_flags), **told}

    def pending_table(self, table: Seating, corrected: bool,
                       game_flags: PlainMap) -> PlainDict:
        given = self.game.before_play(game_flags, table, self.rules)
        return {"hand": len(self.hands) + 1, "dealer": table.dealer,
                **({"dealer_corrected": True} if corrected else {}), **given}

    def _refuse_pending(self) -> None:
        """Only the last hand waits for its play (CB-18): exit 2."""
        if self.pending is not None:
            number = self.pending.number
            raise Impossible(Said("the calls of hand {number} are saved already: "
                                  "`scorekeeper record {label} --won …` completes it, "
                                  "`scorekeeper amend {label} {number} --bid …` changes "
                                  "them", number=number, label=self.label),
                             self.rules.rule_or("pending", "ledger"))

    def pending_seating(self) -> tuple[Seating, bool]:
        """The table the waiting hand was given at: its dealer as stored."""
        assert self.pending is not None
        corrected = self.pending.data.get("dealer_corrected") is True
        return self._seating(len(self.hands), [],
                             self.pending.dealer if corrected else None)

    def complete_pending(self, flags: PlainMap, told: PlainMap) -> SessionHand:
        """The waiting hand ruled with the rest of its inputs (`record
        --won`), with `told` (when, a new note): what was given before play
        stays as stored; giving it again, or a seat, is refused (exit 2,
        CB-18)."""
        assert self.pending is not None
        if set(flags) & (self.game.pending_flags | set(SESSION_FLAGS)):
            self._refuse_pending()
        table, corrected = self.pending_seating()
        stored = self.game.flags_from_stored(self.pending.data)
        game_flags = self._split(flags)[0]
        ruled = self._rule(len(self.hands), table, corrected, {**stored, **game_flags},
                           told)
        kept = {k: v for k, v in self.pending.data.items() if k not in ruled.stored}
        ruled.stored = {**ruled.stored, **kept}
        return ruled

    def rule_next(self, flags: PlainMap, recorded: str | None = None) -> SessionHand:
        """Rule on the next hand from the flags typed for it (the game's,
        and the session's own: `out`, `dealer`, `note`); `recorded`: when
        it is recorded, stored with it."""
        self.check_open()
        told = hand_told(recorded, typed_note(flags.get("note") or ""))
        if self.pending is not None:
            return self.complete_pending(flags, told)
        game_flags, out, dealer = self._split(flags)
        index = len(self.hands)
        table, corrected = self._seating(index, out, dealer)
        return self._rule(index, table, corrected, game_flags, told)

    def next_table(self, flags: PlainMap) -> Seating:
        """Who plays the next hand and who deals it, given the session's
        flags typed for it (`out`, `dealer`)."""
        _, out, dealer = self._split(flags)
        return self._seating(len(self.hands), out, dealer)[0]

    def _rule(self, index: int, table: Seating, corrected: bool,
              game_flags: PlainMap, told: PlainMap) -> SessionHand:
        self.game.refuse_foreign_flags(game_flags)
        previous = self.hands[index - 1].data if index else None
        game_flags = {**game_flags, **self.game.carried(previous, self.rules)}
        args = self.game.args_from_flags(game_flags, table, self.rules)
        result = self.game.resolve(args, self.rules)
        stored = self.game.to_stored(index + 1, args, result, self.rules)
        seating: PlainDict = {"dealer_corrected": True} if corrected else {}
        sitting_out = [p for p in self.seats.seated_for(index) if p not in table.seated]
        if sitting_out:
            seating["out"] = sitting_out
        head: PlainDict = {k: stored[k] for k in ("hand", "dealer")
                                if k in stored}
        return self._ruled(index, table, result, {**head, **told, **seating, **stored})

    def _split(self, flags: PlainMap
               ) -> tuple[PlainDict, list[str], str | None]:
        """The game's flags; who sits out; who dealt (as typed)."""
        game_flags = {k: v for k, v in flags.items()
                      if k not in SESSION_FLAGS and k != NOTE.param}
        table = Seating(self.players, self.players, self.first_dealer)
        typed = list(flags.get("out", []))
        if "-" in (t.strip() for t in typed):
            if len(typed) > 1:
                raise Impossible(Said("--out - means nobody sits out: give it alone"))
            typed = []
        out = table.names(typed)
        dealer = flags.get("dealer")
        return game_flags, out, table.name(dealer) if dealer is not None else None

    def _seating(self, index: int, out: Sequence[str], dealer: str | None
                 ) -> tuple[Seating, bool]:
        """The table of hand index+1, and whether its dealer is a correction
        of the usual rotation (`--dealer`)."""
        rule = self.rules.rule("deal")
        for name in out:
            if name not in self.seats.seated_for(index):
                raise Impossible(Said("{name} is out of the session and cannot sit this hand "
                                      "out too", name=name), self.rules.rule("table"))
        usual = self.seats.dealer_for(index, out)
        if usual is None:
            raise Impossible(Said("nobody is left to deal this hand"), rule)
        seated = self.seats.seated_for(index, out)
        if dealer is not None and dealer not in seated:
            raise Impossible(Said("{dealer} does not play this hand and cannot deal it",
                                  dealer=dealer), rule)
        chosen = dealer or usual
        return Seating(self.players, seated, chosen, self._totals_for(index)), \
            chosen != usual

    def replay(self, h: StoredHand) -> tuple[Seating, Any, Any]:
        """A stored hand ruled again from its stored inputs, at the table it
        stores: the table, the hand's arguments, the result."""
        table = Seating(self.players, h.seated, h.dealer,
                        self._totals_for(h.number - 1))
        args = self.game.args_from_stored(h.data, table, self.rules)
        return table, args, self.game.resolve(args, self.rules)

    def rule_stored(self, number: int) -> SessionHand:
        """Hand `number` ruled again from its stored inputs (`show`)."""
        h = self.hand(number)
        table, _, result = self.replay(h)
        return self._ruled(number - 1, table, result, dict(h.data))

    def rule_amended(self, number: int, flags: PlainMap,
                     keep: bool = True) -> SessionHand:
        """Hand `number` ruled anew from the flags typed for it (`amend`):
        the stored inputs with the typed ones changed; who sat out and who
        dealt as stored, unless given (`keep` false: the flags are the
        whole hand, as the interactive entry gives it)."""
        h = self.hand(number)
        note = typed_note(flags["note"]) if "note" in flags else h.data.get("note")
        told = hand_told(h.data.get("recorded"), note)
        game_flags, out, dealer = self._split(flags)
        if keep:      # only what is typed changes (CLI.md); none: the hand stays
            game_flags = self.game.amended_flags(h.data, game_flags, self.players)
            if "out" in flags and game_flags.get("hand"):
                game_flags["hand"] = self._without_stored_hands_of(
                    out, game_flags["hand"], flags.get("hand", []))
        if "out" not in flags:
            out = list(h.data.get("out", []))
        if dealer is None and h.data.get("dealer_corrected") is True:
            dealer = h.dealer
        table, corrected = self._seating(number - 1, out, dealer)
        return self._rule(number - 1, table, corrected, game_flags, told)

    def _without_stored_hands_of(self, out: Collection[str], hands: list[str],
                                 typed: Collection[str]) -> list[str]:
        """`--hand` items less the stored ones of who now sits out (`amend
        N --out D`: D's stored hand goes; one typed for D is still refused)."""
        away = {resolve_name(name, self.players) for name in out if name != "-"}
        again = {resolve_name(item.partition("=")[0], self.players) for item in typed}
        return [item for item in hands
                if resolve_name(item.partition("=")[0], self.players) not in away - again]

    def rerule(self, number: int) -> SessionHand:
        """Hand `number` ruled again from its stored inputs, with the table
        it would store now (`verify --fix`); who sat and dealt as stored."""
        h = self.hand(number)
        table, args, result = self.replay(h)
        fresh = self.game.to_stored(number, args, result, self.rules)
        kept = {k: h.data[k] for k in ("recorded", "note", "dealer_corrected", "out")
                if k in h.data}
        head = {k: fresh[k] for k in ("hand", "dealer")}
        return self._ruled(number - 1, table, result, {**head, **kept, **fresh})

    def upto(self, number: int) -> Session:
        """The session as it stood after hand `number`."""
        return self._with_hands(self.hands[:number])

    def with_stored(self, number: int, data: PlainMap) -> Session:
        """The session with hand `number` stored as `data` (a ruling that
        the hands after it read the totals of)."""
        hand = StoredHand.of(number, self.hand(number).line, data, self.players,
                             self.score_key, self.seats.seat)
        hands = (*self.hands[:number - 1], hand, *self.hands[number:])
        stored = list(self.document.get("hands", []))
        stored[number - 1] = dict(data)
        return self._with_hands(hands, {**self.document, "hands": stored})

    def carried_mismatches(self, h: StoredHand) -> tuple[PlainDict, list[str]]:
        """What hand `h` takes over from the hand before it in this session
        (`Game.carried`), and the keys whose stored names are not those (in
        whatever order): what `verify` names, and what `amend` rules again."""
        keys = self.game.carried_keys
        if not keys:
            return {}, []
        index = h.number - 1
        due = self.game.carried(self.hands[index - 1].data if index else None,
                                self.rules)
        stored = self.game.carried_stored(h.data)
        return due, [k for k in keys
                     if sorted(stored.get(k, ())) != sorted(due.get(k, ()))]

    def hand(self, number: int) -> StoredHand:
        if not 1 <= number <= len(self.hands):
            if self.hands:
                raise Impossible(Said("{label} has no hand {number} (hands {first}–{last})",
                                      label=self.label, number=number, first=1,
                                      last=len(self.hands)))
            raise Impossible(Said("{label} has no hand {number} (no hands yet)",
                                  label=self.label, number=number))
        return self.hands[number - 1]

    def _ruled(self, index: int, table: Seating, result: Any,
               stored: PlainDict) -> SessionHand:
        """A ruled hand with what its seating was (who sat out, a dealer
        out of turn) and the eliminations it causes (DC-9)."""
        seat_notes = self._seating_notes(index, table, stored)
        deal = (self.rules.rule("deal"),) if seat_notes else ()
        limit = self.rules.elimination_limit
        if limit is None:
            return SessionHand(index + 1, table, result, stored, (), seat_notes,
                               deal)
        before = self.seats.totals_before[index]     # computed once for the session
        scores = dict(result.scores)
        out = tuple(p for p in self.players if p in scores
                    and before[p] < limit <= before[p] + scores[p])
        rule = self.rules.rule_or("eliminate", "session")
        shown = self.score_kind.display
        # a score as shown, kept a number (Decimal keeps its text) so that
        # it is said in the reader's digits
        from decimal import Decimal  # start-up: only a session that eliminates

        notes = tuple(Said("{name} reaches {total} ≥ {limit}: out ({rule})", name=p,
                           total=Decimal(shown(before[p] + scores[p])),
                           limit=Decimal(shown(limit)), rule=rule) for p in out)
        return SessionHand(index + 1, table, result, stored, out,
                           seat_notes + notes, deal + ((rule,) if out else ()))

    def _seating_notes(self, index: int, table: Seating,
                       stored: PlainMap) -> tuple[Said, ...]:
        """What a ruling says of a table that is not the usual one."""
        rule = self.rules.rule("deal")
        out = [p for p in stored.get("out", []) if isinstance(p, str)]
        notes: list[Said] = []
        if out:
            names = listed(out, " and ", each=True)     # "A and B and C"
            notes.append(Said.ngettext(
                "{names} sits this hand out: not dealt, no score for it ({rule})",
                "{names} sit this hand out: not dealt, no score for it ({rule})",
                count=len(out), names=names, rule=rule))
        if stored.get("dealer_corrected") is True:
            usual = self.seats.dealer_for(index, out)
            notes.append(Said("{dealer} dealt out of turn (the rotation had {usual}): "
                              "recorded as a correction; the deal goes on from {dealer} "
                              "({rule})", dealer=table.dealer, usual=usual, rule=rule))
        return tuple(notes)

def hand_told(recorded: str | None, note: str | None) -> PlainDict:
    """What a hand stores of when it was recorded and why, where known."""
    told: PlainDict = {"recorded": recorded} if recorded else {}
    if note:
        told["note"] = note
    return told


def session_rules(game: AnyGame, profile: Profile[Any], settings: Sequence[str],
                  lengths: Mapping[str, str | int | None]) -> Any:
    """The rules of a new session: `--set` options, and its length given as
    `--hands N` or `--rotations N` (whichever the game's sessions use)."""
    return profile.parse_settings([*settings, *(
        length_setting(game, profile, unit, value)
        for unit, value in lengths.items() if value is not None)])


def length_setting(game: AnyGame, profile: Profile[Any], unit: str,
                   value: str | int) -> str:
    """A session's length (`--hands N`, `--rotations N`, `--rounds N`) as a
    setting; exit 2 for a unit the game's sessions do not use."""
    if unit != profile.rules.length_option:
        raise Impossible(Said("--{unit} is not an option of {profile}; {game} sessions "
                              "use --{length_option}", unit=unit, profile=profile.name,
                              game=game.title,
                              length_option=profile.rules.length_option),
                         profile.rules.rule("session"))
    return f"{unit}={value}"
