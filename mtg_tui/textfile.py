"""Reading the text files a player gives us (decklists, card files, scenarios, saved games).

Every file is read as UTF-8; a byte-order mark at the start is allowed and
dropped; a file larger than a few megabytes is refused unread. A file that
can't be read, is too large, isn't UTF-8 or isn't valid TOML is a
``TextFileError`` whose message names the file and says what is wrong, in
one line.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any


# Far more than any decklist, card or scenario needs; a file without end (/dev/zero) stops here.
MAX_FILE_BYTES = 4 * 1024 * 1024


class TextFileError(ValueError):
    """A file that can't be read as text (or as TOML); the message names it."""


def os_error_text(e: OSError) -> str:
    """What the system said about a file, in one short line: the file (shortened if very long), the reason."""
    name = str(e.filename) if e.filename is not None else ""
    if len(name) > 80:
        name = name[:40] + "…" + name[-20:]
    why = e.strerror or str(e)
    return f"{name}: {why}" if name else why


def read_text(path: Path | str, limit: int = MAX_FILE_BYTES) -> str:
    """The file's text: UTF-8, with or without a byte-order mark, and at most ``limit`` bytes."""
    path = Path(path)
    try:
        with path.open("rb") as f:
            # A regular file says its size; a device or a pipe is read up to the limit.
            size = os.fstat(f.fileno()).st_size
            data = f.read(limit + 1) if size <= limit else b""
    except OSError as e:
        raise TextFileError(f"{path}: can't read the file ({e.strerror or e})") from None
    if size > limit or len(data) > limit:
        raise TextFileError(f"{path}: the file is larger than {limit // (1024 * 1024)} MB, "
                            "more than any such file needs")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise TextFileError(f"{path}: not UTF-8 text (byte {data[e.start]:#04x} on line {line}); "
                            "save the file as UTF-8") from None


def read_toml(path: Path | str) -> dict[str, Any]:
    """The tables of a TOML file, read as UTF-8 (a byte-order mark allowed)."""
    text = read_text(path)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TextFileError(f"{path}: not valid TOML: {e}") from None
    except RecursionError:
        raise TextFileError(f"{path}: not valid TOML: its lists or tables are nested too deeply") from None
