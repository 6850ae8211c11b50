"""Computer players for both games: `choose(kind, state, player)` picks one legal action."""

from __future__ import annotations

from typing import Any

from engine.ai import bingo as bingo_ai
from engine.ai import mega as mega_ai
from engine.games import GameKind


def choose(kind: GameKind, state: Any, player: str) -> Any:
    return mega_ai.choose(state, player) if kind == "mega" else bingo_ai.choose(state, player)
