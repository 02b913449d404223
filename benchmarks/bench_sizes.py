"""Fast at any size (issue 17): every command's time and peak memory at a
few ledger sizes, and the ratios the issue asks for, measured in one run,
as whole processes.

    python benchmarks/bench_sizes.py [--sizes 5000,20000,50000] [--ratios]
                                     [--source DIR]

`--ratios`: `record` on 2,000 hands against 3 (the ledger as scorekeeper
wrote it; target ≤ 1.25×), and `standings --json` on a 2,000-hand ledger
edited by hand (its bytes never written by scorekeeper: a comment added
before each run) against the same on 3 (target ≤ 2.0×), each the median
of 7 runs. A ledger with no cache at all (an empty cache folder) is
`bench_cli.py`'s "never cached". `--source`: the scorekeeper to run
(a folder holding the `scorekeeper` package; default: this checkout), so
that one run can measure an older version too. Run it niced: it is CPU
bound.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_cli import make_ledger  # noqa: E402
from bench_storage import HAND, timed  # noqa: E402


def commands(path: Path, out: Path) -> list[tuple[str, list[str]]]:
    def export(fmt: str) -> list[str]:
        return ["export", str(path), "--format", fmt, "-o", str(out.with_suffix("." + fmt)),
                "--force"]
    return [("standings --json (cold)", ["standings", "--json", str(path)]),
            ("standings --json (warm)", ["standings", "--json", str(path)]),
            ("standings", ["standings", str(path)]),
            ("record (warm)", ["record", str(path), *HAND]),
            ("show 1", ["show", str(path), "1"]),
            ("amend 1", ["amend", str(path), "1", *HAND[2:4]]),
            ("history", ["history", str(path)]),
            ("history --json", ["history", "--json", str(path)]),
            ("history --all", ["history", "--all", str(path)]),
            ("export csv", export("csv")),
            ("export md", export("md")),
            ("export json", export("json")),
            ("stats", ["stats", str(path)]),
            ("settle-up", ["settle-up", str(path), "--rate", "1"]),
            ("chart", ["chart", str(path)]),
            ("chart --svg", ["chart", str(path), "--svg", str(out.with_suffix(".svg")),
                             "--force"]),
            ("verify", ["verify", str(path)]),
            ("extend", ["extend", str(path), "--hands", "200000"]),
            ("undo (warm)", ["undo", str(path), "--yes"]),
            ("rename", ["rename", str(path), "Dipesh", "Dinesh"]),
            ("verify --fix (one hand wrong)", ["verify", str(path), "--fix", "--yes"])]


def _tamper(path: Path) -> None:
    """Make the first hand's stored result wrong (for verify --fix)."""
    text = path.read_text(encoding="utf-8")
    head, sep, rest = text.partition("net = { ")
    name, eq, value = rest.partition(" = ")
    number, comma, tail = value.partition(",")
    path.write_text(head + sep + name + eq + str(int(number) + 1) + comma + tail,
                    encoding="utf-8")


def sizes(exe: list[str], env: dict[str, str], counts: list[int]) -> None:
    print(f"{'hands':>7} {'command':<32} {'seconds':>8} {'peak MB':>8} exit")
    for count in counts:
        with tempfile.TemporaryDirectory() as tmp:
            run_env = {**env, "SCOREKEEPER_CACHE_DIR": str(Path(tmp, "cache"))}
            path = Path(tmp, "long.toml")
            make_ledger(path, count)
            for name, argv in commands(path, Path(tmp, "out")):
                if name.startswith("verify --fix"):
                    _tamper(path)
                seconds, peak, code = timed([*exe, *argv], run_env)
                print(f"{count:>7} {name:<32} {seconds:8.2f} {peak:8.0f} {code:>4}",
                      flush=True)


def _medians(exe: list[str], runs_of: list[tuple[list[str], object]],
             env: dict[str, str], runs: int) -> list[float]:
    """The median time of each command, the commands run in turn (so that
    a machine busy with something else slows them alike)."""
    times: list[list[float]] = [[] for _ in runs_of]
    for _ in range(runs):
        for i, (argv, before) in enumerate(runs_of):
            if callable(before):
                before()
            times[i].append(timed([*exe, *argv], env)[0])
    return [statistics.median(t) for t in times]


def ratios(exe: list[str], env: dict[str, str], runs: int = 7) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        run_env = {**env, "SCOREKEEPER_CACHE_DIR": str(Path(tmp, "cache"))}
        small, big = Path(tmp, "small.toml"), Path(tmp, "big.toml")
        make_ledger(small, 3, planned=100_000)
        make_ledger(big, 2000, planned=100_000)
        for path in (small, big):      # written by scorekeeper once: warm
            subprocess.run([*exe, "record", str(path), *HAND], env=run_env,
                           capture_output=True, check=True)
        rec = _medians(exe, [(["record", str(p), *HAND], None) for p in (small, big)],
                       run_env, runs)
        print(f"record: 2,000 hands {rec[1]:.3f} s / 3 hands {rec[0]:.3f} s = "
              f"{rec[1] / rec[0]:.2f}x (target <= 1.25x)")
        edits = []
        runs_done = itertools.count()
        for path in (small, big):
            make_ledger(path, 3 if path is small else 2000, seed=11)
            text = path.read_text(encoding="utf-8")

            # new bytes before every run (the same edit twice would be the
            # bytes the run before checked and cached: warm, not cold)
            def edited(path: Path = path, text: str = text) -> None:
                path.write_text(text + f"# edited by hand, {next(runs_done)}\n",
                                encoding="utf-8")
            edits.append((["standings", "--json", str(path)], edited))
        cold = _medians(exe, edits, run_env, runs)
        print(f"standings --json, edited by hand: 2,000 hands "
              f"{cold[1]:.3f} s / 3 hands {cold[0]:.3f} s = {cold[1] / cold[0]:.2f}x "
              "(target <= 2.0x, stretch 1.5x)")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="5000,20000,50000")
    parser.add_argument("--ratios", action="store_true")
    parser.add_argument("--source", default=str(ROOT))
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": args.source}
    exe = [sys.executable, "-m", "scorekeeper"]
    # `python -m` puts the folder it runs in first on the path: run where
    # no scorekeeper is, so that --source is the one measured
    os.chdir(tempfile.gettempdir())
    if args.ratios:
        ratios(exe, env)
    if args.sizes:
        sizes(exe, env, [int(n) for n in args.sizes.split(",")])
    return 0


if __name__ == "__main__":
    sys.exit(main())
