"""Seeded random bingo playouts with invariants checked after every action."""

from __future__ import annotations

from typing import Any

import pytest

from engine import bingo
from engine.bingo.cards import COLUMNS, DECK, FREE, number_at
from engine.bingo.fuzz import bingo_random_game
from engine.bingo.queries import column_count
from engine.bingo.state import BingoState

SEEDS = [(seed, 2 + seed % 7) for seed in range(16)]


def check_invariants(before: BingoState, s: BingoState) -> None:
    # B-4: the 54 cards are always between the pile, the discards and the current draw.
    assert sorted(s.pile + s.discards + s.drawn) == sorted(DECK)
    for p in s.players:
        # An owned cell is a number on that player's card; FREE is never owned (it is held in detention).
        assert FREE not in p.owned and len(set(p.owned)) == len(p.owned)
        for cell in p.owned:
            assert number_at(p.card, cell) is not None
        if p.eliminated:
            assert p.owned == [] and not p.in_jail
    # B-18: one holder per column, who owns all of it; everyone else owns at most 4 of its numbered
    # cells (detention is never refused, so the held FREE cell may make a fifth in column N).
    for column, holder in s.monopolies.items():
        assert column in COLUMNS
        h = next(p for p in s.players if p.name == holder)
        assert column_count(h, column) == 5 and not h.eliminated
        for p in s.players:
            if p.name != holder:
                assert sum(1 for c in p.owned if c[0] == column) <= 4
    if not s.over:
        assert any(bingo.legal_actions(s, p.name) for p in s.players)
        assert not s.players[s.turn].eliminated
    else:
        assert s.winner is not None
    assert s.version == before.version + 1


@pytest.mark.parametrize(("seed", "players"), SEEDS)
def test_random_playout_keeps_invariants_and_replays(seed: int, players: int) -> None:
    initial, _ = bingo.new_game([f"P{i}" for i in range(players)], seed)
    log: list[tuple[str | None, Any]] = []
    final = initial
    for n, (before, actor, action, after, _) in enumerate(bingo_random_game(seed, players, max_actions=700)):
        check_invariants(before, after)
        if n % 53 == 0:
            assert BingoState.model_validate_json(after.model_dump_json()) == after
        log.append((actor, action))
        final = after
    assert final.over or len(log) > 400
    replayed = initial
    for actor, action in log:
        replayed, _ = bingo.apply(replayed, actor, action)
    assert replayed.model_dump_json() == final.model_dump_json()
