"""A signal ends the process even when the event loop is stuck writing to a terminal that has gone.

That is how a closed terminal used to leave processes behind: Textual's output thread dies with the
terminal, its queue fills, and the next screen update blocks the event loop for good, so a handler
waiting for the loop never runs.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time

STUCK = """
import asyncio, queue, sys
from mtg_tui.ui.hangup import StopOnSignal

async def main():
    stop = StopOnSignal(lambda: print("saved", flush=True), lambda code: sys.exit(code))
    stop.install()
    full = queue.Queue(1)
    full.put("a screen update nobody writes")
    print("stuck", flush=True)
    full.put("the next one: blocks the event loop for good")

asyncio.run(main())
"""


def test_a_signal_ends_a_process_whose_event_loop_is_stuck() -> None:
    for sig, code in ((signal.SIGTERM, 143), (signal.SIGHUP, 129)):
        proc = subprocess.Popen([sys.executable, "-c", STUCK], stdout=subprocess.PIPE, text=True)
        try:
            assert proc.stdout is not None and proc.stdout.readline().strip() == "stuck"
            time.sleep(0.1)
            proc.send_signal(sig)
            assert proc.wait(5) == code
            assert proc.stdout.read().strip() == "saved"
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()
