"""Keystrokes at the table (issue 16): characters typed for a hand, before
the quick-entry forms and after, using the shortest documented forms.

    python benchmarks/bench_keystrokes.py

Three hands, each typed as a shell command line after `scorekeeper`:

* the rule book's Marriage worked example (MA-10 … MA-12: Asha finishes
  with the 21 cards, maal 10; Bikash saw, agreed 2; Chandra did not, 0) —
  with the cards, and from the numbers agreed at the table;
* a 4-player Dhumbal hand (Asha calls);
* a correction of one player's cards in that Dhumbal hand (`amend`).

"Today" is what the command line took before issue 16: whole names, card
tokens rank-then-suit (letter suits, `t` for ten: already the shortest),
the finisher's 21 cards, and an amend that gives the whole hand again.
"After" uses name prefixes (`a`), suit-grouped cards that need no
quotes (`sad2`, `s3457h234666d789tkkkc7tjq`), `shown:MAAL` and a partial
amend. Each
count is the length of the line as typed into a POSIX shell (`shlex.join`:
quotes counted). Every line is also run, on a ledger of its own, to prove
it works, and today's and after's rulings must agree.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple, Sequence

ROOT = Path(__file__).resolve().parent.parent

MARRIAGE = ("Asha", "Bikash", "Chandra")
DHUMBAL = ("Asha", "Bikash", "Chandra", "Dipesh")
# RULES.md, the Marriage worked example's 21 cards, in today's shortest form
WORKED_TODAY = "3s 4s 5s 6h 6h 6h 8d 9d td tc jc qc 2h 3h 4h 7s 7d 7c kd kd kd"
WORKED_AFTER = "s3457h234666d789tkkkc7tjq"


class Case(NamedTuple):
    name: str
    game: str
    players: Sequence[str]
    setup: Sequence[Sequence[str]]      # commands run first (not counted)
    today: Sequence[str]                # the counted command, LEDGER as "L"
    after: Sequence[str]


CASES = (
    Case("Marriage worked example, cards", "marriage", MARRIAGE, (),
         ["record", "L", "--finish", "Asha", "--tiplu", "jc", "--seen", "Bikash",
          "--hand", f"Asha={WORKED_TODAY}", "--hand", "Bikash=2",
          "--hand", "Chandra=0"],
         ["record", "L", "--finish", "a", "--tiplu", "jc", "--seen", "b",
          "--hand", f"a={WORKED_AFTER}", "--hand", "b=2", "--hand", "c=0"]),
    Case("Marriage worked example, numbers", "marriage", MARRIAGE, (),
         # before issue 16 a finisher's show could not be a number: the
         # shortest way was still the 21 cards
         ["record", "L", "--finish", "Asha", "--tiplu", "jc", "--seen", "Bikash",
          "--hand", f"Asha={WORKED_TODAY}", "--hand", "Bikash=2",
          "--hand", "Chandra=0"],
         ["record", "L", "--finish", "a", "--seen", "b", "--hand", "a=shown:10",
          "--hand", "b=2", "--hand", "c=0"]),
    Case("Dhumbal hand, 4 players", "dhumbal", DHUMBAL, (),
         ["record", "L", "--call", "Asha", "--hand", "Asha=as 2d",
          "--hand", "Bikash=ks", "--hand", "Chandra=qd 3c", "--hand", "Dipesh=9h"],
         # suit-grouped, no quotes needed: `sad2` = A♠ 2♦
         ["record", "L", "--call", "a", "--hand", "a=sad2", "--hand", "b=ks",
          "--hand", "c=dqc3", "--hand", "d=9h"]),
    Case("Correct one player's cards (amend)", "dhumbal", DHUMBAL,
         (["record", "L", "--call", "a", "--hand", "a=as 2d", "--hand", "b=ks",
           "--hand", "c=qd 3c", "--hand", "d=9h"],),
         ["amend", "L", "1", "--call", "Asha", "--hand", "Asha=as 2d",
          "--hand", "Bikash=ks", "--hand", "Chandra=kd 3d", "--hand", "Dipesh=9h"],
         ["amend", "L", "1", "--hand", "c=dk3"]),
)


def typed(argv: Sequence[str]) -> int:
    """Characters of `scorekeeper ARGS` as typed into a shell."""
    return len(shlex.join(["scorekeeper", *argv]))


def run(argv: Sequence[str], ledger: Path) -> dict[str, object]:
    """Run one command on `ledger` (for "L"); its JSON document."""
    args = [str(ledger) if a == "L" else a for a in argv]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "scorekeeper", *args, "--json"],
                          capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"failed ({done.returncode}): scorekeeper "
                         f"{shlex.join(args)}\n{done.stderr}")
    data: dict[str, object] = json.loads(done.stdout)
    return data


def ruled(case: Case, argv: Sequence[str], folder: Path, tag: str) -> object:
    ledger = folder / f"{case.game}-{tag}-{abs(hash(case.name))}.toml"
    new = ["new", str(ledger), "--game", case.game, "--players",
           ",".join(case.players)]
    subprocess.run([sys.executable, "-m", "scorekeeper", *new], check=True,
                   capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    for setup in case.setup:
        run(setup, ledger)
    return run(argv, ledger)["net"]


def main() -> int:
    os.environ.setdefault("SCOREKEEPER_CACHE_DIR", tempfile.mkdtemp(prefix="sk-keys-"))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for case in CASES:
            before = ruled(case, case.today, Path(tmp), "today")
            after = ruled(case, case.after, Path(tmp), "after")
            if before != after:
                raise SystemExit(f"{case.name}: today gives {before}, after {after}")
            rows.append((case.name, typed(case.today), typed(case.after)))
    width = max(len(name) for name, _, _ in rows)
    print(f"{'hand':<{width}}  today  after  saved")
    for name, today, after in rows:
        print(f"{name:<{width}}  {today:>5}  {after:>5}  "
              f"{100 * (today - after) // today:>4}%")
    print(f"(the worked example's 21 cards alone: {len(WORKED_TODAY)} → "
          f"{len(WORKED_AFTER)} characters; every line was run and today's "
          "and after's rulings agree)")
    for case in CASES:
        print(f"\n{case.name}\n  today: {shlex.join(['scorekeeper', *case.today])}"
              f"\n  after: {shlex.join(['scorekeeper', *case.after])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
