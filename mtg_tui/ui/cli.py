"""``mtg-tui play``: a game against the computer (or two people at one terminal)."""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path
from typing import Any

import click

from ..arguments import PLAYER_NAME, SEED
from ..card_folders import cards_option, use_card_folders
from ..textfile import os_error_text
from .opponents import DIFFICULTIES

DEFAULT_DECK = "Red Burn"
DEFAULT_OPPONENT_DECK = "Green Stompy"


def _load(name: str) -> tuple[str, list[str]]:
    deck_name, cards, _ = _load_checked(name)
    return deck_name, cards


def _load_checked(name: str) -> tuple[str, list[str], list[str]]:
    """A deck's name, its cards, and what a constructed game wouldn't allow (rule 100.2a): casual play may
    go on, but the player is told."""
    from ..decks.decklist import DecklistError, card_list, check_deck, unplayable
    from ..decks.library import UnknownDeckError, load_deck
    try:
        deck = load_deck(name)
        cards = card_list(deck)
    except (UnknownDeckError, DecklistError) as e:
        raise click.ClickException(str(e)) from None
    except OSError as e:
        raise click.ClickException(os_error_text(e)) from None
    problems = unplayable(deck)
    if problems:
        raise click.ClickException("\n".join(problems))
    if not cards:
        raise click.ClickException(f"the deck {name!r} has no cards")
    return deck.name or name, cards, check_deck(deck, constructed=True)


@click.command("play")
@click.option("--deck", default=DEFAULT_DECK, show_default=True, help="Your deck: a shipped deck name or a decklist file.")
@click.option("--opponent-deck", default=DEFAULT_OPPONENT_DECK, show_default=True,
              help="The opponent's deck (a shipped deck name or a decklist file).")
@click.option("--seed", type=SEED, default=None,
              help="The game's seed, a whole number from 0 (the same seed, the same shuffles). Default: random.")
@click.option("--hotseat", is_flag=True, help="Two people at one terminal, taking turns at the keyboard.")
@click.option("--difficulty", type=click.Choice(DIFFICULTIES), default="normal", show_default=True,
              help="The computer opponent's level.")
@click.option("--resume", "resume", is_flag=False, flag_value="", default=None, metavar="[FILE|N]",
              help="Continue an unfinished game: the only one, or one chosen from the list "
                   "(N: the Nth listed), or the game saved in FILE.")
@click.option("--pace", type=click.FloatRange(0, 10), default=0.7, show_default=True,
              help="Seconds between the computer's actions (+/- change it in the game).")
@click.option("--name", "names", multiple=True, metavar="NAME", type=PLAYER_NAME,
              help="A player's name (give it twice for hot-seat: first, then second player).")
@click.option("--explain", is_flag=True,
              help="Explanations on: each log entry shows the rules it cites, in plain words (v toggles).")
@cards_option
def play(deck: str, opponent_deck: str, seed: int | None, hotseat: bool, difficulty: str, resume: str | None,
         pace: float, names: tuple[str, ...], explain: bool, card_folders: tuple[Path, ...]) -> None:
    """Play a game against the computer, at once, with the default decks (Red Burn vs Green Stompy).

    Keys: Space passes, Enter plays the highlighted card, a lists your actions, ? helps.
    The game is saved after every move; Ctrl+Q quits and 'mtg-tui play --resume' continues.
    With --explain (or the key v), the log explains each event with the rules it cites.
    """
    from .app import GameOptions, MtgApp
    from .opponents import make_opponent
    from .saves import SaveInUse, saves_dir
    from .session import SaveError, Session, saved_card_folders

    if resume is not None:
        path = _choose_save(resume)
        try:
            db = use_card_folders(saved_card_folders(path) + list(card_folders))
            try:
                session = Session.resume(path, db, make_opponent)
            except SaveInUse:
                session = Session.resume(_copy_of_open_game(path), db, make_opponent)
        except SaveError as e:
            raise click.ClickException(str(e)) from None
        if session.game.over:
            session.close()
            raise click.ClickException("that saved game is already over; start a new one with 'mtg-tui play'")
        if session.notice:
            click.echo(session.notice)
        notes = [x for x in [session.notice] + [s.note for s in session.seats] if x]
        meta = session.meta
        opts = None
        decks = meta.get("decks")
        if isinstance(decks, list) and len(decks) == 2:
            try:
                opts = GameOptions([_load(d)[1] for d in decks], list(decks),
                                   [p.name for p in session.game.players], session.game.seed + 1,
                                   hotseat=session.hotseat, difficulty=str(meta.get("difficulty", "normal")),
                                   saves=path.parent)
            except click.ClickException:
                opts = None
        _run(MtgApp(session, options=opts, cards=db, pace=pace, notes=notes, explain=explain))
        return

    db = use_card_folders(card_folders)
    deck_name, cards1, warnings = _load_checked(deck)
    opp_name, cards2, more = _load_checked(opponent_deck)
    warnings = [f"Not a constructed deck (a casual game goes on): {w}" for w in warnings + more]
    for w in warnings:
        click.echo(w)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    default_names = ["Player 1", "Player 2"] if hotseat else ["Player", "Computer"]
    players = list(names[:2]) + default_names[len(names[:2]):]
    if players[0] == players[1]:
        raise click.ClickException("the two players need different names")
    saves: Path | None = saves_dir()
    problem = _unwritable(saves)
    if problem:
        click.echo(f"Games can't be saved: {problem}.")
        if not click.confirm("Play without saving?", default=False):
            raise SystemExit(1)
        saves = None
    opts = GameOptions([cards1, cards2], [deck_name, opp_name], players, seed, hotseat=hotseat,
                       difficulty=difficulty, saves=saves)
    _run(MtgApp(options=opts, cards=db, pace=pace, notes=warnings, explain=explain))


def _choose_save(resume: str) -> Path:
    """The save file ``--resume`` means: FILE, the Nth unfinished game, the only one, or one the player picks."""
    from .saves import saves_dir, unfinished_games

    if resume and (not resume.isdigit() or Path(resume).exists()):
        return Path(resume)
    games = unfinished_games()
    if not games:
        raise click.ClickException(f"there is no saved game to resume (none in {saves_dir()}); "
                                   "start one with 'mtg-tui play'")
    if resume:
        n = int(resume)
        if not 1 <= n <= len(games):
            raise click.ClickException(f"there are {len(games)} unfinished games; --resume takes 1 to {len(games)}")
        return games[n - 1].path
    if len(games) == 1:
        return games[0].path
    click.echo("Unfinished games, the most recent first:")
    for i, g in enumerate(games, start=1):
        click.echo(f"{i:>3}. {g.describe()}")
    n = click.prompt("Which game?", type=click.IntRange(1, len(games)), default=1)
    return games[n - 1].path


def _copy_of_open_game(path: Path) -> Path:
    """The game is open in another mtg-tui: offer to play on in a copy (its own file)."""
    import shutil

    from .saves import new_save_path, unfinished_games

    click.echo(f"That game is open in another mtg-tui ({path.name}); playing it here too would mix the two.")
    if not click.confirm("Play on in a copy of it?", default=False):
        raise SystemExit(1)
    seed = next((g.seed for g in unfinished_games(path.parent) if g.path == path), None)
    copy = new_save_path(seed if seed is not None else 0, path.parent, note="copy")
    try:
        shutil.copyfile(path, copy)
    except OSError as e:
        raise click.ClickException(f"can't copy the game: {e.strerror or e}") from None
    click.echo(f"The copy is {copy}.")
    return copy


def _unwritable(folder: Path) -> str:
    """Why games can't be saved in ``folder`` ("" if they can)."""
    import tempfile
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".probe-"):
            pass
    except OSError as e:
        return f"{e.filename or folder}: {e.strerror or e}"
    return ""


def _measure_the_terminal() -> None:
    """Let the terminal itself give the screen size.

    Textual sizes the screen with shutil.get_terminal_size, which believes exported LINES and COLUMNS
    before the terminal: values exported once go stale when the window is resized, and the board would
    be drawn for a size the window no longer has. On a real terminal the terminal knows better.
    """
    if sys.stdout.isatty():
        os.environ.pop("LINES", None)
        os.environ.pop("COLUMNS", None)


def _run(app: Any) -> None:
    """Run the app; on any failure exit non-zero, saying where the game was saved."""
    _measure_the_terminal()
    try:
        app.run()
    finally:
        session = app.session
        if session is not None:
            session.close()
    code = app.return_code or 0
    if code:
        s = app.session
        where = s.save_path if s is not None and not s.game.over and not s.save_problem else None
        if where is not None:
            why = "was stopped" if code > 128 else "stopped on an error"
            try:
                click.echo(f"mtg-tui {why}. The game is saved: 'mtg-tui play --resume {where}' continues it.",
                           err=True)
            except OSError:  # the terminal is gone
                pass
        raise SystemExit(code)


@click.command("walkthrough")
@click.argument("name", nargs=-1)
def walkthrough(name: tuple[str, ...]) -> None:
    """Rules walkthroughs: a game set up to show some rules, explained page by page.

    Without NAME, lists them. NAME is a number (5), a file name (05-combat-basics) or part of a title
    (combat). In a walkthrough: Space next page, Esc back, R restart, 1-9 a cited rule in full, ? help;
    where it says "Your decision", you make it with the game's own prompt.
    """
    import shutil
    import textwrap

    from ..walkthroughs.driver import UnknownWalkthrough, catalogue, find

    items = catalogue()
    if not name:
        width = min(100, max(60, shutil.get_terminal_size((80, 24)).columns)) - 1
        click.echo("Rules walkthroughs ('mtg-tui walkthrough NAME' plays one; NAME is a number, a file name "
                   "or part of a title):")
        for w in items:
            click.echo("")
            click.echo(f"{w.number:>3}. {w.title}  [{w.stem}]")
            for line in textwrap.wrap(w.description, width - 5):
                click.echo(f"     {line}")
        return
    try:
        info = find(" ".join(name), items)
    except UnknownWalkthrough as e:
        raise click.ClickException(str(e)) from None
    from ..cardtext.loader import default_db
    from ..scenario.model import ScenarioError
    from ..walkthroughs.driver import Walkthrough
    from .walkthrough_app import WalkthroughApp

    db = default_db()
    try:
        walk = Walkthrough(info.path, db)
    except ScenarioError as e:
        raise click.ClickException(f"{info.path.name}: {e}") from None
    _measure_the_terminal()
    WalkthroughApp(info, db, walk, items).run()
