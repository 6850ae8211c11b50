"""The Mega board for the watch page, as SVG: the same places as the picture (`board_geometry`),
drawn by the browser so it stays crisp at any zoom and speaks the page's language with the
browser's own fonts. The spaces are drawn once per language; each state adds owners, mortgages,
buildings, tokens, the space landed on and the dice."""

from __future__ import annotations

from functools import cache
from html import escape

from bot.i18n import t
from bot.pictures import style
from cogs.mega import board_names
from cogs.mega.board_centre import dice_faces
from cogs.mega.board_geometry import (
    CENTRE,
    SIZE,
    TOKEN_R,
    band_box,
    cell_box,
    is_corner,
    mortgage_tag,
    name_box,
    owner_box,
    side_of,
    tokens,
)
from cogs.mega.deed_card import card_rows
from engine.mega.board import BOARD, INDEX, SPACES
from engine.mega.state import MegaState

Box = tuple[int, int, int, int]


def hex_of(colour: style.RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _rect(box: Box, fill: style.RGB, stroke: str = "", extra: str = "") -> str:
    x0, y0, x1, y1 = box
    line = f' stroke="{stroke}"' if stroke else ""
    return f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" fill="{hex_of(fill)}"{line}{extra}/>'


def _text(x: float, y: float, text: str, size: int, fill: style.RGB = style.INK, extra: str = "") -> str:
    """Centred text; several lines are stacked around `y`."""
    lines = text.split("\n")
    first = y - (len(lines) - 1) * (size + 1) / 2
    spans = "".join(
        f'<tspan x="{x}" y="{first + i * (size + 1):.1f}">{escape(line)}</tspan>' for i, line in enumerate(lines)
    )
    return (
        f'<text font-size="{size}" fill="{hex_of(fill)}" text-anchor="middle" dominant-baseline="central"{extra}>'
        f"{spans}</text>"
    )


def em_width(line: str) -> float:
    """A line's width in ems, taken wide (a browser may draw with a wide font such as DejaVu Sans):
    a full-width character one em, any other 0.62."""
    return sum(1.0 if ord(ch) > 0x2E80 else 0.62 for ch in line)


def _fitting(label: str, size: int, box: Box) -> int:
    """The largest size up to `size` at which the label fits its box."""
    lines = label.split("\n")
    widest = max(em_width(line) for line in lines)
    by_width = int((box[2] - box[0]) / widest) if widest else size
    by_height = (box[3] - box[1]) // len(lines) - 1
    return max(8, min(size, by_width, by_height))


def _fits_in(most: int) -> board_names.Fits:
    """A Japanese line of full-width characters fits a cell at 16 px when it has at most `most`."""
    return lambda line: len(line) <= most


@cache
def spaces(locale: str) -> str:
    """The 52 spaces with their colour bands, names and prices."""
    parts = [_rect((0, 0, SIZE, SIZE), style.BOARD_BG)]
    for space in BOARD.spaces:
        parts.append(_rect(cell_box(space.index), style.CELL_BG, "#141414"))
        if space.group is not None:
            parts.append(_rect(band_box(space.index), style.GROUP_COLOURS[space.group], "#141414"))
        box = name_box(space.index)
        size = 18 if is_corner(space.index) else 16
        if locale == "ja":  # full-width characters: as many to a line as the cell's width holds
            across = side_of(space.index) in ("left", "right") and not is_corner(space.index)
            size = 15 if across else size
            label = board_names.japanese(space.id, _fits_in((box[2] - box[0]) // size))
        else:
            label = board_names.english(space.id, space.name)
        size = _fitting(label, size, box)
        parts.append(_text((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, label, size))
        if space.price is not None:
            strip = owner_box(space.index)
            parts.append(_text((strip[0] + strip[2]) / 2, (strip[1] + strip[3]) / 2, f"${space.price}", 16))
    return "".join(parts)


def board_layers(state: MegaState, names: list[str], locale: str) -> tuple[str, str]:
    """The board for one state: the spaces (the same for every state of a language) and what the
    state draws on them. `names` by seat."""
    seats = {p.name: i for i, p in enumerate(state.players)}
    parts = []
    for deed, owner in state.owner.items():
        parts.append(_owner(INDEX[deed], seats[owner], deed in state.mortgaged))
    for street, level in state.buildings.items():
        band = band_box(INDEX[street])
        cx, cy = (band[0] + band[2]) / 2, (band[1] + band[3]) / 2
        colour, label = (style.HOTEL, "H") if level == 5 else (style.HOUSE, str(level))
        parts.append(_rect((int(cx) - 16, int(cy) - 10, int(cx) + 16, int(cy) + 10), colour, "#141414", ' rx="4"'))
        parts.append(_text(cx, cy, label, 17, style.WHITE, ' font-weight="bold"'))
    if state.landed is not None:
        x0, y0, x1, y1 = cell_box(INDEX[state.landed])
        parts.append(
            f'<rect x="{x0 + 2}" y="{y0 + 2}" width="{x1 - x0 - 4}" height="{y1 - y0 - 4}" fill="none" '
            f'stroke="{hex_of(style.HIGHLIGHT)}" stroke-width="4"/>'
        )
    parts += _tokens(state)
    parts += _centre(state, names, locale)
    return spaces(locale), "".join(parts)


VIEW_BOX = f"0 0 {SIZE} {SIZE}"


def _owner(index: int, seat: int, mortgaged: bool) -> str:
    box = owner_box(index)
    colour = style.seat_colour(seat)
    parts = [_rect(box, colour)]
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    x = (x0 + x1) / 2 if not mortgaged else x0 + (x1 - x0) / 3
    parts.append(_text(x, cy, str(seat + 1), 18, style.ink_on(colour), ' font-weight="bold"'))
    if mortgaged:
        tag = mortgage_tag(box)
        parts.append(_rect(tag, style.MORTGAGE, "#ffffff"))
        parts.append(_text((tag[0] + tag[2]) / 2, cy, "M", 16, style.WHITE, ' font-weight="bold"'))
    return "".join(parts)


def _tokens(state: MegaState) -> list[str]:
    parts = []
    for token in tokens(state):
        x, y = token.centre
        if token.seat is None:
            parts.append(f'<circle cx="{x}" cy="{y}" r="{TOKEN_R}" fill="{hex_of(style.GREY)}"/>')
            parts.append(_text(x, y, token.label, 15, style.WHITE))
            continue
        colour = style.seat_colour(token.seat)
        jailed = ' stroke-dasharray="4 3"' if token.jailed else ""
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="{TOKEN_R}" fill="{hex_of(colour)}" stroke="#141414" '
            f'stroke-width="2"{jailed}/>'
        )
        parts.append(_text(x, y, token.label, 17, style.ink_on(colour), ' font-weight="bold"'))
    return parts


def _centre(state: MegaState, names: list[str], locale: str) -> list[str]:
    """The space just landed on as a card, and the dice."""
    parts = []
    left, top = CENTRE[0] + 40, CENTRE[1] + 40
    space = state.landed
    info = SPACES.get(space or "")
    if space is not None and info is not None:
        parts.append(_rect((left, top, left + 340, top + 220), style.WHITE, "#141414", ' stroke-width="3"'))
        if info.group is not None:
            parts.append(_rect((left + 2, top + 2, left + 338, top + 14), style.GROUP_COLOURS[info.group]))
        title = t(locale, f"space.{space}")
        parts.append(_text(left + 170, top + 48, title, min(28, int(310 / max(em_width(title), 1)))))
        if info.price:
            rows = card_rows(locale, state, space)
            owner = state.owner.get(space)
            if owner is not None:  # the picture puts the owner's disc and name after "Owner:"
                seat = next(i for i, p in enumerate(state.players) if p.name == owner)
                rows[1] = f"{rows[1]} {names[seat]}"
            for i, row in enumerate(rows):
                parts.append(_text(left + 170, top + 100 + i * 38, row, min(22, int(310 / max(em_width(row), 1)))))
    if state.last_roll is not None:
        for i, face in enumerate(dice_faces(state, locale)):
            x, y = left + 380 + i * 80, top + 70
            fill = style.SPEED_DIE if i == 2 else style.WHITE
            parts.append(_rect((x, y, x + 68, y + 68), fill, "#141414", ' rx="10" stroke-width="2"'))
            parts.append(_text(x + 34, y + 34, face, 30 if len(face) <= 2 else 20, style.ink_on(fill)))
    return parts
