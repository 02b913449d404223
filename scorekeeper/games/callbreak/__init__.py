"""Call Break: four or five players call tricks, spades trump (`classic`).

* `rules`    — `CallBreakRules` and the profile (data);
* `tricks`   — the rulings of the table, light enough for `check`: a card
               played to a trick, a deal that may be thrown in;
* `engine`   — one deal's score: the calls, the tricks taken, in tenths;
* `flags`    — `HAND_FLAGS`: `--bid`, `--won` as data;
* `commands` — `CHECKS`: `check play|deal` as data;
* `game`     — `GAME`: entering, storing, replaying, showing one deal;
* `payout`   — a match paid by place or by an instant win (CB-14, CB-15);
* `prompts`  — the questions of one deal (its table of the ruling is
               `screen/rulings/callbreak.py`).
"""
