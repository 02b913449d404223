"""scorekeeper: scorekeeper and rules referee for Dhumbal, Marriage, Call Break and Kitti.

The package is a pure core (`core`: cards, options, scores; `games`: each
game's engine; `ledger` and `reports`: the session model and what is made
of it) and a thin command line (`files`, `screen`, `commands`,
`scorekeeper.cli`); docs/ARCHITECTURE.md has the map.
Nothing in the core prints or touches files except `scorekeeper.files.storage`.
"""

__version__ = "0.1.0"
