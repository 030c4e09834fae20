"""Casting and playing cards from elsewhere than the hand (601.3, 305.1): permissions.

A player may begin to cast a spell only from their hand unless a rule or an
effect allows another zone (601.3); the same goes for playing a land (305.1,
305.9). The permissions come from three places:

- a card's own static ability that works where the card is ("You may cast ~
  from your graveyard", 113.6, read by casting's traits of the card);
- a permanent's static ability, a rules flag on its controller while it is on
  the battlefield (604.1, 611.3): "You may cast historic spells as though they
  had flash", "You may cast nonland cards exiled with ~";
- a resolved spell or ability, a rules effect on a player naming the cards it
  exiled, for its duration (611.2): "You may cast that card this turn",
  "until the end of your next turn, you may play those cards", "for as long
  as that card remains exiled, its owner may cast it".

A permission may let the card be cast without paying its mana cost (an
alternative cost of nothing, 118.9; X is then 0, 107.3), and may let mana be
spent on it as though it were mana of any type (609.4b: the cost doesn't
change, but any mana pays each of its symbols). A spell cast from anywhere still follows
the timing rules (307.1, 117.1a) unless a permission gives it flash (702.8).
A "can't" beats any permission (101.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generator, Iterator

from .abilities import Instruction, LayerOp
from .immutable import Immutable
from .layers import player_rule_ops
from .mana import ManaCost, Symbol
from .matching import object_matches
from .refs import ObjectFilter, Ref
from .state import ContinuousEffect

if TYPE_CHECKING:
    from .context import Ctx
    from .objects import GameObject
    from .state import GameState

MAY_CAST = "may_cast"                    # the rules flag on a player; its parameter: a CastPermission
UNTIL_END_OF_YOUR_NEXT_TURN = "end_of_your_next_turn"   # through the cleanup of its controller's next turn
WHILE_EXILED = "while_exiled"   # a duration: as long as the card stays in exile (elsewhere it is a new object, 400.7)
FREE = ManaCost.parse("{0}")


@dataclass(frozen=True)
class CastPermission(Immutable):
    """What a permission lets its player do. ``zone``: where the cards are ("graveyard", "exile", "library"
    for its top card only, "hand"; "" where a resolved effect names its cards). ``cards``: the kind of card
    (None: any). ``play``: lands are played too ("you may play ..."). ``flash``: as though it had flash.
    ``free``: without paying its mana cost. ``any_mana``: mana spent as though of any type. ``linked``: only
    the cards this permanent's ability exiled (607.2a)."""

    zone: str = ""
    cards: ObjectFilter | None = None
    play: bool = False
    flash: bool = False
    free: bool = False
    any_mana: bool = False
    linked: bool = False

    def words(self) -> str:
        how = " without paying its mana cost" if self.free else ""
        return ("play" if self.play else "cast") + how


@dataclass(frozen=True)
class Granted:
    """A permission as it applies now: where it comes from, for the log and for linked cards."""

    permission: CastPermission
    source_name: str
    source_id: int | None                 # the permanent whose static ability it is
    effect: ContinuousEffect | None       # the resolved effect (its ``affected``: the cards it names)


def _granted(game: "GameState", player: int) -> Iterator[Granted]:
    if not game.player_flags(player)[MAY_CAST]:
        return
    for who, op, source_id, name, eff in player_rule_ops(game, game.battlefield_chars()):
        if who == player and op.args[0] == MAY_CAST:
            yield Granted(op.args[1], name, source_id, eff)


def _top_of_library(game: "GameState", card: "GameObject") -> bool:
    lib = game.players[card.owner].library
    return bool(lib) and lib[0] is card


def _exiled_with(game: "GameState", source_id: int | None, card: "GameObject") -> bool:
    """Was the card exiled by an ability of this permanent (607.2a)?"""
    obj = game.objects.get(source_id) if source_id is not None else None
    uid = getattr(obj, "card_uid", None)
    return any(e.source_uid == uid and card.id in e.card_ids for e in game.exiled)


def _fits(game: "GameState", g: Granted, card: "GameObject", player: int) -> bool:
    p = g.permission
    if g.effect is not None:
        if card.id not in g.effect.affected:
            return False
    elif p.zone and card.zone != p.zone:
        return False
    if p.zone == "library" and not _top_of_library(game, card):
        return False
    if p.zone in ("hand", "library", "graveyard") and card.owner != player:
        return False
    if p.linked and not _exiled_with(game, g.source_id, card):
        return False
    if p.cards is not None and not object_matches(game, card, p.cards, g.source_id, player):
        return False
    return True


def permission(game: "GameState", card: "GameObject", player: int, land: bool = False) -> Granted | None:
    """The first permission that lets ``player`` cast this card (or play it, a land: ``land``) from where it
    is, other than their hand; None if none does. Flash-only permissions don't count here."""
    if card.zone in ("hand", "battlefield", "stack"):
        return None
    for g in _granted(game, player):
        p = g.permission
        if p.zone == "hand" or (land and not p.play):
            continue
        if _fits(game, g, card, player):
            return g
    return None


def flash_permission(game: "GameState", card: "GameObject", player: int) -> Granted | None:
    """A permission to cast this card as though it had flash (702.8): "You may cast historic spells as though
    they had flash"."""
    for g in _granted(game, player):
        if g.permission.flash and g.permission.cards is not None and \
                object_matches(game, card, g.permission.cards, g.source_id, player):
            return g
    return None


def permitted_cards(game: "GameState", player: int) -> list["GameObject"]:
    """The cards outside ``player``'s hand that a permission lets them cast or play now."""
    if not game.player_flags(player)[MAY_CAST]:
        return []
    out: list[GameObject] = []
    grants = [g for g in _granted(game, player) if g.permission.zone != "hand"]
    if not grants:
        return out
    pool: list[GameObject] = list(game.exile)
    for p in game.players:
        pool += p.graveyard
        if p.library:
            pool.append(p.library[0])
    for card in pool:
        if any(_fits(game, g, card, player) for g in grants):
            out.append(card)
    return out


def any_type(cost: ManaCost) -> ManaCost:
    """A cost paid with mana spent as though it were mana of any type: each coloured, colourless, hybrid or
    Phyrexian symbol is paid by one mana of any type, like a generic one."""
    generic = sum(s.amount for s in cost.symbols if s.kind == "generic")
    generic += sum(1 for s in cost.symbols if s.kind not in ("generic", "X"))
    xs = [s for s in cost.symbols if s.kind == "X"]
    return ManaCost(tuple(xs + ([Symbol("generic", amount=generic)] if generic else [])))


def ends_now(game: "GameState", eff: ContinuousEffect) -> bool:
    """Does this effect end with the turn now ending? "Until the end of your next turn" ends in the cleanup
    step (514.2) of its controller's first turn after the one it began in."""
    return eff.duration == UNTIL_END_OF_YOUR_NEXT_TURN and game.active == eff.controller \
        and game.turn > eff.data.get("from_turn", game.turn)


@dataclass(frozen=True)
class PermitCast(Instruction):
    """"You may cast that card this turn", "for as long as that card remains exiled, its owner may cast it
    without paying its mana cost": a rules effect on the player naming the cards, for its duration (611.2,
    601.3)."""

    who: Ref
    what: Ref
    permission: CastPermission
    duration: str = "end_of_turn"

    def run(self, ctx: "Ctx") -> Generator[Any, Any, None]:
        game = ctx.game
        kind = self.permission.cards
        cards = [o for o in ctx.objects(self.what) if o.zone not in ("battlefield", "stack")
                 and (kind is None or object_matches(game, o, kind, ctx.source_id, ctx.controller))]
        if not cards:
            yield from ()
            return
        op = LayerOp("rules", "flag", (MAY_CAST, self.permission))
        for p in ctx.players(self.who):
            eff = ContinuousEffect(game.new_id(), (op,), tuple(c.id for c in cards), ctx.controller,
                                   ctx.source_uid, ctx.source_name, game.new_timestamp(), self.duration,
                                   players=(p.index,))
            eff.data["from_turn"] = game.turn
            game.continuous.append(eff)
            names = ", ".join(c.name for c in cards)
            game.log_event(f"{p.name} may {self.permission.words()} {names} {_when(self.duration, len(cards))}.",
                           ("601.3", "611.2"), tuple(c.id for c in cards), player=p.index)
        game.touch()
        yield from ()


def _when(duration: str, n: int) -> str:
    return {"end_of_turn": "this turn", UNTIL_END_OF_YOUR_NEXT_TURN: "until the end of their next turn",
            WHILE_EXILED: "for as long as " + ("it remains" if n == 1 else "they remain") + " exiled"}.get(duration, "")
