"""scorekeeper: scorekeeper and rules referee for Dhumbal and Marriage.

The package is a pure core (cards, profiles, the Dhumbal and Marriage
engines, the ledger model) and a thin command-line shell (`scorekeeper.cli`).
Nothing in the core prints or touches files except `scorekeeper.files.storage`.
"""

__version__ = "0.1.0"
