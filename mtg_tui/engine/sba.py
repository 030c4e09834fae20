"""State-based actions (704).

Whenever a player would receive priority, the game checks every condition
of 704.5 and performs all the actions that apply at once, as one event
(704.3); then it checks again, until none apply. The only choice here is
the legend rule's (704.5j), asked of each player who must make it, in APNAP
order, before the actions happen together.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generator

from . import actions, blessing
from .alike import alike_key
from .decisions import ChooseLegend, Decision, Option
from .keywords import Trait, attaching_problem, trait_params
from .keywords.base import chars_traits
from .matching import object_matches
from .objects import GameObject
from .replacement import Destruction
from .sagas import LORE, final_chapter, sagas, to_sacrifice
from .refs import ObjectFilter

if TYPE_CHECKING:
    from .state import GameState

Gen = Generator[Decision, Any, Any]


def _illegal_attachment(game: "GameState", obj: GameObject) -> str | None:
    """Why an Aura (704.5m) or Equipment (704.5n) is attached illegally, or None."""
    c = game.chars(obj)
    host = game.objects.get(obj.attached_to) if obj.attached_to is not None else None
    if "Aura" in c.subtypes:
        if host is None or not isinstance(host, GameObject) or host.zone != "battlefield":
            return "704.5m"
        for what in trait_params(game, obj, Trait.ENCHANT):
            flt = what if isinstance(what, ObjectFilter) else ObjectFilter(types=("Creature",))
            if not object_matches(game, host, flt, obj.id, c.controller, obj.card_uid):
                return "704.5m"
        if attaching_problem(game, host, obj):
            return "704.5m"   # 702.16c
        return None
    if "Equipment" in c.subtypes:
        if obj.attached_to is None:
            return None
        if host is None or not isinstance(host, GameObject) or host.zone != "battlefield" or not game.is_creature(host):
            return "704.5n"
        if attaching_problem(game, host, obj):
            return "704.5n"   # 702.16d
        return None
    if host is not None and obj.attached_to is not None:
        return "704.5p"
    return None


def check(game: "GameState") -> Gen:
    """Perform state-based actions until none apply. Returns True if any were performed."""
    if game.sba_clean_version == game.version:
        return False   # nothing has changed since the last check found nothing to do
    blessing.check_permanents(game)   # 702.130b: not a state-based action, but checked as often
    if _quiet(game):
        game.sba_clean_version = game.version
        return False   # nothing the checks read has changed since they last found nothing to do
    any_done = False
    while True:
        done = yield from _once(game)
        if not done:
            game.sba_clean_version = game.version
            game.sba_quiet = _quiet_key(game)
            return any_done
        any_done = True
        if game.over:
            return True


def _quiet_key(game: "GameState") -> Any:
    """What the checks of ``find`` read besides what is kept with the characteristics: the players' life,
    poison and draws, tokens gone from the battlefield, and the watched permanents' damage. None when a
    check reads more than that: a Saga's chapters wait on the stack (714.4), an Aura's enchant filter may
    look at status or combat."""
    kept = game.kept("sba: layers only", _layers_only)
    if not kept:
        return None
    return (kept, tuple((p.lost, p.life, p.poison, p.drew_from_empty) for p in game.players),
            game.tokens_left_battlefield,
            tuple((o.damage, o.deathtouch_damaged) for o in game.kept("sba: watched", _watched)))


def _quiet(game: "GameState") -> bool:
    """Would ``find`` find what it found last time, nothing? True when the characteristics haven't been
    computed again since (the kept lists are the same) and nothing else it reads has changed."""
    last = game.sba_quiet
    if last is None:
        return False
    now = _quiet_key(game)
    return now is not None and now[0] is last[0] and now[1:] == last[1:]


def _layers_only(game: "GameState") -> list[bool]:
    """A token, [True], when every check reads only what the layers read besides the key's other parts;
    [] when not (the list itself stands for this computation of the characteristics)."""
    if sagas(game):
        return []
    bf = game.battlefield_chars()
    for o in game.kept("sba: watched", _watched):
        if "Aura" in bf[o.id].subtypes and not all(
                not isinstance(what, ObjectFilter) or what.reads_only_layers()
                for what in trait_params(game, o, Trait.ENCHANT)):
            return []
    return [True]


@dataclass
class Found:
    """The state-based actions that apply now (704.5), before any is performed."""

    losers: list[tuple[Any, str, str]] = field(default_factory=list)
    to_graveyard: list[tuple[GameObject, str, str]] = field(default_factory=list)
    to_destroy: list[tuple[GameObject, str, str]] = field(default_factory=list)
    unattach: list[tuple[GameObject, str]] = field(default_factory=list)
    vanish: list[tuple[GameObject, str]] = field(default_factory=list)
    counter_fix: list[GameObject] = field(default_factory=list)
    sagas: list[GameObject] = field(default_factory=list)   # 704.5s: sacrificed
    legend_choices: list[tuple[int, list[GameObject]]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.losers or self.to_graveyard or self.to_destroy or self.unattach or self.vanish
                    or self.counter_fix or self.legend_choices or self.sagas)

    def rules(self) -> list[str]:
        out = [r for _, r, _ in self.losers + self.to_graveyard + self.to_destroy]
        out += [r for _, r in self.unattach] + [_vanish_rule(o) for o, _ in self.vanish] + ["704.5q"] * len(self.counter_fix)
        out += ["704.5s"] * len(self.sagas)
        return out + ["704.5j"] * len(self.legend_choices)


def _vanish_rule(o: GameObject) -> str:
    """A token off the battlefield (704.5d) or a copy of a spell off the stack (704.5e) ceases to exist."""
    return "704.5e" if o.is_copy else "704.5d"


def _watched(game: "GameState") -> list[GameObject]:
    """The permanents some check of 704.5 below could apply to, judging by what is kept until the
    characteristics change: creatures, planeswalkers, what is attached or an Aura, permanents with
    counters. Damage, the one thing read below that can change without the characteristics, only
    matters to creatures."""
    bf = game.battlefield_chars()
    out = []
    for o in game.battlefield:
        c = bf[o.id]
        if "Creature" in c.types or "Planeswalker" in c.types or o.attached_to is not None \
                or "Aura" in c.subtypes or o.counters:
            out.append(o)
    return out


def _legendary(game: "GameState") -> list[GameObject]:
    bf = game.battlefield_chars()
    return [o for o in game.battlefield if "Legendary" in bf[o.id].supertypes]


def find(game: "GameState", every_zone: bool = False, every_permanent: bool = False) -> Found:
    """Which state-based actions apply now. Changes nothing.

    Tokens off the battlefield are looked for only when one has left it,
    unless ``every_zone`` asks for a full look (704.5d). Only the permanents
    a check could apply to are looked at (``_watched``), unless
    ``every_permanent`` asks for all of them.
    """
    f = Found()
    for p in game.players:
        if p.lost or not (p.life <= 0 or p.drew_from_empty or p.poison >= 10):
            continue
        if "cant_lose" in game.player_flags(p.index):
            continue   # 104.3: an effect may say a player can't lose
        if p.life <= 0:
            f.losers.append((p, "704.5a", f"{p.name} has {p.life} life and loses the game"))
        elif p.drew_from_empty:
            f.losers.append((p, "704.5b", f"{p.name} drew from an empty library and loses the game"))
        elif p.poison >= 10:
            f.losers.append((p, "704.5c", f"{p.name} has {p.poison} poison counters and loses the game"))

    if game.tokens_left_battlefield or every_zone:
        for p in game.players:
            for zone in (p.hand, p.graveyard, p.library):
                for o in zone:
                    if o.is_token or o.is_copy:
                        f.vanish.append((o, zone is p.hand and "hand" or "graveyard"))
        for o in game.exile:
            if o.is_token or o.is_copy:
                f.vanish.append((o, "exile"))

    bf = game.battlefield_chars()
    for o in game.battlefield if every_permanent else game.kept("sba: watched", _watched):
        c = bf[o.id]
        if "Creature" in c.types:
            t = c.toughness or 0
            if t <= 0:
                f.to_graveyard.append((o, "704.5f", f"{o.name} has toughness {t}"))
                continue
            if o.damage >= t or o.deathtouch_damaged:
                indestructible = Trait.INDESTRUCTIBLE in chars_traits(c)
                if o.damage >= t and not indestructible:
                    f.to_destroy.append((o, "704.5g", f"{o.name} has lethal damage ({o.damage} on a {c.power}/{t})"))
                    continue
                if o.deathtouch_damaged and not indestructible:
                    f.to_destroy.append((o, "704.5h",
                                         f"{o.name} was dealt damage by a source with deathtouch (702.2b)"))
                    continue
        if "Planeswalker" in c.types and o.counters.get("loyalty", 0) <= 0:
            f.to_graveyard.append((o, "704.5i", f"{o.name} has no loyalty"))
            continue
        why = _illegal_attachment(game, o) if (o.attached_to is not None or "Aura" in c.subtypes) else None
        if why == "704.5m":
            f.to_graveyard.append((o, "704.5m", f"{o.name} isn't attached to a legal object"))
        elif why in ("704.5n", "704.5p"):
            f.unattach.append((o, why))
        if o.counters.get("+1/+1", 0) and o.counters.get("-1/-1", 0):
            f.counter_fix.append(o)

    f.sagas = to_sacrifice(game, bf)

    # The legend rule (704.5j): each player with two or more legendary permanents of one name keeps one.
    legendary = [o for o in game.kept("sba: legendary", _legendary)
                 if not any(o is x for x, _, _ in f.to_graveyard)]
    for pi in game.apnap() if len(legendary) > 1 else ():
        groups: dict[str, list[GameObject]] = {}
        for o in legendary:
            c = bf[o.id]
            if c.controller == pi:
                groups.setdefault(c.name, []).append(o)
        for name, objs in groups.items():
            if len(objs) >= 2:
                f.legend_choices.append((pi, objs))
    return f


def _once(game: "GameState") -> Gen:
    f = find(game)
    # Both "since the last time state-based actions were checked" conditions reset with this check.
    game.tokens_left_battlefield = False
    for p in game.players:
        p.drew_from_empty = False
    for o in game.battlefield:
        o.deathtouch_damaged = False
    if not f:
        return False
    losers, to_graveyard, to_destroy, unattach = f.losers, f.to_graveyard, f.to_destroy, f.unattach
    vanish, counter_fix, legend_choices = f.vanish, f.counter_fix, f.legend_choices

    legend_out: list[GameObject] = []
    for pi, objs in legend_choices:
        if len({alike_key(game, o) for o in objs}) == 1:
            keep = objs[0]
        else:
            ans = yield ChooseLegend(player=pi, prompt=f"Legend rule: choose the {objs[0].name} to keep",
                                     options=[Option(o.id, o.name) for o in objs], min=1, max=1)
            keep = next(o for o in objs if o.id == ans[0])
        legend_out.extend(o for o in objs if o is not keep)

    # All at once (704.3).
    for p, rule, text in losers:
        game.log_event(text + ".", (rule, "704.5", "104.3b"), player=p.index, why="State-based actions are checked whenever a player would receive priority.")
    for o, where in vanish:
        if o.is_copy:
            game.log_event(f"The copy of {o.name} ceases to exist: a copy of a spell is only on the stack.",
                           ("704.5e", "706.10a"), (o.id,))
        else:
            game.log_event(f"The {o.name} token leaves the game: a token that left the battlefield ceases to exist.",
                           ("704.5d", "111.7"), (o.id,))
        lst = game.zone_list(o.zone, o.owner)
        if o in lst:
            lst.remove(o)
        game.objects.pop(o.id, None)
        game.touch()
    for o in counter_fix:
        n = min(o.counters["+1/+1"], o.counters["-1/-1"])
        actions.remove_counters(game, o, "+1/+1", n, log=False)
        actions.remove_counters(game, o, "-1/-1", n, log=False)
        game.log_event(f"{n} +1/+1 and {n} -1/-1 counters are removed from {o.name}.", ("704.5q", "122.3"), (o.id,))
    for o, rule in unattach:
        game.log_event(f"{o.name} becomes unattached.", (rule,), (o.id,))
        o.attached_to = None
        game.touch()
    movers: list[GameObject] = []
    for o, rule, text in to_graveyard:
        game.log_event(f"{text}: it is put into its owner's graveyard.", (rule,), (o.id,), why="State-based actions are checked whenever a player would receive priority.")
        movers.append(o)
    for o in legend_out:
        game.log_event(f"Legend rule: {o.name} is put into its owner's graveyard.", ("704.5j",), (o.id,))
        movers.append(o)
    for o in f.sagas:
        c = game.chars(o)
        game.log_event(f"{o.name} has {o.counters.get(LORE, 0)} lore counters, as many as its final chapter "
                       f"({final_chapter(c)}): {game.players[c.controller].name} sacrifices it.",
                       ("704.5s", "714.4", "701.17"), (o.id,), player=c.controller,
                       why="State-based actions are checked whenever a player would receive priority.")
        movers.append(o)
    destroyed: list[GameObject] = []
    # Each destruction meets replacement effects (regeneration, 614.8), choices in APNAP order (616.1).
    saved: set[int] = set()
    for o in actions.apnap_order(game, [Destruction(o) for o, _, _ in to_destroy]):
        if (yield from actions.destruction_replaced(game, o.obj)):
            saved.add(o.obj.id)
    for o, rule, text in to_destroy:
        if o.id in saved:
            continue
        game.log_event(f"{text}: it is destroyed.", (rule, "701.7") + (("702.2b",) if rule == "704.5h" else ()),
                       (o.id,), why="State-based actions are checked whenever a player would receive priority.")
        destroyed.append(o)
    everyone = [o for o in movers + destroyed if o.zone == "battlefield"]
    if everyone:
        yield from actions.move_many_asking(game, everyone, "graveyard", log=False)
    if losers:
        game.lose([p for p, _, _ in losers], reason="state-based action")
    game.touch()
    return True
