"""Small helpers every part of the Discord side shares: names as players see them, the one
modal, and Discord's limits."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

import discord
from discord.utils import escape_markdown, escape_mentions
from pydantic import ValidationError

from bot.i18n import locale_for, t
from bot.store import GameRecord, LobbyPlayer, LogEntry
from cogs.discord_types import Interaction
from engine import games
from engine.core.jsondata import JsonObject

log = logging.getLogger(__name__)

MAX_OPTIONS = 25  # Discord: options in one select
MAX_COMPONENTS = 25  # Discord: 5 rows of 5 buttons
# An interaction's token lets the bot edit its answer and send follow-ups for 15 minutes: a margin kept.
INTERACTION_TOKEN_S = 14 * 60.0
# REST edits do not carry the client's default allowed_mentions, so every edit states it.
NO_PINGS = discord.AllowedMentions.none()


async def refuse(interaction: Interaction, text: str) -> None:
    """A private answer that changes nothing (a follow-up when the interaction is answered already)."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def locale_of(interaction: Interaction, record: GameRecord | None = None) -> str:
    """A game answers in its own language; anything else in the server's (else the member's)."""
    if record is not None:
        return record.locale
    return locale_for(str(interaction.guild_locale or interaction.locale))


def safe_name(name: str) -> str:
    return escape_markdown(escape_mentions(name))[:64]


def names_of(record: GameRecord) -> dict[str, str]:
    """Seat → name, escaped for message text (markdown and mentions); a computer seat's name says
    its level ("CPU 1 (hard)")."""
    return {str(p.id): seat_name(record.locale, p) for p in record.lobby.players}


def seat_name(locale: str, player: LobbyPlayer, shown: Callable[[str], str] = safe_name) -> str:
    """A seat as people read it: the pseudonym of someone forgotten, a computer with its level, else
    the name as `shown` (escaped for messages, by default)."""
    if player.forgotten:
        return t(locale, "forget.former")
    name = shown(player.name)
    if not player.computer:
        return name
    return t(locale, "cpu.seat", name=name, level=t(locale, f"cpu.level.{player.level}"))


def headed(locale: str, title: str, what: str) -> str:
    """A line under a bold heading, "**You give**: $200", with the language's own colon (：)."""
    return f"**{title}**{t(locale, 'ui.colon')}{what}"


def computer_seats(record: GameRecord) -> frozenset[str]:
    """The seats no person at the table plays: computer players, and the seats of people who asked
    to be forgotten (they resigned first, bot.forget; their pseudonym is nobody to notify)."""
    return frozenset(str(p.id) for p in record.lobby.players if p.computer or p.forgotten)


def computers_to_move(record: GameRecord, state: Any) -> list[str]:
    """The computer seats the game waits on when it waits on them alone (else none): then nothing
    on the game message is anyone's to press but what is always theirs (their deeds, their card)."""
    waited = games.game(record.kind).to_act(state)
    return waited if waited and set(waited) <= computer_seats(record) else []


def plain_names(record: GameRecord) -> dict[str, str]:
    """Seat → name where no markdown is read (the watch page), unescaped; otherwise as `names_of`."""
    return {str(p.id): seat_name(record.locale, p, lambda name: name[:64]) for p in record.lobby.players}


def raw_names(record: GameRecord) -> dict[str, str]:
    """Seat → name as typed, for places that show no markdown (select options, pictures)."""
    return {str(p.id): p.name[:64] for p in record.lobby.players}


def simple_action(verb: str) -> Callable[[str | None], JsonObject]:
    """A button's engine action that needs nothing but its verb."""
    return lambda arg: {"do": verb}


def parse_amount(raw: str) -> int | None:
    """A whole amount typed by a player ("1,500", "$70", " 20 "), or None. Only ASCII digits count:
    "²" or "٣" pass `str.isdigit` but are no amount."""
    text = raw.strip().replace("$", "").replace(",", "").replace("＄", "").replace("，", "")
    if not text or len(text) > 9 or not all("0" <= ch <= "9" for ch in text):
        return None
    return int(text)


class AmountModal(discord.ui.Modal):
    """A modal whose submission the cog handles from the raw interaction (so it works after a restart)."""

    def __init__(self, title: str, custom_id: str, fields: list[tuple[str, str, str]]) -> None:
        super().__init__(title=title[:45], custom_id=custom_id, timeout=None)
        for key, label, default in fields:
            self.add_item(
                discord.ui.TextInput(
                    label=label[:45], custom_id=key, default=default or None, required=False, max_length=9
                )
            )

    async def on_submit(self, interaction: Interaction) -> None:  # answered by the cog's listener
        return None


def most(per: Mapping[str, int]) -> tuple[str, int] | None:
    """The item counted most (ties: the later name), or None for no items: favourite deeds, columns."""
    return max(per.items(), key=lambda kv: (kv[1], kv[0])) if per else None


def logged_events(record: GameRecord, entry: LogEntry) -> list[Any]:
    """A logged move's events as the game's typed events. An entry the game cannot read (a kind or
    key it no longer knows) has no words: the history then names the move instead of failing."""
    try:
        return games.game(record.kind).parse_events(entry.events)
    except ValidationError as exc:
        log.warning("game %s move %s: events the game does not read (%s)", record.id, entry.seq, exc)
        return []
