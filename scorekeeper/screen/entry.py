"""Interactive entry for `record` on a terminal: ask, re-ask, confirm.

Each answer is checked as soon as it is typed (a bad card list is asked
again, earlier answers are kept); the game asks its own questions
(`ask_hand` of the game's `prompts` module, found by name) and returns the flags they amount to; the whole hand is
then ruled on and shown, and returned for writing only after the user
confirms. Prompts go to stderr so stdout stays clean for `--json`.

`<` at any question goes back to the one before: the questions are asked
again from the first, the answers given before it taken again without
asking (each checked again, as typed), and every answer given is offered
as the default of its question. Ctrl-C at a question asks whether to keep
the answers (`Kept`: the command saves them for the next `record`, which
passes them back as `answers`).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Callable, Sequence

import typer

from scorekeeper.core.errors import Impossible, ScorekeeperError
from scorekeeper.core.language import NO, YES, Said, _, digits, ngettext, say
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.seating import Seating, resolve_name, shortest_prefix
from scorekeeper.games.interface import SAVED
from scorekeeper.screen.streams import stderr_width, wrapped
from scorekeeper.session.hand_checks import before_play_only

if TYPE_CHECKING:
    from rich.console import Console

    from scorekeeper.session.session import Session


BACK = "<"          # the answer that goes back a question, in every language

Answers = Sequence[tuple[str, str]]     # (question, answer), in the order asked


class Back(Exception):
    """`<` was typed: ask the question before again."""


class Kept(Exception):
    """Ctrl-C, and the person chose to keep the answers given so far."""

    def __init__(self, answers: Answers) -> None:
        super().__init__("answers kept")
        self.answers = tuple(answers)


class TerminalAsker:
    """The `Asker` every game's `ask_hand` uses: typer prompts on stderr.
    `replay`: answers taken again, without asking, while each is to the
    same question and its check accepts it."""

    def __init__(self, replay: Answers = ()) -> None:
        self.given: list[tuple[str, str]] = []
        self.replay = list(replay)
        self.kept = dict(replay)        # each question's last answer: its default

    def restart(self, back: bool) -> None:
        """Ask from the first question again: `back`, taking every answer
        but the last again (that question is asked, its answer offered);
        else asking all, as at first."""
        self.kept = {**self.kept, **dict(self.given)} if back else {}
        self.replay, self.given = (self.given[:-1] if back else []), []

    def ask(self, question: str, check: Callable[[str], object],
            default: str | None = None) -> str:
        """Ask until `check` accepts the answer; show the error and ask
        again. `<` raises `Back` (at the first question, it says so)."""
        key = question
        if self._replayed(key, check):
            return self.given[-1][1]
        default = self.kept.get(key, default)
        while True:
            answer = _prompted(key + (f" [{default}]" if default is not None else ""),
                               default)
            try:
                if answer.strip() == BACK:
                    if self.given:
                        raise Back
                    raise Impossible(Said("this is the first question"))
                check(answer)
                self.given.append((key, answer))
                return answer
            except ScorekeeperError as err:
                typer.echo(wrapped(_("  {error} — try again").format(error=err.told())),
                           err=True)

    def _replayed(self, key: str, check: Callable[[str], object]) -> bool:
        """The next answer to replay taken, if it answers this question and
        is accepted; else replaying stops here."""
        if len(self.given) < len(self.replay):
            asked, answer = self.replay[len(self.given)]
            try:
                if asked == key:
                    check(answer)
                    self.given.append((key, answer))
                    return True
            except ScorekeeperError:
                pass
            self.replay = self.replay[:len(self.given)]
        return False

    def names(self, question: str, choices: Sequence[str],
              current: Sequence[str]) -> list[str]:
        """Players separated by commas or spaces ('-' for nobody), asked
        until valid. A name with a space in it is read whole where the
        comma-separated piece is a player's name."""
        def piece(text: str) -> list[str]:
            try:
                return [resolve_name(text, choices)]
            except ScorekeeperError:
                if " " not in text.strip():
                    raise
                return [resolve_name(n, choices) for n in text.split()]

        def names(text: str) -> list[str]:
            return [name for n in text.split(",") if n.strip() not in ("", "-")
                    for name in piece(n)]

        return names(self.ask(question, names, default=",".join(current) or "-"))

    def player_or(self, question: str, table: Seating, words: Sequence[str],
                  rule: str, current: str | None, chose_word: bool
                  ) -> str | None:
        """A player of this hand, or None for the keyword: the first of
        `words` that is nobody's name (`{word}` in `question` says which);
        `chose_word`: the keyword was the answer before."""
        word = table.keyword(*words)
        taken = {p.casefold() for p in table.players}
        keywords = {w for w in words if w.casefold() not in taken}   # any, said or not

        def check(text: str) -> None:
            if text.strip().lower() not in keywords:
                table.check_seated([table.name(text)], rule)

        answer = self.ask(question.format(word=word), check,
                          default=word if chose_word else current)
        return None if answer.strip().lower() in keywords else table.name(answer)


def _prompted(question: str, default: str | None) -> str:
    """The answer to `question` on stderr, the question wrapped to the
    terminal (typer adds only ": ", the answer typed on its last line)."""
    width = stderr_width()
    answer: str = typer.prompt(wrapped(question, "  ", width and width - 2),
                               default=default, show_default=False, err=True)
    return answer


def yes_no(question: str, default: bool, back: bool = False) -> bool:
    """A yes/no question on stderr: y, yes, n, no (any case), हो, होइन or
    Enter for the default (the choices say which); anything else is
    answered in the entry's own style and asked again. `back`: `<` raises
    `Back`."""
    while True:
        # Nepali: [हो/होइन, Enter=हो] or [हो/होइन, Enter=होइन]
        choices = _("[Y/n]") if default else _("[y/N]")
        answer = _prompted(f"{question} {choices}", "")
        said = answer.strip().lower()
        if not said:
            return default
        if back and said == BACK:
            raise Back
        if said in (*YES, *NO):
            return said in YES
        typer.echo(wrapped(_("  {answer}: answer y or n — try again").format(
            answer=repr(answer.strip()))), err=True)


def seating_question(players: Sequence[str], seated: Sequence[str] | None = None) -> Said:
    """The one-line question who sits out and who deals, its example naming
    two of the `seated` (default: all `players`) by the shortest prefix
    that is theirs alone among the `players` (one who has left is no
    example)."""
    seated = players if seated is None else seated
    out, dealer = seated[-1], seated[1 % len(seated)]
    return Said("Sitting out, dealer? ('out {out}, dealer {dealer}')",
                out=shortest_prefix(out, players), dealer=shortest_prefix(dealer, players))


def seating_table(session: Session, flags: PlainMap) -> Seating:
    """The next hand's table with `--out`/`--dealer` as `flags` give them,
    refused (exit 2) if the game cannot play it: CB-1, a seat count."""
    table = session.next_table(flags)
    session.rules.check_table(table.seated, table.players)
    return table


def seating_answer(text: str, session: Session) -> PlainDict:
    """`out NAME` and `dealer NAME` (`बाहिर NAME`, `बाँड्ने NAME`), separated
    by commas (`-` or Enter: as it is),
    as the flags `--out` and `--dealer`; checked against the session and
    the game (refused here, not after every other question)."""
    flags: PlainDict = {}
    for part in (p.strip() for p in text.split(",")):
        if part in ("", "-"):
            continue
        word, _, name = part.partition(" ")
        if word.lower() in ("out", "बाहिर") and name.strip():
            flags.setdefault("out", []).append(name.strip())
        elif word.lower() in ("dealer", "बाँड्ने") and name.strip() and "dealer" not in flags:
            flags["dealer"] = name.strip()
        else:
            raise Impossible(Said("{part}: write 'out NAME' or 'dealer NAME' (once), "
                                  "commas between, or '-'", part=repr(part)))
    seating_table(session, flags)        # who is out, who deals: refused if not
    return flags


def _announce(index: int, table: Seating) -> None:
    typer.echo(wrapped(say(Said("Hand {number}: {players}; dealer {dealer}.",
                                number=index + 1, players=", ".join(table.seated),
                                dealer=table.dealer))), err=True)


def _saved(session: Session) -> PlainDict:
    """What the hand waiting for its play was given before it (Call
    Break's calls, CB-18), marked `SAVED`: its questions ask only the rest."""
    if session.pending is None:
        return {}
    return {**session.game.flags_from_stored(session.pending.data), SAVED: True}


def anyone_may_sit_out(session: Session) -> bool:
    """Whether the game could play the next hand with one of its table out:
    if not (Call Break: CB-1), who sits out and deals is not asked."""
    seated = session.seats.seated_for(len(session.hands))
    for player in seated:
        try:
            session.rules.check_table([p for p in seated if p != player],
                                      session.players)
            return True
        except ScorekeeperError:
            pass
    return False


class _Entry:
    """One hand's questions, asked as often as the person goes back or
    enters the hand again: what the answers so far have made of it."""

    def __init__(self, session: Session, index: int, table: Seating,
                 typed: PlainDict, asks_seating: bool, answers: Answers,
                 saved: PlainDict) -> None:
        self.session, self.index, self.table = session, index, table
        self.saved = saved      # what the hand waiting for its play was given
        self.seats, self.said, self.asks_seating = typed, "-", asks_seating
        self.asker = TerminalAsker(answers)
        # the game's own `prompts` module, found by name
        self.ask_hand = import_module(f"{session.game.package}.prompts").ask_hand

    def flags(self, previous: PlainMap) -> PlainDict:
        """Every question once (who sits out and deals first, where asked):
        the flags the answers amount to."""
        session = self.session
        if self.asks_seating:
            self.said = self.asker.ask(
                say(seating_question(session.players, session.seats.seated_for(self.index))),
                lambda text: seating_answer(text, session), default=self.said)
            self.seats = seating_answer(self.said, session)
            now = seating_table(session, self.seats)
            if now[:3] != self.table[:3]:
                self.table = now
                _announce(self.index, self.table)
        flags = self.ask_hand(self.asker, self.table, session.rules,
                              {**previous, **self.saved})
        return {**{k: v for k, v in flags.items() if k not in self.saved}, **self.seats}


def enter_hand(session: Session, con: Console, confirm: bool = True,
               number: int | None = None,
               seating: PlainMap | None = None,
               ask_seating: bool = True, answers: Answers = (),
               keep: bool = False) -> PlainDict | None:
    """Ask for the next hand (or, with `number`, hand `number` again, each
    question pre-filled with what it stores); the flags to write, or None
    if the person declines. A hand that cannot be recorded and is not typed
    again ends as the flags would: its error is raised (exit 1 or 2).
    Entered again, every question is asked again, the earlier answers
    filled in. `seating`: the session's flags given with it (`--out`,
    `--dealer`: then, or with `ask_seating` false, or where nobody may sit
    out, who sits out and who deals is not asked). `answers`: kept from
    before, taken again first; `keep`: Ctrl-C offers to keep the answers
    (raising `Kept`)."""
    typed = dict(seating or {})
    saved = _saved(session) if number is None else {}
    if number is None:
        index, flags = len(session.hands), {}
        table = seating_table(session, typed) if session.pending is None else \
            Seating(session.players, session.pending.seated, session.pending.dealer)
    else:
        stored = session.hand(number)
        index, table = number - 1, Seating(session.players, stored.seated, stored.dealer)
        flags = session.game.flags_from_stored(stored.data)
    _announce(index, table)
    typer.echo(wrapped(say(Said("('{back}' at any question goes back one)",
                                back=BACK))), err=True)
    entry = _Entry(session, index, table, typed, number is None and not typed
                   and ask_seating and not saved and anyone_may_sit_out(session),
                   answers, saved)
    while True:
        try:
            return _one_pass(entry, con, confirm, number, flags)
        except Back:
            entry.asker.restart(back=True)
        except _Again as again:
            flags = again.flags
            entry.asker.restart(back=False)
        except typer.Abort:
            count = len(entry.asker.given)
            if keep and count and yes_no(ngettext(
                    "Keep this answer for the next record?",
                    "Keep these {count} answers for the next record?",
                    count).format(count=digits(count)), True):
                raise Kept(entry.asker.given) from None
            raise


class _Again(Exception):
    """The person chose to enter the hand again, these flags filled in."""

    def __init__(self, flags: PlainDict) -> None:
        super().__init__("again")
        self.flags = flags


def _one_pass(entry: _Entry, con: Console, confirm: bool, number: int | None,
              previous: PlainMap) -> PlainDict | None:
    """The questions once, the hand ruled and shown, then confirmed: its
    flags, or None if declined (`_Again`: entered again)."""
    session = entry.session
    flags = entry.flags(previous)
    try:
        if number is None and before_play_only(session, flags):
            session.before_play(flags)      # checked (CB-18), saved alone
            return flags
        ruled = session.rule_next(flags) if number is None \
            else session.rule_amended(number, flags, keep=False)
    except ScorekeeperError as err:
        typer.echo(wrapped(_("That hand cannot be recorded: {error}").format(
            error=err.told())), err=True)
        if not yes_no(_("Enter the hand again?"), True, back=True):
            raise
        raise _Again(flags) from None
    # imported here: rich, for the person at the terminal
    from scorekeeper.screen import views

    views.ruled(con, session, ruled)
    verb = Said("Record this hand?") if number is None else \
        Said("Amend hand {number} to this hand?", number=number)
    if not confirm or yes_no(say(verb), True, back=True):
        return flags
    if not yes_no(_("Enter the hand again?"), True, back=True):
        return None
    raise _Again(flags)
