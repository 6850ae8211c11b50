"""Trades in the channel, for every game: the private builder, the public offer and its answers,
and offers made by computer seats. What is traded is the game's (`presenter.trade`); how an offer
travels is shared. A mixin of the Monopoly cog (it uses the cog's service, replies and refresh)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.service import Outcome
from bot.store import GameRecord
from cogs.buttons import GameButton
from cogs.common import names_of
from cogs.context import Click
from cogs.registry import presenter

if TYPE_CHECKING:
    from bot.app import MonopolyBot


def offer_message(record: GameRecord, proposer: str, receiver: str, body: str) -> dict[str, Any]:
    """The public offer: mentions only the receiver; the body says what changes hands."""
    loc = record.locale
    names = names_of(record)
    expires = int(record.lobby.offers.get(f"{proposer}>{receiver}") or time.time() + record.lobby.offer_lifetime_s)
    mention = f"<@{receiver}>" if not receiver.startswith("-") else names.get(receiver, "?")
    text = t(loc, "trade.offer", receiver=mention, proposer=names.get(proposer, "?"), when=f"<t:{expires}:R>")
    text += "\n" + body
    view = discord.ui.View(timeout=None)
    arg = f"{proposer}.{expires}"
    for verb, key, style in (
        ("trade_accept", "trade.accept", discord.ButtonStyle.success),
        ("trade_decline", "trade.decline", discord.ButtonStyle.danger),
        ("trade_counter", "trade.counter", discord.ButtonStyle.secondary),
    ):
        view.add_item(GameButton(record.id, record.version, verb, arg, label=t(loc, key), style=style))
    allowed = discord.AllowedMentions.none()
    if not receiver.startswith("-"):
        allowed = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(id=int(receiver))])
    return {"content": text[:2000], "view": view, "allowed_mentions": allowed}


def parse_offer_arg(arg: str | None) -> tuple[str, int]:
    proposer, _, expires = (arg or "").partition(".")
    return proposer, int(expires or 0)


def _open_offer(state: Any, proposer: str, receiver: str) -> Any | None:
    return next((o for o in state.trades if o.proposer == proposer and o.receiver == receiver), None)


class TradeFlow:
    """Mixed into the Monopoly cog, which provides `bot`, `drafts`, `refuse` and `edit_game_message`."""

    bot: MonopolyBot
    drafts: dict[tuple[int, str], Any]

    if TYPE_CHECKING:

        async def edit_game_message(self, outcome: Outcome) -> None: ...

    def new_draft(
        self, record: GameRecord, state: Any, me: str, to: str, offer: Any = None
    ) -> tuple[discord.Embed, discord.ui.View]:
        """A fresh trade draft (the reverse of `offer` for a counter) and its private builder."""
        kit = presenter(record.kind).trade
        draft = kit.new_draft(to, offer)
        self.drafts[(record.id, me)] = draft
        return kit.builder(record, state, me, draft)

    async def send_offer(self, click: Click) -> None:
        record, me = click.record, click.me
        draft = self.drafts.get((record.id, me))
        if draft is None:
            await click.refuse(click.text("trade.no_draft"))
            return
        outcome = await click.act(draft.action())
        del self.drafts[(record.id, me)]
        await click.edit(content=click.text("trade.sent"), embed=None, view=None)
        offer = _open_offer(outcome.state, me, draft.to)
        if offer is not None:
            body = presenter(record.kind).trade.offer_text(record.locale, offer)
            message = offer_message(outcome.record, me, draft.to, body)
            await self.bot.get_partial_messageable(record.channel_id).send(**message)
        await self.edit_game_message(outcome)

    async def answer_offer(self, click: Click) -> None:
        """Accept, Decline or Counter on a public offer."""
        record, me, verb = click.record, click.me, click.verb
        proposer, expires = parse_offer_arg(click.arg)
        if verb == "trade_counter":
            if not click.seated or me == proposer:
                await click.refuse(click.text("trade.not_for_you"))
                return
            state = click.state
            embed, view = self.new_draft(record, state, me, proposer, _open_offer(state, proposer, me))
            await click.private(embed=embed, view=view)
            return
        if not click.seated:
            await click.refuse(click.text("error.not_in_game"))
            return
        if time.time() > expires and verb == "trade_accept":
            if _open_offer(click.state, proposer, me) is not None:
                await click.act({"do": "reject_trade", "from": proposer})
            await click.refuse(click.text("trade.expired"))
            return
        accepting = verb == "trade_accept"
        if accepting:
            state = click.state
            offer = _open_offer(state, proposer, me)
            panel = presenter(record.kind).trade.accept_panel(record, state, offer, me) if offer is not None else None
            if panel is not None:
                text, view = panel
                await click.private(text, view=view)
                return
        outcome = await click.act({"do": "accept_trade" if accepting else "reject_trade", "from": proposer})
        key = "trade.accepted" if accepting else "trade.declined"
        await click.edit(content=click.text(key, player=names_of(record).get(me, "?")), view=None)
        await self.edit_game_message(outcome)

    async def post_computer_offers(self, outcome: Outcome) -> None:
        """A computer seat's trade proposal gets the same public offer message a person's would."""
        record = outcome.record
        for e in outcome.events:
            if e.kind != "trade_proposed" or not (e.player or "").startswith("-"):
                continue
            offer = _open_offer(outcome.state, e.player or "", e.data["to"])
            if offer is None or str(offer.receiver).startswith("-"):
                continue  # computers answer each other through the engine
            body = presenter(record.kind).trade.offer_text(record.locale, offer)
            message = offer_message(record, offer.proposer, offer.receiver, body)
            await self.bot.get_partial_messageable(record.channel_id).send(**message)
