"""The dice race's Discord side: its words (English and Japanese), the message lines, one button
per legal action, and the event table. No trades, no picture, no story: it implements none of
those optional parts."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.store import GameRecord, LogEntry
from cogs.buttons import action_buttons
from cogs.common import simple_action
from cogs.context import Handler
from engine.core.events import Event
from tests.toygame.engine import RaceState

VERBS = ("race_roll", "race_push", "race_stop")
TEXTS: dict[str, tuple[str, str]] = {
    "cmd.choice.race": ("Dice race", "ダイスレース"),
    "lobby.title.race": ("Dice race — lobby", "ダイスレース — ロビー"),
    "game.title.race": ("Dice race", "ダイスレース"),
    "game.rules_title.race": ("Dice race: the rules", "ダイスレースのルール"),
    "game.rules.race": (
        "Roll one die and move. Then push your luck (roll again; a 1 sends you back to where the turn began) "
        "or stop. First to the goal wins.",
        "サイコロを1つ振って進みます。続けて振る（1が出たらこのターンの最初の位置に戻る）か止めるかを選びます。"
        "先にゴールした人の勝ちです。",
    ),
    "status.waiting.race_roll": ("a roll", "サイコロ"),
    "status.waiting.race_push": ("push or stop", "続けるか止めるか"),
    "action.race_roll": ("Roll", "振る"),
    "action.race_push": ("Push on", "続ける"),
    "action.race_stop": ("Stop", "止める"),
    "race.at": ("{player}: {at} of {goal}", "{player}: {at}/{goal}"),
    "race.window": (
        "If {player} does nothing, the turn stops by itself.",
        "{player}さんが何もしなければ自動で止まります。",
    ),
    "ev.race_started": ("The race is on.", "レース開始！"),
    "ev.race_rolled": ("{player} rolled {value}.", "{player}さんは{value}を出しました。"),
    "ev.race_fell_back": ("{player} rolled a 1 and falls back to {to}.", "{player}さんは1を出し、{to}に戻りました。"),
    "ev.race_stopped": ("{player} stops at {at}.", "{player}さんは{at}で止まりました。"),
    "ev.race_left": ("{player} left the race.", "{player}さんはレースを離れました。"),
    "ev.race_won": ("{player} wins the race!", "{player}さんの勝ち！"),
}


def _describe(record: GameRecord, e: Event, names: dict[str, str]) -> str | None:
    if e.visible_to is not None or f"ev.{e.kind}" not in TEXTS:
        return None
    return t(record.locale, f"ev.{e.kind}", player=names.get(e.player or "", "?"), **e.data)


class RacePresenter:
    kind = "race"
    display_name = "Dice race"
    colour = discord.Colour.from_rgb(30, 150, 90)
    texts = TEXTS
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

    def describe(self, record: GameRecord, event: Event, names: dict[str, str]) -> str | None:
        return _describe(record, event, names)

    def history_lines(self, record: GameRecord, entry: LogEntry, names: dict[str, str]) -> list[str] | None:
        return None

    def final_fields(
        self, record: GameRecord, state: RaceState, log: list[LogEntry], names: dict[str, str]
    ) -> list[tuple[str, str]]:
        return self.player_fields(record, state, names)


PRESENTER = RacePresenter()
