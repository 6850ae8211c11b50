"""Bingo positions built the way conformance cases do."""

from __future__ import annotations

from typing import Any

from engine import bingo
from engine.bingo.conformance import setup_state

CARD_A = {
    "B": [1, 2, 3, 4, 5],
    "I": [16, 17, 18, 19, 20],
    "N": [31, 32, None, 34, 35],
    "G": [46, 47, 48, 49, 50],
    "O": [61, 62, 63, 64, 65],
}
CARD_B = {
    "B": [6, 7, 8, 9, 10],
    "I": [21, 22, 23, 24, 25],
    "N": [36, 37, None, 39, 40],
    "G": [51, 52, 53, 54, 55],
    "O": [66, 67, 68, 69, 70],
}
CARD_C = {
    "B": [1, 7, 11, 12, 13],
    "I": [16, 22, 26, 27, 28],
    "N": [31, 37, None, 41, 42],
    "G": [46, 52, 56, 57, 58],
    "O": [61, 67, 71, 72, 73],
}


def position(*players: dict[str, Any], **setup: Any) -> bingo.BingoState:
    """Positions for the rule tests written before B-11a use its `when_claimable` window unless the
    options say otherwise (like the older conformance cases)."""
    options = {"claim_window": "when_claimable", **setup.pop("options", {})}
    return setup_state({"game": "bingo", "options": options, "setup": {"players": list(players), **setup}})


def act(state: bingo.BingoState, by: str | None, do: str, **args: Any) -> bingo.BingoState:
    new, _ = bingo.apply(state, by, {"do": do, **args})
    return new


def player(state: bingo.BingoState, name: str) -> Any:
    return next(p for p in state.players if p.name == name)
