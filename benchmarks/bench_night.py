"""After the night, measured: `stats` over many ledgers and `settle-up`.

    python benchmarks/bench_night.py [--runs 15]

Run it with the project installed as a user installs it (`pip install .`
in a fresh venv, not an editable install: start-up is part of the figure).

* `stats` over a folder of 100 ledgers × 60 hands against `standings` on
  one of them — whole processes, the two commands run alternately, the
  median of each (as `bench_cli.py` measures): target at most 3×, for
  `--json` and for people. The ledgers are written as at the table (their
  last hand recorded through the book, which leaves each in the cache).
  Informational: the same without caches (ledgers nobody has written
  through scorekeeper, or edited by hand: all TOML is parsed).
* `settle-up` with 8 players, in-process: two 6-player ledgers with 8
  players between them read, their balances added up and the exact fewest
  transfers found — target under 50 ms; and the search alone on 1,000
  random balances of 8 players (none owed exactly what another owes, so
  nothing is paired off before the search).

Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_cli import make_ledger, paired_medians  # noqa: E402
from scorekeeper.files import book  # noqa: E402
from scorekeeper.reports import settle_up  # noqa: E402

HAND = {"call": "Asha", "hand": ["Asha=A♠ 2♦", "Bikash=K♠", "Chandra=Q♦ 3♣",
                                 "Dipesh=9♥"]}
EIGHT = ("Asha", "Bikash", "Chandra", "Dipesh", "Esha", "Gopal", "Hari", "Indra")


def make_folder(folder: Path, ledgers: int, hands: int) -> None:
    """`ledgers` Dhumbal sessions of `hands` hands, the last recorded
    through the book as `record` does (which writes the cache)."""
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(ledgers):
        path = folder / f"evening-{i:03d}.toml"
        make_ledger(path, hands - 1, seed=i)
        book.record(path, HAND)


def make_table(path: Path, players: tuple[str, ...], hands: int, seed: int) -> None:
    """A Dhumbal session of any players, each hand a legal call."""
    make_ledger(path, hands, seed=seed, players=players, planned=hands)


def random_balances(rng: random.Random, n: int) -> dict[str, int]:
    while True:
        values = [rng.randint(-200, 200) for _ in range(n - 1)]
        values.append(-sum(values))
        if 0 not in values and not any(-v in values for v in values):
            return dict(zip(EIGHT[:n], values))


def bench_stats(exe: str, runs: int, report) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp, "ledgers")
        make_folder(folder, 100, 60)
        one = str(folder / "evening-000.toml")
        size = sum(p.stat().st_size for p in folder.glob("*.toml")) // 1024
        print(f"(100 ledgers × 60 hands: {size} KiB of TOML, and their caches)")
        for extra in (["--json"], []):
            s, b = paired_medians([exe, "standings", *extra, one],
                                  [exe, "stats", *extra, str(folder)], runs)
            report(f"stats {' '.join(extra)} 100 ledgers / standings one", b, s, 3.0)
        # every run with an empty cache folder of its own: each ledger is
        # parsed and re-checked hand by hand, as after a copy from elsewhere
        s, b = paired_medians([exe, "standings", "--json", one],
                              [exe, "stats", "--json", str(folder)], runs, cold=True)
        print(f"(no caches: stats --json {b * 1000:.0f} ms vs standings --json "
              f"{s * 1000:.0f} ms = {b / s:.2f}x; not a target)")


def bench_settle_up(report_ms) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        first, second = Path(tmp, "one.toml"), Path(tmp, "two.toml")
        make_table(first, EIGHT[:6], 30, seed=1)
        make_table(second, EIGHT[2:], 30, seed=2)
        times = []
        for _ in range(50):
            start = time.perf_counter()
            sessions = [book.read(first), book.read(second)]
            transfers = settle_up.fewest_transfers(settle_up.balances(sessions))
            times.append(time.perf_counter() - start)
        print(f"(8 players over 2 ledgers: {len(transfers)} transfers)")
        report_ms("settle-up, 8 players: read, add up, search (median)",
                  statistics.median(times), 0.050)
        report_ms("settle-up, 8 players: read, add up, search (worst)",
                  max(times), 0.050)
    rng = random.Random(11)
    search = []
    for _ in range(1000):
        balances = random_balances(rng, 8)
        start = time.perf_counter()
        settle_up.fewest_transfers(balances)
        search.append(time.perf_counter() - start)
    report_ms("the exact search alone, 8 players (worst of 1,000)", max(search),
              0.050)


def main() -> int:
    # The caches the runs leave go to a folder of their own, not the user's.
    os.environ.setdefault("SCOREKEEPER_CACHE_DIR", tempfile.mkdtemp(prefix="sk-bench-"))
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    exe = shutil.which("scorekeeper") or str(Path(sys.executable).parent / "scorekeeper")
    subprocess.run([exe, "--help"], check=True, stdout=subprocess.DEVNULL)
    ok = True

    def report(name: str, value: float, base: float, limit: float) -> None:
        nonlocal ok
        ratio = value / base
        ok &= ratio <= limit
        print(f"{name:<48} {value * 1000:8.1f} ms  vs {base * 1000:8.1f} ms  "
              f"= {ratio:5.2f}x (target ≤ {limit}x) "
              f"{'ok' if ratio <= limit else 'MISSED'}")

    def report_ms(name: str, value: float, limit: float) -> None:
        nonlocal ok
        ok &= value < limit
        print(f"{name:<56} {value * 1000:8.2f} ms (target < {limit * 1000:.0f} ms) "
              f"{'ok' if value < limit else 'MISSED'}")

    bench_stats(exe, args.runs, report)
    bench_settle_up(report_ms)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
