"""`settle-up` through CliRunner: the fewest transfers over one or several
ledgers, JSON shape, and every refusal as exit 2 with one JSON document."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from ledgers import EVENING, dhumbal_evening, dhumbal_hand, ledger_text, marriage_hand, write

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"


def squares(balances: dict[str, int], transfers: list[dict]) -> bool:
    left = dict(balances)
    for t in transfers:
        left[t["from"]] += t["points"]
        left[t["to"]] -= t["points"]
    return all(v == 0 for v in left.values())


@pytest.fixture
def evenings(tmp_path: Path) -> list[Path]:
    return [write(tmp_path / f"evening-{i}.toml", dhumbal_evening(seed=i, hands=5))
            for i in range(3)]


def test_dh11_settle_up_json_squares_everyone_over_several_ledgers(cli, evenings):
    result = cli("settle-up", *evenings, "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data["balances"]) == set(EVENING)
    assert sum(data["balances"].values()) == 0
    assert squares(data["balances"], data["transfers"])
    assert len(data["transfers"]) <= len(EVENING) - 1
    assert all(t["points"] > 0 for t in data["transfers"])
    one = [json.loads(cli("settle-up", p, "--json").stdout)["balances"] for p in evenings]
    assert data["balances"] == {p: sum(b[p] for b in one) for p in EVENING}


def test_settle_up_human_says_who_gives_whom(cli):
    result = cli("settle-up", SAMPLES / "dhumbal-evening.toml", env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.stderr
    # Asha +32, Bikash −56, Chandra −4, Dipesh +28
    assert "Bikash gives Asha 32" in result.stdout
    assert "Bikash gives Dipesh 24" in result.stdout
    assert "Chandra gives Dipesh 4" in result.stdout
    assert "3 transfers" in result.stdout


def test_settle_up_is_the_same_whatever_the_order_of_the_ledgers(cli, evenings):
    forward = json.loads(cli("settle-up", *evenings, "--json").stdout)
    backward = json.loads(cli("settle-up", *reversed(evenings), "--json").stdout)
    assert forward["transfers"] == backward["transfers"]


def test_settle_up_matches_names_in_any_case_across_ledgers(cli, tmp_path):
    a = write(tmp_path / "a.toml", dhumbal_evening(seed=1, hands=3))
    b = write(tmp_path / "b.toml", dhumbal_evening(
        seed=2, hands=3, players=("ASHA", "bikash", "Chandra", "Dipesh")))
    data = json.loads(cli("settle-up", a, b, "--json").stdout)
    assert list(data["balances"]) == list(EVENING)


def test_dc8_settle_up_refuses_penalty_points_exit_2_with_one_json_document(cli):
    result = cli("settle-up", SAMPLES / "dhumbal-cardrulesplus.toml", "--json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["rule"] == "DC-8" and "penalty points" in data["error"]
    human = cli("settle-up", SAMPLES / "dhumbal-cardrulesplus.toml")
    assert human.exit_code == 2 and "nothing to settle" in human.stderr
    assert human.stdout == ""


def test_settle_up_mixes_games_only_with_mix(cli, evenings, tmp_path):
    players = ("Asha", "Bikash", "Chandra")
    night = write(tmp_path / "night.toml", ledger_text(
        "marriage", players, [marriage_hand("Asha", players, seen=["Bikash"])]))
    refused = cli("settle-up", evenings[0], night)
    assert refused.exit_code == 2
    assert "different games" in refused.stderr and "--mix" in refused.stderr
    mixed = cli("settle-up", evenings[0], night, "--mix", "--json")
    assert mixed.exit_code == 0, mixed.stderr
    data = json.loads(mixed.stdout)
    assert squares(data["balances"], data["transfers"])


def test_dh11_settle_up_refuses_a_ledger_whose_hands_do_not_sum_to_zero(cli, tmp_path):
    text = dhumbal_evening(seed=1, hands=3)
    tampered = re.sub(r"net = \{ Asha = (-?\d+)",
                      lambda m: f"net = {{ Asha = {int(m[1]) + 1}", text, count=1)
    path = write(tmp_path / "tampered.toml", tampered)
    result = cli("settle-up", path)
    assert result.exit_code == 2
    assert "does not sum to 0" in result.stderr and "verify" in result.stderr


def test_settle_up_refuses_the_same_ledger_twice(cli, evenings):
    result = cli("settle-up", evenings[0], evenings[0])
    assert result.exit_code == 2 and "given twice" in result.stderr


def test_settle_up_notes_an_unfinished_session_and_settles_it(cli, ledger):
    cli("record", ledger, "--call", "Asha", "--hand", "Asha=A♠", "--hand",
        "Bikash=K♠", "--hand", "Chandra=Q♦")
    result = cli("settle-up", ledger, "--json")
    assert result.exit_code == 0
    assert "not complete (1/3 hands)" in result.stderr
    assert json.loads(result.stdout)["transfers"] == [
        {"from": "Bikash", "to": "Asha", "points": 10},
        {"from": "Chandra", "to": "Asha", "points": 10}]


def test_settle_up_refuses_without_first_saying_it_settles_what_is_recorded(
        cli, ledger, tmp_path):
    """A refusal (penalty points, DC-8; a rate that is no number) is the
    only thing said: no "settling what is recorded" note before it."""
    path = tmp_path / "club.toml"
    cli("new", path, "--game", "dhumbal", "--profile", "cardrulesplus",
        "--players", "Asha,Bikash,Chandra")
    cli("record", path, "--call", "Asha", "--hand", "Asha=A♠", "--hand",
        "Bikash=K♠", "--hand", "Chandra=Q♦")
    refused = cli("settle-up", path)
    assert refused.exit_code == 2 and "(DC-8)" in refused.stderr
    assert "note:" not in refused.stderr
    cli("record", ledger, "--call", "Asha", "--hand", "Asha=A♠", "--hand",
        "Bikash=K♠", "--hand", "Chandra=Q♦")
    bad_rate = cli("settle-up", ledger, "--rate", "-5")
    assert bad_rate.exit_code == 2 and "positive number" in bad_rate.stderr
    assert "note:" not in bad_rate.stderr


def test_settle_up_missing_or_broken_ledger_exits_2(cli, tmp_path):
    missing = cli("settle-up", tmp_path / "nope.toml")
    assert missing.exit_code == 2 and "nope.toml: no such ledger" in missing.stderr
    broken = write(tmp_path / "broken.toml", "[not toml")
    result = cli("settle-up", broken, "--json")
    assert result.exit_code == 2 and json.loads(result.stdout)["exit_code"] == 2


def test_settle_up_one_transfer_and_everyone_square_read_as_sentences(cli, tmp_path):
    rng = random.Random(3)
    players = ("Asha", "Bikash")
    one = write(tmp_path / "one.toml", ledger_text(
        "dhumbal", players, [dhumbal_hand(rng, players)], settings=["hands=1"]))
    said = cli("settle-up", one).stdout
    assert "1 transfer squares everyone" in said
    empty = write(tmp_path / "empty.toml", ledger_text("dhumbal", players, []))
    assert "Everyone is square" in cli("settle-up", empty).stdout
