"""Reading a scenario file: header, set-up, and the script of steps.

Every key is checked: an unknown key, an unknown card or a set-up that
can't be built is a ``ScenarioError`` naming the file and where.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..cardtext.errors import CardError
from ..engine.state import STEPS
from ..textfile import TextFileError, read_toml
from .model import Scenario, ScenarioError

HEADER_KEYS = {"title", "rules", "seed", "description", "game", "step", "cards"}
GAME_KEYS = {"players", "active", "turn", "step", "computer", "difficulty"}
TABLE_KEYS = {"life", "library", "hand", "battlefield", "graveyard", "exile", "poison", "lands_played", "deck"}
ZONES = ("library", "hand", "battlefield", "graveyard", "exile")
CAST_ZONES = ("hand", "graveyard", "exile", "library")   # where a `cast` input may take its card `from`

INPUT_KEYS = {"cast", "play", "activate", "attack", "block", "damage_order", "assign", "order", "targets",
              "choose", "concede"}
INPUT_OPTIONS = {"player", "targets", "mode", "x", "pay", "ability", "divide", "costs", "from", "convoke"}
# `reader = true` on an input: a walkthrough lets the reader make that decision (the scenario runner
# applies the script's input as usual).
READER_INPUTS = ("attack", "block", "damage_order", "assign", "order", "targets", "choose")
STEP_KEYS = INPUT_KEYS | INPUT_OPTIONS | {"pass", "advance", "expect", "say", "cite", "reader"}
EXPECT_KEYS = {"life", "zones", "contains", "stack", "card", "step", "turn", "active", "waiting", "poison",
               "result", "cited", "error", "hand_size", "library_size"}

_TAG = re.compile(r"\{([^{}]*)\}")
MAX_AMOUNT = 1_000_000     # the largest damage, counter count, poison, land count or life a set-up may give


def parse_entry(text: str) -> tuple[str, dict[str, Any]]:
    """"Hill Giant {+1/+1:2} {damage:1}" -> ("Hill Giant", {...tags})."""
    tags: dict[str, Any] = {}
    name = _TAG.sub("", text).strip()
    counters: dict[str, int] = {}
    for raw in _TAG.findall(text):
        tag = raw.strip()
        if tag in ("tapped", "sick", "token"):
            tags[tag] = True
            continue
        if ":" not in tag:
            raise ValueError(f"unknown tag {{{tag}}} (tags: tapped, sick, token, damage:N, COUNTER:N, "
                             "attached:REF, owner:NAME)")
        key, value = tag.split(":", 1)
        key, value = key.strip(), value.strip()
        if key == "damage":
            tags["damage"] = _amount(value, tag)
        elif key == "attached":
            tags["attached"] = value
        elif key == "owner":
            tags["owner"] = value
        else:
            counters[key] = _amount(value, tag)
    if counters:
        tags["counters"] = counters
    if not name:
        raise ValueError(f"{text!r} names no card")
    return name, tags


def _amount(v: str, tag: str) -> int:
    """A tag's number: a whole number from 0 to MAX_AMOUNT."""
    v = v.strip()
    if not v.lstrip("+-").isdigit() or len(v) > 8:
        raise ValueError(f"{{{tag}}} needs a whole number")
    n = int(v)
    if not 0 <= n <= MAX_AMOUNT:
        raise ValueError(f"{{{tag}}} needs a number from 0 to {MAX_AMOUNT:,}")
    return n


def load(path: Path, cards: Any) -> Scenario:
    path = Path(path)
    try:
        data = read_toml(path)
    except TextFileError as e:
        raise ScenarioError(str(e).removeprefix(f"{path}: ")) from None
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        title = path.stem
    seed = data.get("seed", 0)
    if not isinstance(seed, int):
        raise ScenarioError("seed must be a whole number")
    rules = data.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise ScenarioError("rules must be a list of rule numbers as strings")
    cards = _card_folders(data.get("cards"), path, cards)
    game = data.get("game")
    if game is not None and not isinstance(game, dict):
        raise ScenarioError("[game] must be a table")
    game = game or {}
    for k in game:
        if k not in GAME_KEYS:
            raise ScenarioError(f"unknown key {k!r} in [game] (keys: {', '.join(sorted(GAME_KEYS))})")
    tables = [(k, v) for k, v in data.items() if isinstance(v, dict) and k != "game"]
    for k, v in data.items():
        if k not in HEADER_KEYS and not isinstance(v, dict):
            raise ScenarioError(f"unknown key {k!r} at the top of the file")
    players = game.get("players")
    if players is None:
        players = [k for k, _ in tables]
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
        raise ScenarioError("a scenario needs exactly two players (`players = [\"Alice\", \"Bob\"]` in [game], "
                            "or two player tables)")
    if len(set(players)) != 2:
        raise ScenarioError("the two players need different names")
    for k, _ in tables:
        if k not in players:
            raise ScenarioError(f"table [{k}] is not a player (players: {', '.join(players)})")
    computer, difficulty = _computer(game, players)
    by_name = dict(tables)
    steps = data.get("step", [])
    if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
        raise ScenarioError("the script is a list of [[step]] tables")
    for i, s in enumerate(steps):
        _check_step(s, i + 1, players)

    new_game = "step" not in game
    if new_game:
        decks = []
        for p in players:
            table = by_name.get(p, {})
            for k in table:
                if k not in TABLE_KEYS:
                    raise ScenarioError(f"unknown key {k!r} in [{p}]")
            if "deck" not in table:
                raise ScenarioError(f"[{p}] needs a deck to start a new game (no step is given in [game])")
            decks.append(_deck(table["deck"], path, cards, p))
        setup = {"kind": "new", "players": players, "decks": decks, "starting": 0}
        return Scenario(path, title, rules, seed, str(data.get("description", "")), players, setup, steps, True,
                        computer=computer, difficulty=difficulty, cards=cards)

    step = game["step"]
    if step not in STEPS:
        raise ScenarioError(f"unknown step {step!r} in [game] (steps: {', '.join(STEPS)})")
    if step == "untap":
        raise ScenarioError("a game can't start in the untap step: nobody receives priority there")
    active = game.get("active", players[0])
    if active not in players:
        raise ScenarioError(f"active player {active!r} is not one of {players}")
    turn = game.get("turn", 1)
    if not isinstance(turn, int) or isinstance(turn, bool) or not 1 <= turn <= MAX_AMOUNT:
        raise ScenarioError(f"turn must be a whole number from 1 to {MAX_AMOUNT:,}")
    out_tables = []
    attachments: list[tuple[int, str, int]] = []
    index = 0
    for pi, p in enumerate(players):
        table = by_name.get(p, {})
        for k in table:
            if k not in TABLE_KEYS or k == "deck":
                raise ScenarioError(f"unknown key {k!r} in [{p}]" + (" (deck is only for new games)"
                                                                   if k == "deck" else ""))
        t: dict[str, Any] = {"life": table.get("life", 20), "poison": table.get("poison", 0),
                             "lands_played": table.get("lands_played", 0)}
        for key in ("life", "poison", "lands_played"):
            low = -MAX_AMOUNT if key == "life" else 0
            if not isinstance(t[key], int) or isinstance(t[key], bool) or not low <= t[key] <= MAX_AMOUNT:
                raise ScenarioError(f"{key} in [{p}] must be a whole number from {low:,} to {MAX_AMOUNT:,}")
        for zone in ZONES:
            entries = table.get(zone, [])
            if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
                raise ScenarioError(f"{zone} in [{p}] must be a list of card names")
            specs = []
            for e in entries:
                try:
                    name, tags = parse_entry(e)
                except ValueError as err:
                    raise ScenarioError(f"[{p}] {zone}: {err}") from None
                if zone != "battlefield" and any(k in tags for k in ("tapped", "sick", "damage", "counters",
                                                                     "attached")):
                    raise ScenarioError(f"[{p}] {zone}: {e!r} has tags that only permanents can have")
                token = bool(tags.get("token"))
                back = _back_face_of(cards, name)
                if back is not None:
                    if zone != "battlefield":
                        raise ScenarioError(f"[{p}] {zone}: {name!r} is the back face of {back!r}; outside "
                                            f"the battlefield a double-faced card has its front face up "
                                            f"(711.4a): name it {back!r}")
                elif name not in cards and not (token and cards.token(name) is not None) and \
                        cards.token(name) is None:
                    guess = cards.suggest(name)
                    hint = f" (did you mean {guess!r}?)" if guess else ""
                    raise ScenarioError(f"[{p}] {zone}: unknown card {name!r}{hint}")
                spec: dict[str, Any] = {"name": back or cards.canonical(name) or name}
                if back is not None:
                    spec["transformed"] = True   # on the battlefield with its back face up (711.4c)
                if token or (name not in cards and cards.token(name) is not None):
                    spec["token"] = True
                for k in ("tapped", "sick", "damage", "counters"):
                    if k in tags:
                        spec[k] = tags[k]
                if "owner" in tags:
                    if tags["owner"] not in players:
                        raise ScenarioError(f"[{p}] {zone}: owner {tags['owner']!r} is not a player")
                    spec["owner"] = players.index(tags["owner"])
                if "attached" in tags:
                    attachments.append((index, tags["attached"], pi))
                specs.append(spec)
                index += 1
            t[zone] = specs
        out_tables.append(t)
    setup = {"kind": "state", "players": players, "active": players.index(active), "turn": turn, "step": step,
             "tables": out_tables}
    sc = Scenario(path, title, rules, seed, str(data.get("description", "")), players, setup, steps, False,
                  attachments, computer=computer, difficulty=difficulty, cards=cards)
    _resolve_attachments(sc)
    return sc


def _back_face_of(cards: Any, name: str) -> str | None:
    """The transforming double-faced card whose back face is named ``name`` (a set-up names a permanent by the
    face that is up, 711.4), or None."""
    if name in cards:
        return None
    whole = cards.pool.card_with_face(name)
    if whole is None:
        return None
    card = cards.get(whole)
    faces = getattr(card, "faces", ())
    if len(faces) == 2 and card.layout == "transform" and faces[1].name.lower() == name.strip().lower():
        return whole
    return None


def _resolve_attachments(sc: Scenario) -> None:
    """{attached:REF} names another object of the set-up (by name, "Bob:Name" or "Name#N")."""
    flat: list[tuple[int, dict[str, Any], int, str]] = []
    for pi, t in enumerate(sc.setup["tables"]):
        for zone in ZONES:
            for spec in t[zone]:
                flat.append((pi, spec, len(flat), zone))
    for index, ref, table in sc.attachments:
        owner_filter = None
        name = ref
        number = None
        if ":" in name:
            who, name = name.split(":", 1)
            if who not in sc.players:
                raise ScenarioError(f"{{attached:{ref}}}: {who!r} is not a player")
            owner_filter = sc.players.index(who)
        m = re.match(r"^(.*)#(\d+)$", name)
        if m:
            name, number = m.group(1), int(m.group(2))
        same_name = [f for f in flat if f[1]["name"].lower() == name.strip().lower()]
        if number is not None:
            if number < 1 or number > len(same_name):
                raise ScenarioError(f"{{attached:{ref}}}: there is no {name}#{number} in the set-up")
            cands = [same_name[number - 1]]
        else:
            cands = [f for f in same_name if f[3] == "battlefield"]
        if owner_filter is not None:
            cands = [f for f in cands if f[0] == owner_filter]
        cands = [f for f in cands if f[2] != index and f[3] == "battlefield"]
        if not cands:
            raise ScenarioError(f"{{attached:{ref}}}: no permanent of the set-up fits {ref!r}")
        if len(cands) > 1:
            raise ScenarioError(f"{{attached:{ref}}}: several permanents fit {ref!r}; use Name#N or Player:Name")
        flat[index][1]["attached"] = cands[0][2]


def _card_folders(value: Any, path: Path, cards: Any) -> Any:
    """`cards = ["my-cards", ...]`: folders of card files (relative to the scenario) used besides ``cards``."""
    if value is None:
        return cards
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ScenarioError("cards must be a list of folders of card files, e.g. cards = [\"my-cards\"]")
    folders = []
    for v in value:
        folder = (path.parent / v).resolve()
        if not folder.is_dir():
            raise ScenarioError(f"cards: no folder {v!r} next to the scenario")
        folders.append(folder)
    try:
        db = cards.with_folders(folders, strict=True)
    except CardError as e:
        raise ScenarioError(f"cards: {e}") from None
    problems = [e for e in db.read_errors if any(str(e.file).startswith(str(f)) for f in folders)]
    if problems:
        raise ScenarioError(f"cards: {problems[0]}")
    return db


def _computer(game: dict[str, Any], players: list[str]) -> tuple[str | None, str]:
    """`computer = "Bob"` (and `difficulty`): the computer answers that player's unscripted decisions."""
    from ..ai import LEVELS
    computer = game.get("computer")
    difficulty = game.get("difficulty", "normal")
    if computer is not None and computer not in players:
        raise ScenarioError(f"computer {computer!r} is not one of the players ({', '.join(players)})")
    if difficulty not in LEVELS:
        raise ScenarioError(f"difficulty {difficulty!r} is not one of {', '.join(LEVELS)}")
    if "difficulty" in game and computer is None:
        raise ScenarioError("difficulty is given but no computer player (`computer = \"Bob\"` in [game])")
    return computer, difficulty


def _deck(value: Any, path: Path, cards: Any, player: str) -> list[str]:
    from ..decks.decklist import DecklistError, card_list, parse_decklist
    from ..decks.library import UnknownDeckError, load_deck
    if isinstance(value, list):
        lines = []
        for v in value:
            if not isinstance(v, str):
                raise ScenarioError(f"[{player}] deck: entries must be strings like \"4 Mountain\"")
            lines.append(v)
        try:
            deck = parse_decklist("\n".join(lines), source=f"[{player}] deck", cards=cards)
        except DecklistError as e:
            raise ScenarioError(str(e)) from None
        return card_list(deck)
    if isinstance(value, str):
        candidate = (path.parent / value)
        try:
            if candidate.is_file():
                deck = load_deck(str(candidate), cards)
            else:
                deck = load_deck(value, cards)
        except (UnknownDeckError, DecklistError, OSError) as e:
            raise ScenarioError(f"[{player}] deck: {e}") from None
        return card_list(deck)
    raise ScenarioError(f"[{player}] deck must be a deck name, a decklist file or a list of cards")


def _check_step(s: dict[str, Any], i: int, players: list[str]) -> None:
    for k in s:
        if k not in STEP_KEYS:
            raise ScenarioError(f"step {i}: unknown key {k!r}", i)
    if "expect" in s:
        exp = s["expect"]
        if not isinstance(exp, dict):
            raise ScenarioError(f"step {i}: expect must be a table", i)
        for k in exp:
            if k not in EXPECT_KEYS:
                raise ScenarioError(f"step {i}: unknown expectation {k!r} (known: {', '.join(sorted(EXPECT_KEYS))})",
                                    i)
    inputs = [k for k in s if k in INPUT_KEYS]
    kinds = [k for k in ("pass", "advance", "expect", "say") if k in s]
    main = [k for k in inputs if k != "targets"] or (["targets"] if "targets" in inputs else [])
    if len(main) > 1:
        raise ScenarioError(f"step {i}: one input per step (found {', '.join(main)})", i)
    if main and kinds:
        raise ScenarioError(f"step {i}: an input can't be combined with {kinds[0]}", i)
    if len(kinds) > 1 and not (set(kinds) <= {"say", "expect"}):
        raise ScenarioError(f"step {i}: combine at most say and expect in one step", i)
    if not main and not kinds and "cite" not in s:
        raise ScenarioError(f"step {i}: nothing to do (an input, pass, advance, expect or say)", i)
    if main and "player" not in s and main[0] != "concede":
        raise ScenarioError(f"step {i}: an input needs `player = \"...\"`", i)
    if main and main[0] == "concede" and "player" not in s:
        raise ScenarioError(f"step {i}: concede needs `player = \"...\"`", i)
    if "player" in s and s["player"] not in players:
        raise ScenarioError(f"step {i}: player {s['player']!r} is not one of {', '.join(players)}", i)
    if "pass" in s and s["pass"] != "resolve":
        raise ScenarioError(f"step {i}: pass must be \"resolve\"", i)
    if "concede" in s and s["concede"] is not True:
        raise ScenarioError(f"step {i}: concede = true is the only way to concede", i)
    if "say" in s and not isinstance(s["say"], str):
        raise ScenarioError(f"step {i}: say must be text", i)
    if "cite" in s and (not isinstance(s["cite"], list) or not all(isinstance(c, str) for c in s["cite"])):
        raise ScenarioError(f"step {i}: cite must be a list of rule numbers as strings", i)
    for opt in ("mode", "x", "pay", "ability", "costs"):
        if opt in s and not main:
            raise ScenarioError(f"step {i}: {opt} goes with an input", i)
    if "convoke" in s and (not main or main[0] != "cast"):
        raise ScenarioError(f"step {i}: convoke goes with cast", i)
    if "from" in s and (not main or main[0] not in ("cast", "play")):
        raise ScenarioError(f"step {i}: from goes with cast or play", i)
    if "from" in s and s["from"] not in CAST_ZONES:
        raise ScenarioError(f"step {i}: from is one of {', '.join(CAST_ZONES)}", i)
    if "cite" in s and "say" not in s:
        raise ScenarioError(f"step {i}: cite goes with say", i)
    if "reader" in s:
        if not isinstance(s["reader"], bool):
            raise ScenarioError(f"step {i}: reader is true or false", i)
        if not main or main[0] not in READER_INPUTS:
            raise ScenarioError(f"step {i}: reader goes with a decision input ({', '.join(READER_INPUTS)}); "
                                "priority actions (cast, play, activate) stay scripted", i)
