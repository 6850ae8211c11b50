"""The watch pages on the Discord side: the server started with the cog (when WEB_PORT and
PUBLIC_URL are set), told of every saved move, and `/monopoly watch on|off`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from discord.ext import commands

from bot.i18n import t
from bot.outcome import Outcome
from bot.settings import PortUnusable
from bot.store import GameRecord
from cogs.common import refuse
from cogs.discord_types import Interaction
from cogs.records import STORY_FILE
from cogs.web.server import WatchServer

if TYPE_CHECKING:
    from bot.app import MonopolyBot


class WatchPages(commands.Cog):
    def __init__(self, bot: MonopolyBot) -> None:
        self.bot = bot
        self.server: WatchServer | None = None

    async def cog_load(self) -> None:
        desk, settings = self.bot.watch, self.bot.settings
        if desk is None or settings.web_port is None:
            return
        self.server = WatchServer(
            desk, self.bot.service.store, self.bot.service.state_of, self._draw, settings.web_host, settings.web_port
        )
        try:
            await self.server.start()
        except OSError as exc:
            raise PortUnusable("WEB_PORT", settings.web_host, settings.web_port, exc) from exc
        self.bot.service.on_saved.append(self._saved)

    async def cog_unload(self) -> None:
        if self._saved in self.bot.service.on_saved:
            self.bot.service.on_saved.remove(self._saved)
        if self.server is not None:
            await self.server.close()

    async def _saved(self, outcome: Outcome) -> None:
        if self.server is not None:
            self.server.hub.changed(outcome.record.id)

    async def _draw(self, function: Callable[..., bytes], *args: object) -> bytes:
        return (await self.bot.painter.draw(STORY_FILE, function, *args, background=True)).data

    async def link(self, record: GameRecord) -> str | None:
        """The game's watch link while it is shared (None when the pages are off)."""
        desk = self.bot.watch
        if desk is None or record.status not in ("active", "finished"):
            return None
        return await desk.link(record.guild_id, record.id)

    async def switch(self, interaction: Interaction, record: GameRecord, on: bool) -> bool:
        """`/monopoly watch on|off` by the host or someone who manages the server; True when the
        sharing changed (the game message then gets or loses its Watch button)."""
        desk = self.bot.watch
        loc = record.locale
        if desk is None:
            await refuse(interaction, t(loc, "watch.not_enabled"))
            return False
        if record.host_id != interaction.user.id and not interaction.permissions.manage_guild:
            await refuse(interaction, t(loc, "error.watch_not_host"))
            return False
        shared = await desk.set(record.guild_id, record.id, on)
        if on:
            url = desk.links.url(record.id, shared.round)
            await interaction.response.send_message(t(loc, "watch.on", url=url))
        else:
            if self.server is not None:
                self.server.hub.close(record.id)
            await interaction.response.send_message(t(loc, "watch.off"))
        return True
