"""Busy Mega boards as long games leave them, for the tests of what the board shows and tells."""

from __future__ import annotations

import random

from engine import games
from engine.mega.board import BOARD, GROUPS
from engine.mega.state import MegaState

NAMES = [
    "Alexandra",
    "Bartholomew",
    "Chandrasekhar",
    "Dominique",
    "Evangeline",
    "Fitzgerald",
    "Guinevere",
    "Hieronymus",
]


def busy_board(seed: int) -> MegaState:
    """Eight players and every deed owned, as a long game leaves them: each colour group mostly in
    one hand, built evenly (levels one apart at most, hotels too) wherever its owner holds a
    majority, stray deeds elsewhere, unbuilt ones often mortgaged."""
    rnd = random.Random(seed)
    players = [str(i) for i in range(8)]
    state, _ = games.game("mega").new_game(players, seed, {})
    state.owner, state.buildings = {}, {}
    for info in GROUPS.values():
        holder = rnd.choice(players)
        for member in info.members:
            state.owner[member] = holder if rnd.random() < 0.8 else rnd.choice(players)
        held = [m for m in info.members if state.owner[m] == holder]
        if len(held) >= info.size - 1:
            base = rnd.randint(0, 4)
            for member in held:
                state.buildings[member] = min(5, base + rnd.randint(0, 1))
    for space in BOARD.spaces:
        if space.price and space.id not in state.owner:
            state.owner[space.id] = rnd.choice(players)
    state.mortgaged = [d for d in state.owner if not state.buildings.get(d) and rnd.random() < 0.5]
    state.players[1].in_jail = True
    state.players[1].position = next(i for i, s in enumerate(BOARD.spaces) if s.id == "jail")
    state.players[2].position = state.players[1].position  # just visiting
    state.landed = "boardwalk"
    return state
