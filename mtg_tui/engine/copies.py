"""Copies of objects (706): tokens that are copies of permanents, and copies of spells on the stack.

A copy takes the copiable values of the original (706.2): what is printed on it (the face that is up,
706.8), as changed by other copy effects. A token that is itself a copy already carries the values it
copied as its definition, so a copy of it copies those (706.3). An exception written into the copy effect
("except it isn't legendary") changes the values the copy gets and becomes part of them (706.9b).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Generator

from . import actions
from .abilities import Instruction, LayerOp
from .answers import is_number
from .casting import spell_effect
from .conditions import condition_holds, costs_paid
from .context import Ctx
from .decisions import ChooseCards, Decision, IllegalAnswer, Option, Targets, YesNo
from .entering import _AsItEnters
from .matching import object_matches
from .immutable import Immutable
from .objects import LKI, CardDef, GameObject
from .refs import Amount, ObjectFilter, Ref, TargetSpec
from .targets import candidates, spread_targets

if TYPE_CHECKING:
    from .replacement import ZoneMove
    from .state import GameState

Gen = Generator[Decision, Any, None]


def copiable_values(game: "GameState", obj: GameObject | LKI) -> CardDef | None:
    """The copiable values of a permanent, or of one as it last existed (706.2, 706.8): its definition,
    of the face that is up, or what the latest copy effect on it copied (706.3, 613.2c); the face of a
    double-faced card alone, which can't be turned over."""
    if isinstance(obj, GameObject):
        card = copy_effect_on(game, obj) or obj.face
    else:
        card = obj.card
    if card is None:
        return None
    if card.layout == "transform":
        card = replace(card, layout="normal", faces=())
    return card


def copy_effect_on(game: "GameState", obj: GameObject) -> CardDef | None:
    """The values the latest copy effect on this permanent gives it (layer 1, 613.2a), if one does."""
    found: tuple[int, CardDef] | None = None
    for eff in game.continuous:
        if obj.id in eff.affected:
            for op in eff.ops:
                if op.layer == "1" and op.op == "copy" and (found is None or eff.timestamp > found[0]):
                    found = (eff.timestamp, op.args[0])
    return found[1] if found is not None else None


def token_copy_def(card: CardDef, not_legendary: bool = False) -> CardDef:
    """The definition of a token that's a copy of ``card`` (111.1, 706.2), with the copy's exceptions
    (706.9b)."""
    supertypes = tuple(s for s in card.supertypes if not (not_legendary and s == "Legendary"))
    return replace(card, is_token=True, supertypes=supertypes)


@dataclass(frozen=True)
class CreateTokenCopy(Instruction):
    """"Create a token that's a copy of [permanent]" (111.1, 706.2). The original's copiable values are taken
    as the instruction resolves, or as it last existed if it has left the battlefield (608.2h)."""

    who: Ref
    amount: Amount
    of: Ref
    not_legendary: bool = False     # "except the token isn't legendary" (706.9b)

    def run(self, ctx: "Ctx") -> Gen:
        n = self.amount.value(ctx)
        made: list[GameObject] = []
        originals = ctx.object_or_lki(self.of)
        for original in originals[:1]:
            card = copiable_values(ctx.game, original)
            if card is None:
                continue
            token = token_copy_def(card, self.not_legendary)
            for p in ctx.players(self.who):
                made += yield from actions.create_tokens_asking(ctx.game, p.index, token, n, original.name)
        ctx.remember("created", made)


def copy_spell(game: "GameState", spell: GameObject, controller: int) -> GameObject:
    """Put a copy of a spell onto the stack under ``controller``'s control (706.10): its characteristics and
    the choices made for it (mode, targets, X, the costs paid, how its damage is divided). A copy isn't cast,
    so nothing that cares about casting sees it; off the stack it ceases to exist (706.10a, 704.5e)."""
    copy = GameObject(game.new_id(), spell.card, controller, "stack", game.new_uid())
    copy.controller = controller
    copy.whole = spell.whole
    copy.is_copy = True
    copy.targets = [list(row) for row in spell.targets]
    copy.mode = spell.mode
    copy.x = spell.x
    copy.chosen = {k: (dict(v) if isinstance(v, dict) else v) for k, v in spell.chosen.items()
                   if k in _COPIED_CHOICES}
    copy.timestamp = game.new_timestamp()
    game.objects[copy.id] = copy
    game.stack.append(copy)
    game.touch()
    flat = [t for row in copy.targets for t in row]
    text = f"{game.players[controller].name} puts a copy of {spell.name} onto the stack"
    if flat:
        text += " targeting " + ", ".join(game.describe(t) for t in flat)
    game.log_event(text + ".", ("706.10",), (copy.id,) + tuple(flat), player=controller)
    return copy


_COPIED_CHOICES = ("costs", "divide")   # choices made as it was cast (706.10); not how: it isn't cast


def choose_new_targets(game: "GameState", copy: GameObject) -> Gen:
    """"You may choose new targets for the copy" (706.10c): its controller may change any of its targets;
    each one kept stays even if illegal now, each one changed must be legal. The number of targets stays."""
    specs = spell_target_specs(game, copy)
    if not any(copy.targets):
        return
    player = copy.controller
    ans = yield YesNo(player=player, prompt=f"Choose new targets for the copy of {copy.name}?",
                      options=[Option("yes", "Choose new targets"), Option("no", "Keep its targets")],
                      source=copy.id)
    if ans != "yes":
        return
    old = [list(row) for row in copy.targets]
    rows = []
    flat: list[Option] = []
    for spec, was in zip(specs, old):
        ids = list(dict.fromkeys(was + candidates(game, spec, player, copy, copy.id, None, specs)))
        rows.append({"label": spec.label, "min": len(was), "max": len(was), "options": ids})
        for i in ids:
            if all(o.value != i for o in flat):
                flat.append(Option(i, game.describe(i)))

    def legal(answer: Any) -> list[list[int]]:
        return _kept_or_legal(game, specs, old, spread_targets(answer, specs), player, copy)

    new = yield Targets(player=player, prompt=f"New targets for the copy of {copy.name}", options=flat,
                        min=sum(len(w) for w in old), max=sum(len(w) for w in old), specs=rows,
                        effect=spell_effect(game, copy), source=copy.id, legal=legal)
    copy.targets = [list(row) for row in new]
    game.touch()
    game.log_event(f"{game.players[player].name} chooses new targets for the copy of {copy.name}: "
                   + ", ".join(game.describe(t) for row in copy.targets for t in row) + ".", ("706.10c",),
                   (copy.id,), player=player)


def _kept_or_legal(game: "GameState", specs: tuple[TargetSpec, ...], old: list[list[int]], answer: Any,
                   player: int, copy: GameObject) -> list[list[int]]:
    if not isinstance(answer, list) or len(answer) != len(old):
        raise IllegalAnswer(f"the copy has {len(old)} target word{'s' if len(old) != 1 else ''}: "
                            "give a list of targets for each")
    out: list[list[int]] = []
    for spec, was, picks in zip(specs, old, answer):
        picks = [picks] if is_number(picks) else picks
        if not isinstance(picks, list) or not all(is_number(t) for t in picks):
            raise IllegalAnswer(f"the targets for {spec.label} must be a list of ids")
        if len(picks) != len(was):
            raise IllegalAnswer(f"{spec.label} keeps its number of targets, {len(was)} (706.10c)")
        if len(set(picks)) != len(picks):
            raise IllegalAnswer("the same object can't be chosen twice for one target word (115.3)")
        legal = candidates(game, spec, player, copy, copy.id, None, specs)
        for t in picks:
            if t not in was and t not in legal:
                raise IllegalAnswer(f"{game.describe(t)} isn't a legal target for {spec.label}: a changed "
                                    "target must be legal (706.10c)")
        out.append(list(picks))
    return out


def spell_target_specs(game: "GameState", spell: GameObject) -> tuple[TargetSpec, ...]:
    """The target words of a spell on the stack, for its modes and the costs paid for it (601.2c)."""
    return spell_effect(game, spell).target_specs(spell.mode, costs_paid(spell), spell.x)


@dataclass(frozen=True)
class CopySpell(Instruction):
    """"Copy [spell]", "copy it for each ..." (706.10): copies under this effect's controller, each maybe with
    new targets (706.10c). A spell that has left the stack can't be copied."""

    what: Ref
    amount: Amount
    new_targets: bool = False

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        n = self.amount.value(ctx)
        for spell in ctx.objects(self.what):
            if not isinstance(spell, GameObject) or spell.zone != "stack":
                continue
            for _ in range(n):
                copy = copy_spell(game, spell, ctx.controller)
                if self.new_targets:
                    yield from choose_new_targets(game, copy)


@dataclass(frozen=True)
class SpellsCastBefore(Amount):
    """"For each other [kind of] spell you've cast before it this turn": the spells of that kind its
    controller cast this turn before the spell whose casting triggered the ability."""

    filter: ObjectFilter

    def value(self, ctx: "Ctx") -> int:
        game = ctx.game
        spell_id = ctx.event.get("spell_id") if ctx.event is not None else None
        n = 0
        for ev in game.turn_events:
            if ev.kind != "cast":
                continue
            if ev.get("spell_id") == spell_id:
                break
            spell = ev.get("spell")
            if ev.get("player") == ctx.controller and spell is not None and ctx.fits(spell, self.filter):
                n += 1
        return n


@dataclass(frozen=True)
class CopyChanges(Immutable):
    """Changes a copy effect makes to the values it copies (706.9a, 706.9b): a name of its own, supertypes in
    addition, and the ability that made the copy."""

    name: str | None = None
    supertypes: tuple[str, ...] = ()
    this_ability: bool = False

    def apply(self, card: CardDef, ability: Any) -> CardDef:
        abilities = card.abilities + ((ability,) if self.this_ability and ability is not None
                                      and ability not in card.abilities else ())
        return replace(card, name=self.name or card.name, abilities=abilities,
                       supertypes=card.supertypes + tuple(s for s in self.supertypes if s not in card.supertypes))


@dataclass(frozen=True)
class BecomeCopy(Instruction):
    """"[Permanent] becomes a copy of [object] [until end of turn]" (706.2): a copy effect in layer 1 (613.2a),
    with the original's copiable values as this resolves (706.2b). The permanent stays the same object: nothing
    enters or leaves, and other effects on it go on applying (706.4)."""

    what: Ref
    of: Ref
    duration: str = "permanent"
    changes: CopyChanges | None = None   # "except ..." (706.9)

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        originals = ctx.object_or_lki(self.of)
        objs = [o for o in ctx.objects(self.what) if isinstance(o, GameObject) and o.zone == "battlefield"]
        card = copiable_values(game, originals[0]) if originals else None
        if card is None or not objs:
            return
        if self.changes is not None:
            card = self.changes.apply(card, getattr(ctx.stack_obj, "ability", None))
        ctx.add_effect(objs, (LayerOp("1", "copy", (card,)),), self.duration)
        until = " until end of turn" if self.duration == "end_of_turn" else ""
        for o in objs:
            game.log_event(f"{o.name} becomes a copy of {originals[0].name}{until}.", ("706.2", "613.2a", "611.2a"),
                           (o.id,))
        yield from ()


@dataclass(eq=False)
class EntersAsCopy(_AsItEnters):
    """"[If condition,] you may have this enter as a copy of any creature on the battlefield" (706.5, 614.1c):
    as it enters, its controller may choose a permanent that fits ``filter``; it then enters as a copy of it,
    with its copiable values from the start, so its own abilities as it enters are the copied ones."""

    rules: ClassVar[tuple[str, ...]] = ("706.5", "614.1c")
    filter: ObjectFilter = field(default_factory=lambda: ObjectFilter(types=("Creature",)))
    condition: Any = None

    def apply(self, game: "GameState", event: "ZoneMove") -> Gen:
        obj = event.obj
        if self.condition is not None and not condition_holds(
                game, self.condition, Ctx(game, self.controller, obj, obj.id, obj.card_uid, obj.name)):
            return event
        fits = [o for o in game.battlefield if o.id != obj.id and object_matches(
            game, o, self.filter, obj.id, self.controller, obj.card_uid)]
        if not fits:
            return event
        picked = yield ChooseCards(player=self.controller, prompt=f"{obj.name} may enter as a copy of a "
                                   f"{self.filter.describe()} (choose none to have it enter as itself)",
                                   options=[Option(o.id, game.describe(o.id)) for o in fits], min=0, max=1,
                                   source=obj.id)
        if not picked:
            return event
        original = game.objects[picked[0]]
        card = copiable_values(game, original)
        if card is not None:
            event.chosen["copy_of"] = card
            game.log_event(f"{obj.name} enters as a copy of {original.name}.", self.rules, (obj.id, original.id))
        return event
