"""The same numbered migrations as `bot.store.migrations`, in PostgreSQL's dialect (BIGINT ids,
DOUBLE PRECISION times, BIGSERIAL keys). The applied number is kept in `schema_version`. Append
only; never edit one that has shipped."""

from __future__ import annotations

PG_MIGRATIONS: list[tuple[int, str]] = [
    (
        1,
        """
        CREATE TABLE games (
            id BIGSERIAL PRIMARY KEY,
            guild_id BIGINT NOT NULL,
            channel_id BIGINT NOT NULL,
            kind TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
            host_id BIGINT NOT NULL,
            locale TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 0,
            lobby_json TEXT NOT NULL,
            state_json TEXT,
            message_id BIGINT,
            message_posted_at DOUBLE PRECISION,
            deadline DOUBLE PRECISION,
            deadline_kind TEXT,
            created_at DOUBLE PRECISION NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL
        );
        CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
        CREATE INDEX games_live ON games (status) WHERE status IN ('lobby', 'active');
        CREATE TABLE actions (
            game_id BIGINT NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL,
            actor TEXT,
            action_json TEXT NOT NULL,
            events_json TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game_id, seq)
        );
        """,
    ),
    (
        2,
        """
        CREATE TABLE offer_posts (
            game_id BIGINT NOT NULL REFERENCES games (id),
            offer_id INTEGER NOT NULL,
            message_id BIGINT NOT NULL,
            PRIMARY KEY (game_id, offer_id)
        );
        CREATE TABLE trade_drafts (
            game_id BIGINT NOT NULL REFERENCES games (id),
            user_id BIGINT NOT NULL,
            draft_json TEXT NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game_id, user_id)
        );
        """,
    ),
    (
        3,
        """
        ALTER TABLE games ADD COLUMN message_version INTEGER;
        CREATE INDEX games_by_host ON games (host_id) WHERE status = 'lobby';
        """,
    ),
    (
        4,
        """
        CREATE TABLE guild_settings (
            guild_id BIGINT NOT NULL,
            key TEXT NOT NULL,
            value_json TEXT NOT NULL,
            PRIMARY KEY (guild_id, key)
        );
        """,
    ),
    (
        5,
        """
        CREATE TABLE game_results (
            game_id BIGINT PRIMARY KEY REFERENCES games (id),
            guild_id BIGINT NOT NULL,
            kind TEXT NOT NULL,
            finished_at DOUBLE PRECISION NOT NULL,
            takeover BOOLEAN NOT NULL,
            story_json TEXT NOT NULL,
            ratings_json TEXT NOT NULL
        );
        CREATE TABLE player_results (
            game_id BIGINT NOT NULL REFERENCES games (id),
            user_id BIGINT NOT NULL,
            guild_id BIGINT NOT NULL,
            kind TEXT NOT NULL,
            place INTEGER NOT NULL,
            seats INTEGER NOT NULL,
            won BOOLEAN NOT NULL,
            counts_json TEXT NOT NULL,
            items_json TEXT NOT NULL,
            PRIMARY KEY (game_id, user_id)
        );
        CREATE INDEX player_results_by_user ON player_results (guild_id, user_id);
        CREATE TABLE ratings (
            guild_id BIGINT NOT NULL,
            kind TEXT NOT NULL,
            user_id BIGINT NOT NULL,
            mu DOUBLE PRECISION NOT NULL,
            sigma DOUBLE PRECISION NOT NULL,
            games INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            PRIMARY KEY (guild_id, kind, user_id)
        );
        """,
    ),
    (
        6,
        """
        -- A finished game's log, packed into one compressed blob (bot.store.archive), in place of its rows.
        CREATE TABLE action_archives (
            game_id BIGINT PRIMARY KEY REFERENCES games (id),
            entries INTEGER NOT NULL,
            data BYTEA NOT NULL
        );
        """,
    ),
    (
        7,
        """
        -- SQLite's migration 7 drops its game-kind CHECK; this table never had one. Numbered alike so
        -- both dialects stay at the same schema version.
        COMMENT ON COLUMN games.kind IS 'any game kind the registry (engine.games) knows';
        """,
    ),
    (
        8,
        """
        -- When the bot was removed from a server: its data is deleted after the retention period.
        CREATE TABLE guild_departures (
            guild_id BIGINT PRIMARY KEY,
            left_at DOUBLE PRECISION NOT NULL
        );
        """,
    ),
]
