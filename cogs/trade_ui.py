"""Trades proposed by mentioning a player: a private builder, then a public offer that mentions
only the receiver. Drafts live in memory (nothing is agreed until an offer is sent); an offer is
in the engine's state, and its expiry time rides in its buttons' custom_id."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.i18n import t
from bot.store import GameRecord
from cogs.buttons import GameButton, GameSelect
from cogs.render import names_of
from engine.mega.board import SPACES

MAX_OPTIONS = 25


@dataclass
class Draft:
    to: str
    give_deeds: dict[int, list[str]] = field(default_factory=dict)  # by select part
    get_deeds: dict[int, list[str]] = field(default_factory=dict)
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
        }


def _flat(parts: dict[int, list[str]]) -> list[str]:
    return [d for part in sorted(parts) for d in parts[part]]


def _deeds_of(state: Any, player: str) -> list[str]:
    return sorted((d for d, o in state.owner.items() if o == player), key=lambda d: SPACES[d].index)


def builder(record: GameRecord, state: Any, proposer: str, draft: Draft) -> tuple[discord.Embed, discord.ui.View]:
    loc, gid, ver = record.locale, record.id, record.version
    names = names_of(record)
    embed = discord.Embed(title=t(loc, "trade.builder_title", player=names.get(draft.to, "?")))
    embed.description = (
        describe_side(loc, draft.action()["give"], t(loc, "trade.you_give"))
        + "\n"
        + describe_side(loc, draft.action()["get"], t(loc, "trade.you_get"))
    )
    view = discord.ui.View(timeout=None)
    rows = 0
    for verb, owner, chosen in (("tgive", proposer, draft.give_deeds), ("tget", draft.to, draft.get_deeds)):
        deeds = _deeds_of(state, owner)
        for part in range(0, len(deeds), MAX_OPTIONS):
            chunk = deeds[part : part + MAX_OPTIONS]
            selected = set(chosen.get(part // MAX_OPTIONS, []))
            options = [discord.SelectOption(label=SPACES[d].name, value=d, default=d in selected) for d in chunk]
            options.insert(0, discord.SelectOption(label=t(loc, "trade.none"), value="-"))
            placeholder = t(loc, f"trade.select.{verb}")
            view.add_item(
                GameSelect(
                    gid,
                    ver,
                    verb,
                    str(part // MAX_OPTIONS),
                    options=options[:MAX_OPTIONS],
                    placeholder=placeholder,
                    max_values=len(options[:MAX_OPTIONS]),
                    row=rows,
                )
            )
            rows += 1
            if rows >= 4:
                break
    view.add_item(GameButton(gid, ver, "tcash", label=t(loc, "trade.cash_button"), row=4))
    view.add_item(GameButton(gid, ver, "tsend", label=t(loc, "trade.send"), style=discord.ButtonStyle.primary, row=4))
    return embed, view


def describe_side(locale: str, side: dict[str, Any], title: str) -> str:
    parts = [SPACES[d].name for d in side.get("deeds", [])]
    if side.get("cash"):
        parts.append(f"${side['cash']:,}")
    if side.get("jail_cards"):
        parts.append(t(locale, "trade.cards", count=side["jail_cards"]))
    return f"**{title}:** " + (", ".join(parts) or t(locale, "trade.nothing"))


def mega_offer_text(locale: str, give: dict[str, Any], get: dict[str, Any]) -> str:
    return (
        describe_side(locale, give, t(locale, "trade.they_give"))
        + "\n"
        + describe_side(locale, get, t(locale, "trade.they_get"))
    )


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
    view.add_item(
        GameButton(
            record.id,
            record.version,
            "trade_accept",
            arg,
            label=t(loc, "trade.accept"),
            style=discord.ButtonStyle.success,
        )
    )
    view.add_item(
        GameButton(
            record.id,
            record.version,
            "trade_decline",
            arg,
            label=t(loc, "trade.decline"),
            style=discord.ButtonStyle.danger,
        )
    )
    view.add_item(GameButton(record.id, record.version, "trade_counter", arg, label=t(loc, "trade.counter")))
    allowed = discord.AllowedMentions.none()
    if not receiver.startswith("-"):
        allowed = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(id=int(receiver))])
    return {"content": text[:2000], "view": view, "allowed_mentions": allowed}


def parse_offer_arg(arg: str | None) -> tuple[str, int]:
    proposer, _, expires = (arg or "").partition(".")
    return proposer, int(expires or 0)
