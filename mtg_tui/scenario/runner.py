"""Running a scenario: set up the game, fit each script entry to the decision it waits on, check.

The fitting rules are those of the scenario format: expectations and
narration are checked at once; an input by the player the game waits on
that answers the decision is applied; otherwise a player with priority
passes, a declaration of attackers or blockers is made empty, and mana is
paid automatically. Any other decision must be answered by the script.
Implicit passing never carries the game into a new turn.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..cardtext.errors import CardError
from ..engine import casting
from ..engine.alike import alike_key
from ..engine.decisions import (ChooseCosts, AssignDamage, Bottom, ChooseMode, ChooseReplacement, DamageOrder, Decision,
                                DeclareAttackers, DeclareBlockers, IllegalAnswer, OrderTriggers, Pay, Priority, Targets,
                                YesNo)
from ..engine.dispatch import DecisionHandler, dispatch
from ..engine.game import Game
from ..engine.objects import StackAbility
from ..engine.setup import SetupError, new_game
from ..engine.state import STEPS
from ..engine.targets import candidates
from .expectations import check_expectations
from .loader import load
from .model import Result, Scenario, ScenarioError, ScenarioFailure
from .references import Refused, Resolver

INPUT_FOR = {
    "cast": ("priority",), "play": ("priority",), "activate": ("priority",),
    "attack": ("declare_attackers",), "block": ("declare_blockers",), "damage_order": ("damage_order",),
    "assign": ("assign_damage",), "order": ("order_triggers",), "targets": ("targets",),
    "choose": ("choose", "discard", "mulligan", "bottom", "targets", "pay"),
}
MAX_IMPLICIT = 5000


def run_file(path: Path, cards: Any) -> Result:
    path = Path(path)
    title = path.stem
    try:
        sc = load(path, cards)
        title = sc.title
        runner = Runner(sc, cards)
        runner.run()
        return Result(str(path), title, True, steps_run=len(sc.steps))
    except ScenarioError as e:
        return Result(str(path), title, False, f"{path.name}: scenario error: {e}")
    except ScenarioFailure as e:
        return Result(str(path), title, False, f"{path.name}: {e}")
    except SetupError as e:
        return Result(str(path), title, False, f"{path.name}: scenario error: {e}")


class Runner:
    def __init__(self, sc: Scenario, cards: Any) -> None:
        self.sc = sc
        if sc.cards is not None:
            cards = sc.cards   # the scenario's own card folders besides the runner's
        try:
            self.game: Game = new_game(sc.setup, sc.seed, cards)
        except KeyError as e:
            raise ScenarioError(str(e)) from None
        except CardError as e:   # a card of the set-up whose text doesn't compile
            raise ScenarioError(str(e)) from None
        self.res = Resolver(self.game, sc.players)
        self.res.refresh()
        self.last_refusal: str | None = None
        self.computer: int | None = None
        self.ai: Any = None
        if sc.computer is not None:
            from ..ai import ComputerPlayer
            self.computer = sc.players.index(sc.computer)
            self.ai = ComputerPlayer(sc.difficulty)

    # ------------------------------------------------------------------

    def run(self) -> None:
        steps = self.sc.steps
        i = 0
        while i < len(steps):
            entry = steps[i]
            n = i + 1
            if "expect" in entry or "say" in entry:
                if "say" in entry:
                    self._check_cites(entry, n)
                if "expect" in entry:
                    exp = dict(entry["expect"])
                    if "error" in exp:
                        self._check_error(exp.pop("error"), n)
                    if exp:
                        check_expectations(self, exp, n)
                self.last_refusal = None
                i += 1
                continue
            if self.last_refusal is not None:
                raise ScenarioFailure(f"step {n - 1}: the input was refused: {self.last_refusal}", n - 1)
            self.apply(entry, n)
            i += 1
        if self.last_refusal is not None:
            raise ScenarioFailure(f"step {len(steps)}: the input was refused: {self.last_refusal}", len(steps))

    def apply(self, entry: dict[str, Any], n: int) -> None:
        """One scripted entry that moves the game: pass, advance, concede or an input."""
        if "pass" in entry:
            self._pass_resolve(n)
        elif "advance" in entry:
            self._advance(entry["advance"], n)
        elif "concede" in entry:
            who = self.sc.players.index(entry["player"])
            if entry["concede"] is True:
                try:
                    self.game.concede(who)
                except IllegalAnswer as e:
                    self.last_refusal = e.reason
        else:
            self._input(entry, n)

    def _check_error(self, text: Any, n: int) -> None:
        if self.last_refusal is None:
            raise ScenarioFailure(f"step {n}: expected the previous input to be refused, but it was accepted", n)
        if not isinstance(text, str):
            raise ScenarioError(f"step {n}: expect.error must be a string", n)
        if text.lower() not in self.last_refusal.lower():
            raise ScenarioFailure(f"step {n}: the input was refused with {self.last_refusal!r}, which doesn't "
                                  f"contain {text!r}", n)

    def _check_cites(self, entry: dict[str, Any], n: int) -> None:
        from ..rules.index import default_index
        cites = entry.get("cite", [])
        if isinstance(cites, str):
            cites = [cites]
        idx = default_index()
        for c in cites:
            if not idx.exists(str(c)):
                raise ScenarioError(f"step {n}: rule {c!r} is not in the rules index", n)

    # ------------------------------------------------------------------
    # Moving the game along

    def pending(self, n: int) -> Decision:
        d = self.game.pending
        if d is None or self.game.over:
            raise ScenarioFailure(f"step {n}: the game is over ({self._result_text()}), so this step can't be "
                                  "applied", n)
        return d

    def _result_text(self) -> str:
        g = self.game
        if g.is_draw:
            return "a draw"
        if g.winner is not None:
            return f"{g.players[g.winner].name} won"
        return "no result"

    def _computer_answers(self, d: Decision) -> bool:
        """The computer's player answers its own decisions (the `computer` extension)."""
        if self.ai is None or d.player != self.computer:
            return False
        self.game.answer(d.player, self.ai.decide(self.game, d))
        return True

    def _auto(self, d: Decision, n: int, allow_pass: bool = True) -> bool:
        """Answer a decision the way the runner does for the script. False if it must be scripted."""
        g = self.game
        if self._computer_answers(d):
            return True
        answer = dispatch(d, Implicit(g))
        if answer is None or (isinstance(d, Priority) and not allow_pass):
            return False
        turn = g.turn
        g.answer(d.player, answer)
        if isinstance(d, Priority) and not g.over and g.turn != turn:
            raise ScenarioFailure(f"step {n}: passing priority here would carry the game into turn {g.turn}; "
                                  f"use `advance = {{ turn = {g.turn}, step = \"...\" }}` to go on", n)
        return True

    def _pass_resolve(self, n: int) -> None:
        g = self.game
        if not g.stack:
            raise ScenarioError(f"step {n}: pass = \"resolve\" with an empty stack", n)
        top = g.stack[-1]
        for _ in range(MAX_IMPLICIT):
            if g.over or top not in g.stack:
                return
            d = self.pending(n)
            if not self._auto(d, n):
                return
        raise ScenarioFailure(f"step {n}: the stack didn't resolve", n)

    def _advance(self, target: Any, n: int) -> None:
        g = self.game
        turn = None
        if isinstance(target, dict):
            extra = set(target) - {"turn", "step"}
            if extra or "step" not in target:
                raise ScenarioError(f"step {n}: advance takes a step name or {{ turn = N, step = \"...\" }}", n)
            turn = target.get("turn")
            step = target["step"]
            if turn is not None and (not isinstance(turn, int) or turn < 1):
                raise ScenarioError(f"step {n}: advance turn must be a whole number", n)
        else:
            step = target
        if step not in STEPS:
            raise ScenarioError(f"step {n}: unknown step {step!r} (steps: {', '.join(STEPS)})", n)
        if step == "untap":
            raise ScenarioError(f"step {n}: nobody decides in the untap step, so it can't be an advance target", n)
        start_turn = g.turn
        if turn is None or turn == g.turn:
            if g.step == step:
                return
            if STEPS.index(step) < STEPS.index(g.step):
                raise ScenarioFailure(f"step {n}: the {step} step already passed this turn; advance with a turn "
                                      "number to go on to a later turn", n)
            turn = g.turn
        elif turn < g.turn:
            raise ScenarioFailure(f"step {n}: turn {turn} is already over (it is turn {g.turn})", n)
        for _ in range(MAX_IMPLICIT * 4):
            if g.over:
                return
            d = self.pending(n)
            if g.turn == turn and g.step == step:
                return
            if g.turn > turn or (g.turn == turn and STEPS.index(g.step) > STEPS.index(step)):
                if step == "cleanup":
                    raise ScenarioError(f"step {n}: nothing was asked in the cleanup step, so it can't be an "
                                        "advance target", n)
                raise ScenarioFailure(f"step {n}: the {step} step didn't come in turn {turn} (no "
                                      f"{'combat' if step in ('declare_blockers', 'combat_damage', 'first_strike_damage') else 'such step'}"
                                      f" happened); the game is at turn {g.turn}, {g.step}", n)
            if self._computer_answers(d):
                continue
            if d.kind == "priority":
                g.answer(d.player, {"action": "pass"})
                continue
            if not self._auto(d, n, allow_pass=False):
                return   # another decision: the next entry must answer it
        raise ScenarioFailure(f"step {n}: the advance didn't arrive", n)
        _ = start_turn

    # ------------------------------------------------------------------
    # Inputs

    def _input(self, entry: dict[str, Any], n: int) -> None:
        kind = next(k for k in ("cast", "play", "activate", "attack", "block", "damage_order", "assign", "order",
                                "choose", "targets") if k in entry)
        who = self.sc.players.index(entry["player"])
        wanted = INPUT_FOR[kind]
        for _ in range(MAX_IMPLICIT):
            d = self.pending(n)
            if d.player == who and d.kind in wanted:
                break
            if self._auto(d, n):
                continue
            name = self.game.players[d.player].name
            raise ScenarioFailure(
                f"step {n}: the game waits on {name} ({d.kind}{'/' + d.subkind if d.subkind else ''}: "
                f"{d.prompt}), but this step is {kind} by {entry['player']}", n)
        else:
            raise ScenarioFailure(f"step {n}: the game never asked for this input", n)
        try:
            answer = self._build(kind, entry, d, n)
            self._answer(d, answer)
        except Refused as e:
            self.last_refusal = str(e)
        except IllegalAnswer as e:
            self.last_refusal = e.reason
            if self.game.pending is not None and self.game.pending.cancellable and self.game.pending is not d:
                self.game.answer(self.game.pending.player, "cancel")

    def _answer(self, d: Decision, answer: Any) -> None:
        self.game.answer(d.player, answer)

    def _build(self, kind: str, e: dict[str, Any], d: Decision, n: int) -> Any:
        g = self.game
        who = d.player
        if kind == "play":
            zone = e.get("from", "hand")   # a land played from elsewhere, where an effect allows it (305.1, 601.3)
            card = self.res.own_object(e["play"], who, [g.zone_list(zone, who)], set(), n, "cards")
            return {"action": "play", "card": card.id}
        if kind == "cast":
            card = self._to_cast(e, who, n)
            action: dict[str, Any] = {"action": "cast", "card": card.id,
                                      "costs": optional_costs(e.get("costs", []), n)}
            half = self._half(card, e["cast"], n)
            if half is not None:
                action["half"] = half
                card = casting.as_cast(card, half)
            mode = self._mode(e, n)
            if mode is not None:
                action["mode"] = mode
            if "x" in e:
                if not isinstance(e["x"], int):
                    raise ScenarioError(f"step {n}: x must be a whole number", n)
                action["x"] = e["x"]
            action["pay"] = self._pay(e, who, n) if "pay" in e else "auto"
            if "divide" in e:
                action["divide"] = e["divide"]
            action["convoke"] = self._convoke(e.get("convoke", []), who, n)
            if "targets" in e:
                if card.zone not in ("hand", "graveyard", "exile", "library"):
                    return action   # refused by the engine for the right reason
                specs = casting.cast_specs(g, card, tuple(m - 1 for m in action.get("mode", [])), action["costs"])
                action["targets"] = self._targets(e["targets"], specs, who, card, card.id, n)
            return action
        if kind == "activate":
            mine = [o for o in g.battlefield if g.controller_of(o) == who]
            obj = self.res.own_object(e["activate"], who, [mine], set(), n, "permanents")
            index = e.get("ability", 1)
            if not isinstance(index, int) or index < 1:
                raise ScenarioError(f"step {n}: ability is a number from 1", n)
            action = {"action": "activate", "source": obj.id, "ability": index - 1}
            mode = self._mode(e, n)
            if mode is not None:
                action["mode"] = mode
            if "x" in e:
                action["x"] = e["x"]
            action["pay"] = self._pay(e, who, n) if "pay" in e else "auto"
            abilities = casting.activated_abilities(g, obj)
            if "targets" in e and 0 <= index - 1 < len(abilities):
                ab = abilities[index - 1]
                specs = ab.effect.target_specs(tuple(m - 1 for m in action.get("mode", [])))
                action["targets"] = self._targets(e["targets"], specs, who, obj, obj.id, n)
            return action
        if kind == "attack":
            return self._attack(e["attack"], d, who, n)
        if kind == "block":
            return self._block(e["block"], d, who, n)
        if kind == "damage_order":
            return self._damage_order(e["damage_order"], d, n)
        if kind == "assign":
            return self._assign(e["assign"], d, n)
        if kind == "order":
            return self._order(e["order"], d, n)
        if kind == "targets":
            return self._spread_refs(e["targets"], d.specs, n)
        return dispatch(d, Scripted(self, e["choose"], n))

    def _to_cast(self, e: dict[str, Any], who: int, n: int) -> Any:
        """The card a cast names: in the player's hand, or in the zone its `from` names (a graveyard, for
        flashback and jump-start; exile; the library, whose top card an effect lets be cast)."""
        zone = e.get("from", "hand")
        pool = self.game.zone_list(zone, who)
        card = self.res.own_object(e["cast"], who, [pool], set(), n, "cards")
        if "from" in e and card not in pool:
            raise ScenarioError(f"step {n}: {self.game.players[who].name} has no {e['cast']!r} in their {zone}", n)
        return card

    def _convoke(self, refs: Any, who: int, n: int) -> list[int]:
        """`convoke = ["Llanowar Elves"]`: the creatures tapped for convoke (none when absent: auto-pay never
        convokes)."""
        if not isinstance(refs, list):
            raise ScenarioError(f"step {n}: convoke is a list of creatures to tap", n)
        g = self.game
        mine = [o for o in g.battlefield if g.controller_of(o) == who]
        out: list[int] = []
        for r in refs:
            out.append(self.res.own_object(r, who, [mine], set(out), n, "permanents").id)
        return out

    def _half(self, card: Any, text: str, n: int) -> int | None:
        """The half of a split card a cast names (708.3): ``cast = "Assure"``."""
        if card.card.layout != "split":
            return None
        name = self.res.parse(text, n).name.lower()
        for i, face in enumerate(card.card.faces):
            if face.name.lower() == name:
                return i
        halves = " or ".join(repr(f.name) for f in card.card.faces)
        raise ScenarioError(f"step {n}: {card.name} is a split card: name the half to cast, {halves} (708.3)", n)

    def _mode(self, e: dict[str, Any], n: int) -> list[int] | None:
        """The modes chosen: a number from 1, or a list of them where several may be chosen ("choose one or
        both"); the game itself refuses a wrong count."""
        if "mode" not in e:
            return None
        m = e["mode"]
        modes = m if isinstance(m, list) else [m]
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in modes):
            raise ScenarioError(f"step {n}: mode is a number from 1, or a list of them", n)
        return modes

    def _pay(self, e: dict[str, Any], who: int, n: int) -> list[int]:
        refs = e["pay"]
        if not isinstance(refs, list):
            raise ScenarioError(f"step {n}: pay is a list of mana sources", n)
        g = self.game
        mine = [o for o in g.battlefield if g.controller_of(o) == who]
        used: set[int] = set()
        out = []
        for r in refs:
            obj = self.res.own_object(r, who, [mine], used, n, "permanents")
            used.add(obj.id)
            out.append(obj.id)
        return out

    def _targets(self, value: Any, specs: tuple[Any, ...], who: int, source: Any, source_id: int,
                 n: int) -> list[list[int]]:
        rows = [{"min": s.min_count, "max": s.max_count,
                 "options": candidates(self.game, s, who, source, source_id) if s.max_count else []}
                for s in specs]
        return self._spread_refs(value, rows, n)

    def _spread_refs(self, value: Any, rows: list[dict[str, Any]], n: int) -> list[list[int]]:
        refs = value if isinstance(value, list) else [value]
        used_rows = [i for i, r in enumerate(rows) if r["max"] > 0]
        out: list[list[int]] = [[] for _ in rows]
        remaining = list(refs)
        used: set[int] = set()
        for k, i in enumerate(used_rows):
            later_min = sum(rows[j]["min"] for j in used_rows[k + 1:])
            take = min(rows[i]["max"], max(0, len(remaining) - later_min))
            if k == len(used_rows) - 1:
                take = len(remaining)
            chunk, remaining = remaining[:take], remaining[take:]
            for r in chunk:
                picked = self.res.choice(r, rows[i]["options"], used, n, "targets")
                used.add(picked)
                out[i].append(picked)
        if remaining:
            raise Refused(f"too many targets ({len(refs)})")
        return out

    def _attack(self, value: Any, d: DeclareAttackers, who: int, n: int) -> list[list[int]]:
        g = self.game
        mine = [o for o in g.battlefield if g.controller_of(o) == who]
        defenders = d.defenders
        pairs: list[list[int]] = []
        used: set[int] = set()
        if isinstance(value, list):
            items = [(a, None) for a in value]
        elif isinstance(value, dict):
            items = list(value.items())
        else:
            raise ScenarioError(f"step {n}: attack is a list of creatures or a table creature = defender", n)
        for a, dfd in items:
            obj = self.res.own_object(a, who, [[o for o in mine if o.id in d.candidates], mine], used, n,
                                      "creatures")
            used.add(obj.id)
            if dfd is None:
                did = defenders[0]
            else:
                p = self.res.player(dfd)
                if p is not None:
                    did = p.id
                else:
                    did = self.res.choice(dfd, defenders, set(), n, "defenders")
            pairs.append([obj.id, did])
        return pairs

    def _block(self, value: Any, d: DeclareBlockers, who: int, n: int) -> list[list[int]]:
        g = self.game
        if not isinstance(value, dict):
            raise ScenarioError(f"step {n}: block is a table blocker = attacker", n)
        mine = [o for o in g.battlefield if g.controller_of(o) == who]
        attackers = [g.objects[a] for a in (g.combat.attackers if g.combat else {}) if a in g.objects]
        pairs = []
        used: set[int] = set()
        for b, value_a in value.items():
            blocker = self.res.own_object(b, who, [[o for o in mine if o.id in d.can_block], mine], used, n,
                                          "creatures")
            used.add(blocker.id)
            # A creature that can block several attackers names them in a list (an extension of the format).
            blocked: set[int] = set()
            for a in value_a if isinstance(value_a, list) else [value_a]:
                ref = self.res.parse(a, n)
                att = self.res.pick(ref, attackers, blocked, n, "attackers")
                if att is None:
                    if self.res.exists(ref):
                        raise Refused(f"{a} isn't attacking")
                    raise ScenarioError(f"step {n}: nothing in the game is called {a!r}", n)
                blocked.add(att.id)
                pairs.append([blocker.id, att.id])
        return pairs

    def _damage_order(self, value: Any, d: DamageOrder, n: int) -> list[int]:
        if not isinstance(value, dict) or len(value) != 1:
            raise ScenarioError(f"step {n}: damage_order is {{ creature = [creatures in order] }}", n)
        (creature, order), = value.items()
        c = self.res.choice(creature, [d.creature], set(), n, "creatures")
        if c != d.creature:
            raise ScenarioError(f"step {n}: the game asks the order for {self.game.describe(d.creature)}", n)
        used: set[int] = set()
        out = []
        for r in order if isinstance(order, list) else [order]:
            v = self.res.choice(r, d.option_values(), used, n, "blockers")
            used.add(v)
            out.append(v)
        return out

    def _assign(self, value: Any, d: AssignDamage, n: int) -> list[list[int]]:
        if not isinstance(value, dict) or len(value) != 1:
            raise ScenarioError(f"step {n}: assign is {{ creature = {{ recipient = amount, ... }} }}", n)
        (creature, parts), = value.items()
        ref = self.res.parse(creature, n)
        cobj = self.game.get(d.creature)
        if not self.res.fits(cobj, ref):
            raise ScenarioError(f"step {n}: the game asks how {self.res.describe(cobj)} assigns its damage, not "
                                f"{creature}", n)
        if not isinstance(parts, dict):
            raise ScenarioError(f"step {n}: assign needs recipient = amount pairs", n)
        out = []
        used: set[int] = set()
        for r, amount in parts.items():
            if not isinstance(amount, int):
                raise ScenarioError(f"step {n}: damage amounts are whole numbers", n)
            p = self.res.player(r)
            if p is not None:
                rid = p.id
            else:
                rid = self.res.choice(r, d.option_values(), used, n, "recipients")
            used.add(rid)
            out.append([rid, amount])
        return out

    def _order(self, value: Any, d: OrderTriggers, n: int) -> list[int]:
        if not isinstance(value, list):
            raise ScenarioError(f"step {n}: order is a list of triggered abilities (by source name)", n)
        triggers = d.triggers
        used: set[int] = set()
        out = []
        for r in value:
            ref = self.res.parse(r, n)
            fit = []
            for t in triggers:
                if t["id"] in used or t["source"].lower() != ref.name.lower():
                    continue
                if ref.number is not None:
                    uids = self.res.uids_named(ref.name)
                    if ref.number > len(uids) or uids[ref.number - 1] != t["source_uid"]:
                        continue
                fit.append(t)
            if not fit:
                raise ScenarioError(f"step {n}: no waiting triggered ability of {r!r} "
                                    f"(waiting: {', '.join(t['source'] for t in triggers)})", n)
            if len({(x["text"], x["source_uid"]) for x in fit}) > 1 and ref.number is None:
                raise ScenarioError(f"step {n}: {r!r} fits several different triggered abilities; use Name#N", n)
            used.add(fit[0]["id"])
            out.append(fit[0]["id"])
        return out


class Implicit(DecisionHandler[Any]):
    """What the runner answers when no entry does (the format's implicit answers), or None: an entry must.

    The player with priority passes, an unasked declaration of attackers or blockers is empty, mana is
    paid automatically, and cards go to the bottom after a mulligan when they are all alike.
    """

    def __init__(self, game: Game) -> None:
        self.game = game

    def priority(self, d: Priority) -> Any:
        return {"action": "pass"}

    def _nobody(self, d: DeclareAttackers | DeclareBlockers) -> Any:
        return []

    declare_attackers = declare_blockers = _nobody

    def pay(self, d: Pay) -> Any:
        return "auto"

    def bottom(self, d: Bottom) -> Any:
        g = self.game
        if len({alike_key(g, g.get(v)) for v in d.option_values()}) == 1:
            return d.option_values()[: d.min]
        return None

    def _scripted(self, d: Decision) -> Any:
        return None

    damage_order = assign_damage = order_triggers = targets = choose_mode = choose_x = choose_color = \
        choose_creature_type = _scripted
    yes_no = choose_cards = choose_sacrifice = choose_legend = scry = surveil = search = order_cards = _scripted
    choose_replacement = prevention_order = sacrifice_cost = discard_cost = tap_cost = counter_cost = divide = \
        discard = mulligan = _scripted
    choose_costs = convoke_cost = reveal_cost = _scripted
    move_cost = _scripted


class Scripted(DecisionHandler[Any]):
    """A ``choose`` entry's value as the answer to the decision the game waits on."""

    def __init__(self, runner: Runner, value: Any, n: int) -> None:
        self.runner = runner
        self.value = value
        self.n = n

    def _as_given(self, d: Decision) -> Any:
        return self.value

    mulligan = pay = choose_x = divide = _as_given

    def yes_no(self, d: YesNo) -> Any:
        if isinstance(self.value, bool):
            return "yes" if self.value else "no"
        return str(self.value).lower()

    def choose_color(self, d: Decision) -> Any:
        return str(self.value).lower()

    def choose_creature_type(self, d: Decision) -> Any:
        return str(self.value)

    def choose_replacement(self, d: ChooseReplacement) -> Any:
        # Effects are named by their source ("Fog", "Healing Salve").
        value = self.value
        name = str(value[0] if isinstance(value, list) and value else value).lower()
        for o in d.options:
            if o.label.lower().split(":")[0] == name:
                return [o.value]
        raise ScenarioError(f"step {self.n}: none of the effects to choose from is {value!r} "
                            f"({', '.join(o.label for o in d.options)})", self.n)

    def choose_mode(self, d: ChooseMode) -> Any:
        return [self.value] if isinstance(self.value, int) else self.value

    def choose_costs(self, d: ChooseCosts) -> Any:
        """Optional costs by their keyword: ["kicker"] (or "kicker"); [] for none."""
        return optional_costs(self.value, self.n)

    def targets(self, d: Targets) -> Any:
        return self.runner._spread_refs(self.value, d.specs, self.n)

    def _picks(self, d: Decision) -> Any:
        """The chosen options, by reference (a card's name, Name#N, an id)."""
        value, n = self.value, self.n
        values = d.option_values()
        if all(isinstance(v, str) for v in values) and not isinstance(value, list):
            return value
        refs = value if isinstance(value, list) else [value]
        used: set[int] = set()
        out = []
        for r in refs:
            if isinstance(r, int) and not isinstance(r, bool):
                out.append(r)
                continue
            v = self.runner.res.choice(r, values, used, n, "choices")
            used.add(v)
            out.append(v)
        return out

    choose_cards = choose_sacrifice = choose_legend = scry = surveil = search = order_cards = _picks
    prevention_order = sacrifice_cost = discard_cost = tap_cost = counter_cost = convoke_cost = discard = bottom = _picks
    reveal_cost = _picks
    move_cost = _picks

    def _not_a_choice(self, d: Decision) -> Any:
        raise ScenarioError(f"step {self.n}: a choose entry doesn't answer {d.kind}", self.n)

    priority = declare_attackers = declare_blockers = damage_order = assign_damage = order_triggers = _not_a_choice


def optional_costs(value: Any, n: int) -> list[str]:
    """`costs = ["kicker"]`: the optional costs to pay, by keyword (none when absent)."""
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(c, str) for c in items):
        raise ScenarioError(f"step {n}: costs is a list of optional costs by keyword, such as [\"kicker\"]", n)
    return [c.strip().lower() for c in items]


def stack_names(game: Game) -> list[str]:
    """The stack, top first, by card name (spells) or source name (abilities)."""
    out = []
    for o in reversed(game.stack):
        out.append(o.source_name if isinstance(o, StackAbility) else o.name)
    return out
