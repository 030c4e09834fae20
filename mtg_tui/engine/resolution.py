"""Resolving spells and abilities (608).

The top object of the stack resolves: its targets are checked again, and
if every target has become illegal it doesn't resolve (608.2b); otherwise
its instructions are followed in order (608.2c), leaving illegal targets
unaffected. Instants and sorceries then go to their owner's graveyard
(608.2m); permanent spells enter the battlefield (608.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator

from . import actions, blessing
from .abilities import Effect, SpellAbility, TriggeredAbility
from .casting import aura_spec
from .conditions import condition_holds, costs_paid
from .context import Ctx, run_effect
from .decisions import Decision
from .objects import GameObject, StackAbility

if TYPE_CHECKING:
    from .state import GameState

Gen = Generator[Decision, Any, Any]


def resolve_top(game: "GameState") -> Gen:
    """Resolve the top object of the stack (608)."""
    top = game.stack[-1]
    game.touch_status()   # a resolution begins; what it does notes its own changes
    if isinstance(top, StackAbility):
        ab = top.ability
        effect: Effect = ab.effect
        specs = effect.target_specs(top.mode, x=top.x)
        source = game.objects.get(top.source_id) or top.source_lki
        ctx = Ctx(game, top.controller, source, top.source_id, top.source_uid, top.source_name, specs,
                  top.targets, top.x, top.event, top)
        ctx.chosen_color = top.chosen.get("color")
        if not ctx.check_targets():
            _remove_ability(game, top)
            game.log_event(f"{top.source_name}'s ability doesn't resolve: all its targets are illegal.",
                           ("608.2b",))
            return
        if isinstance(ab, TriggeredAbility) and ab.condition is not None and \
                not condition_holds(game, ab.condition, ctx):
            _remove_ability(game, top)
            game.log_event(f"{top.source_name}'s ability does nothing: its condition is no longer true.",
                           ("603.4",))
            return
        game.log_event(f"{top.source_name}'s ability resolves.", ("608.2",), (top.id,))
        yield from run_effect(ctx, effect, top.mode)
        if top in game.stack:
            _remove_ability(game, top)
        return

    spell: GameObject = top
    c = game.chars(spell)
    if c.is_permanent_type:
        aura_target = None
        if "Aura" in c.subtypes:
            spec = aura_spec(game, spell)
            if spec is not None and spell.targets:
                ctx = Ctx(game, spell.controller, spell, spell.id, spell.card_uid, spell.name, (spec,),
                          spell.targets)
                if not ctx.check_targets():
                    game.log_event(f"{spell.name} doesn't resolve: its target is illegal.", ("608.2b", "303.4g"),
                                   (spell.id,))
                    yield from actions.move_asking(game, spell, "graveyard", log=False)
                    return
                aura_target = spell.targets[0][0]
        game.log_event(f"{spell.name} resolves.", ("608.2", "608.3"), (spell.id,))
        new = yield from actions.move_asking(game, spell, "battlefield", controller=spell.controller,
                                             attach_to=aura_target, log=False)
        if new is not None and new.zone == "battlefield":
            text = f"{new.name} enters the battlefield under {game.players[new.controller].name}'s control"
            if aura_target is not None:
                text += f", attached to {game.describe(aura_target)}"
            game.log_event(text + ".", ("608.3", "303.4f") if aura_target else ("608.3",), (new.id,))
        return

    ability = next((a for a in c.abilities if isinstance(a, SpellAbility)), None)
    effect = ability.effect if ability is not None else Effect()
    specs = effect.target_specs(spell.mode, costs_paid(spell), spell.x)
    ctx = Ctx(game, spell.controller, spell, spell.id, spell.card_uid, spell.name, specs, spell.targets,
              spell.x, None, spell)
    if not ctx.check_targets():
        game.log_event(f"{spell.name} doesn't resolve: all its targets are illegal.", ("608.2b",), (spell.id,))
        yield from actions.move_asking(game, spell, "graveyard", log=False)
        return
    game.log_event(f"{spell.name} resolves.", ("608.2",), (spell.id,))
    blessing.check_spell(game, spell)
    yield from run_effect(ctx, effect, spell.mode)
    if spell.zone == "stack" and game.objects.get(spell.id) is spell:
        yield from actions.move_asking(game, spell, "graveyard", log=False)   # 608.2m


def _remove_ability(game: "GameState", top: StackAbility) -> None:
    if top in game.stack:
        game.stack.remove(top)
    game.objects.pop(top.id, None)
    game.touch()
