"""Trades in the channel, for every game: the private builder, the public offer and its answers,
and offers made by computer seats. What is traded is the game's (`presenter.trade`); how an offer
travels is shared. Every offer has an id in the engine; its buttons carry it, so a press acts on
exactly the offer it was drawn for, and an offer's message is closed (with why) when it ends.
A mixin of the Monopoly cog."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

import discord

from bot.channel_pace import ChannelPace
from bot.i18n import t
from bot.offers import Fate, answer_action, fates, open_offers, withdrawal
from bot.service import Outcome, ServiceError
from bot.store import GameRecord
from cogs.buttons import GameButton
from cogs.common import NO_PINGS, names_of
from cogs.context import Click, TradeKit, trade_kit
from cogs.discord_types import Interaction
from cogs.game_message import GameMessage
from cogs.registry import presenter
from engine.core.errors import IllegalAction
from engine.core.game import State

if TYPE_CHECKING:
    from bot.app import MonopolyBot

log = logging.getLogger(__name__)
ANSWERS = ("trade_accept", "trade_decline", "trade_counter")


def _offer(kind: str, state: State | None, offer_id: int) -> Any | None:
    return next((o for o in open_offers(kind, state) if o.id == offer_id), None)


def _sides(offer: Any) -> tuple[Any, Any]:
    data = offer.model_dump(mode="json")
    return data["give"], data["get"]


def offer_message(record: GameRecord, offer: Any) -> dict[str, Any]:
    """The public offer: mentions only the receiver; says what changes hands and until when."""
    loc = record.locale
    names = names_of(record)
    expires = int(record.lobby.offers.get(str(offer.id)) or time.time() + record.lobby.offer_lifetime_s)
    receiver = str(offer.receiver)
    mention = f"<@{receiver}>" if not receiver.startswith("-") else names.get(receiver, "?")
    text = t(loc, "trade.offer", receiver=mention, proposer=names.get(offer.proposer, "?"), when=f"<t:{expires}:R>")
    text += "\n" + _kit(record.kind).offer_text(loc, names.get(offer.proposer, "?"), *_sides(offer))
    view = discord.ui.View(timeout=None)
    for verb, key, style in (
        ("trade_accept", "trade.accept", discord.ButtonStyle.success),
        ("trade_decline", "trade.decline", discord.ButtonStyle.danger),
        ("trade_counter", "trade.counter", discord.ButtonStyle.secondary),
    ):
        view.add_item(GameButton(record.id, record.version, verb, str(offer.id), label=t(loc, key), style=style))
    allowed = discord.AllowedMentions.none()
    if not receiver.startswith("-"):
        allowed = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(id=int(receiver))])
    return {"content": text[:2000], "view": view, "allowed_mentions": allowed}


def _kit(kind: str) -> TradeKit:
    kit = trade_kit(presenter(kind))
    if kit is None:
        raise ServiceError("no_trades")
    return kit


def fate_words(record: GameRecord, fate: Fate | None) -> str:
    if fate is None:
        return t(record.locale, "trade.fate.closed")
    return t(record.locale, fate.key, player=names_of(record).get(fate.player or "", "?"))


class TradeFlow:
    """Offers by mention: drafts, the public offer messages and the answers to them. Handed the
    game messages, which it refreshes after a trade."""

    def __init__(self, bot: MonopolyBot, messages: GameMessage) -> None:
        self.bot = bot
        self.store = bot.service.store  # drafts and offers' messages are kept here
        self.messages = messages
        self._pace: ChannelPace = bot.pace
        self._closing: set[asyncio.Task[None]] = set()  # offer messages being closed

    def close(self) -> None:
        for task in list(self._closing):
            task.cancel()

    # --- drafts (kept in the store, so a builder survives a restart) ---------------------------

    async def load_draft(self, record: GameRecord, me: str) -> Any | None:
        raw = await self.store.games.get_draft(record.id, int(me))
        return None if raw is None else _kit(record.kind).draft_model.model_validate_json(raw)

    async def keep_draft(self, record: GameRecord, me: str, draft: Any) -> None:
        await self.store.games.put_draft(record.id, int(me), draft.model_dump_json())

    async def open_builder(self, interaction: Interaction, record: GameRecord, to: str, offer: Any = None) -> None:
        """A fresh trade draft (the reverse of `offer` for a counter-offer) and its private builder."""
        me = str(interaction.user.id)
        kit = _kit(record.kind)
        draft = kit.new_draft(to, offer)
        await self.keep_draft(record, me, draft)
        embed, view = kit.builder(record, self.bot.service.state_in_play(record), me, draft)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    # --- sending ----------------------------------------------------------------------------------

    async def send_offer(self, click: Click) -> None:
        """Send the draft. Several presses at once send it once: the draft is taken atomically."""
        record, me = click.record, click.me
        raw = await click.service.store.games.take_draft(record.id, int(me))
        if raw is None:
            await click.refuse(click.text("trade.no_draft"))
            return
        draft = _kit(record.kind).draft_model.model_validate_json(raw)
        try:
            outcome = await click.act(draft.action())
        except (IllegalAction, ServiceError):
            await click.service.store.games.put_draft(record.id, int(me), raw)  # still theirs to fix
            raise
        opened = open_offers(record.kind, outcome.state)
        offer = next((o for o in opened if o.proposer == me and o.receiver == draft.to), None)
        await click.edit(content=click.text("trade.sent"), embed=None, view=None)
        if offer is not None:
            await self.post_offer(outcome, offer, click.interaction.followup)
        await self.messages.edit_game_message(outcome)

    async def post_offer(self, outcome: Outcome, offer: Any, followup: discord.Webhook | None = None) -> None:
        """Post the public offer: through the interaction (no channel permission needed) or, for a
        computer's offer, in the channel. An offer nobody could see is withdrawn, as a logged action."""
        record = outcome.record
        message = offer_message(record, offer)
        try:
            if followup is not None:
                sent: Any = await followup.send(**message, wait=True)
            else:
                async with self._pace.turn(record.channel_id):  # the channel's message limit
                    sent = await self.bot.get_partial_messageable(record.channel_id).send(**message)
        except discord.HTTPException:
            log.warning("could not post offer %s of game %s", offer.id, record.id, exc_info=True)
            withdrawn = await self.bot.service.withdraw_unposted(record.id, offer.id)
            if followup is not None:
                await followup.send(t(record.locale, "trade.not_posted"), ephemeral=True)
            if withdrawn is not None:
                await self.messages.edit_game_message(withdrawn)
            return
        await self.store.games.set_offer_post(record.id, offer.id, sent.id)
        # Closed while it was being posted (taken back, a game that ended): its closing found no
        # message to close, so this one would show live buttons on a closed offer.
        now = await self.store.games.get(record.id)
        if now is not None and _offer(now.kind, self.bot.service.state_of(now), offer.id) is None:
            await self.close_offer_message(now, offer.id, await self.bot.service.offer_fate(now.id, offer.id))

    async def post_computer_offers(self, outcome: Outcome) -> None:
        """A computer seat's trade proposal gets the same public offer message a person's would."""
        for e in outcome.events:
            if e.kind != "trade_proposed" or not (e.player or "").startswith("-"):
                continue
            offer = _offer(outcome.record.kind, outcome.state, int(e.data.get("offer", 0)))
            if offer is None or str(offer.receiver).startswith("-"):
                continue  # computers answer each other through the engine
            await self.post_offer(outcome, offer)

    # --- answering --------------------------------------------------------------------------------

    async def refuse_closed_offer(self, click: Click, offer_id: int) -> None:
        fate = await click.service.offer_fate(click.record.id, offer_id)
        await click.refuse(click.text("trade.closed", why=fate_words(click.record, fate)))
        await self.close_offer_message(click.record, offer_id, fate)

    async def answer_offer(self, click: Click) -> None:
        """Accept, Decline or Counter on a public offer: on exactly the offer the button names."""
        record, me, verb = click.record, click.me, click.verb
        if not (click.arg or "").isdigit():  # a button from before offers had ids
            await click.refuse(click.text("trade.fate.closed"))
            return
        offer_id = int(click.arg or "")
        state = click.state
        offer = _offer(record.kind, state, offer_id)
        if offer is None:
            await self.refuse_closed_offer(click, offer_id)
            return
        if me == offer.proposer and verb == "trade_decline":  # the proposer takes it back
            withdraw = withdrawal(record.kind, offer, "withdrawn")
            await self._answered(click, await click.act(withdraw.model_dump(mode="json", by_alias=True)))
            return
        if me != offer.receiver:
            await click.refuse(click.text("trade.not_for_you"))
            return
        expires = record.lobby.offers.get(str(offer_id))
        if expires is not None and expires <= time.time():
            outcome = await click.service.expire_offers(record.id)
            await click.refuse(click.text("trade.expired"))
            if outcome is not None:
                await self.messages.edit_game_message(outcome)
            return
        if verb == "trade_counter":
            await self.open_builder(click.interaction, record, offer.proposer, offer)
            return
        if verb == "trade_accept":
            panel = _kit(record.kind).accept_panel(record, state, offer, me)
            if panel is not None:  # the receiver chooses first (B-23)
                text, view = panel
                await click.private(text, view=view)
                return
        answer = answer_action(record.kind, offer, accept=verb == "trade_accept")
        await self._answered(click, await click.act(answer.model_dump(mode="json", by_alias=True)))

    async def _answered(self, click: Click, outcome: Outcome) -> None:
        """The press closed the offer: its message says how, right in the answer."""
        fate = next(iter(fates(outcome.events)), None)
        if fate is not None:
            await click.edit(content=await self.closed_content(click.record, fate.offer, fate), view=None)
        else:
            await click.edit(view=None)
        await self.messages.edit_game_message(outcome)

    # --- closing offer messages ---------------------------------------------------------------------

    async def closed_content(self, record: GameRecord, offer_id: int, fate: Fate | None) -> str:
        names = names_of(record)
        proposed = await self._proposed(record, offer_id)
        if proposed is None:  # a log that lost it: the fate alone
            return t(record.locale, "trade.fate_only", why=fate_words(record, fate))[:2000]
        proposer, receiver, give, get = proposed
        who = names.get(proposer, "?")
        head = t(
            record.locale,
            "trade.offer_closed",
            proposer=who,
            receiver=names.get(receiver, "?"),
            why=fate_words(record, fate),
        )
        body = _kit(record.kind).offer_text(record.locale, who, give, get)
        return f"{head}\n{body}"[:2000]

    async def offers_closed(self, outcome: Outcome) -> None:
        """After every saved move: offers it closed lose their buttons and say why (in the
        background, so the click's own answer is not held up)."""
        closed = fates(outcome.events)
        if closed:
            task = asyncio.get_running_loop().create_task(self._close_all(outcome.record, closed))
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)

    async def _close_all(self, record: GameRecord, closed: list[Fate]) -> None:
        for fate in closed:
            await self.close_offer_message(record, fate.offer, fate)

    async def close_offer_message(self, record: GameRecord, offer_id: int, fate: Fate | None) -> None:
        message_id = await self.store.games.offer_post(record.id, offer_id)
        if message_id is None:
            return
        content = await self.closed_content(record, offer_id, fate)
        message = self.bot.get_partial_messageable(record.channel_id).get_partial_message(message_id)
        try:
            async with self._pace.turn(record.channel_id):  # the channel's message limit
                await message.edit(content=content, view=discord.ui.View(timeout=None), allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            log.info("could not close the message of offer %s in game %s", offer_id, record.id)

    async def _proposed(self, record: GameRecord, offer_id: int) -> tuple[str, str, Any, Any] | None:
        """Who offered what to whom, from the offer's `trade_proposed` in the log."""
        for entry in reversed(await self.store.games.log(record.id)):
            for e in entry.events:
                data = e.get("data") or {}
                if e.get("kind") == "trade_proposed" and data.get("offer") == offer_id and "give" in data:
                    return str(e.get("player")), str(data.get("to")), data["give"], data["get"]
        return None


__all__ = ["ANSWERS", "TradeFlow", "offer_message"]
