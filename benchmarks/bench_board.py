"""The board (`serve`), measured as the table feels it: whole processes.

    python benchmarks/bench_board.py [--runs 5] [--hands 60]

* start: from `serve` started to its URL on stdout, against `standings`
  on the same ledger (both read and check it once): the ratio (at most
  1.5x, exit 1 else), and ms;
* first page load: a GET of the whole page (and of `board.json`, what a
  page asks twice a second), ms, the median of --runs; the chart, which
  the page links as an image: its first GET (drawn) and the next (kept);
* update latency: from a `record` process ending to a page polling as the
  board's script does (every 0.4 s) seeing the new hand — median and
  worst of --runs writes; the target is under 1 s (exit 1 when missed);
* with `--big N`, only this: at N hands (20,000: issue 40), the page's
  size, and what a page polling as the script does is sent when a hand
  is recorded, and when it sees it (median of --runs);
* 30 phones: the server's memory (VmRSS) and threads idle, while 30
  clients poll for 10 s, while 30 hold idle connections, and after 3
  rounds of 30 connecting and leaving — bounded: no more threads after
  than before, memory within 10 MiB of the idle figure (exit 1 else).

Every ledger and cache lives in a temporary folder.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ledgers import EVENING, dhumbal_hand, ledger_text  # noqa: E402

POLL = 0.4                   # the page's script: scorekeeper.screen.board.POLL_MS


def _flags(hand: dict[str, Any]) -> list[str]:
    return ["--call", hand["call"], *[x for h in hand["hand"] for x in ("--hand", h)]]


def _serve(ledger: Path, env: dict[str, str]) -> tuple[subprocess.Popen[str], str, float]:
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "scorekeeper", "serve", str(ledger),
                                "--port", "0", "--no-qr"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, env=env)
    url = process.stdout.readline().strip() if process.stdout else ""
    return process, url, time.perf_counter() - start


def _get(port: int, path: str, source: str = "127.0.0.1") -> tuple[int, bytes]:
    """A GET from `source` (a phone: the board lets one address hold at
    most 8 connections, so 30 phones come from 30 addresses of 127/8)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                      source_address=(source, 0))
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def _status(pid: int) -> tuple[int, int]:
    """(VmRSS in KiB, threads) of a process."""
    fields = dict(line.split(":", 1) for line in
                  Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]), int(fields["Threads"])


def start_time(ledger: Path, env: dict[str, str], runs: int) -> tuple[float, float]:
    served, standings = [], []
    for _ in range(runs):
        process, _, took = _serve(ledger, env)
        process.terminate()
        process.wait(10)
        served.append(took)
        begin = time.perf_counter()
        subprocess.run([sys.executable, "-m", "scorekeeper", "standings", str(ledger)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        standings.append(time.perf_counter() - begin)
    return statistics.median(served), statistics.median(standings)


def chart_load(port: int) -> tuple[float, float]:
    """The page's chart: its first request (pygal draws it), and the next
    (kept)."""
    html = json.loads(_get(port, "/board.json")[1])["html"]
    link = "/" + html.split('<img src="', 1)[1].split('"', 1)[0]
    begin = time.perf_counter()
    _get(port, link)
    first = time.perf_counter() - begin
    begin = time.perf_counter()
    _get(port, link)
    return first, time.perf_counter() - begin


def page_load(port: int, runs: int) -> tuple[float, float, int]:
    pages, states, size = [], [], 0
    for _ in range(runs):
        begin = time.perf_counter()
        _, body = _get(port, "/")
        pages.append(time.perf_counter() - begin)
        size = len(body)
        begin = time.perf_counter()
        _get(port, "/board.json")
        states.append(time.perf_counter() - begin)
    return statistics.median(pages), statistics.median(states), size


def update_latency(port: int, ledger: Path, env: dict[str, str], runs: int,
                   rng: random.Random) -> tuple[list[float], list[float]]:
    seen: list[tuple[float, str]] = []
    stop = threading.Event()
    version = json.loads(_get(port, "/board.json")[1])["version"]

    def page() -> None:               # as the board's script polls
        current = version
        while not stop.is_set():
            code, body = _get(port, f"/board.json?v={current}")
            if code == 200:
                current = json.loads(body)["version"]
                seen.append((time.perf_counter(), current))
            stop.wait(POLL)

    poller = threading.Thread(target=page, daemon=True)
    poller.start()
    latencies: list[float] = []
    whole: list[float] = []
    for _ in range(runs):
        before = len(seen)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "scorekeeper", "record", str(ledger),
                        *_flags(dhumbal_hand(rng, EVENING))], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        written = time.perf_counter()
        end = written + 5
        while len(seen) == before and time.perf_counter() < end:
            time.sleep(0.005)
        # from the end of `record` (the page may see the hand a little
        # before the process has exited: then it is below 0), and from its start
        latencies.append(seen[before][0] - written if len(seen) > before else 5.0)
        whole.append(seen[before][0] - started if len(seen) > before else 5.0)
        time.sleep(rng.uniform(0, POLL))   # the next write at any moment of the poll
    stop.set()
    poller.join(5)
    return latencies, whole


def big_change(folder: Path, hands: int, env: dict[str, str], runs: int
               ) -> tuple[int, list[int], list[float]]:
    """At `hands` hands: the page's size, and for each of `runs` records
    what a page polling as the script does is sent (bytes) and when it
    sees the new hand, from the end of `record`."""
    from bench_cli import HAND, make_ledger

    ledger = folder / "big.toml"
    make_ledger(ledger, hands)
    subprocess.run([sys.executable, "-m", "scorekeeper", "verify", str(ledger)],
                   check=True, stdout=subprocess.DEVNULL, env=env)   # cache warm
    process, url, _ = _serve(ledger, env)
    port = int(url.rsplit(":", 1)[1].split("/")[0])
    try:
        size = len(_get(port, "/")[1])
        version = json.loads(_get(port, "/board.json")[1])["version"]
        sent, after = [], []
        for _ in range(runs):
            subprocess.run([sys.executable, "-m", "scorekeeper", "record", str(ledger),
                            *HAND[:-1]], check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, env=env)
            written = time.perf_counter()
            while True:              # as the page's script asks, every 0.4 s
                code, body = _get(port, f"/board.json?v={version}")
                if code == 200:
                    break
                time.sleep(POLL)
            after.append(time.perf_counter() - written)
            sent.append(len(body))
            version = json.loads(body)["version"]
        return size, sent, after
    finally:
        process.terminate()
        process.wait(10)


def _phone(index: int) -> str:
    return f"127.0.0.{index + 2}"


def thirty_phones(port: int, pid: int) -> dict[str, tuple[int, int]]:
    figures = {"idle": _status(pid)}
    stop = threading.Event()
    peak = [figures["idle"]]

    def phone(source: str) -> None:
        version = ""
        while not stop.is_set():
            code, body = _get(port, f"/board.json?v={version}", source)
            if code == 200:
                version = json.loads(body)["version"]
            stop.wait(POLL)

    phones = [threading.Thread(target=phone, args=(_phone(i),), daemon=True)
              for i in range(30)]
    for p in phones:
        p.start()
    end = time.monotonic() + 10
    while time.monotonic() < end:
        peak.append(_status(pid))
        time.sleep(0.1)
    stop.set()
    for p in phones:
        p.join(5)
    figures["30 polling (peak)"] = (max(m for m, _ in peak), max(t for _, t in peak))
    for _ in range(3):              # 30 phones asleep mid-connection, then gone
        held = [socket.create_connection(("127.0.0.1", port),
                                         source_address=(_phone(i), 0)) for i in range(30)]
        time.sleep(0.5)
        figures["30 idle connections"] = _status(pid)
        for s in held:
            s.close()
        time.sleep(0.5)
    time.sleep(1)
    figures["after 3 rounds"] = _status(pid)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--big", type=int, default=0, metavar="N",
                        help="only what a new hand sends, and when it shows, at N hands")
    args = parser.parse_args()
    if args.big:
        with tempfile.TemporaryDirectory() as folder:
            env = {**os.environ, "SCOREKEEPER_CACHE_DIR": str(Path(folder) / "cache")}
            size, sent, after = big_change(Path(folder), args.big, env, args.runs)
        print(f"{args.big} hands: the page {size / 2**20:.1f} MiB; a new hand sends "
              f"{statistics.median(sent) / 1024:.1f} KiB (median), shows "
              f"{statistics.median(after):.2f} s after `record` (median, worst "
              f"{max(after):.2f} s)")
        return 0
    rng = random.Random(25)
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "SCOREKEEPER_CACHE_DIR": str(Path(folder) / "cache")}
        ledger = Path(folder) / "night.toml"
        ledger.write_text(ledger_text("dhumbal", EVENING,
                                      [dhumbal_hand(rng, EVENING) for _ in range(args.hands)],
                                      settings=[f"hands={args.hands + 100}"]),
                          encoding="utf-8")
        subprocess.run([sys.executable, "-m", "scorekeeper", "verify", str(ledger)],
                       check=True, stdout=subprocess.DEVNULL, env=env)   # cache warm
        served, standings = start_time(ledger, env, args.runs)
        print(f"{args.hands} hands: URL printed after {served * 1000:.0f} ms; standings "
              f"{standings * 1000:.0f} ms; ratio {served / standings:.2f}x (target <= 1.5x)")
        failed |= served / standings > 1.5
        process, url, _ = _serve(ledger, env)
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        try:
            drawn, kept = chart_load(port)
            print(f"the chart (an image of the page): first {drawn * 1000:.0f} ms "
                  f"(pygal), then {kept * 1000:.1f} ms")
            page, state, size = page_load(port, args.runs)
            print(f"first page load: {page * 1000:.1f} ms ({size // 1024} KiB); "
                  f"board.json: {state * 1000:.1f} ms")
            latencies, whole = update_latency(port, ledger, env, args.runs, rng)
            print(f"update latency after `record` ended: median "
                  f"{statistics.median(latencies):.2f} s, worst {max(latencies):.2f} s, "
                  f"least {min(latencies):.2f} s (target < 1 s); from its start: median "
                  f"{statistics.median(whole):.2f} s, worst {max(whole):.2f} s")
            failed |= max(latencies) >= 1.0
            figures = thirty_phones(port, process.pid)
            for what, (rss, threads) in figures.items():
                print(f"  {what:<22} {rss / 1024:6.1f} MiB  {threads:3d} threads")
            idle, after = figures["idle"], figures["after 3 rounds"]
            failed |= after[1] > idle[1] or after[0] - idle[0] > 10 * 1024
        finally:
            process.terminate()
            process.wait(10)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
