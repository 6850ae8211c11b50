"""Forgetting a user on SQLite (see `bot.store.forget`): one transaction in the database thread."""

from __future__ import annotations

import sqlite3

from bot.store import retention, sql
from bot.store.forget import alias_of, forget_in_archive, forget_in_lobby, mentions, swap_ids
from bot.store.sqlite.writes import transaction


def forget_in_thread(conn: sqlite3.Connection, user_id: int) -> list[int]:
    """Delete the user's ratings, statistics and drafts; pseudonymize every game that seats them.
    The ids of those games."""
    with transaction(conn):
        for table in sql.USER_TABLES:
            conn.execute(sql.delete_user_rows(table), (user_id,))
        games = conn.execute(sql.GAMES_SEATING, (mentions(user_id),)).fetchall()
        for game_id, lobby_json, state_json, host_id in games:
            state = None if state_json is None else swap_ids(state_json, user_id)
            host = alias_of(user_id) if host_id == user_id else host_id
            conn.execute(sql.PSEUDONYMIZE_GAME, (forget_in_lobby(lobby_json, user_id), state, host, game_id))
            _forget_log(conn, game_id, user_id)
    return [int(g[0]) for g in games]


def _forget_log(conn: sqlite3.Connection, game_id: int, user_id: int) -> None:
    """The game's logged moves (rows or packed) and its story carry the pseudonym too."""
    moves = conn.execute(sql.MOVES, (game_id,)).fetchall()
    conn.executemany(
        sql.PSEUDONYMIZE_MOVE,
        [
            (None if a is None else swap_ids(a, user_id), swap_ids(act, user_id), swap_ids(ev, user_id), game_id, seq)
            for seq, a, act, ev in moves
        ],
    )
    packed = conn.execute(sql.ARCHIVED, (game_id,)).fetchone()
    if packed is not None:
        data = forget_in_archive(bytes(packed[0]), user_id)
        conn.execute(sql.PSEUDONYMIZE_ARCHIVE, (data, game_id))
    result = conn.execute(sql.RESULT_TEXTS, (game_id,)).fetchone()
    if result is not None:
        story, ratings = swap_ids(result[0], user_id), swap_ids(result[1], user_id)
        conn.execute(sql.PSEUDONYMIZE_RESULT, (story, ratings, game_id))


def purge_departed_in_thread(conn: sqlite3.Connection, before: float) -> list[int]:
    """Delete everything of the servers the bot left before `before` (`bot.store.retention`)."""
    with transaction(conn):
        guilds = [int(r[0]) for r in conn.execute(retention.DUE, (before,)).fetchall()]
        for guild in guilds:
            for statement in retention.PURGE_GUILD:
                conn.execute(statement, (guild,) * statement.count("?"))
    return guilds
