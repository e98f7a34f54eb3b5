# SPDX-License-Identifier: GPL-3.0-or-later
"""PERMISSION_DENIED for files and folders the process may not use.

As root every file is readable, so when the tests run as root (as CI does) the checks run
in a forked child that has dropped to the unprivileged user 65534 (nobody).
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path
from typing import Callable, Iterator

import pytest

import corpus
import pdftools

NOBODY = 65534


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder every user can reach (pytest's tmp_path sits under a folder only root can enter)."""
    path = Path(tempfile.mkdtemp(prefix="pdftools-perm-"))
    os.chmod(path, 0o755)
    try:
        yield path
    finally:
        for root, dirs, _ in os.walk(path):
            for name in dirs:
                os.chmod(os.path.join(root, name), 0o755)
        shutil.rmtree(path)


def run_unprivileged(check: Callable[[], None]) -> None:
    """Runs check() without root rights: in a child process when we are root."""
    if os.geteuid() != 0:
        check()
        return
    pid = os.fork()
    if pid == 0:  # the child: drop privileges, run the check, report through the exit code
        code = 1
        try:
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            check()
            code = 0
        except BaseException as error:  # noqa: BLE001 - anything makes the child fail
            os.write(2, f"unprivileged check failed: {error!r}\n".encode())
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status), "the unprivileged child crashed"
    assert os.WEXITSTATUS(status) == 0, "the unprivileged check failed (see stderr)"


def test_unreadable_file(shared_dir: Path) -> None:
    readable = shared_dir / "readable.pdf"
    shutil.copyfile(corpus.path("pdf20-simple.pdf"), readable)
    os.chmod(readable, 0o644)
    target = shared_dir / "secret.pdf"
    shutil.copyfile(corpus.path("pdf20-simple.pdf"), target)
    os.chmod(target, 0)

    def check() -> None:
        with pdftools.open(readable) as doc:  # the folder is reachable: only the mode denies
            assert doc.page_count == 1
        try:
            pdftools.open(target)
        except pdftools.PermissionDeniedError as error:
            assert error.status == pdftools.Status.PERMISSION_DENIED
            assert "secret.pdf" in error.message
        else:
            raise AssertionError("an unreadable file opened")

    run_unprivileged(check)


def test_save_into_read_only_folder(shared_dir: Path) -> None:
    folder = shared_dir / "read-only"
    folder.mkdir()
    existing = folder / "existing.pdf"
    existing.write_bytes(b"original")
    os.chmod(folder, stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    os.chmod(existing, 0o666)
    source = corpus.path("pdf20-simple.pdf").read_bytes()

    def check() -> None:
        with pdftools.open(source) as doc:
            try:
                doc.save(existing)
            except pdftools.PermissionDeniedError:
                pass
            else:
                raise AssertionError("saving into a read-only folder succeeded")
        assert existing.read_bytes() == b"original"
        assert sorted(p.name for p in folder.iterdir()) == ["existing.pdf"]

    run_unprivileged(check)
