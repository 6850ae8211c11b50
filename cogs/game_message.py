"""The one public message of each game: drawn from the state (`cogs.game_drawing`), edited in
place, posted again when it is old, buried or deleted, and repaired when an answer to Discord
failed (it always ends up showing the stored version). A small cog of its own: the other parts are
handed it."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.channel_pace import ChannelPace
from bot.i18n import t
from bot.service import Outcome
from bot.store import DatabaseDown, GameRecord, LiveGame, NotSaved
from cogs import layout, render
from cogs.common import NO_PINGS
from cogs.discord_types import Interaction
from cogs.game_drawing import GameDrawing

if TYPE_CHECKING:
    from bot.app import MonopolyBot

log = logging.getLogger(__name__)

REPOST_AFTER_S = 3600
REPOST_AFTER_MESSAGES = 15
FLUSH_AFTER_S = 0.5  # message versions shown are written this often
SAVED_KEPT = 10_000  # games whose newest saved version is remembered (a click's answer is checked against it)


class GameMessage(commands.Cog):
    def __init__(self, bot: MonopolyBot) -> None:
        self.bot = bot
        self.store = bot.service.store  # the games it draws are read from here
        self.drawing = GameDrawing(bot)  # what the message shows
        self._chatter: dict[int, int] = {}  # channel id → messages posted since the game message
        self._refresh_task: asyncio.Task[None] | None = None
        self._drawing: set[int] = set()  # games whose background update is under way
        self._redraw: set[int] = set()  # of those, the ones saved again meanwhile: draw once more
        self._pace: ChannelPace = bot.pace  # Discord's per-channel message limit, kept on our side
        self._versions_shown: dict[int, tuple[int, int]] = {}  # game → (message, version), not yet written
        self._flusher: asyncio.Task[None] | None = None
        self._unreachable: set[int] = set()  # games whose message waits for the database to answer
        self._repairer: asyncio.Task[None] | None = None
        self._saved: dict[int, int] = {}  # game → the newest version committed in this process
        self._catching_up: set[asyncio.Task[bool]] = set()  # kept until done (the loop holds tasks weakly)
        self._unsure: set[int] = set()  # games whose message may show an older move than noted
        # Every saved move's words are noted as it is committed (in version order, under the game's
        # lock), so no move is left out of the message when a later one happens to be drawn first.
        bot.service.on_committed.append(self._note_turn)

    async def cog_unload(self) -> None:
        if self._note_turn in self.bot.service.on_committed:
            self.bot.service.on_committed.remove(self._note_turn)
        await self.flush_versions_shown()

    async def answer_with_game(self, interaction: Interaction, outcome: Outcome) -> None:
        """Answer a click with the game message: edited in place, or posted again at the bottom when
        it is old or buried under chat. If Discord refuses the answer (the interaction expired), the
        message is repaired through REST so its buttons are never left out of date. A click on a
        message posted again below meanwhile (by another player) leaves that one cleared: the
        game message below shows the move."""
        record, clicked = outcome.record, interaction.message
        if self._should_repost(record) and clicked is not None:
            await self.post_again(interaction, outcome)
            return
        drawn = await self.drawing.message_for(outcome)
        replaced = clicked is not None and await self._moved_from(record.id, clicked.id)
        try:
            await interaction.response.edit_message(**(self._cleared(record.locale) if replaced else drawn))
        except discord.HTTPException:
            log.warning("answering a click in game %s failed; repairing its message", record.id)
            self.drawing.forget_picture(record.id)
            await self.edit_game_message(outcome)
            return
        if clicked is None:
            return
        if replaced or await self._moved_from(record.id, clicked.id):
            if not replaced:  # posted again below while the answer went out: clear it again
                await self.disable_message(record.channel_id, clicked.id, record.locale)
            self.drawing.forget_picture(record.id)
            await self.edit_game_message(outcome)
            return
        self._shown(record, clicked.id, record.version)

    @staticmethod
    def told(outcome: Outcome) -> list[str]:
        """The move's public lines, as the game message tells them (a secret event is never told)."""
        return [line for event in outcome.events if (line := render.describe(outcome.record, event))]

    def _catch_up(self, game_id: int, drawn: int) -> None:
        """Every drawing of the message shows the move it was drawn from, and two drawings race: a
        click's answer goes straight to Discord while an update nobody clicked for (a computer's
        move, a deadline) waits for its channel's turn, reads the stored game and draws it. Either
        can reach Discord last with the older move — an answer after the update of the next move,
        or a slow update after the answer of the next move. The table may be waiting on a person
        by then, so nothing else would redraw it: when a newer move is saved, draw it again."""
        if self._saved.get(game_id, drawn) > drawn:
            self.redraw_soon(game_id)

    def redraw_soon(self, game_id: int) -> None:
        """Draw the stored game again, queued with the updates nobody clicked for (coalesced: asked
        again and again, it is drawn once), even if the message is noted as showing it."""
        self._unsure.add(game_id)  # what the message shows may not be what was noted: draw it anyway
        task = asyncio.get_running_loop().create_task(self._background_edit(game_id))
        self._catching_up.add(task)
        task.add_done_callback(self._catching_up.discard)

    def _shown(self, record: GameRecord, message_id: int, version: int) -> None:
        """Note which version the message shows (and draw again if a newer one is saved). Written
        in batches (every half second), not with every click: after a crash at most that half
        second of messages is drawn again."""
        self._versions_shown[record.id] = (message_id, version)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush_soon())
        self._catch_up(record.id, version)

    def shown_version(self, record: GameRecord | LiveGame) -> int | None:
        """The version the game message shows, noted or not yet written."""
        due = self._versions_shown.get(record.id)
        return due[1] if due is not None and due[0] == record.message_id else record.message_version

    async def _flush_soon(self) -> None:
        await asyncio.sleep(FLUSH_AFTER_S)
        await self.flush_versions_shown()

    async def flush_versions_shown(self) -> None:
        due, self._versions_shown = self._versions_shown, {}
        if not due:
            return
        try:
            await self.store.games.set_message_versions([(g, m, v) for g, (m, v) in due.items()])
        except NotSaved:
            log.warning("could not note the message versions of %d games", len(due))

    def _should_repost(self, record: GameRecord) -> bool:
        """An old game message, or one buried under chat, is posted again at the bottom."""
        if record.status != "active" or record.message_posted_at is None:
            return False
        too_old = time.time() - record.message_posted_at > REPOST_AFTER_S
        return too_old or self._chatter.get(record.channel_id, 0) >= REPOST_AFTER_MESSAGES

    async def post_again(self, interaction: Interaction, outcome: Outcome) -> None:
        """Answer with the game message posted anew at the bottom (an old or buried one, or
        `/monopoly status`); the one it replaces keeps its words but loses its buttons."""
        record = outcome.record
        old = record.message_id
        response = await interaction.response.send_message(**await self.drawing.message_for(outcome, new_message=True))
        if response.message_id is not None:
            await self.store.games.set_message(record.id, response.message_id, time.time(), record.version)
            self._chatter[record.channel_id] = 0
            self._catch_up(record.id, record.version)
        if old is not None and old != response.message_id:
            await self.disable_message(record.channel_id, old, record.locale)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Count chat under a game message (no content is read), to re-post it when buried."""
        if self.bot.user is not None and message.author.id != self.bot.user.id:
            self._chatter[message.channel.id] = self._chatter.get(message.channel.id, 0) + 1

    async def edit_game_message(self, outcome: Outcome, *, background: bool = False) -> bool:
        """Show the stored game on its message through REST; a deleted message is posted anew.
        Background updates go one at a time, each in a pause between players' clicks
        (`bot.foreground`), so a burst of them — deadlines overdue after a restart — never
        crowds out the players. False when there was nothing to draw: no message, or (for a
        background update) the message already shows the stored game."""
        if background:
            return await self._background_edit(outcome.record.id)
        return await self._edit_game_message(outcome.record.id, outcome)

    async def _background_edit(self, game_id: int) -> bool:
        """Updates nobody clicked for are queued per game and coalesced: one task per game waits for
        a pause between clicks and for its channel's turn (`bot.channel_pace`), then draws what is
        stored *then* — the newest move, once; moves saved meanwhile only mark it to draw again. So a
        channel waiting on Discord's limit never delays another, and an older move is never drawn
        after a newer one."""
        if game_id in self._drawing:
            self._redraw.add(game_id)
            return True
        self._drawing.add(game_id)
        drawn = False
        try:
            while True:
                self._redraw.discard(game_id)
                await self.bot.foreground.gap()
                drawn = await self._edit_game_message(game_id, None, background=True) or drawn
                if game_id not in self._redraw:
                    return drawn
        finally:
            self._drawing.discard(game_id)

    def _note_turn(self, outcome: Outcome) -> None:
        """Every committed move's words, in version order (a hook of the service's commits): a
        move whose own picture is skipped still has its words in the message drawn after it."""
        record = outcome.record
        self._saved[record.id] = max(record.version, self._saved.pop(record.id, 0))  # newest last
        if len(self._saved) > SAVED_KEPT:
            del self._saved[next(iter(self._saved))]  # the game saved least lately
        self.drawing.note_words(outcome)

    async def _edit_game_message(self, game_id: int, outcome: Outcome | None, *, background: bool = False) -> bool:
        """Draws the stored game once its channel has room for one more message request (Discord's
        per-channel limit, `bot.channel_pace`): what is stored *then*. `outcome` (when it is of that
        version) gives its parsed state and the events to tell."""
        first = await self.store.games.get(game_id)
        if first is None or first.message_id is None:
            return False
        async with self._pace.turn(first.channel_id):
            record = await self.store.games.get(game_id) or first
            shown = self.shown_version(record) == record.version and game_id not in self._unsure
            if record.message_id is None or (background and shown):
                return False  # already shown (a click or the repair after a start drew it while this waited)
            self._unsure.discard(game_id)
            if outcome is not None and outcome.state is not None and outcome.record.version == record.version:
                outcome = Outcome(record, outcome.state, outcome.events)
            else:
                outcome = Outcome(record, self.bot.service.state_of(record), [])
            return await self._send_edit(record, record.message_id, outcome, background)

    async def _send_edit(self, record: GameRecord, message_id: int, outcome: Outcome, background: bool) -> bool:
        """Edit the message with the drawn game, unless it was posted again below while it was
        drawn (`post_again`): the old one, cleared, must not look live again."""
        message = self.bot.get_partial_messageable(record.channel_id).get_partial_message(message_id)
        drawn = await self.drawing.message_for(outcome, background=background)
        if await self._moved_from(record.id, message_id):
            self.drawing.forget_picture(record.id)  # the picture just noted is on no message
            return False
        try:
            await message.edit(**drawn, allowed_mentions=NO_PINGS)
        except discord.NotFound:
            log.info("the message of game %s was deleted; posting it again", record.id)
            await self._post_anew(outcome)
            return True
        except discord.HTTPException:
            log.warning("could not update the message of game %s", record.id, exc_info=True)
            return True
        if await self._moved_from(record.id, message_id):  # posted again while this went out
            self.drawing.forget_picture(record.id)
            await self.disable_message(record.channel_id, message_id, record.locale)
            return True
        self._shown(record, message_id, record.version)
        return True

    async def _moved_from(self, game_id: int, message_id: int) -> bool:
        """Whether the game message was posted again, and `message_id` is an old one now."""
        current = await self.store.games.get(game_id)
        return current is not None and current.message_id is not None and current.message_id != message_id

    async def _post_anew(self, outcome: Outcome) -> None:
        record = outcome.record
        self.drawing.forget_picture(record.id)
        channel = self.bot.get_partial_messageable(record.channel_id)
        try:
            sent = await channel.send(
                **await self.drawing.message_for(outcome, new_message=True), allowed_mentions=NO_PINGS
            )
        except discord.HTTPException:
            log.warning("could not post the message of game %s again", record.id, exc_info=True)
            return
        await self.store.games.set_message(record.id, sent.id, time.time(), record.version)
        self._chatter[record.channel_id] = 0
        self._catch_up(record.id, record.version)

    def repair_later(self, game_id: int) -> None:
        """A click could not reach the database: once it answers again, the game message is drawn
        from what is stored (a move whose save was cut may have been made after all)."""
        self._unreachable.add(game_id)
        if self._repairer is None or self._repairer.done():
            self._repairer = asyncio.get_running_loop().create_task(self._repair_when_back())

    async def _repair_when_back(self) -> None:
        delay = 0.5
        while self._unreachable:
            await asyncio.sleep(delay)
            for game_id in sorted(self._unreachable):
                try:
                    record = await self.store.games.get(game_id)
                except DatabaseDown:
                    delay = min(delay * 2, 10.0)
                    break
                self._unreachable.discard(game_id)
                self.bot.service.forget_known(game_id)
                if record is not None:
                    await self.edit_game_message(Outcome(record, self.bot.service.state_of(record)), background=True)

    async def disable_message(self, channel_id: int, message_id: int, locale: str = "en") -> None:
        """An older game message, replaced by a newer one below: it says so, with no buttons and no
        picture left to look live."""
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(**self._cleared(locale), allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            log.info("could not clear the buttons of old message %s", message_id)

    @staticmethod
    def _cleared(locale: str) -> dict[str, Any]:
        """An old game message's words and nothing else: no buttons, no picture."""
        notice = layout.notice_view(t(locale, "game.moved_below"))
        return {"view": notice, "embed": None, "content": None, "attachments": []}

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        if self._refresh_task is None:
            self._refresh_task = asyncio.get_running_loop().create_task(self._refresh_quietly())

    async def _refresh_quietly(self) -> None:
        try:
            count = await self.refresh_stale_messages()
        except Exception:
            log.exception("repairing game messages after the start failed")
            return
        if count:
            log.info("repaired %d game messages after the start", count)

    async def refresh_stale_messages(self) -> int:
        """After a start: every live game whose message may show an older version (an answer that
        failed, a crash between saving and editing) is shown again. Bounded, in the background."""

        def stale(g: LiveGame) -> bool:
            return g.message_id is not None and self.shown_version(g) != g.version

        games = [g for g in await self.store.deadlines.live_games() if stale(g) and self.bot.settings.owns(g.guild_id)]
        # Nobody clicked for these: they go one at a time in pauses between players' clicks, each
        # read when its turn comes (a click may have redrawn it meanwhile).
        drawn = await asyncio.gather(*(self._background_edit(g.id) for g in games))
        return sum(drawn)
