"""Marriage (Nepali three-deck rummy), profile `three-deck`.

The pure core, plain functions on frozen values:

* `rules`      — `MarriageRules`, the profiles, the finish kinds (data);
* `wildcards`  — the tiplu and its wildcards (MA-7);
* `melds`      — classifying a 3-card meld (MA-4, MA-5);
* `finish`     — finding a finish by melds or dublees (MA-9, MA-10);
* `maal`       — the maal of a hand (MA-11);
* `settlement` — paying out a hand (MA-12);
* `engine`     — one whole hand's ruling (MA-10 … MA-13).

For the ledger and the command line: `flags` (`HAND_FLAGS`), `commands`
(`CHECKS`: `check meld|finish|maal`), `game` (`GAME`), and `prompts`, the
questions of one hand (its table of the ruling is
`screen/rulings/marriage.py`).
"""
