"""Results, statistics and ratings (bot.records): ratings after a scripted game are OpenSkill's own
computation, computer seats are not rated, a takeover is marked, and rebuilding from the logs gives
exactly what was recorded live — on both stores."""

from __future__ import annotations

from openskill.models import PlackettLuce

from bot.records import Records
from bot.store import GameRecord, GameStore, LobbyPlayer
from bot.tables import Tables
from engine.core.story import Story

ANN, BEA, CAI = 11, 22, 33


async def _lobby(tables: Tables, channel: int, kind: str = "mega", guild: int = 1, away: str = "safe") -> GameRecord:
    """A lobby hosted by Ann."""
    return await tables.lobbies.open_lobby(
        guild_id=guild,
        channel_id=channel,
        kind=kind,
        host=LobbyPlayer(id=ANN, name="ann"),
        locale="en",
        options={},
        turn_timeout_s=60,
        missed_turn_limit=3,
        away=away,
    )


async def _finished(tables: Tables, order_out: list[int], guild: int = 1, channel: int = 2) -> int:
    """A 3-player Mega game in which the players of `order_out` resign in that order."""
    record = await _lobby(tables, channel, guild=guild)
    for uid, name in ((BEA, "bea"), (CAI, "cai")):
        await tables.lobbies.join(record.id, LobbyPlayer(id=uid, name=name))
    await tables.service.start(record.id, ANN)
    for uid in order_out:
        await tables.service.act(record.id, str(uid), {"do": "resign"}, None)
    done = await tables.service.store.games.get(record.id)
    assert done is not None and done.status == "finished"
    return record.id


async def _service(store: GameStore) -> tuple[GameStore, Tables, Records]:
    tables = Tables.over(store)
    records = Records(store)
    tables.service.on_saved.append(records.on_saved)
    return store, tables, records


async def test_ratings_after_a_scripted_game_are_openskills_own(any_store: GameStore) -> None:
    store, tables, _ = await _service(any_store)
    first = await _finished(tables, [CAI, BEA])  # places: ann 1, bea 2, cai 3
    second = await _finished(tables, [ANN, CAI])  # places: bea 1, cai 2, ann 3
    model = PlackettLuce()
    fresh = [[model.rating()] for _ in range(3)]
    after_first = model.rate(fresh, ranks=[1, 2, 3])  # ann, bea, cai
    after_second = model.rate([after_first[1], after_first[2], after_first[0]], ranks=[1, 2, 3])  # bea, cai, ann
    expected = {BEA: after_second[0][0], CAI: after_second[1][0], ANN: after_second[2][0]}
    for uid, want in expected.items():
        got = await store.records.rating(1, "mega", uid)
        assert got is not None
        assert abs(got.mu - want.mu) < 1e-9 and abs(got.sigma - want.sigma) < 1e-9
        assert got.games == 2
    assert (await store.records.rating(1, "mega", ANN)).wins == 1  # type: ignore[union-attr]
    board = await store.records.leaderboard(1, "mega", 10)
    assert [r.user_id for r in board] == sorted(expected, key=lambda u: -(expected[u].mu - 3 * expected[u].sigma))
    result = await store.records.game_result(first)
    assert result is not None and set(result.ratings) == {str(ANN), str(BEA), str(CAI)}
    story = Story.model_validate_json(result.story_json)
    assert [(s.player, s.place) for s in story.standings] == [(str(ANN), 1), (str(BEA), 2), (str(CAI), 3)]
    rows = await store.records.player_results(1, ANN)
    assert [(r.game_id, r.place, r.won) for r in rows] == [(first, 1, True), (second, 3, False)]
    assert await store.records.rating(2, "mega", ANN) is None, "ratings are per server"
    assert await store.games.archive_log(first) == 0, "a finished game's log was packed when it ended"
    assert (await store.games.log(first))[0].action == {"do": "start_game"}


async def test_rebuilding_from_the_logs_gives_what_was_recorded_live(any_store: GameStore) -> None:
    store, tables, records = await _service(any_store)
    await _finished(tables, [CAI, BEA], channel=2)
    await _finished(tables, [BEA, ANN], channel=3)
    await _finished(tables, [ANN, CAI], channel=4)
    live = {u: await store.records.rating(1, "mega", u) for u in (ANN, BEA, CAI)}
    stats = await store.records.player_results(1, BEA)
    assert all(live.values())
    assert await records.rebuild() == (3, 3)
    assert {u: await store.records.rating(1, "mega", u) for u in (ANN, BEA, CAI)} == live
    assert await store.records.player_results(1, BEA) == stats


async def test_a_game_is_recorded_once_and_computer_seats_are_not_rated(any_store: GameStore) -> None:
    store, tables, records = await _service(any_store)
    record = await _lobby(tables, 9, "bingo")
    await tables.lobbies.add_computer(record.id, ANN)
    await tables.service.start(record.id, ANN)
    await tables.service.act(record.id, str(ANN), {"do": "resign"}, None)
    done = await store.games.get(record.id)
    assert done is not None and done.status == "finished"
    assert await store.records.game_result(record.id) is not None
    assert await records.record(done) is None, "a second recording of the same game does nothing"
    assert await store.records.rating(1, "bingo", ANN) is None  # one person at the table: nobody to compare with
    rows = await store.records.player_results(1, ANN)
    assert [(r.place, r.won, r.seats) for r in rows] == [(2, False, 2)]
    assert await store.records.player_results(1, -1) == [], "computer seats have no statistics"


async def test_a_computer_takeover_marks_the_game(any_store: GameStore) -> None:
    store, tables, _ = await _service(any_store)
    record = await _lobby(tables, 5, away="computer")
    await tables.lobbies.join(record.id, LobbyPlayer(id=BEA, name="bea"))
    started = await tables.service.start(record.id, ANN)
    played = await tables.deadlines.on_deadline(record.id, started.record.version)  # Ann is away: the computer plays
    assert played is not None and played.record.lobby.taken_over == [str(ANN)]
    await tables.service.stop(record.id, ANN, True)
    result = await store.records.game_result(record.id)
    assert result is not None and result.takeover
    rows = {
        r.user_id: r.counts["taken_over"]
        for r in await store.records.player_results(1, ANN) + await store.records.player_results(1, BEA)
    }
    assert rows == {ANN: 1, BEA: 0}, "the statistics say whose turns the computer played"


async def test_a_game_whose_log_does_not_reach_its_end_gets_no_result(any_store: GameStore) -> None:
    """A story is told from the log only if the replay ends where the game really ended."""
    from tests.stored import put_state

    store, tables, _ = await _service(any_store)
    record = await _lobby(tables, 6)
    await tables.lobbies.join(record.id, LobbyPlayer(id=BEA, name="bea"))
    started = await tables.service.start(record.id, ANN)
    changed = started.state.model_copy(update={"players": [started.state.players[0].model_copy(update={"cash": 7})]})
    changed = changed.model_copy(update={"players": [*changed.players, *started.state.players[1:]]})
    await put_state(store, started.record, changed)  # a state no logged move produced
    await tables.service.stop(record.id, ANN, True)
    assert await store.records.game_result(record.id) is None


def test_the_rebuild_command_reads_the_settings_and_reports(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    from bot.records import main

    monkeypatch.setenv("DISCORD_TOKEN", "a.b.c")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "games.sqlite3"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    assert main(["--rebuild"]) == 0
    assert "0 of 0 finished games recorded" in capsys.readouterr().out
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path))  # a folder: one line, exit 2
    assert main(["--rebuild"]) == 2
    assert "error:" in capsys.readouterr().err
