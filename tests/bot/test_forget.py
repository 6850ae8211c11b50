"""Issue 29: a user's request to be forgotten. Their ratings, statistics and drafts go; in every
stored game and log their id and name become a pseudonym, consistently enough that the logs still
replay to the stored ends (a rebuild records every game again); a live game is resigned first."""

from __future__ import annotations

import json

from bot.records import Records
from bot.store import GameStore, LobbyPlayer
from bot.store.forget import FORMER_NAME, alias_of
from tests.bot.test_records import ANN, BEA, CAI, _finished, _lobby, _service


async def test_a_forgotten_user_leaves_no_trace_and_replays_still_verify(any_store: GameStore) -> None:
    store, tables, _ = await _service(any_store)
    first = await _finished(tables, [CAI, BEA])  # Ann wins
    second = await _finished(tables, [ANN, CAI], channel=3)
    live = await _lobby(tables, 4)
    await tables.lobbies.join(live.id, LobbyPlayer(id=BEA, name="bea"))
    await tables.service.start(live.id, ANN)
    await store.games.put_draft(live.id, ANN, '{"to":"22"}')
    assert await store.records.rating(1, "mega", ANN) is not None

    done = await tables.forgetting.forget(ANN)

    assert set(done.games) == {first, second, live.id}
    assert await store.records.rating(1, "mega", ANN) is None and await store.records.player_results(1, ANN) == []
    assert await store.games.get_draft(live.id, ANN) is None
    assert await store.records.rating(1, "mega", BEA) is not None, "the others keep their records"
    alias = alias_of(ANN)
    for game_id in done.games:
        record = await store.games.get(game_id)
        assert record is not None
        everything = json.dumps(
            [record.model_dump(mode="json"), [e.model_dump(mode="json") for e in await store.games.log(game_id)]]
        )
        result = await store.records.game_result(game_id)
        everything += result.model_dump_json() if result else ""
        assert f'"{ANN}"' not in everything and f'"id": {ANN},' not in everything, f"game {game_id} still seats Ann"
        assert '"ann"' not in everything and f'"host_id": {ANN},' not in everything
        seat = record.lobby.seat(alias)
        assert seat is not None and seat.name == FORMER_NAME and seat.forgotten
    running = await store.games.get(live.id)
    assert running is not None and running.status == "finished", "Ann resigned first: Bea won the live game"
    total, recorded = await Records(store).rebuild()
    assert recorded == total == 3, "every log still replays to its stored end"
    assert await store.records.player_results(1, alias) == [] and await store.records.rating(1, "mega", alias) is None


async def test_forgetting_a_stranger_changes_nothing(any_store: GameStore) -> None:
    store, tables, _ = await _service(any_store)
    game = await _finished(tables, [CAI, BEA])
    before = await store.games.get(game)
    done = await tables.forgetting.forget(999)
    assert done.games == [] and await store.games.get(game) == before


def test_operators_forget_a_user_from_the_command_line(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """`python -m bot.records --forget USER_ID` (the bot stopped)."""
    import asyncio

    from bot.records import main
    from bot.store import SqliteStore
    from bot.tables import Tables

    db = tmp_path / "games.sqlite3"

    async def a_finished_game() -> int:
        store = SqliteStore(db)
        await store.open()
        try:
            return await _finished(Tables.over(store), [CAI, BEA])
        finally:
            await store.close()

    game = asyncio.run(a_finished_game())
    monkeypatch.setenv("DISCORD_TOKEN", "a.b.c")
    monkeypatch.setenv("DATABASE_PATH", str(db))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    assert main(["--forget", str(ANN)]) == 0
    assert "1 games pseudonymized" in capsys.readouterr().out

    async def seats() -> list[int]:
        store = SqliteStore(db)
        await store.open()
        try:
            record = await store.games.get(game)
            assert record is not None
            return [p.id for p in record.lobby.players]
        finally:
            await store.close()

    assert ANN not in asyncio.run(seats()) and alias_of(ANN) in asyncio.run(seats())


def test_a_forgotten_moderator_who_stopped_a_game_keeps_no_name_there() -> None:
    """A member with Manage Server who stopped a game without a seat is named in its lobby; being
    forgotten turns that name into the pseudonym's too."""
    from bot.store import Lobby
    from bot.store.forget import forget_in_lobby

    lobby = Lobby(players=[LobbyPlayer(id=ANN, name="ann")], stopped_by=77, stopped_by_name="Dan")
    forgotten = Lobby.model_validate_json(forget_in_lobby(lobby.model_dump_json(), 77))
    assert (forgotten.stopped_by, forgotten.stopped_by_name) == (alias_of(77), FORMER_NAME)
    kept = Lobby.model_validate_json(forget_in_lobby(lobby.model_dump_json(), ANN))
    assert (kept.stopped_by, kept.stopped_by_name) == (77, "Dan")
