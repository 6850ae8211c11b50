"""Where things go on the 1,024 px Mega board. Discord shows it at about 512 px, so every size here
is twice what must read there: names 16 px (8 px shown), tokens 28 px (14 px shown).

A side space is 68 × 104 px: the owner strip on its outer edge (the price, or the owner's colour and
seat number), its name in the middle and the colour band (where the building badge sits) on its
inner edge. Tokens stand in a lane just inside the band, in front of their space, so they never
cover a name, a price or a badge; a corner holds its tokens in its own square under its name."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.mega.state import MegaState

Box = tuple[int, int, int, int]  # x0, y0, x1, y1: x1 and y1 are the first pixels outside

SIZE = 1024
CORNER = 104
CELL = (SIZE - 2 * CORNER) // 12  # 68
BAND = 22
STRIP = 24
LANE = 64  # the token lane inside the band: two rows of tokens
TOKEN_R = 14
FAR = SIZE - CORNER
CENTRE: Box = (CORNER + LANE, CORNER + LANE, FAR - LANE, FAR - LANE)
IMAGE: Box = (0, 0, SIZE, SIZE)
SIDES = ("bottom", "left", "top", "right")


def side_of(index: int) -> str:
    return SIDES[index // 13]


def is_corner(index: int) -> bool:
    return index % 13 == 0


@cache
def cell_box(index: int) -> Box:
    """Space `index` → its box. GO bottom-right, then clockwise like the real board."""
    side, k = divmod(index, 13)
    if k == 0:
        return ((FAR, FAR, SIZE, SIZE), (0, FAR, CORNER, SIZE), (0, 0, CORNER, CORNER), (FAR, 0, SIZE, CORNER))[side]
    if side == 0:  # bottom, right to left
        x1 = FAR - (k - 1) * CELL
        return (x1 - CELL, FAR, x1, SIZE)
    if side == 1:  # left, bottom to top
        y1 = FAR - (k - 1) * CELL
        return (0, y1 - CELL, CORNER, y1)
    if side == 2:  # top, left to right
        x0 = CORNER + (k - 1) * CELL
        return (x0, 0, x0 + CELL, CORNER)
    y0 = CORNER + (k - 1) * CELL  # right, top to bottom
    return (FAR, y0, SIZE, y0 + CELL)


def band_box(index: int) -> Box:
    """The colour band on the inner edge of a street's cell (where its buildings are shown)."""
    x0, y0, x1, y1 = cell_box(index)
    return {
        "bottom": (x0, y0, x1, y0 + BAND),
        "left": (x1 - BAND, y0, x1, y1),
        "top": (x0, y1 - BAND, x1, y1),
        "right": (x0, y0, x0 + BAND, y1),
    }[side_of(index)]


def owner_box(index: int) -> Box:
    """The strip on the outer part of the cell: the price while unowned, the owner's colour and
    seat number once owned. Always horizontal, so it reads the same on every side."""
    x0, y0, x1, y1 = cell_box(index)
    side = side_of(index)
    if side == "bottom":
        return (x0 + 1, y1 - STRIP, x1 - 1, y1 - 1)
    if side == "top":
        return (x0 + 1, y0 + 1, x1 - 1, y0 + STRIP)
    if side == "left":
        return (x0 + 1, y1 - STRIP, x1 - BAND, y1 - 1)
    return (x0 + BAND + 1, y1 - STRIP, x1 - 1, y1 - 1)


PITCH = (CORNER - 2) // 3  # a corner is a 3 × 3 grid of places, 34 px each


def mortgage_tag(strip: Box) -> Box:
    """The dark "M" tag a mortgaged deed gets at the end of its owner strip."""
    _, y0, x1, y1 = strip
    return (x1 - 25, y0 + 1, x1 - 2, y1 - 1)


def name_box(index: int, squares: int = 3) -> Box:
    """Where the space's name is written: between the band and the owner strip. A corner's name
    takes the first `squares` places of its top row ("GO" one, the whole row a name on two lines,
    which then takes a little more height)."""
    x0, y0, x1, y1 = cell_box(index)
    if is_corner(index):
        if squares < 3:
            return (x0 + 1, y0 + 1, x0 + 1 + squares * PITCH, y0 + 1 + PITCH)
        return (x0 + 2, y0 + 2, x1 - 2, y0 + 40)
    side = side_of(index)
    if side == "bottom":
        return (x0 + 1, y0 + BAND + 1, x1 - 1, y1 - STRIP)
    if side == "top":
        return (x0 + 1, y0 + STRIP + 1, x1 - 1, y1 - BAND - 1)
    if side == "left":
        return (x0 + 1, y0 + 1, x1 - BAND - 1, y1 - STRIP)
    return (x0 + BAND + 1, y0 + 1, x1 - 1, y1 - STRIP)


def lane_box(index: int) -> Box:
    """The part of the token lane in front of a space (a corner: the lane's corner square)."""
    x0, y0, x1, y1 = cell_box(index)
    if is_corner(index):
        return (
            (FAR - LANE, FAR - LANE, FAR, FAR),
            (CORNER, FAR - LANE, CORNER + LANE, FAR),
            (CORNER, CORNER, CORNER + LANE, CORNER + LANE),
            (FAR - LANE, CORNER, FAR, CORNER + LANE),
        )[index // 13]
    return {
        "bottom": (x0, FAR - LANE, x1, FAR),
        "left": (CORNER, y0, CORNER + LANE, y1),
        "top": (x0, CORNER, x1, CORNER + LANE),
        "right": (FAR - LANE, y0, FAR, y1),
    }[side_of(index)]


def _grid(box: Box, columns: int, rows: int) -> list[tuple[int, int]]:
    x0, y0, x1, y1 = box
    return [
        (x0 + (2 * c + 1) * (x1 - x0) // (2 * columns), y0 + (2 * r + 1) * (y1 - y0) // (2 * rows))
        for r in range(rows)
        for c in range(columns)
    ]


Spot = tuple[tuple[int, int], Box]  # a token's centre and the box it must stay in


def _edge_distance(index: int, spot: tuple[int, int]) -> int:
    """How far `spot` is from the inner edge of side space `index`."""
    x, y = spot
    return {"bottom": FAR - y, "left": x - CORNER, "top": y - CORNER, "right": FAR - x}[side_of(index)]


@cache
def token_spots(index: int, name_squares: int = 3) -> tuple[Spot, ...]:
    """The places tokens take on a space, in order. A side space: four in the lane in front of it,
    the row nearer the space first. A corner: the places of its grid its name leaves (eight beside
    "GO", six under a name on two lines). The lane's corner square, in front of both spaces beside
    a corner, is shared by them: each takes the quarter only it touches, then a diagonal one."""
    x0, y0, x1, y1 = cell_box(index)
    if is_corner(index):
        if name_squares < 3:
            grid = _grid((x0 + 1, y0 + 1, x0 + 1 + 3 * PITCH, y0 + 1 + 3 * PITCH), 3, 3)[name_squares:]
        else:
            grid = _grid((x0 + 1, y0 + 40, x1 - 1, y1 - 1), 3, 2)
        return tuple((spot, cell_box(index)) for spot in grid)
    k = index % 13
    if k in (1, 12):
        corner = index - 1 if k == 1 else (index + 1) % 52
        other = corner + 1 if k == 12 else (corner - 1) % 52
        square = lane_box(corner)
        quarters = _grid(square, 2, 2)
        own = min(quarters, key=lambda q: _edge_distance(index, q) - _edge_distance(other, q))
        both = sorted(quarters, key=lambda q: _edge_distance(index, q) + _edge_distance(other, q))
        diagonal = both[0] if k == 12 else both[-1]
        return ((own, square), (diagonal, square))
    lane = [(spot, lane_box(index)) for spot in _grid(lane_box(index), 2, 2)]
    near_first = {  # the row (or column) nearer the space first
        "bottom": [lane[2], lane[3], lane[0], lane[1]],
        "left": [lane[0], lane[2], lane[1], lane[3]],
        "top": lane,
        "right": [lane[1], lane[3], lane[0], lane[2]],
    }
    return tuple(near_first[side_of(index)])


def token_spot(index: int, slot: int) -> tuple[int, int]:
    """Centre of the `slot`-th token on a space."""
    spots = token_spots(index)
    return spots[min(slot, len(spots) - 1)][0]


@dataclass(frozen=True)
class Token:
    """A token as drawn: its place, the box it stays in, the seat it stands for (None: the place
    that says how many more stand there) and its label."""

    centre: tuple[int, int]
    area: Box
    seat: int | None
    label: str
    jailed: bool = False


def tokens(state: MegaState, name_squares: dict[int, int] | None = None) -> list[Token]:
    """Every player still in the game on its space's places, prisoners first; past the places a
    space has, the last place says how many more stand there. `name_squares`: how many places of
    each corner's top row its name takes (all of it when not given)."""
    by_space: dict[int, list[int]] = {}
    for seat, p in enumerate(state.players):
        if not p.bankrupt:
            by_space.setdefault(p.position, []).append(seat)
    out: list[Token] = []
    for index, seated in sorted(by_space.items()):
        seated.sort(key=lambda seat: not state.players[seat].in_jail)
        spots = token_spots(index, (name_squares or {}).get(index, 3))
        shown = seated if len(seated) <= len(spots) else seated[: len(spots) - 1]
        for (centre, area), seat in zip(spots, shown, strict=False):
            out.append(Token(centre, area, seat, str(seat + 1), state.players[seat].in_jail))
        if len(shown) < len(seated):
            centre, area = spots[-1]
            out.append(Token(centre, area, None, f"+{len(seated) - len(shown)}"))
    return out
