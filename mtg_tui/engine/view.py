"""A read-only view of a game, for the UI, the computer players and tools.

Nothing outside the engine needs its internals: ``GameView`` offers the
public state as plain immutable records, hides what a viewer may not see
(the other player's hand, libraries), lists legal actions, and explains an
object's characteristics (what is changing them). The only way to change a
game is ``Game.answer`` (or ``Game.concede``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .abilities import Effect, StaticAbility
from .casting import as_cast, can_afford, cast_specs, halves, legal_actions, spell_effect
from .combat import block_restriction
from .costs import activated_abilities, payment_units
from .decisions import Decision, Option
from .game import Game
from .keywords import Trait, gives
from .keywords import reminders as keyword_reminders
from .log import LogEntry, flag_words
from .mana import ManaCost, ManaError
from .matching import object_matches
from .objects import GameObject, StackAbility
from .control_duration import WHILE_YOU_CONTROL
from .refs import ObjectFilter
from .state import STEP_NAMES, STEPS
from .targets import candidates

# How long a resolved spell's or ability's effect lasts, as the view says it (611.2a).
_UNTIL = {"end_of_turn": " until end of turn", "your_next_turn": " until its controller's next turn",
          WHILE_YOU_CONTROL: " for as long as its controller controls its source"}


@dataclass(frozen=True)
class ObjectView:
    id: int
    uid: int
    name: str
    zone: str
    owner: int
    controller: int
    mana_cost: str
    mana_value: int
    colors: tuple[str, ...]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    type_line: str
    power: int | None
    toughness: int | None
    printed_power: int | str | None
    printed_toughness: int | str | None
    pt_changed: bool
    loyalty: int | None
    tapped: bool
    sick: bool
    damage: int
    counters: dict[str, int]
    attached_to: int | None
    attachments: tuple[int, ...]
    attacking: int | None          # the player or planeswalker id it attacks
    blocking: tuple[int, ...]      # the attackers it blocks
    blocked: bool
    is_token: bool
    keywords: tuple[str, ...]
    text: str                      # printed rules text
    abilities: tuple[str, ...]     # the text of the abilities it has now
    flags: tuple[str, ...]         # rule effects on it now ("can't block", ...)
    compiled: tuple[Any, ...] = ()  # the abilities it has now as compiled (engine objects; read them, never change them)

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def has_haste(self) -> bool:
        """Does a keyword let it attack and tap despite summoning sickness (702.10b)?"""
        return gives(self.keywords, Trait.HASTE)

    @property
    def reminders(self) -> list[tuple[str, str, str]]:
        """Each keyword it has now, as written ("Protection from black"), with what it does in a line and
        its rule."""
        return keyword_reminders(self.compiled)

    @property
    def is_land(self) -> bool:
        return "Land" in self.types


@dataclass(frozen=True)
class StackItemView:
    id: int
    kind: str                        # "spell" | "ability"
    name: str
    controller: int
    targets: tuple[tuple[int, str], ...]
    text: str
    source_id: int | None
    effect: Effect | None = None     # what it does as compiled (a spell's spell ability, an ability's effect)
    mode: tuple[int, ...] = ()       # the modes chosen for it (0-based)
    target_rows: tuple[tuple[int, ...], ...] = ()   # its targets, one row per target word of ``effect``


@dataclass(frozen=True)
class PlayerView:
    """A player as a viewer sees them. The cards of their graveyard and exile, and their emblems, are
    looked at only when read (a late game's graveyards are long, and most readers want only the life)."""

    index: int
    id: int
    name: str
    life: int
    poison: int
    library_count: int
    hand_count: int
    mana_pool: str
    lands_played: int
    lost: bool
    won: bool
    zones: Any = field(default=None, repr=False, compare=False)   # () -> (graveyard, exile, emblems)

    @cached_property
    def _zones(self) -> tuple[tuple[ObjectView, ...], tuple[ObjectView, ...], tuple[ObjectView, ...]]:
        return self.zones() if self.zones is not None else ((), (), ())

    @property
    def graveyard(self) -> tuple[ObjectView, ...]:
        return self._zones[0]

    @property
    def exile(self) -> tuple[ObjectView, ...]:
        return self._zones[1]

    @property
    def emblems(self) -> tuple[ObjectView, ...]:
        """In the command zone, owned by this player (114)."""
        return self._zones[2]


@dataclass(frozen=True)
class Modifier:
    """Something changing an object: an effect, a counter, an attachment."""

    kind: str          # "effect" | "counters" | "attachment" | "static"
    source: str
    text: str


@dataclass(frozen=True)
class Inspection:
    object: ObjectView
    modifiers: tuple[Modifier, ...]


@dataclass
class GameView:
    """The game as one viewer may see it. ``viewer`` None sees everything.

    ``still``: the game won't change while this view is read (a computer player weighing one decision), so
    each object's view is made once; a view kept across moves (the interface's) makes them afresh.
    """

    game: Game
    viewer: int | None = None
    still: bool = False
    _cache: dict[int, ObjectView] = field(default_factory=dict, repr=False)

    # -- the turn --------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self.game.turn

    @property
    def step(self) -> str:
        return self.game.step

    @property
    def step_name(self) -> str:
        return STEP_NAMES.get(self.game.step, self.game.step)

    @property
    def steps(self) -> tuple[str, ...]:
        return STEPS

    @property
    def active(self) -> int:
        return self.game.active

    @property
    def priority_player(self) -> int | None:
        d = self.game.pending
        return d.player if d is not None and d.kind == "priority" else None

    @property
    def pending(self) -> Decision | None:
        return self.game.pending

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def winner(self) -> int | None:
        return self.game.winner

    @property
    def is_draw(self) -> bool:
        return self.game.is_draw

    @property
    def seed(self) -> int:
        return self.game.seed

    # -- players and zones -------------------------------------------------------

    def player(self, index: int) -> PlayerView:
        p = self.game.players[index]
        g = self.game

        def zones() -> tuple[tuple[ObjectView, ...], tuple[ObjectView, ...], tuple[ObjectView, ...]]:
            return (tuple(self.obj(o) for o in p.graveyard), tuple(self.obj(o) for o in g.exile if o.owner == index),
                    tuple(self.obj(e) for e in g.emblems if e.owner == index))
        return PlayerView(p.index, p.id, p.name, p.life, p.poison, len(p.library), len(p.hand),
                          p.pool.text(), p.lands_played, p.lost, p.won, zones)

    @property
    def players(self) -> list[PlayerView]:
        return [self.player(i) for i in range(len(self.game.players))]

    def battlefield(self, controller: int | None = None) -> list[ObjectView]:
        g = self.game
        return [self.obj(o) for o in g.battlefield if controller is None or g.controller_of(o) == controller]

    def hand(self, player: int) -> list[ObjectView] | None:
        """A player's hand, or None if this viewer may not see it."""
        if self.viewer is not None and self.viewer != player:
            revealed = [o for o in self.game.players[player].hand if o.revealed]
            return [self.obj(o) for o in revealed] if revealed else None
        return [self.obj(o) for o in self.game.players[player].hand]

    def stack(self) -> list[StackItemView]:
        """Top first."""
        g = self.game
        out = []
        for o in reversed(g.stack):
            targets = tuple((t, g.describe(t)) for row in o.targets for t in row)
            rows = tuple(tuple(row) for row in o.targets)
            if isinstance(o, StackAbility):
                out.append(StackItemView(o.id, "ability", o.source_name, o.controller, targets,
                                         getattr(o.ability, "text", ""), o.source_id,
                                         getattr(o.ability, "effect", None), tuple(o.mode), rows))
            else:
                out.append(StackItemView(o.id, "spell", o.name, o.controller, targets, o.card.text, o.id,
                                         spell_effect(g, o), tuple(o.mode), rows))
        return out

    def combat(self) -> dict[str, Any] | None:
        c = self.game.combat
        if c is None:
            return None
        return {"attackers": dict(c.attackers), "blockers": {b: list(a) for b, a in c.blockers.items()},
                "blocked": dict(c.blocked), "defending_player": c.defending_player}

    def log(self, since: int = 0) -> list[LogEntry]:
        return self.game.log.entries[since:]

    def legal_actions(self, player: int, mana: bool = True) -> list[Option]:
        """The priority actions the player could take now (with ``mana`` False, none that activates a
        mana ability)."""
        return legal_actions(self.game, player, mana)

    def describe(self, oid: int) -> str:
        return self.game.describe(oid)

    def is_mana_ability(self, action: Any) -> bool:
        """True if a priority action (an answer template) activates a mana ability (605.1a)."""
        value = getattr(action, "value", action)
        if not isinstance(value, dict) or value.get("action") != "activate":
            return False
        o = self.game.get(value.get("source")) if isinstance(value.get("source"), int) else None
        if not isinstance(o, GameObject):
            return False
        abilities = activated_abilities(self.game, o)
        i = value.get("ability", 0) or 0
        return 0 <= i < len(abilities) and abilities[i].is_mana

    # -- read-only conveniences for computer players ------------------------------

    def action_targets(self, player: int, action: Any) -> list[dict[str, Any]] | None:
        """The target words of a cast/activate answer template and each one's legal choices now.

        Rows are shaped like a ``targets`` decision's ``data["specs"]`` (label, min, max,
        options). ``[]`` if the action has no targets; None if it needs a ``mode`` first
        or isn't a cast/activate of something this player could use.
        """
        value = getattr(action, "value", action)
        if not isinstance(value, dict):
            return None
        g = self.game
        mode = tuple(m - 1 for m in (value.get("mode") or []) if isinstance(m, int))
        if value.get("action") == "cast":
            card = self._cast_object(value)
            if card is None or card.owner != player:
                return None
            effect = spell_effect(g, card)
            if effect.is_modal and not mode:
                return None
            specs = cast_specs(g, card, mode)
            source: Any = card
        elif value.get("action") == "activate":
            obj = g.get(value.get("source")) if isinstance(value.get("source"), int) else None
            if not isinstance(obj, GameObject):
                return None
            abilities = activated_abilities(g, obj)
            i = value.get("ability", 0) or 0
            if not 0 <= i < len(abilities):
                return None
            effect = abilities[i].effect
            if effect.is_modal and not mode:
                return None
            specs = effect.target_specs(mode)
            source = obj
        else:
            return None
        return [{"label": s.label, "min": s.min_count, "max": s.max_count,
                 "options": candidates(g, s, player, source, source.id, ability=value.get("action") == "activate")
                 if s.max_count else []} for s in specs]

    def _cast_object(self, action: dict[str, Any]) -> GameObject | None:
        """The card a cast answer template casts, or the half of a split card it names (708.3)."""
        card = self.game.get(action.get("card")) if isinstance(action.get("card"), int) else None
        if not isinstance(card, GameObject):
            return None
        half = action.get("half")
        if half not in halves(card):
            return None
        return as_cast(card, half)

    def cast_view(self, action: Any) -> ObjectView | None:
        """What a cast answer template casts, as this viewer sees it: the card, or the half of a split card
        it names, with that half's characteristics only (708.3b)."""
        value = getattr(action, "value", action)
        card = self._cast_object(value) if isinstance(value, dict) else None
        if card is None or self.find(card.id) is None:
            return None
        return self.obj(card)

    def can_pay(self, player: int, cost: str) -> bool:
        """Could the player pay this mana cost (e.g. ``"{1}{G}{U}{U}"``) now, from the pool and untapped sources?"""
        try:
            mc = ManaCost.parse(cost)
        except ManaError:
            return False
        if not mc.symbols or mc.is_free:
            return True
        return can_afford(self.game, player, mc.with_x(0) if mc.has_x else mc, set())

    def mana_units(self, player: int) -> list[str]:
        """The mana the player could make now, one entry per unit: its possible types (``"W"``, ``"WB"``, ``"WUBRG"``)."""
        return ["".join(u.options) for u in payment_units(self.game, player, set())]

    def find(self, oid: int) -> ObjectView | None:
        o = self.game.get(oid)
        if isinstance(o, GameObject):
            if o.zone in ("library",) and self.viewer is not None:
                return None
            if o.zone == "hand" and self.viewer is not None and o.owner != self.viewer and not o.revealed:
                return None
            return self.obj(o)
        return None

    def fits(self, oid: int, flt: ObjectFilter, player: int, source: int | None = None) -> bool:
        """Does this object fit a compiled description ("white creatures you control"), seen by ``player``?"""
        o = self.game.get(oid)
        if not isinstance(o, GameObject) or self.find(oid) is None:
            return False
        src = self.game.get(source) if source is not None else None
        return object_matches(self.game, o, flt, source, player, getattr(src, "card_uid", None))

    def could_block(self, blocker: int, attacker: int) -> bool:
        """Would the rules let the one creature block the other, were it attacking and the other untapped?

        Restrictions only (509.1b): "can't block", evasion such as flying or
        fear, protection, shadow. For planning; the declaration checks the rest.
        """
        b, a = self.game.get(blocker), self.game.get(attacker)
        if not (isinstance(b, GameObject) and isinstance(a, GameObject) and b.zone == a.zone == "battlefield"):
            return False
        return block_restriction(self.game, b, a) is None

    def offered(self, oid: int) -> ObjectView | None:
        """An object this viewer's pending decision offers as a choice, wherever it is.

        The cards a player is looking at (scry, surveil) or searching for are in a
        library, where ``find`` shows nothing; this shows them to the one deciding, and the
        revealed card a yes-or-no question is about (explore).
        """
        d = self.game.pending
        if d is None or (self.viewer is not None and d.player != self.viewer):
            return None
        if not any(opt.value == oid for opt in d.options) and getattr(d, "revealed", None) != oid:
            return None
        o = self.game.get(oid)
        return self.obj(o) if isinstance(o, GameObject) else None

    # -- objects -------------------------------------------------------------------

    def obj(self, o: GameObject) -> ObjectView:
        if self.still:
            seen = self._cache.get(o.id)
            if seen is None:
                seen = self._cache[o.id] = self._make(o)
            return seen
        return self._make(o)

    def _make(self, o: GameObject) -> ObjectView:
        g = self.game
        c = g.chars(o)
        combat = g.combat
        kws = tuple(a.keyword for a in c.abilities if getattr(a, "keyword", None))
        texts = tuple(getattr(a, "text", "") for a in c.abilities if getattr(a, "text", ""))
        flags = tuple(k.replace("_", " ") for k, v in c.flags.items() if v)
        attachments = tuple(x.id for x in g.battlefield if x.attached_to == o.id) if o.zone == "battlefield" else ()
        loyalty = o.counters.get("loyalty") if "Planeswalker" in c.types and o.zone == "battlefield" else \
            o.face.loyalty
        return ObjectView(
            id=o.id, uid=o.card_uid, name=c.name or o.name, zone=o.zone, owner=o.owner,
            controller=g.controller_of(o), mana_cost=c.mana_cost.text, mana_value=c.mana_value,
            colors=c.colors, supertypes=c.supertypes, types=c.types, subtypes=c.subtypes,
            type_line=_type_line(c.supertypes, c.types, c.subtypes), power=c.power, toughness=c.toughness,
            printed_power=o.face.power, printed_toughness=o.face.toughness, pt_changed=c.pt_changed,
            loyalty=loyalty, tapped=o.tapped, sick=g.summoning_sick(o) if o.zone == "battlefield" else False,
            damage=o.damage, counters=dict(o.counters), attached_to=o.attached_to, attachments=attachments,
            attacking=combat.attackers.get(o.id) if combat is not None and o.id in combat.attackers else None,
            blocking=tuple(combat.blockers.get(o.id, ())) if combat is not None else (),
            blocked=bool(combat is not None and combat.blocked.get(o.id)), is_token=o.is_token, keywords=kws,
            text=o.face.text, abilities=texts, flags=flags, compiled=tuple(c.abilities))

    def inspect(self, oid: int) -> Inspection | None:
        """An object and everything changing its characteristics now (613)."""
        g = self.game
        o = g.get(oid)
        if not isinstance(o, GameObject):
            return None
        view = self.find(oid)
        if view is None:
            return None
        mods: list[Modifier] = []
        for eff in g.continuous:
            if o.id in eff.affected:
                mods.append(Modifier("effect", eff.source_name, _ops_text(eff.ops) +
                                     _UNTIL.get(eff.duration, "")))
        if o.zone == "battlefield":
            for src in g.battlefield:
                sc = g.chars(src)
                for ab in sc.abilities:
                    if not isinstance(ab, StaticAbility) or not ab.effects:
                        continue
                    if _static_applies(g, src, ab, o):
                        mods.append(Modifier("static", src.name, ab.text))
            for a in g.battlefield:
                if a.attached_to == o.id:
                    mods.append(Modifier("attachment", a.name, g.chars(a).subtypes and
                                         ", ".join(getattr(x, "text", "") for x in g.chars(a).abilities
                                                   if getattr(x, "text", "")) or a.name))
        for kind, n in o.counters.items():
            mods.append(Modifier("counters", kind, f"{n} {kind} counter{'s' if n != 1 else ''}"))
        return Inspection(view, tuple(mods))


def _type_line(supers: tuple[str, ...], types: tuple[str, ...], subs: tuple[str, ...]) -> str:
    left = " ".join(supers + types)
    return f"{left} — {' '.join(subs)}" if subs else left


def _ops_text(ops: tuple[Any, ...]) -> str:
    bits = []
    for op in ops:
        if op.op == "add_pt":
            bits.append("%+d/%+d" % tuple(op.args))
        elif op.op == "set_pt" and op.args[1] is None:
            bits.append("base power %s" % op.args[0])
        elif op.op == "set_pt":
            bits.append("base power and toughness %s/%s" % tuple(op.args))
        elif op.op == "grant":
            bits.append("gains " + ", ".join(getattr(a, "text", "") or str(getattr(a, "keyword", ""))
                                             for a in op.args[0]))
        elif op.op == "remove_all_abilities":
            bits.append("loses all abilities")
        elif op.op in ("control", "control_owner"):
            bits.append("control changed")
        elif op.op == "set_colors":
            bits.append("color " + "".join(op.args[0]))
        elif op.op == "set_creature_subtypes":
            bits.append("becomes " + " ".join(op.args[0]))
        elif op.op == "flag":
            bits.append(flag_words(str(op.args[0])))
        else:
            bits.append(op.op.replace("_", " "))
    return ", ".join(bits)


def _static_applies(game: Game, src: GameObject, ab: StaticAbility, target: GameObject) -> bool:
    c = game.chars(src)
    for d in ab.effects:
        aff = d.affected
        if aff.kind == "self" and src.id == target.id:
            return True
        if aff.kind == "attached" and src.attached_to == target.id:
            return True
        if aff.kind == "filter" and aff.filter is not None and object_matches(
                game, target, aff.filter, src.id, c.controller, src.card_uid):
            return True
    return False


def keywords_of(view: ObjectView) -> list[str]:
    return list(view.keywords)
