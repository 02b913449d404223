"""What the board's tests share: a ledger made with the CLI, a board
server run in this process on 127.0.0.1 (stopped by the test), and
requests made without following redirects."""

from __future__ import annotations

import http.client
import os
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from scorekeeper.commands import board_server

HAND = ["--call", "Asha", "--hand", "Asha=A♦ A♣ A♥ 2♦", "--hand", "Bikash=2♠ 3♣",
        "--hand", "Chandra=9♥"]
HAND_2 = ["--call", "Bikash", "--hand", "Asha=7♠", "--hand", "Bikash=A♠ 2♥",
          "--hand", "Chandra=K♥ Q♦"]
HOSTILE = ("<script>alert(1)</script>", "<img src onerror>", "Chandra")
HOSTILE_FILE = "<img src=x onerror=alert(3)>.toml"


def new_ledger(cli, path: Path, players=("Asha", "Bikash", "Chandra"), *extra: str) -> Path:
    done = cli("new", path, "--game", "dhumbal", "--players", ",".join(players), *extra)
    assert done.exit_code == 0, done.stderr
    return path


@contextmanager
def running(paths, lan: bool = False) -> Iterator[board_server.BoardServer]:
    """A board server on a free port in a thread; shut down at the end."""
    server = board_server.open_server(board_server.Board(list(paths)), lan, 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def request(server, path: str, method: str = "GET",
            host: str = "127.0.0.1") -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection(host, server.server_address[1], timeout=30)
    try:
        conn.request(method, path)
        answer = conn.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        conn.close()


def base(server) -> str:
    return f"/{server.token}/" if server.token else "/"


def within(seconds: float, check: Callable[[], bool], step: float = 0.05) -> bool:
    """Whether `check` holds within `seconds` (a bounded wait)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(step)
    return check()


def night_ledgers(cli, folder: Path) -> list[Path]:
    """Four ledgers of three games, as an evening leaves them (issue 38):
    Dhumbal and two Call Break games each agreed a stake (one paid by
    place, CB-14), Marriage none; written one after another, Call Break's
    second game last."""
    made = [("dhumbal.toml", ["--game", "dhumbal", "--players", "Asha,Bikash,Chandra",
                              "--rate", "10"], [HAND, HAND_2]),
            ("marriage.toml", ["--game", "marriage", "--players", "Asha,Bikash,Chandra"],
             [["--finish", "Bikash", "--seen", "Asha", "--hand", "Bikash=shown:12",
               "--hand", "Asha=7", "--hand", "Chandra=0"]]),
            ("callbreak.toml", ["--game", "callbreak", "--players",
                                "Asha,Bikash,Chandra,Dipak", "--rate", "10"],
             [["--bid", "Asha=3,Bikash=2,Chandra=4,Dipak=3",
               "--won", "Asha=4,Bikash=2,Chandra=4,Dipak=3"],
              ["--bid", "Asha=2,Bikash=5,Chandra=1,Dipak=3",
               "--won", "Asha=1,Bikash=6,Chandra=3,Dipak=3"]]),
            ("callbreak-2.toml", ["--game", "callbreak", "--players",
                                  "Asha,Bikash,Chandra,Dipak", "--rate", "5",
                                  "--set", "payout=places"],
             [["--bid", "Asha=3,Bikash=2,Chandra=4,Dipak=3",
               "--won", "Asha=4,Bikash=2,Chandra=4,Dipak=3"]])]
    paths = []
    for minutes, (name, how, hands) in enumerate(made):
        path = folder / name
        done = cli("new", path, *how)
        assert done.exit_code == 0, done.stderr
        for hand in hands:
            done = cli("record", path, *hand)
            assert done.exit_code == 0, done.stderr
        at = time.time() - 3600 + 20 * 60 * minutes      # 20 minutes apart
        os.utime(path, (at, at))
        paths.append(path)
    return paths
