"""The computer never reads rules text, prompts or labels, and uses no regular expressions.

It judges cards from their compiled abilities only. This scans the source of
``mtg_tui/ai`` for the ways text could be read: the ``re`` module, the
``text``/``prompt``/``label``/``mode_texts`` attributes, keys of that name in
decision data, and ``abilities`` (on a view of an object that is the text of
its abilities; only a token definition's compiled ``token.abilities`` is
allowed).
"""

from __future__ import annotations

import ast
from pathlib import Path

import mtg_tui.ai

BANNED_MODULES = {"re", "regex", "fnmatch"}
BANNED_NAMES = {"text", "prompt", "label", "mode_texts", "abilities"}


def _is_token(node: ast.expr) -> bool:
    """``token`` or ``something.token``: a token's compiled definition."""
    return (isinstance(node, ast.Name) and node.id == "token") or \
        (isinstance(node, ast.Attribute) and node.attr == "token")


def offences(source: str) -> list[str]:
    """Where this source could read text: one line per offence."""
    out = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            out += [f"{line}: import {a.name}" for a in node.names if a.name.split(".")[0] in BANNED_MODULES]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in BANNED_MODULES \
                and not node.level:
            out.append(f"{line}: from {node.module} import")
        elif isinstance(node, ast.Attribute) and node.attr in BANNED_NAMES:
            if not (node.attr == "abilities" and _is_token(node.value)):
                out.append(f"{line}: .{node.attr}")
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) \
                and node.slice.value in BANNED_NAMES:
            out.append(f"{line}: [{node.slice.value!r}]")
        elif isinstance(node, ast.Call) and _string_key(node) in BANNED_NAMES:
            out.append(f"{line}: {ast.unparse(node.func)}({_string_key(node)!r})")
    return out


def _string_key(call: ast.Call) -> str | None:
    """The attribute or key named by ``getattr(x, "name")`` or ``x.get("name")``."""
    if isinstance(call.func, ast.Name) and call.func.id in ("getattr", "hasattr") and len(call.args) >= 2:
        arg = call.args[1]
    elif isinstance(call.func, ast.Attribute) and call.func.attr == "get" and call.args:
        arg = call.args[0]
    else:
        return None
    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None


def test_the_computer_reads_no_text() -> None:
    folder = Path(mtg_tui.ai.__file__).parent
    found = {p.name: offences(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.py"))}
    assert {name: o for name, o in found.items() if o} == {}


def test_the_scan_finds_each_way_of_reading_text() -> None:
    source = '''
import re
from re import search
x = card.text
y = decision.prompt
z = option.label
w = effect.mode_texts
v = view.abilities
a = row["label"]
b = data.get("text")
c = getattr(ability, "text", "")
ok = token.abilities
ok2 = i.token.abilities
ok3 = view.keywords
ok4 = spec.objects
'''
    found = offences(source)
    assert [f.split(":")[0] for f in found] == [str(n) for n in range(2, 12)]
