"""`python -m bot.store.backup --to FILE`: a consistent copy of the bot's SQLite database, taken while
the bot runs (SQLite's online backup: moves being saved meanwhile are either in the copy or not,
never half). The copy is checked (`PRAGMA integrity_check`) and its games counted. To restore, stop
the bot and put the copy where DATABASE_PATH points (or point DATABASE_PATH at it). A PostgreSQL store
(DATABASE_URL) is backed up with PostgreSQL's own `pg_dump` (see docs/operators.md)."""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path

from bot.settings import SettingsError, load_settings


def backup(source: Path, target: Path) -> int:
    """Copy `source` into `target` (a new file); returns the number of games in the copy."""
    if not source.is_file():
        raise FileNotFoundError(f"no database at {source}")
    if target.exists():
        raise FileExistsError(f"{target} exists already: back up into a new file")
    target.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as live, sqlite3.connect(target) as copy:
        live.backup(copy)
    with sqlite3.connect(target) as check:
        (verdict,) = check.execute("PRAGMA integrity_check").fetchone()
        if verdict != "ok":
            raise sqlite3.DatabaseError(f"the copy fails its integrity check: {verdict}")
        (games,) = check.execute("SELECT count(*) FROM games").fetchone()
    return int(games)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.store.backup", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--to", required=True, type=Path, help="the new file to write the copy to")
    parser.add_argument("--from", dest="source", type=Path, help="the database (default: DATABASE_PATH)")
    args = parser.parse_args(argv)
    source = args.source
    if source is None:
        try:
            settings = load_settings()
        except SettingsError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        if settings.database_url:
            print("error: DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operators.md)", file=sys.stderr)
            return 2
        source = settings.database_path
    try:
        games = backup(source, args.to)
    except (OSError, sqlite3.Error) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"ok: {games} games copied to {args.to} (integrity checked)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
