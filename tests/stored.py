"""Tests reach a position by writing an engine state into a stored game."""

from __future__ import annotations

from typing import Any

from bot.store import GameRecord, GameStore


async def put_state(store: GameStore, record: GameRecord, state: Any) -> GameRecord:
    """Save `state` as the game's state (one version on), as any accepted change would be."""
    return await store.save(
        record.model_copy(update={"state_json": state.model_dump_json()}), expected_version=record.version
    )
