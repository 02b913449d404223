"""The games: one package each, listed in `scorekeeper.games.registry`."""
