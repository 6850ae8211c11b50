"""The bingo table for the watch page, as SVG: every player's card as the table sees it — owned
numbers, completed lines, column monopolies, detention — drawn from the public `view_for(state,
None)`, so a hidden number cannot reach the page (a hidden cell is a "?")."""

from __future__ import annotations

from html import escape

from bot.i18n import t
from bot.pictures import style
from cogs.bingo.picture import OWNED_FRAME, cell_words, ground, header_ink
from cogs.mega.svg import hex_of
from engine.bingo.cards import COLUMNS, LINES
from engine.bingo.view import CardView

CELL, PAD, HEAD, TITLE = 56, 10, 30, 30
WIDTH = PAD * 2 + CELL * 5
HEIGHT = TITLE + HEAD + CELL * 5 + PAD * 2
GAP = 12


def table_layers(cards: list[CardView], names: list[str], locale: str) -> tuple[str, str]:
    """Every card, up to four to a row, the rows as even as they can be: the view box and the
    cards (nothing of a bingo table stays the same from state to state)."""
    rows = max(1, (len(cards) + 3) // 4)
    per_row = max(1, (len(cards) + rows - 1) // rows)
    width, height = per_row * (WIDTH + GAP) - GAP, rows * (HEIGHT + GAP) - GAP
    parts = [
        _card(card, seat, names[seat], locale, (seat % per_row) * (WIDTH + GAP), (seat // per_row) * (HEIGHT + GAP))
        for seat, card in enumerate(cards)
    ]
    return f"0 0 {width} {height}", "".join(parts)


def _card(card: CardView, seat: int, name: str, locale: str, x: int, y: int) -> str:
    colour = style.seat_colour(seat)
    status = ""
    if card.in_jail or card.eliminated:
        status = " · " + t(locale, "picture.detention" if card.in_jail else "picture.out")
    parts = [
        f'<g transform="translate({x},{y})">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff" stroke="#141414"/>',
        f'<rect width="{WIDTH}" height="{TITLE}" fill="{hex_of(colour)}"/>',
        f'<text x="{PAD}" y="{TITLE / 2}" font-size="17" dominant-baseline="central" '
        f'fill="{hex_of(style.ink_on(colour))}">{seat + 1} · {escape(name)}{escape(status)}</text>',
    ]
    owned = set(card.owned)
    labels = []
    for c, letter in enumerate(COLUMNS):
        cx = PAD + c * CELL
        monopoly = letter in card.monopolies
        fill = style.MONOPOLY if monopoly else style.INK
        parts.append(f'<rect x="{cx}" y="{TITLE + 4}" width="{CELL - 2}" height="{HEAD - 6}" fill="{hex_of(fill)}"/>')
        parts.append(
            f'<text x="{cx + CELL / 2 - 1}" y="{TITLE + 4 + (HEAD - 6) / 2}" font-size="19" font-weight="bold" '
            f'text-anchor="middle" dominant-baseline="central" fill="{hex_of(header_ink(monopoly))}">{letter}</text>'
        )
        for r in range(5):
            ground, label = _cell(card, f"{letter}{r + 1}", cx, _top(r), owned, locale)
            parts.append(ground)
            labels.append(label)
    for line, cells in LINES:  # completed lines over the cells' grounds, under their numbers
        if line in card.lines:
            (c0, r0), (c1, r1) = _pos(cells[0]), _pos(cells[-1])
            x0, y0 = PAD + c0 * CELL + CELL / 2 - 1, _top(r0) + CELL / 2 - 1
            x1, y1 = PAD + c1 * CELL + CELL / 2 - 1, _top(r1) + CELL / 2 - 1
            parts.append(
                f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="{hex_of(style.LINE)}" stroke-width="6" '
                'stroke-linecap="round" opacity="0.6"/>'
            )
    parts += labels
    parts.append("</g>")
    return "".join(parts)


def _top(row: int) -> int:
    return TITLE + HEAD + PAD // 2 + row * CELL


def _pos(cell: str) -> tuple[int, int]:
    return COLUMNS.index(cell[0]), int(cell[1:]) - 1


def _cell(card: CardView, cell: str, x: int, y: int, owned: set[str], locale: str) -> tuple[str, str]:
    """A cell's ground, and its words on a plate of that ground (a line passes behind them)."""
    fill = ground(card, cell, owned)
    frame = OWNED_FRAME if cell in owned else 1
    text, size, ink = cell_words(card, cell, locale)
    inset = frame / 2
    drawn = (
        f'<rect x="{x + inset}" y="{y + inset}" width="{CELL - 2 - frame}" height="{CELL - 2 - frame}" '
        f'fill="{hex_of(fill)}" stroke="#141414" stroke-width="{frame}"/>'
    )
    middle_x, middle_y = x + CELL / 2 - 1, y + CELL / 2 - 1
    plate = len(text) * size * 0.62 + 6
    label = (
        f'<rect x="{middle_x - plate / 2:.1f}" y="{middle_y - size * 0.6:.1f}" width="{plate:.1f}" '
        f'height="{size * 1.2:.1f}" fill="{hex_of(fill)}"/>'
        f'<text x="{middle_x}" y="{middle_y}" font-size="{size}" text-anchor="middle" '
        f'dominant-baseline="central" fill="{hex_of(ink)}" font-weight="bold">{escape(text)}</text>'
    )
    return drawn, label
