"""Kitti (नौ पत्ती): each player arranges 9 cards into three 3-card hands,
shows them strongest first, one round at a time; two rounds win the deal
(RULES.md KI-6 … KI-16; the hands are ranked by `core.threecard`).

* `rules`    — `KittiRules` and the profile (data);
* `arrange`  — one player's 9 cards as three hands: read, checked;
* `flags`    — `HAND_FLAGS`: `--hand`, `--winner` as data;
* `commands` — `CHECKS`: `check kitti` as data;
* `engine`   — the deal, its ruling and `resolve`: the rules, pure;
* `game`     — `GAME`: the deal declared (`fields`), read and stored;
* `prompts`  — the questions of one deal.
"""
