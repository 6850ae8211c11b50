"""What a watch page shows of a game: the live view (what the table waits for, the players, the
last moves and the board, the same words as the game message) and, for the replay, every step of
the game from its log. Public information only: the board comes from the game's `watch_board`
(bingo: the public view), the words from the presenters that write the public message."""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field
from typing import Any

from bot.i18n import t
from bot.store import GameRecord, LogEntry
from cogs import render
from cogs.common import names_of, plain_names
from cogs.context import Watchable, WatchBoard
from cogs.registry import presenter
from cogs.web.text import lines_html
from engine import games
from engine.core.game import State
from engine.core.story import replay_steps

MOVES = 12  # the last moves a live page lists
logger = logging.getLogger(__name__)


@dataclass
class View:
    """One moment of a game as the page shows it; the words are HTML, escaped."""

    version: int
    title: str
    lang: str
    headline: list[str]
    players: list[str]
    moves: list[str]
    view_box: str
    dynamic: str
    description: str
    over: bool
    static_key: str = ""  # which static layer the page needs (drawn once per language)

    def public(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Step:
    """One move of a replay: the board after it and its words."""

    number: int
    dynamic: str
    description: str
    moves: list[str] = field(default_factory=list)


def board_of(record: GameRecord, state: State) -> WatchBoard | None:
    game = presenter(record.kind)
    return game.watch_board(record, state) if isinstance(game, Watchable) else None


def title_of(record: GameRecord) -> str:
    return f"{t(record.locale, f'game.title.{record.kind}')} · " + t(
        record.locale, "game.version", game=record.id, version=record.version
    )


def live_view(record: GameRecord, state: State, history: list[LogEntry]) -> tuple[View, str]:
    """The page's view of the game now, and the static layer of its board."""
    names = names_of(record)
    mentions = plain_names(record)
    board = board_of(record, state)
    recent = render.history_text(record, history, MOVES).splitlines()
    view = View(
        version=record.version,
        title=title_of(record),
        lang=record.locale,
        headline=lines_html(render.headline(record, state, names), mentions),
        players=lines_html(render.player_lines(record, state, names), mentions),
        moves=lines_html(recent, mentions),
        view_box=board.view_box if board else "0 0 0 0",
        dynamic=board.dynamic if board else "",
        description=board.description if board else "",
        over=record.status != "active" or state.over,
        static_key=f"{record.kind}.{record.locale}",
    )
    return view, board.static if board else ""


def replay_data(record: GameRecord, log: list[LogEntry]) -> dict[str, Any]:
    """The replay as the page reads it (served, or inside a replay file)."""
    view_box, static, steps = replay(record, log)
    return {"view_box": view_box, "static": static, "steps": [asdict(step) for step in steps]}


def replay(record: GameRecord, log: list[LogEntry]) -> tuple[str, str, list[Step]]:
    """Every step of a game from its seed and log (the view box, the static layer, the steps): the
    board after each move and the move in words. Secret events (a bingo deal) are never told."""
    game = games.game(record.kind)
    seats = [str(p.id) for p in record.lobby.players]
    moves = [(e.actor, e.action, e.events) for e in log]
    names = names_of(record)
    mentions = plain_names(record)
    told = presenter(record.kind)
    steps: list[Step] = []
    view_box, static = "0 0 0 0", ""
    played = replay_steps(game, seats, record.lobby.seed, record.lobby.options, moves)
    try:
        for number, (state, events) in enumerate(played):
            board = board_of(record, state)
            if board is None:
                break
            view_box, static = board.view_box, board.static
            words = [w for w in (told.describe(record, e, names) for e in events) if w]
            steps.append(Step(number, board.dynamic, board.description, lines_html(words, mentions)))
    except Exception:  # a log its rules refuse (a damaged store): the steps up to there
        logger.warning("game %s: its log replays only to step %d", record.id, len(steps), exc_info=True)
    return view_box, static, steps
