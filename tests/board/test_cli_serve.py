"""`scorekeeper serve` as a process: the URL on the first line of stdout,
a free port when the one asked is taken, --lan's token, a path that is no
ledger refused before serving, Ctrl-C exits 0; the board's modules loaded
by no other command."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from urllib.parse import urlsplit

import pytest
from boardkit import HAND, new_ledger

from scorekeeper.commands import serve

# `serve` as a real process, stopped with Ctrl-C: in `-m slow`, which .ci/run runs
pytestmark = pytest.mark.slow


def _start(*args: str) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen([sys.executable, "-m", "scorekeeper", "serve", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "NO_COLOR": "1"})
    return process, process.stdout.readline().strip()


def _stop(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    """Ctrl-C; a board still running 10 s later is killed (and fails)."""
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        pytest.fail(f"serve did not stop on Ctrl-C:\n{err}")
    return process.returncode, out, err


def _get(url: str, path: str | None = None) -> int:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection("127.0.0.1", parts.port, timeout=5)
    try:
        conn.request("GET", parts.path if path is None else path)
        return conn.getresponse().status
    finally:
        conn.close()


def test_serve_prints_the_url_first_and_ctrl_c_exits_0(cli, tmp_path):
    path = new_ledger(cli, tmp_path / "evening.toml")
    assert cli("record", path, *HAND).exit_code == 0
    process, url = _start(str(path), "--port", "0")
    try:
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        assert _get(url) == 200
        # a phone asleep mid-connection does not hold up Ctrl-C
        asleep = socket.create_connection(("127.0.0.1", urlsplit(url).port))
        assert _get(url) == 200
    finally:
        began = time.monotonic()
        code, out, err = _stop(process)
        asleep.close()
    assert time.monotonic() - began < 3
    assert code == 0
    assert out == ""                       # not a terminal: no QR code
    assert "Ctrl-C stops it" in err and "Traceback" not in err


def test_a_taken_port_gives_a_free_one_and_the_url_says_which(cli, tmp_path):
    path = new_ledger(cli, tmp_path / "evening.toml")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process, url = _start(str(path), "--port", str(port), "--no-qr")
        try:
            assert urlsplit(url).port not in (port, None)
            assert _get(url) == 200
        finally:
            assert _stop(process)[0] == 0


def test_lan_binds_every_address_behind_a_token(cli, tmp_path):
    path = new_ledger(cli, tmp_path / "evening.toml")
    process, url = _start(str(path), "--lan", "--port", "0")
    try:
        token = urlsplit(url).path.strip("/")
        assert len(token) >= 22 and "/" not in token
        assert _get(url) == 200                      # reached through 127.0.0.1
        assert _get(url, "/") == 404
        assert _get(url, "/board.json") == 404
    finally:
        assert _stop(process)[0] == 0


def test_a_path_that_is_no_ledger_is_refused_before_serving(tmp_path):
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "serve",
                           str(tmp_path / "missing.toml"), "--port", "0"],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and done.stdout == ""
    assert "missing.toml" in done.stderr


def test_the_same_ledger_twice_is_refused(cli, tmp_path):
    path = new_ledger(cli, tmp_path / "evening.toml")
    done = cli("serve", path, path)
    assert done.exit_code == 2 and "given twice" in done.stderr


def test_the_qr_code_of_a_lan_url_fits_40_columns(capsys):
    # the longest --lan URL: an address of 15 characters, a 5-digit port
    serve._draw_qr("http://192.168.100.100:65535/" + "x" * 32 + "/")
    drawn = capsys.readouterr().out.splitlines()
    assert len(drawn) >= 15 and {len(line) for line in drawn} == {39}


# the heavy part: `--help` builds every command, `serve`'s typer signature too
BOARD_MODULES = ("http.server", "socketserver", "segno",
                 "scorekeeper.commands.board_server")
PLOTTING = ("pygal", "plotext")


@pytest.mark.parametrize("argv,absent", [
    (["standings", "LEDGER"], BOARD_MODULES), (["record", "LEDGER", *HAND], BOARD_MODULES),
    (["export", "LEDGER", "--format", "csv"], BOARD_MODULES + PLOTTING + ("rich",)),
    (["check", "call", "--hand", "A♠ 2♠"], BOARD_MODULES), (["--help"], BOARD_MODULES),
])
def test_no_other_command_loads_the_board(cli, tmp_path, argv, absent):
    path = new_ledger(cli, tmp_path / "evening.toml")
    argv = [str(path) if a == "LEDGER" else a for a in argv]
    code = ("import sys\nfrom scorekeeper.cli import main\n"
            f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
            f"print(sorted(m for m in {absent!r} if m in sys.modules),"
            " file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, timeout=60)
    assert done.stderr.strip().splitlines()[-1] == "[]", done.stderr


def test_on_a_terminal_the_url_comes_first_then_its_qr_code(cli, tmp_path, monkeypatch):
    # the real serve_forever is run by the tests above; here Ctrl-C comes at once
    from scorekeeper.commands import board_server

    def interrupted(self, poll_interval=0.5):
        raise KeyboardInterrupt

    monkeypatch.setattr(board_server.BoardServer, "serve_forever", interrupted)
    monkeypatch.setattr(serve, "stdout_is_terminal", lambda: True)
    path = new_ledger(cli, tmp_path / "evening.toml")
    done = cli("serve", path, "--port", "0")
    assert done.exit_code == 0
    first, *qr = done.stdout.splitlines()
    assert first.startswith("http://127.0.0.1:") and len(qr) >= 15
    assert "The board is closed." in done.stderr
    assert cli("serve", path, "--port", "0", "--no-qr").stdout.count("\n") == 1
