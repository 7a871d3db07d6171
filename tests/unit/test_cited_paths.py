"""Every repository path a document cites exists: README.md, docs/**/*.md, and the
docstrings and comments of the Python and Rust sources, the page's scripts and the build
and test files.

A path is cited as it is written from the repository's root (``src/…``, ``tests/…``,
``bench/…``, ``native/…``, ``docs/…``, ``scripts/…``); a ``*`` or a ``<name>`` in it is a
glob that must match something. A file that is gone is cited with the commit that still holds it, as
``git show`` takes it (``30a4944:src/patience/solver/shah.py``); those are checked against
git's history where the checkout has one. A Markdown link to a file is read from the
document's own folder.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent.parent
TOPS = ("src", "tests", "bench", "native", "docs", "scripts")
# a path from the root: not the tail of a longer path, a module name, a URL or a
# ``commit:path`` citation
PATH = re.compile(r"(?<![\w./:-])((?:" + "|".join(TOPS) + r")/[\w./*<>-]*)")
HISTORICAL = re.compile(r"\b([0-9a-f]{7,40}):((?:" + "|".join(TOPS) + r")/[\w./<>-]+)")
PLACEHOLDER = re.compile(r"<\w+>")
LINK = re.compile(r"\]\(([^()\s]+)\)")
TRAILING = ".,;:-"


def documents() -> list[Path]:
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    sources = [*sorted((ROOT / "src").rglob("*.py")), *sorted((ROOT / "src").rglob("*.pyi")),
               *sorted((ROOT / "bench").glob("*.py")), *sorted((ROOT / "tests").rglob("*.py")),
               *sorted((ROOT / "native").rglob("*.rs")),
               *sorted(p for p in (ROOT / "src" / "patience" / "web" / "static").rglob("*")
                       if p.suffix in {".js", ".html", ".css"}),
               *(ROOT / name for name in ("setup.py", "pyproject.toml", "native/Cargo.toml",
                                          "scripts/test", ".ci/run"))]
    return docs + [s for s in sources if s != Path(__file__)]  # this one cites examples


def cited(text: str) -> set[str]:
    """The root paths ``text`` cites, without a sentence's trailing stop or comma, each
    ``<name>`` read as ``*``."""
    paths = {PLACEHOLDER.sub("*", m.rstrip(TRAILING)) for m in PATH.findall(text)}
    return paths - {t + "/" for t in TOPS}


def exists(path: str) -> bool:
    if "*" in path:
        return any(ROOT.glob(path.rstrip("/")))
    return (ROOT / path).exists()


def test_every_path_a_document_cites_exists() -> None:
    missing = sorted(f"{doc.relative_to(ROOT)}: {path}"
                     for doc in documents()
                     for path in cited(doc.read_text("utf-8"))
                     if not exists(path))
    assert missing == []


def test_every_file_a_markdown_link_points_to_exists() -> None:
    missing = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        for target in LINK.findall(doc.read_text("utf-8")):
            if re.match(r"[a-z]+:|#", target):
                continue  # a URL or an anchor of the same page
            if not (doc.parent / target.split("#")[0]).exists():
                missing.append(f"{doc.relative_to(ROOT)}: {target}")
    assert missing == []


def test_every_file_cited_with_its_commit_is_in_that_commit() -> None:
    refs = sorted({f"{commit}:{path.rstrip(TRAILING)}"
                   for doc in documents()
                   for commit, path in HISTORICAL.findall(doc.read_text("utf-8"))
                   if "<" not in path})
    if not refs:
        return
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    # each commit, then each path in it: a shallow clone may lack the commit, not the path
    asked = [ref.split(":")[0] for ref in refs] + refs
    answer = subprocess.run(["git", "cat-file", "--batch-check"], cwd=ROOT, check=True,
                            input="\n".join(asked) + "\n", capture_output=True, text=True)
    found = [not line.endswith("missing") for line in answer.stdout.splitlines()]
    commits, paths = found[:len(refs)], found[len(refs):]
    assert [ref for ref, commit, path in zip(refs, commits, paths, strict=True)
            if commit and not path] == []


def test_the_patterns_read_paths_as_cited() -> None:
    text = ("see `tests/solver/test_solve.py`, native/src/games/<game>.rs and "
            "bench/results/*.json. Not patience/solver/search.py, nor "
            "`git show 30a4944:src/patience/solver/shah.py`, nor https://x.org/docs/a.md.")
    assert cited(text) == {"tests/solver/test_solve.py", "native/src/games/*.rs",
                           "bench/results/*.json"}
    assert HISTORICAL.findall(text) == [("30a4944", "src/patience/solver/shah.py")]
