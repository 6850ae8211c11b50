"""Games on PostgreSQL from lobby to end: their rows, messages, logs (packed once finished), trade
offer messages and drafts. One statement saves a move (the state and its log row, at the expected
version only), so several processes touching one game let exactly one change through."""

from __future__ import annotations

import json
import time

import asyncpg

from bot.store import sql
from bot.store.archive import pack, unpack
from bot.store.dialect import POSTGRES as pg
from bot.store.models import (
    ChannelBusy,
    DatabaseDown,
    GameRecord,
    Lobby,
    LogEntry,
    NotSaved,
    TooManyLobbies,
    VersionConflict,
)
from bot.store.postgres.connection import PostgresConnection
from bot.store.postgres.retry import CUT, twice
from bot.store.rows import compact, game_record, log_entry
from engine.core.jsondata import JsonObject, JsonObjects
from engine.games import GameKind

_LOBBY_LOCK = 73_512  # advisory lock class of a host's lobby count (the key: the host's id, folded)


class PostgresGames:
    def __init__(self, connection: PostgresConnection) -> None:
        self._c = connection

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
            async with self._c.pool.acquire() as conn, conn.transaction():
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
        row = await self._c.q.fetchrow(pg(sql.GAME), game_id)
        return game_record(row) if row else None

    async def live_in_channel(self, channel_id: int) -> GameRecord | None:
        row = await self._c.q.fetchrow(pg(sql.LIVE_IN_CHANNEL), channel_id)
        return game_record(row) if row else None

    async def last_finished_in_channel(self, channel_id: int) -> GameRecord | None:
        row = await self._c.q.fetchrow(pg(sql.LAST_FINISHED_IN_CHANNEL), channel_id)
        return game_record(row) if row else None

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
            changed = await self._c.pool.fetchval(statement, *params)
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
            version = await self._c.q.fetchval(pg(sql.VERSION), game_id)
            if version == new_version - 1:
                return int(await twice(lambda: self._c.pool.fetchval(statement, *params), "a save"))
            if version == new_version and action is not None:
                row = await self._c.q.fetchrow(pg(sql.LOGGED_MOVE), game_id, new_version)
                ours = row is not None and row[0] == actor and json.loads(row[1]) == json.loads(compact(action))
                return 1 if ours else 0
            return 0  # moved on (or a change with no log row, which cannot be told apart): refused as stale
        except (DatabaseDown, *CUT) as exc:
            raise NotSaved("database", f"{cut}; then {exc}") from exc
        except asyncpg.PostgresError as exc:
            raise NotSaved("database", str(exc)) from exc

    async def set_message(self, game_id: int, message_id: int, posted_at: float, version: int | None = None) -> None:
        await self._c.q.execute(pg(sql.SET_MESSAGE), message_id, posted_at, version, game_id)

    async def set_message_versions(self, rows: list[tuple[int, int, int]]) -> None:
        try:
            await self._c.pool.executemany(pg(sql.SET_MESSAGE_VERSION), [(v, g, m) for g, m, v in rows])
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError) as exc:
            raise NotSaved("database", str(exc)) from exc

    async def open_lobbies_of(self, host_id: int) -> int:
        return int(await self._c.q.fetchval(pg(sql.OPEN_LOBBIES), host_id))

    async def _entries(self, sql: str, *params: object) -> list[LogEntry]:
        return [log_entry(r) for r in await self._c.q.fetch(sql, *params)]

    async def history(self, game_id: int, limit: int) -> list[LogEntry]:
        entries = await self._entries(pg(sql.HISTORY), game_id, limit)
        return entries[::-1] if entries else (await self._archived(game_id))[-limit:]

    async def log(self, game_id: int) -> list[LogEntry]:
        entries = await self._entries(pg(sql.LOG), game_id)
        return entries or await self._archived(game_id)

    async def _archived(self, game_id: int) -> list[LogEntry]:
        data = await self._c.q.fetchval(pg(sql.ARCHIVED), game_id)
        return unpack(game_id, bytes(data)) if data is not None else []

    async def archive_log(self, game_id: int) -> int:
        """Pack a finished game's log into one compressed blob (its rows go); the blob's size."""
        try:
            async with self._c.pool.acquire() as conn, conn.transaction():
                rows = await conn.fetch(pg(sql.LOG_TO_ARCHIVE + pg.lock_rows), game_id)
                if not rows:
                    return 0
                data = pack([tuple(r) for r in rows])
                await conn.execute(pg(sql.ARCHIVE), game_id, len(rows), data)
                await conn.execute(pg(sql.DROP_LOG), game_id)
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError) as exc:
            raise NotSaved("database", str(exc)) from exc
        return len(data)

    # --- trade offers and drafts --------------------------------------------------------------

    async def set_offer_post(self, game_id: int, offer_id: int, message_id: int) -> None:
        await self._c.q.execute(pg(sql.SET_OFFER_POST), game_id, offer_id, message_id)

    async def offer_post(self, game_id: int, offer_id: int) -> int | None:
        value = await self._c.q.fetchval(pg(sql.OFFER_POST), game_id, offer_id)
        return int(value) if value is not None else None

    async def put_draft(self, game_id: int, user_id: int, draft_json: str) -> None:
        await self._c.q.execute(pg(sql.PUT_DRAFT), game_id, user_id, draft_json, time.time())

    async def get_draft(self, game_id: int, user_id: int) -> str | None:
        value = await self._c.q.fetchval(pg(sql.GET_DRAFT), game_id, user_id)
        return str(value) if value is not None else None

    async def take_draft(self, game_id: int, user_id: int) -> str | None:
        """Remove and return a draft: of several concurrent takers (any process), exactly one gets it."""
        try:
            value = await self._c.pool.fetchval(pg(sql.TAKE_DRAFT), game_id, user_id)
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError) as exc:
            raise NotSaved("database", str(exc)) from exc
        return str(value) if value is not None else None
