"""`python -m bot.store.copy --from sqlite:PATH --to postgresql://…`: move a bot's SQLite database
into PostgreSQL (stop the bot first). Copies every table — games with their versions, action
logs, offer messages, drafts, server settings, results and ratings — into an empty PostgreSQL
database (migrated first), then checks that every table holds as many rows on both sides."""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from pathlib import Path
from typing import Any

from bot.store.models import StoreUnavailable
from bot.store.postgres import PostgresStore, where
from bot.store.sqlite import SqliteStore

# Parents before children (foreign keys).
TABLES = (
    "games",
    "actions",
    "action_archives",
    "offer_posts",
    "trade_drafts",
    "guild_settings",
    "game_results",
    "player_results",
    "ratings",
)


def _convert(value: Any, pg_type: str) -> Any:
    if value is None:
        return None
    if pg_type == "boolean":
        return bool(value)
    if pg_type == "bytea":
        return bytes(value)
    if pg_type == "double precision":
        return float(value)
    if pg_type in ("bigint", "integer"):
        return int(value)
    return str(value)


async def copy(source: Path, target: str, schema: str | None = None) -> dict[str, int]:
    """Copy every table; returns the rows copied per table. Raises StoreUnavailable (with one line
    for the operator) when either side cannot be used or the target already holds games."""
    if not source.is_file():
        raise StoreUnavailable(f"no SQLite database at {source}")
    # Opening migrates the file to this version's schema (and takes its lock: no bot is using it).
    sqlite_store = SqliteStore(source)
    await sqlite_store.open()
    await sqlite_store.close()
    pg = PostgresStore(target, schema=schema)
    await pg.open()
    copied: dict[str, int] = {}
    db = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        async with pg.connection.pool.acquire() as conn:
            if await conn.fetchval("SELECT count(*) FROM games"):
                raise StoreUnavailable(f"{where(target)} already holds games: copy into an empty database")
            async with conn.transaction():
                for table in TABLES:
                    types = dict(
                        await conn.fetch(
                            "SELECT column_name, data_type FROM information_schema.columns "
                            "WHERE table_name = $1 AND table_schema = current_schema()",
                            table,
                        )
                    )
                    columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
                    rows = db.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall()
                    records = [tuple(_convert(v, types[c]) for v, c in zip(row, columns, strict=True)) for row in rows]
                    if records:
                        await conn.copy_records_to_table(table, records=records, columns=columns)
                    copied[table] = len(records)
                await conn.execute("SELECT setval('games_id_seq', GREATEST((SELECT MAX(id) FROM games), 1))")
                for table in TABLES:
                    there = await conn.fetchval(f"SELECT count(*) FROM {table}")
                    if there != copied[table]:
                        raise StoreUnavailable(f"{table}: {copied[table]} rows read but {there} in PostgreSQL")
    finally:
        db.close()
        await pg.close()
    return copied


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--from", dest="source", required=True, help="sqlite:PATH of the bot's database")
    parser.add_argument("--to", dest="target", required=True, help="postgresql://… (an empty database)")
    args = parser.parse_args(argv)
    if not args.source.startswith("sqlite:"):
        print("error: --from must be sqlite:PATH", file=sys.stderr)
        return 2
    if not args.target.startswith(("postgresql://", "postgres://")):
        print("error: --to must be a postgresql:// URL", file=sys.stderr)
        return 2
    try:
        copied = asyncio.run(copy(Path(args.source.removeprefix("sqlite:")), args.target))
    except StoreUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for table, count in copied.items():
        print(f"{table}: {count} rows copied, counts match")
    print(f"done: set DATABASE_URL={where(args.target)} (with its password) and start the bot")
    return 0


if __name__ == "__main__":
    sys.exit(main())
