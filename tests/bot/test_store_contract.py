"""The storage contract, run against both stores (SQLite and PostgreSQL): whatever the bot relies on
must hold on each."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.store import ChannelBusy, GameResult, GameStore, Lobby, LobbyPlayer, PlayerResult, Rating, VersionConflict
from bot.store.dialect import POSTGRES, SQLITE
from bot.store.schema import MIGRATIONS, migrations


def test_one_migration_list_for_both_dialects() -> None:
    """Numbered alike, with every type word filled in for each dialect."""
    numbers = [m.number for m in MIGRATIONS]
    assert numbers == list(range(1, len(numbers) + 1))
    for dialect in (SQLITE, POSTGRES):
        steps = migrations(dialect)
        assert [n for n, _ in steps] == numbers
        assert not any("{" in sql for _, sql in steps)


async def test_migrations_are_applied_once(any_store: GameStore) -> None:
    store = any_store
    assert await store.connection.schema_version() == MIGRATIONS[-1].number  # type: ignore[attr-defined]
    await store.connection.migrate()  # type: ignore[attr-defined]
    assert await store.connection.schema_version() == MIGRATIONS[-1].number  # type: ignore[attr-defined]


async def test_one_live_game_per_channel(any_store: GameStore) -> None:
    store = any_store
    lobby = Lobby(players=[LobbyPlayer(id=1, name="a")])
    first = await store.games.create_game(guild_id=1, channel_id=5, kind="mega", host_id=1, locale="en", lobby=lobby)
    with pytest.raises(ChannelBusy):
        await store.games.create_game(guild_id=1, channel_id=5, kind="bingo", host_id=1, locale="en", lobby=lobby)
    other = await store.games.create_game(guild_id=1, channel_id=6, kind="bingo", host_id=1, locale="en", lobby=lobby)
    assert other.id != first.id and await store.games.open_lobbies_of(1) == 2
    await store.games.save(first.model_copy(update={"status": "cancelled"}), expected_version=0)
    again = await store.games.create_game(guild_id=1, channel_id=5, kind="bingo", host_id=1, locale="en", lobby=lobby)
    assert (await store.games.live_in_channel(5)).id == again.id  # type: ignore[union-attr]
    assert [r.id for r in await store.deadlines.live_games()] == [other.id, again.id]


async def test_save_checks_the_version_and_logs_in_one_transaction(any_store: GameStore) -> None:
    store = any_store
    record = await store.games.create_game(guild_id=1, channel_id=5, kind="mega", host_id=1, locale="en", lobby=Lobby())
    moved = record.model_copy(update={"status": "active", "state_json": "{}", "deadline": 5.0, "deadline_kind": "turn"})
    saved = await store.games.save(moved, expected_version=0, actor="1", action={"do": "x"}, events=[{"kind": "y"}])
    assert saved.version == 1
    with pytest.raises(VersionConflict):
        await store.games.save(moved, expected_version=0, actor="1", action={"do": "again"})
    log = await store.games.log(record.id)
    assert [(e.seq, e.actor, e.action, e.events) for e in log] == [(1, "1", {"do": "x"}, [{"kind": "y"}])]
    got = await store.games.get(record.id)
    assert got is not None and (got.version, got.status, got.deadline, got.deadline_kind) == (1, "active", 5.0, "turn")
    for n in range(2, 6):
        await store.games.save(got, expected_version=n - 1, actor=None, action={"do": f"m{n}"})
    assert [e.action["do"] for e in await store.games.history(record.id, 2)] == ["m4", "m5"]
    assert await store.deadlines.set_deadline(record.id, 5, 9.0, "auction") is True
    assert await store.deadlines.set_deadline(record.id, 4, 1.0, "turn") is False  # an older version moves nothing
    assert (await store.games.get(record.id)).deadline == 9.0  # type: ignore[union-attr]


async def test_concurrent_saves_at_one_version_let_exactly_one_through(any_store: GameStore) -> None:
    store = any_store
    record = await store.games.create_game(guild_id=1, channel_id=5, kind="mega", host_id=1, locale="en", lobby=Lobby())
    results = await asyncio.gather(
        *(store.games.save(record, expected_version=0, actor=str(i), action={"do": str(i)}) for i in range(5)),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, VersionConflict) for r in results if isinstance(r, Exception))
    assert len(await store.games.log(record.id)) == 1


async def test_messages_offers_drafts_and_settings(any_store: GameStore) -> None:
    store = any_store
    record = await store.games.create_game(guild_id=1, channel_id=5, kind="mega", host_id=1, locale="en", lobby=Lobby())
    await store.games.set_message(record.id, 777, 12.5, 0)
    await store.games.set_message_versions([(record.id, 778, 3)])  # another message: no change
    got = await store.games.get(record.id)
    assert got is not None and (got.message_id, got.message_posted_at, got.message_version) == (777, 12.5, 0)
    await store.games.set_message_versions([(record.id, 777, 4), (record.id + 1000, 1, 1)])
    await store.games.set_message_versions([(record.id, 778, 9)])  # another message: no change
    assert (await store.games.get(record.id)).message_version == 4  # type: ignore[union-attr]
    await store.games.set_offer_post(record.id, 1, 900)
    await store.games.set_offer_post(record.id, 1, 901)
    assert await store.games.offer_post(record.id, 1) == 901 and await store.games.offer_post(record.id, 2) is None
    await store.games.put_draft(record.id, 5, '{"a":1}')
    await store.games.put_draft(record.id, 5, '{"a":2}')
    assert await store.games.get_draft(record.id, 5) == '{"a":2}'
    taken = await asyncio.gather(*(store.games.take_draft(record.id, 5) for _ in range(5)))
    assert taken.count(None) == 4 and '{"a":2}' in taken
    await store.servers.set_guild_setting(1, "language", "ja")
    await store.servers.set_guild_setting(1, "mega.starting_cash", 2000)
    await store.servers.set_guild_setting(1, "language", None)
    assert await store.servers.guild_settings(1) == {"mega.starting_cash": 2000}


async def test_results_are_stored_once_with_ratings_read_in_the_transaction(any_store: GameStore) -> None:
    store = any_store
    ids = []
    for channel in (5, 6):
        record = await store.games.create_game(
            guild_id=1, channel_id=channel, kind="mega", host_id=1, locale="en", lobby=Lobby()
        )
        await store.games.save(record.model_copy(update={"status": "finished"}), expected_version=0)
        ids.append(record.id)
    assert [r.id for r in await store.records.finished_games()] == ids
    seen: list[dict[int, Rating]] = []

    def rate(before: dict[int, Rating]) -> list[tuple[Rating, Rating]]:
        seen.append(before)
        old = [before.get(u) or Rating(user_id=u, mu=25.0, sigma=8.0) for u in (1, 2)]
        return [
            (r, r.model_copy(update={"mu": r.mu + d, "games": r.games + 1, "wins": r.wins + (d > 0)}))
            for r, d in zip(old, (1.0, -1.0), strict=True)
        ]

    def result(game_id: int) -> tuple[GameResult, list[PlayerResult]]:
        rows = [
            PlayerResult(
                game_id=game_id,
                user_id=u,
                guild_id=1,
                kind="mega",
                place=p,
                seats=2,
                won=p == 1,
                counts={"rent": 10 * u},
            )
            for u, p in ((1, 1), (2, 2))
        ]
        return GameResult(
            game_id=game_id, guild_id=1, kind="mega", finished_at=1.0, takeover=False, story_json="{}"
        ), rows

    first = await store.records.save_result(*result(ids[0]), rate)
    assert first is not None and first.ratings == {"1": (1.0, 2.0), "2": (1.0, 0.0)}
    assert await store.records.save_result(*result(ids[0]), rate) is None, "a game's result is stored once"
    await store.records.save_result(*result(ids[1]), rate)
    assert seen[-1][1].mu == 26.0, "the second game was rated from the first game's ratings"
    board = await store.records.leaderboard(1, "mega", 10)
    assert [(r.user_id, r.mu, r.games, r.wins) for r in board] == [(1, 27.0, 2, 2), (2, 23.0, 2, 0)]
    assert await store.records.rating(1, "mega", 2) == board[1]
    assert [(r.game_id, r.counts) for r in await store.records.player_results(1, 2)] == [
        (ids[0], {"rent": 20}),
        (ids[1], {"rent": 20}),
    ]
    stored = await store.records.game_result(ids[0])
    assert stored is not None and stored.ratings == first.ratings and not stored.takeover
    await store.records.clear_results()
    assert await store.records.leaderboard(1, "mega", 10) == [] and await store.records.game_result(ids[0]) is None


async def test_a_finished_games_log_is_packed_and_reads_the_same(any_store: GameStore) -> None:
    store = any_store
    record = await store.games.create_game(guild_id=1, channel_id=5, kind="mega", host_id=1, locale="en", lobby=Lobby())
    for n in range(40):
        events = [{"kind": "cash", "player": "1", "data": {"delta": n, "reason": "rent"}, "visible_to": None}]
        record = await store.games.save(
            record,
            expected_version=n,
            actor=str(n % 3) if n % 5 else None,
            action={"do": "roll", "n": n},
            events=events,
        )
    whole, recent = await store.games.log(record.id), await store.games.history(record.id, 7)
    size = await store.games.archive_log(record.id)
    assert 0 < size < sum(len(json.dumps(e.action)) + len(json.dumps(e.events)) for e in whole) / 3
    assert await store.games.log(record.id) == whole and await store.games.history(record.id, 7) == recent
    assert await store.games.archive_log(record.id) == 0, "packed once"
    assert await store.games.log(999_999) == [] and await store.games.history(999_999, 5) == []


async def test_live_games_in_brief_match_their_records(any_store: GameStore) -> None:
    """What a start reads of every open game (timers, messages behind) says what the records say."""
    store = any_store
    lobby = Lobby(players=[LobbyPlayer(id=1, name="a")])
    waiting = await store.games.create_game(guild_id=3, channel_id=7, kind="bingo", host_id=1, locale="ja", lobby=lobby)
    playing = await store.games.create_game(guild_id=4, channel_id=8, kind="mega", host_id=1, locale="en", lobby=lobby)
    saved = await store.games.save(
        playing.model_copy(update={"status": "active", "state_json": "{}", "deadline": 1234.5}), expected_version=0
    )
    await store.games.set_message(saved.id, 99, 1000.0, saved.version - 1)  # the message is one version behind
    ended = await store.games.create_game(guild_id=4, channel_id=9, kind="mega", host_id=1, locale="en", lobby=lobby)
    await store.games.save(ended.model_copy(update={"status": "finished"}), expected_version=0)
    briefs = await store.deadlines.live_games()
    assert [g.id for g in briefs] == [waiting.id, playing.id]
    for brief in briefs:
        record = await store.games.get(brief.id)
        assert record is not None
        fields = (record.guild_id, record.status, record.version, record.deadline, record.message_id)
        assert (brief.guild_id, brief.status, brief.version, brief.deadline, brief.message_id) == fields
        assert brief.message_version == record.message_version
    assert briefs[1].message_version == saved.version - 1 and briefs[1].deadline == 1234.5
