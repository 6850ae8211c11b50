"""The words of the turn being played, kept per game, so the game message tells the whole turn
(a roll, a card, a bus, rent and a dividend) rather than only the last click's events. Older turns
fold into one line; the current turn is never cut."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

BUDGET = 3000  # characters of event lines in the description (Discord allows 4096 in all)


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

    def shown(self, game_id: int, events: list[Any], describe: Callable[[Any], str | None]) -> list[str]:
        """The lines to show: the current turn in full, the previous one as room allows."""
        lines = self._lines.get(game_id)
        if not lines:
            return [d for d in (describe(e) for e in events) if d]
        start = self._starts.get(game_id, 0)
        current, earlier = lines[start:], lines[:start]
        used = sum(len(x) + 3 for x in current)
        while used > BUDGET and len(current) > 1:  # only a very long turn loses its first lines
            used -= len(current[0]) + 3
            earlier = [*earlier, current.pop(0)]
            start += 1
        kept: list[str] = []
        for line in reversed(earlier):
            if used + len(line) + 3 > BUDGET:
                break
            kept.insert(0, line)
            used += len(line) + 3
        folded = len(earlier) - len(kept)
        return ([f"… +{folded}"] if folded else []) + kept + current

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
