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
    """Every module ``path`` imports, at the top or inside a function; ``from a import b``
    counts as ``a`` and as ``a.b`` (``b`` may be a module)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names |= {f"{node.module}.{a.name}" for a in node.names}
    return names


def test_the_core_imports_no_outer_layer_or_ui_package() -> None:
    assert len(CORE) > 15
    offenders = {p.name: sorted(n for n in imported(p) if n.startswith(OUTER)) for p in CORE}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_engine_knows_no_game() -> None:
    """The registry learns of the games by their registering: no engine module imports
    the games package, at the top or inside a function."""
    engine = sorted((ROOT / "engine").glob("*.py"))
    assert len(engine) > 5
    offenders = {p.name: sorted(n for n in imported(p) if n.startswith("patience.games"))
                 for p in engine}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_games_package_registers_every_game_in_the_rules_order() -> None:
    from patience.games import GAMES, ORDER

    assert [g.id for g in patience.list_games()] == list(ORDER)
    assert all(patience.get_game(g.id) is g for g in GAMES)


SOLVER = ROOT / "solver"


def solver_imports(name: str) -> set[str]:
    """Solver modules that ``patience.solver.<name>`` imports, directly or through others."""
    found: set[str] = set()
    todo = [name]
    while todo:
        tree = ast.parse((SOLVER / f"{todo.pop()}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "patience.solver":
                names = {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = {node.module.removeprefix("patience.solver.")} - {node.module}
            else:
                continue
            todo += sorted(names - found)
            found |= names
    return found


def test_the_solver_core_imports_no_other_solver_module() -> None:
    """The depth-first core is the plain reference search and reads no game's knowledge;
    ``search`` and the practical player's plans call it, never the reverse, so no import
    has to hide inside a function."""
    assert solver_imports("depth_first") == set()
    assert "depth_first" in solver_imports("search")
    assert {"depth_first", "practical_games"} <= solver_imports("practical_plan")
    assert "search" not in solver_imports("practical")  # the player never asks the solver


def test_solver_modules_import_at_the_top_only() -> None:
    """An import inside a function hides a cycle; the solver has none."""
    inner = sorted(
        f"{path.name}:{node.lineno}"
        for path in SOLVER.glob("*.py")
        for func in ast.walk(ast.parse(path.read_text()))
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(func)
        if isinstance(node, ast.Import | ast.ImportFrom))
    assert inner == []
