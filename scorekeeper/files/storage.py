"""The only module that touches ledger files.

* `read_text`    — the ledger's text, refused with a clear error (never a
  traceback, never a hang) for a missing file, a folder, a pipe or device,
  or bytes that are not UTF-8; a UTF-8 byte-order mark is accepted;
* `locked(path)` — an exclusive lock held from load to save, on the real
  file behind any symlink. On POSIX the lock is `flock` on the ledger file
  itself, re-checked after locking: a writer that waited while another
  replaced the file locks the new one. There is no lock file to delete, so
  deleting a side file can never let two writers in at once. On Windows
  (no `flock`) a hidden side file `.LEDGER.lock` is locked instead; Windows
  refuses to delete a file that is open, so it cannot be swapped under its
  holder either. A writer that waits says so after a second and gives up
  after `SCOREKEEPER_LOCK_TIMEOUT` seconds (default 30, exit 2);
* `write_atomic` — temp file in the same folder, fsync, `os.replace`, fsync
  of the folder where the platform has it: a crash leaves the old file or
  the new, never a broken one. Mode and owner are kept; a read-only ledger
  is refused; temp files that killed writers left behind are removed by
  the next write;
* `write_output` — an export or chart, never over the ledger or its side
  files, decided by identity when it is written.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
import time
from pathlib import Path
from typing import Callable, Iterable, Iterator

from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import Said
from scorekeeper.files import interrupts

LOCK_TIMEOUT_VARIABLE = "SCOREKEEPER_LOCK_TIMEOUT"
DEFAULT_LOCK_TIMEOUT = 30.0
NOTICE_AFTER = 1.0            # seconds of waiting for the lock before saying so
STALE_TEMP_AGE = 600.0        # a temp file of unknown writer this old is stale
_BOM = "\ufeff"


# -- paths ----------------------------------------------------------------------

def real_path(path: Path) -> Path:
    """The file behind any symlinks: where the ledger really is."""
    return Path(os.path.realpath(path))


def check_ledger_path(path: Path, raw: str | None = None,
                      what: Said = Said("a ledger")) -> None:
    """A ledger (or `what` is written) is a file: refuse an empty name, a
    folder, a path ending in /."""
    text = str(path) if raw is None else raw
    if not text.strip() or path.name in ("", ".", "..") or text.endswith(("/", os.sep)):
        raise Impossible(Said("give a file name for {what}, not {text}", what=what,
                              text=repr(text)) if text.strip(" .") else
                         Said("give a file name for {what}", what=what))
    if path.is_dir():
        raise Impossible(Said("{path} is a folder: give a file name for {what}",
                              path=path, what=what))


def _regular(path: Path, label: Path) -> os.stat_result:
    """The file's status, refusing anything that is not a regular file."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise Impossible(Said("{label}: no such ledger (start one with `scorekeeper new`)",
                              label=label)) from None
    except OSError as err:
        raise Impossible(Said("{label}: cannot read: {reason}",
                              label=label, reason=err.strerror or err)) from None
    return _regular_status(st, label)


def _regular_status(st: os.stat_result, label: Path) -> os.stat_result:
    if stat.S_ISDIR(st.st_mode):
        raise Impossible(Said("{label}: is a folder, not a ledger file", label=label))
    if not stat.S_ISREG(st.st_mode):
        raise Impossible(Said("{label}: not a regular file (a pipe, a device or a socket): "
                              "refused", label=label))
    return st


def check_export_target(output: Path, ledger: Path, force: bool,
                        what: Said = Said("the export")) -> None:
    """Never write `what` over the ledger; ask before overwriting anything
    else; refuse anything that is not a regular file (a device, a pipe)."""
    check_ledger_path(output, what=what)
    if real_path(output) == real_path(ledger):
        raise Impossible(Said("{output} is the ledger itself; write {what} to another file",
                              output=output, what=what))
    if os.path.lexists(output):
        if not force:
            raise Impossible(Said("{output} exists; use --force to overwrite it", output=output))
        try:
            _regular_status(os.stat(output), output)
        except FileNotFoundError:      # a dangling symlink: written through
            pass


def _identity(st: os.stat_result) -> tuple[int, int]:
    return st.st_dev, st.st_ino


def _protected(ledger: Path) -> tuple[set[tuple[int, int]], set[tuple[int, int, str]]]:
    """What an export may never write: the files (device, inode) of the
    ledger and its side files, and the folder entries (the folder's device
    and inode, a name) that are the ledger, its Windows lock or
    one of its temp files (a name an export renamed there would be put in
    place as the ledger by the writer owning it)."""
    files: set[tuple[int, int]] = set()
    entries: set[tuple[int, int, str]] = set()
    real = real_path(ledger)
    sides = [(real, real.name), (real.with_name(f".{real.name}.lock"), None)]
    for path, name in sides:
        with contextlib.suppress(OSError):
            files.add(_identity(os.stat(path)))
        with contextlib.suppress(OSError):
            folder = _identity(os.stat(path.parent))
            entries.add((*folder, name or path.name))
    with contextlib.suppress(OSError):
        entries.add((*_identity(os.stat(real.parent)), "\0temps"))
    return files, entries


def _is_protected(folder: os.stat_result, name: str, target: os.stat_result | None,
                  protected: tuple[set[tuple[int, int]], set[tuple[int, int, str]]],
                  ledger_name: str) -> bool:
    files, entries = protected
    where = _identity(folder)
    if (*where, name) in entries:
        return True
    if (*where, "\0temps") in entries and (
            name.startswith(f".{ledger_name}.") or name.startswith(_temp_stem(ledger_name))):
        return True
    return target is not None and _identity(target) in files


def write_output(output: Path, ledger: Path, text: str | Iterable[str], force: bool,
                 what: Said = Said("the export")) -> None:
    """Write an export or a chart to `output`, never over the ledger, its
    side files or anything that is the same file.

    Decided by identity at write time, not by path beforehand: the output's
    folder is opened once and everything after is relative to that open
    folder (a symlink flipped meanwhile changes nothing). The folder's
    device and inode with the name must not be the ledger's entry (a bind
    mount or a symlinked folder shows the same folder under another path),
    and the file at that name, followed or not, must not be the ledger or a
    side file (a hard link, a symlink). The text goes to a new temp file
    created there (O_EXCL, O_NOFOLLOW) and is renamed over the name, so no
    existing file is ever written into: a link raced in at the last moment
    is replaced, never written through."""
    check_export_target(output, ledger, force, what)     # early, by path
    pieces = [text] if isinstance(text, str) else text
    if not {os.open, os.stat, os.rename, os.unlink} <= os.supports_dir_fd:
        # Windows: checked by path only
        write_atomic(output, (piece.encode("utf-8") for piece in pieces))
        return
    try:
        _write_output(output, ledger, pieces, force, what)
    except OSError as err:
        raise Impossible(Said("{output}: cannot write: {reason}",
                              output=output, reason=err.strerror or err)) from None


def _write_output(output: Path, ledger: Path, text: Iterable[str], force: bool,
                  what: Said) -> None:
    protected, name = _protected(ledger), output.name
    folder_fd = os.open(output.parent if str(output.parent) else ".",
                        os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        folder = os.fstat(folder_fd)

        def refuse_if_ledger() -> os.stat_result | None:
            """The file now at the name (not followed), refused if it is
            the ledger or a side file, or links to one."""
            try:
                entry = os.stat(name, dir_fd=folder_fd, follow_symlinks=False)
            except FileNotFoundError:
                entry = None
            followed = entry
            if entry is not None and stat.S_ISLNK(entry.st_mode):
                with contextlib.suppress(OSError):
                    followed = os.stat(name, dir_fd=folder_fd)
            for seen in (entry, followed):
                if _is_protected(folder, name, seen, protected, real_path(ledger).name):
                    raise Impossible(Said("{output} is the ledger itself or one of its side "
                                          "files; write {what} to another file",
                                          output=output, what=what))
            if entry is not None and not force:
                raise Impossible(Said("{output} exists; use --force to overwrite it",
                                      output=output))
            if followed is not None and not stat.S_ISREG(followed.st_mode) \
                    and not stat.S_ISLNK(followed.st_mode):
                _regular_status(followed, output)
            return followed if followed is not None and stat.S_ISREG(
                followed.st_mode) else None

        old = refuse_if_ledger()
        _output_in_place(folder_fd, name, text, old, refuse_if_ledger)
    finally:
        os.close(folder_fd)


def _output_in_place(folder_fd: int, name: str, text: Iterable[str],
                     old: os.stat_result | None,
                     check: Callable[[], object]) -> None:
    """A new temp file in the open folder, then renamed over `name`."""
    tmp = _temp_name(Path(name)).name
    umask = os.umask(0)
    os.umask(umask)
    mode = stat.S_IMODE(old.st_mode) if old is not None else 0o666 & ~umask
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                 | getattr(os, "O_NOFOLLOW", 0), 0o600, dir_fd=folder_fd)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            os.fchmod(handle.fileno(), mode)
            for piece in text:
                handle.write(piece)
            handle.flush()
            os.fsync(handle.fileno())
        check()                               # once more, just before the rename
        with interrupts.commit_point(Path(name)) as done:
            os.replace(tmp, name, src_dir_fd=folder_fd, dst_dir_fd=folder_fd)
            done()
            with contextlib.suppress(OSError):
                os.fsync(folder_fd)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp, dir_fd=folder_fd)
        raise


# -- reading ----------------------------------------------------------------------

def read_text(path: Path, label: Path | None = None) -> str:
    label = label or path
    _regular(path, label)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as err:
        raise Impossible(Said("{label}: cannot read: {reason}",
                              label=label, reason=err.strerror or err)) from None
    with os.fdopen(fd, "rb") as handle:
        # a pipe swapped in after the check above: refused, never read
        _check_memory(_regular_status(os.fstat(handle.fileno()), label).st_size, label)
        data = handle.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise Impossible(Said("{label}:{line}: not a ledger: the file is not UTF-8 text",
                              label=label, line=line)) from None
    return text[1:] if text.startswith(_BOM) else text


# The address space a ledger's parse and check take, per byte of its text
# (measured: benchmarks/README.md), with room to spare.
MEMORY_PER_BYTE = 40


def _check_memory(size: int, label: Path) -> None:
    """Refuse a ledger the process has not the memory to read. rtoml, a
    compiled parser, cannot raise when an allocation fails: it aborts the
    process, so the limit (`ulimit -v`) is checked before it runs."""
    if sys.platform == "win32":           # no address-space limit to mind
        return
    import resource  # POSIX only; a command that reads a ledger

    limit = resource.getrlimit(resource.RLIMIT_AS)[0]
    if limit == resource.RLIM_INFINITY:
        return
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:                       # no /proc: the ledger's share alone
        used = 0
    if used + MEMORY_PER_BYTE * size > limit:
        raise Impossible(Said("{label}: not enough memory to read it ({size} KB needs about "
                              "{needed} MB more, and the limit is {limit} MB); nothing "
                              "written", label=label, size=size // 1024,
                              needed=MEMORY_PER_BYTE * size // 2**20, limit=limit // 2**20))


# -- the lock -----------------------------------------------------------------------

def lock_timeout() -> float:
    raw = os.environ.get(LOCK_TIMEOUT_VARIABLE, "").strip()
    if not raw:
        return DEFAULT_LOCK_TIMEOUT
    # ASCII digits only: float() would take any script's digits ('٣' is 3)
    value = float(raw) if re.fullmatch(r"[0-9]+(\.[0-9]*)?|\.[0-9]+", raw) else -1.0
    if not 0 <= value < 1e6:
        raise Impossible(Said("{variable} must be a number of seconds, not {raw}",
                              variable=LOCK_TIMEOUT_VARIABLE, raw=repr(raw)))
    return value


@contextlib.contextmanager
def locked(path: Path, on_wait: Callable[[], None] | None = None
           ) -> Iterator[Path]:
    """Hold the ledger's lock; yields the real path to read and write."""
    check_ledger_path(path)
    real = real_path(path)
    _regular(real, path)
    if sys.platform == "win32":
        with _side_file_lock(real, path, on_wait):
            yield real
        return
    fd = _flock(real, path, on_wait)
    try:
        yield real
    finally:
        os.close(fd)                     # closing releases the lock


def _waiting(path: Path, on_wait: Callable[[], None] | None
             ) -> Callable[[], None]:
    """A step of waiting: sleep, say so once, give up after the timeout."""
    timeout, start, told = lock_timeout(), time.monotonic(), [False]

    def wait() -> None:
        waited = time.monotonic() - start
        if waited >= timeout:
            raise Impossible(Said("{path}: gave up after {waited:.0f} s waiting for another "
                                  "scorekeeper writing it; nothing written (set "
                                  "{variable} to wait longer)", path=path,
                                  waited=waited, variable=LOCK_TIMEOUT_VARIABLE))
        if waited >= NOTICE_AFTER and not told[0] and on_wait is not None:
            told[0] = True
            on_wait()
        time.sleep(0.02)
    return wait


def _flock(real: Path, path: Path, on_wait: Callable[[], None] | None) -> int:
    """flock the ledger file itself; retry if it was replaced meanwhile."""
    import fcntl  # POSIX only: Windows locks a side file (see the docstring)

    wait = _waiting(path, on_wait)
    while True:
        try:
            fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except FileNotFoundError:
            _regular(real, path)          # says "no such ledger"
            continue
        except OSError as err:
            raise Impossible(Said("{path}: cannot open to lock: {reason}",
                                  path=path, reason=err.strerror or err)) from None
        try:
            _regular_status(os.fstat(fd), path)
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            wait()
            continue
        except BaseException:
            os.close(fd)
            raise
        if _same_file(fd, real):
            return fd
        os.close(fd)                      # replaced while we waited: again


def _same_file(fd: int, path: Path) -> bool:
    try:
        on_disk = os.stat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (held.st_dev, held.st_ino) == (on_disk.st_dev, on_disk.st_ino)


if sys.platform == "win32":
    import msvcrt  # Windows has no flock: a side file is locked instead

    @contextlib.contextmanager
    def _side_file_lock(real: Path, path: Path, on_wait: Callable[[], None] | None
                        ) -> Iterator[None]:
        lock = real.with_name(f".{real.name}.lock")
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        wait = _waiting(path, on_wait)
        try:
            while True:
                try:
                    msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
                    break
                except OSError:
                    wait()
            yield
        finally:
            with contextlib.suppress(OSError):
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
            os.close(fd)


# -- writing ---------------------------------------------------------------------------

def check_writable(real: Path, label: Path) -> None:
    """Refuse a ledger the user cannot (or chose not to) write."""
    st = _regular(real, label)
    if not st.st_mode & 0o222 or not os.access(real, os.W_OK):
        raise Impossible(Said("{label} is read-only: nothing written (make it writable, e.g. "
                              "chmod u+w, to change it)",
                              label=label))
    if not os.access(real.parent, os.W_OK | os.X_OK):
        raise Impossible(Said("{label}: cannot write in its folder {parent}",
                              label=label, parent=real.parent))


def write_atomic(path: Path, text: str | Iterable[bytes], exclusive: bool = False) -> bool:
    """Put `text` in place at `path` (an interrupt from the rename on cannot
    make the command fail: see `interrupts`); `exclusive`: a new file
    only, False (nothing written) if one exists."""
    try:
        return _write_atomic(path, text, exclusive)
    except OSError as err:
        raise Impossible(Said("{path}: cannot write: {reason}",
                              path=path, reason=err.strerror or err)) from None


NAME_MAX = 255               # bytes of a file name on every common filesystem
_TEMP_TAIL = 1 + 10 + 1 + 8 + 4   # .PID.8-HEX-DIGITS.tmp, PID up to 10 digits


def _temp_stem(name: str) -> str:
    """`.NAME`, or for a name too long to take the temp tail, its first
    characters and a digest of the whole (any legal name fits in 255 bytes)."""
    stem = f".{name}"
    room = NAME_MAX - _TEMP_TAIL
    if len(os.fsencode(stem)) <= room:
        return stem
    import hashlib  # start-up: only a name this long needs it

    digest = "~" + hashlib.sha256(os.fsencode(name)).hexdigest()[:12]
    keep = stem
    while len(os.fsencode(keep + digest)) > room:
        keep = keep[:-1]
    return keep + digest


def _temp_name(path: Path) -> Path:
    return path.with_name(f"{_temp_stem(path.name)}.{os.getpid()}."
                          f"{os.urandom(4).hex()}.tmp")


def _write_atomic(path: Path, text: str | Iterable[bytes],
                  exclusive: bool = False) -> bool:
    """Temp file in the same folder, fsync, rename, fsync of the folder."""
    folder = path.parent if str(path.parent) else Path(".")
    clean_stale_temps(path)
    tmp = _temp_name(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                 0o600)
    try:
        _fill(fd, path, tmp, text)          # closes fd
        with interrupts.commit_point(path) as done:
            if not _put_in_place(tmp, path, exclusive):
                return False
            done()
            _fsync_folder(folder)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    return True


def _fill(fd: int, path: Path, tmp: Path, text: str | Iterable[bytes]) -> None:
    """Write the temp file (closing `fd`) with the mode and owner of the
    file it replaces."""
    try:
        old = os.stat(path)
        kept, owner = stat.S_IMODE(old.st_mode), (old.st_uid, old.st_gid)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        kept, owner = 0o666 & ~umask, None
    try:
        _keep_owner(fd, owner)
        if hasattr(os, "fchmod"):
            os.fchmod(fd, kept)
        else:                                  # Windows
            os.chmod(tmp, kept)
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "wb") as handle:
        for piece in [text.encode("utf-8")] if isinstance(text, str) else text:
            handle.write(piece)
        handle.flush()
        os.fsync(handle.fileno())


def _put_in_place(tmp: Path, path: Path, exclusive: bool) -> bool:
    """The commit: rename the temp file over `path` (or link it as `path`
    if none exists, `exclusive`: False if one does)."""
    if not exclusive:
        _rename(tmp, path)
        return True
    try:
        os.link(tmp, path)
    except FileExistsError:
        return False
    finally:
        os.unlink(tmp)
    return True


_rename = os.replace        # the commit step (a name tests can reach)


def _keep_owner(fd: int, owner: tuple[int, int] | None) -> None:
    """The new file belongs to whoever owned the old one, or nothing is
    written (a rewrite must not hand someone's ledger to another user)."""
    if owner is None or not hasattr(os, "fchown"):
        return
    st = os.fstat(fd)
    if (st.st_uid, st.st_gid) == owner:
        return
    try:
        os.fchown(fd, *owner)
    except PermissionError:
        if st.st_uid != owner[0]:
            raise PermissionError(1, "the ledger belongs to another user; "
                                     "writing it would change its owner") from None


def _fsync_folder(folder: Path) -> None:
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:                  # Windows: folders cannot be opened
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def clean_stale_temps(path: Path) -> list[Path]:
    """Remove temp files of this ledger left by writers that were killed."""
    removed: list[Path] = []
    folder = path.parent if str(path.parent) else Path(".")
    # exactly the names `_temp_name` makes: .NAME.PID.8-HEX-DIGITS.tmp
    ours = re.compile(re.escape(f"{_temp_stem(path.name)}.") + r"(\d+)\.[0-9a-f]{8}\.tmp")
    try:
        candidates = [(p, m.group(1)) for p in folder.iterdir()
                      if (m := ours.fullmatch(p.name))]
    except OSError:
        return removed
    for temp, pid in candidates:
        if _writer_alive(pid, temp):
            continue
        with contextlib.suppress(OSError):
            temp.unlink()
            removed.append(temp)
    return removed


def _writer_alive(pid_text: str, temp: Path) -> bool:
    if pid_text.isdigit() and sys.platform != "win32" and int(pid_text) > 0:
        try:
            os.kill(int(pid_text), 0)
        except ProcessLookupError:
            return False
        except OSError:
            return True
        return True
    try:     # a writer we cannot ask: only an old temp file is stale
        return time.time() - temp.stat().st_mtime < STALE_TEMP_AGE
    except OSError:
        return True
