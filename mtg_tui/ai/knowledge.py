"""What the computer knows about cards: readings of their compiled abilities.

The computer never reads rules text. It reads the objects the compiler built
(instructions, target words, continuous-effect operations, triggers, costs,
keyword abilities) with the table in ``readers.py``, so a card that compiles
is understood at once. ``read_effect``/``read_ability`` give one ``Reading``;
``read_card`` a whole card's (spell and static abilities together, then each
activated and triggered ability on its own). Readings are kept per compiled
object: the same ability is read once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.abilities import (ActivatedAbility, Effect, KeywordAbility, SpellAbility, StaticAbility,
                                TriggeredAbility)
from ..engine.instructions import AddMana, Delayed, IfYouDo
from ..engine.mana import ManaCost, ManaError
from ..engine.view import ObjectView
from .readers import Notes, read_effect_into
from .reading import Reading

_CACHE: dict[tuple[str, int], tuple[Any, Any]] = {}
_CACHE_LIMIT = 50000
EMPTY = Reading()


def _cached(kind: str, obj: Any, build: Any) -> Any:
    """``build(obj)``, once per compiled object (compiled objects are never changed)."""
    key = (kind, id(obj))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is obj:
        return hit[1]
    return _store(key, obj, build(obj))


def _cached_all(kind: str, objs: tuple[Any, ...], build: Any) -> Any:
    """``build(objs)``, once per combination of compiled objects (in whatever tuple they come)."""
    key = (kind, *map(id, objs))
    hit = _CACHE.get(key)
    if hit is not None and len(hit[0]) == len(objs) and all(a is b for a, b in zip(hit[0], objs)):
        return hit[1]
    return _store(key, objs, build(objs))


def _store(key: tuple[Any, ...], obj: Any, value: Any) -> Any:
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = (obj, value)   # keeping the object keeps its id from being reused
    return value


def targets_of(ability: Any) -> tuple[Any, ...]:
    effect = getattr(ability, "effect", None)
    return effect.targets if isinstance(effect, Effect) else ()


def read_effect(effect: Effect | None) -> Reading:
    """What an effect does (every mode of a modal one, together)."""
    if effect is None:
        return EMPTY

    def build(e: Effect) -> Reading:
        n = Notes(e.targets)
        read_effect_into(e, n)
        return n.reading()
    return _cached("effect", effect, build)


def mode_readings(effect: Effect) -> list[Reading]:
    """One reading per mode of a modal effect."""
    def build(e: Effect) -> list[Reading]:
        out = []
        for mode in e.modes:
            n = Notes(e.targets)
            n.read(mode.instructions)
            out.append(n.reading())
        return out
    return _cached("modes", effect, build)


def read_ability(ability: Any) -> Reading:
    """What one ability does."""
    if ability is None:
        return EMPTY

    def build(a: Any) -> Reading:
        n = Notes(targets_of(a))
        n.read_ability(a)
        return n.reading()
    return _cached("ability", ability, build)


def optional_reading(effect: Effect | None, may: Any) -> Reading:
    """What saying yes to a "you may" instruction does: its own instructions, and the
    "if you do" instructions that follow it in ``effect`` (608.2c)."""
    def build(m: Any) -> Reading:
        n = Notes(effect.targets if effect is not None else ())
        n.read(m.body)
        n.read(tuple(b for ins in _after(effect, m) for b in ins.body))
        return n.reading()
    return _cached(f"may{id(effect)}", may, build)


def _after(effect: Effect | None, may: Any) -> list[Any]:
    """The "if you do" instructions right after ``may`` wherever it sits in ``effect``."""
    if effect is None:
        return []
    lists = [effect.instructions] + [m.instructions for m in effect.modes]
    lists += [ins.effect.instructions for seq in list(lists) for ins in seq if isinstance(ins, Delayed)]
    for seq in lists:
        for k, ins in enumerate(seq):
            if ins is may:
                out = []
                for nxt in seq[k + 1:]:
                    if not isinstance(nxt, IfYouDo):
                        break
                    out.append(nxt)
                return out
    return []


@dataclass(frozen=True)
class CardReading:
    """A whole card: its spell and static abilities read together, and each activated and triggered ability."""

    main: Reading
    activated: tuple[tuple[ActivatedAbility, Reading], ...] = ()
    triggered: tuple[tuple[TriggeredAbility, Reading], ...] = ()

    @property
    def all(self) -> list[Reading]:
        return [self.main] + [r for _, r in self.activated] + [r for _, r in self.triggered]

    @property
    def unknown(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(u for r in self.all for u in r.unknown))


def read_card(abilities: tuple[Any, ...]) -> CardReading:
    """A card (or an object) from the abilities it has."""
    def build(abils: tuple[Any, ...]) -> CardReading:
        main_targets = next((targets_of(a) for a in abils if not isinstance(a, (ActivatedAbility, TriggeredAbility))
                             and targets_of(a)), ())
        main = Notes(main_targets)
        activated = []
        triggered = []
        for a in abils:
            if isinstance(a, ActivatedAbility):
                activated.append((a, read_ability(a)))
            elif isinstance(a, TriggeredAbility):
                triggered.append((a, read_ability(a)))
            else:
                main.read_ability(a)
        return CardReading(main.reading(), tuple(activated), tuple(triggered))
    return _cached_all("card", tuple(abilities), build)


def reading_of(v: ObjectView) -> CardReading:
    return read_card(v.compiled)


def spell_reading(v: ObjectView) -> Reading:
    """What a card does as a spell: its spell ability, or for a permanent its static abilities."""
    return reading_of(v).main


def spell_effect(v: ObjectView) -> Effect | None:
    """The effect of an instant's or sorcery's spell ability."""
    return next((a.effect for a in v.compiled if isinstance(a, SpellAbility)), None)


def activated(v: ObjectView) -> list[ActivatedAbility]:
    """The object's activated abilities, numbered as a priority action's ``ability`` numbers them."""
    return [a for a in v.compiled if isinstance(a, ActivatedAbility)]


# ---------------------------------------------------------------------------
# Facts about an object, from its compiled abilities

BASIC_COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def mana_colors(v: ObjectView) -> set[str]:
    """The colours of mana this permanent can make (its basic land types and mana abilities)."""
    out = {BASIC_COLORS[s] for s in v.subtypes if s in BASIC_COLORS}
    for a in activated(v):
        if not a.is_mana:
            continue
        for ins in a.effect.instructions:
            if isinstance(ins, AddMana):
                for unit in ins.units:
                    if unit in (("chosen",), ("could",), ("among",)):
                        out |= set("WUBRG")
                    out |= {c for c in unit if c in "WUBRG"}
    return out


def makes_mana(v: ObjectView) -> bool:
    """Does it have a mana ability that taps it?"""
    return any(a.is_mana and a.cost.tap for a in activated(v))


def enters_tapped(v: ObjectView) -> bool:
    return spell_reading(v).enters_tapped


def protections(v: ObjectView) -> frozenset[str]:
    """The colours it has protection from."""
    out = set()
    for a in v.compiled:
        if isinstance(a, KeywordAbility) and a.keyword == "protection":
            q = a.param
            if getattr(q, "kind", "") == "color":
                out.add(q.value)
    return frozenset(out)


def cost_colors(mana_cost: str) -> list[str]:
    """The coloured mana symbols of a cost, one entry per symbol ("{1}{G}{G}" -> ["G", "G"])."""
    try:
        cost = ManaCost.parse(mana_cost)
    except ManaError:
        return []
    return [s.value for s in cost.symbols if s.kind == "color"]


def mana_value_of(cost: str) -> int:
    """The mana value of a cost text ("{2}{R}" -> 3), X counting as 0."""
    try:
        return ManaCost.parse(cost).mana_value
    except ManaError:
        return 0
