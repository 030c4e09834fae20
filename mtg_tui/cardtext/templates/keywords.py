"""Keyword abilities (702): a written keyword becomes the abilities its registry entry says.

How each keyword is read, what it stands for and which rules it takes part
in are declared once, in the keyword registry (mtg_tui/engine/keywords); the
grammar's keyword words come from there too. A keyword the registry reads but
doesn't wire is an error naming it, never an ability that does nothing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from ...engine.abilities import Cost, KeywordAbility, ProtectionChoice, Quality
from ...engine.keywords import spelled
from ...engine.mana import ManaCost
from ...engine.refs import ObjectFilter
from ..errors import TextError
from ..parser import singular_of
from .base import CARD_TYPES_PL, Templates, Word, const, mana
from .costs import spell_cost


class Keywords(Templates):
    def keyword_list(self, *items: list[Any] | Token) -> list[Any]:
        """Keywords, and abilities in quotes ("... and "{T}: Add {G}."")."""
        out: list[Any] = []
        for item in items:
            out.extend(self.quoted(str(item)) if isinstance(item, Token) else item)
        return out

    def keywords_and_quoted(self, *items: list[Any] | Token) -> list[Any]:
        return self.keyword_list(*items)

    def keywords_quoted(self, quoted: Token) -> list[Any]:
        return self.keyword_list(quoted)

    def quoted(self, text: str) -> list[Any]:
        """An ability in quotes given to an object: compiled as that object's own ability (113.2)."""
        inner = text.strip().strip('"').replace("~", "this creature")
        return list(self.compile_nested("", inner, ("Creature",), ()))

    # -- a keyword and what follows it, by the kind of parameter its entry takes ----------

    def kw_plain(self, word: Token) -> list[Any]:
        return self._abilities_of(str(word), None)

    def kw_cost(self, word: Token, cost: Token) -> list[Any]:
        return self._abilities_of(str(word), mana(cost))

    def kw_quality(self, word: Token, *qualities: list[Quality]) -> list[Any]:
        """One ability per quality: "from black and from red" is two (702.16g, 702.11f)."""
        return [a for each in qualities for q in each for a in self._abilities_of(str(word), q)]

    def kw_cost_narrowed(self, word: Token, kind: Token, cost: Token) -> list[Any]:
        """"Equip legendary creature {3}" (702.6c): the keyword's ability, its target narrowed to that kind of
        creature; for keywords whose ability targets "target creature"."""
        kw, _ = spelled(str(word))
        if "target creature" not in kw.means:
            raise TextError(f"{word} followed by a kind of creature isn't supported", f"{word} {kind}")
        made = self._abilities_of(str(word), mana(cost), narrowed=str(kind))
        text = f"{printed(str(word), None)} {kind} {mana(cost).text}"
        return [replace(a, text=text) for a in made]

    def kw_cost_other(self, word: Token, cost: Cost) -> list[Any]:
        """"Kicker—Sacrifice a creature": a keyword whose cost is more than mana (702.32a), where its entry
        allows one."""
        kw, _ = spelled(str(word))
        if not kw.any_cost:
            raise TextError(f"{word} with a cost that isn't only mana isn't supported yet", str(word))
        return self._abilities_of(str(word), replace(spell_cost(cost), text=cost_words(cost)))

    def kw_object(self, word: Token, what: ObjectFilter | str) -> list[Any]:
        if not isinstance(what, ObjectFilter):
            raise TextError("Auras that enchant players aren't supported yet", "enchant player")
        return self._abilities_of(str(word), what)

    def kw_number(self, word: Token, n: Token) -> list[Any]:
        return self._abilities_of(str(word), const(n))

    def kw_protection_choice(self) -> list[Any]:
        return [ProtectionChoice()]

    def _abilities_of(self, word: str, param: Any, narrowed: str = "") -> list[Any]:
        """The abilities a keyword as written stands for: its own ability, or the one its entry ``means``
        (``narrowed``: the kind of creature its "target creature" is, as in "equip legendary creature")."""
        kw, fixed = spelled(word)
        if not kw.wired:
            why = f": {kw.unsupported}" if kw.unsupported else ""
            raise TextError(f"the keyword {word!r} isn't supported yet{why}", word)
        text = printed(word, param)
        if not kw.means:
            return [KeywordAbility(keyword=kw.name, param=param if fixed is None else fixed, text=text)]
        meaning = kw.means.replace("{what}", _written(param)).replace("{fixed}", str(fixed or ""))
        if narrowed:
            meaning = meaning.replace("target creature", f"target {narrowed}")
        made = self.compile_nested(self.card_name, meaning, self.types, self.subtypes)
        return [replace(a, keyword=kw.name, text=text) for a in made]

    # -- enchant's object -----------------------------------------------------------------

    def et_desc(self, flt: ObjectFilter) -> ObjectFilter:
        return flt

    def et_player(self) -> str:
        return "player"

    def et_opponent(self) -> str:
        return "opponent"

    # -- qualities: what protection and hexproof are from ---------------------------

    def q_color(self, color: Word) -> list[Quality]:
        return [Quality("color", color.value)]

    def q_everything(self) -> list[Quality]:
        return [Quality("everything")]

    def q_multicolored(self) -> list[Quality]:
        return [Quality("multicolored")]

    def q_monocolored(self) -> list[Quality]:
        return [Quality("monocolored")]

    def q_type(self, tok: Token) -> list[Quality]:
        return [Quality("type", CARD_TYPES_PL[str(tok)])]

    def q_subtype(self, tok: Token) -> list[Quality]:
        return [Quality("subtype", singular_of()[str(tok)])]

    def q_all_colors(self) -> list[Quality]:
        return [Quality("color", c) for c in "WUBRG"]


def printed(word: str, param: Any) -> str:
    """A keyword as a card prints it: "Flying", "Equip {1}", "Protection from black", "Enchant creature"."""
    head = word[:1].upper() + word[1:]
    if param is None:
        return head
    if isinstance(param, ManaCost):
        return f"{head} {param.text}"
    if isinstance(param, Cost):
        return f"{head}—{param.text[:1].upper()}{param.text[1:]}"
    if isinstance(param, Quality):
        return f"{head} {param.text}"
    if isinstance(param, ObjectFilter):
        return f"{head} {param.describe()}"
    return f"{head} {param}"


def cost_words(cost: Cost) -> str:
    """A cost in words, as a card writes it: "{1}, sacrifice a creature"."""
    def counted(n: int, flt: ObjectFilter) -> str:
        what = flt.describe()
        return f"{'an' if what[:1] in 'aeiou' else 'a'} {what}" if n == 1 else f"{n} {what}s"
    parts = [cost.mana.text] if cost.has_mana else []
    parts += [f"sacrifice {counted(n, flt)}" for n, flt in cost.sacrifice]
    parts += [f"discard {counted(n, flt)}" for n, flt in cost.discard]
    if cost.pay_life:
        parts.append(f"pay {cost.pay_life} life")
    return ", ".join(parts)


def _written(param: Any) -> str:
    """A parameter as card text writes it, to fill in what a keyword means."""
    if isinstance(param, ManaCost):
        return param.text.lower()
    return "" if param is None else str(param)
