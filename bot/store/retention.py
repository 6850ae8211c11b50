"""What a server leaves behind once the bot is removed from it: after the retention period
(`RETENTION_DAYS`, default 30) its settings, ratings, statistics and every game with its log are
deleted. The statements are written once here, with `?` for the guild; each store runs them in one
transaction in its own dialect (`bot.store.dialect`)."""

from __future__ import annotations

_GAMES = "SELECT id FROM games WHERE guild_id = ?"
PURGE_GUILD: tuple[str, ...] = (
    f"DELETE FROM actions WHERE game_id IN ({_GAMES})",
    f"DELETE FROM action_archives WHERE game_id IN ({_GAMES})",
    f"DELETE FROM offer_posts WHERE game_id IN ({_GAMES})",
    f"DELETE FROM trade_drafts WHERE game_id IN ({_GAMES})",
    f"DELETE FROM player_results WHERE game_id IN ({_GAMES})",
    "DELETE FROM game_results WHERE guild_id = ?",
    "DELETE FROM player_results WHERE guild_id = ?",
    "DELETE FROM ratings WHERE guild_id = ?",
    "DELETE FROM guild_settings WHERE guild_id = ?",
    "DELETE FROM games WHERE guild_id = ?",
    "DELETE FROM guild_departures WHERE guild_id = ?",
)
DUE = "SELECT guild_id FROM guild_departures WHERE left_at <= ?"
LEFT = "INSERT INTO guild_departures (guild_id, left_at) VALUES (?, ?) ON CONFLICT (guild_id) DO NOTHING"
BACK = "DELETE FROM guild_departures WHERE guild_id = ?"
DEFAULT_DAYS = 30
