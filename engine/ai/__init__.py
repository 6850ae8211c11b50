"""Computer players: `choose(kind, state, player)` picks one legal action of that game."""

from __future__ import annotations

from typing import Any


def choose(kind: str, state: Any, player: str) -> Any:
    from engine.games import game  # the registry imports each game's computer player

    return game(kind).computer_choice(state, player)
