"""The ``deck`` command group: list, show, check and export decklists."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from mtg_tui.card_folders import cards_option, use_card_folders
from mtg_tui.decks import names
from mtg_tui.decks.decklist import (
    Decklist,
    DecklistError,
    Entry,
    check_deck,
    format_decklist,
    read_decklist,
)
from mtg_tui.decks.library import UnknownDeckError, deck_colors, deck_sets, list_decks, load_deck

TYPE_ORDER = ("Creature", "Planeswalker", "Instant", "Sorcery", "Artifact", "Enchantment", "Land")
PLURALS = {"Sorcery": "Sorceries", "Other": "Other"}


def _load(name: str) -> Decklist:
    try:
        return load_deck(name)
    except (UnknownDeckError, DecklistError) as exc:
        raise click.ClickException(str(exc)) from exc


def _group(entry: Entry) -> str:
    """The heading a card is listed under: its most telling card type."""
    types = names.card_type(entry[1]).split("—")[0].split()
    return next((t for t in TYPE_ORDER if t in types), "Other")


@click.group("deck")
def deck_group() -> None:
    """List, show, check and export decklists."""


@deck_group.command("list")
def list_command() -> None:
    """The shipped decks with their colors, the set they are drawn from, and descriptions."""
    table = Table(title="Shipped decks")
    table.add_column("Name", style="bold", no_wrap=True)
    table.add_column("Colors", no_wrap=True)
    table.add_column("Set", no_wrap=True)
    table.add_column("Cards", justify="right")
    table.add_column("Description")
    for deck in list_decks():
        table.add_row(
            escape(deck.name), deck_colors(deck) or "C", deck_sets(deck) or "core", str(deck.main_count),
            escape(deck.description)
        )
    Console().print(table)


@deck_group.command("show")
@click.argument("name")
@cards_option
def show_command(name: str, card_folders: tuple[Path, ...]) -> None:
    """A deck's cards grouped by type, with counts."""
    use_card_folders(card_folders)
    deck = _load(name)
    console = Console()
    title = escape(deck.name or deck.source)
    console.print(f"[bold]{title}[/bold] ({deck_colors(deck) or 'C'}, {deck.main_count} cards)")
    if deck.description:
        console.print(escape(deck.description))
    sections = [("", deck.main)] + ([("Sideboard: ", deck.sideboard)] if deck.sideboard else [])
    for prefix, entries in sections:
        for heading in TYPE_ORDER + ("Other",):
            group = [e for e in entries if _group(e) == heading]
            if not group:
                continue
            total = sum(count for count, _ in group)
            title = f"{prefix}{PLURALS.get(heading, heading + 's')} ({total})"
            table = Table(title=title, title_justify="left", show_header=False, box=None)
            table.add_column(justify="right")
            table.add_column(no_wrap=True)
            table.add_column()
            table.add_column(style="dim")
            for count, card in group:
                table.add_row(str(count), card, names.card_cost(card), names.card_type(card))
            console.print(table)


@deck_group.command("check")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--casual", is_flag=True, help="Skip the deck-size and four-copy rules.")
@cards_option
def check_command(file: Path, casual: bool, card_folders: tuple[Path, ...]) -> None:
    """Check a decklist file against rule 100.2a; exit 1 on any problem."""
    use_card_folders(card_folders)
    try:
        deck = read_decklist(file)
    except DecklistError as exc:
        for bad_line in exc.problems:
            click.echo(str(bad_line))
        raise click.exceptions.Exit(1) from exc
    problems = check_deck(deck, constructed=not casual)
    for problem in problems:
        click.echo(problem)
    if problems:
        raise click.exceptions.Exit(1)
    sideboard = f" + {deck.sideboard_count} in sideboard" if deck.sideboard else ""
    click.echo(f"OK: {deck.main_count} cards{sideboard}")


@deck_group.command("export")
@click.argument("name")
def export_command(name: str) -> None:
    """A deck in the plain decklist format."""
    click.echo(format_decklist(_load(name)), nl=False)
