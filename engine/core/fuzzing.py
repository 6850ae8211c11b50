"""What every game's random play shares (`engine.fuzz`, each game's `fuzz` module): a step of a
random game, and the invariants that hold for every game."""

from __future__ import annotations

import random
from typing import Any

from engine.core.errors import IllegalAction

# (state before, actor, action, state after, events) of one move of a random game.
Step = tuple[Any, str | None, Any, Any, list[Any]]


def waits_on_someone(s: Any, to_act: Any, legal: Any, alive: list[str]) -> list[str]:
    if s.over:
        return []
    waiting = to_act(s)
    stuck = [name for name in waiting if not legal(s, name)]
    if stuck:
        return [f"the game waits on {stuck} who have no legal action"]
    if not waiting and not any(legal(s, name) for name in alive):
        return ["nobody can act and the game is not over"]
    return []


def legal_means_accepted(game: Any, s: Any, players: list[str], sample: int | None, rng: random.Random) -> list[str]:
    """Every action `legal_actions` offers is accepted by `apply` (all of them, or `sample`)."""
    offered = [(name, a) for name in players for a in game.legal_actions(s, name)]
    if sample is not None and len(offered) > sample:
        offered = rng.sample(offered, sample)
    bad = []
    for name, action in offered:
        try:
            game.apply(s, name, action)
        except IllegalAction as exc:
            bad.append(f"legal_actions offered {name} {action!r}, apply refused it: {exc.code}")
    return bad
