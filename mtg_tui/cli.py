"""The command line: ``mtg-tui play | simulate | scenario | walkthrough | rules | cards | deck``."""

from __future__ import annotations

import click


@click.group()
@click.version_option(package_name="mtg-tui")
def main() -> None:
    """Magic: The Gathering in the terminal."""
