"""Pictures for the embeds. Pillow drawing is CPU work: the bot calls these through
`asyncio.to_thread` so the event loop never waits on it."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

from bot.pictures.board import render_board
from bot.pictures.card import render_card, render_table
from engine import bingo

__all__ = ["Picture", "picture_for", "private_card", "render_board", "render_card", "render_table"]


class Picture:
    def __init__(self, filename: str, data: bytes) -> None:
        self.filename = filename
        self.data = data
        self.digest = hashlib.sha256(data).hexdigest()


def _picture(kind: str, state: Any) -> Picture:
    if kind == "mega":
        return Picture("board.png", render_board(state))
    return Picture("cards.png", render_table(bingo.view_for(state, None).players))


async def picture_for(kind: str, state: Any) -> Picture:
    """The public picture of a game: the board, or every card as the table may see it."""
    return await asyncio.to_thread(_picture, kind, state)


async def private_card(state: Any, player: str) -> Picture:
    """One player's own card in full: only ever sent to that player."""

    def draw() -> Picture:
        view = bingo.view_for(state, player)
        seat = next(i for i, c in enumerate(view.players) if c.name == player)
        return Picture("my-card.png", render_card(view.players[seat], seat))

    return await asyncio.to_thread(draw)
