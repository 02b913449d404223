"""The command line: a thin shell over the core (see ../shared/CLI.md).

It parses options, calls the pure core, and either renders with rich
(`scorekeeper.render`, imported only when a human reads) or writes one JSON
document with `json.dumps` (`--json`). Errors come back from the core as
values carrying a rule id; here they become exit codes 1 and 2.
"""

import json
import sys
from pathlib import Path
from typing import Any, Callable, List, Optional

import typer

from scorekeeper.errors import Impossible, Refused, ScorekeeperError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="Scorekeeper and rules referee for Dhumbal and Marriage.",
)
check_app = typer.Typer(no_args_is_help=True, rich_markup_mode=None,
                        help="Single rulings for disputes, without a ledger.")
app.add_typer(check_app, name="check")

JSON_OPT = typer.Option(False, "--json", help="Print one JSON document on stdout.")
PROFILE_OPT = typer.Option(None, "--profile", metavar="NAME",
                           help="Rule profile (see `profiles`).")
SET_OPT = typer.Option([], "--set", metavar="KEY=VALUE",
                       help="House option (repeatable).")
LEDGER_ARG = typer.Argument(..., metavar="LEDGER", help="The session's TOML ledger.")
DHUMBAL_GAME_OPT = typer.Option("dhumbal", "--game", help="Only dhumbal.")
ASCII_OPT = typer.Option(False, "--ascii", help="Write suits as s h d c.")


# -- output helpers -------------------------------------------------------------

def use_ascii(flag: bool) -> bool:
    if flag:
        return True
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "♠♥♦♣→≤".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def emit_json(data: Any) -> None:
    # \u escapes where stdout cannot encode the suits: still the same JSON.
    sys.stdout.write(json.dumps(data, ensure_ascii=use_ascii(False)) + "\n")


def write_text(text: str) -> None:
    """Plain text to stdout, in ASCII where the terminal cannot encode it."""
    if use_ascii(False):
        from scorekeeper.render import asciify

        text = asciify(text).encode("ascii", "replace").decode("ascii")
    sys.stdout.write(text)


def console(ascii: bool = False, stderr: bool = False) -> Any:
    from scorekeeper import render

    return render.make_console(ascii, stderr=stderr)


def fail(err: ScorekeeperError, as_json: bool = False,
         check_shape: bool = False) -> None:
    """Report an error value and exit with its code (1 or 2)."""
    if as_json:
        data: dict[str, Any] = {"valid": False} if check_shape else {}
        data.update({"error": err.message, "reason": err.message,
                     "rule": err.rule, "exit_code": err.exit_code})
        emit_json(data)
    # A ledger error lists every problem as FILE:LINE: message.
    lines = err.lines() if hasattr(err, "lines") else [f"error: {err}"]
    sys.stderr.write("".join(line + "\n" for line in lines))
    raise typer.Exit(err.exit_code)


def guarded(as_json: bool = False, check_shape: bool = False
            ) -> Callable[[Callable[[], None]], None]:
    def run(body: Callable[[], None]) -> None:
        try:
            body()
        except ScorekeeperError as err:
            fail(err, as_json, check_shape)
    return run


def stdin_is_tty() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


# -- hand options ----------------------------------------------------------------

class HandOptions:
    """The hand options of `record` / `settle` (both games), as typed."""

    def __init__(self, call: Optional[str] = None, show: bool = False,
                 hands: Optional[List[str]] = None, finish: Optional[str] = None,
                 by: Optional[str] = None, no_finisher: bool = False,
                 tiplu: Optional[str] = None, seen: Optional[List[str]] = None,
                 tunnela: Optional[List[str]] = None,
                 invalid_show: Optional[List[str]] = None) -> None:
        self.call = call
        self.show = show
        self.hands = list(hands or [])
        self.finish = finish
        self.by = by
        self.no_finisher = no_finisher
        self.tiplu = tiplu
        self.seen = list(seen or [])
        self.tunnela = list(tunnela or [])
        self.invalid_show = list(invalid_show or [])

    def empty(self) -> bool:
        return not (self.call or self.show or self.hands or self.finish
                    or self.by or self.no_finisher or self.tiplu or self.seen
                    or self.tunnela or self.invalid_show)


# -- new ---------------------------------------------------------------------------

@app.command()
def new(
    ledger_text: str = typer.Argument(..., metavar="LEDGER",
                                      help="The ledger file to create (TOML)."),
    game: str = typer.Option(..., "--game", metavar="GAME", help="dhumbal or marriage"),
    profile: Optional[str] = PROFILE_OPT,
    players: str = typer.Option(..., "--players", metavar="NAMES",
                                help='Names in seat order: "Asha,Bikash,Chandra"'),
    dealer: Optional[str] = typer.Option(None, "--dealer", metavar="NAME",
                                         help="The first dealer (default: first player)."),
    hands: Optional[int] = typer.Option(None, "--hands", metavar="N", help="Hands to play (Dhumbal)."),
    rotations: Optional[int] = typer.Option(None, "--rotations", metavar="N",
                                            help="Full rotations (Marriage)."),
    settings: List[str] = SET_OPT,
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Start a session ledger."""
    from scorekeeper import ledger as ledgermod
    ledger = Path(ledger_text)
    from scorekeeper import storage
    from scorekeeper.profiles import get_profile

    def body() -> None:
        prof = get_profile(game, profile)
        extra = list(settings)
        if hands is not None:
            if "hands" not in prof.options:
                raise Impossible(f"--hands is not an option of {prof.name}; "
                                 "Marriage sessions use --rotations")
            extra.append(f"hands={hands}")
        if rotations is not None:
            if "rotations" not in prof.options:
                raise Impossible(f"--rotations is not an option of {prof.name}; "
                                 "Dhumbal sessions use --hands")
            extra.append(f"rotations={rotations}")
        rules = prof.parse_settings(extra)
        names = ledgermod.check_player_names(
            [n for n in players.split(",")], rules)
        first = ledgermod.resolve_name(dealer, names) if dealer else names[0]
        text = ledgermod.header_text(prof.game, prof, rules, names, first)
        created = ledgermod.parse(text, str(ledger))
        storage.check_ledger_path(ledger, raw=str(ledger_text))
        with storage.locked(ledger, must_exist=False):
            if ledger.exists() and not force:
                raise Impossible(f"{ledger} exists; use --force to overwrite it")
            if ledger.is_dir():
                raise Impossible(f"{ledger} is a folder")
            storage.write_atomic(ledger, text)
            storage.write_cache(ledger, text, dict(created.document))
        planned = rules.planned_hands(len(names))
        sys.stderr.write(
            f"New {prof.game} session ({prof.name}) in {ledger}: "
            f"{', '.join(names)}; {first} deals first"
            + (f"; {planned} hands planned" if planned else "") + ".\n")

    guarded()(body)


# -- record / settle -----------------------------------------------------------------

CALL_OPT = typer.Option(None, "--call", metavar="NAME", help="Dhumbal: the caller.")
SHOW_OPT = typer.Option(False, "--show", help="Dhumbal: a show at the turn cap.")
HAND_OPT = typer.Option([], "--hand", metavar="NAME=CARDS", help="NAME=CARDS or NAME=TOTAL (repeat).")
FINISH_OPT = typer.Option(None, "--finish", metavar="NAME", help="Marriage: the finisher.")
BY_OPT = typer.Option(None, "--by", metavar="melds|dublees", help="Marriage: melds (default) or dublees.")
NO_FINISHER_OPT = typer.Option(False, "--no-finisher",
                               help="Marriage: the stock ran out (MA-8).")
TIPLU_OPT = typer.Option(None, "--tiplu", metavar="CARD", help="Marriage: the tiplu card.")
SEEN_OPT = typer.Option([], "--seen", metavar="NAME", help="Marriage: a player who saw the tiplu.")
TUNNELA_OPT = typer.Option([], "--tunnela", metavar="NAME=CARD",
                           help="Marriage: NAME=CARD, a tunnela exposed at the deal.")
INVALID_SHOW_OPT = typer.Option([], "--invalid-show", metavar="NAME",
                                help="Marriage: a player whose show was refused "
                                     "this hand (MA-13, invalid_show_penalty).")


@app.command()
def record(
    ledger: Path = LEDGER_ARG,
    call: Optional[str] = CALL_OPT,
    show: bool = SHOW_OPT,
    hand: List[str] = HAND_OPT,
    finish: Optional[str] = FINISH_OPT,
    by: Optional[str] = BY_OPT,
    no_finisher: bool = NO_FINISHER_OPT,
    tiplu: Optional[str] = TIPLU_OPT,
    seen: List[str] = SEEN_OPT,
    tunnela: List[str] = TUNNELA_OPT,
    invalid_show: List[str] = INVALID_SHOW_OPT,
    as_json: bool = JSON_OPT,
    ascii: bool = ASCII_OPT,
    yes: bool = typer.Option(False, "--yes", "-y",
                             help="Interactive entry: record without asking to "
                                  "confirm the ruling."),
) -> None:
    """Rule on one hand and append it to the ledger."""
    from scorekeeper import ledger as ledgermod
    from scorekeeper import storage
    from scorekeeper.games import adapter_for

    opts = HandOptions(call, show, hand, finish, by, no_finisher, tiplu, seen,
                       tunnela, invalid_show)

    def body() -> None:
        interactive = opts.empty()
        asked_at = None
        if interactive and not stdin_is_tty():
            raise Impossible("no hand given: pass the hand options (see "
                             "`scorekeeper record --help`); prompts need a terminal")
        if interactive:
            # Ask first, without holding the lock, then re-check under the lock.
            session = ledgermod.parse(storage.read_text(ledger), str(ledger))
            session.check_open()
            from scorekeeper import prompts

            # With --json, stdout holds only the JSON: prompts and the ruling
            # shown for confirmation go to stderr.
            entered = prompts.ask_hand(session, use_ascii(ascii), to_stderr=as_json,
                                       confirm=not yes)
            asked_at = len(session.hands)
            if entered is None:
                sys.stderr.write("Nothing recorded.\n")
                raise typer.Exit(0)
            opts.__dict__.update(entered.__dict__)
        with storage.locked(ledger):
            text = storage.read_text(ledger)
            session = ledgermod.parse(text, str(ledger),
                                      storage.read_cached_document(ledger, text))
            session.check_open()
            index = len(session.hands)
            if asked_at is not None and asked_at != index:
                raise Impossible(f"{ledger} changed while the hand was being typed "
                                 f"(now {index} hands, not {asked_at}): nothing "
                                 "recorded; run record again")
            seated = session.seated_for(index)
            dealer = session.dealer_for(index)
            adapter = adapter_for(session.game)
            inputs = adapter.from_options(opts, seated, dealer, session.rules,
                                          players=session.players)
            result = adapter.resolve(inputs, session.rules)
            stored = adapter.to_stored(index + 1, inputs, result)
            new_text, document, after = ledgermod.append_hand(session, text, stored)
            storage.write_atomic(ledger, new_text)
            storage.write_cache(ledger, new_text, document)
        if as_json:
            emit_json(result.as_json(index + 1))
            return
        from scorekeeper import render

        con = console(use_ascii(ascii))
        if not interactive:  # an interactive entry has just shown the ruling
            render.ruling(con, session.game, result, hand_number=index + 1,
                          dealer=dealer, ascii=use_ascii(ascii))
        render.standings(con, after)
        sys.stderr.write(f"Recorded hand {index + 1} in {ledger}.\n")

    guarded(as_json)(body)


@app.command()
def settle(
    game: str = typer.Argument(..., metavar="GAME", help="dhumbal or marriage"),
    profile: Optional[str] = PROFILE_OPT,
    settings: List[str] = SET_OPT,
    players: str = typer.Option(..., "--players", metavar="NAMES", help='Seat order: "A,B,C"'),
    dealer: Optional[str] = typer.Option(None, "--dealer", metavar="NAME",
                                         help="This hand's dealer (default: first)."),
    call: Optional[str] = CALL_OPT,
    show: bool = SHOW_OPT,
    hand: List[str] = HAND_OPT,
    finish: Optional[str] = FINISH_OPT,
    by: Optional[str] = BY_OPT,
    no_finisher: bool = NO_FINISHER_OPT,
    tiplu: Optional[str] = TIPLU_OPT,
    seen: List[str] = SEEN_OPT,
    tunnela: List[str] = TUNNELA_OPT,
    invalid_show: List[str] = INVALID_SHOW_OPT,
    as_json: bool = JSON_OPT,
    ascii: bool = ASCII_OPT,
) -> None:
    """Rule on one hand without a ledger (same ruling as record)."""
    from scorekeeper import ledger as ledgermod
    from scorekeeper.games import adapter_for
    from scorekeeper.profiles import get_profile

    opts = HandOptions(call, show, hand, finish, by, no_finisher, tiplu, seen,
                       tunnela, invalid_show)

    def body() -> None:
        prof = get_profile(game, profile)
        rules = prof.parse_settings(settings)
        names = ledgermod.check_player_names(players.split(","), rules)
        first = ledgermod.resolve_name(dealer, names) if dealer else names[0]
        adapter = adapter_for(prof.game)
        inputs = adapter.from_options(opts, names, first, rules)
        result = adapter.resolve(inputs, rules)
        if as_json:
            emit_json(result.as_json(None))
            return
        from scorekeeper import render

        render.ruling(console(use_ascii(ascii)), prof.game, result,
                      hand_number=None, dealer=first, ascii=use_ascii(ascii))

    guarded(as_json)(body)


# -- reading a ledger ------------------------------------------------------------------

def load(ledger: Path, use_cache: bool = True) -> Any:
    from scorekeeper import ledger as ledgermod
    from scorekeeper import storage

    text = storage.read_text(ledger)
    cached = storage.read_cached_document(ledger, text) if use_cache else None
    return ledgermod.parse(text, str(ledger), cached)


@app.command()
def standings(ledger: Path = LEDGER_ARG, as_json: bool = JSON_OPT,
              ascii: bool = ASCII_OPT) -> None:
    """Totals, places and who deals next."""
    def body() -> None:
        session = load(ledger)
        if as_json:
            emit_json(session.standings_json())
            return
        from scorekeeper import render

        render.standings(console(use_ascii(ascii)), session)

    guarded(as_json)(body)


@app.command()
def history(ledger: Path = LEDGER_ARG, as_json: bool = JSON_OPT,
            ascii: bool = ASCII_OPT,
            all_hands: bool = typer.Option(False, "--all",
                                           help="Show every hand, not the last 100."),
            ) -> None:
    """Every hand, its ruling and the running totals."""
    def body() -> None:
        session = load(ledger)
        if as_json:
            emit_json(session.history_json())
            return
        from scorekeeper import render

        render.history(console(use_ascii(ascii)), session,
                       last=None if all_hands else 100)

    guarded(as_json)(body)


@app.command()
def verify(ledger: Path = LEDGER_ARG, as_json: bool = JSON_OPT,
           ascii: bool = ASCII_OPT) -> None:
    """Recompute every hand from its inputs; exit 1 if any disagrees."""
    from scorekeeper import ledger as ledgermod

    def body() -> None:
        # verify answers for the ledger itself: it always reads the TOML.
        session = load(ledger, use_cache=False)
        problems = ledgermod.verify(session)
        if as_json:
            emit_json({"ok": not problems,
                       "problems": [p.as_json() for p in problems],
                       "hands": len(session.hands)})
        else:
            for p in problems:
                where = f"{ledger}:{p.line}" if p.line else str(ledger)
                sys.stderr.write(f"{where}: {p.message}\n")
            if not problems:
                sys.stderr.write(f"{ledger}: ok, {len(session.hands)} hands "
                                 "recomputed, all agree.\n")
        if problems:
            raise typer.Exit(1)

    guarded(as_json)(body)


@app.command()
def undo(ledger: Path = LEDGER_ARG, as_json: bool = JSON_OPT) -> None:
    """Remove the last hand."""
    from scorekeeper import ledger as ledgermod
    from scorekeeper import storage

    def body() -> None:
        with storage.locked(ledger):
            text = storage.read_text(ledger)
            session = ledgermod.parse(text, str(ledger))
            if not session.hands:
                raise Impossible(f"{ledger} has no hands to undo")
            head = ledgermod.split_last_hand(text)
            after = ledgermod.parse(head, str(ledger)) if head is not None else None
            if after is None or len(after.hands) != len(session.hands) - 1:
                raise Impossible(f"{ledger}: could not find the last [[hands]] "
                                 "table to remove; edit the file by hand")
            storage.write_atomic(ledger, head)
            storage.write_cache(ledger, head, dict(after.document))
        removed = session.hands[-1]
        if as_json:
            emit_json({"removed": removed.number, "hands_played": len(after.hands),
                       session.score_key: dict(removed.scores)})
        else:
            left = len(after.hands)
            sys.stderr.write(f"Removed hand {removed.number} from {ledger}; "
                             f"{left} hand{'s' * (left != 1)} remain{'s' * (left == 1)}.\n")

    guarded(as_json)(body)


@app.command()
def extend(
    ledger: Path = LEDGER_ARG,
    hands: Optional[int] = typer.Option(None, "--hands", metavar="N", help="New total of hands."),
    rotations: Optional[int] = typer.Option(None, "--rotations", metavar="N",
                                            help="New total of rotations."),
) -> None:
    """Change how many hands (or rotations) the session plans."""
    from scorekeeper import ledger as ledgermod
    from scorekeeper import storage

    def body() -> None:
        key, value = ("hands", hands) if hands is not None else ("rotations", rotations)
        if value is None or (hands is not None and rotations is not None):
            raise Impossible("give exactly one of --hands N or --rotations N")
        with storage.locked(ledger):
            text = storage.read_text(ledger)
            session = ledgermod.parse(text, str(ledger))
            if key not in session.profile.options:
                raise Impossible(f"--{key} is not an option of {session.profile.name}")
            if session.rules.eliminate_at is not None and \
                    len(session.seated_for(len(session.hands))) <= 1:
                raise Refused("the session ended by elimination: only "
                              + ", ".join(session.seated_for(len(session.hands)))
                              + " is left; more hands cannot change that",
                              session.rules.rule("session"))
            rules = session.profile.parse_settings([f"{key}={value}"])
            if rules.planned_hands(len(session.players)) is not None and \
                    rules.planned_hands(len(session.players)) < len(session.hands):
                raise Impossible(f"{len(session.hands)} hands are already played")
            new_text = ledgermod.replace_option(text, key, value)
            after = ledgermod.parse(new_text, str(ledger))
            storage.write_atomic(ledger, new_text)
            storage.write_cache(ledger, new_text, dict(after.document))
        sys.stderr.write(f"{ledger}: {after.planned} hands planned, "
                         f"{len(after.hands)} played.\n")

    guarded()(body)


@app.command()
def export(
    ledger: Path = LEDGER_ARG,
    format: str = typer.Option(..., "--format", metavar="csv|json|md", help="csv, json or md"),
    output: Optional[Path] = typer.Option(None, "-o", "--output", metavar="FILE",
                                          help="Write to FILE instead of stdout."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing FILE."),
) -> None:
    """Export the session as CSV, JSON or Markdown."""
    from scorekeeper import export as exportmod
    from scorekeeper import storage

    def body() -> None:
        session = load(ledger)
        text = exportmod.export(session, format.lower())
        if output is None:
            write_text(text)
        else:
            storage.check_export_target(output, ledger, force)
            storage.write_atomic(output, text)
            sys.stderr.write(f"Wrote {output}.\n")

    guarded()(body)


# -- check ---------------------------------------------------------------------------

def _check_rules(game: str, profile: Optional[str], settings: List[str]) -> Any:
    from scorekeeper.profiles import get_profile

    return get_profile(game, profile).parse_settings(settings)


def _check_output(as_json: bool, data: dict, human: Callable[[Any], None],
                  ascii: bool) -> None:
    if as_json:
        emit_json(data)
    else:
        human(console(use_ascii(ascii)))
    if not data["valid"]:
        raise typer.Exit(1)


def _dhumbal_rules_for(command: str, game: str, profile: Optional[str],
                       settings: List[str]) -> Any:
    if game.lower() != "dhumbal":
        raise Impossible(f"`check {command}` is a Dhumbal ruling (--game dhumbal)")
    return _check_rules("dhumbal", profile, settings)


def _ruling_data(run: Callable[[], Any]) -> dict:
    """A ruling value (or the Refused error) as the `check` JSON shape."""
    try:
        ruling = run()
        return {"valid": True, "reason": ruling.reason, "rule": ruling.rule,
                "kind": ruling.kind}
    except Refused as err:
        return {"valid": False, "reason": err.message, "rule": err.rule,
                "kind": None}


def _say(yes: str, no: str, data: dict) -> Callable[[Any], None]:
    def show(con: Any) -> None:
        con.print(f"[green]{yes}[/]: " if data["valid"] else f"[red]{no}[/]: ",
                  end="")
        con.print(f"{data['reason']} ({data['rule']})", markup=False)
    return show


@check_app.command("call")
def check_call(
    cards: str = typer.Argument(..., metavar="CARDS", help='The hand, e.g. "A♠ 2♦"'),
    game: str = DHUMBAL_GAME_OPT,
    profile: Optional[str] = PROFILE_OPT,
    settings: List[str] = SET_OPT,
    as_json: bool = JSON_OPT,
    ascii: bool = ASCII_OPT,
) -> None:
    """May these cards call Dhumbal?"""
    from scorekeeper import cards as cardtext
    from scorekeeper import dhumbal_turns

    def body() -> None:
        rules = _dhumbal_rules_for("call", game, profile, settings)
        hand = cardtext.cards(cards)
        data = _ruling_data(lambda: dhumbal_turns.call_ruling(hand, rules))
        data.update(value=dhumbal_turns.hand_value(hand, rules), limit=rules.call_limit)
        _check_output(as_json, data, _say("yes", "no", data), ascii)

    guarded(as_json, check_shape=True)(body)


@check_app.command("discard")
def check_discard(
    cards: str = typer.Argument(..., metavar="CARDS", help="The cards discarded together."),
    taken: Optional[str] = typer.Option(None, "--taken", metavar="CARD",
                                        help="The card just taken from the pile."),
    game: str = DHUMBAL_GAME_OPT,
    profile: Optional[str] = PROFILE_OPT,
    settings: List[str] = SET_OPT,
    as_json: bool = JSON_OPT,
    ascii: bool = ASCII_OPT,
) -> None:
    """Is this Dhumbal discard legal?"""
    from scorekeeper import cards as cardtext
    from scorekeeper import dhumbal_turns

    def body() -> None:
        rules = _dhumbal_rules_for("discard", game, profile, settings)
        hand = cardtext.cards(cards)
        taken_card = cardtext.card(taken) if taken else None
        data = _ruling_data(lambda: dhumbal_turns.check_discard(hand, rules, taken_card))
        _check_output(as_json, data, _say("legal", "not legal", data), ascii)

    guarded(as_json, check_shape=True)(body)


@check_app.command("draw")
def check_draw(
    card: str = typer.Argument(..., metavar="CARD", help="The card taken from the pile."),
    discarded: str = typer.Option(..., "--discarded", metavar="CARDS",
                                  help="The previous player's discard, in order."),
    game: str = DHUMBAL_GAME_OPT,
    profile: Optional[str] = PROFILE_OPT,
    settings: List[str] = SET_OPT,
    as_json: bool = JSON_OPT,
    ascii: bool = ASCII_OPT,
) -> None:
    """May this card be taken from the previous player's discard?"""
    from scorekeeper import cards as cardtext
    from scorekeeper import dhumbal_turns

    def body() -> None:
        rules = _dhumbal_rules_for("draw", game, profile, settings)
        taken, group = cardtext.card(card), cardtext.cards(discarded)
        data = _ruling_data(lambda: dhumbal_turns.check_draw(taken, group, rules))
        _check_output(as_json, data, _say("may take", "may not take", data), ascii)

    guarded(as_json, check_shape=True)(body)


@check_app.command("meld")
def check_meld(
    cards: str = typer.Argument(..., metavar="CARDS", help="Three cards."),
    tiplu: Optional[str] = typer.Option(None, "--tiplu", metavar="CARD"),
    as_json: bool = JSON_OPT,
    ascii: bool = ASCII_OPT,
) -> None:
    """Which Marriage meld is this, or why not (MA-4)."""
    from scorekeeper import marriage_game

    def body() -> None:
        data = marriage_game.check_meld(cards, tiplu, use_ascii(ascii))
        _check_output(as_json, data, lambda con: _render("check_meld", con, data),
                      ascii)

    guarded(as_json, check_shape=True)(body)


@check_app.command("finish")
def check_finish(
    cards: str = typer.Argument(..., metavar="CARDS", help="21 or 22 cards."),
    tiplu: str = typer.Option(..., "--tiplu", metavar="CARD"),
    by: str = typer.Option("melds", "--by", help="melds or dublees"),
    as_json: bool = JSON_OPT,
    ascii: bool = ASCII_OPT,
) -> None:
    """Can these cards finish (MA-10)? On yes, one arrangement."""
    from scorekeeper import marriage_game

    def body() -> None:
        data = marriage_game.check_finish(cards, tiplu, by, use_ascii(ascii))
        _check_output(as_json, data, lambda con: _render("check_finish", con, data),
                      ascii)

    guarded(as_json, check_shape=True)(body)


@check_app.command("maal")
def check_maal(
    cards: str = typer.Argument(..., metavar="CARDS", help="The player's cards."),
    tiplu: str = typer.Option(..., "--tiplu", metavar="CARD"),
    tunnela: List[str] = typer.Option([], "--tunnela", metavar="CARD",
                                      help="A tunnela exposed at the deal (card)."),
    seen: bool = typer.Option(True, "--seen/--not-seen",
                              help="Has the player seen the tiplu?"),
    natural: bool = typer.Option(True, "--natural/--dublees",
                                 help="Qualified with natural melds (MA-5) or "
                                      "saw the tiplu through dublees."),
    settings: List[str] = SET_OPT,
    as_json: bool = JSON_OPT,
    ascii: bool = ASCII_OPT,
) -> None:
    """The maal of these cards and the best grouping (MA-11)."""
    from scorekeeper import marriage_game

    def body() -> None:
        rules = _check_rules("marriage", None, settings)
        data = marriage_game.check_maal(cards, tiplu, tunnela, seen, natural,
                                        rules, use_ascii(ascii))
        _check_output(as_json, data, lambda con: _render("check_maal", con, data),
                      ascii)

    guarded(as_json, check_shape=True)(body)


def _render(name: str, con: Any, data: dict) -> None:
    from scorekeeper import render

    getattr(render, name)(con, data)


# -- rules / profiles -----------------------------------------------------------------

@app.command()
def rules(game: str = typer.Argument(..., metavar="GAME", help="dhumbal or marriage"),
          profile: Optional[str] = PROFILE_OPT) -> None:
    """Print the rules a profile enforces, with their ids."""
    from scorekeeper import rulebook
    from scorekeeper.profiles import get_profile

    def body() -> None:
        prof = get_profile(game, profile)
        write_text(rulebook.section(prof) + "\n")

    guarded()(body)


@app.command()
def profiles(as_json: bool = JSON_OPT) -> None:
    """List every profile with its options and defaults."""
    from scorekeeper.profiles import PROFILES, format_option

    data = [{"game": p.game, "profile": p.name, "summary": p.summary,
             "options": {k: v for k, v in p.option_values(p.rules).items()},
             "choices": {k: list(v) for k, v in p.choices.items()}}
            for p in PROFILES]
    if as_json:
        emit_json({"profiles": data})
        return
    from scorekeeper import render

    render.profiles(console(), data, format_option)


def _click_error_class() -> type:
    """click's ClickException, from whichever click this typer uses."""
    return next(c for c in typer.BadParameter.__mro__
                if c.__name__ == "ClickException")


def main(argv: Optional[List[str]] = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    # `check …` answers disputes at the table and must feel instant: run its
    # own sub-app directly so typer builds only those few commands.
    if args[:1] == ["check"]:
        target, args, prog = check_app, args[1:], "scorekeeper check"
    else:
        target, prog = app, "scorekeeper"
    try:
        code = target(args=args, prog_name=prog, standalone_mode=False)
    except (KeyboardInterrupt, typer.Abort):
        sys.stderr.write("\ninterrupted; nothing written\n")
        sys.exit(130)
    except _click_error_class() as err:  # usage: unknown option, missing value…
        if "--json" in args:
            message = err.format_message()
            emit_json({"error": message, "reason": message, "rule": None,
                       "exit_code": err.exit_code})
        err.show()
        sys.exit(err.exit_code)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    main()
