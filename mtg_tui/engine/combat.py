"""Combat (506-511): attackers, blockers, damage assignment order, combat damage.

Declarations are single decisions checked as a whole: restrictions
(508.1c, 509.1b) and requirements (508.1d) are checked on the full
declaration, and an illegal one is refused with the reason. Damage
assignment is asked only where there is a real choice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generator

from . import actions
from .damage import deal_damage
from .decisions import (AssignDamage, ChooseCards, DamageOrder, DeclareAttackers, DeclareBlockers, Decision,
                        IllegalAnswer, Option, YesNo)
from .events import Event
from .keywords import Trait, blockers_needed, blocking_problem, has_trait
from .matching import object_matches
from .objects import GameObject, Player

if TYPE_CHECKING:
    from .state import GameState

Gen = Generator[Decision, Any, Any]


@dataclass
class Combat:
    """Who attacks whom, who blocks whom (506.5, 508.1k, 509.1g)."""

    attacking_player: int
    defending_player: int
    attackers: dict[int, int] = field(default_factory=dict)      # attacker -> player id or planeswalker id
    blockers: dict[int, list[int]] = field(default_factory=dict)  # blocker -> attackers it blocks
    blocked: dict[int, bool] = field(default_factory=dict)        # attacker -> became blocked (509.1h)
    order: dict[int, list[int]] = field(default_factory=dict)     # damage assignment orders (509.2, 509.3)
    first_strike_step: bool = False
    fs_creatures: set[int] = field(default_factory=set)           # had first/double strike as step 1 began
    dealt_first: set[int] = field(default_factory=set)            # dealt combat damage in the first step
    blockers_declared: bool = False
    attackers_declared: bool = False                              # 508.8 looks at the declaration

    def remove(self, oid: int) -> None:
        """Remove a creature from combat (506.4)."""
        self.attackers.pop(oid, None)
        if oid in self.blockers:
            del self.blockers[oid]
        for k in list(self.order):
            if oid in self.order[k]:
                self.order[k] = [x for x in self.order[k] if x != oid]
        self.order.pop(oid, None)
        for b, atts in self.blockers.items():
            if oid in atts:
                self.blockers[b] = [a for a in atts if a != oid]
        # A planeswalker being attacked that leaves stops being attacked (506.4c).
        for a, d in list(self.attackers.items()):
            if d == oid:
                self.attackers[a] = 0

    def blockers_of(self, attacker: int) -> list[int]:
        return [b for b, atts in self.blockers.items() if attacker in atts]


# ---------------------------------------------------------------------------
# Attacking


def _flags(game: "GameState", obj: GameObject, name: str) -> list[Any]:
    return game.chars(obj).flags.get(name, [])


def attack_problem(game: "GameState", obj: GameObject, player: int) -> str | None:
    """Why this creature can't attack, or None if it can (508.1a, 508.1c)."""
    c = game.chars(obj)
    if obj.zone != "battlefield" or "Creature" not in c.types:
        return f"{obj.name} isn't a creature on the battlefield"
    if c.controller != player:
        return f"{obj.name} isn't controlled by {game.players[player].name}"
    if obj.tapped:
        return f"{obj.name} is tapped"
    if game.summoning_sick(obj) and not has_trait(game, obj, Trait.HASTE):
        return f"{obj.name} has summoning sickness: it came under its controller's control this turn (302.6)"
    if has_trait(game, obj, Trait.CANT_ATTACK) and not c.flags.get("attacks_despite_defender"):
        return f"{obj.name} has defender and can't attack (702.3b)"
    if c.flags.get("cant_attack"):
        return f"{obj.name} can't attack"
    return None


def possible_defenders(game: "GameState", player: int) -> list[int]:
    """The defending player and the planeswalkers they control (506.2, 508.1b)."""
    opp = game.opponent(player)
    out = [game.players[opp].id]
    for o in game.battlefield:
        c = game.chars(o)
        if "Planeswalker" in c.types and c.controller == opp:
            out.append(o.id)
    return out


def enter_attacking(game: "GameState", obj: GameObject) -> Gen:
    """A creature put onto the battlefield attacking (508.4): its controller chooses which defending player or
    planeswalker it attacks. It is attacking but was never declared, so nothing that triggers on attacking
    sees it. Outside combat, or under a player who isn't attacking, it isn't attacking at all (506.3a-b)."""
    combat = game.combat
    if combat is None or not game.is_creature(obj) or game.chars(obj).controller != combat.attacking_player:
        game.log_event(f"{obj.name} isn't attacking: there is no combat it could join (506.3a-b).", ("506.3b",),
                       (obj.id,))
        return
    options = possible_defenders(game, combat.attacking_player)
    defender = options[0]
    if len(options) > 1:
        ans = yield ChooseCards(player=combat.attacking_player, prompt=f"{obj.name}: choose what it attacks",
                                options=[Option(d, game.describe(d)) for d in options], min=1, max=1)
        defender = ans[0]
    combat.attackers[obj.id] = defender
    combat.blocked[obj.id] = False
    game.touch()
    game.log_event(f"{obj.name} enters attacking {game.describe(defender)}.", ("508.4",), (obj.id,))


def attack_decision(game: "GameState") -> DeclareAttackers | None:
    player = game.active
    candidates = [o for o in game.battlefield if attack_problem(game, o, player) is None]
    if not candidates:
        return None
    return DeclareAttackers(player=player, prompt="Declare attackers", options=[Option(o.id, o.name) for o in candidates],
                            defenders=possible_defenders(game, player),
                            must_attack=[o.id for o in candidates if _flags(game, o, "must_attack")],
                            legal=lambda pairs: validate_attack(game, pairs, player))


def validate_attack(game: "GameState", pairs: list[tuple[int, int]], player: int) -> list[tuple[int, int]]:
    """Check a whole declaration of attackers (508.1a-d), given as (attacker, defender) pairs."""
    seen: set[int] = set()
    defenders = possible_defenders(game, player)
    for a, dfd in pairs:
        obj = game.get(a)
        if not isinstance(obj, GameObject):
            raise IllegalAnswer(f"#{a} is not a creature on the battlefield")
        if a in seen:
            raise IllegalAnswer(f"{obj.name} is declared as an attacker twice")
        seen.add(a)
        why = attack_problem(game, obj, player)
        if why:
            raise IllegalAnswer(why)
        if dfd not in defenders:
            raise IllegalAnswer(f"{game.describe(dfd)} can't be attacked by {game.players[player].name}")
    if len(pairs) == 1:
        only = game.objects[pairs[0][0]]
        if _flags(game, only, "cant_attack_alone"):
            raise IllegalAnswer(f"{only.name} can't attack alone (508.1c)")
    # Requirements: as many as possible must be obeyed (508.1d).
    for o in game.battlefield:
        if _flags(game, o, "must_attack") and attack_problem(game, o, player) is None and o.id not in seen:
            raise IllegalAnswer(f"{o.name} attacks each combat if able, so it must be declared as an "
                                "attacker (508.1d)")
    return pairs


def _log_why_no_attackers(game: "GameState") -> None:
    """No creature can attack (508.1a): the log says why for each of the active player's creatures rather
    than let the step pass in silence."""
    player = game.active
    reasons: list[str] = []
    cites = ["508.1a"]
    for o in game.battlefield:
        if "Creature" not in game.chars(o).types or game.chars(o).controller != player:
            continue
        why = attack_problem(game, o, player) or f"{o.name} can't attack"
        if why.endswith(")") and " (" in why:
            why, _, cited = why[:-1].rpartition(" (")
            cites += [c.strip() for c in cited.split(",")]
        reasons.append(why.split(": ")[0])      # the reason without its explanation: the rules cited say it
    if reasons:
        game.log_event(f"{game.players[player].name} can't attack: {'; '.join(reasons)}.",
                       tuple(dict.fromkeys(cites)), player=player, kind="combat")


def declare_attackers(game: "GameState") -> Gen:
    """The declare attackers step's turn-based action (508.1)."""
    combat = game.combat
    assert combat is not None
    d = attack_decision(game)
    if d is None:
        _log_why_no_attackers(game)
        return
    pairs = yield d
    for a, dfd in pairs:
        combat.attackers[a] = dfd
        combat.blocked[a] = False
    combat.attackers_declared = bool(pairs)
    tapped = []
    for a, _ in pairs:
        obj = game.objects[a]
        if not has_trait(game, obj, Trait.VIGILANCE):
            actions.tap(game, obj, attacking=True)
            tapped.append(obj)
        else:
            game.log_event(f"{obj.name} has vigilance: attacking doesn't tap it.", ("702.20b",), (obj.id,))
        if game.summoning_sick(obj):
            who = game.players[game.chars(obj).controller].name
            game.log_event(f"{obj.name} has haste: it can attack though it came under {who}'s control this turn.",
                           ("702.10b",), (obj.id,))
    game.touch_status()   # combat
    if pairs:
        desc = ", ".join(f"{game.describe(a)} -> {game.describe(dfd)}" for a, dfd in pairs)
        game.log_event(f"{game.players[game.active].name} attacks: {desc}.", ("508.1",),
                       tuple(a for a, _ in pairs), player=game.active, kind="combat")
        game.emit([Event("attacks", attacker=a, defender=dfd, player=game.active, alone=len(pairs) == 1)
                   for a, dfd in pairs] +
                  [Event("attack_with", attackers=tuple(a for a, _ in pairs), player=game.active)])
    else:
        game.log_event(f"{game.players[game.active].name} declares no attackers.", ("508.1",),
                       player=game.active, kind="combat")


# ---------------------------------------------------------------------------
# Blocking


def block_problem(game: "GameState", blocker: GameObject, attacker_id: int, defender: int) -> str | None:
    """Why this creature can't block that attacker, or None (509.1a-b)."""
    c = game.chars(blocker)
    if blocker.zone != "battlefield" or "Creature" not in c.types:
        return f"{blocker.name} isn't a creature on the battlefield"
    if c.controller != defender:
        return f"{blocker.name} isn't controlled by the defending player"
    if blocker.tapped:
        return f"{blocker.name} is tapped and can't block"
    combat = game.combat
    if combat is None or attacker_id not in combat.attackers:
        return f"{game.describe(attacker_id)} isn't attacking"
    return block_restriction(game, blocker, game.objects[attacker_id])


def block_restriction(game: "GameState", blocker: GameObject, att: GameObject) -> str | None:
    """Why this creature can't block that one whatever else happens in combat, or None (509.1b): rule
    effects ("can't block", "can't be blocked by Walls") and the keywords of both (evasion, shadow...)."""
    c = game.chars(blocker)
    if c.flags.get("cant_block"):
        return f"{blocker.name} can't block"
    ac = game.chars(att)
    if ac.flags.get("cant_be_blocked"):
        return f"{att.name} can't be blocked"
    for flt in ac.flags.get("cant_be_blocked_by", []):
        if object_matches(game, blocker, flt, None, c.controller):
            return f"{att.name} can't be blocked by {blocker.name}"
    for flt in ac.flags.get("can_be_blocked_only_by", []):
        if not object_matches(game, blocker, flt, None, c.controller):
            return f"{att.name} can't be blocked except by {flt.describe()}s"
    for flt in c.flags.get("can_block_only", []):
        if not object_matches(game, att, flt, None, c.controller):
            return f"{blocker.name} can block only {flt.describe()}s"
    return blocking_problem(game, att, blocker)   # evasion and the like (702.9b, 702.16f, 702.35b...)


def block_options(game: "GameState") -> dict[int, list[int]]:
    """For each creature the defender controls, the attackers it could block alone."""
    combat = game.combat
    assert combat is not None
    out: dict[int, list[int]] = {}
    for o in game.battlefield:
        if game.chars(o).controller != combat.defending_player:
            continue
        opts = [a for a in combat.attackers if block_problem(game, o, a, combat.defending_player) is None]
        if opts:
            out[o.id] = opts
    return out


def block_decision(game: "GameState") -> DeclareBlockers | None:
    combat = game.combat
    assert combat is not None
    opts = block_options(game)
    if not opts:
        return None
    defender = combat.defending_player
    return DeclareBlockers(player=defender, prompt="Declare blockers", options=[Option(b, game.describe(b)) for b in opts],
                           can_block=opts, attackers=list(combat.attackers),
                           legal=lambda pairs: validate_blocks(game, pairs, defender),
                           capacity={b: block_capacity(game, game.objects[b]) for b in opts},
                           obey=lambda pairs: obey_block_requirements(game, pairs, defender))


def block_capacity(game: "GameState", blocker: GameObject) -> int:
    """How many attackers a creature may block: one (509.1a), and one more for each "can block an additional
    creature each combat"."""
    return 1 + len(_flags(game, blocker, "extra_block"))


def validate_blocks(game: "GameState", pairs: list[tuple[int, int]], defender: int) -> list[tuple[int, int]]:
    """Check a whole declaration of blockers (509.1a-c), given as (blocker, attacker) pairs."""
    _check_block_restrictions(game, pairs, defender)
    better = better_blocks(game, pairs, defender)
    if better is not None:
        raise IllegalAnswer(f"{better[1]}, and the blocks can obey that too (509.1c)")
    return pairs


def _check_block_restrictions(game: "GameState", pairs: list[tuple[int, int]], defender: int) -> None:
    """Refuse a declaration that breaks a restriction (509.1a-b)."""
    seen: dict[int, list[int]] = {}
    for b, a in pairs:
        obj = game.get(b)
        if not isinstance(obj, GameObject):
            raise IllegalAnswer(f"#{b} is not a creature on the battlefield")
        if a in seen.get(b, []):
            raise IllegalAnswer(f"{obj.name} is declared as blocking {game.describe(a)} twice")
        seen.setdefault(b, []).append(a)
        if len(seen[b]) > block_capacity(game, obj):
            more = len(seen[b]) - 1
            raise IllegalAnswer(f"{obj.name} can block only one attacker" if more == 1 else
                                f"{obj.name} can block at most {more} attackers")
        why = block_problem(game, obj, a, defender)
        if why:
            raise IllegalAnswer(why)
    count: dict[int, int] = {}
    for _, a in pairs:
        count[a] = count.get(a, 0) + 1
    for a, n in count.items():
        att = game.objects[a]
        need, why = blockers_needed(game, att)
        if n < need:
            raise IllegalAnswer(why)
        if n > 1 and _flags(game, att, "max_one_blocker"):
            raise IllegalAnswer(f"{att.name} can't be blocked by more than one creature (509.1b)")
    if len(seen) == 1:
        only = game.objects[pairs[0][0]]
        if _flags(game, only, "cant_block_alone"):
            raise IllegalAnswer(f"{only.name} can't block alone (509.1b)")


def _block_requirements(game: "GameState", defender: int) -> tuple[set[int], set[int]]:
    """The requirements on a declaration of blockers (509.1c): the defender's creatures that block each
    combat if able, and the attackers that must be blocked if able."""
    combat = game.combat
    assert combat is not None
    must_block = {o.id for o in game.battlefield
                  if game.chars(o).controller == defender and _flags(game, o, "must_block")}
    must_be_blocked = {a for a in combat.attackers if _flags(game, game.objects[a], "must_be_blocked")}
    return must_block, must_be_blocked


def _obeyed(pairs: list[tuple[int, int]], must_block: set[int], must_be_blocked: set[int]) -> int:
    return len(must_block & {b for b, _ in pairs}) + len(must_be_blocked & {a for _, a in pairs})


def better_blocks(game: "GameState", pairs: list[tuple[int, int]], defender: int
                  ) -> tuple[list[tuple[int, int]], str] | None:
    """A legal declaration that obeys more requirements than ``pairs`` (509.1c) and differs from it in what
    one creature blocks, with the requirement it obeys; None if there is none.

    509.1c asks for the most requirements that can be obeyed. Changing one blocker at a time finds every
    requirement a single creature's block can obey; a requirement only two new blockers together could obey
    (an attacker with menace that must be blocked) isn't asked for.
    """
    must_block, must_be_blocked = _block_requirements(game, defender)
    if not must_block and not must_be_blocked:
        return None
    base = _obeyed(pairs, must_block, must_be_blocked)
    blocking = {b for b, _ in pairs}
    for b, atts in block_options(game).items():
        mine = [p for p in pairs if p[0] == b]
        room = len(mine) < block_capacity(game, game.objects[b])
        for a in atts:
            if (b, a) in pairs:
                continue
            tries = ([pairs + [(b, a)]] if room else []) + [[p for p in pairs if p != old] + [(b, a)] for old in mine]
            for trial in tries:
                if _obeyed(trial, must_block, must_be_blocked) <= base:
                    continue
                try:
                    _check_block_restrictions(game, trial, defender)
                except IllegalAnswer:
                    continue
                if b in must_block and b not in blocking:
                    return trial, f"{game.describe(b)} blocks each combat if able"
                return trial, f"{game.describe(a)} must be blocked if able"
    return None


def obey_block_requirements(game: "GameState", pairs: list[tuple[int, int]], defender: int
                            ) -> list[tuple[int, int]]:
    """``pairs`` changed, one blocker at a time, until no further change obeys more requirements (509.1c):
    a declaration the rules accept, for players and programs that declared without the requirements."""
    pairs = [(int(b), int(a)) for b, a in pairs]
    for _ in range(len(game.battlefield) * 2 + 2):   # each change obeys one more requirement
        better = better_blocks(game, pairs, defender)
        if better is None:
            break
        pairs = better[0]
    return pairs


def declare_blockers(game: "GameState") -> Gen:
    """The declare blockers step's turn-based actions (509.1-509.3)."""
    combat = game.combat
    assert combat is not None
    d = block_decision(game)
    pairs: list[tuple[int, int]] = []
    if d is not None:
        pairs = yield d
    for b, a in pairs:
        combat.blockers.setdefault(b, []).append(a)
    for a in combat.attackers:
        combat.blocked[a] = any(a == x for _, x in pairs)
    combat.blockers_declared = True
    game.touch_status()   # combat
    if pairs:
        desc = ", ".join(f"{game.describe(b)} blocks {game.describe(a)}" for b, a in pairs)
        game.log_event(f"{game.players[combat.defending_player].name} blocks: {desc}.", ("509.1",),
                       tuple(b for b, _ in pairs), player=combat.defending_player, kind="combat")
    else:
        game.log_event(f"{game.players[combat.defending_player].name} declares no blockers.", ("509.1",),
                       player=combat.defending_player, kind="combat")
    # An event for each creature blocked; "whenever ~ blocks" looks at each blocker's first only (509.5a).
    events = []
    for b, a in pairs:
        events.append(Event("blocks", blocker=b, attacker=a, first=all(e.blocker != b for e in events)))
    for a in combat.attackers:
        if combat.blocked.get(a):
            events.append(Event("becomes_blocked", attacker=a))
    if events:
        game.emit(events)
    # Damage assignment orders (509.2 for attackers, 509.3 for blockers).
    for a in list(combat.attackers):
        blockers = combat.blockers_of(a)
        if len(blockers) >= 2:
            order = yield _order_decision(game, game.active, a, blockers, "509.2")
            combat.order[a] = order
            game.log_event(f"Damage assignment order for {game.describe(a)}: "
                           f"{', '.join(game.describe(x) for x in order)}.", ("509.2",), player=game.active)
        elif blockers:
            combat.order[a] = blockers
    for b, atts in combat.blockers.items():
        if len(atts) >= 2:
            order = yield _order_decision(game, combat.defending_player, b, atts, "509.3")
            combat.order[b] = order
            game.log_event(f"Damage assignment order for {game.describe(b)}: "
                           f"{', '.join(game.describe(x) for x in order)}.", ("509.3",),
                           player=combat.defending_player)
        else:
            combat.order[b] = list(atts)


def _order_decision(game: "GameState", player: int, creature: int, others: list[int], rule: str) -> DamageOrder:
    return DamageOrder(player=player, prompt=f"Order the creatures {game.describe(creature)} assigns damage to",
                       options=[Option(o, game.describe(o)) for o in others], source=creature, creature=creature,
                       rule=rule)


# ---------------------------------------------------------------------------
# Combat damage


def has_first_strike(game: "GameState", obj: GameObject) -> bool:
    return has_trait(game, obj, Trait.FIRST_STRIKE)


def needs_first_strike_step(game: "GameState") -> bool:
    """510.4: any attacking or blocking creature with first strike or double strike."""
    combat = game.combat
    if combat is None:
        return False
    for oid in list(combat.attackers) + list(combat.blockers):
        o = game.objects.get(oid)
        if o is not None and has_first_strike(game, o):
            return True
    return False


def assigns_in_step(game: "GameState", obj: GameObject, first: bool) -> bool:
    combat = game.combat
    assert combat is not None
    if first:
        return has_first_strike(game, obj)
    if not combat.first_strike_step:
        return True
    if has_trait(game, obj, Trait.DOUBLE_STRIKE):
        return True
    return obj.id not in combat.fs_creatures and obj.id not in combat.dealt_first


def combat_damage_amount(game: "GameState", creature: GameObject) -> int:
    """How much combat damage a creature assigns: its power (510.1a), or its toughness where an effect says it
    assigns combat damage equal to its toughness rather than its power."""
    if game.chars(creature).flags.get("damage_by_toughness"):
        return game.toughness(creature)
    return game.power(creature)


def lethal_needed(game: "GameState", attacker: GameObject, creature: GameObject, pending: dict[int, int]) -> int:
    """Damage that counts as lethal for assignment (510.1c, 702.2c)."""
    if has_trait(game, attacker, Trait.DEATHTOUCH):
        return max(0, 1 - pending.get(creature.id, 0))
    need = game.toughness(creature) - creature.damage - pending.get(creature.id, 0)
    return max(0, need)


def assignment_choices(game: "GameState", creature: GameObject, pending: dict[int, int]) -> dict[str, Any] | None:
    """What a creature may assign its damage to. None if it assigns no combat damage."""
    combat = game.combat
    assert combat is not None
    power = combat_damage_amount(game, creature)
    if power <= 0:
        return None   # 510.1a
    if creature.id in combat.attackers:
        dfd = combat.attackers[creature.id]
        if not combat.blocked.get(creature.id):
            if not dfd or game.get(dfd) is None:
                return None  # 510.1b
            return {"power": power, "order": [], "defender": dfd, "trample": False, "fixed": [(dfd, power)]}
        order = [b for b in combat.order.get(creature.id, combat.blockers_of(creature.id))
                 if b in combat.blockers and creature.id in combat.blockers[b]]
        trample = has_trait(game, creature, Trait.TRAMPLE)
        defender = dfd if trample and dfd and game.get(dfd) is not None else None
        # "You may have ~ assign its combat damage as though it weren't blocked": asked as damage is assigned.
        unblocked = dfd if dfd and game.get(dfd) is not None and \
            game.chars(creature).flags.get("assign_as_unblocked") else None
        if not order:
            if trample and defender is not None:
                return {"power": power, "order": [], "defender": defender, "trample": True,
                        "fixed": [(defender, power)]}   # 702.19c
            if unblocked is not None:   # no blocker left: no damage (510.1c) unless assigned as though unblocked
                return {"power": power, "order": [], "defender": None, "trample": False, "fixed": [],
                        "as_unblocked": unblocked}
            return None
        return {"power": power, "order": order, "defender": defender, "trample": trample,
                "as_unblocked": unblocked}
    if creature.id in combat.blockers:
        order = [a for a in combat.order.get(creature.id, combat.blockers[creature.id]) if a in combat.attackers]
        if not order:
            return None   # 510.1d
        return {"power": power, "order": order, "defender": None, "trample": False}
    return None


def is_choice(game: "GameState", creature: GameObject, info: dict[str, Any], pending: dict[int, int]) -> bool:
    """Is there more than one legal way to assign this creature's damage?"""
    if "fixed" in info:
        return False
    order = info["order"]
    if not order:
        return False
    first = game.objects[order[0]]
    lethal_first = lethal_needed(game, creature, first, pending)
    if info["power"] <= lethal_first:
        return False
    return len(order) >= 2 or info["defender"] is not None


def auto_assignment(game: "GameState", creature: GameObject, info: dict[str, Any],
                    pending: dict[int, int]) -> list[tuple[int, int]]:
    """Lethal damage to each in order, the rest to the player (trample) or to the last creature."""
    if "fixed" in info:
        return list(info["fixed"])
    left = info["power"]
    out: dict[int, int] = {}
    order = info["order"]
    for oid in order:
        if left <= 0:
            break
        need = lethal_needed(game, creature, game.objects[oid], pending)
        k = min(need, left)
        if k:
            out[oid] = k
        left -= k
    if left > 0:
        target = info["defender"] if info["defender"] is not None else order[-1]
        out[target] = out.get(target, 0) + left
    if not out and order:
        out[order[0]] = info["power"]
    return list(out.items())


def combat_damage(game: "GameState", first: bool) -> Gen:
    """Assign and deal combat damage (510.1, 510.2); first=True in the first-strike step (510.4)."""
    combat = game.combat
    assert combat is not None
    if first:
        combat.first_strike_step = True
        combat.fs_creatures = {oid for oid in list(combat.attackers) + list(combat.blockers)
                               if oid in game.objects and has_first_strike(game, game.objects[oid])}
    pending: dict[int, int] = {}
    parts: list[tuple[Any, int, int]] = []
    dealers: list[int] = []
    trample_defenders: list[int] = []
    ordered = [a for a in combat.attackers] + [b for b in combat.blockers]
    for oid in ordered:
        obj = game.objects.get(oid)
        if obj is None or obj.zone != "battlefield" or not assigns_in_step(game, obj, first):
            continue
        info = assignment_choices(game, obj, pending)
        if info is None:
            continue
        ctl = game.chars(obj).controller
        if info.get("as_unblocked") is not None:
            info = yield from _as_though_unblocked(game, obj, info, ctl)
        if is_choice(game, obj, info, pending):
            recipients = info["order"] + ([info["defender"]] if info["defender"] is not None else [])
            assignment = yield AssignDamage(
                player=ctl, prompt=f"Assign {obj.name}'s {info['power']} combat damage",
                options=[Option(r, game.describe(r)) for r in recipients], source=oid, creature=oid,
                creature_name=obj.name, power=info["power"], order=info["order"], defender=info["defender"],
                lethal={r: lethal_needed(game, obj, game.objects[r], pending) for r in info["order"]},
                auto=auto_assignment(game, obj, info, pending))
        else:
            assignment = auto_assignment(game, obj, info, pending)
        for r, n in assignment:
            if n > 0:
                pending[r] = pending.get(r, 0) + n
                parts.append((obj, r, n))
                if info.get("trample") and r == info.get("defender"):
                    trample_defenders.append(r)
        dealers.append(oid)
    if first:
        combat.dealt_first.update(dealers)
    cites: tuple[str, ...] = ("510.2",)
    if first:
        cites += ("510.4", "702.7b")
    elif combat.first_strike_step and any(has_trait(game, game.objects[o], Trait.DOUBLE_STRIKE)
                                          for o in dealers if o in game.objects):
        cites += ("702.4b",)
    if any(r == info_d for _, r, _ in parts for info_d in trample_defenders):
        cites += ("702.19b",)
    if any(has_trait(game, src, Trait.DEATHTOUCH) and isinstance(game.get(r), GameObject) for src, r, _ in parts):
        cites += ("702.2c",)
    game.log_event("Combat damage is dealt." if not first else "First-strike combat damage is dealt.", cites,
                   kind="combat")
    yield from deal_damage(game, parts, combat=True)


def _as_though_unblocked(game: "GameState", obj: GameObject, info: dict[str, Any], ctl: int) -> Gen:
    """A blocked creature that may assign its combat damage as though it weren't blocked: its controller
    chooses; "yes" assigns it all to the player or planeswalker it's attacking (510.1b), "no" to its blockers
    as usual (510.1c)."""
    dfd = info["as_unblocked"]
    ans = yield YesNo(player=ctl, prompt=f"Have {obj.name} assign its combat damage as though it weren't blocked?",
                      options=[Option("yes", f"All {info['power']} to {game.describe(dfd)}"),
                               Option("no", "To the creatures blocking it")],
                      source=obj.id, as_unblocked=(obj.id, *info["order"]))
    if ans != "yes":
        return info
    game.log_event(f"{obj.name} assigns its combat damage as though it weren't blocked "
                   f"({game.players[ctl].name}'s choice).", ("510.1b", "510.1c"), (obj.id,), kind="combat")
    return {"power": info["power"], "order": [], "defender": dfd, "trample": False, "fixed": [(dfd, info["power"])]}


def end_combat(game: "GameState") -> None:
    """511.3: all creatures and planeswalkers are removed from combat."""
    game.combat = None
    game.touch_status()


def defending_player_of(game: "GameState") -> Player:
    assert game.combat is not None
    return game.players[game.combat.defending_player]
