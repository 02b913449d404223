"""Interactive entry for `record` on a terminal: ask, re-ask, confirm.

Each answer is checked as soon as it is typed (a bad card list is asked
again, earlier answers are kept); the game asks its own questions
(`ask_hand` of the game's `prompts` module, found by name) and returns the flags they amount to; the whole hand is
then ruled on and shown, and returned for writing only after the user
confirms. Prompts go to stderr so stdout stays clean for `--json`.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Callable, Sequence

import typer

from scorekeeper.core.errors import Impossible, ScorekeeperError
from scorekeeper.core.language import NO, YES, Said, _, say
from scorekeeper.core.plain import PlainDict, PlainMap
from scorekeeper.core.seating import Seating, resolve_name, shortest_prefix
from scorekeeper.games.interface import SAVED
from scorekeeper.ledger.changes import before_play_only
from scorekeeper.screen.streams import stderr_width, wrapped

if TYPE_CHECKING:
    from rich.console import Console

    from scorekeeper.ledger.document import Session


class TerminalAsker:
    """The `Asker` every game's `ask_hand` uses: typer prompts on stderr."""

    def ask(self, question: str, check: Callable[[str], object],
            default: str | None = None) -> str:
        """Ask until `check` accepts the answer; show the error and ask again."""
        while True:
            # the question wrapped to the terminal: typer adds only ": "
            shown = say(question) + (f" [{default}]" if default is not None else "")
            width = stderr_width()
            answer: str = typer.prompt(wrapped(shown, "  ", width and width - 2),
                                       default=default,
                                       show_default=False, err=True)
            try:
                check(answer)
                return answer
            except ScorekeeperError as err:
                typer.echo(wrapped(_("  {error} — try again").format(error=err.told())),
                           err=True)

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


def yes_no(question: str, default: bool) -> bool:
    """A yes/no question on stderr: y, yes, n, no (any case), हो, होइन or
    Enter for the default; anything else is answered in the entry's own
    style and asked again."""
    while True:
        choices = _("[Y/n]") if default else _("[y/N]")     # Nepali: [हो/होइन]
        answer: str = typer.prompt(f"{say(question)} {choices}",
                                   default="", show_default=False, err=True)
        said = answer.strip().lower()
        if not said:
            return default
        if said in (*YES, *NO):
            return said in YES
        typer.echo(wrapped(_("  {answer}: answer y or n — try again").format(
            answer=repr(answer.strip()))), err=True)


def seating_question(players: Sequence[str], seated: Sequence[str] | None = None) -> str:
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


def enter_hand(session: Session, con: Console, confirm: bool = True,
               number: int | None = None,
               seating: PlainMap | None = None,
               ask_seating: bool = True) -> PlainDict | None:
    """Ask for the next hand (or, with `number`, hand `number` again, each
    question pre-filled with what it stores); the flags to write, or None
    if the person declines. A hand that cannot be recorded and is not typed
    again ends as the flags would: its error is raised (exit 1 or 2).
    Entered again, every question is asked again, the earlier answers
    filled in. `seating`: the session's flags given with it (`--out`,
    `--dealer`: then, or with `ask_seating` false, who sits out and who
    deals is not asked)."""
    typed = dict(seating or {})
    saved = _saved(session) if number is None else {}
    if number is None:
        index, flags = len(session.hands), {}
        verb = Said("Record this hand?")
        table = seating_table(session, typed) if session.pending is None else \
            Seating(session.players, session.pending.seated, session.pending.dealer)
    else:
        stored = session.hand(number)
        index, verb = number - 1, Said("Amend hand {number} to this hand?", number=number)
        table = Seating(session.players, stored.seated, stored.dealer)
        flags = session.game.flags_from_stored(stored.data)
    _announce(index, table)
    asker, said, seats = TerminalAsker(), "-", typed
    # the game's own `prompts` module, found by name
    ask_hand = import_module(f"{session.game.package}.prompts").ask_hand
    while True:
        if number is None and not typed and ask_seating and not saved:
            said = asker.ask(seating_question(session.players,
                                              session.seats.seated_for(len(session.hands))),
                             lambda text: seating_answer(text, session), default=said)
            seats = seating_answer(said, session)
            now = seating_table(session, seats)
            if now[:3] != table[:3]:
                table = now
                _announce(index, table)
        flags = ask_hand(asker, table, session.rules, {**flags, **saved})
        flags = {k: v for k, v in flags.items() if k not in saved}
        try:
            if number is None and before_play_only(session, flags):
                session.before_play({**flags, **seats})     # checked (CB-18)
                return {**flags, **seats}
            ruled = session.rule_next({**flags, **seats}) if number is None \
                else session.rule_amended(number, {**flags, **seats}, keep=False)
        except ScorekeeperError as err:
            typer.echo(wrapped(_("That hand cannot be recorded: {error}").format(
                error=err.told())), err=True)
            if not yes_no(_("Enter the hand again?"), True):
                raise
            continue
        # imported here: rich, for the person at the terminal
        from scorekeeper.screen import views

        views.ruled(con, session, ruled)
        if not confirm or yes_no(verb, True):
            return {**flags, **seats}
        if not yes_no(_("Enter the hand again?"), True):
            return None
