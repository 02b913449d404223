"""`stats`: the fold over sessions (per game and player, each game counting
its own facts through the Game interface) and the command over a folder of
generated ledgers, through CliRunner."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from ledgers import EVENING, dhumbal_evening, dhumbal_hand, ledger_text, marriage_hand, write
from scorekeeper.files import ledger_file
from scorekeeper.ledger import document
from scorekeeper.reports.documents import places
from scorekeeper.reports.stats import percent, rate, statistics

ANSI = re.compile(r"\x1b\[")
SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"


def session(text: str, label: str = "made.toml"):
    return document.parse(text, label)


def caught_call(caller: str = "Asha"):
    """DH-8: Asha calls with 4, Bikash holds 4 too: Asha is caught."""
    return {"call": caller, "hand": ["Asha=A♦ 3♣", "Bikash=3♠ A♣",
                                     "Chandra=K♣ 9♥", "Dipesh=9♦"]}


def clean_call(caller: str = "Chandra"):
    """DH-8: the caller holds 2, strictly lowest: not caught."""
    others = iter(["K♠", "Q♦ 3♣", "8♥"])
    return {"call": caller, "hand": [f"{p}={'2♠' if p == caller else next(others)}"
                                     for p in EVENING]}


# -- the core ------------------------------------------------------------------

def test_dh8_stats_count_calls_caught_calls_and_their_rate():
    text = ledger_text("dhumbal", EVENING, [caught_call(), clean_call(),
                                            clean_call("Asha")],
                       settings=["hands=3"])
    (dhumbal,) = statistics([session(text)])
    asha = next(p for p in dhumbal.players if p.name == "Asha")
    assert (asha.counters["calls"], asha.counters["caught"]) == (2, 1)
    assert asha.hands == 3 and asha.sessions == 1
    bikash = next(p for p in dhumbal.players if p.name == "Bikash")
    assert bikash.won == 1 and bikash.counters["calls"] == 0


def test_dh11_stats_totals_best_worst_and_places_follow_the_stored_net():
    s = session(dhumbal_evening(seed=3, hands=6))
    (dhumbal,) = statistics([s])
    totals, ranked = s.totals(), places(s)
    for p in dhumbal.players:
        nets = [h.scores[p.name] for h in s.hands]
        assert p.total == totals[p.name]
        assert (p.best, p.worst) == (max(nets), min(nets))
        assert p.first == (ranked[p.name] == 1)
        assert p.won == sum(h.data["winner"] == p.name for h in s.hands)


def test_ma10_stats_count_finishes_by_melds_and_dublees_seen_and_maal():
    s = ledger_file.read(SAMPLES / "marriage-rotation.toml")
    (marriage,) = statistics([s])
    a, b, c = marriage.players
    assert (a.counters["finishes"], a.counters["by_melds"]) == (1, 1)
    assert (b.counters["finishes"], b.counters["by_dublees"]) == (1, 1)
    assert (a.counters["seen"], c.counters["seen"]) == (3, 0)
    assert a.counters["maal"] == 10 + 12 + 5 and a.counters["maal_hands"] == 3
    assert a.as_json(marriage.tallies)["average_maal"] == 9.0


def test_ma9_a_rival_who_saw_through_7_dublees_counts_as_having_seen():
    players = ("A", "B", "C")
    hand = marriage_hand("A", players, by="dublees")
    hand["seen_dublees"] = ["C"]
    s = document.parse(ledger_text("marriage", players, [hand]), "m.toml")
    (marriage,) = statistics([s])
    seen = {p.name: p.counters["seen"] for p in marriage.players}
    assert seen == {"A": 1, "B": 0, "C": 1}


def test_ma13_stats_count_refused_shows():
    players = ("A", "B", "C")
    hand = marriage_hand("A", players, seen=["B"])
    hand["invalid_show"] = ["C"]
    text = ledger_text("marriage", players, [hand],
                       settings=["invalid_show_penalty=5"])
    (marriage,) = statistics([session(text)])
    assert [p.counters["invalid_shows"] for p in marriage.players] == [0, 0, 1]


def test_penalty_point_sessions_are_counted_apart_lowest_best():
    points = ledger_file.read(SAMPLES / "dhumbal-cardrulesplus.toml")
    net = session(dhumbal_evening(seed=1, hands=3))
    groups = statistics([points, net])
    assert [g.key for g in groups] == ["dhumbal", "dhumbal/points"]
    apart = groups[1]
    assert apart.score == "points" and apart.lower_is_better
    chandra = next(p for p in apart.players if p.name == "Chandra")
    assert chandra.best == 0 and chandra.total == points.totals()["Chandra"]


def test_players_are_matched_by_name_in_any_case_across_sessions():
    one = session(dhumbal_evening(seed=1, hands=3))
    two = session(dhumbal_evening(seed=2, hands=3,
                                  players=("asha", "BIKASH", "Chandra", "Dipesh")))
    (dhumbal,) = statistics([one, two])
    assert [p.name for p in dhumbal.players] == list(EVENING)
    assert all(p.sessions == 2 and p.hands == 6 for p in dhumbal.players)


def test_rates_read_as_counts_and_a_whole_percentage():
    assert rate(3, 11) == "3 of 11 = 27%"
    assert rate(0, 0) == "0 of 0"
    assert percent(1, 8) == "13%"          # halves round up


# -- the command ------------------------------------------------------------------

@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Five Dhumbal evenings (two in a subfolder), a Marriage night, a
    penalty-point club night, and files that are not ledgers."""
    top = tmp_path / "ledgers"
    for i in range(3):
        write(top / f"evening-{i}.toml", dhumbal_evening(seed=i, hands=4))
    for i in range(3, 5):
        write(top / "2025" / f"evening-{i}.toml", dhumbal_evening(seed=i, hands=4))
    players = ("Asha", "Bikash", "Chandra")
    write(top / "marriage.toml", ledger_text("marriage", players, [
        marriage_hand("Asha", players, seen=["Bikash"]),
        marriage_hand("Bikash", players, by="dublees", seen=["Asha", "Bikash"])]))
    rng = random.Random(9)
    write(top / "club.toml", ledger_text(
        "dhumbal", EVENING, [dhumbal_hand(rng, EVENING, limit=10) for _ in range(3)],
        profile="cardrulesplus"))
    write(top / "broken.toml", "this is [not toml")
    write(top / "pyproject.toml", '[project]\nname = "x"\n')
    write(top / "shape.toml", 'format = 1\ngame = "dhumbal"\nprofile = "nepali-games"\n'
          'players = "Asha"\nfirst_dealer = "Asha"\n')
    write(top / ".hidden" / "old.toml", "not even toml [")
    write(top / "notes.txt", "not a ledger, not looked at")
    return top


def test_stats_over_a_folder_reads_subfolders_and_warns_once_per_non_ledger(cli, folder):
    result = cli("stats", folder, "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data["games"]) == {"dhumbal", "dhumbal/points", "marriage"}
    assert data["sessions"]["dhumbal"] == 5
    asha = data["games"]["dhumbal"]["Asha"]
    assert asha["sessions"] == 5 and asha["hands"] == 20
    for key in ("won", "total", "average", "best", "worst", "first", "places",
                "calls", "caught", "shows"):
        assert key in asha
    warnings = result.stderr.strip().splitlines()
    assert len(warnings) == 3, result.stderr
    assert sorted(Path(k["path"]).name for k in data["skipped"]) == \
        ["broken.toml", "pyproject.toml", "shape.toml"]
    for name in ("broken.toml", "pyproject.toml", "shape.toml"):
        assert sum(name in w for w in warnings) == 1
    assert "old.toml" not in result.stderr and "notes.txt" not in result.stderr
    assert "Traceback" not in result.stderr


def test_stats_human_shows_rates_with_their_counts(cli, folder):
    result = cli("stats", folder / "marriage.toml", env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.stderr
    assert "Marriage" in result.stdout
    assert "saw the tiplu" in result.stdout and "2 of 2 = 100%" in result.stdout
    assert "… by dublees" in result.stdout
    assert not ANSI.search(result.stdout)


def test_stats_at_80_columns_shortens_rates_then_names_then_splits_the_players(
        cli, tmp_path):
    six = ("Ramchandra Bahadur Thapa", "Ramkrishna", "Bishnumaya", "Chandrakala",
           "Dipendra", "Gyanendra")
    three = ("Hari", "Indira", "Janaki")
    write(tmp_path / "a.toml", dhumbal_evening(seed=1, hands=2, players=six))
    write(tmp_path / "b.toml", dhumbal_evening(seed=2, hands=2, players=three))
    result = cli("stats", tmp_path, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    heads = [line.split() for line in lines if "Ramc" in line.split() or
             "Hari" in line.split()]
    assert heads[0][:2] == ["Ramc", "Ramk"] and heads[1][0] == "Hari"  # two tables
    assert "Ramc = Ramchandra Bahadur Thapa" in result.stdout   # the legend
    assert "Hari = " not in result.stdout                       # a short name stays
    assert re.search(r"\b\d+/2 \d+%", result.stdout)               # "1/2 50%"
    assert "A rate is how many of how many" in result.stdout
    wide = cli("stats", tmp_path / "b.toml", env={"COLUMNS": "120"})
    assert re.search(r"\b\d+ of 2 = \d+%", wide.stdout)              # room: in words


def test_ma10_an_average_over_one_hand_says_hand(cli, tmp_path):
    players = ("Asha", "Bikash", "Chandra")
    path = write(tmp_path / "m.toml", ledger_text("marriage", players, [
        marriage_hand("Asha", players, seen=["Bikash"])]))
    result = cli("stats", path, env={"COLUMNS": "120"})
    assert "(1 hand)" in result.stdout and "(1 hands)" not in result.stdout


def test_stats_game_and_player_filters_any_case(cli, folder):
    result = cli("stats", folder, "--game", "MARRIAGE", "--player", "bikash", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert list(data["games"]) == ["marriage"]
    assert list(data["games"]["marriage"]) == ["Bikash"]
    assert data["games"]["marriage"]["Bikash"]["by_dublees"] == 1


def test_stats_unknown_player_exits_2_listing_the_players(cli, folder):
    result = cli("stats", folder, "--player", "Zed", "--json")
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert "Zed" in error and "Asha" in error and "Dipesh" in error


def test_stats_unknown_game_and_missing_path_exit_2(cli, folder, tmp_path):
    assert cli("stats", folder, "--game", "poker").exit_code == 2
    missing = cli("stats", tmp_path / "nowhere")
    assert missing.exit_code == 2 and "no such file or folder" in missing.stderr


def test_stats_of_a_folder_without_ledgers_exits_2(cli, tmp_path):
    write(tmp_path / "empty" / "pyproject.toml", "[project]\n")
    result = cli("stats", tmp_path / "empty")
    assert result.exit_code == 2
    assert "no ledger found" in result.stderr


def test_stats_of_a_game_without_sessions_is_empty_not_an_error(cli, folder):
    only_dhumbal = folder / "2025"
    every = json.loads(cli("stats", only_dhumbal, "--json").stdout)
    assert every["sessions"] == {"dhumbal": 2} and set(every["games"]) == {"dhumbal"}
    result = cli("stats", only_dhumbal, "--game", "marriage", "--json")
    assert result.exit_code == 0 and result.stderr == ""
    # the two Dhumbal evenings read, and none of them counted for Marriage
    assert json.loads(result.stdout) == {"games": {}, "scores": {}, "score_kinds": {},
                                         "sessions": {}, "skipped": []}
    shown = cli("stats", only_dhumbal, "--game", "marriage")
    assert (shown.exit_code, shown.stdout) == (0, "")
    assert shown.stderr == "No hands recorded in these sessions for Marriage.\n"


def test_stats_names_are_shown_as_typed_never_as_markup(cli, tmp_path):
    players = ("[bold]Asha[/bold]", "Bikash", "[red]x")
    rng = random.Random(1)
    path = write(tmp_path / "odd.toml", ledger_text(
        "dhumbal", players, [dhumbal_hand(rng, players) for _ in range(2)],
        settings=["hands=2"]))
    result = cli("stats", path, env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.stderr
    assert "[bold]Asha[/bold]" in result.stdout and "[red]x" in result.stdout


def test_stats_the_same_ledger_twice_counts_once(cli, folder):
    result = cli("stats", folder / "evening-0.toml", folder, "--json")
    assert json.loads(result.stdout)["sessions"]["dhumbal"] == 5


def test_stats_skips_a_file_too_deep_for_the_toml_reader(cli, tmp_path):
    write(tmp_path / "deep.toml", "x = " + "[" * 100_000)
    write(tmp_path / "evening.toml", dhumbal_evening(seed=1, hands=2))
    result = cli("stats", tmp_path, "--json")
    assert result.exit_code == 0
    assert "deep.toml" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("args", [["stats", "SAMPLES"],
                                  ["settle-up", "SAMPLES/dhumbal-evening.toml"],
                                  ["chart", "SAMPLES/dhumbal-evening.toml"],
                                  ["rules", "marriage", "MA-11"]])
def test_output_that_cannot_encode_unicode_falls_back_to_ascii(cli, args):
    result = cli(*[a.replace("SAMPLES", str(SAMPLES)) for a in args],
                 charset="ascii")
    assert result.exit_code == 0, result.stderr
    assert result.stdout_bytes.decode("ascii").strip()
