"""The one cache: which ledgers' exact bytes this very code found sound.

An entry is one line, for one ledger (named by its real path): the SHA-256
of the text last read and found to verify with no problem, and a key of
the code that checked it (every module's size and time). Believed only
when both match, so it can only ever speak of the bytes on disk, ruled by
the code now installed: an edited, truncated or garbled entry, one copied
from another ledger, or one made before scorekeeper changed is ignored.
Only a folder and an entry that the user owns and nobody else may write
are read or written (as ssh treats ~/.ssh); the entry is opened without
following a link or blocking, and read up to a bound. Without an entry,
or with any doubt, the ledger is checked in full, as `verify` always does.
What it saves is measured in docs/ARCHITECTURE.md ("The cache").
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import stat
from pathlib import Path
from typing import Iterator

import scorekeeper

CACHE_VARIABLE = "SCOREKEEPER_CACHE_DIR"
_LIMIT = 200           # bytes an entry may have: it has two hex digests, 130
_DIR_FD = {os.open, os.rename} <= os.supports_dir_fd    # os.replace as rename


def cache_dir() -> Path:
    named = os.environ.get(CACHE_VARIABLE, "").strip()
    if named:
        return Path(named)
    from platformdirs import user_cache_dir  # only a command that reads a ledger

    return Path(user_cache_dir("scorekeeper", appauthor=False))


@functools.cache
def _code_key() -> str:
    """A digest of the size and time of every module that rules a hand or
    reads a ledger (`core`, `games`, `session`, `ledger`): a change to any
    of them makes every entry stale."""
    digest = hashlib.sha256()
    root = Path(scorekeeper.__file__).parent
    for package in ("core", "games", "session", "ledger"):
        for folder, folders, files in os.walk(root / package):
            folders[:] = sorted(f for f in folders if f != "__pycache__")
            for name in sorted(f for f in files if f.endswith(".py")):
                st = os.stat(os.path.join(folder, name))
                digest.update(f"{folder}/{name} {st.st_size} {st.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def _entry(text: str) -> bytes:
    sound = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return f"{sound} {_code_key()}\n".encode("ascii")


def _name(real: Path) -> str:
    return hashlib.sha256(os.fsencode(real)).hexdigest()[:40]


def _private(st: os.stat_result) -> bool:
    """The user's own, and nobody else may write it (where there are owners)."""
    return not hasattr(os, "getuid") or (st.st_uid == os.getuid()
                                         and not st.st_mode & 0o022)


@contextlib.contextmanager
def _folder(create: bool) -> Iterator[int | None]:
    """The cache folder, open, if it is the user's own; else None."""
    folder = cache_dir()
    if create:
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        yield None
        return
    try:
        st = os.fstat(fd)
        yield fd if stat.S_ISDIR(st.st_mode) and _private(st) else None
    finally:
        os.close(fd)


def _open(folder: int, name: str, flags: int) -> int:
    """A file of the open cache folder, opened relative to it where the
    system allows (a folder swapped meanwhile changes nothing), else by
    path."""
    if _DIR_FD:
        return os.open(name, flags, 0o600, dir_fd=folder)
    return os.open(cache_dir() / name, flags, 0o600)


def holds(real: Path, text: str) -> bool:
    """Whether the entry of the ledger at `real` says `text` verifies."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    with _folder(create=False) as folder, contextlib.suppress(OSError):
        if folder is None:
            return False
        with os.fdopen(_open(folder, _name(real), flags), "rb") as handle:
            st = os.fstat(handle.fileno())
            if not stat.S_ISREG(st.st_mode) or not _private(st) or st.st_size > _LIMIT:
                return False
            return handle.read(_LIMIT) == _entry(text)
    return False


def remember(real: Path, text: str) -> None:
    """Note that `text`, the ledger at `real`, verifies (best effort: an
    entry that cannot be written is simply not there)."""
    name = _name(real)
    tmp = f"{name}.{os.getpid()}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    with _folder(create=True) as folder, contextlib.suppress(OSError):
        if folder is None:
            return
        with os.fdopen(_open(folder, tmp, flags), "wb") as handle:
            handle.write(_entry(text))
        if _DIR_FD:
            os.replace(tmp, name, src_dir_fd=folder, dst_dir_fd=folder)
        else:
            os.replace(cache_dir() / tmp, cache_dir() / name)
