"""The one list of numbered schema migrations, for both stores: column types are words the dialect
fills in ({KEY}, {ID}, {TIME}, {BOOL}, {BYTES}, `bot.store.dialect`); where a step differs in
kind it says so per dialect. SQLite tracks the applied number with PRAGMA user_version,
PostgreSQL in `schema_version`. Append only; never change what one that has shipped does."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.dialect import Dialect


@dataclass(frozen=True)
class Migration:
    number: int
    sql: str = ""  # for every dialect
    sqlite: str | None = None  # in place of `sql`, where a dialect needs its own step
    postgres: str | None = None

    def in_dialect(self, dialect: Dialect) -> str:
        own = self.sqlite if dialect.name == "sqlite" else self.postgres
        return dialect.schema(own if own is not None else self.sql)


GAMES_COLUMNS = """
            guild_id {ID} NOT NULL,
            channel_id {ID} NOT NULL,
            kind TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
            host_id {ID} NOT NULL,
            locale TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 0,
            lobby_json TEXT NOT NULL,
            state_json TEXT,
            message_id {ID},
            message_posted_at {TIME},
            deadline {TIME},
            deadline_kind TEXT,
            created_at {TIME} NOT NULL,
            updated_at {TIME} NOT NULL"""
GAMES_INDEXES = """
        -- At most one lobby or running game per channel.
        CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
        CREATE INDEX games_live ON games (status) WHERE status IN ('lobby', 'active');"""

MIGRATIONS: list[Migration] = [
    Migration(
        1,
        f"""
        CREATE TABLE games (
            id {{KEY}},{GAMES_COLUMNS}
        );{GAMES_INDEXES}
        CREATE TABLE actions (
            game_id {{ID}} NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL,
            actor TEXT,
            action_json TEXT NOT NULL,
            events_json TEXT NOT NULL,
            at {{TIME}} NOT NULL,
            PRIMARY KEY (game_id, seq)
        );
        """,
    ),
    Migration(
        2,
        """
        -- The public message of each trade offer, to close it when the offer stops being open.
        CREATE TABLE offer_posts (
            game_id {ID} NOT NULL REFERENCES games (id),
            offer_id INTEGER NOT NULL,
            message_id {ID} NOT NULL,
            PRIMARY KEY (game_id, offer_id)
        );
        -- Trade offers being built privately (kept across a restart).
        CREATE TABLE trade_drafts (
            game_id {ID} NOT NULL REFERENCES games (id),
            user_id {ID} NOT NULL,
            draft_json TEXT NOT NULL,
            updated_at {TIME} NOT NULL,
            PRIMARY KEY (game_id, user_id)
        );
        """,
    ),
    Migration(
        3,
        """
        -- Which version the game message shows, so a stale one is repaired after a restart.
        ALTER TABLE games ADD COLUMN message_version INTEGER;
        CREATE INDEX games_by_host ON games (host_id) WHERE status = 'lobby';
        """,
    ),
    Migration(
        4,
        """
        -- A server's own defaults (/monopoly settings): one row per changed setting.
        CREATE TABLE guild_settings (
            guild_id {ID} NOT NULL,
            key TEXT NOT NULL,
            value_json TEXT NOT NULL,
            PRIMARY KEY (guild_id, key)
        );
        """,
    ),
    Migration(
        5,
        """
        -- Derived from the action logs (python -m bot.records --rebuild recomputes them): each finished
        -- game's story, each human seat's result, and ratings per server and game.
        CREATE TABLE game_results (
            game_id {ID} PRIMARY KEY REFERENCES games (id),
            guild_id {ID} NOT NULL,
            kind TEXT NOT NULL,
            finished_at {TIME} NOT NULL,
            takeover {BOOL} NOT NULL,
            story_json TEXT NOT NULL,
            ratings_json TEXT NOT NULL
        );
        CREATE TABLE player_results (
            game_id {ID} NOT NULL REFERENCES games (id),
            user_id {ID} NOT NULL,
            guild_id {ID} NOT NULL,
            kind TEXT NOT NULL,
            place INTEGER NOT NULL,
            seats INTEGER NOT NULL,
            won {BOOL} NOT NULL,
            counts_json TEXT NOT NULL,
            items_json TEXT NOT NULL,
            PRIMARY KEY (game_id, user_id)
        );
        CREATE INDEX player_results_by_user ON player_results (guild_id, user_id);
        CREATE TABLE ratings (
            guild_id {ID} NOT NULL,
            kind TEXT NOT NULL,
            user_id {ID} NOT NULL,
            mu {TIME} NOT NULL,
            sigma {TIME} NOT NULL,
            games INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            PRIMARY KEY (guild_id, kind, user_id)
        );
        """,
    ),
    Migration(
        6,
        """
        -- A finished game's log, packed into one compressed blob (bot.store.archive), in place of its rows.
        CREATE TABLE action_archives (
            game_id {ID} PRIMARY KEY REFERENCES games (id),
            entries INTEGER NOT NULL,
            data {BYTES} NOT NULL
        );
        """,
    ),
    Migration(
        7,
        # No game kinds in the schema: a game is whatever the registry (engine.games) knows. SQLite
        # files made before this step have a CHECK on the kind, and SQLite cannot drop one in place:
        # the table is rebuilt (SQLite's documented twelve steps; migrations run with foreign keys off
        # and are checked after, see SqliteStore.migrate). PostgreSQL never had it.
        sqlite=f"""
        CREATE TABLE games_new (
            id {{KEY}},{GAMES_COLUMNS},
            message_version INTEGER
        );
        INSERT INTO games_new (id, guild_id, channel_id, kind, status, host_id, locale, version, lobby_json,
            state_json, message_id, message_posted_at, deadline, deadline_kind, created_at, updated_at,
            message_version)
        SELECT id, guild_id, channel_id, kind, status, host_id, locale, version, lobby_json, state_json,
            message_id, message_posted_at, deadline, deadline_kind, created_at, updated_at, message_version
        FROM games;
        DROP TABLE games;
        ALTER TABLE games_new RENAME TO games;{GAMES_INDEXES}
        CREATE INDEX games_by_host ON games (host_id) WHERE status = 'lobby'
        """,
        postgres="COMMENT ON COLUMN games.kind IS 'any game kind the registry (engine.games) knows';",
    ),
    Migration(
        8,
        """
        -- When the bot was removed from a server: its data is deleted after the retention period.
        CREATE TABLE guild_departures (
            guild_id {ID} PRIMARY KEY,
            left_at {TIME} NOT NULL
        );
        """,
    ),
]


def migrations(dialect: Dialect) -> list[tuple[int, str]]:
    """(number, statements) of every migration, in `dialect`."""
    return [(m.number, m.in_dialect(dialect)) for m in MIGRATIONS]
