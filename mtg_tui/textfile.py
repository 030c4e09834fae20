"""Reading the text files a player gives us (decklists, card files, scenarios).

Every file is read as UTF-8; a byte-order mark at the start is allowed and
dropped. A file that can't be read, isn't UTF-8 or isn't valid TOML is a
``TextFileError`` whose message names the file and says what is wrong, in
one line.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


class TextFileError(ValueError):
    """A file that can't be read as text (or as TOML); the message names it."""


def read_text(path: Path | str) -> str:
    """The file's text: UTF-8, with or without a byte-order mark."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as e:
        raise TextFileError(f"{path}: can't read the file ({e.strerror or e})") from None
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
