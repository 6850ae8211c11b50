"""`/monopoly forget-me`: a member asks the bot to forget them (Discord's Developer Policy). A
private confirmation first; then `bot.forget` does the work and the messages of the games that
named them are drawn again with the pseudonym."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.service import Outcome
from cogs.discord_types import Interaction

if TYPE_CHECKING:
    from bot.app import MonopolyBot
    from cogs.game_message import GameMessage

CONFIRM_S = 120


class ForgetConfirm(discord.ui.View):
    """Two buttons on a private message; only the member who asked can see (and press) them."""

    def __init__(self, bot: MonopolyBot, messages: GameMessage, user_id: int, locale: str) -> None:
        super().__init__(timeout=CONFIRM_S)
        self.bot, self.messages, self.user_id, self.locale = bot, messages, user_id, locale
        forget = discord.ui.Button[Any](label=t(locale, "forget.yes"), style=discord.ButtonStyle.danger)
        keep = discord.ui.Button[Any](label=t(locale, "forget.no"), style=discord.ButtonStyle.secondary)
        forget.callback = self._forget  # type: ignore[method-assign]  # discord.py: callbacks are assigned
        keep.callback = self._keep  # type: ignore[method-assign]  # discord.py: callbacks are assigned
        self.add_item(forget)
        self.add_item(keep)

    async def _keep(self, interaction: Interaction) -> None:
        await interaction.response.edit_message(content=t(self.locale, "forget.kept"), view=None)
        self.stop()

    async def _forget(self, interaction: Interaction) -> None:
        self.stop()
        await interaction.response.defer(ephemeral=True, thinking=True)
        done = await self.bot.tables.forgetting.forget(self.user_id)
        text = t(self.locale, "forget.done", games=len(done.games))
        await interaction.edit_original_response(content=text, view=None)
        for game_id in done.games:
            record = await self.bot.service.store.games.get(game_id)
            if record is not None and record.message_id is not None:
                await self.messages.edit_game_message(
                    Outcome(record, self.bot.service.state_of(record)), background=True
                )


async def ask(bot: MonopolyBot, messages: GameMessage, interaction: Interaction, locale: str) -> None:
    view = ForgetConfirm(bot, messages, interaction.user.id, locale)
    await interaction.response.send_message(t(locale, "forget.ask"), view=view, ephemeral=True)
