"""`check …`: every game's single rulings (`check call`, `check meld`, …),
built from the `CheckSpec`s the games declare. A check answers at once: it
loads one game's `commands.py` and nothing of an engine, a ledger or rich.
"""

from __future__ import annotations

from typing import Callable

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
from scorekeeper.core.errors import Impossible
from scorekeeper.core.plain import PlainDict
from scorekeeper.games import registry
from scorekeeper.games.declare import CheckSpec, Flag


def _check_command(owner: str, spec: CheckSpec) -> Callable[..., None]:
    common = [Flag("game", ("--game",), str, owner, f"Only {owner}.", "GAME")] \
        if "game" in spec.common else []
    common += [f for key, f in (("profile", PROFILE), ("settings", SETTINGS))
               if key in spec.common]

    def run(values: PlainDict) -> None:
        as_json, ascii = values["as_json"], values["ascii"]

        def body() -> None:
            if values.get("game", owner).lower() != owner:
                raise Impossible(f"`check {spec.name}` is a ruling of {owner} "
                                 f"(--game {owner})")
            rules = settings_of(registry.profile(owner, values.get("profile")),
                                values.get("settings", []))
            ruling = spec.run(rules, values)
            if as_json:
                emit_json(ruling.as_json(), ascii)
            else:
                from scorekeeper.screen import views  # rich: only for a person

                views.verdict(console(ascii), ruling, spec.head(ruling),
                               spec.lines(ruling) if spec.lines else [])
            if not ruling.valid:
                raise typer.Exit(1)

        guarded(body, as_json, check_shape=True)

    params = [parameter(f) for f in (*spec.params, *common, JSON, ASCII)]
    return build_command(spec.name, spec.help, params, run)


def register_checks(check_app: typer.Typer, only: str | None = None) -> None:
    """Add the `check` commands: every game's, or only the one named (then
    only its game's declarations are imported)."""
    owner = registry.owner_of_check(only) if only is not None else None
    for name in registry.names() if owner is None else (owner,):
        for spec in registry.checks(name):
            if owner is None or spec.name == only:
                check_app.command(spec.name)(_check_command(name, spec))
