"""Leaving at once when the terminal closes (SIGHUP) or the process is told to stop (SIGTERM).

The handlers are plain ``signal`` handlers, not event-loop callbacks: when
the terminal has gone, Textual's output thread dies and the next screen
update can block the event loop for good, so a callback waiting for the loop
would never run. The handler saves the game at once (``save``), then asks
the app to leave the ordinary way (``leave``, which restores a terminal that
is still there); if that hasn't ended the process within ``GRACE`` seconds,
the process ends anyway. A second signal ends it at once.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from typing import Any, Callable

GRACE = 1.0
SIGNALS = tuple(s for s in (getattr(signal, "SIGHUP", None), getattr(signal, "SIGTERM", None)) if s is not None)


class StopOnSignal:
    """Installs the handlers (from the main thread, in a running event loop); ``restore`` puts the old ones back."""

    def __init__(self, save: Callable[[], None], leave: Callable[[int], None]) -> None:
        self.save = save
        self.leave = leave
        self.stopping = False
        self._old: dict[int, Any] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    def install(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        for sig in SIGNALS:
            try:
                self._old[sig] = signal.signal(sig, self._handle)
            except (ValueError, OSError):
                pass

    def restore(self) -> None:
        for sig, old in self._old.items():
            try:
                signal.signal(sig, old)
            except (ValueError, OSError, TypeError):
                pass
        self._old.clear()

    def _handle(self, signum: int, frame: Any) -> None:
        code = 128 + signum
        if self.stopping:
            os._exit(code)
        self.stopping = True
        try:
            self.save()
        except Exception:  # saving is best effort here; the game was saved answer by answer anyway
            pass
        stopper = threading.Timer(GRACE, os._exit, (code,))
        stopper.daemon = True
        stopper.start()
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self.leave, code)
        else:
            os._exit(code)
