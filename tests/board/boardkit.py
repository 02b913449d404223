"""What the board's tests share: a ledger made with the CLI, a board
server run in this process on 127.0.0.1 (stopped by the test), and
requests made without following redirects."""

from __future__ import annotations

import http.client
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
