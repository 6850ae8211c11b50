"""The store's rows as the bot's values, for both stores: the same columns in the same order on
SQLite and PostgreSQL, read positionally (an sqlite3 row and an asyncpg record alike)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

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


def compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def live_game(row: Sequence[Any]) -> LiveGame:
    return LiveGame(*row)


def game_record(row: Sequence[Any]) -> GameRecord:
    (gid, guild, channel, kind, status, host, locale, version, lobby, state, mid, posted, dl, dlk, ca, ua, mv) = row
    return GameRecord(
        id=gid,
        guild_id=guild,
        channel_id=channel,
        kind=kind,
        status=status,
        host_id=host,
        locale=locale,
        version=version,
        lobby=parse_lobby(lobby),
        state_json=state,
        message_id=mid,
        message_posted_at=posted,
        deadline=dl,
        deadline_kind=dlk,
        created_at=ca,
        updated_at=ua,
        message_version=mv,
    )


def log_entry(row: Sequence[Any]) -> LogEntry:
    game_id, seq, actor, action, events, at = row
    return LogEntry(game_id=game_id, seq=seq, actor=actor, action=json.loads(action), events=json.loads(events), at=at)


def rating_from(row: Sequence[Any]) -> Rating:
    user_id, mu, sigma, games, wins = row
    return Rating(user_id=user_id, mu=mu, sigma=sigma, games=games, wins=wins)


def game_result_from(row: Sequence[Any]) -> GameResult:
    game_id, guild_id, kind, finished_at, takeover, story, ratings = row
    return GameResult(
        game_id=game_id,
        guild_id=guild_id,
        kind=kind,
        finished_at=finished_at,
        takeover=bool(takeover),
        story_json=story,
        ratings={k: tuple(v) for k, v in json.loads(ratings).items()},
    )


def player_result_from(row: Sequence[Any]) -> PlayerResult:
    game_id, user_id, guild_id, kind, place, seats, won, counts, items = row
    return PlayerResult(
        game_id=game_id,
        user_id=user_id,
        guild_id=guild_id,
        kind=kind,
        place=place,
        seats=seats,
        won=bool(won),
        counts=json.loads(counts),
        by_item=json.loads(items),
    )


def player_result_values(p: PlayerResult) -> tuple[Any, ...]:
    """A player's result in PLAYER_RESULT_COLUMNS order, for an INSERT."""
    counts, items = json.dumps(p.counts), json.dumps(p.by_item)
    return (p.game_id, p.user_id, p.guild_id, p.kind, p.place, p.seats, p.won, counts, items)


def game_result_values(r: GameResult) -> tuple[Any, ...]:
    """A game's result in GAME_RESULT_COLUMNS order, for an INSERT."""
    return (r.game_id, r.guild_id, r.kind, r.finished_at, r.takeover, r.story_json, json.dumps(r.ratings))
