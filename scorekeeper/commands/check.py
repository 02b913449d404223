"""`check …`: every game's single rulings (`check call`, `check meld`, …),
built from the `CheckSpec`s the games declare, and `check compare` (the
3-card ranking's, `commands/compare.py`). A check answers at once: it
loads one game's `commands.py` and nothing of an engine, a ledger or rich.
"""

from __future__ import annotations

from typing import Any, Callable

import typer

from scorekeeper.commands.common import (
    ASCII,
    JSON,
    PROFILE,
    SETTINGS,
    build_command,
    console,
    emit_json,
    guarded,
    parameter,
    settings_of,
)
from scorekeeper.commands.compare import COMPARE
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said, _, say
from scorekeeper.core.options import Profile
from scorekeeper.core.plain import PlainDict
from scorekeeper.core.threecard import PROFILE as RANKING
from scorekeeper.games import registry
from scorekeeper.games.declare import CheckSpec, Flag


def _check_command(owner: str, spec: CheckSpec,
                   profile: Profile[Any] | None = None) -> Callable[..., None]:
    """The command of one check; `profile` gives its rules when no game
    owns it (`check compare`)."""
    common = [Flag("game", ("--game",), str, owner,
                   _("Only {game}.").format(game=owner), "GAME")] \
        if "game" in spec.common else []
    common += [f for key, f in (("profile", PROFILE), ("settings", SETTINGS))
               if key in spec.common]

    def run(values: PlainDict) -> None:
        as_json, ascii = values["as_json"], values["ascii"]

        def body() -> None:
            if values.get("game", owner).lower() != owner:
                raise Impossible(Said("`check {check}` is a ruling of {game} "
                                      "(--game {game})", check=spec.name,
                                      game=owner))
            rules = settings_of(profile or registry.profile(owner, values.get("profile")),
                                values.get("settings", []))
            ruling = spec.run(rules, values)
            if as_json:
                emit_json(ruling.as_json(), ascii)
            else:
                from scorekeeper.screen import views  # rich: only for a person

                # the reason, the head and each line in the reader's language
                views.verdict(console(ascii), ruling,
                              _(head) if (head := spec.head(ruling)) else head,
                              [say(line) for line in spec.lines(ruling)]
                              if spec.lines else [])
            if not ruling.valid:
                raise typer.Exit(1)

        guarded(body, as_json, check_shape=True)

    params = [parameter(f) for f in (*spec.params, *common, JSON, ASCII)]
    return build_command(spec.name, _(spec.help) if spec.help else spec.help,
                         params, run)


def register_checks(check_app: typer.Typer, only: str | None = None) -> None:
    """Add the `check` commands: every game's and `check compare`, or only
    the one named (then only its game's declarations are imported)."""
    owner = registry.owner_of_check(only) if only is not None else None
    if only != COMPARE.name:
        for name in registry.names() if owner is None else (owner,):
            for spec in registry.checks(name):
                if owner is None or spec.name == only:
                    check_app.command(spec.name)(_check_command(name, spec))
    if owner is None:          # no game's: the 3-card ranking's (KI-1 … KI-5)
        check_app.command(COMPARE.name)(_check_command(RANKING.game, COMPARE, RANKING))
