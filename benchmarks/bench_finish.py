"""Benchmark of the Marriage finish search (MA-10).

    python benchmarks/bench_finish.py [--hands N] [--adversarial K] [--seed S]

Corpus: N (default 10,000) random 22-card hands dealt from a real 156-card
shoe (3 decks, each card 3 times, no jokers), each with a random tiplu drawn
from the rest of the shoe; plus K (default 60) adversarial hands of each
kind:

* *many wildcards*: 9 or more wildcards, built so that fewer than 3
  qualifying melds (natural pure sequences or tunnelas) can exist;
* *almost fits*: 3 qualifying melds plus 4 more melds one card of which is
  nudged to a near miss, plus a 22nd card (hands that still finish another
  way are mostly redrawn, so most of these are refusals);
* *dense*: 22 cards from a band of 4 ranks with the tiplu at or beside it —
  runs, trials and tunnelas everywhere, the costliest hands found for this
  search (not asked for, but the honest worst case).

Each hand is timed in-process with time.perf_counter, once (its first call;
the caches that live across calls are warm from earlier hands, as in a
long-running program), and the 50 slowest again with those caches emptied
(as in a fresh process). Prints the median, p99, worst and cold worst, the
worst hand ready to paste, and exits 1 unless both worsts < 10 ms and the
median < 1 ms.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.core.cards import Card, format_cards, suits_as_letters  # noqa: E402
from scorekeeper.core.errors import Refused  # noqa: E402
from scorekeeper.games.marriage import finish as finish_module  # noqa: E402
from scorekeeper.games.marriage.finish import find_finish, max_qualifying  # noqa: E402
from scorekeeper.games.marriage.melds import is_meld  # noqa: E402
from scorekeeper.games.marriage.wildcards import Wildcards  # noqa: E402

WORST_LIMIT = 0.010
MEDIAN_LIMIT = 0.001

SHOE = [Card(rank, suit) for rank in range(1, 14) for suit in range(4)] * 3


def random_hand(rng: random.Random) -> tuple[list[Card], Card]:
    dealt = rng.sample(SHOE, 23)
    return dealt[:22], dealt[22]


def _take(pool: list[Card], wanted: list[Card]) -> bool:
    """Remove `wanted` from `pool` if all are there (multiset)."""
    copy = list(pool)
    for c in wanted:
        if c not in copy:
            return False
        copy.remove(c)
    pool[:] = copy
    return True


def adversarial_wild(rng: random.Random) -> tuple[list[Card], Card]:
    """9+ wildcards, fewer than 3 possible qualifying melds."""
    while True:
        tiplu = rng.choice(SHOE)
        wc = Wildcards.from_tiplu(tiplu)
        shoe = list(SHOE)
        shoe.remove(tiplu)
        wilds = [c for c in shoe if wc.is_wild(c)]
        n_wild = rng.randint(9, min(14, len(wilds)))
        hand = rng.sample(wilds, n_wild)
        for c in hand:
            shoe.remove(c)
        plain = [c for c in shoe if not wc.is_wild(c)]
        rng.shuffle(plain)
        for c in plain:
            if len(hand) == 22:
                break
            if max_qualifying(hand + [c]) < 3:
                hand.append(c)
        if len(hand) == 22 and max_qualifying(hand) < 3:
            rng.shuffle(hand)
            return hand, tiplu


def _natural_meld(rng: random.Random) -> list[Card]:
    """A pure sequence (ace low or high) or a tunnela."""
    suit = rng.randrange(4)
    if rng.random() < 0.25:
        c = Card(rng.randint(1, 13), suit)
        return [c, c, c]
    start = rng.randint(1, 12)
    return [Card(1 if r == 14 else r, suit) for r in (start, start + 1, start + 2)]


def _other_meld(rng: random.Random, shoe: list[Card], wc: Wildcards) -> list[Card]:
    """A trial, a pure sequence, or a dirty meld with 1–2 stand-ins."""
    shape = rng.random()
    if shape < 0.3:
        r = rng.randint(1, 13)
        return [Card(r, s) for s in rng.sample(range(4), 3)]
    if shape < 0.6:
        return _natural_meld(rng)
    wilds = [c for c in shoe if wc.is_wild(c)]
    stand = rng.sample(wilds, min(len(wilds), rng.choice((1, 1, 2))))
    base = _natural_meld(rng) if rng.random() < 0.5 else \
        [Card(rng.randint(1, 13), s) for s in rng.sample(range(4), 3)]
    return stand + rng.sample(base, 3 - len(stand))


def adversarial_almost(rng: random.Random) -> tuple[list[Card], Card]:
    """3 qualifying melds + 4 melds, one of whose cards is then nudged to a
    near miss (rank ±1..3 or another suit), + a 22nd card: 12 cards that
    almost fit. Hands that still finish another way are mostly redrawn."""
    while True:
        tiplu = rng.choice(SHOE)
        wc = Wildcards.from_tiplu(tiplu)
        shoe = list(SHOE)
        shoe.remove(tiplu)
        hand: list[Card] = []
        while len(hand) < 9:
            meld = _natural_meld(rng)
            if _take(shoe, meld):
                hand += meld
        rest: list[Card] = []
        while len(rest) < 12:
            meld = _other_meld(rng, shoe, wc)
            if is_meld(meld, tiplu) and _take(shoe, meld):
                rest += meld
        plain = [i for i, c in enumerate(rest) if not wc.is_wild(c)]
        if not plain:
            continue
        i = rng.choice(plain)
        old = rest[i]
        if rng.random() < 0.5:
            rank = (old.rank - 1 + rng.choice((1, 2, 3, -1, -2, -3))) % 13 + 1
            new = Card(rank, old.suit)
        else:
            new = Card(old.rank, rng.choice([s for s in range(4) if s != old.suit]))
        if wc.is_wild(new) or not _take(shoe, [new]):
            continue
        shoe.append(old)
        rest[i] = new
        hand += rest
        hand.append(shoe.pop(rng.randrange(len(shoe))))
        rng.shuffle(hand)
        if rng.random() < 0.8 and _finishes(hand, tiplu):
            continue              # mostly keep the true near misses
        return hand, tiplu


def _finishes(hand: list[Card], tiplu: Card) -> bool:
    try:
        find_finish(hand, tiplu)
    except Refused:
        return False
    return True


def adversarial_dense(rng: random.Random) -> tuple[list[Card], Card]:
    """22 cards from a band of 4 ranks (runs, trials, tunnelas everywhere),
    a tiplu at or next to the band, at least 3 qualifying melds possible."""
    while True:
        low = rng.randint(1, 10)
        band = [Card(r, s) for r in range(low, low + 4) for s in range(4)] * 3
        hand = rng.sample(band, 22)
        tiplu = Card(min(13, max(1, low + rng.randint(-1, 4))), rng.randrange(4))
        if hand.count(tiplu) <= 2 and max_qualifying(hand) >= 3:
            return hand, tiplu


def time_hand(hand: list[Card], tiplu: Card, cold: bool = False
              ) -> tuple[float, bool]:
    """One call, timed once (no best-of-n: a repeated call would find the
    cross-call caches warm for exactly this hand). With `cold`, those caches
    (`_tables` per tiplu, the per-suit qualifying bound) are emptied first,
    as in a fresh `scorekeeper check finish` process."""
    if cold:
        finish_module._tables.cache_clear()
        for memo in finish_module._SUIT_QUAL.values():
            memo.clear()
            memo[0] = 0
    gc.disable()
    t0 = time.perf_counter()
    try:
        find_finish(hand, tiplu)
        found = True
    except Refused:
        found = False
    elapsed = time.perf_counter() - t0
    gc.enable()
    return elapsed, found


def build_corpus(seed: int, hands: int, adversarial: int
                 ) -> list[tuple[str, list[Card], Card]]:
    rng = random.Random(seed)
    corpus: list[tuple[str, list[Card], Card]] = []
    for _ in range(hands):
        corpus.append(("random", *random_hand(rng)))
    for _ in range(adversarial):
        corpus.append(("many-wildcards", *adversarial_wild(rng)))
    for _ in range(adversarial):
        corpus.append(("almost-fits", *adversarial_almost(rng)))
    for _ in range(adversarial):
        corpus.append(("dense", *adversarial_dense(rng)))
    return corpus


def worst_hand_for_cli(seed: int = 20240, hands: int = 10_000,
                       adversarial: int = 60) -> tuple[str, str]:
    """The slowest corpus hand (cards, tiplu) as command-line text."""
    corpus = build_corpus(seed, hands, adversarial)
    timed = [(time_hand(hand, tiplu)[0], hand, tiplu) for _, hand, tiplu in corpus]
    _, hand, tiplu = max(timed, key=lambda row: row[0])
    return format_cards(hand), str(tiplu)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--adversarial", type=int, default=60)
    ap.add_argument("--seed", type=int, default=20240)
    args = ap.parse_args(argv)
    corpus = build_corpus(args.seed, args.hands, args.adversarial)

    times: list[float] = []
    per_kind: dict[str, list[float]] = {}
    finishes: dict[str, int] = {}
    worst = (0.0, "", [], Card(1, 0))
    for kind, hand, tiplu in corpus:
        t, found = time_hand(hand, tiplu)
        times.append(t)
        per_kind.setdefault(kind, []).append(t)
        finishes[kind] = finishes.get(kind, 0) + found
        if t > worst[0]:
            worst = (t, kind, hand, tiplu)

    def ms(x: float) -> str:
        return f"{x * 1000:.3f} ms"

    times_unsorted = list(times)
    times.sort()
    median = statistics.median(times)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    print(f"hands: {len(times)} ({args.hands} random, {args.adversarial} "
          "each of many-wildcards, almost-fits, dense)")
    for kind, ts in per_kind.items():
        ts.sort()
        print(f"  {kind:15} n={len(ts):5}  finishes={finishes[kind]:4}  "
              f"median {ms(statistics.median(ts))}  worst {ms(ts[-1])}")
    print(f"median {ms(median)}   p99 {ms(p99)}   worst {ms(worst[0])}")
    # The slowest 50 hands again, each with every cross-call cache emptied.
    slowest = sorted(zip(times_unsorted, corpus), key=lambda row: -row[0])[:50]
    cold = max(time_hand(hand, tiplu, cold=True)[0] for _, (_, hand, tiplu) in slowest)
    print(f"cold worst (caches emptied before each of the 50 slowest): {ms(cold)}")
    t, kind, hand, tiplu = worst
    print(f"worst hand ({kind}), tiplu {tiplu}: {format_cards(hand)}")
    print("ready to paste:")
    print(f"  scorekeeper check finish '{suits_as_letters(format_cards(hand))}' "
          f"--tiplu {suits_as_letters(tiplu.text())}")
    ok = max(worst[0], cold) < WORST_LIMIT and median < MEDIAN_LIMIT
    print("OK" if ok else
          f"FAIL: need worst < {ms(WORST_LIMIT)} and median < {ms(MEDIAN_LIMIT)}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
