"""Checking a scenario's expectations against the game as it waits on its current decision."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..engine.state import STEPS
from .model import ScenarioError, ScenarioFailure

if TYPE_CHECKING:
    from .runner import Runner

CARD_KEYS = {"power", "toughness", "tapped", "damage", "counters", "attacking", "blocking", "controller", "zone",
             "owner", "sick", "attached", "blocked"}
ZONE_NAMES = ("library", "hand", "battlefield", "graveyard", "exile")


def _fail(n: int, msg: str) -> None:
    raise ScenarioFailure(f"step {n}: {msg}", n)


def check_expectations(r: "Runner", exp: dict[str, Any], n: int) -> None:
    g = r.game
    players = r.sc.players

    def player_index(name: Any) -> int:
        if name not in players:
            raise ScenarioError(f"step {n}: {name!r} is not a player", n)
        return players.index(name)

    for key, value in exp.items():
        if key in ("life", "poison", "hand_size", "library_size"):
            if not isinstance(value, dict):
                raise ScenarioError(f"step {n}: expect.{key} is a table player = number", n)
            for name, want in value.items():
                p = g.players[player_index(name)]
                got = {"life": p.life, "poison": p.poison, "hand_size": len(p.hand),
                       "library_size": len(p.library)}[key]
                if got != want:
                    _fail(n, f"expected {name}'s {key.replace('_', ' ')} to be {want}, but it is {got}")
        elif key in ("zones", "contains"):
            if not isinstance(value, dict):
                raise ScenarioError(f"step {n}: expect.{key} is a table \"Player.zone\" = [cards]", n)
            for zkey, want in value.items():
                got = zone_names(r, zkey, n)
                if not isinstance(want, list):
                    raise ScenarioError(f"step {n}: expect.{key}.{zkey} must be a list of card names", n)
                want_c = Counter(str(w).lower() for w in want)
                got_c = Counter(x.lower() for x in got)
                if key == "zones" and want_c != got_c:
                    _fail(n, f"expected {zkey} to be {sorted(want)}, but it is {sorted(got)}")
                if key == "contains" and (want_c - got_c):
                    _fail(n, f"expected {zkey} to contain {sorted(want)}, but it is {sorted(got)}")
        elif key == "stack":
            from .runner import stack_names
            got = stack_names(g)
            if [x.lower() for x in got] != [str(w).lower() for w in value]:
                _fail(n, f"expected the stack (top first) to be {value}, but it is {got}")
        elif key == "card":
            if not isinstance(value, dict):
                raise ScenarioError(f"step {n}: expect.card is a table of references", n)
            for ref_text, props in value.items():
                check_card(r, ref_text, props, n)
        elif key == "step":
            if value not in STEPS:
                raise ScenarioError(f"step {n}: unknown step {value!r}", n)
            if g.step != value:
                _fail(n, f"expected the step to be {value}, but it is {g.step}")
        elif key == "turn":
            if g.turn != value:
                _fail(n, f"expected turn {value}, but it is turn {g.turn}")
        elif key == "active":
            if g.players[g.active].name != value:
                _fail(n, f"expected {value} to be the active player, but it is {g.players[g.active].name}")
        elif key == "waiting":
            check_waiting(r, value, n)
        elif key == "result":
            check_result(r, value, n)
        elif key == "cited":
            rules = value if isinstance(value, list) else [value]
            missing = [x for x in rules if not g.log.has_cited(str(x))]
            if missing:
                _fail(n, f"expected the log to cite {', '.join(map(str, missing))}; it has cited "
                         f"{', '.join(sorted(g.log.cited)) or 'nothing'}")
        else:
            raise ScenarioError(f"step {n}: unknown expectation {key!r}", n)


def zone_names(r: "Runner", zkey: str, n: int) -> list[str]:
    g = r.game
    if "." not in zkey:
        if zkey == "stack":
            from .runner import stack_names
            return stack_names(g)
        raise ScenarioError(f"step {n}: zone {zkey!r} should look like \"Bob.graveyard\"", n)
    who, zone = zkey.split(".", 1)
    if who not in r.sc.players:
        raise ScenarioError(f"step {n}: {who!r} is not a player", n)
    if zone not in ZONE_NAMES:
        raise ScenarioError(f"step {n}: unknown zone {zone!r} (zones: {', '.join(ZONE_NAMES)})", n)
    pi = r.sc.players.index(who)
    if zone == "battlefield":
        return [g.chars(o).name or o.name for o in g.battlefield if g.controller_of(o) == pi]   # a copy's name (706.2)
    if zone == "exile":
        return [o.name for o in g.exile if o.owner == pi]
    return [o.name for o in g.zone_list(zone, pi)]


def check_card(r: "Runner", ref_text: str, props: Any, n: int) -> None:
    g = r.game
    if not isinstance(props, dict):
        raise ScenarioError(f"step {n}: expect.card.{ref_text!r} is a table of properties", n)
    for k in props:
        if k not in CARD_KEYS:
            raise ScenarioError(f"step {n}: unknown card property {k!r} (known: {', '.join(sorted(CARD_KEYS))})", n)
    ref = r.res.parse(ref_text, n)
    obj = r.res.anywhere(ref, n)
    c = g.chars(obj)
    combat = g.combat
    got: dict[str, Any] = {
        "power": c.power, "toughness": c.toughness, "tapped": obj.tapped, "damage": obj.damage,
        "counters": dict(obj.counters), "zone": obj.zone,
        "attacking": combat is not None and obj.id in combat.attackers,
        "blocking": combat is not None and obj.id in combat.blockers,
        "blocked": combat is not None and bool(combat.blocked.get(obj.id)),
        "controller": g.players[g.controller_of(obj)].name, "owner": g.players[obj.owner].name,
        "sick": g.summoning_sick(obj) if obj.zone == "battlefield" else False,
        "attached": g.describe(obj.attached_to) if obj.attached_to else None,
    }
    for k, want in props.items():
        have = got[k]
        if k == "counters":
            if not isinstance(want, dict):
                raise ScenarioError(f"step {n}: counters is a table kind = number", n)
            want = {str(a): b for a, b in want.items() if b}
        if k == "attached" and want is False:
            want = None
        if k == "attached" and isinstance(want, str) and have is not None:
            host = g.get(obj.attached_to)
            if host is not None and r.res.fits(host, r.res.parse(want, n)):
                continue
        if have != want:
            _fail(n, f"expected {ref_text} to have {k} = {want!r}, but it has {have!r}")


def check_waiting(r: "Runner", value: Any, n: int) -> None:
    g = r.game
    if not isinstance(value, dict):
        raise ScenarioError(f"step {n}: expect.waiting is {{ player = ..., decision = ... }}", n)
    d = g.pending
    if d is None:
        _fail(n, "expected the game to wait on a decision, but it is over")
        return
    who = g.players[d.player].name
    if "player" in value and value["player"] != who:
        _fail(n, f"expected the game to wait on {value['player']}, but it waits on {who} ({d.kind})")
    if "decision" in value and value["decision"] != d.kind:
        _fail(n, f"expected the game to wait on {value['decision']}, but it waits on {d.kind} by {who}")


def check_result(r: "Runner", value: Any, n: int) -> None:
    g = r.game
    if not isinstance(value, dict):
        raise ScenarioError(f"step {n}: expect.result is {{ winner = ... }}, {{ draw = true }} or "
                            "{ over = false }", n)
    if "winner" in value:
        if g.winner is None or g.players[g.winner].name != value["winner"]:
            got = "the game goes on" if not g.over else ("a draw" if g.is_draw else
                                                         f"{g.players[g.winner].name} won")
            _fail(n, f"expected {value['winner']} to win, but {got}")
    if "draw" in value:
        if bool(value["draw"]) != g.is_draw:
            _fail(n, f"expected draw = {value['draw']}, but the game is "
                     f"{'a draw' if g.is_draw else ('over' if g.over else 'going on')}")
    if "over" in value:
        if bool(value["over"]) != g.over:
            _fail(n, f"expected over = {value['over']}, but it is {g.over}")
