"""The SQLite store: migrations, one live game per channel, optimistic versions, the log."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import ChannelBusy, Lobby, LobbyPlayer, SqliteStore, VersionConflict
from bot.store.dialect import SQLITE
from bot.store.schema import MIGRATIONS, migrations


async def _store(tmp_path: Path) -> SqliteStore:
    store = SqliteStore(tmp_path / "db" / "games.sqlite3")
    await store.open()
    return store


async def test_migrations_set_user_version_and_wal(tmp_path: Path) -> None:
    store = await _store(tmp_path)
    assert await store.connection.schema_version() == MIGRATIONS[-1].number
    async with store.connection.db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    await store.connection.migrate()  # a second run changes nothing
    assert await store.connection.schema_version() == MIGRATIONS[-1].number
    await store.close()


async def test_one_live_game_per_channel(tmp_path: Path) -> None:
    store = await _store(tmp_path)
    lobby = Lobby(players=[LobbyPlayer(id=1, name="a")])
    first = await store.games.create_game(guild_id=1, channel_id=5, kind="mega", host_id=1, locale="en", lobby=lobby)
    with pytest.raises(ChannelBusy):
        await store.games.create_game(guild_id=1, channel_id=5, kind="bingo", host_id=1, locale="en", lobby=lobby)
    other = await store.games.create_game(guild_id=1, channel_id=6, kind="bingo", host_id=1, locale="en", lobby=lobby)
    assert other.id != first.id
    await store.games.save(first.model_copy(update={"status": "cancelled"}), expected_version=0)
    again = await store.games.create_game(guild_id=1, channel_id=5, kind="bingo", host_id=1, locale="en", lobby=lobby)
    assert (await store.games.live_in_channel(5)).id == again.id  # type: ignore[union-attr]
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
    record = await store.games.create_game(guild_id=1, channel_id=5, kind="mega", host_id=1, locale="en", lobby=Lobby())
    saved = await store.games.save(record, expected_version=0, actor="1", action={"do": "x"}, events=[{"kind": "y"}])
    assert saved.version == 1
    with pytest.raises(VersionConflict):
        await store.games.save(record, expected_version=0, actor="1", action={"do": "again"})
    log = await store.games.log(record.id)
    assert [(e.seq, e.action) for e in log] == [(1, {"do": "x"})]
    assert (await store.games.get(record.id)).version == 1  # type: ignore[union-attr]
    await store.close()


async def test_a_database_from_before_migration_7_keeps_its_games_and_takes_any_kind(tmp_path: Path) -> None:
    """Migration 7 drops the game-kind CHECK (issue 27): the games and their logs stay, with their
    references, and a game kind the schema never heard of can be stored."""
    import sqlite3

    from bot.store import Lobby

    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    for number, sql in migrations(SQLITE):
        if number == 1:  # as it shipped: with the game-kind CHECK that migration 7 drops
            sql = sql.replace("kind TEXT NOT NULL,", "kind TEXT NOT NULL CHECK (kind IN ('mega', 'bingo')),", 1)
        if number <= 6:
            for statement in (s.strip() for s in sql.split(";")):
                if statement:
                    old.execute(statement)
    old.execute("PRAGMA user_version = 6")
    old.execute(
        "INSERT INTO games (guild_id, channel_id, kind, status, host_id, locale, version, lobby_json, created_at,"
        " updated_at) VALUES (1, 2, 'mega', 'active', 11, 'en', 3, '{}', 1.0, 1.0)"
    )
    old.execute("INSERT INTO actions VALUES (1, 3, '11', '{\"do\": \"roll\"}', '[]', 1.0)")
    old.commit()
    with pytest.raises(sqlite3.IntegrityError):
        old.execute(
            "INSERT INTO games (guild_id, channel_id, kind, status, host_id, locale, lobby_json, created_at,"
            " updated_at) VALUES (1, 3, 'race', 'lobby', 11, 'en', '{}', 1.0, 1.0)"
        )
    old.close()

    store = SqliteStore(path)
    await store.open()
    assert await store.connection.schema_version() == MIGRATIONS[-1].number
    kept = await store.games.get(1)
    assert kept is not None and kept.kind == "mega" and kept.version == 3
    assert [e.action for e in await store.games.log(1)] == [{"do": "roll"}]
    race = await store.games.create_game(guild_id=1, channel_id=3, kind="race", host_id=11, locale="en", lobby=Lobby())
    assert (await store.games.get(race.id)) is not None
    with pytest.raises(ChannelBusy):  # one live game per channel still holds
        await store.games.create_game(guild_id=1, channel_id=2, kind="race", host_id=11, locale="en", lobby=Lobby())
