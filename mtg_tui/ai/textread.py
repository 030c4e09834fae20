"""Reading rules text: what a spell or ability does, as the computer understands it.

The computer judges cards by their printed text (what a player reads), not by
the engine's compiled form. ``read(text, name)`` turns one ability's text (or
a whole spell's) into a ``Reading``: damage, destruction, pumps, counters,
cards drawn... Anything it doesn't recognise is left neutral, and the
policies treat it carefully (they still answer every decision legally, since
the legal choices come from the game).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "x": -1}


def _num(word: str) -> int:
    word = word.strip().lower()
    if word.isdigit():
        return int(word)
    return NUMBERS.get(word, 1)


@dataclass(frozen=True)
class Reading:
    """What one piece of rules text does. Amounts of -1 mean X."""

    damage: int = 0                 # N damage to its target(s)
    damage_to: str = ""             # "any", "creature", "player", "each_creature", "each_player"
    destroy: str = ""               # "creature", "nonblack", "all_creatures", "artifact_enchantment"
    exile: bool = False
    pt: tuple[int, int] | None = None         # target creature gets +p/+t until end of turn
    bounce: bool = False
    counter: str = ""               # "any", "creature", "noncreature"
    tap: int = 0                    # taps up to N targets
    freeze: bool = False            # ... and they don't untap
    steal_temp: bool = False        # gain control until end of turn
    steal: bool = False             # you control enchanted creature
    frog: bool = False              # loses all abilities, becomes 1/1
    pacify: bool = False            # enchanted creature can't attack or block
    aura_pt: tuple[int, int] | None = None    # enchanted/equipped creature gets +p/+t
    aura_keywords: tuple[str, ...] = ()
    draw: int = 0
    target_draws: bool = False      # target player draws (Sign in Blood)
    loot: bool = False
    discard: int = 0                # target player discards N
    duress: bool = False
    gain_life: int = 0
    drain: int = 0                  # target player loses N life
    fog: bool = False
    prevent: int = 0
    tokens: int = 0
    token_pt: tuple[int, int] = (1, 1)
    token_flying: bool = False
    edict: bool = False
    fight: bool = False
    raise_dead: bool = False
    ramp: bool = False
    mill: int = 0
    untap_lands: int = 0
    regenerate: bool = False
    self_pump: tuple[int, int] | None = None  # "~ gets +1/+1 until end of turn"
    team_pump: tuple[int, int] | None = None  # "creatures you control get +3/+3 ... until end of turn"
    team_trample: bool = False
    anthem: tuple[int, int] | None = None     # static: creatures you control get +1/+1
    haste_all: bool = False
    mana: bool = False
    sacrifice_self: bool = False    # at the beginning of the end step, sacrifice ~
    may: bool = False
    self_damage: int = 0            # "it deals N damage" from a sacrificed source
    etb: bool = False               # a when-enters trigger
    dies: bool = False              # a when-dies trigger
    wrath: bool = False
    mass_minus: bool = False

    @property
    def harmful(self) -> bool:
        """Does it hurt what it targets?"""
        return bool(self.damage or self.destroy or self.exile or self.bounce or self.counter or self.tap
                    or self.steal_temp or self.steal or self.frog or self.pacify or self.discard
                    or self.duress or self.drain or self.mill or self.edict
                    or (self.pt is not None and (self.pt[0] < 0 or self.pt[1] < 0)))

    @property
    def helpful(self) -> bool:
        """Does it help what it targets?"""
        return bool((self.pt is not None and self.pt[0] >= 0 and self.pt[1] >= 0) or self.aura_pt
                    or self.aura_keywords or self.regenerate or self.prevent or self.gain_life
                    or self.untap_lands or self.raise_dead)

    @property
    def removal(self) -> bool:
        """Does it take a creature out of the game (or out of play for good)?"""
        return bool(self.destroy in ("creature", "nonblack") or self.exile or self.steal or self.pacify
                    or (self.damage and self.damage_to in ("any", "creature"))
                    or (self.pt is not None and self.pt[1] < 0))


@dataclass(frozen=True)
class CardReading:
    """A whole card: its spell/static reading plus its activated and triggered abilities."""

    name: str
    main: Reading = field(default_factory=Reading)
    activated: tuple[tuple[str, str, Reading], ...] = ()   # (cost text, effect text, reading)
    triggered: tuple[tuple[str, Reading], ...] = ()         # (text, reading)

    @property
    def all(self) -> list[Reading]:
        return [self.main] + [r for _, _, r in self.activated] + [r for _, r in self.triggered]


_PT = re.compile(r"gets? ([+-]\d+|[+-]x)/([+-]\d+|[+-]x)")


def _pt(text: str) -> tuple[int, int] | None:
    m = _PT.search(text)
    if not m:
        return None

    def n(s: str) -> int:
        return -1 if "x" in s else int(s)
    return n(m.group(1)), n(m.group(2))


def _norm(text: str, name: str) -> str:
    t = text.lower().replace("’", "'").replace("−", "-")
    if name:
        t = t.replace(name.lower(), "~")
        short = name.split(",")[0].lower()
        if short and short != name.lower():
            t = t.replace(short, "~")
    return " ".join(t.split())


@lru_cache(maxsize=4096)
def read(text: str, name: str = "") -> Reading:
    """What this text does (one ability, or a spell's whole text)."""
    t = _norm(text, name)
    r: dict[str, object] = {}
    m = re.search(r"deals? (\d+|x) damage to (any target|target creature or player|target creature|"
                  r"target player or planeswalker|target player|each creature|each player|"
                  r"each opponent)", t)
    if m:
        r["damage"] = _num(m.group(1))
        dest = m.group(2)
        r["damage_to"] = {"any target": "any", "target creature or player": "any", "target creature": "creature",
                          "target player or planeswalker": "player", "target player": "player",
                          "each creature": "each_creature", "each player": "each_player",
                          "each opponent": "each_player"}[dest]
        if t.startswith(("sacrifice ~", "it deals")) or ": it deals" in t:
            r["self_damage"] = r["damage"]
    if re.search(r"destroy all creatures", t):
        r["destroy"] = "all_creatures"
        r["wrath"] = True
    elif re.search(r"destroy target nonblack creature", t):
        r["destroy"] = "nonblack"
    elif re.search(r"destroy target (\w+ )?creature", t):
        r["destroy"] = "creature"
    elif re.search(r"destroy target artifact or enchantment|destroy target artifact|destroy target enchantment", t):
        r["destroy"] = "artifact_enchantment"
    if re.search(r"exile target creature", t):
        r["exile"] = True
    if "enchanted creature" in t or "equipped creature" in t:
        p = _pt(t)
        if p:
            r["aura_pt"] = p
        kws = tuple(k for k in ("trample", "flying", "first strike", "lifelink", "haste", "vigilance")
                    if re.search(rf"(has|gains?) [\w ,]*{k}", t))
        if kws:
            r["aura_keywords"] = kws
        if "can't attack or block" in t or "can't block" in t and "can't attack" in t:
            r["pacify"] = True
        if "you control enchanted creature" in t:
            r["steal"] = True
    elif re.search(r"creatures you control get", t):
        p = _pt(t)
        if "until end of turn" in t:
            r["team_pump"] = p
            r["team_trample"] = "trample" in t
        else:
            r["anthem"] = p
    elif re.search(r"^(other |white |black |red |green |blue )?creatures you control (have|get)", t) or \
            re.search(r"(other|white) creatures you control get", t):
        r["anthem"] = _pt(t) or (0, 0)
    elif re.search(r"target creature (you control )?gets", t):
        r["pt"] = _pt(t)
    elif re.search(r"^~ gets [+-]\d+/[+-]\d+ until end of turn", t) or re.search(r": ~ gets", t):
        r["self_pump"] = _pt(t)
    if "creatures you control have haste" in t:
        r["haste_all"] = True
    if re.search(r"return target creature to its owner's hand", t):
        r["bounce"] = True
    m = re.search(r"counter target (creature |noncreature )?spell", t)
    if m:
        r["counter"] = (m.group(1) or "any ").strip()
    m = re.search(r"(?<!un)tap (up to (\w+) )?target", t)
    if m:
        r["tap"] = _num(m.group(2)) if m.group(2) else 1
        r["freeze"] = "don't untap" in t
    if re.search(r"gain control of (target creature|it) until end of turn", t):
        r["steal_temp"] = True
    if "loses all abilities" in t and "target creature" in t:
        r["frog"] = True
    m = re.search(r"draws? (a card|two cards|three cards|x cards|(\w+) cards)", t)
    if m:
        r["draw"] = _num(m.group(1).split()[0])
        if "target player draws" in t:
            r["target_draws"] = True
        if "then discard" in t:
            r["loot"] = True
    m = re.search(r"target player discards (a card|two cards|(\w+) cards)", t)
    if m:
        r["discard"] = _num(m.group(1).split()[0])
    if "reveals their hand" in t and "discards" in t:
        r["duress"] = True
    m = re.search(r"(?:you|target player) gains? (\d+|x) life", t)
    if m:
        r["gain_life"] = _num(m.group(1))
    elif "you gain" in t and "life" in t:
        m = re.search(r"you gain (\d+) life", t)
        r["gain_life"] = int(m.group(1)) if m else 1
    m = re.search(r"target player loses (\d+) life", t)
    if m and "draws" not in t:
        r["drain"] = int(m.group(1))
    if "prevent all combat damage" in t:
        r["fog"] = True
    m = re.search(r"prevent the next (\d+) damage", t)
    if m:
        r["prevent"] = int(m.group(1))
    m = re.search(r"create (a|an|one|two|three|\d+) (\d+)/(\d+) [\w ]*?creature tokens?( with flying)?", t)
    if m:
        r["tokens"] = _num(m.group(1))
        r["token_pt"] = (int(m.group(2)), int(m.group(3)))
        r["token_flying"] = bool(m.group(4))
    if re.search(r"each player sacrifices a creature", t):
        r["edict"] = True
    if "fights" in t:
        r["fight"] = True
    if re.search(r"return target creature card from your graveyard", t):
        r["raise_dead"] = True
    if re.search(r"search your library for a basic land", t):
        r["ramp"] = True
    m = re.search(r"mills? (a card|two cards|(\w+) cards)", t)
    if m:
        r["mill"] = _num(m.group(1).split()[0])
    m = re.search(r"untap (two|\w+) target lands", t)
    if m:
        r["untap_lands"] = _num(m.group(1))
    if re.search(r"regenerate", t) and "can't be regenerated" not in t:
        r["regenerate"] = True
    if re.search(r"add \{|add one mana|add (two|three) mana", t):
        r["mana"] = True
    if re.search(r"at the beginning of the end step, sacrifice ~", t):
        r["sacrifice_self"] = True
    if " may " in f" {t} ":
        r["may"] = True
    if "enters the battlefield" in t and t.startswith("when"):
        r["etb"] = True
    if re.search(r"^when(ever)? [^,]*dies", t):
        r["dies"] = True
    if "each creature" in t and _pt(t) and (_pt(t) or (0, 0))[1] < 0:
        r["mass_minus"] = True
    return Reading(**r)  # type: ignore[arg-type]


_ACTIVATED = re.compile(r"^((?:\{[^}]+\}|[+-−]?\d+|sacrifice [^:,]+|discard [^:,]+|pay [^:,]+)"
                        r"(?:\s*,\s*(?:\{[^}]+\}|sacrifice [^:,]+|discard [^:,]+|pay [^:,]+))*)\s*:\s*(.+)$", re.IGNORECASE)


def split_activated(text: str) -> tuple[str, str] | None:
    """'{1}, {T}: Draw a card.' -> ('{1}, {T}', 'Draw a card.'); None if it isn't an activated ability."""
    t = text.strip().replace("−", "-")
    m = _ACTIVATED.match(t)
    if not m:
        return None
    return m.group(1).strip(), m.group(2).strip()


@lru_cache(maxsize=2048)
def read_card(name: str, abilities: tuple[str, ...], text: str = "") -> CardReading:
    """A card from its abilities' texts (each paragraph); ``text`` is used when no abilities are listed."""
    paragraphs = list(abilities) if abilities else [p for p in text.split("\n") if p.strip()]
    main = Reading()
    activated = []
    triggered = []
    for p in paragraphs:
        if re.match(r"equip\b", p.lower()):
            activated.append((p[5:].strip(), "attach to target creature you control",
                              Reading(aura_pt=(0, 0))))
            continue
        split = split_activated(p)
        if split is not None:
            cost, eff = split
            activated.append((cost, eff, read(eff, name)))
            continue
        low = p.lower()
        if low.startswith(("when", "at the beginning", "whenever")):
            triggered.append((p, read(p, name)))
            continue
        main = _merge(main, read(p, name))
    return CardReading(name, main, tuple(activated), tuple(triggered))


def _merge(a: Reading, b: Reading) -> Reading:
    changes = {}
    for f in a.__dataclass_fields__:
        va, vb = getattr(a, f), getattr(b, f)
        if vb and not va:
            changes[f] = vb
    return replace(a, **changes) if changes else a


def spell_reading(name: str, text: str) -> Reading:
    """A spell's effect from its whole text (all paragraphs together, modes included)."""
    return read(text.replace("\n", " "), name)


def mode_readings(text: str, name: str) -> list[Reading]:
    """For a modal spell ("Choose one — • ... • ..."), one reading per mode."""
    parts = [p.strip() for p in re.split(r"[•\n]", text) if p.strip()]
    modes = [p for p in parts if not p.lower().startswith("choose")]
    return [read(p, name) for p in modes]


def is_modal(text: str) -> bool:
    return "choose one" in text.lower() or "•" in text
