"""Mana costs, the pool and payment (106, 107.4, 118, 601.2g-h)."""

from __future__ import annotations

from typing import Any

import pytest

from mtg_tui.engine.costs import find_auto_payment
from mtg_tui.engine.mana import ManaCost, ManaError, ManaUnit, match_payment
from mtg_tui.engine.setup import new_game


def test_parse_costs() -> None:
    c = ManaCost.parse("{2}{G}{G}")
    assert c.text == "{2}{G}{G}" and c.mana_value == 4 and c.colors == ("G",)
    assert ManaCost.parse("{X}{R}").has_x and ManaCost.parse("{X}{R}").mana_value == 1
    assert ManaCost.parse("{0}").text == "{0}" and ManaCost.parse("").text == ""
    assert ManaCost.parse("{W/U}").mana_value == 1 and set(ManaCost.parse("{W/U}").colors) == {"W", "U"}
    assert ManaCost.parse("{X}{R}").with_x(3).text == "{3}{R}"
    with pytest.raises(ManaError):
        ManaCost.parse("{Q}")
    with pytest.raises(ManaError):
        ManaCost.parse("2R")


def units(*opts: str) -> list[ManaUnit]:
    return [ManaUnit(tuple(o), source=i + 10) for i, o in enumerate(opts)]


def test_matching_puts_flexible_sources_where_they_are_needed() -> None:
    # {W}{B} with a W/B dual and a Plains: the Plains must pay {W}, the dual {B}.
    found = match_payment(ManaCost.parse("{W}{B}"), units("WB", "W"))
    assert found is not None and sorted(t for _, t in found) == ["B", "W"]
    assert match_payment(ManaCost.parse("{W}{W}"), units("WB", "B")) is None
    assert match_payment(ManaCost.parse("{C}"), units("R")) is None        # {C} needs colorless mana
    assert match_payment(ManaCost.parse("{2/W}"), units("R", "G")) is not None


def game(battlefield: list[str], hand: list[str] | None = None, db: Any = None) -> Any:
    setup = {"kind": "state", "players": ["A", "B"], "active": 0, "turn": 1, "step": "main1",
             "tables": [{"battlefield": [{"name": n} for n in battlefield],
                         "hand": [{"name": n} for n in (hand or [])]}, {}]}
    return new_game(setup, 1, db)


def sources(plan: Any, g: Any) -> list[str]:
    return sorted(g.objects[u.source].name for u, _ in plan if u.source is not None)


def test_auto_pay_keeps_the_colors_the_hand_needs(db) -> None:
    # Paying {1} with a Forest or a Swamp: the hand holds a black spell, so the Forest is tapped.
    g = game(["Forest", "Swamp"], ["Doom Blade"], db)
    plan = find_auto_payment(g, 0, ManaCost.parse("{1}"), set())
    assert sources(plan, g) == ["Forest"]


def test_auto_pay_prefers_lands_to_creatures_and_single_colours_to_duals(db) -> None:
    g = game(["Llanowar Elves", "Forest", "Jungle Hollow"], [], db)
    plan = find_auto_payment(g, 0, ManaCost.parse("{G}"), set())
    assert sources(plan, g) == ["Forest"]
    plan = find_auto_payment(g, 0, ManaCost.parse("{1}{G}"), set())
    assert sources(plan, g) == ["Forest", "Jungle Hollow"]


def test_auto_pay_avoids_the_target_when_it_can(db) -> None:
    g = game(["Llanowar Elves", "Forest"], [], db)
    elves = next(o for o in g.battlefield if o.name == "Llanowar Elves")
    forest = next(o for o in g.battlefield if o.name == "Forest")
    plan = find_auto_payment(g, 0, ManaCost.parse("{G}"), {forest.id})
    assert sources(plan, g) == ["Llanowar Elves"]
    plan = find_auto_payment(g, 0, ManaCost.parse("{G}{G}"), {elves.id})
    assert sources(plan, g) == ["Forest", "Llanowar Elves"]   # no other way: the avoided one is used


def test_auto_pay_finds_a_way_whenever_one_exists(db) -> None:
    g = game(["Scoured Barrens", "Swiftwater Cliffs", "Birds of Paradise"], [], db)
    assert find_auto_payment(g, 0, ManaCost.parse("{W}{U}{R}"), set()) is not None
    assert find_auto_payment(g, 0, ManaCost.parse("{G}{G}"), set()) is None
