"""Test-wide settings: machines here are shared, so no test depends on wall-clock speed.

The same tests run on the pure Python modules and on the compiled build (``setup.py``),
but those marked ``internals``: they replace or watch internals with ``monkeypatch``, which
a compiled module's calls between its own functions do not see, deep-copy its objects, or
hand it stand-ins for its classes (a compiled function checks its arguments' types).
"""

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from patience import i18n
from patience.build import BUILD, COMPILED

settings.register_profile("shared-machine", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("shared-machine")


def pytest_report_header() -> str:
    return f"patience build: {BUILD}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if COMPILED:
        skip = pytest.mark.skip(reason="reaches into internals, which compiled modules hide")
        for item in items:
            if "internals" in item.keywords:
                item.add_marker(skip)


@pytest.fixture(params=["ru", "hu"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    """Russian, then Hungarian, spoken through the test; English again after it."""
    i18n.use(request.param)
    try:
        yield str(request.param)
    finally:
        i18n.use("en")
