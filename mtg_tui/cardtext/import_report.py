"""What ``mtg-tui cards import`` prints: a progress bar while it compiles, then a table per set."""

from __future__ import annotations

import re
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from .importer import CLASH, LAYOUT, NOT_COMPILED, WRITTEN, SetReport, import_sets
from .left_out import LEFT_OUT
from .mtgjson import MtgjsonError
from .pool import card_files


def run_import(files: list[Path], out: Path, fresh: bool, brief: bool, console: Console | None = None) -> None:
    """Import the files into ``out`` and print the report; a bad file stops it before anything is written."""
    console = console or Console()
    if fresh and out.is_dir():
        for path in card_files(out) + [out / LEFT_OUT]:
            path.unlink(missing_ok=True)
    with Progress(TextColumn("Compiling"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task("compile", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)
        try:
            reports = import_sets(files, out, progress)
        except MtgjsonError as e:
            raise click.ClickException(str(e)) from None
    if not brief:
        for report in reports:
            if any(o.status != WRITTEN for o in report.outcomes):
                console.print(set_table(report))
            else:
                console.print(f"{report.code} — {escape(report.name)}: {figures(report)}")
    console.print(summary_table(reports, out))


def set_table(report: SetReport) -> Table:
    """One set: the figures, then each card left out with why (and the phrase that didn't compile)."""
    left_out = [o for o in report.outcomes if o.status != WRITTEN]
    table = Table(title=f"{report.code} — {escape(report.name)}: {figures(report)}", title_justify="left",
                  show_lines=False)
    table.add_column("left out", no_wrap=True)
    table.add_column("why")
    table.add_column("phrase", style="bold")
    order = {NOT_COMPILED: 0, LAYOUT: 1, CLASH: 2}
    for o in sorted(left_out, key=lambda o: (order.get(o.status, 3), o.name)):
        why = short_reason(o.message) if o.status == NOT_COMPILED else f"{o.status}: {short_reason(o.message)}"
        table.add_row(escape(o.name), escape(why), escape(o.phrase))
    return table


_COMPILE = re.compile(r"^can't compile ('.*?'|\".*?\"): (.*)$", re.S)


def short_reason(message: str) -> str:
    """The compiler's reason, shortly: for a phrase it can't read, the ability it is in."""
    m = _COMPILE.match(message)
    if not m:
        return " ".join(message.split())
    paragraph, inner = m.group(1)[1:-1], m.group(2)
    if inner.startswith("can't read "):
        return f"can't read, in: {paragraph}"
    return " ".join(inner.split())


def figures(report: SetReport) -> str:
    return (f"{len(report.outcomes)} cards, {report.count(WRITTEN)} written, {report.compiled} compiled, "
            f"{report.count(NOT_COMPILED)} not compiled, {report.count(LAYOUT)} layouts not supported"
            + (f", {report.count(CLASH)} names taken" if report.count(CLASH) else ""))


def summary_table(reports: list[SetReport], out: Path) -> Table:
    table = Table(title=f"Imported into {escape(str(out))}", title_justify="left")
    for column in ("set", "cards", "written", "compiled", "not compiled", "layouts not supported", "names taken"):
        table.add_column(column, justify="left" if column == "set" else "right")
    for r in reports:
        table.add_row(r.code, str(len(r.outcomes)), str(r.count(WRITTEN)), str(r.compiled), str(r.count(NOT_COMPILED)),
                      str(r.count(LAYOUT)), str(r.count(CLASH)))
    return table
