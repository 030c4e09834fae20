"""From parse trees to abilities: the meaning of rules text.

One ``Scope`` per ability keeps what the text has mentioned so far: the
target words in order (115.1), the last object and player named (for "it",
"its controller", "that player"), and whether the text is a spell's effect,
a triggered ability or a static ability. A phrase the engine can't carry out
raises ``TextError`` naming it: a card never silently does less than it says.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from lark import Token, Tree

from ..engine import instructions as I
from ..engine.abilities import (ActivatedAbility, AdditionalCost, Affected, AsEntersChoose, ContinuousDef, Cost,
                                CostReduction, Effect, ProtectionChoice,
                                EntersTapped, EntersWithCounters, KeywordAbility, LayerOp, Quality, StaticAbility, Trigger,
                                TriggeredAbility)
from ..engine.mana import COLOR_BY_NAME, ManaCost, ManaError
from ..engine.objects import CardDef
from ..engine.refs import (AllRef, Amount, AttachedRef, AttackedRef, RememberedAmount, CountOf, Compare, Const, ControllerOfRef,
                           DefendingPlayerRef, EachPlayerRef, EventAmount, EventRef, ExiledWithRef, MaxStat,
                           ObjectFilter,
                           OwnerOfRef, PlayerCount, PlayerFilter, Product, Ref, RememberedRef, SelfRef, StatOf,
                           TargetRef, TargetSpec, XAmount, YouRef)
from ..engine.conditions import Condition
from .parser import TextError, singular_of

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
           "fifteen": 15, "twenty": 20}
CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land",
              "planeswalker": "Planeswalker", "instant": "Instant", "sorcery": "Sorcery", "battle": "Battle"}
CARD_TYPES_PL = {"artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment",
                 "lands": "Land", "planeswalkers": "Planeswalker", "instants": "Instant", "sorceries": "Sorcery",
                 "battles": "Battle"}
SUPERTYPES = {"legendary": "Legendary", "basic": "Basic", "snow": "Snow", "world": "World"}
STEP_OF = {"sn_upkeep": "upkeep", "sn_draw": "draw", "sn_end": "end", "sn_combat": "beginning_of_combat",
           "sn_main1": "main1", "sn_main2": "main2", "sn_end_of_combat": "end_of_combat"}

RULE_VPS = ("vp_must_attack", "vp_must_block", "vp_cant_attack", "vp_cant_block", "vp_cant_attack_block",
            "vp_unblockable", "vp_cant_be_blocked_by", "vp_can_block_only", "vp_cant_attack_block_alone",
            "vp_cant_attack_alone", "vp_cant_block_alone", "vp_max_one_blocker")

UNSUPPORTED_KEYWORDS = {"ward", "shadow", "horsemanship", "devoid"}


@dataclass
class Scope:
    """What the text of one ability has named so far."""

    card_name: str
    kind: str                       # "spell" | "activated" | "triggered" | "static" | "token"
    targets: list[TargetSpec] = field(default_factory=list)
    last_obj: Ref | None = None
    last_player: Ref | None = None
    trigger: Trigger | None = None
    remember_n: int = 0
    looked: str | None = None       # the cards a "look at the top" named, for "them"

    def add_target(self, spec: TargetSpec) -> TargetRef:
        self.targets.append(spec)
        return TargetRef(len(self.targets) - 1, plural=spec.max_count > 1)

    def new_key(self, base: str) -> str:
        self.remember_n += 1
        return f"{base}{self.remember_n}"


def _children(t: Tree) -> list[Any]:
    return [c for c in t.children if not (isinstance(c, Token) and c.type in _IGNORED)]


_IGNORED = {"CREATE", "INVESTIGATE", "DEAL", "GAIN", "LOSE", "DRAW", "DISCARD", "MILL", "SACRIFICE", "RETURN", "PUT", "REMOVE", "TAP",
            "UNTAP", "GET", "HAVE", "BECOME", "IS", "CONTROL", "FIGHT", "SCRY", "SURVEIL", "SEARCH", "SHUFFLE",
            "REVEAL", "MAY", "DONT", "ATTACK", "BLOCK", "CANT", "WHEN", "ENTERS", "DASH", "BULLET", "TOKEN_WORD"}


def _find(t: Tree, name: str) -> Tree | None:
    for c in t.children:
        if isinstance(c, Tree) and c.data == name:
            return c
    return None


def _tok(t: Tree, type_: str) -> str | None:
    for c in t.children:
        if isinstance(c, Token) and c.type == type_:
            return str(c)
    return None


def number(tok: Any) -> Amount:
    s = str(tok).strip()
    if s == "x":
        return XAmount()
    if s.isdigit():
        return Const(int(s))
    if s in NUMBERS:
        return Const(NUMBERS[s])
    raise TextError(f"can't read the number {s!r}", s)


def const(tok: Any) -> int:
    a = number(tok)
    if not isinstance(a, Const):
        raise TextError("X isn't allowed here", str(tok))
    return a.n


def _pt(tok: Any) -> tuple[Any, Any]:
    p, t = str(tok).split("/")

    def one(v: str) -> Any:
        sign = -1 if v.startswith("-") else 1
        v = v.lstrip("+-")
        if v == "x":
            if sign < 0:
                return NegX()
            return XAmount()
        return sign * int(v)
    return one(p), one(t)


@dataclass(frozen=True)
class NegX(Amount):
    def value(self, ctx: Any) -> int:
        return -ctx.x


class Compiler:
    """Compiles the paragraphs of one card."""

    def __init__(self, card_name: str, types: tuple[str, ...], subtypes: tuple[str, ...]) -> None:
        self.card_name = card_name
        self.types = types
        self.subtypes = subtypes
        self.is_spell = "Instant" in types or "Sorcery" in types

    # ------------------------------------------------------------------
    # Abilities

    def ability(self, tree: Tree, spell_scope: Scope | None) -> list[Any]:
        """The abilities of one paragraph. Instants and sorceries share ``spell_scope``."""
        node = tree.children[0] if tree.data == "start" else tree
        kind = node.data
        if kind == "keywords":
            return self.keywords(_find(node, "keyword_list"))
        if kind == "activated":
            return [self.activated(node)]
        if kind == "loyalty":
            return [self.loyalty(node)]
        if kind == "triggered":
            return self.triggered(node)
        if kind == "modal":
            scope = spell_scope or Scope(self.card_name, "spell")
            return [("spell_part", self.modal(node, scope))]
        if kind in ("cda_pt", "cda_power"):
            amount = self.amount_expr([c for c in node.children if isinstance(c, Tree)][0], Scope(self.card_name, "static"))
            if not isinstance(amount, CountOf):
                raise TextError("only \"equal to the number of ...\" is supported here", "equal to")
            which = "both" if kind == "cda_pt" else "power"
            return [StaticAbility(effects=(ContinuousDef(Affected("self"),
                                                         (LayerOp("7a", "set_pt_count", (amount.filter, which)),)),))]
        if kind == "as_enters_color":
            return [StaticAbility(replacement=AsEntersChoose("color"))]
        if kind == "no_max_hand":
            return [StaticAbility(effects=(ContinuousDef(Affected("players", who="you"),
                                                         (LayerOp("rules", "flag", ("no_max_hand", None)),)),))]
        if kind in ("cost_less_if", "cost_less_each"):
            amount = self.mana(_tok(node, "MANA"))
            if any(s.kind != "generic" for s in amount.symbols):
                raise TextError("only generic cost reductions are supported", amount.text)
            n = amount.mana_value
            scope = Scope(self.card_name, "static")
            if kind == "cost_less_if":
                cond = [c for c in node.children if isinstance(c, Tree)][0]
                return [CostReduction(amount=n, condition=self.condition(cond, scope))]
            return [CostReduction(amount=n, per=self.desc(_find(node, "desc"), scope))]
        if kind == "additional_cost":
            if not self.is_spell and "Creature" not in self.types:
                pass
            cost = self.costs(_find(node, "cost_list"), Scope(self.card_name, "spell"))
            return [AdditionalCost(cost=cost)]
        if kind == "plain":
            body = _find(node, "body")
            if self.is_spell:
                scope = spell_scope or Scope(self.card_name, "spell")
                return [("spell_part", self.body(body, scope))]
            return self.static(body)
        raise TextError(f"unknown ability form {kind}")

    def keywords(self, kl: Tree) -> list[Any]:
        out = []
        for kw in kl.children:
            if isinstance(kw, Tree):
                out.extend(self.keyword(kw))
            elif isinstance(kw, Token) and kw.type == "QUOTED":
                out.extend(self.quoted(str(kw)))
        return out

    def quoted(self, text: str) -> list[Any]:
        """An ability in quotes given to an object: compiled as that object's own ability (113.2)."""
        from .loader import compile_text
        inner = text.strip().strip('"').replace("~", "this creature")
        abilities = compile_text("", inner, (), ("Creature",), ())
        return list(abilities)

    def keyword(self, kw: Tree) -> list[Any]:
        d = kw.data
        if d == "kw_simple":
            word = str(kw.children[0]).lower()
            if word in UNSUPPORTED_KEYWORDS:
                raise TextError(f"the keyword {word!r} isn't supported yet", word)
            if word == "prowess":
                return [prowess()]
            return [KeywordAbility(keyword=word, text=word.capitalize())]
        if d == "kw_protection_choice":
            return [ProtectionChoice()]
        if d == "kw_protection":
            out = []
            for q in kw.children:
                if isinstance(q, Tree):
                    for quality in self.quality(q):
                        out.append(KeywordAbility(keyword="protection", param=quality,
                                                  text=f"Protection from {quality.text}"))
            return out
        if d == "kw_enchant":
            et = kw.children[0]
            if et.data != "et_desc":
                raise TextError("Auras that enchant players aren't supported yet", "enchant player")
            flt = self.desc(et.children[0], Scope(self.card_name, "static"))
            return [KeywordAbility(keyword="enchant", param=flt, text=f"Enchant {flt.describe()}")]
        if d == "kw_equip":
            cost = self.mana(kw.children[0])
            spec = TargetSpec(objects=ObjectFilter(types=("Creature",), controller="you"),
                              label="target creature you control")
            eff = Effect(instructions=(I.Attach(SelfRef(), TargetRef(0)),), targets=(spec,))
            return [ActivatedAbility(cost=Cost(mana=cost, text=cost.text), effect=eff, sorcery_speed=True,
                                     keyword="equip", attach=True, text=f"Equip {cost.text}")]
        if d == "kw_landwalk":
            word = str(kw.children[0]).lower()
            land = word[:-4].capitalize()
            return [KeywordAbility(keyword="landwalk", param=land, text=word.capitalize())]
        if d == "kw_hexproof_from":
            return [KeywordAbility(keyword="hexproof_from", param=quality, text=f"Hexproof from {quality.text}")
                    for q in kw.children if isinstance(q, Tree) for quality in self.quality(q)]
        if d == "kw_ward":
            return [ward(self.mana(kw.children[0]))]
        if d == "kw_cycling":
            cost = self.mana(kw.children[0])
            return [ActivatedAbility(cost=Cost(mana=cost, discard_self=True, text=f"{cost.text}, Discard this card"),
                                     effect=Effect(instructions=(I.Draw(YouRef(), Const(1)),)), zone="hand",
                                     keyword="cycling", text=f"Cycling {cost.text}")]
        if d == "kw_landcycling":
            word = str(kw.children[0])
            cost = self.mana(kw.children[1])
            if word.startswith("basic"):
                flt = ObjectFilter(types=("Land",), supertypes=("Basic",), zone="library")
            else:
                flt = ObjectFilter(subtypes=(word[:-len("cycling")].capitalize(),), zone="library")
            eff = Effect(instructions=(I.Search(YouRef(), flt, Const(1), "found"), I.RevealObjects(RememberedRef("found")),
                                       I.ReturnToHand(RememberedRef("found")), I.Shuffle(YouRef())))
            return [ActivatedAbility(cost=Cost(mana=cost, discard_self=True, text=f"{cost.text}, Discard this card"),
                                     effect=eff, zone="hand", keyword="cycling",
                                     text=f"{word.capitalize()} {cost.text}")]
        if d == "kw_flashback":
            cost = self.mana(kw.children[0])
            return [KeywordAbility(keyword="flashback", param=cost, text=f"Flashback {cost.text}")]
        raise TextError(f"unknown keyword form {d}")

    def quality(self, q: Tree) -> list[Quality]:
        d = q.data
        if d == "q_color":
            return [Quality("color", self.color(q.children[0]))]
        if d == "q_everything":
            return [Quality("everything")]
        if d == "q_multicolored":
            return [Quality("multicolored")]
        if d == "q_monocolored":
            return [Quality("monocolored")]
        if d == "q_type":
            return [Quality("type", CARD_TYPES_PL[str(q.children[0])])]
        if d == "q_subtype":
            return [Quality("subtype", singular_of()[str(q.children[0])])]
        if d == "q_all_colors":
            return [Quality("color", c) for c in "WUBRG"]
        raise TextError(f"unknown quality {d}")

    def color(self, t: Any) -> str:
        word = str(t.children[0] if isinstance(t, Tree) else t)
        return COLOR_BY_NAME[word]

    # ------------------------------------------------------------------

    def mana(self, tok: Any) -> ManaCost:
        try:
            return ManaCost.parse(str(tok))
        except ManaError as e:
            raise TextError(str(e), str(tok)) from None

    def costs(self, cl: Tree, scope: Scope) -> Cost:
        mana = ManaCost(())
        parts: dict[str, Any] = {"tap": False, "untap": False, "sacrifice_self": False, "sacrifice": (),
                                 "discard": (), "pay_life": 0, "remove_counters": ()}
        for item in cl.children:
            if not isinstance(item, Tree):
                continue
            d = item.data
            if d == "cost_mana":
                mana = mana.plus(self.mana(item.children[0]))
            elif d == "cost_tap":
                parts["tap"] = True
            elif d == "cost_untap":
                parts["untap"] = True
            elif d == "cost_sac_self":
                parts["sacrifice_self"] = True
            elif d == "cost_sacrifice":
                n, flt = self.counted(_find(item, "counted_desc"), scope)
                parts["sacrifice"] = parts["sacrifice"] + ((n, flt),)
            elif d == "cost_life":
                parts["pay_life"] = const(_find(item, "amount").children[0]) if _find(item, "amount") else 1
            elif d == "cost_discard":
                am = _find(item, "amount")
                parts["discard"] = parts["discard"] + ((self.amount_const(am), ObjectFilter(zone="hand")),)
            elif d == "cost_discard_desc":
                n, flt = self.counted(_find(item, "counted_desc"), scope)
                parts["discard"] = parts["discard"] + ((n, replace(flt, zone="hand")),)
            elif d == "cost_remove_counters":
                n, kind = self.counters(_find(item, "counters"))
                parts["remove_counters"] = parts["remove_counters"] + ((n, kind),)
            else:
                raise TextError(f"this kind of cost isn't supported yet ({d[5:].replace('_', ' ')})", d)
        return Cost(mana=mana, text="", **parts)

    def activated(self, node: Tree) -> ActivatedAbility:
        scope = Scope(self.card_name, "activated")
        cost = self.costs(_find(node, "cost_list"), scope)
        effect = self.body(_find(node, "body"), scope)
        sorcery = once = False
        for note in node.children:
            if isinstance(note, Tree) and note.data == "note_sorcery":
                sorcery = True
            elif isinstance(note, Tree) and note.data == "note_once":
                once = True
            elif isinstance(note, Tree) and note.data == "note_your_turn":
                raise TextError("\"activate only during your turn\" isn't supported yet", "activate only")
        is_mana = (not effect.targets and bool(effect.instructions)
                   and all(isinstance(i, I.AddMana) for i in effect.instructions))
        return ActivatedAbility(cost=cost, effect=effect, is_mana=is_mana, sorcery_speed=sorcery,
                                once_per_turn=once)

    def loyalty(self, node: Tree) -> ActivatedAbility:
        scope = Scope(self.card_name, "activated")
        raw = str(node.children[0])
        if "x" in raw:
            raise TextError("loyalty costs with X aren't supported yet", raw)
        n = int(raw)
        effect = self.body(_find(node, "body"), scope)
        return ActivatedAbility(cost=Cost(loyalty=n, text=("+" if n > 0 else "") + str(n)), effect=effect,
                                sorcery_speed=True)

    def triggered(self, node: Tree) -> list[TriggeredAbility]:
        """One ability; two where the text joins two trigger events ("enters or attacks")."""
        trig_node = node.children[0]
        out = []
        for trigger in self.triggers(trig_node):
            scope = Scope(self.card_name, "triggered")
            scope.trigger = trigger
            cond = None
            inter = _find(node, "intervening")
            if inter is not None:
                cond = self.condition(inter.children[0], scope)
            effect = self.body(_find(node, "body"), scope)
            optional = any(isinstance(i, I.MayDo) for i in effect.instructions)
            out.append(TriggeredAbility(trigger=trigger, effect=effect, condition=cond, optional=optional))
        return out

    def triggers(self, t: Tree) -> list[Trigger]:
        if t.data != "trigger_step":
            cond = t.children[-1]
            pairs = {"t_enters_or_attacks": ("t_enters", "t_attacks"), "t_enters_or_dies": ("t_enters", "t_dies"),
                     "t_enters_or_to_graveyard": ("t_enters", "t_to_graveyard")}
            if cond.data in pairs:
                out = []
                for name in pairs[cond.data]:
                    kids = [c for c in cond.children if isinstance(c, Tree) and c.data != "graveyard_word"]
                    if name == "t_to_graveyard":
                        kids = kids + [c for c in cond.children if isinstance(c, Tree) and c.data == "graveyard_word"]
                    out.append(self.trigger(Tree("trigger", [Tree(name, kids)]), Scope(self.card_name, "triggered")))
                return out
        return [self.trigger(t, Scope(self.card_name, "triggered"))]

    def modal(self, node: Tree, scope: Scope) -> Effect:
        count_node = node.children[0]
        if count_node.data != "choose_one":
            raise TextError("only \"choose one\" modal spells are supported yet", "choose")
        modes = []
        mode_targets = []
        for m in node.children[1:]:
            if not isinstance(m, Tree) or m.data != "mode":
                continue
            before = len(scope.targets)
            scope.last_obj = None
            scope.last_player = None
            eff = self.body(_find(m, "body"), scope, collect_targets=False)
            modes.append(eff)
            mode_targets.append(tuple(range(before, len(scope.targets))))
        return Effect(modes=tuple(modes), mode_count=1, targets=tuple(scope.targets),
                      mode_targets=tuple(mode_targets))

    # ------------------------------------------------------------------
    # Triggers

    def trigger(self, t: Tree, scope: Scope) -> Trigger:
        if t.data == "trigger_step":
            st = t.children[0]
            owner = st.children[0].data
            name = st.children[1].data
            whose = {"so_your": "your", "so_opponent": "opponent", "so_each": "each", "so_next": "each"}[owner]
            step = STEP_OF[name]
            if name == "sn_combat" and any(isinstance(c, Token) for c in st.children[1].children):
                whose = "your"
            return Trigger("step", step=step, whose=whose, next_only=owner == "so_next")
        cond = t.children[-1]
        d = cond.data
        subj = cond.children[0] if cond.children and isinstance(cond.children[0], Tree) else None

        def subject_parts() -> dict[str, Any]:
            if subj is None:
                return {}
            sd = subj.data
            if sd == "ts_self":
                return {"self_only": True}
            if sd == "ts_self_or":
                flt = self.desc(_find(subj, "desc"), scope)
                return {"or_self": True, "subject": replace(flt, another=True)}
            if sd == "ts_another":
                flt = self.desc(_find(subj, "desc"), scope)
                return {"subject": replace(flt, another=True)}
            if sd == "ts_a":
                node = _find(subj, "desc") or _find(subj, "desc_plural")
                return {"subject": self.desc(node, scope)}
            return {"attached": True}

        def player_of(ps: Tree | None) -> str:
            if ps is None:
                return "any"
            return {"ps_you": "you", "ps_opponent": "opponent", "ps_any": "any"}[ps.data]

        if d == "t_enters":
            return Trigger("enters", **subject_parts())
        if d == "t_dies":
            return Trigger("dies", **subject_parts())
        if d == "t_to_graveyard":
            return Trigger("to_graveyard", from_zone="battlefield", **subject_parts())
        if d == "t_leaves":
            return Trigger("leaves", **subject_parts())
        if d == "t_gain_life":
            return Trigger("gain_life", player=player_of(cond.children[0]))
        if d == "t_lose_life":
            return Trigger("lose_life", player=player_of(cond.children[0]))
        if d == "t_draw":
            return Trigger("draw", player=player_of(cond.children[0]))
        if d == "t_cast":
            sd = _find(cond, "spell_desc")
            flt = self.desc(_find(sd, "desc"), scope)
            flt = replace(flt, zone="stack", types=tuple(t for t in flt.types if t != "Spell"))
            return Trigger("cast", player=player_of(cond.children[0]), spell_filter=flt)
        if d == "t_attacks":
            return Trigger("attacks", **subject_parts())
        if d == "t_blocks":
            return Trigger("blocks", **subject_parts())
        if d == "t_becomes_blocked":
            return Trigger("becomes_blocked", **subject_parts())
        if d in ("t_combat_damage_player", "t_damage_player", "t_combat_damage", "t_damage", "t_damage_opponent",
                 "t_combat_damage_opponent"):
            parts = subject_parts()
            if not (parts.get("self_only") or parts.get("attached")):
                raise TextError("damage triggers of other creatures aren't supported yet", "deals damage")
            to_player = "player" in d or "opponent" in d
            return Trigger("damage", self_only=bool(parts.get("self_only")), attached=bool(parts.get("attached")),
                           combat_only="combat" in d, to="player" if to_player else "",
                           player="opponent" if "opponent" in d else "any")
        if d == "t_dealt_damage":
            parts = subject_parts()
            if not (parts.get("self_only") or parts.get("attached")):
                raise TextError("\"is dealt damage\" triggers of other creatures aren't supported yet", "dealt")
            return Trigger("dealt_damage", self_only=bool(parts.get("self_only")),
                           attached=bool(parts.get("attached")))
        if d == "t_dies_damaged_by_self":
            return Trigger("dies_damaged_by_self")
        raise TextError(f"this trigger isn't supported yet ({d})", d)

    def condition(self, c: Tree, scope: Scope) -> Condition:
        d = c.data
        if d == "cond_untapped":
            return Condition("self_untapped")
        if d == "cond_tapped":
            return Condition("self_tapped")
        if d in ("cond_you_control", "cond_opp_controls"):
            n, flt = self.counted(_find(c, "counted_desc"), scope)
            return Condition("you_control" if d == "cond_you_control" else "opponent_controls", flt, n)
        if d == "cond_you_control_either":
            words = [self.type_word(w) for w in c.children if isinstance(w, Tree)]
            flt = ObjectFilter(types=tuple(v for k, v in words if k == "type"),
                               subtypes=tuple(v for k, v in words if k == "subtype"))
            return Condition("you_control", flt, 1)
        if d == "cond_two_other_lands":
            return Condition("you_control", ObjectFilter(types=("Land",), another=True), 2)
        if d == "cond_two_or_fewer_other_lands":
            return Condition("you_control_at_most", ObjectFilter(types=("Land",), another=True), 2)
        if d == "cond_life_at_most":
            return Condition("life_at_most", count=self.amount_const(_find(c, "amount")))
        if d == "cond_life_at_least":
            return Condition("life_at_least", count=self.amount_const(_find(c, "amount")))
        raise TextError(f"this condition isn't supported yet ({d})", d)

    # ------------------------------------------------------------------
    # Effects

    def body(self, body: Tree, scope: Scope, collect_targets: bool = True) -> Effect:
        ins: list[I.Instruction] = []
        for sentence in body.children:
            if not isinstance(sentence, Tree):
                continue
            lead = _find(sentence, "lead_duration") is not None
            part: list[I.Instruction] = []
            clauses = _find(sentence, "clauses")
            for cl in (_merged_clauses(clauses) if clauses is not None else []):
                part.extend(self.clause(cl, scope, "end_of_turn" if lead else None))
            if sentence.data == "delayed_sentence":
                part = [_delayed_at_next_end(part)]
            elif sentence.data == "if_you_do_sentence":
                if not any(isinstance(i, I.MayDo) for i in ins):
                    raise TextError("\"if you do\" needs a \"you may\" before it", "if you do")
                part = [I.IfYouDo(tuple(part))]
            elif sentence.data == "dies_exile_instead":
                part = [I.ExileIfDies(scope.last_obj or SelfRef())]
            elif sentence.data == "otherwise_sentence":
                raise TextError("\"otherwise\" isn't supported yet", "otherwise")
            ins.extend(part)
        ins = _merge_no_regen(ins)
        if collect_targets:
            return Effect(instructions=tuple(ins), targets=tuple(scope.targets))
        return Effect(instructions=tuple(ins))

    def clause(self, cl: Tree, scope: Scope, lead_duration: str | None) -> list[I.Instruction]:
        d = cl.data
        if d == "no_regen":
            return [_NoRegen()]
        if d == "where_x":
            inner = self.clause(cl.children[0], scope, lead_duration)
            return [_replace_x(i, self.amount_expr(cl.children[1], scope)) for i in inner]
        if d == "prevent_clause":
            return [self.prevention(cl.children[0], scope)]
        duration = lead_duration
        dur_node = cl.children[-1] if cl.children and isinstance(cl.children[-1], Tree) and \
            cl.children[-1].data in ("until_eot", "until_eoc", "until_your_next_turn", "at_next_end") else None
        if dur_node is not None and dur_node.data == "at_next_end":
            inner = Tree(cl.data, cl.children[:-1])
            return [_delayed_at_next_end(self.clause(inner, scope, lead_duration))]
        if dur_node is not None:
            duration = {"until_eot": "end_of_turn", "until_eoc": "end_of_combat"}.get(dur_node.data)
            if duration is None:
                raise TextError("\"until your next turn\" isn't supported yet", "until your next turn")
        if d == "subj_clause":
            subject = self.subject(cl.children[0], scope)
            vps = cl.children[1]
        else:
            subject = YouRef()
            vps = cl.children[0]
        out: list[I.Instruction] = []
        for vp in vps.children:
            if isinstance(vp, Tree) and vp.data != "vsep":
                out.extend(self.vp(vp, subject, duration, scope))
        return out

    def subject(self, node: Tree, scope: Scope) -> Ref:
        if node.data.startswith("pr_"):
            return self.player_ref(node, scope)
        return self.obj_ref(node, scope)

    # -- references --------------------------------------------------------

    def player_ref(self, node: Tree, scope: Scope) -> Ref:
        d = node.data
        if d == "pr_you":
            return YouRef()
        if d in ("pr_target_player", "pr_target_opponent"):
            ref = scope.add_target(TargetSpec(players=PlayerFilter("opponent" if "opponent" in d else "any"),
                                              label="target opponent" if "opponent" in d else "target player"))
            scope.last_player = ref
            return ref
        if d == "pr_each_player":
            return EachPlayerRef("each")
        if d == "pr_each_opponent":
            return EachPlayerRef("opponents")
        if d == "pr_an_opponent":
            return EachPlayerRef("opponents")
        if d == "pr_that_player":
            if scope.last_player is not None:
                return scope.last_player
            if scope.trigger is not None:
                return EventRef("player")
            raise TextError("\"that player\" doesn't refer to anything", "that player")
        if d == "pr_its_controller":
            return ControllerOfRef(scope.last_obj or SelfRef())
        if d == "pr_its_owner":
            return OwnerOfRef(scope.last_obj or SelfRef())
        if d == "pr_defending":
            return DefendingPlayerRef()
        raise TextError(f"unknown player reference {d}")

    def obj_ref(self, node: Tree, scope: Scope) -> Ref:
        d = node.data
        if d == "or_self":
            ref: Ref = SelfRef()
        elif d in ("or_it", "or_they", "or_that"):
            ref = scope.last_obj or SelfRef()
            if d == "or_that" and scope.last_obj is None and scope.trigger is not None:
                ref = EventRef("obj")
        elif d == "or_target":
            ref = self.target(node.children[0], scope)
        elif d in ("or_each", "or_all", "or_each_other", "or_all_other"):
            child = node.children[0]
            flt = self.desc(child, scope)
            if d in ("or_each_other", "or_all_other"):
                flt = replace(flt, another=True)
            ref = AllRef(flt)
        elif d in ("or_enchanted", "or_equipped"):
            ref = AttachedRef("enchanted" if d == "or_enchanted" else "equipped")
        elif d == "or_exiled_with":
            ref = ExiledWithRef()
        else:
            raise TextError(f"unknown object reference {d}")
        scope.last_obj = ref
        return ref

    def target(self, tp: Tree, scope: Scope) -> Ref:
        d = tp.data
        if d in ("tp_any", "tp_any_other"):
            spec = TargetSpec(objects=ObjectFilter(types=("Creature", "Planeswalker", "Battle"),
                                                   another=d == "tp_any_other"),
                              players=PlayerFilter("any"), label="any target")
            return scope.add_target(spec)
        desc = _find(tp, "desc")
        flt = self.desc(desc, scope)
        if d == "tp_one":
            return scope.add_target(TargetSpec(objects=flt, label="target " + _text_of(desc)))
        if d == "tp_another":
            return scope.add_target(TargetSpec(objects=replace(flt, another=True),
                                               label="another target " + _text_of(desc)))
        if d in ("tp_n", "tp_up_to", "tp_up_to_other"):
            n = const(_tok(tp, "NUMBER"))
            lo = 0 if d != "tp_n" else n
            if d == "tp_up_to_other":
                flt = replace(flt, another=True)
            return scope.add_target(TargetSpec(objects=flt, min_count=lo, max_count=n,
                                               label=f"{'up to ' if lo == 0 else ''}{n} target {_text_of(desc)}"))
        if d == "tp_desc_or_player":
            return scope.add_target(TargetSpec(objects=flt, players=PlayerFilter("any"),
                                               label=f"target {_text_of(desc)} or player"))
        if d in ("tp_player_or_desc", "tp_opponent_or_desc"):
            who = "opponent" if d == "tp_opponent_or_desc" else "any"
            return scope.add_target(TargetSpec(objects=flt, players=PlayerFilter(who),
                                               label=f"target {'opponent' if who == 'opponent' else 'player'} "
                                                     f"or {_text_of(desc)}"))
        raise TextError(f"unknown target form {d}")

    def recipients(self, node: Tree, scope: Scope) -> list[Ref]:
        items = [node] if node.data.startswith("rc_") else [c for c in node.children if isinstance(c, Tree)]
        out: list[Ref] = []
        for rc in items:
            if rc.data == "rc_attacked":
                out.append(AttackedRef())
            elif rc.data == "rc_obj":
                out.append(self.obj_ref(rc.children[0], scope))
            elif rc.data == "rc_player":
                out.append(self.player_ref(rc.children[0], scope))
            elif rc.data in ("rc_each_and_players", "rc_each_and_opponents"):
                out.append(AllRef(self.desc(rc.children[0], scope)))
                out.append(EachPlayerRef("each" if rc.data == "rc_each_and_players" else "opponents"))
            else:
                raise TextError(f"unknown recipient {rc.data}")
        return out

    # -- descriptions ------------------------------------------------------

    def counted(self, cd: Tree, scope: Scope) -> tuple[int, ObjectFilter]:
        """(how many, description); "up to N" gives N (the instruction allows fewer)."""
        first = cd.children[0]
        n = 1
        if isinstance(first, Tree) and first.data.startswith("amount"):
            n = self.amount_const(first)
        elif isinstance(first, Token) and first.type == "ARTICLE":
            n = 1
        desc = _find(cd, "desc")
        return n, self.desc(desc, scope)

    def desc(self, node: Tree, scope: Scope) -> ObjectFilter:
        f: dict[str, Any] = {"types": [], "subtypes": [], "supertypes": [], "colors": [], "not_types": [],
                             "not_subtypes": [], "not_supertypes": [], "not_colors": [], "types_all": [],
                             "compares": []}
        zone = "battlefield"
        for c in node.children:
            if not isinstance(c, Tree):
                continue
            if c.data == "premods":
                for pm in c.children:
                    if isinstance(pm, Tree):
                        self.premod(pm, f)
            elif c.data in ("noun_types", "noun_card", "noun_spell", "noun_permanent", "noun_token"):
                zone = self.noun(c, f)
            else:
                z = self.postmod(c, f, scope)
                if z:
                    zone = z
        out = ObjectFilter(
            types=tuple(dict.fromkeys(f["types"])), subtypes=tuple(dict.fromkeys(f["subtypes"])),
            supertypes=tuple(f["supertypes"]), colors=tuple(f["colors"]), not_types=tuple(f["not_types"]),
            not_subtypes=tuple(f["not_subtypes"]), not_supertypes=tuple(f["not_supertypes"]),
            not_colors=tuple(f["not_colors"]), types_all=tuple(f["types_all"]), compares=tuple(f["compares"]),
            colorless=f.get("colorless"), multicolored=f.get("multicolored"), controller=f.get("controller"),
            owner=f.get("owner"), another=f.get("another", False), tapped=f.get("tapped"),
            attacking=f.get("attacking"), blocking=f.get("blocking"), token=f.get("token"), zone=zone,
            name=f.get("name"), dealt_damage_by_source=f.get("dealt_damage_by_source", False),
            with_keyword=f.get("with_keyword"), without_keyword=f.get("without_keyword"),
            controller_ref=f.get("controller_ref"), no_counters=f.get("no_counters", False),
            chosen_color=f.get("chosen_color", False))
        if f.get("attacking_or_blocking"):
            out = ObjectFilter(any_of=(replace(out, attacking=True), replace(out, blocking=True)), zone=zone)
        return out

    def premod(self, pm: Tree, f: dict[str, Any]) -> None:
        d = pm.data
        if d == "pm_non":
            word = str(pm.children[0])[3:].lstrip("-")
            if word in COLOR_BY_NAME:
                f["not_colors"].append(COLOR_BY_NAME[word])
            elif word in CARD_TYPES:
                f["not_types"].append(CARD_TYPES[word])
            elif word in SUPERTYPES:
                f["not_supertypes"].append(SUPERTYPES[word])
            elif word == "token":
                f["token"] = False
            elif word in singular_of():
                f["not_subtypes"].append(singular_of()[word])
            else:
                raise TextError(f"can't read 'non{word}'", "non" + word)
        elif d == "pm_color":
            f["colors"].append(self.color(pm.children[0]))
        elif d == "pm_color_or":
            f["colors"].extend(self.color(c) for c in pm.children if isinstance(c, Tree))
        elif d == "pm_colorless":
            f["colorless"] = True
        elif d == "pm_multicolored":
            f["multicolored"] = True
        elif d == "pm_monocolored":
            raise TextError("\"monocolored\" isn't supported yet", "monocolored")
        elif d == "pm_tapped":
            f["tapped"] = True
        elif d == "pm_untapped":
            f["tapped"] = False
        elif d == "pm_attacking":
            f["attacking"] = True
        elif d == "pm_blocking":
            f["blocking"] = True
        elif d == "pm_attacking_or_blocking":
            f["attacking_or_blocking"] = True
        elif d in ("pm_legendary", "pm_basic", "pm_snow"):
            f["supertypes"].append({"pm_legendary": "Legendary", "pm_basic": "Basic", "pm_snow": "Snow"}[d])
        elif d == "pm_token":
            f["token"] = True
        elif d == "pm_other":
            f["another"] = True
        else:
            raise TextError(f"unknown modifier {d}")

    def noun(self, n: Tree, f: dict[str, Any]) -> str:
        d = n.data
        zone = "battlefield"
        if d == "noun_types":
            tw = n.children[0]
            words = [self.type_word(w) for w in tw.children if isinstance(w, Tree)]
            if tw.data == "type_words_and":
                for kind, value in words:
                    f["types_all"].append(value)
            else:
                for kind, value in words:
                    f["types" if kind == "type" else "subtypes"].append(value)
            cw = _tok(n, "CARD_WORD") or _tok(n, "CARD_WORD_PL")
            if cw:
                zone = self._card_word_zone(cw, f)
        elif d == "noun_card":
            zone = self._card_word_zone(str(n.children[0]), f)
        elif d == "noun_spell":
            zone = "stack"
        elif d == "noun_permanent":
            f["types"].append("Permanent")
        elif d == "noun_token":
            f["token"] = True
        return zone

    def _card_word_zone(self, cw: str, f: dict[str, Any]) -> str:
        if cw.startswith("card"):
            return ""
        if cw.startswith("spell"):
            return "stack"
        if cw.startswith("token"):
            f["token"] = True
        if cw.startswith("permanent"):
            f["types"].append("Permanent")
        return "battlefield"

    def type_word(self, w: Tree) -> tuple[str, str]:
        tok = w.children[0]
        s = str(tok)
        if tok.type in ("CARDTYPE",):
            return ("type", CARD_TYPES[s])
        if tok.type in ("CARDTYPES",):
            return ("type", CARD_TYPES_PL[s])
        return ("subtype", singular_of()[s])

    def postmod(self, p: Tree, f: dict[str, Any], scope: Scope) -> str | None:
        d = p.data
        if d == "post_you_control":
            f["controller"] = "you"
        elif d == "post_not_you_control":
            f["controller"] = "not_you"
        elif d == "post_opp_controls":
            f["controller"] = "opponent"
        elif d == "post_you_own":
            f["owner"] = "you"
        elif d == "post_your_graveyard":
            f["owner"] = "you"
            return "graveyard"
        elif d == "post_a_graveyard":
            return "graveyard"
        elif d == "post_opp_graveyard":
            f["owner"] = "opponent"
            return "graveyard"
        elif d == "post_your_hand":
            f["owner"] = "you"
            return "hand"
        elif d in ("post_with_keyword", "post_without_keyword"):
            kws = self.keywords(p.children[0])
            key = "with_keyword" if d == "post_with_keyword" else "without_keyword"
            f[key] = kws[0].keyword
        elif d in ("post_power_le", "post_power_ge", "post_toughness_le", "post_toughness_ge", "post_mv_le",
                   "post_mv_ge"):
            stat = {"power": "power", "toughness": "toughness", "mv": "mana value"}[d.split("_")[1]]
            op = "<=" if d.endswith("le") else ">="
            f["compares"].append(Compare(stat, op, const(p.children[0])))
        elif d == "post_dealt_damage_by_self":
            f["dealt_damage_by_source"] = True
        elif d == "post_chosen_color":
            f["chosen_color"] = True
        elif d == "post_no_counters":
            f["no_counters"] = True
        elif d == "post_total_pt_le":
            f["compares"].append(Compare("total", "<=", const(p.children[0])))
        elif d == "post_attacking":
            f["attacking"] = True
        elif d == "post_defending_controls":
            f["controller"] = "defending"
        elif d == "post_not_type":
            tw = [c for c in p.children if isinstance(c, Tree)][0]
            tok = tw.children[0]
            kind, value = self.type_word(Tree("type_word", [tok]))
            f["not_types" if kind == "type" else "not_subtypes"].append(value)
        elif d == "post_blocking_self":
            raise TextError("\"blocking this creature\" isn't supported yet", "blocking")
        elif d == "post_named":
            raise TextError("\"named\" descriptions aren't supported yet", "named")
        elif d in ("post_target_player_controls", "post_target_opponent_controls"):
            who = "opponent" if d == "post_target_opponent_controls" else "any"
            ref = scope.add_target(TargetSpec(players=PlayerFilter(who), label=f"target {'opponent' if who == 'opponent' else 'player'}"))
            scope.last_player = ref
            f["controller_ref"] = ref
        else:
            raise TextError(f"unknown description part {d}")
        return None

    # -- amounts -------------------------------------------------------------

    def amount(self, node: Tree | None) -> Amount:
        if node is None:
            return Const(1)
        if node.data == "amount_one":
            return Const(1)
        if node.data == "amount_that_much":
            return EventAmount("amount")
        return number(node.children[0])

    def amount_const(self, node: Tree | None) -> int:
        a = self.amount(node)
        if not isinstance(a, Const):
            raise TextError("X isn't supported here", "x")
        return a.n

    def amount_expr(self, node: Tree, scope: Scope) -> Amount:
        d = node.data
        if d in ("ae_its_power", "ae_its_toughness", "ae_its_mv"):
            stat = {"ae_its_power": "power", "ae_its_toughness": "toughness", "ae_its_mv": "mana value"}[d]
            return StatOf(scope.last_obj or SelfRef(), stat)
        if d == "ae_self_power":
            return StatOf(SelfRef(), "power")
        if d == "ae_count":
            return CountOf(self.desc(node.children[0], scope))
        if d == "ae_x":
            return XAmount()
        if d == "ae_dealt_this_way":
            return RememberedAmount("damage")
        if d == "ae_greatest_power":
            return MaxStat(self.desc(node.children[0], scope), "power")
        if d == "ae_life_total":
            return PlayerCount(YouRef(), "life")
        if d in ("ae_hand_size", "ae_graveyard_size"):
            return PlayerCount(YouRef(), "hand" if d == "ae_hand_size" else "graveyard")
        if d == "ae_that_much":
            return EventAmount("amount")
        raise TextError(f"unknown amount {d}")

    def counters(self, node: Tree) -> tuple[int, str]:
        n = self.amount_const(_find(node, "amount"))
        kind = _tok(node, "COUNTER_KIND")
        return n, str(kind)

    # -- verb phrases: one-shot effects ---------------------------------------

    def vp(self, vp: Tree, subject: Ref, duration: str | None, scope: Scope) -> list[I.Instruction]:
        if scope.kind == "static":
            raise TextError("internal: static vp compiled as effect")
        d = vp.data
        ch = _children(vp)
        trees = [c for c in ch if isinstance(c, Tree)]

        def objs(i: int = 0) -> Ref:
            return self.obj_ref(trees[i], scope)

        if d in ("vp_damage", "vp_damage_equal") and not self._can_be_source(subject, scope):
            raise TextError("damage needs a source object (\"[this] deals N damage\")", "deal")
        if d == "vp_damage":
            amt = self.amount(_find(vp, "amount"))
            rec = self.recipients(trees[1], scope)
            return [I.DealDamage(subject, amt, tuple(rec))]
        if d == "vp_damage_divided":
            among = str(_tok(vp, "DIVIDE_AMONG"))
            hi = {"one or two": 2, "one, two, or three": 3}.get(among.split(" target")[0].replace(" targets", ""), 0)
            amt = self.amount(_find(vp, "amount"))
            if hi == 0:
                if not isinstance(amt, Const):
                    raise TextError("dividing X damage among any number of targets isn't supported yet", among)
                hi = amt.n
            if "creature" in among:
                types = ("Creature", "Planeswalker") if "planeswalker" in among else ("Creature",)
                spec = TargetSpec(objects=ObjectFilter(types=types), min_count=1, max_count=hi,
                                  label=f"{among} (damage divided)", divide=True)
            else:
                spec = TargetSpec(objects=ObjectFilter(types=("Creature", "Planeswalker", "Battle")),
                                  players=PlayerFilter("any"), min_count=1, max_count=hi,
                                  label=f"{among} (damage divided)", divide=True)
            ref = scope.add_target(spec)
            return [I.DealDamage(subject, amt, (ref,), divided=True)]
        if d == "vp_damage_two":
            a1 = self.amount(trees[0])
            r1 = self.recipients(trees[1], scope)
            a2 = self.amount(trees[2])
            r2 = self.recipients(trees[3], scope)
            return [I.DealDamage(subject, a1, tuple(r1), tuple((a2, r) for r in r2))]
        if d == "vp_damage_equal":
            amt = self.amount_expr(trees[0], scope)
            rec = self.recipients(trees[1], scope)
            return [I.DealDamage(subject, amt, tuple(rec))]
        if d == "vp_gain_life":
            return [I.GainLife(self._player(subject), self.amount(_find(vp, "amount")))]
        if d in ("vp_gain_life_each", "vp_lose_life_each"):
            per = self.amount(_find(vp, "amount"))
            count = CountOf(self.desc(_find(vp, "desc"), scope))
            cls = I.GainLife if d == "vp_gain_life_each" else I.LoseLife
            return [cls(self._player(subject), Product(per, count))]
        if d == "vp_draw_each":
            return [I.Draw(self._player(subject), CountOf(self.desc(_find(vp, "desc"), scope)))]
        if d == "vp_damage_each":
            per = self.amount(_find(vp, "amount"))
            rec = self.recipients(trees[1], scope)
            count = CountOf(self.desc(trees[2], scope))
            return [I.DealDamage(subject, Product(per, count), tuple(rec))]
        if d == "vp_damage_equal_late":
            rec = self.recipients(trees[0], scope)
            amt = self.amount_expr(trees[1], scope)
            return [I.DealDamage(subject, amt, tuple(rec))]
        if d == "vp_gain_life_equal":
            return [I.GainLife(self._player(subject), self.amount_expr(trees[0], scope))]
        if d == "vp_lose_life":
            return [I.LoseLife(self._player(subject), self.amount(_find(vp, "amount")))]
        if d == "vp_lose_life_equal":
            return [I.LoseLife(self._player(subject), self.amount_expr(trees[0], scope))]
        if d == "vp_draw":
            return [I.Draw(self._player(subject), self.amount(_find(vp, "amount")))]
        if d == "vp_draw_equal":
            return [I.Draw(self._player(subject), self.amount_expr(trees[0], scope))]
        if d == "vp_discard":
            return [I.Discard(self._player(subject), self.amount(_find(vp, "amount")))]
        if d == "vp_discard_random":
            return [I.Discard(self._player(subject), self.amount(_find(vp, "amount")), random=True)]
        if d == "vp_discard_hand":
            return [I.Discard(self._player(subject), whole_hand=True)]
        if d == "vp_discard_ref":
            return [I.Discard(self._player(subject), specific=objs())]
        if d == "vp_mill":
            return [I.Mill(self._player(subject), self.amount(_find(vp, "amount")))]
        if d == "vp_sacrifice":
            n, flt = self.counted(trees[0], scope)
            return [I.Sacrifice(self._player(subject), flt, Const(n))]
        if d == "vp_sacrifice_ref":
            return [I.SacrificeIt(objs())]
        if d == "vp_destroy":
            return [I.Destroy(objs())]
        if d == "vp_exile":
            return [I.Exile(objs())]
        if d == "vp_exile_until":
            return [I.ExileUntil(objs())]
        if d in ("vp_look_top", "vp_look_top_one"):
            n = self.amount(_find(vp, "amount")) if d == "vp_look_top" else Const(1)
            key = scope.new_key("looked")
            scope.last_obj = RememberedRef(key, plural=True)
            scope.looked = key
            return [I.LookTop(self._player(subject), n, key)]
        if d in ("vp_put_back", "vp_dig_bottom", "vp_dig_graveyard"):
            key = getattr(scope, "looked", None)
            if key is None:
                raise TextError("\"them\" needs a \"look at the top\" before it", "them")
            if d == "vp_put_back":
                return [I.PutBack(key)]
            n = self.amount(_find(vp, "amount"))
            return [I.DigToHand(n, "bottom" if d == "vp_dig_bottom" else "graveyard", key)]
        if d == "vp_return_hand":
            return [I.ReturnToHand(objs())]
        if d == "vp_put_battlefield":
            what = objs()
            tapped = _find(vp, "tapped_mod") is not None
            under = _find(vp, "under_control")
            return [I.PutOntoBattlefield(what, tapped, under_you=under is not None)]
        if d == "vp_put_graveyard":
            raise TextError("putting objects into a graveyard isn't supported yet", "into")
        if d == "vp_put_second":
            return [I.PutSecondFromTop(objs())]
        if d == "vp_hand_to_top":
            return [I.HandToTop(self.amount(_find(vp, "amount")))]
        if d in ("vp_put_top", "vp_put_bottom"):
            return [I.PutIntoLibrary(objs(), "top" if d == "vp_put_top" else "bottom")]
        if d == "vp_put_counters":
            n, kind = self.counters(trees[0])
            return [I.PutCounters(self.obj_ref(trees[1], scope), kind, Const(n))]
        if d == "vp_remove_counters":
            n, kind = self.counters(trees[0])
            return [I.RemoveCounters(self.obj_ref(trees[1], scope), kind, Const(n))]
        if d == "vp_counter":
            return [I.CounterIt(objs())]
        if d == "vp_counter_unless":
            return [I.CounterUnless(objs(), self.mana(_tok(vp, "MANA")))]
        if d == "vp_tap":
            return [I.Tap(objs())]
        if d == "vp_untap":
            return [I.Untap(objs())]
        if d == "vp_pump":
            p, t = _pt(_tok(vp, "PT"))
            return [I.ApplyEffect(self._objects(subject), (LayerOp("7c", "add_pt", (p, t)),),
                                  duration or "permanent")]
        if d == "vp_pump_each":
            p, t = _pt(_tok(vp, "PT"))
            count = CountOf(self.desc(_find(vp, "desc"), scope))
            pa = Product(p if isinstance(p, Amount) else Const(p), count)
            ta = Product(t if isinstance(t, Amount) else Const(t), count)
            return [I.ApplyEffect(self._objects(subject), (LayerOp("7c", "add_pt", (pa, ta)),),
                                  duration or "permanent")]
        if d == "vp_grant":
            abilities = tuple(self.keywords(trees[0]))
            return [I.ApplyEffect(self._objects(subject), (LayerOp("6", "grant", (abilities,)),),
                                  duration or "permanent")]
        if d == "vp_lose_all":
            return [I.ApplyEffect(self._objects(subject), (LayerOp("6", "remove_all_abilities"),),
                                  duration or "permanent")]
        if d == "vp_lose_keywords":
            ops = tuple(LayerOp("6", "remove_keyword", (k.keyword,)) for k in self.keywords(trees[0]))
            return [I.ApplyEffect(self._objects(subject), ops, duration or "permanent")]
        if d == "vp_become":
            return [I.ApplyEffect(self._objects(subject), self.become(trees[0]), duration or "permanent")]
        if d == "vp_base_pt":
            p, t = _pt(_tok(vp, "PT"))
            return [I.ApplyEffect(self._objects(subject), (LayerOp("7b", "set_pt", (p, t)),), duration or "permanent")]
        if d == "vp_gain_control":
            return [I.ApplyEffect(objs(), (LayerOp("2", "control"),), duration or "permanent")]
        if d == "vp_fight":
            return [I.Fight(self._objects(subject), objs())]
        if d == "vp_regenerate":
            return [I.Regenerate(objs())]
        if d == "vp_scry":
            return [I.Scry(self._player(subject), self.amount(_find(vp, "amount")))]
        if d == "vp_surveil":
            return [I.Surveil(self._player(subject), self.amount(_find(vp, "amount")))]
        if d == "vp_search":
            n, flt = self.counted(trees[0], scope)
            key = scope.new_key("found")
            flt = replace(flt, zone="library")
            ref = RememberedRef(key, plural=n > 1)
            scope.last_obj = ref
            return [I.Search(self._player(subject), flt, Const(n), key)]
        if d == "vp_shuffle":
            return [I.Shuffle(self._player(subject))]
        if d == "vp_reveal_ref":
            return [I.RevealObjects(objs())]
        if d == "vp_reveal_hand":
            who = self._player(subject)
            scope.last_player = who
            return [I.RevealHand(who)]
        if d == "vp_create":
            return self.create(trees[0], subject, scope)
        if d == "vp_investigate":
            return [I.CreateToken(self._player(subject), Const(1), predefined_token("clue"))]
        if d == "vp_add_mana":
            return [self.add_mana(trees[0])]
        if d == "vp_choose_card":
            n, flt = self.counted(trees[0], scope)
            owner = scope.last_player or YouRef()
            key = scope.new_key("chosen")
            scope.last_obj = RememberedRef(key)
            return [I.ChooseCard(self._player(subject), owner, "hand", replace(flt, zone="hand"), Const(n), key)]
        if d == "vp_may_have":
            other = self.subject(trees[0], scope)
            inner = self.vp(trees[1], other, duration, scope)
            return [I.MayDo(YouRef(), tuple(inner), prompt=_prompt(vp))]
        if d == "vp_sacrifice_unless":
            return [I.SacrificeUnless(objs(), self.mana(_tok(vp, "MANA")))]
        if d == "vp_return_choice":
            n, flt = self.counted(trees[0], scope)
            key = scope.new_key("chosen")
            scope.last_obj = RememberedRef(key)
            return [I.ChoosePermanents(flt, Const(n), key), I.ReturnToHand(RememberedRef(key))]
        if d == "vp_may":
            inner = self.vp(trees[0], subject, duration, scope)
            who = self._player(subject) if not isinstance(subject, (SelfRef, TargetRef)) else YouRef()
            return [I.MayDo(who, tuple(inner), prompt=_prompt(vp))]
        if d == "vp_doesnt_untap":
            return [I.DoesntUntap(self._objects(subject))]
        if d in RULE_VPS:
            ops = self.rule_ops(vp, scope)
            return [I.ApplyEffect(self._objects(subject), ops, duration or "permanent")]
        raise TextError(f"this kind of effect isn't supported yet: {d[3:].replace('_', ' ')}", d)

    def _can_be_source(self, ref: Ref, scope: Scope) -> bool:
        if isinstance(ref, (YouRef, EachPlayerRef, ControllerOfRef, OwnerOfRef, DefendingPlayerRef)):
            return False
        if isinstance(ref, TargetRef):
            return scope.targets[ref.index].objects is not None
        return True

    def _player(self, ref: Ref) -> Ref:
        if isinstance(ref, (SelfRef, AttachedRef, AllRef, RememberedRef)):
            return ControllerOfRef(ref)
        return ref

    def _objects(self, ref: Ref) -> Ref:
        if isinstance(ref, YouRef):
            raise TextError("a player can't be changed like a creature", "you")
        return ref

    def become(self, node: Tree) -> tuple[LayerOp, ...]:
        d = node.data
        ops: list[LayerOp] = []
        if d == "become_creature_type":
            col = _find(node, "color_word")
            if col is not None:
                ops.append(LayerOp("5", "set_colors", ((self.color(col),),)))
            subs = tuple(singular_of()[str(w.children[0])] for w in node.children
                         if isinstance(w, Tree) and w.data == "subtype_word")
            ops.insert(0, LayerOp("4", "set_creature_subtypes", (subs,)))
            pt = _tok(node, "PT")
            if pt:
                ops.append(LayerOp("7b", "set_pt", _pt(pt)))
            return tuple(ops)
        if d == "become_color":
            return (LayerOp("5", "set_colors", ((self.color(node.children[0]),),)),)
        if d == "become_pt_type":
            pt = _pt(_tok(node, "PT"))
            subs = tuple(singular_of()[str(w.children[0])] for w in node.children
                         if isinstance(w, Tree) and w.data == "subtype_word")
            tw = _find(node, "type_words") or _find(node, "type_words_and")
            words = [self.type_word(w) for w in tw.children if isinstance(w, Tree)] if tw is not None else []
            types = tuple(v for k, v in words if k == "type")
            subs = subs + tuple(v for k, v in words if k == "subtype")
            ops = [LayerOp("4", "add_types", (types, subs)), LayerOp("7b", "set_pt", pt)]
            col = _find(node, "color_word")
            if col is not None:
                ops.insert(1, LayerOp("5", "set_colors", ((self.color(col),),)))
            return tuple(ops)
        raise TextError("this kind of \"becomes\" isn't supported yet", "becomes")

    def create(self, node: Tree, subject: Ref, scope: Scope) -> list[I.Instruction]:
        amount: Amount = Const(1)
        first = node.children[0]
        if isinstance(first, Tree) and first.data.startswith("amount"):
            amount = self.amount(first)
        if node.data == "token_for_each":
            each = [c for c in node.children if isinstance(c, Tree) and c.data == "desc"][-1]
            amount = Product(amount, CountOf(self.desc(each, scope)))
        body = _find(node, "token_full") or _find(node, "token_predefined")
        if body is None:
            raise TextError("can't read this token", "token")
        if body.data == "token_predefined":
            kind = _tok(body, "PREDEFINED") or ""
            return [I.CreateToken(self._player(subject), amount, predefined_token(kind))]
        kws: tuple[Any, ...] = ()
        kl = _find(node, "keyword_list")
        if kl is not None:
            kws = tuple(self.keywords(kl))
        token = self.token_def(body, kws)
        who = self._player(subject)
        return [I.CreateToken(who, amount, token)]

    def token_def(self, body: Tree, kws: tuple[Any, ...]) -> CardDef:
        pt = _tok(body, "PT")
        colors: tuple[str, ...] = ()
        cl = _find(body, "colors_one") or _find(body, "colors_two") or _find(body, "colors_three") or \
            _find(body, "colors_none")
        for c in body.children:
            if isinstance(c, Tree) and c.data.startswith("colors_"):
                cl = c
        if cl is not None and cl.data != "colors_none":
            colors = tuple(self.color(c) for c in cl.children if isinstance(c, Tree))
        subs = tuple(singular_of()[str(w.children[0])] for w in body.children
                     if isinstance(w, Tree) and w.data == "subtype_word")
        tt = _find(body, "type_words_tok")
        types = tuple(CARD_TYPES[str(t)] for t in tt.children)
        p = t = None
        if pt:
            a, b = str(pt).split("/")
            p, t = int(a), int(b)
        name = " ".join(subs) if subs else " ".join(types)
        return make_token_def(name, types, subs, colors, p, t, kws)

    def add_mana(self, node: Tree) -> I.AddMana:
        d = node.data
        if d == "mp_symbols":
            options = [self.mana(m) for m in node.children if isinstance(m, Token)]
            if len(options) == 1:
                units = []
                for s in options[0].symbols:
                    if s.kind == "generic":
                        raise TextError("can't add generic mana", s.text)
                    units.append((s.value,))
                return I.AddMana(tuple(units))
            if all(len(o.symbols) == 1 for o in options):
                return I.AddMana((tuple(o.symbols[0].value for o in options),))
            raise TextError("a choice between groups of mana isn't supported yet", "add")
        if d == "mp_any_color":
            return I.AddMana((I.ANY_COLOR,))
        if d == "mp_for_each":
            cost = self.mana([c for c in node.children if isinstance(c, Token)][0])
            flt = self.desc([c for c in node.children if isinstance(c, Tree)][0], Scope(self.card_name, "static"))
            units = tuple((s.value,) for s in cost.symbols if s.kind in ("color", "C"))
            if len(units) != len(cost.symbols):
                raise TextError("can't add generic mana", cost.text)
            return I.AddMana(units, per=flt)
        if d == "mp_any_one_color":
            n = const(node.children[0])
            return I.AddMana((I.ANY_COLOR,) * n, one_color=True)
        if d == "mp_chosen_color":
            return I.AddMana((("chosen",),))
        raise TextError("this kind of mana ability isn't supported yet", "add")

    def prevention(self, node: Tree, scope: Scope) -> I.Instruction:
        d = node.data
        if d == "prevent_all_combat":
            return I.Prevent(None, None, combat_only=True)
        if d == "prevent_all":
            return I.Prevent(None, None, combat_only=False)
        if d == "prevent_next":
            amt = self.amount(_find(node, "amount"))
            rec = self.recipients([c for c in node.children if isinstance(c, Tree)][-1], scope)
            return I.Prevent(rec[0], amt)
        if d == "prevent_all_to":
            rec = self.recipients([c for c in node.children if isinstance(c, Tree)][-1], scope)
            return I.Prevent(rec[0], None)
        raise TextError("this kind of prevention isn't supported yet", "prevent")

    def rule_ops(self, vp: Tree, scope: Scope) -> tuple[LayerOp, ...]:
        d = vp.data
        flag = {"vp_must_attack": "must_attack", "vp_must_block": "must_block", "vp_cant_attack": "cant_attack",
                "vp_cant_block": "cant_block", "vp_unblockable": "cant_be_blocked",
                "vp_cant_attack_alone": "cant_attack_alone", "vp_cant_block_alone": "cant_block_alone",
                "vp_max_one_blocker": "max_one_blocker"}
        if d == "vp_cant_attack_block_alone":
            return (LayerOp("rules", "flag", ("cant_attack_alone", None)),
                    LayerOp("rules", "flag", ("cant_block_alone", None)))
        if d in flag:
            if d == "vp_must_block":
                raise TextError("\"blocks each combat if able\" isn't supported yet", "blocks each combat")
            return (LayerOp("rules", "flag", (flag[d], None)),)
        if d == "vp_cant_attack_block":
            return (LayerOp("rules", "flag", ("cant_attack", None)), LayerOp("rules", "flag", ("cant_block", None)))
        if d == "vp_cant_be_blocked_by":
            flt = self.desc([c for c in vp.children if isinstance(c, Tree)][0], scope)
            return (LayerOp("rules", "flag", ("cant_be_blocked_by", flt)),)
        if d == "vp_can_block_only":
            flt = self.desc([c for c in vp.children if isinstance(c, Tree)][0], scope)
            return (LayerOp("rules", "flag", ("can_block_only", flt)),)
        raise TextError(f"unknown rule {d}")

    # ------------------------------------------------------------------
    # Static abilities

    def static(self, body: Tree) -> list[Any]:
        scope = Scope(self.card_name, "static")
        defs: list[ContinuousDef] = []
        replacement = None
        for sentence in body.children:
            if not isinstance(sentence, Tree):
                continue
            if _find(sentence, "lead_duration") is not None:
                raise TextError("a permanent's ability can't last \"until end of turn\"", "until end of turn")
            for cl in _merged_clauses(_find(sentence, "clauses")):
                if cl.data in ("no_activate", "no_activate_except_mana") and defs:
                    allow = "except_mana" if cl.data == "no_activate_except_mana" else None
                    defs[-1] = ContinuousDef(defs[-1].affected, defs[-1].ops + (
                        LayerOp("rules", "flag", ("cant_activate", allow)),))
                    continue
                if cl.data not in ("subj_clause",):
                    raise TextError("this static ability isn't supported yet", _text_of(cl))
                subj_node = cl.children[0]
                vps = [v for v in cl.children[1].children if isinstance(v, Tree) and v.data != "vsep"]
                if any(v.data == "vp_enters_tapped_unless" for v in vps):
                    if subj_node.data != "or_self" or len(vps) != 1:
                        raise TextError("only \"this permanent enters tapped unless ...\" is supported", "enters")
                    cond = self.condition(_find(vps[0], "condition") or vps[0].children[-1], scope)
                    replacement = EntersTapped(unless=cond)
                    continue
                if any(v.data == "vp_enters_tapped" for v in vps):
                    if subj_node.data != "or_self":
                        raise TextError("only \"this permanent enters tapped\" is supported", "enters tapped")
                    replacement = EntersTapped()
                    continue
                if any(v.data in ("vp_enters_with_counters", "vp_enters_tapped_with_counters") for v in vps):
                    if subj_node.data != "or_self" or len(vps) != 1:
                        raise TextError("only \"this permanent enters with counters\" is supported", "enters with")
                    n, kind = self.counters(_find(vps[0], "counters"))
                    replacement = EntersWithCounters(kind, n, vps[0].data == "vp_enters_tapped_with_counters")
                    continue
                if any(v.data in ("vp_cant_lose", "vp_cant_win") for v in vps):
                    who = {"pr_you": "you", "pr_each_opponent": "opponents", "pr_each_player": "each"}.get(
                        subj_node.data)
                    if who is None:
                        raise TextError("can't tell who this applies to", _text_of(subj_node))
                    ops = tuple(LayerOp("rules", "flag", ("cant_lose" if v.data == "vp_cant_lose" else "cant_win",
                                                          None)) for v in vps)
                    defs.append(ContinuousDef(Affected("players", who=who), ops))
                    continue
                if len(vps) == 1 and vps[0].data == "vp_control":
                    if subj_node.data != "pr_you":
                        raise TextError("only \"you control ...\" is supported", "control")
                    target = [c for c in vps[0].children if isinstance(c, Tree)][0]
                    defs.append(ContinuousDef(self.affected(target, scope), (LayerOp("2", "control"),)))
                    continue
                if vps[0].data == "vp_uncounterable":
                    defs.append(ContinuousDef(Affected("self"), (LayerOp("rules", "flag", ("cant_be_countered", None)),)))
                    continue
                affected = self.affected(subj_node, scope)
                ops: list[LayerOp] = []
                for v in vps:
                    ops.extend(self.static_ops(v, scope))
                defs.append(ContinuousDef(affected, tuple(ops)))
        return [StaticAbility(effects=tuple(defs), replacement=replacement)]

    def affected(self, node: Tree, scope: Scope) -> Affected:
        d = node.data
        if d == "or_self":
            return Affected("self")
        if d in ("or_enchanted", "or_equipped"):
            return Affected("attached")
        if d in ("or_each", "or_all", "or_each_other", "or_all_other"):
            flt = self.desc(node.children[0], scope)
            if d in ("or_each_other", "or_all_other"):
                flt = replace(flt, another=True)
            return Affected("filter", flt)
        raise TextError("can't tell what this ability applies to", _text_of(node))

    def static_ops(self, vp: Tree, scope: Scope) -> list[LayerOp]:
        d = vp.data
        trees = [c for c in vp.children if isinstance(c, Tree)]
        if d == "vp_pump":
            p, t = _pt(_tok(vp, "PT"))
            if not isinstance(p, int) or not isinstance(t, int):
                raise TextError("X in a static ability isn't supported", "x")
            return [LayerOp("7c", "add_pt", (p, t))]
        if d == "vp_pump_each":
            p, t = _pt(_tok(vp, "PT"))
            if not isinstance(p, int) or not isinstance(t, int):
                raise TextError("X in a static ability isn't supported", "x")
            return [LayerOp("7c", "add_pt_each", (p, t, self.desc(_find(vp, "desc"), scope)))]
        if d == "vp_grant":
            return [LayerOp("6", "grant", (tuple(self.keywords(trees[0])),))]
        if d == "vp_lose_all":
            return [LayerOp("6", "remove_all_abilities")]
        if d == "vp_lose_keywords":
            return [LayerOp("6", "remove_keyword", (k.keyword,)) for k in self.keywords(trees[0])]
        if d == "vp_base_pt":
            return [LayerOp("7b", "set_pt", _pt(_tok(vp, "PT")))]
        if d == "vp_base_pt_mv":
            return [LayerOp("7b", "set_pt", ("mana value", "mana value"))]
        if d == "vp_add_creature_type":
            return [LayerOp("4", "add_types", (("Creature",), ()))]
        if d == "vp_add_types":
            words = [self.type_word(w) for w in trees[0].children if isinstance(w, Tree)]
            return [LayerOp("4", "add_types", (tuple(v for k, v in words if k == "type"),
                                               tuple(v for k, v in words if k == "subtype")))]
        if d == "vp_become":
            return list(self.become(trees[0]))
        if d in RULE_VPS:
            return list(self.rule_ops(vp, scope))
        if d == "vp_doesnt_untap_static":
            return [LayerOp("rules", "flag", ("doesnt_untap", None))]
        raise TextError(f"this static ability isn't supported yet: {d[3:].replace('_', ' ')}", d)


def _replace_x(thing: Any, amount: Amount) -> Any:
    """", where X is ...": X in the clause stands for that amount."""
    from dataclasses import fields, is_dataclass
    if isinstance(thing, XAmount):
        return amount
    if isinstance(thing, tuple):
        return tuple(_replace_x(t, amount) for t in thing)
    if is_dataclass(thing) and not isinstance(thing, type) and not isinstance(thing, CardDef):
        try:
            return replace(thing, **{f.name: _replace_x(getattr(thing, f.name), amount) for f in fields(thing)})
        except TypeError:
            return thing
    return thing


def _merged_clauses(clauses: Tree) -> list[Tree]:
    """Clauses of a sentence, where a clause with no subject after one with a subject shares it.

    Rules text writes "[subject] [verb] and [verb]" ("Creatures you control get
    +3/+3 and gain trample until end of turn"; "Each player loses 1 life,
    discards a card, ..."): the later verbs belong to the same subject, and a
    duration at the end covers them all.
    """
    out: list[Tree] = []
    for cl in clauses.children:
        if not isinstance(cl, Tree) or cl.data == "csep":
            continue
        if cl.data == "imp_clause" and out and out[-1].data == "subj_clause":
            prev = out[-1]
            prev_vps = prev.children[1]
            prev_dur = [c for c in prev.children[2:] if isinstance(c, Tree)]
            new_vps = Tree("vps", list(prev_vps.children) + list(cl.children[0].children))
            dur = [c for c in cl.children[1:] if isinstance(c, Tree)] or prev_dur
            out[-1] = Tree("subj_clause", [prev.children[0], new_vps] + dur)
            continue
        out.append(cl)
    return out


def _delayed_at_next_end(body: list[I.Instruction]) -> I.Instruction:
    """"... at the beginning of the next end step": a delayed triggered ability (603.7)."""
    trigger = Trigger("step", step="end", whose="each", next_only=True)
    return I.Delayed(trigger, Effect(instructions=tuple(body)), "At the beginning of the next end step")


class _NoRegen(I.Instruction):
    """Marker for "It can't be regenerated." merged into the destroy before it."""


def _merge_no_regen(ins: list[I.Instruction]) -> list[I.Instruction]:
    out: list[I.Instruction] = []
    for i in ins:
        if isinstance(i, _NoRegen):
            for j in range(len(out) - 1, -1, -1):
                if isinstance(out[j], I.Destroy):
                    out[j] = I.Destroy(out[j].what, can_regenerate=False)
                    break
            else:
                raise TextError("\"can't be regenerated\" needs a destroy before it", "can't be regenerated")
            continue
        out.append(i)
    return out


def _text_of(t: Any) -> str:
    if isinstance(t, Token):
        return str(t)
    if isinstance(t, Tree):
        parts = [_text_of(c) for c in t.children]
        return " ".join(p for p in parts if p)
    return ""


def _prompt(vp: Tree) -> str:
    return "Use this optional effect?"


def prowess() -> TriggeredAbility:
    """Prowess (702.107a): whenever you cast a noncreature spell, +1/+1 until end of turn."""
    return TriggeredAbility(
        trigger=Trigger("cast", player="you", spell_filter=ObjectFilter(not_types=("Creature",), zone="stack")),
        effect=Effect(instructions=(I.ApplyEffect(SelfRef(), (LayerOp("7c", "add_pt", (1, 1)),), "end_of_turn"),)),
        text="Prowess", keyword="prowess")


def ward(cost: ManaCost) -> TriggeredAbility:
    """Ward (a keyword newer than the rules text shipped here): a triggered ability that counters an
    opponent's spell or ability targeting this permanent unless its controller pays the cost."""
    return TriggeredAbility(
        trigger=Trigger("becomes_target", self_only=True, player="opponent"),
        effect=Effect(instructions=(I.CounterUnless(EventRef("by"), cost),)),
        text=f"Ward {cost.text}", keyword="ward")


def make_token_def(name: str, types: tuple[str, ...], subtypes: tuple[str, ...], colors: tuple[str, ...],
                   power: int | None, toughness: int | None, abilities: tuple[Any, ...]) -> CardDef:
    text = ", ".join(a.text for a in abilities if getattr(a, "text", ""))
    return CardDef(name=name, mana_cost=ManaCost(()), supertypes=(), types=types, subtypes=subtypes, text=text,
                   power=power, toughness=toughness, color_indicator=colors, abilities=abilities, is_token=True)
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


def predefined_token(kind: str) -> CardDef:
    """A predefined token (111.10), its abilities compiled from their rules text like any card's."""
    from .loader import compile_text
    kind = kind.lower()
    if kind not in PREDEFINED_TOKENS:
        raise TextError(f"unknown predefined token {kind!r}", kind)
    types, subtypes, colors, p, t, text = PREDEFINED_TOKENS[kind]
    name = "Walker" if kind == "walker" else subtypes[0]
    abilities = compile_text(name, text, (), types, subtypes) if text else ()
    card = make_token_def(name, types, subtypes, colors, p, t, abilities)
    return replace(card, text=text)
