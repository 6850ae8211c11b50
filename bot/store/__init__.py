"""Game storage: one interface (`GameStore`, split by concern in `bot.store.base`) and two
backends, each in its own folder: SQLite (`bot/store/sqlite/`, the default) and PostgreSQL
(`bot/store/postgres/`, several bot processes on one database). What they share — the SQL, the
migrations, the row mapping, forgetting and retention — is in the modules beside them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.store.base import GameStore
from bot.store.models import (
    ChannelBusy,
    DatabaseDown,
    GameRecord,
    GameResult,
    LiveGame,
    Lobby,
    LobbyPlayer,
    LogEntry,
    NotSaved,
    PlayerResult,
    Rating,
    StoreUnavailable,
    TooManyLobbies,
    VersionConflict,
)
from bot.store.sqlite import SqliteStore

if TYPE_CHECKING:
    from bot.settings import Settings


def open_store(settings: Settings) -> GameStore:
    """The store the settings choose (not opened yet): PostgreSQL when DATABASE_URL is set, else
    the SQLite file at DATABASE_PATH."""
    if settings.database_url:
        from bot.store.postgres import PostgresStore

        return PostgresStore(settings.database_url)
    return SqliteStore(settings.database_path, settings.database_sync)


__all__ = [
    "ChannelBusy",
    "DatabaseDown",
    "GameRecord",
    "GameResult",
    "GameStore",
    "LiveGame",
    "Lobby",
    "LobbyPlayer",
    "LogEntry",
    "NotSaved",
    "PlayerResult",
    "Rating",
    "SqliteStore",
    "StoreUnavailable",
    "TooManyLobbies",
    "VersionConflict",
    "open_store",
]
