"""Embeds and views for the lobby and the game message. Shared by every game: the game's own
presenter supplies its lines, fields, items and words; this module never names a game."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.store import GameRecord
from cogs import settings_ui
from cogs.buttons import GameButton, GameSelect
from cogs.common import MAX_COMPONENTS, names_of, safe_name
from cogs.registry import presenter
from engine import games
from engine.core.game import LEVELS

MAX_EVENTS = 6
EMBED_BUDGET = 5800  # Discord refuses embeds over 6000 characters in all

__all__ = ["describe", "game_embed", "game_view", "lobby_embed", "lobby_view", "names_of", "safe_name"]


# --- lobby -------------------------------------------------------------------------------------


def lobby_embed(record: GameRecord) -> discord.Embed:
    loc = record.locale
    limit = games.RULES[record.kind].max_players
    names = names_of(record)
    embed = discord.Embed(title=t(loc, f"lobby.title.{record.kind}"), colour=presenter(record.kind).colour)
    embed.description = t(loc, "lobby.hint")
    embed.add_field(
        name=t(loc, "lobby.players", count=len(record.lobby.players), max=limit),
        value="\n".join(f"{i + 1}. {names[str(p.id)]}" for i, p in enumerate(record.lobby.players))
        or t(loc, "lobby.empty"),
        inline=False,
    )
    embed.add_field(name="\u200b", value=settings_ui.options_line(record)[:1024], inline=False)
    if record.deadline is not None and record.deadline_kind == "lobby":
        embed.add_field(name="\u200b", value=t(loc, "lobby.closes", when=f"<t:{int(record.deadline)}:R>"), inline=False)
    embed.set_footer(text=t(loc, "lobby.host", host=names.get(str(record.host_id), "?")))
    return embed


def lobby_view(record: GameRecord) -> discord.ui.View:
    loc, gid, ver = record.locale, record.id, record.version
    view = discord.ui.View(timeout=None)
    if record.status != "lobby":
        return view
    view.add_item(GameButton(gid, ver, "join", label=t(loc, "ui.join"), style=discord.ButtonStyle.success))
    view.add_item(GameButton(gid, ver, "leave", label=t(loc, "ui.leave")))
    view.add_item(GameButton(gid, ver, "add_cpu", label=t(loc, "ui.add_cpu")))  # a normal one at once
    view.add_item(GameButton(gid, ver, "options", label=t(loc, "lobby.options_button")))
    view.add_item(GameButton(gid, ver, "start", label=t(loc, "ui.start"), style=discord.ButtonStyle.primary))
    view.add_item(GameButton(gid, ver, "cancel", label=t(loc, "ui.cancel"), style=discord.ButtonStyle.danger))
    levels = [discord.SelectOption(label=t(loc, f"cpu.level.{level}"), value=level) for level in LEVELS]
    view.add_item(GameSelect(gid, ver, "add_cpu", options=levels, placeholder=t(loc, "lobby.add_cpu_level"), row=2))
    return view


def closed_lobby_embed(record: GameRecord) -> discord.Embed:
    why = "lobby.expired" if record.lobby.expired else "lobby.cancelled"
    return discord.Embed(title=t(record.locale, f"lobby.title.{record.kind}"), description=t(record.locale, why))


# --- the game message --------------------------------------------------------------------------


def game_embed(
    record: GameRecord,
    state: Any,
    events: list[Any] | None = None,
    extra_fields: list[tuple[str, str]] | None = None,
    lines_of_turn: list[str] | None = None,
    budget: int = EMBED_BUDGET,
) -> discord.Embed:
    """The game message. `lines_of_turn` (the whole turn in words) replaces the last move's events;
    `budget` is the characters it may take (less when another embed goes with it)."""
    loc = record.locale
    names = names_of(record)
    game = presenter(record.kind)
    embed = discord.Embed(title=t(loc, f"game.title.{record.kind}"), colour=game.colour)
    lines = _headline(record, state, names)
    lines += game.status_lines(record, state, names)
    if lines_of_turn is not None:
        described = list(lines_of_turn)
    else:
        described = [d for d in (game.describe(record, e, names) for e in events or []) if d][-MAX_EVENTS:]

    def text() -> str:
        bullets = [f"• {d}" for d in described]
        return "\n".join([*lines, *(["", *bullets] if bullets else [])])[:4000]

    embed.description = text()
    for field_name, value in game.player_fields(record, state, names):
        embed.add_field(name=field_name[:256], value=value[:1024] or "—", inline=True)
    for field_name, value in extra_fields or []:
        embed.add_field(name=field_name[:256], value=value[:1024] or "—", inline=False)
    embed.set_footer(text=t(loc, "game.version", game=record.id, version=record.version))
    while len(embed) > budget and len(described) > 1:  # the oldest event lines go first
        described.pop(0)
        embed.description = text()
    return embed


def _headline(record: GameRecord, state: Any, names: dict[str, str]) -> list[str]:
    """Who won or who stopped the game; else whose turn it is, what the game waits for and until when."""
    loc = record.locale
    if not games.is_over(state):
        turn = games.game(record.kind).turn_player(state)
        lines = [t(loc, "game.turn", player=names.get(turn, "?"))] if turn is not None else []
        waiting = games.waiting_for(record.kind, state)
        lines.append(t(loc, "game.waiting", what=t(loc, f"status.waiting.{waiting}")))
        if record.deadline is not None:
            lines.append(t(loc, "game.deadline", when=f"<t:{int(record.deadline)}:R>"))
        return lines
    winners = ", ".join(names.get(w, w) for w in games.winners(record.kind, state))
    stopper = record.lobby.stopped_by
    if stopper is not None:
        stopped = [t(loc, "game.stopped_by", player=names.get(str(stopper), "?"))]
        return stopped + ([t(loc, "game.winner", winners=winners)] if winners else [])
    if record.status == "finished":
        return [t(loc, "game.over", winners=winners or "—")]
    return [t(loc, "game.stopped")]


def game_view(record: GameRecord, state: Any) -> discord.ui.View:
    """The game's buttons and selects, from the legal actions; the engine decides, not the UI."""
    view = discord.ui.View(timeout=None)
    if record.status != "active" or games.is_over(state):
        return view
    for item in presenter(record.kind).items(record, state)[:MAX_COMPONENTS]:
        view.add_item(item)
    return view


def describe(record: GameRecord, event: Any) -> str | None:
    """A public event in the game's language, or None for events not shown (or secret ones)."""
    return presenter(record.kind).describe(record, event, names_of(record))
