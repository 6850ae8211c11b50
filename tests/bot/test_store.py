"""The SQLite store: migrations, one live game per channel, optimistic versions, the log."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import ChannelBusy, Lobby, LobbyPlayer, SqliteStore, VersionConflict
from bot.store.migrations import MIGRATIONS


async def _store(tmp_path: Path) -> SqliteStore:
    store = SqliteStore(tmp_path / "db" / "games.sqlite3")
    await store.open()
    return store


async def test_migrations_set_user_version_and_wal(tmp_path: Path) -> None:
    store = await _store(tmp_path)
    assert await store.schema_version() == MIGRATIONS[-1][0]
    async with store.db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    await store.migrate()  # a second run changes nothing
    assert await store.schema_version() == MIGRATIONS[-1][0]
    await store.close()


async def test_one_live_game_per_channel(tmp_path: Path) -> None:
    store = await _store(tmp_path)
    lobby = Lobby(players=[LobbyPlayer(id=1, name="a")])
    first = await store.create_game(guild_id=1, channel_id=5, kind="mega", host_id=1, locale="en", lobby=lobby)
    with pytest.raises(ChannelBusy):
        await store.create_game(guild_id=1, channel_id=5, kind="bingo", host_id=1, locale="en", lobby=lobby)
    other = await store.create_game(guild_id=1, channel_id=6, kind="bingo", host_id=1, locale="en", lobby=lobby)
    assert other.id != first.id
    await store.save(first.model_copy(update={"status": "cancelled"}), expected_version=0)
    again = await store.create_game(guild_id=1, channel_id=5, kind="bingo", host_id=1, locale="en", lobby=lobby)
    assert (await store.live_in_channel(5)).id == again.id  # type: ignore[union-attr]
    await store.close()


async def test_schema_enforces_the_rule_too(tmp_path: Path) -> None:
    store = await _store(tmp_path)
    await store.close()
    db = sqlite3.connect(tmp_path / "db" / "games.sqlite3")
    row = (1, 9, "mega", "lobby", 1, "en", 0, "{}", 0.0, 0.0)
    sql = (
        "INSERT INTO games (guild_id, channel_id, kind, status, host_id, locale, version, lobby_json, created_at, "
        "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    )
    db.execute(sql, row)
    with pytest.raises(sqlite3.IntegrityError):
        db.execute(sql, row)
    db.close()


async def test_save_checks_the_version_and_logs_in_one_transaction(tmp_path: Path) -> None:
    store = await _store(tmp_path)
    record = await store.create_game(guild_id=1, channel_id=5, kind="mega", host_id=1, locale="en", lobby=Lobby())
    saved = await store.save(record, expected_version=0, actor="1", action={"do": "x"}, events=[{"kind": "y"}])
    assert saved.version == 1
    with pytest.raises(VersionConflict):
        await store.save(record, expected_version=0, actor="1", action={"do": "again"})
    log = await store.log(record.id)
    assert [(e.seq, e.action) for e in log] == [(1, {"do": "x"})]
    assert (await store.get(record.id)).version == 1  # type: ignore[union-attr]
    await store.close()
