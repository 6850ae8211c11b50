"""Seeded random playouts shared by the benchmarks and the invariant tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from engine import mega


def mega_random_game(
    seed: int, players: int, max_actions: int = 4000, chooser: Callable[..., Any] | None = None
) -> Iterator[tuple[Any, str | None, Any, Any, list[Any]]]:
    """Yield (state_before, actor, action, state_after, events) for one random game.

    Everyone who has a legal action is a candidate, so out-of-turn building, mortgaging,
    bidding and trade answers happen as they would at a real table.
    """
    rng = random.Random(seed)
    state, _ = mega.new_game([f"P{i}" for i in range(players)], seed)
    for _ in range(max_actions):
        if state.over:
            return
        options = [
            (p.name, a) for p in state.players if not p.bankrupt for a in mega.legal_actions(state, p.name)
        ]
        if not options:
            actor, action = None, mega.CloseAuction()
        elif rng.random() < 0.02:
            actor, action = None, _random_trade(rng, state)
            actor = action.pop("by") if action else None
            if not action:
                continue
        else:
            actor, action = rng.choice(options)
        try:
            new, events = mega.apply(state, actor, action)
        except mega.IllegalAction:
            if isinstance(action, dict):
                continue
            raise
        yield state, actor, action, new, events
        state = new


def _random_trade(rng: random.Random, state: Any) -> dict[str, Any]:
    alive = [p.name for p in state.players if not p.bankrupt]
    if len(alive) < 2:
        return {}
    a, b = rng.sample(alive, 2)
    mine = [d for d, o in state.owner.items() if o == a]
    theirs = [d for d, o in state.owner.items() if o == b]
    give = {"cash": rng.choice([0, 0, 10, 50]), "deeds": rng.sample(mine, min(len(mine), rng.randint(0, 1)))}
    get = {"cash": rng.choice([0, 20]), "deeds": rng.sample(theirs, min(len(theirs), rng.randint(0, 1)))}
    return {"by": a, "do": "propose_trade", "to": b, "give": give, "get": get}
