"""How long `mtg-tui cards check` takes with an empty compiled-card cache (cold), and then warm.

    python bench/cards_check.py [--workers N]

Checks every shipped card, as the command does (one worker process per core by default). Prints the wall
time and the CPU time of this process and of the workers; on a busy machine the wall time says little,
and the busiest worker's share of the CPU time is what the wall time would be on an idle one. Target:
under 60 s cold on 2 cores. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workers", type=int, default=len(os.sched_getaffinity(0)))
    args = ap.parse_args()
    os.environ["MTG_TUI_CACHE"] = tempfile.mkdtemp(prefix="mtg-bench-cache-")
    from mtg_tui.cardtext.loader import CardDatabase, default_folders
    for kind in ("cold", "warm"):
        wall, cpu = time.perf_counter(), time.process_time()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        db = CardDatabase(default_folders(), cache=True)
        errors = db.check(workers=args.workers)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        workers_cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        own = time.process_time() - cpu
        print(f"{kind}: {len(db.names())} cards, {len(errors)} errors, {time.perf_counter() - wall:6.1f} s wall; "
              f"CPU {own:5.1f} s here + {workers_cpu:5.1f} s in {args.workers} workers "
              f"(idle-machine estimate {own + workers_cpu / args.workers:5.1f} s; target 60 s cold)")


if __name__ == "__main__":
    main()
