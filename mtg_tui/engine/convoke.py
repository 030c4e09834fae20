"""Convoke (702.50): the caster's untapped creatures may pay for a spell's mana.

Each creature tapped this way pays for one generic mana of the spell's total
cost, or one coloured mana of one of its own colours (702.50a). It applies
after the total cost is worked out (702.50b), so reductions come first; the
creatures are chosen as the cost is paid (601.2h) and the rest is paid with
mana. A creature that convoked the spell is remembered on it (702.50c).
"""

from __future__ import annotations

from itertools import combinations, islice
from typing import TYPE_CHECKING, Any, Iterator

from . import actions
from .answers import id_list
from .costs import find_auto_payment, payment_units, plan_payment
from .decisions import IllegalAnswer
from .keywords import Trait, keywords_in
from .mana import ManaCost, ManaUnit, Symbol, match_payment
from .objects import GameObject

if TYPE_CHECKING:
    from .state import GameState

# How many groups of creatures of one size the computer's suggestion tries at most.
_MOST_TRIED = 200
# A colourless creature's convoke unit: it pays only generic mana (every type pays generic).
_ANY_GENERIC = "convoke"


def has_convoke(card: GameObject) -> bool:
    """Does the card's own text give it convoke? (702.50a: it works while the spell is on the stack.) Worked out
    once for each card."""
    derived = card.card.derived
    found = derived.get("convoke")
    if found is None:
        found = derived["convoke"] = any(Trait.CONVOKE in kw.traits for kw, _ in keywords_in(card.card.abilities))
    return found


def candidates(game: "GameState", player: int) -> list[GameObject]:
    """The untapped creatures the player controls: any of them may be tapped for convoke (summoning
    sickness doesn't stop it: no {T} cost is paid, 302.6)."""
    return [o for o in game.battlefield if not o.tapped and game.is_creature(o)
            and game.chars(o).controller == player]


def units(game: "GameState", player: int) -> list[ManaUnit]:
    """The creatures as mana units, to weigh whether a spell with convoke can be paid for at all."""
    out = []
    for o in candidates(game, player):
        colors = tuple(game.chars(o).colors)
        out.append(ManaUnit(colors or (_ANY_GENERIC,), o.id, -1, 500))
    return out


def _needs(cost: ManaCost) -> list[Symbol]:
    out: list[Symbol] = []
    for s in cost.symbols:
        if s.kind == "generic":
            out.extend([Symbol("generic", amount=1)] * s.amount)
        else:
            out.append(s)
    return out


def _pays(sym: Symbol, colors: tuple[str, ...]) -> bool:
    """Can a creature of these colours pay this symbol (702.50a)? Generic: any creature; a coloured symbol
    (a hybrid or Phyrexian one too): a creature of that colour."""
    if sym.kind == "generic":
        return True
    if sym.kind in ("color", "phyrexian"):
        return sym.value in colors
    if sym.kind == "hybrid":
        return any(o in colors for o in sym.options)
    return False


def _rest(needs: list[Symbol]) -> ManaCost:
    generic = sum(1 for s in needs if s.kind == "generic")
    others = tuple(s for s in needs if s.kind != "generic")
    return ManaCost(((Symbol("generic", amount=generic),) if generic else ()) + others)


def splits(cost: ManaCost, creatures: list[tuple[int, tuple[str, ...]]]
           ) -> Iterator[tuple[ManaCost, tuple[tuple[int, str], ...]]]:
    """Every way for all of ``creatures`` (id, colours) to pay a part of ``cost``, one mana each: the rest
    of the cost and what each creature paid. Coloured symbols are tried before generic ones."""
    seen: set[Any] = set()

    def walk(i: int, needs: list[Symbol], paid: tuple[tuple[int, str], ...]) -> Iterator[Any]:
        if i == len(creatures):
            key = tuple(sorted(s.text for s in needs))
            if key not in seen:
                seen.add(key)
                yield _rest(needs), paid
            return
        oid, colors = creatures[i]
        tried: set[str] = set()
        order = sorted(range(len(needs)), key=lambda k: needs[k].kind == "generic")
        for k in order:
            sym = needs[k]
            if sym.text in tried or not _pays(sym, colors):
                continue
            tried.add(sym.text)
            yield from walk(i + 1, needs[:k] + needs[k + 1:], paid + ((oid, sym.text),))

    yield from walk(0, _needs(cost), ())


def check_choice(game: "GameState", card: GameObject, player: int, picks: Any) -> list[int]:
    """The creatures an answer taps for convoke: untapped creatures the player controls, each once."""
    ids = id_list(picks, "the creatures to tap for convoke (a list of ids)")
    if ids and not has_convoke(card):
        raise IllegalAnswer(f"{card.name} doesn't have convoke (702.50a)")
    if len(set(ids)) != len(ids):
        raise IllegalAnswer("a creature can be tapped for convoke only once")
    fits = {o.id for o in candidates(game, player)}
    for i in ids:
        if i not in fits:
            raise IllegalAnswer(f"{game.describe(i)} isn't an untapped creature you control: it can't convoke "
                                "(702.50a)")
    return ids


def pay_with(game: "GameState", player: int, cost: ManaCost, convoked: list[int], pay: Any, avoid: set[int],
             skip: int | None, tapped: set[int] | None = None
             ) -> tuple[ManaCost, tuple[tuple[int, str], ...], list[Any]]:
    """How ``cost`` is paid with the ``convoked`` creatures and mana (``pay``: "auto" or sources): the rest
    left for mana, what each creature pays, and the mana payment's plan. An IllegalAnswer when the
    creatures can't all pay a part of the cost, or the rest can't be paid. ``tapped``: permanents the spell's
    other costs tap, which can't make its mana (118.3)."""
    if not convoked:
        return cost, (), plan_payment(game, player, cost, pay, avoid, skip, tapped or None)
    creatures = [(i, tuple(game.chars(game.objects[i]).colors)) for i in convoked]
    exclude = set(convoked) | (tapped or set())
    found = False
    for rest, paid in splits(cost, creatures):
        found = True
        try:
            return rest, paid, plan_payment(game, player, rest, pay, avoid, skip, exclude)
        except IllegalAnswer:
            continue
    if not found:
        raise IllegalAnswer(f"those {len(convoked)} creatures can't each pay for a mana of {cost.text} "
                            "(702.50a: a generic mana, or one of the creature's colors)")
    raise IllegalAnswer(f"with those creatures tapped for convoke, the rest of {cost.text} can't be paid")


def fewest(game: "GameState", player: int, cost: ManaCost, avoid: set[int], skip: int | None) -> list[int] | None:
    """The fewest creatures to tap for convoke so that mana pays the rest (none if mana alone can), trying
    the creatures that couldn't attack this turn and the weakest first; None if no choice of them pays it."""
    if find_auto_payment(game, player, cost, avoid, skip) is not None:
        return []
    pool = sorted(candidates(game, player), key=lambda o: (not game.summoning_sick(o), game.chars(o).power or 0))
    for n in range(1, len(pool) + 1):
        for group in islice(combinations(pool, n), _MOST_TRIED):
            picks = [o.id for o in group]
            creatures = [(o.id, tuple(game.chars(o).colors)) for o in group]
            for rest, _ in splits(cost, creatures):
                if find_auto_payment(game, player, rest, avoid, skip, set(picks)) is not None:
                    return picks
    return None


def affordable(game: "GameState", player: int, cost: ManaCost, skip: int | None) -> bool:
    """Could mana and the player's creatures together pay the cost? A creature that makes mana either taps
    for it or convokes: one unit, of either kind."""
    creatures = units(game, player)
    by_id = {u.source: u for u in creatures}
    mana = []
    for u in payment_units(game, player, set(), skip):
        if u.source in by_id:
            c = by_id[u.source]
            by_id[u.source] = ManaUnit(tuple(dict.fromkeys(c.options + u.options)), c.source, -1, c.cost_rank)
        else:
            mana.append(u)
    return match_payment(cost, mana + list(by_id.values())) is not None


def tap_creatures(game: "GameState", spell: GameObject, player: int, paid: tuple[tuple[int, str], ...]) -> None:
    """Tap the creatures that convoke the spell (601.2h), and remember them on it (702.50c)."""
    for oid, sym in paid:
        obj = game.objects[oid]
        actions.tap(game, obj)
        game.log_event(f"{game.players[player].name} taps {obj.name} to convoke {spell.name}, paying {sym}.",
                       ("702.50a", "601.2h"), (obj.id, spell.id), player=player, kind="mana")
    spell.chosen["convoked"] = tuple(oid for oid, _ in paid)
