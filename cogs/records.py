"""What a server remembers, on Discord: the story of a finished game under its final standings
(a chart and turning points, rating changes), `/monopoly leaderboard`, `/monopoly stats` and
`/monopoly replay`. Thin: the results come from `bot.records` through the store."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
from collections import Counter
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import listed, money, t
from bot.pictures.story import render_story
from bot.records import tell_to_the_end
from bot.store import GameRecord, GameResult, LogEntry, PlayerResult
from cogs.common import names_of, raw_names, safe_name
from cogs.context import Storyteller
from cogs.discord_types import Interaction
from cogs.registry import presenter
from cogs.web import pages
from cogs.web import views as web_views
from engine.core.story import Story
from engine.replay import make_replay

if TYPE_CHECKING:
    from bot.app import MonopolyBot

STORY_FILE = "story.png"
STORY_BUDGET = 500  # characters of turning points in the final message
LEADERBOARD_SIZE = 10


def _rating(value: float) -> str:
    """A rating with the same real minus sign as its change: "0.8 → −0.3 (−1.1)", not "-0.3"."""
    return f"{value:.1f}".replace("-", "\u2212")


def story_description(record: GameRecord, result: GameResult) -> str:
    """The story chart in words (alt text): each player's measure at the end, and who took the lead when."""
    loc = record.locale
    names = raw_names(record)
    story = Story.model_validate_json(result.story_json)

    def amount(value: int) -> str:
        return money(loc, value) if story.money else str(value)

    ends = listed(loc, (f"{names.get(p, '?')} {amount(v[-1])}" for p, v in story.series.items() if v))
    changes, leader = [], None
    for i, turn in enumerate(story.turns):
        values = {p: v[i] for p, v in story.series.items() if len(v) > i}
        top = max(values.values(), default=None)
        leaders = [p for p, v in values.items() if v == top]
        if len(leaders) == 1 and leaders[0] != leader:
            leader = leaders[0]
            changes.append(t(loc, "alt.story.lead_at", turn=turn, player=names.get(leader, "?")))
    text = t(loc, "alt.story", measure=t(loc, f"story.measure.{story.measure}"), ends=ends or "—")
    if len(changes) > 1:
        text += t(loc, "alt.story.lead", changes=listed(loc, changes[1:]))
    return text[:1024]


def charted(result: GameResult) -> bool:
    """Whether the game's story has a chart (one that tells no story of its own has places only)."""
    return bool(Story.model_validate_json(result.story_json).series)


def story_sections(
    record: GameRecord, result: GameResult
) -> tuple[list[tuple[str, str]], tuple[Any, tuple[Any, ...]] | None]:
    """The story in words (rating changes first, then the turning points), as (heading, text),
    and the job that draws its chart (in the picture workers; None for a story without one)."""
    loc = record.locale
    names = names_of(record)
    game = presenter(record.kind)
    story = Story.model_validate_json(result.story_json)
    sections: list[tuple[str, str]] = []
    if result.ratings:
        rows = [
            t(
                loc,
                "story.rating",
                player=names.get(user, "?"),
                before=_rating(before),
                after=_rating(after),
                change=_signed(after - before),
            )
            for user, (before, after) in result.ratings.items()
        ]
        sections.append((t(loc, "story.ratings"), "\n".join(rows)))
    else:
        sections.append((t(loc, "story.ratings"), t(loc, "story.unrated")))
    told = game if isinstance(game, Storyteller) else None
    moments = [
        t(loc, "story.at_turn", turn=m.turn, text=told.moment_text(loc, m, names)) for m in story.moments if told
    ]
    while moments and len("\n".join(moments)) > STORY_BUDGET:
        moments.pop(0)
    if moments:  # a game stopped at once has none
        sections.append((t(loc, "story.moments"), "\n".join(moments)))
    if record.lobby.taken_over:
        away = listed(loc, (names.get(p, "?") for p in record.lobby.taken_over))
        sections.append(("", t(loc, "story.takeover", players=away)))
    seats = {str(p.id): i for i, p in enumerate(record.lobby.players)}
    if not story.series:  # a game that tells no story of its own: its places only, no chart
        return sections, None
    plain = raw_names(record)
    lines = [(seats.get(p, 0), plain.get(p), values) for p, values in story.series.items()]
    title = t(loc, f"story.measure.{story.measure}")
    english = (t("en", f"story.measure.{story.measure}"), t("en", "story.axis"))
    return sections, (render_story, (title, story.turns, lines, story.money, t(loc, "story.axis"), loc, english))


def _signed(change: float) -> str:
    """A rating change with a real minus sign: "+1.2", "−3.3"."""
    return f"{change:+.1f}".replace("-", "\u2212")


async def replay(bot: MonopolyBot, interaction: Interaction, loc: str, game_id: int | None) -> None:
    """A finished game's public record as a file (`python -m engine.replay` verifies it)."""
    store = bot.service.store
    if game_id is not None:
        record = await store.games.get(game_id) if 0 < game_id < 2**63 else None
        if record is not None and record.guild_id != interaction.guild_id:
            record = None
    else:
        record = await store.games.last_finished_in_channel(interaction.channel_id or 0)
    if record is None or record.status != "finished":
        await interaction.response.send_message(t(loc, "error.no_finished_game"), ephemeral=True)
        return
    entries = await store.games.log(record.id)
    moves = [(e.actor, e.action, e.events) for e in entries]
    with contextlib.suppress(Exception):  # a log that reaches no end still goes out, to be looked at
        moves = (await asyncio.to_thread(tell_to_the_end, record, moves))[1]
    players = [str(p.id) for p in record.lobby.players]
    final = bot.service.state_of(record)
    data = make_replay(record.kind, players, record.lobby.seed, record.lobby.options, moves, final)
    data["names"] = {str(p.id): p.name for p in record.lobby.players}
    upload = discord.File(
        io.BytesIO(json.dumps(data, ensure_ascii=False).encode()),
        f"replay-{record.id}.json",
        description=t(loc, "alt.replay", game=record.id),
    )
    page = await asyncio.to_thread(replay_file, record, entries)
    viewer = discord.File(
        io.BytesIO(page), f"replay-{record.id}.html", description=t(loc, "alt.replay_page", game=record.id)
    )
    await interaction.response.send_message(t(loc, "game.replay", game=record.id), files=[upload, viewer])


def replay_file(record: GameRecord, entries: list[LogEntry]) -> bytes:
    """The replay page as one file to open in a browser (public information only)."""
    data = web_views.replay_data(record, entries)
    return pages.offline_replay(web_views.title_of(record), record.locale, data).encode()


async def leaderboard(bot: MonopolyBot, interaction: Interaction, loc: str, kind: str) -> None:
    game = t(loc, f"cmd.choice.{kind}")
    rows = await bot.service.store.records.leaderboard(interaction.guild_id or 0, kind, LEADERBOARD_SIZE)
    embed = discord.Embed(title=t(loc, "leaderboard.title", game=game), colour=presenter(kind).colour)
    if not rows:
        embed.description = t(loc, "leaderboard.empty", game=game)
    else:
        shown = [_rating(r.shown) for r in rows]
        embed.description = "\n".join(
            t(
                loc,
                "leaderboard.row",
                rank=shown.index(shown[i]) + 1,  # equal ratings share a rank
                player=f"<@{r.user_id}>",
                rating=shown[i],
                games=r.games,
                wins=r.wins,
            )
            for i, r in enumerate(rows)
        )
        embed.set_footer(text=t(loc, "leaderboard.about"))
    await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def stats(bot: MonopolyBot, interaction: Interaction, loc: str, member: discord.abc.User) -> None:
    """A player's results on this server, game by game (public results only: places, money,
    cells everybody saw — never a bingo card's hidden numbers)."""
    store = bot.service.store
    guild_id = interaction.guild_id or 0
    results = await store.records.player_results(guild_id, member.id)
    who = safe_name(member.display_name)
    embed = discord.Embed(title=t(loc, "stats.title", player=who), colour=discord.Colour.blurple())
    if not results:
        embed.description = t(loc, "stats.none", player=who)
    by_kind: dict[str, list[PlayerResult]] = {}
    for r in results:
        by_kind.setdefault(r.kind, []).append(r)
    for kind, rows in by_kind.items():
        game = presenter(kind)
        counts: Counter[str] = Counter()
        items: dict[str, Counter[str]] = {}
        for r in rows:
            counts.update(r.counts)
            for key, per in r.by_item.items():
                items.setdefault(key, Counter()).update(per)
        wins = sum(r.won for r in rows)
        place = f"{sum(r.place for r in rows) / len(rows):.1f}"
        lines = [t(loc, "stats.summary", games=len(rows), wins=wins, place=place)]
        rating = await store.records.rating(guild_id, kind, member.id)
        if rating is None:
            lines.append(t(loc, "stats.unrated"))
        else:
            board = await store.records.leaderboard(guild_id, kind, 10_000)
            mine = _rating(rating.shown)
            rank = 1 + sum(_rating(b.shown) != mine and b.shown > rating.shown for b in board)  # ties share a rank
            lines.append(t(loc, "stats.rating", rating=_rating(rating.shown), rank=rank, of=len(board)))
        if isinstance(game, Storyteller):
            lines += game.stats_lines(loc, counts, items)
        if counts.get("taken_over"):
            lines.append(t(loc, "stats.takeovers", count=counts["taken_over"]))
        embed.add_field(name=t(loc, f"cmd.choice.{kind}"), value="\n".join(lines)[:1024], inline=False)
    await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())
