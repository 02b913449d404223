"""`export -o` and `chart --svg` never write the ledger (issue 17, D1):
refused by identity at write time — the output's folder (device, inode)
with the name, and the file at the name followed or not — so a hard
link, a bind mount, or a symlinked folder flipped to the ledger's folder
during the command change nothing."""

from __future__ import annotations

import os
import subprocess
import threading
from pathlib import Path

import pytest

from scorekeeper.files import storage

HAND = ["--call", "Asha", "--hand", "Asha=A♦ A♣ A♥ 2♦", "--hand", "Bikash=2♠ 3♣",
        "--hand", "Chandra=9♥"]

pytestmark = pytest.mark.skipif(not {os.open, os.rename} <= os.supports_dir_fd,
                                reason="checked by path only where there is no dir_fd")


@pytest.fixture
def played(cli, ledger: Path) -> Path:
    assert cli("record", ledger, *HAND).exit_code == 0
    return ledger


WRITERS = {
    "export": lambda ledger, out: ["export", ledger, "--format", "csv", "-o", out,
                                   "--force"],
    "chart": lambda ledger, out: ["chart", ledger, "--svg", out, "--force"],
}


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_hard_link_to_the_ledger_is_refused_and_both_names_unchanged(
        cli, played, tmp_path, writer):
    twin = tmp_path / "elsewhere" / "twin.toml"
    twin.parent.mkdir()
    os.link(played, twin)
    before = played.read_bytes()
    result = cli(*WRITERS[writer](played, twin))
    assert result.exit_code == 2, result.stderr
    assert "is the ledger itself" in result.stderr
    assert played.read_bytes() == before and twin.read_bytes() == before


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_bind_mount_of_the_ledgers_folder_is_refused(cli, played, tmp_path, writer):
    mount = tmp_path / "mounted"
    mount.mkdir()
    try:
        bound = subprocess.run(["mount", "--bind", str(played.parent), str(mount)],
                               capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.SubprocessError):
        bound = False
    if not bound:
        pytest.skip("cannot bind-mount here (needs root and mount)")
    try:
        before = played.read_bytes()
        result = cli(*WRITERS[writer](played, mount / played.name))
        assert result.exit_code == 2, result.stderr
        assert "is the ledger itself" in result.stderr
        assert played.read_bytes() == before
    finally:
        subprocess.run(["umount", str(mount)], capture_output=True, timeout=20)


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_folder_symlink_flipped_to_the_ledgers_folder_after_the_path_check(
        cli, played, tmp_path, monkeypatch, writer):
    harmless = tmp_path / "harmless"
    harmless.mkdir()
    out = tmp_path / "out"
    out.symlink_to(harmless)
    checked = storage.check_export_target

    def then_flip(*args, **kwargs):
        checked(*args, **kwargs)        # the path check passes: out → harmless
        out.unlink()
        out.symlink_to(played.parent)   # now out/evening.toml is the ledger

    monkeypatch.setattr(storage, "check_export_target", then_flip)
    before = played.read_bytes()
    result = cli(*WRITERS[writer](played, out / played.name))
    assert result.exit_code == 2, result.stderr
    assert played.read_bytes() == before


def test_a_flip_after_the_folder_is_opened_writes_the_folder_that_was_checked(
        cli, played, tmp_path, monkeypatch):
    harmless = tmp_path / "harmless"
    harmless.mkdir()
    out = tmp_path / "out"
    out.symlink_to(harmless)
    placing = storage._output_in_place

    def flip_then_place(*args, **kwargs):
        out.unlink()
        out.symlink_to(played.parent)
        return placing(*args, **kwargs)

    monkeypatch.setattr(storage, "_output_in_place", flip_then_place)
    before = played.read_bytes()
    result = cli(*WRITERS["export"](played, out / played.name))
    assert result.exit_code == 0, result.stderr
    assert played.read_bytes() == before
    assert (harmless / played.name).read_text(encoding="utf-8").startswith("hand,")


def test_a_hard_link_raced_in_before_the_rename_is_replaced_not_written(
        cli, played, tmp_path, monkeypatch):
    target = tmp_path / "out.csv"
    placing = storage._output_in_place

    def link_then_place(folder_fd, name, text, old, check):
        os.link(played, target)          # after the checks, before the rename
        return placing(folder_fd, name, text, old, lambda: None)

    monkeypatch.setattr(storage, "_output_in_place", link_then_place)
    before = played.read_bytes()
    result = cli(*WRITERS["export"](played, target))
    assert result.exit_code == 0, result.stderr
    assert played.read_bytes() == before
    assert target.read_text(encoding="utf-8").startswith("hand,")


def test_the_ledgers_temp_files_are_never_written(cli, played):
    target = played.with_name(f".{played.name}.4242.0123abcd.tmp")
    result = cli(*WRITERS["export"](played, target))
    assert result.exit_code == 2, result.stderr
    assert "side files" in result.stderr


def test_a_symlink_flipping_between_folders_never_lets_an_export_hit_the_ledger(
        cli, played, tmp_path):
    harmless = tmp_path / "harmless"
    harmless.mkdir()
    out = tmp_path / "out"
    out.symlink_to(harmless)
    before = played.read_bytes()
    stop = threading.Event()

    def flipping() -> None:
        flip = tmp_path / "flip"
        targets = [played.parent, harmless]
        i = 0
        while not stop.is_set():
            flip.unlink(missing_ok=True)
            flip.symlink_to(targets[i % 2])
            os.replace(flip, out)         # atomic: out always exists
            i += 1

    flipper = threading.Thread(target=flipping)
    flipper.start()
    try:
        codes = [cli(*WRITERS[w](played, out / played.name)).exit_code
                 for w in ["export"] * 30 + ["chart"] * 6]
    finally:
        stop.set()
        flipper.join()
    assert played.read_bytes() == before
    assert set(codes) <= {0, 2}
