"""The story chart of a finished game: one line per player (in their seat colour, as on the board
and in the embed) of a measure over the turns — net worth in Mega, cells owned in bingo. Drawn large
enough to read at embed size (Discord shows images about 400 px wide)."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from bot import i18n
from bot.pictures import style

WIDTH, HEIGHT = 960, 480
LEFT, RIGHT, TOP, BOTTOM = 96, 200, 56, 56
GRID = (225, 225, 228)
LEGEND_ROW = 46  # a name and, under it, the value at the end


def _nice_step(span: float, ticks: int = 5) -> int:
    """A round step (1, 2, 5 × 10^n) giving about `ticks` grid lines."""
    raw = max(span / ticks, 1)
    power = 10 ** (len(str(int(raw))) - 1)
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return int(factor * power)
    return int(10 * power)


def _label(value: int, money: bool, locale: str) -> str:
    """Money as people write it ("$6,374", in the language's CLDR format), counts as they are."""
    return i18n.money(locale, value) if money else str(value)


class _Plot:
    """The chart's frame: where a (turn, value) falls, and the round steps of its two axes."""

    def __init__(self, turns: list[int], lines: list[tuple[int, str | None, list[int]]]) -> None:
        self.x0, self.y0, self.x1, self.y1 = LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM
        top = max((max(values, default=0) for _, _, values in lines), default=0)
        self.step = _nice_step(top)
        self.top = max(self.step, -(-top // self.step) * self.step)
        self.first, self.last = (turns[0], turns[-1]) if turns else (0, 1)
        self.span = max(self.last - self.first, 1)

    def at(self, turn: int, value: int) -> tuple[float, float]:
        x = self.x0 + (turn - self.first) * (self.x1 - self.x0) / self.span
        return x, self.y1 - value * (self.y1 - self.y0) / self.top


def render_story(
    title: str,
    turns: list[int],
    lines: list[tuple[int, str | None, list[int]]],
    money: bool,
    turn_word: str,
    locale: str = "en",
    fallback: tuple[str, str] = ("", ""),
) -> bytes:
    """`lines`: (seat, name or None, values at each of `turns`). The title and the axis word are in
    the game's language; where the font cannot draw them (no CJK font) their English `fallback`
    is drawn instead, never boxes."""
    img = Image.new("RGB", (WIDTH, HEIGHT), style.WHITE)
    draw = ImageDraw.Draw(img)
    title = title if style.drawable(title) else fallback[0]
    turn_word = turn_word if style.drawable(turn_word) else fallback[1]
    draw.text((LEFT, 16), style.fit(title, style.font(24), WIDTH - LEFT - 12), font=style.font(24), fill=style.INK)
    plot = _Plot(turns, lines)
    _axes(draw, plot, money, turn_word, locale)
    for seat, _, values in lines:
        colour = style.seat_colour(seat)
        points = [plot.at(t, v) for t, v in zip(turns, values, strict=True)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=4, joint="curve")
        if points:
            px, py = points[-1]
            draw.ellipse((px - 6, py - 6, px + 6, py + 6), fill=colour)
    _legend(draw, plot, lines, money, locale)
    out = io.BytesIO()
    img.save(out, "PNG", compress_level=1)
    return out.getvalue()


def _axes(draw: ImageDraw.ImageDraw, plot: _Plot, money: bool, turn_word: str, locale: str) -> None:
    small = style.font(16)
    for value in range(0, plot.top + 1, plot.step):
        y = plot.at(plot.first, value)[1]
        draw.line((plot.x0, y, plot.x1, y), fill=GRID, width=1)
        draw.text((plot.x0 - 8, y), _label(value, money, locale), font=small, fill=style.GREY, anchor="rm")
    turn_step = _nice_step(plot.span, 6)
    for turn in range(plot.first - plot.first % turn_step, plot.last + 1, turn_step):
        if turn >= plot.first:
            x = plot.at(turn, 0)[0]
            draw.text((x, plot.y1 + 8), str(turn), font=small, fill=style.GREY, anchor="mt")
    draw.text(((plot.x0 + plot.x1) / 2, plot.y1 + 30), turn_word, font=small, fill=style.GREY, anchor="mt")
    draw.line((plot.x0, plot.y0, plot.x0, plot.y1), fill=style.GREY, width=2)
    draw.line((plot.x0, plot.y1, plot.x1, plot.y1), fill=style.GREY, width=2)


def _legend(
    draw: ImageDraw.ImageDraw, plot: _Plot, lines: list[tuple[int, str | None, list[int]]], money: bool, locale: str
) -> None:
    """Each player's colour and name (or seat word), cut to fit with an ellipsis, and under it
    their measure at the end: a long name never runs into its value."""
    legend, value = style.font(18), style.font(16)
    room = WIDTH - 12 - (plot.x1 + 46)
    for row, (seat, name, values) in enumerate(lines):
        colour = style.seat_colour(seat)
        y = plot.y0 + row * LEGEND_ROW
        draw.rectangle((plot.x1 + 20, y, plot.x1 + 38, y + 18), fill=colour)
        label = style.seat_label(seat, name, locale)
        draw.text((plot.x1 + 46, y + 9), style.fit(label, legend, room), font=legend, fill=style.INK, anchor="lm")
        last = _label(values[-1] if values else 0, money, locale)
        draw.text((plot.x1 + 46, y + 30), last, font=value, fill=style.GREY, anchor="lm")
