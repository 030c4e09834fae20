"""Starting the game (103) and the turn: phases, steps, priority (500-514, 117).

``run_game`` is the game's driver: a generator that yields each decision.
Each step does its turn-based actions, then (where players get priority)
runs rounds of priority until all players pass in succession with an empty
stack (500.2). Before any player would receive priority, state-based
actions are performed and triggered abilities put on the stack (117.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator

from . import actions, combat as combat_mod, replacement, sagas, sba, triggers
from .cast_permissions import ends_now
from .casting import perform, priority_decision
from .context import Ctx
from .control_duration import end_lost_control
from .decisions import Bottom, Decision, Discard, Mulligan, Option
from .events import Event
from .extra_turns import next_turn
from .layers import next_turn_over
from .resolution import resolve_top
from .state import STEP_NAMES, STEPS

if TYPE_CHECKING:
    from .state import GameState

Gen = Generator[Decision, Any, Any]

PRIORITY_STEPS = {"upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "declare_blockers",
                  "first_strike_damage", "combat_damage", "end_of_combat", "main2", "end"}


# ---------------------------------------------------------------------------
# Starting the game


def run_game(game: "GameState", coin_flip: bool = True) -> Gen:
    """A whole new game: 103, then turns until it ends."""
    yield from start_game(game, coin_flip)
    game.turn = 1
    game.active = game.starting_player
    yield from run_turns(game, None)


def start_game(game: "GameState", coin_flip: bool) -> Gen:
    if coin_flip:
        game.starting_player = game.rng.randrange(len(game.players))
        game.log_event(f"{game.players[game.starting_player].name} will play first.", ("103.1",))
    else:
        game.log_event(f"{game.players[game.starting_player].name} plays first.", ("103.1",))
    for p in game.players:
        actions.shuffle(game, p, log=False)
    game.log_event("Each player shuffles their library.", ("103.2",))
    for p in game.players:
        p.life = 20
    order = [(game.starting_player + k) % len(game.players) for k in range(len(game.players))]
    for i in order:
        actions.draw(game, game.players[i], 7, cites=("103.4",))
    yield from mulligans(game, order)


def mulligans(game: "GameState", order: list[int]) -> Gen:
    """103.4: declarations in turn order, mulligans taken together, then cards to the bottom."""
    deciding = list(order)
    while deciding:
        taking: list[int] = []
        for i in deciding:
            p = game.players[i]
            if p.mulligans >= 7:
                continue   # their opening hand would be zero cards: no further mulligans
            ans = yield Mulligan(player=i, prompt=f"{p.name}: keep this hand of {len(p.hand)} or take a mulligan?",
                                 options=[Option("keep", "Keep"), Option("mulligan", "Mulligan")],
                                 mulligans=p.mulligans)
            if ans == "mulligan":
                taking.append(i)
                game.log_event(f"{p.name} will take a mulligan.", ("103.4",), player=i)
            else:
                p.kept = True
                game.log_event(f"{p.name} keeps {len(p.hand)} cards.", ("103.4",), player=i)
        for i in taking:
            p = game.players[i]
            actions.move_many(game, list(p.hand), "library", log=False)
            actions.shuffle(game, p, log=False)
            p.mulligans += 1
        for i in taking:
            actions.draw(game, game.players[i], 7, cites=("103.4",))
        for i in taking:
            p = game.players[i]
            n = min(p.mulligans, len(p.hand))
            if n <= 0:
                continue
            picks = yield Bottom(player=i, prompt=f"{p.name}: put {n} card{'s' if n != 1 else ''} on the bottom of "
                                 "your library", options=[Option(c.id, c.name) for c in p.hand], min=n, max=n)
            for cid in picks:
                card = game.objects[cid]
                actions.move(game, card, "library", position="bottom", log=False)
            game.log_event(f"{p.name} puts {n} card{'s' if n != 1 else ''} on the bottom of their library.",
                           ("103.4",), player=i)
        deciding = taking


# ---------------------------------------------------------------------------
# Turns


def run_turns(game: "GameState", start_step: str | None, point: str | None = None) -> Gen:
    """Turns in order; the first may start in the middle (a scenario's set-up), or at a decision its
    step was waiting on (``point``, see ``resume_in_step``: a copy of a game restarts there)."""
    first = True
    while not game.over:
        if first and start_step is not None:
            yield from run_turn(game, start_step, point)
        else:
            if not first:
                game.turn += 1
                next_turn(game)
            begin_turn(game)
            yield from run_turn(game, None)
        first = False


def begin_turn(game: "GameState") -> None:
    p = game.players[game.active]
    for q in game.players:
        q.lands_played = 0
        q.life_gained_this_turn = 0
        q.life_lost_last_turn = q.life_lost_this_turn
        q.life_lost_this_turn = 0
    game.spells_cast_this_turn = {q.index: 0 for q in game.players}
    game.turn_events = []
    for o in game.battlefield:
        if game.chars(o).controller == game.active:
            o.sick = False
            o.ctl_mark = game.active
    game.touch_status()   # whose turn it is, and what counts this turn
    if game.extra_turn_key is not None:
        game.log_event(f"Turn {game.turn}: {p.name}'s extra turn begins.", ("500.1", "500.7"), player=game.active,
                       kind="turn")
    else:
        game.log_event(f"Turn {game.turn}: {p.name}'s turn begins.", ("500.1",), player=game.active, kind="turn")
    end_until_next_turn(game)


def end_until_next_turn(game: "GameState") -> None:
    """611.2a: effects whose controller said "until your next turn" end as that player's next turn begins."""
    mine = [e for e in game.continuous if e.duration == "your_next_turn" and e.controller == game.active]
    ours = [e for e in game.replacements if e.duration == "your_next_turn" and e.controller == game.active]
    if not mine and not ours:
        return
    game.continuous = [e for e in game.continuous if e not in mine]
    game.replacements = [e for e in game.replacements if e not in ours]
    game.touch()
    names = ", ".join(sorted({e.source_name for e in mine + ours}))
    game.log_event(f"The \"until your next turn\" effects of {names} end.", ("611.2a",), player=game.active)


def run_turn(game: "GameState", start_step: str | None, point: str | None = None) -> Gen:
    steps = STEPS if start_step is None else STEPS[STEPS.index(start_step):]
    resume = start_step is not None
    for step in steps:
        if game.over:
            return
        if step in ("declare_blockers", "combat_damage") and not (resume and step == start_step) and (
                game.combat is None or not (game.combat.attackers_declared or game.combat.attackers)):
            continue   # 508.8: no attackers were declared
        if step == "first_strike_damage" and not (resume and step == start_step):
            if game.combat is None or not combat_mod.needs_first_strike_step(game):
                continue
        if step == "draw" and skips_first_draw_step(game):
            game.log_event(f"{game.players[game.active].name} plays first and skips the draw step.",
                           ("103.7a", "500.10"), player=game.active)
            continue
        game.step = step
        if resume and step == start_step:
            resume = False
            if point is not None:
                yield from resume_in_step(game, step, point)
            elif step in PRIORITY_STEPS:
                yield from priority_rounds(game)
            else:
                yield from do_step(game, step)
        else:
            yield from do_step(game, step)
        end_step(game, step)
        if game.over:
            return


RESUME_POINTS = ("priority", "attackers", "blockers")


def resume_point(game: "GameState") -> str | None:
    """Where the flow of the step now under way can restart from the state alone, or None.

    A player with priority in any step but cleanup (whose rounds of priority repeat, 514.3a), or the
    declaration of attackers (508.1) or blockers (509.1) the step waits on: everything the rest of the
    step needs is in the state then (whose priority and how many passed in a row are kept on it).
    """
    d = game.pending
    if d is None or game.over or game.turn < 1:
        return None
    if d.kind == "priority":
        return "priority" if game.step in PRIORITY_STEPS and game.priority_player == d.player else None
    if d.kind == "declare_attackers" and game.step == "declare_attackers":
        return "attackers"
    if d.kind == "declare_blockers" and game.step == "declare_blockers":
        return "blockers"
    return None


def resume_in_step(game: "GameState", step: str, point: str) -> Gen:
    """The rest of a step from a decision it was waiting on (``resume_point``)."""
    if point == "priority":
        yield from priority_rounds(game, resume=True)
        return
    if point == "attackers":
        yield from combat_mod.declare_attackers(game)
    elif point == "blockers":
        yield from combat_mod.declare_blockers(game)
    else:
        raise ValueError(f"no step restarts at {point!r}")
    if game.over:
        return
    yield from priority_rounds(game)


def skips_first_draw_step(game: "GameState") -> bool:
    """103.7a: in a two-player game the starting player skips the draw step of their first turn; a skipped
    step doesn't happen at all (500.10)."""
    return _starting_players_first_turn(game) and not game.setup_info.get("turn1_draw_step")


def _starting_players_first_turn(game: "GameState") -> bool:
    return game.turn == 1 and game.active == game.starting_player and len(game.players) == 2 \
        and not game.setup_info.get("draw_turn1")


def do_step(game: "GameState", step: str) -> Gen:
    if step != "untap" and step != "cleanup":
        game.log_event(f"{STEP_NAMES[step].capitalize()}.", (), kind="step")
    if step == "untap":
        untap_step(game)
        return
    if step == "cleanup":
        yield from cleanup_step(game)
        return
    game.emit([Event("step", step=step, active=game.active, player=game.active)])
    if step == "draw":
        if _starting_players_first_turn(game):
            # Only a record of an earlier turn sequence gets here (record.older_rules): the step took
            # place, without the draw.
            game.log_event(f"{game.players[game.active].name} plays first and skips the draw.", ("103.7a",))
        else:
            yield from actions.draw_asking(game, game.players[game.active], 1, cites=("504.1", "121.1"))
    elif step == "main1":
        yield from sagas.precombat_main_lore(game)
    elif step == "beginning_of_combat":
        game.combat = combat_mod.Combat(game.active, game.opponent(game.active))
    elif step == "declare_attackers":
        if game.combat is None:
            game.combat = combat_mod.Combat(game.active, game.opponent(game.active))
        yield from combat_mod.declare_attackers(game)
    elif step == "declare_blockers":
        yield from combat_mod.declare_blockers(game)
    elif step == "first_strike_damage":
        yield from combat_mod.combat_damage(game, first=True)
    elif step == "combat_damage":
        yield from combat_mod.combat_damage(game, first=False)
    if game.over:
        return
    yield from priority_rounds(game)


def untap_step(game: "GameState") -> None:
    """502.2: the active player's permanents untap, except those an effect keeps tapped. A player told to
    skip their next untap step skips it: nothing of it happens, and what waits for their "next untap step"
    waits for the next one that isn't skipped (614.10, 614.10a)."""
    if (game.active, "untap") in game.skips:
        game.skips.remove((game.active, "untap"))
        game.touch()
        game.log_event(f"{game.players[game.active].name} skips their untap step.", ("614.10", "502.2"),
                       player=game.active, kind="step")
        return
    keep: set[int] = set()
    for eff in list(game.continuous):
        if eff.duration != "next_untap":
            continue
        ctl = eff.data.get("controllers", {})
        mine = [i for i in eff.affected if ctl.get(i) == game.active]
        keep.update(mine)
        rest = tuple(i for i in eff.affected if i not in mine)
        if rest != eff.affected:
            eff.affected = rest
            if not rest:
                game.continuous.remove(eff)
    untapped = []
    for o in game.battlefield:
        chars = game.chars(o)
        if chars.controller == game.active and o.tapped:
            if o.id in keep or chars.has_flag("doesnt_untap"):   # "doesn't untap during ... untap step"
                game.log_event(f"{o.name} doesn't untap.", ("502.2",), (o.id,))
                continue
            o.tapped = False
            untapped.append(o)
    game.touch()
    game.log_event(f"{game.players[game.active].name} untaps their permanents.", ("502.2",), player=game.active,
                   kind="step")


def cleanup_step(game: "GameState") -> Gen:
    """514: discard to hand size, then damage wears off and "until end of turn" effects end."""
    while True:
        p = game.players[game.active]
        excess = len(p.hand) - p.max_hand_size
        if "no_max_hand" in game.player_flags(p.index):
            excess = 0
        if excess > 0:
            ctx = Ctx(game, p.index, None, None, 0, "cleanup")
            picks = yield from ctx.pick_cards(p, list(p.hand), excess, Discard,
                                              prompt=f"Discard {excess} card{'s' if excess != 1 else ''} "
                                                     "down to your maximum hand size")
            game.log_event(f"{p.name} discards down to {p.max_hand_size} cards.", ("514.1",), player=p.index)
            yield from actions.discard_asking(game, p, picks)
        for o in game.battlefield:
            o.damage = 0
            o.damaged_by = []
        game.continuous = [e for e in game.continuous if e.duration not in ("end_of_turn", "end_of_combat")
                           and not next_turn_over(game, e) and not ends_now(game, e)]
        replacement.end_of_turn(game)
        game.touch()
        game.log_event("Cleanup: damage is removed and \"until end of turn\" effects end.", ("514.2",), kind="step")
        # 514.3a: if state-based actions or triggers happen, players get priority, then cleanup again.
        did = yield from sba.check(game)
        if game.over:
            return
        if not did and not game.pending_triggers:
            return
        yield from priority_rounds(game)
        if game.over:
            return


def end_step(game: "GameState", step: str) -> None:
    """500.4: mana empties when a step ends; 511.3: combat ends with the end of combat step."""
    for p in game.players:
        lost = p.pool.empty(keep=step != "cleanup")   # mana kept "until end of turn" goes as the turn ends
        if lost:
            game.touch_status()   # only a mana pool changed
            game.log_event(f"{p.name}'s unused mana ({''.join('{%s}' % t for t in lost)}) empties.", ("500.4",),
                           player=p.index)
    if step == "end_of_combat":
        game.continuous = [e for e in game.continuous if e.duration != "end_of_combat"]
        combat_mod.end_combat(game)   # touches the state


# ---------------------------------------------------------------------------
# Priority


def before_priority(game: "GameState") -> Gen:
    """117.5: state-based actions, then triggered abilities, repeated until neither happens."""
    while True:
        _check_combat_control(game)
        end_lost_control(game)
        yield from sba.check(game)
        if game.over:
            return
        placed = yield from triggers.put_on_stack(game)
        if not placed:
            return


def _check_combat_control(game: "GameState") -> None:
    """506.4: a creature whose controller changes is removed from combat."""
    c = game.combat
    if c is None:
        return
    for oid in list(c.attackers):
        o = game.objects.get(oid)
        if o is None or game.chars(o).controller != c.attacking_player or not game.is_creature(o):
            game.log_event(f"{game.describe(oid)} is removed from combat.", ("506.4",), (oid,))
            c.remove(oid)
    for oid in list(c.blockers):
        o = game.objects.get(oid)
        if o is None or game.chars(o).controller != c.defending_player or not game.is_creature(o):
            game.log_event(f"{game.describe(oid)} is removed from combat.", ("506.4",), (oid,))
            c.remove(oid)


def priority_rounds(game: "GameState", resume: bool = False) -> Gen:
    """Players get priority until all pass in succession with an empty stack (117.3-117.4, 500.2).

    With ``resume``, the rounds go on from the state: the player it names has priority, after the passes
    in a row it counts (117.5 was done before they got it)."""
    player = game.active
    passes = 0
    if resume:
        player = game.priority_player if game.priority_player is not None else game.active
        passes = game.priority_passes
    while True:
        if not resume:
            yield from before_priority(game)
        resume = False
        if game.over:
            return
        n_players = len([p for p in game.players if not p.lost])
        game.priority_player = player
        game.priority_passes = passes
        action = yield priority_decision(game, player)
        if game.over:
            return
        if action["action"] == "pass":
            passes += 1
            if passes >= n_players:
                game.priority_player = None
                if not game.stack:
                    return
                yield from resolve_top(game)
                if game.over:
                    return
                passes = 0
                player = game.active   # 117.3b
                continue
            player = game.opponent(player)
            continue
        done = yield from perform(game, player, action)
        if done:
            passes = 0   # the player keeps priority (117.3c)
