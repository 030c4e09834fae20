"""The game's basic actions: moving objects between zones and changing state.

Every change to the game goes through here, so that each logs what
happened with its rules, tells the trigger system (603.2), and marks the
state as changed. A card that changes zones becomes a new object (400.7):
``move`` returns that new object.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence

from .abilities import EntersTapped, EntersWithCounters, StaticAbility
from .conditions import condition_holds
from .context import Ctx
from .events import Event
from .objects import GameObject, LKI, Player, StackAbility
from .replacement import take_regeneration_shield

if TYPE_CHECKING:
    from .state import GameState

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


def move(game: "GameState", obj: GameObject, to_zone: str, *, position: str = "top",
         tapped: bool = False, controller: int | None = None, cites: tuple[str, ...] = (),
         verb: str = "", log: bool = True, attach_to: int | None = None) -> GameObject | None:
    moved = move_many(game, [obj], to_zone, position=position, tapped=tapped, controller=controller,
                      cites=cites, verb=verb, log=log, attach_to=attach_to)
    return moved[0] if moved else None


def move_many(game: "GameState", objs: Sequence[GameObject], to_zone: str, *, position: str = "top",
              tapped: bool = False, controller: int | None = None, cites: tuple[str, ...] = (),
              verb: str = "", log: bool = True, attach_to: int | None = None) -> list[GameObject | None]:
    """Move objects to a zone at the same time (400.7, 603.10 look-back).

    Returns the new objects (None where a token left the battlefield and
    can't move on, 111.8). Leaving the battlefield records last known
    information and takes the object out of combat (506.4).
    """
    lookback = None
    if any(o.zone == "battlefield" for o in objs) and to_zone != "battlefield":
        lookback = snapshot_battlefield(game)
    results: list[GameObject | None] = []
    events: list[Event] = []
    for obj in objs:
        dest = to_zone
        if obj.zone == dest and dest != "library" and dest != "battlefield":
            results.append(obj)
            continue
        from_zone = obj.zone
        dest = "exile" if from_zone == "stack" and obj.cast_from == "flashback" else dest
        if from_zone == "battlefield" and dest == "graveyard" and obj.id in game.exile_if_dies:
            dest = "exile"   # "if it would die this turn, exile it instead" (614.1a)
            game.log_event(f"{obj.name} would die: it is exiled instead.", ("614.1a",), (obj.id,))
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
        if obj.is_token:
            game.tokens_left_battlefield = True
        new = GameObject(game.new_id(), obj.card, owner, dest, obj.card_uid, obj.is_token)
        new.timestamp = game.new_timestamp()
        new.entered_turn = game.turn
        game.objects[new.id] = new
        game.move_count += 1
        game.moves[obj.id] = (new.id, game.move_count)
        if dest == "battlefield":
            new.controller = controller if controller is not None else (
                obj.controller if from_zone == "stack" else owner)
            new.sick = True
            new.ctl_mark = new.controller
            new.tapped = tapped or _enters_tapped(game, new)
            if attach_to is not None:
                new.attached_to = attach_to
            if from_zone == "stack":
                new.x = obj.x
                new.was_cast = True
            if "Planeswalker" in obj.card.types and obj.card.loyalty is not None:
                new.counters["loyalty"] = obj.card.loyalty   # 306.5b
            chosen = game.enter_choices.pop(obj.card_uid, None)
            if chosen:
                new.chosen.update(chosen)
        elif dest == "stack":
            new.controller = controller if controller is not None else owner
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
            v = verb or _verb(from_zone, dest)
            text = f"{obj.name} {v}" + ("" if dest == "battlefield" or verb else "")
            if dest in ("graveyard", "hand", "library") and not verb:
                text = f"{obj.name} is put into {who}'s {dest}" if dest != "hand" else \
                    f"{obj.name} is returned to {who}'s hand"
            game.log_event(text + ".", cites, (new.id,))
    game.touch()
    game.emit(events, lookback)
    _end_until_leaves(game, [o.id for o in objs])
    return results


def _end_until_leaves(game: "GameState", moved_ids: list[int]) -> None:
    """Cards exiled "until this leaves the battlefield" return at once when it leaves (610.3c)."""
    if not game.until_leaves:
        return
    keep = []
    back: list[GameObject] = []
    for source_id, exiled in game.until_leaves:
        if source_id in moved_ids and game.objects.get(source_id) is None:
            back.extend(o for o in (game.objects.get(i) for i in exiled) if isinstance(o, GameObject)
                        and o.zone == "exile")
        else:
            keep.append((source_id, exiled))
    game.until_leaves = keep
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


def _enters_tapped(game: "GameState", obj: GameObject) -> bool:
    """"Enters tapped" / "enters with counters" replacement effects of the object itself (614.1c, 614.12)."""
    tapped = False
    for ab in obj.card.abilities:
        if not isinstance(ab, StaticAbility):
            continue
        rep = ab.replacement
        if isinstance(rep, EntersTapped):
            if rep.unless is not None:
                ctx = Ctx(game, obj.controller, obj, obj.id, obj.card_uid, obj.name)
                if condition_holds(game, rep.unless, ctx):
                    continue
            tapped = True
        elif isinstance(rep, EntersWithCounters):
            obj.counters[rep.kind] = obj.counters.get(rep.kind, 0) + rep.amount
            tapped = tapped or rep.tapped
    return tapped


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


def draw(game: "GameState", player: Player, n: int = 1, cites: tuple[str, ...] = ("121.1",)) -> list[GameObject]:
    """Draw cards one at a time (121.2); an empty library is noted for 704.5b."""
    drawn: list[GameObject] = []
    for _ in range(n):
        if not player.library:
            player.drew_from_empty = True
            game.touch()
            game.log_event(f"{player.name} tries to draw from an empty library.", ("121.4", "704.5b"),
                           player=player.index)
            continue
        card = player.library[0]
        new = move(game, card, "hand", log=False)
        if new is not None:
            drawn.append(new)
            game.emit([Event("draw", player=player.index, card=new.id)])
    if drawn:
        word = "a card" if len(drawn) == 1 else f"{len(drawn)} cards"
        game.log_event(f"{player.name} draws {word}.", cites, tuple(c.id for c in drawn),
                       player=player.index, kind="draw")
    return drawn


def discard(game: "GameState", player: Player, cards: Sequence[GameObject]) -> None:
    if not cards:
        return
    names = ", ".join(c.name for c in cards)
    move_many(game, list(cards), "graveyard", log=False)
    game.log_event(f"{player.name} discards {names}.", ("701.8",), player=player.index)
    game.emit([Event("discard", player=player.index, count=len(cards))])


def mill(game: "GameState", player: Player, n: int) -> list[GameObject]:
    cards = player.library[:n]
    if not cards:
        return []
    moved = move_many(game, cards, "graveyard", log=False)
    game.log_event(f"{player.name} mills {', '.join(c.name for c in cards)}.", ("701.13",),
                   player=player.index)
    return [m for m in moved if m is not None]


def shuffle(game: "GameState", player: Player, log: bool = True) -> None:
    game.rng.shuffle(player.library)
    game.touch()
    if log:
        game.log_event(f"{player.name} shuffles their library.", ("701.20",), player=player.index)


# ---------------------------------------------------------------------------
# Permanents


def tap(game: "GameState", obj: GameObject, log: bool = False, cites: tuple[str, ...] = ("701.21",)) -> bool:
    if obj.tapped:
        return False
    obj.tapped = True
    game.touch()
    if log:
        game.log_event(f"{obj.name} becomes tapped.", cites, (obj.id,))
    game.emit([Event("tapped", obj=obj.id)])
    return True


def untap(game: "GameState", obj: GameObject, log: bool = False, cites: tuple[str, ...] = ("701.21",)) -> bool:
    if not obj.tapped:
        return False
    obj.tapped = False
    game.touch()
    if log:
        game.log_event(f"{obj.name} becomes untapped.", cites, (obj.id,))
    return True


def destroy(game: "GameState", objs: Iterable[GameObject], can_regenerate: bool = True,
            cites: tuple[str, ...] = ("701.7",)) -> list[GameObject]:
    """Destroy permanents at once (701.7): indestructible ones stay (702.12b),
    a regeneration shield replaces destruction (701.15)."""
    doomed: list[GameObject] = []
    for o in objs:
        if o.zone != "battlefield":
            continue
        if game.has_keyword(o, "indestructible"):
            game.log_event(f"{o.name} is indestructible and isn't destroyed.", ("702.12b",), (o.id,))
            continue
        if can_regenerate and regenerate(game, o):
            continue
        doomed.append(o)
    if doomed:
        names = ", ".join(o.name for o in doomed)
        game.log_event(f"{names} {'is' if len(doomed) == 1 else 'are'} destroyed.", cites,
                       tuple(o.id for o in doomed))
        move_many(game, doomed, "graveyard", log=False)
    return doomed


def regenerate(game: "GameState", obj: GameObject) -> bool:
    """Regenerate instead of being destroyed, if a shield is up (701.15a): the permanent is tapped,
    its damage is removed and it leaves combat."""
    if not take_regeneration_shield(game, obj):
        return False
    obj.damage = 0
    obj.deathtouch_damaged = False
    tap(game, obj)
    if game.combat is not None:
        game.combat.remove(obj.id)
    game.touch()
    game.log_event(f"{obj.name} regenerates: it is tapped, its damage is removed and it "
                   "leaves combat.", ("701.15a",), (obj.id,))
    return True


def sacrifice(game: "GameState", objs: Sequence[GameObject]) -> None:
    objs = [o for o in objs if o.zone == "battlefield"]
    if not objs:
        return
    for o in objs:
        game.log_event(f"{game.players[game.chars(o).controller].name} sacrifices {o.name}.", ("701.17",),
                       (o.id,))
    move_many(game, list(objs), "graveyard", log=False)


def put_counters(game: "GameState", obj: GameObject, kind: str, n: int) -> None:
    if n <= 0 or obj.zone != "battlefield":
        return
    obj.counters[kind] = obj.counters.get(kind, 0) + n
    game.touch()
    game.log_event(f"{n} {kind} counter{'s' if n != 1 else ''} put on {obj.name}.", ("122.1",), (obj.id,))
    game.emit([Event("counters", obj=obj.id, counter=kind, amount=n)])


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


def gain_life(game: "GameState", player: Player, n: int, source: str = "") -> int:
    if n <= 0 or player.lost:
        return 0
    player.life += n
    player.life_gained_this_turn += n
    game.touch()
    game.log_event(f"{player.name} gains {n} life ({player.life}).", ("119.3",), player=player.index)
    game.emit([Event("life_gain", player=player.index, amount=n)])
    return n


def lose_life(game: "GameState", player: Player, n: int, cites: tuple[str, ...] = ("119.3",),
              text: str = "") -> int:
    if n <= 0 or player.lost:
        return 0
    player.life -= n
    game.touch()
    game.log_event(text or f"{player.name} loses {n} life ({player.life}).", cites, player=player.index)
    game.emit([Event("life_loss", player=player.index, amount=n)])
    return n


# ---------------------------------------------------------------------------
# Tokens


def create_tokens(game: "GameState", player: int, card: Any, n: int) -> list[GameObject]:
    """Create tokens (111.1): the creating player owns and controls them."""
    made: list[GameObject] = []
    for _ in range(n):
        tok = GameObject(game.new_id(), card, player, "battlefield", game.new_uid(), is_token=True)
        tok.timestamp = game.new_timestamp()
        tok.sick = True
        tok.ctl_mark = player
        tok.entered_turn = game.turn
        game.objects[tok.id] = tok
        game.battlefield.append(tok)
        made.append(tok)
    if made:
        game.touch()
        word = "a" if n == 1 else str(n)
        game.log_event(f"{game.players[player].name} creates {word} {card.name} token{'s' if n != 1 else ''}.",
                       ("111.1",), tuple(t.id for t in made), player=player)
        game.emit([Event("zone", old_id=None, new_id=t.id, card_uid=t.card_uid, from_zone="",
                           to_zone="battlefield", lki=None, owner=player, controller=player, obj=t)
                     for t in made])
    return made


def counter_spell(game: "GameState", spell: Any, cites: tuple[str, ...] = ("701.5",)) -> None:
    """Counter a spell or ability: it leaves the stack without resolving (701.5)."""
    if isinstance(spell, StackAbility):
        game.stack.remove(spell)
        game.objects.pop(spell.id, None)
        game.touch()
        game.log_event(f"{spell.source_name}'s ability is countered.", cites)
        return
    game.log_event(f"{spell.name} is countered.", cites, (spell.id,))
    move(game, spell, "graveyard", log=False)
