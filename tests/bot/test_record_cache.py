"""The SQLite store keeps the records it read or wrote (it is the file's only writer). Whatever
happens — saves, message and deadline notes that match or do not, failed writes, a read racing a
write — `get` returns exactly the row the database holds."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import pytest

from bot.store import Lobby, LobbyPlayer, NotSaved, SqliteStore, VersionConflict
from bot.store.rows import GAME_COLUMNS, game_record
from bot.tables import Tables
from bot.timers import Timers


def _in_file(db: Path, game_id: int) -> object:
    conn = sqlite3.connect(db)
    try:
        row = conn.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
    finally:
        conn.close()
    return game_record(tuple(row))


async def test_every_write_leaves_get_equal_to_the_database(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    store = SqliteStore(db)
    await store.open()
    lobby = Lobby(players=[LobbyPlayer(id=1, name="Ann"), LobbyPlayer(id=2, name="Bea")])
    record = await store.games.create_game(guild_id=1, channel_id=5, kind="mega", host_id=1, locale="en", lobby=lobby)

    async def same() -> None:
        assert await store.games.get(record.id) == _in_file(db, record.id)

    await same()
    assert [r.id for r in await store.deadlines.live_games()] == [record.id]  # kept as read
    await same()
    saved = await store.games.save(
        record.model_copy(update={"status": "active", "state_json": "{}"}), expected_version=0
    )
    await same()
    await store.games.set_message(record.id, 77, 1000.0, saved.version)
    await same()
    await store.games.set_message_versions([(record.id, 78, 9)])  # another message: nothing changes
    await same()
    await store.games.set_message_versions([(record.id, 77, 9)])
    await same()
    await store.games.set_message_versions([(record.id, 77, 10), (record.id + 1, 1, 1)])
    await same()
    await store.games.set_message_versions([(record.id, 99, 11)])  # not its message
    await same()
    assert not await store.deadlines.set_deadline(record.id, saved.version + 5, 123.0, "turn")  # wrong version
    await same()
    assert await store.deadlines.set_deadline(record.id, saved.version, 456.0, "auction")
    await same()
    # The caller's record is older than the row (the message was noted since): only the columns a
    # save writes change.
    again = await store.games.save(saved.model_copy(update={"deadline": 9.0}), expected_version=saved.version)
    await same()
    with pytest.raises(VersionConflict):
        await store.games.save(again, expected_version=saved.version)
    await same()
    await store.connection.db.execute(
        "CREATE TRIGGER no_more BEFORE UPDATE ON games BEGIN SELECT RAISE(FAIL, 'disk is full'); END"
    )
    with pytest.raises((NotSaved, sqlite3.DatabaseError)):
        await store.games.set_message(record.id, 80, 2000.0, 1)
    with pytest.raises((NotSaved, sqlite3.DatabaseError)):
        await store.games.save(again, expected_version=again.version)
    await same()
    await store.close()


async def test_a_read_that_races_a_write_is_not_kept(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    store = SqliteStore(db)
    await store.open()
    record = await store.games.create_game(guild_id=1, channel_id=5, kind="mega", host_id=1, locale="en", lobby=Lobby())
    store.kept.forget(record.id)  # not kept: the next get reads the database
    read = store.connection.one
    written = asyncio.Event()

    async def read_then_wait(sql: str, params: tuple[object, ...] = ()) -> object:
        row = await read(sql, params)  # the row as it is before the write
        await written.wait()  # ... handed back only after the write is done
        return row

    store.connection.one = read_then_wait  # type: ignore[method-assign]
    reading = asyncio.create_task(store.games.get(record.id))
    await asyncio.sleep(0.05)
    await store.games.set_message(record.id, 100, 1.0, 0)
    written.set()
    old = await reading
    assert old is not None and old.message_id is None  # that read saw the row before the write
    store.connection.one = read  # type: ignore[method-assign]
    assert await store.games.get(record.id) == _in_file(db, record.id)
    await store.close()


async def test_at_the_start_only_games_with_a_deadline_due_are_kept(tmp_path: Path) -> None:
    """Idle games (their deadline far off) are read at the start but not kept: memory follows the games
    being played. Overdue ones are kept, their timers need them at once."""
    db = tmp_path / "g.sqlite3"
    store = SqliteStore(db)
    await store.open()
    ids = []
    for channel, deadline in ((5, time.time() - 10), (6, time.time() + 3600), (7, None)):
        record = await store.games.create_game(
            guild_id=1, channel_id=channel, kind="mega", host_id=1, locale="en", lobby=Lobby()
        )
        saved = await store.games.save(
            record.model_copy(update={"status": "active", "state_json": "{}", "deadline": deadline}),
            expected_version=0,
        )
        ids.append(saved.id)
    await store.close()
    store = SqliteStore(db)  # a restart: nothing kept yet
    await store.open()
    overdue, idle, untimed = ids
    assert sorted(r.id for r in await store.deadlines.live_games()) == sorted(ids)
    assert store.kept.get(overdue) is None  # nothing kept unless asked (the repair's read)
    assert sorted(r.id for r in await store.deadlines.live_games(keep_due_within_s=60)) == sorted(ids)
    assert store.kept.get(overdue) == _in_file(db, overdue)
    assert store.kept.get(idle) is None and store.kept.get(untimed) is None
    assert await store.games.get(idle) == _in_file(db, idle)  # read when first needed
    await store.close()


async def test_the_timers_start_with_the_records_of_games_due_soon(tmp_path: Path) -> None:
    """Restoring the timers asks the store for the games due within a minute, whole: their deadlines
    and first moves then need no read of their own. A game due in an hour is not kept."""
    db = tmp_path / "g.sqlite3"
    store = SqliteStore(db)
    await store.open()
    ids = []
    for channel, deadline in ((5, time.time() + 30), (6, time.time() + 3600)):
        record = await store.games.create_game(
            guild_id=1, channel_id=channel, kind="mega", host_id=1, locale="en", lobby=Lobby()
        )
        saved = await store.games.save(
            record.model_copy(update={"status": "active", "state_json": "{}", "deadline": deadline}),
            expected_version=0,
        )
        ids.append(saved.id)
    await store.close()
    store = SqliteStore(db)
    await store.open()

    async def fired(outcome: object) -> None:
        pass

    timers = Timers(Tables.over(store).deadlines, fired)
    assert await timers.restore() == 2
    soon, later = ids
    assert store.kept.get(soon) == _in_file(db, soon)
    assert store.kept.get(later) is None
    await timers.close()
    await store.close()
