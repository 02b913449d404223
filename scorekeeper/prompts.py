"""Interactive entry for `record` on a terminal: ask, re-ask, confirm.

Each answer is checked as soon as it is typed (a bad card list is asked
again, earlier answers are kept); the whole hand is then ruled on and shown,
and written only after the user confirms.
"""

from __future__ import annotations

from typing import Any, Callable

import typer

from scorekeeper import cards as cardtext
from scorekeeper.errors import Impossible, ScorekeeperError
from scorekeeper.ledger import Session, resolve_name


def _ask(question: str, check: Callable[[str], Any], default: str | None = None
         ) -> str:
    """Ask until `check` accepts the answer; show the error and ask again.
    Prompts go to stderr so stdout stays clean for `--json`."""
    while True:
        answer = typer.prompt(question, default=default,
                              show_default=default is not None, err=True)
        try:
            check(answer)
            return answer
        except ScorekeeperError as err:
            typer.echo(f"  {err} — try again", err=True)


def _one_of(*choices: str) -> Callable[[str], None]:
    def check(text: str) -> None:
        if text.strip().lower() not in choices:
            raise Impossible("answer one of: " + ", ".join(choices))
    return check


def _cards_or_total(text: str) -> None:
    stripped = text.strip()
    if not stripped.isdigit():
        cardtext.cards(stripped)


def ask_hand(session: Session, ascii: bool, to_stderr: bool = False,
             confirm: bool = True) -> Any:
    """Ask for one hand; return filled HandOptions, or None if declined."""
    from scorekeeper.cli import HandOptions, console
    from scorekeeper.games import adapter_for
    from scorekeeper import render

    index = len(session.hands)
    seated = session.seated_for(index)
    dealer = session.dealer_for(index)
    typer.echo(f"Hand {index + 1}: {', '.join(seated)}; dealer {dealer}.", err=True)
    opts = HandOptions()
    while True:
        if session.game == "dhumbal":
            _ask_dhumbal(opts, seated, session)
        else:
            _ask_marriage(opts, seated, session)
        try:
            adapter = adapter_for(session.game)
            inputs = adapter.from_options(opts, seated, dealer, session.rules,
                                          players=session.players)
            result = adapter.resolve(inputs, session.rules)
        except ScorekeeperError as err:
            typer.echo(f"That hand cannot be recorded: {err}", err=True)
            if not typer.confirm("Enter the hand again?", default=True, err=True):
                return None
            continue
        render.ruling(console(ascii, stderr=to_stderr), session.game, result,
                      hand_number=index + 1, dealer=dealer, ascii=ascii)
        if not confirm or typer.confirm("Record this hand?", default=True, err=True):
            return opts
        if not typer.confirm("Enter the hand again?", default=True, err=True):
            return None


def _ask_dhumbal(opts: Any, seated: tuple[str, ...], session: Session) -> None:
    def caller_ok(text: str) -> None:
        if text.strip().lower() != "show":
            resolve_name(text, seated)

    who = _ask(f"Who called? (a name, or 'show' for the {session.rules.turn_cap}"
               "-turn show)" if session.rules.turn_cap else "Who called?",
               caller_ok, default=opts.call)
    opts.show = who.strip().lower() == "show"
    opts.call = None if opts.show else resolve_name(who, seated)
    previous = dict(h.split("=", 1) for h in opts.hands)
    opts.hands = []
    for p in seated:
        shown = _ask(f"{p}'s cards (e.g. 'A♠ 2♦', '-' for none, or a total)",
                     _cards_or_total, default=previous.get(p))
        opts.hands.append(f"{p}={shown}")


def _ask_names(question: str, seated: tuple[str, ...], current: list[str]
               ) -> list[str]:
    """A comma-separated list of players ('-' for nobody), asked until valid."""
    def names(text: str) -> list[str]:
        return [resolve_name(n, seated) for n in text.split(",")
                if n.strip() not in ("", "-")]

    return names(_ask(question, names, default=",".join(current) or "-"))


def _ask_marriage(opts: Any, seated: tuple[str, ...], session: Session) -> None:
    def finisher_ok(text: str) -> None:
        if text.strip().lower() != "none":
            resolve_name(text, seated)

    who = _ask("Who finished? (a name, or 'none' if the stock ran out)",
               finisher_ok, default=opts.finish)
    opts.no_finisher = who.strip().lower() == "none"
    opts.finish = None if opts.no_finisher else resolve_name(who, seated)
    if opts.finish:
        opts.by = _ask("Finished by melds or dublees?",
                       _one_of("melds", "dublees"),
                       default=opts.by or "melds").strip().lower()
    opts.tiplu = _ask("The tiplu", lambda t: cardtext.card(t), default=opts.tiplu)
    opts.seen = _ask_names("Who else saw the tiplu? (names separated by commas, "
                           "or '-')", seated, opts.seen)
    previous = dict(h.split("=", 1) for h in opts.hands)
    opts.hands = []
    for p in seated:
        what = ("the 21 or 22 cards shown" if p == opts.finish
                else "maal cards or an agreed maal number")
        shown = _ask(f"{p}: {what}", _cards_or_total, default=previous.get(p, "-"))
        opts.hands.append(f"{p}={shown}")
    tunnelas = _ask("Tunnelas exposed at the deal (NAME=CARD, commas) or '-'",
                    lambda t: None, default=",".join(opts.tunnela) or "-")
    opts.tunnela = [t.strip() for t in tunnelas.split(",") if t.strip() not in ("", "-")]
    if session.rules.invalid_show_penalty:
        opts.invalid_show = _ask_names("Refused shows this hand (names, commas) "
                                       "or '-'", seated, opts.invalid_show)
