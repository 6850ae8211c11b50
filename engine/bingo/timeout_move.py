"""The safe choice for a bingo player whose timer runs out (B-9, B-13)."""

from __future__ import annotations

from engine.bingo.actions import BingoAction, Declare, Discard, Draw
from engine.bingo.cards import cell_of, lines_through
from engine.bingo.flow import discard_required
from engine.bingo.legal import declarable_now, legal_actions, waiting_for
from engine.bingo.queries import current, hit_size, holds, lines_through_cell
from engine.bingo.state import BingoState


def safe_action(s: BingoState, player: str) -> BingoAction | None:
    if not legal_actions(s, player):
        return None
    waiting = waiting_for(s)
    me = current(s)
    if me.name != player:
        return None
    if waiting == "draw":
        return Draw()
    if waiting == "declare":
        return Declare(number=_safest_number(s))
    if waiting == "discard":
        return Discard(cells=_least_valuable(s, discard_required(s)))
    return None


def _safest_number(s: BingoState) -> int:
    """The number whose hits cost the least; among those, one that buys a cell of one's own."""
    me = current(s)

    def cost(number: int) -> tuple[int, int, int]:
        hits = 0
        for other in s.players:
            if other.name == me.name or other.eliminated:
                continue
            cell = cell_of(other.card, number)
            if cell is not None and cell in other.owned:
                hits += hit_size(lines_through_cell(other, cell))
        own = cell_of(me.card, number)
        gain = 1 if own is not None and own not in me.owned and not me.in_jail else 0
        return hits, -gain, number

    return min(declarable_now(s), key=cost)


def _least_valuable(s: BingoState, count: int) -> list[str]:
    """Keep the cells that sit on the most nearly complete lines; discard the rest first."""
    me = current(s)

    def value(cell: str) -> tuple[int, str]:
        best = max(sum(1 for c in cells if holds(me, c)) for _, cells in lines_through(cell))
        return best, cell

    return sorted(me.owned, key=value)[:count]
