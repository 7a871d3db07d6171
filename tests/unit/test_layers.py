"""Dependencies point inward: cards, deals, engine and games import no outer layer."""

from __future__ import annotations

import ast
from pathlib import Path

import patience

ROOT = Path(patience.__file__).parent
CORE = [ROOT / "cards.py", ROOT / "deals.py", *(ROOT / "engine").glob("*.py"),
        *(ROOT / "games").glob("*.py")]
OUTER = ("patience.solver", "patience.stats", "patience.storage", "patience.cli",
         "patience.web", "patience.text", "typer", "rich", "fastapi", "uvicorn", "dask",
         "distributed", "matplotlib", "sqlite3")


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_core_imports_no_outer_layer_or_ui_package() -> None:
    assert len(CORE) > 15
    offenders = {p.name: sorted(n for n in imported(p) if n.startswith(OUTER)) for p in CORE}
    assert {k: v for k, v in offenders.items() if v} == {}
