"""Step-by-step rules walkthroughs: scenario files with narration.

Each ``*.toml`` file here is a scenario in the usual format whose ``say``
steps explain what happens and why, citing the rules (``cite``). The file's
script is the default line of play; a walkthrough viewer may let the reader
make the decisions instead.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent


def walkthrough_files() -> list[Path]:
    """Every walkthrough file, sorted by name (the files are numbered in reading order)."""
    return sorted(HERE.glob("*.toml"))


__all__ = ["walkthrough_files"]
