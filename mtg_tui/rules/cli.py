"""``mtg-tui rules``: look up a rule number or a term, or import the official rules text.

``mtg-tui rules 704.5g``, ``mtg-tui rules deathtouch``, ``mtg-tui rules legend rule``,
``mtg-tui rules search trample`` and ``mtg-tui rules import PATH``.
"""

from __future__ import annotations

import difflib

import click
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from . import storage
from .importer import RulesImportError, import_official
from .index import RulesIndex, default_index
from .numbering import ancestors, looks_like_number, normalise, parent
from .search import normalise_term

MAX_CHILDREN = 12
MAX_OTHER_MATCHES = 10


class _QueryByDefault(click.Group):
    """A group whose first argument, if not a subcommand name, is a query for ``show``."""

    default_command = "show"

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if (
            args
            and args[0] not in self.commands
            and args[0] not in ctx.help_option_names
        ):
            args = [self.default_command, *args]
        return super().parse_args(ctx, args)


def _console(stderr: bool = False) -> Console:
    return Console(stderr=stderr, highlight=False)


def _label(index: RulesIndex, number: str) -> str:
    title = index.title_of(number)
    return f"{number} {title}" if title else number


def _neighbours_text(index: RulesIndex, number: str) -> Text:
    near = index.neighbours(number)
    text = Text()
    for name, value in (
        ("Parent", near.parent),
        ("Previous", near.previous),
        ("Next", near.next),
    ):
        if value:
            text.append(f"{name}: ", style="bold")
            text.append(_label(index, value) + "\n")
    if near.children:
        shown = ", ".join(
            _label(index, child) for child in near.children[:MAX_CHILDREN]
        )
        more = len(near.children) - MAX_CHILDREN
        text.append("Children: ", style="bold")
        text.append(shown + (f", ... and {more} more" if more > 0 else "") + "\n")
    return text


def show_rule(
    index: RulesIndex, number: str, console: Console, official: bool = True
) -> None:
    """Print one rule: number, title, our summary, official text (if any), neighbours."""
    entry = index.lookup(number)
    heading = Text(f"Rule {entry.number}", style="bold cyan")
    if entry.title:
        heading.append(f"  {entry.title}", style="bold")
        if entry.title_from and entry.title_from != entry.number:
            heading.append(f"  (in {entry.title_from})", style="dim")
    console.print(heading)
    if entry.summary:
        console.print(
            Panel(
                Text(entry.summary),
                title="In plain words",
                title_align="left",
                border_style="green",
            )
        )
    else:
        console.print(Text("No plain-words summary for this rule yet.", style="dim"))
    if official and entry.official_text and entry.official_text != entry.title:
        console.print(
            Panel(
                Text(entry.official_text),
                title="Official text",
                title_align="left",
                border_style="blue",
            )
        )
    elif official and not index.has_official_text:
        console.print(
            Text(
                "Official text not imported; see 'mtg-tui rules import --help'.",
                style="dim",
            )
        )
    console.print(_neighbours_text(index, entry.number), end="")


# A query echoed back in an error is cut to this many characters, so a pasted paragraph stays one line.
MAX_ECHOED_QUERY = 60


def _report_unknown(index: RulesIndex, query: str) -> None:
    console = _console(stderr=True)
    key = normalise(query)
    if key is not None:
        message = f"Rule {key} does not exist in the Comprehensive Rules."
        above = parent(key)
        while above is not None and not index.exists(above):
            above = parent(above)
        if above is not None:
            message += f" The nearest existing rule is {_label(index, above)}."
        console.print(Text(message, style="red"))
        return
    shown = query if len(query) <= MAX_ECHOED_QUERY else query[:MAX_ECHOED_QUERY - 1] + "…"
    console.print(Text(f"No rule or glossary term matches {shown!r}.", style="red"))
    close = difflib.get_close_matches(
        normalise_term(query), index.terms(), n=5, cutoff=0.75
    )
    if close:
        console.print(Text("Did you mean: " + ", ".join(close) + "?"))


@click.group(cls=_QueryByDefault, name="rules", invoke_without_command=True)
@click.pass_context
def rules_group(ctx: click.Context) -> None:
    """Look up the Comprehensive Rules: a rule number (704.5g) or a term (deathtouch).

    \b
    Examples:
      mtg-tui rules 704.5g
      mtg-tui rules deathtouch
      mtg-tui rules legend rule
      mtg-tui rules import PATH-TO-RULES.txt
    """
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@rules_group.command("show")
@click.argument("query", nargs=-1, required=True)
@click.option(
    "--official/--no-official",
    default=True,
    help="Show the official text, if imported.",
)
def show_command(query: tuple[str, ...], official: bool) -> None:
    """Show a rule by number, or the best rule for a keyword or glossary term."""
    text = " ".join(query).strip()
    index = default_index()
    matches = [normalise(text)] if looks_like_number(text) else index.search(text)
    matches = [m for m in matches if m and index.exists(m)]
    if not matches:
        _report_unknown(index, text)
        raise SystemExit(1)
    console = _console()
    show_rule(index, matches[0], console, official=official)
    shown = matches[0]
    others = [n for n in matches[1:] if shown not in ancestors(n)][:MAX_OTHER_MATCHES]
    if others:
        console.print(
            Text("Also see: ", style="bold")
            + Text(", ".join(_label(index, n) for n in others))
        )


@rules_group.command("search")
@click.argument("term", nargs=-1, required=True)
def search_command(term: tuple[str, ...]) -> None:
    """List every rule matching a keyword, glossary term or phrase."""
    text = " ".join(term)
    index = default_index()
    matches = index.search(text)
    if not matches:
        _report_unknown(index, text)
        raise SystemExit(1)
    console = _console()
    for number in matches:
        entry = index.lookup(number)
        line = Text(f"{number:<10}", style="bold cyan")
        line.append(entry.title or "")
        if entry.summary:
            line.append(f"  {entry.summary}", style="dim")
        console.print(line, overflow="ellipsis", no_wrap=True)


@rules_group.command("import")
@click.argument("path", type=click.Path(dir_okay=True, path_type=str))
def import_command(path: str) -> None:
    """Import an official Comprehensive Rules .txt file so lookups show its wording."""
    try:
        written = import_official(path)
    except RulesImportError as error:
        _console(stderr=True).print(Text(f"Import failed: {error}", style="red"))
        raise SystemExit(1) from error
    imported = storage.load(written)
    rules = len(imported.rules) if imported else 0
    terms = len(imported.glossary) if imported else 0
    _console().print(
        Text(f"Imported {rules} rules and {terms} glossary terms into {written}.")
    )
