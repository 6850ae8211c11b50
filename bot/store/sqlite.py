"""aiosqlite storage: WAL, numbered migrations, one transaction per accepted action."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.migrations import MIGRATIONS
from bot.store.models import ChannelBusy, GameRecord, Lobby, LogEntry, VersionConflict
from engine.games import GameKind

_COLUMNS = (
    "id, guild_id, channel_id, kind, status, host_id, locale, version, lobby_json, state_json, "
    "message_id, message_posted_at, deadline, deadline_kind, created_at, updated_at"
)


def _record(row: sqlite3.Row | tuple[Any, ...]) -> GameRecord:
    (gid, guild, channel, kind, status, host, locale, version, lobby, state, mid, posted, dl, dlk, ca, ua) = row
    return GameRecord(
        id=gid,
        guild_id=guild,
        channel_id=channel,
        kind=kind,
        status=status,
        host_id=host,
        locale=locale,
        version=version,
        lobby=Lobby.model_validate_json(lobby),
        state_json=state,
        message_id=mid,
        message_posted_at=posted,
        deadline=dl,
        deadline_kind=dlk,
        created_at=ca,
        updated_at=ua,
    )


class SqliteStore:
    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._db: aiosqlite.Connection | None = None
        # One connection serves every coroutine: writes take turns so transactions never interleave.
        self._write = asyncio.Lock()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("the store is not open")
        return self._db

    async def open(self) -> None:
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        await self.db.execute("PRAGMA journal_mode=WAL")
        await self.db.execute("PRAGMA synchronous=FULL")  # an acknowledged click survives a crash
        await self.db.execute("PRAGMA foreign_keys=ON")
        await self.db.execute("PRAGMA busy_timeout=5000")
        await self.migrate()

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        current = await self.schema_version()
        for number, sql in MIGRATIONS:
            if number <= current:
                continue
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                for statement in (s.strip() for s in sql.split(";")):
                    if statement:
                        await self.db.execute(statement)
                await self.db.execute(f"PRAGMA user_version = {number}")
                await self.db.execute("COMMIT")
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise

    async def create_game(
        self, *, guild_id: int, channel_id: int, kind: GameKind, host_id: int, locale: str, lobby: Lobby
    ) -> GameRecord:
        now = time.time()
        try:
            async with self._write:
                cur = await self.db.execute(
                    "INSERT INTO games (guild_id, channel_id, kind, status, host_id, locale, version, lobby_json, "
                    "created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, 0, ?, ?, ?)",
                    (guild_id, channel_id, kind, host_id, locale, lobby.model_dump_json(), now, now),
                )
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy(str(exc)) from exc
        record = await self.get(int(cur.lastrowid or 0))
        assert record is not None
        return record

    async def get(self, game_id: int) -> GameRecord | None:
        async with self.db.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return _record(tuple(row)) if row else None

    async def live_in_channel(self, channel_id: int) -> GameRecord | None:
        async with self.db.execute(
            f"SELECT {_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return _record(tuple(row)) if row else None

    async def live_games(self) -> list[GameRecord]:
        async with self.db.execute(
            f"SELECT {_COLUMNS} FROM games WHERE status IN ('lobby', 'active') ORDER BY id"
        ) as cur:
            rows = await cur.fetchall()
        return [_record(tuple(r)) for r in rows]

    async def save(
        self,
        record: GameRecord,
        *,
        expected_version: int,
        actor: str | None = None,
        action: dict[str, Any] | None = None,
        events: list[dict[str, Any]] | None = None,
    ) -> GameRecord:
        now = time.time()
        new_version = expected_version + 1
        async with self._write:
            await self._save(record, expected_version, new_version, now, actor, action, events)
        return record.model_copy(update={"version": new_version, "updated_at": now})

    async def _save(
        self,
        record: GameRecord,
        expected_version: int,
        new_version: int,
        now: float,
        actor: str | None,
        action: dict[str, Any] | None,
        events: list[dict[str, Any]] | None,
    ) -> None:
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            cur = await self.db.execute(
                "UPDATE games SET status = ?, version = ?, lobby_json = ?, state_json = ?, host_id = ?, "
                "deadline = ?, deadline_kind = ?, updated_at = ? WHERE id = ? AND version = ?",
                (
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
                ),
            )
            if cur.rowcount != 1:
                raise VersionConflict(f"game {record.id} is no longer at version {expected_version}")
            if action is not None:
                await self.db.execute(
                    "INSERT INTO actions (game_id, seq, actor, action_json, events_json, at) VALUES (?, ?, ?, ?, ?, ?)",
                    (record.id, new_version, actor, json.dumps(action), json.dumps(events or []), now),
                )
            await self.db.execute("COMMIT")
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise

    async def set_message(self, game_id: int, message_id: int, posted_at: float) -> None:
        async with self._write:
            await self.db.execute(
                "UPDATE games SET message_id = ?, message_posted_at = ? WHERE id = ?",
                (message_id, posted_at, game_id),
            )

    async def set_deadline(self, game_id: int, version: int, deadline: float | None, kind: str | None) -> bool:
        async with self._write:
            cur = await self.db.execute(
                "UPDATE games SET deadline = ?, deadline_kind = ? WHERE id = ? AND version = ?",
                (deadline, kind, game_id, version),
            )
        return cur.rowcount == 1

    async def _entries(self, sql: str, params: tuple[Any, ...]) -> list[LogEntry]:
        async with self.db.execute(sql, params) as cur:
            rows = await cur.fetchall()
        return [
            LogEntry(game_id=g, seq=s, actor=a, action=json.loads(x), events=json.loads(e), at=t)
            for g, s, a, x, e, t in rows
        ]

    async def history(self, game_id: int, limit: int) -> list[LogEntry]:
        entries = await self._entries(
            "SELECT game_id, seq, actor, action_json, events_json, at FROM actions WHERE game_id = ? "
            "ORDER BY seq DESC LIMIT ?",
            (game_id, limit),
        )
        return entries[::-1]

    async def log(self, game_id: int) -> list[LogEntry]:
        return await self._entries(
            "SELECT game_id, seq, actor, action_json, events_json, at FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )

    # --- trade offers and drafts ------------------------------------------------------------

    async def set_offer_post(self, game_id: int, offer_id: int, message_id: int) -> None:
        async with self._write:
            await self.db.execute(
                "INSERT OR REPLACE INTO offer_posts (game_id, offer_id, message_id) VALUES (?, ?, ?)",
                (game_id, offer_id, message_id),
            )

    async def offer_post(self, game_id: int, offer_id: int) -> int | None:
        async with self.db.execute(
            "SELECT message_id FROM offer_posts WHERE game_id = ? AND offer_id = ?", (game_id, offer_id)
        ) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else None

    async def put_draft(self, game_id: int, user_id: int, draft_json: str) -> None:
        async with self._write:
            await self.db.execute(
                "INSERT OR REPLACE INTO trade_drafts (game_id, user_id, draft_json, updated_at) VALUES (?, ?, ?, ?)",
                (game_id, user_id, draft_json, time.time()),
            )

    async def get_draft(self, game_id: int, user_id: int) -> str | None:
        async with self.db.execute(
            "SELECT draft_json FROM trade_drafts WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        ) as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else None

    async def take_draft(self, game_id: int, user_id: int) -> str | None:
        """Remove and return a draft: of several concurrent takers, exactly one gets it."""
        async with (
            self._write,
            self.db.execute(
                "DELETE FROM trade_drafts WHERE game_id = ? AND user_id = ? RETURNING draft_json", (game_id, user_id)
            ) as cur,
        ):
            row = await cur.fetchone()
        return str(row[0]) if row else None
