"""The SQLite store's writes that run in the database thread in one go, and how a failed write is
named (NotSaved with a reason the bot can explain)."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator

from bot.store import sql
from bot.store.models import NotSaved, VersionConflict


@contextlib.contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE … COMMIT in the database thread; on any failure a ROLLBACK that does not hide
    why it failed (SQLite may have rolled back already)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise


def save_in_thread(conn: sqlite3.Connection, row: tuple[object, ...], logged: tuple[object, ...] | None) -> None:
    """BEGIN, the new state (only at the expected version), the log row, COMMIT; or nothing."""
    with transaction(conn):
        cur = conn.execute(sql.SAVE_GAME, row)
        if cur.rowcount != 1:
            raise VersionConflict(f"game {row[-2]} is no longer at version {row[-1]}")
        if logged is not None:
            conn.execute(sql.LOG_MOVE, logged)


def versions_in_thread(conn: sqlite3.Connection, rows: list[tuple[int, int, int]]) -> None:
    with transaction(conn):
        conn.executemany(sql.SET_MESSAGE_VERSION, [(v, g, m) for g, m, v in rows])


def not_saved(exc: sqlite3.OperationalError) -> NotSaved:
    text = str(exc)
    if "full" in text:
        return NotSaved("disk_full", text)
    if "readonly" in text or "read-only" in text:
        return NotSaved("read_only", text)
    return NotSaved("database", text)
