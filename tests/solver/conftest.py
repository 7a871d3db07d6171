"""The solver tests check the Python search, the reference: the native one is switched off
here (``PATIENCE_NATIVE=0``); tests/native compares the two.

What is built on the search (where a game slipped away, hints, option pairs, the
practical player against proved losses) is tested on real deals that the plain Python
search does not decide within a test's budget: those tests ask for ``native_search``,
the search every user gets where the extension is built, and skip where it is not."""

from collections.abc import Iterator

import pytest

from patience import native


@pytest.fixture(autouse=True)
def python_search(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("PATIENCE_NATIVE", "0")
    yield


@pytest.fixture
def native_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The native search switched back on, or a skip where it is not built."""
    monkeypatch.delenv("PATIENCE_NATIVE")
    if not native.available():
        pytest.skip("decided by the native search, which is not built")
