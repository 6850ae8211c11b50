"""Trades in the channel: the private builder, the public offer and its answers, and offers made
by computer seats. A mixin of the Monopoly cog (it uses the cog's service, replies and refresh)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.service import Outcome
from bot.store import GameRecord
from cogs import bingo_ui, mega_ui, render, trade_ui

if TYPE_CHECKING:
    from bot.app import MonopolyBot


class TradeFlow:
    """Mixed into the Monopoly cog, which provides `bot`, `_drafts`, `_refuse` and `_edit_game_message`."""

    bot: MonopolyBot
    _drafts: dict[tuple[int, str], Any]

    def _new_draft(
        self, record: GameRecord, state: Any, me: str, to: str, offer: Any = None
    ) -> tuple[discord.Embed, discord.ui.View]:
        """A fresh trade draft (the reverse of `offer` for a counter) and its private builder."""
        if record.kind == "bingo":
            cells = bingo_ui.CellDraft(to=to)
            if offer is not None:
                cells.give = [c for c in offer.get if not c.endswith("?")]
                cells.get = [c for c in offer.give if not c.endswith("?")]
            self._drafts[(record.id, me)] = cells
            return bingo_ui.trade_builder(record, state, me, cells)
        draft = trade_ui.Draft(to=to)
        if offer is not None:
            draft.give_deeds, draft.get_deeds = {0: list(offer.get.deeds)}, {0: list(offer.give.deeds)}
            draft.give_cash, draft.get_cash = offer.get.cash, offer.give.cash
            draft.give_cards, draft.get_cards = offer.get.jail_cards, offer.give.jail_cards
        self._drafts[(record.id, me)] = draft
        return trade_ui.builder(record, state, me, draft)

    async def _trade_button(
        self, interaction: discord.Interaction[Any], record: GameRecord, verb: str, arg: str | None
    ) -> None:
        service = self.bot.service
        locale = record.locale
        me = str(interaction.user.id)
        names = render.names_of(record)
        if verb in ("tcash", "tsend"):
            draft = self._drafts.get((record.id, me))
            if draft is None:
                await self._refuse(interaction, t(locale, "trade.no_draft"))
                return
            if verb == "tcash":
                fields = [
                    ("give_cash", t(locale, "trade.give_cash"), str(draft.give_cash)),
                    ("get_cash", t(locale, "trade.get_cash"), str(draft.get_cash)),
                    ("give_cards", t(locale, "trade.give_cards"), str(draft.give_cards)),
                    ("get_cards", t(locale, "trade.get_cards"), str(draft.get_cards)),
                ]
                modal = mega_ui.AmountModal(
                    t(locale, "trade.cash_title"), f"mm:{record.id}:{record.version}:tcash_modal", fields
                )
                await interaction.response.send_modal(modal)
                return
            action = draft.action()
            outcome = await service.act(record.id, me, action, None)
            del self._drafts[(record.id, me)]
            await interaction.response.edit_message(content=t(locale, "trade.sent"), embed=None, view=None)
            if record.kind == "bingo":
                body = bingo_ui.cell_offer_text(locale, action["give"], action["get"])
            else:
                body = trade_ui.mega_offer_text(locale, action["give"], action["get"])
            offer = trade_ui.offer_message(outcome.record, me, draft.to, body)
            await self.bot.get_partial_messageable(record.channel_id).send(**offer)
            await self._edit_game_message(outcome)
            return
        proposer, expires = trade_ui.parse_offer_arg(arg)
        if verb == "trade_counter":
            if record.lobby.seat(interaction.user.id) is None or me == proposer:
                await self._refuse(interaction, t(locale, "trade.not_for_you"))
                return
            state = service.state_of(record)
            offer = next((o for o in state.trades if o.proposer == proposer and o.receiver == me), None)
            embed, view = self._new_draft(record, state, me, proposer, offer)
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
            return
        if record.lobby.seat(interaction.user.id) is None:
            await self._refuse(interaction, t(locale, "error.not_in_game"))
            return
        if time.time() > expires and verb == "trade_accept":
            state = service.state_of(record)
            if any(o.proposer == proposer and o.receiver == me for o in state.trades):
                await service.act(record.id, me, {"do": "reject_trade", "from": proposer}, None)
            await self._refuse(interaction, t(locale, "trade.expired"))
            return
        do = "accept_trade" if verb == "trade_accept" else "reject_trade"
        answer: dict[str, Any] = {"do": do, "from": proposer}
        if record.kind == "bingo" and do == "accept_trade":
            state = service.state_of(record)
            offer = next((o for o in state.trades if o.proposer == proposer and o.receiver == me), None)
            panel = bingo_ui.picks_panel(record, state, offer, me) if offer is not None else None
            if panel is not None:  # B-23: the receiver chooses which cells "any of a column" means
                text, view = panel
                await interaction.response.send_message(text, view=view, ephemeral=True)
                return
        outcome = await service.act(record.id, me, answer, None)
        key = "trade.accepted" if verb == "trade_accept" else "trade.declined"
        await interaction.response.edit_message(content=t(locale, key, player=names.get(me, "?")), view=None)
        await self._edit_game_message(outcome)

    async def _trade_modal(
        self, interaction: discord.Interaction[Any], record: GameRecord, verb: str, fields: dict[str, str]
    ) -> Outcome | None:
        """The cash-and-cards modal of the trade builder: update the draft, show it again."""
        locale = record.locale
        draft = self._drafts.get((record.id, str(interaction.user.id)))
        if verb != "tcash_modal" or not isinstance(draft, trade_ui.Draft):
            await self._refuse(interaction, t(locale, "trade.no_draft"))
            return None
        values = {}
        for key in ("give_cash", "get_cash", "give_cards", "get_cards"):
            raw = (fields.get(key) or "0").strip().replace("$", "").replace(",", "") or "0"
            if not raw.isdigit():
                await self._refuse(interaction, t(locale, "mega.bad_amount"))
                return None
            values[key] = int(raw)
        draft.give_cash, draft.get_cash = values["give_cash"], values["get_cash"]
        draft.give_cards, draft.get_cards = values["give_cards"], values["get_cards"]
        embed, view = trade_ui.builder(record, self.bot.service.state_of(record), str(interaction.user.id), draft)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        return None

    async def _post_computer_offers(self, outcome: Outcome) -> None:
        """A computer seat's trade proposal gets the same public offer message a person's would."""
        record = outcome.record
        for e in outcome.events:
            if e.kind != "trade_proposed" or not (e.player or "").startswith("-"):
                continue
            offer = next(
                (o for o in outcome.state.trades if o.proposer == e.player and o.receiver == e.data["to"]), None
            )
            if offer is None or str(offer.receiver).startswith("-"):
                continue  # computers answer each other through the engine
            if record.kind == "bingo":
                body = bingo_ui.cell_offer_text(record.locale, offer.give, offer.get)
            else:
                body = trade_ui.mega_offer_text(record.locale, offer.give.model_dump(), offer.get.model_dump())
            message = trade_ui.offer_message(record, offer.proposer, offer.receiver, body)
            await self.bot.get_partial_messageable(record.channel_id).send(**message)
