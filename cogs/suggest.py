"""The suggested move: where a decision is a choice in a select (a number to declare, cells to
discard, a deed to auction, a layout to settle), a highlighted button plays what a normal computer
would play for that player, named on the button. A newcomer always has one main move to press;
the select stays for anyone who wants to choose. The move comes from the game's own computer
(`Game.computer`, seeded by the state's version and the seat), so the button plays exactly the move
it names; the engine still checks it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.service import ServiceError
from bot.store import GameRecord
from cogs.buttons import GameButton
from cogs.context import Click
from engine import games
from engine.core import offers
from engine.core.game import Action, State

LEVEL = "normal"


Label = Callable[[GameRecord, Any, Any], "str | None"]


def suggested_move(record: GameRecord, state: State, player: str) -> Action | None:
    """The move a normal computer would make about the decision in front of `player` (an offer
    to them is answered on its own message, never by this button)."""
    open_to_it = offers.without_offers(state)
    return games.game(record.kind).computer(open_to_it, player, LEVEL, games.seeded(open_to_it, player))


def suggestion_button(
    record: GameRecord, state: State, player: str, moves: frozenset[str], label_of: Label
) -> GameButton | None:
    """The highlighted button for `player`'s suggested move, if it is one of `moves` (verbs);
    `label_of` names it in the game's words ("Declare 24: you take B4")."""
    move = suggested_move(record, state, player)
    if move is None or move.do not in moves:
        return None
    label = label_of(record, state, move)
    if label is None:
        return None
    return GameButton(record.id, record.version, "suggest", move.do, label=label, style=discord.ButtonStyle.primary)


async def play_suggestion(click: Click) -> None:
    """The suggested move, as it was named (the button was drawn for this version and this verb)."""
    state = click.state
    if click.record.status != "active" or state is None or not click.seated:
        raise ServiceError("not_active" if click.seated else "not_in_game")
    move = suggested_move(click.record, state, click.me)
    if move is None or move.do != click.arg or click.version != click.record.version:
        raise ServiceError("stale")
    # From a private panel, it says done there (Click.show).
    await click.show(await click.act(move.model_dump(mode="json", by_alias=True), click.version))
