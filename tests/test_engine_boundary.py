"""The engine is pure Python: it imports nothing of the UI, the terminal or the command line."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import pkgutil, importlib, sys
import mtg_tui.engine as engine
for m in pkgutil.walk_packages(engine.__path__, 'mtg_tui.engine.'):
    importlib.import_module(m.name)
import mtg_tui.cardtext.loader
bad = sorted({m.split('.')[0] for m in sys.modules} & {'textual', 'rich', 'click'})
bad += sorted(m for m in sys.modules if m.startswith(('mtg_tui.ui', 'mtg_tui.cli', 'mtg_tui.agents')))
print(','.join(bad))
"""


def test_engine_imports_no_ui_terminal_or_cli() -> None:
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"the engine pulled in: {out.stdout.strip()}"
