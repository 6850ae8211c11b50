"""A MonopolizeBingo computer player. It decides from `view_for(state, me)`: its own card in full
and what the table can see, never another player's hidden numbers."""

from __future__ import annotations

from engine.bingo.actions import (
    AcceptCells,
    BingoAction,
    Claim,
    Declare,
    Discard,
    Draw,
    LeaveJail,
    ProposeCells,
    RejectCells,
)
from engine.bingo.cards import COLUMNS, FREE, LINES, lines_through
from engine.bingo.flow import discard_required
from engine.bingo.legal import legal_actions, waiting_for
from engine.bingo.state import BingoState
from engine.bingo.table import current, hit_size
from engine.bingo.view import CardView, view_for

# A number of another player's column is on a random card with probability 5/15.
P_ON_CARD = 1 / 3


def _holds(card: CardView, cell: str) -> bool:
    return cell in card.owned


def cell_value(card: CardView, cell: str) -> float:
    """How much a cell helps: 1, plus more for each line it brings closer to complete."""
    value = 1.0
    for name, cells in lines_through(cell):
        have = sum(1 for c in cells if c != cell and _holds(card, c))
        value += (have / 4) ** 2 * (2.0 if name.startswith("col") else 1.0)
    return value


def _hit_cost(view_players: list[CardView], me: str, number: int) -> float:
    """Cells I would have to discard: every other player who owns the number hits (B-12)."""
    cost = 0.0
    for card in view_players:
        if card.name == me or card.eliminated:
            continue
        for col in COLUMNS:
            for row, value in enumerate(card.cells[col], start=1):
                if value == number and f"{col}{row}" in card.owned:
                    cell = f"{col}{row}"
                    lines = sum(1 for _, cells in lines_through(cell) if all(_holds(card, c) for c in cells))
                    cost += hit_size(lines)
    return cost


def choose(s: BingoState, player: str) -> BingoAction | None:
    legal = legal_actions(s, player)
    if not legal:
        return None
    view = view_for(s, player)
    me = next(c for c in view.players if c.name == player)
    for offer in s.trades:
        if offer.receiver == player:
            accept = next((a for a in legal if isinstance(a, AcceptCells) and a.from_ == offer.proposer), None)
            gain = len(offer.give)
            loss = sum(cell_value(me, c) for c in offer.get if not c.endswith("?")) + sum(
                1.5 for c in offer.get if c.endswith("?")
            )
            if accept is not None and gain > loss + 0.5:
                return accept
            return RejectCells.model_validate({"from": offer.proposer})
    waiting = waiting_for(s)
    if waiting == "claims":
        return Claim() if any(isinstance(a, Claim) for a in legal) else None
    if current(s).name != player:
        return None
    if waiting == "draw":
        proposal = _proposal(s, view.players, me)
        if proposal is not None:
            return proposal
        leaves = [a for a in legal if isinstance(a, LeaveJail)]
        if leaves and len(me.owned) >= 6:
            return min(leaves, key=lambda a: cell_value(me, a.cell))
        return Draw()
    if waiting == "declare":
        declares = [a for a in legal if isinstance(a, Declare)]
        return max(declares, key=lambda a: _declare_score(s, view.players, me, a.number))
    if waiting == "discard":
        count = discard_required(s)
        keep_order = sorted((c for c in me.owned if c != FREE), key=lambda c: cell_value(me, c))
        return Discard(cells=keep_order[:count])
    return None


def _proposal(s: BingoState, players: list[CardView], me: CardView) -> BingoAction | None:
    """Offer a spare cell for the one position that completes a line of mine (B-23), once."""
    if any(t.proposer == me.name for t in s.trades):
        return None
    mine = set(me.owned)
    for _, cells in LINES:
        missing = [c for c in cells if c not in mine and c != FREE]
        if len(missing) != 1 or (FREE in cells and not me.in_jail):
            continue
        wanted = missing[0]
        spare = sorted((c for c in me.owned if c not in cells and c != FREE), key=lambda c: cell_value(me, c))
        for other in players:
            if other.name == me.name or other.eliminated or wanted not in other.owned:
                continue
            give = next((c for c in spare if c not in other.owned), None)
            if give is not None:
                return ProposeCells(to=other.name, give=[give], get=[wanted])
    return None


def _declare_score(s: BingoState, players: list[CardView], me: CardView, number: int) -> float:
    own_card = {value: f"{col}{row}" for col in COLUMNS for row, value in enumerate(me.cells[col], start=1) if value}
    score = 0.0
    cell = own_card.get(number)
    if cell is not None and cell not in me.owned and not me.in_jail:
        score += 2.0 * cell_value(me, cell)
    elif cell is None:
        # Others may claim it: each gets a cell (with probability 1/3 for a hidden card).
        rivals = sum(1 for c in players if c.name != me.name and not c.eliminated and not c.in_jail)
        score -= 0.6 * P_ON_CARD * rivals
    owned = max(1, len([c for c in me.owned if c != FREE]))
    cost = _hit_cost(players, me.name, number)
    score -= cost * (3.0 if cost >= owned else 1.0)
    return score


__all__ = ["choose"]
