"""The board's server (commands/board_server.py), run in this process on
127.0.0.1: read-only (GET and HEAD; 405 else), nothing served but the
board, the --lan token, a write seen by the next poll, a ledger that does
not verify keeping its last good board, and open connections bounded."""

from __future__ import annotations

import json
import re
import socket
import threading
import time

import pytest
from boardkit import HAND, HAND_2, base, new_ledger, request, running, within

from scorekeeper.commands import board_server


@pytest.fixture
def evening(cli, tmp_path):
    path = new_ledger(cli, tmp_path / "evening.toml")
    assert cli("record", path, *HAND).exit_code == 0
    return path


def test_the_page_its_script_and_its_state_are_served(evening):
    with running([evening]) as server:
        code, headers, page = request(server, "/")
        assert code == 200 and headers["content-type"].startswith("text/html")
        assert "script-src 'self'" in headers["content-security-policy"]
        assert headers["cache-control"] == "no-store"
        assert b'<script src="board.js"></script>' in page
        code, headers, script = request(server, "/board.js")
        assert code == 200 and b"board.json?v=" in script
        code, _, state = request(server, "/board.json")
        assert code == 200 and json.loads(state)["html"] in page.decode()


def test_head_answers_without_a_body(evening):
    with running([evening]) as server:
        code, headers, data = request(server, "/", "HEAD")
        assert code == 200 and data == b"" and int(headers["content-length"]) > 1000


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE",
                                    "BREW"])
def test_every_other_method_is_refused_with_405(evening, method):
    with running([evening]) as server:
        code, headers, _ = request(server, "/", method)
        assert code == 405 and headers["allow"] == "GET, HEAD"


@pytest.mark.parametrize("path", ["/evening.toml", "/../evening.toml", "/%2e%2e/etc/passwd",
                                  "/etc/passwd", "/board.js/../../x", "/board.js/x",
                                  "/favicon.ico"])
def test_nothing_but_the_board_is_served(evening, path):
    with running([evening]) as server:
        code, _, data = request(server, path)
        assert code == 404 and b"Asha" not in data


def test_lan_needs_the_token_in_every_path(evening):
    with running([evening], lan=True) as server:
        token = server.token
        assert len(token) >= 22           # 24 random bytes, base64: 192 bits
        assert server.server_address[0] == "0.0.0.0"
        for path in ("/", "/board.js", "/board.json", f"/{token[:-1]}/",
                     f"/{token}x/", f"/x/{token}/"):
            assert request(server, path)[0] == 404, path
        assert request(server, f"/{token}/")[0] == 200
        assert request(server, f"/{token}/board.json")[0] == 200
        code, headers, _ = request(server, f"/{token}")
        assert code == 301 and headers["location"] == f"/{token}/"


def test_two_boards_get_different_tokens(evening):
    with running([evening], lan=True) as one, running([evening], lan=True) as two:
        assert one.token != two.token


def test_a_write_shows_on_the_next_poll_and_an_unchanged_board_is_204(cli, evening):
    with running([evening]) as server:
        _, _, state = request(server, base(server) + "board.json")
        version = json.loads(state)["version"]
        assert request(server, f"/board.json?v={version}")[0] == 204
        assert cli("record", evening, *HAND_2).exit_code == 0
        code, _, state = request(server, f"/board.json?v={version}")
        assert code == 200
        after = json.loads(state)
        assert after["version"] != version
        # what changed only: the section with the new hand's item, the old one kept
        [changed] = after["sheets"]
        assert changed["keep"] == 1
        assert "<b>Hand 2</b>" in changed["html"] and "<b>Hand 1</b>" not in changed["html"]


def test_rename_and_undo_show_too(cli, evening):
    with running([evening]) as server:
        assert cli("rename", evening, "Bikash", "Binod").exit_code == 0
        html = json.loads(request(server, "/board.json")[2])["html"]
        assert "Binod" in html and "Bikash" not in html
        assert cli("undo", evening, "--yes").exit_code == 0
        html = json.loads(request(server, "/board.json")[2])["html"]
        assert "No hand yet." in html


def test_a_ledger_that_does_not_verify_keeps_the_last_good_board(cli, evening):
    with running([evening]) as server:
        good = json.loads(request(server, "/board.json")[2])["html"]
        text = evening.read_text(encoding="utf-8")
        # a hand edit its ruling disagrees with (still summing to 0)
        bad = text.replace("net = { Asha = -25, Bikash = 34, Chandra = -9 }",
                           "net = { Asha = -9, Bikash = 34, Chandra = -25 }")
        assert bad != text
        evening.write_text(bad, encoding="utf-8")
        html = json.loads(request(server, "/board.json")[2])["html"]
        assert "evening.toml does not verify now (1 problem: " in html
        assert "showing the board as last read well, at " in html
        assert html.replace(html[html.index('<p class="notice"'):
                                 html.index("</p>", html.index('<p class="notice"')) + 4],
                            "") == good
        evening.write_text(text, encoding="utf-8")       # put right: the notice goes
        assert json.loads(request(server, "/board.json")[2])["html"] == good


def test_a_ledger_half_written_is_never_shown(cli, evening):
    with running([evening]) as server:
        text = evening.read_text(encoding="utf-8")
        assert cli("record", evening, *HAND_2).exit_code == 0
        full = evening.read_text(encoding="utf-8")
        evening.write_text(full[:len(text) + (len(full) - len(text)) // 2], encoding="utf-8")
        html = json.loads(request(server, "/board.json")[2])["html"]
        assert "<b>Hand 2</b>" not in html and "cannot be read now" in html


def test_the_board_reads_a_ledger_only_when_its_file_changed(evening):
    reads = []

    def counting(path):
        reads.append(path)
        return board_server.read_ledger(path)

    shown = board_server.Board([evening], counting)
    for _ in range(5):
        shown.current()
    assert len(reads) == 1


def test_open_connections_are_bounded_and_closed_when_idle(evening, monkeypatch):
    monkeypatch.setattr(board_server.Handler, "timeout", 0.3)
    monkeypatch.setattr(board_server, "MAX_OPEN", 8)
    with running([evening]) as server:
        before = threading.active_count()
        idle = [socket.create_connection(("127.0.0.1", server.server_address[1]))
                for _ in range(30)]
        time.sleep(0.2)
        assert threading.active_count() <= before + 8
        # the others are closed at once, unanswered
        for s in idle:
            s.settimeout(3)
        closed = sum(1 for s in idle if s.recv(1) == b"")
        assert closed == 30         # the first 8 after 0.3 s idle, the rest at once
        for s in idle:
            s.close()
        assert within(3, lambda: threading.active_count() <= before)
        assert request(server, "/")[0] == 200


def test_no_address_to_listen_on_is_exit_2_not_a_traceback(evening, monkeypatch):
    def refused(*args, **kwargs):
        raise OSError(99, "Cannot assign requested address")

    monkeypatch.setattr(board_server.BoardServer, "server_bind", refused)
    with pytest.raises(board_server.Impossible, match="cannot listen on 127.0.0.1: Cannot"):
        board_server.open_server(board_server.Board([evening]), False, 0)


def test_a_failed_request_is_one_line_and_the_board_goes_on(evening, monkeypatch, capsys):
    def broken(self):
        raise RuntimeError("drawn wrong")

    with running([evening]) as server:
        monkeypatch.setattr(board_server.Board, "page", broken)
        with pytest.raises(Exception):
            request(server, "/")
        monkeypatch.undo()
        seen: list[str] = []

        def said() -> bool:
            seen.append(capsys.readouterr().err)
            return "drawn wrong" in "".join(seen)

        assert within(2, said)
        assert "".join(seen) == ("scorekeeper: a request to the board failed "
                                 "(RuntimeError: drawn wrong)\n")
        assert request(server, "/board.json")[0] == 200


def test_the_live_page_links_its_chart_and_the_board_draws_it(cli, evening):
    with running([evening]) as server:
        html = json.loads(request(server, "/board.json")[2])["html"]
        link = re.search(r'<img src="(chart/0\.svg\?v=[0-9a-f]{16})"', html).group(1)
        code, headers, svg = request(server, "/" + link)
        assert code == 200 and headers["content-type"].startswith("image/svg+xml")
        assert svg.startswith(b"<svg") and b"<script" not in svg and b"Asha" in svg
        assert headers["cache-control"] == "private, max-age=86400"   # named by what it draws
        assert request(server, "/chart/0.svg?v=0")[1]["cache-control"] == "no-store"
        # a prefix of the name is not the name (it once was, 1 time in 16)
        assert request(server, "/" + link[:-1])[1]["cache-control"] == "no-store"
        for wrong in ("/chart/1.svg", "/chart/x.svg", "/chart/0.png", "/chart/-1.svg",
                      "/chart/00000.svg"):
            assert request(server, wrong)[0] == 404, wrong
        assert cli("record", evening, *HAND_2).exit_code == 0
        after = json.loads(request(server, "/board.json")[2])["html"]
        assert link not in after and 'src="chart/0.svg?v=' in after
        assert request(server, "/" + link)[2] != svg        # the chart as it is now


def test_a_ledger_without_hands_has_no_chart(cli, tmp_path):
    path = new_ledger(cli, tmp_path / "new.toml")
    with running([path]) as server:
        assert "<img" not in json.loads(request(server, "/board.json")[2])["html"]
        assert request(server, "/chart/0.svg")[0] == 404
