"""The only module that touches ledger files.

* `locked(path)`  — an exclusive lock on the sidecar `LEDGER.lock`, held from
  load to save so two terminals never lose a hand;
* `read_text`     — the ledger's text, with a clear error (never a traceback)
  for a missing file, a folder or bytes that are not UTF-8;
* `write_atomic`  — temp file in the same folder, flush + fsync, `os.replace`,
  fsync the folder: a crash leaves the old file or the new, never a broken one.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Iterator

from scorekeeper.errors import Impossible


def check_ledger_path(path: Path, raw: str | None = None) -> None:
    """A ledger is a file: refuse an empty name, a folder, a path ending in /."""
    text = str(path) if raw is None else raw
    if not text.strip() or path.name in ("", ".", "..") or text.endswith(("/", os.sep)):
        raise Impossible(f"{text!r} is not a file name for a ledger")
    if path.is_dir():
        raise Impossible(f"{path} is a folder, not a ledger file")


def check_export_target(output: Path, ledger: Path, force: bool) -> None:
    """Never export over the ledger (or its side files); ask before
    overwriting anything else."""
    check_ledger_path(output)
    protected = {ledger, lock_path(ledger), cache_path(ledger)}
    if any(output.resolve() == p.resolve() for p in protected):
        raise Impossible(f"{output} is the ledger or one of its side files; "
                         "export to another file")
    if output.exists() and not force:
        raise Impossible(f"{output} exists; use --force to overwrite it")


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def cache_path(path: Path) -> Path:
    return path.with_name(path.name + ".cache")


CACHE_VERSION = 1


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_cached_document(path: Path, text: str) -> dict[str, Any] | None:
    """The parsed TOML of `text`, if `LEDGER.cache` holds it for exactly these
    bytes (a SHA-256 match); otherwise None and the caller parses the text.

    Parsing TOML is pure Python and dominates every command on a long
    session; the cache is JSON, written by the commands that write the
    ledger, and only ever trusted for the very text it was made from."""
    try:
        data = json.loads(cache_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != CACHE_VERSION \
            or data.get("sha256") != _digest(text):
        return None
    document = data.get("document")
    return document if isinstance(document, dict) else None


def write_cache(path: Path, text: str, document: dict[str, Any]) -> None:
    """Best effort: a cache that cannot be written is simply not there."""
    try:
        payload = json.dumps({"version": CACHE_VERSION, "sha256": _digest(text),
                              "document": document}, ensure_ascii=False)
        _write_atomic(cache_path(path), payload)
    except (OSError, TypeError, ValueError):
        with contextlib.suppress(OSError):
            os.unlink(cache_path(path))


@contextlib.contextmanager
def locked(path: Path, must_exist: bool = True) -> Iterator[None]:
    check_ledger_path(path)
    if must_exist and not path.is_file():
        read_text(path)  # raises the clear error; no stray lock file is left
    lock = lock_path(path)
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as err:
        raise Impossible(f"{path}: cannot take the lock {lock.name}: "
                         f"{err.strerror}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def read_text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise Impossible(f"{path}: no such ledger (start one with "
                         "`scorekeeper new`)") from None
    except IsADirectoryError:
        raise Impossible(f"{path}: is a folder, not a ledger file") from None
    except OSError as err:
        raise Impossible(f"{path}: cannot read: {err.strerror}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise Impossible(f"{path}:{line}: not a ledger: the file is not UTF-8 "
                         "text") from None


def write_atomic(path: Path, text: str) -> None:
    try:
        _write_atomic(path, text)
    except OSError as err:
        raise Impossible(f"{path}: cannot write: {err.strerror or err}") from None


def _write_atomic(path: Path, text: str) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                               dir=folder)
    try:
        try:
            mode = path.stat().st_mode & 0o777
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    dir_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
