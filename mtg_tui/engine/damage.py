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
from .decisions import Option, PreventionOrder
from .events import Event
from .objects import GameObject, Player
from .replacement import prevent_damage, protection_prevents

if TYPE_CHECKING:
    from .state import GameState

Gen = Generator[Any, Any, int]


def _shield_order(game: "GameState", parts: list[tuple[Any, int, int]], combat: bool) -> Gen:
    """615.7: when a shield could prevent damage from several sources dealt at once, the affected player
    (or the controller of the affected permanent) chooses which source's damage it prevents first."""
    out = list(parts)
    recipients = list(dict.fromkeys(rid for _, rid, _ in parts))
    for rid in recipients:
        mine = [p for p in out if p[1] == rid]
        sources = list(dict.fromkeys(p[0].id for p in mine))
        if len(sources) < 2:
            continue
        if not any(s.amount is not None and s.amount > 0 and (s.recipient is None or s.recipient == rid)
                   and (combat or not s.combat_only) for s in game.prevention):
            continue
        thing = game.get(rid)
        chooser = thing.index if isinstance(thing, Player) else game.controller_of(thing)
        ans = yield PreventionOrder(player=chooser, prompt=f"A prevention shield protects {game.describe(rid)} from "
                                    "damage dealt by several sources at once: choose whose damage it prevents first "
                                    "(615.7)", options=[Option(p[0].id, p[0].name) for p in mine], min=1, max=1)
        first = ans[0]
        ordered = [p for p in mine if p[0].id == first] + [p for p in mine if p[0].id != first]
        rest = [p for p in out if p[1] != rid]
        out = ordered + rest
    return out


def deal_damage(game: "GameState", parts: Sequence[tuple[Any, int, int]], combat: bool = False) -> Gen:
    """Deal damage simultaneously. ``parts`` are (source, recipient id, amount).

    The source is an object or its last known information. Where two
    different prevention effects could apply to the same damage, the affected
    player (or the controller of the affected permanent) chooses which applies
    first (616.1). Returns the total damage dealt after prevention.
    """
    dealt: list[tuple[Any, Any, int]] = []
    parts = yield from _shield_order(game, [p for p in parts if p[2] > 0], combat)
    for source, rid, amount in parts:
        if amount <= 0:
            continue  # 0 damage isn't dealt at all (120.8)
        recipient = game.get(rid)
        if recipient is None:
            continue
        if isinstance(recipient, GameObject) and recipient.zone != "battlefield":
            continue
        protected = protection_prevents(game, source, recipient)
        amount, used = yield from prevent_damage(game, rid, amount, combat, protected)
        if "protection" in used:
            game.log_event(f"Damage from {source.name} to {recipient.name} is prevented by protection.",
                           ("702.16e", "615.1"), (recipient.id,))
            used = [u for u in used if u != "protection"]
        if used:
            game.log_event(f"Damage from {source.name} to {game.describe(recipient)} is prevented "
                           f"({', '.join(dict.fromkeys(used))}).", ("615.1",))
        if amount <= 0:
            continue
        dealt.append((source, recipient, amount))
    if not dealt:
        return 0

    events: list[Event] = []
    lifelink_gains: list[tuple[int, int, int]] = []
    for source, recipient, amount in dealt:
        sc = game.chars(source)
        infect = any(getattr(a, "keyword", None) == "infect" for a in sc.abilities)
        wither = any(getattr(a, "keyword", None) == "wither" for a in sc.abilities)
        lifelink = any(getattr(a, "keyword", None) == "lifelink" for a in sc.abilities)
        deathtouch = any(getattr(a, "keyword", None) == "deathtouch" for a in sc.abilities)
        kind = "combat damage" if combat else "damage"
        if isinstance(recipient, Player):
            if infect:
                recipient.poison += amount
                game.log_event(f"{source.name} deals {amount} {kind} to {recipient.name}: "
                               f"{amount} poison counter{'s' if amount != 1 else ''} ({recipient.poison}).",
                               ("120.3b", "702.89b"), player=recipient.index)
            else:
                recipient.life -= amount
                game.log_event(f"{source.name} deals {amount} {kind} to {recipient.name} ({recipient.life}).",
                               ("120.3a",), player=recipient.index)
                events.append(Event("life_loss", player=recipient.index, amount=amount))
            events.append(Event("damage", source_uid=source.card_uid, source_id=source.id,
                                source_controller=sc.controller, recipient=recipient.id, to_player=True,
                                amount=amount, combat=combat, player=recipient.index))
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
        p.life += n
        p.life_gained_this_turn += n
        game.log_event(f"{p.name} gains {n} life from lifelink ({p.life}).", ("120.3f", "702.15b", "119.3"),
                       player=pi)
        events.append(Event("life_gain", player=pi, amount=n))
    game.emit(events)
    return sum(a for _, _, a in dealt)
