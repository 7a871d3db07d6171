"""The compiled build (setup.py): what it compiles, and that the compiled run uses it."""

from __future__ import annotations

import importlib
import importlib.util
import warnings
from pathlib import Path
from types import ModuleType

import pytest

from patience.build import COMPILED

ROOT = Path(__file__).resolve().parents[2]


def _setup() -> ModuleType:
    spec = importlib.util.spec_from_file_location("patience_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _module_name(path: str) -> str:
    return path.removeprefix("src/").removesuffix(".py").replace("/", ".")


def test_every_engine_game_and_practical_player_module_is_compiled_but_the_pure_ones() -> None:
    setup = _setup()
    compiled = set(setup.compiled_modules())
    assert {"src/patience/engine/state.py", "src/patience/solver/depth_first.py",
            "src/patience/solver/practical.py", "src/patience/solver/practical_plan.py",
            "src/patience/games/sun.py", "src/patience/cards.py"} <= compiled
    # the search is the native one: the rest of the Python solver stays pure
    assert not {f"src/patience/solver/{name}.py" for name in ("search", "hint", "slip")} \
        & compiled
    assert not compiled & setup.PURE
    for path in setup.PURE:  # a renamed module must not silently become compiled
        assert (ROOT / path).is_file(), path
    assert not any(p.endswith("__init__.py") for p in compiled)


def test_metadata_and_editable_builds_stay_pure(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = _setup()
    monkeypatch.delenv("PATIENCE_COMPILE", raising=False)
    for argv, compiled in ((["setup.py", "egg_info"], False),
                           (["setup.py", "editable_wheel", "--dist-info-dir", "x"], False),
                           (["setup.py", "bdist_wheel", "--dist-dir", "x"], True),
                           (["setup.py", "build_ext", "--inplace"], True)):
        monkeypatch.setattr(setup.sys, "argv", argv)
        assert setup.wants_compiled() is compiled, argv
    monkeypatch.setenv("PATIENCE_COMPILE", "0")
    assert setup.wants_compiled() is False


@pytest.mark.skipif(not COMPILED, reason="runs on the compiled build")
def test_the_compiled_run_imports_compiled_modules() -> None:
    setup = _setup()
    for path in setup.compiled_modules():
        module = importlib.import_module(_module_name(path))
        assert not (module.__file__ or "").endswith(".py"), module.__name__
    for path in setup.PURE:
        assert (importlib.import_module(_module_name(path)).__file__ or "").endswith(".py")


def test_without_cargo_the_native_search_is_left_out_in_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    setup = _setup()
    monkeypatch.setattr(setup.shutil, "which", lambda name: None)
    assert setup.rust_extensions() == []
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "cargo" in said and "Python search" in said


def test_with_cargo_the_native_search_is_an_optional_release_build(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("setuptools_rust")
    setup = _setup()
    # abi3 (Python 3.11 and later): the flag setuptools-rust now wants in setup.cfg, which
    # would tag the whole wheel, mypyc's modules too
    warnings.filterwarnings("ignore", "`RustExtension.py_limited_api`", DeprecationWarning)
    monkeypatch.setattr(setup.shutil, "which", lambda name: "/usr/bin/cargo")
    (extension,) = setup.rust_extensions()
    assert extension.name == "patience._native"
    assert extension.optional and extension.debug is False
    assert extension.py_limited_api
