"""The centre of the board picture: the space just landed on as a large deed card — its name, price,
owner (or "for sale"), the rent it charges now with its buildings and its group's holdings, and
who holds how much of its group — so the picture tells what the table is deciding about."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from bot.i18n import listed, t
from bot.pictures import style
from engine.mega.board import BOARD, GROUPS, SPACES
from engine.mega.rent import count_owned, street_rent
from engine.mega.state import MegaState

Label = Callable[..., None]  # (draw, xy, text, size, fill, anchor="mm")
Ink = Callable[[style.RGB], int]

LEFT, TOP, WIDTH, HEIGHT = 536, 206, 360, 250
ROW = 40


def draw_deed_card(
    draw: ImageDraw.ImageDraw,
    state: MegaState,
    names: list[str | None] | None,
    locale: str,
    label: Label,
    ink: Ink,
) -> None:
    space = state.landed
    info = SPACES.get(space or "")
    if space is None or info is None or not info.price:
        return
    loc = style.words_in(locale)
    draw.rectangle((LEFT, TOP, LEFT + WIDTH, TOP + HEIGHT), fill=ink(style.WHITE), outline=ink(style.INK), width=3)
    title = t(loc, f"space.{space}")
    title = title if style.drawable(title) else info.name
    label(draw, (LEFT + WIDTH // 2, TOP + 34), title[:22], 30, ink(style.INK))
    rows = [t(loc, "board.card.price", price=info.price)]
    owner = state.owner.get(space)
    seats = {p.name: i for i, p in enumerate(state.players)}
    if owner is None:
        rows.append(t(loc, "board.card.for_sale"))
    else:
        rows.append(t(loc, "board.card.owner", player=_name(loc, seats[owner], names)))
        rows.append(_rent(loc, state, space))
    holders = _holders(loc, state, space, seats, names)
    if holders:
        rows.append(holders)
    for i, row in enumerate(rows[:4]):
        label(
            draw, (LEFT + 20, TOP + 84 + i * ROW), row[:32], 22 if len(row) <= 26 else 18, ink(style.INK), anchor="lm"
        )
    if owner is not None:  # the owner's seat colour, as on the owner strip and in the legend
        r = 12
        x, y = LEFT + WIDTH - 30, TOP + 84 + ROW
        draw.ellipse((x - r, y - r, x + r, y + r), fill=ink(style.seat_colour(seats[owner])), outline=ink(style.INK))


def _name(loc: str, seat: int, names: list[str | None] | None) -> str:
    name = names[seat] if names is not None and seat < len(names) else None
    return style.seat_label(seat, name, loc, 14)


def _rent(loc: str, state: MegaState, space: str) -> str:
    info = SPACES[space]
    if space in state.mortgaged:
        return t(loc, "board.card.mortgaged")
    if info.kind == "railroad":
        owned = count_owned(state, state.owner[space], "railroad")
        return t(loc, "board.card.rent", amount=BOARD.railroad_rent_by_count[owned - 1])
    if info.kind == "utility":
        owned = count_owned(state, state.owner[space], "utility")
        return t(loc, "board.card.rent_dice", times=BOARD.utility_multiplier_by_count[owned - 1])
    return t(loc, "board.card.rent", amount=street_rent(state, space))


def _holders(loc: str, state: MegaState, space: str, seats: dict[str, int], names: list[str | None] | None) -> str:
    """Who holds how much of the space's group ("Ann 3 · Bea 1 / 4")."""
    info = SPACES[space]
    if info.group is None:
        return ""
    members = GROUPS[info.group].members
    counts: dict[int, int] = {}
    for member in members:
        owner = state.owner.get(member)
        if owner is not None:
            counts[seats[owner]] = counts.get(seats[owner], 0) + 1
    if not counts:
        return ""
    held = listed(
        loc, (t(loc, "board.card.holds", seat=seat + 1, count=count) for seat, count in sorted(counts.items()))
    )
    return t(loc, "board.card.group", held=held, size=len(members))
