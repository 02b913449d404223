"""Dhumbal: a hand-reduction game (profiles `nepali-games`, `cardrulesplus`).

* `rules`   — `DhumbalRules` and the profiles (data);
* `turns`   — a hand's value and the single rulings of a turn (call,
              discard, draw), light enough for `check` at the table;
* `engine`  — one hand's ruling, for every profile;
* `flags`   — `HAND_FLAGS`: `--call`, `--show`, `--hand` as data;
* `commands` — `CHECKS`: `check call|discard|draw` as data;
* `game`    — `GAME`: entering, storing, replaying, showing one hand;
* `prompts` — the questions of one hand (its table of the ruling is
              `screen/rulings/dhumbal.py`).
"""
