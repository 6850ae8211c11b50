"""What the store keeps about a game; plain data shared by the store, the service and the cogs."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from engine.games import GameKind

Status = Literal["lobby", "active", "finished", "cancelled"]
LIVE: tuple[Status, ...] = ("lobby", "active")


class LobbyPlayer(BaseModel):
    id: int  # a Discord user id; computer seats have negative ids
    name: str
    computer: bool = False
    level: Literal["easy", "normal", "hard"] = "normal"  # a computer seat's strength
    forgotten: bool = False  # a person who asked to be forgotten: a pseudonym, never rated or counted


class Lobby(BaseModel):
    """Seats and the options chosen at `/monopoly start`. Frozen: a change is a copy
    (`model_copy(update=…)`), so one parsed lobby can be shared (see `parse_lobby`)."""

    model_config = ConfigDict(frozen=True)

    players: list[LobbyPlayer] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)  # engine rule options
    turn_timeout_s: int = 120
    missed_turn_limit: int = 3
    seed: int = 0
    away: Literal["safe", "computer"] = "safe"  # what the turn timer does for a player who is away
    away_level: Literal["easy", "normal", "hard"] = "normal"  # the computer that plays for them
    missed: dict[str, int] = Field(default_factory=dict)  # turns in a row the timer played for a player
    offers: dict[str, float] = Field(default_factory=dict)  # "proposer>receiver" → when the offer expires
    offer_lifetime_s: int = 600
    stopped_by: int | None = None  # who ended the game early with /monopoly stop
    stopped_by_name: str | None = None  # their name, when they held no seat (a member with Manage Server)
    expired: bool = False  # a lobby that closed because nobody started it in time
    taken_over: list[str] = Field(default_factory=list)  # players the computer played for while away

    def seat(self, user_id: int) -> LobbyPlayer | None:
        return next((p for p in self.players if p.id == user_id), None)


@lru_cache(maxsize=4096)
def parse_lobby(text: str) -> Lobby:
    """Lobbies are read with every click and rarely change: each stored text is parsed once."""
    return Lobby.model_validate_json(text)


class GameRecord(BaseModel):
    id: int
    guild_id: int
    channel_id: int
    kind: GameKind
    status: Status
    host_id: int
    locale: str
    version: int
    lobby: Lobby
    state_json: str | None = None
    message_id: int | None = None
    message_posted_at: float | None = None
    message_version: int | None = None  # the version the game message shows (None: unknown)
    deadline: float | None = None
    deadline_kind: str | None = None
    created_at: float
    updated_at: float


class LiveGame(NamedTuple):
    """What a start needs of each live game (its timer, whether its message is behind), without the
    state and lobby: read for every open game at once, so it is kept small."""

    id: int
    guild_id: int
    status: Status
    version: int
    deadline: float | None
    message_id: int | None
    message_version: int | None
    kind: str


class LogEntry(BaseModel):
    game_id: int
    seq: int
    actor: str | None
    action: dict[str, Any]
    events: list[dict[str, Any]]
    at: float


class PlayerResult(BaseModel):
    """One human seat's result in a finished game (statistics are sums of these)."""

    game_id: int
    user_id: int
    guild_id: int
    kind: GameKind
    place: int
    seats: int  # players at the table
    won: bool
    counts: dict[str, int] = Field(default_factory=dict)
    by_item: dict[str, dict[str, int]] = Field(default_factory=dict)


class Rating(BaseModel):
    user_id: int
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0

    @property
    def shown(self) -> float:
        """The conservative estimate players see (mu - 3 sigma, OpenSkill's ordinal)."""
        return self.mu - 3 * self.sigma


class GameResult(BaseModel):
    game_id: int
    guild_id: int
    kind: GameKind
    finished_at: float
    takeover: bool  # the computer played for an away player at some point
    story_json: str
    ratings: dict[str, tuple[float, float]] = Field(default_factory=dict)  # user id → shown before, after

    def rated(self, changes: list[tuple[Rating, Rating]]) -> GameResult:
        """This result with each (old, new) rating change as the players see it."""
        return self.model_copy(update={"ratings": {str(new.user_id): (old.shown, new.shown) for old, new in changes}})


class VersionConflict(Exception):
    """The game changed since it was read (a concurrent click); nothing was written."""


class ChannelBusy(Exception):
    """The channel already has a lobby or a game."""


class TooManyLobbies(Exception):
    """The host already has as many open lobbies as a host may (counted and refused atomically)."""


class StoreUnavailable(Exception):
    """The database cannot be used at all (bad path, newer schema, another process holds it):
    the message is one line for the operator."""


class DatabaseDown(Exception):
    """The database did not answer a read even on a fresh connection (a failover, a restart, a
    locked or failing disk): nothing was changed; the caller may try again in a moment."""


class NotSaved(Exception):
    """A write failed (e.g. the disk is full); nothing was changed. `reason` names why."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
