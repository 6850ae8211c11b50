"""Mega trades by mention: the draft (deeds, cash, jail cards), its private builder and the words
of a public offer. Drafts live in the cog's memory until sent; a sent offer is in the state."""

from __future__ import annotations

from typing import Any

import discord
from pydantic import BaseModel, Field

from bot.i18n import listed, t
from bot.store import GameRecord
from cogs.buttons import GameButton, GameSelect
from cogs.common import MAX_OPTIONS, AmountModal, headed, names_of, parse_amount
from cogs.context import Click
from cogs.mega import words
from engine.mega.board import SPACES
from engine.mega.state import MegaState


class Draft(BaseModel):
    to: str
    answers: int | None = None  # the offer this one counters
    give_deeds: dict[int, list[str]] = Field(default_factory=dict)  # by select part
    get_deeds: dict[int, list[str]] = Field(default_factory=dict)
    give_cash: int = 0
    get_cash: int = 0
    give_cards: int = 0
    get_cards: int = 0

    def action(self) -> dict[str, Any]:
        return {
            "do": "propose_trade",
            "to": self.to,
            "give": {"cash": self.give_cash, "deeds": _flat(self.give_deeds), "jail_cards": self.give_cards},
            "get": {"cash": self.get_cash, "deeds": _flat(self.get_deeds), "jail_cards": self.get_cards},
            "answers": self.answers,
        }


def _flat(parts: dict[int, list[str]]) -> list[str]:
    return [d for part in sorted(parts) for d in parts[part]]


def _deeds_of(state: MegaState, player: str) -> tuple[list[str], list[str]]:
    """A player's deeds that can be traded now, and those that cannot (M-40: a street whose group
    has buildings is traded only once they are sold)."""
    deeds = sorted((d for d, o in state.owner.items() if o == player), key=lambda d: SPACES[d].index)
    built = {
        SPACES[d].group for d, o in state.owner.items() if o == player and state.buildings.get(d, 0) and SPACES[d].group
    }
    return [d for d in deeds if SPACES[d].group not in built], [d for d in deeds if SPACES[d].group in built]


def describe_side(locale: str, side: dict[str, Any], title: str) -> str:
    return headed(locale, title, words.side(locale, side))


class MegaTrade:
    draft_model = Draft

    def new_draft(self, to: str, offer: Any | None) -> Draft:
        draft = Draft(to=to, answers=offer.id if offer is not None else None)
        if offer is not None:
            draft.give_deeds, draft.get_deeds = {0: list(offer.get.deeds)}, {0: list(offer.give.deeds)}
            draft.give_cash, draft.get_cash = offer.get.cash, offer.give.cash
            draft.give_cards, draft.get_cards = offer.get.jail_cards, offer.give.jail_cards
        return draft

    def builder(
        self, record: GameRecord, state: MegaState, me: str, draft: Draft
    ) -> tuple[discord.Embed, discord.ui.View]:
        loc, gid, ver = record.locale, record.id, record.version
        names = names_of(record)
        embed = discord.Embed(title=t(loc, "trade.builder_title", player=names.get(draft.to, "?")))
        action = draft.action()
        embed.description = (
            describe_side(loc, action["give"], t(loc, "trade.you_give"))
            + "\n"
            + describe_side(loc, action["get"], t(loc, "trade.you_get"))
            + "\n"
            + t(loc, "mega.trade_help", player=names.get(draft.to, "?"))
        )
        view = discord.ui.View(timeout=None)
        rows = 0
        held_back: list[str] = []
        for verb, owner, chosen in (("trade_give", me, draft.give_deeds), ("trade_get", draft.to, draft.get_deeds)):
            deeds, blocked = _deeds_of(state, owner)
            held_back += blocked
            for part in range(0, len(deeds), MAX_OPTIONS):
                chunk = deeds[part : part + MAX_OPTIONS]
                selected = set(chosen.get(part // MAX_OPTIONS, []))
                options = [
                    discord.SelectOption(label=words.space(loc, d)[:100], value=d, default=d in selected) for d in chunk
                ]
                options.insert(0, discord.SelectOption(label=t(loc, "trade.none"), value="-"))
                view.add_item(
                    GameSelect(
                        gid,
                        ver,
                        verb,
                        str(part // MAX_OPTIONS),
                        options=options[:MAX_OPTIONS],
                        placeholder=t(loc, f"mega.select.{verb}"),
                        max_values=len(options[:MAX_OPTIONS]),
                        row=rows,
                    )
                )
                rows += 1
                if rows >= 4:
                    break
        if held_back:
            held = listed(loc, (words.space(loc, d) for d in held_back))
            embed.description = f"{embed.description or ''}\n" + t(loc, "trade.not_tradable", deeds=held)
        view.add_item(GameButton(gid, ver, "trade_cash", label=t(loc, "trade.cash_button"), row=4))
        view.add_item(
            GameButton(gid, ver, "trade_send", label=t(loc, "trade.send"), style=discord.ButtonStyle.primary, row=4)
        )
        return embed, view

    def offer_text(self, locale: str, proposer: str, give: Any, get: Any) -> str:
        return (
            describe_side(locale, give, t(locale, "trade.proposer_gives", player=proposer))
            + "\n"
            + describe_side(locale, get, t(locale, "trade.proposer_asks", player=proposer))
        )

    def accept_panel(
        self, record: GameRecord, state: MegaState, offer: Any, me: str
    ) -> tuple[str, discord.ui.View] | None:
        return None  # a Mega offer names everything: accepting needs no further choice


TRADE = MegaTrade()


async def _draft(click: Click) -> Draft | None:
    draft = await click.desk.trades.load_draft(click.record, click.me)
    if not isinstance(draft, Draft):
        await click.refuse(click.text("trade.no_draft"))
        return None
    return draft


async def choose_deeds(click: Click) -> None:
    draft = await _draft(click)
    if draft is None:
        return
    chosen = [v for v in click.values if v != "-"]
    (draft.give_deeds if click.verb == "trade_give" else draft.get_deeds)[int(click.arg or 0)] = chosen
    await click.desk.trades.keep_draft(click.record, click.me, draft)
    embed, view = TRADE.builder(click.record, click.state, click.me, draft)
    await click.edit(embed=embed, view=view)


async def open_cash(click: Click) -> None:
    draft = await _draft(click)
    if draft is None:
        await click.refuse(click.text("trade.no_draft"))
        return
    fields = [
        ("give_cash", click.text("trade.give_cash"), str(draft.give_cash)),
        ("get_cash", click.text("trade.get_cash"), str(draft.get_cash)),
        ("give_cards", click.text("trade.give_cards"), str(draft.give_cards)),
        ("get_cards", click.text("trade.get_cards"), str(draft.get_cards)),
    ]
    modal = AmountModal(
        click.text("trade.cash_title"), f"mm:{click.record.id}:{click.record.version}:trade_cash_modal", fields
    )
    await click.interaction.response.send_modal(modal)


async def cash_modal(click: Click) -> None:
    """The cash-and-cards modal of the builder: update the draft, and the builder in place."""
    draft = await _draft(click)
    if draft is None:
        return
    values = {}
    for key in ("give_cash", "get_cash", "give_cards", "get_cards"):
        amount = parse_amount(click.fields.get(key) or "0")
        if amount is None:
            await click.refuse(click.text("mega.bad_amount"))
            return
        values[key] = amount
    draft.give_cash, draft.get_cash = values["give_cash"], values["get_cash"]
    draft.give_cards, draft.get_cards = values["give_cards"], values["get_cards"]
    await click.desk.trades.keep_draft(click.record, click.me, draft)
    embed, view = TRADE.builder(click.record, click.state, click.me, draft)
    await click.edit(embed=embed, view=view)
