"""What declaring a number would do, as the declarer can know it (B-10 … B-13): the cell they
would take, and the hits from numbers other players already own. Only the declarer's own card and
public facts (owned cells) are read, so a preview never reveals a hidden number."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from engine.bingo.cards import NUMBERED, cell_of
from engine.bingo.queries import capped, completed_lines, current, hit_size, lines_through_cell, seat_order_from
from engine.bingo.state import BingoState, Hit

Take = Literal["take", "owned", "blocked", "window"]


class DeclarePreview(BaseModel):
    number: int
    take: Take  # take: the cell becomes the declarer's; window: the others may claim it
    cell: str | None  # the declarer's cell for the number, if on their card
    holder: str | None = None  # with "blocked": who holds the column (B-18)
    hits: list[Hit]  # who hits the declarer, and for how many cells (B-12)
    due: int  # cells to discard, before the cap by cells owned (B-13)
    eliminated: bool  # hit while owning nothing: out of the game (B-13)
    wins: bool  # the take completes the card (B-21): no hit follows


def preview_declare(s: BingoState, number: int) -> DeclarePreview:
    me = current(s)
    cell = cell_of(me.card, number)
    holder = None
    if cell is None:
        take: Take = "window"
    elif cell in me.owned:
        take = "owned"
    elif capped(s, me, cell[0]):
        take, holder = "blocked", s.monopolies.get(cell[0])
    else:
        take = "take"
    hits = []
    for other in seat_order_from(s, s.turn + 1):
        owned = cell_of(other.card, number) if other.name != me.name else None
        if owned is None or owned not in other.owned:  # only owned numbers are public
            continue
        lines = lines_through_cell(other, owned) if s.rules.hit_lines == "through_cell" else len(completed_lines(other))
        hits.append(Hit(hitter=other.name, cell=owned, lines=lines, cells=hit_size(lines)))
    sizes = [h.cells for h in hits]
    due = (sum(sizes) if s.rules.hits_stack else max(sizes)) if sizes else 0
    owned_after = len(me.owned) + (1 if take == "take" else 0)
    wins = take == "take" and owned_after == len(NUMBERED)
    if wins:
        hits, due = [], 0
    return DeclarePreview(
        number=number,
        take=take,
        cell=cell,
        holder=holder,
        hits=hits,
        due=due,
        eliminated=bool(hits) and owned_after == 0,
        wins=wins,
    )
