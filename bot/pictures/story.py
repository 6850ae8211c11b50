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


def render_story(
    title: str,
    turns: list[int],
    lines: list[tuple[int, str | None, list[int]]],
    money: bool,
    turn_word: str,
    locale: str = "en",
) -> bytes:
    """`lines`: (seat, name or None, values at each of `turns`). The title and the axis word are in
    the game's language; where the font cannot draw them (no CJK font) they are left out, never
    drawn as boxes."""
    img = Image.new("RGB", (WIDTH, HEIGHT), style.WHITE)
    draw = ImageDraw.Draw(img)
    draw.text((LEFT, 16), title if style.drawable(title) else "", font=style.font(24), fill=style.INK)
    x0, y0, x1, y1 = LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM
    top = max((max(values, default=0) for _, _, values in lines), default=0)
    step = _nice_step(top)
    top = max(step, -(-top // step) * step)
    first, last = (turns[0], turns[-1]) if turns else (0, 1)
    span = max(last - first, 1)

    def at(turn: int, value: int) -> tuple[float, float]:
        return x0 + (turn - first) * (x1 - x0) / span, y1 - value * (y1 - y0) / top

    small = style.font(16)
    for value in range(0, top + 1, step):
        y = at(first, value)[1]
        draw.line((x0, y, x1, y), fill=GRID, width=1)
        draw.text((x0 - 8, y), _label(value, money, locale), font=small, fill=style.GREY, anchor="rm")
    turn_step = _nice_step(span, 6)
    for turn in range(first - first % turn_step, last + 1, turn_step):
        if turn >= first:
            x = at(turn, 0)[0]
            draw.text((x, y1 + 8), str(turn), font=small, fill=style.GREY, anchor="mt")
    draw.text(
        ((x0 + x1) / 2, y1 + 30),
        turn_word if style.drawable(turn_word) else "",
        font=small,
        fill=style.GREY,
        anchor="mt",
    )
    draw.line((x0, y0, x0, y1), fill=style.GREY, width=2)
    draw.line((x0, y1, x1, y1), fill=style.GREY, width=2)
    for seat, _, values in lines:
        colour = style.PLAYER_COLOURS[seat % len(style.PLAYER_COLOURS)]
        points = [at(t, v) for t, v in zip(turns, values, strict=True)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=4, joint="curve")
        if points:
            px, py = points[-1]
            draw.ellipse((px - 6, py - 6, px + 6, py + 6), fill=colour)
    legend = style.font(18)
    for row, (seat, name, values) in enumerate(lines):
        colour = style.PLAYER_COLOURS[seat % len(style.PLAYER_COLOURS)]
        y = y0 + row * 30
        draw.rectangle((x1 + 20, y, x1 + 38, y + 18), fill=colour)
        seat_word = i18n.t(style.words_in(locale), "picture.seat", seat=seat + 1)
        label = name[:12] if name is not None and style.drawable(name) else seat_word
        draw.text((x1 + 46, y + 9), label, font=legend, fill=style.INK, anchor="lm")
        draw.text(
            (WIDTH - 12, y + 9),
            _label(values[-1] if values else 0, money, locale),
            font=legend,
            fill=style.GREY,
            anchor="rm",
        )
    out = io.BytesIO()
    img.save(out, "PNG", compress_level=1)
    return out.getvalue()
