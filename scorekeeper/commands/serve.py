"""`serve`: the board of one ledger, or of the night's several, on every
phone at the table, read-only and live (docs/CLI.md, docs/BOARD.md). The
server is `board_server` (the standard library's http.server), the page
`screen.board`; both, and segno for the QR code, are loaded by this
command only."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List

import typer

from scorekeeper.commands import completion
from scorekeeper.commands.common import (
    guarded,
    ledger_path,
    number_parser,
    say,
    stdout_is_terminal,
    write_text,
)
from scorekeeper.commands.settle_up import _refuse_twice
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, Said, _, digits, file_name

DEFAULT_PORT = 8025
HELP = {"serve": N_("A read-only board of the session(s) for every phone at the table, "
                    "live.")}


def _port(text: str | int) -> int:
    """A port typed in one kind of digits (`number_parser`), 0 to 65535."""
    port = number_parser(text)
    if not 0 <= port <= 65535:
        raise typer.BadParameter(_("{port} is not a port: 0 to 65535").format(
            port=digits(port)))
    return port


def serve(
    ledgers: List[Path] = typer.Argument(
        None, metavar="[LEDGER]...", show_default=False,
        autocompletion=completion.ledgers,
        help=_("One ledger, or the night's several (none: the one found, as LEDGER).")),
    lan: bool = typer.Option(False, "--lan",
                             help=_("Reachable from phones on the same network "
                                  "(the URL then holds a secret token).")),
    port: int = typer.Option(DEFAULT_PORT, "--port", metavar="N", parser=_port,
                             help=_("The port (taken or 0: a free one).")),
    no_qr: bool = typer.Option(False, "--no-qr", help=_("Do not draw the URL as a QR code.")),
) -> None:
    """A read-only board of the session(s) for every phone at the table, live."""
    def body() -> None:
        # http.server and the page: loaded by `serve` only
        from scorekeeper.commands import board_server

        paths = list(ledgers or ()) or [ledger_path(None)]
        _refuse_twice(paths)
        shown = board_server.Board(paths)   # read and drawn now: the first phone need not wait
        never = [s.notice for s in shown.current().sheets if s.session is None]
        if never:              # a path that is no ledger: refused before serving
            raise Impossible(Said("{item}", item=never[0]))
        server = board_server.open_server(shown, lan, port)
        url = board_server.url_of(server)
        write_text(url + "\n")
        sys.stdout.flush()
        if not no_qr and stdout_is_terminal():
            _draw_qr(url)
        named = ", ".join(map(file_name, paths))
        say(_("Serving the board of {ledgers}, read-only (on the local network); "
              "Ctrl-C stops it.").format(ledgers=named) if lan else
            _("Serving the board of {ledgers}, read-only (on this machine only); "
              "Ctrl-C stops it.").format(ledgers=named))
        try:
            server.serve_forever(poll_interval=0.2)
        except KeyboardInterrupt:
            say(_("The board is closed."))
        finally:
            server.server_close()

    guarded(body)


def _draw_qr(url: str) -> None:
    import segno  # the QR code: `serve` on a terminal only

    # half blocks, a quiet zone of 3 and error level L (segno raises it when
    # the code has room): a --lan URL is a version-4 code, 39 columns wide
    segno.make(url, error="l").terminal(out=sys.stdout, compact=True, border=3)
    sys.stdout.flush()
