"""Effect instructions: the verbs of rules text, carried out on resolution (608.2c).

Each instruction's ``run(ctx)`` is a generator: it yields a Decision where
a player must choose (which card to discard, which creature to sacrifice)
and receives the answer. Where several players choose at once ("each player
sacrifices a creature"), they are asked one at a time in APNAP order and the
actions then happen together (101.4).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generator

from . import actions
from .abilities import Effect, Instruction, KeywordAbility, LayerOp, ProtectionChoice, Quality, StaticAbility, Trigger
from .conditions import condition_holds, condition_note
from .costs import execute_payment, find_auto_payment
from .combat import enter_attacking
from .damage import deal_damage
from .events import Event
from .decisions import (ChooseCards, ChooseColor, ChooseSacrifice, ChooseX, Decision, Discard as DiscardCards,
                        IllegalAnswer, Option, OrderCards, Scry as ScryCards, Search as SearchLibrary,
                        Surveil as SurveilCards, YesNo)
from .mana import COLOR_NAMES, COLORS
from .explore import Explore  # noqa: F401  (part of the instruction set the compiler uses)
from .extra_turns import ExtraTurn  # noqa: F401  (part of the instruction set the compiler uses)
from .cast_permissions import PermitCast  # noqa: F401  (part of the instruction set the compiler uses)
from .control_duration import WHILE_YOU_CONTROL
from .log import flag_words
from .emblems import GetEmblem  # noqa: F401  (part of the instruction set the compiler uses)
from .rerouting import GraveyardExileInstead  # noqa: F401  (part of the instruction set the compiler uses)
from .land_plays import PlayAdditionalLand  # noqa: F401  (part of the instruction set the compiler uses)
from .cast_restrictions import CantCast  # noqa: F401  (part of the instruction set the compiler uses)
from .transform import Transform  # noqa: F401  (part of the instruction set the compiler uses)
from .mana_ability import ANY_COLOR, AddMana  # noqa: F401  (part of the instruction set the compiler uses)
from .matching import object_matches
from .objects import CardDef, GameObject, Player, mana_value_of
from .refs import DESTROYED, AllRef, Amount, Const, DiscardedBy, FixedRef, ObjectFilter, Ref, ShareOfTheirs
from .state import ContinuousEffect, ExiledCards
from .damage import LIFE_FLOOR
from .prevention import add_prevention
from .regeneration import add_regeneration
from .replacement import add_effect
from .rerouting import exile_if_dies
from .triggers import add_delayed, add_reflexive

if TYPE_CHECKING:
    from .context import Ctx
    from .state import GameState

Gen = Generator[Decision, Any, None]


def _amt(ctx: "Ctx", a: Amount | int) -> int:
    return a if isinstance(a, int) else a.value(ctx)


# ---------------------------------------------------------------------------
# Damage, life


@dataclass(frozen=True)
class DealDamage(Instruction):
    """[source] deals N damage to [recipients] (120)."""

    source: Ref
    amount: Amount
    to: tuple[Ref, ...]
    more: tuple[tuple[Amount, Ref], ...] = ()   # "... and 2 damage to that creature's controller"
    divided: bool = False                        # "divided as you choose among ..." (601.2d)

    def run(self, ctx: "Ctx") -> Gen:
        src = ctx.damage_source(self.source)
        if src is None:
            return
        n = _amt(ctx, self.amount)
        parts = []
        division = ctx.division()
        for ref in self.to:
            for rid in ctx.recipients(ref):
                parts.append((src, rid, division.get(rid, 0) if self.divided else n))
        for amount, ref in self.more:
            m = _amt(ctx, amount)
            for rid in ctx.recipients(ref):
                parts.append((src, rid, m))
        total = yield from deal_damage(ctx.game, parts)
        ctx.amounts["damage"] = ctx.amounts.get("damage", 0) + (total or 0)


@dataclass(frozen=True)
class _EachPlayer(Instruction):
    """[players] each do something with an amount: gain or lose life, draw, mill."""

    who: Ref
    amount: Amount

    def act(self, ctx: "Ctx", p: Player, n: int) -> Gen:
        raise NotImplementedError
        yield  # pragma: no cover

    def run(self, ctx: "Ctx") -> Gen:
        n = _amt(ctx, self.amount)
        for p in ctx.players(self.who):
            yield from self.act(ctx, p, self.amount.of(p) if isinstance(self.amount, ShareOfTheirs) else n)


@dataclass(frozen=True)
class GainLife(_EachPlayer):
    def act(self, ctx: "Ctx", p: Player, n: int) -> Gen:
        yield from actions.gain_life_asking(ctx.game, p, n)


@dataclass(frozen=True)
class LoseLife(_EachPlayer):
    def act(self, ctx: "Ctx", p: Player, n: int) -> Gen:
        actions.lose_life(ctx.game, p, n)
        yield from ()


@dataclass(frozen=True)
class ExchangeLifeTotals(Instruction):
    """Two players exchange life totals (701.10c): the one with more loses the difference, the other gains it.
    If the one with less can't gain life, the whole exchange doesn't happen (701.10a, 119.7)."""

    who: Ref

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        ps = ctx.players(self.who)
        if len(ps) != 2 or ps[0].life == ps[1].life:
            return
        hi, lo = sorted(ps, key=lambda p: -p.life)
        if game.player_flags(lo.index).get("cant_gain_life"):
            game.log_event(f"{lo.name} can't gain life: the life totals aren't exchanged.", ("701.10a", "119.7"))
            return
        d = hi.life - lo.life
        game.log_event(f"{hi.name} and {lo.name} exchange life totals.", ("701.10c",))
        actions.lose_life(game, hi, d, cites=("701.10c", "119.3"))
        yield from actions.gain_life_asking(game, lo, d)


@dataclass(frozen=True)
class ExchangeLifeWithPower(Instruction):
    """"Exchange your life total with ~'s power" (701.10g): the player gains or loses the life that makes their
    total the creature's power, and an effect sets the creature's power to their former total (layer 7b,
    613.4b). If the creature isn't on the battlefield, or the player can't gain the life, neither part
    happens (701.10a, 119.7)."""

    who: Ref
    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        ps = ctx.players(self.who)
        objs = [o for o in ctx.objects(self.what) if o.zone == "battlefield" and game.is_creature(o)]
        if len(ps) != 1 or len(objs) != 1:
            game.log_event("The exchange can't be completed, so none of it happens.", ("701.10a",))
            return
        p, obj = ps[0], objs[0]
        life, power = p.life, game.chars(obj).power or 0
        if power > life and game.player_flags(p.index).get("cant_gain_life"):
            game.log_event(f"{p.name} can't gain life: the exchange doesn't happen.", ("701.10a", "119.7"),
                           player=p.index)
            return
        game.log_event(f"{p.name} exchanges their life total ({life}) with {obj.name}'s power ({power}): "
                       f"{obj.name} has base power {life}.",
                       ("701.10g", "613.4b"), (obj.id,), player=p.index)
        ctx.add_effect([obj], (LayerOp("7b", "set_pt", (life, None)),), "permanent")
        if power > life:
            yield from actions.gain_life_asking(game, p, power - life)
        elif power < life:
            actions.lose_life(game, p, life - power, cites=("701.10g", "119.3"))


@dataclass(frozen=True)
class SetLife(_EachPlayer):
    """"Your life total becomes N" (119.5): the player gains or loses the life that takes them there."""

    def act(self, ctx: "Ctx", p: Player, n: int) -> Gen:
        ctx.game.log_event(f"{p.name}'s life total becomes {n}.", ("119.5",), player=p.index)
        if n > p.life:
            yield from actions.gain_life_asking(ctx.game, p, n - p.life)
        elif n < p.life:
            actions.lose_life(ctx.game, p, p.life - n, cites=("119.5", "119.3"))


@dataclass(frozen=True)
class LifeFloor(Instruction):
    """"Until end of turn, damage that would reduce your life total to less than 1 reduces it to 1 instead": a
    replacement effect (614.1a) on the result of damage to those players (120.3a): the damage is still dealt,
    but the life they lose stops at 1 (damage.py)."""

    who: Ref
    duration: str = "end_of_turn"

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        op = LayerOp("rules", "flag", (LIFE_FLOOR, None))
        for p in ctx.players(self.who):
            game.continuous.append(ContinuousEffect(game.new_id(), (op,), (), ctx.controller, ctx.source_uid,
                                                    ctx.source_name, game.new_timestamp(), self.duration,
                                                    players=(p.index,)))
            game.log_event(f"Damage can't reduce {p.name}'s life total below 1 this turn.", ("614.1a", "120.3a"),
                           player=p.index)
        game.touch()
        yield from ()


@dataclass(frozen=True)
class NoteAmount(Instruction):
    """"Count the number of ...": the number as it is now, noted for "that number" later in the effect."""

    key: str
    amount: Amount

    def run(self, ctx: "Ctx") -> Gen:
        ctx.amounts[self.key] = _amt(ctx, self.amount)
        yield from ()


@dataclass(frozen=True)
class DoubleLife(_EachPlayer):
    """"Double your life total" (701.9d): the player gains or loses the life that makes it twice its current
    value (its ``amount`` isn't used)."""

    def act(self, ctx: "Ctx", p: Player, n: int) -> Gen:
        ctx.game.log_event(f"{p.name} doubles their life total.", ("701.9d",), player=p.index)
        if p.life > 0:
            yield from actions.gain_life_asking(ctx.game, p, p.life)
        elif p.life < 0:
            actions.lose_life(ctx.game, p, -p.life, cites=("701.9d", "119.3"))


# ---------------------------------------------------------------------------
# Zones


@dataclass(frozen=True)
class Destroy(Instruction):
    what: Ref
    can_regenerate: bool = True

    def run(self, ctx: "Ctx") -> Gen:
        objs = ctx.objects(self.what)
        before = {o.id: ctx.game.lki_of(o) for o in objs if o.zone == "battlefield"}
        doomed = yield from actions.destroy_asking(ctx.game, objs, self.can_regenerate)
        # "... destroyed this way" counts these, as they last existed (608.2h); "it" is left as it was.
        ctx.remembered[DESTROYED] = [before[o.id] for o in doomed or () if o.id in before]


@dataclass(frozen=True)
class Exile(Instruction):
    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        objs = ctx.objects(self.what)
        ctx.did = False
        if objs:
            ctx.game.log_event(f"{', '.join(o.name for o in objs)} {'is' if len(objs) == 1 else 'are'} exiled.",
                               ("701.11",), tuple(o.id for o in objs))
            moved = yield from actions.move_many_asking(ctx.game, objs, "exile", log=False)
            ctx.remember("exiled", [m for m in moved if m is not None])
            ctx.did = any(m is not None and m.zone == "exile" for m in moved)   # "if you do" (608.2c)
            ctx.game.exiled.append(ExiledCards(ctx.source_uid, ctx.source_id,
                                               [m.id for m in moved if m is not None and m.zone == "exile"]))


@dataclass(frozen=True)
class ExileFromGraveyard(Instruction):
    """[players] exile N cards of their choice from their own graveyard (701.11): each chooses in APNAP order."""

    who: Ref
    amount: Amount = Const(1)

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        n = _amt(ctx, self.amount)
        for p in ctx.players(self.who):
            picks = yield from ctx.pick_cards(p, list(p.graveyard), n,
                                              prompt=f"Choose {n} card{'s' if n != 1 else ''} to exile from your graveyard")
            if picks:
                game.log_event(f"{p.name} exiles {', '.join(o.name for o in picks)} from their graveyard.",
                               ("701.11",), tuple(o.id for o in picks), player=p.index)
                yield from actions.move_many_asking(game, picks, "exile", log=False)


@dataclass(frozen=True)
class ExileUntil(Instruction):
    """Exile [objects] until this permanent leaves the battlefield (610.3c)."""

    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        me = ctx.self_object()
        if me is None or me.zone != "battlefield":
            game.log_event(f"{ctx.source_name} has already left the battlefield: nothing is exiled.", ("610.3c",))
            return
        objs = ctx.objects(self.what)
        if objs:
            game.log_event(f"{', '.join(o.name for o in objs)} {'is' if len(objs) == 1 else 'are'} exiled until "
                           f"{ctx.source_name} leaves the battlefield.", ("701.11", "610.3c"), tuple(o.id for o in objs))
            moved = yield from actions.move_many_asking(game, objs, "exile", log=False)
            game.exiled.append(ExiledCards(ctx.source_uid, me.id,
                                           [m.id for m in moved if m is not None and m.zone == "exile"],
                                           until_leaves=True))


@dataclass(frozen=True)
class LookTop(Instruction):
    """Look at the top N cards of your library (they stay there)."""

    who: Ref
    amount: Amount
    key: str = "looked"

    def run(self, ctx: "Ctx") -> Gen:
        n = _amt(ctx, self.amount)
        for p in ctx.players(self.who):
            top = p.library[:n]
            ctx.remember(self.key, top)
            ctx.game.log_event(f"{p.name} looks at the top {len(top)} card{'s' if len(top) != 1 else ''} of their "
                               "library.", (), player=p.index)
        yield from ()


def _looked_at(ctx: "Ctx", key: str) -> tuple[list[Any], Any]:
    """The cards an earlier instruction of this effect looked at that are still in the library (a card that
    left is a new object, 400.7), and their owner (None when there are none)."""
    cards = [c for c in ctx.remembered.get(key, []) if c.zone == "library"]
    return cards, (ctx.game.players[cards[0].owner] if cards else None)


@dataclass(frozen=True)
class PutBack(Instruction):
    """Put the looked-at cards back on top in any order."""

    key: str = "looked"

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        cards, owner = _looked_at(ctx, self.key)
        if len(cards) < 2:
            return
        order = yield OrderCards(player=owner.index, prompt="Put these cards back on top of your library, top first",
                                 options=[Option(c.id, c.name) for c in cards], min=len(cards), max=len(cards))
        by_id = {c.id: c for c in cards}
        for c in cards:
            owner.library.remove(c)
        for cid in reversed(order):
            owner.library.insert(0, by_id[cid])
        game.touch()


@dataclass(frozen=True)
class DigToHand(Instruction):
    """Put N of the looked-at cards into your hand and the rest on the bottom ("bottom_random": in a random
    order, 401.4) / into the graveyard."""

    amount: Amount
    rest: str = "bottom"
    key: str = "looked"

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        cards, owner = _looked_at(ctx, self.key)
        if not cards:
            return
        n = _amt(ctx, self.amount)
        picks = yield from ctx.pick_cards(owner, cards, n, prompt=f"Choose {n} to put into your hand")
        if picks:
            yield from actions.move_many_asking(game, picks, "hand", log=False)
            game.log_event(f"{owner.name} puts {len(picks)} card{'s' if len(picks) != 1 else ''} into their hand.",
                           (), player=owner.index)
        rest = [c for c in cards if c not in picks and c.zone == "library"]
        if rest:
            if self.rest == "graveyard":
                yield from actions.move_many_asking(game, rest, "graveyard", log=False)
            else:
                if self.rest == "bottom_random":
                    game.rng.shuffle(rest)
                for c in rest:
                    owner.library.remove(c)
                    owner.library.append(c)
                game.touch()


@dataclass(frozen=True)
class RevealFromLooked(Instruction):
    """Reveal up to N of the looked-at cards that fit a description (701.16) and put them into their owner's
    hand or back on top of the library; the others are "the rest"."""

    filter: ObjectFilter
    amount: Amount
    to: str = "hand"          # "hand" | "top"
    key: str = "looked"

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        cards, owner = _looked_at(ctx, self.key)
        if not cards:
            return
        fits = [c for c in cards if object_matches(game, c, self.filter, None, owner.index)]
        n = min(_amt(ctx, self.amount), len(fits))
        what = self.filter.describe()
        if n == 0:
            game.log_event(f"{owner.name} has no {what} card among them to reveal.", (), player=owner.index)
            return
        if n == 1:
            picks = yield from ctx.pick_cards(owner, fits, 1, prompt=f"Reveal a {what} card")
        else:
            ans = yield ChooseCards(player=owner.index, prompt=f"Reveal up to {n} {what} cards",
                                    options=[Option(c.id, c.name) for c in fits], min=1, max=n)
            picks = [c for c in fits if c.id in set(ans)]
        for c in picks:
            c.revealed = True
        names = ", ".join(c.name for c in picks)
        game.log_event(f"{owner.name} reveals {names}.", ("701.16",), tuple(c.id for c in picks), player=owner.index)
        if self.to == "hand":
            yield from actions.move_many_asking(game, picks, "hand", log=False)
            game.log_event(f"{owner.name} puts {names} into their hand.", (), player=owner.index)
        else:
            for c in picks:
                owner.library.remove(c)
                owner.library.insert(0, c)
            game.touch()
            game.log_event(f"{owner.name} puts {names} on top of their library.", (), player=owner.index)
        ctx.remembered[self.key] = [c for c in ctx.remembered.get(self.key, []) if c not in picks]


@dataclass(frozen=True)
class PutRestOnBottom(Instruction):
    """Put the rest of the looked-at cards on the bottom of their owner's library: in a random order, or in
    an order the owner chooses (401.4)."""

    key: str = "looked"
    random: bool = True

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        rest, owner = _looked_at(ctx, self.key)
        if not rest:
            return
        if self.random:
            game.rng.shuffle(rest)
        elif len(rest) > 1:
            order = yield OrderCards(player=owner.index,
                                     prompt="Put these cards on the bottom of your library, the first one highest",
                                     options=[Option(c.id, c.name) for c in rest], min=len(rest), max=len(rest))
            by_id = {c.id: c for c in rest}
            rest = [by_id[cid] for cid in order]
        for c in rest:
            owner.library.remove(c)
        owner.library.extend(rest)
        game.touch()
        game.log_event(f"{owner.name} puts {len(rest)} card{'s' if len(rest) != 1 else ''} on the bottom of their "
                       f"library{' in a random order' if self.random else ''}.", () if self.random else ("401.4",),
                       player=owner.index)


@dataclass(frozen=True)
class SacrificeUnless(Instruction):
    """Sacrifice [it] unless you pay [mana]."""

    what: Ref
    mana: Any

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        for o in ctx.objects(self.what):
            if o.zone != "battlefield":
                continue
            payer = game.controller_of(o)
            plan = find_auto_payment(game, payer, self.mana, set())
            if plan is not None:
                ans = yield YesNo(player=payer, prompt=f"Pay {self.mana.text} to keep {o.name}?",
                                  options=[Option("yes", f"Pay {self.mana.text}"), Option("no", f"Sacrifice {o.name}")],
                                  cost=self.mana.text, keep=o.id)
                if ans == "yes":
                    execute_payment(game, payer, self.mana, plan)
                    continue
            yield from actions.sacrifice_asking(game, [o])


@dataclass(frozen=True)
class ChoosePermanents(Instruction):
    """[chooser] chooses N permanents (or cards, in the zone the filter names) that fit, not targeted: "return a
    permanent you control ...", "return a Pirate card from your graveyard ..."; ``up_to``: any number from none
    to N ("untap up to three lands")."""

    filter: ObjectFilter
    amount: Amount = Const(1)
    key: str = "chosen"
    up_to: bool = False

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        p = game.players[ctx.controller]
        n = _amt(ctx, self.amount)
        fits = [o for o in ctx.objects(AllRef(self.filter)) if isinstance(o, GameObject)]
        if self.up_to and fits and n > 0:
            ans = yield ChooseCards(player=p.index, prompt=f"Choose up to {n}: {self.filter.describe()}",
                                    options=[Option(o.id, o.name) for o in fits], min=0, max=min(n, len(fits)))
            picks = [o for o in fits if o.id in set(ans)]
        else:
            picks = yield from ctx.pick_cards(p, fits, n, prompt=f"Choose {self.filter.describe()}")
        ctx.remember(self.key, picks)


# A zone change that is simply what a resolving spell or ability says to do (no keyword action of its own).
FOLLOWING = ("608.2c",)


@dataclass(frozen=True)
class ReturnToHand(Instruction):
    """Return [objects] to their owner's hand."""

    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        objs = ctx.objects(self.what)
        if objs:
            yield from actions.move_many_asking(ctx.game, objs, "hand", cites=FOLLOWING)


@dataclass(frozen=True)
class PutOntoBattlefield(Instruction):
    """Put objects onto the battlefield; ``attacking``: creatures enter attacking (508.4)."""

    what: Ref
    tapped: bool = False
    under_you: bool = False
    attacking: bool = False

    def run(self, ctx: "Ctx") -> Gen:
        objs = ctx.objects(self.what)
        if objs:
            ctl = ctx.controller if self.under_you else None
            moved = yield from actions.move_many_asking(ctx.game, objs, "battlefield", tapped=self.tapped,
                                                        controller=ctl, cites=FOLLOWING)
            ctx.remember("put", [m for m in moved if m is not None])
            if self.attacking:
                for m in moved:
                    if m is not None and m.zone == "battlefield":
                        yield from enter_attacking(ctx.game, m)


@dataclass(frozen=True)
class PutIntoLibrary(Instruction):
    what: Ref
    position: str = "top"

    def run(self, ctx: "Ctx") -> Gen:
        for o in ctx.objects(self.what):
            yield from actions.move_asking(ctx.game, o, "library", position=self.position, cites=FOLLOWING)


@dataclass(frozen=True)
class PutIntoGraveyard(Instruction):
    """Put objects into their owners' graveyards (400.3)."""

    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        objs = ctx.objects(self.what)
        if objs:
            yield from actions.move_many_asking(ctx.game, objs, "graveyard", cites=("400.3",))


def _uncounterable(game: Any, spell: Any) -> bool:
    card = getattr(spell, "card", None)
    if card is None:
        return False
    return any(isinstance(a, StaticAbility) and any(
        op.op == "flag" and op.args[0] == "cant_be_countered" for d in a.effects for op in d.ops)
        for a in card.abilities)


@dataclass(frozen=True)
class ExileIfDies(Instruction):
    """"If that creature would die this turn, exile it instead" (a replacement effect, 614.1a)."""

    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        for o in ctx.objects(self.what):
            exile_if_dies(ctx.game, o, ctx.source_name, ctx.controller)
        yield from ()


@dataclass(frozen=True)
class StartReplacement(Instruction):
    """Start a replacement effect for the rest of the turn ("If a creature would die this turn, exile it
    instead"; "This turn, each creature you control enters with an additional +1/+1 counter on it").
    ``effect`` is its template; it becomes the effect of this spell or ability (614.3)."""

    effect: Any

    def run(self, ctx: "Ctx") -> Gen:
        add_effect(ctx.game, dataclasses.replace(self.effect, source_name=ctx.source_name, source_id=ctx.source_id,
                                                 source_uid=ctx.source_uid, controller=ctx.controller),
                   duration="end_of_turn")
        yield from ()


@dataclass(frozen=True)
class HandToTop(Instruction):
    """Put N cards from your hand on top of your library in any order (Brainstorm)."""

    amount: Amount

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        p = game.players[ctx.controller]
        n = min(_amt(ctx, self.amount), len(p.hand))
        if n <= 0:
            return
        picks = yield ChooseCards(player=p.index, prompt=f"Put {n} card{'s' if n != 1 else ''} from your hand on top of "
                                  "your library (the first chosen ends on top)",
                                  options=[Option(c.id, c.name) for c in p.hand], min=n, max=n)
        by_id = {c.id: c for c in p.hand}
        for cid in reversed(picks):
            yield from actions.move_asking(game, by_id[cid], "library", log=False)
        game.log_event(f"{p.name} puts {n} card{'s' if n != 1 else ''} from their hand on top of their library.",
                       (), player=p.index)


ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh"}


@dataclass(frozen=True)
class PutNthFromTop(Instruction):
    """Put objects into their owners' libraries ``n``th from the top ("second from the top"); a library with
    fewer cards than that takes it on the bottom (401.7)."""

    what: Ref
    n: int = 2

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        for o in ctx.objects(self.what):
            new = yield from actions.move_asking(game, o, "library", log=False)
            if new is not None and new.zone == "library":
                lib = game.players[new.owner].library
                lib.remove(new)
                where = f"{ORDINALS[self.n]} from the top" if len(lib) >= self.n else "on the bottom"
                lib.insert(min(self.n - 1, len(lib)), new)
                game.log_event(f"{o.name} is put into {game.players[new.owner].name}'s library {where}.",
                               ("401.7",))


@dataclass(frozen=True)
class CounterIt(Instruction):
    """Counter target spell (701.5); a spell that can't be countered stays. ``exile``: countered this way,
    it is exiled instead of put into its owner's graveyard (614.1a)."""

    what: Ref
    exile: bool = False

    def run(self, ctx: "Ctx") -> Gen:
        for o in ctx.objects(self.what):
            if o.zone == "stack":
                if _uncounterable(ctx.game, o):
                    ctx.game.log_event(f"{o.name} can't be countered.", ("701.5",), (o.id,))
                    continue
                yield from actions.counter_spell_asking(ctx.game, o, exile=self.exile)


@dataclass(frozen=True)
class CounterUnless(Instruction):
    """Counter [spell] unless its controller pays [mana] (701.5, 118.12); ``exile`` as for CounterIt."""

    what: Ref
    mana: Any
    exile: bool = False

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        mana = self.mana.with_x(ctx.x or 0)   # "unless its controller pays {X}": this spell's X (107.3)
        for o in ctx.objects(self.what):
            if o.zone != "stack" or _uncounterable(game, o):
                continue
            payer = game.controller_of(o)
            plan = find_auto_payment(game, payer, mana, set())
            if plan is not None:
                ans = yield YesNo(player=payer, prompt=f"Pay {mana.text} so that {o.name} isn't countered?",
                                  options=[Option("yes", f"Pay {mana.text}"), Option("no", "Don't pay")],
                                  cost=mana.text, keep=o.id)
                if ans == "yes":
                    execute_payment(game, payer, mana, plan)
                    game.log_event(f"{game.players[payer].name} pays {mana.text}.", ("118.12",), (o.id,))
                    continue
            yield from actions.counter_spell_asking(game, o, exile=self.exile)


SURVEIL_MORE = "surveil_more"   # a player flag, counted: one more card looked at when surveilling, for each


@dataclass(frozen=True)
class Surveil(Instruction):
    """Surveil N (701.42): look at the top N cards, put any of them into the graveyard."""

    who: Ref
    amount: Amount

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        n = _amt(ctx, self.amount)
        for p in ctx.players(self.who):
            # "You may look at an additional two cards each time you surveil": looking at more only adds
            # choices (any of them may stay on top), so the player always does
            more = game.player_flags(p.index)[SURVEIL_MORE]
            top = p.library[:n + more]
            if not top:
                continue
            seen = f"{n}, looking at {n + more}" if more else f"{n}"
            picks = yield SurveilCards(player=p.index, prompt=f"Surveil {seen}: choose the cards to put into your "
                                       "graveyard", options=[Option(c.id, c.name) for c in top], min=0, max=len(top))
            gone = [c for c in top if c.id in picks]
            if gone:
                yield from actions.move_many_asking(game, gone, "graveyard", log=False)
            game.log_event(f"{p.name} surveils {n}: {len(gone)} into the graveyard.", ("701.42",), player=p.index)
            game.emit([Event("surveil", player=p.index)])   # "whenever you surveil"


@dataclass(frozen=True)
class Draw(_EachPlayer):
    def act(self, ctx: "Ctx", p: Player, n: int) -> Gen:
        yield from actions.draw_asking(ctx.game, p, n)


@dataclass(frozen=True)
class SkipNextUntap(Instruction):
    """"[Player] skips their next untap step" (614.10): a replacement of that step by nothing, kept until the
    player's next untap step would begin (turn.py)."""

    who: Ref

    def run(self, ctx: "Ctx") -> Gen:
        for p in ctx.players(self.who):
            ctx.game.skips.append((p.index, "untap"))
            ctx.game.log_event(f"{p.name} will skip their next untap step.", ("614.10",), player=p.index)
        yield from ()


@dataclass(frozen=True)
class Mill(_EachPlayer):
    def act(self, ctx: "Ctx", p: Player, n: int) -> Gen:
        yield from actions.mill_asking(ctx.game, p, n)


@dataclass(frozen=True)
class Discard(Instruction):
    """[player] discards N cards (701.8): each chooses in APNAP order, then all discard at once.

    ``specific`` names the cards (Duress: "that card"); ``random`` discards at random.
    """

    who: Ref
    amount: Amount = Const(1)
    specific: Ref | None = None
    random: bool = False
    whole_hand: bool = False
    filter: ObjectFilter | None = None   # "discard a nonland card": only cards that fit can be chosen

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        if self.specific is not None:
            cards = [c for c in ctx.objects(self.specific) if c.zone == "hand"]
            for p in ctx.players(self.who):
                mine = [c for c in cards if c.owner == p.index]
                yield from actions.discard_asking(game, p, mine)
            return
        n = _amt(ctx, self.amount)
        chosen: list[tuple[Player, list[GameObject]]] = []
        for p in ctx.apnap(ctx.players(self.who)):
            if self.whole_hand:
                chosen.append((p, list(p.hand)))
            elif self.random:
                k = min(n, len(p.hand))
                chosen.append((p, game.rng.sample(p.hand, k)))
            else:
                fits = p.hand if self.filter is None else [
                    c for c in p.hand if object_matches(game, c, self.filter, ctx.source_id, p.index, ctx.source_uid)]
                what = "card" if self.filter is None else self.filter.describe()
                picks = yield from ctx.pick_cards(p, fits, n, DiscardCards,
                                                  prompt=f"Discard {n} {what}{'s' if n != 1 else ''}")
                chosen.append((p, picks))
        for p, cards in chosen:
            yield from actions.discard_asking(game, p, cards)
        ctx.did = any(cards for _, cards in chosen)
        ctx.remembered["discarded"] = [c for _, cards in chosen for c in cards]   # "discarded this way"
        ctx.amounts["discarded"] = len(ctx.remembered["discarded"])              # "draw that many cards"


@dataclass(frozen=True)
class DiscardUnlessExile(Instruction):
    """"Discard a card unless you exile a historic card from your graveyard": the player may exile a card of
    their graveyard that fits; if they don't, they discard as usual (701.8)."""

    who: Ref
    amount: Amount
    filter: ObjectFilter

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        for p in ctx.players(self.who):
            fits = [c for c in p.graveyard
                    if object_matches(game, c, self.filter, ctx.source_id, p.index, ctx.source_uid)]
            if fits:
                ans = yield ChooseCards(player=p.index, prompt=f"Exile a {self.filter.describe()} from your graveyard"
                                        " (choose none to discard instead)",
                                        options=[Option(c.id, c.name) for c in fits], min=0, max=1)
                if ans:
                    card = game.objects[ans[0]]
                    game.log_event(f"{p.name} exiles {card.name} from their graveyard rather than discard.",
                                   ("406.2",), (card.id,), player=p.index)
                    yield from actions.move_asking(game, card, "exile", log=False)
                    continue
            yield from Discard(FixedRef((p.id,)), self.amount).run(ctx)


UNABLE = "unable"   # the players an instruction found unable to do what it said, for "each player who can't"


@dataclass(frozen=True)
class Sacrifice(Instruction):
    """[players] sacrifice N [filter] (701.17); choices in APNAP order, then at once (101.4). ``half``: each
    sacrifices half of those they control, rounded up."""

    who: Ref
    filter: ObjectFilter
    amount: Amount = Const(1)
    half: bool = False
    key: str = ""   # where what was sacrificed is noted, as it last existed (608.2h), for "its power"

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        n = _amt(ctx, self.amount)
        doomed: list[GameObject] = []
        unable: list[Player] = []
        for p in ctx.apnap(ctx.players(self.who)):
            options = [o for o in game.battlefield if game.chars(o).controller == p.index
                       and object_matches(game, o, self.filter, ctx.source_id, p.index, ctx.source_uid)]
            if self.half:
                n = (len(options) + 1) // 2
            picks = yield from ctx.pick_cards(p, options, n, ChooseSacrifice,
                                              prompt=f"Sacrifice {self.filter.describe()}")
            doomed.extend(picks)
            if not options and n > 0:
                unable.append(p)
        if self.key:
            ctx.remembered[self.key] = [game.lki_of(o) for o in doomed]
        yield from actions.sacrifice_asking(game, doomed)
        ctx.did = bool(doomed)   # "If you do" asks whether it happened (608.2c)
        ctx.remembered[UNABLE] = unable   # "each player who can't ..."


@dataclass(frozen=True)
class SacrificeAllBut(Instruction):
    """[players] choose any number of [filter] they control with total power N or less, then sacrifice all
    the others (701.17): each chooses in APNAP order, then all are sacrificed at once (101.4)."""

    who: Ref
    filter: ObjectFilter
    total_power: int

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        doomed: list[GameObject] = []
        limit = self.total_power
        what = self.filter.describe()
        for p in ctx.apnap(ctx.players(self.who)):
            options = [o for o in game.battlefield if game.chars(o).controller == p.index
                       and object_matches(game, o, self.filter, ctx.source_id, p.index, ctx.source_uid)]
            if not options:
                continue
            power = {o.id: game.power(o) for o in options}

            def within(picks: list[Any], power: dict[int, int] = power) -> list[Any]:
                total = sum(power[i] for i in picks)
                if total > limit:
                    raise IllegalAnswer(f"their total power is {total}, more than {limit}")
                return picks

            kept = yield ChooseCards(player=p.index, prompt=f"Choose what to keep, total power {limit} or less: each "
                                     f"other {what} you control is sacrificed",
                                     options=[Option(o.id, game.describe(o.id)) for o in options], min=0,
                                     max=len(options), legal=within, keep=True)
            game.log_event(f"{p.name} keeps {', '.join(game.describe(i) for i in kept) or 'nothing'}.", ("701.17",),
                           player=p.index)
            doomed.extend(o for o in options if o.id not in kept)
        yield from actions.sacrifice_asking(game, doomed)


@dataclass(frozen=True)
class SacrificeIt(Instruction):
    """Sacrifice a specific permanent ("sacrifice CARDNAME")."""

    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        objs = [o for o in ctx.objects(self.what) if o.zone == "battlefield"
                and ctx.game.chars(o).controller == ctx.controller]
        yield from actions.sacrifice_asking(ctx.game, objs)


@dataclass(frozen=True)
class Scry(Instruction):
    """Scry N (701.18): look at the top N, put any of them on the bottom."""

    who: Ref
    amount: Amount

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        n = _amt(ctx, self.amount)
        for p in ctx.players(self.who):
            top = p.library[:n]
            if not top:
                continue
            picks = yield ScryCards(player=p.index, prompt=f"Scry {n}: choose the cards to put on the bottom",
                                    options=[Option(c.id, c.name) for c in top], min=0, max=len(top))
            bottom = [c for c in top if c.id in picks]
            order = {cid: i for i, cid in enumerate(picks)}
            bottom.sort(key=lambda c: order[c.id])
            for c in bottom:
                p.library.remove(c)
                p.library.append(c)
            game.touch()
            game.log_event(f"{p.name} scries {n}: {len(bottom)} to the bottom, {len(top) - len(bottom)} "
                           "on top.", ("701.18",), player=p.index)


@dataclass(frozen=True)
class Search(Instruction):
    """Search [player]'s library for up to N cards that fit, or any number of them (``amount`` None)
    (701.19); they may find nothing."""

    who: Ref
    filter: ObjectFilter
    amount: Amount | None = Const(1)
    key: str = "found"
    mv_at_most: Amount | None = None    # "with mana value less than or equal to [an amount]", counted now (608.2h)

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        flt = ctx.bound(self.filter)
        most = None if self.mv_at_most is None else _amt(ctx, self.mv_at_most)
        for p in ctx.players(self.who):
            fits = [c for c in p.library if object_matches(game, c, flt, None, p.index)
                    and (most is None or mana_value_of(c, game.chars(c)) <= most)]
            n = len(fits) if self.amount is None else _amt(ctx, self.amount)
            picks = yield SearchLibrary(player=p.index, prompt=f"Search your library for {flt.describe()}",
                                        options=[Option(c.id, c.name) for c in fits], min=0, max=min(n, len(fits)))
            found = [c for c in p.library if c.id in picks]
            game.log_event(f"{p.name} searches their library"
                           + (f" and finds {', '.join(c.name for c in found)}." if found else
                              " and finds nothing."), ("701.19",), player=p.index)
            ctx.remember(self.key, found)


@dataclass(frozen=True)
class SearchLibraryAndGraveyard(Instruction):
    """Search your library and/or graveyard for a card that fits, reveal it and put it into your hand
    (701.19, 701.16). The player says whether their library is searched; the graveyard is a public zone, so
    a card there that fits must be found if the library isn't searched (701.19b), while with the library the
    player may be searching it alone and find nothing. Who searched their library is remembered."""

    who: Ref
    filter: ObjectFilter
    key: str = "found"

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        what = f"a card named {self.filter.name}"
        searched: list[Player] = []
        found: list[GameObject] = []
        for p in ctx.players(self.who):
            ans = yield YesNo(player=p.index, prompt=f"Search your library for {what}? (Your graveyard is "
                              "searched either way.)", options=[Option("yes", "Library and graveyard"),
                                                               Option("no", "Graveyard only")])
            zones = [p.graveyard] + ([p.library] if ans == "yes" else [])
            fits = [c for zone in zones for c in zone if object_matches(game, c, self.filter, None, p.index)]
            must = ans != "yes" and any(c.zone == "graveyard" for c in fits)
            picks = yield SearchLibrary(player=p.index, prompt=f"Find {what}", options=[Option(c.id, c.name) for c in fits],
                                        min=1 if must else 0, max=min(1, len(fits)))
            mine = [c for c in fits if c.id in picks]
            where = "library and graveyard" if ans == "yes" else "graveyard"
            game.log_event(f"{p.name} searches their {where}" + (f" and finds {mine[0].name}." if mine else
                                                                  " and finds nothing."), ("701.19",), player=p.index)
            if ans == "yes":
                searched.append(p)
            for c in mine:
                c.revealed = True
                game.log_event(f"{p.name} reveals {c.name} and puts it into their hand.", ("701.16",), (c.id,),
                               player=p.index)
            yield from actions.move_many_asking(game, mine, "hand", log=False)
            found += mine
        ctx.remember(self.key, found)
        ctx.remembered[self.key + ":library"] = searched


@dataclass(frozen=True)
class ShuffleIfSearched(Instruction):
    """"If you search your library this way, shuffle it" (701.19, 701.20)."""

    key: str

    def run(self, ctx: "Ctx") -> Gen:
        for p in ctx.remembered.get(self.key + ":library", []):
            actions.shuffle(ctx.game, p)
        yield from ()


@dataclass(frozen=True)
class MayPay(Instruction):
    """"[player] may pay {2}. If you do, ...": asked only of a player who could pay it now (a cost can't be
    paid without the resources, 118.3); whether they paid is what "if you do" asks (608.2c)."""

    who: Ref
    mana: Any
    body: tuple[Instruction, ...] = ()   # nothing but the payment: what paying gives is the "if you do" after it
    life: int = 0                        # "may pay 3 life" (119.4) instead of mana

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        ctx.did = False
        if self.life:
            yield from self._pay_life(ctx)
            return
        for p in ctx.players(self.who):
            plan = find_auto_payment(game, p.index, self.mana.with_x(0), set())
            if plan is None:
                game.log_event(f"{p.name} can't pay {self.mana.text}.", ("118.3",), player=p.index)
                continue
            ans = yield YesNo(player=p.index, prompt=f"Pay {self.mana.text}?",
                              options=[Option("yes", f"Pay {self.mana.text}"), Option("no", "Don't pay")],
                              may=self)
            if ans != "yes":
                continue
            cost, cites = self.mana, ("118.3",)
            if self.mana.has_x:
                # X in a cost paid as the ability resolves: the payer chooses it as they pay (107.3f); the
                # text after it ("you gain X life") uses that value.
                most = _most_x(game, p.index, self.mana)
                ctx.x = yield ChooseX(player=p.index, prompt=f"Pay {self.mana.text}: choose X (0 to {most})",
                                      min=0, max=most)
                cost, cites = self.mana.with_x(ctx.x), ("118.3", "107.3f")
                plan = find_auto_payment(game, p.index, cost, set())
                assert plan is not None
            execute_payment(game, p.index, cost, plan)
            game.log_event(f"{p.name} pays {cost.text}" + (f" (X={ctx.x})." if self.mana.has_x else "."), cites,
                           player=p.index)
            ctx.did = True

    def _pay_life(self, ctx: "Ctx") -> Gen:
        """A player can pay life only if their life total is at least the payment (119.4)."""
        game = ctx.game
        for p in ctx.players(self.who):
            if p.life < self.life:
                game.log_event(f"{p.name} can't pay {self.life} life.", ("119.4",), player=p.index)
                continue
            ans = yield YesNo(player=p.index, prompt=f"Pay {self.life} life?",
                              options=[Option("yes", f"Pay {self.life} life"), Option("no", "Don't pay")], may=self)
            if ans == "yes":
                actions.lose_life(game, p, self.life, cites=("119.4",))
                ctx.did = True


def _most_x(game: "GameState", player: int, mana: Any) -> int:
    """The largest X the player could pay this cost with now."""
    x = 0
    while find_auto_payment(game, player, mana.with_x(x + 1), set()) is not None:
        x += 1
    return x


@dataclass(frozen=True)
class Shuffle(Instruction):
    who: Ref

    def run(self, ctx: "Ctx") -> Gen:
        for p in ctx.players(self.who):
            actions.shuffle(ctx.game, p)
        yield from ()


@dataclass(frozen=True)
class ShuffleIntoLibrary(Instruction):
    """Shuffle cards into their owners' libraries (701.20a): ``who``'s whole graveyard, or the objects ``what``
    names. They are put into the library, then each owner whose library got cards (or ``who``) shuffles it."""

    who: Ref | None = None
    what: Ref | None = None
    hand: bool = False   # "shuffles their hand and graveyard into their library": the hand's cards too

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        players = ctx.players(self.who) if self.who is not None else []
        cards = [c for p in players for c in (list(p.hand) if self.hand else []) + list(p.graveyard)]
        if self.what is not None:
            cards += [o for o in ctx.objects(self.what) if isinstance(o, GameObject)]
        moved = yield from actions.move_many_asking(game, cards, "library", cites=("701.20a",))
        owners = {p.index for p in players} | {m.owner for m in moved if m is not None and m.zone == "library"}
        for i in sorted(owners):
            actions.shuffle(game, game.players[i])


@dataclass(frozen=True)
class RevealHand(Instruction):
    who: Ref

    def run(self, ctx: "Ctx") -> Gen:
        for p in ctx.players(self.who):
            for c in p.hand:
                c.revealed = True
            names = ", ".join(c.name for c in p.hand) or "nothing"
            ctx.game.log_event(f"{p.name} reveals their hand: {names}.", ("701.16",), player=p.index)
        yield from ()


@dataclass(frozen=True)
class RevealObjects(Instruction):
    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        objs = ctx.objects(self.what)
        for o in objs:
            o.revealed = True
        if objs:
            ctx.game.log_event(f"Revealed: {', '.join(o.name for o in objs)}.", ("701.16",),
                               tuple(o.id for o in objs))
        yield from ()


@dataclass(frozen=True)
class ChooseCard(Instruction):
    """[chooser] chooses N [filter] cards from [player]'s [zone] (Duress). Where the chooser and the owner are
    one reference ("each player returns two land cards from their graveyard"), each player chooses among their
    own cards, in APNAP order (101.4); what all of them chose is remembered."""

    chooser: Ref
    owner: Ref
    zone: str
    filter: ObjectFilter
    amount: Amount = Const(1)
    key: str = "chosen"

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        n = _amt(ctx, self.amount)
        each_own = self.chooser == self.owner
        chooser = ctx.players(self.chooser)[0]
        chosen: list[GameObject] = []
        owners = ctx.players(self.owner)
        for owner in (ctx.apnap(owners) if each_own else owners):
            if each_own:
                chooser = owner
            zone = game.zone_list(self.zone, owner.index)
            flt = ObjectFilter(**{**self.filter.__dict__, "zone": self.zone})
            fits = [c for c in zone if object_matches(game, c, flt, None, chooser.index)]
            picks = yield from ctx.pick_cards(chooser, fits, n, prompt=f"Choose {self.filter.describe()}")
            if picks:
                game.log_event(f"{chooser.name} chooses {', '.join(c.name for c in picks)}.", ("700.1",),
                               player=chooser.index)
            chosen.extend(picks)
        ctx.remember(self.key, chosen)


@dataclass(frozen=True)
class RevealFromHand(Instruction):
    """[player] reveals N [filter] cards from their hand (701.16a): chosen by them; a player who has too few
    reveals none, and a following "if you do" doesn't happen (608.2c)."""

    who: Ref
    filter: ObjectFilter
    amount: Amount = Const(1)

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        n = _amt(ctx, self.amount)
        for p in ctx.players(self.who):
            fits = [c for c in p.hand if object_matches(game, c, self.filter, None, p.index)]
            if len(fits) < n:
                ctx.did = False
                continue
            picks = yield from ctx.pick_cards(p, fits, n, prompt=f"Reveal {self.filter.describe()}")
            ctx.did = bool(picks)
            if picks:
                game.log_event(f"{p.name} reveals {', '.join(c.name for c in picks)} from their hand.", ("701.16a",),
                               tuple(c.id for c in picks), player=p.index)


# ---------------------------------------------------------------------------
# Permanents


@dataclass(frozen=True)
class Tap(Instruction):
    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        for o in ctx.objects(self.what):
            actions.tap(ctx.game, o, log=True)
        yield from ()


@dataclass(frozen=True)
class TapAnyNumber(Instruction):
    """[player] chooses any number of untapped permanents that fit, none included, and taps them (701.21a);
    they are noted under ``key`` ("for each creature tapped this way")."""

    who: Ref
    filter: ObjectFilter
    key: str = "tapped"

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        picks: list[GameObject] = []
        for p in ctx.players(self.who)[:1]:
            fits = [o for o in game.battlefield if not o.tapped and object_matches(
                game, o, self.filter, ctx.source_id, p.index, ctx.source_uid)]
            if fits:
                ans = yield ChooseCards(player=p.index, prompt=f"Tap any number of: {self.filter.describe()}",
                                        options=[Option(o.id, o.name) for o in fits], min=0, max=len(fits))
                ids = set(ans)
                picks = [o for o in fits if o.id in ids]
            for o in picks:
                actions.tap(game, o, log=True)
        ctx.remember(self.key, picks)


@dataclass(frozen=True)
class Untap(Instruction):
    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        for o in ctx.objects(self.what):
            actions.untap(ctx.game, o, log=True)
        yield from ()


@dataclass(frozen=True)
class RemoveFromCombat(Instruction):
    """Remove [creatures] from combat (506.4): they stop being attacking or blocking creatures."""

    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        for o in ctx.objects(self.what):
            if game.combat is not None and (o.id in game.combat.attackers or o.id in game.combat.blockers):
                game.combat.remove(o.id)
                game.touch()
                game.log_event(f"{o.name} is removed from combat.", ("506.4",), (o.id,))
        yield from ()


@dataclass(frozen=True)
class DoesntUntap(Instruction):
    """[objects] don't untap during their controller's next untap step."""

    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        objs = ctx.objects(self.what)
        if objs:
            ctx.add_effect(objs, (LayerOp("rules", "flag", ("doesnt_untap", None)),), "next_untap")
        yield from ()


@dataclass(frozen=True)
class ApplyEffect(Instruction):
    """A continuous effect from a resolving spell or ability (611.2).

    The affected objects are locked in now (611.2c). Amounts in the
    operations ("+X/+X") are fixed now too.
    """

    what: Ref
    ops: tuple[LayerOp, ...]
    duration: str = "end_of_turn"

    def run(self, ctx: "Ctx") -> Gen:
        objs = ctx.objects(self.what)
        if objs:
            ops = tuple(LayerOp(op.layer, op.op, tuple(_amt(ctx, a) if isinstance(a, Amount) else a
                                                       for a in op.args)) for op in self.ops)
            ops = yield from _choose_protection(ctx, ops)
            if not ctx.add_effect(objs, ops, self.duration):
                ctx.game.log_event(f"{ctx.source_name} is no longer under its controller's control: the effect "
                                   "that would last as long as they control it does nothing.", ("611.2b",))
                return
            ctx.game.log_event(_effect_text(ctx, objs, ops, self.duration), _effect_cites(ops),
                               tuple(o.id for o in objs))
        yield from ()


def _choose_protection(ctx: "Ctx", ops: tuple[LayerOp, ...]) -> Generator[Decision, Any, tuple[LayerOp, ...]]:
    """"Protection from the color of your choice": the color is chosen as the effect begins."""
    out = []
    for op in ops:
        if op.op == "grant" and any(isinstance(a, ProtectionChoice) for a in op.args[0]):
            name = yield ChooseColor(player=ctx.controller, prompt="Choose a color for protection",
                                     options=[Option(COLOR_NAMES[c], COLOR_NAMES[c]) for c in COLORS])
            color = {v: k for k, v in COLOR_NAMES.items()}[name]
            granted = tuple(KeywordAbility(keyword="protection", param=Quality("color", color),
                                           text=f"Protection from {name}") if isinstance(a, ProtectionChoice) else a
                            for a in op.args[0])
            op = LayerOp(op.layer, op.op, (granted,))
        out.append(op)
    return tuple(out)


def _granted_words(ability: Any) -> str:
    """A granted ability as a sentence names it: a keyword in lower case ("gains trample"), any other ability
    in quotes."""
    text = getattr(ability, "text", "") or str(getattr(ability, "keyword", ""))
    if isinstance(ability, KeywordAbility):
        return text[:1].lower() + text[1:]
    return f'"{text}"'


def _effect_text(ctx: "Ctx", objs: list[GameObject], ops: tuple[LayerOp, ...], duration: str) -> str:
    names = ", ".join(o.name for o in objs)
    bits = []
    for op in ops:
        if op.op == "add_pt":
            bits.append("gets %+d/%+d" % op.args)
        elif op.op == "set_pt" and op.args[1] is None:
            bits.append("has base power %s" % op.args[0])
        elif op.op == "set_pt":
            bits.append("has base power and toughness %s/%s" % op.args)
        elif op.op == "grant":
            bits.append("gains " + " and ".join(_granted_words(a) for a in op.args[0]))
        elif op.op == "remove_all_abilities":
            bits.append("loses all abilities")
        elif op.op == "control":
            bits.append(f"comes under {ctx.game.players[ctx.controller].name}'s control")
        elif op.op == "control_owner":
            bits.append("comes under its owner's control")
        elif op.op == "set_colors":
            bits.append("becomes " + "/".join(COLOR_NAMES[c] for c in op.args[0]))
        elif op.op == "set_creature_subtypes":
            bits.append("becomes a " + " ".join(op.args[0]))
        elif op.op == "add_types":
            bits.append("becomes " + " ".join(op.args[0] + op.args[1]))
        elif op.op == "flag":
            bits.append(flag_words(op.args[0]))
    who = ctx.game.players[ctx.controller].name
    until = {"end_of_turn": " until end of turn", "end_of_combat": " until end of combat",
             "your_next_turn": f" until {who}'s next turn",
             WHILE_YOU_CONTROL: f" for as long as {who} controls {ctx.source_name}"}.get(duration, "")
    return f"{names} {' and '.join(bits)}{until}."


def _effect_cites(ops: tuple[LayerOp, ...]) -> tuple[str, ...]:
    layer_rules = {"2": "613.1b", "4": "613.1d", "5": "613.1e", "6": "613.1f", "7b": "613.4b", "7c": "613.4c"}
    cites = ["611.2"]
    for op in ops:
        r = layer_rules.get(op.layer)
        if r and r not in cites:
            cites.append(r)
    return tuple(cites)


@dataclass(frozen=True)
class CreateToken(Instruction):
    """Create N tokens (111.1); ``pt``: an X/X token's X, worked out as it is created (107.3)."""

    who: Ref
    amount: Amount
    token: CardDef
    pt: Amount | None = None

    def run(self, ctx: "Ctx") -> Gen:
        n = _amt(ctx, self.amount)
        token = self.token
        if self.pt is not None:
            x = max(0, _amt(ctx, self.pt))
            token = replace(token, power=x, toughness=x)
        for p in ctx.players(self.who):
            if isinstance(self.amount, DiscardedBy):   # "each player ..., then creates that many": their own
                n = self.amount.of_player(ctx, p)
            made = yield from actions.create_tokens_asking(ctx.game, p.index, token, n)
            ctx.remember("created", made)


@dataclass(frozen=True)
class PutCounters(Instruction):
    what: Ref
    kind: str
    amount: Amount

    def run(self, ctx: "Ctx") -> Gen:
        n = _amt(ctx, self.amount)
        for o in ctx.objects(self.what):
            yield from actions.put_counters_asking(ctx.game, o, self.kind, n)


@dataclass(frozen=True)
class PutCountersDivided(Instruction):
    """"Distribute three +1/+1 counters among one, two, or three target creatures": as many on each target as
    the division announced with the targets says (601.2d)."""

    to: tuple[Ref, ...]
    kind: str
    amount: Amount
    divided: bool = True

    def run(self, ctx: "Ctx") -> Gen:
        division = ctx.division()
        for ref in self.to:
            for o in ctx.objects(ref):
                n = division.get(o.id, 0)
                if n:
                    yield from actions.put_counters_asking(ctx.game, o, self.kind, n)


@dataclass(frozen=True)
class DoubleCounters(Instruction):
    """"Double the number of +1/+1 counters on each of those creatures" (701.9e): each gets as many more."""

    what: Ref
    kind: str

    def run(self, ctx: "Ctx") -> Gen:
        for o in ctx.objects(self.what):
            n = o.counters.get(self.kind, 0) if o.zone == "battlefield" else 0
            if n:
                ctx.game.log_event(f"The {self.kind} counters on {o.name} are doubled.", ("701.9e",), (o.id,))
                yield from actions.put_counters_asking(ctx.game, o, self.kind, n)


@dataclass(frozen=True)
class Adapt(Instruction):
    """Adapt N (701.43a): if the permanent has no +1/+1 counters on it, put N +1/+1 counters on it."""

    what: Ref
    amount: Amount

    def run(self, ctx: "Ctx") -> Gen:
        n = _amt(ctx, self.amount)
        for o in ctx.objects(self.what):
            if o.zone != "battlefield":
                continue
            if o.counters.get("+1/+1"):
                ctx.game.log_event(f"{o.name} adapts {n}: it already has a +1/+1 counter, so nothing happens.",
                                   ("701.43a",), (o.id,))
                continue
            ctx.game.log_event(f"{o.name} adapts {n}.", ("701.43a",), (o.id,))
            yield from actions.put_counters_asking(ctx.game, o, "+1/+1", n)


@dataclass(frozen=True)
class RemoveCounters(Instruction):
    what: Ref
    kind: str
    amount: Amount

    def run(self, ctx: "Ctx") -> Gen:
        n = _amt(ctx, self.amount)
        for o in ctx.objects(self.what):
            actions.remove_counters(ctx.game, o, self.kind, n)
        yield from ()


@dataclass(frozen=True)
class MoveCounters(Instruction):
    """"Move a +1/+1 counter from [one permanent] onto [another]" (122.5): removed from the first and put on
    the second; if either object is gone, or the first has none, no counter moves."""

    source: Ref
    dest: Ref
    kind: str
    amount: Amount

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        sources = [o for o in ctx.objects(self.source) if o.zone == "battlefield"]
        dests = [o for o in ctx.objects(self.dest) if o.zone == "battlefield"]
        if len(sources) != 1 or len(dests) != 1 or sources[0] is dests[0]:
            game.log_event("No counter is moved: one of the two permanents isn't there.", ("122.5",))
            return
        n = actions.remove_counters(game, sources[0], self.kind, _amt(ctx, self.amount), log=False)
        if not n:
            game.log_event(f"{sources[0].name} has no {self.kind} counter to move.", ("122.5",), (sources[0].id,))
            return
        game.log_event(f"{n} {self.kind} counter{'s' if n != 1 else ''} moved from {sources[0].name} onto "
                       f"{dests[0].name}.", ("122.5",), (sources[0].id, dests[0].id))
        yield from actions.put_counters_asking(game, dests[0], self.kind, n)


def _players_who_can(ctx: "Ctx", who: Ref, flag: str, verb: str, rule: str) -> Generator[Any, None, None]:
    """The players still in a game that isn't over who may win or lose it: one with "can't win / lose the
    game" is passed over, and the log says the effect does nothing to them."""
    game = ctx.game
    for p in ctx.players(who):
        if p.lost or game.over:
            continue
        if flag in game.player_flags(p.index):
            game.log_event(f"{p.name} can't {verb} the game, so {ctx.source_name} does nothing.", (rule,),
                           player=p.index)
            continue
        yield p


@dataclass(frozen=True)
class WinGame(Instruction):
    """"You win the game" (104.2b): every other player still in the game loses it, and the game is over
    (104.2a). A player with "can't win the game" doesn't win, and nothing happens."""

    who: Ref

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        for p in _players_who_can(ctx, self.who, "cant_win", "win", "104.2b"):
            game.log_event(f"{ctx.source_name}: {p.name} wins the game.", ("104.2b",), player=p.index)
            game.lose([o for o in game.players if o.index != p.index and not o.lost],
                      f"{p.name} won the game ({ctx.source_name})")
        yield from ()


@dataclass(frozen=True)
class LoseGame(Instruction):
    """"That player loses the game" (104.3e). A player with "can't lose the game" doesn't, and nothing happens."""

    who: Ref

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        for p in _players_who_can(ctx, self.who, "cant_lose", "lose", "104.3e"):
            game.log_event(f"{ctx.source_name}: {p.name} loses the game.", ("104.3e",), player=p.index)
            game.lose([p], f"{ctx.source_name}")
        yield from ()


@dataclass(frozen=True)
class Fight(Instruction):
    """Two creatures fight: each deals damage equal to its power to the other (701.12)."""

    first: Ref
    second: Ref

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        a = ctx.objects(self.first)
        b = ctx.objects(self.second)
        if not a or not b:
            game.log_event("No fight happens: a creature that would fight isn't there.", ("701.12b",))
            return
        x, y = a[0], b[0]
        if not (game.is_creature(x) and game.is_creature(y)) or x.zone != "battlefield" \
                or y.zone != "battlefield":
            game.log_event("No fight happens.", ("701.12b",))
            return
        game.log_event(f"{x.name} fights {y.name}.", ("701.12a",), (x.id, y.id))
        yield from deal_damage(game, [(x, y.id, game.power(x)), (y, x.id, game.power(y))])


@dataclass(frozen=True)
class Regenerate(Instruction):
    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        for o in ctx.objects(self.what):
            add_regeneration(ctx.game, o, ctx.source_name, ctx.controller)
        yield from ()


@dataclass(frozen=True)
class Prevent(Instruction):
    """Prevent the next N damage to [recipient] this turn, or all (combat) damage (615)."""

    to: Ref | None
    amount: Amount | None
    combat_only: bool = False
    chosen_source: bool = False   # "... by a source of your choice": only damage from it (609.7a)

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        n = None if self.amount is None else _amt(ctx, self.amount)
        source = None
        if self.chosen_source:
            source = yield from _choose_damage_source(ctx)
            if source is None:
                return
        if self.to is None:
            add_prevention(game, None, n, self.combat_only, ctx.source_name, ctx.controller)
            what = "all combat damage" if self.combat_only else "all damage"
            game.log_event(f"{what.capitalize()} that would be dealt this turn will be prevented.", ("615.1",))
        else:
            for rid in ctx.recipients(self.to):
                add_prevention(game, rid, n, self.combat_only, ctx.source_name, ctx.controller, source)
                by = f" by {game.describe(source)}" if source is not None else ""
                game.log_event(f"The next {n} damage that would be dealt to {game.describe(rid)} this turn{by} "
                               "will be prevented.", ("615.7",) + (("609.7a",) if source is not None else ()))


def _choose_damage_source(ctx: "Ctx") -> Gen:
    """"A source of your choice" (609.7a): a permanent or a spell on the stack, chosen by the controller as the
    effect is created; None if there is none."""
    game = ctx.game
    pool = list(game.battlefield) + [o for o in game.stack if isinstance(o, GameObject)]
    if not pool:
        return None
    ans = yield ChooseCards(player=ctx.controller, prompt=f"{ctx.source_name}: choose a source of damage",
                            options=[Option(o.id, game.describe(o.id)) for o in pool], min=1, max=1,
                            damage_source=True)
    game.log_event(f"{game.players[ctx.controller].name} chooses {game.describe(ans[0])} as the source.",
                   ("609.7a",), player=ctx.controller)
    return ans[0]


@dataclass(frozen=True)
class Attach(Instruction):
    """Attach this Aura or Equipment to [object] (701.3)."""

    what: Ref
    to: Ref

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        me = ctx.objects(self.what)
        dest = ctx.objects(self.to)
        if me and dest and me[0].zone == "battlefield" and dest[0].zone == "battlefield" \
                and dest[0].id != me[0].id:
            if me[0].attached_to != dest[0].id:
                actions.attach(game, me[0], dest[0].id, ("701.3", "301.5"))
        yield from ()


@dataclass(frozen=True)
class Delayed(Instruction):
    """Set up a delayed triggered ability ("at the beginning of the next end step, ...", 603.7)."""

    trigger: Trigger
    effect: Effect
    text: str = ""
    this_turn: bool = False    # "until end of turn, whenever ...": each time, until the turn ends (603.7b)

    def run(self, ctx: "Ctx") -> Gen:
        add_delayed(ctx, self.trigger, self.effect, self.text, self.this_turn)
        yield from ()


@dataclass(frozen=True)
class Reflexive(Instruction):
    """"When you do, ...": a reflexive triggered ability, triggered by the action just taken (603.12)."""

    effect: Effect
    text: str = ""

    def run(self, ctx: "Ctx") -> Gen:
        add_reflexive(ctx, self.effect, self.text)
        yield from ()


@dataclass(frozen=True)
class MayDo(Instruction):
    """"[player] may [instructions]": asked on resolution (603.5, 608.2d)."""

    who: Ref
    body: tuple[Instruction, ...]
    prompt: str = ""

    def run(self, ctx: "Ctx") -> Gen:
        question = _may_question(ctx) or self.prompt or "Do it?"
        for p in ctx.players(self.who):
            ans = yield YesNo(player=p.index, prompt=question,
                              options=[Option("yes", "Yes"), Option("no", "No")], may=self)
            yes = ans == "yes"
            ctx.did = yes
            if yes:
                for ins in self.body:
                    yield from ins.run(ctx)


def _may_question(ctx: "Ctx") -> str:
    """The question a "you may" asks, in the card's words: the source's name and the sentence with "may"
    (with an "If you do ..." after it), so the player sees what saying yes does."""
    so = ctx.stack_obj
    text = getattr(getattr(so, "ability", None), "text", "") or getattr(getattr(so, "card", None), "text", "")
    sentences = [x for x in re.split(r"(?<=[.!?])\s+", text.replace("\n", " ")) if x]
    for i, sentence in enumerate(sentences):
        if re.search(r"\bmay\b", sentence):
            follow = sentences[i + 1] if i + 1 < len(sentences) else ""
            said = sentence + (" " + follow if follow.startswith(("If you do", "If they do", "When you do")) else "")
            return f"{ctx.source_name}: {said} Do you?"
    return ""


@dataclass(frozen=True)
class IfYouDo(Instruction):
    """"If you do, ...": runs only if the preceding optional action was taken (608.2c); ``otherwise``
    ("Otherwise, ...") runs when it wasn't."""

    body: tuple[Instruction, ...]
    otherwise: tuple[Instruction, ...] = ()

    def run(self, ctx: "Ctx") -> Gen:
        for ins in self.body if ctx.did else self.otherwise:
            yield from ins.run(ctx)


@dataclass(frozen=True)
class Conditional(Instruction):
    """"If [condition], [instructions]": checked when the effect gets there (608.2c). ``otherwise`` is what
    happens when it doesn't hold: a later "if [condition], [instructions] instead" takes the place of the
    part of the effect before it (as "if this spell was kicked, ... instead", 702.32e)."""

    condition: Any
    body: tuple[Instruction, ...]
    otherwise: tuple[Instruction, ...] = ()

    def run(self, ctx: "Ctx") -> Gen:
        holds = condition_holds(ctx.game, self.condition, ctx)
        note = condition_note(self.condition, holds, ctx.source_name)
        if note is not None:
            ctx.game.log_event(note[0], note[1])
        for ins in self.body if holds else self.otherwise:
            yield from ins.run(ctx)


@dataclass(frozen=True)
class Repeat(Instruction):
    """"For each [object], [instructions]": the instructions, once for each object counted as the effect
    gets there (608.2c)."""

    times: Amount
    body: tuple[Instruction, ...]

    def run(self, ctx: "Ctx") -> Gen:
        named: dict[str, list[Any]] = {}
        for _ in range(_amt(ctx, self.times)):
            before = dict(ctx.remembered)
            for ins in self.body:
                yield from ins.run(ctx)
            for key, objs in ctx.remembered.items():
                if objs is not before.get(key):
                    named.setdefault(key, []).extend(o for o in objs if o not in named.get(key, []))
        # "Exile those tokens": what the repetitions named together, not only the last one's
        ctx.remembered.update(named)


@dataclass(frozen=True)
class ForEachDestroyed(Instruction):
    """"For each permanent destroyed this way, [instructions]": the instructions once for each permanent the
    effect destroyed that fits, named under ``key`` as it last existed on the battlefield (608.2h)."""

    filter: ObjectFilter
    key: str
    body: tuple[Instruction, ...]

    def run(self, ctx: "Ctx") -> Gen:
        for lk in [o for o in ctx.remembered.get(DESTROYED, []) if ctx.fits(o, self.filter)]:
            ctx.remembered[self.key] = [lk]
            for ins in self.body:
                yield from ins.run(ctx)


def nested_instructions(instructions: tuple[Instruction, ...]) -> Generator[Instruction, None, None]:
    """These instructions and those inside them ("you may ...", "if ...": the parts that may happen)."""
    for ins in instructions:
        yield ins
        for part in ("body", "otherwise"):
            inner = getattr(ins, part, None)
            if isinstance(inner, tuple):
                yield from nested_instructions(inner)
