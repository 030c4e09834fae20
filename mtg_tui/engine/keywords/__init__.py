"""The keyword registry: every keyword ability (702) the program knows, declared once.

Each family module (evasion, combat, damage, protection, casting,
characteristics, abilities) declares its keywords with ``register`` as the
package loads; ``base.Keyword`` lists what an entry says. Everything else
asks here:

- the card grammar's keyword words (``words_of``) and the compiler
  (``spelled``: the entry and the parameter a written keyword stands for);
- the rules modules: ``has_trait`` and ``trait_params`` (combat, damage,
  casting, costs, SBA, matching), ``blocking_problem`` and
  ``blockers_needed`` (declaring blockers, 509.1b), ``targeting_problem``
  (115.4), ``attaching_problem`` (704.5m-n);
- the UI (``reminders``) and the computer (``worth``).

Adding a keyword is one ``Keyword(...)`` in the family it belongs to, plus
tests (docs/keywords.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from ..abilities import Quality
from ..mana import ManaCost
from ..refs import ObjectFilter
from . import abilities, casting, characteristics, combat, damage, evasion, protection  # noqa: F401 (they register)
from .base import (REGISTRY, Hook, Keyword, Param, Trait, Worth, entry, has_trait, keywords_in, lower_first,
                   trait_params, traits_of)
from .protection import has_quality

if TYPE_CHECKING:
    from ..objects import GameObject
    from ..state import GameState

__all__ = ["REGISTRY", "Keyword", "Param", "Trait", "Worth", "Hook", "entry", "has_trait", "trait_params", "traits_of",
           "has_quality", "keywords_in", "spelled", "words_of", "blocking_problem", "blockers_needed",
           "targeting_problem", "attaching_problem", "damage_prevented", "reminders", "worth", "gives", "evasive",
           "ability_text"]


def spelled(word: str) -> tuple[Keyword, Any]:
    """The entry a written keyword belongs to, and the parameter its word gives ("forestwalk": Forest)."""
    return _SPELLINGS[word.lower()]


def words_of(param: Param) -> list[str]:
    """Every way of writing a keyword followed by this kind of parameter, for the card grammar."""
    return sorted(w for w, (kw, _) in _SPELLINGS.items() if kw.param is param)


def _spellings() -> dict[str, tuple[Keyword, Any]]:
    out: dict[str, tuple[Keyword, Any]] = {}
    for kw in REGISTRY.values():
        for word, fixed in kw.spellings.items():
            if word in out:
                raise ValueError(f"two keywords are written {word!r}")
            out[word] = (kw, fixed)
    return out


_SPELLINGS = _spellings()


def ability_text(ability: Any) -> str:
    """How a keyword ability is written on the card ("Flying", "Protection from black")."""
    return getattr(ability, "text", "") or str(getattr(ability, "keyword", "")).replace("_", " ").capitalize()


def _refused(game: "GameState", owner: Any, hook: str, *args: Any) -> tuple[Any, Keyword, Hook] | None:
    """The first keyword of ``owner`` whose hook of this kind refuses (given ``args`` and its parameter)."""
    for a in game.chars(owner).abilities:
        name = getattr(a, "keyword", None)
        if not name:
            continue
        kw = REGISTRY[name]
        h = getattr(kw, hook)
        if h is not None and not h.allows(game, *args, getattr(a, "param", None)):
            return a, kw, h
    return None


def _why(owner: Any, found: tuple[Any, Keyword, Hook] | None) -> str | None:
    """A refusal in words: "Test Shade has fear: it can be blocked only by ... (702.35b)"."""
    if found is None:
        return None
    ability, kw, hook = found
    reminder = kw.reminder_for(_what(getattr(ability, "param", None)), _fixed(ability))
    return f"{owner.name} has {ability_text(ability).lower()}: it {lower_first(reminder)} ({hook.rule})"


def _fixed(ability: Any) -> str:
    param = getattr(ability, "param", None)
    return param if isinstance(param, str) else ""


def _what(param: Any) -> str:
    """A keyword's parameter in words, for its reminder text."""
    if param is None:
        return ""
    if isinstance(param, ManaCost):
        return param.text
    if isinstance(param, Quality):
        if param.kind == "everything":
            return "anything"
        if param.kind in ("type", "subtype"):
            return f"any {param.value.lower() if param.kind == 'type' else param.value}"
        return f"anything {param.text}"
    if isinstance(param, ObjectFilter):
        text = param.describe()
        return ("an " if text[:1] in "aeiou" else "a ") + text
    return str(param)


def blocking_problem(game: "GameState", attacker: "GameObject", blocker: "GameObject") -> str | None:
    """Why the keywords of these two creatures don't let the one block the other (509.1b), or None."""
    return (_why(attacker, _refused(game, attacker, "evasion", attacker, blocker))
            or _why(blocker, _refused(game, blocker, "blocks_only", attacker, blocker)))


def blockers_needed(game: "GameState", attacker: "GameObject") -> tuple[int, str]:
    """How many creatures it takes to block this attacker by its keywords (509.1b), and why (or "")."""
    need, why = 1, ""
    for a in game.chars(attacker).abilities:
        name = getattr(a, "keyword", None)
        if name and REGISTRY[name].min_blockers > need:
            kw = REGISTRY[name]
            need = kw.min_blockers
            why = f"{attacker.name} has {ability_text(a).lower()}: it {lower_first(kw.reminder)} ({kw.cites})"
    return need, why


def targeting_problem(game: "GameState", obj: "GameObject", source: Any, controller: int) -> str | None:
    """Why the object's keywords keep a spell or ability from this source (its controller given) from
    targeting it (115.4), or None."""
    return _why(obj, _refused(game, obj, "targeting", obj, source, controller))


def attaching_problem(game: "GameState", host: "GameObject", attachment: Any) -> str | None:
    """Why the host's keywords don't let this Aura or Equipment stay attached to it (702.16c-d), or None."""
    return _why(host, _refused(game, host, "attaching", host, attachment))


def damage_prevented(game: "GameState", recipient: Any, source: Any) -> bool:
    """Do the recipient's keywords prevent damage from this source (702.16e)?"""
    return _refused(game, recipient, "damage", recipient, source) is not None


def reminders(abilities: Iterable[Any]) -> list[tuple[str, str, str]]:
    """Each keyword among these abilities as written, with its reminder text and its rule, once each."""
    out: list[tuple[str, str, str]] = []
    for a in abilities:
        name = getattr(a, "keyword", None)
        if not name:
            continue
        kw = REGISTRY[name]
        param = getattr(a, "param", None)
        line = (ability_text(a), kw.reminder_for(_what(param) or _cost_of(a), _fixed(a) or _fixed_of(kw, a)), kw.rule)
        if line not in out:
            out.append(line)
    return out


def _cost_of(ability: Any) -> str:
    """The cost of a keyword that stands for an activated ability (equip, cycling), as written."""
    cost = getattr(ability, "cost", None)
    return cost.mana.text if cost is not None and cost.mana.symbols else ""


def _fixed_of(kw: Keyword, ability: Any) -> str:
    """The parameter a keyword's word gives, found again from how the ability is written ("Forestcycling")."""
    text = ability_text(ability).lower()
    for word, fixed in kw.spellings.items():
        if fixed is not None and text.startswith(word):
            return str(fixed)
    return ""


def gives(names: Iterable[str], trait: Trait) -> bool:
    """Does a keyword of these (by name, as a view lists them) give the trait?"""
    return any(trait in REGISTRY[n].traits for n in names)


def evasive(names: Iterable[str]) -> bool:
    """Is a keyword of these one the computer counts as making a creature hard to block?"""
    return any(REGISTRY[n].worth.evasive for n in names)


def worth(names: Iterable[str], power: int, toughness: int) -> float:
    """What a creature's keywords add to its value for the computer, from each entry's ``Worth``."""
    total = 0.0
    for name in sorted(set(names)):   # a fixed order: the same sum in every process
        w = REGISTRY[name].worth
        total += w.flat + w.per_power * power + w.per_toughness * toughness
    return total
