"""How objects, players, the stack and the log read on screen (Rich Text, never markup strings).

Colour never carries meaning alone: every state has a text marker
((T), (sick), dmg 2, ATK->Bob, BLK->X, [+1/+1 x2]) and mana keeps its letters.
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text

from ..engine.log import LogEntry
from ..engine.view import ObjectView, PlayerView, StackItemView
from .snapshot import Snapshot

try:
    from ..render import GOLD, MANA_STYLES, mana_text
except ImportError:  # pragma: no cover
    import re
    MANA_STYLES = {"W": "#F5F0D0", "U": "#4AA8FF", "B": "#B98BE0", "R": "#FF6B5E", "G": "#3DC46B",
                   "C": "#B8B8B8"}
    GOLD = "#E8B84A"

    def mana_text(text: str) -> Text:
        return Text(text)

    del re

KEYWORD_SHORT = {"first_strike": "first strike", "double_strike": "double strike"}


def color_style(colors: tuple[str, ...]) -> str:
    if not colors:
        return MANA_STYLES["C"]
    if len(colors) > 1:
        return GOLD
    return MANA_STYLES.get(colors[0], MANA_STYLES["C"])


def pt(o: ObjectView) -> Text:
    if o.power is None or o.toughness is None:
        return Text()
    t = Text(f"{o.power}/{o.toughness}")
    if o.pt_changed:
        t.append("*")
        t.stylize("bold")
    return t


def keywords(o: ObjectView) -> str:
    """Its keywords, each once (two Rancors give trample twice, which is trample, 702.19e)."""
    return ", ".join(dict.fromkeys(KEYWORD_SHORT.get(k, k.replace("_", " ")) for k in o.keywords))


def sickness_matters(o: ObjectView, snap: Snapshot) -> bool:
    """Summoning sickness (302.6) stops attacking and {T}/{Q} abilities: it matters in its controller's
    turn, or for a creature with such an ability; never for blocking."""
    if not (o.sick and o.is_creature) or o.has_haste:
        return False
    return snap.active == o.controller or any("{T}" in a or "{Q}" in a for a in o.abilities)


def permanent(o: ObjectView, snap: Snapshot, with_keywords: bool = True, sick: bool = True) -> Text:
    """One permanent with everything about its state, in words (``sick``: show summoning sickness where it
    matters)."""
    t = Text()
    t.append(o.name, style=f"bold {color_style(o.colors)}")
    if o.is_token:
        t.append(" (token)")
    p = pt(o)
    if p:
        t.append(" ")
        t.append_text(p)
    if o.loyalty is not None and "Planeswalker" in o.types:
        t.append(f" [loyalty {o.counters.get('loyalty', o.loyalty)}]")
    if o.tapped:
        t.append(" (T)", style="bold")
    if sick and sickness_matters(o, snap):
        t.append(" (sick)", style="italic")
    if o.damage:
        t.append(f" dmg {o.damage}", style="bold")
    for kind, n in sorted(o.counters.items()):
        if kind == "loyalty" and "Planeswalker" in o.types:
            continue
        t.append(f" [{kind} x{n}]" if n != 1 else f" [{kind}]")
    if o.attacking is not None:
        t.append(f" ATK->{snap.name(o.attacking)}", style="bold reverse")
        if o.blocked:
            t.append(" (blocked)")
    for a in o.blocking:
        t.append(f" BLK->{snap.name(a)}", style="bold reverse")
    if o.attached_to is not None:
        t.append(f" (on {snap.name(o.attached_to)})")
    for a in o.attachments:
        t.append(f" +{snap.name(a)}")
    if with_keywords and o.keywords and o.is_creature:
        t.append(f" ({keywords(o)})", style="italic")
    return t


def emblem(o: ObjectView) -> Text:
    """An emblem in its owner's command zone, by what it does (114.3): it has no name of its own to show."""
    t = Text("Emblem: ", style="bold")
    t.append(o.text or "; ".join(o.abilities))
    return t


ZONE_WORDS = {"graveyard": "from graveyard", "exile": "from exile", "library": "from library",
              "command": "from command zone"}
PLACES = {"battlefield": "on the battlefield", "stack": "on the stack", "hand": "in hand",
          "graveyard": "in the graveyard", "exile": "in exile", "library": "in the library",
          "command": "in the command zone"}


def place(zone: str) -> str:
    """Where an object is, as a sentence says it ("on the battlefield", "in the command zone")."""
    return PLACES.get(zone, f"in {zone}")


def elsewhere_card(o: ObjectView | None, label: str, zone: str) -> Text:
    """A card the player may use from a zone other than the hand or the battlefield ("+Opt {U} from exile"),
    or, when the view can't show the card itself, the action's own words."""
    if o is None:
        return Text("+" + label, style="bold")
    t = hand_card(o, True)
    t.append(f" {ZONE_WORDS.get(zone, 'from ' + zone)}", style="italic")
    return t


def hand_card(o: ObjectView, playable: bool, count: int = 1) -> Text:
    """A card in hand: + when it can be played now, x2 for two alike."""
    t = Text()
    if playable:
        t.append("+", style="bold")
    t.append(o.name, style=f"bold {color_style(o.colors)}" if playable else color_style(o.colors))
    if count > 1:
        t.append(f" x{count}")
    if o.mana_cost:
        t.append(" ")
        t.append_text(mana_text(o.mana_cost))
    return t


def alike(a: ObjectView, b: ObjectView) -> bool:
    """Nothing shown about them tells them apart (their ids aside)."""
    return replace(a, id=0, uid=0) == replace(b, id=0, uid=0)


def hand_order(cards: list[ObjectView]) -> list[ObjectView]:
    """Lands first, then by mana value, then by name."""
    return sorted(cards, key=lambda o: (not o.is_land, o.mana_value, o.name))


def land_group(objs: list[ObjectView]) -> Text:
    o = objs[0]
    t = Text()
    t.append(o.name, style=color_style(o.colors))
    if len(objs) > 1:
        t.append(f" x{len(objs)}")
    if o.tapped:
        t.append(" (T)", style="bold")
    return t


def player_line(p: PlayerView, snap: Snapshot, you: bool) -> Text:
    t = Text()
    marks = []
    if snap.active == p.index and snap.turn > 0:
        marks.append("turn")
    if snap.priority == p.index:
        marks.append("priority")
    elif snap.deciding == p.index and snap.pending is not None:
        marks.append("deciding")
    t.append(p.name + (" (you)" if you else ""), style="bold")
    t.append(f"  {p.life} life", style="bold")
    if p.poison:
        t.append(f"  poison {p.poison}", style="bold")
    t.append(f"  lib {p.library_count}  hand {p.hand_count}  gy {len(p.graveyard)}  exile {len(p.exile)}")
    if p.mana_pool:
        t.append("  pool ")
        t.append_text(mana_text(p.mana_pool))
    if marks:
        t.append("  <" + ", ".join(marks) + ">", style="reverse")
    if p.lost:
        t.append("  LOST", style="bold reverse")
    if p.won:
        t.append("  WON", style="bold reverse")
    return t


def stack_item(s: StackItemView, snap: Snapshot) -> Text:
    t = Text()
    name = s.name if s.kind == "spell" else f"{s.name}'s ability"
    t.append(name, style="bold")
    t.append(f" ({snap.players[s.controller].name})")
    if s.targets:
        t.append(" -> " + ", ".join(n for _, n in s.targets))
    return t


def stack_headline(s: StackItemView, snap: Snapshot, viewer: int) -> Text:
    """ "Bob's Prey Upon targets your Monastery Swiftspear and Grizzly Bears" """
    t = Text()
    t.append(f"{snap.players[s.controller].name}'s ", style="bold")
    t.append(s.name if s.kind == "spell" else f"{s.name} ability", style="bold reverse")
    if s.targets:
        names = []
        for oid, name in s.targets:
            o = snap.objects.get(oid)
            mine = (o is not None and o.controller == viewer) or any(
                p.id == oid and p.index == viewer for p in snap.players)
            names.append("you" if any(p.id == oid and p.index == viewer for p in snap.players)
                         else f"your {name}" if mine else name)
        t.append(" targets " + (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]),
                 style="bold")
    return t


def log_entry(e: LogEntry) -> Text:
    t = Text(e.text)
    if e.kind in ("turn",):
        t.stylize("bold")
    if e.cites:
        t.append(f" ({', '.join(e.cites)})", style="dim")
    return t


def cost_text(o: ObjectView) -> Text:
    return mana_text(o.mana_cost) if o.mana_cost else Text()
