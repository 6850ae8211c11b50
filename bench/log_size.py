"""Bytes a finished game's log takes: `python -m bench.log_size [--games 20] [--game mega|bingo]`.

Plays seeded 4-player games with the computer players (the moves real tables make), writes every
move through the SQLite store as the bot does (one log row per move), then packs each finished
game's log (`archive_log`) and prints, per game, the rows' JSON bytes, the database file's growth,
and the packed blob's bytes — the before and after of keeping finished logs compactly.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
from pathlib import Path
from typing import Any

from bot.store import Lobby, LobbyPlayer, SqliteStore
from bot.store.rows import compact
from engine import games
from engine.core.errors import IllegalAction
from engine.simulate import _pick


async def play_into(store: SqliteStore, kind: str, seed: int, channel: int) -> tuple[int, int]:
    """One game through the store; (game id, JSON bytes of its log rows)."""
    names = [str(1000 + i) for i in range(4)]
    lobby = Lobby(players=[LobbyPlayer(id=int(n), name=f"p{n}") for n in names], seed=seed)
    record = await store.games.create_game(
        guild_id=1, channel_id=channel, kind=kind, host_id=1000, locale="en", lobby=lobby
    )  # type: ignore[arg-type]
    state, events = games.game(kind).new_game(names, seed, {})
    rng = random.Random(seed)
    logged = 0

    async def save(actor: str | None, action: dict[str, Any], evs: list[Any], status: str) -> None:
        nonlocal record, logged
        dumped = [e.model_dump(mode="json") for e in evs]
        record = record.model_copy(update={"status": status, "state_json": state.model_dump_json()})
        record = await store.games.save(
            record, expected_version=record.version, actor=actor, action=action, events=dumped
        )
        logged += len(compact(action)) + len(compact(dumped))

    await save(None, {"do": "start_game"}, events, "active")
    for _ in range(6000):
        if state.over:
            break
        waiting = games.game(kind).to_act(state)
        actor: str | None = rng.choice(waiting) if waiting else None
        action = _pick(kind, state, actor, "ai", rng) if actor else None  # type: ignore[arg-type]
        if action is None:
            actor, action = None, games.game(kind).window(state).closes_with
        try:
            state, events = games.game(kind).apply(state, actor, action)
        except IllegalAction:  # a computer's trade proposal the rules refuse: the safe move instead
            action = (
                games.game(kind).safe_action(state, actor or "")
                or games.game(kind).legal_actions(state, actor or "")[0]
            )
            state, events = games.game(kind).apply(state, actor, action)
        await save(actor, action.model_dump(mode="json", by_alias=True), events, "active")
    if not state.over:
        state, events = games.game(kind).end_early(state)
        await save("1000", {"do": "stop_game"}, events, "finished")
    else:
        record = await store.games.save(
            record.model_copy(update={"status": "finished"}), expected_version=record.version
        )
    return record.id, logged


async def pages(store: SqliteStore) -> int:
    """Bytes of the database's pages in use (WAL included)."""
    async with store.connection.db.execute(
        "SELECT page_count - freelist_count, page_size "
        "FROM pragma_page_count(), pragma_freelist_count(), pragma_page_size()"
    ) as cur:
        used, size = await cur.fetchone()
    return int(used) * int(size)


async def run(kind: str, count: int) -> None:
    folder = Path(tempfile.mkdtemp())
    path = folder / "size.sqlite3"
    store = SqliteStore(path)
    await store.open()
    rows, packed, growth, counts = [], [], [], []
    for seed in range(count):
        before = await pages(store)
        game_id, logged = await play_into(store, kind, seed, 10 + seed)
        growth.append(await pages(store) - before)
        async with store.connection.db.execute(
            "SELECT SUM(LENGTH(CAST(action_json AS BLOB)) + LENGTH(CAST(events_json AS BLOB))), COUNT(*) "
            "FROM actions WHERE game_id = ?",
            (game_id,),
        ) as cur:
            stored, moves = await cur.fetchone()
        assert stored == logged, (stored, logged)
        rows.append(logged)
        counts.append(moves)
        packed.append(await store.games.archive_log(game_id))
        assert (await store.games.log(game_id))[0].action == {"do": "start_game"}
    await store.close()
    kb = [statistics.fmean(v) / 1024 for v in (rows, growth, packed)]
    print(f"{kind}: {count} finished 4-player games (computer players), {statistics.fmean(counts):.0f} moves each")
    print(f"  log rows, JSON of actions and events: {kb[0]:.1f} KB per game")
    print(f"  database pages per game while played (log rows with their keys, the game row): {kb[1]:.1f} KB")
    print(f"  packed log (archive_log, zlib 9): {kb[2]:.1f} KB per game, {kb[0] / kb[2]:.1f}× smaller than the JSON")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", choices=["mega", "bingo"], default="mega")
    args = parser.parse_args()
    asyncio.run(run(args.game, args.games))


if __name__ == "__main__":
    main()
