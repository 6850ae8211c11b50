"""The SQLite file and its two connections, handed to each part of the store: opening (lock,
pragmas, migrations), reads that never queue behind writes, and writes that take turns (one
connection serves every coroutine, so transactions never interleave)."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import sqlite3
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot import metrics
from bot.store.dialect import SQLITE
from bot.store.models import DatabaseDown, StoreUnavailable
from bot.store.schema import migrations
from bot.store.sqlite.writes import not_saved

T = TypeVar("T")


class SqliteConnection:
    def __init__(self, path: Path | str, synchronous: str = "NORMAL") -> None:
        self.path = Path(path)
        # NORMAL in WAL mode: a committed move survives any crash of the process; a power cut may
        # lose the last moves (FULL keeps those too, at about twice the cost per move).
        self.synchronous = "FULL" if synchronous.upper() == "FULL" else "NORMAL"
        self._db: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None  # reads never queue behind writes
        self._lock_fd: int | None = None
        self.write_turn = asyncio.Lock()  # held by every write, so transactions never interleave

    @property
    def db(self) -> aiosqlite.Connection:
        """The writer's connection."""
        if self._db is None:
            raise RuntimeError("the store is not open")
        return self._db

    @property
    def read(self) -> aiosqlite.Connection:
        """The connection for reads (the writer's own for an in-memory database)."""
        return self._reader if self._reader is not None else self.db

    @property
    def is_open(self) -> bool:
        return self._db is not None

    async def open(self) -> None:
        """Open (creating it if need be) and migrate; every way this can fail is StoreUnavailable.
        Opening an open store does nothing."""
        if self._db is not None:
            return
        where = self.path
        if str(where) != ":memory:":
            try:
                where.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreUnavailable(f"cannot create the folder of DATABASE_PATH {where}: {exc.strerror}") from None
            if where.exists() and not where.is_file():
                raise StoreUnavailable(f"DATABASE_PATH {where} is not a file")
            self._take_lock()
        try:
            await self._connect(where)
        except sqlite3.DatabaseError as exc:
            await self.close()
            raise StoreUnavailable(f"cannot use DATABASE_PATH {where} as a database: {exc}") from None
        except StoreUnavailable:
            await self.close()
            raise

    async def _connect(self, where: Path) -> None:
        self._db = await aiosqlite.connect(where, isolation_level=None)
        await self.db.execute("PRAGMA journal_mode=WAL")
        await self.db.execute(f"PRAGMA synchronous={self.synchronous}")
        await self.db.execute("PRAGMA foreign_keys=ON")
        await self.db.execute("PRAGMA busy_timeout=5000")
        await self.migrate()
        if str(where) != ":memory:":
            self._reader = await aiosqlite.connect(where, isolation_level=None)
            await self._reader.execute("PRAGMA busy_timeout=5000")
            await self._reader.execute("PRAGMA query_only=ON")

    def _take_lock(self) -> None:
        """One bot process per database file: a second one would answer every click twice."""
        lock_path = self.path.with_name(self.path.name + ".lock")
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            raise StoreUnavailable(f"cannot write next to DATABASE_PATH {self.path}: {exc.strerror}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise StoreUnavailable(
                f"another bot process is using {self.path} (stop it first, or give this one its own DATABASE_PATH)"
            ) from None
        self._lock_fd = fd

    async def close(self) -> None:
        if self._reader is not None:
            reader, self._reader = self._reader, None
            with contextlib.suppress(Exception):
                await reader.close()
        if self._db is not None:
            db, self._db = self._db, None
            with contextlib.suppress(Exception):
                await db.close()
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # closing the descriptor releases the lock
            self._lock_fd = None

    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        current = await self.schema_version()
        steps = migrations(SQLITE)
        newest = steps[-1][0]
        if current > newest:
            raise StoreUnavailable(
                f"DATABASE_PATH {self.path} has schema {current}, newer than this version of the bot knows "
                f"({newest}): run the newer bot, or point DATABASE_PATH at another file"
            )
        if current == newest:
            return
        # A migration may rebuild a table that others reference (SQLite's twelve steps): foreign keys
        # are off while they run and every reference is checked after.
        await self.db.execute("PRAGMA foreign_keys=OFF")
        try:
            for number, statements in steps:
                if number > current:
                    await self._migrate_to(number, statements)
            async with self.db.execute("PRAGMA foreign_key_check") as cur:
                broken = await cur.fetchall()
            if broken:
                raise StoreUnavailable(
                    f"DATABASE_PATH {self.path}: broken references after migrating: {list(broken)[:3]}"
                )
        finally:
            await self.db.execute("PRAGMA foreign_keys=ON")

    async def _migrate_to(self, number: int, statements: str) -> None:
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            for statement in (s.strip() for s in statements.split(";")):
                if statement:
                    await self.db.execute(statement)
            await self.db.execute(f"PRAGMA user_version = {number}")
            await self.db.execute("COMMIT")
        except BaseException:
            # Keep why it failed: SQLite may already have rolled back (a full disk), and then
            # ROLLBACK itself fails.
            with contextlib.suppress(sqlite3.Error, ValueError):
                await self.db.execute("ROLLBACK")
            raise

    # --- reads --------------------------------------------------------------------------------

    async def one(self, statement: str, params: tuple[object, ...] = ()) -> tuple[Any, ...] | None:
        """One row, read in one trip to the database thread (a cursor would take three)."""
        rows = await self._fetch(statement, params)
        row = next(iter(rows), None)
        return None if row is None else tuple(row)

    async def all(self, statement: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in await self._fetch(statement, params)]

    async def _fetch(self, statement: str, params: tuple[object, ...]) -> Iterable[Any]:
        """A read; a database that is locked beyond the busy timeout or failing on disk is not the
        players' fault: it is reported as down (try again in a moment), not as a bug."""
        try:
            return await self.read.execute_fetchall(statement, params)
        except sqlite3.OperationalError as exc:
            metrics.DATABASE_ERRORS.labels("down").inc()
            raise DatabaseDown(str(exc)) from exc

    # --- writes -------------------------------------------------------------------------------

    async def write_one(self, statement: str, params: tuple[object, ...]) -> int:
        """One autocommitted write; returns the rows changed. A failure is NotSaved."""
        try:
            async with self.write_turn:
                cur = await self.db.execute(statement, params)
        except sqlite3.OperationalError as exc:
            raise not_saved(exc) from exc
        return cur.rowcount

    async def in_thread(self, function: Callable[..., T], *args: object) -> T:
        """Run `function(connection, *args)` in the database thread, as the only writer: a whole
        transaction in one round trip. A failure is NotSaved."""
        try:
            async with self.write_turn:
                return await self.run_in_thread(function, *args)
        except sqlite3.OperationalError as exc:
            raise not_saved(exc) from exc

    async def run_in_thread(self, function: Callable[..., T], *args: object) -> T:
        """aiosqlite's own queue to its thread (untyped there): `function(connection, *args)`. The
        caller holds `write_turn`."""
        run: Callable[..., Awaitable[T]] = self.db._execute
        return await run(function, self.db._conn, *args)
