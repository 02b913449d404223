"""Money (issue 16): balances and transfers at an agreed rate, paid in the
currency's units, adding up exactly — the pure core (`core.money`,
`reports.money`) with property tests, then `settle-up`, `standings`,
`export` and `new` with `--rate` / `--currency`."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.errors import Impossible
from scorekeeper.core.money import (
    Currency,
    currency,
    money_option,
    parse_rate,
    rate_text,
)
from scorekeeper.ledger.document import parse
from scorekeeper.reports.money import apportion, exact_units, money

NPR, USD = currency("NPR"), currency("USD")


# -- the pure core -----------------------------------------------------------------

def test_npr_and_inr_are_paid_in_whole_rupees_usd_in_cents_an_unknown_code_too():
    assert (NPR.decimals, currency("inr").decimals, USD.decimals) == (0, 0, 2)
    assert currency("xyz") == Currency("XYZ", 2, "XYZ")
    assert currency(None) == NPR
    assert NPR.display(1200) == "Rs 1,200" and NPR.display(-5) == "-Rs 5"
    assert USD.display(1250, signed=True) == "+USD 12.50"
    assert USD.display(-7) == "-USD 0.07"


@pytest.mark.parametrize(("code", "units", "shown"), [
    ("NPR", 1340, "Rs 1,340"), ("NPR", 134000, "Rs 1,34,000"),
    ("INR", 12345678, "INR 1,23,45,678"), ("NPR", 999, "Rs 999"),
    ("NPR", 100000, "Rs 1,00,000"), ("USD", 134000, "USD 1,340.00"),
    ("USD", 123456789, "USD 1,234,567.89"), ("JPY", 1000000, "JPY 1,000,000"),
    ("NPR", -134000, "-Rs 1,34,000"),
])
def test_money_is_grouped_as_its_currency_writes_it_lakhs_for_npr_and_inr(
        code, units, shown):
    assert currency(code).display(units) == shown


@pytest.mark.parametrize("text", ["0", "-5", "abc", "1/3", "1e3", ".5", "5.", "", "+5"])
def test_a_rate_is_a_positive_decimal_else_exit_2(text):
    with pytest.raises(Impossible) as err:
        parse_rate(text)
    assert err.value.exit_code == 2
    assert err.value.rule is None               # a rate rests on no rule of a game
    assert err.value.message == (
        f"a rate is money per point, more than 0, not {text!r}" if text == "0" else
        f"a rate is money per point, a positive number such as 10 or 2.5, not {text!r}")


@pytest.mark.parametrize("text,exact", [("10", Fraction(10)), ("2.5", Fraction(5, 2)),
                                        ("0.333", Fraction(333, 1000))])
def test_a_rate_is_read_exactly_and_written_back_as_typed(text, exact):
    assert parse_rate(text) == exact and rate_text(exact) == text


def test_a_currency_without_a_rate_is_exit_2_and_none_is_no_money():
    assert money_option(None, None) is None
    with pytest.raises(Impossible):
        money_option(None, "USD")
    assert money_option(None, None, {"rate": "5", "currency": "INR"}) == \
        (Fraction(5), currency("INR"))


def test_whole_points_at_a_whole_rate_are_exact_asha_gives_ram_12_points_rs_120():
    m = money({"Asha": -12, "Ram": 12}, 1, money_option("10", "NPR"))
    assert m.balances == {"Asha": -120, "Ram": 120} and not m.rounded
    assert [(t.giver, t.receiver, t.points) for t in m.transfers] == [("Asha", "Ram", 120)]
    assert m.as_json()["transfers"] == [{"from": "Asha", "to": "Ram", "amount": 120,
                                         "display": "Rs 120"}]


def test_a_third_of_a_rupee_rounds_by_largest_remainder_to_sum_zero():
    # +1, +1, -2 points at Rs 0.333: exact +0.333, +0.333, -0.666. Floors 0,
    # 0, -1 leave one rupee, to the largest fraction: C's .334 → 0, 0, 0
    # (rounding each alone would give 0, 0, -1: a rupee paid to nobody).
    m = money({"A": 1, "B": 1, "C": -2}, 1, money_option("0.333", "NPR"))
    assert m.balances == {"A": 0, "B": 0, "C": 0} and m.transfers == ()
    assert [(r.player, r.exact, r.paid) for r in m.rounded] == [
        ("A", Fraction(333, 1000), 0), ("B", Fraction(333, 1000), 0),
        ("C", Fraction(-666, 1000), 0)]


def test_largest_remainder_gives_the_left_units_to_the_largest_fractions():
    exact = {"A": Fraction(7, 10), "B": Fraction(2, 10), "C": Fraction(-9, 10)}
    # floors 0, 0, -1 (sum -1): one unit left, to A (.7) before C (.1) or B (.2)
    assert apportion(exact) == {"A": 1, "B": 0, "C": -1}


def test_tenths_are_converted_with_the_game_s_scale():
    # a game scoring in tenths stores 3.1 points as 31: at Rs 10, Rs 31
    assert exact_units({"A": 31, "B": -31}, 10, Fraction(10), NPR) == \
        {"A": Fraction(31), "B": Fraction(-31)}
    m = money({"A": 31, "B": -31}, 10, money_option("2.5", "USD"))
    assert m.balances == {"A": 775, "B": -775}          # USD 7.75


balances_st = st.lists(st.integers(-10_000, 10_000), min_size=1, max_size=7).map(
    lambda vs: vs + [-sum(vs)]).map(
    lambda vs: {f"P{i}": v for i, v in enumerate(vs)})
rates_st = st.tuples(st.integers(1, 100_000), st.integers(0, 4)).map(
    lambda t: f"{t[0] // 10 ** t[1]}.{t[0] % 10 ** t[1]:0{t[1]}d}" if t[1]
    else str(t[0]))
currencies_st = st.sampled_from(["NPR", "USD", "XYZ", "JPY"])
scales_st = st.sampled_from([1, 10, 100])


@given(balances_st, rates_st, currencies_st, scales_st)
def test_money_balances_always_sum_to_zero_each_within_one_unit_of_exact(
        balances, rate, code, scale):
    option = money_option(rate, code)
    m = money(balances, scale, option)
    assert sum(m.balances.values()) == 0
    exact = exact_units(balances, scale, option.rate, option.currency)
    for p in balances:
        assert abs(m.balances[p] - exact[p]) < 1
        assert (m.balances[p] != exact[p]) == (p in {r.player for r in m.rounded})


@given(balances_st, rates_st, currencies_st, scales_st)
def test_money_transfers_pay_off_the_money_balances_exactly(balances, rate, code,
                                                             scale):
    m = money(balances, scale, money_option(rate, code))
    left = dict(m.balances)
    for t in m.transfers:
        assert t.points > 0
        left[t.giver] += t.points
        left[t.receiver] -= t.points
    assert all(v == 0 for v in left.values())


@given(st.dictionaries(st.sampled_from("ABCDEFG"),
                       st.fractions(max_denominator=1000), min_size=1))
def test_apportion_keeps_the_sum_and_moves_each_by_less_than_one(fractions):
    total = sum(fractions.values())
    # make the sum whole, as exact money balances always are
    fractions = dict(fractions)
    first = next(iter(fractions))
    fractions[first] -= total - round(total)
    paid = apportion(fractions)
    assert sum(paid.values()) == sum(fractions.values())
    assert all(abs(paid[p] - fractions[p]) < 1 for p in fractions)


# -- the command line ------------------------------------------------------------------

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
EVENING = SAMPLES / "dhumbal-evening.toml"


def test_settle_up_rate_10_gives_each_balance_and_transfer_in_rupees(cli):
    plain = json.loads(cli("settle-up", EVENING, "--json").stdout)
    result = cli("settle-up", EVENING, "--rate", "10", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    money_ = data["money"]
    assert money_["currency"] == "NPR" and money_["decimals"] == 0
    assert money_["balances"] == {p: 10 * v for p, v in plain["balances"].items()}
    assert [(t["from"], t["to"], t["amount"]) for t in money_["transfers"]] == \
        [(t["from"], t["to"], 10 * t["points"]) for t in plain["transfers"]]
    assert money_["rounded"] == []
    human = cli("settle-up", EVENING, "--rate", "10", env={"COLUMNS": "100"})
    assert "In money, at Rs 10 a point (NPR):" in human.stdout
    assert "Bikash gives Asha Rs 320" in human.stdout


def test_settle_up_shows_what_was_rounded_and_still_adds_up(cli):
    result = cli("settle-up", EVENING, "--rate", "0.333", "--currency", "usd",
                 "--json")
    data = json.loads(result.stdout)["money"]
    assert sum(data["balances"].values()) == 0 and data["decimals"] == 2
    human = cli("settle-up", EVENING, "--rate", "0.007", env={"COLUMNS": "100"})
    assert "Rounded to Rs 1:" in human.stdout and "adds up to 0" in human.stdout


@pytest.mark.parametrize("args,message", [
    (["--rate", "ten"], "a rate is money per point"),
    (["--rate", "0"], "more than 0"),
    (["--currency", "USD"], "--currency needs a rate"),
    (["--rate", "5", "--currency", "rupees"], "three-letter code"),
])
def test_a_bad_rate_or_currency_is_exit_2(cli, args, message):
    result = cli("settle-up", EVENING, *args)
    assert result.exit_code == 2 and message in result.stderr


def test_new_rate_is_stored_and_is_the_default_of_settle_up_standings_export(
        cli, tmp_path):
    path = tmp_path / "s.toml"
    result = cli("new", path, "--game", "dhumbal", "--players", "Asha,Bikash,Chandra",
                 "--rate", "2.5", "--currency", "usd")
    assert result.exit_code == 0 and "USD 2.5 a point" in result.stderr
    assert '[money]\nrate = "2.5"\ncurrency = "USD"' in path.read_text(encoding="utf-8")
    assert cli("record", path, "--call", "Asha", "--hand", "Asha=A♠",
               "--hand", "Bikash=K♠", "--hand", "Chandra=Q♠").exit_code == 0
    standings = json.loads(cli("standings", path, "--json").stdout)
    assert standings["money"]["balances"] == {"Asha": 5000, "Bikash": -2500,
                                              "Chandra": -2500}
    assert standings["money"]["balances_display"]["Asha"] == "+USD 50.00"
    human = cli("standings", path, env={"COLUMNS": "80"}).stdout
    assert "+USD 50.00" in human and "USD 2.5 a point" in human
    settle = json.loads(cli("settle-up", path, "--json").stdout)
    assert settle["money"]["rate"] == "2.5"
    again = json.loads(cli("settle-up", path, "--rate", "1", "--json").stdout)
    assert again["money"]["balances"]["Asha"] == 2000      # --rate wins; USD kept
    exported = json.loads(cli("export", path, "--format", "json").stdout)
    assert exported["money"]["balances"]["Asha"] == 5000
    csv = cli("export", path, "--format", "csv")
    assert csv.stdout.startswith("hand,dealer,winner,")     # one table (issue 27)
    assert "the money is in --format json" in " ".join(csv.stderr.split())
    md = cli("export", path, "--format", "md").stdout
    assert "- Bikash gives Asha USD 25.00" in md
    # the code only where the symbol is not it ("USD 2.5 a point (USD)" before)
    assert "Money: USD 2.5 a point: Asha +USD 50.00" in md and "(USD)" not in md
    assert cli("verify", path).exit_code == 0
    assert parse(path.read_text(encoding="utf-8"), "s").money == {
        "rate": "2.5", "currency": "USD"}


def test_money_of_a_penalty_points_session_is_exit_2(cli, tmp_path):
    path = tmp_path / "p.toml"
    refused = cli("new", path, "--game", "dhumbal", "--profile", "cardrulesplus",
                  "--players", "A,B", "--rate", "5")
    assert refused.exit_code == 2 and "penalty points" in refused.stderr
    assert not path.exists()
    result = cli("standings", SAMPLES / "dhumbal-cardrulesplus.toml", "--rate", "5")
    assert result.exit_code == 2 and "penalty points" in result.stderr


def test_dc8_standings_rate_on_penalty_points_does_not_point_back_at_standings(cli):
    """`standings --rate` on penalty points: the refusal says the rate has
    no money to count and that `standings` without it ranks the session —
    not "`scorekeeper standings` ranks it", the very command refused."""
    for command in ("standings", "export"):
        args = ["--format", "md"] if command == "export" else []
        result = cli(command, SAMPLES / "dhumbal-cardrulesplus.toml", *args,
                     "--rate", "5")
        assert result.exit_code == 2 and "(DC-8)" in result.stderr
        assert "penalty points" in result.stderr and "nothing to settle" not in result.stderr
        assert "without --rate" in result.stderr


def test_a_bad_money_table_in_a_ledger_is_named_with_its_line(cli, tmp_path):
    path = tmp_path / "s.toml"
    assert cli("new", path, "--game", "dhumbal", "--players", "A,B").exit_code == 0
    path.write_text(path.read_text(encoding="utf-8")
                    + '\n[money]\nrate = "lots"\n', encoding="utf-8")
    result = cli("standings", path)
    assert result.exit_code == 2 and "money.rate" in result.stderr


def test_new_says_the_agreed_rate_as_settle_up_says_it(cli, tmp_path):
    result = cli("new", tmp_path / "s.toml", "--game", "dhumbal", "--players",
                 "Asha,Bikash", "--rate", "10")
    assert result.exit_code == 0 and "Rs 10 a point (NPR)" in result.stderr


def test_ascii_money_notes_say_approximately_as_a_tilde(cli):
    result = cli("settle-up", EVENING, "--rate", "0.1234567", "--currency", "USD",
                 "--ascii", env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "~" in result.stdout and "≈" not in result.stdout
    assert "Rounded to USD 0.01:" in result.stdout
