"""Dates as a Nepali reader reads them (issue 39, item 8): a payment's
time, stored in UTC, is said in Nepali as its local date in Bikram
Sambat, with the month's Nepali name and the reader's digits; English
as its local date (issue 38, item 10); the ledger and JSON keep the
stamp."""

from __future__ import annotations

import pytest

from helpers import run_main
from scorekeeper.core import language
from scorekeeper.core.language import Said, When, date, say


@pytest.mark.parametrize("stamp, said", [
    ("2026-12-07T06:00:00Z", "२०८३ मंसिर २१"),
    ("2024-04-13T06:00:00Z", "२०८१ वैशाख १"),      # BS new year 2081
    ("2023-04-14T06:00:00Z", "२०८० वैशाख १"),      # BS new year 2080
    ("2025-04-14T06:00:00Z", "२०८२ वैशाख १"),      # BS new year 2082
])
def test_a_date_in_nepali_is_bikram_sambat(stamp, said, kathmandu):
    language.use("ne")
    assert date(stamp) == said


def test_the_date_is_the_local_one(kathmandu):
    language.use("ne")       # 21:40 UTC is 03:25 the next morning in Kathmandu
    assert date("2026-12-05T21:40:05Z") == "२०८३ मंसिर २०"


def test_latin_digits_asked_write_the_date_in_them(kathmandu):
    language.use("ne", devanagari_digits=False)
    assert date("2026-12-07T06:00:00Z") == "2083 मंसिर 21"


def test_english_says_the_local_date_and_keeps_the_stamp_for_json(kathmandu):
    """Issue 38, item 10: the reader's local date in English too (21:40
    UTC is the next morning in Kathmandu); the message's English text,
    which --json gives, keeps the stamp."""
    language.use("en")
    assert date("2026-12-05T21:40:05Z") == "2026-12-06"
    said = Said("paid {at}", at=When("2026-12-05T21:40:05Z"))
    assert said == "paid 2026-12-05T21:40:05Z"
    assert say(said) == "paid 2026-12-06"


def test_english_keeps_a_stamp_that_is_not_one():
    language.use("en")
    assert date("yesterday") == "yesterday"
    assert say(Said("paid {at}", at=When("yesterday"))) == "paid yesterday"


def test_a_when_in_a_message_is_said_as_its_date(kathmandu):
    language.use("ne")
    said = Said("{path}: hand {number} is settled (paid {at}): `scorekeeper undo "
                "{path} --paid` takes the payment back first", path="x.toml", number=1,
                at=When("2026-12-07T06:00:00Z"))
    assert "2026-12-07T06:00:00Z" in said.english          # the English, for --json
    assert "२०८३ मंसिर २१" in say(said) and "T06" not in say(said)


def test_a_stamp_outside_the_calendar_is_shown_as_stored():
    language.use("ne")
    assert date("1900-01-01T00:00:00Z") == "1900-01-01T00:00:00Z"
    assert date("not a time") == "not a time"


def test_settle_up_paid_then_standings_say_the_date_in_nepali(tmp_path, monkeypatch,
                                                               capsys, kathmandu):
    monkeypatch.chdir(tmp_path)
    assert run_main(["new", "--game", "dhumbal", "--players", "A,B,C", "x.toml"],
                    capsys)[0] == 0
    assert run_main(["record", "x.toml", "--call", "A", "--hand", "A=2", "--hand", "B=9",
                     "--hand", "C=5"], capsys)[0] == 0
    assert run_main(["settle-up", "x.toml", "--paid"], capsys)[0] == 0
    stamp = (tmp_path / "x.toml").read_text("utf-8").split('at = "', 1)[1][:20]
    code, out, err = run_main(["--lang", "ne", "standings", "x.toml"], capsys)
    assert code == 0, err
    language.use("ne")
    assert date(stamp) in " ".join(out.split()) and stamp not in out
    code, out, err = run_main(["standings", "x.toml"], capsys)
    language.use("en")
    assert date(stamp) in out and stamp not in out


def test_a_hands_recorded_time_is_its_local_date(kathmandu):
    """A hand's `recorded` (issue 38, item 3) is read as the reader's
    local date: English ISO, Nepali Bikram Sambat; a text that is no time,
    as it is."""
    language.use("en")      # 21:40 at +00:00 is 03:25 the next day in Kathmandu
    assert date("2026-12-05T21:40:05+00:00") == "2026-12-06"
    assert date("2026-12-06T03:25:05+05:45") == "2026-12-06"
    assert date("not a time") == "not a time"
    language.use("ne")
    assert date("2026-12-05T21:40:05+00:00") == "२०८३ मंसिर २०"
