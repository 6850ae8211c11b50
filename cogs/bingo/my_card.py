"""MonopolizeBingo's "My card": a player's whole card, to that player only (B-3), with the open
claim window's answer beside it, kept up to date while Discord lets the bot edit that private
answer (15 minutes): the card and its buttons are drawn again whenever what it shows changes."""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
import time
import weakref
from dataclasses import dataclass

import discord

from bot import pictures
from bot.i18n import t
from bot.service import Outcome
from bot.store import GameRecord
from cogs.bingo import alt_text
from cogs.bingo.picture import render_card
from cogs.buttons import GameButton
from cogs.common import INTERACTION_TOKEN_S, raw_names
from cogs.context import Click
from cogs.discord_types import Interaction
from engine import bingo
from engine.bingo.state import BingoState

log = logging.getLogger(__name__)


@dataclass
class _Open:
    """A card someone is looking at: their answer to edit, what it shows (a digest) and of which
    move, and the newest saved move still to draw while a redraw is under way."""

    interaction: Interaction
    shown: str
    at: float
    version: int  # the newest move drawn or due
    due: tuple[GameRecord, BingoState] | None = None
    drawing: bool = False


class CardWatch:
    """The open "My card" answers of one bot, redrawn after a saved move that changes them. One
    redraw at a time per card, of the newest move: two drawings in flight could reach Discord in
    the wrong order and leave the card showing an older move (moves are told out of order too,
    each after its own commit)."""

    def __init__(self) -> None:
        self._open: dict[tuple[int, str], _Open] = {}  # (game, player) → their open card
        self._tasks: set[asyncio.Task[None]] = set()

    def keep(self, record: GameRecord, me: str, interaction: Interaction, shown: str) -> None:
        self._open[(record.id, me)] = _Open(interaction, shown, time.monotonic(), record.version)

    async def on_saved(self, outcome: Outcome) -> None:
        record, state = outcome.record, outcome.state
        now = time.monotonic()
        for (game_id, me), card in list(self._open.items()):
            if game_id != record.id:
                continue
            if now - card.at > INTERACTION_TOKEN_S or record.status != "active" or not isinstance(state, BingoState):
                del self._open[(game_id, me)]
                continue
            if record.version <= card.version:
                continue  # an older move told late: the card shows or will show a newer one
            card.version, card.due = record.version, (record, state)
            if not card.drawing:
                card.drawing = True
                task = asyncio.get_running_loop().create_task(self._redraw((game_id, me), card))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _redraw(self, key: tuple[int, str], card: _Open) -> None:
        """Draws the newest due move until none is left (moves saved meanwhile are drawn once)."""
        me = key[1]
        try:
            while card.due is not None:
                (record, state), card.due = card.due, None
                shown = digest(record, state, me)
                if shown == card.shown:
                    continue
                embed, upload, view = await card_message(record, state, me)
                try:
                    await card.interaction.edit_original_response(embed=embed, attachments=[upload], view=view)
                except discord.HTTPException:
                    log.info("a private card of game %s could not be redrawn", record.id)
                    self._open.pop(key, None)
                    return
                card.shown = shown
        finally:
            card.drawing = False


WATCHES: weakref.WeakKeyDictionary[discord.Client, CardWatch] = weakref.WeakKeyDictionary()


def watch_of(click: Click) -> CardWatch:
    """The bot's card watch, told of every saved move from the first card shown on."""
    bot = click.desk.bot
    watch = WATCHES.get(bot)
    if watch is None:
        watch = WATCHES[bot] = CardWatch()
        bot.service.on_saved.append(watch.on_saved)
    return watch


def digest(record: GameRecord, state: BingoState, me: str) -> str:
    """What the private card shows: the card as its owner sees it, and the window's answer."""
    own = next(c for c in bingo.view_for(state, me).players if c.name == me)
    asked = state.window.number if state.window is not None and me in bingo.to_act(state) else None
    return hashlib.sha256(repr((own.model_dump(), asked, record.locale)).encode()).hexdigest()


async def card_message(
    record: GameRecord, state: BingoState, me: str
) -> tuple[discord.Embed, discord.File, discord.ui.View]:
    name = raw_names(record).get(me)
    view = bingo.view_for(state, me)
    seat = next(i for i, c in enumerate(view.players) if c.name == me)
    own = view.players[seat]

    def paint() -> pictures.Picture:
        return pictures.Picture("my-card.png", render_card(own, seat, name, record.locale))

    picture = await pictures.draw(paint)
    embed = discord.Embed(title=t(record.locale, "ui.my_card"), description=t(record.locale, "bingo.my_card_help"))
    embed.set_image(url=f"attachment://{picture.filename}")
    described = alt_text.describe_own_card(record.locale, own)
    upload = discord.File(io.BytesIO(picture.data), filename=picture.filename, description=described)
    return embed, upload, window_buttons(record, state, me)


def window_buttons(record: GameRecord, state: BingoState, me: str) -> discord.ui.View:
    """With the card, the answer to an open claim window: Claim highlighted when this card can
    take the number (the viewer's own secret, shown to them alone), else Pass."""
    view = discord.ui.View(timeout=None)
    window = state.window
    if window is None or bingo.waiting_for(state) != "claims" or me not in bingo.to_act(state):
        return view
    loc, number, gid, ver = record.locale, str(window.number), record.id, record.version
    can = any(a.do == "claim" for a in bingo.legal_actions(state, me))
    primary, secondary = discord.ButtonStyle.primary, discord.ButtonStyle.secondary
    if can:
        view.add_item(GameButton(gid, ver, "claim", number, label=t(loc, "action.claim"), style=primary))
    style = secondary if can else primary
    view.add_item(GameButton(gid, ver, "pass_claim", number, label=t(loc, "action.pass_claim"), style=style))
    return view


async def show_own_card(click: Click) -> None:
    """B-3: a player's whole card, to that player only (ephemeral), kept up to date."""
    state = click.state
    if not isinstance(state, BingoState) or not click.seated:
        await click.refuse(click.text("error.not_in_game"))
        return
    embed, upload, view = await card_message(click.record, state, click.me)
    await click.private(embed=embed, file=upload, view=view)
    if click.record.status == "active":
        watch = watch_of(click)
        watch.keep(click.record, click.me, click.interaction, digest(click.record, state, click.me))
        # A move saved while the card was drawn was told before the card was kept: draw it now.
        latest = await click.service.store.games.get(click.record.id)
        if latest is not None and latest.version > click.record.version:
            await watch.on_saved(Outcome(latest, click.service.state_of(latest)))
