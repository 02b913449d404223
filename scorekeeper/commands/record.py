"""The commands on one hand, built from what the games declare: `record`,
`amend`, `show` and `settle` (their hand options are the union of every
game's, and each game refuses the ones it does not take).

Imports inside functions keep start-up fast: a command loads only what it
uses (a `check` never loads the ledger, rich or another game's engine).
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any, NoReturn

import typer

from scorekeeper.commands.common import (
    ASCII,
    GAME_NAMES,
    JSON,
    LEDGER_ARG,
    PROFILE,
    SETTINGS,
    after_write,
    build_command,
    console,
    emit_json,
    given,
    guarded,
    hand_numbers,
    merged_flags,
    number_parser,
    parameter,
    say,
    settings_of,
    stdin_is_tty,
    user_config,
    waiting,
    warn_stale,
)
from scorekeeper.core.errors import Impossible, ScorekeeperError
from scorekeeper.core.language import Said, _, current, digits, ngettext
from scorekeeper.core.language import say as told
from scorekeeper.core.plain import PlainDict
from scorekeeper.games import registry
from scorekeeper.games.declare import Flag
from scorekeeper.reports.documents import hand_json

# -- record / settle: hand options are the games' own --------------------------------

def hand_flags() -> tuple[Flag, ...]:
    return merged_flags([registry.hand_flags(name) for name in registry.names()])


def _seating_flags() -> tuple[Flag, ...]:
    # imported here: the session model is not needed by `check`
    from scorekeeper.session.session import SESSION_FLAGS

    return tuple(SESSION_FLAGS.values())


def _note_flag() -> Flag:
    # imported here: the session model is not needed by `check`
    from scorekeeper.session.session import NOTE

    return NOTE


def _now() -> str:
    """This moment, a local time with its UTC offset (a hand's `recorded`)."""
    from datetime import datetime  # here, not above: the playthroughs fix its clock

    return datetime.now().astimezone().isoformat(timespec="seconds")


def _asked(values: PlainDict, flags: PlainDict,
           seating: PlainDict, number: int | None = None) -> int | None:
    """With no hand options, at a terminal: ask for the hand (hand `number`
    again, for amend) and add the answers to `flags`; the number of hands
    the ledger had then, so that the book refuses if another writer added
    one meanwhile. None when the hand was typed as options."""
    if flags or (number is not None and (seating or values["note"] is not None)):
        return None     # an amend of who dealt, sat out or the note keeps the hand
    command = "record" if number is None else "amend"
    if not stdin_is_tty():
        raise Impossible(Said("no hand given: pass the hand options (see "
                              "`scorekeeper {command} --help`); prompts need a "
                              "terminal", command=command))
    from scorekeeper.files import draft as drafts  # start-up: see module doc
    from scorekeeper.files import ledger_file  # start-up: see module doc
    from scorekeeper.screen import entry as prompts  # start-up: see module doc

    # Ask first, without the lock; the book re-checks under it.
    session = ledger_file.read(values["ledger"])
    if number is None:
        session.check_open()
    # With --json, stdout holds only the JSON: prompts and the ruling
    # shown for confirmation go to stderr.
    answers = _kept_answers(values["ledger"], session) if number is None else ()
    try:
        entered = prompts.enter_hand(session, console(values["ascii"],
                                                      stderr=values["as_json"]),
                                     confirm=not values["yes"], number=number,
                                     seating=seating,
                                     ask_seating=user_config().get("ask_sit_out", True),
                                     answers=answers, keep=number is None)
    except prompts.Kept as kept:
        _keep(values["ledger"], session, kept.answers)
    if entered is None:
        say(_("Nothing recorded.") if number is None else _("Nothing amended."))
        if number is None:
            drafts.remove(values["ledger"])     # declined: its draft too
        raise typer.Exit(0)
    flags.update(entered)
    return len(session.hands)


def _kept_answers(ledger: Path, session: Any) -> tuple[tuple[str, str], ...]:
    """The answers a stopped entry kept for this hand, if the person takes
    them up (declined, they are removed); a draft of another hand or game,
    or asked in another language (its questions are its keys), is ignored,
    with a word."""
    from scorekeeper.files import draft as drafts  # start-up: see module doc
    from scorekeeper.screen.entry import yes_no  # start-up: see module doc

    draft = drafts.load(ledger)
    if draft is None:
        return ()
    hand = len(session.hands) + 1
    file = drafts.draft_path(ledger).name
    if draft.game != session.game.name:
        say(Said("The answers kept in {file} are for another game: not used.",
                 file=file))
        return ()
    if draft.hand != hand:
        say(Said("The answers kept in {file} are for hand {number}: not used.",
                 file=file, number=draft.hand))
        return ()
    if draft.lang != current():
        say(Said("The answers kept in {file} were typed in another language: "
                 "not used (`--lang {lang}` offers them).", file=file, lang=draft.lang))
        return ()
    count = len(draft.answers)
    if yes_no(ngettext("Go on with the answer kept for hand {number}?",
                       "Go on with the {count} answers kept for hand {number}?",
                       count).format(count=digits(count), number=digits(hand)), True):
        return draft.answers
    drafts.remove(ledger)
    return ()


def _keep(ledger: Path, session: Any, answers: tuple[tuple[str, str], ...]) -> NoReturn:
    """Ctrl-C, the answers kept for the next `record`: exit 130, the
    ledger untouched, the stop told once (here, not again by `cli.main`)."""
    from scorekeeper.files import draft as drafts  # start-up: see module doc
    from scorekeeper.files import interrupts  # start-up: see module doc

    path = drafts.save(ledger, drafts.Draft(session.game.name, len(session.hands) + 1,
                                            current(), answers))
    say(Said("Stopped; nothing recorded. The answers are kept in {file}: "
             "the next `record` offers them.", file=path.name))
    raise typer.Exit(interrupts.exit_code(interrupts.unreported() or KeyboardInterrupt()))


def _record(values: PlainDict) -> None:
    from scorekeeper.files import ledger_file  # start-up: see module doc

    ledger, as_json, ascii = values["ledger"], values["as_json"], values["ascii"]
    flags = given(hand_flags(), values)
    seating = given(_seating_flags(), values)
    note = given((_note_flag(),), values)

    def body() -> None:
        expect = _asked(values, flags, seating)
        done = ledger_file.record(ledger, {**flags, **seating, **note}, expect,
                                  on_wait=waiting(ledger), recorded=_now())
        if expect is not None:
            from scorekeeper.files import draft  # start-up: see module doc

            draft.remove(ledger)       # the answers are written: their draft is done
        ruled = done.ruled
        if ruled is None:       # calls saved, the deal being played (CB-18)
            if not (as_json and expect is not None):    # --json: one document
                after_write(Said("Saved the calls of hand {number} in {ledger}",
                                 number=len(done.after.hands) + 1, ledger=ledger),
                            lambda: _show_pending(done.after, as_json, ascii))
            if expect is not None:      # at the terminal: its tricks next
                flags.clear()
                body()
            return
        after_write(Said("Recorded hand {number} in {ledger}", number=ruled.number,
                         ledger=ledger),
                    lambda: _show_recorded(done, as_json, ascii, expect is None))

    guarded(body, as_json)


def _amend(values: PlainDict) -> None:
    from scorekeeper.files import ledger_file  # start-up: see module doc

    ledger, number = values["ledger"], values["number"]
    as_json, ascii = values["as_json"], values["ascii"]
    flags = given(hand_flags(), values)
    seating = given(_seating_flags(), values)
    note = given((_note_flag(),), values)

    def body() -> None:
        entered = _asked(values, flags, seating, number)
        expect = entered if entered is not None else \
            _amend_agreed(values, {**flags, **seating, **note}, number)
        done = ledger_file.amend(ledger, number, {**flags, **seating, **note}, expect,
                          on_wait=waiting(ledger), keep=entered is None)
        after_write(Said("Amended hand {number} in {ledger}", number=number, ledger=ledger),
                    lambda: _show_amended(done, as_json, ascii, entered is None))

    guarded(body, as_json)


def _amend_agreed(values: PlainDict, flags: PlainDict, number: int) -> int | None:
    """Hand options given, at a terminal, without --yes: the hand's
    inputs and scores before → after shown (stderr), and asked, as `undo`
    asks; the number of hands then, so that the write refuses if another
    writer changed the ledger meanwhile. None: nobody was asked."""
    if values["yes"] or not stdin_is_tty():
        return None
    from scorekeeper.files import ledger_file  # start-up: see module doc
    from scorekeeper.games.interface import changed_inputs  # start-up: a terminal
    from scorekeeper.screen import views  # the same
    from scorekeeper.screen.entry import yes_no  # the same
    from scorekeeper.session.hand_checks import amended  # the same

    ledger = values["ledger"]
    session = ledger_file.read(ledger)
    if session.pending is None or number != session.pending.number:
        # a deal's calls alone (CB-18) have no scores to show before asking
        ruled = amended(session, ledger, number, flags, keep=True)
        stored, now = session.hand(number), ruled.stored[session.score_key]
        players = [p for p in session.players if p in stored.scores or p in now]
        con = console(values["ascii"], stderr=True)
        views.inputs_moved(con, changed_inputs(session.game, stored.data, ruled.stored))
        views.totals_moved(con, players, {p: stored.scores.get(p, 0) for p in players},
                           {p: now.get(p, 0) for p in players}, session.score_kind,
                           _("Hand {number}:").format(number=digits(number)))
    if not yes_no(told(Said("Amend hand {number} in {ledger}?", number=number,
                            ledger=ledger)),
                  False):
        say(_("Nothing amended."))
        raise typer.Exit(0)
    return len(session.hands)


def _show_amended(done: Any, as_json: bool, ascii: bool, ruling: bool) -> None:
    from scorekeeper.games.interface import changed_inputs  # start-up: amend

    session = done.after
    if done.ruled is None:      # a deal's calls, its tricks not played yet (CB-18)
        _show_pending(session, as_json, ascii)
        return
    before, after = done.before.totals(), session.totals()
    changed = changed_inputs(session.game, done.before.hand(done.ruled.number).data,
                             done.ruled.stored)
    if as_json:
        kind = session.score_kind
        emit_json({**hand_json(session, done.ruled), "totals_before": before,
                   "totals_before_display": kind.displayed(before),
                   "totals_after": after,
                   "totals_after_display": kind.displayed(after),
                   "changed": changed, "rerules": list(done.rerules),
                   "problems": [p.as_json() for p in done.problems]}, ascii)
        return
    from scorekeeper.screen import views  # rich: only when a person reads

    con = console(ascii)
    if ruling:  # an interactive entry has just shown the ruling
        views.ruled(con, session, done.ruled)
    views.inputs_moved(con, changed)
    views.totals_moved(con, session.players, before, after, session.score_kind)
    say(Said("Amended hand {number} in {ledger}.", number=done.ruled.number,
             ledger=session.label))
    if done.rerules:
        many = len(done.rerules) > 1
        rules = session.rules
        hands = hand_numbers(done.rerules)
        if rules.uses_totals:
            rule = rules.rule_or('reset', 'ledger')
            say(Said("Ruled again with it: hands {hands} (the totals before them "
                     "changed, {rule}).", hands=hands, rule=rule) if many else
                Said("Ruled again with it: hand {hands} (the totals before it "
                     "changed, {rule}).", hands=hands, rule=rule))
        else:
            rule = rules.rule(session.game.carried_rule)
            say(Said("Ruled again with it: hands {hands} (what the hand before "
                     "each leaves changed, {rule}).", hands=hands, rule=rule)
                if many else
                Said("Ruled again with it: hand {hands} (what the hand before "
                     "it leaves changed, {rule}).", hands=hands, rule=rule))
    warn_stale(done.checked)


def _show(values: PlainDict) -> None:
    from scorekeeper.files import ledger_file  # start-up: see module doc

    ledger, number = values["ledger"], values["number"]
    as_json, ascii = values["as_json"], values["ascii"]

    def body() -> None:
        checked = ledger_file.read_checked(ledger)
        warn_stale(checked)
        session = checked.session
        if session.pending is not None and session.pending.number == number:
            _show_waiting(session, as_json, ascii)
            return
        stored = session.hand(number)
        mine = [p for p in checked.problems if p.hand == number]
        try:
            ruled = session.rule_stored(number)
        except ScorekeeperError as err:
            raise type(err)(Said(
                "{where}: hand {number}'s stored inputs cannot be ruled: "
                "{message}; correct them with `scorekeeper amend {ledger} "
                "{typed}`", where="{}:{}".format(session.label, stored.line), number=number,
                message=err.message, ledger=session.label, typed=str(number)),
                err.rule) from None
        if as_json:     # the document record gave; what disagrees, if any
            kind = session.score_kind
            extra = {"problems": [p.as_json() for p in mine],
                     "stored": {kind.key: dict(stored.scores)},
                     "stored_display": {kind.key: kind.displayed(stored.scores)}}
            emit_json({**hand_json(session, ruled), **(extra if mine else {})},
                      ascii)
            return
        from scorekeeper.screen import views  # rich: only when a person reads

        con = console(ascii)
        if mine:
            views.not_as_stored(con, session, stored)
        views.ruled(con, session, ruled)
        views.told(con, stored.data)
        views.standings(con, session.upto(number), stale=bool(checked.problems))

    guarded(body, as_json)


def _show_waiting(session: Any, as_json: bool, ascii: bool) -> bool:
    """The hand waiting for its tricks (CB-18), as JSON or for a person;
    whether a person read it."""
    from scorekeeper.reports.documents import pending_json  # start-up: see module doc

    if as_json:
        emit_json(pending_json(session), ascii)
        return False
    from scorekeeper.screen import views  # rich: only when a person reads

    views.pending(console(ascii), session)
    return True


def _show_pending(session: Any, as_json: bool, ascii: bool) -> None:
    """The calls saved, the deal waiting for its tricks (CB-18)."""
    if _show_waiting(session, as_json, ascii):
        say(Said("Saved the calls of hand {number} in {ledger}; once its tricks "
                 "are played, `scorekeeper record {ledger} --won …` records them.",
                 number=len(session.hands) + 1, ledger=session.label))


def _show_recorded(done: Any, as_json: bool, ascii: bool, ruling: bool) -> None:
    ruled, after = done.ruled, done.after
    if as_json:
        emit_json(hand_json(after, ruled), ascii)
        return
    from scorekeeper.screen import views  # rich: only when a person reads

    con = console(ascii)
    if ruling:  # an interactive entry has just shown the ruling
        views.ruled(con, after, ruled)
    views.standings(con, after)
    say(Said("Recorded hand {number} in {ledger}.", number=ruled.number,
             ledger=done.after.label))


def _settle(values: PlainDict) -> None:
    # imported here: a `check` never needs the table of a hand
    from scorekeeper.core.seating import Seating, check_player_names, new_name, resolve_name

    as_json, ascii = values["as_json"], values["ascii"]
    flags = given(hand_flags(), values)

    def body() -> None:
        chosen = registry.game(values["game"])
        chosen.refuse_foreign_flags(flags)
        rules = settings_of(chosen.profile(values["profile"]), values["settings"])
        names = check_player_names([new_name(n) for n in values["players"].split(",")],
                                   rules, new=True)
        dealer = values["dealer"]
        first = resolve_name(dealer, names) if dealer is not None else names[0]
        table = Seating.of(names, first)
        result = chosen.resolve(chosen.args_from_flags(flags, table, rules), rules)
        if as_json:
            kind = rules.score_kind
            emit_json(kind.with_display(chosen.result_json(result, None),
                                        kind.key), ascii)
            return
        from scorekeeper.screen import views  # rich: only when a person reads

        views.ruling(console(ascii), chosen, result, None, table.dealer,
                      result.explanation, result.rules, rules.score_kind)

    guarded(body, as_json)


def register_hand_commands(app: typer.Typer, only: str | None = None) -> None:
    """Add `record`, `amend`, `show` and `settle`, or only the one named (a
    command run by itself: typer then builds one command, not every one)."""
    flags = [parameter(f) for f in hand_flags()]
    seating = [parameter(f) for f in _seating_flags()]
    note = parameter(_note_flag())
    output = [parameter(JSON), parameter(ASCII)]
    yes = parameter(Flag("yes", ("--yes", "-y"), bool, False,
                         _("Interactive entry: record without asking to confirm "
                           "the ruling.")))
    ledger = inspect.Parameter("ledger", inspect.Parameter.KEYWORD_ONLY,
                               default=LEDGER_ARG, annotation=Path)
    number = parameter(Flag("number", kind=int, argument=True, required=True,
                            metavar="N", help=_("The hand's number.")),
                       number_parser)
    if only in (None, "record"):
        app.command("record")(build_command(
            "record", _("Rule on one hand and append it to the ledger. With no "
                        "hand options, on a terminal, it asks for the hand question by "
                        "question (who sits out and who dealt, then the game's inputs) "
                        "and shows the ruling before writing."),
            [ledger, *flags, *seating, note, *output, yes], _record))
    if only in (None, "amend"):
        app.command("amend")(build_command(
            "amend", _("Rule on hand N again and write it in its place: the "
                       "hand options given change those inputs only, the others stay as "
                       "stored. With no hand options, on a terminal, it asks each "
                       "question pre-filled with what hand N stores."), [ledger, number, *flags, *seating, note, *output, yes],
            _amend))
    if only in (None, "show"):
        app.command("show")(build_command(
            "show", _("Hand N's ruling, as record showed it."),
            [ledger, number, *output], _show))
    if only not in (None, "settle"):
        return
    settle_params = [
        parameter(Flag("game", kind=str, argument=True, required=True,
                       metavar="GAME", help=GAME_NAMES)),
        parameter(PROFILE), parameter(SETTINGS),
        parameter(Flag("players", ("--players",), str, None, _('Seat order: "A,B,C"'),
                       "NAMES", required=True)),
        parameter(Flag("dealer", ("--dealer",), str, None,
                       _("This hand's dealer (default: first)."), "NAME")),
    ]
    app.command("settle")(build_command(
        "settle", _("Rule on one hand without a ledger (same ruling as record)."),
        [*settle_params, *flags, *output], _settle))
