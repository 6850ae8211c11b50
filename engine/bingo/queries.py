"""Read-only questions about a bingo state and the column monopolies (B-15, B-17 … B-20)."""

from __future__ import annotations

from collections import Counter

from engine.bingo.cards import COLUMNS, FREE, LINES, lines_through
from engine.bingo.events import BingoEvent, MonopolyLost, MonopolyWon
from engine.bingo.state import BingoPlayer, BingoState
from engine.core.errors import IllegalAction, NotInGame, NotYourTurn

HIT_CELLS = (5, 10, 15, 20)  # B-12: by completed lines 0, 1, 2, 3+


def find(s: BingoState, name: str | None) -> BingoPlayer:
    for p in s.players:
        if p.name == name:
            return p
    raise NotInGame("not_in_game", f"{name} is not a player in this game", player=name)


def active(s: BingoState, name: str | None) -> BingoPlayer:
    p = find(s, name)
    if p.eliminated:
        raise NotInGame("eliminated", f"{name} is out of the game", player=name)
    return p


def current(s: BingoState) -> BingoPlayer:
    return s.players[s.turn]


def turn_player(s: BingoState, name: str | None) -> BingoPlayer:
    p = active(s, name)
    if current(s).name != p.name:
        raise NotYourTurn("not_your_turn", f"it is {current(s).name}'s turn", current=current(s).name)
    return p


def seat_order_from(s: BingoState, start: int) -> list[BingoPlayer]:
    n = len(s.players)
    return [s.players[(start + k) % n] for k in range(n) if not s.players[(start + k) % n].eliminated]


def require(condition: bool, code: str, message: str, **params: object) -> None:
    if not condition:
        raise IllegalAction(code, message, **params)


def holds(p: BingoPlayer, cell: str) -> bool:
    """FREE is held only while in detention (B-15)."""
    return p.in_jail if cell == FREE else cell in p.owned


def _held(p: BingoPlayer) -> set[str]:
    """The cells `p` holds, as `holds` counts them (a set: lines are checked many times a move)."""
    held = set(p.owned)
    held.discard(FREE)
    if p.in_jail:
        held.add(FREE)
    return held


def completed_lines(p: BingoPlayer) -> list[str]:
    held = _held(p)
    return [name for name, cells in LINES if held.issuperset(cells)]


def lines_through_cell(p: BingoPlayer, cell: str) -> int:
    held = _held(p)
    return sum(1 for _, cells in lines_through(cell) if held.issuperset(cells))


def column_count(p: BingoPlayer, column: str) -> int:
    count = sum(1 for c in p.owned if c[0] == column)
    return count + 1 if column == "N" and p.in_jail else count


def capped(s: BingoState, p: BingoPlayer, column: str, extra: int = 1) -> bool:
    """B-18: while someone else holds a column's monopoly, nobody else may own a 5th cell of it."""
    holder = s.monopolies.get(column)
    return holder is not None and holder != p.name and column_count(p, column) + extra > 4


def refresh_monopolies(s: BingoState, ev: list[BingoEvent], order: list[BingoPlayer]) -> None:
    """B-19: a holder who no longer owns the whole column loses it; then, in `order`, the first
    player with a complete column takes any free monopoly (B-18, B-20)."""
    for column, holder in list(s.monopolies.items()):
        h = find(s, holder)
        if h.eliminated or column_count(h, column) < 5:
            del s.monopolies[column]
            ev.append(MonopolyLost.new({"column": column}, holder))
    free = [c for c in COLUMNS if c not in s.monopolies]
    if not free:
        return
    for p in order:
        if p.eliminated or len(p.owned) < 4:
            continue
        counts = Counter(c[0] for c in p.owned)
        if p.in_jail:
            counts["N"] += 1
        for column in free:
            if counts[column] == 5 and column not in s.monopolies:
                s.monopolies[column] = p.name
                ev.append(MonopolyWon.new({"column": column}, p.name))
    s.monopolies = {c: s.monopolies[c] for c in COLUMNS if c in s.monopolies}


def hit_size(lines: int) -> int:
    return HIT_CELLS[min(lines, 3)]
