"""The ledger model: TOML round trip, verify, deal rotation, places, session
length (DH-3, DH-11, DH-12), and shape errors with line numbers."""

from __future__ import annotations

import json
import re
import tomllib

import pytest

from helpers import append, header_text
from scorekeeper.core.cards import cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.core.language import Said
from scorekeeper.core.seating import Shown
from scorekeeper.games.dhumbal.engine import DhumbalHand, resolve
from scorekeeper.games.registry import game
from scorekeeper.games.registry import profile as get_profile
from scorekeeper.ledger.document import parse
from scorekeeper.ledger.tomltext import LedgerError, replace_option, without_last_hand
from scorekeeper.reports.documents import history_json, places, standings_json
from scorekeeper.session.verify import verify

PROFILE = get_profile("dhumbal", "nepali-games")
PLAYERS = ("Asha", "Bikash", "Chandra")


def new_text(players=PLAYERS, first_dealer="Asha", settings=()) -> str:
    rules = PROFILE.parse_settings(list(settings))
    return header_text("dhumbal", PROFILE, rules, players, first_dealer)


def add_hand(text: str, caller: str | None, **shown) -> str:
    """Append one hand the way `record` does: rule on it under the session's
    own rules and dealer, then append its [[hands]] table."""
    session = parse(text, "t.toml")
    index = len(session.hands)
    items = tuple((p, Shown(total=v) if isinstance(v, int) else Shown(cards=cards(v)))
                  for p, v in shown.items())
    inputs = DhumbalHand(session.seats.seated_for(index), session.seats.dealer_for(index),
                         caller, items)
    result = resolve(inputs, session.rules)
    stored = game("dhumbal").to_stored(index + 1, inputs, result,
                                       session.rules)
    return append(text, stored)


def three_hands(first_dealer="Asha") -> str:
    text = new_text(first_dealer=first_dealer)
    text = add_hand(text, "Asha", Asha="A♦ A♣ A♥ 2♦", Bikash="2♠ 3♣", Chandra="9♥")
    text = add_hand(text, "Bikash", Asha="7♠", Bikash="A♠ 2♥", Chandra="K♥ Q♦")
    text = add_hand(text, None, Asha="9♣ 8♦", Bikash="6♠ 6♥ 4♣", Chandra="3♦")
    return text


def hand_header_lines(text: str) -> list[int]:
    return [i for i, line in enumerate(text.splitlines(), start=1)
            if line.strip() == "[[hands]]"]


def tamper(text: str, hand: int, old: str, new: str) -> str:
    """Replace `old` by `new` inside the given [[hands]] table only."""
    parts = re.split(r"(?m)^(?=\[\[hands\]\]$)", text)
    assert old in parts[hand], (old, parts[hand])
    parts[hand] = parts[hand].replace(old, new, 1)
    return "".join(parts)


# -- round trip -----------------------------------------------------------------

def test_dh11_ledger_round_trip_header_and_hands():
    text = three_hands(first_dealer="Bikash")
    session = parse(text, "t.toml")
    assert session.game.name == "dhumbal"
    assert session.profile.name == "nepali-games"
    assert session.players == PLAYERS
    assert session.first_dealer == "Bikash"
    assert session.rules == PROFILE.rules
    assert len(session.hands) == 3
    assert [h.number for h in session.hands] == [1, 2, 3]
    assert session.hands[0].scores == {"Asha": -25, "Bikash": 34, "Chandra": -9}
    assert session.hands[1].scores == {"Asha": -7, "Bikash": 27, "Chandra": -20}
    assert session.hands[2].scores == {"Asha": -17, "Bikash": -16, "Chandra": 33}
    assert session.hands[0].data["cards"] == {"Asha": "A♦ A♣ A♥ 2♦",
                                              "Bikash": "2♠ 3♣", "Chandra": "9♥"}
    assert session.hands[0].data["call"] == "Asha"
    assert session.hands[2].data["show"] is True
    assert session.hands[0].data["caught"] is True
    assert session.totals() == {"Asha": -49, "Bikash": 45, "Chandra": 4}
    assert verify(session) == []


def test_ledger_round_trip_names_that_need_quoting():
    players = ("Āsha Rai", 'Bi"kash', "C.3")
    text = new_text(players=players, first_dealer='Bi"kash')
    text = add_hand(text, "Āsha Rai", **{"Āsha Rai": "A♠", 'Bi"kash': "K♠",
                                         "C.3": "2♥ 3♥"})
    session = parse(text, "t.toml")
    assert session.players == players
    assert session.first_dealer == 'Bi"kash'
    assert session.hands[0].scores == {"Āsha Rai": 15, 'Bi"kash': -10, "C.3": -5}
    assert verify(session) == []


def test_ledger_round_trip_keeps_session_options():
    text = new_text(settings=["hands=7", "penalty=30", "call_limit=none"])
    session = parse(text, "t.toml")
    assert session.rules.hands == 7
    assert session.rules.penalty == 30
    assert session.rules.call_limit is None
    assert session.planned == 7


def test_dh11_unverified_total_round_trips_and_verifies():
    text = add_hand(new_text(), "Asha", Asha="A♠ 2♠", Bikash=17, Chandra="K♣")
    session = parse(text, "t.toml")
    hand = session.hands[0]
    assert hand.data["cards"]["Bikash"] == 17
    assert hand.data["unverified"] == ["Bikash"]
    assert hand.scores == {"Asha": 27, "Bikash": -17, "Chandra": -10}
    assert verify(session) == []


def test_ledger_header_is_readable_toml_with_the_contract_keys():
    text = new_text(first_dealer="Chandra")
    assert re.search(r'(?m)^game = "dhumbal"$', text)
    assert re.search(r'(?m)^profile = "nepali-games"$', text)
    assert re.search(r'(?m)^first_dealer = "Chandra"$', text)
    assert "[options]" in text


# -- verify -----------------------------------------------------------------------

def test_dh11_verify_reports_every_tampered_hand_with_its_line():
    text = three_hands()
    lines = hand_header_lines(text)
    # Hand 1: move 5 from the winner to the caller (still sums to 0).
    bad = tamper(text, 1, "Asha = -25, Bikash = 34", "Asha = -20, Bikash = 29")
    # Hand 3: say Bikash won the show.
    bad = tamper(bad, 3, "Bikash = -16, Chandra = 33", "Bikash = 33, Chandra = -16")
    problems = verify(parse(bad, "t.toml"))
    hands = sorted({p.hand for p in problems})
    assert hands == [1, 3]
    for p in problems:
        assert p.line == lines[p.hand - 1]
        assert p.message.english.startswith(f"hand {p.hand}")


def test_dh11_verify_reports_a_hand_not_summing_to_zero():
    bad = tamper(three_hands(), 2, "Bikash = 27", "Bikash = 28")
    problems = verify(parse(bad, "t.toml"))
    assert {p.hand for p in problems} == {2}
    assert any("sums to 1" in p.message.english and "DH-11" in p.message.english for p in problems)


def test_dh8_verify_reports_a_wrong_winner():
    bad = tamper(three_hands(), 2, 'winner = "Bikash"', 'winner = "Asha"')
    problems = verify(parse(bad, "t.toml"))
    assert [p.hand for p in problems] == [2]
    assert "winner" in problems[0].message.english


def test_dh3_verify_reports_a_wrong_dealer():
    bad = tamper(three_hands(), 2, 'dealer = "Bikash"', 'dealer = "Chandra"')
    problems = verify(parse(bad, "t.toml"))
    assert 2 in {p.hand for p in problems}
    assert any("DH-3" in p.message.english for p in problems)


def test_dh1_verify_reports_a_card_edited_into_two_hands():
    bad = tamper(three_hands(), 1, 'Bikash = "2♠ 3♣"', 'Bikash = "A♦ 3♣"')
    problems = verify(parse(bad, "t.toml"))
    assert {p.hand for p in problems} == {1}
    assert any("A♦" in p.message.english for p in problems)


@pytest.mark.parametrize("key, value, said", [
    ("out", '["Zed"]', "`out` names Zed, not a player"),
    ("out", '["Asha", "Asha"]', "`out` names a player twice"),
    ("unverified", '["Zed"]', "`unverified` names Zed, not a player"),
])
def test_dh1_a_hand_naming_a_stranger_out_or_unverified_is_a_shape_error(
        key, value, said):
    bad = tamper(three_hands(), 2, 'dealer = "Bikash"\n',
                 f'dealer = "Bikash"\n{key} = {value}\n')
    assert any(said in e for e in _error_lines(bad))


def test_dh11_verify_reports_unverified_not_matching_the_agreed_totals():
    bad = tamper(three_hands(), 2, 'dealer = "Bikash"\n',
                 'dealer = "Bikash"\nunverified = ["Asha"]\n')
    problems = verify(parse(bad, "t.toml"))
    assert [p.hand for p in problems] == [2]
    assert "`unverified` as stored names Asha" in problems[0].message.english


def test_dh12_verify_reports_more_hands_played_than_planned():
    text = three_hands().replace("hands = 3", "hands = 1", 1)
    problems = verify(parse(text, "t.toml"))
    assert [(p.hand, p.line) for p in problems] == [(None, None)]
    assert "plans 1 hand" in problems[0].message.english
    assert "but 3 are recorded" in problems[0].message.english
    assert "DH-12" in problems[0].message.english


def test_verify_recomputes_from_cards_when_cards_are_edited():
    # Chandra's cards edited from 20 to 2: the stored result no longer follows.
    bad = tamper(three_hands(), 2, 'Chandra = "K♥ Q♦"', 'Chandra = "2♦"')
    problems = verify(parse(bad, "t.toml"))
    assert {p.hand for p in problems} == {2}


# -- DH-3 deal, DH-12 session -------------------------------------------------------

def test_dh3_deal_passes_left_after_every_hand():
    text = new_text(first_dealer="Bikash", settings=["hands=5"])
    dealers = []
    for _ in range(5):
        session = parse(text, "t.toml")
        dealers.append(session.next_dealer)
        text = add_hand(text, None, Asha="A♠", Bikash="2♠", Chandra="3♠")
    assert dealers == ["Bikash", "Chandra", "Asha", "Bikash", "Chandra"]
    assert [h.dealer for h in parse(text, "t.toml").hands] == dealers


def test_dh3_next_dealer_of_a_new_session_is_the_first_dealer():
    assert parse(new_text(first_dealer="Chandra"), "t.toml").next_dealer == "Chandra"


def test_dh8_tie_break_uses_that_hands_dealer_not_the_first():
    text = new_text(first_dealer="Asha")
    text = add_hand(text, None, Asha="A♠", Bikash="2♠", Chandra="3♠")
    # Hand 2 is dealt by Bikash: play order Chandra, Asha, Bikash. Asha and
    # Bikash tie; Asha comes first from Bikash's left (from Asha's left it
    # would have been Bikash).
    text = add_hand(text, "Chandra", Asha="4♦", Bikash="4♥", Chandra="4♣")
    hand = parse(text, "t.toml").hands[1]
    assert hand.dealer == "Bikash"
    assert hand.data["winner"] == "Asha"


def test_dh12_session_complete_after_3_hands_and_no_next_dealer():
    session = parse(three_hands(), "t.toml")
    data = standings_json(session)
    assert data["hands_played"] == 3
    assert data["hands_planned"] == 3
    assert data["complete"] is True
    assert data["next_dealer"] is None


def test_dh12_fourth_hand_refused_with_how_to_extend():
    session = parse(three_hands(), "t.toml")
    with pytest.raises(Refused) as info:
        session.check_open()
    assert info.value.exit_code == 1
    assert info.value.rule == "DH-12"
    assert "extend" in info.value.message.english
    assert "--hands" in info.value.message.english


def test_dh12_session_open_before_3_hands():
    text = add_hand(new_text(), None, Asha="A♠", Bikash="2♠", Chandra="3♠")
    session = parse(text, "t.toml")
    session.check_open()
    assert session.complete is False
    assert session.next_dealer == "Bikash"


def test_dh12_extend_by_replacing_the_hands_option():
    text = replace_option(three_hands(), "hands", 4)
    session = parse(text, "t.toml")
    assert session.planned == 4 and not session.complete
    session.check_open()
    assert session.next_dealer == "Asha"   # hand 3 was dealt by Chandra
    assert verify(session) == []


def test_dh12_places_share_equal_totals_1_1_3():
    text = new_text()
    # Hand 1: Asha 1 calls; Bikash 5, Chandra 10 → Asha +15.
    text = add_hand(text, "Asha", Asha="A♠", Bikash="5♠", Chandra="10♠")
    # Hand 2: Bikash 1 calls; Asha 5, Chandra 10 → Bikash +15.
    text = add_hand(text, "Bikash", Asha="5♥", Bikash="A♥", Chandra="10♥")
    session = parse(text, "t.toml")
    assert session.totals() == {"Asha": 10, "Bikash": 10, "Chandra": -20}
    assert places(session) == {"Asha": 1, "Bikash": 1, "Chandra": 3}


def test_dh12_highest_total_takes_first_place():
    session = parse(three_hands(), "t.toml")
    assert places(session) == {"Bikash": 1, "Chandra": 2, "Asha": 3}


def test_dh12_everyone_shares_first_place_at_the_start():
    assert places(parse(new_text(), "t.toml")) == {p: 1 for p in PLAYERS}


def test_standings_json_has_the_contract_keys():
    data = standings_json(parse(three_hands(), "t.toml"))
    assert {"totals", "places", "hands_played", "hands_planned", "complete",
            "next_dealer"} <= set(data)
    assert data["totals"] == {"Asha": -49, "Bikash": 45, "Chandra": 4}


def test_history_json_has_running_totals():
    rows = history_json(parse(three_hands(), "t.toml"))["hands"]
    assert [r["hand"] for r in rows] == [1, 2, 3]
    assert rows[0]["totals"] == {"Asha": -25, "Bikash": 34, "Chandra": -9}
    assert rows[1]["totals"] == {"Asha": -32, "Bikash": 61, "Chandra": -29}
    assert rows[2]["totals"] == {"Asha": -49, "Bikash": 45, "Chandra": 4}
    assert rows[1]["net"] == {"Asha": -7, "Bikash": 27, "Chandra": -20}


def test_undo_without_last_hand_gives_back_the_previous_ledger():
    text = three_hands()
    head = without_last_hand(text)
    session = parse(head, "t.toml")
    assert len(session.hands) == 2
    assert "show = true" not in head
    assert text.startswith(head.rstrip("\n"))
    assert verify(session) == []
    assert without_last_hand(new_text()) is None


def test_undo_after_one_hand_gives_back_the_header_byte_for_byte():
    header = new_text()
    assert without_last_hand(add_hand(header, "Asha", Asha="A♠", Bikash="2♠",
                                      Chandra="3♠")) == header


# -- shape errors (exit 2, FILE:LINE) --------------------------------------------------

def _error_lines(text: str) -> list[str]:
    with pytest.raises(LedgerError) as info:
        parse(text, "t.toml")
    assert info.value.exit_code == 2
    return info.value.lines()


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1)
                if needle in line)


def test_ledger_invalid_toml_reports_the_right_line():
    text = three_hands()
    lines = text.splitlines()
    target = _line_of(text, 'dealer = "Bikash"')
    lines[target - 1] = 'dealer = "Bikash'
    errors = _error_lines("\n".join(lines) + "\n")
    assert errors[0].startswith(f"t.toml:{target}: ")


def test_ledger_invalid_toml_in_the_header_reports_the_right_line():
    text = new_text().replace("penalty = 25", "penalty 25")
    errors = _error_lines(text)
    assert errors[0].startswith(f"t.toml:{_line_of(text, 'penalty 25')}: ")


def test_ledger_truncated_file_still_reports_a_line():
    # A half-written ledger (e.g. cut in the middle of the players list) ends
    # the TOML early: the error must still read FILE:LINE: message.
    text = new_text()
    cut = text[: text.index('"Bikash"')]
    errors = _error_lines(cut)
    assert re.match(r"t\.toml:\d+: ", errors[0]), errors


def test_ledger_players_not_a_list_is_reported_at_its_line():
    text = new_text()
    start = _line_of(text, "players = [")
    lines = text.splitlines()
    end = next(i for i in range(start - 1, len(lines)) if lines[i].strip() == "]")
    lines[start - 1:end + 1] = ['players = "Asha, Bikash, Chandra"']
    bad = "\n".join(lines) + "\n"
    errors = _error_lines(bad)
    assert errors[0].startswith(f"t.toml:{start}: ")
    assert "players" in errors[0]


def test_ledger_unknown_option_is_reported_at_its_line():
    text = new_text().replace("penalty = 25", "penalty = 25\ndouble_down = true")
    errors = _error_lines(text)
    assert errors[0].startswith(f"t.toml:{_line_of(text, 'double_down')}: ")
    assert "double_down" in errors[0]


def test_ledger_unknown_top_level_key_is_reported():
    text = new_text().replace("format = 1", "format = 1\ncolour = \"red\"")
    errors = _error_lines(text)
    assert errors[0].startswith(f"t.toml:{_line_of(text, 'colour')}: ")


@pytest.mark.parametrize("value", ["45.0", '"45"', "true", "[45]"])
def test_ledger_net_must_be_whole_numbers(value):
    text = three_hands()
    bad = tamper(text, 2, "Bikash = 27", f"Bikash = {value}")
    errors = _error_lines(bad)
    line = hand_header_lines(bad)[1]
    assert any(e.startswith(f"t.toml:{line}: hand 2") and "net" in e for e in errors)


def test_ledger_missing_dealer_is_reported_at_the_hand_line():
    text = three_hands()
    bad = tamper(text, 3, 'dealer = "Chandra"\n', "")
    errors = _error_lines(bad)
    line = hand_header_lines(bad)[2]
    assert any(e.startswith(f"t.toml:{line}: ") and "dealer" in e for e in errors)


def test_ledger_reports_every_malformed_hand_not_just_the_first():
    text = three_hands()
    bad = tamper(text, 1, 'dealer = "Asha"\n', "")
    bad = tamper(bad, 3, "Chandra = 33", 'Chandra = "x"')
    errors = _error_lines(bad)
    lines = hand_header_lines(bad)
    assert any(e.startswith(f"t.toml:{lines[0]}: ") for e in errors)
    assert any(e.startswith(f"t.toml:{lines[2]}: ") for e in errors)


def test_ledger_first_dealer_must_be_a_player():
    text = new_text().replace('first_dealer = "Asha"', 'first_dealer = "Zara"')
    errors = _error_lines(text)
    assert errors[0].startswith(f"t.toml:{_line_of(text, 'first_dealer')}: ")


def test_ledger_missing_first_dealer_is_reported():
    text = new_text().replace('first_dealer = "Asha"\n', "")
    errors = _error_lines(text)
    assert "first_dealer" in errors[0]


@pytest.mark.parametrize("players", [["Asha"], ["A", "B", "C", "D", "E", "F", "G"],
                                     ["Asha", "asha"]])
def test_dh1_ledger_with_an_impossible_table_is_refused(players):
    text = header_text("dhumbal", PROFILE, PROFILE.rules, ("X", "Y"), "X")
    text = text.replace('players = [\n    "X",\n    "Y",\n]',
                        "players = [" + ", ".join(f'"{p}"' for p in players) + "]")
    text = text.replace('first_dealer = "X"', f'first_dealer = "{players[0]}"')
    with pytest.raises(Impossible):
        parse(text, "t.toml")


def test_ledger_not_a_scorekeeper_file_is_refused():
    errors = _error_lines('title = "TOML Example"\n')
    assert errors[0].startswith("t.toml")


def test_dh11_standings_flag_a_hand_that_does_not_sum_to_zero(cli, ledger):
    assert cli("record", ledger, "--call", "Asha", "--hand", "Asha=A♠",
               "--hand", "Bikash=K♠", "--hand", "Chandra=Q♠").exit_code == 0
    text = ledger.read_text(encoding="utf-8")
    ledger.write_text(text.replace("Asha = 20", "Asha = 21"), encoding="utf-8")
    data = json.loads(cli("standings", ledger, "--json").stdout)
    assert data["unbalanced_hands"] == [1]
    human = cli("standings", ledger, env={"COLUMNS": "200"})
    assert "does not sum to 0" in human.stdout and "verify" in human.stdout


@pytest.mark.parametrize("value", ["true", "false", "17.5", "17.0", '["A♠", 3]', "{ a = 1 }"])
def test_dh11_an_agreed_total_is_a_whole_number_not_a_bool_or_float(value):
    # an agreed total (or a Marriage player's agreed maal) sits in `cards`
    # beside the card lists: true is no number and 17.0 no whole number
    text = add_hand(new_text(), "Asha", Asha="A♠ 2♠", Bikash=17, Chandra="K♣")
    bad = tamper(text, 1, "Bikash = 17,", f"Bikash = {value},")
    line = hand_header_lines(bad)[0]
    assert _error_lines(bad) == [
        f"t.toml:{line}: hand 1: `cards` values must be card lists or numbers"]


def test_dh11_a_list_of_card_texts_is_of_the_shape_a_hand_table_holds():
    # a value of `cards` (or Marriage's `tunnelas`) may be a list of card
    # texts: the shape check lets it through, the replay decides on it
    text = add_hand(new_text(), "Asha", Asha="A♠ 2♠", Bikash=17, Chandra="K♣")
    listed = tamper(text, 1, "Bikash = 17,", 'Bikash = ["K♠", "Q♠"],')
    session = parse(listed, "t.toml")
    assert session.hands[0].data["cards"]["Bikash"] == ["K♠", "Q♠"]
    assert _error_lines(listed.replace('Bikash = ["K♠", "Q♠"]', 'Bikash = [true]')) \
        == [f"t.toml:{hand_header_lines(listed)[0]}: hand 1: `cards` values must be "
            "card lists or numbers"]


def test_dh11_an_agreed_total_beyond_64_bits_is_reported():
    text = add_hand(new_text(), "Asha", Asha="A♠ 2♠", Bikash=17, Chandra="K♣")
    line = hand_header_lines(text)[0]
    assert _error_lines(tamper(text, 1, "Bikash = 17,", f"Bikash = {2 ** 63},")) == [
        f"t.toml:{line}: hand 1: `cards` holds a number beyond the 64-bit whole "
        "numbers TOML holds"]
    assert _error_lines(tamper(text, 1, "Bikash = -17,", f"Bikash = {-2 ** 63 - 1},")) \
        == [f"t.toml:{line}: hand 1: `net.Bikash` is beyond the 64-bit whole "
            "numbers TOML holds"]


def _messages(text: str) -> list[str]:
    """What a ledger's reading or verifying says, without the `FILE:LINE: `."""
    try:
        session = parse(text, "t.toml")
    except LedgerError as err:
        return [re.sub(r"^t\.toml(:\d+)?: ", "", line) for line in err.lines()]
    return [p.message for p in verify(session)]


_HEAD_CASES = [
    ("format = 1", "format = 2", ["ledger format 2: this scorekeeper reads format 1"]),
    ('game = "dhumbal"\n', "", ["missing `game` or `profile` (strings): is this a "
                                "scorekeeper ledger?"]),
    ('profile = "nepali-games"', 'profile = 3',
     ["missing `game` or `profile` (strings): is this a scorekeeper ledger?"]),
    ("[options]\n", "options = 3\n[x]\n", ["unknown top-level key `x`",
                                           "`options` must be a table"]),
    ("format = 1", "format = 1\nx = 1.5", ["`x` is a float (1.5), which no ledger holds"]),
    ("format = 1", "format = 1\nx = [[[[[[[[1]]]]]]]]", ["`x[0][0][0][0][0][0][0]` is "
                                                         "nested too deeply"]),
    # six deep is as deep as a ledger goes: only the unknown key is wrong
    ("format = 1", "format = 1\nx = [[[[[[1]]]]]]", ["unknown top-level key `x`"]),
    ("first_dealer", "xfirst_dealer",
     ["unknown top-level key `xfirst_dealer`"]),
]


@pytest.mark.parametrize("old, new, said", _HEAD_CASES)
def test_dh11_a_ledger_header_out_of_shape_says_what_is_wrong(old, new, said):
    text = new_text()
    assert old in text
    assert _messages(text.replace(old, new, 1)) == said


_HAND_CASES = [
    (1, 'dealer = "Asha"', 'dealer = "Asha"\ncolour = 1',
     ["hand 1: unknown key `colour` (a Dhumbal hand holds call, cards, caught, dealer, "
      "dealer_corrected, hand, net, note, out, recorded, reset, rules, show, unverified, "
      "winner)"]),
    # when a hand was recorded, and its note (issue 38, item 3): as `record` writes them
    (1, 'dealer = "Asha"', 'dealer = "Asha"\nrecorded = "2026-12-05T21:40:05+05:45"\n'
     'note = "redeal, नमस्ते 👨‍👩‍👧"', []),
    (1, 'dealer = "Asha"', 'dealer = "Asha"\nrecorded = 2026-12-05',
     ["hand 1: `recorded` must be a time with its UTC offset, not "
      "datetime.date(2026, 12, 5)"]),
    (1, 'dealer = "Asha"', 'dealer = "Asha"\nrecorded = "2026-12-05T21:40:05"',
     ["hand 1: `recorded` must be a time with its UTC offset, such as "
      "2026-12-05T21:40:05+05:45, not '2026-12-05T21:40:05'"]),
    (1, 'dealer = "Asha"', 'dealer = "Asha"\nrecorded = "last night"',
     ["hand 1: `recorded` must be a time with its UTC offset, such as "
      "2026-12-05T21:40:05+05:45, not 'last night'"]),
    (1, 'dealer = "Asha"', 'dealer = "Asha"\nnote = 3', ["hand 1: `note` must be text, not 3"]),
    (1, 'dealer = "Asha"', 'dealer = "Asha"\nnote = ""',
     ["hand 1: `note`: a note is 1 to 80 characters, not 0"]),
    (1, 'dealer = "Asha"', 'dealer = "Asha"\nnote = "' + "x" * 80 + '"', []),
    (1, 'dealer = "Asha"', 'dealer = "Asha"\nnote = "' + "x" * 81 + '"',
     ["hand 1: `note`: a note is 1 to 80 characters, not 81"]),
    (1, 'dealer = "Asha"', 'dealer = "Asha"\nnote = "two\\nlines"',
     ["hand 1: `note`: a note is one line of text, without control or invisible "
      "characters such as \\n"]),
    (2, "hand = 2", "hand = 5", ["hand 2: `hand = 2` expected (hands are numbered in "
                                 "order), found 5"]),
    (2, "hand = 2", "hand = true", ["hand 2: `hand = 2` expected (hands are numbered in "
                                    "order), found True"]),
    (1, 'dealer = "Asha"', "dealer = 3", ["hand 1: `dealer` must be a name, not 3"]),
    (1, 'dealer = "Asha"', 'dealer = "Zara"', ["hand 1: dealer 'Zara' is not a player"]),
    (1, "net = { Asha = -25, Bikash = 34, Chandra = -9 }", "net = {}",
     ["hand 1: `net` must be a table NAME = integer"]),
    (1, "Chandra = -9 }", "Chandra = -9, Zara = 0 }", ["hand 1: `net.Zara`: not a player"]),
    (1, "rules = [", "rules = [1, ", ["hand 1: `rules` must be a list of rule ids"]),
    (1, "net = { Asha = -25, Bikash = 34, Chandra = -9 }\n", "", ["hand 1: missing `net`"]),
    (1, 'dealer = "Asha"', 'dealer = "Asha"\nout = ["Zara", "Zara"]',
     ["hand 1: `out` names Zara, not a player", "hand 1: `out` names a player twice"]),
    (1, 'dealer = "Asha"', 'dealer = "Asha"\nunverified = ["Asha", "Asha"]',
     ["hand 1: `unverified` names a player twice"]),
    (1, 'dealer = "Asha"', 'dealer = "Asha"\ndealer_corrected = 1',
     ["hand 1: `dealer_corrected` must be true or false, not 1"]),
    (2, 'dealer = "Bikash"', 'dealer = "Chandra"',
     ["hand 2: dealer Chandra but the deal passes to Bikash (DH-3)",
      "hand 3: dealer Chandra but the deal passes to Asha (DH-3)"]),
    (1, "Chandra = -9 }", "Chandra = -8 }",
     ["hand 1: net sums to 1, not 0 (DH-11)",
      "hand 1: `net` as stored disagrees with the rules: Chandra -8 → -9"]),
]


@pytest.mark.parametrize("hand, old, new, said", _HAND_CASES)
def test_dh11_a_stored_hand_out_of_shape_or_disagreeing_says_what_is_wrong(
        hand, old, new, said):
    assert _messages(tamper(three_hands(), hand, old, new)) == said


_VERIFY_CASES = [
    (1, 'dealer = "Asha"', 'dealer = "Asha"\nout = ["Chandra"]',
     ["hand 1: Chandra has a score but sits this hand out (`out`, DH-1)"]),
    (1, "net = { Asha = -25, Bikash = 34, Chandra = -9 }", "net = { Asha = -25, Bikash = 25 }",
     ["hand 1: Chandra plays this hand but has no score (DH-1)",
      "hand 1: its inputs cannot be replayed: a hand is given, but Chandra does not play "
      "this hand (sitting out or eliminated; playing: Asha, Bikash) (DH-1)"]),
    # a dealer recorded as a correction is accepted; the next hand's is not
    (2, 'dealer = "Bikash"', 'dealer = "Chandra"\ndealer_corrected = true',
     ["hand 3: dealer Chandra but the deal passes to Asha (DH-3)"]),
    (2, 'dealer = "Bikash"', 'dealer = "Chandra"\ndealer_corrected = true\nout = ["Chandra"]',
     ["hand 2: Chandra has a score but sits this hand out (`out`, DH-1)",
      "hand 2: dealer Chandra was not dealt in (DH-3)",
      "hand 3: dealer Chandra but the deal passes to Asha (DH-3)"]),
    (1, 'dealer = "Asha"', 'dealer = "Asha"\nunverified = ["Bikash"]',
     ["hand 1: `unverified` as stored names Bikash, but the hands given as agreed totals "
      "are none"]),
    (1, 'Chandra = "9♥"', 'Chandra = "9x"',
     ["hand 1: its inputs cannot be replayed: Chandra's hand: cannot read the card '9x': "
      "write a suit s h d c (or ♠ ♥ ♦ ♣) followed by its ranks A 2 … 9 T (or 10) J Q K, "
      "e.g. 's345h666', 'dAc3'"]),
    (1, 'Asha = "A♦ A♣ A♥ 2♦"', 'Asha = "K♦ K♣"',
     ["hand 1: its inputs are ruled against: a hand worth 20 may not call: the call limit "
      "is 5 (DH-4)"]),
]


@pytest.mark.parametrize("hand, old, new, said", _VERIFY_CASES)
def test_dh1_dh3_verify_says_who_sat_who_dealt_and_what_replays(hand, old, new, said):
    assert _messages(tamper(three_hands(), hand, old, new)) == said


_CALLS = {"Asha": 3, "Bikash": 2, "Chandra": 4, "Dipak": 2}
_WAITING_CASES = [
    # CB-18: the last deal may wait for its tricks, holding its number, its
    # dealer (corrected or not), its note and the calls given before play
    ({"dealer_corrected": False, "note": "redeal"}, []),
    ({"hand": 5}, ["hand 1: `hand = 1` expected (hands are numbered in order), found 5"]),
    ({"dealer": None}, ["hand 1: missing `dealer`"]),
    ({"dealer": "Zara"}, ["hand 1: dealer 'Zara' is not a player"]),
    ({"dealer": 3}, ["hand 1: `dealer` must be a name, not 3",
                     "hand 1: dealer 3 is not a player"]),
    ({"note": ""}, ["hand 1: `note`: a note is 1 to 80 characters, not 0"]),
]


@pytest.mark.parametrize("changed, said", _WAITING_CASES)
def test_cb18_a_deal_waiting_for_its_tricks_out_of_shape_says_what_is_wrong(changed, said):
    callbreak = get_profile("callbreak", "classic")
    players = tuple(_CALLS)
    stored = {"hand": 1, "dealer": "Asha", "calls": _CALLS, **changed}
    text = append(header_text("callbreak", callbreak, callbreak.rules, players, "Asha"),
                  {k: v for k, v in stored.items() if v is not None})
    assert _messages(text) == said


def test_cb18_verify_names_the_waiting_deal_at_its_line_after_the_hands_before_it():
    callbreak = get_profile("callbreak", "classic")
    text = header_text("callbreak", callbreak, callbreak.rules, tuple(_CALLS), "Asha")
    # CB-10's deal, Asha's points stored as 3.0 instead of 3.1
    text = append(text, {"hand": 1, "dealer": "Asha", "calls": _CALLS,
                         "tricks": {"Asha": 4, "Bikash": 2, "Chandra": 5, "Dipak": 2},
                         "winner": "Chandra", "rules": ["CB-9", "CB-10"],
                         "points": {"Asha": 30, "Bikash": 20, "Chandra": 41, "Dipak": 20}})
    text = append(text, {"hand": 2, "dealer": "Chandra", "calls": _CALLS})
    first, waiting = hand_header_lines(text)
    assert verify(parse(text, "t.toml")) == [
        (1, first, "hand 1: `points` as stored disagrees with the rules: Asha 3.0 → 3.1"),
        (2, waiting, "hand 2: stored dealer 'Chandra' but the session gives 'Bikash'")]


def test_dh12_verify_says_when_more_hands_are_recorded_than_planned():
    assert _messages(three_hands().replace("hands = 3", "hands = 2")) == [
        "the session plans 2 hands ([options] hands) but 3 are recorded: raise it with "
        "`scorekeeper extend t.toml --hands N` (DH-12)"]
    session = parse(three_hands().replace("hands = 3", "hands = 2"), "t.toml")
    problem = verify(session)[0]
    assert (problem.hand, problem.line) == (None, None)
    assert problem.as_json() == {"hand": None, "line": None, "message": problem.message}


# -- every problem's words and line (what mutation testing asks of them) --------

def _with_header_line(line: str) -> str:
    """The header with one more top-level line, after `format = 1` (line 3)."""
    return new_text().replace("format = 1\n", f"format = 1\n{line}\n", 1)


@pytest.mark.parametrize("line, said", [
    # at most 20 problems of a header's values are listed, not one per value
    ("x = [" + ", ".join(["1.5"] * 25) + "]",
     [f"t.toml:3: `x[{i}]` is a float (1.5), which no ledger holds" for i in range(20)]),
    # six deep is as deep as a ledger goes: there, a float is a float
    ("x = [[[[[[1.5]]]]]]", ["t.toml:3: `x[0][0][0][0][0][0]` is a float (1.5), which "
                             "no ledger holds"]),
    ("x = { a = 1.5 }", ["t.toml:3: `x.a` is a float (1.5), which no ledger holds"]),
    ('"" = { a = 1.5 }', ["t.toml:3: `a` is a float (1.5), which no ledger holds"]),
    # tables count as deep as arrays do
    ("x = { a = { b = { c = { d = { e = { f = { g = 1 } } } } } } }",
     ["t.toml:3: `x.a.b.c.d.e.f.g` is nested too deeply"]),
    ("x = 9223372036854775808",
     ["t.toml:3: `x` is beyond the 64-bit whole numbers TOML holds"]),
    ("x = -9223372036854775809",
     ["t.toml:3: `x` is beyond the 64-bit whole numbers TOML holds"]),
])
def test_dh11_a_header_value_no_ledger_holds_is_named_at_its_line(line, said):
    assert _error_lines(_with_header_line(line)) == said


@pytest.mark.parametrize("line", ["x = 9223372036854775807", "x = -9223372036854775808",
                                  "x = { a = { b = { c = { d = { e = { f = 1 } } } } } }"])
def test_dh11_the_64_bit_ends_and_six_tables_deep_are_values_a_ledger_holds(line):
    # only the key itself is unknown
    assert _error_lines(_with_header_line(line)) == ["t.toml:3: unknown top-level key `x`"]


def test_dh11_a_table_after_the_hands_is_walked_too():
    text = three_hands() + "\n[zz]\na = 1.5\n"
    assert _error_lines(text) == ["t.toml: `zz.a` is a float (1.5), which no ledger holds"]


def test_ledger_an_unknown_game_or_profile_is_named_at_its_own_line():
    text = new_text()
    assert _error_lines(text.replace('profile = "nepali-games"', 'profile = "nope"')) == [
        "t.toml:4: unknown profile 'nope' for dhumbal; profiles: nepali-games, "
        "cardrulesplus, yaniv"]
    assert _error_lines(text.replace('game = "dhumbal"', 'game = "chess"')) == [
        "t.toml:3: unknown game 'chess'; games: dhumbal, marriage, callbreak, kitti"]


def test_ledger_the_profile_named_is_the_profile_read():
    crp = get_profile("dhumbal", "cardrulesplus")
    session = parse(header_text("dhumbal", crp, crp.rules, PLAYERS, "Asha"), "t.toml")
    assert session.profile.name == "cardrulesplus"
    assert session.rules == crp.rules


def test_ledger_without_format_or_options_reads_as_format_1_with_the_profiles_rules():
    text = new_text()
    assert parse(text.replace("format = 1\n", ""), "t.toml").rules == PROFILE.rules
    assert parse(text.split("[options]")[0], "t.toml").rules == PROFILE.rules


def test_ledger_header_problems_are_named_at_their_lines():
    text = new_text()
    assert _error_lines(text.replace("format = 1", "format = 2")) == [
        "t.toml:2: ledger format 2: this scorekeeper reads format 1"]
    head = text.split("[options]")[0]
    assert _error_lines(head.replace("format = 1", "format = 1\noptions = 3")) == [
        "t.toml:3: `options` must be a table"]
    colour = text.replace("penalty = 25", "penalty = 25\ncolour = 1")
    assert _error_lines(colour) == [
        f"t.toml:{_line_of(colour, 'colour')}: unknown option `colour` for nepali-games "
        "(options: call_limit, penalty, ties, caught_pays, hands, turn_cap)"]
    # a value the profile refuses is named at the [options] table
    assert _error_lines(text.replace("penalty = 25", 'penalty = "x"')) == [
        f"t.toml:{_line_of(text, '[options]')}: session options: option penalty takes a "
        "whole number (at most 6 digits), not 'x'"]
    assert _error_lines(text.replace("    1,\n", "").replace('"Asha",', "1,")) == [
        "t.toml:5: `players` must be a list of names"]
    assert _error_lines(text.replace('    "Asha",', '    "Asha",\n    "asha",')) == [
        "t.toml:5: player names must be distinct: Asha, asha, Bikash, Chandra"]


def test_ledger_a_money_table_is_read_and_checked_at_its_line():
    text = new_text()
    assert parse(text + '\n[money]\nrate = "10"\n', "t.toml").money == {"rate": "10"}
    # the money table's problem at its own line, beside the header's other ones
    bad = text.replace("format = 1", 'format = 1\ncolour = "red"') + '\n[money]\nrate = "lots"\n'
    assert _error_lines(bad) == [
        "t.toml:3: unknown top-level key `colour`",
        f"t.toml:{_line_of(bad, '[money]')}: `money.rate`: a rate is money per point, a "
        "positive number such as 10 or 2.5, not 'lots'"]


def test_ledger_hands_that_are_not_tables_are_named_at_their_line():
    assert _error_lines(_with_header_line("hands = [1, 2]")) == [
        "t.toml:3: `hands` must be [[hands]] tables"]


def test_ledger_hands_written_inline_have_no_line_of_their_own():
    hand = '{ hand = 1, dealer = "Zara", cards = { Asha = "A♠" }, net = { Asha = 0 } }'
    assert _error_lines(_with_header_line(f"hands = [{hand}]")) == [
        "t.toml: hand 1: dealer 'Zara' is not a player"]


def test_dh11_a_hand_out_of_shape_read_from_a_document_alone_has_no_line():
    from scorekeeper.ledger.document import from_document
    from scorekeeper.ledger.tomltext import load_toml
    text = three_hands()
    session = from_document(load_toml(text, "t.toml"), "t.toml")
    assert [h.line for h in session.hands] == [None, None, None]
    assert session.document["first_dealer"] == "Asha"
    bad = tamper(text, 2, 'dealer = "Bikash"', 'dealer = "Zara"')
    with pytest.raises(LedgerError) as info:
        from_document(load_toml(bad, "t.toml"), "t.toml")
    assert info.value.lines() == ["t.toml: hand 2: dealer 'Zara' is not a player"]


def test_dh11_a_document_read_back_as_meant_is_not_checked_key_by_key_again():
    """`from_document(checked=True)`: what a write just parsed back to
    exactly the document it meant (a document its own hands made)."""
    from scorekeeper.ledger.document import from_document
    from scorekeeper.ledger.tomltext import line_index, load_toml
    text = three_hands()
    session = from_document(load_toml(text, "t.toml"), "t.toml", line_index(text),
                            checked=True)
    assert session.label == "t.toml"
    assert [h.line for h in session.hands] == hand_header_lines(text)
    assert session.document["first_dealer"] == "Asha"
    assert session.hands[1].scores == {"Asha": -7, "Bikash": 27, "Chandra": -20}
    odd = tamper(text, 1, "hand = 1", "hand = 1\ncolour = 1")
    assert from_document(load_toml(odd, "t.toml"), "t.toml", line_index(odd),
                         checked=True).hands[0].data["colour"] == 1
    assert _error_lines(odd)[0].startswith(f"t.toml:{hand_header_lines(odd)[0]}: hand 1: "
                                           "unknown key `colour`")


def test_dh11_a_score_of_tenths_must_be_a_whole_number_of_tenths():
    callbreak = get_profile("callbreak", "classic")
    text = append(header_text("callbreak", callbreak, callbreak.rules, ("A", "B", "C", "D"), "A"),
                  {"hand": 1, "dealer": "A", "calls": {"A": 3, "B": 2, "C": 4, "D": 4},
                   "tricks": {"A": 4, "B": 2, "C": 3, "D": 4},
                   "points": {"A": 31, "B": 20, "C": -40, "D": 40}})
    assert _messages(text.replace("A = 31", "A = 3.1")) == [
        "hand 1: `points.A` must be a whole number (of 1/10 points: 3.1 is stored as 31), "
        "not 3.1"]


def test_dh1_every_stranger_named_in_out_is_listed():
    assert _messages(tamper(three_hands(), 1, 'dealer = "Asha"',
                            'dealer = "Asha"\nout = ["Zara", "Yuki"]')) == [
        "hand 1: `out` names Zara, Yuki, not a player"]


def test_dh11_unverified_names_every_player_on_both_sides():
    text = three_hands()
    assert _messages(tamper(text, 1, 'dealer = "Asha"',
                            'dealer = "Asha"\nunverified = ["Asha", "Chandra"]')) == [
        "hand 1: `unverified` as stored names Asha, Chandra, but the hands given as "
        "agreed totals are none"]
    agreed = add_hand(new_text(), "Asha", Asha="A♠ 2♠", Bikash=17, Chandra=10)
    assert _messages(tamper(agreed, 1, 'unverified = ["Bikash", "Chandra"]\n', "")) == [
        "hand 1: `unverified` as stored names nobody, but the hands given as agreed "
        "totals are Bikash, Chandra"]


def test_dh1_every_seating_problem_of_a_hand_is_said_in_one_line():
    text = tamper(three_hands(), 1, 'dealer = "Asha"', 'dealer = "Asha"\nout = ["Chandra"]')
    said = _messages(text.replace("Bikash = 34, ", ""))
    assert said[0] == ("hand 1: Chandra has a score but sits this hand out (`out`, DH-1); "
                       "Bikash plays this hand but has no score (DH-1)")


def _eliminated_ledger() -> str:
    """cardrulesplus out at 10 points: Bikash's 20 in hand 1 put him out."""
    crp = get_profile("dhumbal", "cardrulesplus")
    text = header_text("dhumbal", crp, crp.parse_settings(["eliminate_at=10"]), PLAYERS,
                       "Asha")
    text = add_hand(text, "Asha", Asha="A♠", Bikash="K♠ K♥", Chandra="2♣")
    return add_hand(text, "Asha", Asha="A♦", Chandra="3♣")


def test_dc9_an_eliminated_player_with_a_score_is_named_with_the_rule():
    text = _eliminated_ledger()
    assert _messages(text) == []
    assert _messages(tamper(text, 2, "Chandra = 3 }", "Chandra = 3, Bikash = 0 }"))[0] == \
        "hand 2: Bikash has a score but was eliminated before this hand (DC-9)"


def test_dh3_the_deal_skips_a_player_sitting_out():
    text = add_hand(new_text(), "Asha", Asha="A♠", Bikash="K♠", Chandra="Q♠")
    session = parse(text, "t.toml")
    inputs = DhumbalHand(session.seats.seated_for(1, ["Bikash"]),
                         session.seats.dealer_for(1, ["Bikash"]), "Asha",
                         (("Asha", Shown(cards=cards("A♦"))),
                          ("Chandra", Shown(cards=cards("K♦")))))
    stored = game("dhumbal").to_stored(2, inputs, resolve(inputs, session.rules),
                                       session.rules)
    text = append(text, {**stored, "out": ["Bikash"]})
    assert 'dealer = "Chandra"' in text.split("[[hands]]")[2]
    assert _messages(text) == []
    assert _messages(tamper(text, 2, 'dealer = "Chandra"', 'dealer = "Asha"')) == [
        "hand 2: dealer Asha but the deal passes to Chandra (DH-3)"]


def test_dh11_a_score_of_whole_points_must_be_a_whole_number_said_plainly():
    bad = tamper(three_hands(), 2, "Bikash = 27", "Bikash = 27.0")
    assert _messages(bad) == ["hand 2: `net.Bikash` must be a whole number, not 27.0"]


def test_dc9_a_player_eliminated_later_is_not_said_to_be_out_before_it():
    # hand 1 lacks Chandra's score; Bikash, out only after hand 1, played it
    text = tamper(_eliminated_ledger(), 1, ", Chandra = 2 }", " }")
    assert _messages(text)[0] == "hand 1: Chandra plays this hand but has no score (DC-1)"


# -- the record of payments (`paid`, settle-up --paid), each field checked alone --------

PAID = {"at": 'at = "2026-01-01T00:00:00Z"', "hands": "hands = 1",
        "sessions": 'sessions = ["t.toml"]', "unit": 'unit = "points"',
        "transfers": 'transfers = [{from = "Bikash", to = "Asha", amount = 5}]'}


def _paid_problems(**fields: str | None) -> list[str]:
    text = add_hand(new_text(), "Asha", Asha="A♦", Bikash="2♠ 3♣", Chandra="9♥")
    lines = [line for key, line in {**PAID, **fields}.items() if line is not None]
    session = parse(text + "\n[[paid]]\n" + "\n".join(lines) + "\n", "t.toml")
    return [p.message for p in verify(session)]


@pytest.mark.parametrize("field, wrong", [
    ("at", "at = 1"), ("unit", "unit = 1"), ("sessions", 'sessions = "t.toml"'),
    ("hands", 'hands = "1"'), ("transfers", "transfers = 3"), ("transfers", "transfers = [3]"),
    ("unit", None),
])
def test_dh11_a_paid_record_with_one_field_missing_or_of_another_type_is_named(field, wrong):
    assert _paid_problems() == []
    assert _paid_problems(**{field: wrong}) == [
        "`paid[0]` must hold at, hands, sessions, transfers and unit, each of its type "
        "(DH-11)"]


def test_dh11_paid_that_is_not_a_list_of_tables_is_named():
    text = new_text().replace("[options]", "paid = [1]\n\n[options]")
    assert [p.message for p in verify(parse(text, "t.toml"))] == [
        "`paid` must be a list of tables (DH-11)"]


# -- the ledger's seats (`join`, `leave`: DH-13), each condition alone ------------------

@pytest.mark.parametrize("entry", [
    '{hand = 1, leave = "Asha", after = "Bikash"}', '{hand = 0, join = "Dipesh"}',
    '{hand = "1", join = "Dipesh"}', "{hand = 1}", '{hand = 1, join = "D", leave = "Asha"}',
    "{hand = 1, join = 3}", '{hand = 1, join = "D", after = 3}',
    '{hand = 1, join = "D", who = 3}', '{join = "D"}',
])
def test_dh13_a_seats_entry_not_of_its_shape_is_named_with_its_line(entry):
    text = new_text().replace("[options]", f"seats = [{entry}]\n\n[options]")
    with pytest.raises(LedgerError) as err:
        parse(text, "t.toml")
    shown = repr(tomllib.loads(f"v = {entry}")["v"])
    assert err.value.problems == ((12, (
        "`seats[0]` must be {hand = N, join = NAME} (with `after = NAME` if given) or "
        f"{{hand = N, leave = NAME}}, not {shown}")),)


def test_dh13_a_seats_entry_of_its_shape_is_read():
    text = new_text().replace(
        "[options]", 'seats = [{hand = 1, join = "Dipesh", after = "Asha"}]\n\n[options]')
    change = parse(text, "t.toml").changes[0]
    assert (change.hand, change.name, change.join, change.after) == (1, "Dipesh", True, "Asha")


# -- the header's own refusals, word for word (DH-11, DH-12, DH-13) ---------------------

@pytest.mark.parametrize("value", ["3", "[1]", '["Asha"]'])
def test_dh13_seats_that_are_not_a_list_of_tables_are_named(value):
    # the tables' braces said once, not doubled as in a template with values
    text = new_text().replace("[options]", f"seats = {value}\n\n[options]")
    assert _messages(text) == [
        "`seats` must be a list of tables {hand = N, join = NAME} or {hand = N, leave = NAME}"]


def test_dh13_with_seats_refused_the_hands_are_not_read_against_them():
    # who plays is not known, so a hand's names are not checked (nor listed)
    text = tamper(three_hands(), 1, "Chandra = -9 }", "Chandra = -9, Zed = 0 }")
    assert _messages(text) == ["hand 1: `net.Zed`: not a player"]
    seats = 'seats = [{hand = 1, join = "Dipesh", after = "Zed"}]\n\n[options]'
    assert _messages(text.replace("[options]", seats)) == [
        "`seats`: Dipesh joins after Zed, who is not seated then (DH-13)"]


def test_dh11_a_first_dealer_who_is_no_player_is_named_as_written():
    text = new_text().replace('first_dealer = "Asha"', 'first_dealer = "Zed"')
    assert _messages(text) == ["`first_dealer` must be one of the players, not 'Zed'"]


def test_dh11_an_undone_hand_that_is_not_text_is_named_with_its_line():
    text = new_text().replace("[options]", "undone = 3\n\n[options]")
    with pytest.raises(LedgerError) as err:
        parse(text, "t.toml")
    assert err.value.lines() == [
        "t.toml:12: `undone` must be text: the [[hands]] table `undo` removed, kept for `redo`"]


def test_dh12_verify_says_one_hand_planned_in_the_singular():
    assert _messages(three_hands().replace("hands = 3", "hands = 1")) == [
        "the session plans 1 hand ([options] hands) but 3 are recorded: raise it with "
        "`scorekeeper extend t.toml --hands N` (DH-12)"]


def test_dh11_a_replay_refusal_is_cited_once_and_kept_translatable():
    # `verify`'s "its inputs …: {reason}": the refusal's message and rule,
    # a `Said` where they are the message and its rule in brackets
    reason = Refused(Said("a hand worth {n} may not call", n=20), "DH-4").cited()
    assert (reason, reason.template) == ("a hand worth 20 may not call (DH-4)",
                                          "{message} ({rule})")
    merged = Refused(Said("no call (DH-1)"), "DH-4").cited()
    assert merged == "no call (DH-1, DH-4)"
    bare = Said("cannot read the card {card}", card="'9x'")
    assert Impossible(bare).cited() is bare
    cited = Said("no call (DH-4)")
    assert Refused(cited, "DH-4").cited() is cited
