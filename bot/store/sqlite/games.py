"""Games on SQLite from lobby to end: their rows, messages, logs (packed once finished), trade offer
messages and drafts. Every change to a game's row is mirrored in the kept records (`RecordCache`),
so a click's record needs no trip to the database thread."""

from __future__ import annotations

import sqlite3
import time

from bot.store import sql
from bot.store.archive import pack, unpack
from bot.store.models import ChannelBusy, GameRecord, Lobby, LogEntry, NotSaved, TooManyLobbies
from bot.store.record_cache import RecordCache
from bot.store.rows import compact, game_record, log_entry
from bot.store.sqlite.connection import SqliteConnection
from bot.store.sqlite.writes import not_saved, save_in_thread, transaction, versions_in_thread
from engine.core.jsondata import JsonObject, JsonObjects
from engine.games import GameKind


class SqliteGames:
    def __init__(self, connection: SqliteConnection, kept: RecordCache) -> None:
        self._c = connection
        self._kept = kept

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
        db = self._c.db
        try:
            async with self._c.write_turn:  # the file's only writer: the count and the insert are one step
                if max_lobbies is not None:
                    rows = await db.execute_fetchall(sql.OPEN_LOBBIES, (host_id,))
                    if next(iter(rows))[0] >= max_lobbies:
                        raise TooManyLobbies(f"host {host_id} has {max_lobbies} open lobbies")
                created = await db.execute_fetchall(
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
        cached = self._kept.get(game_id)
        if cached is not None:
            return cached
        mark = self._kept.mark()
        row = await self._c.one(sql.GAME, (game_id,))
        if not row:
            return None
        record = game_record(row)
        self._kept.keep(record, mark)
        return record

    async def live_in_channel(self, channel_id: int) -> GameRecord | None:
        row = await self._c.one(sql.LIVE_IN_CHANNEL, (channel_id,))
        return game_record(row) if row else None

    async def last_finished_in_channel(self, channel_id: int) -> GameRecord | None:
        row = await self._c.one(sql.LAST_FINISHED_IN_CHANNEL, (channel_id,))
        return game_record(row) if row else None

    async def open_lobbies_of(self, host_id: int) -> int:
        row = await self._c.one(sql.OPEN_LOBBIES, (host_id,))
        return int(row[0]) if row else 0

    async def save(
        self,
        record: GameRecord,
        *,
        expected_version: int,
        actor: str | None = None,
        action: JsonObject | None = None,
        events: JsonObjects | None = None,
    ) -> GameRecord:
        """The whole transaction runs in the database thread in one go (one round trip)."""
        now = time.time()
        new_version = expected_version + 1
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
            await self._c.in_thread(save_in_thread, row, logged)
        except BaseException:
            self._kept.forget(record.id)
            raise
        self._kept.changed(
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

    async def set_message(self, game_id: int, message_id: int, posted_at: float, version: int | None = None) -> None:
        await write_game(self._c, self._kept, game_id, sql.SET_MESSAGE, (message_id, posted_at, version, game_id))
        self._kept.changed(game_id, message_id=message_id, message_posted_at=posted_at, message_version=version)

    async def set_message_versions(self, rows: list[tuple[int, int, int]]) -> None:
        try:
            await self._c.in_thread(versions_in_thread, rows)
        except BaseException:
            for game_id, _, _ in rows:
                self._kept.forget(game_id)
            raise
        for game_id, message_id, version in rows:
            kept = self._kept.get(game_id)
            if kept is not None and kept.message_id == message_id:
                self._kept.changed(game_id, message_version=version)
            else:
                self._kept.changed(game_id)  # the row kept its own version (another message)

    # --- logs, packed once the game is over ---------------------------------------------------

    async def _entries(self, statement: str, params: tuple[object, ...]) -> list[LogEntry]:
        return [log_entry(r) for r in await self._c.all(statement, params)]

    async def history(self, game_id: int, limit: int) -> list[LogEntry]:
        entries = await self._entries(sql.HISTORY, (game_id, limit))
        return entries[::-1] if entries else (await self._archived(game_id))[-limit:]

    async def log(self, game_id: int) -> list[LogEntry]:
        entries = await self._entries(sql.LOG, (game_id,))
        return entries or await self._archived(game_id)

    async def _archived(self, game_id: int) -> list[LogEntry]:
        row = await self._c.one(sql.ARCHIVED, (game_id,))
        return unpack(game_id, bytes(row[0])) if row else []

    async def archive_log(self, game_id: int) -> int:
        """Pack a finished game's log into one compressed blob (its rows go); the blob's size, or 0
        when there is nothing to pack."""
        return int(await self._c.in_thread(_archive_in_thread, game_id))

    # --- trade offers and drafts --------------------------------------------------------------

    async def set_offer_post(self, game_id: int, offer_id: int, message_id: int) -> None:
        await self._c.write_one(sql.SET_OFFER_POST, (game_id, offer_id, message_id))

    async def offer_post(self, game_id: int, offer_id: int) -> int | None:
        row = await self._c.one(sql.OFFER_POST, (game_id, offer_id))
        return int(row[0]) if row else None

    async def put_draft(self, game_id: int, user_id: int, draft_json: str) -> None:
        await self._c.write_one(sql.PUT_DRAFT, (game_id, user_id, draft_json, time.time()))

    async def get_draft(self, game_id: int, user_id: int) -> str | None:
        row = await self._c.one(sql.GET_DRAFT, (game_id, user_id))
        return str(row[0]) if row else None

    async def take_draft(self, game_id: int, user_id: int) -> str | None:
        """Remove and return a draft: of several concurrent takers, exactly one gets it."""
        async with self._c.write_turn, self._c.db.execute(sql.TAKE_DRAFT, (game_id, user_id)) as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else None


async def write_game(
    connection: SqliteConnection, kept: RecordCache, game_id: int, statement: str, params: tuple[object, ...]
) -> int:
    """One write to a game's row; a failed write drops the game's kept record (its effect is unknown)."""
    try:
        return await connection.write_one(statement, params)
    except BaseException:
        kept.forget(game_id)
        raise


def _archive_in_thread(conn: sqlite3.Connection, game_id: int) -> int:
    with transaction(conn):
        rows = conn.execute(sql.LOG_TO_ARCHIVE, (game_id,)).fetchall()
        if not rows:
            return 0
        data = pack(rows)
        conn.execute(sql.ARCHIVE, (game_id, len(rows), data))
        conn.execute(sql.DROP_LOG, (game_id,))
    return len(data)
