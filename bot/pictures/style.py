"""Colours and fonts shared by the pictures. Each seat has a colour that Discord can show next to a
name as a coloured square emoji (`SEAT_MARKERS`), so the embed and the picture match in any
script; the bundled font draws Latin names only (others fall back to the seat number)."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from PIL import ImageFont

from bot.i18n import t

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# The seat colours, each near its square emoji, chosen so every two stay apart (CIE76 ΔE ≥ 20) for
# everyone, and under deuteranopia and protanopia simulations too (tests/pictures/test_colours.py).
PLAYER_COLOURS: tuple[RGB, ...] = (
    (215, 45, 75),  # red
    (60, 60, 250),  # blue
    (100, 215, 100),  # green
    (240, 110, 30),  # orange
    (175, 75, 155),  # purple
    (100, 50, 0),  # brown
    (250, 230, 45),  # yellow
    (40, 40, 40),  # black
)


def ink_on(background: RGB) -> RGB:
    """Black or white, whichever reads better on `background` (WCAG contrast)."""

    def luminance(c: RGB) -> float:
        channels = [v / 255 for v in c]
        r, g, b = (x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light = luminance(background)
    return INK if (light + 0.05) / (luminance(INK) + 0.05) > 1.05 / (light + 0.05) else WHITE


# The square emoji of each seat colour, shown before a player's name in the embeds.
SEAT_MARKERS: tuple[str, ...] = ("🟥", "🟦", "🟩", "🟧", "🟪", "🟫", "🟨", "⬛")


def seat_colour(seat: int) -> RGB:
    """A seat's colour on every picture (the board, the cards, the story chart)."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def seat_label(seat: int, name: str | None, locale: str, limit: int | None = None) -> str:
    """A player as the pictures name them: their name where the font can draw it (cut to `limit`
    characters), else "Seat N" in the pictures' words; their seat colour is beside it either way."""
    if name is not None and drawable(name):
        return name[:limit] if limit else name
    return t(words_in(locale), "picture.seat", seat=seat + 1)


def seat_marker(seat: int) -> str:
    return SEAT_MARKERS[seat % len(SEAT_MARKERS)]


def drawable(text: str) -> bool:
    """Whether the pictures' font can draw `text` (any text with a Japanese-capable font, else
    printable ASCII)."""
    return bool(text) and (has_wide_font() or all(32 <= ord(ch) < 127 for ch in text))


GROUP_COLOURS: dict[str, RGB] = {
    "brown": (139, 69, 19),
    "light_blue": (160, 216, 245),
    "pink": (217, 58, 150),
    "orange": (247, 148, 29),
    "red": (237, 27, 36),
    "yellow": (250, 230, 0),
    "green": (31, 160, 80),
    "dark_blue": (0, 84, 166),
}
BOARD_BG: RGB = (205, 230, 208)
CELL_BG: RGB = (246, 250, 244)
INK: RGB = (20, 20, 20)
GREY: RGB = (120, 120, 120)
WHITE: RGB = (255, 255, 255)
HOUSE: RGB = (0, 150, 60)
HOTEL: RGB = (200, 0, 0)
HIGHLIGHT: RGB = (255, 200, 0)
MORTGAGE: RGB = (90, 90, 90)
SPEED_DIE: RGB = (200, 30, 40)
HIDDEN: RGB = (200, 200, 205)
OWNED: RGB = (255, 236, 150)
LINE: RGB = (220, 40, 40)
MONOPOLY: RGB = (255, 170, 0)

# Colours the dynamic layer draws with; they get fixed palette slots on top of the static picture's.
DYNAMIC: tuple[RGB, ...] = (
    *PLAYER_COLOURS,
    INK,
    WHITE,
    GREY,
    HOUSE,
    HOTEL,
    HIGHLIGHT,
    MORTGAGE,
    SPEED_DIE,
    CELL_BG,
    BOARD_BG,
    *GROUP_COLOURS.values(),  # the deed card's colour band
)


# Fonts with Japanese glyphs where Debian's packages put them: used when FONT_PATH is not set.
WIDE_FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
)


def configure_font(path: Path | str | None) -> None:
    """The font the settings name (FONT_PATH, from the environment or `.env`); picture worker
    processes inherit it through their environment."""
    if path:
        os.environ["FONT_PATH"] = str(path)
    _font_path.cache_clear()
    font.cache_clear()


@cache
def _font_path() -> str | None:
    """FONT_PATH when it names a font with Japanese glyphs; else the first such font found where
    Debian's packages put them; else None (a Latin-only FONT_PATH still draws Latin text: `font`)."""
    configured = os.environ.get("FONT_PATH", "").strip()
    for path in ((configured,) if configured else ()) + WIDE_FONTS:
        if os.path.isfile(path) and has_japanese_glyphs(path):
            return path
    return None


def _any_font_path() -> str | None:
    """The font to draw with: one with Japanese glyphs where there is one (a Latin-only FONT_PATH
    would draw Japanese as boxes), else FONT_PATH as it is."""
    wide = _font_path()
    if wide is not None:
        return wide
    configured = os.environ.get("FONT_PATH", "").strip()
    return configured if configured and os.path.isfile(configured) else None


@cache
def has_japanese_glyphs(path: str) -> bool:
    """Whether the font draws Japanese: its glyphs for kana and kanji differ from the glyph it
    draws for a character no font has (its "missing" box)."""
    try:
        probe = ImageFont.truetype(path, 24)
    except OSError:
        return False
    missing = probe.getmask("\U0010fffd")
    return all(bytes(probe.getmask(ch)) != bytes(missing) for ch in "日本語かな")


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The configured font (FONT_PATH, e.g. a CJK font in the Docker image), else Pillow's bundled
    font, which draws Latin letters and digits only."""
    path = _any_font_path()
    if path is not None:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            pass
    return ImageFont.load_default(size=size)


def fit(text: str, font: Font, room: float) -> str:
    """`text`, cut with an ellipsis where it would be wider than `room` pixels."""
    if font.getlength(text) <= room:
        return text
    while text and font.getlength(text + "…") > room:
        text = text[:-1]
    return text.rstrip() + "…"


def words_in(locale: str) -> str:
    """The language a picture's words are drawn in: the game's, where the font has its glyphs;
    else English (words are never drawn as boxes)."""
    return locale if locale == "en" or has_wide_font() else "en"


def has_wide_font() -> bool:
    """Whether names in any script (Japanese included) can be drawn."""
    return _font_path() is not None
