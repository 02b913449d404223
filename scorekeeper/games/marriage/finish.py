"""Finishing a hand of Marriage (MA-10): 7 melds, or 8 dublees.

How the meld search avoids exponential blow-up
----------------------------------------------
A naive search tries every way to cut 21 cards into 7 melds of 3 (about
3.6·10^10 splits when the cards are distinct) and, with 22 cards, repeats it
for each of the 22 possible discards. This search never enumerates splits.
It works on a *count vector* — how many copies of each of the 52 card kinds
remain, packed 2 bits per kind into one integer — so a state is a single
hashable number and equal cards are never told apart.

1. **Stand-ins are anonymous.** A wildcard either stands as itself in a
   natural meld or stands in for a missing card, and then *which* wildcard
   it is does not matter. So wildcards go to a *pool* (just a count) and
   every natural card ends in one *group*: a natural triple (pure sequence,
   tunnela, trial), a compatible pair (+1 stand-in) or a single (+2). A
   wildcard standing as itself in a trial or a pair is the same as that
   wildcard in the pool, so only qualifying triples (which need it natural)
   keep a wildcard as itself. Counting cards shows that the pool suffices
   exactly when, with n cards, g groups and d natural cards left out,
   3·g + d ≤ n (and d ≤ the leftovers allowed: 1 for 22 cards). The
   *slack* n − 3·g − d is the only budget the search tracks; what remains
   of the pool makes melds of three wildcards, and a spare wildcard is the
   discard.

2. **Canonical branching.** The search always branches on the lowest
   remaining card kind (ranks first, so a meld's other cards lie close
   behind it), and only on groups that contain it: each arrangement is
   produced once, never in the 7! orders of its melds. Leaving a card out
   is tried before making it a single, and a single is tried only when no
   leftover is allowed any more — a leftover (1 slack) always does at least
   as well as a single (3 slack).

3. **Memoised failures.** A state (remaining counts, qualifying melds still
   needed, leftovers still allowed) remembers the largest slack with which
   it already failed; reaching it again by another path with no more slack
   stops at once. Equal cards make many paths meet.

4. **Bounds before branching.** A state is dropped when (a) its non-wild
   cards exceed its slack (each costs at least 1); (b) a cost bound, from
   presence bits rank by rank, says the cards that can be in no all-natural
   triple (1.5 slack each at best) or have no non-wild partner at all (3
   each) cannot be paid for; (c) an exact upper bound on the disjoint pure
   sequences and tunnelas still available — per suit, since both stay in
   one suit, cached per suit pattern — is below the qualifying melds still
   needed. Bound (c) on the whole hand refuses most random hands before any
   search ("only 2 qualifying melds can be formed").

5. **One search for 22 cards.** The discard is a move of the search (at
   most one natural card; a spare wildcard is left in the pool
   automatically), so the 22 candidate discards share one memo instead of
   running 22 independent searches, and identical candidates are never
   tried twice.

The wording of a refusal re-runs the same search, sharing its memo, with
more leftovers allowed (3 melds, 4, … up to the first count that fails) and
with no qualifying meld required; that part has a fixed step allowance, and
when it runs out the refusal says "the closest found" instead of "the
best". The verdict itself never uses an allowance.

Dublees (MA-9) need no search: a kind held 2 or 3 times gives one dublee.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations
from typing import Any, NamedTuple, Sequence

from scorekeeper.core.cards import JOKER, Card, format_cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.language import Said
from scorekeeper.games.marriage.melds import Meld, classify_meld, natural_kind
from scorekeeper.games.marriage.rules import DEFAULT_RULES, FinishKind, MarriageRules
from scorekeeper.games.marriage.wildcards import Wildcards

FINISH_MELDS = 7
FINISH_QUALIFYING = 3
FINISH_DUBLEES = 8
EXPLAIN_STEPS = 600        # search steps allowed for the wording of a refusal

# A search move: the kinds of a group (a natural triple, a pair or a
# single: which of them is read off its size, and _build classifies the
# meld again), ("X", kind) a card left out, ("W", kind, count) copies of a
# wildcard joining the pool.
Move = tuple[Any, ...]
# Failed states: (counts, qualifying still needed, leftovers allowed) →
# the largest slack with which the state already failed.
Memo = dict[tuple[int, int, int], int]


class Finish(NamedTuple):
    by: FinishKind
    melds: tuple[Meld, ...]
    dublees: tuple[tuple[Card, Card], ...]
    leftovers: tuple[Card, ...]
    discard: Card | None

    @property
    def qualifying(self) -> int:
        return sum(1 for m in self.melds if m.qualifying)

    def arrangement(self) -> list[list[Card]]:
        """7 lists of 3 cards, or the 8 dublees followed by the leftovers."""
        if self.by == FinishKind.MELDS:
            return [list(m.cards) for m in self.melds]
        return [list(d) for d in self.dublees] + [list(self.leftovers)]

    def shown(self) -> tuple[Card, ...]:
        """The 21 cards shown (everything but the discard)."""
        out: list[Card] = []
        for group in self.arrangement():
            out.extend(group)
        return tuple(out)


# -- encoding ---------------------------------------------------------------
# A card kind k is numbered rank-major, k = 4·(rank − 1) + suit, so that the
# cards a meld touches besides its lowest one are close behind it (same rank,
# or the next two ranks); only Q K A reaches far (and only with the ace
# high, MA-24). Counts are packed 2 bits per
# kind. A second, suit-major packing of the same counts feeds the per-suit
# qualifying bound.

def _idx(c: Card) -> int:
    return (c.rank - 1) * 4 + c.suit


def _card(k: int) -> Card:
    return Card(k // 4 + 1, k % 4)


_RU = tuple(1 << (2 * k) for k in range(52))                       # rank-major
_SU = tuple(1 << (2 * ((k % 4) * 13 + k // 4)) for k in range(52))  # suit-major
_SUIT_MASK = (1 << 26) - 1
_EVEN = sum(_RU)                                 # bit 2k: "kind k" (count bit 0)
_RANK_LOW = sum(1 << (8 * r) for r in range(13))  # first bit of each rank
_ACES = _RU[0] | _RU[1] | _RU[2] | _RU[3]


class _Tables(NamedTuple):
    """Moves available from each card kind when it is the lowest remaining."""
    wild: tuple[bool, ...]
    # runs with this kind lowest: (delta, sdelta, shift1, shift2, nonwild, kinds)
    runs: tuple[tuple[tuple[int, int, int, int, int, tuple[int, ...]], ...], ...]
    # natural trials of non-wild cards: (delta, sdelta, shift1, shift2, kinds)
    trials: tuple[tuple[tuple[int, int, int, int, tuple[int, ...]], ...], ...]
    # compatible non-wild partners: (delta, sdelta, shift, partner)
    pairs: tuple[tuple[tuple[int, int, int, int], ...], ...]
    # bit 2k set for every non-wild kind k
    nonwild_mask: int
    ace_high: bool           # Q K A is a sequence (MA-24)


@lru_cache(maxsize=64)
def _tables(tiplu: Card | None, ace_high: bool = True) -> _Tables:
    wc = Wildcards.from_tiplu(tiplu) if tiplu is not None else None
    wild = tuple(wc is not None and wc.is_wild(_card(k)) for k in range(52))
    runs, trials, pairs = [], [], []
    for k in range(52):
        r, suit = divmod(k, 4)               # r = rank − 1
        seqs = []
        if r <= 10:
            seqs.append((k, k + 4, k + 8))
        if r == 0 and ace_high:               # Q K A: the ace is the lowest kind
            seqs.append((k, k + 44, k + 48))
        runs.append(tuple(
            (_RU[a] + _RU[b] + _RU[c], _SU[a] + _SU[b] + _SU[c], 2 * b, 2 * c,
             sum(1 for x in (a, b, c) if not wild[x]), (a, b, c))
            for a, b, c in seqs))
        t: list[tuple[int, int, int, int, tuple[int, ...]]] = []
        p: list[tuple[int, int, int, int]] = []
        if not wild[k]:
            others = [k + d for d in range(1, 4 - suit) if not wild[k + d]]
            for i, b in enumerate(others):
                for c in others[i + 1:]:
                    t.append((_RU[k] + _RU[b] + _RU[c], _SU[k] + _SU[b] + _SU[c],
                              2 * b, 2 * c, (k, b, c)))
            partners = list(others)
            if r <= 11:
                partners.append(k + 4)
            if r <= 10:
                partners.append(k + 8)
            if r == 0 and ace_high:
                partners += [k + 44, k + 48]
            for j in partners:
                if not wild[j]:
                    p.append((_RU[k] + _RU[j], _SU[k] + _SU[j], 2 * j, j))
        trials.append(tuple(t))
        pairs.append(tuple(p))
    nonwild_mask = sum(_RU[k] for k in range(52) if not wild[k])
    return _Tables(wild, tuple(runs), tuple(trials), tuple(pairs), nonwild_mask,
                   ace_high)


# -- the qualifying bound: max disjoint pure sequences + tunnelas -------------

# one memo per reading of the ace (MA-24): high too, or low only
_SUIT_QUAL: dict[bool, dict[int, int]] = {True: {0: 0}, False: {0: 0}}


def _suit_qual(code: int, ace_high: bool) -> int:
    """Max number of disjoint qualifying melds in one suit (13 2-bit counts)."""
    memo = _SUIT_QUAL[ace_high]
    value = memo.get(code)
    if value is not None:
        return value
    sh = ((code & -code).bit_length() - 1) & ~1   # 2 bits per rank
    low = 1 << sh
    r = sh >> 1
    c = (code >> sh) & 3
    best = _suit_qual(code - low, ace_high)   # this copy joins no such meld
    if c >= 3:
        best = max(best, 1 + _suit_qual(code - 3 * low, ace_high))
    if r <= 10 and (code >> (sh + 2)) & 3 and (code >> (sh + 4)) & 3:
        best = max(best, 1 + _suit_qual(code - 21 * low, ace_high))     # 1 + 4 + 16
    if r == 0 and ace_high and (code >> 22) & 3 and (code >> 24) & 3:
        best = max(best, 1 + _suit_qual(code - low - (1 << 22) - (1 << 24), ace_high))
    if len(memo) > 500_000:
        memo.clear()
        memo[0] = 0
    memo[code] = best
    return best


def _qual_bound(skey: int, ace_high: bool) -> int:
    return (_suit_qual(skey & _SUIT_MASK, ace_high)
            + _suit_qual((skey >> 26) & _SUIT_MASK, ace_high)
            + _suit_qual((skey >> 52) & _SUIT_MASK, ace_high)
            + _suit_qual((skey >> 78) & _SUIT_MASK, ace_high))


def max_qualifying(cards: Sequence[Card], ace_high: bool = True) -> int:
    """How many disjoint pure sequences and tunnelas these cards can give
    (Q K A among them only when `ace_high`, MA-24)."""
    skey = 0
    for c in cards:
        skey += _SU[_idx(c)]
    return _qual_bound(skey, ace_high)


# -- the search -------------------------------------------------------------

def _encode(cs: Sequence[Card], tables: _Tables) -> tuple[int, int, int]:
    """The packed counts of the cards. A printed joker (MA-18) is no kind:
    it only ever stands in, so it is counted in n, never encoded — the
    search treats it as a card of the wildcards' pool."""
    key = skey = nonwild = 0
    for c in cs:
        if c.is_joker:
            continue
        k = _idx(c)
        key += _RU[k]
        skey += _SU[k]
        if not tables.wild[k]:
            nonwild += 1
    return key, skey, nonwild


class _OutOfBudget(Exception):
    """The search was stopped after its allowance of steps."""


def _search(enc: tuple[int, int, int], tables: _Tables, n: int, melds: int,
            qualifying: int, fail: Memo | None = None,
            budget: list[int] | None = None) -> list[Move] | None:
    """Moves of an arrangement of `melds` melds (≥ `qualifying` qualifying)
    from the n encoded cards, leaving n − 3·melds cards out; None if none.

    `fail` may be shared between searches on the same cards and tiplu: its
    states are keyed by the leftovers still allowed, not by the target.
    `budget` ([steps left]) stops the search with `_OutOfBudget`; the
    verdict of a finish never uses one, only the wording of a refusal.
    """
    leftovers = n - 3 * melds
    if leftovers < 0:
        return None
    if fail is None:
        fail = {}
    wild = tables.wild
    runs = tables.runs
    trials = tables.trials
    pairs = tables.pairs
    high = tables.ace_high
    sq = _SUIT_QUAL[high]
    suit_qual = _suit_qual
    mask = _SUIT_MASK
    ru = _RU
    su = _SU
    nonwild_mask = tables.nonwild_mask
    rank_low = _RANK_LOW
    aces = _ACES if high else 0         # no Q K A: an ace's only run is A 2 3
    path: list[Move] = []

    steps = budget if budget is not None else [1 << 62]

    def dfs(key: int, skey: int, q: int, d: int, slack: int, nw: int) -> bool:
        steps[0] -= 1
        if steps[0] < 0:
            raise _OutOfBudget
        if key == 0:
            return q == 0 and slack >= 0
        if nw > slack:
            return False
        free = leftovers - d
        mk = (key, q, free)
        if slack <= fail.get(mk, -1):
            return False
        spare = slack - nw
        if 2 * spare < nw - free:
            # Cost bound: a non-wild card outside an all-natural triple
            # costs at least 1.5 slack (pair + stand-in), one with no
            # non-wild partner at all costs 3 (single + 2 stand-ins), unless
            # it is left out (1). Computed on presence bits, rank by rank.
            pn = (key | (key >> 1)) & nonwild_mask
            s4 = ((pn & rank_low) + ((pn >> 2) & rank_low)
                  + ((pn >> 4) & rank_low) + ((pn >> 6) & rank_low))
            st = pn & (pn >> 8) & (pn >> 16)
            qka = pn & (pn >> 88) & (pn >> 96) & aces
            cap = ((((s4 >> 1) & s4) | (s4 >> 2)) & rank_low) * 0x55 \
                | st | (st << 8) | (st << 16) | qka | (qka << 88) \
                | (qka << 96) | (key & (key >> 1))
            xm = pn & ~cap
            if xm:
                ace = pn & aces
                part = ((((s4 >> 1) | (s4 >> 2)) & rank_low) * 0x55) \
                    | (pn << 8) | (pn >> 8) | (pn << 16) | (pn >> 16) \
                    | (((pn >> 88) | (pn >> 96)) & aces) | (ace << 88) \
                    | (ace << 96)
                ym = xm & ~part
                x = (key & xm).bit_count() + 2 * ((key >> 1) & xm).bit_count()
                y = (key & ym).bit_count() + 2 * ((key >> 1) & ym).bit_count()
                if y >= free:
                    extra = 2 * (y - free) + (x - y + 1) // 2
                else:
                    extra = max(0, x - free + 1) // 2
                if extra > spare:
                    fail[mk] = slack
                    return False
        if q:
            ub = 0
            for sh in (0, 26, 52, 78):
                code = (skey >> sh) & mask
                v = sq.get(code)
                ub += suit_qual(code, high) if v is None else v
            if ub < q:
                fail[mk] = slack
                return False
        sh = ((key & -key).bit_length() - 1) & ~1     # 2 bits per kind
        k = sh >> 1
        c = (key >> sh) & 3
        low = ru[k]
        slow = su[k]
        q1 = q - 1 if q else 0
        s3 = slack - 3
        # Qualifying triples first (a tunnela, then pure sequences), for a
        # wildcard kind standing as itself as much as for a natural one.
        own = 0 if wild[k] else 3           # non-wild cards the tunnela uses
        if c >= 3 and dfs(key - 3 * low, skey - 3 * slow, q1, d, s3, nw - own):
            path.append((k, k, k))
            return True
        for delta, sdelta, sh1, sh2, nwr, kinds in runs[k]:
            if (key >> sh1) & 3 and (key >> sh2) & 3 and \
                    dfs(key - delta, skey - sdelta, q1, d, s3, nw - nwr):
                path.append(kinds)
                return True
        if wild[k]:
            # Otherwise every copy of this wildcard joins the pool.
            if dfs(key - c * low, skey - c * slow, q, d, slack, nw):
                path.append(("W", k, c))
                return True
        else:
            for delta, sdelta, sh1, sh2, kinds in trials[k]:
                if (key >> sh1) & 3 and (key >> sh2) & 3 and \
                        dfs(key - delta, skey - sdelta, q, d, s3, nw - 3):
                    path.append(kinds)
                    return True
            # Alone: left out while leftovers remain (that dominates a
            # single, which costs 3 slack instead of 1), else a single.
            if d < leftovers:
                if dfs(key - low, skey - slow, q, d + 1, slack - 1, nw - 1):
                    path.append(("X", k))
                    return True
            for delta, sdelta, sh1, j in pairs[k]:
                if (key >> sh1) & 3 and \
                        dfs(key - delta, skey - sdelta, q, d, s3, nw - 2):
                    path.append((k, j))
                    return True
            if d >= leftovers and \
                    dfs(key - low, skey - slow, q, d, s3, nw - 1):
                path.append((k,))
                return True
        fail[mk] = slack
        return False

    key, skey, nonwild = enc
    if dfs(key, skey, qualifying, 0, n, nonwild):
        path.reverse()
        return path
    return None


def _pool_order(card: Card, wc: Wildcards | None) -> int:
    """Wildcards least worth keeping first (they become leftovers)."""
    if wc is None:
        return 0
    if card.is_joker:
        return 1
    if wc.is_ordinary_wild(card):
        return 0
    if card == wc.tiplu:
        return 2
    return 1


def _display(kinds: Sequence[int]) -> list[Card]:
    cs = [_card(i) for i in kinds]
    if len({c.suit for c in cs}) == 1 and {c.rank for c in cs} >= {1, 13}:
        cs.sort(key=lambda c: 14 if c.rank == 1 else c.rank)   # Q K A
    else:
        cs.sort(key=lambda c: (c.rank, c.suit))
    return cs


def _build(path: list[Move], tiplu: Card | None, n: int, melds: int,
           rules: MarriageRules, jokers: int
           ) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """Turn search moves into melds (best first) and the cards left out.

    The search only counts stand-ins; here they get faces. The spare
    wildcards (leftovers) are the ones worth least maal; a pair or single
    takes the wildcards that make it natural if any do. A meld made only of
    wildcards from the pool is never natural: the search tries a wildcard
    standing as itself in a tunnela or pure sequence (10♣ J♣ Q♣) before it
    pools that wildcard, and an arrangement with such a meld in the pool
    would do as well with it as a triple of its own, so it is found so.
    """
    wc = Wildcards.from_tiplu(tiplu) if tiplu is not None else None
    pool: list[Card] = [JOKER] * jokers     # never encoded: always stand-ins
    groups: list[list[Card]] = []
    left: list[Card] = []
    for move in path:
        if move[0] == "W":
            pool.extend([_card(move[1])] * move[2])
        elif move[0] == "X":
            left.append(_card(move[1]))
        else:
            groups.append(_display(move))
    built = [g for g in groups if len(g) == 3]
    partial = [g for g in groups if len(g) < 3]
    # stand-ins left once pairs and singles are served make melds of three
    # wildcards (exactly melds − groups of them when no leftover is allowed)
    free_pool = len(pool) - sum(3 - len(g) for g in partial)
    pool_melds = free_pool // 3
    spare = free_pool - 3 * pool_melds
    pool.sort(key=lambda c: (_pool_order(c, wc), c))   # least valuable first
    left.extend(pool[:spare])
    pool = pool[spare:]
    for _ in range(pool_melds):
        built.append(pool[:3])
        del pool[:3]
    for g in sorted(partial, key=len, reverse=True):
        need = 3 - len(g)
        faces = sorted(set(pool), key=lambda c: (_pool_order(c, wc), c))
        pick = None
        for combo in combinations(faces + faces, need):
            if all(combo.count(c) <= pool.count(c) for c in combo) and \
                    natural_kind(g + list(combo), rules.ace_high) is not None:
                pick = list(combo)
                break
        if pick is None:
            pick = pool[:need]
        for c in pick:
            pool.remove(c)
        built.append(g + pick)
    assert not pool
    out = [classify_meld(g, tiplu, rules) for g in built]
    out.sort(key=lambda m: m.kind.rank)
    assert len(out) >= melds and len(left) == n - 3 * len(out)
    return tuple(out), tuple(sorted(left))


# -- public API -------------------------------------------------------------

def arrange(cards: Sequence[Card], tiplu: Card | None, melds: int = 7,
            qualifying: int = 3, rules: MarriageRules = DEFAULT_RULES
            ) -> tuple[Meld, ...] | None:
    """Cut exactly 3·melds cards into `melds` melds (MA-4) of which at least
    `qualifying` are pure sequences or tunnelas (MA-5); None if impossible."""
    cs = tuple(cards)
    if len(cs) != 3 * melds:
        raise Impossible(Said("{count} cards cannot make exactly {melds} melds "
                              "of 3", count=len(cs), melds=melds),
                         rules.rule("finish"))
    rules.check_shoe(cs)
    jokers = cs.count(JOKER)
    if jokers and tiplu is None:
        return None               # nothing is wild before the tiplu is seen
    tables = _tables(tiplu, rules.ace_high)
    enc = _encode(cs, tables)
    if qualifying and _qual_bound(enc[1], rules.ace_high) < qualifying:
        return None
    path = _search(enc, tables, len(cs), melds, qualifying)
    if path is None:
        return None
    return _build(path, tiplu, len(cs), melds, rules, jokers)[0]


def exposed_melds(groups: Sequence[Sequence[Card]], tiplu: Card | None,
                  rules: MarriageRules = DEFAULT_RULES) -> tuple[Meld, ...]:
    """The melds a player exposed to see the tiplu (MA-5), each checked: 3
    cards, a pure sequence or a tunnela; at most 3 of them. Refused (MA-5)
    when one does not qualify, `Impossible` for a wrong count."""
    qualify_rule = rules.rule("qualify")
    if len(groups) > FINISH_QUALIFYING:
        raise Impossible(Said("{count} exposed melds: a player exposes "
                              "{most} melds to see the tiplu", count=len(groups),
                              most=FINISH_QUALIFYING), qualify_rule)
    out = []
    for group in groups:
        meld = classify_meld(group, tiplu, rules)
        if not meld.qualifying:
            raise Refused(Said("the exposed meld {cards} is a {kind}: only a "
                               "pure sequence or a tunnela qualifies ({rule})",
                               cards=meld.text(), kind=meld.kind.said,
                               rule=qualify_rule), qualify_rule)
        out.append(meld)
    return tuple(out)


def _without(cards: Sequence[Card], melds: Sequence[Meld], rule: str
             ) -> tuple[Card, ...]:
    """The cards once the exposed melds are taken out; refused (exit 2)
    when the exposed cards are not all among them."""
    rest = Counter(cards)
    for meld in melds:
        for c in meld.cards:
            if not rest[c]:
                raise Impossible(Said("the exposed meld {cards} is not among "
                                      "the finisher's cards (no {card} left "
                                      "for it)", cards=meld.text(), card=str(c)),
                                 rule)
            rest[c] -= 1
    out: list[Card] = []
    for c in cards:
        if rest[c]:
            out.append(c)
            rest[c] -= 1
    return tuple(out)


def find_finish(cards: Sequence[Card], tiplu: Card,
                by: FinishKind = FinishKind.MELDS,
                rules: MarriageRules = DEFAULT_RULES,
                exposed: Sequence[Sequence[Card]] = ()) -> Finish:
    """Arrange 21 cards (or 22: then also pick the discard) as a finish.

    `exposed`: the melds the finisher exposed to see the tiplu (MA-5); they
    are among the cards and stay exactly as given, and the search arranges
    only the other cards into the remaining melds.

    Raises `Refused(explanation)` citing MA-10 when no finish exists and
    `Impossible` for a wrong number of cards.
    """
    cs = tuple(cards)
    finish_rule = rules.rule("finish")
    if len(cs) not in (21, 22):
        raise Impossible(Said("a finish shows 21 cards (22 before the discard), "
                              "not {count}", count=len(cs)), finish_rule)
    rules.check_shoe(cs, tiplu=tiplu)
    if by == FinishKind.DUBLEES:
        if exposed:
            raise Impossible(Said("exposed melds go with a finish by melds: a "
                                  "finish by dublees saw the tiplu through 7 "
                                  "dublees ({rule})", rule=rules.rule("dublee")),
                             finish_rule)
        return _find_dublees(cs, tiplu, rules)
    kept = exposed_melds(exposed, tiplu, rules)
    rest = _without(cs, kept, finish_rule)
    melds, qualifying = FINISH_MELDS - len(kept), FINISH_QUALIFYING - len(kept)
    tables = _tables(tiplu, rules.ace_high)
    enc = _encode(rest, tables)
    n = len(rest)
    bound = _qual_bound(enc[1], rules.ace_high)
    memo: Memo = {}
    path = _search(enc, tables, n, melds, qualifying, memo) \
        if bound >= qualifying else None
    if path is None:
        reason = _too_few_qualifying(bound, qualifying, bool(kept), rules) \
            if bound < qualifying else \
            _explain(enc, tables, tiplu, n, memo, rules, melds, qualifying,
                     rest.count(JOKER))
        raise Refused(_with_kept(kept, _low_only(reason, enc, tiplu, n, melds,
                                                 qualifying, rules), rules),
                      finish_rule)
    built, left = _build(path, tiplu, n, melds, rules, rest.count(JOKER))
    return Finish(FinishKind.MELDS, kept + built, (), (),
                  left[0] if left else None)


def _too_few_qualifying(bound: int, qualifying: int, kept: bool,
                        rules: MarriageRules) -> Said:
    """Why the qualifying bound refuses: only `bound` of the `qualifying`
    melds still needed (`kept`: after the exposed ones) can be formed."""
    values = {"bound": bound, "need": qualifying, "rule": rules.rule("qualify")}
    if kept:
        return Said.ngettext("only {bound} qualifying meld can be formed (need "
                            "{need} more natural pure sequences or tunnelas, "
                            "{rule})",
                            "only {bound} qualifying melds can be formed (need {need} "
                            "more natural pure sequences or tunnelas, {rule})",
                            count=bound, **values)
    return Said.ngettext("only {bound} qualifying meld can be formed (need "
                        "{need} natural pure sequences or tunnelas, {rule})",
                        "only {bound} qualifying melds can be formed (need {need} "
                        "natural pure sequences or tunnelas, {rule})", count=bound, **values)


def _low_only(reason: Said, enc: tuple[int, int, int], tiplu: Card, n: int,
              melds: int, qualifying: int, rules: MarriageRules) -> Said:
    """`reason`, and — where the house plays the ace low only and the
    cards would finish with it high too (Q K A) — that this is why (MA-24)."""
    if rules.ace_high or _qual_bound(enc[1], True) < qualifying or \
            _search(enc, _tables(tiplu, True), n, melds, qualifying) is None:
        return reason
    return Said("{reason}; with the ace high too (Q K A) they would finish, "
                "but the ace is low only (ace_high = false, {rule})",
                reason=reason, rule=rules.rule("ace"))


def _with_kept(kept: Sequence[Meld], reason: Said, rules: MarriageRules) -> Said:
    """`reason`, after what the exposed melds leave to the search."""
    if not kept:
        return reason
    return Said("with the exposed {melds} kept as exposed ({rule}), the other "
                "cards must make {count} melds: {reason}",
                melds=" | ".join(m.text() for m in kept), rule=rules.rule("qualify"),
                count=FINISH_MELDS - len(kept), reason=reason)


def _explain(enc: tuple[int, int, int], tables: _Tables, tiplu: Card,
             n: int, memo: Memo, rules: MarriageRules, melds: int,
             qualifying: int, jokers: int) -> Said:
    # Climb from the fewest melds that hold the qualifying ones (always
    # possible: the qualifying bound is enough) and stop at the first count
    # that fails: successes are quick, so only one search has to be
    # exhaustive. The climb has a step allowance; when it runs out the
    # refusal says "the closest found" instead of "the best".
    budget = [EXPLAIN_STEPS]
    start = max(qualifying, 1)
    best, path, proven = 0, None, True
    for m in range(start, melds):
        try:
            found = _search(enc, tables, n, m, qualifying, memo, budget)
        except _OutOfBudget:
            proven = False
            break
        if found is None:
            break
        best, path = m, found
    if path is None:                  # out of steps, or not even one meld
        # (start < melds: find_finish leaves at least 4 melds to make)
        path = _search(enc, tables, n, start, qualifying)
        best = start
    if path is None:
        text = Said("no arrangement places every card: not even one meld can "
                    "be formed") if n % 3 == 0 else \
            Said("no discard lets the other {others} cards all fit: not even "
                 "one meld can be formed", others=n - 1)
    else:
        built, left = _build(path, tiplu, n, best, rules, jokers)
        best = len(built)
        text = _best_found(n, qualifying, proven, best, format_cards(left))
    try:
        if qualifying and budget[0] > 0 and \
                _search(enc, tables, n, melds, 0, memo, budget) is not None:
            text = Said("{reason}; {melds} melds can be formed only with fewer "
                        "than {qualifying} qualifying ones ({rule})",
                        reason=text, melds=melds, qualifying=qualifying,
                        rule=rules.rule("qualify"))
    except _OutOfBudget:
        pass
    return text


def _best_found(n: int, qualifying: int, proven: bool, best: int,
                left: str) -> Said:
    """How close the best (or the closest found) arrangement came. `n` is
    21 or 22 cards less the exposed melds': a multiple of 3, or one more
    (then one of the cards left would be the discard)."""
    if proven:
        found = Said.ngettext("the best uses {best} meld and leaves {left}",
                             "the best uses {best} melds and leaves {left}",
                             count=best, best=best, left=left)
    else:
        found = Said.ngettext("the closest found uses {best} meld and leaves {left}",
                             "the closest found uses {best} melds and leaves {left}",
                             count=best, best=best, left=left)
    if qualifying:
        found = Said("with {qualifying} qualifying melds {found}",
                     qualifying=qualifying, found=found)
    if n % 3 == 0:
        return Said("no arrangement places every card: {found}", found=found)
    return Said("no discard lets the other {others} cards all fit: {found} (one "
                "of them would be the discard)", others=n - 1, found=found)


def _find_dublees(cs: tuple[Card, ...], tiplu: Card,
                  rules: MarriageRules) -> Finish:
    # Two identical wildcards make a dublee: both stand as themselves, so
    # the pair is natural and has no stand-in (MA-9 only forbids stand-ins).
    counts = Counter(cs)
    # a JK is never natural, so never half of a dublee (MA-18)
    pairs = [c for c in sorted(counts) if not c.is_joker
             for _ in range(counts[c] // 2)]
    if len(pairs) < FINISH_DUBLEES:
        raise Refused(Said.ngettext("only {count} dublee among these cards (need {need}, "
                                   "{rule})",
                                   "only {count} dublees among these cards (need {need}, "
                                   "{rule})", count=len(pairs), need=FINISH_DUBLEES,
                                   rule=rules.rule("dublee")), rules.rule("finish"))
    chosen = pairs[:FINISH_DUBLEES]
    rest = list(cs)
    for c in chosen:
        rest.remove(c)
        rest.remove(c)
    rest.sort()
    discard = None
    if len(cs) == 22:
        wc = Wildcards.from_tiplu(tiplu)
        # throw the least useful card: a natural one, else an ordinary wildcard
        discard = max(rest, key=lambda c: (not wc.is_wild(c), -_pool_order(c, wc), c))
        rest.remove(discard)
    return Finish(FinishKind.DUBLEES, (), tuple((c, c) for c in chosen),
                  tuple(rest), discard)


__all__ = ["Finish", "find_finish", "arrange", "max_qualifying",
           "exposed_melds"]
