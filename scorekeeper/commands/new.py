"""`new`: start a session ledger (its options are declared in cli.py).

What is not typed comes from another ledger (`--like OTHER`: its game,
profile, options, players seated at its end, next dealer, rate and
currency), else from the user's config (`files.config`): the players, the
first dealer, the rate and currency. Typed options always win;
a rate from the config is left out of a session that scores penalty points
(no money changes hands there), while a typed one is refused.

Imports inside functions keep start-up fast, as in cli.py: `new` loads the
ledger's modules only when it runs.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Sequence

from scorekeeper.commands.common import after_write, guarded, say, user_config, waiting
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Named, Said, _
from scorekeeper.core.language import say as in_own_words
from scorekeeper.games import registry


def _money(rate: str | None, currency: str | None, kind: Any, profile: str,
           like: Any = None) -> Any:
    from scorekeeper.core import money  # start-up: only `new` agrees a rate

    if like is not None and rate is None and currency is None:
        # OTHER's money (as the config's, left out where nobody owes anyone)
        if not like.money or kind.owed_to_nobody:
            return None
        return money.for_new(like.money["rate"], like.money.get("currency"), kind,
                             profile)
    if like is not None:        # one typed: the other OTHER's, if it has one
        rate = like.money.get("rate") if rate is None else rate
        currency = like.money.get("currency") if currency is None else currency
    if rate is None and currency is None:
        config = user_config()
        if config.rate is None or kind.owed_to_nobody:
            return None
        rate, currency = config.rate, config.get("currency")
    elif rate is not None and currency is None:
        currency = user_config().get("currency")
    elif rate is None:
        rate = user_config().rate
    return money.for_new(rate, currency, kind, profile)


def new(ledger_text: str, game: str | None, profile: str | None, players: str | None,
        dealer: str | None, lengths: dict[str, str | None], settings: Sequence[str],
        rate: str | None, currency: str | None, force: bool,
        like_text: str | None = None) -> None:
    """The body of `new` (cli.py declares its options)."""
    # start-up: see module doc
    from scorekeeper.core.seating import check_player_names, new_name
    from scorekeeper.files import ledger_file, storage
    from scorekeeper.ledger import document as ledger  # start-up: see module doc
    from scorekeeper.session.session import session_rules  # the same

    path = Path(ledger_text)

    def body() -> None:
        like = None if like_text is None else _like(path, like_text)
        chosen = registry.game(_game(game, like, like_text))
        prof = chosen.profile(like.profile if like and profile is None else profile)
        typed = like.settings_with(prof, settings, any(v is not None for v in
                                                       lengths.values())) \
            if like else settings
        rules = session_rules(chosen, prof, typed, lengths)
        for note in prof.notes(settings):
            say(_("note: {note}").format(note=in_own_words(note)))
        seats = players if players is not None else \
            ",".join(like.players) if like else user_config().players
        if seats is None:
            raise Impossible(Said("--players is needed (or `players` in the config: "
                                  "`scorekeeper config` shows where it is)"))
        names = check_player_names([new_name(n) for n in seats.split(",")], rules,
                                   new=True)
        first = _first_dealer(dealer, like and like.dealer, names)
        agreed = _money(rate, currency, rules.score_kind, prof.name, like)
        storage.check_ledger_path(path, raw=ledger_text)
        ledger_file.create(path, ledger.header_document(chosen, prof, rules, names, first,
                                                        agreed and agreed.stored()),
                           force, on_wait=waiting(path))
        planned = rules.planned_hands(len(names))
        after_write(Said("Created {ledger}", ledger=path), lambda: say(_created(
            chosen, prof.name, path, names, first, planned,
            agreed.said() if agreed else None)))

    guarded(body)


def _like(path: Path, other_text: str) -> Any:
    """What `new --like OTHER` takes from OTHER (only read: a missing or
    broken OTHER is exit 2 as for any command; OTHER itself is refused as
    the ledger to make, so that it is never written over)."""
    from scorekeeper.files import ledger_file  # start-up: see module doc
    from scorekeeper.session.header_checks import like

    other = Path(other_text)
    session = ledger_file.read(other)
    if path.exists() and os.path.samefile(path, other):
        raise Impossible(Said("{ledger} is the ledger --like reads: a new session "
                              "goes in another file", ledger=path))
    return like(session)


def _game(game: str | None, like: Any, other: str | None) -> str:
    """The game of the new session: `--game`, else OTHER's (`--like`);
    `--game` beside `--like` must name OTHER's game."""
    if like is None:
        if game is None:
            raise Impossible(Said("--game is needed (or --like LEDGER: a session "
                                  "like that one)"))
        return game
    if game is not None and registry.game(game).name != like.game:
        raise Impossible(Said("{other} is a {game} session: --like makes one of its "
                              "game; leave --game out", other=other,
                              game=registry.game(like.game).title))
    return str(like.game)


def _first_dealer(typed: str | None, taken: str | None, names: Sequence[str]) -> str:
    """`--dealer`; else OTHER's next dealer (`--like`), if at this table;
    else the config's, if at this table; else the first player."""
    from scorekeeper.core.seating import resolve_name  # start-up: see module doc

    if typed is not None:
        return resolve_name(typed, names)
    if taken in names:
        return str(taken)
    told = user_config().get("dealer")
    return str(told) if told in names else names[0]


def _created(chosen: Any, profile: str, path: Path, names: Sequence[str], first: str,
             planned: int | None, money: str | None) -> Said:
    """What `new` says it made: the game, the table, the length, the money
    (each a whole sentence, so that it can be said in other words)."""
    values = dict(game=chosen.title, profile=Named(profile),
                  ledger=path, names=", ".join(names), first=first,
                  planned=planned, money=money)
    if planned and money:
        return Said.ngettext("New {game} session ({profile}) in {ledger}: {names}; "
                             "{first} deals first; {planned} hand planned; {money}.",
                             "New {game} session ({profile}) in {ledger}: {names}; "
                             "{first} deals first; {planned} hands planned; {money}.",
                             count=planned, **values)
    if planned:
        return Said.ngettext("New {game} session ({profile}) in {ledger}: {names}; "
                             "{first} deals first; {planned} hand planned.",
                             "New {game} session ({profile}) in {ledger}: {names}; "
                             "{first} deals first; {planned} hands planned.",
                             count=planned, **values)
    if money:
        return Said("New {game} session ({profile}) in {ledger}: {names}; "
                    "{first} deals first; {money}.", **values)
    return Said("New {game} session ({profile}) in {ledger}: {names}; "
                "{first} deals first.", **values)
