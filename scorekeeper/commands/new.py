"""`new`: start a session ledger (its options are declared in cli.py).

What is not typed comes from the user's config (`files.config`): the
players, the first dealer, the rate and currency. Typed options always win;
a rate from the config is left out of a session that scores penalty points
(no money changes hands there), while a typed one is refused.

Imports inside functions keep start-up fast, as in cli.py: `new` loads the
ledger's modules only when it runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from scorekeeper.commands.common import after_write, guarded, say, user_config, waiting
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Named, Said, _
from scorekeeper.core.language import say as in_own_words
from scorekeeper.games import registry


def _money(rate: str | None, currency: str | None, kind: Any, profile: str) -> Any:
    from scorekeeper.core import money  # start-up: only `new` agrees a rate

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


def new(ledger_text: str, game: str, profile: str | None, players: str | None,
        dealer: str | None, lengths: dict[str, str | None], settings: Sequence[str],
        rate: str | None, currency: str | None, force: bool) -> None:
    """The body of `new` (cli.py declares its options)."""
    # start-up: see module doc
    from scorekeeper.core.seating import check_player_names, new_name, resolve_name
    from scorekeeper.files import ledger_file, storage
    from scorekeeper.ledger import document as ledger  # start-up: see module doc

    path = Path(ledger_text)

    def body() -> None:
        chosen = registry.game(game)
        prof = chosen.profile(profile)
        rules = ledger.session_rules(chosen, prof, settings, lengths)
        for note in prof.notes(settings):
            say(_("note: {note}").format(note=in_own_words(note)))
        seats = players if players is not None else user_config().players
        if seats is None:
            raise Impossible(Said("--players is needed (or `players` in the config: "
                                  "`scorekeeper config` shows where it is)"))
        names = check_player_names([new_name(n) for n in seats.split(",")], rules,
                                   new=True)
        told = dealer if dealer is not None else user_config().get("dealer")
        if dealer is None and told is not None and told not in names:
            told = None     # the config's dealer is not at this table
        first = resolve_name(told, names) if told is not None else names[0]
        agreed = _money(rate, currency, rules.score_kind, prof.name)
        storage.check_ledger_path(path, raw=ledger_text)
        ledger_file.create(path, ledger.header_document(chosen, prof, rules, names, first,
                                                        agreed and agreed.stored()),
                           force, on_wait=waiting(path))
        planned = rules.planned_hands(len(names))
        after_write(Said("Created {ledger}", ledger=path), lambda: say(_created(
            chosen, prof.name, path, names, first, planned,
            agreed.said() if agreed else None)))

    guarded(body)


def _created(chosen: Any, profile: str, path: Path, names: Sequence[str], first: str,
             planned: int | None, money: str | None) -> Said:
    """What `new` says it made: the game, the table, the length, the money
    (each a whole sentence, so that it can be said in other words)."""
    values = dict(game=Said(chosen.title), profile=Named(profile),
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
