"""Triggered abilities (603): noticing trigger events and putting abilities on the stack.

``check_events`` runs after every event and notes each ability whose trigger
condition matches (603.2). Leaves-the-battlefield abilities "look back in
time" (603.10a): they are checked against the battlefield as it was just
before the event. The next time a player would receive priority,
``put_on_stack`` puts the waiting abilities on the stack in APNAP order
(603.3b), asking a player to order their own only when they have two or
more different ones, and asking targets as each goes on the stack (603.3d).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generator

from .abilities import Effect, Trigger, TriggeredAbility
from .conditions import condition_holds
from .context import Ctx
from .decisions import ChooseMode, Decision, Option, OrderTriggers
from .events import Event
from .immutable import rewritten
from .emblems import emblem_trigger_sources
from .extra_turns import THAT_TURN
from .keywords import entry
from .matching import object_matches
from .objects import Characteristics, GameObject, LKI, StackAbility
from .refs import FixedRef, ObjectFilter, RememberedRef, SelfRef, TargetRef
from .sagas import CHAPTER, LORE, chapter_triggered
from .state import STEP_NAMES
from .targets import candidates, has_legal_choice, targeted_events, targets_decision

if TYPE_CHECKING:
    from .state import GameState

Gen = Generator[Decision, Any, Any]


@dataclass
class PendingTrigger:
    """An ability that has triggered and waits to be put on the stack (603.3)."""

    id: int
    ability: TriggeredAbility
    controller: int
    source_id: int | None
    source_uid: int
    source_name: str
    source_lki: Any
    event: Any
    delayed: bool = False


@dataclass
class DelayedTrigger:
    """A delayed triggered ability created by a resolving spell or ability (603.7)."""

    id: int
    ability: TriggeredAbility
    controller: int
    source_uid: int
    source_name: str
    created_turn: int
    data: dict[str, Any] = field(default_factory=dict)


# ---------------------------------------------------------------------------
# Matching events


def _controller(game: "GameState", src: Any) -> int:
    return src.controller if isinstance(src, LKI) else game.chars(src).controller


def _abilities(game: "GameState", src: Any) -> tuple[Any, ...]:
    return src.chars.abilities if isinstance(src, LKI) else game.chars(src).abilities


def matches(game: "GameState", trig: Trigger, ev: Event, src: Any, you: int) -> bool:
    """Does this event match the trigger condition of an ability of ``src``?"""
    uid = src.card_uid
    sid = src.id
    kind = trig.event
    if trig.attached:
        return _attached_matches(game, trig, ev, src)
    if kind == "enters":
        if ev.kind != "zone" or ev.to_zone != "battlefield":
            return False
        obj = game.objects.get(ev.new_id)
        if obj is None:
            return False
        if trig.self_only:
            return ev.card_uid == uid
        if trig.subject is not None and not object_matches(game, obj, trig.subject, sid, you, uid):
            return False
        return _player_ok(trig.player, game.chars(obj).controller, you)
    if kind == "to_graveyard" and trig.from_zone == "anywhere":
        # "whenever a card is put into an opponent's graveyard from anywhere": ``player`` is whose graveyard
        # (404.1: a card goes to its owner's); a token isn't a card (108.2)
        new = ev.get("obj") if ev.kind == "zone" and ev.to_zone == "graveyard" else None
        if not isinstance(new, GameObject) or new.is_token or not _player_ok(trig.player, ev.owner, you):
            return False
        return trig.subject is None or object_matches(game, new, trig.subject, sid, you, uid)
    if kind == "to_graveyard" and trig.from_zone not in ("", "battlefield"):
        # "when ~ is put into your graveyard from your library": seen from the graveyard (113.6j)
        return (ev.kind == "zone" and ev.from_zone == trig.from_zone and ev.to_zone == "graveyard"
                and (not trig.self_only or ev.card_uid == uid) and _player_ok(trig.graveyard, ev.owner, you))
    if kind in ("dies", "to_graveyard", "leaves"):
        if ev.kind != "zone" or ev.from_zone != "battlefield":
            return False
        if kind in ("dies", "to_graveyard") and ev.to_zone != "graveyard":
            return False
        if kind == "to_graveyard" and not _player_ok(trig.graveyard, ev.owner, you):
            return False     # "put into an opponent's graveyard": the card's owner is that player (404.1)
        lk: LKI | None = ev.lki
        if lk is None:
            return False
        if kind == "dies" and "Creature" not in lk.chars.types:
            return False
        is_self = ev.card_uid == uid
        if trig.self_only:
            return is_self
        if is_self and trig.or_self:
            return True
        if trig.subject is not None and not object_matches(game, lk, trig.subject, sid, you, uid):
            return False
        return _player_ok(trig.player, lk.controller, you)
    if kind == "dies_damaged_by_self":
        if ev.kind != "zone" or ev.from_zone != "battlefield" or ev.to_zone != "graveyard":
            return False
        lk = ev.lki
        return lk is not None and "Creature" in lk.chars.types and uid in lk.damaged_by
    if kind == "step":
        if ev.kind != "step" or ev.step != trig.step:
            return False
        if trig.whose == "your":
            return ev.active == you
        if trig.whose == "opponent":
            return ev.active != you
        return True
    if kind == "gain_life":
        return ev.kind == "life_gain" and _player_ok(trig.player, ev.player, you)
    if kind == "lose_life":
        return ev.kind == "life_loss" and _player_ok(trig.player, ev.player, you)
    if kind == "activate":
        # a non-mana ability activated (602.2): of a source that fits, as it was if a cost moved it (608.2h)
        if ev.kind != "activate" or not _player_ok(trig.player, ev.player, you):
            return False
        obj = game.objects.get(ev.source) or game.lki.get(ev.source)
        return obj is not None and (trig.subject is None or object_matches(game, obj, trig.subject, sid, you, uid))
    if kind == "pay_life":
        return ev.kind == "life_loss" and bool(ev.get("paid")) and _player_ok(trig.player, ev.player, you)
    if kind == "cast":
        if ev.kind != "cast" or not _player_ok(trig.player, ev.player, you):
            return False
        spell = game.objects.get(ev.spell_id)
        if spell is None or (trig.in_main and not spell.chosen.get("cast_in_main")):
            return False
        if trig.self_only:
            return ev.spell_id == sid   # "when you cast this spell"
        if trig.spell_filter is not None:
            flt = ObjectFilter(**{**trig.spell_filter.__dict__, "zone": "stack"})
            return object_matches(game, spell, flt, sid, you, uid)
        return True
    if kind == "damage":
        if ev.kind != "damage":
            return False
        if trig.combat_only and not ev.combat:
            return False
        if trig.to == "player" and not ev.to_player:
            return False
        if trig.to == "creature" and ev.to_player:
            return False
        if trig.to == "player" and trig.player != "any" and not _player_ok(trig.player, ev.player, you):
            return False
        if trig.recipient is not None:
            dealt = game.objects.get(ev.recipient)
            if ev.to_player or dealt is None or not object_matches(game, dealt, trig.recipient, sid, you, uid):
                return False
        if trig.self_only:
            return ev.source_uid == uid
        return _event_object_fits(game, trig, ev.source_id, ev.source_uid, sid, you, uid)
    if kind == "dealt_damage":
        if ev.kind != "damage" or ev.to_player:
            return False
        if trig.self_only:
            return ev.recipient == sid
        return _event_object_fits(game, trig, ev.recipient, None, sid, you, uid)
    if kind == "attacks":
        if ev.kind != "attacks" or (trig.alone and not ev.get("alone")):
            return False
        if trig.self_only:
            return ev.attacker == sid
        obj = game.objects.get(ev.attacker)
        if obj is None:
            return False
        if trig.subject is not None and not object_matches(game, obj, trig.subject, sid, you, uid):
            return False
        return _player_ok(trig.player, game.chars(obj).controller, you)
    if kind in ("blocks", "blocked_by"):
        # "blocks": this one declared as a blocker, once a combat (509.5a); "blocks a creature": once for each
        # creature it blocks (509.5b);
        # "becomes blocked by a creature": once for each creature blocking this one (509.5d)
        mine, other = ("blocker", "attacker") if kind == "blocks" else ("attacker", "blocker")
        if ev.kind != "blocks" or (trig.self_only and ev.get(mine) != sid):
            return False
        if kind == "blocks" and trig.recipient is None and not ev.get("first", True):
            return False   # "whenever ~ blocks": once a combat, however many it blocks (509.5a)
        if kind == "blocked_by" and not trig.self_only:
            return False
        o = game.objects.get(ev.get(other))
        return trig.recipient is None or (isinstance(o, GameObject) and object_matches(game, o, trig.recipient,
                                                                                         sid, you, uid))
    if kind == "attack_with":
        if ev.kind != "attack_with" or not _player_ok(trig.player, ev.player, you):
            return False
        if trig.self_only and sid not in ev.attackers:   # "~ and at least two other creatures attack"
            return False
        fits = [a for a in ev.attackers if (o := game.objects.get(a)) is not None and
                (trig.subject is None or object_matches(game, o, trig.subject, sid, you, uid))]
        return len(fits) >= trig.count
    if kind == "explores":
        if ev.kind != "explores":
            return False
        if trig.self_only:
            return ev.obj == sid
        explorer = game.objects.get(ev.obj)
        explorer = explorer if isinstance(explorer, GameObject) and explorer.zone == "battlefield" else ev.lki
        if trig.subject is not None and not object_matches(game, explorer, trig.subject, sid, you, uid):
            return False
        return _player_ok(trig.player, ev.player, you)
    if kind == "becomes_blocked":
        return ev.kind == "becomes_blocked" and (not trig.self_only or ev.attacker == sid)
    if kind == "becomes_tapped":
        if ev.kind != "tapped":
            return False
        if trig.self_only:
            return ev.obj == sid
        tapped = game.objects.get(ev.obj)
        return trig.subject is None or (isinstance(tapped, GameObject)
                                        and object_matches(game, tapped, trig.subject, sid, you, uid))
    if kind == "draw":
        return ev.kind == "draw" and _player_ok(trig.player, ev.player, you)
    if kind == "surveil":
        if ev.kind != "surveil" or not _player_ok(trig.player, ev.player, you):
            return False
        # "for the first time each turn": this is that player's first surveil of the turn (``count`` 1)
        return not trig.count or sum(1 for e in game.turn_events
                                     if e.kind == "surveil" and e.player == ev.player) == trig.count
    if kind == "becomes_target":
        if ev.kind != "targeted" or (trig.self_only and ev.obj != sid):
            return False
        if trig.spell_filter is not None and not isinstance(game.objects.get(ev.by), GameObject):
            return False   # "the target of a spell": an ability on the stack isn't one
        if not trig.self_only and trig.subject is not None:
            aimed = game.objects.get(ev.obj)
            if not isinstance(aimed, GameObject) or not object_matches(game, aimed, trig.subject, sid, you, uid):
                return False
        return _player_ok(trig.player, ev.player, you)
    if kind == "discard":
        return ev.kind == "discard" and _player_ok(trig.player, ev.player, you)
    if kind == "sacrifice":
        # "whenever you sacrifice a Treasure": the permanent as it last existed on the battlefield (603.10a)
        return ev.kind == "sacrifice" and _player_ok(trig.player, ev.player, you) and (
            trig.subject is None or object_matches(game, ev.lki, trig.subject, sid, you, uid))
    if kind == "counters":
        return _counters_put(game, trig, ev, sid, uid, you)
    if kind == CHAPTER:
        return _chapter_reached(trig, ev, sid)
    return False


def _event_object_fits(game: "GameState", trig: Trigger, oid: int, ouid: int | None, sid: int, you: int,
                       uid: int) -> bool:
    """The object of a damage event (the source, or the creature dealt damage) fits the trigger's subject
    ("a Merfolk you control", "~ or another creature"), as it is when the damage is dealt (603.2)."""
    if trig.or_self and ouid == uid:
        return True
    if trig.subject is None:
        return True
    obj = game.objects.get(oid)
    return obj is not None and object_matches(game, obj, trig.subject, sid, you, uid)


def _blocked_fits(game: "GameState", trig: Trigger, ev: Event, sid: int | None, you: int, uid: int | None) -> bool:
    """"Whenever ~ blocks a creature": the creature blocked fits the description, if the trigger has one
    (509.1)."""
    if trig.recipient is None:
        return True
    blocked = game.objects.get(ev.attacker)
    return blocked is not None and object_matches(game, blocked, trig.recipient, sid, you, uid)


def _chapter_reached(trig: Trigger, ev: Event, sid: int) -> bool:
    """A Saga's chapter ability: lore counters put on it, counting those it enters with (714.2b, 122.6)."""
    if ev.kind == "counters" and ev.counter == LORE and ev.obj == sid:
        return chapter_triggered(trig, ev.before, ev.before + ev.amount)
    if ev.kind == "zone" and ev.to_zone == "battlefield" and ev.new_id == sid and isinstance(ev.obj, GameObject):
        return chapter_triggered(trig, 0, ev.obj.counters.get(LORE, 0))
    return False


def _counters_put(game: "GameState", trig: Trigger, ev: Event, sid: int, uid: int, you: int) -> bool:
    """Counters of a kind put on an object, including a permanent that enters with them (122.6)."""
    if ev.kind == "counters" and ev.counter == trig.counter:
        obj = game.objects.get(ev.obj)
    elif ev.kind == "zone" and ev.to_zone == "battlefield" and isinstance(ev.obj, GameObject) \
            and ev.obj.counters.get(trig.counter):
        obj = ev.obj
    else:
        return False
    if obj is None:
        return False
    if trig.self_only:
        return obj.card_uid == uid
    if trig.or_self and obj.card_uid == uid:
        return True
    if trig.subject is not None and not object_matches(game, obj, trig.subject, sid, you, uid):
        return False
    return _player_ok(trig.player, game.chars(obj).controller, you)


def _attached_matches(game: "GameState", trig: Trigger, ev: Event, src: Any) -> bool:
    """Triggers of an Aura or Equipment on the creature it is attached to ("enchanted creature dies")."""
    host = src.attached_to
    if host is None:
        return False
    kind = trig.event
    if kind in ("dies", "leaves", "to_graveyard"):
        if ev.kind != "zone" or ev.from_zone != "battlefield" or ev.old_id != host:
            return False
        if kind == "leaves":
            return True
        return ev.to_zone == "graveyard" and (kind != "dies" or "Creature" in ev.lki.chars.types)
    if kind == "damage":
        if ev.kind != "damage" or ev.source_id != host:
            return False
        return (not trig.combat_only or ev.combat) and (trig.to != "player" or ev.to_player)
    if kind == "attacks":
        return ev.kind == "attacks" and ev.attacker == host
    if kind == "blocks":
        return ev.kind == "blocks" and ev.blocker == host and (trig.recipient is not None or ev.get("first", True)) \
            and _blocked_fits(game, trig, ev, host, _controller(game, src), None)   # 509.5a, 509.5b
    if kind == "dealt_damage":
        return ev.kind == "damage" and not ev.to_player and ev.recipient == host
    return False


def _player_ok(who: str, player: int, you: int) -> bool:
    if who == "you":
        return player == you
    if who == "opponent":
        return player != you
    return True


def check_events(game: "GameState", events: list[Event], lookback: dict[int, LKI] | None = None) -> None:
    """Note every ability that triggers on these events (603.2, 603.10)."""
    fired: set[tuple[int, int]] = set()   # "one or more" abilities that already triggered on these events
    for ev in events:
        if lookback is not None and ev.kind == "zone" and ev.from_zone == "battlefield":
            # Leaves-the-battlefield abilities look back in time (603.10a).
            pairs: list[tuple[Any, tuple[Any, ...]]] = [
                (lk, _on_battlefield(lk.chars.triggered()))
                for lk in lookback.values()]
        else:
            pairs = list(game.triggered_sources())
            if ev.kind == "zone" and ev.from_zone == "battlefield" and ev.lki is not None:
                pairs.append((ev.lki, _on_battlefield(ev.lki.chars.triggered())))
        pairs += graveyard_trigger_sources(game)
        if game.emblems:
            pairs += emblem_trigger_sources(game)
        if ev.kind == "cast":
            pairs += _cast_spell_triggers(game, ev)
        if pairs and _creature_entering_unheard(game, ev):
            pairs = []
        for src, abilities in pairs:
            if not abilities:
                continue
            you = _controller(game, src)
            for ab in abilities:
                if not matches(game, ab.trigger, ev, src, you):
                    continue
                if ab.trigger.batch:
                    if (src.id, id(ab)) in fired:
                        continue   # 603.2c: one event, however many objects it names
                    fired.add((src.id, id(ab)))
                if ab.condition is not None:
                    live = game.objects.get(src.id)
                    ctx = Ctx(game, you, live or src, src.id, src.card_uid, src.name, event=ev)
                    if not condition_holds(game, ab.condition, ctx):
                        continue   # 603.4: doesn't trigger
                lki = src if isinstance(src, LKI) else None
                game.pending_triggers.append(PendingTrigger(
                    game.new_id(), ab, you, src.id, src.card_uid, src.name, lki, ev))
        for dt in list(game.delayed):
            turn = dt.data.get("this_turn")
            if turn is not None and turn != game.turn:
                game.delayed.remove(dt)   # its turn is over
                continue
            src = LKI(0, dt.source_uid, dt.source_name, dt.controller, dt.controller, "", _empty_chars())
            if matches(game, dt.ability.trigger, ev, src, dt.controller) and _delayed_ok(game, dt, ev):
                if dt.ability.trigger.batch:
                    if (-dt.id, 0) in fired:
                        continue   # 603.2c: one event, however many objects it names
                    fired.add((-dt.id, 0))
                game.pending_triggers.append(PendingTrigger(
                    game.new_id(), dt.ability, dt.controller, None, dt.source_uid, dt.source_name, None, ev,
                    delayed=True))
                if turn is None:
                    game.delayed.remove(dt)   # a delayed trigger triggers only once (603.7b)


def _creature_entering_unheard(game: "GameState", ev: Event) -> bool:
    """Is this a creature entering the battlefield while an effect says creatures entering don't cause
    abilities to trigger (603.6a)? The creature as it is on the battlefield."""
    if ev.kind != "zone" or ev.to_zone != "battlefield" or not game.player_flags(0).get("no_creature_enter_triggers"):
        return False
    obj = game.objects.get(ev.new_id)
    return isinstance(obj, GameObject) and obj.zone == "battlefield" and game.is_creature(obj)


def _on_battlefield(abilities: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(a for a in abilities if a.zone == "battlefield")


def _cast_spell_triggers(game: "GameState", ev: Event) -> list[tuple[Any, tuple[Any, ...]]]:
    """"When you cast this spell": the spell's own abilities that trigger on its casting work on the stack
    (113.6j, 601.2i)."""
    spell = game.objects.get(ev.spell_id)
    if not isinstance(spell, GameObject):
        return []
    abilities = tuple(a for a in game.chars(spell).triggered() if a.zone == "stack")
    return [(spell, abilities)] if abilities else []


def graveyard_trigger_sources(game: "GameState") -> list[tuple[Any, tuple[Any, ...]]]:
    """Cards in graveyards with triggered abilities that work there (113.6k: "return ~ from your graveyard"),
    and those abilities."""
    return game.kept_until_moves("graveyard triggers", _graveyard_triggers)


def _graveyard_triggers(game: "GameState") -> list[tuple[Any, tuple[Any, ...]]]:
    out = []
    for p in game.players:
        for card in p.graveyard:
            found = card.card.derived.get("graveyard_triggers")
            if found is None:
                found = card.card.derived["graveyard_triggers"] = tuple(
                    a for a in card.card.abilities if isinstance(a, TriggeredAbility) and a.zone == "graveyard")
            if found:
                out.append((card, found))
    return out


def _delayed_ok(game: "GameState", dt: DelayedTrigger, ev: Event) -> bool:
    # "The next end step": not the one in which it was created if that step already began.
    if ev.kind == "step" and dt.data.get("skip_turn_step") == (game.turn, ev.step):
        return False
    if "turn_key" in dt.data and dt.data["turn_key"] != game.extra_turn_key:
        return False
    return True


def _empty_chars() -> Characteristics:
    return Characteristics()


def _bind(ctx: "Ctx", thing: Any) -> Any:
    """Replace references to this resolution's objects by the objects themselves (603.7c). A word for what
    the delayed ability will itself choose or note ("untap up to two lands" chooses them as it resolves)
    is left for it."""
    def fixed(part: Any) -> Any:
        if isinstance(part, RememberedRef) and part.key not in ctx.remembered:
            return None
        if isinstance(part, (TargetRef, RememberedRef)):
            ids = [o.id for o in ctx.objects(part)]
            if isinstance(part, TargetRef):
                ids += [p.id for p in ctx.players(part)]
            return FixedRef(tuple(ids))
        return None
    return rewritten(thing, fixed, (Trigger,))


def _bind_self(thing: Any, me: FixedRef) -> Any:
    """Replace "~" by the object it was (603.7c)."""
    return rewritten(thing, lambda part: me if isinstance(part, SelfRef) else None, (Trigger,))


def add_delayed(ctx: "Ctx", trigger: Trigger, effect: Effect, text: str, this_turn: bool = False) -> None:
    """A delayed triggered ability (603.7): it triggers once, or with ``this_turn`` each time its event happens
    until the turn ends (603.7b)."""
    game = ctx.game
    instructions = _bind(ctx, effect.instructions)
    if this_turn:   # "~" in it is the permanent its source was as it was created (603.7c)
        me = ctx.self_object()
        instructions = _bind_self(instructions, FixedRef((me.id,) if me is not None else ()))
    effect = Effect(instructions=instructions)
    ab = TriggeredAbility(trigger=trigger, effect=effect, text=text)
    dt = DelayedTrigger(game.new_id(), ab, ctx.controller, ctx.source_uid, ctx.source_name, game.turn)
    if trigger.event == "step" and trigger.step == game.step:
        dt.data["skip_turn_step"] = (game.turn, game.step)
    dt.data["remembered"] = {k: list(v) for k, v in ctx.remembered.items()}
    if this_turn:
        dt.data["this_turn"] = game.turn
    if trigger.that_turn:   # "at the beginning of that turn's end step": the extra turn just given (500.7)
        dt.data["turn_key"] = (ctx.remembered.get(THAT_TURN) or [None])[-1]
    game.delayed.append(dt)


def add_mana_spent_trigger(game: "GameState", effect: Effect, text: str, controller: int, spell_id: int,
                           source_uid: int, source_name: str) -> None:
    """"When that mana is spent to cast ...": the delayed triggered ability its mana ability made triggers as the
    mana is spent (106.6, 603.7a); it goes on the stack the next time a player would receive priority, above
    the spell, which "that spell" names."""
    ab = TriggeredAbility(trigger=Trigger(MANA_SPENT), effect=effect, text=text)
    game.log_event(f"{source_name}'s mana was spent on {game.describe(spell_id)}: its delayed triggered ability "
                   "triggers.", ("106.6", "603.7a"), (spell_id,), player=controller, kind="trigger")
    game.pending_triggers.append(PendingTrigger(game.new_id(), ab, controller, None, source_uid, source_name, None,
                                                Event(MANA_SPENT, obj=spell_id, player=controller), delayed=True))


MANA_SPENT = "mana_spent"


def add_reflexive(ctx: "Ctx", effect: Effect, text: str) -> None:
    """A reflexive triggered ability ("... When you do, ..."): it triggers on the action its resolving
    spell or ability just took, and goes on the stack, its targets chosen then, the next time a player
    would receive priority (603.12). What the resolving effect named ("that card") is fixed now (603.7c);
    the ability's own target words stay its own."""
    game = ctx.game
    effect = replace(effect, instructions=_bind_remembered(ctx, effect.instructions))
    ab = TriggeredAbility(trigger=Trigger(REFLEXIVE), effect=effect, text=text,
                          optional=any(type(i).__name__ == "MayDo" for i in effect.instructions))
    source = game.objects.get(ctx.source_id) if ctx.source_id is not None else None
    lki = game.lki_of(source) if isinstance(source, GameObject) else None
    game.log_event(f"{ctx.source_name}'s reflexive triggered ability triggers.", ("603.12",),
                   player=ctx.controller, kind="trigger")
    game.pending_triggers.append(PendingTrigger(game.new_id(), ab, ctx.controller, ctx.source_id, ctx.source_uid,
                                                ctx.source_name, lki, None))


def _bind_remembered(ctx: "Ctx", thing: Any) -> Any:
    """``_bind`` for the objects an effect remembered only, leaving target words (and what the ability will
    note itself) alone."""
    return rewritten(thing, lambda part: FixedRef(tuple(o.id for o in ctx.objects(part)))
                     if isinstance(part, RememberedRef) and part.key in ctx.remembered else None, (Trigger,))


REFLEXIVE = "reflexive"   # the trigger event of a reflexive triggered ability (603.12): matches no game event


# ---------------------------------------------------------------------------
# Putting triggered abilities on the stack


def _alike(a: PendingTrigger, b: PendingTrigger) -> bool:
    """Triggers of the same ability of the same source need no ordering among themselves."""
    return a.ability is b.ability and a.source_uid == b.source_uid


def put_on_stack(game: "GameState") -> Gen:
    """Put waiting triggered abilities on the stack, APNAP (603.3b). Returns True if any waited."""
    if not game.pending_triggers:
        return False
    waiting = list(game.pending_triggers)
    game.pending_triggers.clear()
    players_with = {t.controller for t in waiting}
    if len(players_with) > 1:
        game.log_event("Triggered abilities go on the stack in APNAP order: the active player's first.",
                       ("603.3b",))
    for pi in game.apnap():
        mine = [t for t in waiting if t.controller == pi]
        if not mine:
            continue
        groups: list[PendingTrigger] = []
        for t in mine:
            if not any(_alike(t, g) for g in groups):
                groups.append(t)
        if len(groups) >= 2:
            order = yield _order_decision(pi, mine)
            by_id = {t.id: t for t in mine}
            mine = [by_id[i] for i in order]
        for t in mine:
            yield from _put_one(game, t)
    return True


def _order_decision(player: int, mine: list[PendingTrigger]) -> OrderTriggers:
    return OrderTriggers(player=player,
                         prompt="Order your triggered abilities (the first goes on the stack first and resolves last)",
                         options=[Option(t.id, f"{t.source_name}: {t.ability.text}") for t in mine],
                         triggers=[{"id": t.id, "source": t.source_name, "text": t.ability.text,
                                    "source_uid": t.source_uid, "ability": t.ability} for t in mine])


def _rows(game: "GameState", specs: tuple[Any, ...], t: PendingTrigger, source: Any) -> list[dict[str, Any]]:
    """A mode's target words and their legal choices now, as a targets decision lists them."""
    return [{"label": s.label, "min": s.min_count, "max": s.max_count,
             "options": candidates(game, s, t.controller, source, t.source_id, t.event) if s.max_count else []}
            for s in specs]


def _put_one(game: "GameState", t: PendingTrigger) -> Gen:
    ab = t.ability
    effect = ab.effect
    source = game.objects.get(t.source_id) if t.source_id is not None else None
    src_for_targets = source or t.source_lki
    mode: tuple[int, ...] = ()
    if effect.is_modal:
        legal_modes = [i for i in range(len(effect.modes))
                       if has_legal_choice(game, effect.target_specs((i,)), t.controller, src_for_targets,
                                           t.source_id, t.event, ability=True)]
        if not legal_modes or len(legal_modes) < effect.mode_count:   # too few modes can be chosen (700.2b)
            _removed(game, t)
            return
        # Modes are chosen as the ability is put on the stack (700.2b), as many as it says ("one or both",
        # 700.2d); with "choose up to one" none may be, and then the ability is removed from the stack (603.3c).
        most = min(effect.most_modes, len(legal_modes))
        ans = yield ChooseMode(player=t.controller,
                               prompt=f"{t.source_name}: choose {'a mode' if effect.most_modes == 1 else effect.how_many_modes}",
                               options=[Option(i + 1, effect.mode_texts[i] if i < len(effect.mode_texts)
                                               else f"mode {i + 1}") for i in legal_modes],
                               min=effect.mode_count, max=most, effect=effect,
                               mode_rows={i + 1: _rows(game, effect.target_specs((i,)), t, src_for_targets)
                                          for i in legal_modes})
        if not ans:
            game.log_event(f"No mode is chosen for {t.source_name}'s triggered ability: it is removed from the "
                           "stack.", ("603.3c",), player=t.controller, kind="trigger")
            return
        mode = tuple(sorted(a - 1 for a in ans))   # the chosen modes' instructions follow in printed order (608.2c)
    specs = effect.target_specs(mode)
    targets: list[list[int]] = [[] for _ in specs]
    if any(s.max_count for s in specs):
        if not has_legal_choice(game, specs, t.controller, src_for_targets, t.source_id, t.event, ability=True):
            _removed(game, t)
            return
        d = targets_decision(game, t.controller, specs, src_for_targets, t.source_id,
                             f"{t.source_name}'s triggered ability: choose targets", effect, t.event, ability=True)
        targets = yield d
    sa = StackAbility(game.new_id(), ab, t.controller, t.source_id or 0, t.source_uid, t.source_name,
                      t.source_lki or (game.lki_of(source) if isinstance(source, GameObject) else None), "triggered")
    sa.targets = targets
    sa.mode = mode
    sa.event = t.event
    sa.timestamp = game.new_timestamp()
    game.stack.append(sa)
    game.objects[sa.id] = sa
    game.touch()
    game.emit(targeted_events(sa, t.controller))
    flat = [x for row in targets for x in row]
    why = describe_event(game, t.event)
    text = f"{t.source_name}'s triggered ability" + (f" ({why})" if why else "") + " goes on the stack"
    if flat:
        text += " targeting " + ", ".join(game.describe(x) for x in flat)
    kw_rule = entry(ab.keyword).cites if ab.keyword else ""   # the keyword the ability stands for (702.107a)
    if ab.trigger.event == CHAPTER:
        kw_rule = "714.2b"   # a chapter symbol stands for a triggered ability
    word_rules = tuple("700.6" for f in (ab.trigger.subject, ab.trigger.spell_filter) if f is not None
                       and f.historic)[:1]   # the event's object was historic
    game.log_event(f"{text}: {ab.text}" if ab.text else text + ".",
                   ("603.2", "603.3") + ((kw_rule,) if kw_rule else ()) + word_rules, (sa.id,) + tuple(flat),
                   player=t.controller, kind="trigger",
                   why=f"It triggered because {why}." if why else "")


def _removed(game: "GameState", t: PendingTrigger) -> None:
    game.log_event(f"{t.source_name}'s triggered ability has no legal targets and is removed from the stack.",
                   ("603.3d",), player=t.controller, kind="trigger")


def describe_event(game: "GameState", ev: Any) -> str:
    """What happened, for the log's account of why an ability triggered."""
    if ev is None:
        return ""
    k = ev.kind
    if k == "zone":
        name = ev.lki.name if ev.lki is not None else game.describe(ev.new_id)
        if ev.to_zone == "battlefield":
            return f"{name} entered the battlefield"
        if ev.from_zone == "battlefield" and ev.to_zone == "graveyard":
            died = ev.lki is not None and "Creature" in ev.lki.chars.types
            return f"{name} {'died' if died else 'was put into a graveyard from the battlefield'}"
        if ev.from_zone == "battlefield":
            return f"{name} left the battlefield"
        return f"{name} moved to {ev.to_zone}"
    if k == "step":
        return f"{game.players[ev.active].name}'s {STEP_NAMES.get(ev.step, ev.step)} began"
    if k == "life_gain":
        return f"{game.players[ev.player].name} gained {ev.amount} life"
    if k == "life_loss":
        return f"{game.players[ev.player].name} lost {ev.amount} life"
    if k == "activate":
        return f"{game.players[ev.player].name} activated an ability of {game.describe(ev.source)}"
    if k == "cast":
        return f"{game.players[ev.player].name} cast {game.describe(ev.spell_id)}"
    if k == "damage":
        what = "combat damage" if ev.combat else "damage"
        return f"{game.describe(ev.source_id)} dealt {ev.amount} {what} to {game.describe(ev.recipient)}"
    if k == "attacks":
        return f"{game.describe(ev.attacker)} attacked"
    if k == "blocks":
        return f"{game.describe(ev.blocker)} blocked"
    if k == "draw":
        return f"{game.players[ev.player].name} drew a card"
    if k == "discard":
        return f"{game.players[ev.player].name} discarded a card"
    if k == "sacrifice":
        return f"{game.players[ev.player].name} sacrificed {ev.lki.name}"
    if k == "surveil":
        return f"{game.players[ev.player].name} surveilled"
    if k == "counters":
        return f"{ev.amount} {ev.counter} counter{'s' if ev.amount != 1 else ''} put on {game.describe(ev.obj)}"
    return ""
