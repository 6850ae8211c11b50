"""The words of the moves lately played, kept per game (this turn and the previous one), so the
game message tells the newest move in full — a roll, a card, a bus, rent and a dividend — with the
moves just before it, rather than only the last click's events."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class TurnLog:
    def __init__(self) -> None:
        self._lines: dict[int, list[str]] = {}  # game → lines since the start of the previous turn
        self._starts: dict[int, int] = {}  # game → index where the current turn's lines begin
        self._version: dict[int, int] = {}  # game → the last version whose events were added
        self._newest: dict[int, int] = {}  # game → index where the last added move's lines begin

    def add(self, game_id: int, version: int, events: list[Any], describe: Callable[[Any], str | None]) -> None:
        """Add a saved move's events (once per version)."""
        if not events or self._version.get(game_id, -1) >= version:
            return
        self._version[game_id] = version
        lines = self._lines.setdefault(game_id, [])
        self._newest[game_id] = len(lines)
        for event in events:
            if getattr(event, "kind", None) == "turn":  # a new turn: the previous one is kept, folded later
                previous = self._starts.get(game_id, 0)
                del lines[:previous]
                self._newest[game_id] = max(0, self._newest.get(game_id, 0) - previous)
                self._starts[game_id] = len(lines)
            text = describe(event)
            if text:
                lines.append(text)

    def recent(self, game_id: int, events: list[Any], describe: Callable[[Any], str | None], keep: int) -> list[str]:
        """The last move's lines in full (every amount it moved is told), then earlier lines of
        this turn and the previous one up to `keep` lines in all, oldest first."""
        lines = self._lines.get(game_id)
        if not lines:
            return [d for d in (describe(e) for e in events) if d]
        newest = min(self._newest.get(game_id, 0), len(lines))
        room = max(0, keep - (len(lines) - newest))
        return lines[max(0, newest - room) :]

    def forget(self, game_id: int) -> None:
        for table in (self._lines, self._starts, self._version, self._newest):
            table.pop(game_id, None)
