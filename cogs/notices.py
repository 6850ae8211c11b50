"""Turn notices: when the table starts waiting on a person (their turn, a bid they may make, a
claim window they are asked in), that person is mentioned once in a short message, which replaces
the game's previous notice. The game message itself is edited with pings off, so without this
nobody would learn that the timer now runs for them.

Never for computer seats; never for a member who switched notices off (`/monopoly notices`) or on
a server that did (`/monopoly settings setting:turn_notices`). A notice a click led to goes as
that click's follow-up, which Discord does not count against the channel; one a timer or a
computer led to waits for a pause and for room in its channel with three requests to spare
(`bot.channel_pace`), so the game message does not wait behind it. A notice overtaken by the
next one is never sent."""

from __future__ import annotations

import asyncio
import logging
import time
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.i18n import t
from bot.service import Outcome
from bot.store import GameRecord
from cogs.common import INTERACTION_TOKEN_S, computer_seats
from cogs.discord_types import Interaction
from engine import games
from engine.core.game import State

if TYPE_CHECKING:
    from bot.app import MonopolyBot

log = logging.getLogger(__name__)

SPARE = 3  # requests a notice leaves free in its channel's window (for the game message)
# The click being handled in this task (set by the click router), whose follow-up carries a notice.
CLICK: ContextVar[Interaction | None] = ContextVar("click", default=None)
QUIET_KEY = "notices.quiet"  # a server's members who switched notices off (a guild setting)


def people_waited_on(record: GameRecord, state: State | None) -> frozenset[str]:
    """The persons (not computer seats) the game waits on now; public facts only (a claim window
    asks everyone it asks, whatever their cards say, B-11a)."""
    if record.status != "active" or state is None or state.over:
        return frozenset()
    computers = computer_seats(record)
    return frozenset(p for p in games.game(record.kind).to_act(state) if p not in computers)


@dataclass
class _Posted:
    channel_id: int
    message_id: int
    via: discord.Webhook | None  # the click's follow-up webhook that posted it (its token lives 15 min)
    at: float


@dataclass
class _Due:
    outcome: Outcome
    click: Interaction | None  # the click that led to it, whose follow-up may carry it


class TurnNotices:
    def __init__(self, bot: MonopolyBot) -> None:
        self.bot = bot
        self.store = bot.service.store  # the servers' notice settings
        self._waiting: dict[int, frozenset[str]] = {}  # game → the persons last told
        self._posted: dict[int, _Posted] = {}  # game → its standing notice
        self._due: dict[int, _Due] = {}  # game → the newest notice waiting to go out
        self._tasks: dict[int, asyncio.Task[None]] = {}

    async def on_saved(self, outcome: Outcome) -> None:
        """After each saved move: a notice for the persons the game newly waits on; a finished
        game's last notice goes."""
        record = outcome.record
        now = people_waited_on(record, outcome.state)
        before = self._waiting.get(record.id, frozenset())
        self._waiting[record.id] = now
        ended = record.status in ("finished", "cancelled")
        if ended:
            self._waiting.pop(record.id, None)
        if (ended and (record.id in self._posted or record.id in self._tasks)) or now - before:
            self._due[record.id] = _Due(outcome, CLICK.get())
            running = self._tasks.get(record.id)
            if running is None or running.done():
                self._tasks[record.id] = asyncio.get_running_loop().create_task(
                    self._send(record.id), name=f"notice-{record.id}"
                )

    async def _send(self, game_id: int) -> None:
        """Sends the game's newest due notice; one overtaken while it waited is never sent."""
        try:
            while (due := self._due.pop(game_id, None)) is not None:
                await self._replace(game_id, due)
        except Exception:  # a notice must never break a game
            log.warning("the turn notice of game %s failed", game_id, exc_info=True)
        finally:
            self._tasks.pop(game_id, None)

    async def _replace(self, game_id: int, due: _Due) -> None:
        """Delete the game's previous notice and post the new one (a finished game: only delete).
        A notice a click led to goes as that click's follow-up (free of the channel's limit);
        one a timer or a computer led to waits for a pause and for room in its channel."""
        record = due.outcome.record
        text, who = await self._text(due.outcome) if record.status == "active" else ("", [])
        click = due.click if due.click is not None and not due.click.is_expired() else None
        await self._delete(self._posted.pop(game_id, None))
        if not who:
            return
        mentions = discord.AllowedMentions(users=[discord.Object(int(u)) for u in who])
        if click is not None:
            for _ in range(60):  # the click's own answer comes first
                if click.response.is_done():
                    break
                await asyncio.sleep(0.05)
            sent = await click.followup.send(text, allowed_mentions=mentions, wait=True)
            self._posted[game_id] = _Posted(record.channel_id, sent.id, click.followup, time.monotonic())
            return
        await self._background_room(record.channel_id)
        async with self.bot.pace.turn(record.channel_id):
            sent_message = await self.bot.get_partial_messageable(record.channel_id).send(
                text, allowed_mentions=mentions
            )
        self._posted[game_id] = _Posted(record.channel_id, sent_message.id, None, time.monotonic())

    async def _delete(self, old: _Posted | None) -> None:
        if old is None:
            return
        try:
            if old.via is not None and time.monotonic() - old.at < INTERACTION_TOKEN_S:
                await old.via.delete_message(old.message_id)
                return
            await self._background_room(old.channel_id)
            async with self.bot.pace.turn(old.channel_id):
                await self.bot.http.delete_message(old.channel_id, old.message_id)
        except discord.HTTPException:
            log.info("an old turn notice (%s) was already gone", old.message_id)

    async def _background_room(self, channel_id: int) -> None:
        """Work nobody clicked for: after the players' clicks, under the global limit
        (`bot.foreground`), with room to spare in the channel for its game message."""
        await self.bot.foreground.gap()
        await self.bot.pace.room(channel_id, spare=SPARE)

    async def _text(self, outcome: Outcome) -> tuple[str, list[str]]:
        """The notice's words and whom it mentions (nobody when the server or they switched it off)."""
        record = outcome.record
        settings = await self.store.servers.guild_settings(record.guild_id)
        if settings.get("turn_notices") is False:
            return "", []
        quiet = {str(u) for u in settings.get(QUIET_KEY) or []}
        who = sorted(p for p in people_waited_on(record, outcome.state) if p not in quiet)
        if not who:
            return "", []
        loc = record.locale
        what = t(loc, f"status.waiting.{games.game(record.kind).waiting_for(outcome.state)}")
        link = (
            f"https://discord.com/channels/{record.guild_id}/{record.channel_id}/{record.message_id}"
            if record.message_id
            else ""
        )
        mentions = " ".join(f"<@{u}>" for u in who)
        game = t(loc, f"game.title.{record.kind}")
        when = f"<t:{int(record.deadline)}:R>" if record.deadline else "—"
        return t(loc, "notice.turn", who=mentions, game=game, what=what, when=when, link=link), who

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def set_quiet(bot: MonopolyBot, guild_id: int, user_id: int, quiet: bool) -> None:
    """A member's own switch: no more turn notices for them on this server (or again)."""
    store = bot.service.store
    members = {int(u) for u in (await store.servers.guild_settings(guild_id)).get(QUIET_KEY) or []}
    members = members | {user_id} if quiet else members - {user_id}
    await store.servers.set_guild_setting(guild_id, QUIET_KEY, sorted(members))
