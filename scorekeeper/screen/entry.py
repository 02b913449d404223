"""Interactive entry for `record` on a terminal: ask, re-ask, confirm.

Each answer is checked as soon as it is typed (a bad card list is asked
again, earlier answers are kept); the game asks its own questions
(`Game.ask_hand`) and returns the flags they amount to; the whole hand is
then ruled on and shown, and returned for writing only after the user
confirms. Prompts go to stderr so stdout stays clean for `--json`.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

import typer

from scorekeeper.core.errors import ScorekeeperError
from scorekeeper.core.seating import Seating, resolve_name
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
            shown = question + (f" [{default}]" if default is not None else "")
            width = stderr_width()
            answer: str = typer.prompt(wrapped(shown, "  ", width and width - 2),
                                       default=default,
                                       show_default=False, err=True)
            try:
                check(answer)
                return answer
            except ScorekeeperError as err:
                typer.echo(wrapped(f"  {err} — try again"), err=True)

    def names(self, question: str, choices: Sequence[str],
              current: Sequence[str]) -> list[str]:
        """A comma-separated list of players ('-' for nobody), asked until
        valid."""
        def names(text: str) -> list[str]:
            return [resolve_name(n, choices) for n in text.split(",")
                    if n.strip() not in ("", "-")]

        return names(self.ask(question, names, default=",".join(current) or "-"))

    def player_or(self, question: str, table: Seating, words: Sequence[str],
                  rule: str, current: str | None, chose_word: bool
                  ) -> str | None:
        """A player of this hand, or None for the keyword: the first of
        `words` that is nobody's name (`{word}` in `question` says which);
        `chose_word`: the keyword was the answer before."""
        word = table.keyword(*words)

        def check(text: str) -> None:
            if text.strip().lower() != word:
                table.check_seated([table.name(text)], rule)

        answer = self.ask(question.format(word=word), check,
                          default=word if chose_word else current)
        return None if answer.strip().lower() == word else table.name(answer)


def enter_hand(session: Session, con: Console, confirm: bool = True,
               number: int | None = None,
               seating: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """Ask for the next hand (or, with `number`, hand `number` again, each
    question pre-filled with what it stores); the flags to write, or None
    if the person declines. A hand that cannot be recorded and is not typed
    again ends as the flags would: its error is raised (exit 1 or 2).
    `seating`: the session's flags given with it (`--out`, `--dealer`)."""
    seating = dict(seating or {})
    if number is None:
        index = len(session.hands)
        table = session.next_table(seating)
        flags: dict[str, Any] = {}
        verb = "Record"
    else:
        stored = session.hand(number)
        index = number - 1
        table = Seating(session.players, stored.seated, stored.dealer)
        flags = session.game.flags_from_stored(stored.data)
        verb = f"Amend hand {number} to"
    typer.echo(wrapped(f"Hand {index + 1}: {', '.join(table.seated)}; dealer "
                       f"{table.dealer}."), err=True)
    asker = TerminalAsker()
    while True:
        # the game's own `prompts` module, found by name
        ask_hand = import_module(f"{session.game.package}.prompts").ask_hand
        flags = ask_hand(asker, table, session.rules, flags)
        try:
            ruled = session.rule_next({**flags, **seating}) if number is None \
                else session.rule_amended(number, {**flags, **seating}, keep=False)
        except ScorekeeperError as err:
            typer.echo(wrapped(f"That hand cannot be recorded: {err}"), err=True)
            if not typer.confirm("Enter the hand again?", default=True, err=True):
                raise
            continue
        # imported here: rich, for the person at the terminal
        from scorekeeper.screen import views

        views.ruled(con, session, ruled)
        if not confirm or typer.confirm(f"{verb} this hand?", default=True, err=True):
            return {**flags, **seating}
        if not typer.confirm("Enter the hand again?", default=True, err=True):
            return None
