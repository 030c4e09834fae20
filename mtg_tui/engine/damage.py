"""Dealing damage (120): prevention, then its results, all at once.

Damage to a player makes them lose life (120.3a) or, from a source with
infect, get poison counters (120.3b); damage to a planeswalker removes
loyalty (120.3c); damage to a creature is marked on it (120.3e) or, with
infect, becomes -1/-1 counters (120.3d). Lifelink gains its controller
that much life (120.3f). A creature dealt damage by a deathtouch source is
destroyed by the next state-based action check (704.5h).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator, Sequence

from . import actions
from .decisions import Decision
from .events import Event
from .keywords import Trait, traits_of
from .objects import GameObject, Player
from .prevention import protection_from, shield_order
from .replacement import Damage, could_apply, replace

if TYPE_CHECKING:
    from .state import GameState

Gen = Generator[Decision, Any, int]

LIFE_FLOOR = "life_floor"   # a player flag: damage can't reduce their life total below 1 (instructions.LifeFloor)


def deal_damage(game: "GameState", parts: Sequence[tuple[Any, int, int]], combat: bool = False) -> Gen:
    """Deal damage simultaneously. ``parts`` are (source, recipient id, amount).

    The source is an object or its last known information. Each part is
    first offered to replacement and prevention effects (614.2, 615); where
    several apply to the same damage, the affected player (or the controller
    of the affected permanent) chooses the order (616.1), players in APNAP
    order. Returns the total damage dealt after them.
    """
    parts = yield from shield_order(game, [p for p in parts if p[2] > 0], combat)
    proposed: list[Damage] = []
    for source, rid, amount in parts:
        recipient = game.get(rid)
        if amount <= 0 or recipient is None or isinstance(recipient, GameObject) and recipient.zone != "battlefield":
            continue   # 0 damage isn't dealt at all (120.8)
        proposed.append(Damage(source, rid, amount, combat))
    quick = not could_apply(game, "damage")
    for ev in actions.apnap_order(game, proposed):
        extra = protection_from(game, ev.source, game.get(ev.recipient))
        if quick and not extra:
            continue
        yield from replace(game, ev, extra)
        _log_prevented(game, ev)
    dealt: list[tuple[Any, Any, int]] = [(e.source, game.get(e.recipient), e.amount) for e in proposed
                                         if e.amount > 0]
    if not dealt:
        return 0

    events: list[Event] = []
    lifelink_gains: list[tuple[int, int, int]] = []
    for source, recipient, amount in dealt:
        sc = game.chars(source)
        traits = traits_of(game, source)
        infect = Trait.POISON in traits
        wither = Trait.WITHER in traits
        lifelink = Trait.LIFELINK in traits
        deathtouch = Trait.DEATHTOUCH in traits
        kind = "combat damage" if combat else "damage"
        if isinstance(recipient, Player):
            if infect:
                recipient.poison += amount
                game.log_event(f"{source.name} deals {amount} {kind} to {recipient.name}: "
                               f"{amount} poison counter{'s' if amount != 1 else ''} ({recipient.poison}).",
                               ("120.3b", "702.89b"), player=recipient.index)
            else:
                loss = amount
                floored = game.player_flags(recipient.index).get(LIFE_FLOOR) and recipient.life - amount < 1
                if floored:   # "reduces it to 1 instead" (614.1a): the damage is dealt, the loss stops at 1
                    loss = max(0, recipient.life - 1)
                recipient.life -= loss
                recipient.life_lost_this_turn += loss
                game.log_event(f"{source.name} deals {amount} {kind} to {recipient.name} ({recipient.life})"
                               + (": it reduces their life total only to 1." if floored else "."),
                               ("120.3a",) + (("614.1a",) if floored else ()), player=recipient.index)
                if loss:
                    events.append(Event("life_loss", player=recipient.index, amount=loss))
            events.append(Event("damage", source_uid=source.card_uid, source_id=source.id,
                                source_controller=sc.controller, recipient=recipient.id, to_player=True,
                                amount=amount, combat=combat, player=recipient.index,
                                source_types=tuple(sc.types), source_subtypes=tuple(sc.subtypes)))
        else:
            rc = game.chars(recipient)
            if "Planeswalker" in rc.types:
                k = actions.remove_counters(game, recipient, "loyalty", amount, log=False)
                game.log_event(f"{source.name} deals {amount} {kind} to {recipient.name}: "
                               f"{k} loyalty removed.", ("120.3c",), (recipient.id,))
            if "Creature" in rc.types:
                if infect or wither:
                    recipient.counters["-1/-1"] = recipient.counters.get("-1/-1", 0) + amount
                    game.log_event(f"{source.name} deals {amount} {kind} to {recipient.name}: "
                                   f"{amount} -1/-1 counter{'s' if amount != 1 else ''}.",
                                   ("120.3d",) + (("702.89b",) if infect else ()), (recipient.id,))
                else:
                    recipient.damage += amount
                    game.log_event(f"{source.name} deals {amount} {kind} to {recipient.name}.",
                                   ("120.3e",), (recipient.id,))
                if deathtouch:
                    recipient.deathtouch_damaged = True
            recipient.damaged_by.append(source.card_uid)
            events.append(Event("damage", source_uid=source.card_uid, source_id=source.id,
                                source_controller=sc.controller, recipient=recipient.id, to_player=False,
                                amount=amount, combat=combat, player=None))
        if lifelink:
            for k, (pi, n, name) in enumerate(lifelink_gains):
                if name == source.card_uid:
                    lifelink_gains[k] = (pi, n + amount, name)
                    break
            else:
                lifelink_gains.append((sc.controller, amount, source.card_uid))
    game.touch()
    for pi, n, _ in lifelink_gains:   # each source's lifelink is its own life gain event (119.9)
        p = game.players[pi]
        if p.lost:
            continue
        n = yield from actions.life_gain_replaced(game, p, n)
        if n <= 0:
            continue
        p.life += n
        p.life_gained_this_turn += n
        game.log_event(f"{p.name} gains {n} life from lifelink ({p.life}).", ("120.3f", "702.15b", "119.3"),
                       player=pi)
        events.append(Event("life_gain", player=pi, amount=n))
    game.emit(events)
    return sum(a for _, _, a in dealt)


def _log_prevented(game: "GameState", ev: Damage) -> None:
    used = ev.prevented_by
    if not used:
        return
    name = ev.source.name
    if "protection" in used:
        game.log_event(f"Damage from {name} to {game.describe(ev.recipient)} is prevented by protection.",
                       ("702.16e", "615.1"), (ev.recipient,))
        used = [u for u in used if u != "protection"]
    if used:
        game.log_event(f"Damage from {name} to {game.describe(ev.recipient)} is prevented "
                       f"({', '.join(dict.fromkeys(used))}).", tuple(dict.fromkeys(("615.1", *ev.prevention_rules))))
