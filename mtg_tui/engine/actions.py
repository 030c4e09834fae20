"""The game's basic actions: moving objects between zones and changing state.

Every change to the game goes through here, so that each logs what
happened with its rules, tells the trigger system (603.2), and marks the
state as changed. A card that changes zones becomes a new object (400.7):
``move`` returns that new object.

Actions that replacement effects can change (moves, destruction, draws,
life gain, counters, 614) first offer their event to them (replacement.py).
Such an action has two forms: ``x_asking(...)``, a generator to use with
``yield from`` wherever the game can stop for a decision, which asks the
players the choices those effects need (616.1, 614.12a); and ``x(...)``,
the same without asking, for the few places that can't stop (casting a
spell onto the stack, mulligans), where needing a choice is an error.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator, Iterable, Sequence

from .decisions import Decision
from .events import Event
from .keywords import Trait, has_trait
from .abilities import LayerOp
from .objects import GameObject, LKI, Player, StackAbility
from .replacement import (Counters, Destruction, Draw, LifeGain, TokenCreation, ZoneMove, could_apply,
                          has_entering_effects, plain_form, replace)
from .state import ContinuousEffect

if TYPE_CHECKING:
    from .state import GameState

Gen = Generator[Decision, Any, Any]

ZONE_WORDS = {
    "library": "library", "hand": "hand", "battlefield": "the battlefield", "graveyard": "graveyard",
    "stack": "the stack", "exile": "exile",
}


def _remove_from_zone(game: "GameState", obj: Any) -> None:
    lst = game.zone_list(obj.zone, obj.owner)
    for i, o in enumerate(lst):
        if o is obj:
            del lst[i]
            return


def move_many_asking(game: "GameState", objs: Sequence[GameObject], to_zone: str, *, position: str = "top",
                     tapped: bool = False, controller: int | None = None, cites: tuple[str, ...] = (),
                     verb: str = "", log: bool = True, attach_to: int | None = None) -> Gen:
    """Move objects to a zone at the same time (400.7, 603.10 look-back), each move first offered to
    replacement effects (614); players who must choose how those apply are asked in APNAP order (616.1).

    Returns the new objects (None where a token left the battlefield and
    can't move on, 111.8, or where the move was replaced by nothing).
    Leaving the battlefield records last known information and takes the
    object out of combat (506.4).
    """
    moves: list[ZoneMove | None] = []
    for obj in objs:
        if obj.zone == to_zone and to_zone not in ("library", "battlefield"):
            moves.append(None)
        else:
            moves.append(ZoneMove(obj, obj.zone, to_zone, controller=controller, tapped=tapped))
    if _could_be_replaced(game, moves):
        for i in apnap_order(game, [m for m in moves if m is not None]):
            k = next(j for j, m in enumerate(moves) if m is not None and m.obj is i.obj)
            moves[k] = yield from replace(game, i)
    return _perform_moves(game, objs, moves, to_zone, position=position, cites=cites, verb=verb, log=log,
                          attach_to=attach_to)


move_many = plain_form(move_many_asking)


def move_asking(game: "GameState", obj: GameObject, to_zone: str, *, position: str = "top",
                tapped: bool = False, controller: int | None = None, cites: tuple[str, ...] = (),
                verb: str = "", log: bool = True, attach_to: int | None = None) -> Gen:
    moved = yield from move_many_asking(game, [obj], to_zone, position=position, tapped=tapped,
                                        controller=controller, cites=cites, verb=verb, log=log, attach_to=attach_to)
    return moved[0] if moved else None


move = plain_form(move_asking)


def _could_be_replaced(game: "GameState", moves: list[ZoneMove | None]) -> bool:
    if could_apply(game, "move"):
        return True
    return any(m is not None and m.enters and (has_entering_effects(m.obj.card) or game.entering_grants()
                                               or m.obj.chosen.get("mana_riders")) for m in moves)


def apnap_order(game: "GameState", events: Sequence[Any]) -> list[Any]:
    """Simultaneous events in the order their affected players choose (APNAP, 616.1, 101.4)."""
    if len(events) < 2:
        return list(events)
    order = {p: k for k, p in enumerate(game.apnap())}
    return sorted(events, key=lambda e: order.get(e.affected(game), len(order)))


def _perform_moves(game: "GameState", objs: Sequence[GameObject], moves: list[ZoneMove | None], to_zone: str, *,
                   position: str, cites: tuple[str, ...], verb: str, log: bool,
                   attach_to: int | None) -> list[GameObject | None]:
    """The moves themselves, as replacement effects have left them (None: already there, or replaced
    by nothing)."""
    lookback = None
    if any(m is not None and m.from_zone == "battlefield" and m.to_zone != "battlefield" for m in moves):
        lookback = snapshot_battlefield(game)
    results: list[GameObject | None] = []
    events: list[Event] = []
    for obj, m in zip(objs, moves):
        if m is None or obj.zone != m.from_zone:
            results.append(obj if obj.zone == to_zone else None)
            continue
        from_zone, dest = m.from_zone, m.to_zone
        if dest == from_zone and dest not in ("library", "battlefield"):
            results.append(obj)
            continue
        if obj.is_token and from_zone not in ("battlefield", "stack"):
            results.append(None)   # a token that left the battlefield can't move again (111.8)
            continue
        lki = game.lki_of(obj) if from_zone in ("battlefield", "stack") else None
        if lki is not None:
            game.lki[obj.id] = lki
        _remove_from_zone(game, obj)
        if from_zone == "battlefield":
            _leave_battlefield(game, obj)
        game.objects.pop(obj.id, None)
        game._other_chars.pop(obj.id, None)
        owner = obj.owner
        if obj.is_token or obj.is_copy:
            game.tokens_left_battlefield = True
        new = GameObject(game.new_id(), obj.whole or obj.card, owner, dest, obj.card_uid, obj.is_token)
        new.is_copy = obj.is_copy
        new.timestamp = game.new_timestamp()
        new.entered_turn = game.turn
        game.objects[new.id] = new
        game.move_count += 1
        game.moves[obj.id] = (new.id, game.move_count)
        if dest == "battlefield":
            new.controller = m.new_controller(game)
            new.sick = True
            new.ctl_mark = new.controller
            new.tapped = m.tapped
            if attach_to is not None:
                new.attached_to = attach_to
            if from_zone == "stack":
                new.x = obj.x
                new.was_cast = True
                new.cast_from = obj.cast_from   # "if you cast it from your hand" (400.7c)
                for how in ("costs", "cast_in_main", "convoked"):   # how it was cast (400.7c): "if it was kicked"
                    if how in obj.chosen:
                        new.chosen[how] = obj.chosen[how]
            if "Planeswalker" in obj.card.types and obj.card.loyalty is not None:
                new.counters["loyalty"] = obj.card.loyalty   # 306.5b
            new.chosen.update(m.chosen)
            if "copy_of" in m.chosen:   # it enters as a copy (706.5): the copy effect applies from the start
                copying = (LayerOp("1", "copy", (m.chosen["copy_of"],)),)
                game.continuous.append(ContinuousEffect(game.new_id(), copying, (new.id,), new.controller,
                                                        new.card_uid, new.name, game.new_timestamp(), "permanent"))
        elif dest == "stack":
            new.controller = m.controller if m.controller is not None else owner
        for kind, n in m.counters.items():   # "enters with", "exile it with" counters
            new.counters[kind] = new.counters.get(kind, 0) + n
        if m.gains and dest == "battlefield":
            _gain(game, new, m.gains)
        lst = game.zone_list(dest, owner)
        if dest == "library" and position == "bottom":
            lst.append(new)
        elif dest in ("library", "graveyard"):
            lst.insert(0, new)
        else:
            lst.append(new)
        results.append(new)
        events.append(Event("zone", old_id=obj.id, new_id=new.id, card_uid=obj.card_uid,
                            from_zone=from_zone, to_zone=dest, lki=lki, owner=owner,
                            controller=(lki.controller if lki else owner), obj=new))
        if log:
            who = game.players[owner].name
            v = verb if verb and dest == to_zone else _verb(from_zone, dest)
            text = f"{obj.name} {v}"
            if dest in ("graveyard", "hand", "library") and not (verb and dest == to_zone):
                text = f"{obj.name} is put into {who}'s {dest}" if dest != "hand" else \
                    f"{obj.name} is returned to {who}'s hand"
            game.log_event(text + ".", cites, (new.id,))
    game.touch()
    game.emit(events, lookback)
    _end_until_leaves(game, [o.id for o in objs])
    return results


def _gain(game: "GameState", obj: GameObject, abilities: list[Any]) -> None:
    """Abilities an entering permanent gains as it enters, for as long as it stays (702.135a)."""
    game.continuous.append(ContinuousEffect(game.new_id(), (LayerOp("6", "grant", (tuple(abilities),)),), (obj.id,),
                                            obj.controller, obj.card_uid, obj.name, game.new_timestamp(), "permanent"))


def _end_until_leaves(game: "GameState", moved_ids: list[int]) -> None:
    """Cards exiled "until this leaves the battlefield" return at once when it leaves (610.3c)."""
    if not any(x.until_leaves for x in game.exiled):
        return
    back: list[GameObject] = []
    for x in game.exiled:
        if x.until_leaves and x.source_id in moved_ids and game.objects.get(x.source_id) is None:
            x.until_leaves = False
            back.extend(o for o in (game.objects.get(i) for i in x.card_ids) if isinstance(o, GameObject)
                        and o.zone == "exile")
    if back:
        game.log_event(f"{', '.join(o.name for o in back)} return{'s' if len(back) == 1 else ''} to the "
                       "battlefield.", ("610.3c",))
        for o in back:
            move(game, o, "battlefield", controller=o.owner, log=False)


def _verb(from_zone: str, to_zone: str) -> str:
    if to_zone == "battlefield":
        return "enters the battlefield"
    if to_zone == "exile":
        return "is exiled"
    return f"moves from {ZONE_WORDS.get(from_zone, from_zone)} to {ZONE_WORDS.get(to_zone, to_zone)}"


def _leave_battlefield(game: "GameState", obj: GameObject) -> None:
    c = game.combat
    if c is not None:
        if obj.id in c.attackers or obj.id in c.blockers:
            game.log_event(f"{obj.name} leaves the battlefield and is removed from combat.", ("506.4",), (obj.id,))
        c.remove(obj.id)
    obj.attached_to = None


def snapshot_battlefield(game: "GameState") -> dict[int, LKI]:
    """The battlefield as it is now, for leaves-the-battlefield triggers (603.10a)."""
    return {o.id: game.lki_of(o) for o in game.battlefield}


# ---------------------------------------------------------------------------
# Library, hand, graveyard


def draw_asking(game: "GameState", player: Player, n: int = 1, cites: tuple[str, ...] = ("121.1",)) -> Gen:
    """Draw cards one at a time (121.2), each draw offered to replacement effects first, even from an
    empty library (614.11); drawing from an empty library is noted for 704.5b."""
    drawn: list[GameObject] = []
    for _ in range(n):
        if could_apply(game, "draw"):
            if (yield from replace(game, Draw(player.index))) is None:
                continue
        if not player.library:
            player.drew_from_empty = True
            game.touch()
            game.log_event(f"{player.name} tries to draw from an empty library.", ("121.4", "704.5b"),
                           player=player.index)
            continue
        card = player.library[0]
        new = yield from move_asking(game, card, "hand", log=False)
        if new is not None:
            drawn.append(new)
            game.emit([Event("draw", player=player.index, card=new.id)])
    if drawn:
        word = "a card" if len(drawn) == 1 else f"{len(drawn)} cards"
        game.log_event(f"{player.name} draws {word}.", cites, tuple(c.id for c in drawn),
                       player=player.index, kind="draw")
    return drawn


draw = plain_form(draw_asking)


def discard_asking(game: "GameState", player: Player, cards: Sequence[GameObject]) -> Gen:
    if not cards:
        return
    names = ", ".join(c.name for c in cards)
    yield from move_many_asking(game, list(cards), "graveyard", log=False)
    game.log_event(f"{player.name} discards {names}.", ("701.8",), player=player.index)
    # each card discarded is an event of its own: "whenever a player discards a card" triggers for each (603.2c)
    game.emit([Event("discard", player=player.index, count=1, card=c.id) for c in cards])


discard = plain_form(discard_asking)


def mill_asking(game: "GameState", player: Player, n: int) -> Gen:
    cards = player.library[:n]
    if not cards:
        return []
    moved = yield from move_many_asking(game, cards, "graveyard", log=False)
    game.log_event(f"{player.name} mills {', '.join(c.name for c in cards)}.", ("701.13",),
                   player=player.index)
    return [m for m in moved if m is not None]


mill = plain_form(mill_asking)


def shuffle(game: "GameState", player: Player, log: bool = True) -> None:
    game.rng.shuffle(player.library)
    game.touch()
    if log:
        game.log_event(f"{player.name} shuffles their library.", ("701.20",), player=player.index)


# ---------------------------------------------------------------------------
# Permanents


def tap(game: "GameState", obj: GameObject, log: bool = False, cites: tuple[str, ...] = ("701.21",),
        attacking: bool = False) -> bool:
    """Tap a permanent; ``attacking``: it is tapped as it is declared as an attacker (508.1f)."""
    if obj.tapped:
        return False
    obj.tapped = True
    game.touch_status()
    if log:
        game.log_event(f"{obj.name} becomes tapped.", cites, (obj.id,))
    game.emit([Event("tapped", obj=obj.id, attacking=attacking)])
    return True


def untap(game: "GameState", obj: GameObject, log: bool = False, cites: tuple[str, ...] = ("701.21",)) -> bool:
    if not obj.tapped:
        return False
    obj.tapped = False
    game.touch_status()
    if log:
        game.log_event(f"{obj.name} becomes untapped.", cites, (obj.id,))
    return True


def destroy_asking(game: "GameState", objs: Iterable[GameObject], can_regenerate: bool = True,
                   cites: tuple[str, ...] = ("701.7",)) -> Gen:
    """Destroy permanents at once (701.7): indestructible ones stay (702.12b); each destruction is
    offered to replacement effects first (regeneration, 701.15, 614.8). Returns those destroyed."""
    doomed: list[GameObject] = []
    for o in objs:
        if o.zone != "battlefield":
            continue
        if has_trait(game, o, Trait.INDESTRUCTIBLE):
            game.log_event(f"{o.name} is indestructible and isn't destroyed.", ("702.12b",), (o.id,))
            continue
        if (yield from destruction_replaced(game, o, can_regenerate)):
            continue
        doomed.append(o)
    if doomed:
        names = ", ".join(o.name for o in doomed)
        game.log_event(f"{names} {'is' if len(doomed) == 1 else 'are'} destroyed.", cites,
                       tuple(o.id for o in doomed))
        yield from move_many_asking(game, doomed, "graveyard", log=False)
    return doomed


destroy = plain_form(destroy_asking)


def destruction_replaced(game: "GameState", obj: GameObject, can_regenerate: bool = True) -> Gen:
    """Offer a permanent's destruction to replacement effects (614.8): True if it won't be destroyed."""
    if not could_apply(game, "destroy"):
        return False
    return (yield from replace(game, Destruction(obj, can_regenerate))) is None


def sacrifice_asking(game: "GameState", objs: Sequence[GameObject]) -> Gen:
    objs = [o for o in objs if o.zone == "battlefield"]
    if not objs:
        return
    for o in objs:
        game.log_event(f"{game.players[game.chars(o).controller].name} sacrifices {o.name}.", ("701.17",),
                       (o.id,))
    sacrificed = [Event("sacrifice", player=game.chars(o).controller, obj=o.id, lki=game.lki_of(o)) for o in objs]
    yield from move_many_asking(game, list(objs), "graveyard", log=False)
    game.emit(sacrificed)


sacrifice = plain_form(sacrifice_asking)


def put_counters_asking(game: "GameState", obj: GameObject, kind: str, n: int) -> Gen:
    """Put counters on a permanent, offered to replacement effects first (614.16)."""
    if n <= 0 or obj.zone != "battlefield":
        return
    if could_apply(game, "counters"):
        event = yield from replace(game, Counters(obj, kind, n))
        if event is None or event.amount <= 0 or obj.zone != "battlefield":
            return
        kind, n = event.counter, event.amount
    before = obj.counters.get(kind, 0)
    obj.counters[kind] = before + n
    game.touch()
    game.log_event(f"{n} {kind} counter{'s' if n != 1 else ''} put on {obj.name}.", ("122.1",), (obj.id,))
    game.emit([Event("counters", obj=obj.id, counter=kind, amount=n, before=before)])


put_counters = plain_form(put_counters_asking)


def remove_counters(game: "GameState", obj: GameObject, kind: str, n: int, log: bool = True) -> int:
    have = obj.counters.get(kind, 0)
    k = min(have, n)
    if k <= 0:
        return 0
    if have - k:
        obj.counters[kind] = have - k
    else:
        del obj.counters[kind]
    game.touch()
    if log:
        game.log_event(f"{k} {kind} counter{'s' if k != 1 else ''} removed from {obj.name}.", ("122.1",),
                       (obj.id,))
    return k


def attach(game: "GameState", obj: GameObject, target: int, cites: tuple[str, ...] = ("701.3",)) -> None:
    """Attach an Aura or Equipment; it gets a new timestamp (613.7e)."""
    obj.attached_to = target
    obj.timestamp = game.new_timestamp()
    game.touch()
    game.log_event(f"{obj.name} becomes attached to {game.describe(target)}.", cites, (obj.id, target))


# ---------------------------------------------------------------------------
# Life


def gain_life_asking(game: "GameState", player: Player, n: int, source: str = "") -> Gen:
    """A player gains life (119.3), offered to replacement effects first. Returns the life gained."""
    if n <= 0 or player.lost:
        return 0
    n = yield from life_gain_replaced(game, player, n)
    if n <= 0:
        return 0
    player.life += n
    player.life_gained_this_turn += n
    game.touch_status()
    game.log_event(f"{player.name} gains {n} life ({player.life}).", ("119.3",), player=player.index)
    game.emit([Event("life_gain", player=player.index, amount=n)])
    return n


gain_life = plain_form(gain_life_asking)


def life_gain_replaced(game: "GameState", player: Player, n: int) -> Gen:
    """Offer a life gain to replacement effects: the life the player will gain instead (0: none). A player
    who can't gain life gains none (119.7)."""
    if game.player_flags(player.index).get("cant_gain_life"):
        game.log_event(f"{player.name} can't gain life.", ("119.7",), player=player.index)
        return 0
    if not could_apply(game, "life_gain"):
        return n
    event = yield from replace(game, LifeGain(player.index, n))
    return 0 if event is None else event.amount


def lose_life(game: "GameState", player: Player, n: int, cites: tuple[str, ...] = ("119.3",),
              text: str = "") -> int:
    if n <= 0 or player.lost:
        return 0
    player.life -= n
    player.life_lost_this_turn += n
    game.touch_status()
    game.log_event(text or f"{player.name} loses {n} life ({player.life}).", cites, player=player.index)
    # Life lost paying a cost or a payment an effect offers is life paid (119.4): "whenever you pay life".
    game.emit([Event("life_loss", player=player.index, amount=n, paid="119.4" in cites)])
    return n


# ---------------------------------------------------------------------------
# Tokens


def create_tokens_asking(game: "GameState", player: int, card: Any, n: int, copy_of: str = "") -> Gen:
    """Create tokens (111.1): the creating player owns and controls them. The creation is offered to
    replacement effects first (614.16: other tokens instead, under another player's control), then each
    token's entering the battlefield (614.1c-d, 616.1f, 701.6b). ``copy_of`` names the object tokens that are
    copies copy (706.2), for the log."""
    made: list[GameObject] = []
    if could_apply(game, "create_tokens"):
        creation = yield from replace(game, TokenCreation(player, card, n))
        if creation is None:
            return made
        player, card, n = creation.player, creation.card, creation.count
    for _ in range(n):
        tok = GameObject(game.new_id(), card, player, "", game.new_uid(), is_token=True)
        tok.timestamp = game.new_timestamp()
        tok.sick = True
        tok.ctl_mark = player
        tok.entered_turn = game.turn
        entering = ZoneMove(tok, "", "battlefield", controller=player)
        if _could_be_replaced(game, [entering]):
            entering = yield from replace(game, entering)
            if entering is None or entering.to_zone != "battlefield":
                continue   # a token that would enter elsewhere isn't created (111.8)
        tok.zone = "battlefield"
        tok.tapped = entering.tapped
        if "Planeswalker" in card.types and card.loyalty is not None:
            tok.counters["loyalty"] = card.loyalty   # 306.5b
        tok.counters.update(entering.counters)
        tok.chosen.update(entering.chosen)
        game.objects[tok.id] = tok
        game.battlefield.append(tok)
        if entering.gains:
            _gain(game, tok, entering.gains)
        made.append(tok)
    if made:
        game.touch()
        word = "a" if len(made) == 1 else str(len(made))
        what = f"{card.name} token{'s' if len(made) != 1 else ''}"
        if copy_of:
            what += f" that {'is a copy' if len(made) == 1 else 'are copies'} of {copy_of}"
        cites = ("111.1", "706.2") if copy_of else ("111.1",)
        game.log_event(f"{game.players[player].name} creates {word} {what}.", cites, tuple(t.id for t in made),
                       player=player)
        game.emit([Event("zone", old_id=None, new_id=t.id, card_uid=t.card_uid, from_zone="",
                           to_zone="battlefield", lki=None, owner=player, controller=player, obj=t)
                     for t in made])
    return made


create_tokens = plain_form(create_tokens_asking)


def counter_spell_asking(game: "GameState", spell: Any, cites: tuple[str, ...] = ("701.5",), exile: bool = False) -> Gen:
    """Counter a spell or ability: it leaves the stack without resolving (701.5). ``exile``: "if that spell is
    countered this way, exile it instead of putting it into its owner's graveyard" (614.1a)."""
    if isinstance(spell, StackAbility):
        game.stack.remove(spell)
        game.objects.pop(spell.id, None)
        game.touch()
        game.log_event(f"{spell.source_name}'s ability is countered.", cites)
        return
    if exile:
        game.log_event(f"{spell.name} is countered and exiled instead of going to the graveyard.",
                       cites + ("614.1a",), (spell.id,))
        yield from move_asking(game, spell, "exile", log=False)
        return
    game.log_event(f"{spell.name} is countered.", cites, (spell.id,))
    yield from move_asking(game, spell, "graveyard", log=False)


counter_spell = plain_form(counter_spell_asking)
