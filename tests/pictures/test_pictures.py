"""Pictures: structure and colours at known spots, not byte-exact files."""

from __future__ import annotations

import io

from PIL import Image

from bot.pictures import style
from bot.pictures.style import seat_colour
from cogs.bingo.picture import HEIGHT, WIDTH, cell_origin, render_card, render_table
from cogs.mega.board_geometry import SIZE, band_box, cell_box, owner_box, token_spot
from cogs.mega.picture import render_board
from engine import bingo
from engine.mega.board import INDEX
from engine.mega.state import LastRoll
from tests.engine.bingo.helpers import CARD_A, CARD_B
from tests.engine.bingo.helpers import position as bingo_position
from tests.engine.mega.helpers import position as mega_position

BROWN = ["mediterranean_avenue", "baltic_avenue", "arctic_avenue"]


def rgb(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def near(pixel: tuple[int, ...], colour: tuple[int, int, int], tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=False))


def _state():  # type: ignore[no-untyped-def]
    s = mega_position(
        {"name": "A", "deeds": BROWN, "buildings": {"mediterranean_avenue": 2, "baltic_avenue": 5, "arctic_avenue": 2}},
        {"name": "B", "position": "park_place", "deeds": ["short_line"], "mortgaged": ["short_line"]},
        {"name": "C", "position": "park_place"},
    )
    s.landed = "park_place"
    s.last_roll = LastRoll(white=[2, 5], speed="bus", total=7)
    return s


def test_board_size_owners_buildings_tokens_and_highlight() -> None:
    s = _state()
    img = rgb(render_board(s))
    assert img.size == (SIZE, SIZE)
    med = INDEX["mediterranean_avenue"]
    x0, y0, _, y1 = owner_box(med)
    assert near(img.getpixel((x0 + 3, (y0 + y1) // 2)), seat_colour(0))  # A's colour on A's deed
    bx0, by0, bx1, by1 = band_box(med)
    cx, cy = (bx0 + bx1) // 2, (by0 + by1) // 2
    assert near(img.getpixel((cx - 12, cy - 6)), style.HOUSE)  # the houses badge fills the band
    bx0, by0, bx1, by1 = band_box(INDEX["baltic_avenue"])
    cx, cy = (bx0 + bx1) // 2, (by0 + by1) // 2
    assert near(img.getpixel((cx - 12, cy - 6)), style.HOTEL)
    park = INDEX["park_place"]
    for slot, seat in ((0, 1), (1, 2)):
        x, y = token_spot(park, slot)
        assert near(img.getpixel((x - 9, y)), seat_colour(seat))
    cx0, cy0, _, _ = cell_box(park)
    assert near(img.getpixel((cx0 + 2, cy0 + 20)), style.HIGHLIGHT)
    unowned = INDEX["boardwalk"]
    ux0, uy0, _, uy1 = owner_box(unowned)
    assert not near(img.getpixel((ux0 + 3, (uy0 + uy1) // 2)), seat_colour(0))  # no owner colour on the bank's deed


def test_board_is_deterministic_and_reflects_changes() -> None:
    s = _state()
    assert render_board(s) == render_board(s)
    moved = s.model_copy(deep=True)
    moved.players[0].cash -= 100
    assert render_board(moved) != render_board(s)


def test_public_card_hides_unowned_numbers_and_marks_lines_and_monopolies() -> None:
    s = bingo_position(
        {"name": "A", "card": CARD_A, "owned": ["B1", "B2", "B3", "B4", "B5", "I2"], "in_jail": True},
        {"name": "B", "card": CARD_B},
    )
    public = bingo.view_for(s, "B").players[0]
    img = rgb(render_card(public, 0))
    assert img.size == (WIDTH, HEIGHT)
    x, y = cell_origin(1, 0)  # I1: not owned, hidden
    assert near(img.getpixel((x + 4, y + 4)), style.HIDDEN)
    x, y = cell_origin(1, 1)  # I2: owned
    assert near(img.getpixel((x + 4, y + 4)), style.OWNED)
    x, y = cell_origin(2, 2)  # FREE, held in detention
    assert near(img.getpixel((x + 4, y + 4)), style.OWNED)
    x, y = cell_origin(0, 0)  # the column line runs through the middle of column B
    assert near(img.getpixel((x + 27, y + 40)), style.LINE)
    assert public.monopolies == ["B"]
    private = bingo.view_for(s, "A").players[0]
    full = rgb(render_card(private, 0))
    x, y = cell_origin(1, 0)  # I1 shown (white) to its owner
    assert near(full.getpixel((x + 4, y + 4)), style.WHITE)


def test_table_picture_has_every_card() -> None:
    s = bingo_position({"name": "A", "card": CARD_A}, {"name": "B", "card": CARD_B}, {"name": "C", "card": CARD_A})
    img = rgb(render_table(bingo.view_for(s, None).players))
    assert img.size[0] >= 3 * WIDTH and img.size[1] >= HEIGHT


def test_the_public_bingo_picture_is_drawn_from_public_information_only() -> None:
    """Change every number nobody owns: the public picture stays byte for byte the same, while a
    player's own card (drawn for its owner) does change."""
    import random

    from bot.store import GameRecord, Lobby, LobbyPlayer
    from cogs.bingo import PRESENTER
    from engine import bingo
    from tests.e2e.test_bingo_secrets import reshuffled
    from tests.engine.bingo.helpers import CARD_A, CARD_B, CARD_C, position

    players = [
        {"name": "1", "card": CARD_A, "owned": ["B1"]},
        {"name": "2", "card": CARD_B, "owned": ["I2", "G4"]},
        {"name": "3", "card": CARD_C, "owned": []},
    ]
    one = position(*players, deck=["8", "9"])
    two = position(*reshuffled(players, seed=random.Random(5).randint(0, 99)), deck=["8", "9"])
    assert one.players[1].card != two.players[1].card
    lobby = Lobby(players=[LobbyPlayer(id=i, name=f"P{i}") for i in (1, 2, 3)])
    record = GameRecord(
        id=1,
        guild_id=1,
        channel_id=1,
        kind="bingo",
        status="active",
        host_id=1,
        locale="en",
        version=1,
        lobby=lobby,
        created_at=0,
        updated_at=0,
    )
    assert PRESENTER.picture(record, one).digest == PRESENTER.picture(record, two).digest
    own_one = render_card(bingo.view_for(one, "2").players[1], 1)
    own_two = render_card(bingo.view_for(two, "2").players[1], 1)
    assert own_one != own_two


def test_a_mortgaged_deed_keeps_its_name_clear_and_the_legend_names_the_players() -> None:
    s = _state()
    s.mortgaged = ["mediterranean_avenue"]
    plain = rgb(render_board(s))
    named = rgb(render_board(s, ["Ann", "Bea", "Cai"]))
    assert plain.tobytes() != named.tobytes()  # the legend shows the names
    med = INDEX["mediterranean_avenue"]
    x0, y0, x1, y1 = owner_box(med)
    assert near(plain.getpixel((x0 + 3, (y0 + y1) // 2)), seat_colour(0)), "the owner's colour stays"
    assert near(plain.getpixel((x1 - 5, y0 + 3)), style.MORTGAGE), "the mortgage tag on top, at the strip's end"
    cx0, cy0, cx1, _ = cell_box(med)
    middle = plain.crop((cx0 + 6, cy0 + 24, cx1 - 6, cy0 + 40))
    assert style.MORTGAGE not in [c for _, c in middle.getcolors(4096) or []]  # no cross over the name


def test_a_cached_label_draws_exactly_what_drawing_the_text_draws() -> None:
    """The board stamps repeated labels from a cache; every pixel must be the one Pillow's own
    text drawing would give (anchors, sizes, long legend lines, the clipped-edge case)."""
    from PIL import Image, ImageDraw

    from bot.pictures import style
    from bot.pictures.sheet import Sheet

    cases = [("1", 12, "mm"), ("M", 12, "mm"), ("H", 20, "mm"), ("Mr", 24, "mm"), ("Bus", 24, "mm")]
    cases += [("Ann  $1,500  tickets 2", 20, "lm"), ("Bank: 88 houses · 24 hotels · 16 tickets", 16, "lm")]
    for text, size, anchor in cases:
        expected = Image.new("P", (420, 60), 0)
        ImageDraw.Draw(expected).text((30, 30), text, fill=5, font=style.font(size), anchor=anchor)
        stamped = Image.new("P", (420, 60), 0)
        Sheet(stamped, lambda colour: 5).label((30, 30), text, size, style.INK, (0, 0, 420, 60), anchor=anchor)
        assert stamped.tobytes() == expected.tobytes(), (text, size, anchor)


def test_the_banded_png_is_a_png_with_exactly_the_pixels_drawn() -> None:
    """The board's PNG compresses bands of rows once and reuses them: whatever the cache holds,
    the file decodes to the very pixels drawn, and the same picture gives the same bytes."""
    import io
    import os
    import zlib

    from PIL import Image

    from bot.pictures import png
    from cogs.mega.picture import _static
    from engine.mega.fuzz import mega_random_game

    for _ in range(50):
        a, b = os.urandom(int.from_bytes(os.urandom(2), "big")), os.urandom(int.from_bytes(os.urandom(2), "big"))
        assert png.adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)
    steps = list(mega_random_game(6, 4, max_actions=300))
    pictures = [steps[i][3] for i in (20, 21, 150, len(steps) - 1)]
    from cogs.mega import picture

    drawn: list[Image.Image] = []
    original = png.encode

    def keep(img: Image.Image, level: int = 1) -> bytes:
        drawn.append(img.copy())
        return original(img, level)

    picture.png.encode = keep  # type: ignore[assignment]
    try:
        files = [picture.render_board(state, ["Ann", "Bea", None, "Dan"]) for state in pictures]
    finally:
        picture.png.encode = original  # type: ignore[assignment]
    for data, img in zip(files, drawn, strict=True):
        decoded = Image.open(io.BytesIO(data))
        decoded.load()  # checks every chunk's CRC and the zlib stream's checksum
        assert decoded.size == img.size and decoded.convert("RGB").tobytes() == img.convert("RGB").tobytes()
    png._cache.clear()
    assert png.encode(drawn[2]) == files[2], "cached or not, the same picture gives the same bytes"
    assert png.encode(_static("en").img.copy())[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_stamped_rounded_rectangle_has_exactly_the_pixels_drawing_gives() -> None:
    """Dice and building badges are stamped from cached tiles: the pixels must be Pillow's own."""
    from PIL import Image, ImageDraw

    from bot.pictures.sheet import Sheet

    for box, radius, line in [((37, 41, 97, 101), 10, 2), ((5, 7, 33, 35), 5, 2), ((0, 0, 60, 60), 10, 2)]:
        expected = Image.new("P", (140, 140), 3)
        ImageDraw.Draw(expected).rounded_rectangle(box, radius=radius, fill=9, outline=4, width=line)
        stamped = Image.new("P", (140, 140), 3)
        colours = {style.HOUSE: 9, style.INK: 4}
        Sheet(stamped, colours.__getitem__).rounded(box, radius, style.HOUSE, style.INK, line)
        assert stamped.tobytes() == expected.tobytes(), box


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_bingo_headers_read_with_wcag_aa_contrast() -> None:
    """Issue 36: a monopoly's column letter is dark on amber, the others white on ink (4.5:1 at least)."""
    from cogs.bingo.picture import header_ink

    assert contrast(header_ink(True), style.MONOPOLY) >= 4.5
    assert contrast(header_ink(False), style.INK) >= 4.5


def test_bingo_lines_pass_behind_the_numbers_and_owned_cells_read_in_greyscale() -> None:
    """Issue 36: a completed line never covers a number; an owned cell has a dark frame, so it
    differs from an unowned one without colour."""
    s = bingo_position(
        {"name": "A", "card": CARD_A, "owned": ["B1", "B2", "B3", "B4", "B5", "I2"]}, {"name": "B", "card": CARD_B}
    )
    img = rgb(render_card(bingo.view_for(s, "A").players[0], 0))
    for row in range(5):  # column B is a completed line: its numbers sit on plates above the stroke
        x, y = cell_origin(0, row)
        centre = [img.getpixel((x + 27 + dx, y + 27 + dy)) for dx in range(-8, 9) for dy in range(-6, 7)]
        assert not any(near(p, style.LINE, 40) for p in centre), f"the line covers B{row + 1}'s number"
        if row < 4:  # and the stroke is there, below the number, on its way to the next cell
            assert any(near(p, style.LINE, 40) for p in [img.getpixel((x + 27, y + 42 + dy)) for dy in range(10)])
    grey = img.convert("L")
    owned_x, owned_y = cell_origin(1, 1)  # I2, owned
    plain_x, plain_y = cell_origin(3, 1)  # G2, not owned
    assert grey.getpixel((owned_x + 2, owned_y + 2)) < 80 and grey.getpixel((plain_x + 2, plain_y + 2)) > 180


def test_five_to_eight_bingo_cards_fill_their_rows() -> None:
    """Issue 36: five cards are laid 3 + 2 (not 4 + 1), six 3 + 3, seven 4 + 3, eight 4 + 4."""
    from cogs.bingo.picture import render_table as table

    for count, per_row in ((5, 3), (6, 3), (7, 4), (8, 4)):
        players = [{"name": f"P{i}", "card": CARD_A if i % 2 else CARD_B} for i in range(count)]
        s = bingo_position(*players)
        width, height = rgb(table(bingo.view_for(s, None).players)).size
        assert width == per_row * (WIDTH + 8) - 8 and height == 2 * (HEIGHT + 8) - 8, (count, width, height)


def test_the_space_landed_on_is_shown_as_a_deed_card_in_the_centre() -> None:
    """Issue 36: the centre shows the deed just landed on (its name, price, owner and rent now);
    without a deed landed on, that part of the centre stays the board's."""
    from cogs.mega import deed_card

    s = _state()
    area = (deed_card.LEFT + 10, deed_card.TOP + 10, deed_card.LEFT + deed_card.WIDTH - 10, deed_card.TOP + 60)
    s.landed = "boardwalk"
    card = rgb(render_board(s, ["Ann", "Bea"])).crop(area)
    s.landed = None
    plain = rgb(render_board(s, ["Ann", "Bea"])).crop(area)
    assert near(card.getpixel((2, 1)), style.GROUP_COLOURS["dark_blue"]), "the deed's colour band on top"
    assert near(card.getpixel((2, 10)), style.WHITE) and near(plain.getpixel((2, 10)), style.BOARD_BG)
    assert card.convert("L").getextrema()[0] < 80, "the deed's name is written on the card"
