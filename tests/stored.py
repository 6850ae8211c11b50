"""Tests reach a position by starting a game through the service, or by writing an engine state
into a stored game."""

from __future__ import annotations

from typing import Any

from bot.outcome import Outcome
from bot.store import GameRecord, GameStore, LobbyPlayer
from bot.tables import Tables


async def opened_lobby(
    tables: Tables,
    *,
    kind: str = "mega",
    host: LobbyPlayer | None = None,
    guild: int = 1,
    channel: int = 2,
    locale: str = "en",
) -> GameRecord:
    """A lobby opened by `host` (Ann unless told) with the default timers."""
    return await tables.lobbies.open_lobby(
        guild_id=guild,
        channel_id=channel,
        kind=kind,
        host=host or LobbyPlayer(id=11, name="ann"),
        locale=locale,
        options={},
        turn_timeout_s=60,
        missed_turn_limit=3,
    )


async def started_game(
    tables: Tables, *, guild: int = 1, channel: int = 2, kind: str = "mega", locale: str = "en"
) -> Outcome:
    """A two-player game (Ann hosts, Bea joins) started through the service."""
    lobby = await opened_lobby(tables, kind=kind, guild=guild, channel=channel, locale=locale)
    await tables.lobbies.join(lobby.id, LobbyPlayer(id=22, name="bea"))
    return await tables.service.start(lobby.id, 11)


async def put_state(store: GameStore, record: GameRecord, state: Any) -> GameRecord:
    """Save `state` as the game's state (one version on), as any accepted change would be."""
    return await store.games.save(
        record.model_copy(update={"state_json": state.model_dump_json()}), expected_version=record.version
    )
