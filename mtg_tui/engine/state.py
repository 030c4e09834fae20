"""The state of a game: players, zones, objects, turn and step, and what the rules keep track of.

``GameState`` is what the rules read and change. It is data plus the
lookups everything needs (ids, zones, APNAP order, naming things in the
log) and the cache of characteristics. The rules themselves live in the
modules above it: the ``Game`` (game.py) is a ``GameState`` joined to them,
supplying the layer system (613) that computes characteristics and the
trigger check (603.2) that events are handed to. So a rules module reads
and changes a ``GameState`` and never needs the ``Game``.
"""

from __future__ import annotations

import random
from collections import Counter
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable, Iterable, TypeVar

from .abilities import LayerOp, StaticAbility
from .events import Event
from .log import GameLog, LogEntry
from .objects import CardDef, Characteristics, GameObject, LKI, Player, StackAbility, base_characteristics

if TYPE_CHECKING:
    from .combat import Combat
    from .decisions import Decision
    from .replacement import ReplacementEffect
    from .triggers import DelayedTrigger, PendingTrigger

T = TypeVar("T")

STEPS = (
    "untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat", "main2",
    "end", "cleanup",
)
STEP_NAMES = {
    "untap": "untap step", "upkeep": "upkeep", "draw": "draw step",
    "main1": "precombat main phase", "beginning_of_combat": "beginning of combat step",
    "declare_attackers": "declare attackers step", "declare_blockers": "declare blockers step",
    "first_strike_damage": "first-strike combat damage step", "combat_damage": "combat damage step",
    "end_of_combat": "end of combat step", "main2": "postcombat main phase", "end": "end step",
    "cleanup": "cleanup step",
}


@dataclass
class ContinuousEffect:
    """An effect created by a resolved spell or ability (611.2), or by a rule.

    ``affected`` is the locked-in set of object ids (611.2c); ``players``
    the player indexes for player-affecting effects. ``duration``:
    "end_of_turn", "end_of_combat", "permanent", "next_untap" (ends after
    the affected objects' controller's next untap step), "their_next_turn"
    (applies only during the affected player's next turn, and ends with it:
    layers.py), "your_next_turn" (ends as the effect's controller's next
    turn begins).
    """

    id: int
    ops: tuple[LayerOp, ...]
    affected: tuple[int, ...]
    controller: int
    source_uid: int
    source_name: str
    timestamp: int
    duration: str = "end_of_turn"
    players: tuple[int, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class ExiledCards:
    """Cards an object's ability exiled, for its linked abilities to find ("the exiled card", "cards exiled
    with ~", 607.2a), and whether they return when that permanent leaves the battlefield (610.3c)."""

    source_uid: int          # the card whose ability exiled them
    source_id: int | None    # the permanent, for "until ~ leaves the battlefield"
    card_ids: list[int]
    until_leaves: bool = False


def _changed(before: Any, now: Any) -> set[int] | None:
    """The permanents whose rows or counters differ between two fingerprints (those that entered included), or
    None when something besides the permanents' rows and counters differs."""
    if before is None or len(before) != len(now) or before[2:] != now[2:]:
        return None
    rows = {row[0]: row for row in before[0]}
    out = {row[0] for row in now[0] if rows.get(row[0]) != row}
    if before[1] != now[1]:
        was, now_counters = dict(before[1]), dict(now[1])
        out.update(row[0] for row in now[0] if was.get(row[0]) != now_counters.get(row[0]))
    return out


# A permanent's row in the fingerprint: what the layers read of it, and its tapped status where that counts.
_ROW = attrgetter("id", "timestamp", "controller", "attached_to")
_STATUS_ROW = attrgetter("id", "timestamp", "controller", "attached_to", "tapped")


_NO_FLAGS: Counter[str] = Counter()


def _player_flags(game: "GameState") -> dict[int, Counter[str]]:
    return game._rule_effects_on_players(game._bf_chars)


class GameState(ABC):
    """One two-player game's state. The ``Game`` supplies the rules it can't compute alone."""

    def __init__(self, names: list[str], seed: int, cards: Any) -> None:
        self.cards = cards                       # a CardDatabase (name -> CardDef)
        self.seed = seed
        self.rng = random.Random(seed)
        self.players = [Player(i, n) for i, n in enumerate(names)]
        self.objects: dict[int, Any] = {}
        self.battlefield: list[GameObject] = []
        self.stack: list[Any] = []               # last element is the top
        self.exile: list[GameObject] = []
        self.turn = 0
        self.active = 0
        self.starting_player = 0
        self.step = "untap"
        self.priority_player: int | None = None
        self.priority_passes = 0                 # passes in a row before the priority player got it (117.4)
        self.combat: Combat | None = None
        self.continuous: list[ContinuousEffect] = []
        self.replacements: list[ReplacementEffect] = []    # replacement and prevention effects made by
                                                           # resolving spells and abilities (614-615)
        self.exiled: list[ExiledCards] = []                # cards exiled by abilities linked to others (607)
        self.delayed: list[DelayedTrigger] = []            # delayed triggered abilities (603.7)
        self.skips: list[tuple[int, str]] = []             # (player, step): "skips their next untap step" (614.10)
        self.pending_triggers: list[PendingTrigger] = []
        self.lki: dict[int, LKI] = {}
        self.moves: dict[int, tuple[int, int]] = {}   # old id -> (new id, move number): where an object went
        self.move_count = 0
        self.log = GameLog()
        self.record: list[Any] = []
        self.version = 0
        self.layer_touches = 0   # changes that may touch what the layers read (``touch``, not ``touch_status``)
        self.over = False
        self.winner: int | None = None
        self.is_draw = False
        self.pending: Decision | None = None
        self.decisions_made = 0
        self.turn_events: list[Event] = []       # what happened this turn, for "this turn" conditions
        self.tokens_left_battlefield = False     # a token is off the battlefield: 704.5d has work
        self.spending_on: Any = None             # the spell mana is being spent to cast, if any (mana_ability.py)
        self.sba_clean_version = -1              # state version at which no state-based action applied
        self.spells_cast_this_turn: dict[int, int] = {0: 0, 1: 0}
        self.extra_turns: list[tuple[int, int]] = []   # (player, key) of extra turns to come, last taken first (500.7)
        self.extra_turn_count = 0                # keys given to extra turns so far
        self.extra_turn_key: int | None = None   # the key of the extra turn under way; None in a usual turn
        self.usual_active = 0                    # during extra turns: whose usual turn came before them
        self.emblems: list[GameObject] = []      # in the command zone, for the rest of the game (114)
        self.cast_now: dict[int, bool] = {}      # a card an effect casts as it resolves: whether for free (608.2g)
        self.setup_info: dict[str, Any] = {}
        self.on_log: Any = None
        self._next_id = len(names) + 1
        self._next_uid = 1
        self._next_ts = 1
        self._next_effect_id = -2
        self.forget_derived()

    # What is worked out from the rest of the state and kept until it changes: a copy of the state
    # leaves these out and works them out again (snapshot.py). A new cache belongs here.
    DERIVED = ("_bf_version", "_bf_chars", "_bf_fingerprint", "_bf_status_sensitive", "_bf_triggered",
               "_bf_activated", "_bf_replacing", "_bf_granting", "_bf_kept", "_bf_layered",
               "_other_chars", "acting_cache", "graveyard_castables", "sba_quiet",
               "cast_rows", "_bf_layer_touches")

    def forget_derived(self) -> None:
        """Drop everything kept from earlier computations (``DERIVED``)."""
        # Characteristics, cached against the state's version.
        self._bf_version = -1
        self._bf_layer_touches = -1   # ``layer_touches`` when the fingerprint was last read
        self._bf_chars: dict[int, Characteristics] = {}
        self._bf_fingerprint: Any = None
        self._bf_status_sensitive = True
        self._bf_triggered: list[tuple[GameObject, tuple[Any, ...]]] | None = None
        self._bf_activated: list[tuple[GameObject, Characteristics, bool]] | None = None
        self._bf_replacing: list[tuple[GameObject, tuple[Any, ...]]] | None = None
        self._bf_granting: list[tuple[GameObject, Any, tuple[Any, ...]]] | None = None
        self._bf_kept: dict[str, tuple[Callable[[Any], Any], Any]] = {}   # key -> (how it is built, what)
        self._bf_layered: Any = None             # the layers' last result, for the next to reuse
        self._other_chars: dict[int, tuple[Any, Characteristics]] = {}
        self.acting_cache: dict[Any, Any] = {}   # can each player do anything but pass, at this version
        # What is found among the cards in hands, graveyards and exile, by what it is (``kept_until_moves``).
        self.graveyard_castables: dict[Any, Any] = {}
        # Per card a player might cast, by id: (the object, its casting traits, its characteristics, its
        # halves, whether only at sorcery speed). Off the battlefield an object keeps its printed
        # characteristics while it is that object (``chars``); one that moves is a new object with a new id
        # (400.7).
        self.cast_rows: dict[int, tuple[Any, Any, Characteristics, tuple[int | None, ...], bool]] = {}
        self.sba_quiet: Any = None   # what state-based actions read when they last found nothing (sba._quiet)

    # ------------------------------------------------------------------
    # What the rules above supply

    @abstractmethod
    def _apply_layers(self, before: Any, changed: set[int] | None) -> Any:
        """Every permanent's characteristics, all continuous effects applied (613), and whether some effect
        looks at tapped or combat status (``.chars``, ``.sensitive``), given the last result and the
        permanents whose layer inputs changed since (None: not known)."""

    @abstractmethod
    def _rule_effects_on_players(self, chars: dict[int, Characteristics]) -> dict[int, Counter[str]]:
        """Rule effects on players ("you can't lose the game"), by player index."""

    @abstractmethod
    def _notice(self, events: list[Event], lookback: dict[int, LKI] | None) -> None:
        """Note the abilities that trigger on these events (603.2, 603.10)."""

    # ------------------------------------------------------------------
    # Ids, timestamps, versions, events

    def new_id(self) -> int:
        i = self._next_id
        self._next_id += 1
        return i

    def new_uid(self) -> int:
        u = self._next_uid
        self._next_uid += 1
        return u

    def new_timestamp(self) -> int:
        t = self._next_ts
        self._next_ts += 1
        return t

    def new_effect_id(self) -> int:
        """A number for a replacement or prevention effect, for choices among them (616.1).

        Effects count down from -2, apart from the objects' numbers, so that
        making one never changes the number of an object made later.
        """
        e = self._next_effect_id
        self._next_effect_id -= 1
        return e

    def touch(self) -> None:
        """Note that the state changed (characteristics must be recomputed)."""
        self.version += 1
        self.layer_touches += 1

    def touch_status(self) -> None:
        """Note a change only to what the layers read only while some effect looks at status (``_fingerprint``:
        tapped status, combat, whose turn it is, life totals), or to what they never read (a mana pool)."""
        self.version += 1

    def emit(self, events: list[Event], lookback: dict[int, LKI] | None = None) -> None:
        """Events happened: keep them for "this turn" conditions and check what triggers on them.

        ``lookback`` is the battlefield as it was just before objects left it (603.10a).
        """
        self.turn_events.extend(events)
        self._notice(events, lookback)

    # ------------------------------------------------------------------
    # Winning and losing (104)

    def lose(self, losers: list[Player], reason: str = "") -> None:
        """These players lose at once; the game ends when at most one remains (104.2a, 104.4a)."""
        for p in losers:
            if not p.lost:
                p.lost = True
                p.lose_reason = reason
        remaining = [p for p in self.players if not p.lost]
        if len(remaining) == 1:
            w = remaining[0]
            w.won = True
            self.winner = w.index
            self.over = True
            self.log_event(f"{w.name} wins the game.", ("104.2a",), player=w.index)
        elif not remaining:
            self.is_draw = True
            self.over = True
            self.log_event("All players lost at the same time: the game is a draw.", ("104.4a",))

    def player_flags(self, player: int) -> Counter[str]:
        """Rule effects on a player, counted. They come from static abilities and continuous effects, both
        read by the layers, so they are kept with the characteristics."""
        found = self.kept("player flags", _player_flags).get(player)
        return _NO_FLAGS if found is None else found   # read only: no new Counter on every call

    # ------------------------------------------------------------------
    # Characteristics

    def _ensure_bf(self) -> None:
        if self._bf_version == self.version:
            return
        if self._bf_layer_touches == self.layer_touches and not self._bf_status_sensitive:
            self._bf_version = self.version   # only status changed, and no effect looks at it
            return
        # Most changes (life, mana, damage, steps) don't touch what the layers read:
        # recompute only when that has changed.
        fp = self._fingerprint(self._bf_status_sensitive)
        if fp != self._bf_fingerprint:
            self._bf_layered = self._apply_layers(self._bf_layered, _changed(self._bf_fingerprint, fp))
            self._bf_chars, self._bf_status_sensitive = self._bf_layered.chars, self._bf_layered.sensitive
            self._bf_fingerprint = self._fingerprint(self._bf_status_sensitive)
            self._bf_triggered = None
            self._bf_activated = None
            self._bf_replacing = None
            self._bf_granting = None
            self._bf_kept = {}
        self._bf_version = self.version
        self._bf_layer_touches = self.layer_touches

    def _fingerprint(self, status: bool) -> Any:
        """What the layers read: a row for each permanent (its id first), the counters of those that have
        any (by id), then the rest. Tapped and combat status, the turn, life totals, graveyards and exile count
        only if some effect's filter looks at them, some effect counts cards outside the battlefield, or some
        effect has a condition ("as long as it's your turn", "as long as there are two or more instant and/or
        sorcery cards in your graveyard")."""
        bf = self.battlefield
        counters = tuple((o.id, tuple(o.counters.items())) for o in bf if o.counters)
        if status:
            c = self.combat
            return (tuple(map(_STATUS_ROW, bf)), counters, tuple((id(e), e.affected) for e in self.continuous),
                    (tuple(c.attackers), tuple(c.blockers)) if c is not None else None,
                    self.active, tuple((p.life, p.citys_blessing, len(p.hand), tuple(o.id for o in p.graveyard))
                                       for p in self.players), tuple(o.id for o in self.exile))
        return (tuple(map(_ROW, bf)), counters, tuple((id(e), e.affected) for e in self.continuous))

    def battlefield_chars(self) -> dict[int, Characteristics]:
        """Characteristics of every permanent, by id (for loops over the whole battlefield)."""
        if self._bf_version != self.version:
            self._ensure_bf()
        return self._bf_chars

    def kept(self, key: str, build: Callable[["GameState"], T]) -> T:
        """What ``build`` works out from the permanents and their characteristics, kept under ``key`` until
        the characteristics are computed again. ``build`` may read only what the layers read (the
        battlefield's objects, their controllers, counters and attachments, and the characteristics):
        other changes (damage, life, the stack) don't make it work again."""
        if self._bf_version != self.version:
            self._ensure_bf()
        found = self._bf_kept.get(key)
        if found is None:
            found = self._bf_kept[key] = (build, build(self))
        return found[1]

    def kept_until_moves(self, key: Any, build: Callable[..., T], *args: Any) -> T:
        """What ``build(self, *args)`` finds among the cards in hands, graveyards and exile, kept under ``key``
        until cards move (one that moves is a new object, 400.7, so what is read of each card stays the same
        meanwhile)."""
        shelved = len(self.exile)
        held = 0
        for p in self.players:
            shelved += len(p.graveyard)
            held += len(p.hand)
        found = self.graveyard_castables.get(key)
        if found is None or found[0] != self.move_count or found[1] != shelved or found[2] != held:
            found = self.graveyard_castables[key] = (self.move_count, shelved, held, build(self, *args))
        return found[3]

    def triggered_sources(self) -> list[tuple[GameObject, tuple[Any, ...]]]:
        """Permanents with triggered abilities, and those abilities (for checking events, 603.2)."""
        if self._bf_version != self.version:
            self._ensure_bf()
        if self._bf_triggered is None:
            out = []
            for o in self.battlefield:
                c = self._bf_chars.get(o.id)
                if c is None:
                    continue
                abs_ = tuple(a for a in c.triggered() if a.zone == "battlefield")
                if abs_:
                    out.append((o, abs_))
            self._bf_triggered = out
        return self._bf_triggered

    def activated_sources(self) -> list[tuple[GameObject, Characteristics, bool]]:
        """Permanents with activated abilities, in battlefield order: (permanent, its characteristics,
        whether it has one that isn't a mana ability), for listing what players can activate (602)."""
        if self._bf_version != self.version:
            self._ensure_bf()
        if self._bf_activated is None:
            out = []
            for o in self.battlefield:
                c = self._bf_chars.get(o.id)
                if c is not None and c.activated():
                    out.append((o, c, any(not a.is_mana for a in c.activated())))
            self._bf_activated = out
        return self._bf_activated

    def replacement_sources(self) -> list[tuple[GameObject, tuple["ReplacementEffect", ...]]]:
        """Permanents whose static abilities are replacement effects, and those effects' templates (614)."""
        if self._bf_version != self.version:
            self._ensure_bf()
        if self._bf_replacing is None:
            out = []
            for o in self.battlefield:
                c = self._bf_chars.get(o.id)
                if c is None:
                    continue
                reps = tuple(a.replacement for a in c.abilities if isinstance(a, StaticAbility)
                             and a.replacement is not None and not a.replacement.from_entering)
                if reps:
                    out.append((o, reps))
            self._bf_replacing = out
        return self._bf_replacing

    def entering_grants(self) -> list[tuple[GameObject, Any, tuple["ReplacementEffect", ...]]]:
        """Permanents whose static abilities give objects that fit a filter an "as it enters" replacement
        ("nontoken creatures you control have riot"): (permanent, filter, templates), for 614.12."""
        if self._bf_version != self.version:
            self._ensure_bf()
        if self._bf_granting is None:
            out = []
            for o in self.battlefield:
                c = self._bf_chars.get(o.id)
                if c is None:
                    continue
                for a in c.abilities:
                    if not isinstance(a, StaticAbility):
                        continue
                    for d in a.effects:
                        if d.affected.kind != "filter":
                            continue
                        reps = tuple(g.replacement for op in d.ops if op.op == "grant" for g in op.args[0]
                                     if isinstance(g, StaticAbility) and g.replacement is not None
                                     and g.replacement.from_entering)
                        if reps:
                            out.append((o, d.affected.filter, reps))
            self._bf_granting = out
        return self._bf_granting

    def chars(self, obj: Any) -> Characteristics:
        """An object's current characteristics (613)."""
        if obj.zone == "battlefield" and type(obj) is GameObject:
            if self._bf_version != self.version:
                self._ensure_bf()
            c = self._bf_chars.get(obj.id)
            if c is not None:
                return c
        if isinstance(obj, LKI):
            return obj.chars
        if isinstance(obj, StackAbility):
            c = Characteristics()
            c.name = obj.source_name
            c.controller = obj.controller
            return c
        # Off the battlefield nothing changes an object's characteristics here, and an
        # object that moves is a new object (400.7): its printed values can be kept.
        cached = self._other_chars.get(obj.id)
        if cached is not None and cached[0] is obj:
            return cached[1]
        c = base_characteristics(obj)
        self._other_chars[obj.id] = (obj, c)
        return c

    def controller_of(self, obj: Any) -> int:
        if isinstance(obj, (StackAbility, LKI)):
            return obj.controller
        if obj.zone in ("battlefield", "stack"):
            return self.chars(obj).controller
        return obj.owner

    def summoning_sick(self, obj: GameObject) -> bool:
        """Not controlled continuously by its controller since their most recent turn began (302.6)."""
        return obj.sick or self.chars(obj).controller != obj.ctl_mark

    def power(self, obj: Any) -> int:
        return self.chars(obj).power or 0

    def toughness(self, obj: Any) -> int:
        return self.chars(obj).toughness or 0

    def is_creature(self, obj: Any) -> bool:
        return "Creature" in self.chars(obj).types

    def is_creature_type(self, subtype: str) -> bool:
        return self.cards.is_creature_type(subtype)

    # ------------------------------------------------------------------
    # Lookups

    def get(self, oid: int) -> Any:
        """A player (by id 1..n) or an object by id; None if it no longer exists."""
        if 1 <= oid <= len(self.players):
            return self.players[oid - 1]
        return self.objects.get(oid)

    def player_by_id(self, pid: int) -> Player | None:
        if 1 <= pid <= len(self.players):
            return self.players[pid - 1]
        return None

    def opponent(self, index: int) -> int:
        return 1 - index

    def apnap(self) -> list[int]:
        """Players in APNAP order: the active player first (101.4)."""
        n = len(self.players)
        return [(self.active + k) % n for k in range(n) if not self.players[(self.active + k) % n].lost]

    def zone_list(self, zone: str, owner: int) -> list[Any]:
        p = self.players[owner]
        if zone == "library":
            return p.library
        if zone == "hand":
            return p.hand
        if zone == "graveyard":
            return p.graveyard
        if zone == "battlefield":
            return self.battlefield
        if zone == "stack":
            return self.stack
        if zone == "exile":
            return self.exile
        raise ValueError(f"unknown zone {zone}")

    def permanents(self, controller: int | None = None) -> list[GameObject]:
        if controller is None:
            return list(self.battlefield)
        return [o for o in self.battlefield if self.chars(o).controller == controller]

    def creatures(self, controller: int | None = None) -> list[GameObject]:
        return [o for o in self.permanents(controller) if self.is_creature(o)]

    def all_objects(self) -> Iterable[Any]:
        for p in self.players:
            yield from p.library
            yield from p.hand
            yield from p.graveyard
        yield from self.battlefield
        yield from self.stack
        yield from self.exile

    # ------------------------------------------------------------------
    # Naming things in the log

    def describe(self, thing: Any) -> str:
        if isinstance(thing, Player):
            return thing.name
        if isinstance(thing, int):
            t = self.get(thing)
            if t is None:
                lk = self.lki.get(thing)
                return lk.name if lk else f"#{thing}"
            return self.describe(t)
        if isinstance(thing, StackAbility):
            return f"{thing.source_name}'s ability"
        if isinstance(thing, (GameObject, LKI)):
            return thing.name
        return str(thing)

    def log_event(self, text: str, cites: tuple[str, ...] = (), objects: tuple[int, ...] = (),
                  player: int | None = None, kind: str = "event", why: str = "") -> None:
        entry = LogEntry(text, tuple(cites), self.turn, self.step, tuple(objects), player, kind, why)
        self.log.add(entry)
        if self.on_log is not None:
            self.on_log(entry)

    # ------------------------------------------------------------------
    # Creating objects

    def make_object(self, card: CardDef, owner: int, zone: str, is_token: bool = False,
                    card_uid: int | None = None) -> GameObject:
        obj = GameObject(self.new_id(), card, owner, zone, card_uid or self.new_uid(), is_token)
        obj.timestamp = self.new_timestamp()
        self.objects[obj.id] = obj
        return obj

    def lki_of(self, obj: GameObject) -> LKI:
        c = self.chars(obj).copy()
        return LKI(obj.id, obj.card_uid, c.name or obj.name, obj.owner, c.controller, obj.zone, c,
                   dict(obj.counters), obj.damage, obj.tapped, obj.is_token, obj.attached_to,
                   list(obj.damaged_by), obj.card, obj.x, dict(obj.chosen))

    def find_lki(self, oid: int) -> Any:
        obj = self.objects.get(oid)
        if obj is not None:
            return obj
        return self.lki.get(oid)
