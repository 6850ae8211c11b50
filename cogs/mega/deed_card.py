"""The space just landed on, as a large card in the board's centre: its name, and for a deed its
price, its owner (or "for sale"), the rent it charges now with its buildings, and who holds how much
of its group — so the picture tells what the table is deciding about."""

from __future__ import annotations

from bot.i18n import t
from bot.pictures import style
from bot.pictures.sheet import Box, Sheet
from cogs.mega.board_geometry import CENTRE
from engine.mega.board import BOARD, GROUPS, SPACES
from engine.mega.rent import count_owned, street_rent
from engine.mega.state import MegaState

LEFT, TOP, WIDTH, HEIGHT = CENTRE[0] + 14, 556, 360, 236
RIGHT = LEFT + WIDTH
BOX: Box = (LEFT, TOP, RIGHT, TOP + HEIGHT)
ROW, TEXT = 40, 22


def draw(sheet: Sheet, state: MegaState, names: list[str | None] | None, loc: str) -> None:
    space = state.landed
    info = SPACES.get(space or "")
    if space is None or info is None:
        return
    sheet.draw.rectangle(
        (LEFT, TOP, RIGHT - 1, TOP + HEIGHT - 1), fill=sheet.ink(style.WHITE), outline=sheet.ink(style.INK), width=3
    )
    if info.group is not None:  # the deed's colour, as on the printed title deed
        band = (LEFT + 3, TOP + 3, RIGHT - 4, TOP + 12)
        sheet.draw.rectangle(band, fill=sheet.ink(style.GROUP_COLOURS[info.group]))
    title = t(loc, f"space.{space}")
    title = title if style.drawable(title) else info.name
    sheet.label((LEFT + WIDTH // 2, TOP + 40), sheet.fit(title, 28, WIDTH - 24), 28, style.INK, BOX)
    if not info.price:
        return
    seats = {p.name: i for i, p in enumerate(state.players)}
    owner = state.owner.get(space)
    rows = card_rows(loc, state, space)
    for i, row in enumerate(rows):
        y = TOP + 86 + i * ROW
        sheet.label((LEFT + 18, y), sheet.fit(row, TEXT, WIDTH - 36), TEXT, style.INK, BOX, anchor="lm")
    if owner is not None:  # the owner in their seat colour and number, as on the owner strip
        y = TOP + 86 + ROW
        x = LEFT + 18 + int(style.font(TEXT).getlength(rows[1])) + 22
        seat = seats[owner]
        sheet.disc((x, y), 13, style.seat_colour(seat), str(seat + 1), 16, BOX)
        name = _name(loc, seat, names)
        sheet.label((x + 20, y), sheet.fit(name, TEXT, RIGHT - 18 - x - 20), TEXT, style.INK, BOX, anchor="lm")
    _holders(sheet, state, space, seats, TOP + 86 + len(rows) * ROW, loc)


def card_rows(loc: str, state: MegaState, space: str) -> list[str]:
    """A deed's card under its name: its price; "For sale", or "Owner:" and the rent it charges now."""
    rows = [t(loc, "board.card.price", price=SPACES[space].price)]
    if space not in state.owner:
        return [*rows, t(loc, "board.card.for_sale")]
    return [*rows, t(loc, "board.card.owner"), rent_text(loc, state, space)]


def _name(loc: str, seat: int, names: list[str | None] | None) -> str:
    name = names[seat] if names is not None and seat < len(names) else None
    return style.seat_label(seat, name, loc)


def rent_text(loc: str, state: MegaState, space: str) -> str:
    """The rent the deed charges now, in words (mortgaged: none)."""
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


def _holders(sheet: Sheet, state: MegaState, space: str, seats: dict[str, int], y: int, loc: str) -> None:
    """The space's group, one disc per deed in board order: its owner's colour and seat number, or
    an empty ring while the bank still has it."""
    info = SPACES[space]
    if info.group is None:
        return
    members = GROUPS[info.group].members
    head = t(loc, "board.card.group", size=len(members))
    sheet.label((LEFT + 18, y), head, TEXT, style.INK, BOX, anchor="lm")
    x = LEFT + 18 + int(style.font(TEXT).getlength(head)) + 24
    for member in members:
        owner = state.owner.get(member)
        if owner is None:
            sheet.draw.ellipse((x - 13, y - 13, x + 13, y + 13), outline=sheet.ink(style.GREY), width=2)
            sheet.note("deed", (x - 13, y - 13, x + 14, y + 14), BOX)
        else:
            seat = seats[owner]
            sheet.disc((x, y), 13, style.seat_colour(seat), str(seat + 1), 16, BOX)
        x += 34
