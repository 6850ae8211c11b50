"""Every statement both stores run, written once with `?` placeholders. SQLite runs them as they
are; PostgreSQL through its dialect (`bot.store.dialect`: `$1, $2…`, row locks). Upserts and
RETURNING are the same in both (SQLite ≥ 3.35)."""

from __future__ import annotations

from bot.store.rows import (
    GAME_COLUMNS,
    GAME_RESULT_COLUMNS,
    LIVE_COLUMNS,
    LOG_COLUMNS,
    PLAYER_RESULT_COLUMNS,
    RATING_COLUMNS,
)

# --- games -----------------------------------------------------------------------------------------

_LIVE = "status IN ('lobby', 'active')"
OPEN_LOBBIES = "SELECT count(*) FROM games WHERE status = 'lobby' AND host_id = ?"
CREATE_GAME = (
    "INSERT INTO games (guild_id, channel_id, kind, status, host_id, locale, version, lobby_json, created_at, "
    f"updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, 0, ?, ?, ?) RETURNING {GAME_COLUMNS}"
)
GAME = f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?"
LIVE_IN_CHANNEL = f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND {_LIVE}"
LAST_FINISHED_IN_CHANNEL = (
    f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND status = 'finished' ORDER BY id DESC LIMIT 1"
)
LIVE_GAMES = f"SELECT {LIVE_COLUMNS} FROM games WHERE {_LIVE} ORDER BY id"
LIVE_DUE_BY = f"SELECT {GAME_COLUMNS} FROM games WHERE {_LIVE} AND deadline <= ?"
FINISHED_GAMES = f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'finished' ORDER BY updated_at, id"
SAVE_GAME = (  # at the expected version only
    "UPDATE games SET status = ?, version = ?, lobby_json = ?, state_json = ?, host_id = ?, deadline = ?, "
    "deadline_kind = ?, updated_at = ? WHERE id = ? AND version = ?"
)
VERSION = "SELECT version FROM games WHERE id = ?"
SET_MESSAGE = "UPDATE games SET message_id = ?, message_posted_at = ?, message_version = ? WHERE id = ?"
SET_MESSAGE_VERSION = "UPDATE games SET message_version = ? WHERE id = ? AND message_id = ?"
SET_DEADLINE = "UPDATE games SET deadline = ?, deadline_kind = ? WHERE id = ? AND version = ?"

# --- the action log --------------------------------------------------------------------------------

LOG_MOVE = "INSERT INTO actions (game_id, seq, actor, action_json, events_json, at) VALUES (?, ?, ?, ?, ?, ?)"
LOGGED_MOVE = "SELECT actor, action_json FROM actions WHERE game_id = ? AND seq = ?"
HISTORY = f"SELECT {LOG_COLUMNS} FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT ?"
LOG = f"SELECT {LOG_COLUMNS} FROM actions WHERE game_id = ? ORDER BY seq"
LOG_TO_ARCHIVE = "SELECT seq, actor, action_json, events_json, at FROM actions WHERE game_id = ? ORDER BY seq"
ARCHIVE = "INSERT INTO action_archives (game_id, entries, data) VALUES (?, ?, ?)"
DROP_LOG = "DELETE FROM actions WHERE game_id = ?"
ARCHIVED = "SELECT data FROM action_archives WHERE game_id = ?"

# --- offers, drafts, server settings -----------------------------------------------------------------

SET_OFFER_POST = (
    "INSERT INTO offer_posts (game_id, offer_id, message_id) VALUES (?, ?, ?) "
    "ON CONFLICT (game_id, offer_id) DO UPDATE SET message_id = excluded.message_id"
)
OFFER_POST = "SELECT message_id FROM offer_posts WHERE game_id = ? AND offer_id = ?"
PUT_DRAFT = (
    "INSERT INTO trade_drafts (game_id, user_id, draft_json, updated_at) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (game_id, user_id) DO UPDATE SET draft_json = excluded.draft_json, updated_at = excluded.updated_at"
)
GET_DRAFT = "SELECT draft_json FROM trade_drafts WHERE game_id = ? AND user_id = ?"
TAKE_DRAFT = "DELETE FROM trade_drafts WHERE game_id = ? AND user_id = ? RETURNING draft_json"
GUILD_SETTINGS = "SELECT key, value_json FROM guild_settings WHERE guild_id = ?"
DROP_GUILD_SETTING = "DELETE FROM guild_settings WHERE guild_id = ? AND key = ?"
SET_GUILD_SETTING = (
    "INSERT INTO guild_settings (guild_id, key, value_json) VALUES (?, ?, ?) "
    "ON CONFLICT (guild_id, key) DO UPDATE SET value_json = excluded.value_json"
)

# --- results, statistics, ratings ----------------------------------------------------------------------

RESULT_EXISTS = "SELECT 1 FROM game_results WHERE game_id = ?"
RATINGS_OF = f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND kind = ? AND "  # + the users (dialect)
ADD_GAME_RESULT = f"INSERT INTO game_results ({GAME_RESULT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"
ADD_PLAYER_RESULT = f"INSERT INTO player_results ({PLAYER_RESULT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
SET_RATING = (
    "INSERT INTO ratings (guild_id, kind, user_id, mu, sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
    "games = excluded.games, wins = excluded.wins"
)
GAME_RESULT = f"SELECT {GAME_RESULT_COLUMNS} FROM game_results WHERE game_id = ?"
LEADERBOARD = (
    f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND kind = ? "
    "ORDER BY mu - 3 * sigma DESC, games DESC LIMIT ?"
)
RATING = f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND kind = ? AND user_id = ?"
PLAYER_RESULTS = (
    f"SELECT {PLAYER_RESULT_COLUMNS} FROM player_results WHERE guild_id = ? AND user_id = ? ORDER BY game_id"
)
DERIVED_TABLES = ("ratings", "player_results", "game_results")  # rebuilt from the logs (--rebuild)

# --- forgetting a user (bot.store.forget) ----------------------------------------------------------------

USER_TABLES = ("ratings", "player_results", "trade_drafts")  # rows of the user's own, deleted
GAMES_SEATING = "SELECT id, lobby_json, state_json, host_id FROM games WHERE lobby_json LIKE ?"  # + row lock
PSEUDONYMIZE_GAME = "UPDATE games SET lobby_json = ?, state_json = ?, host_id = ? WHERE id = ?"
MOVES = "SELECT seq, actor, action_json, events_json FROM actions WHERE game_id = ?"
PSEUDONYMIZE_MOVE = "UPDATE actions SET actor = ?, action_json = ?, events_json = ? WHERE game_id = ? AND seq = ?"
PSEUDONYMIZE_ARCHIVE = "UPDATE action_archives SET data = ? WHERE game_id = ?"
RESULT_TEXTS = "SELECT story_json, ratings_json FROM game_results WHERE game_id = ?"
PSEUDONYMIZE_RESULT = "UPDATE game_results SET story_json = ?, ratings_json = ? WHERE game_id = ?"


def delete_user_rows(table: str) -> str:
    assert table in USER_TABLES
    return f"DELETE FROM {table} WHERE user_id = ?"


def clear(table: str) -> str:
    assert table in DERIVED_TABLES
    return f"DELETE FROM {table}"
