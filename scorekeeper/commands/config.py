"""`config`: the user's config file, where it is and what it holds
(`files.config` reads it, `core.config` checks it)."""

from __future__ import annotations

from scorekeeper.commands.common import JSON_OPT, emit_json, guarded, user_config, write_lines
from scorekeeper.core.language import N_, _

# the command's help (`help_of`), in the language chosen
HELP = {"config": N_("Show the user's config file: its path and the defaults it sets.")}


def config(as_json: bool = JSON_OPT) -> None:
    """Show the user's config file: its path and the defaults it sets."""
    def body() -> None:
        from scorekeeper.core.config import KEYS, shown  # start-up: only here

        found = user_config()
        if as_json:
            emit_json({"path": str(found.path), "exists": found.exists,
                       "values": found.values})
            return
        lines = [f"{found.path}" if found.exists else
                 _("{path} (not there yet)").format(path=found.path)]
        lines += [f"  {key} = {shown(found.values[key])}" for key in KEYS
                  if key in found.values]
        if not found.values:
            lines.append(_("  (no defaults set; the keys: {keys})").format(
                keys=", ".join(KEYS)))
        write_lines("\n".join(lines))

    guarded(body, as_json)
