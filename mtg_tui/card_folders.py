"""``--cards DIR``: more folders of card files for one command, beside the shipped and the user's cards."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

import click

if TYPE_CHECKING:
    from .cardtext.loader import CardDatabase

HELP = ("A folder of card files to use besides the shipped cards and your own card folder "
        "(repeat for several).")


def cards_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """The repeatable ``--cards DIR`` option, passed to the command as ``card_folders``."""
    return click.option("--cards", "card_folders", multiple=True, metavar="DIR", help=HELP,
                        type=click.Path(file_okay=False, path_type=Path))(command)


def use_card_folders(folders: Sequence[Path]) -> CardDatabase:
    """This process's cards with ``folders`` added; a folder that is missing, or two different cards with
    one name, stop the command with a clear message."""
    from .cardtext.loader import CardError, default_db, use_extra_folders  # the card code only when used
    for folder in folders:
        if not Path(folder).is_dir():
            raise click.ClickException(f"--cards {folder}: no such folder of cards")
    use_extra_folders([Path(f).resolve() for f in folders])
    try:
        return default_db()
    except CardError as e:
        raise click.ClickException(str(e)) from None
