"""The board's holes hostile input found (issue 40), each closed: `Host`
checked without --lan (DNS rebinding), a non-ASCII digit in a path, the
security headers on every error answer, one address holding every slot,
a slow read freezing the board, and the whole history sent on every
change. Servers on 127.0.0.1 in this process; every wait bounded."""

from __future__ import annotations

import json
import os
import socket
import threading

import pytest
from boardkit import HAND, HAND_2, base, new_ledger, request, running, within

from scorekeeper.commands import board_server

SAFE = {"content-security-policy": "default-src 'none'; script-src 'self'",
        "x-content-type-options": "nosniff", "x-frame-options": "DENY",
        "referrer-policy": "no-referrer", "cache-control": "no-store"}


@pytest.fixture
def evening(cli, tmp_path):
    path = new_ledger(cli, tmp_path / "evening.toml")
    assert cli("record", path, *HAND).exit_code == 0
    return path


def raw(server, data: bytes, source: str = "127.0.0.1") -> tuple[str, dict[str, str], bytes]:
    """`data` sent as it is; the status line, headers and body answered."""
    with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10,
                                  source_address=(source, 0)) as conn:
        conn.sendall(data)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines)}
    return status, headers, body


def asked(server, path: str = "/", host: str | None = None, more: str = "") -> bytes:
    port = server.server_address[1]
    named = f"Host: {host if host is not None else f'127.0.0.1:{port}'}\r\n" \
        if host != "" else ""
    return f"GET {path} HTTP/1.0\r\n{named}{more}\r\n".encode("latin-1")


def carries_the_safety_headers(headers: dict[str, str]) -> bool:
    return all(value in headers.get(key, "") for key, value in SAFE.items())


# -- Host (DNS rebinding) ----------------------------------------------------------

@pytest.mark.parametrize("host", ["evil.example:{port}", "127.0.0.1", "localhost",
                                  "127.0.0.1:{other}", "localhost.:{port}",
                                  "127.0.0.2:{port}", "evil.example", ""])
def test_without_lan_a_host_not_this_machine_s_loopback_gets_nothing(evening, host):
    with running([evening]) as server:
        port = server.server_address[1]
        status, headers, body = raw(server, asked(
            server, host=host.format(port=port, other=port + 1)))
        assert status == "HTTP/1.0 421 Misdirected Request"
        assert body == b"421 Misdirected Request.\n" and carries_the_safety_headers(headers)
        for path in ("/board.json", "/board.js", "/chart/0.svg"):
            assert raw(server, asked(server, path, host.format(
                port=port, other=port + 1)))[0].endswith("421 Misdirected Request")


def test_without_lan_two_host_headers_get_nothing(evening):
    with running([evening]) as server:
        port = server.server_address[1]
        twice = asked(server, more=f"Host: evil.example:{port}\r\n")
        assert raw(server, twice)[0] == "HTTP/1.0 421 Misdirected Request"


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}",
                                  "LocalHost:{port}"])
def test_without_lan_the_loopback_names_and_port_are_served(evening, host):
    with running([evening]) as server:
        status, headers, body = raw(server, asked(
            server, host=host.format(port=server.server_address[1])))
        assert status == "HTTP/1.0 200 OK" and b"Asha" in body


def test_under_lan_any_host_is_served_with_the_token_and_none_without(evening):
    with running([evening], lan=True) as server:
        port = server.server_address[1]
        for host in (f"192.168.1.5:{port}", f"laptop.local:{port}", f"evil.example:{port}"):
            status, _, body = raw(server, asked(server, base(server), host))
            assert status == "HTTP/1.0 200 OK" and b"Asha" in body
            status, _, body = raw(server, asked(server, "/", host))
            assert status == "HTTP/1.0 404 Not Found" and b"Asha" not in body


# -- a digit that is not ASCII ---------------------------------------------------

@pytest.mark.parametrize("number", [b"\xb2", b"\xb3", b"\xb9", b"1\xb2", "१".encode(),
                                    "٣".encode(), b"\xbd"])
@pytest.mark.parametrize("lan", [False, True])
def test_a_non_ascii_digit_in_a_chart_s_path_is_404(evening, capsys, number, lan):
    with running([evening], lan=lan) as server:
        path = base(server).encode() + b"chart/" + number + b".svg"
        port = server.server_address[1]
        status, headers, body = raw(
            server, b"GET " + path + b" HTTP/1.0\r\nHost: 127.0.0.1:%d\r\n\r\n" % port)
        assert status == "HTTP/1.0 404 Not Found" and body == b"Not found.\n"
        assert carries_the_safety_headers(headers)
        assert request(server, base(server) + "board.json")[0] == 200
    assert capsys.readouterr().err == ""


# -- every error answer carries the headers of a page ------------------------------

@pytest.mark.parametrize("sent,status", [
    (b"GET / HTTP/1.0 more\r\n\r\n", "400 Bad Request"),
    (b"GET / HTTP/x.y\r\n\r\n", "400 Bad Request"),
    (b"GET / HTTP/2.0\r\n\r\n", "505 HTTP Version Not Supported"),
    (b"GET /" + b"a" * 70000 + b" HTTP/1.0\r\n\r\n", "414 Request-URI Too Long"),
    (b"GET / HTTP/1.0\r\nX: " + b"a" * 70000 + b"\r\n\r\n", "431 Request Header Fields Too Large"),
    (b"GET / HTTP/1.0\r\n" + b"X: y\r\n" * 101 + b"\r\n", "431 Request Header Fields Too Large"),
    (b"GET /\r\n", "505 HTTP Version Not Supported"),          # HTTP/0.9
    (b"POST /\r\n", "505 HTTP Version Not Supported"),
    (b"GET / \r\nHost: 127.0.0.1\r\n\r\n", "505 HTTP Version Not Supported"),
])
def test_every_error_answer_carries_the_headers_of_a_page(evening, capsys, sent, status):
    with running([evening]) as server:
        said, headers, body = raw(server, sent)
        assert said == f"HTTP/1.0 {status}"
        assert body == f"{status}.\n".encode() and b"Asha" not in body
        assert carries_the_safety_headers(headers) and headers["connection"] == "close"
    assert capsys.readouterr().err == ""


def test_an_error_answer_to_head_has_no_body(evening):
    with running([evening]) as server:
        port = server.server_address[1]
        status, headers, body = raw(server, b"HEAD / HTTP/1.0\r\nHost: x:%d\r\n\r\n" % port)
        assert status == "HTTP/1.0 421 Misdirected Request" and body == b""
        assert carries_the_safety_headers(headers)


# -- one address cannot hold every slot --------------------------------------------

def test_one_address_holds_at_most_per_address_slots_and_others_are_served(
        evening, monkeypatch):
    monkeypatch.setattr(board_server, "MAX_OPEN", 8)
    monkeypatch.setattr(board_server, "PER_ADDRESS", 3)
    with running([evening], lan=True) as server:
        port = server.server_address[1]
        idle = [socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.1", 0))
                for _ in range(10)]
        try:
            for s in idle:
                s.settimeout(0.5)
            # 3 held, silent and without the token; the 7 others closed at once
            shut = 0
            for s in idle[3:]:
                shut += s.recv(1) == b""
            assert shut == 7
            # another machine (here 127.0.0.2) still gets the board at once
            status, _, body = raw(server, asked(server, base(server)), source="127.0.0.2")
            assert status == "HTTP/1.0 200 OK" and b"Asha" in body
        finally:
            for s in idle:
                s.close()
        assert within(3, lambda: server._open == {})


# -- a slow read freezes nobody ----------------------------------------------------

def test_while_one_slow_read_goes_on_every_other_request_is_answered(cli, evening):
    reads: list[str] = []
    go_on = threading.Event()

    def slow(path):
        reads.append("read")
        if len(reads) == 2:                 # the read after the write: held
            assert go_on.wait(20)
        return board_server.read_ledger(path)

    shown = board_server.Board([evening], slow)
    with running([evening]) as server:
        server.board = shown
        version = json.loads(request(server, "/board.json")[2])["version"]
        assert cli("record", evening, *HAND_2).exit_code == 0
        answered: list[bytes] = []
        reader = threading.Thread(
            target=lambda: answered.append(request(server, "/board.json")[2]))
        reader.start()
        try:
            assert within(5, lambda: len(reads) == 2)
            # the board as it was, at once, while the read is held
            assert request(server, f"/board.json?v={version}")[0] == 204
            code, _, page = request(server, "/")
            assert code == 200 and b"<b>Hand 1</b>" in page and b"Hand 2" not in page
            assert request(server, "/board.js")[0] == 200
        finally:
            go_on.set()
            reader.join(20)
        assert b"<b>Hand 2</b>" in answered[0]
        assert json.loads(request(server, f"/board.json?v={version}")[2])["version"] != version
        assert len(reads) == 2


# -- what changed, not the whole history -------------------------------------------

ITEM = "<li><p><b>"          # a hand's item of the history


def _state(server, version: str = "") -> dict:
    code, _, data = request(server, "/board.json" + (f"?v={version}" if version else ""))
    assert code == 200
    return json.loads(data)


def test_the_board_sends_what_changed_not_the_whole_history(cli, evening):
    with running([evening]) as server:
        first = _state(server)["version"]
        assert cli("record", evening, *HAND_2).exit_code == 0
        second = _state(server, first)
        [sheet] = second["sheets"]
        assert sheet["keep"] == 1 and sheet["html"].count(ITEM) == 1
        assert cli("record", evening, *HAND).exit_code == 0
        # a page two versions behind gets the two new hands
        [sheet] = _state(server, first)["sheets"]
        assert sheet["keep"] == 1 and sheet["html"].count(ITEM) == 2
        assert "<b>Hand 3</b>" in sheet["html"] and "<b>Hand 2</b>" in sheet["html"]
        third = _state(server, second["version"])
        assert third["sheets"][0]["keep"] == 2
        assert cli("undo", evening, "--yes").exit_code == 0
        [sheet] = _state(server, third["version"])["sheets"]
        assert sheet["keep"] == 2 and ITEM not in sheet["html"]
        # hand 1 amended: every running total after it changes, every item is sent
        assert cli("amend", evening, "1", *HAND_2).exit_code == 0
        [sheet] = _state(server, third["version"])["sheets"]
        assert sheet["keep"] == 0 and sheet["html"].count(ITEM) == 2
        # a version the board no longer knows: the whole board
        whole = _state(server, "0" * 20)
        assert set(whole) == {"version", "html"} and whole["html"].count(ITEM) == 2


def test_a_ledger_that_did_not_change_is_sent_as_null(cli, tmp_path):
    one = new_ledger(cli, tmp_path / "one.toml")
    two = new_ledger(cli, tmp_path / "two.toml")
    os.utime(one, (1_000_000, 1_000_000))   # written long ago: two's section is first
    with running([one, two]) as server:
        version = _state(server)["version"]
        assert cli("record", two, *HAND).exit_code == 0
        changed = _state(server, version)
        assert changed["sheets"][0]["keep"] == 0 and changed["sheets"][1] is None
        assert 'class="night"' in changed["night"]
        whole = _state(server)["html"]
        assert whole.startswith(changed["night"]) and changed["sheets"][0]["html"] in whole


def test_issue38_the_game_written_last_moves_up(cli, tmp_path):
    one = new_ledger(cli, tmp_path / "one.toml")
    two = new_ledger(cli, tmp_path / "two.toml")
    # two, written before one's hand: its title never one's, whose section
    # alone changes (two sections of one title would both name their file)
    os.utime(one, (1_000_000, 1_000_000))
    os.utime(two, (2_000_000, 2_000_000))
    with running([one, two]) as server:
        first = _state(server)
        assert first["html"].index('id="game-1"') < first["html"].index('id="game-0"')
        assert cli("record", one, *HAND).exit_code == 0
        changed = _state(server, first["version"])
        assert changed["order"] == [0, 1] and changed["sheets"][1] is None
        html = _state(server)["html"]
        assert html.index('id="game-0"') < html.index('id="game-1"')
        tabs = html[html.index('<nav class="tabs"'):html.index("</nav>")]
        assert tabs.index('href="#game-0"') < tabs.index('href="#game-1"')


def test_the_items_of_hands_that_did_not_change_are_not_drawn_again(cli, evening):
    shown = board_server.Board([evening])
    before = shown.current().histories[0]
    assert cli("record", evening, *HAND_2).exit_code == 0
    after = shown.current().histories[0]
    assert after.items[0] is before.items[0] and len(after.items) == 2
