"""Fast where people are (issue 29): every command at the sizes people keep,
as a ratio to `python -c 'import typer'`, and the time and memory of a
20,000-hand ledger, as whole processes.

    python benchmarks/bench_sizes.py [--sizes 60,300,2000] [--runs 7]
                                     [--big 20000] [--only standings,history]

Each command and the baseline run alternately (a busy moment of the
machine weighs on both alike); the figure is the ratio of their medians,
of wall times, or with `--cpu` of CPU times (steadier on a busy machine),
or with `--instructions` of the instructions valgrind counts (the same
on a busy machine as on a quiet one; a proxy: it ignores waits for disk
and memory).
Goals (issue 29): at 60 hands every command <= 1.3x and `history` <= 1.8x;
at 300, <= 1.6x and `history` <= 2.2x; at 2,000, `standings`, `record` and
`verify` <= 2.5x and `history` <= 3x; at 20,000 hands every command
finishes in <= 6 s and <= 500 MB. A write command runs on a fresh copy of
the ledger each time. Run it on a quiet machine, niced or not, and read
the figures as ratios: the absolute times depend on the machine. Bytecode
is written (PYTHONDONTWRITEBYTECODE unset), as an installed package has it.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_cli import HAND, make_ledger  # noqa: E402

GOALS = {60: (1.3, 1.8), 300: (1.6, 2.2), 2000: (2.5, 3.0)}
# Every process runs in an empty folder: `python -c` looks for modules in
# the folder it runs in first, and a busy folder makes the baseline slower.
QUIET = tempfile.mkdtemp(prefix="sk-bench-")
AT_2000 = {"standings", "record", "verify", "history"}


def commands(path: Path, out: Path) -> dict[str, list[str]]:
    return {"standings": ["standings", str(path)],
            "standings --json": ["standings", "--json", str(path)],
            "history": ["history", str(path)],
            "record": ["record", str(path), *HAND],
            "amend": ["amend", str(path), "1", *HAND[:-1]],
            "undo": ["undo", str(path), "--yes"],
            "verify": ["verify", str(path)],
            "show 1": ["show", str(path), "1"],
            "export csv": ["export", str(path), "--format", "csv", "-o", str(out),
                           "--force"],
            "stats": ["stats", str(path)],
            "settle-up": ["settle-up", str(path), "--rate", "1"],
            "chart": ["chart", str(path)]}


def every_command(path: Path, out: Path) -> dict[str, list[str]]:
    """The commands above and every other that reads a ledger, for the
    20,000-hand figures (issue 40: `history --all` took 19 s)."""
    last = ["--call", "Asha", "--hand", "Asha=A♠ 2♦", "--hand", "Bikash=K♠",
            "--hand", "Chandra=Q♦ 3♣", "--hand", "Dipesh=9♥"]
    return {**commands(path, out),
            "history --all": ["history", str(path), "--all"],
            "history --json": ["history", "--json", str(path)],
            "show --json": ["show", "--json", str(path), "1"],
            "stats --json": ["stats", "--json", str(path)],
            "settle-up --paid": ["settle-up", str(path), "--rate", "1", "--paid"],
            "export json": ["export", str(path), "--format", "json", "-o", str(out),
                            "--force"],
            "export md": ["export", str(path), "--format", "md", "-o", str(out), "--force"],
            "export html": ["export", str(path), "--format", "html", "-o", str(out),
                            "--force"],
            "amend last": ["amend", str(path), "20000", *last],
            "verify --fix": ["verify", str(path), "--fix", "--yes"],
            "extend": ["extend", str(path), "--hands", "30000"],
            "rename": ["rename", str(path), "Dipesh", "Dipak"],
            "join": ["join", str(path), "Kiran"],
            "leave": ["leave", str(path), "Dipesh"]}


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The child's wall time and CPU time (user + system): on a busy
    machine the CPU time is the steadier figure, on a quiet one the two
    agree (one process, one thread)."""
    start, cpu = time.perf_counter(), _cpu()
    proc = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          env=env, check=False, cwd=QUIET)
    took = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{argv[1:3]} failed: {proc.stderr.decode()[-300:]}")
    return took, _cpu() - cpu


def instructions(argv: list[str], env: dict[str, str]) -> int:
    """The instructions the process runs, counted by valgrind's callgrind:
    the same count whatever else the machine is doing."""
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(["valgrind", "--tool=callgrind",
                               f"--callgrind-out-file={tmp}/out", *argv],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              env=env, text=True, check=False, cwd=QUIET)
    return int(proc.stderr.split("Collected : ")[1].split()[0])


def ratio(exe: list[str], argv: list[str], ledger: Path, work: Path, runs: int,
          env: dict[str, str], measure: int) -> float:
    """Median of the command over median of `import typer`, alternating
    (`measure`: 0 wall time, 1 CPU time, 2 instructions, one run)."""
    if measure == 2:
        shutil.copyfile(ledger, work)
        return instructions([*exe, *argv], env) / instructions(
            [sys.executable, "-c", "import typer"], env)
    base, mine = [], []
    for _ in range(runs):
        shutil.copyfile(ledger, work)
        base.append(timed([sys.executable, "-c", "import typer"], env)[measure])
        mine.append(timed([*exe, *argv], env)[measure])
    return statistics.median(mine) / statistics.median(base)


def sizes(exe: list[str], counts: list[int], runs: int, only: set[str] | None,
          env: dict[str, str], measure: int) -> bool:
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for count in counts:
            ledger, work = Path(tmp, f"l{count}.toml"), Path(tmp, "work.toml")
            make_ledger(ledger, count)
            every, history = GOALS.get(count, (None, None))
            for name, argv in commands(work, Path(tmp, "out.csv")).items():
                if only and name not in only or count >= 2000 and name not in AT_2000:
                    continue
                got = ratio(exe, argv, ledger, work, runs, env, measure)
                goal = history if name == "history" else every
                hit = goal is None or got <= goal
                ok &= hit
                print(f"{count:>6} hands  {name:<18} {got:5.2f}x"
                      + (f"  (goal <= {goal}x{'' if hit else ': MISSED'})" if goal else ""))
    return ok


def big(exe: list[str], count: int, env: dict[str, str]) -> bool:
    """Every command once on `count` hands: its time and peak memory."""
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        ledger, work = Path(tmp, "big.toml"), Path(tmp, "work.toml")
        make_ledger(ledger, count)
        for name, argv in every_command(work, Path(tmp, "out.csv")).items():
            shutil.copyfile(ledger, work)
            code = ("import resource, subprocess, sys; done = subprocess.run(sys.argv[1:], "
                    "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
                    "print(done.returncode, "
                    "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
            start = time.perf_counter()
            exit_code, peak = subprocess.run(
                [sys.executable, "-c", code, *exe, *argv], env=env, capture_output=True,
                text=True, check=True).stdout.split()
            took = time.perf_counter() - start
            mb = int(peak) / 1024
            hit = took <= 6 and mb <= 500 and exit_code in ("0", "1")
            ok &= hit
            print(f"{count:>6} hands  {name:<18} {took:5.2f} s {mb:6.0f} MB"
                  + ("" if hit else f"  MISSED (goal <= 6 s, <= 500 MB; exit {exit_code})"))
    return ok


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="60,300,2000")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--big", type=int, default=20000)
    parser.add_argument("--only", default="")
    parser.add_argument("--cpu", action="store_true",
                        help="compare CPU times, not wall times (a busy machine)")
    parser.add_argument("--instructions", action="store_true",
                        help="compare instructions run (valgrind), one run each")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["COLUMNS"] = "80"
    exe = [shutil.which("scorekeeper") or sys.executable, *([] if shutil.which("scorekeeper") else ["-m", "scorekeeper"])]
    only = set(args.only.split(",")) if args.only else None
    ok = sizes(exe, [int(n) for n in args.sizes.split(",") if n], args.runs, only, env,
               2 if args.instructions else int(args.cpu))
    if args.big:
        ok &= big(exe, args.big, env)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
