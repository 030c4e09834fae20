"""References to objects and players in scenarios: "Grizzly Bears", "Bob:Swamp#3", "Bob".

A card keeps its number (#N) for the whole scenario: numbers follow the
order in which the set-up lists cards (then tokens in creation order), which
is the order of the engine's card uids.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from ..engine.alike import alike_key, targeted_ids
from ..engine.game import Game
from ..engine.objects import GameObject, Player, StackAbility
from .model import ScenarioError


def names_of(obj: GameObject, game: Game | None = None) -> tuple[str, ...]:
    """The names a scenario may call an object by, in lower case: its name, either half's name for a
    split card off the stack (708.4a), and on the battlefield or the stack the name it has now (a copy's,
    706.2) as well as its own."""
    card = obj.card
    if card.layout == "split":
        return (card.name.lower(),) + tuple(f.name.lower() for f in card.faces)
    if game is not None and obj.zone in ("battlefield", "stack"):
        now = game.chars(obj).name
        if now and now.lower() != obj.name.lower():
            return (obj.name.lower(), now.lower())
    return (obj.name.lower(),)


class Refused(Exception):
    """An input the rules forbid, found while reading its references."""


@dataclass(frozen=True)
class Ref:
    text: str
    player: int | None
    name: str
    number: int | None


class Resolver:
    def __init__(self, game: Game, players: list[str]) -> None:
        self.game = game
        self.players = players
        self.uid_names: dict[int, str] = {}

    def refresh(self) -> None:
        for o in self.game.all_objects():
            if isinstance(o, GameObject) and o.card_uid not in self.uid_names:
                self.uid_names[o.card_uid] = o.name
        for o in self.game.battlefield:
            self.uid_names.setdefault(o.card_uid, o.name)

    def parse(self, text: Any, entry: int | None = None) -> Ref:
        if not isinstance(text, str) or not text.strip():
            raise ScenarioError(f"step {entry}: {text!r} is not a reference", entry)
        t = text.strip()
        player = None
        if ":" in t:
            who, rest = t.split(":", 1)
            if who in self.players:
                player = self.players.index(who)
                t = rest.strip()
        number = None
        m = re.match(r"^(.*?)#(\d+)$", t)
        if m:
            t, number = m.group(1).strip(), int(m.group(2))
        return Ref(text, player, t, number)

    def player(self, text: Any) -> Player | None:
        if isinstance(text, str) and text.strip() in self.players:
            return self.game.players[self.players.index(text.strip())]
        return None

    # -- objects -----------------------------------------------------------

    def uids_named(self, name: str) -> list[int]:
        self.refresh()
        low = name.lower()
        return sorted(u for u, n in self.uid_names.items() if n.lower() == low)

    def fits(self, obj: Any, ref: Ref) -> bool:
        if isinstance(obj, StackAbility):
            if obj.source_name.lower() != ref.name.lower():
                return False
            if ref.number is not None:
                uids = self.uids_named(ref.name)
                if ref.number > len(uids) or uids[ref.number - 1] != obj.source_uid:
                    return False
            if ref.player is not None and obj.controller != ref.player:
                return False
            return True
        if not isinstance(obj, GameObject) or ref.name.lower() not in names_of(obj, self.game):
            return False
        if ref.number is not None:
            uids = self.uids_named(ref.name)
            if ref.number > len(uids) or uids[ref.number - 1] != obj.card_uid:
                return False
        if ref.player is not None:
            who = self.game.controller_of(obj) if obj.zone in ("battlefield", "stack") else obj.owner
            if who != ref.player:
                return False
        return True

    def exists(self, ref: Ref) -> bool:
        """Does the reference name anything in the game (an object, an ability on the stack)?"""
        for o in self.game.all_objects():
            if self.fits(o, ref):
                return True
        return False

    def check_known(self, ref: Ref, entry: int | None) -> None:
        if ref.number is not None:
            uids = self.uids_named(ref.name)
            if ref.number > len(uids) or ref.number < 1:
                raise ScenarioError(f"step {entry}: there is no {ref.name}#{ref.number} in this game", entry)

    def pick(self, ref: Ref, pool: Iterable[Any], used: set[int], entry: int | None, what: str) -> Any:
        """One object of the pool that fits (alike ones are interchangeable), preferring unused ones."""
        fit = [o for o in pool if self.fits(o, ref)]
        if not fit:
            return None
        fresh = [o for o in fit if o.id not in used] or fit
        targeted = targeted_ids(self.game)
        keys = {alike_key(self.game, o, targeted) for o in fresh}
        if len(keys) > 1:
            raise ScenarioError(f"step {entry}: {ref.text!r} fits several different {what} "
                                f"({', '.join(self.describe(o) for o in fresh)}); use Name#N or Player:Name",
                                entry)
        return fresh[0]

    def describe(self, o: Any) -> str:
        if isinstance(o, GameObject):
            uids = self.uids_named(o.name)
            n = uids.index(o.card_uid) + 1 if o.card_uid in uids else 0
            return f"{o.name}#{n} ({o.zone})"
        return self.game.describe(o)

    def anywhere(self, ref: Ref, entry: int | None) -> GameObject:
        """The card or token a reference names, wherever it is (for expect.card)."""
        self.check_known(ref, entry)
        pool = [o for o in self.game.all_objects() if isinstance(o, GameObject)]
        found = self.pick(ref, pool, set(), entry, "objects")
        if found is None:
            if self.uids_named(ref.name):
                raise ScenarioError(f"step {entry}: {ref.text!r} is no longer in the game (a token that left "
                                    "the battlefield ceases to exist)", entry)
            raise ScenarioError(f"step {entry}: nothing in the game is called {ref.text!r}", entry)
        return found

    def choice(self, text: Any, options: list[Any], used: set[int], entry: int | None, what: str = "choices") -> Any:
        """Resolve a reference among the legal choices (ids of objects or players)."""
        p = self.player(text)
        if p is not None:
            if p.id in options:
                return p.id
            raise Refused(f"{p.name} isn't a legal choice here")
        ref = self.parse(text, entry)
        self.check_known(ref, entry)
        pool = [self.game.get(i) for i in options if isinstance(i, int)]
        pool = [o for o in pool if isinstance(o, (GameObject, StackAbility))]
        got = self.pick(ref, pool, used, entry, what)
        if got is not None:
            return got.id
        if self.exists(ref):
            word = what[:-1] if what.endswith("s") else what
            raise Refused(f"{ref.text} isn't a legal {'choice' if word == 'choice' else word} here")
        raise ScenarioError(f"step {entry}: nothing in the game is called {ref.text!r}", entry)

    def own_object(self, text: Any, player: int, pools: list[list[Any]], used: set[int], entry: int | None,
                   what: str) -> GameObject:
        """An object the player could use (first pool that has one), else any object of that name."""
        ref = self.parse(text, entry)
        self.check_known(ref, entry)
        for pool in pools:
            got = self.pick(ref, pool, used, entry, what)
            if got is not None:
                return got
        everywhere = [o for o in self.game.all_objects() if isinstance(o, GameObject) and self.fits(o, ref)]
        if not everywhere:
            raise ScenarioError(f"step {entry}: nothing in the game is called {ref.text!r}", entry)
        keys = {alike_key(self.game, o) for o in everywhere}
        if len(keys) > 1 and len({o.zone for o in everywhere}) > 1:
            pass   # unusable ones of several kinds: the use is refused anyway
        return everywhere[0]
