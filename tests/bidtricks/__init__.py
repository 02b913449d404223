"""A tiny fake game for the tests (not part of scorekeeper): bids and
tricks, no cards. A player who makes their bid scores the bid plus a tenth
for each extra trick (bid 3, took 4: 3.1); one who falls short loses the
bid (-3.0). Points are not transfers, higher is better, kept in tenths:
the shape of Call Break, so that the ledger, standings, history, stats,
settle-up, chart and export are tested with a game like it.

Its `Game` is as small as a game can be. Registered only by the tests that use it (`registry.GAMES`, monkeypatched).
"""
