"""Writing card-file fields as a card file (TOML), always the same way for the same fields.

The fields come in the order of docs/cards.md; rules text is a multi-line
string, one ability a line, as in the hand-written cards; printings are one
inline table a line; faces are ``[[faces]]`` tables at the end.
"""

from __future__ import annotations

import json
import re
from typing import Any

ORDER = ("name", "cost", "type", "power", "toughness", "loyalty", "color_indicator", "layout", "text", "printings")


def toml_value(v: Any) -> str:
    """One value in TOML: a whole number, a string, a list, an inline table."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)   # a valid TOML basic string
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"can't write {v!r} as TOML")


def _text(text: str) -> str:
    """Rules text as a multi-line basic string (escapes: backslashes, three quotes, a final quote)."""
    body = text.replace("\\", "\\\\").replace('"""', '""\\"')
    body = re.sub(r'"$', '\\"', body)
    return '"""\n' + body + '"""'


def _fields(data: dict[str, Any]) -> list[str]:
    keys = [k for k in ORDER if k in data] + sorted(k for k in data if k not in ORDER and k != "faces")
    lines = []
    for key in keys:
        value = data[key]
        if key == "text" and isinstance(value, str) and "\n" in value:
            lines.append(f"text = {_text(value)}")
        elif key == "printings" and isinstance(value, list) and value:
            lines.append("printings = [\n" + "".join(f"  {toml_value(p)},\n" for p in value) + "]")
        else:
            lines.append(f"{key} = {toml_value(value)}")
    return lines


def card_file_text(data: dict[str, Any]) -> str:
    """A card file holding ``data`` (the fields of docs/cards.md)."""
    parts = ["\n".join(_fields(data))]
    for face in data.get("faces") or []:
        parts.append("[[faces]]\n" + "\n".join(_fields(face)))
    return "\n\n".join(parts) + "\n"
