"""The command line: ``mtg-tui play | simulate | scenario | walkthrough | rules | cards | deck``."""

from __future__ import annotations

import errno
import json
import sys
from pathlib import Path
from typing import Any

import click

from .arguments import SEED
from .card_folders import cards_option, use_card_folders
from .decks.cli import deck_group
from .textfile import os_error_text
from .rules.cli import rules_group
from .ui.cli import play
from .ui.cli import walkthrough


class _Commands(click.Group):
    """The commands, with one safety net: a file the system refuses (a name too long, a folder that can't be
    read...) is one line saying which and why, wherever a command meets it."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except OSError as e:
            if e.errno == errno.EPIPE:   # output piped into a program that stopped reading: click handles it
                raise
            raise click.ClickException(os_error_text(e)) from None


@click.group(cls=_Commands)
@click.version_option(package_name="mtg-tui")
def main() -> None:
    """Magic: The Gathering in the terminal, with the rules enforced."""


main.add_command(rules_group, "rules")
main.add_command(deck_group, "deck")
main.add_command(play, "play")
main.add_command(walkthrough, "walkthrough")


# ---------------------------------------------------------------------------
# scenario


@main.group()
def scenario() -> None:
    """Rules scenarios: set up a game, drive it with a script, check what must hold."""


def _scenario_files(paths: tuple[str, ...]) -> list[Path]:
    files: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            files.extend(sorted(path.rglob("*.toml")))
        elif path.exists():
            files.append(path)
        else:
            raise click.UsageError(f"no such file or folder: {p}")
    return files


@scenario.command("run")
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per scenario instead of PASS/FAIL lines.")
@cards_option
def scenario_run(paths: tuple[str, ...], as_json: bool, card_folders: tuple[Path, ...]) -> None:
    """Run scenario files (a folder means every *.toml below it)."""
    from .scenario.runner import run_file
    files = _scenario_files(paths)
    if not files:
        raise click.ClickException(f"no scenario files (*.toml) in {', '.join(paths)}: nothing was run")
    db = use_card_folders(card_folders)
    passed = failed = 0
    for f in files:
        try:
            result = run_file(f, db)
        except Exception as e:  # a bug of ours must not hide the other results
            from .scenario.model import Result
            result = Result(str(f), f.stem, False, f"{f}: internal error: {type(e).__name__}: {e}")
        if result.passed:
            passed += 1
        else:
            failed += 1
        if as_json:
            click.echo(json.dumps(result.to_json()))
        else:
            click.echo(result.line())
    if not as_json:
        click.echo(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 else 1)


# ---------------------------------------------------------------------------
# cards


@main.group()
def cards() -> None:
    """The cards: list them, check that their text compiles, show one."""


@cards.command("list")
@click.option("--color", "colors", multiple=True,
              help="W, U, B, R, G, C (colorless) or M (multicolored); repeat for several.")
@click.option("--type", "type_", help="A card type or subtype, e.g. creature, instant, goblin.")
@click.option("--cost", type=int, help="Mana value.")
@click.option("--text", "text", help="Words in the rules text.")
@click.option("--set", "sets", multiple=True, metavar="CODE",
              help="Cards printed in this set (its code, e.g. DOM); repeat for several.")
@cards_option
def cards_list(colors: tuple[str, ...], type_: str | None, cost: int | None, text: str | None,
               sets: tuple[str, ...], card_folders: tuple[Path, ...]) -> None:
    """Every card name, one per line (optionally filtered)."""
    db = use_card_folders(card_folders)
    wanted = {c.upper()[:1] for c in colors}
    bad = wanted - set("WUBRGCM")
    if bad:
        raise click.BadParameter(f"unknown color {sorted(bad)[0]!r} (use W, U, B, R, G, C or M)", param_hint="--color")
    in_sets = {s.strip().upper() for s in sets}
    if in_sets:
        known = {p.set for card in db.pool for p in card.printings}
        unknown = sorted(in_sets - known)
        if unknown:
            raise click.BadParameter(f"no card is printed in a set {unknown[0]!r} (sets: {', '.join(sorted(known))})",
                                     param_hint="--set")
    for name in db.names():
        if in_sets and not any(p.set in in_sets for p in db.printings(name)):
            continue
        if colors or type_ or cost is not None or text:
            data = db.summary(name)
            from .engine.mana import ManaCost
            try:
                mc = ManaCost.parse(data.get("cost", ""))
            except ValueError:
                continue
            card_colors = set(mc.colors)
            if wanted:
                ok = bool(card_colors & wanted) or ("C" in wanted and not card_colors) or (
                    "M" in wanted and len(card_colors) > 1)
                if not ok:
                    continue
            if type_ and type_.lower() not in str(data.get("type", "")).lower():
                continue
            if cost is not None and mc.mana_value != cost:
                continue
            if text and text.lower() not in str(data.get("text", "")).lower():
                continue
        click.echo(name)


@cards.command("show")
@click.argument("name", nargs=-1, required=True)
@cards_option
def cards_show(name: tuple[str, ...], card_folders: tuple[Path, ...]) -> None:
    """Show a card: cost, type line, rules text, power/toughness, printings (each face of a card with two)."""
    from rich.console import Console
    from rich.markup import escape

    from .cardtext.loader import CardError, card_from_data
    from .render import card_panel
    db = use_card_folders(card_folders)
    wanted = " ".join(name)
    console = Console()
    unplayable = ""
    try:
        card = db.get(wanted)
    except KeyError as e:
        left = db.left_out(wanted)
        if left is not None:
            raise click.ClickException(left.message()) from None
        whole = db.pool.card_with_face(wanted)
        hint = f" ({wanted!r} is a face of {whole!r})" if whole else ""
        raise click.ClickException(str(e.args[0] if e.args else e) + hint) from None
    except CardError as e:
        try:   # a layout the engine doesn't play yet: show the card, and say so
            card = card_from_data(db.fields(wanted), db.file_of(wanted), playable_only=False)
        except CardError:
            raise click.ClickException(str(e)) from None
        unplayable = str(e)
    faces = card.faces or (card,)
    for i, face in enumerate(faces):   # a split card's halves, a double-faced card's two faces
        console.print(card_panel(face, db.printings(card.name) if i == len(faces) - 1 else ()))
    if unplayable:
        console.print(f"[yellow]Not playable yet:[/yellow] {escape(unplayable)}")


@cards.command("check")
@click.argument("path", required=False, type=click.Path(exists=True, file_okay=False))
@cards_option
def cards_check(path: str | None, card_folders: tuple[Path, ...]) -> None:
    """Load and compile every card file: the shipped cards and your own (or those of PATH), and --cards folders."""
    from .cardtext.loader import CardDatabase, CardError, default_folders
    for folder in card_folders:
        if not folder.is_dir():
            raise click.ClickException(f"--cards {folder}: no such folder of cards")
    folders = ([Path(path)] if path else default_folders()) + list(card_folders)
    try:
        db = CardDatabase(folders, cache=True)
    except CardError as e:
        raise click.ClickException(str(e)) from None
    errors = db.check(workers=_cores())
    for e in errors:
        click.echo(f"ERROR {e}", err=False)
    total = len(db.names()) + len(db.read_errors) + len(db.pool.conflicts)
    click.echo(f"{total - len(errors)} of {total} cards compiled, {len(errors)} failed")
    sys.exit(1 if errors else 0)


@cards.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The folder to write card files into (default: your own card folder, loaded in every game).")
@click.option("--fresh", is_flag=True, help="Remove the card files of --out first (to regenerate a folder).")
@click.option("--brief", is_flag=True, help="Only the table of figures, not the cards left out.")
def cards_import(files: tuple[Path, ...], out: Path | None, fresh: bool, brief: bool) -> None:
    """Import MTGJSON set files (v4 or v5): one card file per card the engine plays by its text.

    A card is written only if its text compiles and its layout is supported; a table per set says what was
    written and why the rest wasn't (with the phrase that didn't compile).
    """
    from .cardtext.import_report import run_import
    from .paths import user_cards_dir
    run_import(list(files), out if out is not None else user_cards_dir(), fresh, brief)


# ---------------------------------------------------------------------------
# simulate


AGENT_CHOICES = click.Choice(["random", "easy", "normal", "hard"], case_sensitive=False)


@main.command()
@click.option("--games", "-n", default=20, show_default=True, type=click.IntRange(1, 1_000_000),
              help="Number of games (1 to 1,000,000).")
@click.option("--seed", "-s", default=1, show_default=True, type=SEED, help="Seed of the first game (then seed+1, ...).")
@click.option("--deck1", default="Red Burn", show_default=True, help="Deck of player 1 (a shipped deck or a file).")
@click.option("--deck2", default="Green Stompy", show_default=True, help="Deck of player 2.")
@click.option("--p1", default="random", show_default=True, type=AGENT_CHOICES,
              help="Who plays player 1: the random agent or the computer opponent at a difficulty.")
@click.option("--p2", default="random", show_default=True, type=AGENT_CHOICES, help="Who plays player 2.")
@click.option("--workers", "-w", default=1, show_default=True, type=click.IntRange(min=1),
              help="Play games in this many processes (same results as one); at most one per core.")
@cards_option
def simulate(games: int, seed: int, deck1: str, deck2: str, p1: str, p2: str, workers: int,
             card_folders: tuple[Path, ...]) -> None:
    """Play whole games between two computer players and print the results."""
    from .sim import run_simulation
    cores = _cores()
    if workers > cores:
        click.echo(f"--workers {workers}: this machine has {cores} core{'s' if cores != 1 else ''}; "
                   f"using {cores} worker{'s' if cores != 1 else ''}.", err=True)
        workers = cores
    db = use_card_folders(card_folders)
    try:
        run_simulation(games, seed, deck1, deck2, p1.lower(), p2.lower(), workers, card_folders=db.extra_folders)
    except ValueError as e:
        raise click.ClickException(str(e)) from None


def _cores() -> int:
    """The cores this process may run on."""
    import os
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


if __name__ == "__main__":  # pragma: no cover
    main()
