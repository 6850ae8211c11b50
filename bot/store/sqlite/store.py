"""aiosqlite storage: WAL, numbered migrations, one transaction per accepted action."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot import metrics
from bot.store import sql
from bot.store.dialect import SQLITE
from bot.store.models import (
    ChannelBusy,
    DatabaseDown,
    GameRecord,
    LiveGame,
    Lobby,
    LogEntry,
    NotSaved,
    StoreUnavailable,
    TooManyLobbies,
)
from bot.store.record_cache import RecordCache
from bot.store.rows import compact, game_record, live_game, log_entry
from bot.store.schema import migrations
from bot.store.sqlite.results import SqliteResults
from bot.store.sqlite.tables import SqliteTables
from bot.store.sqlite.writes import not_saved, save_in_thread, versions_in_thread
from engine.core.jsondata import JsonObject, JsonObjects
from engine.games import GameKind

T = TypeVar("T")


class SqliteStore(SqliteResults, SqliteTables):
    def __init__(self, path: Path | str, synchronous: str = "NORMAL") -> None:
        self.path = Path(path)
        # NORMAL in WAL mode: a committed move survives any crash of the process; a power cut may
        # lose the last moves (FULL keeps those too, at about twice the cost per move).
        self.synchronous = "FULL" if synchronous.upper() == "FULL" else "NORMAL"
        self._db: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None  # reads never queue behind writes
        self._lock_fd: int | None = None
        # One connection serves every coroutine: writes take turns so transactions never interleave.
        self._write = asyncio.Lock()
        self._records = RecordCache()  # this process is the file's only writer (see _take_lock)

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("the store is not open")
        return self._db

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
        except sqlite3.DatabaseError as exc:
            await self.close()
            raise StoreUnavailable(f"cannot use DATABASE_PATH {where} as a database: {exc}") from None
        except StoreUnavailable:
            await self.close()
            raise

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

    @property
    def read(self) -> aiosqlite.Connection:
        """The connection for reads (the writer's own for an in-memory database)."""
        return self._reader if self._reader is not None else self.db

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
            for number, sql in steps:
                if number > current:
                    await self._migrate_to(number, sql)
            async with self.db.execute("PRAGMA foreign_key_check") as cur:
                broken = await cur.fetchall()
            if broken:
                raise StoreUnavailable(
                    f"DATABASE_PATH {self.path}: broken references after migrating: {list(broken)[:3]}"
                )
        finally:
            await self.db.execute("PRAGMA foreign_keys=ON")

    async def _migrate_to(self, number: int, sql: str) -> None:
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            for statement in (s.strip() for s in sql.split(";")):
                if statement:
                    await self.db.execute(statement)
            await self.db.execute(f"PRAGMA user_version = {number}")
            await self.db.execute("COMMIT")
        except BaseException:
            await self._rollback()
            raise

    async def _rollback(self) -> None:
        """Undo a failed transaction without hiding why it failed (SQLite may already have rolled
        it back, e.g. on a full disk, and then ROLLBACK itself fails)."""
        with contextlib.suppress(sqlite3.Error, ValueError):
            await self.db.execute("ROLLBACK")

    async def _one(self, sql: str, params: tuple[object, ...] = ()) -> tuple[Any, ...] | None:
        """One row, read in one trip to the database thread (a cursor would take three)."""
        rows = await self._fetch(sql, params)
        row = next(iter(rows), None)
        return None if row is None else tuple(row)

    async def _all(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in await self._fetch(sql, params)]

    async def _fetch(self, sql: str, params: tuple[object, ...]) -> Iterable[Any]:
        """A read; a database that is locked beyond the busy timeout or failing on disk is not the
        players' fault: it is reported as down (try again in a moment), not as a bug."""
        try:
            return await self.read.execute_fetchall(sql, params)
        except sqlite3.OperationalError as exc:
            metrics.DATABASE_ERRORS.labels("down").inc()
            raise DatabaseDown(str(exc)) from exc

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        kind: GameKind,
        host_id: int,
        locale: str,
        lobby: Lobby,
        max_lobbies: int | None = None,
    ) -> GameRecord:
        now = time.time()
        try:
            async with self._write:  # the file's only writer: the count and the insert are one step
                if max_lobbies is not None:
                    rows = await self.db.execute_fetchall(sql.OPEN_LOBBIES, (host_id,))
                    if next(iter(rows))[0] >= max_lobbies:
                        raise TooManyLobbies(f"host {host_id} has {max_lobbies} open lobbies")
                created = await self.db.execute_fetchall(
                    sql.CREATE_GAME, (guild_id, channel_id, kind, host_id, locale, lobby.model_dump_json(), now, now)
                )
        except sqlite3.IntegrityError as exc:
            if "games.channel_id" in str(exc):  # the one-live-game-per-channel index
                raise ChannelBusy(str(exc)) from exc
            raise NotSaved("integrity", str(exc)) from exc
        except sqlite3.OperationalError as exc:
            raise not_saved(exc) from exc
        return game_record(tuple(next(iter(created))))

    async def get(self, game_id: int) -> GameRecord | None:
        cached = self._records.get(game_id)
        if cached is not None:
            return cached
        mark = self._records.mark()
        row = await self._one(sql.GAME, (game_id,))
        if not row:
            return None
        record = game_record(tuple(row))
        self._records.keep(record, mark)
        return record

    async def live_in_channel(self, channel_id: int) -> GameRecord | None:
        row = await self._one(sql.LIVE_IN_CHANNEL, (channel_id,))
        return game_record(tuple(row)) if row else None

    async def last_finished_in_channel(self, channel_id: int) -> GameRecord | None:
        row = await self._one(sql.LAST_FINISHED_IN_CHANNEL, (channel_id,))
        return game_record(tuple(row)) if row else None

    async def live_games(self, *, keep_due_within_s: float | None = None) -> list[LiveGame]:
        """Every game in a lobby or being played, in brief. Asked to, the records of those whose
        deadline is overdue or near are read whole and kept (their timers need them at once); idle
        ones are not, so memory follows the games being played, not all that are open."""
        games = [live_game(r) for r in await self._all(sql.LIVE_GAMES)]
        if keep_due_within_s is not None:
            mark = self._records.mark()
            due = time.time() + keep_due_within_s
            for row in await self._all(sql.LIVE_DUE_BY, (due,)):
                self._records.keep(game_record(row), mark)
        return games

    async def save(
        self,
        record: GameRecord,
        *,
        expected_version: int,
        actor: str | None = None,
        action: JsonObject | None = None,
        events: JsonObjects | None = None,
    ) -> GameRecord:
        now = time.time()
        new_version = expected_version + 1
        async with self._write:
            try:
                await self._save(record, expected_version, new_version, now, actor, action, events)
            except BaseException:
                self._records.forget(record.id)
                raise
        self._records.changed(
            record.id,
            status=record.status,
            version=new_version,
            lobby=record.lobby,
            state_json=record.state_json,
            host_id=record.host_id,
            deadline=record.deadline,
            deadline_kind=record.deadline_kind,
            updated_at=now,
        )
        return record.model_copy(update={"version": new_version, "updated_at": now})

    async def _save(
        self,
        record: GameRecord,
        expected_version: int,
        new_version: int,
        now: float,
        actor: str | None,
        action: JsonObject | None,
        events: JsonObjects | None,
    ) -> None:
        """The whole transaction runs in the database thread in one go (one round trip)."""
        row = (
            record.status,
            new_version,
            record.lobby.model_dump_json(),
            record.state_json,
            record.host_id,
            record.deadline,
            record.deadline_kind,
            now,
            record.id,
            expected_version,
        )
        logged = None
        if action is not None:
            logged = (record.id, new_version, actor, compact(action), compact(events or []), now)
        try:
            await self._run_in_thread(save_in_thread, row, logged)
        except sqlite3.OperationalError as exc:
            raise not_saved(exc) from exc

    async def _in_thread(self, function: Callable[..., T], *args: object) -> T:
        """Run `function(connection, *args)` in the database thread, as the only writer."""
        try:
            async with self._write:
                return await self._run_in_thread(function, *args)
        except sqlite3.OperationalError as exc:
            raise not_saved(exc) from exc

    async def _run_in_thread(self, function: Callable[..., T], *args: object) -> T:
        """aiosqlite's own queue to its thread (untyped there): `function(connection, *args)`."""
        run: Callable[..., Awaitable[T]] = self.db._execute
        return await run(function, self.db._conn, *args)

    async def _write_one(self, sql: str, params: tuple[object, ...]) -> int:
        """One autocommitted write; returns the rows changed. A failure is NotSaved."""
        try:
            async with self._write:
                cur = await self.db.execute(sql, params)
        except sqlite3.OperationalError as exc:
            raise not_saved(exc) from exc
        return cur.rowcount

    async def _write_game(self, game_id: int, sql: str, params: tuple[object, ...]) -> int:
        """`_write_one` on a game's row; a failed write drops the game's kept record."""
        try:
            return await self._write_one(sql, params)
        except BaseException:
            self._records.forget(game_id)
            raise

    async def set_message(self, game_id: int, message_id: int, posted_at: float, version: int | None = None) -> None:
        await self._write_game(
            game_id,
            sql.SET_MESSAGE,
            (message_id, posted_at, version, game_id),
        )
        self._records.changed(game_id, message_id=message_id, message_posted_at=posted_at, message_version=version)

    async def set_message_versions(self, rows: list[tuple[int, int, int]]) -> None:
        try:
            await self._in_thread(versions_in_thread, rows)
        except BaseException:
            for game_id, _, _ in rows:
                self._records.forget(game_id)
            raise
        for game_id, message_id, version in rows:
            kept = self._records.get(game_id)
            if kept is not None and kept.message_id == message_id:
                self._records.changed(game_id, message_version=version)
            else:
                self._records.changed(game_id)  # the row kept its own version (another message)

    async def set_deadline(self, game_id: int, version: int, deadline: float | None, kind: str | None) -> bool:
        changed = await self._write_game(
            game_id,
            sql.SET_DEADLINE,
            (deadline, kind, game_id, version),
        )
        if changed == 1:
            self._noted_deadline(game_id, version, deadline, kind)
        else:
            self._records.changed(game_id)
        return changed == 1

    def _noted_deadline(self, game_id: int, version: int, deadline: float | None, kind: str | None) -> None:
        kept = self._records.get(game_id)
        if kept is not None and kept.version != version:
            self._records.forget(game_id)
        else:
            self._records.changed(game_id, deadline=deadline, deadline_kind=kind)

    async def open_lobbies_of(self, host_id: int) -> int:
        row = await self._one(sql.OPEN_LOBBIES, (host_id,))
        return int(row[0]) if row else 0

    async def _entries(self, sql: str, params: tuple[object, ...]) -> list[LogEntry]:
        return [log_entry(r) for r in await self._all(sql, params)]

    async def history(self, game_id: int, limit: int) -> list[LogEntry]:
        entries = await self._entries(sql.HISTORY, (game_id, limit))
        return entries[::-1] if entries else (await self._archived(game_id))[-limit:]

    async def log(self, game_id: int) -> list[LogEntry]:
        entries = await self._entries(sql.LOG, (game_id,))
        return entries or await self._archived(game_id)
