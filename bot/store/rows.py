"""The store's rows as the bot's values, for both stores: the same columns in the same order on
SQLite and PostgreSQL, read positionally (an sqlite3 row and an asyncpg record alike)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.store.models import GameRecord, GameResult, LiveGame, LogEntry, PlayerResult, Rating, parse_lobby

GAME_COLUMNS = (
    "id, guild_id, channel_id, kind, status, host_id, locale, version, lobby_json, state_json, "
    "message_id, message_posted_at, deadline, deadline_kind, created_at, updated_at, message_version"
)
LIVE_COLUMNS = "id, guild_id, status, version, deadline, message_id, message_version, kind"
LOG_COLUMNS = "game_id, seq, actor, action_json, events_json, at"
RATING_COLUMNS = "user_id, mu, sigma, games, wins"
GAME_RESULT_COLUMNS = "game_id, guild_id, kind, finished_at, takeover, story_json, ratings_json"
PLAYER_RESULT_COLUMNS = "game_id, user_id, guild_id, kind, place, seats, won, counts_json, items_json"
# GameRecord's fields in GAME_COLUMNS order (the lobby is stored as JSON and parsed, state kept as text)
GAME_FIELDS = [
    "id",
    "guild_id",
    "channel_id",
    "kind",
    "status",
    "host_id",
    "locale",
    "version",
    "lobby",
    "state_json",
    "message_id",
    "message_posted_at",
    "deadline",
    "deadline_kind",
    "created_at",
    "updated_at",
    "message_version",
]


def compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def live_game(row: Sequence[object]) -> LiveGame:
    return LiveGame._make(row)


def game_record(row: Sequence[object]) -> GameRecord:
    fields = dict(zip(GAME_FIELDS, row, strict=True))
    fields["lobby"] = parse_lobby(str(fields["lobby"]))
    return GameRecord.model_validate(fields)


def log_entry(row: Sequence[object]) -> LogEntry:
    fields = dict(zip(("game_id", "seq", "actor", "action", "events", "at"), row, strict=True))
    fields["action"], fields["events"] = json.loads(str(fields["action"])), json.loads(str(fields["events"]))
    return LogEntry.model_validate(fields)


def rating_from(row: Sequence[object]) -> Rating:
    return Rating.model_validate(dict(zip(("user_id", "mu", "sigma", "games", "wins"), row, strict=True)))


def game_result_from(row: Sequence[object]) -> GameResult:
    names = ("game_id", "guild_id", "kind", "finished_at", "takeover", "story_json", "ratings")
    fields = dict(zip(names, row, strict=True))
    fields["takeover"] = bool(fields["takeover"])
    fields["ratings"] = json.loads(str(fields["ratings"]))  # user id -> [before, after]: tuples once validated
    return GameResult.model_validate(fields)


def player_result_from(row: Sequence[object]) -> PlayerResult:
    names = ("game_id", "user_id", "guild_id", "kind", "place", "seats", "won", "counts", "by_item")
    fields = dict(zip(names, row, strict=True))
    fields["won"] = bool(fields["won"])
    fields["counts"], fields["by_item"] = json.loads(str(fields["counts"])), json.loads(str(fields["by_item"]))
    return PlayerResult.model_validate(fields)


def player_result_values(p: PlayerResult) -> tuple[object, ...]:
    """A player's result in PLAYER_RESULT_COLUMNS order, for an INSERT."""
    counts, items = json.dumps(p.counts), json.dumps(p.by_item)
    return (p.game_id, p.user_id, p.guild_id, p.kind, p.place, p.seats, p.won, counts, items)


def game_result_values(r: GameResult) -> tuple[object, ...]:
    """A game's result in GAME_RESULT_COLUMNS order, for an INSERT."""
    return (r.game_id, r.guild_id, r.kind, r.finished_at, r.takeover, r.story_json, json.dumps(r.ratings))
