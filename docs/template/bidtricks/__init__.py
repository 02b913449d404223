"""Bids and tricks: the template of a game (docs/ARCHITECTURE.md, "Add a
game"), the smallest folder a game can be, and tested as one (the tests of
`tests/scores/` register it as `bidtricks`).

A player who makes their bid scores the bid plus a tenth for each extra
trick (bid 3, took 4: 3.1); one who falls short loses the bid (-3.0).
Points are not transfers, higher is better, kept in tenths: the shape of
Call Break.

* `rules`    — `BidRules` and the profile (data);
* `flags`    — `HAND_FLAGS`: `--bid`, `--tricks` as data;
* `commands` — `CHECKS` (none) as data;
* `engine`   — the hand, its ruling and `resolve`: the rules, pure;
* `game`     — `GAME`: the hand declared (`fields`), read and stored;
* `prompts`  — the questions of one hand.
"""
