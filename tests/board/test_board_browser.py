"""The board in a real browser: Debian's chromium, driven by selenium
(`-m browser`; `.ci/run` installs chromium and runs them). Outside CI
they are skipped where chromium or its driver is missing; in CI
(CI=true) they fail instead.

Set SCOREKEEPER_BOARD_SHOTS to a folder to keep the screenshots."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest
from boardkit import (
    HAND,
    HAND_2,
    HOSTILE,
    HOSTILE_FILE,
    base,
    new_ledger,
    night_ledgers,
    request,
    running,
    within,
)

pytestmark = pytest.mark.browser

CHROME_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage")   # a container's /dev/shm is small
SIZES = [(360, 740), (1280, 800)]


def _binaries() -> tuple[str | None, str | None]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    return browser, shutil.which("chromedriver")


@pytest.fixture(scope="module")
def driver():
    browser, chromedriver = _binaries()
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        browser = None
    if not (browser and chromedriver):
        if os.environ.get("CI"):
            pytest.fail("CI: chromium, chromedriver or selenium is missing")
        pytest.skip("chromium, chromedriver or selenium is not installed")
    profile = tempfile.mkdtemp(prefix="scorekeeper-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in (*CHROME_FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    chrome = webdriver.Chrome(options=options, service=Service(chromedriver))
    chrome.set_page_load_timeout(20)
    yield chrome
    chrome.quit()
    shutil.rmtree(profile, ignore_errors=True)


def _size(driver, width: int, height: int) -> None:
    """The viewport of a phone or a laptop (headless windows have a minimum
    width, so the size is emulated)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1,
                            "mobile": width < 600})


def _text(driver) -> str:
    return str(driver.execute_script("return document.body.innerText"))


def _shot(driver, name: str) -> None:
    folder = os.environ.get("SCOREKEEPER_BOARD_SHOTS")
    if folder:
        driver.save_screenshot(str(Path(folder) / f"{name}.png"))


@pytest.fixture
def evening(cli, tmp_path):
    path = new_ledger(cli, tmp_path / "evening.toml")
    assert cli("record", path, *HAND).exit_code == 0
    return path


@pytest.mark.parametrize("width,height", SIZES)
def test_the_standings_show_without_horizontal_scroll(driver, evening, width, height):
    _size(driver, width, height)
    with running([evening]) as server:
        driver.get(f"http://127.0.0.1:{server.server_address[1]}{base(server)}")
        places = driver.execute_script(
            "return Array.from(document.querySelectorAll('.standings tbody tr'))"
            ".map(r => r.innerText.replace(/\\s+/g, ' ').trim())")
        assert sorted(p.split(" ")[1] for p in places) == ["Asha", "Bikash", "Chandra"]
        assert [p.split(" ")[0] for p in places][0] == "1"
        assert "Next dealer" in _text(driver)
        assert within(5, lambda: driver.execute_script(
            "return document.querySelector('.chart img').naturalWidth") > 0)
        wide, seen = driver.execute_script(
            "return [document.documentElement.scrollWidth, window.innerWidth]")
        assert wide <= seen, f"{wide}px of page in a {seen}px window"
        _shot(driver, f"board-{width}x{height}")


def test_a_hand_recorded_with_the_cli_shows_within_2_seconds(driver, cli, evening):
    _size(driver, 360, 740)
    with running([evening]) as server:
        driver.get(f"http://127.0.0.1:{server.server_address[1]}{base(server)}")
        assert "Hand 2" not in _text(driver)
        assert cli("record", evening, *HAND_2).exit_code == 0
        written = time.monotonic()
        assert within(2.0, lambda: "Hand 2" in _text(driver), 0.02)
        assert time.monotonic() - written < 2.0
        assert "Live" in driver.find_element("id", "live").text


def test_a_hostile_name_runs_no_script(driver, cli, tmp_path):
    path = new_ledger(cli, tmp_path / HOSTILE_FILE, HOSTILE)
    hand = ["--call", "Chandra", "--hand", f"{HOSTILE[0]}=K♠ Q♠",
            "--hand", f"{HOSTILE[1]}=K♥ Q♥", "--hand", "Chandra=A♠"]
    assert cli("record", path, *hand).exit_code == 0
    _size(driver, 360, 740)
    with running([path]) as server:
        driver.get(f"http://127.0.0.1:{server.server_address[1]}{base(server)}")
        driver.execute_script("window.__ran = 0; window.alert = () => { window.__ran++; };")
        assert cli("record", path, *hand).exit_code == 0        # drawn by the live path too
        assert within(2.0, lambda: "Hand 2" in _text(driver), 0.02)
        text = _text(driver)
        assert HOSTILE[0] in text and HOSTILE[1] in text and HOSTILE_FILE in text
        assert driver.execute_script("return window.__ran") == 0
        # the one image is the board's chart, drawn from the same escaped names
        assert driver.execute_script(
            "return Array.from(document.images).map(i => i.getAttribute('src')"
            ".replace(/=.*/, ''))") == ["chart/0.svg?v"]
        assert driver.execute_script("return Array.from(document.scripts).map(s => s.src)"
                                     ) == [f"http://127.0.0.1:{server.server_address[1]}"
                                           "/board.js"]
        _shot(driver, "board-hostile-360x740")


def test_under_lan_a_request_without_the_token_is_refused(driver, evening):
    _size(driver, 1280, 800)
    with running([evening], lan=True) as server:
        port = server.server_address[1]
        driver.get(f"http://127.0.0.1:{port}/")
        assert "Not found" in _text(driver) and "Asha" not in _text(driver)
        driver.get(f"http://127.0.0.1:{port}/{server.token}/")
        assert "Asha" in _text(driver) and "Next dealer" in _text(driver)


def test_a_phone_that_slept_catches_up_when_it_wakes(driver, cli, evening):
    _size(driver, 360, 740)
    with running([evening]) as server:
        driver.get(f"http://127.0.0.1:{server.server_address[1]}{base(server)}")
        # asleep: the page frozen, its timers stopped, while a hand is recorded
        driver.execute_cdp_cmd("Page.setWebLifecycleState", {"state": "frozen"})
        assert cli("record", evening, *HAND_2).exit_code == 0
        time.sleep(1.0)
        driver.execute_cdp_cmd("Page.setWebLifecycleState", {"state": "active"})
        assert within(2.0, lambda: "Hand 2" in _text(driver), 0.02)


def test_the_changes_sent_make_the_same_page_as_the_whole_board(driver, cli, tmp_path):
    # what board.json sends after a change (the new items, how many old ones
    # to keep) and what board.js does with it: the page the whole board makes
    one = new_ledger(cli, tmp_path / "one.toml")
    two = new_ledger(cli, tmp_path / "two.toml")
    assert cli("record", one, *HAND).exit_code == 0
    _size(driver, 360, 740)
    with running([one, two]) as server:
        driver.get(f"http://127.0.0.1:{server.server_address[1]}{base(server)}")
        driver.execute_script("var l = document.querySelector('#game-0 ol.history');"
                              "l.closest('section').stays = true;"
                              "l.lastElementChild.oldest = true;")
        for step in (("record", two, *HAND), ("record", one, *HAND_2),
                     ("record", one, *HAND), ("undo", one, "--yes"),
                     ("amend", one, "2", *HAND), ("rename", two, "Bikash", "Binod"),
                     ("amend", one, "1", *HAND_2)):
            assert cli(*step).exit_code == 0, step
            whole = json.loads(request(server, "/board.json")[2])
            version = whole["version"]
            assert within(3, lambda v=version: driver.execute_script(
                "return document.getElementById('board').getAttribute('data-version')")
                == v), step
            made, shown = driver.execute_script(
                "var t = document.createElement('template'); t.innerHTML = arguments[0];"
                "return [t.innerHTML, document.getElementById('board').innerHTML];",
                whole["html"])
            assert shown == made, step
            # the section, its list and hand 1's item stay in the page (a list
            # of 20,000 items put back takes seconds), but when hand 1 changed
            assert driver.execute_script(
                "var l = document.querySelector('#game-0 ol.history');"   # one's
                "return [l.closest('section').stays, l.lastElementChild.oldest];") == (
                    [None, None] if step[:3] == ("amend", one, "1") else [True, True]), step


@pytest.mark.parametrize("width,height", [(360, 780), (1280, 800)])
def test_issue38_the_night_of_four_ledgers_of_three_games(driver, cli, tmp_path, width,
                                                          height):
    paths = night_ledgers(cli, tmp_path)
    _size(driver, width, height)
    with running(paths) as server:
        driver.get(f"http://127.0.0.1:{server.server_address[1]}{base(server)}")
        # the first screen: a link to each game, then the night's money
        tabs = driver.execute_script(
            "return Array.from(document.querySelectorAll('nav.tabs a')).map(a => a.innerText)")
        assert [t.split(" · ")[0] for t in tabs] == ["Call Break", "Call Break", "Marriage",
                                                      "Dhumbal"]
        night = driver.find_element("css selector", "section.night")
        assert night.location["y"] < height
        assert "Money" in night.text and " gives " in night.text
        assert "Marriage" in night.text and "no stake agreed" in night.text
        assert "--" not in night.text
        wide, seen = driver.execute_script(
            "return [document.documentElement.scrollWidth, window.innerWidth]")
        assert wide <= seen, f"{wide}px of page in a {seen}px window"
        assert within(10, lambda: driver.execute_script(
            "return Array.from(document.querySelectorAll('.chart img'))"
            ".every(i => i.complete && i.naturalWidth > 0)"))
        # the chart's labels are 15 of its 400 units: at least 12 px as drawn
        drawn = driver.execute_script(
            "return Array.from(document.querySelectorAll('.chart img')).map(i => i.width)")
        assert len(drawn) == 4 and min(drawn) * 15 / 400 >= 12, drawn
        _shot(driver, f"night-{width}x{height}")
        driver.find_element("css selector", 'nav.tabs a[href="#game-1"]').click()
        assert within(2, lambda: abs(driver.execute_script(
            "return document.getElementById('game-1').getBoundingClientRect().top")) < 40)
        _shot(driver, f"night-marriage-{width}x{height}")
        # a hand of Dhumbal: its game moves to the top, its section kept
        driver.execute_script("document.getElementById('game-0').stays = true;")
        assert cli("record", paths[0], *HAND).exit_code == 0
        assert within(3, lambda: driver.execute_script(
            "return document.querySelector('section.sheet').id") == "game-0")
        assert driver.execute_script("return document.getElementById('game-0').stays")
        assert driver.execute_script(
            "return document.querySelector('nav.tabs a').getAttribute('href')") == "#game-0"


def test_cb18_calls_saved_alone_show_at_once_and_a_note_with_its_hand(driver, cli,
                                                                      tmp_path):
    """Issue 38 items 6 and 3 in the browser: the calls of a deal being
    played show within seconds of `record --bid`; the deal completed with
    a note shows the note in its history item, the calls line gone."""
    paths = night_ledgers(cli, tmp_path)
    club = paths[2]                                     # callbreak.toml
    _size(driver, 360, 780)
    with running(paths) as server:
        driver.get(f"http://127.0.0.1:{server.server_address[1]}{base(server)}")
        assert cli("record", club, "--bid", "Asha=2,Bikash=3,Chandra=4,Dipak=2"
                   ).exit_code == 0
        assert within(3, lambda: "Calls: Asha 2, Bikash 3, Chandra 4, Dipak 2; hand 3 is "
                      "being played" in driver.find_element("tag name", "body").text)
        assert cli("record", club, "--won", "Asha=2,Bikash=3,Chandra=5,Dipak=3",
                   "--note", "<b>redeal</b>").exit_code == 0
        assert within(3, lambda: "note: <b>redeal</b>" in
                      driver.find_element("tag name", "body").text)
        body = driver.find_element("tag name", "body").text
        assert "hand 3 is being played" not in body
        assert driver.execute_script(          # the note's markup shown, never made
            "return Array.from(document.querySelectorAll('b'))"
            ".filter(b => b.innerText === 'redeal').length") == 0
