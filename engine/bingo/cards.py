"""Bingo cards, cells and lines (B-2, B-17); the playing-card deck and number formation (B-4 … B-8)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from engine.core.rng import shuffled

COLUMNS = ("B", "I", "N", "G", "O")
RANGES = {"B": (1, 15), "I": (16, 30), "N": (31, 45), "G": (46, 60), "O": (61, 75)}
FREE = "N3"
CELLS: tuple[str, ...] = tuple(f"{c}{r}" for c in COLUMNS for r in range(1, 6))
NUMBERED: tuple[str, ...] = tuple(c for c in CELLS if c != FREE)
CELL_ORDER = {c: i for i, c in enumerate(CELLS)}

Card = dict[str, tuple[int | None, ...]]


def cell_column(cell: str) -> str:
    return cell[0]


def cell_row(cell: str) -> int:
    return int(cell[1:])


def is_cell(name: str) -> bool:
    return name in CELL_ORDER


def number_at(card: Mapping[str, Sequence[int | None]], cell: str) -> int | None:
    """The number at a cell of a card, or of a card's view (None: FREE, or hidden)."""
    return card[cell[0]][int(cell[1:]) - 1]


def cell_of(card: Card, number: int) -> str | None:
    """Where a number sits on a card (a number can only be in its own column)."""
    if not 1 <= number <= 75:
        return None
    col = COLUMNS[(number - 1) // 15]
    values = card[col]
    return f"{col}{values.index(number) + 1}" if number in values else None


def sort_cells(cells: list[str] | set[str]) -> list[str]:
    return sorted(cells, key=CELL_ORDER.__getitem__)


def validate_card(card: Card) -> None:
    """B-2: each column holds distinct numbers of its range; N3 is FREE."""
    if set(card) != set(COLUMNS):
        raise ValueError("a card has the columns B I N G O")
    for col in COLUMNS:
        values = card[col]
        if len(values) != 5:
            raise ValueError(f"column {col} has 5 cells")
        numbers = [v for v in values if v is not None]
        low, high = RANGES[col]
        if any(not low <= v <= high for v in numbers) or len(set(numbers)) != len(numbers):
            raise ValueError(f"column {col} holds distinct numbers from {low} to {high}")
        if col == "N":
            if values[2] is not None or len(numbers) != 4:
                raise ValueError("N3 is the FREE cell")
        elif len(numbers) != 5:
            raise ValueError(f"column {col} has no FREE cell")


def deal_card(rng: int) -> tuple[int, Card]:
    card: Card = {}
    for col in COLUMNS:
        low, high = RANGES[col]
        rng, numbers = shuffled(rng, list(range(low, high + 1)))
        column: list[int | None] = list(numbers[:5])
        if col == "N":
            column[2] = None
        card[col] = tuple(column)
    return rng, card


# --- lines (B-17) --------------------------------------------------------------------------


def _lines() -> tuple[tuple[str, tuple[str, ...]], ...]:
    out: list[tuple[str, tuple[str, ...]]] = []
    for r in range(1, 6):
        out.append((f"row{r}", tuple(f"{c}{r}" for c in COLUMNS)))
    for c in COLUMNS:
        out.append((f"col{c}", tuple(f"{c}{r}" for r in range(1, 6))))
    out.append(("diag1", tuple(f"{c}{i + 1}" for i, c in enumerate(COLUMNS))))
    out.append(("diag2", tuple(f"{c}{5 - i}" for i, c in enumerate(COLUMNS))))
    return tuple(out)


LINES = _lines()


@cache
def lines_through(cell: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple(line for line in LINES if cell in line[1])


# --- the deck (B-4 … B-8) ------------------------------------------------------------------

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
DECK: tuple[str, ...] = (*tuple(f"{r}{s}" for s in SUITS for r in RANKS), "JOKER1", "JOKER2")
WILD = ("J", "Q", "K")


def rank(card: str) -> str:
    return "JOKER" if card.startswith("JOKER") else card[:-1]


def digits(card_rank: str) -> tuple[int, ...]:
    """B-6: A = 1, 2-9 face value, 10 = 0, J/Q/K any digit."""
    if card_rank in WILD:
        return tuple(range(10))
    if card_rank == "A":
        return (1,)
    if card_rank == "10":
        return (0,)
    if card_rank == "JOKER":
        return ()
    return (int(card_rank),)


def declarable(ranks: list[str]) -> list[int]:
    """B-7: one card gives the tens digit, the other the ones digit, either way round; 1-75."""
    if len(ranks) != 2:
        return []
    return list(_declarable(ranks[0], ranks[1]))


@cache
def _declarable(first: str, second: str) -> tuple[int, ...]:
    a, b = digits(first), digits(second)
    out = {10 * t + o for tens, ones in ((a, b), (b, a)) for t in tens for o in ones}
    return tuple(sorted(n for n in out if 1 <= n <= 75))
