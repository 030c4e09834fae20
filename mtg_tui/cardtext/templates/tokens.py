"""Tokens (111): "create two 1/1 white Soldier creature tokens with flying", predefined tokens (111.10)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from lark import Token

from ...engine.mana import ManaCost
from ...engine.objects import CardDef
from ...engine.refs import Amount, Const, CountOf, Product, RememberedAmount
from ..errors import TextError

THAT_MANY = RememberedAmount("that many")   # "create that many ... tokens": stands for the scope's that_many
from .base import CARD_TYPES, Templates, Word

PREDEFINED_TOKENS = {
    # name: (types, subtypes, colors, power, toughness, rules text) — 111.10
    "treasure": (("Artifact",), ("Treasure",), (), None, None,
                 "{T}, Sacrifice this artifact: Add one mana of any color."),
    "food": (("Artifact",), ("Food",), (), None, None, "{2}, {T}, Sacrifice this artifact: You gain 3 life."),
    "gold": (("Artifact",), ("Gold",), (), None, None, "Sacrifice this artifact: Add one mana of any color."),
    "clue": (("Artifact",), ("Clue",), (), None, None, "{2}, Sacrifice this artifact: Draw a card."),
    "blood": (("Artifact",), ("Blood",), (), None, None,
              "{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card."),
    "shard": (("Enchantment",), ("Shard",), (), None, None,
              "{2}, Sacrifice this enchantment: Scry 1, then draw a card."),
    "walker": (("Creature",), ("Zombie",), ("B",), 2, 2, ""),
}

# A token's body waits for the keywords written after it ("... token with flying").
TokenBody = Callable[[tuple[Any, ...]], CardDef]


@dataclass(frozen=True)
class TokenSpec:
    """How many tokens, and the token's definition."""

    amount: Amount
    card: CardDef


def make_token_def(name: str, types: tuple[str, ...], subtypes: tuple[str, ...], colors: tuple[str, ...],
                   power: int | None, toughness: int | None, abilities: tuple[Any, ...]) -> CardDef:
    text = ", ".join(a.text for a in abilities if getattr(a, "text", ""))
    return CardDef(name=name, mana_cost=ManaCost(()), supertypes=(), types=types, subtypes=subtypes, text=text,
                   power=power, toughness=toughness, color_indicator=colors, abilities=abilities, is_token=True)


class Tokens(Templates):
    def token_counted(self, count: Amount | Token, body: TokenBody, keywords: list[Any] | None = None) -> TokenSpec:
        return TokenSpec(_count(count), body(tuple(keywords or ())))

    def token_named_legendary(self, name: Token, body: TokenBody, keywords: list[Any] | None = None) -> TokenSpec:
        """"Create Karox Bladewing, a legendary 4/4 red Dragon creature token with flying": a token with that
        name and the legendary supertype (111.4), so the legend rule applies to it (704.5j)."""
        card = body(tuple(keywords or ()))
        proper = " ".join(w[:1].upper() + w[1:] for w in str(name).split(" "))
        return TokenSpec(Const(1), replace(card, name=proper, supertypes=("Legendary",)))

    def token_those(self, count: Amount | Token) -> TokenSpec:
        """"create four of those tokens": the token the text created before, again (111.1)."""
        if self.scope.last_token is None:
            raise TextError("\"those tokens\" needs a token created before it", "those tokens")
        return TokenSpec(_count(count), self.scope.last_token)

    def token_that_many(self, body: TokenBody, keywords: list[Any] | None = None) -> TokenSpec:
        """"Then creates that many 2/2 ... tokens": as many as the words before counted (each player's own,
        where each player did it: "each player discards their hand, then creates that many"); the count is
        known once the verbs before it have their subject (verbs.py, vp_create)."""
        return TokenSpec(THAT_MANY, body(tuple(keywords or ())))

    def token_for_each(self, count: Amount | Token, body: TokenBody, *rest: Any) -> TokenSpec:
        """"a ... token for each ...": the count is worked out on resolution."""
        *keywords, each = rest
        return TokenSpec(Product(_count(count), CountOf(each)), body(tuple(keywords[0] if keywords else ())))

    def token_equal_to(self, body: TokenBody, *rest: Any) -> TokenSpec:
        """"a number of ... tokens equal to [amount]": the count is worked out on resolution."""
        *keywords, amount = rest
        return TokenSpec(amount, body(tuple(keywords[0] if keywords else ())))

    def token_full(self, *parts: Any) -> TokenBody:
        """"[N/N] [colors] [subtypes] [types] token": the token's characteristics (111.4)."""
        pt = next((p for p in parts if isinstance(p, Token)), None)
        colors = next((p for p in parts if isinstance(p, _Colors)), _Colors(())).codes
        subs = tuple(w.value for w in parts if isinstance(w, Word))
        types = next(p for p in parts if isinstance(p, _Types)).types
        p = t = None
        if pt is not None and str(pt) == "x/x":
            self.scope.token_x = True   # its power and toughness are set as it is created
            p = t = 0
        elif pt is not None:
            a, b = str(pt).split("/")
            p, t = int(a), int(b)
        name = " ".join(subs) if subs else " ".join(types)
        return lambda keywords: make_token_def(name, types, subs, colors, p, t, keywords)

    def token_predefined(self, *parts: Any) -> TokenBody:
        card = self.predefined_token(str(parts[-1]))
        return lambda keywords: card

    def type_words_tok(self, *toks: Token) -> _Types:
        return _Types(tuple(CARD_TYPES[str(t)] for t in toks))

    def colors_none(self) -> _Colors:
        return _Colors(())

    def colors_one(self, *colors: Word) -> _Colors:
        return _Colors(tuple(c.value for c in colors))

    def colors_two(self, *colors: Word) -> _Colors:
        return _Colors(tuple(c.value for c in colors))

    def colors_three(self, *colors: Word) -> _Colors:
        return _Colors(tuple(c.value for c in colors))

    def predefined_token(self, kind: str) -> CardDef:
        """A predefined token (111.10), its abilities compiled from their rules text like any card's."""
        kind = kind.lower()
        if kind not in PREDEFINED_TOKENS:
            raise TextError(f"unknown predefined token {kind!r}", kind)
        types, subtypes, colors, p, t, text = PREDEFINED_TOKENS[kind]
        name = "Walker" if kind == "walker" else subtypes[0]
        abilities = self.compile_nested(name, text, types, subtypes) if text else ()
        return replace(make_token_def(name, types, subtypes, colors, p, t, abilities), text=text)


@dataclass(frozen=True)
class _Colors:
    codes: tuple[str, ...]


@dataclass(frozen=True)
class _Types:
    types: tuple[str, ...]


def _count(count: Amount | Token) -> Amount:
    return count if isinstance(count, Amount) else Const(1)

