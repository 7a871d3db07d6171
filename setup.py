"""Build: the rules engine, the games and the practical player compiled to C with mypyc.

The practical player (``patience stats``' own player) plays on the Python engine, and
compiled it plays about twice as many deals a second (docs/solver.md, "Compiled
build"); the same source: mypyc compiles the type-annotated modules as they are. The
solver's search itself is the native one; of the Python solver only the depth-first
core, which the player's plans call, is compiled. A regular install (``pip install .``, a wheel)
compiles them; an editable install (``pip install -e .``) stays pure Python, so that an
edited module takes effect at once. ``PATIENCE_COMPILE=1`` or ``0`` forces either.

The native search (``native/``, Rust with PyO3) is built by setuptools-rust into the
extension module ``patience._native``, for every install, editable included, and always
with the release profile. It is optional: without cargo, or when its build fails, the
install goes on and the Python search is used (``patience.native``).

The message catalogs (``src/patience/locale/<lang>/LC_MESSAGES/*.po``)
are compiled to ``.mo`` files by Babel as the package is built (``BuildWithCatalogs``);
an editable install needs no step: ``patience.i18n`` compiles a ``.po`` that has no
``.mo`` when it first reads it.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_py import build_py

PACKAGES = ("engine", "games")
# of the solver: the practical player and the depth-first core its plans call
SOLVER = ("depth_first.py", "practical*.py")
# Left as Python: not hot, and each uses what mypyc does not compile.
PURE = {
    "src/patience/deals.py",  # validates any object given as a deal number
    "src/patience/engine/registry.py",  # UnknownGame subclasses KeyError
    "src/patience/games/rules_document.py",  # run as a script (python -m) to write a doc
    "src/patience/games/texts_i18n.py",  # reads data files once: nothing to gain
}


def catalogs() -> list[Path]:
    """The ``.po`` message catalogs, two per language: ``patience`` (what Python says) and
    ``web`` (the page's templates and scripts)."""
    return sorted(Path("src/patience/locale").glob("*/LC_MESSAGES/*.po"))


class BuildWithCatalogs(build_py):
    """setuptools' ``build_py``, then each catalog compiled to its ``.mo`` in the build."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return  # the sources are used in place; patience.i18n compiles them
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in catalogs():
            target = Path(self.build_lib, *po.parts[1:]).with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parts[-3])
            with target.open("wb") as out:
                write_mo(out, catalog)


def compiled_modules() -> list[str]:
    """Every module of the engine and the games, the cards, and the solver's ``SOLVER``
    modules, but ``PURE``."""
    paths = [Path("src/patience/cards.py")]
    for package in PACKAGES:
        paths += sorted(Path("src/patience", package).glob("*.py"))
    for pattern in SOLVER:
        paths += sorted(Path("src/patience/solver").glob(pattern))
    return [str(p) for p in paths if p.name != "__init__.py" and str(p) not in PURE]


def wants_compiled() -> bool:
    """``PATIENCE_COMPILE`` if set, else compiled when a wheel or the extensions are built:
    not for an editable install, nor for the metadata steps before a build (mypyc would
    translate every module to C for nothing)."""
    forced = os.environ.get("PATIENCE_COMPILE")
    if forced is not None:
        return forced == "1"
    return not {"bdist_wheel", "build_ext"}.isdisjoint(sys.argv)


def rust_extensions() -> list[Any]:
    """The native search as an optional extension, or none (said in one line) when cargo
    is not on the PATH."""
    if shutil.which("cargo") is None:
        print("patience: no Rust toolchain (cargo) found: the native search is not built, "
              "the Python search is used", file=sys.stderr)
        return []
    from setuptools_rust import Binding, RustExtension

    return [RustExtension("patience._native", path="native/Cargo.toml", binding=Binding.PyO3,
                          features=["python"], py_limited_api=True, debug=False,
                          optional=True)]


if __name__ == "__main__":  # as setuptools runs it; tests import the lists above
    if wants_compiled():
        from mypyc.build import mypycify

        setup(ext_modules=mypycify(compiled_modules(), opt_level="3"),
              rust_extensions=rust_extensions(), cmdclass={"build_py": BuildWithCatalogs})
    else:
        setup(rust_extensions=rust_extensions(), cmdclass={"build_py": BuildWithCatalogs})
