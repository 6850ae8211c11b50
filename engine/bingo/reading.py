"""What a bingo computer reads off the table before it chooses (B-3: public information and its own
card only): how much a cell of its card is worth, what declaring a number would cost in hits, and
how likely a rival is to hold a number unowned."""

from __future__ import annotations

from engine.bingo.cards import COLUMNS, FREE, RANGES, lines_through, number_at
from engine.bingo.queries import hit_size
from engine.bingo.view import CardView

CELLS_PER_COLUMN = {c: (4 if c == "N" else 5) for c in COLUMNS}


def assets(card: CardView) -> int:
    """The numbered cells a player owns (FREE is never an asset, B-13)."""
    return len([c for c in card.owned if c != FREE])


def cell_value(card: CardView, cell: str, sharp: bool = False, monopolies: dict[str, str] | None = None) -> float:
    """How much a cell helps: 1, plus more for each line it brings closer to complete. Hard also
    counts column monopolies (B-18): the cell that completes a free column is worth most, and a
    column someone else holds can never be completed (only four of its cells count)."""
    if sharp:
        return column_value(card, cell, monopolies or {})
    value = 1.0
    for name, cells in lines_through(cell):
        have = sum(1 for c in cells if c != cell and c in card.owned)
        value += (have / 4) ** 2 * (2.0 if name.startswith("col") else 1.0)
    return value


# What the k-th cell of a column (k = cells already held there) adds when the column is free: the
# fifth completes it, a monopoly that caps every rival at four cells of it (B-18).
COLUMN_STEP = (0.1, 0.3, 0.7, 1.4, 4.0)


def column_value(card: CardView, cell: str, monopolies: dict[str, str]) -> float:
    value = 1.0
    col = cell[0]
    for name, cells in lines_through(cell):
        have = sum(1 for c in cells if c != cell and (c in card.owned or (c == FREE and card.in_jail)))
        if not name.startswith("col"):
            value += (have / 4) ** 2
            continue
        holder = monopolies.get(col)
        if holder is not None and holder != card.name:
            value -= 0.3  # capped at four: it still counts for rows, diagonals and the total
        elif col != "N" or card.in_jail:
            value += COLUMN_STEP[min(have, 4)]
    return value


def hit_costs(players: list[CardView], me: str) -> dict[int, float]:
    """Cells I would have to discard for each number I could declare: every other player who owns
    it hits (B-12), by the lines through that cell. Owned cells and their numbers are public (B-3)."""
    costs: dict[int, float] = {}
    for card in players:
        if card.name == me or card.eliminated:
            continue
        owned = set(card.owned)
        for cell in card.owned:
            number = number_at(card.cells, cell)
            if number is None:
                continue  # FREE
            lines = sum(1 for _, cells in lines_through(cell) if owned.issuperset(cells))
            costs[number] = costs.get(number, 0.0) + hit_size(lines)
    return costs


def rival_odds(card: CardView, number: int) -> float:
    """The chance that a rival holds `number` unowned, from what the table can see and remember
    (engine.bingo.memory): a number seen on their card and not owned now is theirs to take, one
    they were asked to claim and did not take is not; otherwise the numbers of that column still
    unknown over the cells of that column whose number is unknown."""
    col = next(c for c, (low, high) in RANGES.items() if low <= number <= high)
    owned_now = [v for v in card.cells[col] if v is not None]
    if number in owned_now:
        return 0.0  # it is one of their owned (public) cells: no claim, a hit instead
    known = {c: n for c, n in card.remembered.items() if c[0] == col}
    if number in known.values():
        return 1.0
    if number in card.passed_up:
        return 0.0
    low, high = RANGES[col]
    numbers_known = set(owned_now) | set(known.values()) | {n for n in card.passed_up if low <= n <= high}
    cells_known = {c for c in card.owned if c[0] == col and c != FREE} | set(known)
    hidden_cells = CELLS_PER_COLUMN[col] - len(cells_known)
    unseen_numbers = (high - low + 1) - len(numbers_known)
    return max(0.0, min(1.0, hidden_cells / unseen_numbers)) if unseen_numbers > 0 else 0.0
