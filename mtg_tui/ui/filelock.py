"""A lock on a file that the system releases when the process ends, however it ends.

On Linux and macOS the lock is ``fcntl.flock`` and on Windows ``msvcrt.locking``:
the operating system drops both when the process dies, so a crash or a
closed terminal never leaves a game locked. Where neither exists, a lock
file holding the process id stands in, and a lock whose process no longer
runs is taken over.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Linux or macOS
    fcntl = None  # type: ignore[assignment]
try:
    import msvcrt
except ImportError:
    msvcrt = None  # type: ignore[assignment]


class LockBusy(Exception):
    """Another process holds the lock."""


class FileLock:
    """An exclusive lock on ``path`` (a lock file of its own, next to what it protects)."""

    def __init__(self, path: Path, kind: str | None = None) -> None:
        self.path = path
        self.kind = kind or ("flock" if fcntl is not None else "msvcrt" if msvcrt is not None else "pid")
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> None:
        """Take the lock at once or raise LockBusy."""
        if self._fd is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.kind == "pid":
            self._acquire_pid_file()
            return
        for _ in range(5):
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                _lock_fd(fd, self.kind)
            except OSError:
                os.close(fd)
                raise LockBusy(str(self.path)) from None
            # Another process may have removed the lock file between our open and our lock:
            # then we hold a lock on a file nobody else will open. Try again with the new one.
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(self.path))
            except OSError:
                same = False
            if same:
                os.ftruncate(fd, 0)
                os.write(fd, str(os.getpid()).encode())
                self._fd = fd
                return
            os.close(fd)
        raise LockBusy(str(self.path))

    def release(self) -> None:
        """Let go of the lock and remove the lock file."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            os.unlink(self.path)
        except OSError:
            pass
        if self.kind != "pid":
            os.close(fd)

    def _acquire_pid_file(self) -> None:
        for _ in range(2):
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                if _pid_alive(self.path):
                    raise LockBusy(str(self.path)) from None
                try:
                    os.unlink(self.path)      # left by a process that has ended
                except OSError:
                    pass
                continue
            os.write(fd, str(os.getpid()).encode())
            os.close(fd)
            self._fd = -1
            return
        raise LockBusy(str(self.path))


def _lock_fd(fd: int, kind: str) -> None:
    if kind == "flock":
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    else:
        locking: Any = msvcrt.locking  # type: ignore[attr-defined]
        locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]


def _pid_alive(path: Path) -> bool:
    try:
        pid = int(path.read_text(encoding="utf-8").strip() or "0")
    except (OSError, ValueError):
        return False
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True   # it exists but belongs to someone else
    return True
