"""Exposed melds (MA-5, MA-10): the melds a finisher exposed to see the
tiplu stay exactly as exposed; the finish search arranges only the other
cards. Core, `check finish --exposed`, and `record` → ledger → `verify`."""

from __future__ import annotations

import json
import tomllib

import pytest

from scorekeeper.core.cards import card, cards
from scorekeeper.core.errors import Impossible, Refused
from scorekeeper.games.marriage.finish import exposed_melds, find_finish

# The hand B4: valid only by breaking the exposed J♠ Q♠ K♠ melds.
B4 = ("Js Qs Ks | 3h 3h 3h | Js Qs Ks | 10d 2h 10h Jc Qc Kc 9h 9d 9s Jh Jh "
      "Jh 8s")
B4_EXPOSED = "Js Qs Ks | 3h 3h 3h | Js Qs Ks"
WORKED = ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ "
          "7♠ 7♦ 7♣ K♦ K♦ K♦")
WORKED_EXPOSED = "3♠ 4♠ 5♠ | 6♥ 6♥ 6♥ | 8♦ 9♦ 10♦"


def melds_of(text):
    return [cards(part) for part in text.split("|")]


def test_ma10_b4_without_exposed_is_ruled_as_before():
    finish = find_finish(cards(B4), card("Qs"))
    assert finish.discard == card("2h")
    # the search uses the exposed J♠ and K♠ as wildcards elsewhere
    used = [m.cards for m in finish.melds]
    assert (card("Js"), card("Qs"), card("Ks")) not in used


def test_ma10_b4_exposed_melds_kept_is_refused():
    with pytest.raises(Refused) as caught:
        find_finish(cards(B4), card("Qs"), exposed=melds_of(B4_EXPOSED))
    assert caught.value.rule == "MA-10"
    text = caught.value.message.english
    assert "exposed J♠ Q♠ K♠ | 3♥ 3♥ 3♥ | J♠ Q♠ K♠" in text
    assert "4 melds" in text and "best uses 3 melds" in text


def test_ma10_exposed_melds_stay_first_and_as_given():
    finish = find_finish(cards(WORKED), card("J♣"), exposed=melds_of(WORKED_EXPOSED))
    assert [m.cards for m in finish.melds[:3]] == melds_of(WORKED_EXPOSED)
    assert sorted(finish.shown()) == sorted(cards(WORKED))
    assert finish.qualifying >= 3


def test_ma5_exposed_meld_must_qualify():
    with pytest.raises(Refused) as caught:
        exposed_melds([cards("7♠ 7♦ 7♣")], card("J♣"))
    assert caught.value.rule == "MA-5" and "trial" in caught.value.message.english
    with pytest.raises(Refused) as dirty:
        exposed_melds([cards("9♦ 10♦ J♣")], card("J♣"))
    assert "dirty sequence" in dirty.value.message.english


def test_ma5_exposed_melds_must_be_among_the_cards_and_at_most_three():
    with pytest.raises(Impossible) as missing:
        find_finish(cards(WORKED), card("J♣"), exposed=[cards("A♠ 2♠ 3♠")])
    assert "not among" in missing.value.message.english
    with pytest.raises(Impossible) as four:
        exposed_melds(melds_of(WORKED_EXPOSED + " | K♦ K♦ K♦"), card("J♣"))
    assert four.value.rule == "MA-5"


def test_ma10_exposed_melds_refused_with_dublees():
    with pytest.raises(Impossible):
        find_finish(cards(WORKED), card("J♣"), by="dublees",
                    exposed=melds_of(WORKED_EXPOSED))


# -- on the command line ----------------------------------------------------------

def test_cli_check_finish_b4_exposed_exit_1_and_says_why(cli):
    result = cli("check", "finish", B4, "--tiplu", "Qs", "--exposed", B4_EXPOSED,
                 "--json")
    assert result.exit_code == 1, result.stderr
    data = json.loads(result.stdout)
    assert data["valid"] is False and data["rule"] == "MA-10"
    assert "kept as exposed" in data["reason"]
    plain = cli("check", "finish", B4, "--tiplu", "Qs")
    assert plain.exit_code == 0 and "Discard 2♥" in plain.stdout


def test_cli_record_stores_exposed_and_verify_rerules(cli, tmp_path):
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C").exit_code == 0
    done = cli("record", path, "--finish", "A", "--tiplu", "J♣",
               "--hand", f"A={WORKED}", "--hand", "B=-", "--hand", "C=-",
               "--exposed", WORKED_EXPOSED, "--json")
    assert done.exit_code == 0, done.stderr
    assert json.loads(done.stdout)["exposed"][0] == ["3♠", "4♠", "5♠"]
    stored = tomllib.loads(path.read_text(encoding="utf-8"))["hands"][0]
    assert stored["exposed"] == ["3♠ 4♠ 5♠", "6♥ 6♥ 6♥", "8♦ 9♦ 10♦"]
    assert cli("verify", path).exit_code == 0
    # an exposed meld edited by hand into one the cards cannot keep: verify
    # re-rules with it and reports the hand
    text = path.read_text(encoding="utf-8").replace('"8♦ 9♦ 10♦"', '"7♠ 7♦ 7♣"')
    path.write_text(text, encoding="utf-8")
    bad = cli("verify", path)
    assert bad.exit_code != 0 and "trial" in (bad.stdout + bad.stderr)


def test_cli_settle_b4_exposed_refused_unchanged_ledgerless(cli):
    result = cli("settle", "marriage", "--players", "A,B", "--finish", "A",
                 "--tiplu", "Qs", "--hand", f"A={B4}", "--hand", "B=-",
                 "--exposed", B4_EXPOSED)
    assert result.exit_code == 1
    assert "kept as exposed" in result.stderr + result.stdout


def test_cli_interactive_entry_asks_for_exposed_melds(cli, tmp_path, monkeypatch):
    import scorekeeper.commands.record

    monkeypatch.setattr(scorekeeper.commands.record, "stdin_is_tty", lambda: True)
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C").exit_code == 0
    answers = ["A", "melds", "J♣", WORKED,   # the finisher's show first
               "7♠ 7♦ 7♣",                  # a trial does not qualify: asked again
               "A♠ 2♠ 3♠",                  # not among A's cards: asked again
               WORKED_EXPOSED, "-", "-", "-", "-", "-", "y"]
    result = cli("record", path, input="\n" + "\n".join(answers) + "\n",
                 env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "only a pure sequence or a tunnela qualifies" in result.stderr
    assert "A does not show A♠" in result.stderr
    stored = tomllib.loads(path.read_text(encoding="utf-8"))["hands"][0]
    assert stored["exposed"] == ["3♠ 4♠ 5♠", "6♥ 6♥ 6♥", "8♦ 9♦ 10♦"]


def test_ma5_settle_with_an_exposed_trial_is_ruled_against_citing_ma5(cli):
    result = cli("settle", "marriage", "--players", "A,B", "--finish", "A",
                 "--tiplu", "J♣", "--hand", f"A={WORKED}", "--hand", "B=-",
                 "--exposed", "3♠ 4♠ 5♠ | 7♠ 7♦ 7♣", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["rule"] == "MA-5" and "is a trial" in data["error"]
