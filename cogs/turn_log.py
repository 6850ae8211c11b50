"""The words of the moves lately played, kept per game (this turn and the previous one), so the
game message tells the newest move in full — a roll, a card, a bus, rent and a dividend — with the
moves just before it, rather than only the last click's events.

Moves are kept by version, not by arrival: a timer's outcome noted after the computer's next move
(both committed, the later one drawn first) still takes its place in the story."""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

TURN_EVENT = "turn"  # the event that starts a player's turn: the turn before it is kept, older ones go


@dataclass
class _Move:
    version: int
    lines: list[str]
    turn_starts: list[int]  # indexes in `lines` where a new turn begins


@dataclass
class _Story:
    moves: list[_Move] = field(default_factory=list)  # in version order
    floor: int = -1  # the newest version dropped as older than the previous turn


class TurnLog:
    def __init__(self) -> None:
        self._games: dict[int, _Story] = {}

    def add(self, game_id: int, version: int, events: list[Any], describe: Callable[[Any], str | None]) -> None:
        """Add a saved move's events (once per version, in whatever order versions arrive)."""
        story = self._games.setdefault(game_id, _Story())
        versions = [m.version for m in story.moves]
        if not events or version <= story.floor or version in versions:
            return
        move = _Move(version, [], [])
        for event in events:
            if getattr(event, "kind", None) == TURN_EVENT:
                move.turn_starts.append(len(move.lines))
            text = describe(event)
            if text:
                move.lines.append(text)
        story.moves.insert(bisect.bisect(versions, version), move)
        self._fold(story)

    @staticmethod
    def _fold(story: _Story) -> None:
        """Drop whole moves older than the start of the previous turn."""
        starts = [i for i, m in enumerate(story.moves) for _ in m.turn_starts]  # a move per turn it starts
        if len(starts) < 2 or starts[-2] == 0:
            return
        keep_from = starts[-2]
        story.floor = max(story.floor, story.moves[keep_from - 1].version)  # moves are in version order
        del story.moves[:keep_from]

    def _lines(self, story: _Story) -> tuple[list[str], int]:
        """The lines since the start of the previous turn, and where the newest move's lines begin."""
        lines: list[str] = []
        starts: list[int] = []
        newest = 0
        for move in story.moves:
            newest = len(lines)
            starts.extend(newest + s for s in move.turn_starts)
            lines.extend(move.lines)
        cut = starts[-2] if len(starts) >= 2 else 0
        return lines[cut:], max(0, newest - cut)

    def recent(self, game_id: int, events: list[Any], describe: Callable[[Any], str | None], keep: int) -> list[str]:
        """The last move's lines in full (every amount it moved is told), then earlier lines of
        this turn and the previous one up to `keep` lines in all, oldest first."""
        story = self._games.get(game_id)
        lines, newest = self._lines(story) if story is not None else ([], 0)
        if not lines:
            return [d for d in (describe(e) for e in events) if d]
        room = max(0, keep - (len(lines) - newest))
        return lines[max(0, newest - room) :]

    def forget(self, game_id: int) -> None:
        self._games.pop(game_id, None)

    def __contains__(self, game_id: object) -> bool:
        """Whether words of that game are kept (a finished game's are let go)."""
        return game_id in self._games
