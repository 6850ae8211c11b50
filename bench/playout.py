"""Seeded random playouts shared by the benchmarks and the invariant tests (they live in
`engine.fuzz`, which checks them)."""

from __future__ import annotations

from engine.bingo.fuzz import bingo_random_game
from engine.mega.fuzz import mega_random_game

__all__ = ["bingo_random_game", "mega_random_game"]
