"""`/monopoly` commands and the game message. Thin: parse the interaction, call the service,
render the result; clicks are routed by `cogs.clicks`, trades by `cogs.trading`. Never names a
game: each game's presenter (`cogs.registry`) supplies what differs."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot import server_settings
from bot.i18n import t
from bot.service import Outcome, ServiceError
from bot.store import DatabaseDown, GameRecord
from cogs import privacy, records, registry, render, settings_ui
from cogs.buttons import ROUTERS, GameButton, GameSelect
from cogs.clicks import ClickRouter, player_of
from cogs.common import locale_of, names_of, refuse, safe_name
from cogs.context import Pictured
from cogs.discord_types import Interaction
from cogs.game_message import GameMessage
from cogs.notices import TurnNotices, set_quiet
from cogs.registry import GAME_CHOICES, PRESENTERS
from cogs.trading import TradeFlow
from cogs.watching import WatchPages
from engine import games

if TYPE_CHECKING:
    from bot.app import MonopolyBot

log = logging.getLogger(__name__)

HISTORY_LIMIT = 10


def _str(key: str, english: str) -> app_commands.locale_str:
    return _(english, key=key)


# The `switch` option of /monopoly notices and /monopoly watch.
ON_OFF = [
    app_commands.Choice(name=_str("cmd.choice.on", "on"), value="on"),
    app_commands.Choice(name=_str("cmd.choice.off", "off"), value="off"),
]


class Monopoly(commands.Cog):
    """The /monopoly commands. The game messages and the trade flow are collaborators it is handed
    (each a small cog or object of its own, `setup` below), not mixins."""

    def __init__(
        self, bot: MonopolyBot, messages: GameMessage, trades: TradeFlow, notices: TurnNotices, watching: WatchPages
    ) -> None:
        self.bot = bot
        self.store = bot.service.store
        self.messages = messages
        self.trades = trades
        self.notices = notices
        self.watching = watching

    group = app_commands.Group(
        name=_str("cmdname.monopoly", "monopoly"),
        description=_str("cmd.monopoly", "Board games in this channel"),
        guild_only=True,
    )

    async def cog_unload(self) -> None:
        self.trades.close()
        if self.notices.on_saved in self.bot.service.on_saved:
            self.bot.service.on_saved.remove(self.notices.on_saved)
        await self.notices.close()

    async def on_timer(self, outcome: Outcome) -> None:
        """A message update without a click (a deadline, a computer's move): its picture waits for
        the players' pictures, so a backlog of deadlines never slows a click; a computer's trade
        proposal gets its public offer message."""
        await self.messages.edit_game_message(outcome, background=True)
        await self.trades.post_computer_offers(outcome)

    # --- replies ----------------------------------------------------------------------------------

    async def cog_app_command_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        """A command that met a database outage is answered in words; anything else is a bug."""
        if isinstance(getattr(error, "original", None), DatabaseDown):
            await refuse(interaction, t(locale_of(interaction), "error.db_down"))
            return
        log.error("command failed", exc_info=error)

    # --- commands ---------------------------------------------------------------------------------

    @group.command(name=_str("cmdname.start", "start"), description=_str("cmd.start", "Open a lobby for a new game"))
    @app_commands.describe(
        game=_str("cmd.opt.game", "Which game"),
        language=_str("cmd.opt.language", "Language of the game (default: the server's)"),
        turn_timeout=_str("cmd.opt.turn_timeout", "Seconds a player has to act (30-3600)"),
        window=_str("cmd.opt.window", "Seconds for auctions or claim windows (5-120)"),
        missed_turns=_str("cmd.opt.missed_turns", "Missed turns before a player is removed (1-10)"),
        away=_str("cmd.opt.away", "When a player does not act in time"),
    )
    @app_commands.rename(
        game=_str("cmdname.game", "game"),
        language=_str("cmdname.language", "language"),
        turn_timeout=_str("cmdname.turn_timeout", "turn_timeout"),
        window=_str("cmdname.window", "window"),
        missed_turns=_str("cmdname.missed_turns", "missed_turns"),
        away=_str("cmdname.away", "away"),
    )
    @app_commands.choices(
        game=GAME_CHOICES,
        language=[
            app_commands.Choice(name=_str("cmd.choice.en", "English"), value="en"),
            app_commands.Choice(name=_str("cmd.choice.ja", "Japanese"), value="ja"),
        ],
        away=[
            app_commands.Choice(name=_str("cmd.choice.safe", "Take the safe choice"), value="safe"),
            app_commands.Choice(name=_str("cmd.choice.computer", "A computer plays for them"), value="computer"),
        ],
    )
    async def start(
        self,
        interaction: Interaction,
        game: app_commands.Choice[str],
        language: app_commands.Choice[str] | None = None,
        turn_timeout: app_commands.Range[int, 30, 3600] | None = None,
        window: app_commands.Range[int, 5, 120] | None = None,
        missed_turns: app_commands.Range[int, 1, 10] | None = None,
        away: app_commands.Choice[str] | None = None,
    ) -> None:
        """A lobby with this server's defaults (/monopoly settings); the options given here win."""
        if interaction.guild_id is None or interaction.channel_id is None:
            await refuse(interaction, t(locale_of(interaction), "error.guild_only"))
            return
        values = server_settings.effective(await self.store.servers.guild_settings(interaction.guild_id))
        server_language = values["language"] if values["language"] != "auto" else None
        locale = language.value if language else server_language or locale_of(interaction)
        if game.value not in games.GAMES:
            await refuse(interaction, t(locale, "error.bad_action"))
            return
        if values["channels"] and interaction.channel_id not in values["channels"]:
            await refuse(interaction, t(locale, "error.channel_not_allowed"))
            return
        options = server_settings.game_options(game.value, values)
        window_option = games.game(game.value).window_option
        if window is not None and window_option is not None:
            options[window_option] = window
        channel_id = await self._game_channel(interaction, locale, game.value, bool(values["threads"]))
        if channel_id is None:
            return
        try:
            record = await self.bot.tables.lobbies.open_lobby(
                guild_id=interaction.guild_id,
                channel_id=channel_id,
                kind=game.value,
                host=player_of(interaction),
                locale=locale,
                options=options,
                turn_timeout_s=turn_timeout or values["turn_timeout"],
                missed_turn_limit=missed_turns or values["missed_turns"],
                away=away.value if away else values["away"],
                away_level=values["away_level"],
                lobby_lifetime_s=values["lobby_minutes"] * 60,
            )
        except ServiceError as exc:
            await refuse(interaction, t(locale, f"error.{exc.key}", **exc.params))
            return
        await self._post_lobby(interaction, record)

    async def _game_channel(self, interaction: Interaction, locale: str, kind: str, threads: bool) -> int | None:
        """Where the game is played: this channel, or (with threads on) a public thread of its own,
        so the channel stays readable. None (after a refusal) if the thread could not be opened."""
        channel_id = interaction.channel_id or 0
        if not threads:
            return channel_id
        name = f"{t(locale, f'lobby.title.{kind}')} – {player_of(interaction).name}"[:100]
        try:
            thread = await self.bot.http.start_thread_without_message(
                channel_id, name=name, auto_archive_duration=1440, type=11
            )
        except discord.HTTPException:
            await refuse(interaction, t(locale, "error.no_thread"))
            return None
        return int(thread["id"])

    async def _post_lobby(self, interaction: Interaction, record: GameRecord) -> None:
        """The lobby message: the answer itself, or in the game's thread with a pointer as the answer."""
        embed, view = render.lobby_embed(record), render.lobby_view(record)
        if record.channel_id != interaction.channel_id:
            sent = await self.bot.get_partial_messageable(record.channel_id).send(embed=embed, view=view)
            await self.store.games.set_message(record.id, sent.id, time.time(), record.version)
            loc = record.locale
            names = {"player": player_of(interaction).name, "thread": f"<#{record.channel_id}>"}
            await interaction.response.send_message(
                t(loc, "game.in_thread", game=t(loc, f"game.title.{record.kind}"), **names)
            )
            return
        response = await interaction.response.send_message(embed=embed, view=view)
        if response.message_id is not None:
            await self.store.games.set_message(record.id, response.message_id, time.time(), record.version)

    @group.command(
        name=_str("cmdname.replay", "replay"),
        description=_str("cmd.replay", "The record of a finished game, as a file"),
    )
    @app_commands.describe(game_id=_str("cmd.opt.game_id", "A finished game's number (default: this channel's last)"))
    @app_commands.rename(game_id=_str("cmdname.game_id", "game"))
    async def replay(self, interaction: Interaction, game_id: int | None = None) -> None:
        """A finished game's public record (`python -m engine.replay` verifies it)."""
        await records.replay(self.bot, interaction, locale_of(interaction), game_id)

    @group.command(
        name=_str("cmdname.leaderboard", "leaderboard"),
        description=_str("cmd.leaderboard", "The best players of a game on this server"),
    )
    @app_commands.describe(game=_str("cmd.opt.game", "Which game"))
    @app_commands.rename(game=_str("cmdname.game", "game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: Interaction, game: app_commands.Choice[str]) -> None:
        await records.leaderboard(self.bot, interaction, locale_of(interaction), game.value)

    @group.command(
        name=_str("cmdname.stats", "stats"),
        description=_str("cmd.stats", "A player's games, wins and records on this server"),
    )
    @app_commands.describe(player=_str("cmd.opt.stats_player", "Whose statistics (default: yours)"))
    @app_commands.rename(player=_str("cmdname.player", "player"))
    async def stats(self, interaction: Interaction, player: discord.User | None = None) -> None:
        await records.stats(self.bot, interaction, locale_of(interaction), player or interaction.user)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._thread_closed(payload.thread_id)

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        if (payload.data.get("thread_metadata") or {}).get("archived"):
            await self._thread_closed(payload.thread_id)

    async def _thread_closed(self, thread_id: int) -> None:
        """A game's thread archived or deleted: the game ends cleanly (a lobby is cancelled; a game
        is stopped as by /monopoly stop, Mega counting assets)."""
        record = await self.store.games.live_in_channel(thread_id)
        if record is None:
            return
        try:
            outcome = await self.bot.service.stop(record.id, record.host_id, True)
        except ServiceError:
            return
        await self.messages.edit_game_message(outcome)

    @group.command(
        name=_str("cmdname.notices", "notices"),
        description=_str("cmd.notices", "Be mentioned when a game here waits for you, or not"),
    )
    @app_commands.describe(switch=_str("cmd.opt.switch", "On or off"))
    @app_commands.rename(switch=_str("cmdname.switch", "switch"))
    @app_commands.choices(switch=ON_OFF)
    async def notices_command(self, interaction: Interaction, switch: app_commands.Choice[str]) -> None:
        """A member's own switch for turn notices on this server (the server's is in /monopoly settings)."""
        loc = locale_of(interaction)
        if interaction.guild_id is None:
            await refuse(interaction, t(loc, "error.guild_only"))
            return
        await set_quiet(self.bot, interaction.guild_id, interaction.user.id, switch.value == "off")
        await interaction.response.send_message(t(loc, f"notices.{switch.value}"), ephemeral=True)

    @group.command(
        name=_str("cmdname.settings", "settings"),
        description=_str("cmd.settings", "Server settings and house rules (Manage Server)"),
    )
    @app_commands.describe(
        setting=_str("cmd.opt.setting", "The setting to show or change"),
        value=_str("cmd.opt.value", "Its new value (or default)"),
    )
    @app_commands.rename(setting=_str("cmdname.setting", "setting"), value=_str("cmdname.value", "value"))
    async def settings_command(
        self, interaction: Interaction, setting: str | None = None, value: str | None = None
    ) -> None:
        await settings_ui.answer_settings(self.bot.service.store, interaction, setting, value)

    @settings_command.autocomplete("setting")
    async def _settings_keys(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        loc = locale_of(interaction)
        found = [k for k in server_settings.ALL if current.lower() in k or current in settings_ui.name(loc, k)]
        return [app_commands.Choice(name=settings_ui.name(loc, k)[:100], value=k) for k in found[:25]]

    @group.command(name=_str("cmdname.stop", "stop"), description=_str("cmd.stop", "Stop this channel's game"))
    async def stop(self, interaction: Interaction) -> None:
        record = await self._live(interaction)
        if record is None:
            return
        can_manage = bool(interaction.permissions.manage_guild)
        name = safe_name(interaction.user.display_name)
        try:
            outcome = await self.bot.service.stop(record.id, interaction.user.id, can_manage, name)
        except ServiceError as exc:
            await refuse(interaction, t(record.locale, f"error.{exc.key}", **exc.params))
            return
        who = names_of(record).get(str(interaction.user.id), name)
        await interaction.response.send_message(t(record.locale, "game.stopped_by", player=who))
        await self.messages.edit_game_message(outcome)

    @group.command(
        name=_str("cmdname.watch", "watch"),
        description=_str("cmd.watch", "Share this channel's game as a web page, or stop sharing it"),
    )
    @app_commands.describe(switch=_str("cmd.opt.switch", "On or off"))
    @app_commands.rename(switch=_str("cmdname.switch", "switch"))
    @app_commands.choices(switch=ON_OFF)
    async def watch_command(self, interaction: Interaction, switch: app_commands.Choice[str]) -> None:
        record = await self._live(interaction)
        if record is None:
            return
        if await self.watching.switch(interaction, record, switch.value == "on"):
            await self.messages.edit_game_message(Outcome(record, self.bot.service.state_of(record)))

    @group.command(name=_str("cmdname.status", "status"), description=_str("cmd.status", "Show the game message again"))
    async def status(self, interaction: Interaction) -> None:
        record = await self._live(interaction)
        if record is None:
            return
        await self.messages.post_again(interaction, Outcome(record, self.bot.service.state_of(record)))

    @group.command(name=_str("cmdname.trade", "trade"), description=_str("cmd.trade", "Propose a trade to a player"))
    @app_commands.describe(player=_str("cmd.opt.player", "Who to trade with"))
    @app_commands.rename(player=_str("cmdname.player", "player"))
    async def trade(self, interaction: Interaction, player: discord.User) -> None:
        record = await self._live(interaction)
        if record is None:
            return
        locale = record.locale
        state = self.bot.service.state_of(record)
        if record.status != "active" or state is None:
            await refuse(interaction, t(locale, "error.not_active"))
            return
        if record.lobby.seat(interaction.user.id) is None:
            await refuse(interaction, t(locale, "error.not_in_game"))
            return
        if player.id == interaction.user.id:
            await refuse(interaction, t(locale, "trade.self"))
            return
        if record.lobby.seat(player.id) is None:
            await refuse(interaction, t(locale, "trade.not_player"))
            return
        await self.trades.open_builder(interaction, record, str(player.id))

    @group.command(
        name=_str("cmdname.forget_me", "forget-me"),
        description=_str("cmd.forget_me", "Delete your ratings and statistics and remove your name from stored games"),
    )
    async def forget_me(self, interaction: Interaction) -> None:
        await privacy.ask(self.bot, self.messages, interaction, locale_of(interaction))

    @group.command(name=_str("cmdname.rules", "rules"), description=_str("cmd.rules", "A summary of the rules"))
    async def rules(self, interaction: Interaction) -> None:
        record = await self.store.games.live_in_channel(interaction.channel_id or 0)
        locale = locale_of(interaction, record)  # a live game answers in its own language
        kinds = [record.kind] if record else list(PRESENTERS)
        embeds = [
            discord.Embed(title=t(locale, f"game.rules_title.{k}"), description=t(locale, f"game.rules.{k}"))
            for k in kinds
        ]
        if record is not None:  # this game's own house rules, as chosen in its lobby
            embeds[0].add_field(name="\u200b", value=settings_ui.options_line(record)[:1024], inline=False)
        await interaction.response.send_message(embeds=embeds, ephemeral=True)

    @group.command(
        name=_str("cmdname.history", "history"), description=_str("cmd.history", "Recent events of this channel's game")
    )
    async def history(self, interaction: Interaction) -> None:
        record = await self._live(interaction)
        if record is None:
            return
        entries = await self.store.games.history(record.id, HISTORY_LIMIT)
        text = render.history_text(record, entries, HISTORY_LIMIT * 2)
        embed = discord.Embed(title=t(record.locale, "game.history_title"), description=text[:4000])
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def _live(self, interaction: Interaction) -> GameRecord | None:
        record = await self.store.games.live_in_channel(interaction.channel_id or 0)
        if record is None:
            await refuse(interaction, t(locale_of(interaction), "error.no_game"))
        return record


async def setup(bot: MonopolyBot) -> None:
    registry.load_installed()  # games of other installed packages (bot.plugins), before the commands
    bot.add_dynamic_items(GameButton, GameSelect)  # restart-safe: matched by custom_id, not by message
    messages = GameMessage(bot)
    trades = TradeFlow(bot, messages)
    router = ClickRouter(bot, messages, trades)
    notices = TurnNotices(bot)
    watching = WatchPages(bot)
    messages.drawing.watch_link = watching.link
    cog = Monopoly(bot, messages, trades, notices, watching)
    ROUTERS[bot] = router
    for part in (messages, router, cog, watching):
        await bot.add_cog(part)
    bot.on_timer = cog.on_timer  # what the timers and the computers' moves call (bot.app)
    # Each game with a picture has its drawing code imported in the workers before the first one
    # is asked for (a game without a picture has none to import).
    bot.painter.warm = tuple(f"{type(p).__module__}.picture" for p in PRESENTERS.values() if isinstance(p, Pictured))
    bot.service.on_saved.append(trades.offers_closed)
    bot.service.on_saved.append(notices.on_saved)
