"""The game log says what happened in words a player reads: keywords in lower case mid-sentence, rules
effects with their apostrophes."""

from __future__ import annotations

from typing import Any

from mtg_tui.engine.setup import new_game


def _cast_on_bears(db: Any, spell: str, lands: list[str], extra: list[str] | None = None) -> list[str]:
    battlefield = [{"name": "Grizzly Bears"}] + [{"name": n} for n in lands]
    g = new_game({"kind": "state", "players": ["Alice", "Bob"], "active": 0, "turn": 5, "step": "main1",
                  "tables": [{"library": [{"name": "Forest"}], "hand": [{"name": spell}], "battlefield": battlefield},
                             {"library": [{"name": "Forest"}], "battlefield": [{"name": n} for n in extra or []]}]},
                 1, db)
    bears = next(o for o in g.battlefield if o.name == "Grizzly Bears")
    g.answer(0, {"action": "cast", "card": g.players[0].hand[0].id, "targets": [[bears.id]], "pay": "auto"})
    g.answer(0, {"action": "pass"})
    g.answer(1, {"action": "pass"})
    return [e.text for e in g.log.entries]


def test_a_granted_keyword_reads_in_lower_case(db: Any) -> None:
    # Crash the Ramparts: "Target creature gets +3/+3 and gains trample until end of turn."
    log = _cast_on_bears(db, "Crash the Ramparts", ["Forest", "Forest", "Forest"])
    assert "Grizzly Bears gains trample until end of turn." in log


def test_a_rules_effect_reads_with_its_apostrophes(db: Any) -> None:
    # Seismic Shift: "Destroy target land. Up to two target creatures can't block this turn."
    g = new_game({"kind": "state", "players": ["Alice", "Bob"], "active": 0, "turn": 5, "step": "main1",
                  "tables": [{"library": [{"name": "Forest"}], "hand": [{"name": "Seismic Shift"}],
                              "battlefield": [{"name": "Mountain"} for _ in range(4)]},
                             {"library": [{"name": "Forest"}], "battlefield": [{"name": "Grizzly Bears"},
                                                                              {"name": "Forest"}]}]}, 1, db)
    bears = next(o for o in g.battlefield if o.name == "Grizzly Bears")
    forest = next(o for o in g.battlefield if o.name == "Forest")
    g.answer(0, {"action": "cast", "card": g.players[0].hand[0].id, "targets": [[forest.id], [bears.id]],
                 "pay": "auto"})
    g.answer(0, {"action": "pass"})
    g.answer(1, {"action": "pass"})
    log = [e.text for e in g.log.entries]
    assert "Grizzly Bears can't block until end of turn." in log, log[-4:]


def test_haste_says_whose_control_it_came_under(db: Any) -> None:
    # Raging Goblin (haste) enters under Alice's control this turn and attacks at once (702.10b); the log names
    # her, not "your" control, since both players read it.
    g = new_game({"kind": "state", "players": ["Alice", "Bob"], "active": 0, "turn": 5, "step": "main1",
                  "tables": [{"library": [{"name": "Mountain"}], "hand": [{"name": "Raging Goblin"}],
                              "battlefield": [{"name": "Mountain"}]},
                             {"library": [{"name": "Forest"}]}]}, 1, db)
    g.answer(0, {"action": "cast", "card": g.players[0].hand[0].id, "pay": "auto"})
    g.answer(0, {"action": "pass"})
    g.answer(1, {"action": "pass"})
    goblin = next(o for o in g.battlefield if o.name == "Raging Goblin")
    for _ in range(10):
        d = g.pending
        if d.kind == "declare_attackers":
            g.answer(0, [[goblin.id, d.defenders[0]]])
            break
        g.answer(d.player, {"action": "pass"})
    log = [e.text for e in g.log.entries]
    assert "Raging Goblin has haste: it can attack though it came under Alice's control this turn." in log, log[-3:]
