"""Very long ledgers: `record`, `undo` and `extend` on 50,000 hands (about
15 MB), with the cache warm (the ledger as scorekeeper last wrote it) and
cold (edited by hand, or copied from elsewhere), as whole processes.

    python benchmarks/bench_storage.py [--hands 50000]

Prints each command's wall time and peak memory (max RSS of the process).
Informational: a warm write parses the TOML once (the new text, parsed back
before it is written); a cold one twice (the old text, then the new).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_cli import make_ledger  # noqa: E402

HAND = ["--call", "Asha", "--hand", "Asha=A♠ 2♦", "--hand", "Bikash=K♠",
        "--hand", "Chandra=Q♦ 3♣", "--hand", "Dipesh=9♥"]


# Each command runs under a fresh interpreter that reports its child's peak
# memory (RUSAGE_CHILDREN is the largest child so far, so one per run).
_PEAK = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
         "c = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
         "stderr=subprocess.DEVNULL).returncode; "
         "print(time.perf_counter() - t, "
         "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, c)")


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Seconds, peak MB and exit code of one process."""
    out = subprocess.run([sys.executable, "-c", _PEAK, *argv], env=env,
                         capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), int(out[1]) / 1024, int(out[2])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=50_000)
    args = parser.parse_args()
    exe = shutil.which("scorekeeper") or str(Path(sys.executable).parent / "scorekeeper")
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SCOREKEEPER_CACHE_DIR": str(Path(tmp, "cache"))}
        path = Path(tmp, "long.toml")
        make_ledger(path, args.hands)
        print(f"{args.hands} hands, {path.stat().st_size / 1e6:.1f} MB")
        steps = [("record (cold: never written by scorekeeper)", ["record", str(path), *HAND]),
                 ("record (warm)", ["record", str(path), *HAND]),
                 ("undo (warm)", ["undo", str(path)]),
                 ("extend (warm)", ["extend", str(path), "--hands", str(args.hands + 5000)]),
                 ("standings --json (warm)", ["standings", "--json", str(path)])]
        for name, argv in steps:
            seconds, peak, code = timed([exe, *argv], env)
            print(f"{name:<48} {seconds:6.2f} s  peak {peak:6.0f} MB  exit {code}")
        path.write_text(path.read_text(encoding="utf-8") + "\n# edited by hand\n",
                        encoding="utf-8")
        for name, argv in [("undo (cold)", ["undo", str(path)]),
                           ("extend (warm again)", ["extend", str(path), "--hands",
                                                    str(args.hands + 6000)])]:
            seconds, peak, code = timed([exe, *argv], env)
            print(f"{name:<48} {seconds:6.2f} s  peak {peak:6.0f} MB  exit {code}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
