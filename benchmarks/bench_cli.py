"""Command-line speed, measured as a person feels it: whole processes.

    python benchmarks/bench_cli.py [--runs 21]

* `scorekeeper check call "A♠ 2♦" --json` against `python -c "import typer"`
  (target: at most 1.3×);
* `scorekeeper check maal "10♣ J♣ Q♣" --tiplu J♣ --json` and `scorekeeper
  settle marriage …` (the rule book's kidnap example) against `python -c
  "import typer"` (target: at most 1.25× each);
* `standings` and `record` on a 2,000-hand ledger against a 3-hand ledger
  (target: at most 3×);
* `check finish` on the hardest corpus hand against `check meld` (target:
  at most 1.15×; the hand comes from bench_finish.py's adversarial set).

Each figure is the median of --runs runs, the two commands compared run
alternately. Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
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

from scorekeeper import ledger, registry, tomltext  # noqa: E402
from scorekeeper.cards import Card, format_cards  # noqa: E402
from scorekeeper.hands import Table  # noqa: E402

PLAYERS = ("Asha", "Bikash", "Chandra", "Dipesh")
# RULES.md, MA-15: A finishes with the worked example's 21 cards, B saw
# (agreed maal 2), C did not (agreed 4); kidnap.
SETTLE_KIDNAP = ["settle", "marriage", "--players", "A,B,C", "--set", "mode=kidnap",
                 "--finish", "A", "--tiplu", "J♣", "--seen", "B", "--hand",
                 "A=3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ 7♠ 7♦ 7♣ "
                 "K♦ K♦ K♦", "--hand", "B=2", "--hand", "C=4"]


def _once(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False)
    return time.perf_counter() - start


def paired_medians(argv_a: list[str], argv_b: list[str], runs: int
                   ) -> tuple[float, float]:
    """Both commands, run alternately so that a busy moment of the machine
    weighs on both alike; the median of each."""
    a, b = [], []
    for _ in range(runs):
        a.append(_once(argv_a))
        b.append(_once(argv_b))
    return statistics.median(a), statistics.median(b)


def make_ledger(path: Path, hands: int, seed: int = 7) -> None:
    game = registry.game("dhumbal")
    profile = game.profile()
    rules = profile.parse_settings([f"hands={hands + 1000}"])
    rng = random.Random(seed)
    deck = [Card(r, s) for r in range(1, 14) for s in range(4)]
    parts = [tomltext.header_text(ledger.header_document(
        game, profile, rules, PLAYERS, PLAYERS[0]))]
    dealer = PLAYERS[0]
    for number in range(1, hands + 1):
        while True:
            rng.shuffle(deck)
            dealt = {p: deck[i * 5:i * 5 + rng.randint(1, 5)]
                     for i, p in enumerate(PLAYERS)}
            caller = next((p for p in PLAYERS
                           if sum(rules.card_value(c.rank) for c in dealt[p]) <= 5),
                          None)
            if caller:
                break
        raw = {p: format_cards(cs) for p, cs in dealt.items()}
        inputs = game.args(Table.of(PLAYERS, dealer), caller, raw, rules)
        result = game.resolve(inputs, rules)
        parts.append(tomltext.hand_text(game.to_stored(number, inputs, result)))
        dealer = PLAYERS[(PLAYERS.index(dealer) + 1) % len(PLAYERS)]
    path.write_text("".join(parts), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    # A regular `pip install` byte-compiles the package; an editable one under
    # PYTHONDONTWRITEBYTECODE=1 would recompile every module on every run.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "scorekeeper")],
                   check=True, stdout=subprocess.DEVNULL)
    exe = shutil.which("scorekeeper") or str(Path(sys.executable).parent / "scorekeeper")
    py = sys.executable
    ok = True

    def report(name: str, value: float, base: float, limit: float) -> None:
        nonlocal ok
        ratio = value / base
        verdict = "ok" if ratio <= limit else "MISSED"
        ok &= ratio <= limit
        print(f"{name:<44} {value * 1000:8.1f} ms  vs {base * 1000:8.1f} ms  "
              f"= {ratio:5.2f}x (target ≤ {limit}x) {verdict}")

    base, call = paired_medians([py, "-c", "import typer"],
                                [exe, "check", "call", "A♠ 2♦", "--json"], args.runs)
    report("check call --json / import typer", call, base, 1.3)
    base, maal = paired_medians([py, "-c", "import typer"],
                                [exe, "check", "maal", "10♣ J♣ Q♣", "--tiplu", "J♣",
                                 "--json"], args.runs)
    report("check maal --json / import typer", maal, base, 1.25)
    base, settled = paired_medians([py, "-c", "import typer"],
                                   [exe, *SETTLE_KIDNAP, "--json"], args.runs)
    report("settle marriage --json / import typer", settled, base, 1.25)

    with tempfile.TemporaryDirectory() as tmp:
        small, big = Path(tmp, "small.toml"), Path(tmp, "big.toml")
        make_ledger(small, 2)
        make_ledger(big, 1999)
        hand = ["--call", "Asha", "--hand", "Asha=A♠ 2♦", "--hand", "Bikash=K♠",
                "--hand", "Chandra=Q♦ 3♣", "--hand", "Dipesh=9♥", "--json"]
        # Informational: a ledger nobody has written through scorekeeper yet
        # (or one edited by hand) is parsed from TOML in full, with no cache.
        cold_s, cold_b = paired_medians([exe, "standings", "--json", str(small)],
                                        [exe, "standings", "--json", str(big)],
                                        args.runs)
        print(f"(cold, no cache: standings --json {cold_b * 1000:.0f} ms on 1,999 "
              f"hands vs {cold_s * 1000:.0f} ms = {cold_b / cold_s:.2f}x; "
              "not a target)")
        # The third / two-thousandth hand, recorded as at the table: from now
        # on the ledgers carry the cache that every write leaves beside them.
        for path in (small, big):
            subprocess.run([exe, "record", str(path), *hand], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        print(f"(2,000-hand ledger: {big.stat().st_size // 1024} KiB)")
        for view in (["standings"], ["standings", "--json"], ["history"],
                     ["history", "--json"]):
            s, b = paired_medians([exe, *view, str(small)], [exe, *view, str(big)],
                                  args.runs)
            report(f"{' '.join(view)}: 2,000 hands / 3 hands", b, s, 3.0)
        small_copy, big_copy = Path(tmp, "s2.toml"), Path(tmp, "b2.toml")
        shutil.copy(small, small_copy)
        shutil.copy(big, big_copy)
        # Each run appends one hand; the ledger sizes barely change.
        s, b = paired_medians([exe, "record", str(small_copy), *hand],
                              [exe, "record", str(big_copy), *hand], args.runs)
        report("record: 2,000 hands / 3 hands", b, s, 3.0)

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
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
