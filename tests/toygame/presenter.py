"""The dice race's Discord side: its words (English and Japanese), the message lines, one button
per legal action, and the event table. No trades, no picture, no story: it implements none of
those optional parts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bot.i18n import CATALOG, t
from bot.store import GameRecord, LogEntry
from cogs.buttons import action_buttons
from cogs.common import simple_action
from cogs.context import Handler
from tests.toygame.engine import RaceState
from tests.toygame.events import RaceEvent

VERBS = ("race_roll", "race_push", "race_stop")
LOCALES = Path(__file__).with_name("locales")  # its own Fluent files: <locale>/race.ftl


def _describe(record: GameRecord, e: RaceEvent, names: dict[str, str]) -> str | None:
    if e.visible_to is not None or not CATALOG.has("en", f"ev.{e.kind}"):
        return None
    return t(record.locale, f"ev.{e.kind}", player=names.get(e.player or "", "?"), **e.data)


class RacePresenter:
    kind = "race"
    display_name = "Dice race"
    colour = discord.Colour.from_rgb(30, 150, 90)
    catalogs = LOCALES
    loose: frozenset[str] = frozenset()

    def __init__(self) -> None:
        self.actions = {verb: simple_action(verb) for verb in VERBS}
        self.buttons: dict[str, Handler] = {}  # every button is an engine action (`actions`)
        self.selects: dict[str, Handler] = {}
        self.modals: dict[str, Handler] = {}

    def status_lines(self, record: GameRecord, state: RaceState, names: dict[str, str]) -> list[str]:
        if state.over or state.stage != "push":
            return []
        return [t(record.locale, "race.window", player=names.get(state.runners[state.turn].name, "?"))]

    def player_fields(self, record: GameRecord, state: RaceState, names: dict[str, str]) -> list[tuple[str, str]]:
        lines = [
            t(record.locale, "race.at", player=names.get(r.name, "?"), at=r.at, goal=state.rules.goal)
            for r in state.runners
        ]
        return [("\u200b", "\n".join(lines))]

    def items(self, record: GameRecord, state: RaceState) -> list[discord.ui.Item[Any]]:
        return action_buttons(record, state, VERBS, {}, frozenset({"race_roll", "race_stop"}))

    def describe(self, record: GameRecord, event: RaceEvent, names: dict[str, str]) -> str | None:
        return _describe(record, event, names)

    def history_lines(self, record: GameRecord, entry: LogEntry, names: dict[str, str]) -> list[str] | None:
        return None

    def final_fields(
        self, record: GameRecord, state: RaceState, log: list[LogEntry], names: dict[str, str]
    ) -> list[tuple[str, str]]:
        return self.player_fields(record, state, names)


PRESENTER = RacePresenter()
