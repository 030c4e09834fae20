"""What a spell or ability does, as the computer understands it: a ``Reading``.

A reading is built from compiled abilities (``knowledge.py`` walks them, with
the table of ``readers.py``). It has two parts:

- **impacts**: for each instruction or continuous-effect operation, whom it
  touches (a side: you, the opponents, each player, target N, the source, the
  object it is attached to...) and what that is worth to them, about a point
  per mana (+ good for them, - bad). Everything the computer judges in general
  (is this target word harmful or helpful, is this "you may" worth saying yes
  to) is a sum of impacts.
- **facts** the policies know how to use (damage 3 to any target, destroy a
  creature, +3/+3 until end of turn, draw 2, create two 1/1 tokens...).

Amounts of -1 mean X.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Whom an impact touches. Sides are seen from the controller of the spell or ability.
YOU = "you"                      # the controller (or permanents/cards it controls)
OPPONENTS = "opponents"          # the controller's opponents (or what they control)
EACH = "each"                    # everyone, or every object that fits whoever controls it
TARGET = "target"                # target word ``index``
TARGET_CONTROLLER = "target_controller"   # the controller or owner of target word ``index``
SELF = "self"                    # the source itself
ATTACHED = "attached"            # what the source (an Aura or Equipment) is attached to
EVENT = "event"                  # something the trigger event names ("that player", "that creature")
OTHER = "other"                  # cards named by earlier instructions, fixed objects...

THRESHOLD = 0.05                 # a summed worth closer to zero than this is neutral


@dataclass(frozen=True)
class Impact:
    """What one instruction or operation does to one side, and its worth for that side."""

    side: str
    index: int | None
    worth: float
    what: str                    # the instruction or operation ("damage", "destroy", "draw", "add_pt", ...)


@dataclass(frozen=True)
class Reading:
    """What one spell, ability or whole card does."""

    impacts: tuple[Impact, ...] = ()
    unknown: tuple[str, ...] = ()   # compiled pieces the computer has no entry for (tests keep this empty)

    damage: int = 0                 # N damage to its target(s)
    damage_to: str = ""             # "any", "creature", "player", "each_creature", "each_player", "other"
    destroy: str = ""               # "creature", "permanent", "all_creatures"
    no_regen: bool = False          # "... can't be regenerated"
    exile: bool = False
    pt: tuple[int, int] | None = None         # target gets +p/+t until end of turn
    bounce: bool = False
    counter: str = ""               # "any", "creature", "noncreature"
    tap: int = 0                    # taps up to N targets
    freeze: bool = False            # ... and they don't untap
    steal_temp: bool = False        # gain control until end of turn
    steal: bool = False             # control for good (an Aura's "you control enchanted creature")
    frog: bool = False              # loses all abilities or becomes a small creature
    pacify: bool = False            # enchanted creature can't attack or block
    aura_pt: tuple[int, int] | None = None    # enchanted/equipped creature gets +p/+t
    aura_keywords: tuple[str, ...] = ()
    draw: int = 0
    target_draws: bool = False      # target player draws
    loot: bool = False              # draw, then discard
    scry: int = 0
    discard: int = 0                # target player (or an opponent) discards N
    duress: bool = False            # look at their hand and pick the card
    gain_life: int = 0
    drain: int = 0                  # target player (or an opponent) loses N life
    fog: bool = False
    prevent: int = 0
    tokens: int = 0
    token_pt: tuple[int, int] = (1, 1)
    token_flying: bool = False
    edict: bool = False             # each player (or opponent) sacrifices
    sacrifices: tuple[Any, ...] = ()  # what the controller sacrifices (ObjectFilters)
    fight: bool = False
    raise_dead: bool = False        # a creature card back from the graveyard
    ramp: bool = False              # a land from the library
    mill: int = 0
    untap_lands: int = 0
    regenerate: bool = False
    self_pump: tuple[int, int] | None = None  # the source gets +p/+t until end of turn
    team_pump: tuple[int, int] | None = None  # creatures you control get +p/+t until end of turn
    team_trample: bool = False
    anthem: tuple[int, int] | None = None     # static: creatures you control get +p/+t
    anthem_filter: Any = None                 # ... which ones (an ObjectFilter)
    haste_all: bool = False
    mass_filter: Any = None         # the ObjectFilter of "each creature ..." / "all creatures ..." effects
    mass_minus: bool = False        # each creature that fits gets -N/-N
    wrath: bool = False             # destroy or exile every creature that fits
    mana: bool = False
    sacrifice_self: bool = False    # at the beginning of a step, sacrifice the source
    may: bool = False
    etb: bool = False               # a triggered ability: when the source enters
    dies: bool = False              # a triggered ability: when the source dies
    comes_back: bool = False        # a triggered ability: put into a graveyard from the battlefield, it returns
                                    # to its owner's hand (Rancor): losing it costs only the mana to cast it again
    enters_tapped: bool = False
    cant_lose: bool = False         # its controller can't lose the game
    animate: bool = False           # the source becomes a creature until end of turn (crew)

    # -- judgements built on the impacts ----------------------------------------

    def target_worth(self, index: int) -> float:
        """What this does to target word ``index``, for whoever it is (+ good for it, - bad)."""
        return sum(i.worth for i in self.impacts if i.side == TARGET and i.index == index)

    def side_worth(self, side: str) -> float:
        return sum(i.worth for i in self.impacts if i.side == side)

    @property
    def harmful(self) -> bool:
        """Does it hurt what it targets?"""
        return bool(self.damage or self.destroy or self.exile or self.bounce or self.counter or self.tap
                    or self.steal_temp or self.steal or self.frog or self.pacify or self.discard
                    or self.duress or self.drain or self.mill or self.edict
                    or (self.pt is not None and (self.pt[0] < 0 or self.pt[1] < 0))
                    or any(i.side == TARGET and i.worth < -THRESHOLD for i in self.impacts))

    @property
    def helpful(self) -> bool:
        """Does it help what it targets?"""
        return bool((self.pt is not None and self.pt[0] >= 0 and self.pt[1] >= 0) or self.aura_pt
                    or self.aura_keywords or self.regenerate or self.prevent or self.gain_life
                    or self.untap_lands or self.raise_dead
                    or any(i.side in (TARGET, ATTACHED) and i.worth > THRESHOLD for i in self.impacts))

    @property
    def removal(self) -> bool:
        """Does it take a creature out of the game (or out of play for good)?"""
        return bool(self.destroy in ("creature", "permanent") or self.exile or self.steal or self.pacify
                    or (self.damage and self.damage_to in ("any", "creature"))
                    or (self.pt is not None and self.pt[1] < 0))


def polarity(worth: float) -> str:
    """"harmful", "helpful" or "neutral" for a summed worth."""
    if worth < -THRESHOLD:
        return "harmful"
    if worth > THRESHOLD:
        return "helpful"
    return "neutral"
