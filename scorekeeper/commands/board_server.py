"""The board's server: read-only, for the phones at the table (`serve`,
docs/BOARD.md). The standard library's `ThreadingHTTPServer`: a thread a
request, each request short (HTTP/1.0, one request a connection), the
number of requests at once capped (`MAX_OPEN`), a socket that says
nothing for `IDLE` seconds closed. Loaded by `serve` only.

Every ledger is read through `read_ledger` — the checked read of
`standings`, which takes no lock, so the board never holds up a writer —
and only when its file has changed (its inode, size and times), at most
one read at a time. A ledger that does not verify, or cannot be read,
keeps its last good board, with a notice saying why.

Under `--lan` every path starts with a random token (192 bits); a request
without it is 404, like any path the board does not serve. GET and HEAD
only (anything else: 405). Nothing is read from the file system but the
ledgers given.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import socket
import socketserver
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from scorekeeper.core.errors import Impossible, ScorekeeperError
from scorekeeper.core.language import Said, _, digits, ngettext, say
from scorekeeper.screen import board

if TYPE_CHECKING:
    from scorekeeper.files.ledger_file import Checked
    from scorekeeper.ledger.session import Session
    from scorekeeper.reports.money import Money

MAX_OPEN = 64                # requests served at once; more are closed unanswered
IDLE = 10.0                  # seconds a connection may say nothing
TOKEN_BYTES = 24             # --lan: 192 random bits in every path


def read_ledger(path: Path) -> Checked:
    """The one read of a ledger: the checked read path `standings` uses
    (`ledger_file.read_checked`: no lock taken; every hand ruled again
    unless the cache holds that these very bytes verify)."""
    from scorekeeper.files import ledger_file  # start-up: see module doc

    return ledger_file.read_checked(path)


def _money(session: Session) -> Money | None:
    """The session's money at the rate its ledger agrees, if any."""
    from scorekeeper.reports.money import of_session  # only with a ledger read

    try:
        return of_session(session, None, None)
    except ScorekeeperError:
        return None


def _stamp(path: Path) -> tuple[int, ...]:
    """What changes when the file does (a write replaces it: a new inode)."""
    try:
        st = os.stat(path)
    except OSError:
        return (-1,)
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


class Board:
    """The board of `paths`: its page's inner HTML and version, read again
    when a ledger's file changes."""

    def __init__(self, paths: Sequence[Path],
                 read: Callable[[Path], Checked] = read_ledger) -> None:
        self.paths = list(paths)
        self._read = read
        self._lock = threading.Lock()
        self._stamps: list[tuple[int, ...]] = []
        self._good: list[board.Sheet | None] = [None] * len(self.paths)
        self._when = [""] * len(self.paths)     # the time of each last good read
        self.sheets: list[board.Sheet] = []
        self.inner = ""
        self.version = ""
        self._drawing = threading.Lock()      # pygal: one chart at a time
        self._charts: dict[int, tuple[str, str]] = {}   # index: (its link, its SVG)

    def read(self) -> list[board.Sheet]:
        """Each ledger's sheet, read again if its file changed (the page is
        drawn when first asked for: `current`)."""
        stamps = [_stamp(p) for p in self.paths]   # before reading: a later write is seen
        with self._lock:
            if stamps != self._stamps:
                self.sheets = [self._sheet(i, p) for i, p in enumerate(self.paths)]
                self._stamps = stamps
                self.inner = ""
            return self.sheets

    def current(self) -> tuple[str, str]:
        """(version, inner HTML), read and drawn again first if a ledger
        changed."""
        self.read()
        with self._lock:
            if not self.inner:
                self.inner = board.body(self.sheets, live=True)
                self.version = hashlib.sha256(self.inner.encode()).hexdigest()[:20]
            return self.version, self.inner

    def _sheet(self, index: int, path: Path) -> board.Sheet:
        try:
            checked = self._read(path)
        except (ScorekeeperError, OSError) as err:
            why = err.message if isinstance(err, ScorekeeperError) else \
                (err.strerror or str(err))
            return self._kept(index, path, _("{path} cannot be read now ({why})").format(
                path=path, why=say(why)))
        if checked.problems:
            count = len(checked.problems)
            first = say(checked.problems[0].message)
            return self._kept(index, path, ngettext(
                "{path} does not verify now ({count} problem: {first})",
                "{path} does not verify now ({count} problems: {first})", count).format(
                    path=path, count=digits(count), first=first))
        sheet = board.Sheet(str(path), checked.session, _money(checked.session))
        self._good[index] = sheet
        self._when[index] = time.strftime("%H:%M:%S", time.localtime())
        return sheet

    def _kept(self, index: int, path: Path, why: str) -> board.Sheet:
        last = self._good[index]
        if last is None:
            return board.Sheet(str(path), None, None,
                               _("{why}: nothing to show yet.").format(why=why))
        return board.Sheet(last.label, last.session, last.money,
                           _("{why}: showing the board as last read well, at {time}.").format(
                               why=why, time=digits(self._when[index])))

    def chart(self, index: int) -> tuple[str, str] | None:
        """(its link, the SVG) of ledger `index`'s chart as it is now (None:
        no such ledger, or no hand yet); drawn once for each link."""
        sheets = self.read()
        session = sheets[index].session if 0 <= index < len(sheets) else None
        if session is None:
            return None
        link = board.chart_link(session, index)
        if not link:
            return None
        with self._drawing:
            if self._charts.get(index, ("", ""))[0] != link:
                self._charts[index] = (link, board.chart_svg(session))
            return self._charts[index]

    def page(self) -> str:
        version, inner = self.current()
        return board.page(self.sheets, inner, version, live=True)


# -- HTTP -------------------------------------------------------------------------

class Handler(BaseHTTPRequestHandler):
    server: BoardServer
    timeout = IDLE
    server_version = "scorekeeper-board"
    sys_version = ""

    def do_GET(self) -> None:
        self._answer(with_body=True)

    def do_HEAD(self) -> None:
        self._answer(with_body=False)

    def __getattr__(self, name: str) -> Callable[[], None]:
        # every other method (POST, PUT, DELETE, OPTIONS, made-up ones): 405
        if name.startswith("do_"):
            return self._not_allowed
        raise AttributeError(name)

    def _not_allowed(self) -> None:
        self._send(405, b"GET and HEAD only.\n", "text/plain; charset=utf-8",
                   self.command != "HEAD", {"Allow": "GET, HEAD"})

    def _route(self) -> str | None:
        """The path after the token (None: not the board's)."""
        path = self.path.partition("?")[0]
        token = self.server.token
        if not token:
            return path
        head, slash, rest = path[1:].partition("/") if path.startswith("/") \
            else ("", "", "")
        if not hmac.compare_digest(head.encode(), token.encode()):
            return None
        return slash + rest          # "": the token without its slash

    def _answer(self, with_body: bool) -> None:
        route = self._route()
        boarded = self.server.board
        if route == "/":
            self._send(200, boarded.page().encode(), "text/html; charset=utf-8", with_body)
        elif route == "/board.js":
            self._send(200, board.script().encode(), "text/javascript; charset=utf-8",
                       with_body)
        elif route == "/board.json":
            version, inner = boarded.current()
            seen = self.path.partition("?")[2]
            if seen == f"v={version}":
                self._send(204, b"", "application/json", False)
            else:
                self._send(200, json.dumps({"version": version, "html": inner}).encode(),
                           "application/json", with_body)
        elif route is not None and route.startswith("/chart/"):
            self._chart(route, with_body)
        elif route == "" and self.server.token:    # the token without its slash
            self._send(301, b"", "text/plain", False,
                       {"Location": f"/{self.server.token}/"})
        else:
            self._send(404, b"Not found.\n", "text/plain; charset=utf-8", with_body)

    def _chart(self, route: str, with_body: bool) -> None:
        """`chart/N.svg?v=…`: ledger N's chart (kept by the phone while its
        link, named by what it draws, is the page's)."""
        number = route[len("/chart/"):].removesuffix(".svg")
        drawn = self.server.board.chart(int(number)) \
            if number.isdigit() and route.endswith(".svg") and len(number) < 4 else None
        if drawn is None:
            self._send(404, b"Not found.\n", "text/plain; charset=utf-8", with_body)
            return
        link, svg = drawn
        asked = self.path.partition("?")[2]
        # the very name the page's <img src="…?v=…"> gives, to its closing
        # quote (not a prefix of it: "?v=0" is not "?v=0f3a…")
        kept = f'?{asked}"' in link and asked.startswith("v=")
        self._send(200, svg.encode(), "image/svg+xml; charset=utf-8", with_body,
                   {"Cache-Control": "private, max-age=86400"} if kept else None)

    def _send(self, code: int, data: bytes, kind: str, with_body: bool,
              extra: dict[str, str] | None = None) -> None:
        self.send_response(code)
        headers = {"Content-Type": kind, "Content-Length": str(len(data)),
                   "Cache-Control": "no-store",
                   "Content-Security-Policy": board.LIVE_POLICY,
                   "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY",
                   "Referrer-Policy": "no-referrer", **(extra or {})}
        for key, value in headers.items():
            self.send_header(key, value)
        self.end_headers()
        if with_body and data:
            self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal shows the URL, not every phone's request."""


class BoardServer(ThreadingHTTPServer):
    daemon_threads = True
    # socketserver's backlog is 5: a table of phones asking at once would
    # have their connections dropped and retried a second later
    request_queue_size = 128

    def __init__(self, address: tuple[str, int], shown: Board, token: str) -> None:
        self.board = shown
        self.token = token
        self._slots = threading.BoundedSemaphore(MAX_OPEN)
        super().__init__(address, Handler)

    def server_bind(self) -> None:
        # no reverse look-up of the address (HTTPServer's getfqdn can hang
        # where there is no DNS)
        socketserver.TCPServer.server_bind(self)
        host, port = self.server_address[:2]
        self.server_name, self.server_port = str(host), int(port)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._slots.acquire(blocking=False):   # too many at once: closed
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except RuntimeError:            # no thread could be started: the slot is free
            self._slots.release()
            raise
        # Ctrl-C may land while the thread starts: the thread, started or
        # not, is not known here, so its slot is left to it (released by
        # its end, or with the process)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """One line on stderr for a request that failed, never a traceback."""
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            return                      # a phone that went away or to sleep
        sys.stderr.write(_("scorekeeper: a request to the board failed ({error})").format(
            error=f"{type(error).__name__}: {error}") + "\n")

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()


def open_server(shown: Board, lan: bool, port: int) -> BoardServer:
    """The server, bound: to 127.0.0.1, or with `lan` to every address
    (and a token); on `port`, or a free one if it is taken or 0."""
    host = "0.0.0.0" if lan else "127.0.0.1"
    token = secrets.token_urlsafe(TOKEN_BYTES) if lan else ""
    try:
        return BoardServer((host, port), shown, token)
    except OSError:
        pass
    try:
        return BoardServer((host, 0), shown, token)
    except OSError as err:
        raise Impossible(Said("cannot listen on {host}: {why}", host=host,
                              why=str(err.strerror or err))) from None


def lan_address() -> str:
    """This machine's address on the local network (where a phone on the
    same Wi-Fi finds it); 127.0.0.1 if it has none. A UDP socket's
    `connect` sends nothing: it only picks the way out."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def url_of(server: BoardServer) -> str:
    host = lan_address() if server.token else "127.0.0.1"
    port = server.server_address[1]
    return f"http://{host}:{port}/" + (f"{server.token}/" if server.token else "")
