"""Both stores for the contract tests: SQLite in a temporary file, PostgreSQL in a schema of its own
on the server named by TEST_DATABASE_URL. Without that variable the PostgreSQL runs are skipped
with the reason printed; with REQUIRE_POSTGRES=1 (CI) an unreachable server fails them instead."""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import IO

import asyncpg
import pytest

from bot.store import GameStore, SqliteStore
from bot.store.postgres import PostgresStore

STORES = ["sqlite", "postgres"]

# The suite runs in several processes (pytest-xdist). Tests on the PostgreSQL server share it; the
# few that cut every connection or stop the server (tests/e2e/test_database_cuts.py) have it alone.
# A file lock does it across the processes: shared by postgres_url(), exclusive by postgres_alone().
_LOCK_FILE = Path(tempfile.gettempdir()) / "monopoly-bot-tests-postgres.lock"
_held: IO[str] | None = None


def _take(mode: int) -> IO[str]:
    lock = _LOCK_FILE.open("a+")
    fcntl.flock(lock, mode)
    return lock


def release_postgres() -> None:
    """At each test's end (tests/conftest.py): the server is no longer in use by this test."""
    global _held
    if _held is not None:
        _held.close()  # closing the file lets the lock go
        _held = None


@contextlib.contextmanager
def postgres_alone() -> Iterator[None]:
    """The server to this test alone, once the tests using it now are done."""
    global _held
    release_postgres()
    _held = _take(fcntl.LOCK_EX)
    try:
        yield
    finally:
        release_postgres()


def postgres_url() -> str:
    global _held
    url = os.environ.get("TEST_DATABASE_URL", "")
    if not url:
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail("REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set")
        pytest.skip("PostgreSQL store not tested: set TEST_DATABASE_URL=postgresql://… (CI sets it)")
    if _held is None:
        _held = _take(fcntl.LOCK_SH)
    return url


async def pg_schema(url: str) -> str:
    """A fresh schema for one test (dropped by `drop_schema`)."""
    name = f"t_{uuid.uuid4().hex[:16]}"
    try:
        conn = await asyncpg.connect(url, timeout=5)
    except (OSError, asyncpg.PostgresError) as exc:
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PostgreSQL at TEST_DATABASE_URL cannot be reached: {exc}")
        pytest.skip(f"PostgreSQL at TEST_DATABASE_URL cannot be reached: {exc}")
    try:
        await conn.execute(f"CREATE SCHEMA {name}")
    finally:
        await conn.close()
    return name


async def drop_schema(url: str, name: str) -> None:
    conn = await asyncpg.connect(url, timeout=5)
    try:
        await conn.execute(f"DROP SCHEMA {name} CASCADE")
    finally:
        await conn.close()


async def make_store(kind: str, tmp_path: Path) -> tuple[GameStore, str | None]:
    """An open store of `kind` and, for PostgreSQL, its schema."""
    if kind == "sqlite":
        store = SqliteStore(tmp_path / "db" / "games.sqlite3")
        await store.open()
        return store, None
    url = postgres_url()
    schema = await pg_schema(url)
    pg = PostgresStore(url, schema=schema, pool_size=4)
    await pg.open()
    return pg, schema


@pytest.fixture(params=STORES)
async def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[GameStore]:
    store, schema = await make_store(request.param, tmp_path)
    try:
        yield store
    finally:
        await store.close()
        if schema is not None:
            await drop_schema(postgres_url(), schema)
