"""Issue #30: the Marriage Interpretations written where the rule book was
silent — the agreed-maal bound under another table (MA-11), rotations and
sitting out (MA-14), who counts at the table (MA-21), a hand without a
finisher and no tiplu (MA-10), and `amend` naming the old finisher in
`--seen-dublees` — each its RULES.md example."""

from __future__ import annotations

import json
import tomllib

WORKED = ("3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ "
          "7♠ 7♦ 7♣ K♦ K♦ K♦")
DUBLEES = ("2♠ 2♠ 3♦ 3♦ 7♣ 7♣ 9♥ 9♥ J♣ J♣ Q♦ Q♦ K♣ K♣ A♥ A♥ "
           "8♠ 10♦ 4♣ 6♠ 2♥")


def test_ma11_the_agreed_bound_follows_the_maal_table(cli):
    game = ["settle", "marriage", "--players", "A,B,C", "--finish", "A", "--tiplu",
            "J♣", "--seen", "B", "--hand", f"A={WORKED}", "--set",
            "maal_marriage=10/100"]
    assert cli(*game, "--hand", "B=139", "--hand", "C=0").exit_code == 0
    over = cli(*game, "--hand", "B=140", "--hand", "C=0")
    assert over.exit_code == 2
    said = " ".join(over.stderr.split())
    assert "at most 139 with these options (the best hand under this maal " \
           "table, MA-19) (MA-11)" in said
    unseen = cli(*game, "--hand", "B=0", "--hand", "C=105")
    assert unseen.exit_code == 2 and "at most 104" in unseen.stderr
    default = cli(*game[:-2], "--hand", "B=83", "--hand", "C=0")
    assert default.exit_code == 2 and "at most 82" in default.stderr


def test_ma14_a_rotation_is_n_hands_whoever_sits_out(cli, tmp_path):
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C,D").exit_code == 0
    hand = ["--finish", "A", "--tiplu", "J♣", "--hand", f"A={WORKED}",
            "--hand", "B=0", "--hand", "C=0"]
    assert cli("record", path, *hand, "--hand", "D=0").exit_code == 0
    assert cli("record", path, *hand, "--out", "D").exit_code == 0
    standings = json.loads(cli("standings", path, "--json").stdout)
    assert standings["hands_planned"] == 4 and standings["hands_played"] == 2
    assert standings["next_dealer"] == "C"
    stored = tomllib.loads(path.read_text(encoding="utf-8"))["hands"]
    assert [h["dealer"] for h in stored] == ["A", "B"]


def test_ma21_a_player_sitting_out_is_not_at_the_table(cli, tmp_path):
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C,D", "--set",
               "dublee_min_players=4").exit_code == 0
    hand = ["--finish", "A", "--by", "dublees", "--tiplu", "5♥",
            "--hand", f"A={DUBLEES}", "--hand", "B=0", "--hand", "C=0"]
    out = cli("record", path, *hand, "--out", "D")
    assert out.exit_code == 1
    assert "this hand has 3 (MA-21)" in " ".join(out.stderr.split())
    assert cli("record", path, *hand, "--hand", "D=0").exit_code == 0


def test_ma10_no_finisher_and_no_cards_needs_no_tiplu(cli):
    result = cli("settle", "marriage", "--players", "A,B,C", "--no-finisher",
                 "--seen", "A", "--hand", "A=2", "--hand", "B=0", "--hand", "C=4",
                 "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["net"] == {"A": 4, "B": -2, "C": -2} and data["tiplu"] is None


def test_amend_the_old_finisher_named_in_seen_dublees_is_taken_as_typed(cli, tmp_path):
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players", "A,B,C").exit_code == 0
    assert cli("record", path, "--finish", "A", "--tiplu", "J♣", "--seen", "B",
               "--hand", f"A={WORKED}", "--hand", "B=2", "--hand", "C=0").exit_code == 0
    amended = cli("amend", path, "1", "--finish", "B", "--hand", f"B={WORKED}",
                  "--hand", "A=2", "--seen-dublees", "A", "--yes", "--json")
    assert amended.exit_code == 0, amended.stderr
    data = json.loads(amended.stdout)
    assert data["seen"] == ["B"] and data["seen_dublees"] == ["A"]
    back = cli("amend", path, "1", "--seen", "A", "--yes", "--json")
    assert back.exit_code == 0, back.stderr
    data = json.loads(back.stdout)
    assert sorted(data["seen"]) == ["A", "B"] and data["seen_dublees"] == []
    assert cli("verify", path).exit_code == 0
