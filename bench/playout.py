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
        options = [(p.name, a) for p in state.players if not p.bankrupt for a in mega.legal_actions(state, p.name)]
        if not options:
            actor, action = None, mega.CloseAuction()
        elif rng.random() < 0.02:
            actor, action = None, _random_trade(rng, state)
            actor = action.pop("by") if action else None
            if not action:
                continue
        else:
            actor, action = _weighted_choice(rng, options)
        try:
            new, events = mega.apply(state, actor, action)
        except mega.IllegalAction:
            if isinstance(action, dict):
                continue
            raise
        yield state, actor, action, new, events
        state = new


MANAGEMENT = frozenset({"build", "sell_building", "sell_all_buildings", "mortgage", "unmortgage", "withdraw_trade"})


def _weighted_choice(rng: random.Random, options: list[tuple[str, Any]]) -> tuple[str, Any]:
    """Mostly play the game forward; build more often than shuffling mortgages back and forth,
    so that majorities, dividends, shortages and fourth-deed settlements come up."""
    flow = [o for o in options if o[1].do not in MANAGEMENT]
    manage = [o for o in options if o[1].do in MANAGEMENT]
    if manage and (not flow or rng.random() < 0.3):
        builds = [o for o in manage if o[1].do == "build"]
        if builds and rng.random() < 0.7:
            return rng.choice(builds)
        return rng.choice(manage)
    return rng.choice(flow)


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


def bingo_random_game(
    seed: int, players: int, max_actions: int = 3000
) -> Iterator[tuple[Any, str | None, Any, Any, list[Any]]]:
    """Yield (state_before, actor, action, state_after, events) for one random bingo game.

    Discards pick random cells, claim windows are sometimes closed by the timer, and random
    position trades (exact and `X?`) are proposed now and then.
    """
    from engine import bingo

    rng = random.Random(seed)
    state, _ = bingo.new_game([f"P{i}" for i in range(players)], seed)
    for _ in range(max_actions):
        if state.over:
            return
        actor: str | None
        action: Any
        roll = rng.random()
        if state.stage == "claims" and roll < 0.1:
            actor, action = None, bingo.CloseClaims()
        elif roll < 0.05:
            actor, action = _random_cell_trade(rng, state)
            if actor is None:
                continue
        else:
            options = [
                (p.name, a) for p in state.players if not p.eliminated for a in bingo.legal_actions(state, p.name)
            ]
            actor, action = rng.choice(options)
            if action.do == "discard":
                owned = next(p.owned for p in state.players if p.name == actor)
                action = {"do": "discard", "cells": rng.sample(owned, bingo.discard_required(state))}
        try:
            new, events = bingo.apply(state, actor, action)
        except bingo.IllegalAction:
            if isinstance(action, dict) and action.get("do") == "propose_trade":
                continue
            raise
        yield state, actor, action, new, events
        state = new


def _random_cell_trade(rng: random.Random, state: Any) -> tuple[str | None, dict[str, Any]]:
    alive = [p for p in state.players if not p.eliminated]
    if len(alive) < 2:
        return None, {}
    a, b = rng.sample(alive, 2)

    def side(p: Any) -> list[str]:
        if not p.owned or rng.random() < 0.3:
            return []
        cell = rng.choice(p.owned)
        return [cell if rng.random() < 0.6 else cell[0] + "?"]

    return a.name, {"do": "propose_trade", "to": b.name, "give": side(a), "get": side(b)}
