"""Mutation testing of one module of the pure core with mutmut (docs/TESTING.md).

    python tools/mutate.py cards            # one module, its own tests
    python tools/mutate.py cards --results  # every mutant's status, last run
    python tools/mutate.py cards --show     # the diff of each survivor
    python tools/mutate.py cards --again    # try only the survivors again
    python tools/mutate.py cards --count    # killed / total of the last run
    python tools/mutate.py --stale          # the figures whose module changed since

mutmut reads its settings from `pyproject.toml` in the folder it runs in,
so each module runs in a scratch folder `mutants/<module>/` (ignored by
git) holding links to the project and a copy of `pyproject.toml` whose
`[tool.mutmut]` mutates that module only and selects the tests that are
about it (MODULES below): running every test of the suite for each mutant
of a function every test reaches (`card`) would take hours. Not part of
the default test run or CI.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARRIAGE = ["tests/marriage"]
DHUMBAL = ["tests/dhumbal"]
DOCUMENT = ["tests/storage/test_ledger.py",
            # what a hand takes over from the one before (MA-20)
            "tests/marriage/test_marriage_jokers_foul_double.py",
            # the ledger's seats and payments (`_seat_change`, `_paid_problems`)
            "tests/cli/test_cli_seats.py", "tests/reports/test_paid.py",
            # a deal waiting for its tricks (CB-18: `pending_shape`)
            "tests/callbreak/test_callbreak_calls_first.py"]
HEADER = ["tests/cli/test_cli_seats.py", "tests/reports/test_paid.py",
          "tests/storage/test_ledger.py", "tests/storage/test_names_and_paths.py",
          "tests/storage/test_never_lose_a_hand.py",
          "tests/cli/test_cli_at_the_table.py", "tests/cli/test_cli_redo.py",
          "tests/storage/test_header_read_whole.py",
          # the header checks called directly (issue 36: `header_checks`)
          "tests/storage/test_header_changes.py",
          # `new --like`: another ledger's table and house (`like`)
          "tests/cli/test_cli_like.py",
          # `extend --hands` in whole rotations (MA-14: `_own_unit`)
          "tests/cli/test_cli_marriage.py::"
          "test_ma14_worked_example_extend_hands_takes_whole_rotations",
          # and one hand, said in the singular
          "tests/cli/test_cli_marriage.py::"
          "test_ma14_one_hand_is_not_a_whole_rotation_said_in_the_singular"]
MODULES: dict[str, tuple[str, list[str]]] = {
    "cards": ("scorekeeper/core/cards.py",
              ["tests/test_cards.py", "tests/entry/test_card_text.py",
               "tests/dhumbal/test_dhumbal_rules.py"]),
    "dhumbal-engine": ("scorekeeper/games/dhumbal/engine.py", DHUMBAL),
    "dhumbal-turns": ("scorekeeper/games/dhumbal/turns.py", DHUMBAL),
    "marriage-engine": ("scorekeeper/games/marriage/engine.py", MARRIAGE),
    "settlement": ("scorekeeper/games/marriage/settlement.py", MARRIAGE),
    "maal": ("scorekeeper/games/marriage/maal.py", MARRIAGE),
    "melds": ("scorekeeper/games/marriage/melds.py", MARRIAGE),
    "wildcards": ("scorekeeper/games/marriage/wildcards.py", MARRIAGE),
    # the finish's own tests: they cover the module exactly as all of
    # tests/marriage does (same lines and branches), in a third of the time
    "finish": ("scorekeeper/games/marriage/finish.py",
               ["tests/marriage/test_marriage_finish.py",
                "tests/marriage/test_marriage_exposed.py",
                "tests/marriage/test_marriage_jokers_foul_double.py",
                # MA-24's refusal: with the ace high too it would finish
                "tests/marriage/test_marriage_ace_low.py"]),
    "document": ("scorekeeper/ledger/document.py", DOCUMENT),
    # issue 36 moved these out of `document`: they keep its tests
    # and the repairs of a ledger that does not verify (`amend_sound`,
    # `fixed`, `undo_sound`, `extend_mends`: amend, verify --fix, undo, extend)
    "verify": ("scorekeeper/session/verify.py",
               [*DOCUMENT, "tests/cli/test_cli_at_the_table.py",
                "tests/cli/test_cli_redo.py", "tests/entry/test_partial_amend.py",
                "tests/storage/test_reliability.py",
                # the repairs' checks called directly, one by one
                "tests/storage/test_repairs.py"]),
    "stored": ("scorekeeper/games/stored.py", DOCUMENT),
    "callbreak-engine": ("scorekeeper/games/callbreak/engine.py", ["tests/callbreak"]),
    "callbreak-tricks": ("scorekeeper/games/callbreak/tricks.py", ["tests/callbreak"]),
    "callbreak-payout": ("scorekeeper/games/callbreak/payout.py", ["tests/callbreak"]),
    # the table, names, who sits, joins and leaves (DH-13, MA-23, CB-17):
    # the tests of names, entry and seats, not every game's (every one of
    # them reaches `resolve_name`: hours)
    "seating": ("scorekeeper/core/seating.py",
                ["tests/entry/test_names.py", "tests/entry/test_seating_core.py",
                 "tests/entry/test_entry_says.py", "tests/entry/test_no_traps.py",
                 "tests/storage/test_ledger.py", "tests/storage/test_names_and_paths.py",
                 "tests/cli/test_cli_seats.py", "tests/dhumbal/test_dhumbal_rules.py"]),
    # who sits when, the dealer, who is eliminated (DH-13, DC-9, YA-10,
    # MA-23, CB-17): the seats' own tests, the commands that change them,
    # the ledger's and the games that eliminate; not every game's (every
    # hand reaches `Seats`)
    "seats": ("scorekeeper/core/seats.py",
              ["tests/test_seats.py", "tests/cli/test_cli_seats.py",
               "tests/entry/test_names.py", "tests/entry/test_seating_core.py",
               "tests/entry/test_no_traps.py", "tests/storage/test_ledger.py",
               "tests/dhumbal/test_dhumbal_rules.py", "tests/dhumbal/test_cardrulesplus.py",
               "tests/dhumbal/test_yaniv.py"]),
    # the header's changes on the write path (join, leave, rename, pay,
    # unpay, extend: DH-11 … DH-13, CB-14): the commands' own tests; their
    # checks moved to `header-checks` (issue 36), with the same tests
    "header": ("scorekeeper/ledger/header.py", HEADER),
    "header-checks": ("scorekeeper/session/header_checks.py", HEADER),
    # who pays whom, and what `settle-up --paid` recorded (CB-14)
    "payments": ("scorekeeper/reports/settle_up.py",
                 ["tests/reports/test_settleup.py", "tests/reports/test_paid.py",
                  "tests/reports/test_money.py", "tests/reports/test_cli_settle_up.py"]),
    "threecard": ("scorekeeper/core/threecard.py", ["tests/test_threecard.py"]),
    # one Kitti deal ruled (KI-6 … KI-16): Kitti's own tests and its commands'
    "kitti": ("scorekeeper/games/kitti/engine.py",
              ["tests/kitti", "tests/cli/test_cli_kitti.py"]),
}
TESTING = ROOT / "docs" / "TESTING.md"
LINKED = ("scorekeeper", "tests", "sample_sessions", "docs", "README.md")


def prepare(name: str) -> Path:
    module, tests = MODULES[name]
    where = ROOT / "mutants" / name
    where.mkdir(parents=True, exist_ok=True)
    for item in LINKED:
        link = where / item
        if not link.exists():
            link.symlink_to(ROOT / item)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    config["tool"]["mutmut"].update(only_mutate=[module],
                                    pytest_add_cli_args_test_selection=tests)
    import tomli_w  # only to run mutmut: `--stale` needs the standard library alone

    (where / "pyproject.toml").write_text(tomli_w.dumps(config), "utf-8")
    return where


def forget_results(where: Path, only_survivors: bool = False) -> list[str]:
    """mutmut keeps each mutant's result and does not try it again when
    only the tests changed: forget them all, or only the survivors' (exit
    code 0: the tests passed with the mutant in place; 33: no test reached
    it). Returns the names of the survivors."""
    survivors: list[str] = []
    for meta in (where / "mutants").rglob("*.py.meta"):
        data = json.loads(meta.read_text("utf-8"))
        codes = data["exit_code_by_key"]
        survivors += [key for key, code in codes.items() if code in (0, 33)]
        data["exit_code_by_key"] = {
            key: None if code in (0, 33) or not only_survivors else code
            for key, code in codes.items()}
        meta.write_text(json.dumps(data), "utf-8")
    return survivors


def source_hash(path: Path) -> str:
    """The file's `git hash-object`, short: the source a figure measured."""
    data = path.read_bytes()
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()[:7]


def measured(text: str) -> dict[str, str]:
    """The hash each row of docs/TESTING.md's table of results names, by
    module: the table whose header has a `hash` column."""
    found: dict[str, str] = {}
    columns: list[str] = []
    for line in text.splitlines():
        if not line.startswith("|"):
            columns = []
            continue
        cells = [c.strip().strip("`").strip() for c in line.strip().strip("|").split("|")]
        if not columns:
            columns = cells
        elif "hash" in columns and not set(cells[0]) <= set("-: "):
            found[cells[columns.index("module")]] = cells[columns.index("hash")]
    return found


def stale(text: str, root: Path = ROOT) -> list[str]:
    """Each module whose figure in `text` (docs/TESTING.md) measured
    another source than the one in `root` now, or that has no figure."""
    rows = measured(text)
    lines = []
    for name, (module, _tests) in MODULES.items():
        now = source_hash(root / module)
        if name not in rows:
            lines.append(f"{name}: {module} ({now}) has no figure")
        elif rows[name] != now:
            lines.append(f"{name}: {module} is {now} now, the figure measured {rows[name]}")
    return lines


def main(argv: list[str]) -> int:
    if argv == ["--stale"]:
        lines = stale(TESTING.read_text("utf-8"), ROOT)
        print("\n".join(lines) if lines else "every figure measured the source as it is")
        return 1 if lines else 0
    if not argv or argv[0] not in MODULES:
        print("modules: " + ", ".join(MODULES) + "; or --stale", file=sys.stderr)
        return 2
    where = prepare(argv[0])
    mutmut = str(Path(sys.executable).with_name("mutmut"))
    # the tests that start `python -m scorekeeper` read the unmutated code
    # every property at its full number of examples (tests/conftest.py)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SCOREKEEPER_HYPOTHESIS": "thorough"}
    if "--results" in argv:
        return subprocess.call([mutmut, "results"], cwd=where, env=env)
    if "--count" in argv:
        listing = subprocess.run([mutmut, "results", "--all", "true"], cwd=where,
                                 env=env, capture_output=True, text=True).stdout
        status = Counter(line.rsplit(": ", 1)[-1].strip()
                         for line in listing.splitlines() if ": " in line)
        killed = status["killed"] + status["timeout"]     # a timeout is caught too
        total = sum(status.values())
        print(f"{argv[0]}: {killed}/{total} killed ({100 * killed / max(total, 1):.1f} %)"
              f"; {dict(status)}")
        return 0
    if "--show" in argv:
        listing = subprocess.run([mutmut, "results"], cwd=where, env=env,
                                 capture_output=True, text=True).stdout
        for line in listing.splitlines():
            if line.strip().endswith(": survived"):
                name = line.strip().rsplit(":", 1)[0]
                subprocess.call([mutmut, "show", name], cwd=where, env=env)
        return 0
    # every mutant is tried against today's tests, or (--again: tests were
    # only added since) the survivors of the last run, and only them
    again = "--again" in argv
    names = forget_results(where, only_survivors=again)
    children = os.environ.get("MUTATION_CHILDREN", "2")
    return subprocess.call(["nice", "-n", "10", mutmut, "run", "--max-children",
                            children, *(names if again else [])], cwd=where, env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
