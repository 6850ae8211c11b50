"""The discord.py Bot subclass: setup_hook opens the store, loads the cogs by name (they register
their restart-safe buttons), restores timers and syncs the slash commands. bot/ never imports cogs/."""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import yarl
from discord.ext import commands

from bot import logs, metrics, permissions
from bot.channel_pace import ChannelPace
from bot.foreground import BACKGROUND_PER_S, Foreground
from bot.global_pace import PER_S, GlobalPace
from bot.i18n import know_command
from bot.i18n.catalog import ROOT_COMMAND
from bot.i18n.translator import CatalogTranslator
from bot.outcome import Outcome
from bot.pictures import Painter, style
from bot.records import Records
from bot.service import GameService
from bot.settings import PortUnusable, Settings
from bot.store import GameStore, open_store
from bot.tables import Tables
from bot.tasks import cancel_all
from bot.timers import Timers
from bot.watch import WatchDesk, WatchLinks
from bot.whole_requests import WholeRequests

log = logging.getLogger(__name__)

COGS = ("cogs.monopoly",)
PURGE_EVERY_S = 3600


logs.install()  # before discord.py logs anything


def point_at(settings: Settings) -> None:
    """Use another Discord (a local fake in tests) for REST and the gateway."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


class _MonopolyBotMixin:
    settings: Settings
    store: GameStore
    tables: Tables
    service: GameService
    pace: ChannelPace
    timers: Timers
    painter: Painter
    foreground: Foreground
    global_pace: GlobalPace
    whole_requests: WholeRequests
    records: Records
    metrics_endpoint: metrics.MetricsEndpoint | None = None  # the Prometheus endpoint, when METRICS_PORT is set
    watch: WatchDesk | None = None  # the watch links, when WEB_PORT and PUBLIC_URL are set
    # Shows a saved move nobody clicked for (a deadline, a computer's move): set by the Discord side's
    # extension when it loads (bot/ never imports cogs/).
    on_timer: Callable[[Outcome], Awaitable[None]] | None = None

    def _set_up(self, settings: Settings, store: GameStore | None) -> None:
        self.settings = settings
        # A request outlives a cancelled caller: discord.py stalls a route (or every route) otherwise.
        self.whole_requests = WholeRequests(self.http)  # type: ignore[attr-defined]  # the Bot's HTTPClient
        self.store = store or open_store(settings)
        self.tables = Tables.over(self.store)
        self.service = self.tables.service
        # Discord's per-channel message limit, kept on our side (the game messages wait their turn, and
        # the computers wait for room before they move).
        self.pace = ChannelPace()
        self.tables.computers.before_move = lambda record: self.pace.room(record.channel_id, spare=1)
        self.records = Records(self.store)
        if settings.watching and settings.public_url and settings.web_secret:
            self.watch = WatchDesk(WatchLinks(settings.web_secret, settings.public_url), self.store.servers)
        # A finished game gets its result before its final message is drawn (that shows the story).
        self.service.on_saved.append(self.records.on_saved)
        style.configure_font(settings.font_path)  # before the picture workers start: they inherit it
        self._say_which_font()
        self.painter = Painter(settings.picture_workers)
        # Players' clicks in hand: background work waits for a gap, at this process's share of the pace.
        self.foreground = Foreground(per_s=BACKGROUND_PER_S * settings.share_of_shards)

    def _say_which_font(self) -> None:
        """Once, at the start: the pictures' font, or what to install for Japanese ones."""
        if style.has_wide_font():
            return
        configured = self.settings.font_path
        if configured is not None:
            log.warning("FONT_PATH %s has no Japanese glyphs (or cannot be read)", configured)
        log.warning(
            "no font with Japanese glyphs: Japanese games' pictures show their words in English; "
            "install one (Debian: apt-get install fonts-noto-cjk; the Docker image has it) or set FONT_PATH"
        )

    async def setup_hook(self) -> None:
        bot: Any = self
        await self.store.open()  # already open when `python -m bot` checked it first
        await bot.tree.set_translator(CatalogTranslator())
        for name in COGS:
            await bot.load_extension(name)  # a cog names the modules the picture workers import
        await self.painter.ready(timeout=20)
        if self.on_timer is None:
            raise RuntimeError("no extension set the bot's on_timer")
        self.timers = Timers(self.tables.deadlines, self.on_timer, owns=self.settings.owns)
        self.service.on_saved.append(self.timers.on_saved)
        self.service.on_background.append(self.on_timer)
        self._purging = asyncio.get_running_loop().create_task(self._purge_departed(), name="retention")
        metrics.count_rate_limits()
        if self.settings.metrics_port is not None:
            self.metrics_endpoint = metrics.MetricsEndpoint(
                self.store.deadlines.live_games, self.settings.metrics_host, self.settings.metrics_port
            )
            try:
                await self.metrics_endpoint.start()
            except OSError as exc:
                host, port = self.settings.metrics_host, self.settings.metrics_port
                raise PortUnusable("METRICS_PORT", host, port, exc) from exc
        restored = await self.timers.restore()
        log.info("restored %d live games", restored)
        # What is loaded by now (modules, schemas, the catalog) lives as long as the process: kept
        # out of the collector's full passes, which otherwise pause the event loop ~0.1 s each. (Larger
        # collection thresholds were tried: fewer passes, but each one a longer pause for the clicks.)
        gc.collect()
        gc.freeze()
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            bot.tree.copy_global_to(guild=guild)
            synced = await bot.tree.sync(guild=guild)
        else:
            synced = await bot.tree.sync()
        know_command(next((c.id for c in synced if c.name == ROOT_COMMAND), None))

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server: its data goes after the retention period (unless the bot returns)."""
        if self.settings.owns(guild.id):
            await self.store.servers.guild_left(guild.id, time.time())

    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.store.servers.guild_back(guild.id)

    async def _purge_departed(self) -> None:
        """Hourly: delete what servers the bot left more than `retention_days` ago kept here."""
        while True:
            try:
                purged = await self.store.servers.purge_departed(time.time() - self.settings.retention_days * 86400)
                if purged:
                    log.info(
                        "deleted the data of %d servers the bot left %d days ago",
                        len(purged),
                        self.settings.retention_days,
                    )
            except Exception:
                log.warning("deleting the data of servers the bot left failed", exc_info=True)
            await asyncio.sleep(PURGE_EVERY_S)

    async def close(self) -> None:
        """Stop cleanly: no new deadlines or computer moves, clicks in progress finish (their moves
        are saved and answered), then the connection and the store close."""
        purging = getattr(self, "_purging", None)
        if purging is not None:
            await cancel_all([purging])
        if self.metrics_endpoint is not None:
            await self.metrics_endpoint.close()
        timers = getattr(self, "timers", None)
        if timers is not None:
            await timers.close()
        await self.tables.close()
        await self.service.drain(timeout=5.0)
        await _interactions_done(timeout=5.0)
        await super().close()  # type: ignore[misc]  # discord.py: the Bot class this is mixed into
        await self.store.close()
        await self.painter.close()


def _common(bot: _MonopolyBotMixin, settings: Settings) -> dict[str, Any]:
    """What both Bot classes hand discord.py; the bot's global pace is made here, scaled by the
    process's share of the shards, so its trace hook and `bot.global_pace` are one."""
    bot.global_pace = GlobalPace(per_s=PER_S * settings.share_of_shards)
    return {
        "http_trace": bot.global_pace.trace(),  # every request with the bot's token waits for its slot
        "command_prefix": commands.when_mentioned,
        "intents": permissions.intents(),
        "allowed_mentions": discord.AllowedMentions.none(),  # never ping @everyone, roles or users by accident
        "help_command": None,
    }


# Names discord.py gives the tasks that run slash commands and component callbacks.
_HANDLERS = ("CommandTree-invoker", "discord-ui-dynamic-item-", "discord-ui-view-dispatch-")


async def _interactions_done(timeout: float) -> None:
    """Wait (a bounded time) for commands and clicks being handled, so none of them meets a closed
    connection half-way (their answers and message edits go out before the session closes)."""
    me = asyncio.current_task()
    busy = [t for t in asyncio.all_tasks() if t is not me and t.get_name().startswith(_HANDLERS)]
    if busy:
        _, pending = await asyncio.wait(busy, timeout=timeout)
        if pending:
            log.warning("stopping with %d interactions still being handled", len(pending))


class MonopolyBot(_MonopolyBotMixin, commands.Bot):
    def __init__(self, settings: Settings, store: GameStore | None = None) -> None:
        super().__init__(**_common(self, settings))
        self._set_up(settings, store)


class ShardedMonopolyBot(_MonopolyBotMixin, commands.AutoShardedBot):
    """Discord's sharding: a guild's events always arrive on the same shard, so each process can
    run a slice of the shards (SHARD_IDS) with its own database file."""

    def __init__(self, settings: Settings, store: GameStore | None = None) -> None:
        shards: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_ids is not None:
            shards["shard_ids"] = list(settings.shard_ids)
        super().__init__(**_common(self, settings), **shards)
        self._set_up(settings, store)


def create_bot(settings: Settings, store: GameStore | None = None) -> MonopolyBot | ShardedMonopolyBot:
    point_at(settings)
    if settings.shard_count is not None:
        return ShardedMonopolyBot(settings, store)
    return MonopolyBot(settings, store)
