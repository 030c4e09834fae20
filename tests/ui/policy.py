"""A keyboard-only player for whole-game tests: it looks at the screen's state and picks keys."""

from __future__ import annotations

from mtg_tui.ui.app import MtgApp


def next_keys(app: MtgApp) -> list[str]:
    gs = app.game_screen
    assert gs is not None
    screen = app.screen
    name = type(screen).__name__
    if name == "HandoffScreen":
        return ["enter"]
    if name == "GameOverScreen":
        return ["escape"]
    if name != "GameScreen":
        return ["escape"]
    if gs.mode == "board":
        snap = gs.snap
        if snap is not None and snap.actions:
            return ["a", "a"]          # the first action in the menu
        return ["space"]
    if gs.mode == "prompt" and gs.state is not None:
        p = gs.state.prompt
        kind = p.kind
        if kind == "mulligan":
            return ["k"]
        if kind == "attack":
            return ["A", "space"]
        if kind == "block":
            return ["a", "space"]
        if kind in ("pay", "damage"):
            return ["space"]
        if kind == "number":
            return ["enter"]
        if kind == "yes_no":
            return ["y"]
        if kind == "targets":
            # The prompt lists harm's targets on the opponent's side first, help's on ours.
            cur = p.current
            if cur is not None and cur.single:
                return [min(cur.keys, key=lambda k: cur.keys[k])]
            return ["a", "space"]
        if kind in ("damage_order", "order_triggers"):
            return ["space"]
        if getattr(p, "single", False):
            return ["a"]
        lo = getattr(p, "lo", 0)
        return ["a", "b", "c", "d", "e", "f", "g"][:lo] + ["space"]
    return []
