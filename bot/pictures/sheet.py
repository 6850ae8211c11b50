"""Drawing on a palette picture, with a note of every mark drawn when asked for one.

The board draws labels, badges and tokens through a `Sheet`; a test asks for the notes (`Mark`s:
what was drawn, the pixels its ink covers and the box it must stay in) and checks that no two marks
overlap and none is cut by its cell or the image edge — measured on what is drawn, not on a plan.
Labels are stamped from masks rasterized once: the board repeats the same few (seat numbers, house
counts) on every picture."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.pictures import style

Box = tuple[int, int, int, int]  # x0, y0, x1, y1; x1 and y1 are the first pixels outside


@dataclass(frozen=True)
class Mark:
    """Something a player reads: a label, a badge, a token."""

    kind: str
    box: Box  # the pixels it covers
    within: Box  # where it must stay whole
    text: str = ""
    size: int = 0  # its letters' size in px, if it has letters


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a: Box, b: Box) -> bool:
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


@lru_cache(maxsize=4096)
def glyph(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int, Box]:
    """A label rasterized once: its 1-bit mask, the mask's offset from the anchor point, and the
    box of its ink relative to the anchor point."""
    font = style.font(size)
    left, top, right, bottom = (int(v) for v in font.getbbox(text, anchor=anchor))
    pad = 4  # the box may be a pixel short of what is drawn; empty bits draw nothing
    mask = Image.new("1", (right - left + 2 * pad, bottom - top + 2 * pad), 0)
    ImageDraw.Draw(mask).text((pad - left, pad - top), text, fill=1, font=font, anchor=anchor)
    dx, dy = left - pad, top - pad
    ink = mask.getbbox() or (0, 0, 0, 0)
    return mask, dx, dy, (ink[0] + dx, ink[1] + dy, ink[2] + dx, ink[3] + dy)


def text_box(xy: tuple[int, int], text: str, size: int, anchor: str = "mm") -> Box:
    """The pixels `text` covers when stamped at `xy`."""
    box = glyph(text, size, anchor)[3]
    return (xy[0] + box[0], xy[1] + box[1], xy[0] + box[2], xy[1] + box[3])


@lru_cache(maxsize=128)
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


class Sheet:
    """A palette picture and its pen. `ink` gives a colour's palette index; `marks`, when given,
    receives a note of each mark drawn."""

    def __init__(self, img: Image.Image, ink: Callable[[style.RGB], int], marks: list[Mark] | None = None) -> None:
        self.img = img
        self.draw = ImageDraw.Draw(img)
        self.ink = ink
        self.marks = marks

    def note(self, kind: str, box: Box, within: Box, text: str = "", size: int = 0) -> None:
        if self.marks is not None:
            self.marks.append(Mark(kind, box, within, text, size))

    def label(
        self,
        xy: tuple[int, int],
        text: str,
        size: int,
        colour: style.RGB,
        within: Box,
        anchor: str = "mm",
        kind: str = "label",
    ) -> None:
        mask, dx, dy, _ = glyph(text, size, anchor)
        self.draw.bitmap((xy[0] + dx, xy[1] + dy), mask, fill=self.ink(colour))
        if self.marks is not None:
            self.note(kind, text_box(xy, text, size, anchor), within, text, size)

    def rounded(self, box: Box, radius: int, fill: style.RGB, outline: style.RGB, line: int) -> None:
        """`rounded_rectangle` with the same pixels, stamped from a cached tile."""
        tile, mask = _rounded_tile(box[2] - box[0], box[3] - box[1], radius, self.ink(fill), self.ink(outline), line)
        self.img.paste(tile, (box[0], box[1]), mask)

    def disc(
        self,
        centre: tuple[int, int],
        radius: int,
        colour: style.RGB,
        text: str,
        size: int,
        within: Box,
        kind: str = "seat",
    ) -> None:
        """A disc in a seat's colour with the seat number in it (a token, or a seat in a list)."""
        x, y = centre
        self.draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius), fill=self.ink(colour), outline=self.ink(style.INK)
        )
        mask, dx, dy, _ = glyph(text, size, "mm")
        self.draw.bitmap((x + dx, y + dy), mask, fill=self.ink(style.ink_on(colour)))
        self.note(kind, (x - radius, y - radius, x + radius + 1, y + radius + 1), within, text, size)

    def fit(self, text: str, size: int, width: int) -> str:
        """`text` cut with an ellipsis so that it is at most `width` px wide at `size`."""
        return style.fit(text, style.font(size), width)
