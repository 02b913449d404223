"""The games: one package each, listed in `scorekeeper.registry`."""
