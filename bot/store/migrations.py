"""Numbered schema migrations, tracked with PRAGMA user_version. Append only; never edit one
that has shipped."""

from __future__ import annotations

MIGRATIONS: list[tuple[int, str]] = [
    (
        1,
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('mega', 'bingo')),
            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
            host_id INTEGER NOT NULL,
            locale TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 0,
            lobby_json TEXT NOT NULL,
            state_json TEXT,
            message_id INTEGER,
            message_posted_at REAL,
            deadline REAL,
            deadline_kind TEXT,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        );
        -- At most one lobby or running game per channel.
        CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel_id)
            WHERE status IN ('lobby', 'active');
        CREATE INDEX games_live ON games (status) WHERE status IN ('lobby', 'active');
        CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL,
            actor TEXT,
            action_json TEXT NOT NULL,
            events_json TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, seq)
        );
        """,
    ),
    (
        2,
        """
        -- The public message of each trade offer, to close it when the offer stops being open.
        CREATE TABLE offer_posts (
            game_id INTEGER NOT NULL REFERENCES games (id),
            offer_id INTEGER NOT NULL,
            message_id INTEGER NOT NULL,
            PRIMARY KEY (game_id, offer_id)
        );
        -- Trade offers being built privately (kept across a restart).
        CREATE TABLE trade_drafts (
            game_id INTEGER NOT NULL REFERENCES games (id),
            user_id INTEGER NOT NULL,
            draft_json TEXT NOT NULL,
            updated_at REAL NOT NULL,
            PRIMARY KEY (game_id, user_id)
        );
        """,
    ),
    (
        3,
        """
        -- Which version the game message shows, so a stale one is repaired after a restart.
        ALTER TABLE games ADD COLUMN message_version INTEGER;
        CREATE INDEX games_by_host ON games (host_id) WHERE status = 'lobby';
        """,
    ),
    (
        4,
        """
        -- A server's own defaults (/monopoly settings): one row per changed setting.
        CREATE TABLE guild_settings (
            guild_id INTEGER NOT NULL,
            key TEXT NOT NULL,
            value_json TEXT NOT NULL,
            PRIMARY KEY (guild_id, key)
        );
        """,
    ),
    (
        5,
        """
        -- Derived from the action logs (python -m bot.records --rebuild recomputes them): each finished
        -- game's story, each human seat's result, and ratings per server and game.
        CREATE TABLE game_results (
            game_id INTEGER PRIMARY KEY REFERENCES games (id),
            guild_id INTEGER NOT NULL,
            kind TEXT NOT NULL,
            finished_at REAL NOT NULL,
            takeover INTEGER NOT NULL,
            story_json TEXT NOT NULL,
            ratings_json TEXT NOT NULL
        );
        CREATE TABLE player_results (
            game_id INTEGER NOT NULL REFERENCES games (id),
            user_id INTEGER NOT NULL,
            guild_id INTEGER NOT NULL,
            kind TEXT NOT NULL,
            place INTEGER NOT NULL,
            seats INTEGER NOT NULL,
            won INTEGER NOT NULL,
            counts_json TEXT NOT NULL,
            items_json TEXT NOT NULL,
            PRIMARY KEY (game_id, user_id)
        );
        CREATE INDEX player_results_by_user ON player_results (guild_id, user_id);
        CREATE TABLE ratings (
            guild_id INTEGER NOT NULL,
            kind TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
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
            game_id INTEGER PRIMARY KEY REFERENCES games (id),
            entries INTEGER NOT NULL,
            data BLOB NOT NULL
        );
        """,
    ),
    (
        7,
        """
        -- No game kinds in the schema: a game is whatever the registry (engine.games) knows. SQLite
        -- cannot drop a CHECK in place, so the table is rebuilt (SQLite's documented twelve steps;
        -- migrations run with foreign keys off and are checked after, see SqliteStore.migrate).
        CREATE TABLE games_new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            kind TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
            host_id INTEGER NOT NULL,
            locale TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 0,
            lobby_json TEXT NOT NULL,
            state_json TEXT,
            message_id INTEGER,
            message_posted_at REAL,
            deadline REAL,
            deadline_kind TEXT,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            message_version INTEGER
        );
        INSERT INTO games_new (id, guild_id, channel_id, kind, status, host_id, locale, version, lobby_json,
            state_json, message_id, message_posted_at, deadline, deadline_kind, created_at, updated_at,
            message_version)
        SELECT id, guild_id, channel_id, kind, status, host_id, locale, version, lobby_json, state_json,
            message_id, message_posted_at, deadline, deadline_kind, created_at, updated_at, message_version
        FROM games;
        DROP TABLE games;
        ALTER TABLE games_new RENAME TO games;
        CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
        CREATE INDEX games_live ON games (status) WHERE status IN ('lobby', 'active');
        CREATE INDEX games_by_host ON games (host_id) WHERE status = 'lobby'
        """,
    ),
    (
        8,
        """
        -- When the bot was removed from a server: its data is deleted after the retention period.
        CREATE TABLE guild_departures (
            guild_id INTEGER PRIMARY KEY,
            left_at REAL NOT NULL
        );
        """,
    ),
]
