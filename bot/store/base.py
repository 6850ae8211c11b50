"""The storage interface, split by concern (games and logs, deadlines, records and ratings, servers).
`GameStore` holds one object per concern (`store.games`, `store.deadlines`, `store.records`,
`store.servers`), which each backend (`bot/store/sqlite/`, `bot/store/postgres/`) composes from parts
handed its connection; a collaborator that needs one concern is handed that part alone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bot.store.models import GameRecord, GameResult, LiveGame, Lobby, LogEntry, PlayerResult, Rating
from engine.core.jsondata import JsonObject, JsonObjects
from engine.games import GameKind


class GamesStore(Protocol):
    """A game from lobby to end: its record, messages, log, trade offers and drafts."""

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        kind: GameKind,
        host_id: int,
        locale: str,
        lobby: Lobby,
        max_lobbies: int | None = None,
    ) -> GameRecord:
        """A new lobby; with `max_lobbies`, refused (TooManyLobbies) when the host already has that
        many open — counted and inserted as one step, across processes too."""
        ...

    async def get(self, game_id: int) -> GameRecord | None: ...

    async def live_in_channel(self, channel_id: int) -> GameRecord | None: ...

    async def last_finished_in_channel(self, channel_id: int) -> GameRecord | None: ...

    async def open_lobbies_of(self, host_id: int) -> int:
        """How many lobbies this user hosts now."""
        ...

    async def save(
        self,
        record: GameRecord,
        *,
        expected_version: int,
        actor: str | None = None,
        action: JsonObject | None = None,
        events: JsonObjects | None = None,
    ) -> GameRecord:
        """Write the record with version + 1 (and a log row when an action is given) in one
        transaction, only if the stored version is still `expected_version`."""
        ...

    async def set_message(self, game_id: int, message_id: int, posted_at: float, version: int | None = None) -> None:
        """The game's message is now `message_id` (posted at `posted_at`, showing `version`)."""
        ...

    async def set_message_versions(self, rows: list[tuple[int, int, int]]) -> None:
        """(game, message, version) each, in one transaction: which version each message shows."""
        ...

    async def history(self, game_id: int, limit: int) -> list[LogEntry]: ...

    async def log(self, game_id: int) -> list[LogEntry]:
        """The whole log, from its rows or, for a finished game, from its packed archive."""
        ...

    async def archive_log(self, game_id: int) -> int:
        """Pack a finished game's log into one compressed blob; its size (0: nothing to pack)."""
        ...

    async def set_offer_post(self, game_id: int, offer_id: int, message_id: int) -> None:
        """Remember the public message of a trade offer."""
        ...

    async def offer_post(self, game_id: int, offer_id: int) -> int | None: ...

    async def put_draft(self, game_id: int, user_id: int, draft_json: str) -> None:
        """Keep a trade offer being built (one per player and game)."""
        ...

    async def get_draft(self, game_id: int, user_id: int) -> str | None: ...

    async def take_draft(self, game_id: int, user_id: int) -> str | None:
        """Remove and return a draft; of concurrent callers exactly one gets it."""
        ...


class DeadlinesStore(Protocol):
    """When each game's timer acts next (`bot.timers`), kept with the game so a restart resumes it."""

    async def live_games(self, *, keep_due_within_s: float | None = None) -> list[LiveGame]:
        """Every game in a lobby or being played, in brief. A store that keeps records also reads
        whole and keeps those whose deadline falls within `keep_due_within_s` (or has passed)."""
        ...

    async def set_deadline(self, game_id: int, version: int, deadline: float | None, kind: str | None) -> bool:
        """Move the deadline without changing the game (only if still at `version`)."""
        ...


class RecordsStore(Protocol):
    """Results, statistics and ratings, derived from the logs of finished games (`bot.records`)."""

    async def finished_games(self) -> list[GameRecord]:
        """Every finished game, in the order they finished."""
        ...

    async def save_result(
        self,
        result: GameResult,
        players: list[PlayerResult],
        rate: Callable[[dict[int, Rating]], list[tuple[Rating, Rating]]],
    ) -> GameResult | None:
        """Store a finished game's result once, in one transaction: `rate` gets the stored ratings
        of its players (read inside the transaction, so concurrent games never lose an update) and
        returns (old, new) pairs. None if the game already has a result."""
        ...

    async def game_result(self, game_id: int) -> GameResult | None: ...

    async def leaderboard(self, guild_id: int, kind: str, limit: int) -> list[Rating]: ...

    async def rating(self, guild_id: int, kind: str, user_id: int) -> Rating | None: ...

    async def player_results(self, guild_id: int, user_id: int) -> list[PlayerResult]: ...

    async def clear_results(self) -> None:
        """Forget every result and rating (before rebuilding them from the logs)."""
        ...


class ServersStore(Protocol):
    """What a server set and what it and its members asked to be forgotten (retention, forget-me)."""

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """A server's stored settings (only those it changed)."""
        ...

    async def set_guild_setting(self, guild_id: int, key: str, value: object) -> None: ...

    async def guild_left(self, guild_id: int, at: float) -> None:
        """The bot was removed from a server at `at` (a later removal keeps the first time)."""
        ...

    async def guild_back(self, guild_id: int) -> None:
        """The bot is in the server again: nothing of it is to be deleted."""
        ...

    async def purge_departed(self, before: float) -> list[int]:
        """Delete the settings, ratings, statistics and games of every server the bot left before
        `before` (`bot.store.retention`), in one transaction; the servers purged."""
        ...

    async def forget_user(self, user_id: int) -> list[int]:
        """Delete a user's ratings, statistics and trade drafts and pseudonymize every game that
        seats them (`bot.store.forget`), in one transaction; the ids of those games."""
        ...


class GameStore(Protocol):
    """The whole store: what the bot opens and closes, and hands each collaborator the part it uses."""

    @property
    def games(self) -> GamesStore: ...

    @property
    def deadlines(self) -> DeadlinesStore: ...

    @property
    def records(self) -> RecordsStore: ...

    @property
    def servers(self) -> ServersStore: ...

    async def open(self) -> None: ...

    async def close(self) -> None: ...
