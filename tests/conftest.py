from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


import os  # noqa: E402

import pytest  # noqa: E402

from bot.store.sqlite import SqliteStore  # noqa: E402
from tests.stores import any_store, release_postgres  # noqa: E402, F401  (a fixture for every test module)


@pytest.fixture(autouse=True)
def _postgres_released():  # type: ignore[no-untyped-def]
    """A test's share of the PostgreSQL server (tests/stores.py) ends with the test."""
    yield
    release_postgres()


@pytest.fixture(autouse=True)
async def _close_forgotten_stores(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A test that fails half-way must not leave a store open: aiosqlite's worker thread would
    keep the test process alive for ever. Every store a test opens is closed at its teardown."""
    opened: list[SqliteStore] = []
    original = SqliteStore.open

    async def tracked(self: SqliteStore) -> None:
        opened.append(self)
        await original(self)

    monkeypatch.setattr(SqliteStore, "open", tracked)
    yield
    for store in opened:
        if store.connection.is_open:
            await store.close()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: two workers per core. Most of the suite's time is spent waiting (the loopback
    Discord, the bot's timers, PostgreSQL, Chromium), so twice the cores keeps every core busy:
    95 s instead of 145 s on the 2-core machine."""
    return min(2 * (os.cpu_count() or 1), 16)
