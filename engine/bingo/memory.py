"""What the table has seen and can remember (B-3): owned cells are public, so a number seen on a
card stays known after it is discarded, and a player asked to claim a number who took nothing does
not hold it unowned (or let it go). Public by construction, so a computer may use it like a person
with a good memory: nothing here depends on a hidden number."""

from __future__ import annotations

from engine.bingo.cards import sort_cells
from engine.bingo.state import BingoPlayer, BingoState, ClaimWindow, asked


def remember_owned(s: BingoState) -> None:
    """After every move: each owned cell is one the table has seen."""
    for p in s.players:
        if not set(p.owned) <= set(p.shown):
            p.shown = sort_cells(set(p.shown) | set(p.owned))


def remember_passed(s: BingoState, window: ClaimWindow, winners: list[BingoPlayer]) -> None:
    """When a claim window closes: who was asked (public, B-11a) and took nothing."""
    took = {w.name for w in winners}
    for p in s.players:
        if p.name in asked(window) and p.name not in took and window.number not in p.passed_up:
            p.passed_up.append(window.number)
