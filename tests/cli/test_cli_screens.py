"""What a person sees last (issue 27, item 6): after a `record` the screen
ends on each player's score and the totals, a Marriage explanation pair by
pair above them, not below; at 40 columns a Dhumbal ruling's marks stay on
the name's line."""

from __future__ import annotations

WORKED = "3♠ 4♠ 5♠ 6♥ 6♥ 6♥ 8♦ 9♦ 10♦ 10♣ J♣ Q♣ 2♥ 3♥ 4♥ 7♠ 7♦ 7♣ K♦ K♦ K♦"
PLAYERS = ("Asha", "Bikash", "Chandra", "Dipak")


def test_a_marriage_record_at_80_by_24_ends_on_the_nets_and_the_totals(cli, tmp_path):
    path = tmp_path / "m.toml"
    assert cli("new", path, "--game", "marriage", "--players", ",".join(PLAYERS)
               ).exit_code == 0
    result = cli("record", path, "--finish", "Asha", "--tiplu", "J♣", "--seen", "Bikash",
                 "--seen", "Chandra", "--hand", f"Asha={WORKED}", "--hand",
                 "Bikash=K♣ K♣ K♣ 5♦", "--hand", "Chandra=J♦ J♦", "--hand", "Dipak=3",
                 env={"COLUMNS": "80", "LINES": "24"})
    assert result.exit_code == 0, result.stderr
    assert result.stderr.strip() == f"Recorded hand 1 in {path}."
    lines = result.stdout.splitlines()
    assert len(lines) > 24                  # more than a screen: the top scrolls off
    seen = "\n".join(lines[-22:])           # 24 lines less stderr's and the prompt's
    assert "Hand 1 — dealer Asha" in seen and "Net" in seen
    for name, net in (("Asha", "+46"), ("Bikash", "-13"), ("Chandra", "-13"),
                      ("Dipak", "-20")):
        # the hand's table (its rows end in the net), then the totals
        assert any(line.split()[:1] == [name] and line.split()[-1] == net
                   for line in lines[-22:])
        assert any(line.split()[-2:] == [name, net] for line in lines[-22:])  # totals
    assert lines[-1].strip() == "Next dealer: Bikash"
    # the explanation, pair by pair, is above the table
    pairs = max(i for i, line in enumerate(lines) if "maal 10 vs 0" in line)
    assert pairs < next(i for i, line in enumerate(lines) if "Hand 1 — dealer" in line)


def test_dh8_at_40_columns_the_caller_and_winner_marks_stay_on_the_name_line(
        cli, tmp_path):
    path = tmp_path / "d.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", ",".join(PLAYERS)
               ).exit_code == 0
    result = cli("record", path, "--call", "Chandra", "--hand", "Asha=K♠ K♥",
                 "--hand", "Bikash=5♦ 6♦", "--hand", "Chandra=A♠ 2♠",
                 "--hand", "Dipak=9♣", env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Player"))
    rows = lines[start + 2:start + 2 + len(PLAYERS)]
    assert [row.split()[0] for row in rows] == list(PLAYERS)    # a row a player
    assert "Chandra (c)★" in rows[2]
    assert "(c) called, ★ won the hand" in lines[start + 2 + len(PLAYERS)]
    assert not any(line.strip().startswith(("(called)", "★")) for line in lines)
    assert all(len(line) <= 40 for line in lines)


def test_dh8_a_caught_caller_at_40_columns_marks_caller_and_winner_apart(cli, tmp_path):
    path = tmp_path / "d.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", ",".join(PLAYERS)
               ).exit_code == 0
    result = cli("record", path, "--call", "Chandra", "--hand", "Asha=A♦ 2♣",
                 "--hand", "Bikash=5♦ 6♦", "--hand", "Chandra=A♠ 2♠",
                 "--hand", "Dipak=3♣ 9♥", env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.stderr
    rows = {line.split()[0]: line for line in result.stdout.splitlines()
            if line.split()[:1] and line.split()[0] in PLAYERS}
    assert "(c)" in rows["Chandra"] and "★" not in rows["Chandra"]
    assert "★" in rows["Asha"] and "(c)" not in rows["Asha"]
