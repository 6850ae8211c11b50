"""The Mega board picture: 1,024 px, read at about 512 px in Discord (`board_geometry`).

The spaces, their short names (`board_names`), colour bands and prices are drawn once per language
in RGB (antialiased text) and quantized once to a palette that keeps slots for the dynamic colours;
each state's owners, buildings, mortgages, tokens and centre (`board_centre`) are drawn straight
into palette mode, which is several times faster to encode as PNG than RGB."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from bot.pictures import png, style
from bot.pictures.sheet import Box, Mark, Sheet
from cogs.mega import board_names
from cogs.mega.board_centre import draw_centre
from cogs.mega.board_geometry import (
    SIZE,
    TOKEN_R,
    band_box,
    cell_box,
    is_corner,
    mortgage_tag,
    name_box,
    owner_box,
    tokens,
)
from engine import games
from engine.mega.board import BOARD
from engine.mega.state import MegaState

STATIC_COLOURS = 256 - len(style.DYNAMIC)
NAME = 16  # px: 8 px at the size Discord shows the picture
CORNER_NAMES = (24, 20, 18, 16)  # a corner's name, as large as it fits


def _fits(draw: ImageDraw.ImageDraw, text: str, size: int, box: Box) -> bool:
    left, top, right, bottom = draw.multiline_textbbox((0, 0), text, font=style.font(size), spacing=1)
    return right - left <= box[2] - box[0] and bottom - top <= box[3] - box[1]


def _space_label(draw: ImageDraw.ImageDraw, index: int, japanese: bool) -> tuple[str, int, int]:
    """The name written on space `index`, its size, and (a corner) how many places of its top row
    it takes: as few as it fits in, at the largest size that fits."""
    space = BOARD.spaces[index]
    if japanese:
        width = name_box(index)[2] - name_box(index)[0]
        text = board_names.japanese(space.id, lambda line: style.font(NAME).getlength(line) <= width)
    else:
        text = board_names.english(space.id, space.name)
    if not is_corner(index):
        return text, NAME, 0
    for squares, size in itertools.product((1, 2, 3), CORNER_NAMES):
        if _fits(draw, text, size, name_box(index, squares)):
            return text, size, squares
    return text, NAME, 3


@dataclass(frozen=True)
class Static:
    """The layer drawn once per language: the picture, the marks it holds, and how many places of
    each corner's top row its name takes (the rest hold tokens)."""

    img: Image.Image
    marks: tuple[Mark, ...]
    name_squares: dict[int, int]


@cache
def _static(locale: str = "en") -> Static:
    """Everything that never changes, quantized to a palette with slots left for dynamic colours.
    With a CJK font, a Japanese game gets Japanese names."""
    img = Image.new("RGB", (SIZE, SIZE), style.BOARD_BG)
    draw = ImageDraw.Draw(img)
    japanese = locale == "ja" and style.has_wide_font()
    marks: list[Mark] = []
    squares: dict[int, int] = {}
    for space in BOARD.spaces:
        draw.rectangle(cell_box(space.index), fill=style.CELL_BG, outline=style.INK)
        if space.group is not None:
            draw.rectangle(band_box(space.index), fill=style.GROUP_COLOURS[space.group], outline=style.INK)
        text, size, squares[space.index] = _space_label(draw, space.index, japanese)
        box = name_box(space.index, squares[space.index])
        xy = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
        font = style.font(size)
        draw.multiline_text(xy, text, fill=style.INK, font=font, anchor="mm", align="center", spacing=1)
        ink = draw.multiline_textbbox(xy, text, font=font, anchor="mm", align="center", spacing=1)
        marks.append(Mark("name", (int(ink[0]), int(ink[1]), int(ink[2]), int(ink[3])), box, space.id, size))
        if space.price is not None:
            strip = owner_box(space.index)
            xy = ((strip[0] + strip[2]) // 2, (strip[1] + strip[3]) // 2)
            price = f"${space.price}"
            draw.text(xy, price, fill=style.INK, font=style.font(NAME), anchor="mm")
            ink = draw.textbbox(xy, price, font=style.font(NAME), anchor="mm")
            marks.append(Mark("price", (int(ink[0]), int(ink[1]), int(ink[2]), int(ink[3])), strip, space.id, NAME))
    quantized = img.quantize(colors=STATIC_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    palette = quantized.getpalette() or []
    palette = palette[: STATIC_COLOURS * 3] + [0] * (STATIC_COLOURS * 3 - len(palette[: STATIC_COLOURS * 3]))
    for colour in style.DYNAMIC:
        palette += list(colour)
    quantized.putpalette(palette)
    return Static(quantized, tuple(marks), squares)


def warm() -> None:
    """Called in each drawing process at its start (bot.pictures.processes): the static layers, and
    their bands compressed once (the parts of every board that nothing covers reuse them)."""
    for locale in ("en", "ja"):
        png.encode(_static(locale).img)


def ink(colour: style.RGB) -> int:
    """The palette index of a dynamic colour."""
    return STATIC_COLOURS + style.DYNAMIC.index(colour)


def render_board(state: MegaState, names: list[str | None] | None = None, locale: str = "en") -> bytes:
    """PNG bytes of the board for a Mega state. Same inputs, same bytes. `names` (by seat) label
    the legend and the card; each seat's colour is the square shown next to the name in messages."""
    static = _static(locale)
    img = static.img.copy()
    _draw(Sheet(img, ink), state, names, locale, static.name_squares)
    # Most bands of rows are as on the last picture: they are compressed once (bot.pictures.png).
    return png.encode(img)


def board_marks(state: MegaState, names: list[str | None] | None = None, locale: str = "en") -> list[Mark]:
    """Every mark a player reads on the board for this state: the names and the prices still shown
    (an owned deed's strip covers its price), then what the state draws on top."""
    static = _static(locale)
    marks = [m for m in static.marks if m.kind != "price" or m.text not in state.owner]
    _draw(Sheet(static.img.copy(), ink, marks), state, names, locale, static.name_squares)
    return marks


def render_board_json(state_json: str, names: list[str | None] | None = None, locale: str = "en") -> bytes:
    """`render_board` of a state given as JSON (how the bot sends it to a drawing process)."""
    return render_board(games.game("mega").load_state(state_json), names, locale)


def _draw(
    sheet: Sheet, state: MegaState, names: list[str | None] | None, locale: str, name_squares: dict[int, int]
) -> None:
    seats = {p.name: i for i, p in enumerate(state.players)}
    for deed, owner in state.owner.items():
        _owner(sheet, BOARD.index_of[deed], seats[owner], deed in state.mortgaged)
    for street, level in state.buildings.items():
        _buildings(sheet, BOARD.index_of[street], level)
    if state.landed is not None:
        x0, y0, x1, y1 = cell_box(BOARD.index_of[state.landed])
        sheet.draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=ink(style.HIGHLIGHT), width=4)
    _tokens(sheet, state, name_squares)
    draw_centre(sheet, state, names, locale)


def _owner(sheet: Sheet, index: int, seat: int, mortgaged: bool) -> None:
    """The owner strip: the owner's colour and seat number; a mortgaged deed keeps them and gets a
    dark M tag on top at the strip's end."""
    box = owner_box(index)
    colour = style.seat_colour(seat)
    sheet.draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=ink(colour))
    x0, y0, x1, y1 = box
    cy = (y0 + y1) // 2
    if not mortgaged:
        sheet.label(((x0 + x1) // 2, cy), str(seat + 1), 20, style.ink_on(colour), box, kind="owner")
        return
    sheet.label((x0 + (x1 - x0) // 3, cy), str(seat + 1), 20, style.ink_on(colour), box, kind="owner")
    tag = mortgage_tag(box)
    sheet.draw.rectangle((tag[0], tag[1], tag[2] - 1, tag[3] - 1), fill=ink(style.MORTGAGE), outline=ink(style.WHITE))
    sheet.note("mortgage", tag, box, "M")
    sheet.label(((tag[0] + tag[2]) // 2, cy), "M", 18, style.WHITE, tag, kind="mortgage-letter")


def _buildings(sheet: Sheet, index: int, level: int) -> None:
    """A badge inside the colour band: green with the number of houses, red with H for a hotel."""
    band = band_box(index)
    cx, cy = (band[0] + band[2]) // 2, (band[1] + band[3]) // 2
    across = band[2] - band[0] > band[3] - band[1]
    w, h = (17, 10) if across else (10, 17)
    badge = (cx - w, cy - h, cx + w, cy + h)
    colour, label = (style.HOTEL, "H") if level == 5 else (style.HOUSE, str(level))
    sheet.rounded(badge, 4, colour, style.INK, 1)
    drawn = (badge[0], badge[1], badge[2] + 1, badge[3] + 1)
    sheet.note("badge", drawn, band, label)
    sheet.label((cx, cy), label, 18, style.WHITE, drawn, kind="badge-letter")


def _tokens(sheet: Sheet, state: MegaState, name_squares: dict[int, int]) -> None:
    """Each player still in the game as a disc with their seat number, in front of their space (a
    corner: on it); a player in jail behind bars."""
    for token in tokens(state, name_squares):
        if token.seat is None:
            sheet.disc(token.centre, TOKEN_R, style.GREY, token.label, 16, token.area, "token")
            continue
        sheet.disc(token.centre, TOKEN_R, style.seat_colour(token.seat), token.label, 18, token.area, "token")
        if token.jailed:
            _bars(sheet, token.centre)


def _bars(sheet: Sheet, centre: tuple[int, int]) -> None:
    """Jail bars over a token: a square frame and two bars clear of its seat number."""
    x, y = centre
    r = TOKEN_R
    sheet.draw.rectangle((x - r, y - r, x + r, y + r), outline=ink(style.INK), width=2)
    for dx in (-r + 5, r - 5):
        sheet.draw.line((x + dx, y - r, x + dx, y + r), fill=ink(style.INK), width=2)
