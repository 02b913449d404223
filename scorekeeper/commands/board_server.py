"""The board's server: read-only, for the phones at the table (`serve`,
docs/BOARD.md). The standard library's `ThreadingHTTPServer`: a thread a
request, each request short (HTTP/1.0, one request a connection), the
number of requests at once capped (`MAX_OPEN`, and `PER_ADDRESS` from
one address), a socket that says nothing for `IDLE` seconds closed.
Loaded by `serve` only.

Every ledger is read through `read_ledger` — the checked read of
`standings`, which takes no lock, so the board never holds up a writer —
and only when its file has changed (its inode, size and times), one read
at a time, while the others are answered from the board as it was. A
ledger that does not verify, or cannot be read, keeps its last good
board, with a notice saying why. A page that polls gets what changed
since the version it shows (`Drawn.since`), not the whole board.

Without --lan a request must name this machine's loopback (`Host`);
under --lan every path starts with a random token (192 bits), and a
request without it is 404, like any path the board does not serve. GET
and HEAD only (anything else: 405). Every answer, an error too, carries
the page's security headers. Nothing is read from the file system but
the ledgers given.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import socket
import socketserver
import sys
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from scorekeeper.core.errors import Impossible, ScorekeeperError
from scorekeeper.core.language import Said, _, digits, ngettext, say
from scorekeeper.screen import board

if TYPE_CHECKING:
    from scorekeeper.reports.money import Money
    from scorekeeper.session.session import Session
    from scorekeeper.session.verify import Checked

MAX_OPEN = 64                # requests served at once; more are closed unanswered
PER_ADDRESS = 8              # of them from one address
IDLE = 10.0                  # seconds a connection may say nothing
TOKEN_BYTES = 24             # --lan: 192 random bits in every path
RECENT = 16                  # versions of the board a page may hold and get only changes to


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


def _written(path: Path) -> float | None:
    """When the file was last written (None: it cannot be stat'ed now)."""
    try:
        return os.stat(path).st_mtime
    except OSError:
        return None


@dataclass(frozen=True)
class Shown:
    """What a page of one version shows, as much of it as is needed to
    send it what changed since: each section around its history's items
    (`board.around`), and the hash of each item, in hand order, both by
    ledger in the order given, and the order the page shows them in (a page
    may be any of the last `RECENT` versions: the items themselves are
    kept for the current one only)."""

    around: tuple[tuple[str, str], ...] = ()
    marks: tuple[tuple[int, ...], ...] = ()
    order: tuple[int, ...] = ()       # the ledgers (in the order given) as the page shows them


@dataclass(frozen=True)
class Drawn:
    """The live board at one version: each ledger's sheet, the night's
    settle-up, what a page shows, each history (its items, in the order
    the ledgers were given); the page's
    inner HTML and its digest."""

    sheets: tuple[board.Sheet, ...] = ()
    night: str = ""
    shown: Shown = Shown()
    histories: tuple[board.History, ...] = ()
    inner: str = ""
    version: str = ""

    def since(self, old: Shown) -> dict[str, Any]:
        """What changed since `old`, as `board.js` applies it: the night's
        settle-up, and for each section that changed, the section with the
        items of its history that are new (newest first) and how many of
        the old ones, the oldest, it keeps (None: unchanged)."""
        sheets: list[dict[str, Any] | None] = []
        for i in self.shown.order:
            (head, tail), marks, history = (self.shown.around[i], self.shown.marks[i],
                                            self.histories[i])
            was, had = old.around[i], old.marks[i]
            keep = _common(had, marks)
            if (head, tail) == was and keep == len(marks) == len(had):
                sheets.append(None)
            else:
                sheets.append({"keep": keep, "html": head + "".join(
                    reversed(history.items[keep:])) + tail})
        return {"version": self.version, "night": self.night,
                "order": list(self.shown.order), "sheets": sheets}


def _common(before: Sequence[int], now: Sequence[int]) -> int:
    """How many first items `before` and `now` share."""
    count = 0
    for old, new in zip(before, now):
        if old != new:
            break
        count += 1
    return count


def _drawn(sheets: Sequence[board.Sheet], before: Drawn) -> Drawn:
    """The live board of `sheets` (in the order given), its sections the
    most recently written first; the items of `before`'s histories whose
    hands are the same are kept, not drawn again."""
    kept = before.histories or (board.History(),) * len(sheets)
    histories = tuple(
        board.history(sheet.session, old) if sheet.session else board.History()
        for sheet, old in zip(sheets, kept))
    order = tuple(sheet.index for sheet in board.ordered(sheets))
    around = tuple(board.around(sheet, i, bool(history.items))
                   for i, (sheet, history) in enumerate(zip(sheets, histories)))
    night = board.top([sheets[i] for i in order])
    inner = night + "".join(around[i][0] + "".join(reversed(histories[i].items))
                            + around[i][1] for i in order)
    shown = Shown(around, tuple(tuple(map(hash, h.items)) for h in histories), order)
    return Drawn(tuple(sheets), night, shown, histories, inner,
                 hashlib.sha256(inner.encode()).hexdigest()[:20])


class Board:
    """The board of `paths`, drawn (`current`), read and drawn again when
    a ledger's file changes: one read at a time, and while it is under
    way every request is answered from the board as it was (a slow read
    freezes nobody), except before the first."""

    def __init__(self, paths: Sequence[Path],
                 read: Callable[[Path], Checked] = read_ledger) -> None:
        self.paths = list(paths)
        self._read = read
        self._reading = threading.Lock()
        self._stamps: list[tuple[int, ...]] | None = None
        self._good: list[board.Sheet | None] = [None] * len(self.paths)
        self._when = [""] * len(self.paths)     # the time of each last good read
        self._drawn = Drawn()
        self._recent: OrderedDict[str, Shown] = OrderedDict()   # by version, the newest last
        self._drawing = threading.Lock()      # pygal: one chart at a time
        self._charts: dict[int, tuple[str, str]] = {}   # index: (its link, its SVG)

    def current(self) -> Drawn:
        """The board as it is: read and drawn again first if a ledger
        changed (and no other request is reading it)."""
        stamps = [_stamp(p) for p in self.paths]   # before reading: a later write is seen
        if stamps == self._stamps or not self._reading.acquire(
                blocking=self._stamps is None):
            return self._drawn
        try:
            if stamps != self._stamps:
                sheets = board.told_apart([self._sheet(i, p) for i, p in enumerate(self.paths)])
                drawn = _drawn(sheets, self._drawn)
                self._recent[drawn.version] = drawn.shown
                self._recent.move_to_end(drawn.version)
                if len(self._recent) > RECENT:
                    self._recent.popitem(last=False)
                self._drawn, self._stamps = drawn, stamps
            return self._drawn
        finally:
            self._reading.release()

    def changes(self, drawn: Drawn, since: str) -> dict[str, Any]:
        """`board.json`: what changed from version `since` to `drawn`; the
        whole inner HTML when `since` is not one of the last versions."""
        old = self._recent.get(since)
        if old is None:
            return {"version": drawn.version, "html": drawn.inner}
        return drawn.since(old)

    def _sheet(self, index: int, path: Path) -> board.Sheet:
        try:
            checked = self._read(path)
        except (ScorekeeperError, OSError) as err:
            why = say(err.message) if isinstance(err, ScorekeeperError) else \
                (err.strerror or str(err))
            return self._kept(index, path, _("{path} cannot be read now ({why})").format(
                path=path, why=why))
        if checked.problems:
            count = len(checked.problems)
            first = say(checked.problems[0].message)
            return self._kept(index, path, ngettext(
                "{path} does not verify now ({count} problem: {first})",
                "{path} does not verify now ({count} problems: {first})", count).format(
                    path=path, count=digits(count), first=first))
        sheet = board.Sheet(str(path), checked.session, _money(checked.session),
                            written=_written(path), index=index)
        self._good[index] = sheet
        self._when[index] = time.strftime("%H:%M:%S", time.localtime())
        return sheet

    def _kept(self, index: int, path: Path, why: str) -> board.Sheet:
        last = self._good[index]
        if last is None:
            return board.Sheet(str(path), None, None,
                               _("{why}: nothing to show yet.").format(why=why), index=index)
        return board.Sheet(last.label, last.session, last.money,
                           _("{why}: showing the board as last read well, at {time}.").format(
                               why=why, time=digits(self._when[index])),
                           last.written, index)

    def chart(self, index: int) -> tuple[str, str] | None:
        """(its link, the SVG) of ledger `index`'s chart as it is now (None:
        no such ledger, or no hand yet); drawn once for each link."""
        sheets = self.current().sheets
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
        drawn = self.current()
        return board.page(drawn.sheets, drawn.inner, drawn.version, live=True)


# -- HTTP -------------------------------------------------------------------------

_NUMBER = re.compile(r"[0-9]{1,3}")    # a chart's: ASCII digits only ("²" is no number)


class Handler(BaseHTTPRequestHandler):
    server: BoardServer
    raw_requestline: bytes
    timeout = IDLE
    server_version = "scorekeeper-board"
    # every answer in HTTP/1.0, with its headers (HTTP/0.9 has none: refused)
    default_request_version = "HTTP/1.0"
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

    def parse_request(self) -> bool:
        """The request line and headers, read; refused (nothing of the board
        said): an HTTP/0.9 request, whose answer would carry no header, and
        without --lan a `Host` but this machine's loopback name and port (a
        page of another site whose name was pointed at 127.0.0.1: DNS
        rebinding). Under --lan the token in the path is the guard."""
        if len(str(self.raw_requestline, "iso-8859-1").split()) == 2:   # "GET /": 0.9
            self.command = self.requestline = self.request_version = ""   # as for a 414
            self.send_error(HTTPStatus.HTTP_VERSION_NOT_SUPPORTED)
            return False
        if not super().parse_request():
            return False
        port = self.server.server_port
        if not self.server.token and [h.strip().lower() for h in self.headers.get_all(
                "Host", [])] not in ([f"127.0.0.1:{port}"], [f"localhost:{port}"]):
            self.send_error(HTTPStatus.MISDIRECTED_REQUEST)
            return False
        return True

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        """Every error answer (400, 414, 421, 431, 505…) in a few words, with
        the headers every page carries."""
        self.close_connection = True
        said = HTTPStatus(code).phrase
        self._send(code, f"{code} {said}.\n".encode(), "text/plain; charset=utf-8",
                   self.command != "HEAD", {"Connection": "close"})

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
            drawn = boarded.current()
            seen = self.path.partition("?")[2].removeprefix("v=")
            if seen == drawn.version:
                self._send(204, b"", "application/json", False)
            else:
                self._send(200, json.dumps(boarded.changes(drawn, seen)).encode(),
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
            if _NUMBER.fullmatch(number) and route.endswith(".svg") else None
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
        self._open: dict[str, int] = {}     # requests in flight, by the address they come from
        self._counting = threading.Lock()
        super().__init__(address, Handler)

    def server_bind(self) -> None:
        # no reverse look-up of the address (HTTPServer's getfqdn can hang
        # where there is no DNS)
        socketserver.TCPServer.server_bind(self)
        host, port = self.server_address[:2]
        self.server_name, self.server_port = str(host), int(port)

    def _take(self, address: str) -> bool:
        """A slot for a request from `address`: at most `MAX_OPEN` in all and
        `PER_ADDRESS` from one address, so that one machine on the Wi-Fi,
        token or not, cannot hold every slot (a browser opens at most 6
        connections to one server)."""
        with self._counting:
            if sum(self._open.values()) >= MAX_OPEN or \
                    self._open.get(address, 0) >= PER_ADDRESS:
                return False
            self._open[address] = self._open.get(address, 0) + 1
            return True

    def _give_back(self, address: str) -> None:
        with self._counting:
            self._open[address] -= 1
            if not self._open[address]:
                del self._open[address]

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._take(client_address[0]):      # too many at once: closed
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except RuntimeError:            # no thread could be started: the slot is free
            self._give_back(client_address[0])
            raise
        # Ctrl-C may land while the thread starts: the thread, started or
        # not, is not known here, so its slot is left to it (given back at
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
            self._give_back(client_address[0])


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
