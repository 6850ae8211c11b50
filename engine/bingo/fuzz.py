"""Random MonopolizeBingo games with their invariants (`python -m engine.fuzz --game bingo`): random
legal play from everyone who may act, with random cell trades, and what must hold after every move."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine import bingo
from engine.bingo.cards import COLUMNS, DECK, FREE, number_at
from engine.bingo.queries import column_count
from engine.core.fuzzing import Step, waits_on_someone


def bingo_random_game(seed: int, players: int, max_actions: int = 3000) -> Iterator[Step]:
    """Yield (state_before, actor, action, state_after, events) for one random bingo game.

    Discards pick random cells, claim windows are sometimes closed by the timer, and random
    position trades (exact and `X?`) are proposed now and then.
    """
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


def bingo_violations(before: Any, actor: str | None, action: Any, s: Any, events: list[Any]) -> list[str]:
    bad: list[str] = []
    if sorted(s.pile + s.discards + s.drawn) != sorted(DECK):
        bad.append("B-4: the 54 cards are not all there")
    for p in s.players:
        if FREE in p.owned or len(set(p.owned)) != len(p.owned):
            bad.append(f"{p.name} owns FREE or a cell twice")
        if any(number_at(p.card, c) is None for c in p.owned):
            bad.append(f"{p.name} owns a cell that is not a number of their card")
        if p.eliminated and (p.owned or p.in_jail):
            bad.append(f"{p.name} is out but holds something")
    for column, holder in s.monopolies.items():
        h = next(p for p in s.players if p.name == holder)
        if column not in COLUMNS or column_count(h, column) != 5 or h.eliminated:
            bad.append(f"B-18: {holder} holds {column} without the whole column")
        for p in s.players:
            if p.name != holder and sum(1 for c in p.owned if c[0] == column) > 4:
                bad.append(f"B-18: {p.name} owns a fifth cell of {holder}'s column {column}")
    if s.over and s.winner is None:
        bad.append("B-21: the game is over without a winner")
    if not s.over and s.players[s.turn].eliminated:
        bad.append("the turn is an eliminated player's")
    bad += waits_on_someone(s, bingo.to_act, bingo.legal_actions, [p.name for p in s.players if not p.eliminated])
    return bad
