"""Safe timeout choices for any game kind."""

from __future__ import annotations

from typing import Any


def safe_action(kind: str, state: Any, player: str) -> Any:
    from engine.games import game

    return game(kind).safe_action(state, player)
