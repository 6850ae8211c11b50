"""Issue 29: when the bot is removed from a server, that server's settings, ratings, statistics and
games are deleted after the retention period — not before, not if the bot came back, and nothing of
other servers."""

from __future__ import annotations

from bot.store import GameStore
from tests.bot.test_records import ANN, BEA, CAI, _finished, _service


async def test_a_server_left_long_enough_ago_is_deleted_and_no_other(any_store: GameStore) -> None:
    store, tables, _ = await _service(any_store)
    gone = await _finished(tables, [CAI, BEA], guild=1, channel=2)
    kept = await _finished(tables, [CAI, BEA], guild=2, channel=3)
    returned = await _finished(tables, [CAI, BEA], guild=3, channel=4)
    for guild in (1, 2, 3):
        await store.servers.set_guild_setting(guild, "language", "ja")
    await store.servers.guild_left(1, at=1_000.0)
    await store.servers.guild_left(3, at=1_000.0)
    await store.servers.guild_back(3)

    assert await store.servers.purge_departed(before=999.0) == [], "not before the retention period has passed"
    assert await store.games.get(gone) is not None
    assert await store.servers.purge_departed(before=1_001.0) == [1]

    assert (
        await store.games.get(gone) is None
        and await store.games.log(gone) == []
        and await store.records.game_result(gone) is None
    )
    assert await store.servers.guild_settings(1) == {} and await store.records.rating(1, "mega", ANN) is None
    assert await store.records.player_results(1, ANN) == []
    for guild, game in ((2, kept), (3, returned)):
        assert await store.games.get(game) is not None and await store.records.game_result(game) is not None
        assert await store.servers.guild_settings(guild) == {"language": "ja"}
        assert await store.records.rating(guild, "mega", ANN) is not None
    assert await store.servers.purge_departed(before=10_000.0) == [], "a purged server is not purged again"


def test_the_retention_period_is_a_setting(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import pytest

    from bot.settings import SettingsError, load_settings

    monkeypatch.setenv("DISCORD_TOKEN", "a.b.c")
    monkeypatch.setenv("RETENTION_DAYS", "7")
    assert load_settings().retention_days == 7
    monkeypatch.setenv("RETENTION_DAYS", "-1")
    with pytest.raises(SettingsError, match="RETENTION_DAYS"):
        load_settings()
    monkeypatch.delenv("RETENTION_DAYS")
    assert load_settings().retention_days == 30
