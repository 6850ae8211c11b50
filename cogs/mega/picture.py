"""The Mega board picture: 1024 px, 52 spaces with short names, colour bands and prices drawn once;
owners, buildings, mortgages, tokens, the dice and the players' panel drawn per state.

The static layer is rendered once in RGB (antialiased text) and quantized once to a palette that
keeps slots for the dynamic colours; each frame is drawn straight into palette mode, which is
several times faster to encode as PNG than RGB."""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from bot import i18n
from bot.i18n import t
from bot.pictures import png, style
from cogs.mega.deed_card import draw_deed_card
from engine import games
from engine.mega.board import BOARD
from engine.mega.state import MegaState

SIZE = 1024
CORNER = 104
CELL = (SIZE - 2 * CORNER) // 12  # 68
BAND = 18
STRIP = 22  # the owner strip: its seat number stays readable at half size (Discord shows ~512 px)
STATIC_COLOURS = 256 - len(style.DYNAMIC)

SHORT = {
    "go": "GO",
    "jail": "JAIL",
    "free_parking": "FREE\nPARKING",
    "go_to_jail": "GO TO\nJAIL",
    "income_tax": "Income\nTax",
    "luxury_tax": "Luxury\nTax",
    "bus_ticket": "Bus\nTicket",
    "birthday_gift": "Birthday\nGift",
    "auction": "Auction",
    "gas_company": "Gas Co.",
    "electric_company": "Electric\nCo.",
    "water_works": "Water\nWorks",
    "reading_railroad": "Reading\nRR",
    "pennsylvania_railroad": "Penn.\nRR",
    "b_and_o_railroad": "B&O\nRR",
    "short_line": "Short\nLine",
    "st_charles_place": "St.\nCharles",
    "st_james_place": "St.\nJames",
    "massachusetts_avenue": "Massa-\nchusetts",
    "mediterranean_avenue": "Mediter-\nranean",
    "south_carolina_avenue": "S.\nCarolina",
    "north_carolina_avenue": "N.\nCarolina",
    "pennsylvania_avenue": "Penn.\nAve",
    "connecticut_avenue": "Connec-\nticut",
    "new_jersey_avenue": "New\nJersey",
    "new_york_avenue": "New\nYork",
    "marvin_gardens": "Marvin\nGardens",
    "california_avenue": "Califor-\nnia",
}


def short_name(space_id: str, name: str) -> str:
    if space_id in SHORT:
        return SHORT[space_id]
    if "chance" in space_id:
        return "Chance"
    if "community_chest" in space_id:
        return "Comm.\nChest"
    return name.replace(" Avenue", "").replace(" Place", "")


def side_of(index: int) -> str:
    return ("bottom", "left", "top", "right")[index // 13]


@cache
def cell_box(index: int) -> tuple[int, int, int, int]:
    """Space `index` → (x0, y0, x1, y1). GO bottom-right, then clockwise like the real board."""
    side, k = divmod(index, 13)
    far = SIZE - CORNER
    if k == 0:
        return ((far, far, SIZE, SIZE), (0, far, CORNER, SIZE), (0, 0, CORNER, CORNER), (far, 0, SIZE, CORNER))[side]
    if side == 0:  # bottom, right to left
        x1 = far - (k - 1) * CELL
        return (x1 - CELL, far, x1, SIZE)
    if side == 1:  # left, bottom to top
        y1 = far - (k - 1) * CELL
        return (0, y1 - CELL, CORNER, y1)
    if side == 2:  # top, left to right
        x0 = CORNER + (k - 1) * CELL
        return (x0, 0, x0 + CELL, CORNER)
    y0 = CORNER + (k - 1) * CELL  # right, top to bottom
    return (far, y0, SIZE, y0 + CELL)


def band_box(index: int) -> tuple[int, int, int, int]:
    """The colour band on the inner edge of a street's cell (where houses go)."""
    x0, y0, x1, y1 = cell_box(index)
    return {
        "bottom": (x0, y0, x1, y0 + BAND),
        "left": (x1 - BAND, y0, x1, y1),
        "top": (x0, y1 - BAND, x1, y1),
        "right": (x0, y0, x0 + BAND, y1),
    }[side_of(index)]


def owner_box(index: int) -> tuple[int, int, int, int]:
    """A strip on the outer side of the cell: the price while unowned, the owner's colour once owned.
    Always horizontal, so the price reads the same on every side."""
    x0, y0, x1, y1 = cell_box(index)
    side = side_of(index)
    if side == "bottom":
        return (x0 + 1, y1 - STRIP, x1 - 1, y1 - 1)
    if side == "top":
        return (x0 + 1, y0 + 1, x1 - 1, y0 + STRIP)
    if side == "left":
        return (x0 + 1, y1 - STRIP, x1 - BAND - 1, y1 - 1)
    return (x0 + BAND + 1, y1 - STRIP, x1 - 1, y1 - 1)


def _free_area(index: int) -> tuple[int, int, int, int]:
    """The part of a cell left for tokens: inside the band and the owner strip."""
    x0, y0, x1, y1 = cell_box(index)
    if index % 13 == 0:
        return (x0 + 6, y0 + 6, x1 - 6, y1 - 6)
    side = side_of(index)
    if side == "bottom":
        return (x0 + 2, y0 + BAND + 2, x1 - 2, y1 - STRIP - 1)
    if side == "top":
        return (x0 + 2, y0 + STRIP + 1, x1 - 2, y1 - BAND - 2)
    if side == "left":
        return (x0 + 2, y0 + 2, x1 - BAND - 2, y1 - STRIP - 1)
    return (x0 + BAND + 2, y0 + 2, x1 - 2, y1 - STRIP - 1)


TOKEN_R = 8


def token_spot(index: int, slot: int) -> tuple[int, int]:
    """Centre of token `slot` (0-7): a grid over the cell's free area, up to 8 tokens."""
    x0, y0, x1, y1 = _free_area(index)
    cols = 2 if (x1 - x0) < 80 else 4
    rows = 8 // cols
    col, row = slot % cols, slot // cols
    return (x0 + (2 * col + 1) * (x1 - x0) // (2 * cols), y0 + (2 * row + 1) * (y1 - y0) // (2 * rows))


# Japanese line breaking (JIS X 4051 kinsoku): these never start a line — the long-vowel mark, small
# kana, closing brackets and punctuation. Such a character joins the end of the line before.
NO_LINE_START = frozenset("ーァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎ、。，．）」』】〕〉》・！？")


JA_SUFFIXES = ("・アベニュー", "・プレース")  # left out on the board, as " Avenue" is in English


def _wrap(text: str, per_line: int = 4, lines: int = 3) -> str:
    """A Japanese name on up to `lines` short lines (no spaces to break at). A character that may
    not start a line takes the one before it along to the next line (oidashi), so no line is wider
    than `per_line`."""
    for suffix in JA_SUFFIXES:
        text = text.removesuffix(suffix)
    rows: list[str] = []
    for ch in text.replace("・", ""):
        if rows and len(rows[-1]) < per_line:
            rows[-1] += ch
        else:
            rows.append(ch)
            while len(rows) > 1 and rows[-1][0] in NO_LINE_START and len(rows[-2]) > 1:
                rows[-1] = rows[-2][-1] + rows[-1]
                rows[-2] = rows[-2][:-1]
    return "\n".join(rows[:lines])


@cache
def _static(locale: str = "en") -> Image.Image:
    """Everything that never changes, quantized to a palette with slots left for dynamic colours.
    With a CJK font configured, a Japanese game gets Japanese names."""
    img = Image.new("RGB", (SIZE, SIZE), style.BOARD_BG)
    draw = ImageDraw.Draw(img)
    small, tiny = style.font(12), style.font(14)
    japanese = locale == "ja" and style.has_wide_font()
    for space in BOARD.spaces:
        box = cell_box(space.index)
        draw.rectangle(box, fill=style.CELL_BG, outline=style.INK)
        if space.group is not None:
            draw.rectangle(band_box(space.index), fill=style.GROUP_COLOURS[space.group], outline=style.INK)
        x0, y0, x1, y1 = box
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        side = side_of(space.index)
        label_y = cy - 6 if side != "bottom" else cy + 4
        if side == "top":
            label_y = cy - 8
        label = _wrap(t("ja", f"space.{space.id}")) if japanese else short_name(space.id, space.name)
        draw.multiline_text(
            (cx, label_y),
            label,
            fill=style.INK,
            font=style.font(13) if japanese else small,
            anchor="mm",
            align="center",
            spacing=1,
        )
        if space.price is not None:
            ox0, oy0, ox1, oy1 = owner_box(space.index)
            draw.text(((ox0 + ox1) // 2, (oy0 + oy1) // 2), f"${space.price}", fill=style.GREY, font=tiny, anchor="mm")
    draw.text((SIZE // 2, CORNER + 40), "MEGA MONOPOLY", fill=style.HOTEL, font=style.font(34), anchor="mm")
    quantized = img.quantize(colors=STATIC_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    palette = quantized.getpalette() or []
    palette = palette[: STATIC_COLOURS * 3] + [0] * (STATIC_COLOURS * 3 - len(palette[: STATIC_COLOURS * 3]))
    for colour in style.DYNAMIC:
        palette += list(colour)
    quantized.putpalette(palette)
    return quantized


def warm() -> None:
    """Called in each drawing process at its start (bot.pictures.processes): the static layers, and
    their bands compressed once (the parts of every board that nothing covers reuse them)."""
    for locale in ("en", "ja"):
        png.encode(_static(locale))


@lru_cache(maxsize=2048)
def _glyph(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """A label rasterized once (a 1-bit mask and its offset from the anchor point): the board
    repeats the same few labels — seat numbers, M, house counts — on every picture."""
    font = style.font(size)
    left, top, right, bottom = font.getbbox(text, anchor=anchor)
    pad = 4  # the box may be a pixel short of what is drawn; empty bits draw nothing
    left, top, right, bottom = int(left), int(top), int(right), int(bottom)
    mask = Image.new("1", (right - left + 2 * pad, bottom - top + 2 * pad), 0)
    ImageDraw.Draw(mask).text((pad - left, pad - top), text, fill=1, font=font, anchor=anchor)
    return mask, left - pad, top - pad


def _label(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, size: int, fill: int, anchor: str = "mm") -> None:
    mask, dx, dy = _glyph(text, size, anchor)
    draw.bitmap((xy[0] + dx, xy[1] + dy), mask, fill=fill)


def ink(colour: style.RGB) -> int:
    """The palette index of a dynamic colour."""
    return STATIC_COLOURS + style.DYNAMIC.index(colour)


def render_board(state: MegaState, names: list[str | None] | None = None, locale: str = "en") -> bytes:
    """PNG bytes of the board for a Mega state. Same inputs, same bytes. `names` (by seat) label
    the legend; each seat's colour is the square shown next to the name in the embed."""
    img = _static(locale).copy()
    draw = ImageDraw.Draw(img)
    seats = {p.name: i for i, p in enumerate(state.players)}
    for deed, owner in state.owner.items():
        index = BOARD.index_of[deed]
        box = owner_box(index)
        draw.rectangle(box, fill=ink(style.seat_colour(seats[owner])))
        if deed in state.mortgaged:
            # Mortgaged: the owner strip turns grey with an M; the street's name stays readable.
            draw.rectangle(box, fill=ink(style.MORTGAGE), outline=ink(style.seat_colour(seats[owner])), width=3)
            _label(draw, _middle(box), "M", 18, ink(style.WHITE))
        else:
            colour = style.seat_colour(seats[owner])
            _label(draw, _middle(box), str(seats[owner] + 1), 18, ink(style.ink_on(colour)))
    for street, level in state.buildings.items():
        _buildings(img, draw, BOARD.index_of[street], level)
    if state.landed is not None:
        x0, y0, x1, y1 = cell_box(BOARD.index_of[state.landed])
        draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=ink(style.HIGHLIGHT), width=4)
    by_space: dict[int, list[int]] = {}
    for seat, p in enumerate(state.players):
        if not p.bankrupt:
            by_space.setdefault(p.position, []).append(seat)
    for index, seated in by_space.items():
        for slot, seat in enumerate(seated):
            x, y = token_spot(index, slot)
            r = TOKEN_R
            draw.ellipse((x - r, y - r, x + r, y + r), fill=ink(style.seat_colour(seat)), outline=ink(style.INK))
            _label(draw, (x, y), str(seat + 1), 11, ink(style.ink_on(style.seat_colour(seat))))
    _centre(img, draw, state, names, locale)
    draw_deed_card(draw, state, names, locale, _label, ink)
    # Most bands of rows are as on the last picture: they are compressed once (bot.pictures.png).
    return png.encode(img)


def render_board_json(state_json: str, names: list[str | None] | None = None, locale: str = "en") -> bytes:
    """`render_board` of a state given as JSON (how the bot sends it to a drawing process)."""
    return render_board(games.load_state("mega", state_json), names, locale)


def _middle(box: tuple[int, int, int, int]) -> tuple[int, int]:
    return (box[0] + box[2]) // 2, (box[1] + box[3]) // 2


@lru_cache(maxsize=64)
def _rounded_tile(
    width: int, height: int, radius: int, fill: int, outline: int, line: int
) -> tuple[Image.Image, Image.Image]:
    """A rounded rectangle drawn once (Pillow draws its corners slowly) and the mask of its pixels."""
    tile = Image.new("P", (width + 1, height + 1), 0)
    mask = Image.new("1", (width + 1, height + 1), 0)
    box = (0, 0, width, height)
    ImageDraw.Draw(tile).rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=line)
    ImageDraw.Draw(mask).rounded_rectangle(box, radius=radius, fill=1, outline=1, width=line)
    return tile, mask


def _rounded(img: Image.Image, box: tuple[int, int, int, int], radius: int, fill: int, outline: int, line: int) -> None:
    """`rounded_rectangle` with the same pixels, stamped from a cached tile."""
    tile, mask = _rounded_tile(box[2] - box[0], box[3] - box[1], radius, fill, outline, line)
    img.paste(tile, (box[0], box[1]), mask)


def _buildings(img: Image.Image, draw: ImageDraw.ImageDraw, index: int, level: int) -> None:
    """A badge over the colour band, big enough to read at half size: green with the number of
    houses, red with H for a hotel."""
    x0, y0, x1, y1 = band_box(index)
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    r = 14
    colour, label = (style.HOTEL, "H") if level == 5 else (style.HOUSE, str(level))
    _rounded(img, (cx - r, cy - r, cx + r, cy + r), 5, ink(colour), ink(style.INK), 2)
    _label(draw, (cx, cy), label, 20, ink(style.WHITE))


def _centre(
    img: Image.Image, draw: ImageDraw.ImageDraw, state: MegaState, names: list[str | None] | None, locale: str
) -> None:
    """The legend (each seat's colour, number and name, cash and tickets), the bank, the last dice."""
    loc = style.words_in(locale)
    left, top = CORNER + 70, CORNER + 110
    for seat, p in enumerate(state.players):
        y = top + seat * 40
        draw.ellipse((left, y, left + 26, y + 26), fill=ink(style.seat_colour(seat)), outline=ink(style.INK))
        _label(draw, (left + 13, y + 13), str(seat + 1), 14, ink(style.ink_on(style.seat_colour(seat))))
        name = names[seat] if names is not None and seat < len(names) else None
        label = style.seat_label(seat, name, loc, 14)
        tickets = "  " + t(loc, "board.tickets", count=p.tickets) if p.tickets else ""
        jail = "  " + t(loc, "board.jail") if p.in_jail else ""
        money = t(loc, "board.bankrupt") if p.bankrupt else f"{i18n.money(loc, p.cash)}{tickets}{jail}"
        line = f"{label}  {money}"
        _label(draw, (left + 40, y + 13), line, 20, ink(style.INK), anchor="lm")  # most lines repeat
    bank = state.bank
    bank_line = t(loc, "board.bank", houses=bank.houses, hotels=bank.hotels, tickets=bank.tickets)
    _label(draw, (left, top + 8 * 40 + 30), bank_line, 20, ink(style.GREY), anchor="lm")
    if state.last_roll is not None:
        dice_y = SIZE - CORNER - 110
        speed = state.last_roll.speed
        faces = [str(w) for w in state.last_roll.white] + [
            t(loc, f"board.face.{speed}") if speed in ("mr", "bus") else str(speed)
        ]
        for i, face in enumerate(faces):
            x = SIZE // 2 - 110 + i * 80
            colour = style.SPEED_DIE if i == 2 else style.WHITE
            _rounded(img, (x, dice_y, x + 60, dice_y + 60), 10, ink(colour), ink(style.INK), 2)
            size = 24 if len(face) <= 3 else 16  # a word in Japanese still fits the face
            _label(draw, (x + 30, dice_y + 30), face, size, ink(style.WHITE if i == 2 else style.INK))
