"""Embeds and views for the lobby and the game message. Shared by every game: the game's own
presenter supplies its lines, fields, items and words; this module never names a game."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import listed, t
from bot.store import GameRecord, LogEntry
from cogs import layout, settings_ui
from cogs.buttons import GameButton, GameSelect
from cogs.common import MAX_COMPONENTS, computers_to_move, logged_events, names_of, safe_name
from cogs.discord_types import Item
from cogs.registry import presenter
from engine import games
from engine.core.game import LEVELS, State

__all__ = ["describe", "game_layout", "headline", "lobby_embed", "lobby_view", "names_of", "safe_name"]


# --- lobby -------------------------------------------------------------------------------------


def lobby_embed(record: GameRecord) -> discord.Embed:
    loc = record.locale
    limit = games.game(record.kind).max_players
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
    # Start is the main move once the table may start; until then it is Join (or Add computer).
    ready = len(record.lobby.players) >= games.game(record.kind).min_players
    start_style = discord.ButtonStyle.primary if ready else discord.ButtonStyle.secondary
    view.add_item(GameButton(gid, ver, "start", label=t(loc, "ui.start"), style=start_style))
    view.add_item(GameButton(gid, ver, "cancel", label=t(loc, "ui.cancel"), style=discord.ButtonStyle.danger))
    levels = [discord.SelectOption(label=t(loc, f"cpu.level.{level}"), value=level) for level in LEVELS]
    view.add_item(GameSelect(gid, ver, "add_cpu", options=levels, placeholder=t(loc, "lobby.add_cpu_level"), row=2))
    return view


def closed_lobby_embed(record: GameRecord) -> discord.Embed:
    why = "lobby.expired" if record.lobby.expired else "lobby.cancelled"
    return discord.Embed(title=t(record.locale, f"lobby.title.{record.kind}"), description=t(record.locale, why))


# --- the game message --------------------------------------------------------------------------


def game_layout(
    record: GameRecord,
    state: State,
    lines_of_turn: list[str],
    *,
    pictures: list[layout.Picture] | None = None,
    final: list[tuple[str, str]] | None = None,
    watch: str | None = None,
) -> discord.ui.LayoutView:
    """The game message: the decision, its buttons, the picture(s), a line per player, the last
    moves. A finished game shows its standings and story (`final`, heading and text) instead of
    the players' lines; it has no buttons."""
    loc = record.locale
    names = names_of(record)
    game = presenter(record.kind)
    log = list(lines_of_turn)
    if final is not None:
        sections = [(heading if heading != "\u200b" else "", text.splitlines()) for heading, text in final]
        stopper = record.lobby.stopped_by
        if stopper is not None:  # the last word: whatever was open (a window, an auction) is closed
            log.append(t(loc, "game.stopped_log", player=stopper_name(record, names)))
    else:
        sections = [("", player_lines(record, state, names))]
    return layout.layout_view(
        layout.Layout(
            top=headline(record, state, names),
            items=game_items(record, state),
            pictures=pictures or [],
            sections=sections,
            log=log,
            footer=f"{t(loc, f'game.title.{record.kind}')} · "
            + t(loc, "game.version", game=record.id, version=record.version),
            colour=game.colour,
            link=_watch_link(record, watch),
        )
    )


def _watch_link(record: GameRecord, watch: str | None) -> tuple[str, str] | None:
    """The Watch button: the live page, or a finished game's replay."""
    if watch is None:
        return None
    if record.status == "finished":
        return t(record.locale, "web.watch_replay"), f"{watch}/replay"
    return t(record.locale, "web.watch"), watch


def player_lines(record: GameRecord, state: State, names: dict[str, str]) -> list[str]:
    """One compact line per player: the heading of their field and its first line."""
    out = []
    for title, value in presenter(record.kind).player_fields(record, state, names):
        first = value.splitlines()[0] if value else ""
        out.append(f"{title} — {first}" if title.strip("\u200b") else first)
    return out


def headline(record: GameRecord, state: State, names: dict[str, str]) -> list[str]:
    """The decision in front of the table (the game's own words, else whose turn it is and what
    the game waits for) and until when; or who won, or who stopped the game."""
    loc = record.locale
    if not state.over:
        thinking = _computers_playing(record, state, names)
        if thinking is not None:
            return [thinking]
        lines = presenter(record.kind).status_lines(record, state, names)
        if not lines:
            turn = games.game(record.kind).turn_player(state)
            waiting = t(loc, f"status.waiting.{games.game(record.kind).waiting_for(state)}")
            lines = [t(loc, "game.turn", player=names.get(turn, "?")) if turn is not None else ""]
            lines.append(t(loc, "game.waiting", what=waiting))
        if record.deadline is not None:
            lines = [*lines, t(loc, "game.deadline", when=f"<t:{int(record.deadline)}:R>")]
        return lines
    winners = listed(loc, (names.get(w, w) for w in games.game(record.kind).winners(state)))
    stopper = record.lobby.stopped_by
    if stopper is not None:
        stopped = [t(loc, "game.stopped_by", player=stopper_name(record, names))]
        return stopped + ([t(loc, "game.winner", winners=winners)] if winners else [])
    if record.status == "finished":
        return [t(loc, "game.over", winners=winners or "—")]
    return [t(loc, "game.stopped")]


def _computers_playing(record: GameRecord, state: State, names: dict[str, str]) -> str | None:
    """While only computers are to move, the table is told so, with no button to press and no
    deadline: the game's own prompt ("CPU 1, press Roll") would speak to nobody at the table."""
    waited = computers_to_move(record, state)
    if not waited:
        return None
    what = t(record.locale, f"status.waiting.{games.game(record.kind).waiting_for(state)}")
    who = listed(record.locale, (names.get(p, "?") for p in waited))
    return t(record.locale, "game.computer_playing", player=who, what=what, count=len(waited))


def game_items(record: GameRecord, state: State) -> list[Item]:
    """The game's buttons and selects, from the legal actions; the engine decides, not the UI."""
    if record.status != "active" or state.over:
        return []
    return presenter(record.kind).items(record, state)[:MAX_COMPONENTS]


def stopper_name(record: GameRecord, names: dict[str, str]) -> str:
    """Who stopped the game: their seat's name, else the name they had (a moderator)."""
    stopper = record.lobby.stopped_by
    return names.get(str(stopper)) or record.lobby.stopped_by_name or "?"


def describe(record: GameRecord, event: Any) -> str | None:
    """A public event in the game's language, or None for events not shown (or secret ones)."""
    return presenter(record.kind).describe(record, event, names_of(record))


def history_text(record: GameRecord, entries: list[LogEntry], limit: int) -> str:
    """`/monopoly history`: the recent moves in words (public events only; a secret one, like a
    dealt card, is never shown), the last `limit` lines."""
    names = names_of(record)
    game = presenter(record.kind)
    lines = []
    for entry in entries:
        who = names.get(entry.actor or "", "⏱")
        verb = str(entry.action.get("do", "?"))
        if verb == "stop_game":
            who = stopper_name(record, names)
        if verb in ("start_game", "stop_game"):  # the bot's own actions, not a game's
            key = "game.started" if verb == "start_game" else "game.stopped_by"
            lines.append(t(record.locale, key, player=who))
            continue
        own = game.history_lines(record, entry, names)
        if own is not None:
            lines += own
            continue
        said = [d for d in (describe(record, e) for e in logged_events(record, entry)) if d]
        lines += said or [t(record.locale, "ev.action", player=who, action=verb.replace("_", " "))]
    return "\n".join(lines[-limit:]) or t(record.locale, "game.history_empty")
