"""Bingo cards as pictures: a player's own card in full, or anyone's public view (owned numbers
only). Drawn from `view_for`, so a hidden number cannot reach a public picture."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.pictures import style
from engine.bingo.cards import COLUMNS, FREE, LINES

CELL = 56
PAD = 10
HEADER = 30
TITLE = 26
WIDTH = PAD * 2 + CELL * 5
HEIGHT = TITLE + HEADER + CELL * 5 + PAD * 2


def cell_origin(col: int, row: int) -> tuple[int, int]:
    return PAD + col * CELL, TITLE + HEADER + PAD + row * CELL


def seat_label(seat: int, name: str | None, locale: str = "en") -> str:
    """The player's name where the font can draw it, else the seat number; the embed shows the same
    colour next to the name either way."""
    if name is not None and style.drawable(name):
        return name[:18]
    return t(style.words_in(locale), "picture.seat", seat=seat + 1)


def draw_card(card: Any, seat: int, name: str | None = None, locale: str = "en") -> Image.Image:
    """One card (a `CardView`) as an RGB image. `card.full` shows every number (the owner's view)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), style.WHITE)
    draw = ImageDraw.Draw(img)
    colour = style.PLAYER_COLOURS[seat % len(style.PLAYER_COLOURS)]
    draw.rectangle((0, 0, WIDTH - 1, TITLE), fill=colour)
    words = style.words_in(locale)
    status = " · " + t(words, "picture.detention" if card.in_jail else "picture.out")
    label = seat_label(seat, name, locale) + (status if card.in_jail or card.eliminated else "")
    draw.text((PAD, TITLE // 2), label, fill=style.WHITE, font=style.font(16), anchor="lm")
    owned = set(card.owned)
    for c, letter in enumerate(COLUMNS):
        x, _ = cell_origin(c, 0)
        header_fill = style.MONOPOLY if letter in card.monopolies else style.INK
        draw.rectangle((x, TITLE + PAD // 2, x + CELL - 2, TITLE + HEADER + PAD // 2 - 2), fill=header_fill)
        draw.text(
            (x + CELL // 2, TITLE + PAD // 2 + HEADER // 2), letter, fill=style.WHITE, font=style.font(20), anchor="mm"
        )
        for r in range(5):
            _cell(draw, card, f"{letter}{r + 1}", cell_origin(c, r), owned, words)
    for name, cells in LINES:
        if name in card.lines:
            (c0, r0), (c1, r1) = (_pos(cells[0]), _pos(cells[-1]))
            a, b = cell_origin(c0, r0), cell_origin(c1, r1)
            half = CELL // 2 - 1
            draw.line((a[0] + half, a[1] + half, b[0] + half, b[1] + half), fill=style.LINE, width=4)
    return img


def _pos(cell: str) -> tuple[int, int]:
    return COLUMNS.index(cell[0]), int(cell[1:]) - 1


def _png(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, "PNG", compress_level=1)
    return out.getvalue()


def _cell(
    draw: ImageDraw.ImageDraw, card: Any, cell: str, origin: tuple[int, int], owned: set[str], words: str
) -> None:
    """One cell: FREE, a hidden number (?), or its number, yellow when owned."""
    x0, y0 = origin
    box = (x0, y0, x0 + CELL - 2, y0 + CELL - 2)
    middle = (x0 + CELL // 2 - 1, y0 + CELL // 2 - 1)
    number = card.cells[cell[0]][int(cell[1]) - 1]
    if cell == FREE:
        draw.rectangle(box, fill=style.OWNED if cell in owned else style.CELL_BG, outline=style.INK)
        draw.text(middle, t(words, "picture.free"), fill=style.INK, font=style.font(13), anchor="mm")
    elif number is None:
        draw.rectangle(box, fill=style.HIDDEN, outline=style.INK)
        draw.text(middle, "?", fill=style.GREY, font=style.font(20), anchor="mm")
    else:
        draw.rectangle(box, fill=style.OWNED if cell in owned else style.WHITE, outline=style.INK)
        draw.text(middle, str(number), fill=style.INK, font=style.font(22), anchor="mm")


def render_card(card: Any, seat: int, name: str | None = None, locale: str = "en") -> bytes:
    return _png(draw_card(card, seat, name, locale))


def render_table(cards: list[Any], names: list[str | None] | None = None, locale: str = "en") -> bytes:
    """Every player's card side by side (4 to a row), for the public game message."""
    per_row = min(4, len(cards))
    rows = (len(cards) + per_row - 1) // per_row
    gap = 8
    sheet = Image.new("RGB", (per_row * (WIDTH + gap) - gap, rows * (HEIGHT + gap) - gap), style.BOARD_BG)
    for seat, card in enumerate(cards):
        name = names[seat] if names is not None else None
        sheet.paste(
            draw_card(card, seat, name, locale), ((seat % per_row) * (WIDTH + gap), (seat // per_row) * (HEIGHT + gap))
        )
    return _png(sheet.quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE))
