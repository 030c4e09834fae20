"""What a resolving spell or ability knows (608.2): its controller, source, targets, X and event.

Instructions ask a ``Ctx`` which objects and players their references
name ("target creature", "its controller", "each opponent"), following
objects that this resolution moved (400.7) and using last known
information where an object is gone (608.2h). ``run_effect`` follows an
effect's instructions in order (608.2c).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Generator

from .abilities import Effect
from .alike import alike_key
from .control_duration import WHILE_YOU_CONTROL, still_controlled
from .decisions import ChooseCards, Decision, Option, Pick
from .matching import object_matches, zone_pool
from .objects import GameObject, LKI, Player, StackAbility, mana_value_of
from .refs import (AllRef, AttachedRef, AttackedRef, ChosenRef, ControllerOfRef, DefendingPlayerRef, EachPlayerRef, EventRef,
                   ExiledWithRef, FixedRef, ObjectFilter, OwnerOfRef, Ref, RememberedPlayersRef, RememberedRef,
                   SelfRef, TargetRef, TargetSpec, TopCardRef, YouRef)
from .state import ContinuousEffect
from .targets import is_legal

if TYPE_CHECKING:
    from .state import GameState

Gen = Generator[Decision, Any, Any]


class Ctx:
    """What a resolving spell or ability knows: its controller, source, targets, X, event."""

    def __init__(self, game: "GameState", controller: int, source: Any, source_id: int | None, source_uid: int,
                 source_name: str, specs: tuple[TargetSpec, ...] = (), targets: list[list[int]] | None = None,
                 x: int = 0, event: Any = None, stack_obj: Any = None) -> None:
        self.game = game
        self.controller = controller
        self.source = source
        self.source_id = source_id
        self.source_uid = source_uid
        self.source_name = source_name
        self.specs = specs
        self.targets = targets or []
        self.x = x
        self.event = event
        self.stack_obj = stack_obj
        self.remembered: dict[str, list[Any]] = {}
        self.did = False
        self.chosen_color: str | None = None
        self.legal: list[list[bool]] = [[True] * len(t) for t in self.targets]
        self.target_lki: dict[int, Any] = {}
        self.start_move = game.move_count   # moves made by this resolution can be followed
        self.amounts: dict[str, int] = {}   # amounts noted for later instructions ("dealt this way")

    def follow(self, oid: int) -> Any:
        """The object now, following moves this resolution made ("exile it, then return it")."""
        game = self.game
        o = game.get(oid)
        seen = 0
        while o is None and oid in game.moves and seen < 50:
            new_id, n = game.moves[oid]
            if n <= self.start_move:
                return None
            oid = new_id
            o = game.get(oid)
            seen += 1
        return o

    # -- targets -----------------------------------------------------------

    def check_targets(self) -> bool:
        """Recheck each target (608.2b). True if the effect may go on (some target legal, or none)."""
        game = self.game
        any_target = False
        any_legal = False
        self.legal = []
        for spec, picks in zip(self.specs, self.targets):
            row = []
            for t in picks:
                any_target = True
                ok = is_legal(game, t, spec, self.controller, self.source, self.source_id,
                              ability=isinstance(self.stack_obj, StackAbility))
                whose = spec.objects.controller_ref if spec.objects is not None else None
                if ok and whose is not None:   # "... that player controls" still holds (608.2b)
                    ok = game.controller_of(game.get(t)) in {p.index for p in self.players(whose)}
                row.append(ok)
                any_legal = any_legal or ok
                thing = game.get(t)
                if isinstance(thing, GameObject):
                    self.target_lki[t] = game.lki_of(thing)
            self.legal.append(row)
        return any_legal or not any_target

    # -- references --------------------------------------------------------

    def self_object(self) -> GameObject | None:
        game = self.game
        if self.source_id is not None:
            o = game.objects.get(self.source_id)
            if isinstance(o, GameObject):
                return o
        ev = self.event
        if ev is not None and getattr(ev, "kind", "") == "zone" and ev.card_uid == self.source_uid:
            o = game.objects.get(ev.new_id)
            if isinstance(o, GameObject) and o.zone == ev.to_zone:
                return o
        return None

    def _chosen_object(self) -> list[GameObject]:
        """The permanent chosen as the source entered (614.12), the source as it last existed if it has left
        (a sacrifice paid for the ability, 608.2h); nothing once the chosen one has left the battlefield."""
        game = self.game
        src: Any = self.self_object()
        if src is None or src.zone != "battlefield":
            src = game.lki.get(self.source_id) if self.source_id is not None else None
            if src is None and isinstance(self.source, LKI):
                src = self.source
        oid = getattr(src, "chosen", {}).get("object") if src is not None else None
        o = game.objects.get(oid) if oid is not None else None
        return [o] if isinstance(o, GameObject) and o.zone == "battlefield" else []

    def objects(self, ref: Ref) -> list[Any]:
        game = self.game
        if isinstance(ref, TargetRef):
            if ref.index >= len(self.targets):
                return []
            out = []
            for t, ok in zip(self.targets[ref.index], self.legal[ref.index] if ref.index < len(self.legal)
                             else [True] * len(self.targets[ref.index])):
                o = self.follow(t) if ok else None
                if isinstance(o, (GameObject, StackAbility)):
                    out.append(o)
            return out
        if isinstance(ref, SelfRef):
            o = self.self_object()
            return [o] if o is not None else []
        if isinstance(ref, ExiledWithRef):
            ids = [i for x in game.exiled if x.source_uid == self.source_uid for i in x.card_ids]
            return [o for o in (game.objects.get(i) for i in ids) if isinstance(o, GameObject) and o.zone == "exile"]
        if isinstance(ref, FixedRef):
            # Still the same object (an object that changed zones is a new one, 603.7c).
            return [o for o in (game.objects.get(i) for i in ref.ids) if isinstance(o, GameObject)]
        if isinstance(ref, RememberedRef):
            return [game.objects[o.id] for o in self.remembered.get(ref.key, [])
                    if isinstance(o, GameObject) and game.objects.get(o.id) is o]
        if isinstance(ref, EventRef):
            oid = self._event_id(ref.key)
            o = game.objects.get(oid) if oid is not None else None
            return [o] if isinstance(o, (GameObject, StackAbility)) else []
        if isinstance(ref, TopCardRef):
            if ref.key not in self.remembered:   # the card on top when first named (401.1)
                n = ref.count if isinstance(ref.count, int) else max(0, ref.count.value(self))
                self.remembered[ref.key] = [c for p in self.players(ref.player) for c in p.library[:n]]
            return [o for o in (self.follow(c.id) for c in self.remembered[ref.key]) if isinstance(o, GameObject)]
        if isinstance(ref, ChosenRef):
            return self._chosen_object()
        if isinstance(ref, AttachedRef):
            me = self.self_object()
            if me is not None and me.attached_to is not None:
                o = game.objects.get(me.attached_to)
                return [o] if o is not None else []
            return []
        if isinstance(ref, AllRef) and ref.filter.died_this_turn:
            # "each creature that died this turn": as each last existed on the battlefield (700.4, 608.2h)
            plain = replace(ref.filter, died_this_turn=False)
            return [e.lki for e in game.turn_events if e.kind == "zone" and e.from_zone == "battlefield"
                    and e.to_zone == "graveyard" and e.lki is not None
                    and object_matches(game, e.lki, plain, self.source_id, self.controller, self.source_uid)]
        if isinstance(ref, AllRef):
            flt = self.bound(ref.filter)
            if flt.remembered:   # "each creature tapped this way": what an earlier instruction noted
                pool = self.objects(RememberedRef(flt.remembered))
            else:
                pool = zone_pool(game, flt)
            found = [o for o in pool if object_matches(game, o, flt, self.source_id, self.controller,
                                                       self.source_uid)]
            if flt.controller_ref is not None:
                who = {p.index for p in self.players(flt.controller_ref)}
                found = [o for o in found if game.controller_of(o) in who]
            if ref.besides is not None:
                but = {o.id for o in self.objects(ref.besides)}
                found = [o for o in found if o.id not in but]
            return found
        return []

    def object_or_lki(self, ref: Ref) -> list[Any]:
        """Objects, or their last known information when they're gone (608.2h)."""
        game = self.game
        if isinstance(ref, TargetRef) and ref.index < len(self.targets):
            out = []
            for t, ok in zip(self.targets[ref.index], self.legal[ref.index]):
                if not ok:
                    continue
                o = game.get(t)
                if isinstance(o, GameObject):
                    out.append(o)
                elif t in game.lki:
                    out.append(game.lki[t])
                elif t in self.target_lki:
                    out.append(self.target_lki[t])
            return out
        if isinstance(ref, SelfRef):
            o = self.self_object()
            if o is not None and o.zone in ("battlefield", "stack"):
                return [o]
            if self.source_id is not None and self.source_id in game.lki:
                return [game.lki[self.source_id]]
            if isinstance(self.source, LKI):
                return [self.source]
            return [o] if o is not None else []
        if isinstance(ref, EventRef):
            ev = self.event
            if ev is None:
                return []
            lk = ev.get("lki")
            if ref.key == "obj" and ev.kind == "zone" and ev.get("from_zone") == "battlefield" and lk is not None:
                return [lk]    # a permanent that left: as it last existed there (608.2h), not the card it became
            oid = self._event_id(ref.key)
            if oid is not None:
                o = game.objects.get(oid)
                if o is not None:
                    return [o]
                if oid in game.lki:
                    return [game.lki[oid]]
            return [lk] if lk is not None else []
        if isinstance(ref, RememberedRef) and any(isinstance(o, LKI) for o in self.remembered.get(ref.key, [])):
            # "the sacrificed creature's power": as it last existed on the battlefield (608.2h)
            return [o for o in self.remembered[ref.key] if isinstance(o, LKI)]
        return self.objects(ref)

    def _event_id(self, key: str) -> int | None:
        """The id of the object the triggering event names under ``key``: zone events carry the new object
        itself, other events its id. Still that object only while it hasn't changed zones again (400.7)."""
        value = self.event.get(key) if self.event is not None else None
        if isinstance(value, (GameObject, StackAbility)):
            return value.id
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def players(self, ref: Ref) -> list[Player]:
        game = self.game
        if isinstance(ref, YouRef):
            return [game.players[self.controller]]
        if isinstance(ref, TargetRef):
            if ref.index >= len(self.targets):
                return []
            out = []
            for t, ok in zip(self.targets[ref.index], self.legal[ref.index]):
                p = game.player_by_id(t)
                if ok and p is not None:
                    out.append(p)
            return out
        if isinstance(ref, FixedRef):
            return [p for p in (game.player_by_id(i) for i in ref.ids) if p is not None]
        if isinstance(ref, EachPlayerRef):
            order = game.apnap()
            if ref.who == "opponents":
                return [game.players[i] for i in order if i != self.controller]
            return [game.players[i] for i in order]
        if isinstance(ref, ControllerOfRef):
            return self._unique([game.players[game.controller_of(o)] for o in self.object_or_lki(ref.of)])
        if isinstance(ref, OwnerOfRef):
            return self._unique([game.players[o.owner] for o in self.object_or_lki(ref.of)])
        if isinstance(ref, EventRef):
            ev = self.event
            if ev is None:
                return []
            pi = ev.get(ref.key)
            if isinstance(pi, int) and 0 <= pi < len(game.players):
                return [game.players[pi]]
            return []
        if isinstance(ref, RememberedPlayersRef):     # "each player who can't"
            return [p for p in self.remembered.get(ref.key, []) if isinstance(p, Player)]
        if isinstance(ref, DefendingPlayerRef):
            if game.combat is not None:
                return [game.players[game.combat.defending_player]]
            return [game.players[game.opponent(game.active)]]
        return []

    @staticmethod
    def _unique(players: list[Player]) -> list[Player]:
        seen: list[Player] = []
        for p in players:
            if p not in seen:
                seen.append(p)
        return seen

    def recipients(self, ref: Ref) -> list[int]:
        """Ids of objects and players (for damage and prevention)."""
        if isinstance(ref, TargetRef):
            if ref.index >= len(self.targets):
                return []
            return [t for t, ok in zip(self.targets[ref.index], self.legal[ref.index]) if ok
                    and self.game.get(t) is not None]
        if isinstance(ref, (YouRef, EachPlayerRef, ControllerOfRef, OwnerOfRef, DefendingPlayerRef)):
            return [p.id for p in self.players(ref)]
        if isinstance(ref, AttackedRef):
            me = self.self_object()
            oid = self._event_id("attacker") if ref.of_event else (me.id if me is not None else None)
            c = self.game.combat
            if oid is not None and c is not None and c.attackers.get(oid):
                return [c.attackers[oid]]
            return []
        if isinstance(ref, FixedRef):
            return [i for i in ref.ids if self.game.get(i) is not None]
        if isinstance(ref, EventRef):
            ps = self.players(ref)
            if ps:
                return [p.id for p in ps]
        return [o.id for o in self.objects(ref)]

    def damage_source(self, ref: Ref) -> Any:
        found = self.object_or_lki(ref)
        if found:
            return found[0]
        return self.source

    def stat_of(self, ref: Ref, stat: str) -> int:
        found = self.object_or_lki(ref)
        if not found:
            return 0
        c = self.game.chars(found[0])
        if stat == "mana value":
            return mana_value_of(found[0], c)
        return getattr(c, stat) or 0

    def apnap(self, players: list[Player]) -> list[Player]:
        order = self.game.apnap()
        return sorted(players, key=lambda p: order.index(p.index) if p.index in order else 99)

    def division(self) -> dict[int, int]:
        """How divided damage was divided among the targets when the spell was cast (601.2d)."""
        obj = self.stack_obj
        chosen = getattr(obj, "chosen", None) or {}
        return {int(k): int(v) for k, v in chosen.get("divide", {}).items()}

    def fits(self, obj: Any, flt: Any) -> bool:
        """Does this object (or last known information) fit the description, from this effect's point of view?"""
        return object_matches(self.game, obj, self.bound(flt), self.source_id, self.controller)

    def bound(self, flt: ObjectFilter) -> ObjectFilter:
        """The description with the amounts it compares with worked out now ("with mana value equal to 1 plus
        the sacrificed creature's mana value"), as the effect happens (608.2h)."""
        if not any(c.amount is not None for c in flt.compares):
            return flt
        return replace(flt, compares=tuple(replace(c, value=c.amount.value(self), amount=None)
                                           if c.amount is not None else c for c in flt.compares))

    def remember(self, key: str, objs: list[Any]) -> None:
        self.remembered[key] = list(objs)
        self.remembered["it"] = list(objs)

    # -- choices -----------------------------------------------------------

    def pick_cards(self, player: Player, options: list[GameObject], n: int, ask: type[Pick] = ChooseCards,
                   prompt: str = "") -> Gen:
        """Ask a player (with a decision of type ``ask``) to pick n of the options, only if there's more than
        one way (alike objects count once)."""
        if n <= 0 or not options:
            return []
        if len(options) <= n:
            return list(options)
        classes = {alike_key(self.game, o) for o in options}
        if len(classes) == 1:
            return list(options[:n])
        ans = yield ask(player=player.index, prompt=prompt or f"Choose {n}",
                        options=[Option(o.id, o.name) for o in options], min=n, max=n)
        ids = set(ans)
        return [o for o in options if o.id in ids]

    # -- effects -----------------------------------------------------------

    def add_effect(self, objs: list[GameObject], ops: tuple[Any, ...], duration: str) -> bool:
        """Make the continuous effect; False if its duration has already ended (611.2b)."""
        game = self.game
        eff = ContinuousEffect(game.new_id(), ops, tuple(o.id for o in objs), self.controller,
                               self.source_uid, self.source_name, game.new_timestamp(), duration)
        if duration == "next_untap":
            eff.data["controllers"] = {o.id: game.chars(o).controller for o in objs}
        if duration == WHILE_YOU_CONTROL:
            if not still_controlled(game, self.source_id, self.controller):
                return False
            eff.data["source_id"] = self.source_id
        game.continuous.append(eff)
        game.touch()
        return True


def run_effect(ctx: Ctx, effect: Effect, mode: tuple[int, ...] = ()) -> Gen:
    """Follow an effect's instructions in order (608.2c)."""
    if effect.modes:
        for m in mode:
            sub = effect.modes[m]
            for ins in sub.instructions:
                yield from ins.run(ctx)
        return
    for ins in effect.instructions:
        yield from ins.run(ctx)
