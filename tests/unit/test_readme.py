"""The README's library example and its tour of the command line run as written."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer
from typer.core import TyperGroup
from typer.testing import CliRunner

from patience.cli import app

ROOT = Path(__file__).parent.parent.parent
runner = CliRunner()


def test_the_library_example_runs_as_written() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    found = re.search(r"As a library:\n\n```python\n(.*?)```", readme, re.S)
    assert found, "the README has a library example"
    scope: dict[str, object] = {}
    exec(compile(found[1], "README.md", "exec"), scope)  # the project's own text
    assert scope["state"].status == "playing"  # type: ignore[attr-defined]


# Commands of the tour that run for good (a server, a cluster, long statistics): only read.
READ_ONLY = {"serve", "stats"}


def tour() -> list[list[str]]:
    readme = (ROOT / "README.md").read_text("utf-8")
    found = re.search(r"## A short tour of the command line\n.*?```sh\n(.*?)```", readme, re.S)
    assert found, "the README has a tour of the command line"
    return [shlex.split(line, comments=True) for line in found[1].splitlines()]


def test_the_tour_puts_patience_on_the_path_first() -> None:
    first, *rest = tour()
    assert first == ["source", ".venv/bin/activate"]
    assert rest and all(words[0] == "patience" for words in rest)


def test_every_command_of_the_tour_runs_as_written(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """In order, in an empty folder: ``play`` saves the record ``replay`` and ``analyse``
    read. The commands that serve or run a cluster are parsed, not run."""
    monkeypatch.chdir(tmp_path)
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    for words in tour()[1:]:
        args = words[1:]
        if args[0] in READ_ONLY:
            command = group.commands[args[0]]
            command.make_context(args[0], args[1:])  # a bad option raises
            continue
        result = runner.invoke(app, args, input="q\n")
        assert result.exit_code == 0, (words, result.output)
    assert (tmp_path / "game.json").is_file()
