"""Both stores for the contract tests: SQLite in a temporary file, PostgreSQL in a schema of its own
on the server named by TEST_DATABASE_URL. Without that variable the PostgreSQL runs are skipped
with the reason printed; with REQUIRE_POSTGRES=1 (CI) an unreachable server fails them instead."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from bot.store import GameStore, SqliteStore
from bot.store.postgres import PostgresStore

STORES = ["sqlite", "postgres"]


def postgres_url() -> str:
    url = os.environ.get("TEST_DATABASE_URL", "")
    if not url:
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail("REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set")
        pytest.skip("PostgreSQL store not tested: set TEST_DATABASE_URL=postgresql://… (CI sets it)")
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
