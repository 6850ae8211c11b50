"""PostgreSQL storage (asyncpg), chosen by DATABASE_URL=postgresql://…: one database shared by every
bot process, so shards can move between processes (a re-shard) without stranding a game.

Same contract as the SQLite store: numbered migrations (`bot.store.schema`, the same list), one transaction per
accepted action (a single statement writes the state and the log row, at the expected version
only). Several processes may touch one game during a rolling restart; the version check lets
exactly one change through (a deadline seen by two processes fires once), the other gets
VersionConflict.
"""

from __future__ import annotations

import json
import time
from typing import Any

import asyncpg

from bot.store import sql
from bot.store.archive import pack, unpack
from bot.store.dialect import POSTGRES as pg
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
    VersionConflict,
)
from bot.store.postgres.results import PostgresResults
from bot.store.postgres.retry import CUT, Queries, twice
from bot.store.rows import compact, game_record, live_game, log_entry
from bot.store.schema import migrations
from engine.core.jsondata import JsonObject, JsonObjects
from engine.games import GameKind

_MIGRATION_LOCK = 7_351_240_001  # an advisory lock key: one process migrates at a time
_LOBBY_LOCK = 73_512  # advisory lock class of a host's lobby count (the key: the host's id, folded)


def where(url: str) -> str:
    """The URL without its password, for messages."""
    head, sep, tail = url.partition("@")
    if not sep or "://" not in head:
        return url
    scheme, _, user = head.partition("://")
    return f"{scheme}://{user.split(':')[0]}@{tail}"


class PostgresStore(PostgresResults):
    def __init__(self, url: str, schema: str | None = None, pool_size: int = 10) -> None:
        self.url = url
        self.schema = schema  # tests run each in a schema of their own
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None
        self.q = Queries(lambda: self.pool)

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("the store is not open")
        return self._pool

    async def open(self) -> None:
        if self._pool is not None:
            return
        settings = {"search_path": self.schema} if self.schema else None
        try:
            self._pool = await asyncpg.create_pool(
                self.url, min_size=1, max_size=self.pool_size, server_settings=settings, timeout=10
            )
            await self.migrate()
        except StoreUnavailable:
            await self.close()
            raise
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
            await self.close()
            raise StoreUnavailable(f"cannot use DATABASE_URL {where(self.url)}: {exc}") from None

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    async def schema_version(self) -> int:
        async with self.pool.acquire() as conn:
            exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
            if not exists:
                return 0
            return int(await conn.fetchval("SELECT COALESCE(MAX(number), 0) FROM schema_version"))

    async def migrate(self) -> None:
        steps = migrations(pg)
        newest = steps[-1][0]
        async with self.pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
            try:
                await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (number INTEGER PRIMARY KEY)")
                current = int(await conn.fetchval("SELECT COALESCE(MAX(number), 0) FROM schema_version"))
                if current > newest:
                    raise StoreUnavailable(
                        f"DATABASE_URL {where(self.url)} has schema {current}, newer than this version of the bot "
                        f"knows ({newest}): run the newer bot"
                    )
                for number, statements in steps:
                    if number <= current:
                        continue
                    async with conn.transaction():
                        await conn.execute(statements)
                        await conn.execute("INSERT INTO schema_version (number) VALUES ($1)", number)
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)

    async def _write(self, statement: str, *params: object) -> str:
        """An idempotent write, tried again once after a cut connection."""
        return await self.q.execute(statement, *params)

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
            async with self.pool.acquire() as conn, conn.transaction():
                if max_lobbies is not None:
                    # One host's lobbies are counted and opened one process at a time.
                    await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", _LOBBY_LOCK, host_id % 2**31)
                    count = await conn.fetchval(pg(sql.OPEN_LOBBIES), host_id)
                    if count >= max_lobbies:
                        raise TooManyLobbies(f"host {host_id} has {max_lobbies} open lobbies")
                row = await conn.fetchrow(
                    pg(sql.CREATE_GAME), guild_id, channel_id, kind, host_id, locale, lobby.model_dump_json(), now, now
                )
        except asyncpg.UniqueViolationError as exc:
            raise ChannelBusy(str(exc)) from exc
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError) as exc:
            raise NotSaved("database", str(exc)) from exc
        return game_record(row)

    async def get(self, game_id: int) -> GameRecord | None:
        row = await self.q.fetchrow(pg(sql.GAME), game_id)
        return game_record(row) if row else None

    async def live_in_channel(self, channel_id: int) -> GameRecord | None:
        row = await self.q.fetchrow(pg(sql.LIVE_IN_CHANNEL), channel_id)
        return game_record(row) if row else None

    async def last_finished_in_channel(self, channel_id: int) -> GameRecord | None:
        row = await self.q.fetchrow(pg(sql.LAST_FINISHED_IN_CHANNEL), channel_id)
        return game_record(row) if row else None

    async def live_games(self, *, keep_due_within_s: float | None = None) -> list[LiveGame]:
        """In brief; nothing is kept (other processes share this database)."""
        rows = await self.q.fetch(pg(sql.LIVE_GAMES))
        return [live_game(r) for r in rows]

    async def save(
        self,
        record: GameRecord,
        *,
        expected_version: int,
        actor: str | None = None,
        action: JsonObject | None = None,
        events: JsonObjects | None = None,
    ) -> GameRecord:
        """One statement, so one round trip and one transaction: the update at the expected version
        and, only if it happened, the log row."""
        now = time.time()
        new_version = expected_version + 1
        params: list[object] = [
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
        ]
        update = pg(sql.SAVE_GAME) + " RETURNING id"  # $1…$10: status, version, …, updated_at ($8), id, version
        if action is None:
            statement = f"WITH u AS ({update}) SELECT count(*) FROM u"
        else:
            params += [actor, compact(action), compact(events or [])]
            statement = (
                f"WITH u AS ({update}), i AS (INSERT INTO actions (game_id, seq, actor, action_json, events_json, at) "
                "SELECT id, $2, $11, $12, $13, $8 FROM u RETURNING 1) SELECT count(*) FROM u"
            )
        try:
            changed = await self.pool.fetchval(statement, *params)
        except CUT as exc:
            # The connection went before the commit was confirmed: find out, don't guess.
            changed = await self._resolve_cut_save(record.id, new_version, actor, action, statement, params, exc)
        except asyncpg.PostgresError as exc:
            raise NotSaved("database", str(exc)) from exc
        if changed != 1:
            raise VersionConflict(f"game {record.id} is no longer at version {expected_version}")
        return record.model_copy(update={"version": new_version, "updated_at": now})

    async def _resolve_cut_save(
        self,
        game_id: int,
        new_version: int,
        actor: str | None,
        action: JsonObject | None,
        statement: str,
        params: list[object],
        cut: BaseException,
    ) -> int:
        """A save whose connection was cut: if the game is at the new version and (for a move) its
        log holds this very move, it was saved; if the game is still at the old version, the save is
        made once more; otherwise another change came first (a version conflict)."""
        try:
            version = await self.q.fetchval(pg(sql.VERSION), game_id)
            if version == new_version - 1:
                return int(await twice(lambda: self.pool.fetchval(statement, *params), "a save"))
            if version == new_version and action is not None:
                row = await self.q.fetchrow(pg(sql.LOGGED_MOVE), game_id, new_version)
                ours = row is not None and row[0] == actor and json.loads(row[1]) == json.loads(compact(action))
                return 1 if ours else 0
            return 0  # moved on (or a change with no log row, which cannot be told apart): refused as stale
        except (DatabaseDown, *CUT) as exc:
            raise NotSaved("database", f"{cut}; then {exc}") from exc
        except asyncpg.PostgresError as exc:
            raise NotSaved("database", str(exc)) from exc

    async def set_message(self, game_id: int, message_id: int, posted_at: float, version: int | None = None) -> None:
        await self._write(
            pg(sql.SET_MESSAGE),
            message_id,
            posted_at,
            version,
            game_id,
        )

    async def set_message_versions(self, rows: list[tuple[int, int, int]]) -> None:
        try:
            await self.pool.executemany(pg(sql.SET_MESSAGE_VERSION), [(v, g, m) for g, m, v in rows])
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError) as exc:
            raise NotSaved("database", str(exc)) from exc

    async def open_lobbies_of(self, host_id: int) -> int:
        return int(await self.q.fetchval(pg(sql.OPEN_LOBBIES), host_id))

    async def set_deadline(self, game_id: int, version: int, deadline: float | None, kind: str | None) -> bool:
        status = await self._write(
            pg(sql.SET_DEADLINE),
            deadline,
            kind,
            game_id,
            version,
        )
        return status == "UPDATE 1"

    async def _entries(self, sql: str, *params: object) -> list[LogEntry]:
        return [log_entry(r) for r in await self.q.fetch(sql, *params)]

    async def history(self, game_id: int, limit: int) -> list[LogEntry]:
        entries = await self._entries(pg(sql.HISTORY), game_id, limit)
        return entries[::-1] if entries else (await self._archived(game_id))[-limit:]

    async def log(self, game_id: int) -> list[LogEntry]:
        entries = await self._entries(pg(sql.LOG), game_id)
        return entries or await self._archived(game_id)

    async def _archived(self, game_id: int) -> list[LogEntry]:
        data = await self.q.fetchval(pg(sql.ARCHIVED), game_id)
        return unpack(game_id, bytes(data)) if data is not None else []

    async def archive_log(self, game_id: int) -> int:
        """Pack a finished game's log into one compressed blob (its rows go); the blob's size."""
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                rows = await conn.fetch(pg(sql.LOG_TO_ARCHIVE + pg.lock_rows), game_id)
                if not rows:
                    return 0
                data = pack([tuple(r) for r in rows])
                await conn.execute(pg(sql.ARCHIVE), game_id, len(rows), data)
                await conn.execute(pg(sql.DROP_LOG), game_id)
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError) as exc:
            raise NotSaved("database", str(exc)) from exc
        return len(data)

    async def finished_games(self) -> list[GameRecord]:
        rows = await self.q.fetch(pg(sql.FINISHED_GAMES))
        return [game_record(r) for r in rows]

    # --- trade offers and drafts, server settings ----------------------------------------------

    async def set_offer_post(self, game_id: int, offer_id: int, message_id: int) -> None:
        await self._write(pg(sql.SET_OFFER_POST), game_id, offer_id, message_id)

    async def offer_post(self, game_id: int, offer_id: int) -> int | None:
        value = await self.q.fetchval(pg(sql.OFFER_POST), game_id, offer_id)
        return int(value) if value is not None else None

    async def put_draft(self, game_id: int, user_id: int, draft_json: str) -> None:
        await self._write(pg(sql.PUT_DRAFT), game_id, user_id, draft_json, time.time())

    async def get_draft(self, game_id: int, user_id: int) -> str | None:
        value = await self.q.fetchval(pg(sql.GET_DRAFT), game_id, user_id)
        return str(value) if value is not None else None

    async def take_draft(self, game_id: int, user_id: int) -> str | None:
        """Remove and return a draft: of several concurrent takers (any process), exactly one gets it."""
        try:
            value = await self.pool.fetchval(pg(sql.TAKE_DRAFT), game_id, user_id)
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError) as exc:
            raise NotSaved("database", str(exc)) from exc
        return str(value) if value is not None else None

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        rows = await self.q.fetch(pg(sql.GUILD_SETTINGS), guild_id)
        return {str(r[0]): json.loads(r[1]) for r in rows}

    async def set_guild_setting(self, guild_id: int, key: str, value: object) -> None:
        if value is None:
            await self._write(pg(sql.DROP_GUILD_SETTING), guild_id, key)
        else:
            await self._write(pg(sql.SET_GUILD_SETTING), guild_id, key, json.dumps(value))
