"""A fresh app on a temporary SQLite file for each test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from patience.web import create_app


def make_app(db: Path) -> FastAPI:
    """The app as tests reach it: Starlette's test client names its host "testserver"."""
    return create_app(db, hosts=("testserver",))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(make_app(db), raise_server_exceptions=False) as c:
        yield c
