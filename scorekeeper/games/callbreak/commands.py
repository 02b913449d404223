"""Call Break on the command line, declared as data: the options of a deal
(`--bid`, `--won`: `HAND_FLAGS`, from `flags`) and `check play|deal`.

Each check reads its card text, asks `tricks` for the ruling and returns a
`Verdict`; the shell builds the command, the JSON and the human verdict.
"""

from __future__ import annotations

from scorekeeper.core import cards as cardtext
from scorekeeper.core.language import N_, Said
from scorekeeper.core.plain import PlainMap
from scorekeeper.core.verdict import Verdict
from scorekeeper.games.callbreak import tricks
from scorekeeper.games.callbreak.flags import HAND_FLAGS as HAND_FLAGS
from scorekeeper.games.callbreak.rules import PROFILES as PROFILES
from scorekeeper.games.callbreak.rules import CallBreakRules
from scorekeeper.games.declare import CheckSpec, Flag

COMMON = frozenset({"game", "profile", "settings"})
SEATS = Flag("seats", ("--seats",), int, tricks.PLAYERS,
             N_("The players at the table, 4 or 5 (CB-1): 13 cards each at "
                "four, 10 at five."), "N")


def _trick(text: str | None) -> tuple[cardtext.Card, ...]:
    """The trick so far; none given (or `-`): the card leads."""
    return () if text is None or not text.strip() else cardtext.cards(text)


def _play(rules: CallBreakRules, values: PlainMap) -> Verdict:
    return tricks.check_play(cardtext.card(values["card"]),
                             cardtext.cards(values["hand"]),
                             _trick(values.get("trick")), rules,
                             values.get("seats") or tricks.PLAYERS)


def _deal(rules: CallBreakRules, values: PlainMap) -> Verdict:
    return tricks.check_deal(cardtext.cards(values["cards"]), rules,
                             values.get("seats") or tricks.PLAYERS)


def _legal_lines(ruling: Verdict) -> list[Said]:
    legal = ruling.details.get("legal", ())
    return [Said("  may play: {cards}", cards=tricks.either(legal))] \
        if legal and not ruling.valid else []


CHECKS = (
    CheckSpec(
        "play", N_("May this card be played to the trick?"),
        (Flag("card", argument=True, required=True, metavar="CARD",
              help=N_('The card played, e.g. "A♥".')),
         Flag("hand", ("--hand",), str, None,
              N_("The cards held, the card played among them."), "CARDS",
              required=True),
         Flag("trick", ("--trick",), str, None,
              N_("The trick so far, in the order played ('-' or none: the card "
                 "leads)."), "CARDS"), SEATS),
        _play, N_("legal"), N_("not legal"), COMMON, _legal_lines),
    CheckSpec(
        "deal", N_("May the player dealt these cards (13; 10 at five) demand a "
                   "redeal?"),
        (Flag("cards", argument=True, required=True, metavar="CARDS",
              help=N_('The cards dealt, e.g. "A♥ K♦ …".')), SEATS),
        _deal, N_("redeal"), N_("no redeal"), COMMON),
)
