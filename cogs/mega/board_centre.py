"""The middle of the board picture, what the table needs now: whose turn it is, each player's
colour, name, cash, tickets and jail, the bank's stock, the space just landed on as a large deed
card (`deed_card`) and the last dice."""

from __future__ import annotations

from bot import i18n
from bot.i18n import t
from bot.pictures import style
from bot.pictures.sheet import Sheet
from cogs.mega import deed_card
from cogs.mega.board_geometry import CENTRE, SIZE
from engine.mega.state import MegaState

LEFT, TOP, RIGHT = CENTRE[0] + 14, CENTRE[1] + 14, CENTRE[2] - 14
ROW = 36
NAME_W, CASH_X = 250, LEFT + 300  # the legend's columns: name (cut to fit), cash, tickets and jail
TEXT = 22
DICE_TOP, DIE = deed_card.TOP + 30, 64


def name_of(seat: int, names: list[str | None] | None, loc: str) -> str:
    name = names[seat] if names is not None and seat < len(names) else None
    return style.seat_label(seat, name, loc)


def draw_centre(sheet: Sheet, state: MegaState, names: list[str | None] | None, locale: str) -> None:
    loc = style.words_in(locale)
    _turn(sheet, state, names, loc)
    _legend(sheet, state, names, loc)
    deed_card.draw(sheet, state, names, loc)
    _dice(sheet, state, loc)
    sheet.label(
        (SIZE // 2, CENTRE[3] - 34), "MEGA MONOPOLY", 30, style.HOTEL, CENTRE, kind="title"
    )  # the brand, under everything else


def _turn(sheet: Sheet, state: MegaState, names: list[str | None] | None, loc: str) -> None:
    """The headline: whose turn it is, in their colour."""
    seat = state.turn
    if seat >= len(state.players):
        return
    y = TOP + 16
    sheet.disc((LEFT + 16, y), 16, style.seat_colour(seat), str(seat + 1), 18, CENTRE)
    text = t(loc, "board.turn", player=name_of(seat, names, loc))
    sheet.label((LEFT + 42, y), sheet.fit(text, 26, RIGHT - LEFT - 42), 26, style.INK, CENTRE, anchor="lm")


def _legend(sheet: Sheet, state: MegaState, names: list[str | None] | None, loc: str) -> None:
    """One row per seat: colour and number, name, cash, tickets, jail; the player whose turn it is
    on a highlighted row."""
    top = TOP + 48
    for seat, p in enumerate(state.players):
        y = top + seat * ROW + ROW // 2
        if seat == state.turn and not p.bankrupt:
            sheet.draw.rectangle((LEFT, y - ROW // 2 + 2, RIGHT, y + ROW // 2 - 2), fill=sheet.ink(style.HIGHLIGHT))
        sheet.disc((LEFT + 14, y), 14, style.seat_colour(seat), str(seat + 1), 16, CENTRE)
        name = sheet.fit(name_of(seat, names, loc), TEXT, NAME_W)
        sheet.label((LEFT + 38, y), name, TEXT, style.INK, CENTRE, anchor="lm")
        if p.bankrupt:
            sheet.label((CASH_X, y), t(loc, "board.bankrupt"), TEXT, style.INK, CENTRE, anchor="lm")
            continue
        sheet.label((CASH_X, y), i18n.money(loc, p.cash), TEXT, style.INK, CENTRE, anchor="lm")
        extras = [t(loc, "board.tickets", count=p.tickets)] if p.tickets else []
        extras += [t(loc, "board.jail")] if p.in_jail else []
        if extras:
            x = CASH_X + 120
            sheet.label((x, y), sheet.fit("  ".join(extras), 18, RIGHT - x), 18, style.INK, CENTRE, anchor="lm")
    bank = state.bank
    line = t(loc, "board.bank", houses=bank.houses, hotels=bank.hotels, tickets=bank.tickets)
    y = top + max(len(state.players), 4) * ROW + 18
    sheet.label((LEFT, y), sheet.fit(line, 20, RIGHT - LEFT), 20, style.INK, CENTRE, anchor="lm")


def dice_faces(state: MegaState, loc: str) -> list[str]:
    """The last roll's faces: the two white dice, then the speed die (a number, Mr. Monopoly, the bus)."""
    assert state.last_roll is not None
    speed = state.last_roll.speed
    faces = [str(w) for w in state.last_roll.white]
    return [*faces, t(loc, f"board.face.{speed}") if speed in ("mr", "bus") else str(speed)]


def _dice(sheet: Sheet, state: MegaState, loc: str) -> None:
    """The last roll: two white dice and the red speed die (a number, Mr. Monopoly or the bus)."""
    if state.last_roll is None:
        return
    faces = dice_faces(state, loc)
    left = (deed_card.RIGHT + RIGHT) // 2 - (3 * DIE + 2 * 16) // 2
    for i, face in enumerate(faces):
        x = left + i * (DIE + 16)
        colour = style.SPEED_DIE if i == 2 else style.WHITE
        sheet.rounded((x, DICE_TOP, x + DIE, DICE_TOP + DIE), 10, colour, style.INK, 2)
        die = (x, DICE_TOP, x + DIE + 1, DICE_TOP + DIE + 1)
        sheet.note("die", die, CENTRE, face)
        size = 30 if len(face) <= 2 else 18  # a word in Japanese still fits the face
        sheet.label((x + DIE // 2, DICE_TOP + DIE // 2), face, size, style.ink_on(colour), die, kind="face")
