"""The solver tests check the Python search, the reference: the native one is switched off
here (``PATIENCE_NATIVE=0``); tests/native compares the two."""

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def python_search(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("PATIENCE_NATIVE", "0")
    yield
