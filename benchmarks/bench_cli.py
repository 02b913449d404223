"""Command-line speed, measured as a person feels it: whole processes.

    python benchmarks/bench_cli.py [--runs 21]

Targets (each exits 1 when missed):

* every `check` at the table, and `settle marriage` (the rule book's
  kidnap example), against `python -c "import typer"`: at most 1.25x;
* `standings --json` on a 2,000-hand ledger never written by scorekeeper
  (edited by hand: no cache, so every hand is re-checked) against the same
  on a 3-hand one: at most 2x;
* `amend` of hand 1 of a 2,000-hand ledger against `record` on it: at most 2x;
* `standings` and `history` on 2,000 hands against 3 as scorekeeper
  leaves them (cache warm): at most 3x (unchanged or better than before
  the reshape: standings 1.12-1.41x);
* `record` on 2,000 hands against 3 (issue 17: only what changed is read
  back, the rest proven byte-identical): at most 1.25x;
* `check finish` on the hardest corpus hand against `check meld`: 1.15x.
* `check call` in Nepali (`--lang ne`: the catalog loaded, gettext bound)
  against the same in English (no catalog): at most 1.1x (issue 28).

Each figure is the median of --runs runs, the two commands compared run
alternately; every run gets a cache folder of its own where the figure is
about a cold cache.
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
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from scorekeeper.core.cards import Card, format_cards  # noqa: E402
from scorekeeper.core.seating import Seating  # noqa: E402
from scorekeeper.games import registry  # noqa: E402
from scorekeeper.ledger import (
    document,  # noqa: E402
    tomltext,  # noqa: E402
)

PLAYERS = ("Asha", "Bikash", "Chandra", "Dipesh")
# RULES.md, MA-15: A finishes with the worked example's 21 cards, B saw
# (agreed maal 2), C did not (agreed 4); kidnap.
SETTLE_KIDNAP = ["settle", "marriage", "--players", "A,B,C", "--set", "mode=kidnap",
                 "--finish", "A", "--tiplu", "J♣", "--seen", "B", "--hand",
                 "A=3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ 7♠ 7♦ 7♣ "
                 "K♦ K♦ K♦", "--hand", "B=2", "--hand", "C=4"]


def _once(argv: list[str], cold: bool = False) -> float:
    """One run; `cold`: with an empty cache folder of its own."""
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as cache:
        if cold:
            env["SCOREKEEPER_CACHE_DIR"] = cache
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=False, env=env)
        return time.perf_counter() - start


def paired_medians(argv_a: list[str], argv_b: list[str], runs: int,
                   cold: bool = False) -> tuple[float, float]:
    """Both commands, run alternately so that a busy moment of the machine
    weighs on both alike; the median of each."""
    a, b = [], []
    for _ in range(runs):
        a.append(_once(argv_a, cold))
        b.append(_once(argv_b, cold))
    return statistics.median(a), statistics.median(b)


def make_ledger(path: Path, hands: int, seed: int = 7,
                players: tuple[str, ...] = PLAYERS, planned: int | None = None) -> None:
    """A Dhumbal session of `hands` hands, each a legal call, written as
    scorekeeper writes it (`planned`: the hands it plans; many more by
    default, so that it stays open)."""
    game = registry.game("dhumbal")
    profile = game.profile()
    rules = profile.parse_settings([f"hands={planned or hands + 1000}"])
    rng = random.Random(seed)
    deck = [Card(r, s) for r in range(1, 14) for s in range(4)]
    parts = [tomltext.header_text(document.header_document(
        game, profile, rules, players, players[0]))]
    dealer = players[0]
    for number in range(1, hands + 1):
        while True:
            rng.shuffle(deck)
            dealt = {p: deck[i * 5:i * 5 + rng.randint(1, 5)]
                     for i, p in enumerate(players)}
            caller = next((p for p in players
                           if sum(rules.card_value(c.rank) for c in dealt[p]) <= 5),
                          None)
            if caller:
                break
        raw = {p: format_cards(cs) for p, cs in dealt.items()}
        inputs = game.args(Seating.of(players, dealer), caller, raw, rules)
        result = game.resolve(inputs, rules)
        parts.append(tomltext.hand_text(game.to_stored(number, inputs, result, rules)))
        dealer = players[(players.index(dealer) + 1) % len(players)]
    path.write_text("".join(parts), encoding="utf-8")


FINISH = ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ 7♠ 7♦ 7♣ K♦ K♦ K♦")
AT_THE_TABLE = {
    "check call": ["check", "call", "A♠ 2♦", "--json"],
    "check meld": ["check", "meld", "3♠ 4♠ 5♠", "--tiplu", "J♣", "--json"],
    "check maal": ["check", "maal", "10♣ J♣ Q♣", "--tiplu", "J♣", "--json"],
    "check finish": ["check", "finish", FINISH, "--tiplu", "J♣", "--json"],
    "settle marriage": [*SETTLE_KIDNAP, "--json"],
}
HAND = ["--call", "Asha", "--hand", "Asha=A♠ 2♦", "--hand", "Bikash=K♠",
        "--hand", "Chandra=Q♦ 3♣", "--hand", "Dipesh=9♥", "--json"]


class Report:
    def __init__(self) -> None:
        self.ok = True

    def __call__(self, name: str, value: float, base: float, limit: float) -> None:
        ratio = value / base
        verdict = "ok" if ratio <= limit else "MISSED"
        self.ok &= ratio <= limit
        print(f"{name:<48} {value * 1000:8.1f} ms  vs {base * 1000:8.1f} ms  "
              f"= {ratio:5.2f}x (target ≤ {limit}x) {verdict}", flush=True)


def _long_ledgers(exe: str, tmp: str, runs: int, report: Report) -> None:
    small, big = Path(tmp, "small.toml"), Path(tmp, "big.toml")
    make_ledger(small, 2)
    make_ledger(big, 1999)
    print(f"(2,000-hand ledger: {big.stat().st_size // 1024} KiB)")
    s, b = paired_medians([exe, "standings", "--json", str(small)],
                          [exe, "standings", "--json", str(big)], runs, cold=True)
    report("standings --json, never cached: 2,000 / 3 hands", b, s, 2.0)
    # The third / two-thousandth hand, recorded as at the table: from now
    # on scorekeeper knows these ledgers (their bytes are in the cache).
    for path in (small, big):
        subprocess.run([exe, "record", str(path), *HAND], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for view in (["standings"], ["standings", "--json"], ["history"],
                 ["history", "--json"]):
        s, b = paired_medians([exe, *view, str(small)], [exe, *view, str(big)], runs)
        report(f"{' '.join(view)}: 2,000 / 3 hands", b, s, 3.0)
    small_copy, big_copy = Path(tmp, "s2.toml"), Path(tmp, "b2.toml")
    shutil.copy(small, small_copy)
    shutil.copy(big, big_copy)
    for path in (small_copy, big_copy):     # known to scorekeeper, as above
        subprocess.run([exe, "standings", str(path)], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Each run appends one hand; the ledger sizes barely change.
    s, b = paired_medians([exe, "record", str(small_copy), *HAND],
                          [exe, "record", str(big_copy), *HAND], runs)
    report("record: 2,000 / 3 hands", b, s, 1.25)
    amend = [exe, "amend", str(big_copy), "1", *HAND]
    r, a = paired_medians([exe, "record", str(big_copy), *HAND], amend, runs)
    report("amend hand 1 / record, on 2,000 hands", a, r, 2.0)


def main() -> int:
    # The caches the runs leave go to a folder of their own, not the user's.
    os.environ.setdefault("SCOREKEEPER_CACHE_DIR", tempfile.mkdtemp(prefix="sk-bench-"))
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    # A regular `pip install` byte-compiles the package; an editable one under
    # PYTHONDONTWRITEBYTECODE=1 would recompile every module on every run.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "scorekeeper")],
                   check=True, stdout=subprocess.DEVNULL)
    exe = shutil.which("scorekeeper") or str(Path(sys.executable).parent / "scorekeeper")
    report = Report()
    for name, argv in AT_THE_TABLE.items():
        base, value = paired_medians([sys.executable, "-c", "import typer"],
                                     [exe, *argv], args.runs)
        report(f"{name} / import typer", value, base, 1.25)
    call = [exe, "check", "call", "A♠ 2♦", "--json", "--lang"]
    english, nepali = paired_medians([*call, "en"], [*call, "ne"], args.runs)
    report("check call: Nepali / English", nepali, english, 1.1)
    with tempfile.TemporaryDirectory() as tmp:
        _long_ledgers(exe, tmp, args.runs, report)
    try:
        from bench_finish import worst_hand_for_cli  # type: ignore
    except ImportError:
        worst_hand_for_cli = None
    if worst_hand_for_cli is not None:
        cards, tiplu = worst_hand_for_cli()
        meld, fin = paired_medians(
            [exe, "check", "meld", "3♠ 4♠ 5♠", "--tiplu", tiplu, "--json"],
            [exe, "check", "finish", cards, "--tiplu", tiplu, "--json"], args.runs)
        report("check finish (worst hand) / check meld", fin, meld, 1.15)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
