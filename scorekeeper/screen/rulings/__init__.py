"""A game's own table of a ruling, one module a game, named as the game:
`ruling(con, result, hand_number, dealer)` (`screen.views.ruling_table`
finds it by the game's name; a game without one is shown each player's
score)."""
