"""Safe timeout choices for either game."""

from __future__ import annotations

from typing import Any

from engine.bingo.defaults import safe_action as bingo_safe_action
from engine.games import GameKind
from engine.mega.defaults import safe_action as mega_safe_action


def safe_action(kind: GameKind, state: Any, player: str) -> Any:
    return mega_safe_action(state, player) if kind == "mega" else bingo_safe_action(state, player)
