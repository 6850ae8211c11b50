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
from cogs import bingo_ui, mega_ui, render, trade_ui
from cogs.buttons import CUSTOM_ID, SELECT_ID, GameButton, GameSelect
from cogs.trading import TradeFlow
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.mega.board import GROUPS

if TYPE_CHECKING:
    from bot.app import MonopolyBot

log = logging.getLogger(__name__)

LOBBY_VERBS = ("join", "leave", "start", "cancel", "add_cpu")
ACTION_VERBS = (*render.SIMPLE_VERBS, "choose_gift", "bid")
# Buttons whose meaning depends on the state they were drawn for: an old one is refused as out of date.
STRICT_VERBS = frozenset(ACTION_VERBS)
REPOST_AFTER_S = 3600
REPOST_AFTER_MESSAGES = 15
HISTORY_LIMIT = 10
# REST edits do not carry the client's default allowed_mentions, so every edit states it.
NO_PINGS = discord.AllowedMentions.none()


def _str(key: str, english: str) -> app_commands.locale_str:
    return _(english, key=key)


class Monopoly(TradeFlow, commands.Cog):
    def __init__(self, bot: MonopolyBot) -> None:
        self.bot = bot
        self._pictures: dict[int, str] = {}  # game id → digest of the picture on its message
        self._chatter: dict[int, int] = {}  # channel id → messages posted since the game message
        self._drafts: dict[tuple[int, str], Any] = {}  # (game, proposer) → trade being built

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
        extra: list[tuple[str, str]] = []
        if record.kind == "mega" and record.status == "finished":
            log = await self.bot.service.store.log(record.id)
            extra = mega_ui.final_stats(record, state, log, render.names_of(record))
        embed = render.game_embed(record, state, outcome.events, extra)
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

    @group.command(name=_str("cmdname.trade", "trade"), description=_str("cmd.trade", "Propose a trade to a player"))
    @app_commands.describe(player=_str("cmd.opt.player", "Who to trade with"))
    @app_commands.rename(player=_str("cmdname.player", "player"))
    async def trade(self, interaction: discord.Interaction[Any], player: discord.User) -> None:
        record = await self._live(interaction)
        if record is None:
            return
        locale = record.locale
        state = self.bot.service.state_of(record)
        me = str(interaction.user.id)
        if record.status != "active" or state is None:
            await self._refuse(interaction, t(locale, "error.not_active"))
            return
        if record.lobby.seat(interaction.user.id) is None:
            await self._refuse(interaction, t(locale, "error.not_in_game"))
            return
        if player.id == interaction.user.id:
            await self._refuse(interaction, t(locale, "trade.self"))
            return
        if record.lobby.seat(player.id) is None:
            await self._refuse(interaction, t(locale, "trade.not_player"))
            return
        embed, view = self._new_draft(record, state, me, str(player.id))
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

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
            # Public events of the move in words (secret ones, like dealt cards, are never shown).
            described = [render.describe(record, Event.model_validate(e)) for e in entry.events]
            said = [d for d in described if d]
            lines += said or [t(record.locale, "ev.action", player=who, action=verb.replace("_", " "))]
        lines = lines[-HISTORY_LIMIT * 2 :]
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
        data: dict[str, Any] = dict(interaction.data or {})  # type: ignore[arg-type]
        custom_id = str(data.get("custom_id", ""))
        if interaction.type is discord.InteractionType.modal_submit:
            match = CUSTOM_ID.fullmatch(custom_id)
            if match is not None:
                await self.on_modal(
                    interaction, int(match["game"]), match["verb"], _modal_fields(data.get("components", []))
                )
            return
        if interaction.type is not discord.InteractionType.component or interaction.message is None:
            return
        if custom_id in _custom_ids(interaction.message.components):
            return
        match = CUSTOM_ID.fullmatch(custom_id)
        if match is not None:
            await self.on_button(interaction, int(match["game"]), int(match["version"]), match["verb"], match["arg"])
            return
        match = SELECT_ID.fullmatch(custom_id)
        if match is not None:
            values = [str(v) for v in data.get("values", [])]
            await self.on_select(
                interaction, int(match["game"]), int(match["version"]), match["verb"], match["arg"], values
            )

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
            elif verb in ("tcash", "tsend", "trade_accept", "trade_decline", "trade_counter"):
                await self._trade_button(interaction, record, verb, arg)
                return
            elif verb in ("declare_pick", "discard_pick", "leave_pick"):
                await self._bingo_panel(interaction, record, verb)
                return
            elif verb in ("manage", "bid_custom", "bankrupt"):
                await self._open_panel(interaction, record, verb)
                return
            elif verb == "bankrupt_yes":
                outcome = await service.act(game_id, str(interaction.user.id), {"do": "bankrupt"}, None)
                await interaction.response.edit_message(content=t(locale, "mega.done"), view=None)
                await self._edit_game_message(outcome)
                return
            elif verb in ACTION_VERBS:
                expected = version if verb in STRICT_VERBS else None
                outcome = await service.act(game_id, str(interaction.user.id), _action(verb, arg), expected)
            else:
                raise ServiceError("stale")
        except ServiceError as exc:
            await self._refuse(interaction, t(locale, f"error.{exc.key}", **exc.params))
            return
        except IllegalAction as exc:
            await self._refuse(interaction, error_text(locale, exc))
            return
        if self._should_repost(outcome.record) and interaction.message is not None:
            await self._repost(interaction, outcome)
            return
        await interaction.response.edit_message(**await self.message_for(outcome))

    def _should_repost(self, record: GameRecord) -> bool:
        """An old game message, or one buried under chat, is posted again at the bottom."""
        if record.status != "active" or record.message_posted_at is None:
            return False
        too_old = time.time() - record.message_posted_at > REPOST_AFTER_S
        return too_old or self._chatter.get(record.channel_id, 0) >= REPOST_AFTER_MESSAGES

    async def _repost(self, interaction: discord.Interaction[Any], outcome: Outcome) -> None:
        old = outcome.record.message_id
        response = await interaction.response.send_message(**await self.message_for(outcome, new_message=True))
        if response.message_id is not None:
            await self.bot.service.store.set_message(outcome.record.id, response.message_id, time.time())
            self._chatter[outcome.record.channel_id] = 0
        if old is not None:
            await self._disable_message(outcome.record.channel_id, old)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Count chat under a game message (no content is read), to re-post it when buried."""
        if self.bot.user is not None and message.author.id != self.bot.user.id:
            self._chatter[message.channel.id] = self._chatter.get(message.channel.id, 0) + 1

    # --- panels, selects and modals -------------------------------------------------------------

    async def _open_panel(self, interaction: discord.Interaction[Any], record: GameRecord, verb: str) -> None:
        locale = record.locale
        state = self.bot.service.state_of(record)
        me = str(interaction.user.id)
        if record.status != "active" or state is None:
            await self._refuse(interaction, t(locale, "error.not_active"))
            return
        if record.lobby.seat(interaction.user.id) is None:
            await self._refuse(interaction, t(locale, "error.not_in_game"))
            return
        if verb == "manage":
            embed, view = mega_ui.manage_panel(record, state, me)
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        elif verb == "bankrupt":
            text, view = mega_ui.bankrupt_confirm(record)
            await interaction.response.send_message(text, view=view, ephemeral=True)
        else:
            modal = mega_ui.AmountModal(
                t(locale, "mega.bid_title"),
                f"mm:{record.id}:{record.version}:bid_modal",
                [("amount", t(locale, "mega.bid_amount"), "")],
            )
            await interaction.response.send_modal(modal)

    async def _bingo_panel(self, interaction: discord.Interaction[Any], record: GameRecord, verb: str) -> None:
        state = self.bot.service.state_of(record)
        me = str(interaction.user.id)
        if record.status != "active" or state is None or state.players[state.turn].name != me:
            await self._refuse(interaction, t(record.locale, "error.not_your_turn"))
            return
        panel = {"declare_pick": bingo_ui.declare_panel, "discard_pick": bingo_ui.discard_panel}.get(
            verb, bingo_ui.leave_panel
        )
        text, view = panel(record, state, me)
        await interaction.response.send_message(text, view=view, ephemeral=True)

    async def on_select(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int,
        verb: str,
        arg: str | None,
        values: list[str],
    ) -> None:
        service = self.bot.service
        record = await service.store.get(game_id)
        locale = self._locale(interaction, record)
        if record is None or not values:
            await self._refuse(interaction, t(locale, "error.no_game"))
            return
        me = str(interaction.user.id)
        value = values[0]
        try:
            if verb in ("build", "sell", "mortgage", "unmortgage"):
                outcome = await service.act(game_id, me, _manage_action(verb, value), None)
                embed, view = mega_ui.manage_panel(outcome.record, outcome.state, me)
                await interaction.response.edit_message(embed=embed, view=view)
                await self._edit_game_message(outcome)
                return
            if verb in ("declare", "discard", "leave"):
                if verb == "declare":
                    action: dict[str, Any] = {"do": "declare", "number": int(value)}
                elif verb == "discard":
                    action = {"do": "discard", "cells": values}
                else:
                    action = {"do": "leave_jail", "cell": value}
                outcome = await service.act(game_id, me, action, None)
                await interaction.response.edit_message(content=t(locale, "mega.done"), view=None)
                await self._edit_game_message(outcome)
                return
            if verb == "picks":
                state = service.state_of(record)
                offer = next((o for o in state.trades if o.proposer == arg and o.receiver == me), None)
                if offer is None:
                    raise ServiceError("stale")
                picks = bingo_ui.picks_in_order(offer, values)
                outcome = await service.act(game_id, me, {"do": "accept_trade", "from": arg, "picks": picks}, None)
                await interaction.response.edit_message(content=t(locale, "mega.done"), view=None)
                await self._edit_game_message(outcome)
                return
            if verb in ("bgive", "bget", "bgiveany", "bgetany"):
                cells = self._drafts.get((game_id, me))
                if not isinstance(cells, bingo_ui.CellDraft):
                    await self._refuse(interaction, t(locale, "trade.no_draft"))
                    return
                chosen = [v for v in values if v != "-"]
                if verb == "bgive":
                    cells.give = chosen
                elif verb == "bget":
                    cells.get = chosen
                else:
                    counts = {v[0]: int(v[1:]) for v in chosen}
                    setattr(cells, "give_any" if verb == "bgiveany" else "get_any", counts)
                embed, view = bingo_ui.trade_builder(record, service.state_of(record), me, cells)
                await interaction.response.edit_message(embed=embed, view=view)
                return
            if verb in ("tgive", "tget"):
                draft = self._drafts.get((game_id, me))
                if not isinstance(draft, trade_ui.Draft):
                    await self._refuse(interaction, t(locale, "trade.no_draft"))
                    return
                chosen = [v for v in values if v != "-"]
                (draft.give_deeds if verb == "tgive" else draft.get_deeds)[int(arg or 0)] = chosen
                embed, view = trade_ui.builder(record, service.state_of(record), me, draft)
                await interaction.response.edit_message(embed=embed, view=view)
                return
            if verb == "pick":
                outcome = await service.act(game_id, me, {"do": "pick_auction", "space": value}, None)
            elif verb == "layout":
                state = service.state_of(record)
                front = state.queue[0] if state is not None and state.queue else None
                if front is None or front.kind != "even_out":
                    raise ServiceError("stale")
                layout, tickets = mega_ui.layout_from(value, GROUPS[front.group].members)
                outcome = await service.act(game_id, me, {"do": "even_out", "layout": layout, "tickets": tickets}, None)
            else:
                raise ServiceError("stale")
        except ServiceError as exc:
            await self._refuse(interaction, t(locale, f"error.{exc.key}", **exc.params))
            return
        except IllegalAction as exc:
            await self._refuse(interaction, error_text(locale, exc))
            return
        except ValueError:
            await self._refuse(interaction, t(locale, "error.bad_action"))
            return
        await interaction.response.edit_message(**await self.message_for(outcome))

    async def on_modal(
        self, interaction: discord.Interaction[Any], game_id: int, verb: str, fields: dict[str, str]
    ) -> None:
        service = self.bot.service
        record = await service.store.get(game_id)
        locale = self._locale(interaction, record)
        if record is None:
            await self._refuse(interaction, t(locale, "error.no_game"))
            return
        me = str(interaction.user.id)
        try:
            if verb == "bid_modal":
                raw = fields.get("amount", "").strip().replace("$", "").replace(",", "")
                if not raw.isdigit():
                    await self._refuse(interaction, t(locale, "mega.bad_amount"))
                    return
                outcome = await service.act(game_id, me, {"do": "bid", "amount": int(raw)}, None)
            else:
                outcome = await self._trade_modal(interaction, record, verb, fields)
                if outcome is None:
                    return
        except ServiceError as exc:
            await self._refuse(interaction, t(locale, f"error.{exc.key}", **exc.params))
            return
        except IllegalAction as exc:
            await self._refuse(interaction, error_text(locale, exc))
            return
        await interaction.response.send_message(t(locale, "mega.done"), ephemeral=True)
        await self._edit_game_message(outcome)

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
        await self._post_computer_offers(outcome)

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


def _modal_fields(components: list[Any]) -> dict[str, str]:
    fields: dict[str, str] = {}
    for component in components:
        if isinstance(component, dict):
            if "custom_id" in component and "value" in component:
                fields[str(component["custom_id"])] = str(component["value"])
            for key in ("components", "component"):
                inner = component.get(key)
                if inner:
                    fields.update(_modal_fields(inner if isinstance(inner, list) else [inner]))
    return fields


def _manage_action(verb: str, value: str) -> dict[str, Any]:
    if verb == "build":
        space, _, ticket = value.partition("!")
        return {"do": "build", "space": space, "tickets": 1 if ticket == "t" else 0}
    if verb == "sell" and value.startswith("group:"):
        return {"do": "sell_all_buildings", "group": value.split(":", 1)[1]}
    return {"do": {"sell": "sell_building"}.get(verb, verb), "space": value}


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
    bot.add_dynamic_items(GameButton, GameSelect)  # restart-safe: matched by custom_id, not by message
    await bot.add_cog(Monopoly(bot))
