"""Sagas (714): lore counters and chapter abilities.

A chapter line is a triggered ability (714.2b): it triggers when lore
counters put on its Saga take their number from below the chapter's number
to at least it. A Saga gets a lore counter as it enters (714.3a), and each
as its controller's precombat main phase begins (714.3b, a turn-based action
that doesn't use the stack, 505.4). Once its lore counters reach its final
chapter number and no chapter ability of it waits to go on the stack or is
on it, its controller sacrifices it (714.4, a state-based action, 704.5s).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generator, Iterable

from . import actions
from .abilities import Ability, StaticAbility, Trigger, TriggeredAbility
from .decisions import Decision
from .entering import EntersWithCounters
from .objects import Chapter, GameObject

if TYPE_CHECKING:
    from .objects import Characteristics
    from .state import GameState

Gen = Generator[Decision, Any, Any]

LORE = "lore"
CHAPTER = "chapter"   # the trigger event of a chapter ability


@dataclass(eq=False)
class LoreCounterAsItEnters(EntersWithCounters):
    """714.3a: as a Saga enters the battlefield, its controller puts a lore counter on it."""

    rules: ClassVar[tuple[str, ...]] = ("714.3a", "614.1c")
    kind: str = LORE
    amount: Any = 1


def saga_abilities(chapters: Iterable[Chapter]) -> tuple[Ability, ...]:
    """What a Saga's chapter lines stand for: its lore counter as it enters, and one triggered ability
    per chapter number (714.2b, 714.2c)."""
    out: list[Ability] = [StaticAbility(replacement=LoreCounterAsItEnters(), text="")]
    for ch in chapters:
        out.append(TriggeredAbility(trigger=Trigger(event=CHAPTER, self_only=True, counter=LORE,
                                                    chapter=ch.number),
                                    effect=ch.effect, text=ch.text))
    return tuple(out)


def chapter_triggered(trig: Trigger, before: int, after: int) -> bool:
    """714.2b: the lore counters on the Saga were fewer than the chapter's number and became at least it."""
    return before < trig.chapter <= after


def final_chapter(chars: "Characteristics") -> int:
    """714.2d: the greatest chapter number among the Saga's chapter abilities (0 with none)."""
    return max((a.trigger.chapter for a in chars.abilities
                if isinstance(a, TriggeredAbility) and a.trigger.event == CHAPTER), default=0)


def is_saga(chars: "Characteristics") -> bool:
    return "Saga" in chars.subtypes and "Enchantment" in chars.types


def chapter_pending(game: "GameState", saga: GameObject) -> bool:
    """Whether a chapter ability of this Saga has triggered and not yet left the stack (714.4)."""
    if any(t.source_id == saga.id and t.ability.trigger.event == CHAPTER for t in game.pending_triggers):
        return True
    return any(getattr(s, "source_id", None) == saga.id and isinstance(getattr(s, "ability", None), TriggeredAbility)
               and s.ability.trigger.event == CHAPTER for s in game.stack)


def sagas(game: "GameState") -> list[GameObject]:
    """The Sagas on the battlefield, kept with the characteristics."""
    return game.kept("sagas", _sagas)


def to_sacrifice(game: "GameState", chars: "dict[int, Characteristics]") -> list[GameObject]:
    """The Sagas whose controllers sacrifice them now (714.4, 704.5s)."""
    out = []
    for o in sagas(game):
        c = chars[o.id]
        if o.counters.get(LORE, 0) >= final_chapter(c) and not chapter_pending(game, o):
            out.append(o)
    return out


def _sagas(game: "GameState") -> list[GameObject]:
    bf = game.battlefield_chars()
    return [o for o in game.battlefield if is_saga(bf[o.id])]


def precombat_main_lore(game: "GameState") -> Gen:
    """714.3b, 505.4: as the active player's precombat main phase begins, they put a lore counter on each
    Saga they control. A turn-based action: it doesn't use the stack."""
    sagas = [o for o in game.battlefield if is_saga(game.chars(o)) and game.chars(o).controller == game.active]
    if not sagas:
        return
    who = game.players[game.active].name
    game.log_event(f"{who} puts a lore counter on each Saga they control.", ("714.3b", "505.4"),
                   tuple(o.id for o in sagas), player=game.active)
    for o in sagas:
        yield from actions.put_counters_asking(game, o, LORE, 1)
