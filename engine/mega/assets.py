"""The asset count for a game ended early (M-42)."""

from __future__ import annotations

from engine.mega.board import SPACES
from engine.mega.state import MegaState


def asset_count(s: MegaState, name: str) -> int:
    """Cash + printed price of unmortgaged deeds + half price of mortgaged ones + buildings at cost
    (a hotel = 5 house prices). Tickets count $0."""
    total = next(p.cash for p in s.players if p.name == name)
    for deed, owner in s.owner.items():
        if owner != name:
            continue
        info = SPACES[deed]
        price = info.price or 0
        total += price // 2 if deed in s.mortgaged else price
        total += s.buildings.get(deed, 0) * (info.house_cost or 0)
    return total


def standings(s: MegaState) -> list[tuple[str, int]]:
    """Players still in the game with their asset count, best first (seat order breaks ties)."""
    rows = [(p.name, asset_count(s, p.name)) for p in s.players if not p.bankrupt]
    return sorted(rows, key=lambda r: -r[1])
