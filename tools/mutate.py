"""Mutation testing of one module of the pure core with mutmut (docs/TESTING.md).

    python tools/mutate.py cards            # one module, its own tests
    python tools/mutate.py cards --results  # every mutant's status, last run
    python tools/mutate.py cards --show     # the diff of each survivor
    python tools/mutate.py cards --again    # try only the survivors again
    python tools/mutate.py cards --count    # killed / total of the last run

mutmut reads its settings from `pyproject.toml` in the folder it runs in,
so each module runs in a scratch folder `mutants/<module>/` (ignored by
git) holding links to the project and a copy of `pyproject.toml` whose
`[tool.mutmut]` mutates that module only and selects the tests that are
about it (MODULES below): running every test of the suite for each mutant
of a function every test reaches (`card`) would take hours. Not part of
the default test run or CI.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

import tomli_w

ROOT = Path(__file__).resolve().parents[1]
MARRIAGE = ["tests/marriage"]
DHUMBAL = ["tests/dhumbal"]
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
                "tests/marriage/test_marriage_jokers_foul_double.py"]),
    "document": ("scorekeeper/ledger/document.py",
                 ["tests/storage/test_ledger.py",
                  # what a hand takes over from the one before (MA-20)
                  "tests/marriage/test_marriage_jokers_foul_double.py"]),
    "callbreak-engine": ("scorekeeper/games/callbreak/engine.py", ["tests/callbreak"]),
    "callbreak-tricks": ("scorekeeper/games/callbreak/tricks.py", ["tests/callbreak"]),
    "threecard": ("scorekeeper/core/threecard.py", ["tests/test_threecard.py"]),
}
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
    (where / "pyproject.toml").write_text(tomli_w.dumps(config), "utf-8")
    return where


def forget_results(where: Path, only_survivors: bool = False) -> list[str]:
    """mutmut keeps each mutant's result and does not try it again when
    only the tests changed: forget them all, or only the survivors'
    (exit code 0: the tests passed with the mutant in place). Returns the
    names of the survivors."""
    survivors: list[str] = []
    for meta in (where / "mutants").rglob("*.py.meta"):
        data = json.loads(meta.read_text("utf-8"))
        codes = data["exit_code_by_key"]
        survivors += [key for key, code in codes.items() if code == 0]
        data["exit_code_by_key"] = {
            key: None if code == 0 or not only_survivors else code
            for key, code in codes.items()}
        meta.write_text(json.dumps(data), "utf-8")
    return survivors


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in MODULES:
        print("modules: " + ", ".join(MODULES), file=sys.stderr)
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
