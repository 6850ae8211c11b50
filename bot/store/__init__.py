"""Game storage: one small interface (`GameStore`), implemented on SQLite."""

from bot.store.base import GameStore
from bot.store.models import (
    ChannelBusy,
    GameRecord,
    Lobby,
    LobbyPlayer,
    LogEntry,
    NotSaved,
    StoreUnavailable,
    VersionConflict,
)
from bot.store.sqlite import SqliteStore

__all__ = [
    "ChannelBusy",
    "GameRecord",
    "GameStore",
    "Lobby",
    "LobbyPlayer",
    "LogEntry",
    "NotSaved",
    "SqliteStore",
    "StoreUnavailable",
    "VersionConflict",
]
