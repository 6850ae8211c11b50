"""MonopolizeBingo baselines: greedy and random legal moves. They see what the table sees
(`view_for`): their own card in full, others' owned cells only."""

from __future__ import annotations

import random
from typing import Any

from engine.bingo.actions import BingoAction, Claim, Declare, Discard, Draw, RejectCells
from engine.bingo.cards import COLUMNS, FREE, lines_through
from engine.bingo.flow import discard_required
from engine.bingo.legal import legal_actions
from engine.bingo.reading import assets, hit_costs  # public: owned cells and their numbers
from engine.bingo.state import BingoState
from engine.bingo.view import CardView, cards_for
from engine.core.baselines import of, pick_random


def _gain(me: CardView, number: int) -> int:
    if me.in_jail:
        return 0
    return sum(
        1
        for col in COLUMNS
        for row, value in enumerate(me.cells[col], start=1)
        if value == number and f"{col}{row}" not in me.owned
    )


def greedy(s: BingoState, player: str, rng: random.Random) -> BingoAction | None:
    """Greedy: declares the number with the best immediate cell gain minus the cells a hit would
    cost, claims whenever it can, never leaves detention early, never trades."""
    legal = legal_actions(s, player)
    if not legal:
        return None
    rejects = of(legal, RejectCells)
    if rejects:
        return rejects[0]
    if of(legal, Claim):
        return Claim()
    declares = of(legal, Declare)
    if declares:
        cards = cards_for(s, player)
        me = next(c for c in cards if c.name == player)
        owned = assets(me)
        costs = hit_costs(cards, player)
        return max(declares, key=lambda d: _gain(me, d.number) - min(owned, costs.get(d.number, 0.0)))
    discards = of(legal, Discard)
    if discards:
        me_view = next(c for c in cards_for(s, player) if c.name == player)
        ranked = sorted(
            (c for c in me_view.owned if c != FREE),
            key=lambda c: max(sum(1 for x in cells if x in me_view.owned) for _, cells in lines_through(c)),
        )
        return Discard(cells=ranked[: discard_required(s)])
    if of(legal, Draw):
        return Draw()
    return next((a for a in legal if a.do == "pass_claim"), None)


def random_legal(s: BingoState, player: str, rng: random.Random) -> BingoAction | None:
    return pick_random(legal_actions(s, player), rng)


POLICIES: dict[str, Any] = {"greedy": greedy, "random": random_legal}
