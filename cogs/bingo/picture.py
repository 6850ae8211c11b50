"""Bingo cards as pictures: a player's own card in full, or anyone's public view (owned numbers
only). Drawn from `view_for`, so a hidden number cannot reach a public picture."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.pictures import style
from engine.bingo.cards import COLUMNS, FREE, LINES
from engine.bingo.view import CardView

CELL = 56
OWNED_FRAME = 4  # px of the dark frame around an owned cell
PAD = 10
HEADER = 30
TITLE = 26
WIDTH = PAD * 2 + CELL * 5
HEIGHT = TITLE + HEADER + CELL * 5 + PAD * 2


def cell_origin(col: int, row: int) -> tuple[int, int]:
    return PAD + col * CELL, TITLE + HEADER + PAD + row * CELL


def draw_card(card: CardView, seat: int, name: str | None = None, locale: str = "en") -> Image.Image:
    """One card (a `CardView`) as an RGB image. `card.full` shows every number (the owner's view)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), style.WHITE)
    draw = ImageDraw.Draw(img)
    colour = style.seat_colour(seat)
    draw.rectangle((0, 0, WIDTH - 1, TITLE), fill=colour)
    words = style.words_in(locale)
    status = " · " + t(words, "picture.detention" if card.in_jail else "picture.out")
    label = style.seat_label(seat, name, locale, 18) + (status if card.in_jail or card.eliminated else "")
    draw.text((PAD, TITLE // 2), label, fill=style.ink_on(colour), font=style.font(16), anchor="lm")
    owned = set(card.owned)
    for c, letter in enumerate(COLUMNS):
        x, _ = cell_origin(c, 0)
        monopoly = letter in card.monopolies
        header_fill = style.MONOPOLY if monopoly else style.INK
        draw.rectangle((x, TITLE + PAD // 2, x + CELL - 2, TITLE + HEADER + PAD // 2 - 2), fill=header_fill)
        draw.text(
            (x + CELL // 2, TITLE + PAD // 2 + HEADER // 2),
            letter,
            fill=header_ink(monopoly),
            font=style.font(20),
            anchor="mm",
        )
        for r in range(5):
            _cell_box(draw, card, f"{letter}{r + 1}", cell_origin(c, r), owned)
    for line, cells in LINES:  # completed lines under the numbers, never across them
        if line in card.lines:
            (c0, r0), (c1, r1) = (_pos(cells[0]), _pos(cells[-1]))
            a, b = cell_origin(c0, r0), cell_origin(c1, r1)
            half = CELL // 2 - 1
            draw.line((a[0] + half, a[1] + half, b[0] + half, b[1] + half), fill=style.LINE, width=6)
    for c, letter in enumerate(COLUMNS):
        for r in range(5):
            _cell_text(draw, card, f"{letter}{r + 1}", cell_origin(c, r), owned, words)
    return img


def header_ink(monopoly: bool) -> style.RGB:
    """Dark letters on the amber of a monopoly, white on the ink of the others (WCAG AA both)."""
    return style.INK if monopoly else style.WHITE


def _pos(cell: str) -> tuple[int, int]:
    return COLUMNS.index(cell[0]), int(cell[1:]) - 1


def _png(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, "PNG", compress_level=1)
    return out.getvalue()


def _cell_box(draw: ImageDraw.ImageDraw, card: CardView, cell: str, origin: tuple[int, int], owned: set[str]) -> None:
    """A cell's ground: an owned cell is yellow with a thick dark frame (it reads in greyscale too);
    a hidden number grey; the others white."""
    x0, y0 = origin
    box = (x0, y0, x0 + CELL - 2, y0 + CELL - 2)
    frame = OWNED_FRAME if cell in owned else 1
    draw.rectangle(box, fill=ground(card, cell, owned), outline=style.INK, width=frame)


def ground(card: CardView, cell: str, owned: set[str]) -> style.RGB:
    """A cell's colour: owned yellow, FREE pale, a hidden number grey, a shown one white."""
    if cell in owned:
        return style.OWNED
    if cell == FREE:
        return style.CELL_BG
    return style.HIDDEN if card.cells[cell[0]][int(cell[1]) - 1] is None else style.WHITE


def cell_words(card: CardView, cell: str, words: str) -> tuple[str, int, style.RGB]:
    """What a cell says, its size and colour: FREE, "?" for a hidden number, or the number."""
    number = card.cells[cell[0]][int(cell[1]) - 1]
    if cell == FREE:
        return t(words, "picture.free"), 13, style.INK
    if number is None:
        return "?", 20, style.GREY
    return str(number), 22, style.INK


def _cell_text(
    draw: ImageDraw.ImageDraw, card: CardView, cell: str, origin: tuple[int, int], owned: set[str], words: str
) -> None:
    """A cell's words, on top of any line through it (on a small plate of the cell's colour, so a
    line stroke passes behind them)."""
    x0, y0 = origin
    middle = (x0 + CELL // 2 - 1, y0 + CELL // 2 - 1)
    text, size, ink = cell_words(card, cell, words)
    font = style.font(size)
    left, top, right, bottom = draw.textbbox(middle, text, font=font, anchor="mm")
    draw.rectangle((left - 3, top - 2, right + 3, bottom + 2), fill=ground(card, cell, owned))
    draw.text(middle, text, fill=ink, font=font, anchor="mm")


def render_card(card: CardView, seat: int, name: str | None = None, locale: str = "en") -> bytes:
    return _png(draw_card(card, seat, name, locale))


def render_table(cards: list[CardView], names: list[str | None] | None = None, locale: str = "en") -> bytes:
    """Every player's card side by side (rows of up to 4, as even as they can be), for the public
    game message."""
    rows = (len(cards) + 3) // 4  # 4 to a row at most, the rows as even as they can be (5 = 3 + 2)
    per_row = (len(cards) + rows - 1) // rows
    gap = 8
    sheet = Image.new("RGB", (per_row * (WIDTH + gap) - gap, rows * (HEIGHT + gap) - gap), style.BOARD_BG)
    for seat, card in enumerate(cards):
        name = names[seat] if names is not None else None
        sheet.paste(
            draw_card(card, seat, name, locale), ((seat % per_row) * (WIDTH + gap), (seat // per_row) * (HEIGHT + gap))
        )
    return _png(sheet.quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE))
