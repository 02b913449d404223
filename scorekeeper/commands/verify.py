"""`verify` (and `verify --fix`): every hand of a ledger ruled again.
Registered on the app by `cli.build`.

Imports inside functions keep start-up fast: a command loads only what it
uses.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import typer

from scorekeeper.commands.common import (
    ASCII_OPT,
    JSON_OPT,
    LEDGER_ARG,
    after_write,
    emit_json,
    guarded,
    hand_numbers,
    help_of,
    say,
    stdin_is_tty,
    waiting,
    write_lines,
)
from scorekeeper.core.language import N_, Said, _
from scorekeeper.core.language import say as in_own_words

YES_OPT = typer.Option(False, "--yes", "-y",
                       help=_("Do it without asking (on a terminal)."))

# the command's help (`help_of`), in the language chosen
HELP = {"verify": N_("Recompute every hand from its inputs; exit 1 if any disagrees.")}


def verify(ledger: Path = LEDGER_ARG, as_json: bool = JSON_OPT,
           ascii: bool = ASCII_OPT,
           fix: bool = typer.Option(False, "--fix",
                                    help=_("Re-rule every hand whose stored result "
                                           "disagrees with its inputs, after "
                                           "showing the changes and asking.")),
           yes: bool = YES_OPT) -> None:
    """Recompute every hand from its inputs; exit 1 if any disagrees."""
    from scorekeeper.files import ledger_file  # start-up: see module doc
    from scorekeeper.session.verify import session_fixes

    def body() -> None:
        checked = ledger_file.read_checked(ledger, cached=False)  # never the cache
        session, problems = checked.session, list(checked.problems)
        plan = session_fixes(session, problems) if fix and problems else []
        if fix and problems and not plan:
            say(Said("{ledger}: no stored result to re-rule: what does not verify "
                     "is who sat or dealt, or inputs that cannot be replayed; "
                     "correct those hands with `scorekeeper amend {ledger} N`",
                     ledger=ledger))
        if plan and _agreed(session, plan, yes):
            after, left = ledger_file.fix(ledger, [r.number for r in plan],
                                          on_wait=waiting(ledger))
            fixed = [r.number for r in plan]
            # written: whatever is left to report, the exit code is 0
            after_write(Said.ngettext("Re-ruled {count} hand in {ledger}",
                                     "Re-ruled {count} hands in {ledger}",
                                     count=len(fixed), ledger=ledger),
                        lambda: _verified(ledger, after, left, fixed, as_json,
                                          ascii))
            return
        _verified(ledger, session, problems, [], as_json, ascii)
        if problems:
            raise typer.Exit(1)

    guarded(body, as_json)


def _verified(ledger: Path, session: Any, problems: Sequence[Any],
              fixed: list[int], as_json: bool, ascii: bool) -> None:
    if as_json:
        emit_json({"ok": not problems,
                   "problems": [p.as_json() for p in problems],
                   "hands": len(session.hands), "fixed": fixed,
                   **({"pending": session.pending.number} if session.pending else {})},
                  ascii)
        return
    for p in problems:
        where = f"{ledger}:{p.line}" if p.line else str(ledger)
        say(f"{where}: {in_own_words(p.message)}")
    if fixed:
        say(Said.ngettext("{ledger}: re-ruled hand {hands}.",
                         "{ledger}: re-ruled hands {hands}.", count=len(fixed),
                         ledger=ledger, hands=hand_numbers(fixed)))
    if fixed and problems:
        say(Said("{ledger}: still does not verify: re-ruling cannot change who "
                 "sat or dealt; correct those hands with "
                 "`scorekeeper amend {ledger} N`", ledger=ledger))
    # the verdict is the command's output: on stdout (`verify > report.txt`)
    hands, count = len(session.hands), len(problems)
    if not problems:
        verdict = Said.ngettext("{ledger}: ok, {hands} hand recomputed, all agree.",
                               "{ledger}: ok, {hands} hands recomputed, all agree.",
                               count=hands, ledger=ledger, hands=hands)
    else:
        verdict = Said.ngettext("{ledger}: does not verify: {count} problem (listed on "
                               "stderr).",
                               "{ledger}: does not verify: {count} problems (listed on "
                               "stderr).", count=count, ledger=ledger)
    write_lines(in_own_words(verdict), ascii)
    if session.pending is not None:     # CB-18: the last hand waits for its tricks
        write_lines(in_own_words(Said(
            "{ledger}: hand {number}'s calls are checked; its tricks are not recorded "
            "yet ({rule})", ledger=ledger, number=session.pending.number,
            rule=session.rules.rule_or("pending", "ledger"))), ascii)


def _agreed(session: Any, plan: list[Any], yes: bool) -> bool:
    """Show what `--fix` would change (on stderr); write only if the person
    agrees (or `--yes`). Without a terminal and without `--yes`, nothing is
    written."""
    from scorekeeper.games.interface import score_changes  # only verify --fix

    for ruled in plan:
        changes = score_changes(session.hands[ruled.number - 1].scores,
                                dict(ruled.result.scores),
                                session.score_kind.display) or _("the same scores")
        say(Said("hand {number}: would store {changes}", number=ruled.number,
                 changes=changes))
    if yes:
        return True
    if not stdin_is_tty():
        say(Said("nothing written: run again with --yes to re-rule these hands"))
        return False
    from scorekeeper.screen.entry import yes_no  # start-up: only at a terminal

    return yes_no(_("Re-rule these hands?"), False)


def register(app: typer.Typer) -> None:
    app.command(help=help_of(verify))(verify)
