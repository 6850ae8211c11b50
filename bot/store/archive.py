"""A finished game's action log, packed: one compressed blob instead of a row per move. The log is
kept for replays, stories and rebuilding statistics, but nothing appends to it any more, so it is
stored compactly (JSON of all entries, zlib level 9) and read back as the same entries."""

from __future__ import annotations

import json
import zlib

from bot.store.models import LogEntry


def unpack(game_id: int, data: bytes) -> list[LogEntry]:
    return [
        LogEntry(game_id=game_id, seq=seq, actor=actor, action=action, events=events, at=at)
        for seq, actor, action, events, at in json.loads(zlib.decompress(data))
    ]


def pack(rows: list[tuple[int, str | None, str, str, float]]) -> bytes:
    """Stored log rows (seq, actor, action JSON, events JSON, at) packed, without parsing them."""
    body = ",".join(
        f"[{seq},{json.dumps(actor)},{action},{events},{json.dumps(at)}]" for seq, actor, action, events, at in rows
    )
    return zlib.compress(f"[{body}]".encode(), 9)
