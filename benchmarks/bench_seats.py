"""A hand-edited ledger with a long `seats` list (issue 40): every command
that reads it replays the joins and leaves, which must take time in
proportion to their number, not to its square.

    python benchmarks/bench_seats.py [--sizes 1000,4000,10000] [--hands 2000]

Each ledger is a Dhumbal session of `--hands` hands (four players) whose
`seats` holds N pairs "join P{i} at hand 1, after Asha" and "leave P{i} at
hand 1" (a table that never changes, read through every join). Prints the
wall time of `standings --json`, `verify` and a `join` (on a fresh copy),
each the median of three runs. Whole processes; never a timed unit test.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_cli import make_ledger  # noqa: E402


def with_seats(plain: Path, path: Path, pairs: int) -> None:
    """`plain`'s ledger with `pairs` joins and leaves in one `seats` line
    (before the tables, where `join` writes it)."""
    entries = ", ".join(f'{{ hand = 1, join = "P{i}", after = "Asha" }}, '
                        f'{{ hand = 1, leave = "P{i}" }}' for i in range(pairs))
    text = plain.read_text(encoding="utf-8")
    cut = text.index("\n[")
    path.write_text(f"{text[:cut]}\nseats = [{entries}]\n{text[cut:]}", encoding="utf-8")


def timed(argv: list[str], env: dict[str, str], ledger: Path, work: Path) -> float:
    runs = []
    for _ in range(3):
        shutil.copyfile(ledger, work)
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env=env, check=True)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,4000,10000")
    parser.add_argument("--hands", type=int, default=2000)
    args = parser.parse_args()
    exe = [shutil.which("scorekeeper") or sys.executable,
           *([] if shutil.which("scorekeeper") else ["-m", "scorekeeper"])]
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SCOREKEEPER_CACHE_DIR": tmp}
        plain, work = Path(tmp, "plain.toml"), Path(tmp, "work.toml")
        make_ledger(plain, args.hands)
        for pairs in (int(n) for n in args.sizes.split(",")):
            ledger = Path(tmp, f"seats{pairs}.toml")
            with_seats(plain, ledger, pairs)
            for name, argv in (("standings --json", ["standings", "--json", str(work)]),
                               ("verify", ["verify", str(work)]),
                               ("join", ["join", str(work), "Zed"])):
                took = timed([*exe, *argv], env, ledger, work)
                print(f"{pairs:>6} joins + leaves, {args.hands} hands  {name:<16} "
                      f"{took:6.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
