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


# -- issue 27: one hand per game, the ledger left out, a Tab a keystroke ------------

# Goals (keystrokes for one hand): (flags, interactive)
GOALS = {"Dhumbal": (60, 40), "Marriage by numbers": (70, 40), "Call Break": (60, 30)}
CALLBREAK = ("Asha", "Bikash", "Chandra", "Dipak")


class Goal(NamedTuple):
    name: str
    game: str
    players: Sequence[str]
    flags: Sequence[str]          # `record` and its options; no LEDGER
    answers: Sequence[str]        # the interactive entry's answers, in order


GOAL_CASES = (
    Goal("Dhumbal", "dhumbal", DHUMBAL,
         ["record", "--call", "a", "--hand", "a=sad2", "--hand", "b=ks",
          "--hand", "c=dqc3", "--hand", "d=9h"],
         ["", "a", "sad2", "ks", "dqc3", "9h", ""]),
    Goal("Marriage by numbers", "marriage", MARRIAGE,
         ["record", "--finish", "a", "--seen", "b", "--hand", "a=shown:10",
          "--hand", "b=2", "--hand", "c=0"],
         # table, finisher, by (melds), tiplu (-), seen, by dublees (-),
         # the three shows, tunnelas (-), confirm
         ["", "a", "", "", "b", "", "shown:10", "2", "0", "", ""]),
    Goal("Call Break", "callbreak", CALLBREAK,
         ["record", "--bid", "a=3,b=2,c=4,d=2", "--won", "a=4,b=2,c=5,d=2"],
         # table, four calls from the dealer's left (Bikash first), the
         # tricks (the last: Enter, what is left of 13), confirm
         ["", "2", "4", "2", "3", "2", "5", "2", "", ""]),
)


def _completed(word: str, choices: Sequence[str]) -> int:
    """Keystrokes for `word` and the space after it, with Tab: the fewest of
    typing it whole, or a prefix then Tab (which fills in what every choice
    starting so shares, and a space when only one does)."""
    best = len(word) + 1
    for k in range(1, len(word) + 1):
        matches = [c for c in choices if c.startswith(word[:k])]
        if word not in matches:
            continue
        common = os.path.commonprefix(matches)
        space = 0 if matches == [word] else 1
        best = min(best, k + 1 + (len(word) - len(common)) + space)
    return best


def _options(command: str) -> list[str]:
    """The options Tab offers after `scorekeeper COMMAND --`."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMP_CWORD": "2",
           "_SCOREKEEPER_COMPLETE": "complete_bash",
           "COMP_WORDS": f"scorekeeper {command} --"}
    done = subprocess.run([sys.executable, "-m", "scorekeeper"], env=env,
                          capture_output=True, text=True, check=True)
    return done.stdout.split()


def keystrokes(argv: Sequence[str]) -> int:
    """`scorekeeper ARGV` then Enter: the program's name as `sco` Tab (the
    shell completes it from PATH; assumed unique from 3 letters), the
    command and every option by Tab, the values typed (shlex-quoted)."""
    commands = ["record", "rename", "rules", "standings", "settle", "settle-up",
                "show", "stats", "amend", "undo", "verify", "extend", "export",
                "history", "new", "profiles", "check", "chart", "config"]
    options = _options(argv[0])
    count = 4 + _completed(argv[0], commands)
    for word in argv[1:]:
        count += _completed(word, options) if word.startswith("--") else \
            len(shlex.quote(word)) + 1
    return count        # the last space is the Enter


def interactive(answers: Sequence[str]) -> int:
    """`sco` Tab `rec` Tab Enter, then every answer and its Enter."""
    return 4 + 4 + sum(len(a) + 1 for a in answers)


def _entered(goal: Goal, ledger: Path) -> object:
    """Run the interactive entry in this process (a terminal faked), with
    the ledger left out (SCOREKEEPER_LEDGER); the hand's scores."""
    sys.path.insert(0, str(ROOT))
    from typer.testing import CliRunner

    import scorekeeper.commands.record as record_command
    from scorekeeper.cli import build

    record_command.stdin_is_tty = lambda: True  # type: ignore[assignment]
    result = CliRunner().invoke(build(), ["record"],
                                input="\n".join(goal.answers) + "\n",
                                env={"SCOREKEEPER_LEDGER": str(ledger)})
    if result.exit_code != 0:
        raise SystemExit(f"{goal.name}: the interactive entry failed:\n{result.output}")
    text = ledger.read_text(encoding="utf-8")
    return text[text.rindex("[[hands]]"):].split("rules =")[0]


def goals(folder: Path) -> list[tuple[str, int, int, int, int]]:
    rows = []
    for goal in GOAL_CASES:
        ledgers = []
        for tag in ("flags", "entry"):
            ledger = folder / f"goal-{goal.game}-{tag}.toml"
            subprocess.run([sys.executable, "-m", "scorekeeper", "new", str(ledger),
                            "--game", goal.game, "--players", ",".join(goal.players)],
                           check=True, capture_output=True,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
            ledgers.append(ledger)
        env = {**os.environ, "PYTHONPATH": str(ROOT),
               "SCOREKEEPER_LEDGER": str(ledgers[0])}
        subprocess.run([sys.executable, "-m", "scorekeeper", *goal.flags], env=env,
                       check=True, capture_output=True)
        flags_text = ledgers[0].read_text(encoding="utf-8")
        by_flags = flags_text[flags_text.rindex("[[hands]]"):].split("rules =")[0]
        if _entered(goal, ledgers[1]) != by_flags:
            raise SystemExit(f"{goal.name}: the entry and the flags differ")
        flag_goal, entry_goal = GOALS[goal.name]
        rows.append((goal.name, keystrokes(goal.flags), flag_goal,
                     interactive(goal.answers), entry_goal))
    return rows


def main() -> int:
    os.environ.setdefault("SCOREKEEPER_CACHE_DIR", tempfile.mkdtemp(prefix="sk-keys-"))
    os.environ.setdefault("SCOREKEEPER_CONFIG", os.path.join(
        tempfile.mkdtemp(prefix="sk-keys-"), "none.toml"))
    with tempfile.TemporaryDirectory() as tmp:
        reached = goals(Path(tmp))
    missed = 0
    print("one hand, the ledger left out, a Tab a keystroke (goal in brackets)")
    print(f"{'hand':<20}  {'flags':>10}  {'interactive':>12}")
    for name, flags, flag_goal, entry, entry_goal in reached:
        missed += flags > flag_goal or entry > entry_goal
        print(f"{name:<20}  {flags:>4} (≤{flag_goal})  {entry:>6} (≤{entry_goal})")
    for goal in GOAL_CASES:
        print(f"  {goal.name}: scorekeeper {shlex.join(goal.flags)}\n"
              f"    entry answers: {', '.join(repr(a) for a in goal.answers)}")
    print()
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
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
