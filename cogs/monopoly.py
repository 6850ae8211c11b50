"""`/monopoly` commands and every button click. Thin: parse the interaction, call the service,
render the result. Errors become ephemeral replies and change nothing."""

from __future__ import annotations

import io
import logging
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot import pictures
from bot.i18n import error_text, locale_for, t
from bot.service import Outcome, ServiceError
from bot.store import GameRecord, LobbyPlayer
from cogs import render
from cogs.buttons import CUSTOM_ID
from engine.core.errors import IllegalAction

if TYPE_CHECKING:
    from bot.app import MonopolyBot

log = logging.getLogger(__name__)

LOBBY_VERBS = ("join", "leave", "start", "cancel")
ACTION_VERBS = (*render.SIMPLE_VERBS, "choose_gift", "bid")
HISTORY_LIMIT = 10
# REST edits do not carry the client's default allowed_mentions, so every edit states it.
NO_PINGS = discord.AllowedMentions.none()


def _str(key: str, english: str) -> app_commands.locale_str:
    return _(english, key=key)


class Monopoly(commands.Cog):
    def __init__(self, bot: MonopolyBot) -> None:
        self.bot = bot
        self._pictures: dict[int, str] = {}  # game id → digest of the picture on its message

    group = app_commands.Group(
        name=_str("cmdname.monopoly", "monopoly"),
        description=_str("cmd.monopoly", "Board games in this channel"),
        guild_only=True,
    )

    # --- replies ----------------------------------------------------------------------------------

    async def _refuse(self, interaction: discord.Interaction[Any], text: str) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    def _locale(self, interaction: discord.Interaction[Any], record: GameRecord | None = None) -> str:
        if record is not None:
            return record.locale
        return locale_for(str(interaction.guild_locale or interaction.locale))

    @staticmethod
    def _player(interaction: discord.Interaction[Any]) -> LobbyPlayer:
        user = interaction.user
        return LobbyPlayer(id=user.id, name=getattr(user, "display_name", None) or user.name)

    async def message_for(self, outcome: Outcome, *, new_message: bool = False) -> dict[str, Any]:
        """Embed, buttons and, for a running game, its picture. The picture is uploaded only when it
        differs from the one already on the message (Discord keeps attachments across edits)."""
        record = outcome.record
        if record.status == "lobby":
            return {"embed": render.lobby_embed(record), "view": render.lobby_view(record)}
        if record.status == "cancelled":
            return {"embed": render.closed_lobby_embed(record), "view": discord.ui.View(timeout=None)}
        state = outcome.state
        embed = render.game_embed(record, state, outcome.events)
        picture = await pictures.picture_for(record.kind, state)
        embed.set_image(url=f"attachment://{picture.filename}")
        out: dict[str, Any] = {"embed": embed, "view": render.game_view(record, state)}
        if new_message or self._pictures.get(record.id) != picture.digest:
            self._pictures[record.id] = picture.digest
            upload = discord.File(io.BytesIO(picture.data), filename=picture.filename)
            out["files" if new_message else "attachments"] = [upload]
        return out

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
        game=[
            app_commands.Choice(name=_str("cmd.choice.mega", "Mega Monopoly"), value="mega"),
            app_commands.Choice(name=_str("cmd.choice.bingo", "MonopolizeBingo"), value="bingo"),
        ],
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
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str],
        language: app_commands.Choice[str] | None = None,
        turn_timeout: app_commands.Range[int, 30, 3600] = 120,
        window: app_commands.Range[int, 5, 120] = 15,
        missed_turns: app_commands.Range[int, 1, 10] = 3,
        away: app_commands.Choice[str] | None = None,
    ) -> None:
        locale = language.value if language else self._locale(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            await self._refuse(interaction, t(locale, "error.guild_only"))
            return
        kind = "mega" if game.value == "mega" else "bingo"
        options = {"auction_window_s": window} if kind == "mega" else {"claim_window_s": window}
        try:
            record = await self.bot.service.open_lobby(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                kind=kind,
                host=self._player(interaction),
                locale=locale,
                options=options,
                turn_timeout_s=turn_timeout,
                missed_turn_limit=missed_turns,
                away="computer" if away and away.value == "computer" else "safe",
            )
        except ServiceError as exc:
            await self._refuse(interaction, t(locale, f"error.{exc.key}", **exc.params))
            return
        response = await interaction.response.send_message(
            embed=render.lobby_embed(record), view=render.lobby_view(record)
        )
        if response.message_id is not None:
            await self.bot.service.store.set_message(record.id, response.message_id, time.time())

    @group.command(name=_str("cmdname.stop", "stop"), description=_str("cmd.stop", "Stop this channel's game"))
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        record = await self._live(interaction)
        if record is None:
            return
        can_manage = bool(interaction.permissions.manage_guild)
        try:
            outcome = await self.bot.service.stop(record.id, interaction.user.id, can_manage)
        except ServiceError as exc:
            await self._refuse(interaction, t(record.locale, f"error.{exc.key}", **exc.params))
            return
        names = render.names_of(record)
        await interaction.response.send_message(
            t(
                record.locale,
                "game.stopped_by",
                player=names.get(str(interaction.user.id), render.safe_name(interaction.user.name)),
            )
        )
        await self._edit_game_message(outcome)

    @group.command(name=_str("cmdname.status", "status"), description=_str("cmd.status", "Show the game message again"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        record = await self._live(interaction)
        if record is None:
            return
        outcome = Outcome(record, self.bot.service.state_of(record))
        old = record.message_id
        response = await interaction.response.send_message(**await self.message_for(outcome, new_message=True))
        if response.message_id is not None:
            await self.bot.service.store.set_message(record.id, response.message_id, time.time())
        if old is not None and old != response.message_id:
            await self._disable_message(record.channel_id, old)

    @group.command(name=_str("cmdname.rules", "rules"), description=_str("cmd.rules", "A summary of the rules"))
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        locale = self._locale(interaction)
        record = await self.bot.service.store.live_in_channel(interaction.channel_id or 0)
        kinds = [record.kind] if record else ["mega", "bingo"]
        embeds = [
            discord.Embed(title=t(locale, f"game.rules_title.{k}"), description=t(locale, f"game.rules.{k}"))
            for k in kinds
        ]
        await interaction.response.send_message(embeds=embeds, ephemeral=True)

    @group.command(
        name=_str("cmdname.history", "history"), description=_str("cmd.history", "Recent events of this channel's game")
    )
    async def history(self, interaction: discord.Interaction[Any]) -> None:
        record = await self._live(interaction)
        if record is None:
            return
        entries = await self.bot.service.store.history(record.id, HISTORY_LIMIT)
        names = render.names_of(record)
        lines = []
        for entry in entries:
            who = names.get(entry.actor or "", "⏱")
            verb = entry.action.get("do", "?")
            if verb in ("claim", "pass_claim"):  # an answer in a claim window is private (B-3)
                lines.append(t(record.locale, "ev.answered", player=who))
                continue
            lines.append(t(record.locale, "ev.action", player=who, action=verb.replace("_", " ")))
        text = "\n".join(lines) or t(record.locale, "game.history_empty")
        embed = discord.Embed(title=t(record.locale, "game.history_title"), description=text[:4000])
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def _live(self, interaction: discord.Interaction[Any]) -> GameRecord | None:
        record = await self.bot.service.store.live_in_channel(interaction.channel_id or 0)
        if record is None:
            # A finished game still answers `history`/`status` until a new one starts? No: only live games.
            await self._refuse(interaction, t(self._locale(interaction), "error.no_game"))
        return record

    # --- buttons ----------------------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A click on one of our buttons that is no longer on the message (an old render on the
        player's screen). discord.py's DynamicItem dispatch drops those silently, which Discord
        shows as "interaction failed"; answer them here instead (they are out of date)."""
        if interaction.type is not discord.InteractionType.component or interaction.message is None:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        match = CUSTOM_ID.fullmatch(custom_id)
        if match is None or custom_id in _custom_ids(interaction.message.components):
            return
        await self.on_button(interaction, int(match["game"]), int(match["version"]), match["verb"], match["arg"])

    async def on_button(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, verb: str, arg: str | None
    ) -> None:
        service = self.bot.service
        record = await service.store.get(game_id)
        locale = self._locale(interaction, record)
        if record is None:
            await self._refuse(interaction, t(locale, "error.no_game"))
            return
        try:
            if verb == "join":
                outcome = await service.join(game_id, self._player(interaction))
            elif verb == "leave":
                outcome = await service.leave(game_id, interaction.user.id)
            elif verb == "add_cpu":
                outcome = await service.add_computer(game_id, interaction.user.id)
            elif verb == "cancel":
                outcome = await service.cancel(game_id, interaction.user.id)
            elif verb == "start":
                outcome = await service.start(game_id, interaction.user.id)
            elif verb == "my_card":
                await self._show_own_card(interaction, record)
                return
            elif verb in ACTION_VERBS:
                outcome = await service.act(game_id, str(interaction.user.id), _action(verb, arg), version)
            else:
                raise ServiceError("stale")
        except ServiceError as exc:
            await self._refuse(interaction, t(locale, f"error.{exc.key}", **exc.params))
            return
        except IllegalAction as exc:
            await self._refuse(interaction, error_text(locale, exc))
            return
        await interaction.response.edit_message(**await self.message_for(outcome))

    async def _show_own_card(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """B-3: a player's whole card, to that player only (ephemeral)."""
        state = self.bot.service.state_of(record)
        me = str(interaction.user.id)
        if record.kind != "bingo" or state is None or record.lobby.seat(interaction.user.id) is None:
            await self._refuse(interaction, t(record.locale, "error.not_in_game"))
            return
        picture = await pictures.private_card(state, me)
        embed = discord.Embed(title=t(record.locale, "ui.my_card"))
        embed.set_image(url=f"attachment://{picture.filename}")
        upload = discord.File(io.BytesIO(picture.data), filename=picture.filename)
        await interaction.response.send_message(embed=embed, file=upload, ephemeral=True)

    # --- messages updated without a click (timers, /stop) ------------------------------------------

    async def on_timer(self, outcome: Outcome) -> None:
        await self._edit_game_message(outcome)

    async def _edit_game_message(self, outcome: Outcome) -> None:
        record = await self.bot.service.store.get(outcome.record.id)
        if record is None or record.message_id is None:
            return
        outcome = Outcome(record, outcome.state, outcome.events)
        message = self.bot.get_partial_messageable(record.channel_id).get_partial_message(record.message_id)
        try:
            await message.edit(**await self.message_for(outcome), allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            log.warning("could not update the message of game %s", record.id, exc_info=True)

    async def _disable_message(self, channel_id: int, message_id: int) -> None:
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(view=discord.ui.View(timeout=None), allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            log.info("could not clear the buttons of old message %s", message_id)


def _custom_ids(components: list[Any]) -> set[str]:
    found: set[str] = set()
    for component in components:
        custom_id = getattr(component, "custom_id", None)
        if custom_id:
            found.add(custom_id)
        found |= _custom_ids(list(getattr(component, "children", []) or []))
    return found


def _action(verb: str, arg: str | None) -> dict[str, Any]:
    if verb == "choose_gift":
        return {"do": "choose_gift", "take": arg}
    if verb == "bid":
        return {"do": "bid", "amount": int(arg or 0)}
    return {"do": verb}


async def setup(bot: MonopolyBot) -> None:
    await bot.add_cog(Monopoly(bot))
