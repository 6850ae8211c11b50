"""What the game message shows, drawn from a saved move: its layout (the headline, the players,
the turn's words, the buttons), its picture — uploaded only when it changed — and, for a finished
game, the standings and the story. `cogs.game_message` decides when and where it is sent."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.service import Outcome
from bot.store import GameRecord
from cogs import layout, records, render, settings_ui
from cogs.common import names_of
from cogs.context import Pictured
from cogs.registry import presenter
from cogs.turn_log import TurnLog
from engine.core.game import State

if TYPE_CHECKING:
    from bot.app import MonopolyBot


class GameDrawing:
    def __init__(self, bot: MonopolyBot) -> None:
        self.store = bot.service.store
        self.service = bot.service
        self.painter = bot.painter
        self._pictures: dict[int, tuple[str, str]] = {}  # game id → (key, alt text) of the picture it shows
        self.turns = TurnLog()  # the words of each game's current turn
        # The game's watch page, when the watch pages are on (cogs.monopoly hands it cogs.watching's).
        self.watch_link: Callable[[GameRecord], Awaitable[str | None]] | None = None

    def forget_picture(self, game_id: int) -> None:
        """The picture noted is not (or may not be) on the message: the next drawing uploads it."""
        self._pictures.pop(game_id, None)

    def note_words(self, outcome: Outcome) -> None:
        """A committed move's words, in version order (`cogs.game_message` calls it on each commit)."""
        record = outcome.record
        names = names_of(record)
        game = presenter(record.kind)
        self.turns.add(record.id, record.version, outcome.events, lambda e: game.describe(record, e, names))

    async def message_for(
        self, outcome: Outcome, *, new_message: bool = False, background: bool = False
    ) -> dict[str, Any]:
        """The message's layout and, for a running game, its picture. The picture is uploaded only
        when it differs from the one already on the message (Discord keeps attachments across
        edits). `background` pictures (deadlines, computer moves) queue behind players' clicks."""
        record = outcome.record
        if record.status == "lobby":
            return {"embed": render.lobby_embed(record), "view": render.lobby_view(record)}
        if record.status == "cancelled":
            self._pictures.pop(record.id, None)
            return {"embed": render.closed_lobby_embed(record), "view": discord.ui.View(timeout=None)}
        state = outcome.state if outcome.state is not None else self.service.state_in_play(record)
        game = presenter(record.kind)
        names = names_of(record)

        def describe(event: Any) -> str | None:
            return game.describe(record, event, names)

        lines = self.turns.recent(record.id, outcome.events, describe, layout.LOG_LINES)
        final: list[tuple[str, str]] | None = None
        story: tuple[Any, tuple[Any, ...]] | None = None
        result = await self.store.records.game_result(record.id) if record.status == "finished" else None
        if record.status == "finished":
            final = await self._final_fields(record, state)
            if result is not None:
                told, story = records.story_sections(record, result)
                final = [*final[:1], *told, *final[1:]]  # the standings first, then ratings and story
        uploads: list[discord.File] = []
        pictures: list[layout.Picture] = []
        redraw = story is not None or new_message
        if isinstance(game, Pictured):
            picture, described = await self._picture(game, record, state, redraw=redraw, background=background)
            pictures.append(layout.Picture(game.picture_file, described))
            if picture is not None:
                uploads.append(picture)
        if story is not None and result is not None:
            # The final standings come with the story of the game: its chart and turning points.
            chart = await self.painter.draw(records.STORY_FILE, story[0], *story[1], background=background)
            told_chart = records.story_description(record, result)
            uploads.append(discord.File(io.BytesIO(chart.data), filename=chart.filename, description=told_chart))
            pictures.append(layout.Picture(records.STORY_FILE, told_chart))
        link = await self.watch_link(record) if self.watch_link is not None else None
        view = render.game_layout(record, state, lines, pictures=pictures, final=final, watch=link)
        # A lobby's message (an embed) becomes the game's layout message: its embed goes.
        out: dict[str, Any] = {"view": view, "embed": None, "content": None}
        if uploads:
            out["files" if new_message else "attachments"] = uploads
        if record.status == "finished":  # nothing more to keep for it: the turn's words, its picture key
            self.turns.forget(record.id)
            self._pictures.pop(record.id, None)
        return out

    async def _final_fields(self, record: GameRecord, state: State) -> list[tuple[str, str]]:
        """A finished game's standings and records, and which house rules were played."""
        history = await self.store.games.log(record.id)
        extra = presenter(record.kind).final_fields(record, state, history, names_of(record))
        if record.lobby.options:
            extra.append(("\u200b", settings_ui.options_line(record)))
        return extra

    async def _picture(
        self, game: Pictured, record: GameRecord, state: State, *, redraw: bool, background: bool
    ) -> tuple[discord.File | None, str]:
        """The game's picture and its alt text; no file when the message already shows it."""
        key = game.picture_key(record, state)
        known = self._pictures.get(record.id)
        if not redraw and known is not None and known[0] == key:
            return None, known[1]
        function, args = game.picture_job(record, state)
        picture = await self.painter.draw(game.picture_file, function, *args, background=background)
        described = game.picture_description(record, state)
        self._pictures[record.id] = (key, described)
        return discord.File(io.BytesIO(picture.data), filename=picture.filename, description=described), described
