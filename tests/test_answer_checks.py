"""Answers of the wrong shape or out of range are refused (IllegalAnswer) and change nothing.

Every decision checks its answer's types and ranges before the rules look at it:
ids are whole numbers, lists are lists, X is no more than the mana the player
could produce (107.3), damage is divided only by spells that divide it (601.2d).
"""

from __future__ import annotations

from typing import Any

import pytest

from mtg_tui.engine.decisions import IllegalAnswer
from mtg_tui.engine.game import Game
from mtg_tui.engine.setup import new_game
from state import fingerprint


def state(db: Any, mine: dict[str, Any], theirs: dict[str, Any] | None = None, step: str = "main1") -> Game:
    def table(t: dict[str, Any]) -> dict[str, Any]:
        return {zone: [{"name": n} if isinstance(n, str) else n for n in cards] for zone, cards in t.items()}
    setup = {"kind": "state", "players": ["A", "B"], "active": 0, "turn": 3, "step": step,
             "tables": [table(mine), table(theirs or {})]}
    return new_game(setup, 1, db)


def card(game: Game, name: str, player: int | None = None) -> int:
    for o in game.objects.values():
        if getattr(o, "name", None) == name and (player is None or o.owner == player):
            return o.id
    raise LookupError(name)


def refused(game: Game, answer: Any) -> str:
    """Answer the pending decision with ``answer``: it must be refused and change nothing."""
    d = game.pending
    before = fingerprint(game)
    with pytest.raises(IllegalAnswer) as e:
        game.answer(d.player, answer)
    assert fingerprint(game) == before, f"{answer!r} was refused but changed the game"
    assert game.pending is d
    return e.value.reason


def until(game: Game, kind: str) -> None:
    """Pass priority (and declare nothing) until the game asks ``kind``."""
    for _ in range(50):
        d = game.pending
        if d.kind == kind:
            return
        game.answer(d.player, {"action": "pass"} if d.kind == "priority" else [])
    raise AssertionError(f"never asked {kind}")


def test_a_division_on_a_spell_that_divides_nothing_is_refused(db) -> None:
    g = state(db, {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, {"battlefield": ["Grizzly Bears"]})
    bolt, bears = card(g, "Lightning Bolt"), card(g, "Grizzly Bears")
    why = refused(g, {"action": "cast", "card": bolt, "targets": [[bears]], "pay": "auto", "divide": [-1, 99]})
    assert "divide" in why
    g.answer(0, {"action": "cast", "card": bolt, "targets": [[bears]], "pay": "auto"})
    assert [o.name for o in g.stack] == ["Lightning Bolt"]


@pytest.mark.parametrize("pay", [["a"], [None], [[3]], [{"x": 1}], [True], {"auto": 1}, 7, ["auto", 3]])
def test_payments_of_the_wrong_shape_are_refused(db, pay: Any) -> None:
    g = state(db, {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]})
    bolt = card(g, "Lightning Bolt")
    refused(g, {"action": "cast", "card": bolt, "targets": [[2]], "pay": pay})
    g.answer(0, {"action": "cast", "card": bolt, "targets": [[2]]})
    assert g.pending.kind == "pay"
    refused(g, pay)
    g.answer(0, "auto")
    assert g.players[1].life == 20 and [o.name for o in g.stack] == ["Lightning Bolt"]


@pytest.mark.parametrize("targets", [[[[]]], [None], [{}], [[None]], [["B"]], [[True]], "B", [[2, [2]]]])
def test_targets_of_the_wrong_shape_are_refused(db, targets: Any) -> None:
    g = state(db, {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]})
    bolt = card(g, "Lightning Bolt")
    refused(g, {"action": "cast", "card": bolt, "targets": targets, "pay": "auto"})
    g.answer(0, {"action": "cast", "card": bolt})
    assert g.pending.kind == "targets"
    refused(g, targets)


@pytest.mark.parametrize("x", [10**30, 10**8, -1, "3", 2.0, True, [1, 2]])
def test_x_must_be_a_whole_number_the_player_could_pay(db, x: Any) -> None:
    g = state(db, {"hand": ["Blaze"], "battlefield": ["Mountain", "Mountain", "Mountain"]})
    blaze = card(g, "Blaze")
    refused(g, {"action": "cast", "card": blaze, "x": x, "targets": [[2]], "pay": "auto"})
    refused(g, {"action": "cast", "card": blaze, "x": x})
    g.answer(0, {"action": "cast", "card": blaze})
    assert g.pending.subkind == "x" and g.pending.max == 2
    refused(g, x)
    refused(g, 3)         # three Mountains: {3}{R} can't be paid
    g.answer(0, 2)
    assert g.pending.kind == "targets"


def test_x_of_an_ability_is_checked_like_a_spell(db) -> None:
    # An ability without {X} takes no X; a number that isn't one is refused (not a crash later).
    g = state(db, {"battlefield": ["Prodigal Pyromancer", "Mountain"]})
    pyro = card(g, "Prodigal Pyromancer")
    refused(g, {"action": "activate", "source": pyro, "ability": 0, "x": "lots", "targets": [[2]]})
    refused(g, {"action": "activate", "source": pyro, "ability": 1.0, "targets": [[2]]})
    refused(g, {"action": "activate", "source": pyro, "ability": True, "targets": [[2]]})
    refused(g, {"action": "activate", "source": pyro, "ability": -1, "targets": [[2]]})


@pytest.mark.parametrize("answer", [[None], [75, 75, 75], [[None, 3]], [["6", 6]], [[2, 3, 3]], {"assign": 5},
                                    [[2, -6], [2, 12]]])
def test_damage_assignments_of_the_wrong_shape_are_refused(db, answer: Any) -> None:
    # A 6/6 trampler blocked by a 2/2: the attacking player assigns (510.1c-d, 702.19b).
    g = state(db, {"battlefield": ["Colossal Dreadmaw"]}, {"battlefield": ["Grizzly Bears"]},
              step="beginning_of_combat")
    maw, bears = card(g, "Colossal Dreadmaw"), card(g, "Grizzly Bears")
    until(g, "declare_attackers")
    g.answer(0, [maw])
    until(g, "declare_blockers")
    g.answer(1, [[bears, maw]])
    until(g, "assign_damage")
    refused(g, answer)
    g.answer(0, [[bears, 2], [2, 4]])
    assert g.players[1].life == 16


@pytest.mark.parametrize("answer", [["x", 1], [[1], 2], [{}, None], [None, None], [True, False]])
def test_orders_of_the_wrong_shape_are_refused(db, answer: Any) -> None:
    # Two blockers on one attacker: its controller orders them (509.2).
    g = state(db, {"battlefield": ["Colossal Dreadmaw"]}, {"battlefield": ["Grizzly Bears", "Wall of Wood"]},
              step="beginning_of_combat")
    maw = card(g, "Colossal Dreadmaw")
    until(g, "declare_attackers")
    g.answer(0, [maw])
    until(g, "declare_blockers")
    g.answer(1, [[card(g, "Grizzly Bears"), maw], [card(g, "Wall of Wood"), maw]])
    assert g.pending.kind == "damage_order"
    refused(g, answer)


@pytest.mark.parametrize("junk", [1.5, float("nan"), 10**40, 10**5000, {1.5: 2}, object(), "x" * 10_000,
                                  [[[[[[[[[[[1]]]]]]]]]]], list(range(5000))],
                         ids=["fraction", "nan", "huge", "enormous", "fraction key", "object", "long text", "deep", "long list"])
def test_answers_that_are_not_plain_bounded_data_are_refused(db, junk: Any) -> None:
    # Anywhere in an answer, even under a key the decision doesn't read: the record must stay plain data.
    g = state(db, {"hand": ["Blaze"], "battlefield": ["Mountain", "Mountain"]})
    blaze = card(g, "Blaze")
    refused(g, {"action": "cast", "card": blaze, "note": junk})
    refused(g, {"action": "cast", "card": blaze, "x": junk})
