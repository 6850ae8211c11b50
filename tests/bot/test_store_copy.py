"""`python -m bot.store.copy`: a SQLite database moves into PostgreSQL whole — games keep their ids
and versions, logs, drafts, settings, results and ratings — and play goes on from there."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.records import Records
from bot.store import SqliteStore, StoreUnavailable
from bot.store.copy import copy, main
from bot.store.postgres import PostgresStore
from bot.tables import Tables
from tests.stored import started_game
from tests.stores import drop_schema, pg_schema, postgres_url


async def test_a_sqlite_database_moves_into_postgresql_whole(tmp_path: Path) -> None:
    url = postgres_url()
    path = tmp_path / "old.sqlite3"
    store = SqliteStore(path)
    await store.open()
    tables = Tables.over(store)
    service = tables.service
    service.on_saved.append(Records(store).on_saved)
    ids = []
    for channel in (1, 2):
        game_id = (await started_game(tables, guild=7, channel=channel, locale="ja")).record.id
        await service.act(game_id, "11", {"do": "roll"}, None)
        ids.append(game_id)
    await service.stop(ids[0], 11, True)  # one finished game with a result, one still running
    await store.games.put_draft(ids[1], 22, '{"to":"11"}')
    await store.servers.set_guild_setting(7, "language", "ja")
    before = {i: await store.games.get(i) for i in ids}
    logs = {i: await store.games.log(i) for i in ids}
    result = await store.records.game_result(ids[0])
    await store.close()

    schema = await pg_schema(url)
    try:
        copied = await copy(path, url, schema=schema)
        assert copied["games"] == 2 and copied["actions"] == len(logs[ids[1]])
        assert copied["action_archives"] == 1, "the finished game's packed log"
        assert copied["game_results"] == 1 and copied["ratings"] == 2
        pg = PostgresStore(url, schema=schema)
        await pg.open()
        try:
            for i in ids:
                assert await pg.games.get(i) == before[i]
                assert await pg.games.log(i) == logs[i]
            assert await pg.records.game_result(ids[0]) == result
            assert await pg.games.get_draft(ids[1], 22) == '{"to":"11"}'
            assert await pg.servers.guild_settings(7) == {"language": "ja"}
            # play goes on: the running game takes its next move, a new game gets a new id
            moved = Tables.over(pg).service
            record = await pg.games.get(ids[1])
            assert record is not None
            state = moved.state_of(record)
            player = state.players[state.turn].name
            from engine import games

            action = games.game("mega").legal_actions(state, player)[0]
            out = await moved.act(ids[1], player, action.model_dump(mode="json"), record.version)
            assert out.record.version == record.version + 1
            new = await pg.games.create_game(
                guild_id=7, channel_id=3, kind="bingo", host_id=11, locale="en", lobby=before[ids[0]].lobby
            )  # type: ignore[union-attr]
            assert new.id > max(ids)
        finally:
            await pg.close()
        with pytest.raises(StoreUnavailable, match="already holds games"):
            await copy(path, url, schema=schema)
    finally:
        await drop_schema(url, schema)


def test_the_command_refuses_what_it_cannot_copy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--from", str(tmp_path / "x"), "--to", "postgresql://u@h/db"]) == 2
    assert main(["--from", "sqlite:" + str(tmp_path / "x"), "--to", "mysql://u@h/db"]) == 2
    assert main(["--from", "sqlite:" + str(tmp_path / "missing.sqlite3"), "--to", "postgresql://u@127.0.0.1:1/db"]) == 2
    assert "no SQLite database" in capsys.readouterr().err
